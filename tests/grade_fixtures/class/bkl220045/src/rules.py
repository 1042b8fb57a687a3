"""Board geometry and move generation for the Variant game.

Positions are plain strings of 22 characters ('W', 'B', 'x'), indexed
a0=0, d0=1, g0=2, b1=3, d1=4, f1=5, c2=6, e2=7, b3=8, c3=9, e3=10,
f3=11, g3=12, c4=13, d4=14, e4=15, b5=16, d5=17, f5=18, a6=19, d6=20, g6=21.
"""

WHITE, BLACK, EMPTY = 'W', 'B', 'x'
SIZE = 22


class Rules:
    """Neighbours, mills and the move generators from the project handout.

    All generators produce White's moves. Black's moves are produced by
    swapping the colours, generating White's moves and swapping back.
    """

    ADJACENT = {
        0: (1, 3, 19), 1: (0, 2, 4), 2: (1, 5, 12), 3: (0, 4, 6, 8),
        4: (1, 3, 5), 5: (2, 4, 7, 11), 6: (3, 7, 9), 7: (5, 6, 10),
        8: (3, 9, 16), 9: (6, 8, 13), 10: (7, 11, 15), 11: (5, 10, 12, 18),
        12: (2, 11, 21), 13: (9, 14, 16), 14: (13, 15, 17), 15: (10, 14, 18),
        16: (8, 13, 17, 19), 17: (14, 16, 18, 20), 18: (11, 15, 17, 21),
        19: (0, 16, 20), 20: (17, 19, 21), 21: (12, 18, 20),
    }

    MILLS = (
        # horizontal
        (0, 1, 2), (3, 4, 5), (10, 11, 12), (13, 14, 15), (16, 17, 18), (19, 20, 21),
        # vertical
        (3, 8, 16), (6, 9, 13), (7, 10, 15), (5, 11, 18), (2, 12, 21), (14, 17, 20),
        # diagonal
        (0, 3, 6), (2, 5, 7), (13, 16, 19), (15, 18, 21),
    )

    def __init__(self):
        # mills_through[p] = list of (q, r) such that p, q, r is a mill line
        self.mills_through = [[] for _ in range(SIZE)]
        for line in self.MILLS:
            for p in line:
                others = tuple(q for q in line if q != p)
                self.mills_through[p].append(others)
        self._swap = str.maketrans('WB', 'BW')

    # -- helpers ------------------------------------------------------------
    def neighbors(self, j):
        return self.ADJACENT[j]

    def close_mill(self, j, board):
        color = board[j]
        for q, r in self.mills_through[j]:
            if board[q] == color and board[r] == color:
                return True
        return False

    def swap(self, board):
        return board.translate(self._swap)

    # -- White's generators -------------------------------------------------
    def generate_remove(self, board, out):
        before = len(out)
        for loc in range(SIZE):
            if board[loc] == BLACK and not self.close_mill(loc, board):
                cells = list(board)
                cells[loc] = EMPTY
                out.append(''.join(cells))
        if len(out) == before:
            out.append(board)

    def _place(self, cells, dest, out):
        """cells already has the white piece on dest"""
        board = ''.join(cells)
        if self.close_mill(dest, board):
            self.generate_remove(board, out)
        else:
            out.append(board)

    def generate_add(self, board):
        out = []
        for loc in range(SIZE):
            if board[loc] == EMPTY:
                cells = list(board)
                cells[loc] = WHITE
                self._place(cells, loc, out)
        return out

    def generate_move(self, board):
        out = []
        for loc in range(SIZE):
            if board[loc] != WHITE:
                continue
            for j in self.ADJACENT[loc]:
                if board[j] == EMPTY:
                    cells = list(board)
                    cells[loc] = EMPTY
                    cells[j] = WHITE
                    self._place(cells, j, out)
        return out

    def generate_hopping(self, board):
        out = []
        for src in range(SIZE):
            if board[src] != WHITE:
                continue
            for dst in range(SIZE):
                if board[dst] == EMPTY:
                    cells = list(board)
                    cells[src] = EMPTY
                    cells[dst] = WHITE
                    self._place(cells, dst, out)
        return out

    # -- per phase ----------------------------------------------------------
    def white_moves(self, board, opening):
        if opening:
            return self.generate_add(board)
        if board.count(WHITE) == 3:
            return self.generate_hopping(board)
        return self.generate_move(board)

    def black_moves(self, board, opening):
        swapped = self.swap(board)
        return [self.swap(b) for b in self.white_moves(swapped, opening)]
