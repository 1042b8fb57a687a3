"""The code all eight programs share (a student who keeps it in lib/ and runs the programs
with PYTHONPATH=lib, as the README says)."""
import os
import sys


def start(name):
    program = os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], name)
    os.execv(program, [program] + sys.argv[1:])
