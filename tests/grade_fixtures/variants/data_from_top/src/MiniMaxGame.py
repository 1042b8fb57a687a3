import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from wrap import run  # noqa: E402

# The depth limit and the board size live in data/settings.txt, opened from where the
# README says to run us: the project's folder (python3 src/MiniMaxGame.py ...).
with open("data/settings.txt") as f:
    settings = dict(line.split("=") for line in f.read().split())
assert settings["points"] == "22"
run("MiniMaxGame")
