"""Test fixture: a "student" on Python 3.13, whose f-strings reuse their quotes inside the
braces (PEP 701, Python 3.12): python3.11 refuses the file. Runs morris's own program
from $MORRIS_CLASSROOM_BIN. Correct in substance."""
import os
import sys


def binary(name):
    return f"{os.environ["MORRIS_CLASSROOM_BIN"]}/{name}"


def run(name):
    os.execv(binary(name), [binary(name)] + sys.argv[1:])
