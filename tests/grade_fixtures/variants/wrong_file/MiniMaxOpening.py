# Broken on purpose: prints the right lines but writes the input board to the output file.
import sys

from wrap import run_edited


def keep_input(out):
    open(sys.argv[2], "w").write(open(sys.argv[1]).read())
    return out


run_edited("MiniMaxOpening", keep_input)
