# common.py
# Board utilities for the Variant project (used by all 8 programs).
#
# Board = list of 22 chars ('W', 'B', 'x'), index order:
#   0:a0  1:d0  2:g0  3:b1  4:d1  5:f1  6:c2  7:e2  8:b3  9:c3  10:e3
#   11:f3 12:g3 13:c4 14:d4 15:e4 16:b5 17:d5 18:f5 19:a6 20:d6 21:g6

import sys


def neighbors(j):
    # brute force, like the handout suggests
    if j == 0:
        return [1, 3, 19]          # d0, b1, a6
    elif j == 1:
        return [0, 2, 4]           # a0, g0, d1
    elif j == 2:
        return [1, 5, 12]          # d0, f1, g3
    elif j == 3:
        return [0, 4, 6, 8]        # a0, d1, c2, b3
    elif j == 4:
        return [1, 3, 5]           # d0, b1, f1
    elif j == 5:
        return [2, 4, 7, 11]       # g0, d1, e2, f3
    elif j == 6:
        return [3, 7, 9]           # b1, e2, c3
    elif j == 7:
        return [5, 6, 10]          # f1, c2, e3
    elif j == 8:
        return [3, 9, 16]          # b1, c3, b5
    elif j == 9:
        return [6, 8, 13]          # c2, b3, c4
    elif j == 10:
        return [7, 11, 15]         # e2, f3, e4
    elif j == 11:
        return [5, 10, 12, 18]     # f1, e3, g3, f5
    elif j == 12:
        return [2, 11, 21]         # g0, f3, g6
    elif j == 13:
        return [9, 14, 16]         # c3, d4, b5
    elif j == 14:
        return [13, 15, 17]        # c4, e4, d5
    elif j == 15:
        return [10, 14, 18]        # e3, d4, f5
    elif j == 16:
        return [8, 13, 17, 19]     # b3, c4, d5, a6
    elif j == 17:
        return [14, 16, 18, 20]    # d4, b5, f5, d6
    elif j == 18:
        return [11, 15, 17, 21]    # f3, e4, d5, g6
    elif j == 19:
        return [0, 16, 20]         # a0, b5, d6
    elif j == 20:
        return [17, 19, 21]        # d5, a6, g6
    elif j == 21:
        return [12, 18, 20]        # g3, f5, d6
    return []


def closeMill(j, b):
    C = b[j]
    if C == 'x':
        return False
    if j == 0:
        return (b[1] == C and b[2] == C) or (b[3] == C and b[6] == C)
    elif j == 1:
        return b[0] == C and b[2] == C
    elif j == 2:
        return (b[0] == C and b[1] == C) or (b[5] == C and b[7] == C) or (b[12] == C and b[21] == C)
    elif j == 3:
        return (b[4] == C and b[5] == C) or (b[8] == C and b[16] == C) or (b[0] == C and b[6] == C)
    elif j == 4:
        return b[3] == C and b[5] == C
    elif j == 5:
        return (b[3] == C and b[4] == C) or (b[11] == C and b[18] == C) or (b[2] == C and b[7] == C)
    elif j == 6:
        return (b[9] == C and b[13] == C) or (b[0] == C and b[3] == C)
    elif j == 7:
        return (b[10] == C and b[15] == C) or (b[2] == C and b[5] == C)
    elif j == 8:
        return b[3] == C and b[16] == C
    elif j == 9:
        return b[6] == C and b[13] == C
    elif j == 10:
        return (b[11] == C and b[12] == C) or (b[7] == C and b[15] == C)
    elif j == 11:
        return (b[10] == C and b[12] == C) or (b[5] == C and b[18] == C)
    elif j == 12:
        return (b[10] == C and b[11] == C) or (b[2] == C and b[21] == C)
    elif j == 13:
        return (b[14] == C and b[15] == C) or (b[6] == C and b[9] == C) or (b[16] == C and b[19] == C)
    elif j == 14:
        return (b[13] == C and b[15] == C) or (b[17] == C and b[20] == C)
    elif j == 15:
        return (b[13] == C and b[14] == C) or (b[7] == C and b[10] == C) or (b[18] == C and b[21] == C)
    elif j == 16:
        return (b[17] == C and b[18] == C) or (b[3] == C and b[8] == C) or (b[13] == C and b[19] == C)
    elif j == 17:
        return (b[16] == C and b[18] == C) or (b[14] == C and b[20] == C)
    elif j == 18:
        return (b[16] == C and b[17] == C) or (b[5] == C and b[11] == C) or (b[15] == C and b[21] == C)
    elif j == 19:
        return (b[20] == C and b[21] == C) or (b[13] == C and b[16] == C)
    elif j == 20:
        return (b[19] == C and b[21] == C) or (b[14] == C and b[17] == C)
    elif j == 21:
        return (b[19] == C and b[20] == C) or (b[2] == C and b[12] == C) or (b[15] == C and b[18] == C)
    return False


