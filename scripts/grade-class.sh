#!/usr/bin/env bash
# Grades a class of N students made of the fixture class (tests/grade_fixtures/class/:
# eight submissions written the way students write, cmd200318 as its zip) copied round
# robin under numbered net IDs, with the built-in cases, and prints the time taken and
# the summary's reading-rule counts. The measurement of docs/classroom.md:
#
#   scripts/grade-class.sh 60 /tmp/class60        # then: /tmp/class60/out/summary.md
#
# MORRIS (default target/release/morris) is the binary; JOBS (default 2); extra
# arguments go to `morris grade` (e.g. --no-sandbox).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:?usage: scripts/grade-class.sh N DIR [morris grade args]}
dir=${2:?usage: scripts/grade-class.sh N DIR [morris grade args]}
shift 2
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
morris=${MORRIS:-target/release/morris}
fixtures=tests/grade_fixtures/class
rm -rf "$dir/class" "$dir/out"
mkdir -p "$dir/class"
students=($(ls "$fixtures"))
for i in $(seq 1 "$n"); do
    s=${students[$(((i - 1) % ${#students[@]}))]}
    id=$(printf '%s%02d' "${s:0:3}" "$i")
    if [ -d "$fixtures/$s/__MACOSX" ]; then
        (cd "$fixtures/$s" && python3 -c 'import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w") as z:
    for root, dirs, files in os.walk("."):
        for f in files:
            p = os.path.join(root, f)
            z.write(p, os.path.relpath(p, "."))' "$dir/class/$id.zip")
    else
        cp -r "$fixtures/$s" "$dir/class/$id"
    fi
done
SECONDS=0
"$morris" grade "$dir/class" --out "$dir/out" --jobs "${JOBS:-2}" "$@"
echo "wall ${SECONDS} s"
sed -n '/^## Reading rules/,$p' "$dir/out/summary.md"
