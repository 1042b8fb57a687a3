"""Test fixture: a student who draws the input board with a package from PyPI
(asciiboard, as its requirements.txt lists it), not installed on the grading machine.
The programs are morris's own, from $MORRIS_CLASSROOM_BIN."""
import os
import sys

from asciiboard import draw


def run(name):
    with open(sys.argv[1]) as f:
        print(draw(f.read().strip()), file=sys.stderr)
    binary = os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], name)
    os.execv(binary, [binary] + sys.argv[1:])
