# ABOpening.py  --  Part II
# Same as MiniMaxOpening but with alpha-beta pruning.
# run: python3 ABOpening.py board1.txt board2.txt 2

from common import *

positionsEvaluated = 0


def MaxMin(board, depth, alpha, beta):
    global positionsEvaluated
    if depth == 0:
        positionsEvaluated += 1
        return staticEstimationOpening(board)
    v = float('-inf')
    for child in generateMovesOpening(board):
        v = max(v, MinMax(child, depth - 1, alpha, beta))
        if v >= beta:
            return v
        else:
            alpha = max(v, alpha)
    return v


def MinMax(board, depth, alpha, beta):
    global positionsEvaluated
    if depth == 0:
        positionsEvaluated += 1
        return staticEstimationOpening(board)
    v = float('inf')
    for child in generateBlackMovesOpening(board):
        v = min(v, MaxMin(child, depth - 1, alpha, beta))
        if v <= alpha:
            return v
        else:
            beta = min(v, beta)
    return v


def main():
    board, outFile, depth = readInput('ABOpening')
    alpha = float('-inf')
    beta = float('inf')
    bestMove = None
    bestVal = float('-inf')
    for child in generateMovesOpening(board):
        val = MinMax(child, depth - 1, alpha, beta)
        if bestMove is None or val > bestVal:
            bestVal = val
            bestMove = child
        if bestVal >= beta:
            break
        alpha = max(alpha, bestVal)
    if bestMove is None:
        noMove(board, outFile, 'White')
    writeOutput(bestMove, outFile, positionsEvaluated, bestVal)


if __name__ == '__main__':
    main()
