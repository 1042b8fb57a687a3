# MiniMaxOpeningImproved
from morris import run


# copied from MiniMaxOpening to start from (change it!)
def improved_estimate(b, opening):
    return b.count("W") - b.count("B")


run(True, improved_estimate)
