#!/usr/bin/env bash
# Sourced by the Slurm tests (scripts/slurm-test.sh, scripts/slurm-tournament-test.sh):
# installs Slurm and munge with apt-get where missing, starts a one-node cluster in a
# fresh directory under /tmp ($work: its own slurm.conf through SLURM_CONF, its own munge
# key and socket; nothing in /etc is changed) and stops the daemons it started on exit.
# Set $name (the prefix of its messages) before sourcing. Defines skip, fail, wait_queue
# and seconds_since. Needs root; exits 77 where the cluster cannot run.
skip() { echo "$name: SKIPPED: $*" >&2; exit 77; }
fail() { echo "$name: FAILED: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || skip "needs root to run slurmctld, slurmd and munged"
# shellcheck source=scripts/slurm-packages.sh
source "$(dirname "${BASH_SOURCE[0]}")/slurm-packages.sh"
if slurm_missing; then
    command -v apt-get >/dev/null || skip "Slurm is not installed and there is no apt-get"
    echo "$name: installing ${slurm_packages[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq </dev/null >/dev/null || skip "apt-get update failed"
    apt-get install -y -qq --no-install-recommends "${slurm_packages[@]}" </dev/null >/dev/null \
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
    if [ "${KEEP:-0}" = 1 ]; then echo "$name: kept $work" >&2; else rm -rf "$work"; fi
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
# The node claims four times its cores (config_overrides lets slurmd accept that) and a
# job without --mem gets 256 MB a CPU instead of the whole node: a tournament's tasks (two
# CPUs each, mostly waiting on a clock or a depth) then run several at a time. One at a
# time, each waited up to 3 s for the controller's next cycle: 15 tasks took 38-49 s, now 10 s.
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
SlurmdParameters=config_overrides
DefMemPerCPU=256
NodeName=$host CPUs=$(( cpus * 4 )) RealMemory=$mem_mb State=UNKNOWN
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
echo "$name: one-node cluster up ($host, $cpus cores, $mem_mb MB)" >&2

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
