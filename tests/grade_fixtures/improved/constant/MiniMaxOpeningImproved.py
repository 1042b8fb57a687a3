# MiniMaxOpeningImproved
from morris import run


def improved_estimate(b, opening):
    return 0  # TODO improve


run(True, improved_estimate)
