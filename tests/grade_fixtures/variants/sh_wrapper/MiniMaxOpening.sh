#!/bin/sh
# How I ran it on my laptop.
cd "$(dirname "$0")"
python MiniMaxOpening.py "$@"
