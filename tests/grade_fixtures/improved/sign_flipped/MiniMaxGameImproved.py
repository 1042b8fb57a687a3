# MiniMaxGameImproved: MiniMax with my improved estimate (morris.py has the rest).
from morris import black_moves, run, white_moves


def improved_estimate(b, opening):
    mine, theirs = b.count("B"), b.count("W")
    if mine <= 2:
        return -10000
    if theirs <= 2:
        return 10000
    their_moves = white_moves(b, False)
    if not their_moves:
        return 10000
    return 1000 * (mine - theirs) + len(black_moves(b, False)) - len(their_moves)


run(False, improved_estimate)
