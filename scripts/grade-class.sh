#!/usr/bin/env bash
# Grades a class of N students made of the fixture class (tests/grade_fixtures/class/:
# eight submissions written the way students write, cmd200318 as its zip) copied round
# robin under numbered net IDs, with the built-in cases, and prints the time taken and
# the summary's reading-rule counts. The measurement of docs/classroom.md:
#
#   scripts/grade-class.sh 60 /tmp/class60        # then: /tmp/class60/out/summary.md
#
# MORRIS (default target/release/morris) is the binary; JOBS (default 2); extra
# arguments go to `morris grade` (e.g. --no-sandbox). CANVAS=1 hands the class over as
# Canvas's "Download Submissions" zip instead (DIR/submissions.zip: every student's files
# renamed `id_USERID_FILEID_name`, a student whose work is in folders as one zip upload).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:?usage: scripts/grade-class.sh N DIR [morris grade args]}
dir=${2:?usage: scripts/grade-class.sh N DIR [morris grade args]}
shift 2
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
morris=${MORRIS:-target/release/morris}
fixtures=tests/grade_fixtures/class
# Zips what folder $1 holds into $2 (absolute), as students' tools do.
zip_dir() {
    (cd "$1" && python3 -c 'import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w") as z:
    for root, dirs, files in os.walk("."):
        dirs.sort()
        for f in sorted(files):
            p = os.path.join(root, f)
            z.write(p, os.path.relpath(p, "."))' "$2")
}
rm -rf "$dir/class" "$dir/out"
mkdir -p "$dir/class"
students=($(ls "$fixtures"))
for i in $(seq 1 "$n"); do
    s=${students[$(((i - 1) % ${#students[@]}))]}
    id=$(printf '%s%02d' "${s:0:3}" "$i")
    if [ -d "$fixtures/$s/__MACOSX" ]; then
        zip_dir "$fixtures/$s" "$dir/class/$id.zip"
    else
        cp -r "$fixtures/$s" "$dir/class/$id"
    fi
done
what="$dir/class"
if [ "${CANVAS:-0}" = 1 ]; then
    rm -rf "$dir/canvas" "$dir/submissions.zip"
    mkdir -p "$dir/canvas"
    user=5000
    file=100000
    for sub in "$dir/class"/*; do
        user=$((user + 1))
        id=$(basename "$sub")
        id=${id%.zip}
        if [ -f "$sub" ]; then
            file=$((file + 1)); cp "$sub" "$dir/canvas/${id}_${user}_${file}_submission.zip"
        elif [ -z "$(find "$sub" -mindepth 1 -type d)" ]; then
            for f in "$sub"/*; do
                file=$((file + 1)); cp "$f" "$dir/canvas/${id}_${user}_${file}_$(basename "$f")"
            done
        else
            file=$((file + 1))
            zip_dir "$sub" "$dir/canvas/${id}_${user}_${file}_project2.zip"
        fi
    done
    zip_dir "$dir/canvas" "$dir/submissions.zip"
    what="$dir/submissions.zip"
fi
SECONDS=0
"$morris" grade "$what" --out "$dir/out" --jobs "${JOBS:-2}" "$@"
echo "wall ${SECONDS} s"
sed -n '/^## Reading rules/,$p' "$dir/out/summary.md"
