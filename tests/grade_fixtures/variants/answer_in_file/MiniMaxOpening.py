"""Test fixture: a "student" who sends everything to the output file, as C++'s
freopen(argv[2], "w", stdout) does: the board, the count and the estimate in the file,
nothing on the screen. Its numbers are read from the file; the file is not the board
alone, so each case loses the output file's tenth."""
import subprocess
import sys

from wrap import binary

done = subprocess.run([binary("MiniMaxOpening")] + sys.argv[1:], capture_output=True, text=True)
if done.returncode == 0:
    with open(sys.argv[2], "w") as out:
        out.write(done.stdout)
sys.stderr.write(done.stderr)
sys.exit(done.returncode)
