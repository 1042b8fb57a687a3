"""Test fixture: a "student" on uv and Python 3.12 whose eight programs are the console
commands its pyproject declares (`uv run minimax-opening board1.txt board2.txt 2`; the
functions are poetry_scripts' cli.py), its package written in 3.12's idioms (a `type`
alias, PEP 695), which python3.11 refuses before the package imports."""

type Board = str
