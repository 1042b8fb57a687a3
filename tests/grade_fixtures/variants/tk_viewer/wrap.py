"""Test fixture: a student who kept the tkinter board viewer they debugged with, imported
at the top, used only with --show (TA trial 26's tkv231114). The programs are morris's
own, from $MORRIS_CLASSROOM_BIN."""
import os
import sys
import tkinter as tk
from tkinter import messagebox  # noqa: F401 (for the viewer's errors)


class BoardViewer(tk.Frame):
    """Draws the board in a window."""

    def __init__(self, master, board):
        super().__init__(master)
        self.board = board


def run(name):
    if "--show" in sys.argv:
        sys.argv.remove("--show")
        try:
            BoardViewer(tk.Tk(), open(sys.argv[1]).read())
        except tk.TclError as e:
            print("could not open window:", e, file=sys.stderr)
    binary = os.path.join(os.environ["MORRIS_CLASSROOM_BIN"], name)
    os.execv(binary, [binary] + sys.argv[1:])
