#!/usr/bin/env bash
# Fake engine: illegal.sh ENGINE ARGS... runs ENGINE (the random mover) but prints the
# slide A1-D1 instead of its fourth move: illegal while stones are still being placed.
exec "$@" > >(n=0; while IFS= read -r line; do
  case $line in
    [A-Z]*) n=$((n + 1)); if [ "$n" -eq 4 ]; then line=A1-D1; fi ;;
  esac
  printf '%s\n' "$line"
done)
