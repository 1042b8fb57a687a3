# MiniMaxGameImproved.py
# MiniMaxGame with my improved static estimation (see improved_midgame_endgame in variant.py).
# usage: python3 MiniMaxGameImproved.py <input file> <output file> <depth>
import sys
import variant as v

if __name__ == '__main__':
    v.run(sys.argv, v.minimax, v.generate_moves_midgame_endgame,
          v.black_moves_midgame_endgame, v.improved_midgame_endgame)
