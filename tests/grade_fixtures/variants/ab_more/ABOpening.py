# Broken on purpose: an "alpha-beta" that evaluates more positions than MiniMax.
import re

from wrap import run_edited

run_edited("MiniMaxOpening", lambda out: re.sub(r"estimation: (\d+)", lambda m: "estimation: %d" % (2 * int(m.group(1)) + 1), out))
