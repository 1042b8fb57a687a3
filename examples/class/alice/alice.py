#!/usr/bin/env python3
"""alice: a small Nine Men's Morris engine in Python, of the kind a student writes for
the tournament (protocol.md): started with --color white|black --movetime S and maybe
--opening "MOVES", it reads the opponent's moves on stdin and answers with its own.

It plays legal moves only: a move that closes a mill when there is one, else one chosen
by a fixed pseudo-random sequence (the same game every time from the same position)."""
import sys

LINES = [
    "A7 D7 G7", "B6 D6 F6", "C5 D5 E5", "A4 B4 C4", "E4 F4 G4", "C3 D3 E3", "B2 D2 F2", "A1 D1 G1",
    "A7 A4 A1", "B6 B4 B2", "C5 C4 C3", "D7 D6 D5", "D3 D2 D1", "E5 E4 E3", "F6 F4 F2", "G7 G4 G1",
]
LINES = [line.split() for line in LINES]
POINTS = sorted({p for line in LINES for p in line})
NEIGHBOURS = {p: set() for p in POINTS}
for a, b, c in LINES:
    NEIGHBOURS[a].add(b), NEIGHBOURS[b].update((a, c)), NEIGHBOURS[c].add(b)


class Game:
    def __init__(self):
        self.owner = {}  # point -> "W" or "B"
        self.hand = {"W": 9, "B": 9}
        self.turn = "W"

    def count(self, side):
        return sum(1 for s in self.owner.values() if s == side)

    def in_mill(self, point, side, owner=None):
        owner = self.owner if owner is None else owner
        return any(point in line and all(owner.get(p) == side for p in line) for line in LINES)

    def removable(self, side):
        stones = [p for p in POINTS if self.owner.get(p) == side]
        free = [p for p in stones if not self.in_mill(p, side)]
        return free or stones

    def moves(self):
        side, other = self.turn, "B" if self.turn == "W" else "W"
        empty = [p for p in POINTS if p not in self.owner]
        if self.hand[side] > 0:
            steps = [(None, to) for to in empty]
        else:
            mine = [p for p in POINTS if self.owner.get(p) == side]
            flying = len(mine) == 3
            steps = [(f, t) for f in mine for t in (empty if flying else sorted(NEIGHBOURS[f])) if t not in self.owner]
        result = []
        for frm, to in steps:
            after = dict(self.owner)
            if frm:
                del after[frm]
            after[to] = side
            if self.in_mill(to, side, after):
                for r in self.removable(other) or [None]:
                    result.append((frm, to, r))
            else:
                result.append((frm, to, None))
        return result

    def play(self, move):
        frm, to, rem = move
        side = self.turn
        if frm:
            del self.owner[frm]
        else:
            self.hand[side] -= 1
        self.owner[to] = side
        if rem:
            del self.owner[rem]
        self.turn = "B" if side == "W" else "W"

    def over(self):
        side = self.turn
        return self.count(side) + self.hand[side] < 3 or not self.moves()


def text(move):
    frm, to, rem = move
    return (f"{frm}-" if frm else "") + to + (f",{rem}" if rem else "")


def parse(line, game):
    for m in game.moves():
        if text(m) == line.strip().upper():
            return m
    return None


def choose(game, state):
    moves = game.moves()
    mills = [m for m in moves if m[2]]
    state[0] = (state[0] * 1103515245 + 12345) % 2**31
    pool = mills or moves
    return pool[state[0] % len(pool)]


def main():
    args = sys.argv[1:]
    color, opening = "white", ""
    for i, a in enumerate(args[:-1]):
        if a == "--color":
            color = args[i + 1]
        elif a == "--opening":
            opening = args[i + 1]
    me = "W" if color == "white" else "B"
    game, state = Game(), [42]
    for word in opening.split():
        move = parse(word, game)
        if move is None:
            print(f"error bad opening move {word}", file=sys.stderr)
            return 1
        game.play(move)

    def reply():
        if game.turn == me and not game.over():
            move = choose(game, state)
            game.play(move)
            print(text(move), flush=True)

    reply()
    for line in sys.stdin:
        line = line.strip()
        if not line or line[0].islower():
            if line == "quit":
                return 0
            if line == "isready":
                print("readyok", flush=True)
            continue
        move = parse(line, game) if not game.over() else None
        if move is None:
            print(f"illegal {line[:40]}: not a legal move here", flush=True)
            continue
        game.play(move)
        reply()
    return 0


if __name__ == "__main__":
    sys.exit(main())
