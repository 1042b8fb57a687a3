"""The grader's stand-in for tkinter.colorchooser (see tkinter/__init__.py): any name it is asked
for, and nothing can open a window."""
from tkinter import _any_name as __getattr__  # noqa: F401
