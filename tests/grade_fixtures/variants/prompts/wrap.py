"""Test fixture: a "student" whose programs ask for the depth and the files at prompts,
as some students write them, instead of reading the command line; then run morris's own
program (in $MORRIS_CLASSROOM_BIN) on the answers. Correct in substance."""
import os


def binary(name):
    return os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], name)


def run(name):
    depth = input("Enter the search depth: ").strip()
    board_in = input("Enter the input file name: ").strip()
    board_out = input("Enter the output file name: ").strip()
    print("Running " + name + " ...")
    os.execv(binary(name), [binary(name), board_in, board_out, depth])
