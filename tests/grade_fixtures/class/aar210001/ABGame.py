# ABGame.py
# Same as MiniMaxGame but with ALPHA-BETA pruning.
# usage: python3 ABGame.py <input file> <output file> <depth>
import sys
import variant as v

if __name__ == '__main__':
    v.run(sys.argv, v.alphabeta, v.generate_moves_midgame_endgame,
          v.black_moves_midgame_endgame, v.static_midgame_endgame, label='AB')
