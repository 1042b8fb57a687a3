"""Test fixture: a "student" of the older packaging school whose eight programs are
setup.py console scripts (`pip install -e .`, then `MiniMaxOpening board1.txt board2.txt
2`), each a function here; no file is named for a program, and the README says only how to
install. They run morris's own, from $MORRIS_CLASSROOM_BIN."""
import os
import sys


def _run(name):
    exe = os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], name)
    os.execv(exe, [exe] + sys.argv[1:])


def minimax_opening():
    _run("MiniMaxOpening")


def minimax_game():
    _run("MiniMaxGame")


def ab_opening():
    _run("ABOpening")


def ab_game():
    _run("ABGame")


def minimax_opening_black():
    _run("MiniMaxOpeningBlack")


def minimax_game_black():
    _run("MiniMaxGameBlack")


def minimax_opening_improved():
    _run("MiniMaxOpeningImproved")


def minimax_game_improved():
    _run("MiniMaxGameImproved")
