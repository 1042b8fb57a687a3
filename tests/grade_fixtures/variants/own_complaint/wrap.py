"""Test fixture: a "student" who wants the depth as an option first and says so in words
of their own (no "usage"), then runs morris's own program (in $MORRIS_CLASSROOM_BIN).
Correct in substance."""
import os
import sys


def binary(name):
    return os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], name)


def run(name):
    if len(sys.argv) != 5 or sys.argv[1] != "-d":
        print("Invalid arguments! Run it as: python3 " + name + ".py -d <depth> <input> <output>")
        sys.exit(1)
    depth, board_in, board_out = sys.argv[2], sys.argv[3], sys.argv[4]
    os.execv(binary(name), [binary(name), board_in, board_out, depth])
