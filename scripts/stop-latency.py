#!/usr/bin/env python3
"""Latency of `stop` and `quit` while the engine thinks (issue #11), measured from outside.

    scripts/stop-latency.py [ENGINE] [RUNS]

Starts ENGINE (default target/release/morris) as Black with a 60 s move time, sends a
move, waits until it has thought for a while, then sends `stop` and times the move line;
then lets it think again, sends `quit` and times the exit. Prints the mean and worst of
each in milliseconds. On a shared machine, say so when quoting the numbers.
"""
import subprocess
import sys
import time

engine = sys.argv[1] if len(sys.argv) > 1 else "target/release/morris"
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 20
WHITE = ["D2", "A7", "G7", "A1", "G1", "D7", "D1", "B6", "F6"]


def start():
    return subprocess.Popen([engine, "--color", "black", "--movetime", "60"] + sys.argv[3:], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, bufsize=1)


def send(p, line):
    p.stdin.write(line + "\n")
    p.stdin.flush()


stops, quits = [], []
for _ in range(runs):
    p = start()
    send(p, "D2")
    time.sleep(0.3)
    t = time.perf_counter()
    send(p, "stop")
    reply = p.stdout.readline().strip()
    stops.append((time.perf_counter() - t) * 1000)
    white = next(m for m in WHITE[1:] if m != reply)
    send(p, white)
    time.sleep(0.3)
    t = time.perf_counter()
    send(p, "quit")
    p.wait(timeout=30)
    quits.append((time.perf_counter() - t) * 1000)

for name, xs in (("stop -> move", stops), ("quit -> exit", quits)):
    print(f"{name}: runs {len(xs)} mean {sum(xs) / len(xs):.2f} ms worst {max(xs):.2f} ms")
