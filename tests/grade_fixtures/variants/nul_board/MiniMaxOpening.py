# Broken on purpose: prints and writes an all-NUL board (an uninitialised char array in
# C would).
import sys

sys.stdout.write("Board Position: " + "\0" * 22 + "\n")
sys.stdout.write("Positions evaluated by static estimation: 0.\nMINIMAX estimate: 0.\n")
open(sys.argv[2], "w").write("\0" * 22 + "\n")
