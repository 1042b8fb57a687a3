#!/usr/bin/env bash
# The engine with the endgame tables against itself without them, in colour-swapped
# pairs at a fixed time per move, then every game through `morris analyze` with the
# tables: value-losing moves per side and from which move on each game's value was
# exact (tables, or a search that proved its score from the last placements).
#
# usage: scripts/tablebase-strength.sh TABLE_DIR [GAMES] [MOVETIME]
#   e.g. scripts/tablebase-strength.sh tb 12 1
# JOBS=N plays N games at once (one engine of a game thinks at a time, so 2 suits a
# 2-core machine); CHOICE=random makes the table side pick a random value-keeping
# placement instead of searching among them (to measure what the search adds), and
# CHOICE=root-only makes its search read the placing tables at the root only, not below
# it (to measure what reading them below the root adds); OUT=DIR keeps the records there.
set -euo pipefail
tb=${1:?usage: $0 TABLE_DIR [GAMES] [MOVETIME]}
games=${2:-12}
movetime=${3:-1}
exe=${MORRIS:-target/release/morris}
[ -x "$exe" ] || cargo build --release --quiet
jobs=${JOBS:-1}
choice=${CHOICE:-search}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
"$exe" match --engine "tables=$exe --tablebase $tb --tablebase-choice $choice" --engine "search=$exe" \
  --jobs "$jobs" --games "$games" --movetime "$movetime" --random-plies 4 --seed 2026 --record "$out/games.tsv" | tee "$out/match.txt"
"$exe" analyze --tablebase "$tb" --movetime "$movetime" --brief "$out/games.tsv" | tee "$out/analyze.txt"
echo "records and reports in $out"
