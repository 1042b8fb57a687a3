#!/usr/bin/env bash
# Fake engine: follows seed 003 but none of our extras. foreign.sh ENGINE ARGS... runs
# ENGINE (the random mover) with these differences:
#   - no `quit` and no `isready`: those lines are dropped, so it keeps running;
#   - its own result wording: `result 0-1 white reduced to 2 pieces`.
# It still rejects an illegal move with a keyword line and exits on end of input.
exec "$@" < <(while IFS= read -r line; do
  case $line in
    quit | isready) ;;
    *) printf '%s\n' "$line" ;;
  esac
done) > >(while IFS= read -r line; do
  case $line in
    "result white"*) printf 'result 1-0 black reduced to 2 pieces\n' ;;
    "result black"*) printf 'result 0-1 white reduced to 2 pieces\n' ;;
    "result draw"*) printf 'result 1/2-1/2\n' ;;
    *) printf '%s\n' "$line" ;;
  esac
done)
