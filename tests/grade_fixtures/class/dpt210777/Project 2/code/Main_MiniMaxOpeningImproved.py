"""
Main_MiniMaxOpeningImproved.py
Part IV: MiniMaxOpening with my improved static estimation.
Author: D. Patel (dpt210777)

Run:  python3 Main_MiniMaxOpeningImproved.py -d DEPTH INPUT OUTPUT
"""

import sys

from ImprovedEstimator import ImprovedEstimator
from Common import play


class Main_MiniMaxOpeningImproved:

    @staticmethod
    def main(args):
        play('MiniMaxOpeningImproved.py', args, opening=True, estimator=ImprovedEstimator.opening, alphaBeta=False, black=False)


if __name__ == '__main__':
    Main_MiniMaxOpeningImproved.main(sys.argv)
