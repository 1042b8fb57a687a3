# Broken on purpose: the estimate printed is one more than the real one.
import re

from wrap import run_edited

run_edited("MiniMaxGame", lambda out: re.sub(r"estimate: (-?\d+)", lambda m: "estimate: %d" % (int(m.group(1)) + 1), out))
