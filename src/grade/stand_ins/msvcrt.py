"""The grader's stand-in for Windows' msvcrt, which Linux's Python lacks, written beside a
student's program that imports it (morris grade; not the student's). Its keyboard has a
key pressed whenever a program waits for one: `getch()` answers Enter at once, so a
"Press any key to continue..." pause ends; `kbhit()` says a key is waiting every other
time it is asked, so a loop that waits for a key ends, and so does one that empties the
keyboard first. The rest do nothing.

The standard library tells Windows by whether msvcrt imports (subprocess's `try: import
msvcrt`): to it there is none, as on Linux, so it is refused to the standard library's
modules, and subprocess is imported first with none."""

import sys


def _importer_file():
    """The file of the module whose `import msvcrt` runs this, this module's own frames
    and the import machinery's passed over."""
    frame = sys._getframe(1)
    while frame is not None and (frame.f_code.co_filename.startswith("<frozen") or frame.f_globals is globals()):
        frame = frame.f_back
    return "" if frame is None else str(frame.f_globals.get("__file__") or "")


def _standard(path):
    import os
    import sysconfig

    paths = sysconfig.get_paths()
    here = os.path.realpath(path)
    return bool(path) and any(
        here.startswith(os.path.realpath(paths[k]) + os.sep) for k in ("stdlib", "platstdlib") if k in paths
    )


if _standard(_importer_file()):
    raise ModuleNotFoundError("No module named %r" % __name__, name=__name__)

_me = sys.modules.get(__name__)
sys.modules[__name__] = None
try:
    import subprocess  # noqa: F401  (with no msvcrt to find, as on Linux)
finally:
    sys.modules[__name__] = _me

_waiting = True


def kbhit():
    global _waiting
    _waiting = not _waiting
    return not _waiting


def getch():
    global _waiting
    _waiting = False
    return b"\r"


def getche():
    return getch()


def getwch():
    return getch().decode()


def getwche():
    return getwch()


def putch(char):
    pass


def putwch(char):
    pass


def ungetch(char):
    pass


def ungetwch(char):
    pass


def setmode(fd, flags):
    return 0


def locking(fd, mode, nbytes):
    pass


def heapmin():
    pass
