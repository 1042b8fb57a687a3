# MiniMaxOpeningBlack.py
# Black's move in the opening: swap the colours, let White search (MINIMAX),
# swap the answer back. The estimate printed is from Black's side.
# usage: python3 MiniMaxOpeningBlack.py <input file> <output file> <depth>
import sys
import variant as v

if __name__ == '__main__':
    v.run(sys.argv, v.minimax, v.generate_moves_opening, v.black_moves_opening,
          v.static_opening, black=True)
