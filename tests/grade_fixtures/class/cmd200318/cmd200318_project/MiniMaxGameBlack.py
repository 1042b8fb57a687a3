# MiniMaxGameBlack.py  --  Part III
# Black's move in the midgame/endgame, MINIMAX search.
#
# Black is the player to move, so the root is a MIN node: Black picks the move
# that makes the (White) static estimation as small as possible, White (MAX)
# answers, and so on. The static estimation is the same one as for White
# (1000*(numWhite - numBlack) - numBlackMoves, etc.) and the estimate printed
# is that value, i.e. from White's point of view: lower is better for Black.
# Black's moves come from the colour swap trick in common.py.
# run: python3 MiniMaxGameBlack.py board3.txt board4.txt 3

from common import *

positionsEvaluated = 0


def MaxMin(board, depth):
    global positionsEvaluated
    if depth == 0:
        positionsEvaluated += 1
        return staticEstimationMidgameEndgame(board)
    v = float('-inf')
    for child in generateMovesMidgameEndgame(board):
        v = max(v, MinMax(child, depth - 1))
    return v


def MinMax(board, depth):
    global positionsEvaluated
    if depth == 0:
        positionsEvaluated += 1
        return staticEstimationMidgameEndgame(board)
    v = float('inf')
    for child in generateBlackMovesMidgameEndgame(board):
        v = min(v, MaxMin(child, depth - 1))
    return v


def main():
    board, outFile, depth = readInput('MiniMaxGameBlack')
    bestMove = None
    bestVal = float('inf')
    # root = Black to move = MIN
    for child in generateBlackMovesMidgameEndgame(board):
        val = MaxMin(child, depth - 1)
        if bestMove is None or val < bestVal:
            bestVal = val
            bestMove = child
    if bestMove is None:
        noMove(board, outFile, 'Black')
    writeOutput(bestMove, outFile, positionsEvaluated, bestVal)


if __name__ == '__main__':
    main()
