"""
Main_MiniMaxOpening.py
Part I: White's best move in the opening, MINIMAX.
Author: D. Patel (dpt210777)

Run:  python3 Main_MiniMaxOpening.py -d DEPTH INPUT OUTPUT
"""

import sys

from Helper import Helper
from Common import play


class Main_MiniMaxOpening:

    @staticmethod
    def main(args):
        play('MiniMaxOpening.py', args, opening=True, estimator=Helper.estimateOpening, alphaBeta=False, black=False)


if __name__ == '__main__':
    Main_MiniMaxOpening.main(sys.argv)
