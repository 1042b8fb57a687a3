#!/usr/bin/env bash
# Copies the placing cells of the first plies (0 .. LAST) of the 9-stone game under the
# game's rule (100 plies), and their set's dictionary, from a whole build into
# data/tables/, where build.rs lists them for the binary to carry (src/tablebase/bundled.rs).
# Cells of plies from MODELED on are also coded against a model of their positions
# (`morris tablebase model`), and each keeps the smaller of its two forms. Cells of later
# plies that were carried before are removed. Rebuild afterwards.
#
#   scripts/carry-placing.sh 12 9                    # what the binary carries, from /var/lib/morris/tb
#   MORRIS_TABLES=/other/tb scripts/carry-placing.sh 10
#   MORRIS=target/release/morris scripts/carry-placing.sh 12 9   # that binary codes the cells
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: scripts/carry-placing.sh LAST_PLY [MODELED_FROM_PLY]"
last=${1:?$usage}
modeled=${2:-99}
[[ $last =~ ^[0-9]+$ ]] && (( last <= 17 )) || { echo "carry-placing: LAST_PLY must be 0..17, not '$last'" >&2; exit 2; }
[[ $modeled =~ ^[0-9]+$ ]] || { echo "carry-placing: MODELED_FROM_PLY must be a ply, not '$modeled'" >&2; exit 2; }
src=${MORRIS_TABLES:-/var/lib/morris/tb}
dict="$src/placing.s9.r100.zdict"
[ -f "$dict" ] || { echo "carry-placing: $dict is missing: the placing set is not built and packed yet" >&2; exit 1; }
for ((k = 0; k <= last; k++)); do
    compgen -G "$src/p$k-*.s9.r100.ptb" >/dev/null || { echo "carry-placing: no cell of ply $k in $src" >&2; exit 1; }
done
rm -f data/tables/*.ptb data/tables/*.zdict
cp "$dict" data/tables/
for ((k = 0; k <= last; k++)); do cp "$src"/p$k-*.s9.r100.ptb data/tables/; done
if (( modeled <= last )); then
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    cells=()
    for ((k = modeled; k <= last; k++)); do cells+=("$src"/p$k-*.s9.r100.ptb); done
    if [ -n "${MORRIS:-}" ]; then morris=("$MORRIS"); else morris=(cargo run --release --quiet --); fi
    "${morris[@]}" tablebase model "${cells[@]}" --out "$work" | tail -1
    kept=0
    for f in "$work"/*.ptb; do
        name=$(basename "$f")
        if (( $(stat -c %s "$f") < $(stat -c %s "data/tables/$name") )); then cp "$f" "data/tables/$name"; kept=$((kept + 1)); fi
    done
    echo "data/tables: $kept of ${#cells[@]} cells of plies $modeled..$last carried modeled (smaller so)"
fi
echo "data/tables: $(ls data/tables/*.ptb | wc -l) placing cells (plies 0..$last), $(cat data/tables/*.ptb data/tables/*.zdict | wc -c) bytes with the dictionary"
