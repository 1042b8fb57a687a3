"""The grader's stand-in for tkinter.simpledialog (see tkinter/__init__.py): its names exist, and
nothing can open a window."""
import tkinter as _tk


def __getattr__(name):
    if name[:1].isupper():
        return type(name, (_tk.Widget,), {})
    if name.isupper():
        return name.lower()

    def _no_display(*args, **kwargs):
        raise _tk.TclError(_tk._NO_DISPLAY)

    return _no_display
