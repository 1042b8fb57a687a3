"""Morris Variant: the board, move generation and MiniMax, shared by my programs.

Points in the board string's order: a0 d0 g0 b1 d1 f1 c2 e2 b3 c3 e3 f3 g3 c4 d4 e4 b5
d5 f5 a6 d6 g6.
"""
import sys

NEIGHBORS = [
    [1, 3, 19], [0, 2, 4], [1, 5, 12], [0, 4, 6, 8], [1, 3, 5], [2, 4, 7, 11],
    [3, 7, 9], [5, 6, 10], [3, 9, 16], [6, 8, 13], [7, 11, 15], [5, 10, 12, 18],
    [2, 11, 21], [9, 14, 16], [13, 15, 17], [10, 14, 18], [8, 13, 17, 19],
    [14, 16, 18, 20], [11, 15, 17, 21], [0, 16, 20], [17, 19, 21], [12, 18, 20],
]

MILLS = [
    (0, 1, 2), (3, 4, 5), (10, 11, 12), (13, 14, 15), (16, 17, 18), (19, 20, 21),
    (3, 8, 16), (6, 9, 13), (7, 10, 15), (5, 11, 18), (2, 12, 21), (14, 17, 20),
    (0, 3, 6), (2, 5, 7), (13, 16, 19), (15, 18, 21),
]


def close_mill(j, b):
    c = b[j]
    return c != "x" and any(j in m and b[m[0]] == b[m[1]] == b[m[2]] == c for m in MILLS)


def generate_remove(b, out):
    found = False
    for i in range(22):
        if b[i] == "B" and not close_mill(i, b):
            nb = b[:]
            nb[i] = "x"
            out.append(nb)
            found = True
    if not found:
        out.append(b[:])


def place_or_move(b, frm, to, out):
    nb = b[:]
    if frm is not None:
        nb[frm] = "x"
    nb[to] = "W"
    if close_mill(to, nb):
        generate_remove(nb, out)
    else:
        out.append(nb)


def generate_add(b):
    out = []
    for i in range(22):
        if b[i] == "x":
            place_or_move(b, None, i, out)
    return out


def generate_move(b):
    out = []
    for i in range(22):
        if b[i] == "W":
            for j in NEIGHBORS[i]:
                if b[j] == "x":
                    place_or_move(b, i, j, out)
    return out


def generate_hopping(b):
    out = []
    for i in range(22):
        if b[i] == "W":
            for j in range(22):
                if b[j] == "x":
                    place_or_move(b, i, j, out)
    return out


def generate_game(b):
    return generate_hopping(b) if b.count("W") == 3 else generate_move(b)


def swap(b):
    return ["B" if c == "W" else "W" if c == "B" else "x" for c in b]


def white_moves(b, opening):
    return generate_add(b) if opening else generate_game(b)


def black_moves(b, opening):
    return [swap(m) for m in white_moves(swap(b), opening)]


def minimax(b, depth, white, opening, estimate, count):
    if depth == 0:
        count[0] += 1
        return estimate(b, opening), None
    moves = white_moves(b, opening) if white else black_moves(b, opening)
    best, choice = (float("-inf"), None) if white else (float("inf"), None)
    for m in moves:
        v, _ = minimax(m, depth - 1, not white, opening, estimate, count)
        if (white and v > best) or (not white and v < best):
            best, choice = v, m
    return best, choice


def run(opening, estimate):
    board_in, board_out, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(board_in) as f:
        board = list(f.read().strip())
    count = [0]
    value, choice = minimax(board, depth, True, opening, estimate, count)
    if choice is None:
        print("White has no move")
        sys.exit(3)
    with open(board_out, "w") as f:
        f.write("".join(choice) + "\n")
    print("Board Position: " + "".join(choice))
    print("Positions evaluated by static estimation: %d." % count[0])
    print("MINIMAX estimate: %s." % (int(value) if abs(value) != float("inf") else value))
