# MiniMaxOpening -- Python 2.7 (what the lab machines had when I started).
# Test fixture: a Python 2 program; python3 refuses it before it runs.
import os
import sys

print "Running MiniMaxOpening on", sys.argv[1]
binary = os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], "MiniMaxOpening")
os.execv(binary, [binary] + sys.argv[1:])
