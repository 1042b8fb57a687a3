#!/usr/bin/env python3
"""Which of the library's unit tests make its unit-test build large.

The unit tests compile the library a second time (cfg(test)), and that build holds only
the code some test reaches: a unit test that runs a tournament or builds tables brings
the referee or the build driver with it. This script compiles the unit-test build once to
unoptimised LLVM IR (one codegen unit), follows every function's calls and references
from each test, and prints how many lines of IR the tests reach together and, test by
test in greedy order, how many lines only that test reaches (what moving it to tests/,
where it links the already-built library, would take out of the build).

    scripts/unit-test-reach.py [--top N]

It works from the repository's root wherever it is started. It builds the unit tests as
`cargo test --profile ci` does (in target/, or --target-dir, relative to the root), then
compiles them once more to IR in target/ir: about a minute and a half on two cores once
the dependencies are built. docs/performance.md has what it found and what was moved.
"""

import argparse
import collections
import glob
import os
import re
import shlex
import subprocess
import sys

SYMBOL = re.compile(r'@("(?:[^"\\]|\\.)*"|[A-Za-z0-9_.$]+)')


def rustc_command(target_dir, touched=False):
    """The rustc command cargo runs for the library's unit tests, the test binary it makes,
    and the build script's OUT_DIR."""
    done = subprocess.run(
        ["cargo", "test", "--profile", "ci", "--lib", "--no-run", "-v", "--target-dir", target_dir],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        sys.exit(f"unit-test-reach: cargo test --no-run failed:\n{done.stderr[-2000:]}")
    words, binary = None, None
    for line in done.stderr.splitlines():
        line = line.strip()
        if line.startswith("Running `") and "--crate-name morris" in line and " --test " in line:
            words = shlex.split(line[len("Running `") : -1])
        elif line.startswith("Executable `") and line.endswith("`"):  # -v's form; --lib builds one
            binary = line[len("Executable `") : -1]
    if words is None and not touched:
        # Already built: cargo printed `Fresh`; touch the library so it runs rustc again.
        os.utime("src/lib.rs")
        return rustc_command(target_dir, touched=True)
    if words is None or binary is None:
        sys.exit("unit-test-reach: cargo printed no rustc command or test binary for the library's unit tests")
    out_dirs = glob.glob(os.path.join(target_dir, "ci", "build", "morris-*", "out"))
    out_dir = max(out_dirs, key=os.path.getmtime) if out_dirs else ""
    return words, binary, os.path.abspath(out_dir) if out_dir else ""


def emit_ir(words, out_dir, ir_dir):
    """Compiles the unit tests once more to one .ll file in ir_dir; its path."""
    os.makedirs(ir_dir, exist_ok=True)
    for old in glob.glob(os.path.join(ir_dir, "*.ll")):
        os.remove(old)
    args = []
    skip = False
    for w in words:
        if skip:
            skip = False
            continue
        if w.startswith("--emit="):
            w = "--emit=llvm-ir"
        elif w.startswith("--error-format") or w.startswith("--json"):
            continue
        elif w == "--out-dir":
            args += ["--out-dir", ir_dir]
            skip = True
            continue
        elif w.startswith("opt-level=") or w.startswith("codegen-units="):
            w = {"opt": "opt-level=0", "cod": "codegen-units=1"}[w[:3]]
        args.append(w)
    env = dict(os.environ, OUT_DIR=out_dir, CARGO_PKG_NAME="morris", CARGO_MANIFEST_DIR=os.getcwd())
    with open("Cargo.toml") as f:
        version = re.search(r'^version = "([^"]+)"', f.read(), re.M)
    env["CARGO_PKG_VERSION"] = version.group(1) if version else "0.0.0"
    done = subprocess.run(args, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"unit-test-reach: rustc --emit=llvm-ir failed:\n{done.stderr[-2000:]}")
    return glob.glob(os.path.join(ir_dir, "*.ll"))[0]


def read_ir(path):
    """Each defined symbol: its lines of IR and the symbols it names."""
    defs = {}
    current, lines, refs = None, 0, set()
    with open(path, errors="replace") as f:
        for line in f:
            if current is None:
                if line.startswith("define ") and "@" in line:
                    at = line.index("@")
                    current = SYMBOL.match(line, at).group(1)
                    lines, refs = 1, set(SYMBOL.findall(line[at + len(current) + 1 :]))
                elif line.startswith("@"):
                    m = SYMBOL.match(line)
                    if m:
                        defs[m.group(1)] = (0, set(SYMBOL.findall(line[m.end() :])))
            elif line.startswith("}"):
                defs[current] = (lines, refs)
                current = None
            else:
                lines += 1
                if "@" in line:
                    refs.update(SYMBOL.findall(line))
    return defs


def path_of(symbol):
    """The path of a legacy-mangled Rust symbol, without its hash."""
    s = symbol.strip('"')
    if not s.startswith("_ZN"):
        return [s]
    i, parts = 3, []
    while i < len(s) and s[i] != "E":
        j = i
        while j < len(s) and s[j].isdigit():
            j += 1
        if j == i:
            break
        n = int(s[i:j])
        parts.append(s[j : j + n])
        i = j + n
    if parts and re.fullmatch(r"h[0-9a-f]{16}", parts[-1]):
        parts.pop()
    return parts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=30, help="tests to list (default 30)")
    parser.add_argument("--target-dir", default="target")
    top = parser.parse_args()
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    words, binary, out_dir = rustc_command(top.target_dir)
    ll = emit_ir(words, out_dir, os.path.join(top.target_dir, "ir"))
    defs = read_ir(ll)
    listed = subprocess.run([binary, "--list"], capture_output=True, text=True).stdout
    tests = {line[: -len(": test")] for line in listed.splitlines() if line.endswith(": test")}
    roots = collections.defaultdict(list)
    for symbol in defs:
        parts = path_of(symbol)
        if parts[:1] != ["morris"]:
            continue
        for k in range(2, len(parts) + 1):
            name = "::".join(parts[1:k])
            if name in tests:
                roots[name].append(symbol)
                break
    reach = {}
    for test, symbols in roots.items():
        seen, stack = set(symbols), list(symbols)
        while stack:
            for r in defs[stack.pop()][1]:
                if r not in seen and r in defs:
                    seen.add(r)
                    stack.append(r)
        reach[test] = seen
    count = collections.Counter(s for seen in reach.values() for s in seen)
    total = sum(defs[s][0] for s in count)
    everything = sum(d[0] for d in defs.values())
    print(f"{len(tests)} unit tests reach {total:,} lines of unoptimised IR ({everything:,} in all)")
    print("greedy: the test whose move takes the most lines out, then the next")
    left = total
    gain = {t: sum(defs[s][0] for s in seen if count[s] == 1) for t, seen in reach.items()}
    for _ in range(min(top.top, len(gain))):
        best = max(gain, key=gain.get)
        taken = gain.pop(best)
        left -= taken
        for s in reach[best]:
            count[s] -= 1
            if count[s] == 1:  # now reached by one test alone: that test's move would take it
                holder = next(t for t in gain if s in reach[t])
                gain[holder] += defs[s][0]
        print(f"{taken:>9,} {left:>11,}  {best} (reaches {sum(defs[s][0] for s in reach[best]):,})")

if __name__ == "__main__":
    main()
