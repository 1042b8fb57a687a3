from german import run

run("MiniMaxOpening")
