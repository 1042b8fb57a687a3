#!/usr/bin/env python3
"""Black's move in the opening phase, MINIMAX search (colour swap).

usage: python3 minimax_opening_black.py INPUT OUTPUT --depth N
"""
from cli import main

if __name__ == '__main__':
    main(__doc__.splitlines()[0],
         opening=True, alpha_beta=False, improved=False, black=True)
