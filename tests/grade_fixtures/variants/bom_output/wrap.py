"""Test fixture: a "student" who writes the output file as UTF-8 with a byte order mark
(`encoding="utf-8-sig"`, "so Notepad opens it right"), the board after it right; the
programs are morris's own (in $MORRIS_CLASSROOM_BIN). Correct in substance."""
import os
import subprocess
import sys


def binary(name):
    return os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], name)


def run(name):
    board_in, board_out, depth = sys.argv[1:4]
    scratch = board_out + ".tmp"
    done = subprocess.run([binary(name), board_in, scratch, depth])
    if os.path.exists(scratch):
        with open(scratch) as f:
            board = f.read().strip()
        os.remove(scratch)
        with open(board_out, "w", encoding="utf-8-sig") as f:
            f.write(board + "\n")
    sys.exit(done.returncode)
