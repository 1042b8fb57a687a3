from wrap import run

run("ABGame")
