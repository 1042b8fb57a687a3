"""MINIMAX and ALPHA-BETA searchers. White is MAX and is to move at the root."""

INFINITY = float('inf')


class MiniMax:
    """Plain MINIMAX of a fixed depth (in plies).

    A subtree's value and number of leaves only depend on the position, the
    depth left and whose turn it is, so they are stored in self.memo and
    reused when the same position comes up again (this does not change the
    answer or the number of positions evaluated, it just saves time).
    """

    def __init__(self, rules, estimator, opening):
        self.rules = rules
        self.estimate = estimator
        self.opening = opening
        self.evaluated = 0
        self.memo = {}

    def white_moves(self, board):
        return self.rules.white_moves(board, self.opening)

    def black_moves(self, board):
        return self.rules.black_moves(board, self.opening)

    def best_move(self, board, depth):
        """returns (best board, value); best board is None when White has no move"""
        self.evaluated = 0
        best, best_value = None, -INFINITY
        for child in self.white_moves(board):
            value = self.min_value(child, depth - 1)
            if best is None or value > best_value:   # first one wins ties
                best, best_value = child, value
        return best, best_value

    def _leaf(self, board):
        self.evaluated += 1
        return self.estimate(board)

    def _lookup(self, key, compute):
        hit = self.memo.get(key)
        if hit is not None:
            value, leaves = hit
            self.evaluated += leaves
            return value
        start = self.evaluated
        value = compute()
        self.memo[key] = (value, self.evaluated - start)
        return value

    def max_value(self, board, depth):
        if depth == 0:
            return self._leaf(board)
        return self._lookup((board, depth, True), lambda: self._max(board, depth))

    def min_value(self, board, depth):
        if depth == 0:
            return self._leaf(board)
        return self._lookup((board, depth, False), lambda: self._min(board, depth))

    def _max(self, board, depth):
        v = -INFINITY   # stays -inf if White cannot move
        for child in self.white_moves(board):
            v = max(v, self.min_value(child, depth - 1))
        return v

    def _min(self, board, depth):
        v = INFINITY    # stays +inf if Black cannot move
        for child in self.black_moves(board):
            v = min(v, self.max_value(child, depth - 1))
        return v


class AlphaBeta(MiniMax):
    """MINIMAX with alpha-beta pruning: same move and value, fewer leaves."""

    def best_move(self, board, depth):
        self.evaluated = 0
        alpha, beta = -INFINITY, INFINITY
        best, best_value = None, -INFINITY
        for child in self.white_moves(board):
            value = self.ab_min(child, depth - 1, alpha, beta)
            if best is None or value > best_value:
                best, best_value = child, value
            if best_value >= beta:
                break
            alpha = max(alpha, best_value)
        return best, best_value

    def ab_max(self, board, depth, alpha, beta):
        if depth == 0:
            return self._leaf(board)
        v = -INFINITY
        for child in self.white_moves(board):
            v = max(v, self.ab_min(child, depth - 1, alpha, beta))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def ab_min(self, board, depth, alpha, beta):
        if depth == 0:
            return self._leaf(board)
        v = INFINITY
        for child in self.black_moves(board):
            v = min(v, self.ab_max(child, depth - 1, alpha, beta))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v
