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
# it (to measure what reading them below the root adds); OUT=DIR keeps the records there;
# ANALYZE="--depth 2" values the positions the tables do not cover by a shallow search
# instead of MOVETIME each (the exact counts do not change; the search marks do);
# MATCH="--grace-ms 200" adds options to the match (a loaded machine's allowances);
# SEED=N draws other openings (default 2026, the openings of docs/engine.md's runs).
# The tables are read once before the match, to have them in the page cache.
set -euo pipefail
tb=${1:?usage: $0 TABLE_DIR [GAMES] [MOVETIME]}
games=${2:-12}
movetime=${3:-1}
repo=$(cd "$(dirname "$0")/.." && pwd)
exe=${MORRIS:-$repo/target/release/morris}
[ -x "$exe" ] || cargo build --release --quiet --manifest-path "$repo/Cargo.toml"
jobs=${JOBS:-1}
choice=${CHOICE:-search}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
# The tables into the page cache first: read from disk, the side with them forfeits on
# time (10 of 100 games at 1 s a move on a machine whose cache was cold, 2026-12-03).
echo "reading the tables in $tb once, so that no probe waits on the disk" >&2
cat "$tb"/* > /dev/null
"$exe" match --engine "tables=$exe --tablebase $tb --tablebase-choice $choice" --engine "search=$exe" \
  --jobs "$jobs" --games "$games" --movetime "$movetime" --random-plies 4 --seed "${SEED:-2026}" --record "$out/games.tsv" ${MATCH:-} | tee "$out/match.txt"
read -r -a analyze <<<"${ANALYZE:---movetime $movetime}"
"$exe" analyze --tablebase "$tb" "${analyze[@]}" "$out/games.tsv" > "$out/analyze.txt"
"$repo/scripts/value-losses.sh" "$out/games.tsv" "$out/analyze.txt" | tee "$out/losses.txt"
echo "records and reports in $out"
