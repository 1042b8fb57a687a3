#!/usr/bin/env bash
# Fake engine (black): reads white's move, then waits far past any time limit before
# answering. `read -t` waits without a child process, and returns at once on EOF.
read -r line || exit 0
read -r -t 30 line
echo "D7"
exit 0
