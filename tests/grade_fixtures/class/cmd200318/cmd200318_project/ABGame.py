# ABGame.py  --  Part II
# Same as MiniMaxGame but with alpha-beta pruning.
# run: python3 ABGame.py board3.txt board4.txt 3

from common import *

positionsEvaluated = 0


def MaxMin(board, depth, alpha, beta):
    global positionsEvaluated
    if depth == 0:
        positionsEvaluated += 1
        return staticEstimationMidgameEndgame(board)
    v = float('-inf')
    for child in generateMovesMidgameEndgame(board):
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
        return staticEstimationMidgameEndgame(board)
    v = float('inf')
    for child in generateBlackMovesMidgameEndgame(board):
        v = min(v, MaxMin(child, depth - 1, alpha, beta))
        if v <= alpha:
            return v
        else:
            beta = min(v, beta)
    return v


def main():
    board, outFile, depth = readInput('ABGame')
    alpha = float('-inf')
    beta = float('inf')
    bestMove = None
    bestVal = float('-inf')
    for child in generateMovesMidgameEndgame(board):
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
