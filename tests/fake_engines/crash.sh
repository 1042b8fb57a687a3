#!/usr/bin/env bash
# Fake engine (black): exits with status 3 after reading white's first move.
read -r line
exit 3
