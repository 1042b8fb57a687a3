//! Which program an engine command runs, found as the caller would find it, and what of
//! the file system it needs to run inside the sandbox.
//!
//! The sandbox gives engines a clean `PATH`, so a program the caller finds on theirs
//! (`morris` in `~/.cargo/bin`, a virtualenv's `python3`, a pyenv version) would not
//! be found inside. So the program is looked up *before* entering the sandbox, on the
//! caller's `PATH`, and run there by its full path; the sandbox shows it read-only with
//! what it needs:
//!
//! - the program itself (and the file a symbolic link to it names);
//! - for a program in a `bin` folder of an installation (a folder beside it named `lib`,
//!   or a virtualenv's `pyvenv.cfg`: a pyenv version, a virtualenv, a JDK unpacked in a
//!   home folder), that whole installation, since it reads its own libraries;
//! - for a script with a `#!` line, its interpreter in the same way; `#!/usr/bin/env
//!   NAME` is looked up on the caller's `PATH`, and that folder leads the engine's
//!   `PATH`, so `env` inside finds the same one;
//! - a version manager's shim (pyenv, rbenv, nodenv: a script that runs
//!   `TOOL exec PROGRAM`) is replaced by what `TOOL which PROGRAM` names in the
//!   engine's folder (where a `.python-version` may choose another).
//!
//! System folders (`/usr`, `/etc`, `/opt`, `/bin`, …) are in the sandbox anyway. Knows
//! nothing of bubblewrap's arguments: it returns paths.

use std::fmt;
use std::fs;
use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The folders every sandbox shows read-only: nothing under them needs a bind.
const SYSTEM: [&str; 11] =
    ["/usr", "/etc", "/opt", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/proc", "/dev"];

/// How many interpreters deep a `#!` chain is followed.
const MAX_DEPTH: usize = 4;

/// An engine's program as found, and what the sandbox must show for it to run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resolved {
    /// The program to run, by its full path.
    pub program: PathBuf,
    /// Files and folders to show read-only (outside the system folders).
    pub read_only: Vec<PathBuf>,
    /// Folders to put before the sandbox's `PATH` (where the program and its `env`
    /// interpreter were found), in the caller's order.
    pub path: Vec<PathBuf>,
}

impl fmt::Display for Resolved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "runs {}", self.program.display())?;
        if self.read_only.is_empty() {
            f.write_str(" (in the system folders)")?;
        } else {
            let shown: Vec<String> = self.read_only.iter().map(|p| p.display().to_string()).collect();
            write!(f, "; shown read-only: {}", shown.join(", "))?;
        }
        if !self.path.is_empty() {
            let shown: Vec<String> = self.path.iter().map(|p| p.display().to_string()).collect();
            write!(f, "; PATH inside starts {}", shown.join(":"))?;
        }
        Ok(())
    }
}

/// Why a program cannot be run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProgramError {
    /// Not found where it was looked for.
    #[error("no program {program} ({place})")]
    NotFound {
        /// As given.
        program: String,
        /// Where it was looked for, in words.
        place: String,
    },
    /// A file that may not be run.
    #[error("{0} is not executable (chmod +x it, or start it with its interpreter)")]
    NotExecutable(String),
}

/// Whether `path` lies in a folder every sandbox shows anyway.
#[must_use]
pub fn is_system(path: &Path) -> bool {
    SYSTEM.iter().any(|s| path.starts_with(s))
}

