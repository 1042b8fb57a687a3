#!/usr/bin/env bash
# Grades the submissions written independently from the handout alone
# (tests/independent_class/, see its README) with the built-in cases, and checks that each
# gets 100 and is not flagged, as its substance earns; then those written with one mistake
# planted (tests/independent_mistakes/), and checks that each gets the sheet's row in its
# expected.csv. Prints the sheets and the time.
#
#   scripts/grade-independent.sh /tmp/independent     # then: /tmp/independent/summary.md,
#                                                     # /tmp/independent/mistakes/summary.md
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
# Every row: a total of 100, and no flag but for the students tests/independent_class/
# flagged.txt lists (a team's work handed in once: the grade is right, and a TA must look),
# who must be flagged.
bad=$(tail -n +2 "$out/grades.csv" | tr -d '\r' | awk -F, 'NR == FNR { if ($0 !~ /^#/) ok[$1] = 1; next }
    $7 != 100 || ($8 != "") != ($1 in ok) { print $1 " (" $7 (($8 != "") ? ", flagged" : ", not flagged") ")" }' \
    FS=' ' tests/independent_class/flagged.txt FS=, -)
if [ -n "$bad" ]; then
    echo "not as their substance earns: $bad" >&2
    exit 1
fi
echo "all $(($(wc -l < "$out/grades.csv") - 1)) at 100, none flagged but $(grep -vc '^#' tests/independent_class/flagged.txt) as flagged.txt has it"
"$morris" grade tests/independent_mistakes --out "$out/mistakes" --force --jobs "${JOBS:-2}" "$@"
cat "$out/mistakes/grades.csv"
# A student may have two rows in expected.csv: where a call of the planted mistake runs
# close to its time limit, a fast machine sees it end in time and a slow one sees it time
# out (nop210664's depth-6 alpha-beta that never prunes: 119 s of CPU against 139 s). A
# row graded is right if it is one of its student's rows, and every student is graded.
wrong=$(awk -F, 'NR == FNR { want[$0] = 1; ids[$1] = 1; next }
    FNR > 1 { seen[$1] = 1; if (!($0 in want)) print "  got " $0 }
    END { for (id in ids) if (id != "net_id" && !(id in seen)) print "  no row for " id }' \
    <(tr -d '\r' < tests/independent_mistakes/expected.csv) <(tr -d '\r' < "$out/mistakes/grades.csv"))
if [ -n "$wrong" ]; then
    echo "the planted mistakes were not graded as tests/independent_mistakes/expected.csv has them:" >&2
    echo "$wrong" >&2
    exit 1
fi
echo "the $(($(wc -l < "$out/mistakes/grades.csv") - 1)) with a planted mistake graded as expected; in all $(($(date +%s) - start)) s"
