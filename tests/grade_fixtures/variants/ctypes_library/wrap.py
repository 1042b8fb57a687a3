"""Test fixture: a "student" whose Python programs call a C library through ctypes (built by
the top Makefile) before running morris's own program from $MORRIS_CLASSROOM_BIN."""
import ctypes
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load():
    try:
        lib = ctypes.CDLL(os.path.join(HERE, "libmorris.so"))
    except OSError:
        print("libmorris.so not found - run make first")
        sys.exit(1)
    lib.count_stones.argtypes = [ctypes.c_char_p]
    lib.count_stones.restype = ctypes.c_long
    return lib


def binary(name):
    return os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], name)


def run(name):
    lib = load()
    with open(sys.argv[1]) as f:
        if lib.count_stones(f.readline().strip().encode()) < 0:
            sys.exit(1)
    os.execv(binary(name), [binary(name)] + sys.argv[1:])
