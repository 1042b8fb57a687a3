from wrap import run

run("ABOpening")
