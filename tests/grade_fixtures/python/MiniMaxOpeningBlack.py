from wrap import run

run("MiniMaxOpeningBlack")
