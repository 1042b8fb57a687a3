//! The chain of `exec`s every sandboxed program is started through, and bubblewrap's
//! command line: what it shows of the file system, read-only or writable, and the
//! namespaces it makes ([`super::jail`] says what each link is for).
//!
//! ```text
//! sh (stops; the referee puts it in the engine's cgroups and limits, and continues it)
//!    → taskset (its core, without a cpuset) → bwrap (namespaces, read-only system, private /tmp)
//!    → unshare (an unprivileged uid) → the engine
//! ```
//!
//! The referee sets the cgroups and rlimits itself ([`Jail::admit`]) on the shell, which
//! stopped itself first, rather than through `exec`s of its own (`echo … > cgroup.procs`,
//! `prlimit`): an `exec` fewer for each engine start, and nothing of the engine runs
//! before both are in force, since the shell goes on only when continued.

use std::fs;
use std::io;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};

use rustix::process::Resource;

use super::cgroup::CpuPlace;
use super::host::is_root;
use super::jail::{ADDRESS_SPACE_MARGIN, Jail, MemoryGuard, SANDBOX_PATH, Sandbox};
use super::program::{self, Resolved};

/// The first uid engines run as when the referee is root (one uid per engine).
const FIRST_UID: u32 = 61_000;
/// How many uids engines are spread over.
const UIDS: u32 = 4_000;

impl Sandbox {
    /// What the sandbox must show for `program args…` run from `folder`: the program's
    /// own ([`Sandbox::resolve`]), and where it is `env VAR=VALUE PROGRAM …` (the grader's
    /// `env PYTHONPATH=src python3 …`), what that PROGRAM needs too (a pyenv Python's own
    /// `lib/`), not only `env`'s.
    fn resolve_command(&self, program: &str, args: &[String], folder: &Path) -> io::Result<Resolved> {
        let mut resolved = self.resolve(program, folder)?;
        if Path::new(program).file_name().is_some_and(|n| n == "env")
            && let Some(inner) = args.iter().find(|a| !a.contains('=') && !a.starts_with('-'))
            && let Ok(more) = self.resolve(inner, folder)
        {
            for p in more.read_only {
                if !resolved.read_only.contains(&p) {
                    resolved.read_only.push(p);
                }
            }
            for p in more.path {
                if !resolved.path.contains(&p) {
                    resolved.path.push(p);
                }
            }
        }
        Ok(resolved)
    }

