"""The grader's stand-in for termcolor, written beside a student's program that imports it
where the grading machine's Python lacks it (morris grade; not the student's). The real
one colours nothing when the output is not a terminal, as it never is when graded, so this
one returns the text as it is given: what the program prints is what it would print with
termcolor installed."""

ATTRIBUTES = {}
COLORS = {}
HIGHLIGHTS = {}
RESET = "\033[0m"


def colored(text, color=None, on_color=None, attrs=None, **kwargs):
    return str(text)


def cprint(text, color=None, on_color=None, attrs=None, **kwargs):
    keep = {k: v for k, v in kwargs.items() if k in ("sep", "end", "file", "flush")}
    print(colored(text), **keep)

