# My numbers the German way, thousands grouped by dots (4674 is 4.674, 10000 is 10.000).
import re

from wrap import run_edited


def deutsch(n):
    return f"{int(n):,}".replace(",", ".")


def edit(text):
    text = text.replace("Board Position:", "Stellung nach dem Zug:")
    text = text.replace("Positions evaluated by static estimation:", "Anzahl der statisch bewerteten Stellungen:")
    text = text.replace("MINIMAX estimate:", "MINIMAX-Schätzung:")
    return re.sub(r"-?\d+", lambda m: deutsch(m.group()), text)


def run(name):
    run_edited(name, edit)
