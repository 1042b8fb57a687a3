"""The grader's stand-in for tkinter.constants (see tkinter/__init__.py)."""
from tkinter import *  # noqa: F401,F403
