#!/usr/bin/env python3
"""Hostile engine: connects to 127.0.0.1:argv[1] and sends a line."""
import socket
import sys

try:
    with socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=2) as s:
        s.sendall(b"hello from a sandboxed engine\n")
    print("network: connected", file=sys.stderr)
except OSError as e:
    print(f"network: could not connect: {e}", file=sys.stderr)
sys.exit(3)
