# MiniMaxGameImproved
from morris import black_moves, run


# copied from MiniMaxGame to start from (change it!)
def improved_estimate(b, opening):
    white, black = b.count("W"), b.count("B")
    if black <= 2:
        return 10000
    if white <= 2:
        return -10000
    black_count = len(black_moves(b, False))
    if black_count == 0:
        return 10000
    return 1000 * (white - black) - black_count


run(False, improved_estimate)
