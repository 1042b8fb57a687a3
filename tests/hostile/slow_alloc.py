#!/usr/bin/env python3
"""Hostile engine: allocates memory slowly as it starts, 4 MiB at a time, up to the number
of MiB given as its first argument (just under its memory limit), and holds it while it
plays like the engine it wraps (argv[2:], with the game's flags). Says on stderr how much
it holds."""
import subprocess
import sys
import time

TARGET_MIB = int(sys.argv[1])
STEP_MIB = 4
held = []
while len(held) * STEP_MIB < TARGET_MIB:
    # Written to, so the pages are really resident.
    held.append(bytearray(b"\x01" * (STEP_MIB << 20)))
    time.sleep(0.005)
print(f"holding {len(held) * STEP_MIB} MiB", file=sys.stderr, flush=True)
sys.exit(subprocess.call(sys.argv[2:]))
