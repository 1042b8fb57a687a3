#!/usr/bin/env bash
# Builds the small tables through a one-node Slurm cluster it starts itself, checks that
# they equal a local build byte for byte, resubmits after deleting a table (only that cell
# runs again), and stops the daemons it started. Needs root and Debian's packages
# (slurmctld slurmd slurm-client munge; installed with apt-get when missing).
#
#   scripts/slurm-test.sh [MORRIS_BINARY] [MAX_STONES]     # defaults: target/release/morris, 5
#
# Exit status: 0 passed, 1 failed, 77 cannot run here (not root, no apt-get, no daemons).
# Everything lives in a fresh directory under /tmp (its own slurm.conf through
# SLURM_CONF, its own munge key and socket); nothing in /etc is changed.
set -euo pipefail
shopt -s nullglob
bin=$(realpath "${1:-target/release/morris}")
max=${2:-5}
skip() { echo "slurm-test: SKIPPED: $*" >&2; exit 77; }
fail() { echo "slurm-test: FAILED: $*" >&2; exit 1; }
[ -x "$bin" ] || fail "no morris binary at $bin (cargo build --release)"
[ "$(id -u)" = 0 ] || skip "needs root to run slurmctld, slurmd and munged"
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v sbatch >/dev/null \
    || ! command -v munged >/dev/null || ! command -v mungekey >/dev/null; then
    command -v apt-get >/dev/null || skip "Slurm is not installed and there is no apt-get"
    echo "slurm-test: installing slurmctld slurmd slurm-client munge" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq </dev/null >/dev/null || skip "apt-get update failed"
    apt-get install -y -qq --no-install-recommends slurmctld slurmd slurm-client munge </dev/null >/dev/null \
        || skip "apt-get install of Slurm failed"
fi

work=$(mktemp -d /tmp/morris-slurm.XXXXXX)
pids=()
stop() {
    # Only the daemons this script started, by their pids.
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    done
    if [ "${KEEP:-0}" = 1 ]; then echo "slurm-test: kept $work" >&2; else rm -rf "$work"; fi
}
trap stop EXIT
mkdir -p "$work"/{munge,state,spool,shared,local}
chmod 700 "$work/munge"

# munge: a key of our own, a socket of our own.
mungekey -c -k "$work/munge/munge.key" >/dev/null 2>&1 || mungekey --create --keyfile="$work/munge/munge.key"
chmod 600 "$work/munge/munge.key"
munged --force --key-file="$work/munge/munge.key" --socket="$work/munge/socket" \
    --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" --seed-file="$work/munge/seed" \
    || skip "munged does not start here (see $work/munge/munged.log)"
for _ in $(seq 50); do [ -s "$work/munge/munged.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/munge/munged.pid")")

host=$(hostname -s)
cpus=$(nproc)
mem_mb=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 * 9 / 10 ))
export SLURM_CONF="$work/slurm.conf"
cat >"$SLURM_CONF" <<EOF
ClusterName=morris-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$work/munge/socket
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerType=sched/backfill
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -c || skip "slurmctld does not start here (see $work/slurmctld.log)"
for _ in $(seq 50); do [ -s "$work/slurmctld.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/slurmctld.pid")")
slurmd || skip "slurmd does not start here (see $work/slurmd.log)"
for _ in $(seq 50); do [ -s "$work/slurmd.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/slurmd.pid")")
state=
for _ in $(seq 120); do
    state=$(sinfo -h -o %T 2>/dev/null | head -n1)
    [ "$state" = idle ] && break
    sleep 0.5
done
[ "$state" = idle ] || skip "the node did not come up (state '$state'; see $work/slurmd.log)"
echo "slurm-test: one-node cluster up ($host, $cpus cores, $mem_mb MB)" >&2

# Waits until the queue is empty (at most $1 seconds).
wait_queue() {
    for _ in $(seq "$1"); do
        [ -z "$(squeue -h 2>/dev/null)" ] && return 0
        sleep 1
    done
    squeue >&2 || true
    return 1
}

seconds_since() { awk -v a="$1" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }'; }
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
echo "$out" | grep -q " 1 to build in 1 job arrays" || fail "the resubmission did not run exactly the missing cell"
wait_queue 300 || fail "the resubmitted job did not finish"
compare >/dev/null
echo "slurm-test: resubmission rebuilt only 4-4, equal again" >&2
"$bin" tablebase slurm --dir "$work/shared" --max-stones "$max" | grep -q "nothing to submit" \
    || fail "a complete directory still had cells to submit"

printf 'slurm-test: PASSED: %s tables up to %s stones; local build %s s, through Slurm %s s (one node %s, %s cores)\n' \
    "$n" "$max" "$local_s" "$slurm_s" "$host" "$cpus"
