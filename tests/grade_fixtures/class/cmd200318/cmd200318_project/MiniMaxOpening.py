# MiniMaxOpening.py  --  Part I
# White's move in the opening, MINIMAX search.
# run: python3 MiniMaxOpening.py board1.txt board2.txt 2

from common import *

positionsEvaluated = 0


def MaxMin(board, depth):
    global positionsEvaluated
    if depth == 0:
        positionsEvaluated += 1
        return staticEstimationOpening(board)
    v = float('-inf')
    for child in generateMovesOpening(board):
        v = max(v, MinMax(child, depth - 1))
    return v


def MinMax(board, depth):
    global positionsEvaluated
    if depth == 0:
        positionsEvaluated += 1
        return staticEstimationOpening(board)
    v = float('inf')
    for child in generateBlackMovesOpening(board):
        v = min(v, MaxMin(child, depth - 1))
    return v


def main():
    board, outFile, depth = readInput('MiniMaxOpening')
    bestMove = None
    bestVal = float('-inf')
    for child in generateMovesOpening(board):
        val = MinMax(child, depth - 1)
        if bestMove is None or val > bestVal:
            bestVal = val
            bestMove = child
    if bestMove is None:
        noMove(board, outFile, 'White')
    writeOutput(bestMove, outFile, positionsEvaluated, bestVal)


if __name__ == '__main__':
    main()
