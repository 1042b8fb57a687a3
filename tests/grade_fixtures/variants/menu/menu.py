"""Test fixture: a student who runs everything from one console menu (no command-line
arguments: awkward in their IDE). Only Part I is done; the rest says so."""
from MiniMaxOpening import minimax_opening
from MiniMaxGame import minimax_game

PROGRAMS = ["MiniMaxOpening", "MiniMaxGame", "ABOpening", "ABGame", "MiniMaxOpeningBlack",
            "MiniMaxGameBlack", "MiniMaxOpeningImproved", "MiniMaxGameImproved"]

while True:
    print("===== Morris Variant =====")
    for i, name in enumerate(PROGRAMS, start=1):
        print(f"{i}) {name}")
    print("0) Exit")
    choice = input("Your choice: ").strip()
    if choice == "0":
        break
    if choice not in ("1", "2"):
        print("Not done yet, sorry")
        continue
    board_in = input("Input file: ").strip()
    board_out = input("Output file: ").strip()
    depth = int(input("Depth: "))
    if choice == "1":
        minimax_opening(board_in, board_out, depth)
    else:
        minimax_game(board_in, board_out, depth)
