#!/usr/bin/env bash
# Copies the moving tables the binary carries (src/tablebase/bundled.rs, `PACKED`) from a
# whole build into data/tables/: each pair's `.mtb` as it is, its `.wdl` packed with
# `zstd -19` as `.wdl.zst` (22.9 MB -> 3.6 MB; the binary unpacks them once, at start).
# The raw `.wdl` files are not kept in data/tables/. Rebuild afterwards.
#
#   scripts/carry-moving.sh                          # from /var/lib/morris/tb
#   MORRIS_TABLES=/other/tb scripts/carry-moving.sh
set -euo pipefail
cd "$(dirname "$0")/.."
src=${MORRIS_TABLES:-/var/lib/morris/tb}
# The pairs of bundled.rs's list: the 4-stone game's first, then a set closed under moves.
pairs=(3-3 3-4 4-3 4-4 3-5 5-3 3-6 6-3 4-5 5-4 5-5 4-6 6-4)
command -v zstd >/dev/null || { echo "carry-moving: the zstd command is needed" >&2; exit 1; }
for p in "${pairs[@]}"; do
    for ext in mtb wdl; do
        [ -f "$src/$p.$ext" ] || { echo "carry-moving: $src/$p.$ext is missing: the moving tables are not built" >&2; exit 1; }
    done
done
for p in "${pairs[@]}"; do
    cp "$src/$p.mtb" data/tables/
    zstd -19 -q -f "$src/$p.wdl" -o "data/tables/$p.wdl.zst"
    rm -f "data/tables/$p.wdl"
done
mtb=$(cd data/tables && cat "${pairs[@]/%/.mtb}" | wc -c)
zst=$(cd data/tables && cat "${pairs[@]/%/.wdl.zst}" | wc -c)
wdl=$(cd "$src" && cat "${pairs[@]/%/.wdl}" | wc -c)
echo "data/tables: ${#pairs[@]} moving pairs: .mtb $mtb bytes, .wdl $wdl bytes packed to $zst"
