#!/usr/bin/env python3
"""Hostile engine: allocates (and touches) 8 GiB, 64 MiB at a time."""
import sys

chunks = []
for _ in range(128):
    chunks.append(b"\x01" * (64 << 20))
print("allocated 8 GiB and was not stopped", file=sys.stderr)
sys.exit(3)
