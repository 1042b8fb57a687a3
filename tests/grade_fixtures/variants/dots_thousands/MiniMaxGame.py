from german import run

run("MiniMaxGame")
