# A student who shows the board only as a drawing (the 22 letters go to the output file,
# as the handout asks of the file), then the count and the estimate; White without a move
# is no error to it (status 0).
import subprocess
import sys

from wrap import binary

POINTS = "a0 d0 g0 b1 d1 f1 c2 e2 b3 c3 e3 f3 g3 c4 d4 e4 b5 d5 f5 a6 d6 g6".split()


def drawn(out):
    lines = []
    for line in out.splitlines():
        if line.startswith("Board Position:"):
            board = line.split(":")[1].strip().rstrip(".")
            at = dict(zip(POINTS, board))
            for row in "6543210":
                lines.append(row + "  " + " ".join(at.get(col + row, " ") for col in "abcdefg"))
            lines.append("   a b c d e f g")
        else:
            lines.append(line)
    return "\n".join(lines) + "\n"


done = subprocess.run([binary("ABGame")] + sys.argv[1:], capture_output=True, text=True)
sys.stdout.write(drawn(done.stdout))
sys.stderr.write(done.stderr)
