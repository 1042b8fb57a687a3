#!/usr/bin/env bash
# Builds (or resumes) the whole set of tables at one fixed path outside the repository:
# the moving phase (3-3 .. 9-9), then the placing layers under the game's rule (100
# plies), then the placing layers of the game-theoretic profile (no draw rule).
#
#   scripts/tables.sh            # start or resume in the background; prints where it logs
#   scripts/tables.sh status     # what is built, what runs
#   scripts/tables.sh wait       # run in the foreground instead
#   scripts/tables.sh stop       # stop a background build (it resumes where it stopped)
#
# MORRIS_TABLES (default /var/lib/morris/tb) is the directory. Every step is resumable
# (finished pairs and cells are kept, and a moving pair in progress saves its solve every
# 10 minutes), so a killed build loses at most ten minutes of a moving pair or the placing
# cell in progress: run the script again to go on. The binary is copied next to the tables, so
# rebuilding the repository during a build does not touch the running one. Once both
# placing profiles are complete it answers the blind list (blind-placing.tsv, which
# scripts/blind-answers.sh writes and docs/results/blind-placing.tsv copies), then takes
# the measurements of docs/tablebase.md into files next to the log: the figures with both
# profiles (placing-results-both.txt), a sampled verify (verify-placing.txt), and the
# strength runs (scripts/tablebase-strength.sh, 40 games each, the value-keeping choice by
# search, at random, and by a search that reads the placing tables at its root only).
# Each placing build ends by packing its set (`morris tablebase pack`).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${MORRIS_TABLES:-/var/lib/morris/tb}
home=$(dirname "$dir")
log="$home/build.log"
pidfile="$home/build.pid"
mkdir -p "$dir"

running() { [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; }

status() {
    local moving placing0 placing100
    moving=$(find "$dir" -maxdepth 1 -name '*.mtb' | wc -l)
    placing100=$(find "$dir" -maxdepth 1 -name '*.s9.r100.ptb' | wc -l)
    placing0=$(find "$dir" -maxdepth 1 -name '*.s9.r0.ptb' | wc -l)
    echo "tables in $dir: $moving of 49 moving tables, $placing100 of 615 placing cells (rule 100), $placing0 of 615 (no rule); $(du -sh "$dir" | cut -f1)"
    local c
    for c in "$dir"/*.checkpoint; do
        [ -e "$c" ] && echo "checkpoint: $(basename "$c") ($(du -h "$c" | cut -f1), saved $(date -r "$c" '+%F %T'))"
    done
    if running; then echo "a build is running (pid $(cat "$pidfile")), log: $log"; tail -n 3 "$log"; else echo "no build is running"; fi
}

# A measurement that has not finished yet (its report file is missing) runs again whole.
measure() {
    local report=$1
    shift
    [ -s "$report" ] && return 0
    "$@" >"$report.part" 2>&1 && mv "$report.part" "$report"
}

# 40 games at 1 s/move, the engine with every table (choosing among value-keeping
# placements by `$1`: search, random or root-only) against itself without; records in
# strength-$1.d.
strength() {
    rm -rf "$home/strength-$1.d"
    MORRIS="$home/morris" JOBS=2 CHOICE=$1 OUT="$home/strength-$1.d" scripts/tablebase-strength.sh "$dir" 40 1
}

steps() {
    # A step that fails stops the rest: nothing is measured on a partial set.
    set -euo pipefail
    local bin="$home/morris"
    "$bin" tablebase build --dir "$dir" --no-placing
    "$bin" tablebase build --dir "$dir" --placing
    "$bin" tablebase build --dir "$dir" --placing --no-removal-plies 0
    # The answers to the blind list first (they need both profiles, and nothing else),
    # then the figures of docs/tablebase.md with both profiles, the strength runs and a
    # sampled verify.
    measure "$home/blind-placing.log" env MORRIS="$bin" scripts/blind-answers.sh "$dir" \
        ../shared/blind/placing-positions.tsv "$home/blind-placing.tsv"
    measure "$home/placing-results-both.txt" env MORRIS="$bin" scripts/placing-results.sh "$dir"
    # What reading the placing tables below the root changes (search against root-only)
    # comes before the sampled verify and the random choice, both measured before.
    measure "$home/strength-search.txt" strength search
    measure "$home/strength-root-only.txt" strength root-only
    measure "$home/verify-placing.txt" "$bin" tablebase verify --dir "$dir" --placing --every 20000
    measure "$home/strength-random.txt" strength random
    echo "tables.sh: all built"
}

case "${1:-start}" in
    status) status ;;
    start | wait)
        if running; then
            echo "a build is already running (pid $(cat "$pidfile")); log: $log"
            exit 0
        fi
        cargo build --release --quiet
        cp target/release/morris "$home/morris.new" && mv "$home/morris.new" "$home/morris"
        if [ "${1:-start}" = wait ]; then
            steps 2>&1 | tee -a "$log"
        else
            export -f steps measure strength
            export dir home
            # Its own process group, so that `stop` ends the step in progress with it. A new
            # session is also a new scheduling group where the kernel groups by session
            # (sched_autogroup): there `nice` alone ranks only within the group, and the build
            # would take half the machine from compiles and timed matches; the group's own
            # nice value makes it yield (best effort: the file is missing elsewhere).
            nohup setsid bash -c 'echo 19 >/proc/self/autogroup 2>/dev/null; nice -n 10 bash -c steps' \
                >>"$log" 2>&1 &
            echo $! >"$pidfile"
            echo "building in the background (pid $!), log: $log; 'scripts/tables.sh status' tells how far"
        fi
        ;;
    stop)
        if running; then
            kill -- "-$(cat "$pidfile")"
            while running; do sleep 0.2; done
            echo "stopped the build (pid $(cat "$pidfile")); a moving pair goes on from its last checkpoint, a placing cell from its start"
        else
            echo "no build is running"
        fi
        ;;
    *) echo "usage: scripts/tables.sh [start|wait|status|stop]" >&2; exit 2 ;;
esac
