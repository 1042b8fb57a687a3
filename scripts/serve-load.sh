#!/usr/bin/env bash
# The load test of `morris serve` (docs/serve.md, "A server that holds"): 2,000 waiting
# long polls, 20 clients sending a body a byte a second and 20 sending an endless header,
# while a normal client plays; then the attackers leave and nothing may be refused.
# Prints the normal client's latencies, the server's peak memory and the refusals after;
# exits non-zero when a goal is missed.
#
# usage: scripts/serve-load.sh [serve_load options] [-- morris serve options]
#   e.g. scripts/serve-load.sh --seconds 60
#        scripts/serve-load.sh -- --max-connections 1000    (polls give way at the cap)
# Each poll is a socket at both ends: the test raises its soft open-file limit to the
# hard one (ulimit -Hn must allow about 2,500) and the server raises its own.
set -euo pipefail
cd "$(dirname "$0")/.."
profile=${PROFILE:-release}
cargo build --quiet --profile "$profile" --bin morris --example serve_load
dir=${CARGO_TARGET_DIR:-target}/$profile
exec "$dir/examples/serve_load" --morris "$dir/morris" "$@"
