# MiniMaxOpening
from wrap import run

run("MiniMaxOpening")
