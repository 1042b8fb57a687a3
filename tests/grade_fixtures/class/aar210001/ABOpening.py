# ABOpening.py
# Same as MiniMaxOpening but with ALPHA-BETA pruning (same move and estimate,
# fewer static estimations).
# usage: python3 ABOpening.py <input file> <output file> <depth>
import sys
import variant as v

if __name__ == '__main__':
    v.run(sys.argv, v.alphabeta, v.generate_moves_opening, v.black_moves_opening,
          v.static_opening, label='AB')
