#!/bin/sh
# Rebuilds the fixture jars from these sources (JDK 17): see README.md.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
variants="$here/../variants"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/gradle" "$tmp/packaged" "$variants/runnable_jar/app/build/libs" "$variants/packaged_jar/out/artifacts"
javac --release 17 -d "$tmp/gradle" "$here/gradle/morris/App.java"
jar --create --file "$variants/runnable_jar/app/build/libs/app.jar" --main-class morris.App -C "$tmp/gradle" .
javac --release 17 -d "$tmp/packaged" "$here"/packaged/edu/utd/project2/*.java
jar --create --file "$variants/packaged_jar/out/artifacts/project2.jar" -C "$tmp/packaged" .
