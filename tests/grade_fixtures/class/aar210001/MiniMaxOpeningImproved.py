# MiniMaxOpeningImproved.py
# MiniMaxOpening with my improved static estimation (see improved_opening in variant.py).
# usage: python3 MiniMaxOpeningImproved.py <input file> <output file> <depth>
import sys
import variant as v

if __name__ == '__main__':
    v.run(sys.argv, v.minimax, v.generate_moves_opening, v.black_moves_opening,
          v.improved_opening)
