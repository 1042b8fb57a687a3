"""Test fixture: a "student" who keeps every board file in boards/ and passes only the
names (`python3 MiniMaxOpening.py board1.txt board2.txt 2`, as the README says). The
programs are morris's own, from $MORRIS_CLASSROOM_BIN, on the files in boards/."""
import os
import sys

BOARD_DIR = "boards/"


def binary(name):
    return os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], name)


def run(name):
    if len(sys.argv) != 4:
        print("usage: python3 " + name + ".py <input board> <output board> <depth>")
        sys.exit(2)
    infile = BOARD_DIR + sys.argv[1]
    outfile = BOARD_DIR + sys.argv[2]
    if not os.path.isfile(infile):
        print("Could not find " + infile + " - the board files go in the boards folder")
        sys.exit(1)
    os.execv(binary(name), [binary(name), infile, outfile, sys.argv[3]])
