#!/bin/sh
# Runs every program of the handout on the example board and prints a transcript.
cd "$(dirname "$0")/.." || exit 1
for p in MiniMaxOpening ABOpening MiniMaxOpeningBlack MiniMaxOpeningImproved; do
    echo "### $p"
done
for flags in "" "--black" "--improved"; do
    python3 src/minimax.py --phase opening $flags examples/board1.txt examples/out.txt 2
done
python3 src/alphabeta.py --phase opening examples/board1.txt examples/out.txt 2
echo "### MiniMaxGame ABGame MiniMaxGameBlack MiniMaxGameImproved: see the README"
