#!/usr/bin/env bash
# Plays one full game between two copies of the engine piped into each other through two
# fifos, exactly as protocol.md §6 shows: each engine's moves go to the other, its other
# lines (result, info, ...) do not. Prints the game, the result both engines announced, and
# the longest reply time seen from outside (opponent's move relayed -> reply received).
#
#   scripts/selfplay.sh                      # 0.1 s per move
#   MOVETIME=1 scripts/selfplay.sh --depth 4 # extra flags go to both engines
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=${MORRIS:-target/release/morris}
movetime=${MOVETIME:-0.1}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkfifo "$dir/w2b" "$dir/b2w"

# Forwards move lines, logs them with a time stamp, stops at the result line.
relay() {
  local side=$1 line
  while IFS= read -r line; do
    case $line in
      result*) echo "$side $line" >>"$dir/results"; return ;;
      [[:lower:]]*) ;;
      *) echo "$line"; echo "$EPOCHREALTIME $side $line" >>"$dir/log" ;;
    esac
  done
}

"$bin" --color white --movetime "$movetime" "$@" <"$dir/b2w" | relay white >"$dir/w2b" &
"$bin" --color black --movetime "$movetime" "$@" <"$dir/w2b" | relay black >"$dir/b2w"
wait

awk '{ printf "%s%s", (NR % 2 ? (NR > 1 ? "\n" : "") (NR + 1) / 2 ". " : " "), $3 } END { print "" }' "$dir/log"
echo "plies: $(wc -l <"$dir/log")"
cat "$dir/results"
# The first move has no opponent's move before it: the engine's start-up is not timed.
awk -v limit="$movetime" 'NR > 1 { d = $1 - prev; if (d > max) max = d } { prev = $1 }
  END { printf "longest reply: %.1f ms (movetime %s s)\n", max * 1000, limit; exit (max > limit) }' "$dir/log"
