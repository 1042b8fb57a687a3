"""All eight programs in one: python3 play.py <program> <input file> <output file> <depth>"""
import sys

from wrap import run

if len(sys.argv) != 5:
    print("usage: python3 play.py PROGRAM INPUT OUTPUT DEPTH", file=sys.stderr)
    sys.exit(2)
program = sys.argv.pop(1)
run(program)
