"""
Main_MiniMaxGameBlack.py
Part III: Black's best move in the midgame/endgame (colours swapped, White's search).
Author: D. Patel (dpt210777)

Run:  python3 Main_MiniMaxGameBlack.py -d DEPTH INPUT OUTPUT
"""

import sys

from Helper import Helper
from Common import play


class Main_MiniMaxGameBlack:

    @staticmethod
    def main(args):
        play('MiniMaxGameBlack.py', args, opening=False, estimator=Helper.estimateGame, alphaBeta=False, black=True)


if __name__ == '__main__':
    Main_MiniMaxGameBlack.main(sys.argv)
