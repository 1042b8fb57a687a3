#!/usr/bin/env bash
# The CPU each test of tests/all takes when run alone, counted whole: each test runs by
# itself (`--exact NAME --test-threads 1`) in a cgroup of its own under the v1 `cpuacct`
# controller. The grader's and the referee's sandboxes make their engines' cgroups inside
# their caller's, so the students' programs, engines, Chromium and Slurm's daemons count;
# other work on the machine does not. Needs root and a cgroup v1 `cpuacct` hierarchy.
#
#   cargo test --profile ci --no-run && scripts/test-cpu.sh /tmp/test-cpu.txt [FILTER]
#
# Writes a line per test: its name, CPU milliseconds, wall seconds, exit status; then
# prints the largest tests and the sum by group (the file name before `::`).
set -euo pipefail
out=${1:?usage: scripts/test-cpu.sh OUT [FILTER]}
filter=("${@:2}")
# OUT as the caller names it, from the caller's folder.
case $out in /*) ;; *) out=$PWD/$out ;; esac
cd "$(dirname "$0")/.."
acct=/sys/fs/cgroup/cpuacct
[ -w "$acct" ] || { echo "scripts/test-cpu.sh: no writable cgroup v1 cpuacct hierarchy at $acct (run as root)" >&2; exit 1; }
bin=$(ls -t target/ci/deps/all-* 2>/dev/null | grep -v '\.d$' | head -n1)
[ -n "$bin" ] || { echo "scripts/test-cpu.sh: no tests/all binary: run cargo test --profile ci --no-run" >&2; exit 1; }
group=$acct/morris-test-cpu-$$
mkdir "$group"
trap 'rmdir "$group" 2>/dev/null || true' EXIT
: >"$out"
"$bin" --list "${filter[@]}" 2>/dev/null | sed -n 's/: test$//p' | while read -r name; do
    before=$(cat "$group/cpuacct.usage")
    start=$(date +%s.%N)
    status=0
    bash -c 'echo $$ >"$1/cgroup.procs"; exec "$2" --exact "$3" --test-threads 1' sh "$group" "$bin" "$name" \
        >/dev/null 2>&1 || status=$?
    end=$(date +%s.%N)
    after=$(cat "$group/cpuacct.usage")
    echo "$name $(((after - before) / 1000000)) $(echo "$end - $start" | bc) $status" >>"$out"
done
awk '{ printf "%7.1f s  %s\n", $2 / 1000, $1 }' "$out" | sort -rn | head -n 15
awk '{ split($1, g, "::"); s[g[1]] += $2 / 1000; t += $2 / 1000 } END { for (k in s) printf "%7.1f s  %s\n", s[k], k; printf "%7.1f s  in all\n", t }' "$out" | sort -rn
if awk '$4 != 0 { bad = 1 } END { exit !bad }' "$out"; then
    echo "failed alone:" >&2
    awk '$4 != 0 { print "  " $1 }' "$out" >&2
fi
