# Broken on purpose: searches one ply deeper than asked (a leaf test of depth < 0).
import os
import sys

from wrap import binary

depth = str(int(sys.argv[3]) + 1)
os.execv(binary("MiniMaxGame"), [binary("MiniMaxGame"), sys.argv[1], sys.argv[2], depth])
