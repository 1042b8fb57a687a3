from wrap import run

run("MiniMaxGameBlack")
