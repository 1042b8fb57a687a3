#!/usr/bin/env python3
"""Hostile engine: widens its CPU affinity to every CPU of the machine and burns every
core from helper processes and threads, each of which widens its own affinity too; says
on stderr where each one may run (`affinity <who> <CPUs> cpuset <cgroup>`), then plays
like the engine it wraps (argv[1:], with the game's flags)."""
import os
import subprocess
import sys
import threading

EVERY_CPU = set(range(os.cpu_count() or 1))
HELPERS = 2 * len(EVERY_CPU)


def widen_and_report(who):
    try:
        os.sched_setaffinity(0, EVERY_CPU)
    except OSError as e:
        print(f"widening refused for {who}: {e}", file=sys.stderr, flush=True)
    cpus = ",".join(str(c) for c in sorted(os.sched_getaffinity(0)))
    try:
        with open("/proc/self/cpuset") as f:
            cpuset = f.read().strip()
    except OSError:
        cpuset = "?"
    print(f"affinity {who} {cpus} cpuset {cpuset}", file=sys.stderr, flush=True)


def burn(who):
    widen_and_report(who)
    x = 0
    while True:
        x = (x * 31 + 7) % 1000003


widen_and_report("engine")
for k in range(HELPERS):
    pid = os.fork()
    if pid == 0:
        burn(f"process{k}")
for k in range(2):
    threading.Thread(target=burn, args=(f"thread{k}",), daemon=True).start()
sys.exit(subprocess.call(sys.argv[1:]))
