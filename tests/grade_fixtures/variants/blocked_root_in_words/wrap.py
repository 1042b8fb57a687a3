"""Test fixture: a "student" whose programs, when the side to move has no move at all,
say so in words and write the board unchanged to the output file (status 0), as the
independent submission nop210664 does; otherwise morris's own programs (in
$MORRIS_CLASSROOM_BIN). Correct in substance."""
import os
import subprocess
import sys


def binary(name):
    return os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], name)


def run(name):
    board = open(sys.argv[1]).read().strip()
    done = subprocess.run([binary(name)] + sys.argv[1:], capture_output=True, text=True)
    if "Board Position: " + board in done.stdout and "estimate: -10000" in done.stdout:
        print("No legal move for the player to move.")
        open(sys.argv[2], "w").write(board + "\n")
        sys.exit(0)
    sys.stdout.write(done.stdout)
    sys.stderr.write(done.stderr)
    sys.exit(done.returncode)
