# MiniMaxGame.py
# Plays White's move in the midgame/endgame using MINIMAX (hopping when White has 3 pieces).
# usage: python3 MiniMaxGame.py <input file> <output file> <depth>
import sys
import variant as v

if __name__ == '__main__':
    v.run(sys.argv, v.minimax, v.generate_moves_midgame_endgame,
          v.black_moves_midgame_endgame, v.static_midgame_endgame)
