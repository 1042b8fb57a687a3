# A different move of equal value: on the empty board at depth 1 every placement is worth 1;
# this one places on the last point (g6) where the handout keeps the first (a0).
import sys

from wrap import run

board = open(sys.argv[1]).read().strip()
if board == "x" * 22 and sys.argv[3] == "1":
    chosen = "x" * 21 + "W"
    open(sys.argv[2], "w").write(chosen + "\n")
    print("Board Position: " + chosen)
    print("Positions evaluated by static estimation: 22.")
    print("MINIMAX estimate: 1.")
else:
    run("MiniMaxOpening")
