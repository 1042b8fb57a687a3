#!/usr/bin/env python3
"""Hostile engine: forks 10,000 children that sleep (each exits after a minute)."""
import os
import sys
import time

for _ in range(10_000):
    if os.fork() == 0:
        time.sleep(60)
        os._exit(0)
print("forked 10,000 children and was not stopped", file=sys.stderr)
sys.exit(3)
