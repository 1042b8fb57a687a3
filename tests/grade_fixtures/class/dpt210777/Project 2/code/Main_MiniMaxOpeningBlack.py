"""
Main_MiniMaxOpeningBlack.py
Part III: Black's best move in the opening (colours swapped, White's search).
Author: D. Patel (dpt210777)

Run:  python3 Main_MiniMaxOpeningBlack.py -d DEPTH INPUT OUTPUT
"""

import sys

from Helper import Helper
from Common import play


class Main_MiniMaxOpeningBlack:

    @staticmethod
    def main(args):
        play('MiniMaxOpeningBlack.py', args, opening=True, estimator=Helper.estimateOpening, alphaBeta=False, black=True)


if __name__ == '__main__':
    Main_MiniMaxOpeningBlack.main(sys.argv)
