#!/usr/bin/env bash
# The figures of docs/tablebase.md, "The standard game's placing phase": per-ply
# positions and wins/draws/losses, the empty board's value and the value of every first
# placement (four classes of points under the board's symmetries), probe cost, and the
# engine's start-up and memory with every table. Take it on a quiet machine.
#
# usage: scripts/placing-results.sh [TABLE_DIR]     (default /var/lib/morris/tb)
#        STONES=4 scripts/placing-results.sh /tmp/tb4   (a smaller game's tables)
set -euo pipefail
tb=${1:-${MORRIS_TABLES:-/var/lib/morris/tb}}
exe=${MORRIS:-target/release/morris}
[ -x "$exe" ] || cargo build --release --quiet
empty=xxxxxxxxxxxxxxxxxxxxxxxx
stones=${STONES:-9}

echo "== per ply (tablebase stats --placing)"
"$exe" tablebase stats --dir "$tb" --placing
echo "== the empty board and its 24 first placements, rule profile of the moving tables"
"$exe" tablebase probe --dir "$tb" --stones "$stones" --in-hand "$stones,$stones" "$empty white"
if ls "$tb/p0-0-0.s$stones.r0.ptb" >/dev/null 2>&1; then
    echo "== the same, game-theoretic profile"
    "$exe" tablebase probe --dir "$tb" --stones "$stones" --in-hand "$stones,$stones" --no-removal-plies 0 "$empty white"
fi
echo "== probe cost (tablebase bench)"
"$exe" tablebase bench --dir "$tb" --probes 200000
echo "== engine start-up with every table: time to answer quit"
if [ -x /usr/bin/time ]; then
    /usr/bin/time -f "%e s wall, %M KB peak resident" "$exe" --color black --tablebase "$tb" </dev/null
else
    time "$exe" --color black --tablebase "$tb" </dev/null   # no /usr/bin/time (Debian's 'time'): wall only
fi
echo "== engine memory after its first move (1 s) from the empty board, every index built"
out=$(mktemp)
(sleep 12; echo quit) | "$exe" --color white --movetime 1 --tablebase "$tb" >"$out" &
pid=$!
sleep 10
grep -E '^(RssAnon|RssFile|VmHWM)' "/proc/$pid/status" || true
wait "$pid"
echo "first move: $(head -n 1 "$out")"
rm -f "$out"
