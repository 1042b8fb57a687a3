//! The newer Pythons and JDKs a machine holds beside the `python3` and `javac` on its
//! `PATH`, for a student whose code needs a newer language than those: a Python 3.13
//! student's `type Board = str` (PEP 695), which Debian 12's Python 3.11 refuses as a
//! syntax error, or a JDK 21 student's record patterns in a `switch`, which javac 17
//! refuses. A TA with a newer one installed would use it; so does the grader, and says so.
//!
//! Found where their installers put them: `pythonX.Y` on `PATH`, pyenv's versions, uv's
//! managed Pythons; `JAVA_HOME`, `/usr/lib/jvm` (Debian's packages, and where a Temurin
//! or Oracle JDK is unpacked), `/opt`, IntelliJ's `~/.jdks` and SDKMAN's candidates. This
//! module knows only where to look and how to read what it finds; asking each one in the
//! sandbox (whether it runs there) is the builder's ([`super::submission`]).

use std::path::{Path, PathBuf};

/// A language's version, major then minor (`(3, 13)`, `(21, 0)`).
pub type Version = (u32, u32);

/// One installation found: the command to run and, where its place tells, its version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Install {
    /// The interpreter (a Python), or the JDK's home (its `bin/javac` and `bin/java`).
    pub path: PathBuf,
    /// Its version, where its place or its `release` file says it.
    pub version: Option<Version>,
}

/// The Pythons beside `python3` that may be newer than it: `python3.N` in each folder of
/// `path_var` (N from 8 up), each of pyenv's versions under `pyenv_root` (default
/// `~/.pyenv`) and of uv's under `~/.local/share/uv/python`. A version manager's shim
/// folder is left out (pyenv's `python3.13` shim refuses to run unless that version is
/// chosen); its versions are found in its own folder.
#[must_use]
pub fn pythons(path_var: &str, home: Option<&Path>, pyenv_root: Option<&Path>) -> Vec<Install> {
    let mut out: Vec<Install> = Vec::new();
    let mut add = |path: PathBuf, version: Option<Version>| {
        if path.is_file() && !out.iter().any(|i| i.path == path) {
            out.push(Install { path, version });
        }
    };
    for dir in path_var.split(':').filter(|d| !d.is_empty() && !d.ends_with("/shims")) {
        for minor in 8..=20 {
            add(Path::new(dir).join(format!("python3.{minor}")), Some((3, minor)));
        }
    }
    let pyenv = pyenv_root.map(Path::to_path_buf).or_else(|| home.map(|h| h.join(".pyenv")));
    let uv = home.map(|h| h.join(".local/share/uv/python"));
    for root in [pyenv.map(|p| p.join("versions")), uv].into_iter().flatten() {
        for dir in sorted_entries(&root) {
            let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            // pyenv's `3.13.0`; uv's `cpython-3.13.1-linux-x86_64-gnu`.
            let version = python_version_in(name.strip_prefix("cpython-").unwrap_or(&name));
            if version.is_some() {
                add(dir.join("bin/python3"), version);
            }
        }
    }
    out
}

/// `3.13.0` (or `3.13`, `3.13.1-linux…`) read as (3, 13); no other major than 3.
fn python_version_in(name: &str) -> Option<Version> {
    let mut parts = name.split(['.', '-']);
    let major: u32 = parts.next()?.parse().ok()?;
    let minor: u32 = parts.next()?.parse().ok()?;
    (major == 3).then_some((major, minor))
}

/// The JDKs this machine holds: `java_home`, each folder of `/usr/lib/jvm` and `/opt`,
/// `~/.jdks` (IntelliJ's downloads) and `~/.sdkman/candidates/java`, each with a
/// `bin/javac`; their versions from their `release` files. Debian's links in
/// `/usr/lib/jvm` (`java-17-openjdk-amd64` → `java-1.17.0-openjdk-amd64`) are one JDK.
#[must_use]
pub fn jdks(java_home: Option<&Path>, home: Option<&Path>) -> Vec<Install> {
    let mut homes: Vec<PathBuf> = java_home.map(Path::to_path_buf).into_iter().collect();
    for root in [Some(PathBuf::from("/usr/lib/jvm")), Some(PathBuf::from("/opt"))]
        .into_iter()
        .chain([home.map(|h| h.join(".jdks")), home.map(|h| h.join(".sdkman/candidates/java"))])
        .flatten()
    {
        homes.extend(sorted_entries(&root));
    }
    let mut out: Vec<Install> = Vec::new();
    let mut seen: Vec<PathBuf> = Vec::new();
    for dir in homes {
        let Ok(real) = dir.canonicalize() else { continue };
        if seen.contains(&real) || !real.join("bin/javac").is_file() {
            continue;
        }
        seen.push(real);
        let version = std::fs::read_to_string(dir.join("release")).ok().and_then(|t| jdk_release(&t));
        out.push(Install { path: dir, version });
    }
    out
}

/// A JDK's version from its `release` file (`JAVA_VERSION="21.0.2"`, or Java 8's
/// `JAVA_VERSION="1.8.0_392"`, read as (8, 0)).
#[must_use]
pub fn jdk_release(text: &str) -> Option<Version> {
    let line = text.lines().find_map(|l| l.strip_prefix("JAVA_VERSION="))?;
    let v = line.trim().trim_matches('"');
    let v = v.strip_prefix("1.").unwrap_or(v);
    let mut parts = v.split(['.', '_', '+', '-']);
    let major: u32 = parts.next()?.parse().ok()?;
    let minor: u32 = parts.next().and_then(|m| m.parse().ok()).unwrap_or(0);
    Some((major, minor))
}

