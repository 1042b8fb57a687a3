"""
variant.py - shared code for the eight Variant programs (CS 6364 project).

A board is a string of 22 characters, 'W', 'B' or 'x', in the order
a0 d0 g0 b1 d1 f1 c2 e2 b3 c3 e3 f3 g3 c4 d4 e4 b5 d5 f5 a6 d6 g6
(bottom row first, left to right).

Everything the programs need is in here: neighbors, closeMill, the move
generators from the handout (GenerateAdd / GenerateMove / GenerateHopping /
GenerateRemove), the two static estimations, MINIMAX and ALPHA-BETA, and the
little bit of file handling that is the same for every program.

author: A. Rahman (aar210001)
"""

import sys
from functools import lru_cache

INF = float('inf')

# ---------------------------------------------------------------------------
# board geometry
# ---------------------------------------------------------------------------

#               0    1    2    3    4    5    6    7    8    9   10
LOCATIONS = ['a0', 'd0', 'g0', 'b1', 'd1', 'f1', 'c2', 'e2', 'b3', 'c3', 'e3',
             'f3', 'g3', 'c4', 'd4', 'e4', 'b5', 'd5', 'f5', 'a6', 'd6', 'g6']
#             11    12    13    14    15    16    17    18    19    20    21

# neighbors(j): the locations connected to j by a line, in increasing order
NEIGHBORS = [
    [1, 3, 19],        # a0
    [0, 2, 4],         # d0
    [1, 5, 12],        # g0
    [0, 4, 6, 8],      # b1
    [1, 3, 5],         # d1
    [2, 4, 7, 11],     # f1
    [3, 7, 9],         # c2
    [5, 6, 10],        # e2
    [3, 9, 16],        # b3
    [6, 8, 13],        # c3
    [7, 11, 15],       # e3
    [5, 10, 12, 18],   # f3
    [2, 11, 21],       # g3
    [9, 14, 16],       # c4
    [13, 15, 17],      # d4
    [10, 14, 18],      # e4
    [8, 13, 17, 19],   # b5
    [14, 16, 18, 20],  # d5
    [11, 15, 17, 21],  # f5
    [0, 16, 20],       # a6
    [17, 19, 21],      # d6
    [12, 18, 20],      # g6
]

# all the lines of three (a mill is three of the same colour on one of these)
LINES = [
    (0, 1, 2), (3, 4, 5), (10, 11, 12), (13, 14, 15), (16, 17, 18), (19, 20, 21),  # rows
    (3, 8, 16), (6, 9, 13), (7, 10, 15), (5, 11, 18), (2, 12, 21), (14, 17, 20),   # columns
    (0, 3, 6), (2, 5, 7), (13, 16, 19), (15, 18, 21),                              # diagonals
]

# for every location, the pairs of other locations that complete a line with it
MILL_PARTNERS = [[] for _ in range(22)]
for _line in LINES:
    for _p in _line:
        MILL_PARTNERS[_p].append(tuple(q for q in _line if q != _p))


def neighbors(j):
    return NEIGHBORS[j]


def close_mill(j, b):
    """True if the piece on location j is part of a mill on board b."""
    c = b[j]
    for p, q in MILL_PARTNERS[j]:
        if b[p] == c and b[q] == c:
            return True
    return False


def swap_colors(b):
    return b.translate(_SWAP)


_SWAP = str.maketrans('WB', 'BW')


def put(b, j, c):
    """copy of board b with location j set to c"""
    return b[:j] + c + b[j + 1:]


# ---------------------------------------------------------------------------
# move generators (for White; Black uses the color swap trick)
# ---------------------------------------------------------------------------

def generate_remove(b, L):
    added = False
    for loc in range(22):
        if b[loc] == 'B' and not close_mill(loc, b):
            L.append(put(b, loc, 'x'))
            added = True
    if not added:
        # every black piece is in a mill: the move stands, nothing is removed
        L.append(b)


def generate_add(board):
    L = []
    for loc in range(22):
        if board[loc] == 'x':
            b = put(board, loc, 'W')
            if close_mill(loc, b):
                generate_remove(b, L)
            else:
                L.append(b)
    return L


def generate_move(board):
    L = []
    for loc in range(22):
        if board[loc] == 'W':
            for j in NEIGHBORS[loc]:
                if board[j] == 'x':
                    b = put(put(board, loc, 'x'), j, 'W')
                    if close_mill(j, b):
                        generate_remove(b, L)
                    else:
                        L.append(b)
    return L


