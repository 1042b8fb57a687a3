from wrap import run

run("MiniMaxOpeningImproved")
