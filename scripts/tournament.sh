#!/usr/bin/env bash
# An example knockout (seed 003's random pair-off) between four configurations of our
# engine: prints the bracket, the game records and the ratings.
#
#   scripts/tournament.sh [MOVETIME] [SEED]        (defaults: 0.1 s per move, seed 1)
#
# Environment: MORRIS=path to a built morris binary (default: cargo build --release),
# ENGINE=the engine binary the entrants run (default: $MORRIS), GAMES=games per bout
# (default 2), RECORD=record file (default: a temporary file).
set -euo pipefail
cd "$(dirname "$0")/.."
movetime=${1:-0.1}
seed=${2:-1}
if [ -z "${MORRIS:-}" ]; then
  cargo build --release --quiet
  MORRIS=target/release/morris
fi
engine=${ENGINE:-$MORRIS}
record=${RECORD:-$(mktemp "${TMPDIR:-/tmp}/morris-tournament.XXXXXX")}

echo "== knockout: 4 entrants, ${movetime} s per move, seed ${seed}, record in ${record}"
"$MORRIS" tournament --format knockout --seed "$seed" --movetime "$movetime" \
  --games "${GAMES:-2}" --random-plies 2 --record "$record" \
  --engine "full=$engine" \
  --engine "handout-d3=$engine --eval handout --depth 3" \
  --engine "depth1=$engine --depth 1" \
  --engine "depth2=$engine --depth 2"

echo
echo "== games (game, white, black, result, termination, plies, reason)"
cut -f1-6,9 "$record" | tail -n +2 | column -t -s "$(printf '\t')" 2>/dev/null || cut -f1-6,9 "$record" | tail -n +2
