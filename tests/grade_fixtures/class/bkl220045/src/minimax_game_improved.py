#!/usr/bin/env python3
"""White's move in the midgame/endgame, MINIMAX with my improved estimation.

usage: python3 minimax_game_improved.py INPUT OUTPUT --depth N
"""
from cli import main

if __name__ == '__main__':
    main(__doc__.splitlines()[0],
         opening=False, alpha_beta=False, improved=True, black=False)
