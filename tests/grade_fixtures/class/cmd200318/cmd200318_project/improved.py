# improved.py  --  Part IV, my static estimation functions
#
# Opening: the handout only counts pieces, so every quiet placement gets the same
# value. I also count
#   - "2-in-a-row": two of my pieces + one empty spot on a mill line (can close a
#     mill next turn), the opponent's count is subtracted
#   - mobility: empty spots next to my pieces (pieces with no room are bad
#     for the midgame)
#   - pieces on the 4-neighbour points (b1 f1 f3 b5 d5 f5) which are the
#     best connected spots of the board
# Midgame/endgame: keeps the handout's win/loss values but uses the difference
# of mobility (White's moves - Black's moves) instead of only Black's, and
# gives points for lines where a mill can be closed.

from common import *

LINES = [(0, 1, 2), (3, 4, 5), (10, 11, 12), (13, 14, 15), (16, 17, 18), (19, 20, 21),
         (3, 8, 16), (6, 9, 13), (7, 10, 15), (5, 11, 18), (2, 12, 21), (14, 17, 20),
         (0, 3, 6), (2, 5, 7), (13, 16, 19), (15, 18, 21)]

GOOD_SPOTS = [3, 5, 11, 16, 17, 18]


def twoInARow(board, C):
    n = 0
    for (a, b, c) in LINES:
        s = [board[a], board[b], board[c]]
        if s.count(C) == 2 and s.count('x') == 1:
            n += 1
    return n


def freeSpots(board, C):
    n = 0
    for i in range(22):
        if board[i] == C:
            for j in neighbors(i):
                if board[j] == 'x':
                    n += 1
    return n


_cacheO = {}


def improvedEstimationOpening(board):
    key = ''.join(board)
    if key in _cacheO:
        return _cacheO[key]
    w = board.count('W')
    b = board.count('B')
    val = 60 * (w - b)
    val += 20 * (twoInARow(board, 'W') - twoInARow(board, 'B'))
    val += 8 * (freeSpots(board, 'W') - freeSpots(board, 'B'))
    for i in GOOD_SPOTS:
        if board[i] == 'W':
            val += 3
        elif board[i] == 'B':
            val -= 3
    _cacheO[key] = val
    return val


_cacheG = {}


def improvedEstimationMidgameEndgame(board):
    key = ''.join(board)
    if key in _cacheG:
        return _cacheG[key]
    w = board.count('W')
    b = board.count('B')
    if b <= 2:
        val = 10000
    elif w <= 2:
        val = -10000
    else:
        blackMoves = len(generateMovesMidgameEndgame(swapColors(board)))
        whiteMoves = len(generateMovesMidgameEndgame(board))
        if blackMoves == 0:
            val = 10000
        elif whiteMoves == 0:
            val = -10000
        else:
            val = 1000 * (w - b) + 10 * (whiteMoves - blackMoves) \
                + 25 * (twoInARow(board, 'W') - twoInARow(board, 'B'))
    _cacheG[key] = val
    return val
