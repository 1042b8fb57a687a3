"""
Main_MiniMaxGame.py
Part I: White's best move in the midgame/endgame, MINIMAX.
Author: D. Patel (dpt210777)

Run:  python3 Main_MiniMaxGame.py -d DEPTH INPUT OUTPUT
"""

import sys

from Helper import Helper
from Common import play


class Main_MiniMaxGame:

    @staticmethod
    def main(args):
        play('MiniMaxGame.py', args, opening=False, estimator=Helper.estimateGame, alphaBeta=False, black=False)


if __name__ == '__main__':
    Main_MiniMaxGame.main(sys.argv)
