"""Test fixture: a "student" who wrote one program for all eight, told which by a required
option its argparse usage names with the programs as its choices, before the files:

    python3 morris.py -p ABGame board3.txt board4.txt 4

It runs morris's own program (in $MORRIS_CLASSROOM_BIN). Correct in substance."""
import argparse
import os

from wrap import binary

PROGRAMS = ["MiniMaxOpening", "MiniMaxGame", "ABOpening", "ABGame", "MiniMaxOpeningBlack",
            "MiniMaxGameBlack", "MiniMaxOpeningImproved", "MiniMaxGameImproved"]

parser = argparse.ArgumentParser(description="Morris Variant, all eight programs")
parser.add_argument("-p", "--program", required=True, choices=PROGRAMS, help="which program to run")
parser.add_argument("input", help="input board file")
parser.add_argument("output", help="output board file")
parser.add_argument("depth", type=int, help="search depth in plies")
args = parser.parse_args()
os.execv(binary(args.program), [binary(args.program), args.input, args.output, str(args.depth)])
