#!/bin/bash
# build.sh -- compiles the alpha-beta programs into src/bin/
set -e
cd "$(dirname "$0")/src"
mkdir -p bin
CC=${CC:-gcc}
CFLAGS="-std=c11 -O2 -Wall"
for prog in ab_opening ab_game; do
    echo "compiling $prog"
    $CC $CFLAGS -o bin/$prog $prog.c ../wrap.c
done
