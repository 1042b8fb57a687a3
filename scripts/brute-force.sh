#!/usr/bin/env bash
# The brute force of tests/brute_force.rs on the whole 5-stone game (CI runs the 4-stone
# game): every index of every moving table (3-3 .. 5-5, counts 0-4 and without the rule)
# and of every placing cell of both profiles against the independent solution, and the
# counts of what happened. Several minutes and a few GB; verify --every 1 is left out
# (the placing verify alone would take about half an hour here).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-target}
MORRIS_BRUTE_STONES=5 /usr/bin/time -v cargo test --profile ci --test all -- --nocapture \
  brute_force::every_moving_value brute_force::every_placing_value brute_force::every_rule_happens
