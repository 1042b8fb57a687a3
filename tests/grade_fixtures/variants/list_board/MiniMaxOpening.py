import subprocess
import sys

from wrap import binary

# I keep the board as a list of characters and print the list itself
# (print("Board Position:", board)), and write it the same way (str(board)).
done = subprocess.run([binary("MiniMaxOpening")] + sys.argv[1:], capture_output=True, text=True)
for line in done.stdout.splitlines():
    if line.startswith("Board Position: "):
        board = list(line[len("Board Position: "):].strip())
        print("Board Position:", board)
        with open(sys.argv[2], "w") as f:
            f.write(str(board))
    else:
        print(line)
sys.exit(done.returncode)
