"""
Main_MiniMaxGameImproved.py
Part IV: MiniMaxGame with my improved static estimation.
Author: D. Patel (dpt210777)

Run:  python3 Main_MiniMaxGameImproved.py -d DEPTH INPUT OUTPUT
"""

import sys

from ImprovedEstimator import ImprovedEstimator
from Common import play


class Main_MiniMaxGameImproved:

    @staticmethod
    def main(args):
        play('MiniMaxGameImproved.py', args, opening=False, estimator=ImprovedEstimator.game, alphaBeta=False, black=False)


if __name__ == '__main__':
    Main_MiniMaxGameImproved.main(sys.argv)