    /// The command that starts `argv` in this sandbox, in `folder` (read-only, the working
    /// directory; the current directory if `None`), pinned to `core` if given, with
    /// `writable` (a folder of its own: the grader's work folder) writable; and the jail
    /// that holds its limits, reports what they did and kills all it started.
    ///
    /// [`Sandbox::spawn`] starts it as an owned [`Child`](super::child::Child), the one way
    /// programs are started.
    ///
    /// # Errors
    /// The command is empty, or the engine's cgroup could not be made.
    pub(super) fn command(
        &self,
        argv: &[String],
        folder: Option<&Path>,
        core: Option<usize>,
        writable: Option<&Path>,
    ) -> io::Result<(Command, Jail)> {
        let Some((program, args)) = argv.split_first() else {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "empty command"));
        };
        let folder = match folder {
            Some(f) => absolute(f)?,
            None => std::env::current_dir()?,
        };
        if !self.enabled() {
            let mut c = Command::new(program);
            c.args(args).current_dir(&folder).process_group(0);
            return Ok((c, Jail::unsandboxed(Vec::new(), self.limits)));
        }
        // The chain starts even if the engine does not: say it here, as a failed start.
        // The program is found as the caller finds it, and run by its full path.
        let mut resolved = self.resolve_command(program, args, &folder)?;
        if self.bwrap.is_none() && self.drop_uid.is_some() {
            // No mount of its own: the unprivileged uid sees the host's folders with their
            // own permissions, and a folder private to root is closed to it.
            let closed = |what: &str, path: &Path| {
                io::Error::new(
                    io::ErrorKind::PermissionDenied,
                    format!(
                        "{what} {} is in a folder private to its owner, which the sandbox's unprivileged user cannot enter; \
                         install bubblewrap (it shows the folder to the sandbox), or work in a folder others can enter",
                        path.display()
                    ),
                )
            };
            resolved = program::reachable_by_others(&resolved, program, SANDBOX_PATH)
                .ok_or_else(|| closed("the program", &resolved.program))?;
            if !program::others_can_reach(&folder) {
                return Err(closed("the folder", &folder));
            }
        }
        let cpu = core.and_then(|k| self.cpus.get(k % self.cpus.len().max(1)).copied());
        let cgroups = match &self.cgroups {
            Some(base) => base.create(self.limits, CpuPlace { cpu, quota: self.cpu_quota })?,
            None => Vec::new(),
        };
        let guard = self.memory_guard();
        let mut rlimits = vec![
            (Resource::Nofile, self.limits.open_files),
            (Resource::Fsize, self.limits.file_size),
            (Resource::Core, 0),
        ];
        if self.drop_uid.is_some() || !is_root() {
            rlimits.push((Resource::Nproc, self.limits.processes));
        }
        if guard == MemoryGuard::AddressSpace {
            rlimits.push((Resource::As, self.limits.memory + ADDRESS_SPACE_MARGIN));
        }
        let jail = Jail::new(cgroups, self.limits, guard, self.bwrap.is_some(), rlimits);
        let mut chain: Vec<String> = Vec::new();
        // A cpuset holds the engine on its CPU already; taskset only asks.
        if let (true, false, Some(cpu)) = (self.taskset, self.pinning_binds(), cpu) {
            chain.extend(["taskset".into(), "-c".into(), cpu.to_string()]);
        }
        let uid = next_uid();
        if let (Some(dir), Some(_)) = (writable, self.drop_uid) {
            // The engine's own uid must own its writable folder.
            give_to(dir, uid).map_err(|e| io::Error::other(format!("giving {} to uid {uid}: {e}", dir.display())))?;
        }
        if let Some(bwrap) = &self.bwrap {
            chain.push(bwrap.display().to_string());
            chain.extend(self.bwrap_args(program, args, &folder, writable, &resolved.read_only));
        }
        if let Some(dropper) = self.drop_uid {
            chain.extend(dropper.args(uid));
        }
        chain.push(resolved.program.display().to_string());
        chain.extend(args.iter().cloned());
        // The shell stops itself and goes on, into the chain, when the referee has put it
        // in its cgroups and limits and continued it; if it cannot stop, it exits.
        let mut c = Command::new("/bin/sh");
        c.arg("-c").arg("kill -STOP $$ && exec \"$@\"").arg("morris-sandbox").args(&chain);
        c.current_dir(&folder).process_group(0).env_clear();
        let path = resolved.path.iter().cloned().chain(std::env::split_paths(SANDBOX_PATH));
        let path = std::env::join_paths(path).unwrap_or_else(|_| SANDBOX_PATH.into());
        c.env("PATH", path).env("HOME", "/tmp").env("TMPDIR", "/tmp");
        c.env("LANG", "C.UTF-8");
        for keep in ["RUST_LOG", "RUST_BACKTRACE", "TERM"].into_iter().chain(self.keep_env.iter().map(String::as_str)) {
            if let Some(v) = std::env::var_os(keep) {
                c.env(keep, v);
            }
        }
        if guard == MemoryGuard::AddressSpace {
            let heap = (self.limits.memory / 4 * 3) >> 20;
            // Few malloc arenas: each reserves 64 MiB of address space per thread.
            c.env("MALLOC_ARENA_MAX", "2");
            c.env(
                "JAVA_TOOL_OPTIONS",
                format!("-Xmx{heap}m -XX:ReservedCodeCacheSize=64m -XX:CompressedClassSpaceSize=128m"),
            );
        }
        Ok((c, jail))
    }

    /// bubblewrap's arguments: the system read-only, the folder, the paths the command
    /// names and `needed` (what its program needs) read-only, a private `/tmp`, new
    /// namespaces but the user's.
    fn bwrap_args(
        &self,
        program: &str,
        args: &[String],
        folder: &Path,
        writable: Option<&Path>,
        needed: &[PathBuf],
    ) -> Vec<String> {
        let mut a: Vec<String> = Vec::new();
        let mut push = |words: &[&str]| a.extend(words.iter().map(|w| (*w).to_string()));
        push(&["--die-with-parent", "--new-session", "--unshare-net", "--unshare-pid", "--unshare-ipc"]);
        push(&["--unshare-uts", "--unshare-cgroup-try", "--hostname", "sandbox"]);
        for dir in ["/usr", "/etc", "/opt"] {
            push(&["--ro-bind-try", dir, dir]);
        }
        for dir in ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"] {
            match fs::read_link(dir) {
                Ok(target) => push(&["--symlink", &target.display().to_string(), dir]),
                Err(_) => push(&["--ro-bind-try", dir, dir]),
            }
        }
        push(&["--proc", "/proc", "--dev", "/dev"]);
        let tmp_size = (self.limits.file_size * 4).to_string();
        push(&["--perms", "1777", "--size", &tmp_size, "--tmpfs", "/tmp"]);
        // Binds come after /tmp's tmpfs, so a folder under /tmp is seen over it. A folder
        // that holds /tmp (`/tmp` itself, or `/`) would show the host's /tmp, or everything,
        // read-only over the private one: of such a folder only the files named are shown.
        let holds_tmp = |dir: &Path| Path::new("/tmp").starts_with(dir);
        let mut visible: Vec<PathBuf> = Vec::new();
        if !holds_tmp(folder) {
            visible.push(folder.to_path_buf());
        }
        let named = std::iter::once(program).chain(args.iter().map(String::as_str));
        for word in named {
            let path = Path::new(word);
            let path = if path.is_absolute() {
                path.to_path_buf()
            } else if word.contains('/') {
                folder.join(path)
            } else {
                continue;
            };
            if let Ok(meta) = fs::metadata(&path) {
                let dir = if meta.is_dir() { Some(path.as_path()) } else { path.parent() };
                match dir {
                    Some(dir) if holds_tmp(dir) => visible.extend((!meta.is_dir()).then_some(path.clone())),
                    _ => visible.extend(dir.map(Path::to_path_buf)),
                }
            }
        }
        visible.extend(self.read_only.iter().cloned());
        visible.extend(needed.iter().cloned());
        visible.extend(writable.map(Path::to_path_buf));
        visible.sort();
        visible.dedup();
        // bubblewrap makes the missing folders above a bind only for root (mode 0700):
        // make them readable first, or the engine could not reach its own folder.
        // (Not inside the system's read-only folders, which exist, nor `/tmp` itself.)
        let system = ["/usr", "/etc", "/opt", "/proc", "/dev"];
        let mut above: Vec<&Path> = visible
            .iter()
            .flat_map(|p| p.ancestors().skip(1))
            .filter(|a| a.parent().is_some() && *a != Path::new("/tmp") && !system.iter().any(|s| a.starts_with(s)))
            .collect();
        above.sort();
        above.dedup();
        for dir in above {
            push(&["--perms", "0755", "--dir", &dir.display().to_string()]);
        }
        for path in &visible {
            let p = path.display().to_string();
            push(&["--ro-bind-try", &p, &p]);
        }
        // Last, so it is writable even where it lies inside a read-only folder.
        if let Some(dir) = writable {
            let d = dir.display().to_string();
            push(&["--bind", &d, &d]);
        }
        push(&["--chdir", &folder.display().to_string()]);
        // No `--cap-add`: run by root, bubblewrap leaves the command it starts root's
        // capabilities (it changes them only when asked), which the uid dropper needs and
        // the kernel clears when it becomes the engine's uid. Capabilities asked for would
        // be made inheritable too, which `unshare` does not clear.
        a.push("--".into());
        a
    }
}

