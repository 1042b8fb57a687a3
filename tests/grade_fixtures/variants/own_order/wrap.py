"""Test fixture: a "student" who reads the depth first, as their README says
(`python3 MiniMaxOpening.py 3 board1.txt board2.txt`), with no usage message: the
handout's order fails on int() of a file name. Then runs morris's own program (in
$MORRIS_CLASSROOM_BIN). Correct in substance."""
import os
import sys


def binary(name):
    return os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], name)


def run(name):
    depth = int(sys.argv[1])
    board_in = sys.argv[2]
    board_out = sys.argv[3]
    os.execv(binary(name), [binary(name), board_in, board_out, str(depth)])
