"""Test fixture: a "student" on uv and Python 3.12 whose eight programs are the console
commands its pyproject declares (`uv run minimax-opening board1.txt board2.txt 2`), each a
function here, written in 3.12's idioms (a `type` alias, PEP 695), which python3.11 refuses;
no file is named for a program. They run morris's own, from $MORRIS_CLASSROOM_BIN."""
import os
import sys

type Argv = list[str] | None


def _run(name: str, argv: Argv = None) -> None:
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
