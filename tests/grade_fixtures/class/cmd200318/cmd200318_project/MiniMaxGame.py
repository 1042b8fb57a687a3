# MiniMaxGame.py  --  Part I
# White's move in the midgame/endgame (hopping with 3 pieces), MINIMAX search.
# run: python3 MiniMaxGame.py board3.txt board4.txt 3

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
    board, outFile, depth = readInput('MiniMaxGame')
    bestMove = None
    bestVal = float('-inf')
    for child in generateMovesMidgameEndgame(board):
        val = MinMax(child, depth - 1)
        if bestMove is None or val > bestVal:
            bestVal = val
            bestMove = child
    if bestMove is None:
        noMove(board, outFile, 'White')
    writeOutput(bestMove, outFile, positionsEvaluated, bestVal)


if __name__ == '__main__':
    main()
