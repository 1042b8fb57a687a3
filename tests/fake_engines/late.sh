#!/usr/bin/env bash
# Fake engine: late.sh ENGINE ARGS... runs ENGINE (the random mover) but holds its third
# move for LATE seconds (default 2) before printing it.
exec "$@" > >(n=0; while IFS= read -r line; do
  case $line in
    [A-Z]*) n=$((n + 1)); if [ "$n" -eq 3 ]; then sleep "${LATE:-2}"; fi ;;
  esac
  printf '%s\n' "$line"
done)
