"""
Common.py
Command line, file reading and printing for the Main_* programs.
Author: D. Patel (dpt210777)

Command line (options first):   python3 Main_ABGame.py -d 3 board3.txt board4.txt

Exit codes: 0 ok, 1 wrong command line / unreadable input. When the player to
move has no legal move (it is blocked = it lost) the board is printed and written
unchanged, with its static estimate: the game is over at the root.
"""

import sys

from Helper import Helper
from Search import Search


def usage(name):
    sys.stderr.write('usage: %s -d DEPTH INPUT OUTPUT\n' % name)
    sys.exit(1)


def parseArgs(name, argv):
    # expected: [prog, '-d', depth, input, output]
    if len(argv) != 5 or argv[1] != '-d':
        usage(name)
    try:
        depth = int(argv[2])
    except ValueError:
        usage(name)
    if depth < 1:
        sys.stderr.write('%s: depth has to be at least 1\n' % name)
        usage(name)
    return depth, argv[3], argv[4]


def readBoard(name, fileName):
    try:
        with open(fileName) as f:
            text = f.read().strip()
    except IOError:
        sys.stderr.write('%s: could not read %s\n' % (name, fileName))
        sys.exit(1)
    if len(text) != 22 or not all(ch in 'WBx' for ch in text):
        sys.stderr.write('%s: %s does not contain a valid board\n' % (name, fileName))
        sys.exit(1)
    return list(text)


def numberToString(v):
    if v == float('inf'):
        return 'Infinity'
    if v == float('-inf'):
        return '-Infinity'
    return str(int(v))


def play(name, argv, opening, estimator, alphaBeta=False, black=False):
    depth, inFile, outFile = parseArgs(name, argv)
    board = readBoard(name, inFile)
    if black:
        # Black's move = White's move on the board with swapped colours
        board = Helper.swap(board)

    search = Search(opening, estimator)
    if alphaBeta:
        best, value = search.alphaBetaDecision(board, depth)
    else:
        best, value = search.miniMaxDecision(board, depth)

    if black:
        best = Helper.swap(best)

    result = ''.join(best)
    with open(outFile, 'w') as f:
        f.write(result)
    print('Best move: ' + result)
    print('Positions Evaluated By Static Estimation: %d.' % search.positionsEvaluated)
    print('Estimate: %s.' % numberToString(value))
