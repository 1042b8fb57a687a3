"""Test fixture: a "student" on Windows who runs the programs by double-clicking them,
so each clears the console first and waits for a key before its window closes
(msvcrt, which only Windows' Python has). The programs are morris's own, from
$MORRIS_CLASSROOM_BIN."""
import msvcrt
import os
import subprocess
import sys


def binary(name):
    return os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], name)


def pause():
    print()
    print("Press any key to continue . . .")
    msvcrt.getch()


def run(name):
    os.system("cls")
    done = subprocess.run([binary(name)] + sys.argv[1:])
    pause()
    sys.exit(done.returncode)