def generate_hopping(board):
    L = []
    for a in range(22):
        if board[a] == 'W':
            for c in range(22):
                if board[c] == 'x':
                    b = put(put(board, a, 'x'), c, 'W')
                    if close_mill(c, b):
                        generate_remove(b, L)
                    else:
                        L.append(b)
    return L


def generate_moves_opening(board):
    return generate_add(board)


def generate_moves_midgame_endgame(board):
    if board.count('W') == 3:
        return generate_hopping(board)
    return generate_move(board)


def black_moves(board, generator):
    """Black's moves: swap, generate White's moves, swap back."""
    return [swap_colors(b) for b in generator(swap_colors(board))]


def black_moves_opening(board):
    return black_moves(board, generate_moves_opening)


def black_moves_midgame_endgame(board):
    return black_moves(board, generate_moves_midgame_endgame)


# ---------------------------------------------------------------------------
# static estimations (the ones from the handout)
# ---------------------------------------------------------------------------

@lru_cache(maxsize=None)
def static_opening(b):
    return b.count('W') - b.count('B')


def count_black_moves(b):
    """Number of positions Black's midgame/endgame generator would produce.

    Same result as len(black_moves_midgame_endgame(b)) but without building
    the boards: a black move that closes a mill gives one position per white
    piece that is not in a mill (or one position if all of them are).
    White's pieces don't move, so that number is the same for every black move.
    """
    removable = 0
    for loc in range(22):
        if b[loc] == 'W' and not close_mill(loc, b):
            removable += 1
    if removable == 0:
        removable = 1
    hop = b.count('B') == 3
    total = 0
    for a in range(22):
        if b[a] != 'B':
            continue
        targets = range(22) if hop else NEIGHBORS[a]
        for t in targets:
            if b[t] != 'x':
                continue
            # would the black piece arriving at t close a mill (a is empty now)?
            mill = False
            for p, q in MILL_PARTNERS[t]:
                if p != a and q != a and b[p] == 'B' and b[q] == 'B':
                    mill = True
                    break
            total += removable if mill else 1
    return total


# the same position shows up many times in the tree (moves in a different order),
# so remember the values we already computed. The counter still counts every call.
@lru_cache(maxsize=None)
def static_midgame_endgame(b):
    num_white = b.count('W')
    num_black = b.count('B')
    if num_black <= 2:
        return 10000
    if num_white <= 2:
        return -10000
    num_black_moves = count_black_moves(b)
    if num_black_moves == 0:
        return 10000
    return 1000 * (num_white - num_black) - num_black_moves


# ---------------------------------------------------------------------------
# Part IV: improved static estimations
# ---------------------------------------------------------------------------
#
# Why these are better than the handout's:
#  * the handout's opening estimate is only the piece difference, so at small
#    depths almost every move looks the same and the first empty spot wins.
#    Mine also counts "open twos" (two of my pieces and an empty spot on a
#    line = a mill threatened for the next move), finished mills, and how
#    many free neighbour spots my pieces have (pieces that are boxed in during
#    the opening are useless in the midgame).
#  * the handout's midgame estimate only looks at Black's mobility. Mine uses
#    both sides' mobility, open twos, and treats a blocked White as lost.

def _line_counts(b):
    """(white mills, black mills, white open twos, black open twos)"""
    wm = bm = w2 = b2 = 0
    for line in LINES:
        s = b[line[0]] + b[line[1]] + b[line[2]]
        w = s.count('W')
        k = s.count('B')
        if w == 3:
            wm += 1
        elif k == 3:
            bm += 1
        elif w == 2 and k == 0:
            w2 += 1
        elif k == 2 and w == 0:
            b2 += 1
    return wm, bm, w2, b2


def _free_neighbors(b, c):
    n = 0
    for loc in range(22):
        if b[loc] == c:
            for j in NEIGHBORS[loc]:
                if b[j] == 'x':
                    n += 1
    return n


@lru_cache(maxsize=None)
def improved_opening(b):
    nw = b.count('W')
    nb = b.count('B')
    wm, bm, w2, b2 = _line_counts(b)
    mobility = _free_neighbors(b, 'W') - _free_neighbors(b, 'B')
    return 100 * (nw - nb) + 20 * (wm - bm) + 30 * (w2 - b2) + 10 * mobility