fn is_executable(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Whether a user who is neither `path`'s owner nor in its group (the sandbox's
/// unprivileged uid, where no bubblewrap shows it a mount of its own) can reach it: every
/// folder above it searchable by others, and the file itself, if it is one, executable
/// by them (and readable: a script is read by its interpreter).
#[must_use]
pub fn others_can_reach(path: &Path) -> bool {
    let Ok(real) = fs::canonicalize(path) else { return false };
    let mode = |p: &Path| fs::metadata(p).map(|m| m.permissions().mode()).unwrap_or(0);
    let folders_open = real.ancestors().skip(1).all(|d| mode(d) & 0o001 != 0);
    let own = if real.is_dir() { 0o001 } else { 0o005 };
    folders_open && mode(&real) & own == own
}

/// The program `resolved` for an unprivileged user without bubblewrap: where that user
/// cannot reach it (a pyenv version in `/root`, a JDK in a home folder private to root),
/// the program of the same name in the system folders `system_path`, if there is one.
/// `None` where neither will do.
#[must_use]
pub fn reachable_by_others(resolved: &Resolved, name: &str, system_path: &str) -> Option<Resolved> {
    if others_can_reach(&resolved.program) {
        return Some(resolved.clone());
    }
    let file = Path::new(name).file_name()?.to_str()?;
    let system = on_path(file, std::ffi::OsStr::new(system_path), Path::new("/"))?;
    others_can_reach(&system).then(|| Resolved { program: system, read_only: Vec::new(), path: Vec::new() })
}

/// `name` (no `/`) on the search path `path` (folders relative to `cwd` taken from
/// there, as a shell would), the first executable file.
fn on_path(name: &str, path: &std::ffi::OsStr, cwd: &Path) -> Option<PathBuf> {
    std::env::split_paths(path)
        .map(|d| if d.as_os_str().is_empty() { cwd.to_path_buf() } else { cwd.join(d) })
        .map(|d| d.join(name))
        .find(|p| is_executable(p))
}

/// Finds `program` as the caller would run it from `folder` (a name on `caller_path`, or
/// a path relative to `folder`) and what it needs in the sandbox.
///
/// # Errors
/// It is not found (or not executable) there.
pub fn resolve(program: &str, folder: &Path, caller_path: &std::ffi::OsStr) -> Result<Resolved, ProgramError> {
    let mut resolved = Resolved::default();
    let found = if program.contains('/') {
        Some(folder.join(program)).filter(|p| is_executable(p))
    } else {
        on_path(program, caller_path, folder)
    };
    let Some(found) = found else {
        let path = folder.join(program);
        if program.contains('/') && path.is_file() {
            return Err(ProgramError::NotExecutable(path.display().to_string()));
        }
        let place = if Path::new(program).is_absolute() {
            "no such file".to_string()
        } else if program.contains('/') {
            format!("in {}", folder.display())
        } else {
            format!("on your PATH, {}", caller_path.to_string_lossy())
        };
        return Err(ProgramError::NotFound { program: program.to_string(), place });
    };
    let found = unshim(&found, program, folder).unwrap_or(found);
    if !program.contains('/')
        && let Some(dir) = found.parent().filter(|d| !is_system(d))
    {
        resolved.path.push(dir.to_path_buf());
    }
    needs(&found, folder, caller_path, 0, &mut resolved);
    resolved.program = found;
    resolved.read_only.sort();
    resolved.read_only.dedup();
    let mut seen = Vec::new();
    resolved.path.retain(|d| {
        let new = !seen.contains(d);
        seen.push(d.clone());
        new
    });
    Ok(resolved)
}

/// Adds what `program` (a file found) needs to `resolved`: itself or its installation,
/// the file a link names, and its `#!` interpreter.
fn needs(program: &Path, folder: &Path, caller_path: &std::ffi::OsStr, depth: usize, resolved: &mut Resolved) {
    let real = fs::canonicalize(program).unwrap_or_else(|_| program.to_path_buf());
    for p in [program, real.as_path()] {
        if !is_system(p) {
            resolved.read_only.push(installation(p).unwrap_or_else(|| p.to_path_buf()));
        }
    }
    if depth >= MAX_DEPTH {
        return;
    }
    let Some((interpreter, argument)) = shebang(&real) else { return };
    let is_env = Path::new(&interpreter).file_name().is_some_and(|n| n == "env");
    if is_env {
        // `#!/usr/bin/env NAME` (or `env -S NAME ARGS`): NAME as the caller's PATH finds it.
        let name = argument.split_whitespace().find(|w| !w.starts_with('-'));
        if let Some(name) = name.filter(|n| !n.contains('/'))
            && let Some(found) = on_path(name, caller_path, folder)
        {
            let found = unshim(&found, name, folder).unwrap_or(found);
            if let Some(dir) = found.parent().filter(|d| !is_system(d)) {
                resolved.path.push(dir.to_path_buf());
            }
            needs(&found, folder, caller_path, depth + 1, resolved);
        }
    } else if Path::new(&interpreter).is_absolute() {
        needs(Path::new(&interpreter), folder, caller_path, depth + 1, resolved);
    }
}

/// The installation `program` belongs to: the folder above its `bin` folder, when that
/// holds a `lib` folder or a `pyvenv.cfg`, outside the system folders.
fn installation(program: &Path) -> Option<PathBuf> {
    let bin = program.parent()?;
    if bin.file_name()? != "bin" {
        return None;
    }
    let root = bin.parent()?;
    let is_root = root.join("lib").is_dir() || root.join("pyvenv.cfg").is_file();
    // Never a folder that holds /tmp (/tmp/bin/x beside /tmp/lib): it would show the
    // host's /tmp over the engine's private one.
    let holds_tmp = Path::new("/tmp").starts_with(root);
    (is_root && !is_system(root) && !holds_tmp).then(|| root.to_path_buf())
}

/// The interpreter and its argument from a `#!` line, if `file` starts with one.
fn shebang(file: &Path) -> Option<(String, String)> {
    let mut head = [0u8; 256];
    let n = fs::File::open(file).and_then(|mut f| f.read(&mut head)).ok()?;
    let text = head[..n].strip_prefix(b"#!")?;
    let line = text.split(|&b| b == b'\n').next()?;
    let line = String::from_utf8_lossy(line);
    let line = line.trim();
    let (interpreter, argument) = line.split_once([' ', '\t']).unwrap_or((line, ""));
    (!interpreter.is_empty()).then(|| (interpreter.to_string(), argument.trim().to_string()))
}

/// What a version manager's shim for `name` runs, from `folder`: a shim is a script that
/// ends `exec "TOOL" exec "$program" "$@"`; `TOOL which NAME` names the program.
fn unshim(found: &Path, name: &str, folder: &Path) -> Option<PathBuf> {
    let mut text = String::new();
    fs::File::open(found).ok()?.take(4096).read_to_string(&mut text).ok()?;
    if !text.starts_with("#!") {
        return None;
    }
    let line = text.lines().find(|l| l.contains("\" exec \"$program\""))?;
    let tool = line.trim().strip_prefix("exec \"")?.split('"').next()?;
    let output = Command::new(tool)
        .arg("which")
        .arg(name)
        .current_dir(folder)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    let real = PathBuf::from(text.trim());
    (output.status.success() && is_executable(&real)).then_some(real)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("morris-program-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn executable(path: &Path, text: &str) {
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
        fs::set_permissions(path, fs::Permissions::from_mode(0o755)).unwrap();
    }

    #[test]
    fn a_program_on_the_callers_path_is_shown_with_its_interpreter() {
        let dir = scratch("path");
        let bin = dir.join("home/bin");
        let venv = dir.join("venv");
        executable(&venv.join("bin/python3"), "\x7fELF not really");
        fs::write(venv.join("pyvenv.cfg"), "home = /usr/bin\n").unwrap();
        executable(&bin.join("engine"), "#!/usr/bin/env python3\nprint('D2')\n");
        let path = std::env::join_paths([bin.clone(), venv.join("bin"), PathBuf::from("/usr/bin")]).unwrap();
        let r = resolve("engine", &dir, &path).unwrap();
        assert_eq!(r.program, bin.join("engine"));
        assert_eq!(r.read_only, [bin.join("engine"), venv.clone()], "{r}");
        assert_eq!(r.path, [bin.clone(), venv.join("bin")]);
        // A system program needs nothing shown.
        let sh = resolve("sh", &dir, std::ffi::OsStr::new("/usr/bin:/bin")).unwrap();
        assert!(sh.read_only.is_empty() && sh.path.is_empty() && is_system(&sh.program), "{sh}");
        // A relative program is found from the folder, not on PATH.
        executable(&dir.join("carol"), "#!/bin/sh\n");
        let r = resolve("./carol", &dir, &path).unwrap();
        assert_eq!(r.program, dir.join("./carol"));
        assert!(r.path.is_empty());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_program_says_where_it_was_looked_for() {
        let dir = scratch("missing");
        let err = resolve("no-such-engine", &dir, std::ffi::OsStr::new("/usr/bin:/bin")).unwrap_err();
        assert_eq!(err.to_string(), "no program no-such-engine (on your PATH, /usr/bin:/bin)");
        let err = resolve("./absent", &dir, std::ffi::OsStr::new("/usr/bin")).unwrap_err();
        assert!(err.to_string().contains(&format!("in {}", dir.display())), "{err}");
        fs::write(dir.join("plain.py"), "print('D2')\n").unwrap();
        let err = resolve("./plain.py", &dir, std::ffi::OsStr::new("/usr/bin")).unwrap_err();
        assert!(
            err.to_string().ends_with("plain.py is not executable (chmod +x it, or start it with its interpreter)")
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_shim_is_replaced_by_what_its_tool_names() {
        let dir = scratch("shim");
        let real = dir.join("versions/3.1/bin/python3");
        executable(&real, "\x7fELF");
        fs::create_dir_all(dir.join("versions/3.1/lib")).unwrap();
        let tool = dir.join("libexec/tool");
        executable(&tool, &format!("#!/bin/sh\n[ \"$1\" = which ] && echo {}\n", real.display()));
        let shim = dir.join("shims/python3");
        executable(
            &shim,
            &format!(
                "#!/usr/bin/env bash\nprogram=\"${{0##*/}}\"\nexec \"{}\" exec \"$program\" \"$@\"\n",
                tool.display()
            ),
        );
        let r = resolve("python3", &dir, dir.join("shims").as_os_str()).unwrap();
        assert_eq!(r.program, real);
        assert_eq!(r.read_only, [dir.join("versions/3.1")]);
        assert_eq!(r.path, [dir.join("versions/3.1/bin")]);
        fs::remove_dir_all(&dir).unwrap();
    }
}
