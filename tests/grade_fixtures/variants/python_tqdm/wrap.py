"""Test fixture: a student who likes nice tooling (tqdm, termcolor, as its
requirements.txt lists them), imported by a package of its own. The programs are
morris's own, from $MORRIS_CLASSROOM_BIN."""
import os
import sys

from helpers.progress import banner, steps


def run(name):
    banner(name)
    for _ in steps(3, "warming up"):
        pass
    sys.stdout.flush()
    binary = os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], name)
    os.execv(binary, [binary] + sys.argv[1:])
