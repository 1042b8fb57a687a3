"""The grader's stand-in for tkinter, which this machine's Python was built without (as
Debian's python3 is without python3-tk). A program that only imports it, or names its
classes, runs as it would; one that opens a window gets the TclError the real tkinter
raises on a machine without a display, which a graded program always is."""

TkVersion = 8.6
TclVersion = 8.6
wantobjects = 1

_NO_DISPLAY = "no display name and no $DISPLAY environment variable"


class TclError(Exception):
    pass


class Misc:
    def __init__(self, *args, **kwargs):
        raise TclError(_NO_DISPLAY)


class Wm:
    pass


class BaseWidget(Misc):
    pass


class Widget(BaseWidget):
    pass


class Tk(Misc, Wm):
    pass


class Toplevel(BaseWidget, Wm):
    pass


class Frame(Widget): pass
class Canvas(Widget): pass
class Label(Widget): pass
class Button(Widget): pass
class Entry(Widget): pass
class Text(Widget): pass
class Scale(Widget): pass
class Scrollbar(Widget): pass
class Listbox(Widget): pass
class Menu(Widget): pass
class Menubutton(Widget): pass
class Message(Widget): pass
class Radiobutton(Widget): pass
class Checkbutton(Widget): pass
class Spinbox(Widget): pass
class LabelFrame(Widget): pass
class PanedWindow(Widget): pass
class OptionMenu(Menubutton): pass
class PhotoImage(Misc): pass
class BitmapImage(Misc): pass


class Variable:
    def __init__(self, master=None, value=None, name=None):
        raise RuntimeError("Too early to create variable: no default root window")


class StringVar(Variable): pass
class IntVar(Variable): pass
class DoubleVar(Variable): pass
class BooleanVar(Variable): pass


def mainloop(n=0):
    raise RuntimeError("Too early to run the main loop: no default root window")


N, S, E, W = "n", "s", "e", "w"
NW, SW, NE, SE, NS, EW, NSEW, CENTER = "nw", "sw", "ne", "se", "ns", "ew", "nsew", "center"
NONE, X, Y, BOTH = "none", "x", "y", "both"
LEFT, TOP, RIGHT, BOTTOM = "left", "top", "right", "bottom"
RAISED, SUNKEN, FLAT, RIDGE, GROOVE, SOLID = "raised", "sunken", "flat", "ridge", "groove", "solid"
HORIZONTAL, VERTICAL = "horizontal", "vertical"
NUMERIC, CHAR, WORD = "numeric", "char", "word"
BASELINE, INSIDE, OUTSIDE = "baseline", "inside", "outside"
NORMAL, DISABLED, ACTIVE, HIDDEN = "normal", "disabled", "active", "hidden"
INSERT, END, CURRENT, ANCHOR, ALL = "insert", "end", "current", "anchor", "all"
SEL, SEL_FIRST, SEL_LAST = "sel", "sel.first", "sel.last"
SINGLE, BROWSE, MULTIPLE, EXTENDED = "single", "browse", "multiple", "extended"
ROUND, BUTT, PROJECTING, BEVEL, MITER = "round", "butt", "projecting", "bevel", "miter"
ARC, CHORD, PIESLICE, FIRST, LAST = "arc", "chord", "pieslice", "first", "last"
YES, NO, TRUE, FALSE, ON, OFF = True, False, 1, 0, 1, 0

__all__ = [n for n in dict(globals()) if not n.startswith("_")]


def __getattr__(name):
    # Any other widget class a program names: one more that cannot open.
    if name[:1].isupper():
        return type(name, (Widget,), {})
    raise AttributeError("module 'tkinter' has no attribute %r" % name)


def _any_name(name):
    """Any name of a submodule (ttk's widgets, messagebox's functions and constants): a
    widget class, a constant's value, or a function that cannot open a window."""
    if name.isupper():
        return name.lower()
    if name[:1].isupper():
        return type(name, (Widget,), {})

    def no_display(*args, **kwargs):
        raise TclError(_NO_DISPLAY)

    return no_display
