# MiniMaxOpening.py
# Plays White's move in the opening using MINIMAX with the handout's static estimation.
# usage: python3 MiniMaxOpening.py <input file> <output file> <depth>
import sys
import variant as v

if __name__ == '__main__':
    v.run(sys.argv, v.minimax, v.generate_moves_opening, v.black_moves_opening,
          v.static_opening)
