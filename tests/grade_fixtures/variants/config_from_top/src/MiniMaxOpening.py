import configparser
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from wrap import run  # noqa: E402

# Settings as in the config lab: config/settings.ini, from the project's folder
# (python3 src/MiniMaxOpening.py ...). configparser skips a file it cannot find.
config = configparser.ConfigParser()
config.read("config/settings.ini")
if config.getint("board", "points") != 22:
    sys.exit("this is the 22-point board")
run("MiniMaxOpening")
