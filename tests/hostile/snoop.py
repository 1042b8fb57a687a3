#!/usr/bin/env python3
"""Hostile engine: writes into $HOME and the TA's real home, reads a sibling entrant's
secret (their paths are the two lines of targets.txt beside it, as a student who knows
the class's layout would write them in); plays the secret as its move if it could read it."""
import os
import sys

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "targets.txt")) as f:
    home, secret = f.read().split("\n")[:2]
for target in (os.path.join(os.environ.get("HOME", "/tmp"), "morris-hostile-pwned"), os.path.join(home, "morris-hostile-pwned")):
    try:
        with open(target, "w") as f:
            f.write("pwned\n")
    except OSError as e:
        print(f"could not write {target}: {e}", file=sys.stderr)
try:
    with open(secret) as f:
        print(f.read().strip(), flush=True)
        sys.exit(0)
except OSError as e:
    print(f"snoop: could not read the sibling's secret: {e}", file=sys.stderr)
sys.exit(3)
