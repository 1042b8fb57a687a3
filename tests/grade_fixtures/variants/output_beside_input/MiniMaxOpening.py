# Broken on purpose: the board is written beside the input file, under the output file's
# name, not to the path given (the output's name joined to the input's folder, as a
# student whose files all lay in one folder never saw go wrong).
import os
import sys

from wrap import binary

board_in, board_out, depth = sys.argv[1], sys.argv[2], sys.argv[3]
board_out = os.path.join(os.path.dirname(board_in), os.path.basename(board_out))
os.execv(binary("MiniMaxOpening"), [binary("MiniMaxOpening"), board_in, board_out, depth])
