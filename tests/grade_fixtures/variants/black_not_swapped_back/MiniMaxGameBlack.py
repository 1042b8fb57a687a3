# Broken on purpose: swaps the colours, searches as White, and prints and writes the board
# it chose without swapping it back (W and B exchanged).
import re
import sys

from wrap import run_edited


def unswapped(out):
    m = re.search(r"Board Position: ([WBx]+)", out)
    if not m:
        return out
    board = m.group(1).translate(str.maketrans("WB", "BW"))
    open(sys.argv[2], "w").write(board + "\n")
    return out.replace(m.group(1), board)


run_edited("MiniMaxGameBlack", unswapped)
