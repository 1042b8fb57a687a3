"""
Main_ABOpening.py
Part II: White's best move in the opening, MINIMAX with alpha-beta pruning.
Author: D. Patel (dpt210777)

Run:  python3 Main_ABOpening.py -d DEPTH INPUT OUTPUT
"""

import sys

from Helper import Helper
from Common import play


class Main_ABOpening:

    @staticmethod
    def main(args):
        play('ABOpening.py', args, opening=True, estimator=Helper.estimateOpening, alphaBeta=True, black=False)


if __name__ == '__main__':
    Main_ABOpening.main(sys.argv)
