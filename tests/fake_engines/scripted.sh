#!/usr/bin/env bash
# Fake engine: plays its colour's moves from a fixed game, whatever the opponent plays.
# scripted.sh "MOVES" --color white|black --movetime S
#   MOVES: the whole game, white first, white-space separated (may hold illegal or garbage moves).
#   DELAY=S (env): sleep S seconds before each move.  INFO=1 (env): print an info line first.
moves=($1)
shift
color=white
while [ $# -gt 0 ]; do
  case "$1" in
    --color) color=$2; shift 2 ;;
    *) shift ;;
  esac
done
i=0
if [ "$color" = black ]; then
  i=1
  read -r line || exit 0
fi
while [ "$i" -lt "${#moves[@]}" ]; do
  [ -n "$DELAY" ] && sleep "$DELAY"
  [ -n "$INFO" ] && echo "info ply $i"
  echo "${moves[$i]}"
  i=$((i + 2))
  read -r line || exit 0
done
while read -r line; do :; done
exit 0
