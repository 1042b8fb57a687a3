"""Test fixture: a "student" who made the test boards in an editor that ends no file with a
newline, and checks the board read before searching: a board file ending in a newline is
"invalid". Otherwise runs morris's own program (in $MORRIS_CLASSROOM_BIN). Correct in
substance."""
import os
import sys


def binary(name):
    return os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], name)


def run(name):
    if len(sys.argv) != 4:
        print("usage: " + name + " <input file> <output file> <depth>")
        sys.exit(1)
    with open(sys.argv[1]) as f:
        board = f.read()
    if len(board) != 22 or any(c not in "WBx" for c in board):
        print("Invalid board in " + sys.argv[1] + ": must be 22 characters of W, B, x")
        sys.exit(1)
    os.execv(binary(name), [binary(name)] + sys.argv[1:])