/// `chown -R uid:uid dir`, done here: an `exec` fewer for each start (a grader's class
/// starts thousands). Links are changed themselves, never what they point to, and no folder
/// is entered through one, so nothing a program left in `dir` can lead the change out of
/// it. The folders to visit are a list, not a recursion: a program may leave them nested
/// deeper than a stack goes.
fn give_to(dir: &Path, uid: u32) -> io::Result<()> {
    let owner = Some(uid);
    std::os::unix::fs::lchown(dir, owner, owner)?;
    let mut folders = if fs::symlink_metadata(dir)?.is_dir() { vec![dir.to_path_buf()] } else { Vec::new() };
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder)? {
            let entry = entry?;
            let path = entry.path();
            std::os::unix::fs::lchown(&path, owner, owner)?;
            if entry.file_type()?.is_dir() {
                folders.push(path);
            }
        }
    }
    Ok(())
}

fn next_uid() -> u32 {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    FIRST_UID + (std::process::id().wrapping_mul(37).wrapping_add(n)) % UIDS
}

fn absolute(path: &Path) -> io::Result<PathBuf> {
    if path.is_absolute() { Ok(path.to_path_buf()) } else { Ok(std::env::current_dir()?.join(path)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_directly_in_tmp_sees_itself_and_a_private_tmp_only() {
        let dir = PathBuf::from("/tmp");
        let program = dir.join(format!("morris-sandbox-unit-{}", std::process::id()));
        fs::write(&program, "#!/bin/sh\n").unwrap();
        let name = program.display().to_string();
        let args = Sandbox::off().bwrap_args(&name, &[], &dir, None, &[]);
        let _ = fs::remove_file(&program);
        let binds: Vec<&str> = args.windows(3).filter(|w| w[0] == "--ro-bind-try").map(|w| w[1].as_str()).collect();
        assert!(binds.contains(&name.as_str()), "{args:?}");
        assert!(!binds.iter().any(|b| Path::new("/tmp").starts_with(b)), "the host's /tmp shown: {args:?}");
        let tmpfs = args.iter().position(|a| a == "--tmpfs").unwrap();
        assert_eq!(args[tmpfs + 1], "/tmp");
    }

    /// As root without bubblewrap, engines run as an unprivileged uid that sees the host's
    /// folders with their own permissions: a program the caller found in a folder private
    /// to root (a pyenv `python3` in `/root`) is taken from the system folders instead, and
    /// where there is none, or the engine's folder is private, the start fails with one
    /// clear line (every call had failed with `Permission denied`).
    #[test]
    fn without_bubblewrap_nothing_private_to_root_is_asked_of_the_unprivileged_user() {
        use std::os::unix::fs::PermissionsExt;
        let private = std::env::temp_dir().join(format!("morris-private-{}", std::process::id()));
        fs::create_dir_all(&private).unwrap();
        fs::set_permissions(&private, fs::Permissions::from_mode(0o700)).unwrap();
        let open = std::env::temp_dir();
        let sandbox = Sandbox {
            limits: crate::referee::sandbox::limits::EngineLimits::default(),
            drop_uid: Some(super::super::host::UidDropper::Unshare),
            ..Sandbox::off()
        };
        assert!(sandbox.enabled());
        let found_as = |name: &str| {
            let own = private.join(name);
            fs::copy("/bin/echo", &own).unwrap();
            let resolved = program::Resolved { program: own, ..program::Resolved::default() };
            sandbox.found.lock().unwrap().insert((name.to_string(), open.clone()), resolved);
        };
        found_as("echo");
        let (c, _jail) = sandbox.command(&["echo".into(), "hi".into()], Some(&open), None, None).unwrap();
        let args: Vec<String> = c.get_args().map(|a| a.to_string_lossy().into_owned()).collect();
        assert!(args.iter().any(|a| a == "/usr/bin/echo" || a == "/bin/echo"), "{args:?}");
        assert!(!args.iter().any(|a| a.contains("morris-private-")), "{args:?}");
        found_as("morris-own-tool");
        let err = sandbox.command(&["morris-own-tool".into()], Some(&open), None, None).unwrap_err().to_string();
        assert!(
            err.contains("morris-own-tool is in a folder private to its owner") && err.contains("bubblewrap"),
            "{err}"
        );
        let err = sandbox.command(&["/bin/echo".into()], Some(&private), None, None).unwrap_err().to_string();
        assert!(err.starts_with("the folder ") && err.contains("private to its owner"), "{err}");
        let _ = fs::remove_dir_all(&private);
    }

    /// `env PYTHONPATH=… /home/…/python3 …`: the Python's installation is shown, not only
    /// `env` (before TA trial 25, a pyenv Python run so could not find its libpython).
    #[test]
    fn a_program_run_through_env_is_shown_with_what_it_needs() {
        let home = std::env::temp_dir().join(format!("morris-env-program-{}", std::process::id()));
        let _ = fs::remove_dir_all(&home);
        fs::create_dir_all(home.join("python/lib")).unwrap();
        fs::create_dir_all(home.join("python/bin")).unwrap();
        let python = home.join("python/bin/python3");
        fs::write(&python, "#!/bin/sh\n").unwrap();
        fs::set_permissions(&python, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
        let args = vec!["PYTHONPATH=src".to_string(), python.display().to_string(), "-c".into(), "pass".into()];
        let resolved = Sandbox::off().resolve_command("env", &args, &home).unwrap();
        let alone = Sandbox::off().resolve(&python.display().to_string(), &home).unwrap();
        let _ = fs::remove_dir_all(&home);
        assert!(!alone.read_only.is_empty(), "{alone:?}");
        assert!(alone.read_only.iter().all(|p| resolved.read_only.contains(p)), "{resolved:?}");
    }

    #[test]
    fn without_a_sandbox_the_command_is_the_engine_itself() {
        let (c, _jail) = Sandbox::off().command(&["engine".into(), "--depth".into()], None, Some(0), None).unwrap();
        assert_eq!(c.get_program(), "engine");
        assert!(Sandbox::off().command(&[], None, None, None).is_err());
    }

    /// The folder and all under it change owner, a link itself but not what it points to,
    /// and no folder is entered through a link. (As root, the change is to another uid, so
    /// a followed link shows; otherwise to the caller's own.)
    #[test]
    fn a_writable_folder_is_given_away_without_following_links() {
        use std::os::unix::fs::MetadataExt;
        let base = std::env::temp_dir().join(format!("morris-give-to-{}", std::process::id()));
        let _ = fs::remove_dir_all(&base);
        let (dir, outside) = (base.join("work"), base.join("outside"));
        fs::create_dir_all(dir.join("a/b/c")).unwrap();
        fs::create_dir_all(outside.join("deep")).unwrap();
        fs::write(dir.join("a/b/c/file"), "x").unwrap();
        fs::write(outside.join("secret"), "x").unwrap();
        std::os::unix::fs::symlink(outside.join("secret"), dir.join("a/to-file")).unwrap();
        std::os::unix::fs::symlink(&outside, dir.join("a/to-folder")).unwrap();
        let before = fs::metadata(&outside).unwrap().uid();
        let uid = if is_root() { 61_999 } else { before };
        give_to(&dir, uid).unwrap();
        for inside in ["", "a", "a/b", "a/b/c", "a/b/c/file", "a/to-file", "a/to-folder"] {
            assert_eq!(fs::symlink_metadata(dir.join(inside)).unwrap().uid(), uid, "{inside}");
        }
        for untouched in ["", "secret", "deep"] {
            assert_eq!(fs::symlink_metadata(outside.join(untouched)).unwrap().uid(), before, "{untouched}");
        }
        assert!(give_to(&base.join("missing"), uid).is_err());
        fs::remove_dir_all(&base).unwrap();
    }
}
