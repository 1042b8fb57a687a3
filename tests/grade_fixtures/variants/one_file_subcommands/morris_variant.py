"""Test fixture: a "student" who wrote the whole project as one program with a sub-command
for each of the eight (python3 morris_variant.py ab-game board3.txt board4.txt 3), each
running morris's own program (in $MORRIS_CLASSROOM_BIN). Correct in substance."""
import argparse
import os

from wrap import binary

PROGRAMS = {
    "minimax-opening": "MiniMaxOpening",
    "minimax-game": "MiniMaxGame",
    "ab-opening": "ABOpening",
    "ab-game": "ABGame",
    "minimax-opening-black": "MiniMaxOpeningBlack",
    "minimax-game-black": "MiniMaxGameBlack",
    "minimax-opening-improved": "MiniMaxOpeningImproved",
    "minimax-game-improved": "MiniMaxGameImproved",
}

parser = argparse.ArgumentParser(description="CS 6364 project 2: the Morris Variant")
commands = parser.add_subparsers(dest="program", required=True)
for command in PROGRAMS:
    sub = commands.add_parser(command, help=f"the handout's {PROGRAMS[command]}")
    sub.add_argument("input")
    sub.add_argument("output")
    sub.add_argument("depth", type=int)
args = parser.parse_args()
name = PROGRAMS[args.program]
os.execv(binary(name), [binary(name), args.input, args.output, str(args.depth)])
