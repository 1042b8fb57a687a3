# MiniMaxGameBlack.py
# Black's move in the midgame/endgame (colour swap, MINIMAX for White, swap back).
# usage: python3 MiniMaxGameBlack.py <input file> <output file> <depth>
import sys
import variant as v

if __name__ == '__main__':
    v.run(sys.argv, v.minimax, v.generate_moves_midgame_endgame,
          v.black_moves_midgame_endgame, v.static_midgame_endgame, black=True)
