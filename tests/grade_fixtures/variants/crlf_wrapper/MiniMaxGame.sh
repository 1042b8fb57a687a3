#!/bin/sh
# run from anywhere
cd "$(dirname "$0")"
python3 MiniMaxGame.py "$@"
