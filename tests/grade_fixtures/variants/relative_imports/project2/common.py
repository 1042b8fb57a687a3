"""Shared by the programs of the package (PyCharm project, run with the package's
run configurations). Test fixture: hands over to the fixture's wrap.py above."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from wrap import run  # noqa: E402


def launch(name):
    run(name)
