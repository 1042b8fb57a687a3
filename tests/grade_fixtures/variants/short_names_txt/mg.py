# MiniMaxGame
from wrap import run

run("MiniMaxGame")
