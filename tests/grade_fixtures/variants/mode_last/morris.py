# Test fixture: a "student" who wrote one program for all eight and reads which one last,
# after the handout's three (python3 morris.py board1.txt board2.txt 3 MiniMaxOpening), as
# its usage line says; it runs morris's own program (in $MORRIS_CLASSROOM_BIN). Correct in
# substance.
import os
import sys

from wrap import binary

PROGRAMS = ["MiniMaxOpening", "MiniMaxGame", "ABOpening", "ABGame", "MiniMaxOpeningBlack",
            "MiniMaxGameBlack", "MiniMaxOpeningImproved", "MiniMaxGameImproved"]

if len(sys.argv) != 5 or sys.argv[4] not in PROGRAMS:
    print("usage: python3 morris.py <input file> <output file> <depth> <program>")
    print("programs: " + ", ".join(PROGRAMS))
    sys.exit(1)
inp, out, depth, program = sys.argv[1:]
os.execv(binary(program), [binary(program), inp, out, depth])
