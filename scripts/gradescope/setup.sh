#!/usr/bin/env bash
# Gradescope autograder setup: runs once when the autograder image is built.
# The autograder zip holds this file, run_autograder, a `morris` binary built for
# Linux x86-64 (`cargo build --release`, then copy target/release/morris here) and,
# optionally, the class file grade.toml.
# Submissions may be Python, Java, C or C++: install what they need to build and run.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends python3 default-jdk-headless gcc g++ make unzip >/dev/null
install -m 0755 /autograder/source/morris /usr/local/bin/morris
