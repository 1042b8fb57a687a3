#!/usr/bin/env bash
# Fake engine: crash_mid.sh ENGINE ARGS... runs ENGINE (the random mover) and kills it
# (SIGKILL) when its fourth input line arrives, in the middle of a game.
exec "$@" < <(n=0; while IFS= read -r line; do
  n=$((n + 1))
  if [ "$n" -eq 4 ]; then kill -KILL $$; exit 0; fi
  printf '%s\n' "$line"
done)
