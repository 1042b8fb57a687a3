#!/usr/bin/env python3
"""An honest engine in Python: runs the engine it wraps (argv[1:], with the game's flags)
on its own standard input and output."""
import subprocess
import sys

sys.exit(subprocess.call(sys.argv[1:]))
