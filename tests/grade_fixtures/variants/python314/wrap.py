"""Test fixture: a "student" who writes for Python 3.14 on purpose and says so in the
README: `except A, B:` without parentheses (PEP 758) and a template string (PEP 750), both
refused by every Python before 3.14. Runs morris's own program from $MORRIS_CLASSROOM_BIN.
Correct in substance."""
import os
import sys


def binary(name):
    folder = os.environ["MORRIS_CLASSROOM_BIN"]
    path = t"{folder}/{name}"
    return "".join(part if isinstance(part, str) else str(part.value) for part in path)


def run(name):
    try:
        os.execv(binary(name), [binary(name)] + sys.argv[1:])
    except FileNotFoundError, PermissionError:
        print(f"cannot start {name}", file=sys.stderr)
        sys.exit(1)
