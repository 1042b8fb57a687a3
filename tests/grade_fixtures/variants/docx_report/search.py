"""Test fixture: a "student" who thought eight near-copies bad engineering and wrote two
programs with flags (python3 minimax.py --phase opening --black board1.txt board2.txt 2),
naming no file after the handout's programs; its README's table gives each program's
command. Correct in substance (it runs morris's own programs)."""
import sys

from wrap import binary
import os


def main(search):
    args = sys.argv[1:]
    phase, black, improved, rest = None, False, False, []
    while args:
        a = args.pop(0)
        if a == "--phase":
            phase = args.pop(0) if args else None
        elif a == "--black":
            black = True
        elif a == "--improved":
            improved = True
        else:
            rest.append(a)
    if phase not in ("opening", "game") or len(rest) != 3:
        print("usage: %s --phase opening|game [--black] [--improved] INPUT OUTPUT DEPTH" % sys.argv[0],
              file=sys.stderr)
        sys.exit(2)
    name = search + ("Opening" if phase == "opening" else "Game")
    if black:
        name += "Black"
    elif improved:
        name += "Improved"
    os.execv(binary(name), [binary(name)] + rest)
