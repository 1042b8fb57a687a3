# Broken on purpose, and with defaults of its own: with the handout's arguments it crashes;
# with none it runs on the board1.txt it ships and prints an answer, which is no answer to
# the grader's case and must not be taken for a program asking for its files.
import os
import sys

from wrap import binary

if len(sys.argv) > 1:
    raise SystemExit("not finished")
here = os.path.dirname(os.path.abspath(__file__))
os.execv(binary("MiniMaxOpening"), [binary("MiniMaxOpening"), os.path.join(here, "board1.txt"), "/tmp/out.txt", "2"])