@lru_cache(maxsize=None)
def improved_midgame_endgame(b):
    nw = b.count('W')
    nb = b.count('B')
    if nb <= 2:
        return 10000
    if nw <= 2:
        return -10000
    black_moves_n = count_black_moves(b)
    if black_moves_n == 0:
        return 10000
    white_moves_n = count_black_moves(swap_colors(b))
    if white_moves_n == 0:
        return -10000
    wm, bm, w2, b2 = _line_counts(b)
    return (1000 * (nw - nb) + 40 * (w2 - b2) + 10 * (wm - bm)
            + 5 * (white_moves_n - black_moves_n))


# ---------------------------------------------------------------------------
# search
# ---------------------------------------------------------------------------

class Counter:
    """how many positions were given to the static estimation"""
    n = 0


def minimax(board, depth, white_gen, black_gen, estimate):
    """MINIMAX with White (MAX) to move at the root.

    Returns (value, chosen board). chosen board is None if White can't move.
    """
    Counter.n = 0

    def max_min(b, d):
        if d == 0:
            Counter.n += 1
            return estimate(b)
        v = -INF
        for child in white_gen(b):
            w = min_max(child, d - 1)
            if w > v:
                v = w
        return v

    def min_max(b, d):
        if d == 0:
            Counter.n += 1
            return estimate(b)
        v = INF
        for child in black_gen(b):
            w = max_min(child, d - 1)
            if w < v:
                v = w
        return v

    best, best_value = None, -INF
    for child in white_gen(board):
        w = min_max(child, depth - 1)
        # keep the first move unless a later one is strictly better
        if best is None or w > best_value:
            best, best_value = child, w
    return best_value, best


def alphabeta(board, depth, white_gen, black_gen, estimate):
    """ALPHA-BETA, same answer as minimax() with fewer estimations."""
    Counter.n = 0

    def max_min(b, d, alpha, beta):
        if d == 0:
            Counter.n += 1
            return estimate(b)
        v = -INF
        for child in white_gen(b):
            w = min_max(child, d - 1, alpha, beta)
            if w > v:
                v = w
            if v >= beta:
                return v
            if v > alpha:
                alpha = v
        return v

    def min_max(b, d, alpha, beta):
        if d == 0:
            Counter.n += 1
            return estimate(b)
        v = INF
        for child in black_gen(b):
            w = max_min(child, d - 1, alpha, beta)
            if w < v:
                v = w
            if v <= alpha:
                return v
            if v < beta:
                beta = v
        return v

    best, best_value = None, -INF
    alpha, beta = -INF, INF
    for child in white_gen(board):
        w = min_max(child, depth - 1, alpha, beta)
        if best is None or w > best_value:
            best, best_value = child, w
        if best_value >= beta:
            break
        if best_value > alpha:
            alpha = best_value
    return best_value, best


# ---------------------------------------------------------------------------
# command line / files
# ---------------------------------------------------------------------------

def read_args(argv):
    if len(argv) != 4:
        print('usage: python3 %s <input file> <output file> <depth>' % argv[0],
              file=sys.stderr)
        sys.exit(2)
    try:
        depth = int(argv[3])
    except ValueError:
        depth = 0
    if depth < 1:
        print('depth must be a positive integer, got ' + argv[3], file=sys.stderr)
        sys.exit(2)
    try:
        with open(argv[1]) as f:
            board = f.read().strip()
    except OSError as e:
        print('cannot read input file: %s' % e, file=sys.stderr)
        sys.exit(2)
    if len(board) != 22 or any(c not in 'WBx' for c in board):
        print('input file must hold 22 letters W, B or x, got: ' + board,
              file=sys.stderr)
        sys.exit(2)
    return board, argv[2], depth


def fmt(v):
    # ints print as ints, infinity prints the way python prints it (inf / -inf)
    if v == INF or v == -INF:
        return str(v)
    return str(int(v))


def report(board, out_name, count, value, label='MINMAX'):
    with open(out_name, 'w') as f:
        f.write(board + '\n')
    print('Board Position   : ' + board)
    print('Positions evaluated by static estimation  : ' + str(count))
    print(label + ' Estimate : ' + fmt(value))


def run(argv, search, white_gen, black_gen, estimate, label='MINMAX', black=False):
    """Everything a program does: read, search, print, write.

    black=True plays for Black: swap the colours, search for White, swap back.
    """
    board, out_name, depth = read_args(argv)
    if black:
        board = swap_colors(board)
    value, best = search(board, depth, white_gen, black_gen, estimate)
    if best is None:
        # side to move is blocked: it has lost, the board stays as it is
        best, value, Counter.n = board, -10000, 0
    if black:
        best = swap_colors(best)
    report(best, out_name, Counter.n, value, label)
