# MiniMaxOpening (short names: I hate typing)
from wrap import run

run("MiniMaxOpening")