/// The Java release a class file was compiled for (its major version less 44: 61 is
/// Java 17, 65 Java 21), from its first eight bytes.
#[must_use]
pub fn class_release(head: &[u8]) -> Option<u32> {
    if head.len() < 8 || head[..4] != [0xCA, 0xFE, 0xBA, 0xBE] {
        return None;
    }
    u32::from(u16::from_be_bytes([head[6], head[7]])).checked_sub(44)
}

/// What a Python refuses of a program's files, one line each, printed by [`PYTHON_CHECK`]
/// (run as `python -c PYTHON_CHECK FILE…`): a syntax error, or a name of the standard
/// library it lacks (`from typing import override`, 3.12's; `itertools.batched`).
/// Compiled only, never run: nothing of the student's code executes.
pub const PYTHON_CHECK: &str = r#"
import ast, importlib, sys
std = getattr(sys, "stdlib_module_names", ())
def has(module, name):
    if module.split(".")[0] in ("this", "antigravity"):
        return True
    try:
        m = importlib.import_module(module)
    except Exception:
        return False
    if name is None or hasattr(m, name):
        return True
    try:
        importlib.import_module(module + "." + name)
        return True
    except Exception:
        return False
for path in sys.argv[1:]:
    try:
        tree = compile(open(path, "rb").read(), path, "exec", ast.PyCF_ONLY_AST)
    except SyntaxError as e:
        print(f"{path}:{e.lineno}: SyntaxError: {e.msg}")
        continue
    except Exception:
        continue
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] in std:
                    if not has(a.name, None):
                        print(f"{path}:{node.lineno}: no module {a.name}")
                    elif "." not in a.name:
                        names[a.asname or a.name] = a.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and node.module.split(".")[0] in std:
            for a in node.names:
                if a.name != "*" and not has(node.module, a.name):
                    print(f"{path}:{node.lineno}: {node.module} has no {a.name}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in names:
            if not has(names[node.value.id], node.attr):
                print(f"{path}:{node.lineno}: {names[node.value.id]} has no {node.attr}")
"#;

/// Whether a newer installation's complaints (`newer`, [`PYTHON_CHECK`]'s lines) leave the
/// student's code better off than the default's (`default`): fewer, and none the default
/// did not have (a Windows-only `msvcrt` refused by both is no reason to change).
#[must_use]
pub fn fixes(default: &[String], newer: &[String]) -> bool {
    newer.len() < default.len() && newer.iter().all(|l| default.contains(l))
}

/// A folder's entries, by name (so the first found of equals is always the same one).
fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir).into_iter().flatten().flatten().map(|e| e.path()).collect();
    v.sort();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_from_where_installers_put_them() {
        assert_eq!(python_version_in("3.13.0"), Some((3, 13)));
        assert_eq!(python_version_in("3.12.1-linux-x86_64-gnu"), Some((3, 12)));
        assert_eq!(python_version_in("2.7.18"), None);
        assert_eq!(python_version_in("system"), None);
        assert_eq!(jdk_release("IMPLEMENTOR=\"Eclipse Adoptium\"\nJAVA_VERSION=\"21.0.2\"\n"), Some((21, 0)));
        assert_eq!(jdk_release("JAVA_VERSION=\"1.8.0_392\""), Some((8, 0)));
        assert_eq!(jdk_release("JAVA_VERSION=\"25\""), Some((25, 0)));
        assert_eq!(jdk_release("OS_NAME=Linux"), None);
        let mut head = vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 65];
        assert_eq!(class_release(&head), Some(21));
        head[0] = 0;
        assert_eq!(class_release(&head), None);
    }

    #[test]
    fn pythons_and_jdks_found_in_their_folders() {
        let d = std::env::temp_dir().join(format!("morris-toolchain-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        for f in [
            "bin/python3.12",
            "shims/python3.13",
            "pyenv/versions/3.13.0/bin/python3",
            "pyenv/versions/2.7.18/bin/python3",
        ] {
            std::fs::create_dir_all(d.join(f).parent().unwrap()).unwrap();
            std::fs::write(d.join(f), "").unwrap();
        }
        let path = format!("{}:{}", d.join("shims").display(), d.join("bin").display());
        let found = pythons(&path, None, Some(&d.join("pyenv")));
        assert_eq!(
            found,
            vec![
                Install { path: d.join("bin/python3.12"), version: Some((3, 12)) },
                Install { path: d.join("pyenv/versions/3.13.0/bin/python3"), version: Some((3, 13)) },
            ]
        );
        std::fs::create_dir_all(d.join("jdk/bin")).unwrap();
        std::fs::write(d.join("jdk/bin/javac"), "").unwrap();
        std::fs::write(d.join("jdk/release"), "JAVA_VERSION=\"21.0.2\"\n").unwrap();
        let found = jdks(Some(&d.join("jdk")), None);
        assert_eq!(found.first(), Some(&Install { path: d.join("jdk"), version: Some((21, 0)) }));
        assert_eq!(found.iter().filter(|i| i.path == d.join("jdk")).count(), 1);
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_newer_python_is_taken_only_where_it_fixes_and_breaks_nothing() {
        let l = |v: &[&str]| v.iter().map(|s| (*s).to_string()).collect::<Vec<_>>();
        let default = l(&["a.py:3: SyntaxError: invalid syntax", "b.py:1: no module msvcrt"]);
        assert!(fixes(&default, &l(&["b.py:1: no module msvcrt"])));
        assert!(!fixes(&default, &default));
        assert!(!fixes(&default, &l(&["c.py:1: no module imp"])));
        assert!(!fixes(&[], &[]));
    }
}
