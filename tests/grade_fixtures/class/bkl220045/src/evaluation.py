"""Static estimation functions.

StandardEstimator is the one from the handout, ImprovedEstimator is my own
(part IV). Both keep a table of positions they have already scored because
the same position is reached by many move orders deeper in the tree.
"""

from rules import WHITE, BLACK, EMPTY, SIZE


class StandardEstimator:

    def __init__(self, rules, opening):
        self.rules = rules
        self.opening = opening
        self.table = {}

    def __call__(self, board):
        value = self.table.get(board)
        if value is None:
            if self.opening:
                value = self.opening_value(board)
            else:
                value = self.midgame_value(board)
            self.table[board] = value
        return value

    def opening_value(self, board):
        return board.count(WHITE) - board.count(BLACK)

    def count_moves_of_black(self, board):
        """len(rules.black_moves(board, opening=False)) without making the list"""
        rules = self.rules
        # every white piece that is not in a mill can be taken after a black mill;
        # if none can, the move is still one position
        takeable = sum(1 for p in range(SIZE)
                       if board[p] == WHITE and not rules.close_mill(p, board))
        takeable = max(takeable, 1)
        black = [p for p in range(SIZE) if board[p] == BLACK]
        empty = [p for p in range(SIZE) if board[p] == EMPTY]
        hopping = len(black) == 3
        n = 0
        for src in black:
            targets = empty if hopping else [q for q in rules.ADJACENT[src] if board[q] == EMPTY]
            for dst in targets:
                closes = False
                for q, r in rules.mills_through[dst]:
                    if q != src and r != src and board[q] == BLACK and board[r] == BLACK:
                        closes = True
                        break
                n += takeable if closes else 1
        return n

    def midgame_value(self, board):
        whites = board.count(WHITE)
        blacks = board.count(BLACK)
        if blacks <= 2:
            return 10000
        if whites <= 2:
            return -10000
        black_moves = self.count_moves_of_black(board)
        if black_moves == 0:
            return 10000
        return 1000 * (whites - blacks) - black_moves


class ImprovedEstimator(StandardEstimator):
    """My estimation (see README.txt for the reasoning).

    opening : 50 per piece ahead, 20 per "double" (two own pieces and a hole on a
              line), 10 per closed mill, and 8 per free spot next to own pieces.
    midgame : same win/loss rules as the handout, plus White blocked = loss,
              then 1000 per piece, 8 per move of difference in mobility,
              30 per double.
    """

    def lines(self, board):
        doubles = 0  # white doubles minus black doubles
        mills = 0    # white mills minus black mills
        for a, b, c in self.rules.MILLS:
            s = board[a] + board[b] + board[c]
            if s.count(EMPTY) == 1:
                if s.count(WHITE) == 2:
                    doubles += 1
                elif s.count(BLACK) == 2:
                    doubles -= 1
            elif s == 'WWW':
                mills += 1
            elif s == 'BBB':
                mills -= 1
        return doubles, mills

    def free_spots(self, board, color):
        adj = self.rules.ADJACENT
        return sum(1 for p in range(SIZE) if board[p] == color
                   for q in adj[p] if board[q] == EMPTY)

    def opening_value(self, board):
        doubles, mills = self.lines(board)
        material = board.count(WHITE) - board.count(BLACK)
        room = self.free_spots(board, WHITE) - self.free_spots(board, BLACK)
        return 50 * material + 20 * doubles + 10 * mills + 8 * room

    def midgame_value(self, board):
        whites = board.count(WHITE)
        blacks = board.count(BLACK)
        if blacks <= 2:
            return 10000
        if whites <= 2:
            return -10000
        black_moves = self.count_moves_of_black(board)
        if black_moves == 0:
            return 10000
        white_moves = self.count_moves_of_black(self.rules.swap(board))
        if white_moves == 0:
            return -10000
        doubles, mills = self.lines(board)
        return 1000 * (whites - blacks) + 8 * (white_moves - black_moves) + 30 * doubles
