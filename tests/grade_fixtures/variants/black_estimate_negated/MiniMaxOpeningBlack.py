# The Black program swaps, searches and swaps back, then prints the value for the real
# board (White's side): the search's estimate negated.
import re

from wrap import run_edited


def negated(value):
    if value.startswith("-"):
        return value[1:]
    return value if value == "0" else "-" + value


run_edited("MiniMaxOpeningBlack", lambda out: re.sub(r"estimate: (-?\w+)", lambda m: "estimate: " + negated(m.group(1)), out))
