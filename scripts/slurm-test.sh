#!/usr/bin/env bash
# Builds the small tables through a one-node Slurm cluster it starts itself, checks that
# they equal a local build byte for byte, resubmits after deleting a table (only that cell
# runs again), and stops the daemons it started. Needs root and Debian's packages
# (slurmctld slurmd slurm-client munge; installed with apt-get when missing).
#
#   scripts/slurm-test.sh [MORRIS_BINARY] [MAX_STONES]     # defaults: target/release/morris, 5
#
# Exit status: 0 passed, 1 failed, 77 cannot run here (not root, no apt-get, no daemons).
# The cluster: scripts/slurm-cluster.sh.
set -euo pipefail
shopt -s nullglob
bin=$(realpath "${1:-target/release/morris}")
max=${2:-5}
name=slurm-test
[ -x "$bin" ] || { echo "slurm-test: FAILED: no morris binary at $bin (cargo build --release)" >&2; exit 1; }
# shellcheck source=scripts/slurm-cluster.sh
source "$(dirname "$0")/slurm-cluster.sh"
start=$(date +%s%N)
"$bin" tablebase build --dir "$work/local" --max-stones "$max" >/dev/null
local_s=$(seconds_since "$start")

start=$(date +%s%N)
"$bin" tablebase slurm --dir "$work/shared" --max-stones "$max" --cpus 1 --submit >&2
wait_queue 900 || fail "the jobs did not finish in 15 minutes"
slurm_s=$(seconds_since "$start")

compare() {
    local n=0
    for f in "$work"/local/*.mtb; do
        cmp -s "$f" "$work/shared/$(basename "$f")" || fail "$(basename "$f") differs from the local build (logs: $work/shared/logs)"
        n=$((n + 1))
    done
    [ "$n" -gt 0 ] || fail "the local build wrote no table"
    [ "$(ls "$work"/shared/*.mtb | wc -l)" = "$n" ] || fail "the Slurm build wrote other tables than the local one"
    echo "$n"
}
n=$(compare)
echo "slurm-test: $n tables through Slurm equal the local build byte for byte" >&2

# A lost table: a resubmission runs only its cell.
rm "$work/shared/4-4.mtb"
out=$("$bin" tablebase slurm --dir "$work/shared" --max-stones "$max" --cpus 1 --submit)
echo "$out" >&2
echo "$out" | grep -q " 1 to build in 1 job arrays" || fail "the resubmission did not run exactly the missing cell (it said: $(echo "$out" | tail -n 3 | tr "\n" " "))"
wait_queue 300 || fail "the resubmitted job did not finish"
compare >/dev/null
echo "slurm-test: resubmission rebuilt only 4-4, equal again" >&2
"$bin" tablebase slurm --dir "$work/shared" --max-stones "$max" | grep -q "nothing to submit" \
    || fail "a complete directory still had cells to submit"

printf 'slurm-test: PASSED: %s tables up to %s stones; local build %s s, through Slurm %s s (one node %s, %s cores)\n' \
    "$n" "$max" "$local_s" "$slurm_s" "$host" "$cpus"
