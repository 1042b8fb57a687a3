from german import run

run("ABGame")
