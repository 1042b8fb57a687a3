"""Test fixture: the two programs of readme_commands with a README that gives no command
for any of the handout's programs, only a script of examples that runs them all: no program
is found (the script is a transcript, not one program for all eight). The programs lie in
src/, the script in examples/: of the shallowest runnable files, the script comes first."""
import os
import sys


def binary(name):
    return os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], name)


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
