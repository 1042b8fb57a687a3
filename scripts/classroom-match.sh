#!/usr/bin/env bash
# Plays complete games between the improved classroom programs and the standard ones at
# the same depth, and reports the improved side's wins, draws and losses.
#
#   scripts/classroom-match.sh [DEPTH] [PLY_CAP]      (defaults: 3 and 200)
#
# Each game starts from one of a fixed set of 2-ply openings (White places, Black places)
# and is played twice, the improved programs taking White once and Black once. Plies 3-18
# use the opening programs, later plies the game programs; the board file is passed back
# and forth. The standard side plays Black through MiniMaxOpeningBlack/MiniMaxGameBlack;
# the improved side plays Black by swapping W/B with tr, running the White program and
# swapping back. A game ends when, after the opening, a side has 2 stones or fewer, or
# the side to move has no move (the program exits with status 3); at PLY_CAP plies it is
# a draw.
set -euo pipefail
depth=${1:-3}
cap=${2:-200}
cd "$(dirname "$0")/.."
cargo build --release --quiet --bins
bin=$PWD/target/release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Opening pairs (White's point index, Black's point index) in board-string order.
openings=("0 21" "3 18" "14 17" "6 15" "4 16" "11 8" "1 20" "9 10" "5 13" "17 3")

swap() { tr WB BW; }
count() { local s=${1//[^$2]/}; echo ${#s}; }

# move SIDE(W|B) WHO(improved|standard) PHASE(Opening|Game): plays one ply on $work/board.
move() {
  local side=$1 who=$2 phase=$3 program
  if [[ $who == improved ]]; then
    program=MiniMax${phase}Improved
    if [[ $side == B ]]; then swap <"$work/board" >"$work/in"; else cp "$work/board" "$work/in"; fi
  else
    program=MiniMax${phase}; [[ $side == B ]] && program+=Black
    cp "$work/board" "$work/in"
  fi
  set +e
  "$bin/$program" "$work/in" "$work/out" "$depth" >/dev/null 2>"$work/err"
  local status=$?
  set -e
  if [[ $status -eq 3 ]]; then return 3; fi
  if [[ $status -ne 0 ]]; then cat "$work/err" >&2; exit 1; fi
  if [[ $who == improved && $side == B ]]; then swap <"$work/out" >"$work/board"; else cp "$work/out" "$work/board"; fi
}

# play OPENING IMPROVED_COLOUR: prints "win", "draw" or "loss" for the improved side.
play() {
  local w b improved=$2 ply=2 side result=""
  read -r w b <<<"$1"
  local board=xxxxxxxxxxxxxxxxxxxxxx
  board="${board:0:w}W${board:w+1}"
  board="${board:0:b}B${board:b+1}"
  echo "$board" >"$work/board"
  while [[ -z $result ]]; do
    if ((ply >= 18)); then
      board=$(cat "$work/board")
      if (($(count "$board" W) <= 2)); then result=B; break; fi
      if (($(count "$board" B) <= 2)); then result=W; break; fi
    fi
    if ((ply >= cap)); then result=draw; break; fi
    if ((ply % 2 == 0)); then side=W; else side=B; fi
    local who=standard phase=Game
    [[ $side == "$improved" ]] && who=improved
    ((ply < 18)) && phase=Opening
    if ! move "$side" "$who" "$phase"; then
      # The side to move has no move: it has lost.
      if [[ $side == W ]]; then result=B; else result=W; fi
    fi
    ply=$((ply + 1))
  done
  local outcome=draw
  if [[ $result == "$improved" ]]; then outcome=win; elif [[ $result != draw ]]; then outcome=loss; fi
  echo "$outcome $ply $(cat "$work/board")"
}

wins=0 draws=0 losses=0
printf '%-7s %-9s %-6s %5s  %s\n' opening improved result plies "final board"
for o in "${openings[@]}"; do
  for colour in W B; do
    read -r outcome plies board <<<"$(play "$o" "$colour")"
    printf '%-7s %-9s %-6s %5s  %s\n' "${o/ /-}" "$([[ $colour == W ]] && echo White || echo Black)" "$outcome" "$plies" "$board"
    case $outcome in win) wins=$((wins + 1)) ;; draw) draws=$((draws + 1)) ;; loss) losses=$((losses + 1)) ;; esac
  done
done
echo "depth $depth, ply cap $cap: improved vs standard: $wins wins, $draws draws, $losses losses"
