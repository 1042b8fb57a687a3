"""The grader's stand-in for tqdm, written beside a student's program that imports it where
the grading machine's Python lacks it (morris grade; not the student's). The real one draws
its progress bar on stderr, which the grader does not read for the answer; this one draws
nothing, and hands on what it wraps, as the real one does. `tqdm.write` prints, to stdout
by default, as the real one does."""

import sys


class tqdm:
    def __init__(self, iterable=None, *args, **kwargs):
        self.iterable = iterable
        self.total = kwargs.get("total")
        if self.total is None and iterable is not None:
            try:
                self.total = len(iterable)
            except TypeError:
                pass
        self.n = 0
        self.desc = kwargs.get("desc", "")
        self.postfix = None
        self.disable = kwargs.get("disable", False)

    def __iter__(self):
        for item in self.iterable if self.iterable is not None else ():
            self.n += 1
            yield item

    def __len__(self):
        return self.total if self.total is not None else 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def __bool__(self):
        return True

    def update(self, n=1):
        self.n += n
        return True

    def close(self):
        pass

    def clear(self, *args, **kwargs):
        pass

    def refresh(self, *args, **kwargs):
        pass

    def reset(self, total=None):
        self.n = 0
        if total is not None:
            self.total = total

    def set_description(self, desc=None, refresh=True):
        self.desc = desc or ""

    def set_description_str(self, desc=None, refresh=True):
        self.desc = desc or ""

    def set_postfix(self, ordered_dict=None, refresh=True, **kwargs):
        self.postfix = kwargs or ordered_dict

    def set_postfix_str(self, s="", refresh=True):
        self.postfix = s

    def display(self, *args, **kwargs):
        pass

    def unpause(self):
        pass

    @classmethod
    def write(cls, s, file=None, end="\n", nolock=False):
        (file or sys.stdout).write(str(s) + end)

    @classmethod
    def external_write_mode(cls, *args, **kwargs):
        import contextlib

        return contextlib.nullcontext()


def trange(*args, **kwargs):
    return tqdm(range(*args), **kwargs)


tqdm_notebook = tqdm
tnrange = trange
