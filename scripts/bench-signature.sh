#!/usr/bin/env bash
# Compares `morris bench`'s node signature with the last `Bench: N` line in the git log
# (the habit of Stockfish's signature.sh and viridithas's CONTRIBUTING): a commit that
# changes search or evaluation behaviour says so with a new `Bench: N` line in its message.
#
#   scripts/bench-signature.sh            # check (exit 1 on a mismatch)
#   scripts/bench-signature.sh --print    # just print this build's signature
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
line=$(./target/release/morris bench | tail -n 1)
nodes=$(echo "$line" | awk '/^Bench:/ {print $2}')
if [[ -z "$nodes" ]]; then
    echo "bench-signature: no 'Bench:' line in the output of morris bench" >&2
    exit 2
fi
if [[ "${1:-}" == "--print" ]]; then
    echo "Bench: $nodes"
    exit 0
fi
expected=$(git log --format=%B | awk '/^Bench: [0-9]+/ {print $2; exit}')
if [[ -z "$expected" ]]; then
    echo "bench-signature: no 'Bench: N' line in the git log yet; this build: Bench: $nodes"
    exit 0
fi
if [[ "$nodes" == "$expected" ]]; then
    echo "bench-signature: ok (Bench: $nodes)"
else
    echo "bench-signature: MISMATCH: this build gives Bench: $nodes, the last commit message says Bench: $expected" >&2
    exit 1
fi
