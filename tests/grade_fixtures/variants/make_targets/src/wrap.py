"""Test fixture: a "student" whose eight programs are morris's own, found in the folder
$MORRIS_CLASSROOM_BIN (the test sets it). Broken variants edit what they print or write."""
import os
import sys


def binary(name):
    return os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], name)


def run(name):
    os.execv(binary(name), [binary(name)] + sys.argv[1:])


def run_edited(name, edit):
    """Runs the real program, then prints edit(stdout) and exits with its status."""
    import subprocess  # here, not above: it costs the programs that only exec ~20 ms a start

    done = subprocess.run([binary(name)] + sys.argv[1:], capture_output=True, text=True)
    sys.stdout.write(edit(done.stdout))
    sys.stderr.write(done.stderr)
    sys.exit(done.returncode)
