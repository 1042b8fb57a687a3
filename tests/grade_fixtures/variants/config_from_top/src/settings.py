"""Settings as in the config lab: config/settings.ini, from the project's folder
(python3 src/MiniMaxOpening.py ...). configparser skips a file it cannot find."""
import configparser
import sys

config = configparser.ConfigParser()
config.read("config/settings.ini")
if config.getint("board", "points") != 22:
    sys.exit("this is the 22-point board")
