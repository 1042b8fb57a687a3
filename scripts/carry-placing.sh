#!/usr/bin/env bash
# Copies the placing cells of the first plies (0 .. LAST) of the 9-stone game under the
# game's rule (100 plies), and their set's dictionary, from a whole build into
# data/tables/, where build.rs lists them for the binary to carry (src/tablebase/bundled.rs).
# Cells of later plies that were carried before are removed. Rebuild afterwards.
#
#   scripts/carry-placing.sh 11                      # what the binary carries, from /var/lib/morris/tb
#   MORRIS_TABLES=/other/tb scripts/carry-placing.sh 10
set -euo pipefail
cd "$(dirname "$0")/.."
last=${1:?usage: scripts/carry-placing.sh LAST_PLY (0..17)}
[[ $last =~ ^[0-9]+$ ]] && (( last <= 17 )) || { echo "carry-placing: LAST_PLY must be 0..17, not '$last'" >&2; exit 2; }
src=${MORRIS_TABLES:-/var/lib/morris/tb}
dict="$src/placing.s9.r100.zdict"
[ -f "$dict" ] || { echo "carry-placing: $dict is missing: the placing set is not built and packed yet" >&2; exit 1; }
for ((k = 0; k <= last; k++)); do
    compgen -G "$src/p$k-*.s9.r100.ptb" >/dev/null || { echo "carry-placing: no cell of ply $k in $src" >&2; exit 1; }
done
rm -f data/tables/*.ptb data/tables/*.zdict
cp "$dict" data/tables/
for ((k = 0; k <= last; k++)); do cp "$src"/p$k-*.s9.r100.ptb data/tables/; done
echo "data/tables: $(ls data/tables/*.ptb | wc -l) placing cells (plies 0..$last), $(cat data/tables/*.ptb data/tables/*.zdict | wc -c) bytes with the dictionary"
