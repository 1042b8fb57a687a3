"""Test fixture: a "student" whose eight programs are Poetry console commands
(`poetry run minimax-opening board1.txt board2.txt 2`), each a function here; no file is
named for a program. They run morris's own, from $MORRIS_CLASSROOM_BIN."""
import os
import sys


def _run(name, argv=None):
    args = sys.argv[1:] if argv is None else argv
    exe = os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], name)
    os.execv(exe, [exe] + args)


def minimax_opening(argv=None):
    return _run("MiniMaxOpening", argv)


def minimax_game(argv=None):
    return _run("MiniMaxGame", argv)


def ab_opening(argv=None):
    return _run("ABOpening", argv)


def ab_game(argv=None):
    return _run("ABGame", argv)


def minimax_opening_black(argv=None):
    return _run("MiniMaxOpeningBlack", argv)


def minimax_game_black(argv=None):
    return _run("MiniMaxGameBlack", argv)


def minimax_opening_improved(argv=None):
    return _run("MiniMaxOpeningImproved", argv)


def minimax_game_improved(argv=None):
    return _run("MiniMaxGameImproved", argv)
