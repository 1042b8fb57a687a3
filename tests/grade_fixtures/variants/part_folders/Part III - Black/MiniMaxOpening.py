# Part III: the same program as Part I, playing Black's move
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from wrap import run

# a log of my runs, kept beside the program
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "runs.log"), "a") as log:
    log.write(" ".join(sys.argv) + "\n")

run("MiniMaxOpeningBlack")
