# Left its debugging in: a line per position tried (about 400 KB) before the answer.
from wrap import run_edited


def noisy(out):
    return "".join("checking position %d\n" % i for i in range(20000)) + out


run_edited("MiniMaxOpening", noisy)
