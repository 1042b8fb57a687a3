from wrap import run

run("MiniMaxGameImproved")
