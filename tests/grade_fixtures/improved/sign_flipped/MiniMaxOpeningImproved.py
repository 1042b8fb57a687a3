# MiniMaxOpeningImproved: MiniMax with my improved estimate (morris.py has the rest).
from morris import black_moves, run, white_moves


def improved_estimate(b, opening):
    # stones first, then room to move: an open point next to my stones counts
    mine, theirs = b.count("B"), b.count("W")
    room = len(black_moves(b, False)) - len(white_moves(b, False))
    return 100 * (mine - theirs) + room


run(True, improved_estimate)
