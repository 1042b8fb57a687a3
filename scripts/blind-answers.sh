#!/usr/bin/env bash
# docs/results/blind-placing.tsv: every position of the blind list with its value under
# the game's rule (the 100-ply no-removal rule, the *.s9.r100.ptb cells) and without it
# (the game-theoretic profile, *.s9.r0.ptb), from the full tables.
#
#   scripts/blind-answers.sh [TABLES [BLIND_LIST [OUT]]]
#
# Defaults: /var/lib/morris/tb, ../shared/blind/placing-positions.tsv (from the work
# tree), docs/results/blind-placing.tsv. MORRIS names the binary (default: morris on
# PATH). Output columns: the four input columns, value_rule100, value_no_rule, in the
# input's order. A row the tables cannot answer fails the script, naming its line.
set -euo pipefail
cd "$(dirname "$0")/.."
tables=${1:-/var/lib/morris/tb}
list=${2:-../shared/blind/placing-positions.tsv}
out=${3:-docs/results/blind-placing.tsv}
morris=${MORRIS:-morris}
head -n1 "$list" | grep -q '^board' || { echo "$list: expected a header line starting with 'board'" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$morris" tablebase probe --dir "$tables" --no-removal-plies 100 --batch "$list" > "$tmp/rule100"
"$morris" tablebase probe --dir "$tables" --no-removal-plies 0 --batch "$list" > "$tmp/no-rule"
mkdir -p "$(dirname "$out")"
paste <(cut -f1-5 "$tmp/rule100") <(cut -f5 "$tmp/no-rule") \
  | sed '1s/\tvalue\tvalue$/\tvalue_rule100\tvalue_no_rule/' > "$out"
echo "$out: $(($(wc -l < "$out") - 1)) positions" >&2
