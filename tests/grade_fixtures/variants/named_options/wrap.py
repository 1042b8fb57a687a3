"""Test fixture: a "student" whose programs take every argument as a named option
(argparse, --input/--output/--depth, the depth with a default), then run morris's own
program (in $MORRIS_CLASSROOM_BIN). Correct in substance."""
import argparse
import os


def binary(name):
    return os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], name)


def run(name):
    parser = argparse.ArgumentParser(description=name + " for the Morris Variant")
    parser.add_argument("--input", required=True, help="file with the input board")
    parser.add_argument("--output", required=True, help="file to write the board chosen to")
    parser.add_argument("--depth", type=int, default=3, help="search depth in plies")
    args = parser.parse_args()
    os.execv(binary(name), [binary(name), args.input, args.output, str(args.depth)])
