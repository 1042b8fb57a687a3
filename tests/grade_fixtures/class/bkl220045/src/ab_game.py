#!/usr/bin/env python3
"""White's move in the midgame/endgame, ALPHA-BETA search.

usage: python3 ab_game.py INPUT OUTPUT --depth N
"""
from cli import main

if __name__ == '__main__':
    main(__doc__.splitlines()[0],
         opening=False, alpha_beta=True, improved=False, black=False)
