"""Test fixture: a "student" on Python 3.13 who writes in its idioms: f-strings reusing
their quotes inside the braces (PEP 701, Python 3.12), a `type` alias and a generic
function (PEP 695), `typing.override` (3.12's). python3.11 refuses the file before running
a line. Runs morris's own program from $MORRIS_CLASSROOM_BIN. Correct in substance."""
import os
import sys


def binary(name):
    return f"{os.environ["MORRIS_CLASSROOM_BIN"]}/{name}"


type Argv = list[str]


def first[T](items: list[T]) -> T:
    return items[0]


class Launcher:
    def argv(self, name: str) -> Argv:
        raise NotImplementedError


class Classroom(Launcher):
    from typing import override

    @override
    def argv(self, name: str) -> Argv:
        return [binary(name), *sys.argv[1:]]


def run(name):
    argv = Classroom().argv(name)
    os.execv(first(argv), argv)
