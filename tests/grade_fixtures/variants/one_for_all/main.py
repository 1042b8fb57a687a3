"""Test fixture: a "student" who wrote one program for the programs of parts I and II,
told which by its first argument (python3 main.py minimax-opening board1.txt board2.txt 3),
then runs morris's own program (in $MORRIS_CLASSROOM_BIN). Correct in substance."""
import argparse
import os

from wrap import binary

PROGRAMS = {
    "minimax-opening": "MiniMaxOpening",
    "minimax-game": "MiniMaxGame",
    "ab-opening": "ABOpening",
    "ab-game": "ABGame",
}

parser = argparse.ArgumentParser(description="Morris Variant, parts I and II")
parser.add_argument("program", choices=sorted(PROGRAMS))
parser.add_argument("input")
parser.add_argument("output")
parser.add_argument("depth", type=int)
args = parser.parse_args()
name = PROGRAMS[args.program]
os.execv(binary(name), [binary(name), args.input, args.output, str(args.depth)])
