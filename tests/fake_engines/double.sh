#!/usr/bin/env bash
# Fake engine (white): prints two moves at once, the second one out of turn.
echo "D1"
echo "A1"
while read -r line; do :; done
exit 0
