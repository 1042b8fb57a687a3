#!/usr/bin/env bash
# A round robin of six depth-limited engines (so every game is deterministic) played
# twice with the same seed: locally, and through a one-node Slurm cluster with
# `morris tournament --slurm DIR --submit` (a job array, then the planner that writes the
# standings). The records (game, players, result, termination, moves) and the standings
# must be the same. Needs root and Debian's Slurm packages (scripts/slurm-cluster.sh).
#
#   scripts/slurm-tournament-test.sh [MORRIS_BINARY]     # default: target/release/morris
#
# Exit status: 0 passed, 1 failed, 77 cannot run here.
set -euo pipefail
shopt -s nullglob
bin=$(realpath "${1:-target/release/morris}")
name=slurm-tournament-test
[ -x "$bin" ] || { echo "$name: FAILED: no morris binary at $bin" >&2; exit 1; }
# shellcheck source=scripts/slurm-cluster.sh
source "$(dirname "$0")/slurm-cluster.sh"

cd "$work/shared"
# The depths decide each move in milliseconds; 5 s a move only keeps a loaded machine
# (the test suite runs six tests at once) from deciding a game on time in one run. The
# engines play without the tables the binary carries: the engine reads their placing
# values on a thread against the clock (it searches every placement if the read misses
# its deadline), and on a machine loaded enough a read from disk can miss it in one run
# and not the other; a depth alone then decides every move.
args=(tournament --format round-robin --games 2 --movetime 5 --seed 7 --jobs 1)
for i in 1 2 3 4 5 6; do
    args+=(--engine "e$i=$bin --depth $(( (i + 1) / 2 )) --no-small-tables")
done
start=$(date +%s%N)
"$bin" "${args[@]}" --record "$work/local.tsv" --standings "$work/local-standings" >"$work/local.out" 2>&1 \
    || fail "the local run failed: $(tail -n 3 "$work/local.out")"
local_s=$(seconds_since "$start")
start=$(date +%s%N)
"$bin" "${args[@]}" --slurm "$work/shared/t" --submit >&2 || fail "planning the first wave failed"
wait_queue 900 || fail "the jobs did not finish in 15 minutes (logs: $work/shared/t/logs)"
slurm_s=$(seconds_since "$start")
[ -f "$work/shared/t/standings/standings.csv" ] || fail "no standings after the jobs (logs: $work/shared/t/logs)"
games() { grep -hv '^#' "$@" | cut -f1-6,8 | sort -n; }
n=$(games "$work/local.tsv" | wc -l)
[ "$n" = 30 ] || fail "the local run recorded $n games, not 30"
diff <(games "$work/local.tsv") <(games "$work"/shared/t/records/*.tsv) >&2 \
    || fail "the records through Slurm differ from the local run's"
# The results, rank to turn: the columns after them (think times, what the engines used)
# are the clock's and the machine's.
results() { cut -d, -f1-15 "$1"; }
diff <(results "$work/local-standings/standings.csv") <(results "$work/shared/t/standings/standings.csv") >&2 \
    || fail "the standings through Slurm differ from the local run's"
diff "$work/local-standings/crosstable.csv" "$work/shared/t/standings/crosstable.csv" >&2 \
    || fail "the crosstable through Slurm differs from the local run's"
printf '%s: PASSED: %s games, same records and standings; local %s s, through Slurm %s s\n' \
    "$name" "$n" "$local_s" "$slurm_s"
