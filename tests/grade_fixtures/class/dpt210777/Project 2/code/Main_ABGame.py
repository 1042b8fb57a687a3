"""
Main_ABGame.py
Part II: White's best move in the midgame/endgame, MINIMAX with alpha-beta pruning.
Author: D. Patel (dpt210777)

Run:  python3 Main_ABGame.py -d DEPTH INPUT OUTPUT
"""

import sys

from Helper import Helper
from Common import play


class Main_ABGame:

    @staticmethod
    def main(args):
        play('ABGame.py', args, opening=False, estimator=Helper.estimateGame, alphaBeta=True, black=False)


if __name__ == '__main__':
    Main_ABGame.main(sys.argv)
