#!/usr/bin/env bash
# Grades the submissions written independently from the handout alone
# (tests/independent_class/, see its README) with the built-in cases, and checks that each
# gets 100 and is not flagged, as its substance earns. Prints the sheet and the time.
#
#   scripts/grade-independent.sh /tmp/independent     # then: /tmp/independent/summary.md
#
# MORRIS (default target/release/morris) is the binary; JOBS (default 2); extra
# arguments go to `morris grade`.
set -euo pipefail
out=${1:?usage: scripts/grade-independent.sh OUT [morris grade args]}
shift
# OUT and MORRIS as the caller names them, from the caller's folder; the default binary is
# the repository's.
mkdir -p "$out"
out=$(cd "$out" && pwd)
repo=$(cd "$(dirname "$0")/.." && pwd)
morris=${MORRIS:-$repo/target/release/morris}
case $morris in /*) ;; */*) morris=$PWD/$morris ;; esac
cd "$repo"
start=$(date +%s)
"$morris" grade tests/independent_class --out "$out" --force --jobs "${JOBS:-2}" "$@"
echo "graded in $(($(date +%s) - start)) s"
cat "$out/grades.csv"
# Every row: a total of 100 and no flag.
bad=$(tail -n +2 "$out/grades.csv" | tr -d '\r' | awk -F, '$7 != 100 || $8 != "" { print $1 " (" $7 (($8 != "") ? ", flagged" : "") ")" }')
if [ -n "$bad" ]; then
    echo "not as their substance earns: $bad" >&2
    exit 1
fi
echo "all $(($(wc -l < "$out/grades.csv") - 1)) at 100, none flagged"
