#!/usr/bin/env bash
# Fake engine (white): prints a point that is not on the board, then ignores EOF and
# SIGTERM, so only SIGKILL stops it.
trap '' TERM
echo "D4"
while :; do sleep 0.05; done
