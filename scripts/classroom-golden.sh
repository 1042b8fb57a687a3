#!/usr/bin/env bash
# Regenerates tests/data/classroom/golden.txt: the three output values of each of the
# eight classroom programs on a fixed set of boards at depths 1-4, one case per line:
#   <program> <depth> <input board> <output board> <positions evaluated> <estimate>
# Run it only after a deliberate change of convention; tests/classroom_golden.rs checks
# the handout programs' lines against the naive reference before trusting this file.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bins
bin=target/release
out=tests/data/classroom/golden.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

opening_boards=(
  xxxxxxxxxxxxxxxxxxxxxx # empty board
  xxxxxxxWxxxxxxBxxxxxxx # the handout's example, made 22 letters long
  xWWxxxxxxxxxxBBBBxxxxx # White can close a0 d0 g0 and remove b5
  xWWxxxxxxxxxxBBBBxxBxx # every Black stone in a mill: the mill removes nothing
  BBxWxxxxxxWxxxxxxxxxxx # Black threatens g0, White must block
  BWWWWxBxBBWWWBxxBxBxxx # a crowded opening
)
game_boards=(
  xxxxxxxxWWxWWxBBBxxxxx # the handout's example: Black has three and flies
  WWxWxxxxxxxxxBBBBxxxxx # White has three and flies
  xBWBxxxWxBxxxWxBBWxxWW # a middle game, 6 against 6
  BWBxBxxBBxxxWxxxxxWBWW # a middle game, 6 against 7
  xWWWxxxxxxxxxBBBBxxBxx # White closes a mill; every Black stone is in a mill
  WWxWxWxxxxxxxBxxBxxxxx # Black has two stones
  BWBWxWxxxxxxWxxxWWWBxB # White can block Black completely with d5-d6
)
: >"$tmp/golden"
run() { # program depth board
  echo "$3" >"$tmp/in"
  if "$bin/$1" "$tmp/in" "$tmp/out" "$2" >"$tmp/lines" 2>/dev/null; then
    board=$(sed -n 's/^Board Position: //p' "$tmp/lines")
    evals=$(sed -n 's/^Positions evaluated by static estimation: \(.*\)\.$/\1/p' "$tmp/lines")
    value=$(sed -n 's/^MINIMAX estimate: \(.*\)\.$/\1/p' "$tmp/lines")
    echo "$1 $2 $3 $board $evals $value" >>"$tmp/golden"
  fi
}
for d in 1 2 3 4; do
  for b in "${opening_boards[@]}"; do
    for p in MiniMaxOpening ABOpening MiniMaxOpeningBlack MiniMaxOpeningImproved; do run "$p" "$d" "$b"; done
  done
  for b in "${game_boards[@]}"; do
    for p in MiniMaxGame ABGame MiniMaxGameBlack MiniMaxGameImproved; do run "$p" "$d" "$b"; done
  done
done
mv "$tmp/golden" "$out"
wc -l "$out"
