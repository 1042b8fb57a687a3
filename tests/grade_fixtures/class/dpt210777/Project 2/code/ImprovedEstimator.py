"""
ImprovedEstimator.py
My static estimation functions for Part IV.
Author: D. Patel (dpt210777)

Idea: the handout's functions only look at the number of pieces (and, in the
midgame, at how many moves Black has). Mine also looks at
  * threats: empty points where a player would close a mill by putting /
    moving a piece there (a threat forces the other player to react),
  * mobility of BOTH players (a player with few moves is close to being
    blocked, which loses the game).
Piece difference is still the most important term.
"""

from Helper import Helper


class ImprovedEstimator:

    _memo = {}

    @staticmethod
    def threats(board, c):
        """number of empty points that would complete a mill of colour c"""
        count = 0
        for p in range(22):
            if board[p] != 'x':
                continue
            for a, b, d in Helper.MILLS_OF[p]:
                others = [q for q in (a, b, d) if q != p]
                if board[others[0]] == c and board[others[1]] == c:
                    count += 1
                    break
        return count

    @staticmethod
    def room(board, c):
        """free points next to the pieces of colour c"""
        return sum(1 for p in range(22) if board[p] == c
                   for q in Helper.NEIGHBOURS[p] if board[q] == 'x')

    @staticmethod
    def opening(board):
        key = ''.join(board)
        if key in ImprovedEstimator._memo:
            return ImprovedEstimator._memo[key]
        th = ImprovedEstimator.threats
        rm = ImprovedEstimator.room
        val = (100 * (board.count('W') - board.count('B'))
               + 15 * (th(board, 'W') - th(board, 'B'))
               + 6 * (rm(board, 'W') - rm(board, 'B')))
        ImprovedEstimator._memo[key] = val
        return val

    @staticmethod
    def game(board):
        key = ''.join(board)
        if key in ImprovedEstimator._memo:
            return ImprovedEstimator._memo[key]
        whites = board.count('W')
        blacks = board.count('B')
        if blacks <= 2:
            val = 10000
        elif whites <= 2:
            val = -10000
        else:
            bm = len(Helper.whiteMoves(Helper.swap(board), False))
            wm = len(Helper.whiteMoves(board, False))
            if bm == 0:
                val = 10000
            elif wm == 0:
                val = -10000
            else:
                th = ImprovedEstimator.threats
                val = (1000 * (whites - blacks) + 12 * (wm - bm)
                       + 40 * (th(board, 'W') - th(board, 'B')))
        ImprovedEstimator._memo[key] = val
        return val
