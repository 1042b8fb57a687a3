"""
Search.py
MiniMax and Alpha-Beta search (White = MAX player, to move at the root).
Author: D. Patel (dpt210777)
"""

from Helper import Helper

INFINITY = float('inf')


class Search:

    def __init__(self, opening, estimator):
        self.opening = opening            # True = opening phase (placing pieces)
        self.estimator = estimator        # static estimation function (board -> number)
        self.positionsEvaluated = 0

    def staticEstimate(self, board):
        self.positionsEvaluated += 1
        return self.estimator(board)

    def gameOver(self, board, moves):
        """No need to search on when the game is over: the player to move is stuck,
        or (midgame/endgame) one side is down to 2 pieces."""
        if not moves:
            return True
        return not self.opening and (board.count('W') < 3 or board.count('B') < 3)

    # ---------------------------------------------------------------- MINIMAX

    def maxMin(self, board, depth):
        if depth == 0:
            return self.staticEstimate(board)
        moves = Helper.whiteMoves(board, self.opening)
        if self.gameOver(board, moves):
            return self.staticEstimate(board)
        v = -INFINITY
        for y in moves:
            v = max(v, self.minMax(y, depth - 1))
        return v

    def minMax(self, board, depth):
        if depth == 0:
            return self.staticEstimate(board)
        moves = Helper.blackMoves(board, self.opening)
        if self.gameOver(board, moves):
            return self.staticEstimate(board)
        v = INFINITY
        for y in moves:
            v = min(v, self.maxMin(y, depth - 1))
        return v

    def miniMaxDecision(self, board, depth):
        """Returns [bestBoard, value]. White stuck: the board as it is, estimated."""
        moves = Helper.whiteMoves(board, self.opening)
        if not moves:
            return [board, self.staticEstimate(board)]
        bestBoard = None
        bestValue = -INFINITY
        for y in moves:
            value = self.minMax(y, depth - 1)
            # ">" so that on a tie the first move generated is kept
            if bestBoard is None or value > bestValue:
                bestBoard = y
                bestValue = value
        return [bestBoard, bestValue]

    # ------------------------------------------------------------- ALPHA-BETA

    def maxMinAB(self, board, depth, alpha, beta):
        if depth == 0:
            return self.staticEstimate(board)
        moves = Helper.whiteMoves(board, self.opening)
        if self.gameOver(board, moves):
            return self.staticEstimate(board)
        v = -INFINITY
        for y in moves:
            v = max(v, self.minMaxAB(y, depth - 1, alpha, beta))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def minMaxAB(self, board, depth, alpha, beta):
        if depth == 0:
            return self.staticEstimate(board)
        moves = Helper.blackMoves(board, self.opening)
        if self.gameOver(board, moves):
            return self.staticEstimate(board)
        v = INFINITY
        for y in moves:
            v = min(v, self.maxMinAB(y, depth - 1, alpha, beta))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    def alphaBetaDecision(self, board, depth):
        alpha = -INFINITY
        beta = INFINITY
        moves = Helper.whiteMoves(board, self.opening)
        if not moves:
            return [board, self.staticEstimate(board)]
        bestBoard = None
        bestValue = -INFINITY
        for y in moves:
            value = self.minMaxAB(y, depth - 1, alpha, beta)
            if bestBoard is None or value > bestValue:
                bestBoard = y
                bestValue = value
            if bestValue >= beta:
                break
            alpha = max(alpha, bestValue)
        return [bestBoard, bestValue]