def generateRemove(board, L):
    n = len(L)
    for location in range(22):
        if board[location] == 'B':
            if not closeMill(location, board):
                b = board[:]
                b[location] = 'x'
                L.append(b)
    if len(L) == n:
        # all black pieces are in mills
        L.append(board[:])


def generateAdd(board):
    L = []
    for location in range(22):
        if board[location] == 'x':
            b = board[:]
            b[location] = 'W'
            if closeMill(location, b):
                generateRemove(b, L)
            else:
                L.append(b)
    return L


def generateMove(board):
    L = []
    for location in range(22):
        if board[location] == 'W':
            for j in neighbors(location):
                if board[j] == 'x':
                    b = board[:]
                    b[location] = 'x'
                    b[j] = 'W'
                    if closeMill(j, b):
                        generateRemove(b, L)
                    else:
                        L.append(b)
    return L


def generateHopping(board):
    L = []
    for alpha in range(22):
        if board[alpha] == 'W':
            for beta in range(22):
                if board[beta] == 'x':
                    b = board[:]
                    b[alpha] = 'x'
                    b[beta] = 'W'
                    if closeMill(beta, b):
                        generateRemove(b, L)
                    else:
                        L.append(b)
    return L


def generateMovesOpening(board):
    return generateAdd(board)


def generateMovesMidgameEndgame(board):
    if board.count('W') == 3:
        return generateHopping(board)
    return generateMove(board)


def swapColors(board):
    # W -> t -> B trick (faster than a loop over the list)
    s = ''.join(board).replace('W', 't').replace('B', 'W').replace('t', 'B')
    return list(s)


def generateBlackMovesOpening(board):
    return [swapColors(b) for b in generateMovesOpening(swapColors(board))]


def generateBlackMovesMidgameEndgame(board):
    return [swapColors(b) for b in generateMovesMidgameEndgame(swapColors(board))]


# ---- static estimation (handout) ----

def staticEstimationOpening(board):
    return board.count('W') - board.count('B')


_cache = {}   # board string -> value, midgame estimation is slow so remember it


def staticEstimationMidgameEndgame(board):
    key = ''.join(board)
    if key in _cache:
        return _cache[key]
    numWhitePieces = board.count('W')
    numBlackPieces = board.count('B')
    if numBlackPieces <= 2:
        val = 10000
    elif numWhitePieces <= 2:
        val = -10000
    else:
        # only the number is needed, so no need to swap the boards back
        numBlackMoves = len(generateMovesMidgameEndgame(swapColors(board)))
        if numBlackMoves == 0:
            val = 10000
        else:
            val = 1000 * (numWhitePieces - numBlackPieces) - numBlackMoves
    _cache[key] = val
    return val


# ---- input / output ----

def readInput(progName):
    if len(sys.argv) != 4:
        print('Usage: python3 ' + progName + '.py <input file> <output file> <depth>', file=sys.stderr)
        sys.exit(2)
    try:
        depth = int(sys.argv[3])
    except ValueError:
        depth = -1
    if depth < 1:
        print(progName + ': depth must be a whole number >= 1, got ' + repr(sys.argv[3]), file=sys.stderr)
        sys.exit(2)
    try:
        f = open(sys.argv[1], 'r')
        text = f.read().strip()
        f.close()
    except IOError:
        print(progName + ': cannot read ' + sys.argv[1], file=sys.stderr)
        sys.exit(2)
    if len(text) != 22 or any(c not in 'WBx' for c in text):
        print(progName + ': bad board in ' + sys.argv[1] + ': ' + text, file=sys.stderr)
        sys.exit(2)
    return list(text), sys.argv[2], depth


def writeOutput(board, outFile, count, estimate):
    s = ''.join(board)
    f = open(outFile, 'w')
    f.write(s + '\n')
    f.close()
    print('Output Board Position : ' + s)
    print('Positions evaluated: ' + str(count))
    if estimate == float('inf') or estimate == float('-inf'):
        print('MINIMAX estimate: ' + str(estimate))
    else:
        print('MINIMAX estimate: ' + str(int(estimate)))


def noMove(board, outFile, side):
    # the player to move is blocked -> lost. board stays the same.
    print(side + ' has no legal move, the game is lost (board unchanged)', file=sys.stderr)
    writeOutput(board, outFile, 0, -10000)
    sys.exit(3)
