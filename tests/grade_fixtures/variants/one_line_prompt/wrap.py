"""Test fixture: a "student" whose programs ask for the two files and the depth on one
line, the way the command line would have them, instead of reading the command line;
then run morris's own program (in $MORRIS_CLASSROOM_BIN) on the answers. Correct in
substance."""
import os


def binary(name):
    return os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], name)


def run(name):
    line = input("Enter <input file> <output file> <depth>: ")
    board_in, board_out, depth = line.split()
    os.execv(binary(name), [binary(name), board_in, board_out, depth])
