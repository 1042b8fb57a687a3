#!/usr/bin/env bash
# Builds the endgame databases pair by pair and measures each pair on its own:
# CPU time (user + system), wall time and peak memory (GNU time), positions solved per
# CPU second. Finished tables are kept between pairs (the build resumes), so each line
# is the cost of one pair given its dependencies.
#
# usage: scripts/tablebase-measure.sh DIR MAX_STONES [THREADS]
#   e.g. scripts/tablebase-measure.sh /tmp/morris-tb 5
set -euo pipefail
dir=${1:?usage: $0 DIR MAX_STONES [THREADS]}
max=${2:?usage: $0 DIR MAX_STONES [THREADS]}
threads=${3:-$(nproc)}
exe=${MORRIS:-target/release/morris}
[ -x "$exe" ] || cargo build --release --quiet
command -v /usr/bin/time >/dev/null || { echo "needs GNU time (/usr/bin/time)" >&2; exit 1; }

echo "pair   positions  cpu-s  wall-s  peak-MB  positions/cpu-s  threads=$threads"
for total in $(seq 6 $((2 * max))); do
  for lo in $(seq 3 $((total / 2))); do
    hi=$((total - lo))
    [ "$hi" -le "$max" ] || continue
    out=$(/usr/bin/time -f "TIME %U %S %e %M" "$exe" tablebase build --dir "$dir" --subspace "$lo-$hi" \
      --threads "$threads" 2>&1 >/tmp/tablebase-measure.$$ | grep '^TIME' || true)
    # Positions of this pair only (the lines not marked as kept).
    positions=$(awk '/solved \(time/ {s += $2} END {print s + 0}' /tmp/tablebase-measure.$$)
    read -r _ user sys wall rss <<<"$out"
    awk -v p="$lo-$hi" -v n="$positions" -v u="$user" -v s="$sys" -v w="$wall" -v m="$rss" \
      'BEGIN { c = u + s; printf "%-5s %11d %6.1f %7.1f %8.0f %16.0f\n", p, n, c, w, m / 1024, (c > 0 ? n / c : 0) }'
  done
done
rm -f /tmp/tablebase-measure.$$
