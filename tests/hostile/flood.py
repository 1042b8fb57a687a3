#!/usr/bin/env python3
"""Hostile engine: prints 100 MB without a newline, then waits."""
import sys
import time

chunk = "x" * (1 << 20)
for _ in range(100):
    sys.stdout.write(chunk)
sys.stdout.flush()
time.sleep(30)
