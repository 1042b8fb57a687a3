"""Command line handling shared by the eight programs.

    python3 <program>.py INPUT OUTPUT --depth N

Exit status: 0 = ok, 1 = the side to move has no legal move (it has lost; nothing
is printed on stdout and the output file is not written), 2 = bad command line
or bad input file.
"""

import argparse
import sys

from rules import Rules
from evaluation import StandardEstimator, ImprovedEstimator
from search import MiniMax, AlphaBeta

EXIT_NO_MOVE = 1


def positive_int(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError('depth must be an integer: %r' % text)
    if value < 1:
        raise argparse.ArgumentTypeError('depth must be at least 1')
    return value


def parse_args(description):
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument('input', help='file with the input board (22 letters W/B/x)')
    parser.add_argument('output', help='file the chosen board is written to')
    parser.add_argument('-d', '--depth', type=positive_int, required=True,
                        help='search depth in plies')
    args = parser.parse_args()
    try:
        with open(args.input) as f:
            board = f.read().strip()
    except OSError as e:
        parser.error('cannot read %s: %s' % (args.input, e.strerror))
    if len(board) != 22 or set(board) - set('WBx'):
        parser.error('%s does not hold a board of 22 letters W, B, x' % args.input)
    return args, board


def show(value):
    if value in (float('inf'), float('-inf')):
        return str(value)
    return str(int(value))


def main(description, opening, alpha_beta=False, improved=False, black=False):
    args, board = parse_args(description)
    rules = Rules()
    estimator = (ImprovedEstimator if improved else StandardEstimator)(rules, opening)
    searcher = (AlphaBeta if alpha_beta else MiniMax)(rules, estimator, opening)

    # playing Black = playing White on the board with the colours swapped
    start = rules.swap(board) if black else board
    best, value = searcher.best_move(start, args.depth)
    if best is None:
        side = 'Black' if black else 'White'
        print('%s has no legal move in this position (game lost), no move made'
              % side, file=sys.stderr)
        sys.exit(EXIT_NO_MOVE)
    if black:
        best = rules.swap(best)

    with open(args.output, 'w') as f:
        f.write(best + '\n')
    print('Output board is: ' + best)
    print('Number of positions evaluated: %d' % searcher.evaluated)
    print('MINIMAX estimate = ' + show(value))
