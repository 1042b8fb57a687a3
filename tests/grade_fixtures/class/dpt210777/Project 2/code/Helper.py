"""
Helper.py
Project 2 - CS 6364
Author: D. Patel (dpt210777)

Board representation, move generators and the static estimation functions
from the project handout. Everything is a static method of class Helper so
the Main_* programs can just call Helper.xyz(...).

The board is a list of 22 characters: 'W', 'B' or 'x'.
"""


class Helper:

    # Index -> neighbours (ascending).
    #  0 a0   1 d0   2 g0   3 b1   4 d1   5 f1   6 c2   7 e2   8 b3   9 c3  10 e3
    # 11 f3  12 g3  13 c4  14 d4  15 e4  16 b5  17 d5  18 f5  19 a6  20 d6  21 g6
    NEIGHBOURS = (
        (1, 3, 19), (0, 2, 4), (1, 5, 12), (0, 4, 6, 8), (1, 3, 5), (2, 4, 7, 11),
        (3, 7, 9), (5, 6, 10), (3, 9, 16), (6, 8, 13), (7, 11, 15), (5, 10, 12, 18),
        (2, 11, 21), (9, 14, 16), (13, 15, 17), (10, 14, 18), (8, 13, 17, 19),
        (14, 16, 18, 20), (11, 15, 17, 21), (0, 16, 20), (17, 19, 21), (12, 18, 20),
    )

    # The 16 possible mills.
    MILLS = (
        (0, 1, 2), (3, 4, 5), (10, 11, 12), (13, 14, 15), (16, 17, 18), (19, 20, 21),
        (3, 8, 16), (6, 9, 13), (7, 10, 15), (5, 11, 18), (2, 12, 21), (14, 17, 20),
        (0, 3, 6), (2, 5, 7), (13, 16, 19), (15, 18, 21),
    )

    # For each location: the mills it belongs to (filled in below the class).
    MILLS_OF = ()

    @staticmethod
    def closeMill(j, board):
        """Is the piece at location j part of a mill?"""
        c = board[j]
        if c == 'x':
            return False
        for a, b, d in Helper.MILLS_OF[j]:
            if board[a] == c and board[b] == c and board[d] == c:
                return True
        return False

    SWAP_TABLE = str.maketrans('WB', 'BW')

    @staticmethod
    def swap(board):
        # W <-> B (going through a string is a lot faster than a loop)
        return list(''.join(board).translate(Helper.SWAP_TABLE))

    # ------------------------------------------------------------- generators

    @staticmethod
    def generateRemove(board, result):
        found = False
        for i in range(22):
            if board[i] == 'B' and not Helper.closeMill(i, board):
                copy = list(board)
                copy[i] = 'x'
                result.append(copy)
                found = True
        if not found:
            result.append(list(board))

    @staticmethod
    def _addResult(copy, dest, result):
        if Helper.closeMill(dest, copy):
            Helper.generateRemove(copy, result)
        else:
            result.append(copy)

    @staticmethod
    def generateAdd(board):
        result = []
        for i in range(22):
            if board[i] == 'x':
                copy = list(board)
                copy[i] = 'W'
                Helper._addResult(copy, i, result)
        return result

    @staticmethod
    def generateMove(board):
        result = []
        for i in range(22):
            if board[i] == 'W':
                for n in Helper.NEIGHBOURS[i]:
                    if board[n] == 'x':
                        copy = list(board)
                        copy[i] = 'x'
                        copy[n] = 'W'
                        Helper._addResult(copy, n, result)
        return result

    @staticmethod
    def generateHopping(board):
        result = []
        for i in range(22):
            if board[i] == 'W':
                for k in range(22):
                    if board[k] == 'x':
                        copy = list(board)
                        copy[i] = 'x'
                        copy[k] = 'W'
                        Helper._addResult(copy, k, result)
        return result

    @staticmethod
    def whiteMoves(board, opening):
        if opening:
            return Helper.generateAdd(board)
        if board.count('W') == 3:
            return Helper.generateHopping(board)
        return Helper.generateMove(board)

    @staticmethod
    def blackMoves(board, opening):
        return [Helper.swap(b) for b in Helper.whiteMoves(Helper.swap(board), opening)]

    # ------------------------------------------------------ static estimation

    _seen = {}

    @staticmethod
    def estimateOpening(board):
        return board.count('W') - board.count('B')

    @staticmethod
    def estimateGame(board):
        key = ''.join(board)
        val = Helper._seen.get(key)
        if val is not None:
            return val
        whites = board.count('W')
        blacks = board.count('B')
        if blacks <= 2:
            val = 10000
        elif whites <= 2:
            val = -10000
        else:
            # Black's moves = White's moves on the swapped board (no need to swap back
            # when we only want to count them)
            numBlackMoves = len(Helper.whiteMoves(Helper.swap(board), False))
            if numBlackMoves == 0:
                val = 10000
            else:
                val = 1000 * (whites - blacks) - numBlackMoves
        Helper._seen[key] = val
        return val


# (can't use MILLS inside a comprehension in the class body, so do it here)
Helper.MILLS_OF = tuple(tuple(m for m in Helper.MILLS if i in m) for i in range(22))
