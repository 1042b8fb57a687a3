import sys

from wrap import run

if len(sys.argv) != 4:
    sys.exit("usage: make ABOpening IN=board.txt OUT=out.txt DEPTH=2")
run("ABOpening")
