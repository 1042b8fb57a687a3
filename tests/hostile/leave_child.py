#!/usr/bin/env python3
"""Hostile engine: starts `sleep 3600.25` in a session of its own (so a process-group
kill misses it), then plays like the engine it wraps (argv[1:], with the game's flags)."""
import subprocess
import sys

subprocess.Popen(["sleep", "3600.25"], start_new_session=True, stdin=subprocess.DEVNULL)
sys.exit(subprocess.call(sys.argv[1:]))
