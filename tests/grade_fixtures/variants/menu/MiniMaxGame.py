"""Test fixture: Part I's game program as a function for the menu (menu.py) to call;
it runs nothing by itself. The search is morris's own (in $MORRIS_CLASSROOM_BIN)."""
import os
import subprocess

NAME = "MiniMaxGame"


def minimax_game(input_file, output_file, depth):
    exe = os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], NAME)
    done = subprocess.run([exe, input_file, output_file, str(depth)], capture_output=True, text=True)
    print(done.stdout, end="")
