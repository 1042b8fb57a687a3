//! The sandbox every engine the referee starts runs in: student programs are untrusted
//! code, and nothing they do may harm the machine, the TA or another entrant.
//!
//! Built from the tools Linux distributions ship, so no `unsafe` and no home-made
//! isolation: every engine is started through one chain of `exec`s,
//!
//! ```text
//! sh (joins the engine's cgroups) → prlimit (limits) → taskset (its core, without a cpuset)
//!    → bwrap (namespaces, read-only system, private /tmp) → setpriv (an unprivileged uid) → the engine
//! ```
//!
//! - **the program** is found on the caller's `PATH` before any of it, and shown inside
//!   with what it needs ([`super::program`]); the engine's `PATH` is the folders it was
//!   found in, then the system's.
//! - **bubblewrap** (`bwrap`, Debian's `bubblewrap`, what Flatpak runs on), when installed:
//!   no network, no view of other processes, the system (`/usr`, `/etc`, …) read-only, the
//!   engine's own folder read-only (and its working directory), a private writable `/tmp`,
//!   nothing else of the file system (other entrants' folders, the TA's home), its own
//!   session, and it dies with its parent.
//! - **cgroups** (v2, or v1's `memory`, `pids`, `cpuset` and `cpu` hierarchies), where one
//!   can be made: the resident memory limit (so a JVM's large address-space reservations
//!   are not counted), a process limit that binds root too, the engine's core as a
//!   cpuset (which `sched_setaffinity` cannot leave) and an optional CPU quota; the whole
//!   group is killed when the game ends. Where none can be made, an address-space limit
//!   with a margin takes the memory limit's place ([`MemoryGuard::AddressSpace`]) and
//!   `taskset` pins the engine, only a request.
//! - **rlimits** (`prlimit`): file size, open files, no core files, processes per uid.
//! - **setpriv**: when the referee runs as root, the engine runs as an unprivileged uid of
//!   its own (the kernel does not apply `RLIMIT_NPROC` to root, and root could undo every
//!   other limit).
//!
//! What a limit did becomes the game's result reason ([`Child::limit_hit`](super::child::Child::limit_hit)):
//! `black forfeits: memory limit (2 GiB)`.

use std::collections::HashMap;
use std::fmt;
use std::fs;
use std::io;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rustix::process::{Pid, Signal, kill_process};

use super::limits::EngineLimits;
use super::program::{self, Resolved};
use crate::referee::outcome::usage::Sample;
use crate::words::format_size;

/// How the memory limit is enforced.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MemoryGuard {
    /// A cgroup v2 `memory.max` (resident memory).
    CgroupV2,
    /// A cgroup v1 `memory.limit_in_bytes` (resident memory).
    CgroupV1,
    /// `RLIMIT_AS` with a margin ([`ADDRESS_SPACE_MARGIN`]): where no cgroup can be made.
    AddressSpace,
}

/// What the address-space limit adds to the memory limit where no cgroup can be made: a
/// JVM reserves its class space and code cache up front (Java engines also get `-Xmx` of
/// three quarters of the limit through `JAVA_TOOL_OPTIONS`).
pub const ADDRESS_SPACE_MARGIN: u64 = 1 << 30;

/// The `PATH` of a sandboxed engine.
const SANDBOX_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// The first uid engines run as when the referee is root (one uid per engine).
const FIRST_UID: u32 = 61_000;
/// How many uids engines are spread over.
const UIDS: u32 = 4_000;

/// The sandbox: what is available on this machine and the limits to apply. One value
/// for a whole match or tournament, shared by every game.
#[derive(Clone, Debug)]
pub struct Sandbox {
    /// The limits, and whether there is a sandbox at all ([`EngineLimits::sandbox`], the
    /// one place that switch is kept).
    limits: EngineLimits,
    bwrap: Option<PathBuf>,
    cgroups: Option<CgroupBase>,
    /// Run engines as unprivileged uids (the referee is root and `setpriv` exists).
    drop_uid: bool,
    prlimit: bool,
    taskset: bool,
    /// Paths every engine may read besides its folder (tables, shared libraries).
    read_only: Vec<PathBuf>,
    /// Environment variables engines see besides `PATH`, `HOME`, `TMPDIR` and `LANG`.
    keep_env: Vec<String>,
    /// The CPUs engines are put on (core *k* of a game slot is the *k*-th of them, cycled).
    cpus: Vec<usize>,
    /// Each engine's CPU quota in CPUs' worth of time (`--engine-cpus`), where a cgroup
    /// can hold it.
    cpu_quota: Option<f64>,
    /// Programs already found, by program word and folder: a version manager's shim is
    /// asked once a run, not at every engine start.
    found: Arc<Mutex<HashMap<(String, PathBuf), Resolved>>>,
}

impl Default for Sandbox {
    fn default() -> Sandbox {
        Sandbox::off()
    }
}

impl Sandbox {
    /// No sandbox: engines run as the referee's user with its rights (`--no-sandbox`, for
    /// engines the TA trusts).
    #[must_use]
    pub fn off() -> Sandbox {
        Sandbox {
            limits: EngineLimits { sandbox: false, ..EngineLimits::default() },
            bwrap: None,
            cgroups: None,
            drop_uid: false,
            prlimit: false,
            taskset: false,
            read_only: Vec::new(),
            keep_env: Vec::new(),
            cpus: Vec::new(),
            cpu_quota: None,
            found: Arc::default(),
        }
    }

    /// The sandbox this machine allows, with `limits`. `MORRIS_NO_BWRAP=1` and
    /// `MORRIS_NO_CGROUP=1` leave bubblewrap or the cgroups out on purpose (to try the
    /// fallbacks).
    #[must_use]
    pub fn probe(limits: EngineLimits, read_only: Vec<PathBuf>) -> Sandbox {
        if !limits.sandbox {
            return Sandbox { limits, ..Sandbox::off() };
        }
        let off = |var: &str| std::env::var_os(var).is_some_and(|v| v == "1");
        let bwrap = if off("MORRIS_NO_BWRAP") { None } else { find_program("bwrap") };
        let bwrap = bwrap.filter(|b| bwrap_works(b));
        let root = is_root();
        let cgroups = if off("MORRIS_NO_CGROUP") || !root { None } else { CgroupBase::probe() };
        let mut cpus = cgroups.as_ref().map(CgroupBase::allowed_cpus).unwrap_or_default();
        if cpus.is_empty() {
            cpus = own_cpus();
        }
        Sandbox {
            limits,
            bwrap,
            cgroups,
            drop_uid: root && find_program("setpriv").is_some(),
            prlimit: find_program("prlimit").is_some(),
            taskset: find_program("taskset").is_some(),
            read_only,
            keep_env: Vec::new(),
            cpus,
            cpu_quota: None,
            found: Arc::default(),
        }
    }

    /// The same sandbox, giving each engine at most `cpus` CPUs' worth of time (a cgroup
    /// CPU quota: `cpu.max`, or v1's `cpu.cfs_quota_us`), where one can be set.
    #[must_use]
    pub fn with_cpu_quota(mut self, cpus: Option<f64>) -> Sandbox {
        self.cpu_quota = cpus;
        self
    }

    /// Whether an engine's core binds it: a cpuset cgroup holds it there, where
    /// `taskset` alone is only a request (the engine may widen its own affinity).
    #[must_use]
    pub fn pinning_binds(&self) -> bool {
        self.enabled() && self.cgroups.as_ref().is_some_and(CgroupBase::has_cpuset)
    }

    /// Whether the CPU quota asked for is in force.
    #[must_use]
    pub fn cpu_quota(&self) -> Option<f64> {
        self.cpu_quota.filter(|_| self.enabled() && self.cgroups.as_ref().is_some_and(CgroupBase::has_cpu_quota))
    }

    /// How engines are kept on their cores, in words.
    #[must_use]
    pub fn pinning(&self) -> String {
        if !self.enabled() {
            return "engines are not pinned (no sandbox)".to_string();
        }
        let cpus: Vec<String> = self.cpus.iter().map(ToString::to_string).collect();
        let on = format!("on CPUs {}", cpus.join(","));
        let mut text = if self.pinning_binds() {
            let version = if self.memory_guard() == MemoryGuard::CgroupV2 { "v2" } else { "v1" };
            format!("each engine held on one core by a cpuset cgroup ({version}), {on}: it cannot widen its affinity")
        } else if self.taskset {
            format!(
                "each engine pinned to one core by taskset, {on}: only a request, the engine can widen its own affinity (no cpuset cgroup here)"
            )
        } else {
            "engines are not pinned (neither a cpuset cgroup nor taskset here)".to_string()
        };
        match (self.cpu_quota, self.cpu_quota()) {
            (Some(q), Some(_)) => text.push_str(&format!("; CPU quota {q} CPUs each (cgroup)")),
            (Some(q), None) => text.push_str(&format!("; no CPU quota ({q} asked): no cpu cgroup can be made here")),
            (None, _) => {}
        }
        text
    }

    /// The same sandbox, passing the variables `names` on to the engines (from the
    /// referee's environment) besides `PATH`, `HOME`, `TMPDIR` and `LANG`.
    #[must_use]
    pub fn keeping_env(mut self, names: &[String]) -> Sandbox {
        self.keep_env.extend(names.iter().cloned());
        self
    }

    /// Whether engines run sandboxed at all.
    #[must_use]
    pub fn enabled(&self) -> bool {
        self.limits.sandbox
    }

    /// The limits applied.
    #[must_use]
    pub fn limits(&self) -> EngineLimits {
        self.limits
    }

    /// How the memory limit is enforced.
    #[must_use]
    pub fn memory_guard(&self) -> MemoryGuard {
        match &self.cgroups {
            Some(CgroupBase::V2 { .. }) => MemoryGuard::CgroupV2,
            Some(CgroupBase::V1 { .. }) => MemoryGuard::CgroupV1,
            None => MemoryGuard::AddressSpace,
        }
    }

    /// Whether bubblewrap isolates the engines.
    #[must_use]
    pub fn isolated(&self) -> bool {
        self.bwrap.is_some()
    }

    /// Whether a fork bomb is bounded: a cgroup's process limit, or an unprivileged uid
    /// under `RLIMIT_NPROC` (which the kernel does not apply to root).
    #[must_use]
    pub fn processes_bounded(&self) -> bool {
        self.enabled() && (self.cgroups.is_some() || (self.prlimit && (self.drop_uid || !is_root())))
    }

    /// One line saying what is in force.
    #[must_use]
    pub fn summary(&self) -> String {
        if !self.enabled() {
            return "engines run without a sandbox or limits (--no-sandbox), with the referee's rights".to_string();
        }
        let l = self.limits;
        let memory = match self.memory_guard() {
            MemoryGuard::CgroupV2 => format!("memory {} (cgroup v2)", format_size(l.memory)),
            MemoryGuard::CgroupV1 => format!("memory {} (cgroup v1)", format_size(l.memory)),
            MemoryGuard::AddressSpace => {
                format!(
                    "memory {} (address space, {} margin: no cgroup could be made)",
                    format_size(l.memory),
                    format_size(ADDRESS_SPACE_MARGIN)
                )
            }
        };
        let isolation = if self.isolated() { "bubblewrap" } else { "no bubblewrap" };
        let user = if self.drop_uid { ", an unprivileged uid per engine" } else { "" };
        format!(
            "engines sandboxed: {isolation}{user}, {memory}, {} processes, files up to {}, {} open files",
            l.processes,
            format_size(l.file_size),
            l.open_files
        )
    }

    /// The warning to print when the sandbox is weaker than it should be: no bubblewrap
    /// (what is not isolated, and the command that installs it).
    #[must_use]
    pub fn warning(&self) -> Option<String> {
        if !self.enabled() || self.isolated() {
            return None;
        }
        Some(
            "bubblewrap (bwrap) is not available: engines run with limits only; they can read every \
             world-readable file (other entrants' folders included), use the network and see other \
             processes; install it with 'sudo apt-get install bubblewrap'"
                .to_string(),
        )
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
        let resolved = self.resolve(program, &folder)?;
        let cpu = core.and_then(|k| self.cpus.get(k % self.cpus.len().max(1)).copied());
        let cgroups = match &self.cgroups {
            Some(base) => base.create(self.limits, CpuPlace { cpu, quota: self.cpu_quota })?,
            None => Vec::new(),
        };
        let jail = Jail {
            cgroups,
            limits: self.limits,
            guard: self.memory_guard(),
            sandboxed: true,
            bwrap: self.bwrap.is_some(),
        };
        let mut chain: Vec<String> = Vec::new();
        if self.prlimit {
            chain.extend(["prlimit".into(), format!("--nofile={0}:{0}", self.limits.open_files)]);
            chain.extend([format!("--fsize={0}:{0}", self.limits.file_size), "--core=0:0".into()]);
            if self.drop_uid || !is_root() {
                chain.push(format!("--nproc={0}:{0}", self.limits.processes));
            }
            if jail.guard == MemoryGuard::AddressSpace {
                chain.push(format!("--as={0}:{0}", self.limits.memory + ADDRESS_SPACE_MARGIN));
            }
            chain.push("--".into());
        }
        // A cpuset holds the engine on its CPU already; taskset only asks.
        if let (true, false, Some(cpu)) = (self.taskset, self.pinning_binds(), cpu) {
            chain.extend(["taskset".into(), "-c".into(), cpu.to_string()]);
        }
        let uid = next_uid().to_string();
        if let (Some(dir), true) = (writable, self.drop_uid) {
            // The engine's own uid must own its writable folder.
            let owner = format!("{uid}:{uid}");
            let chown = Command::new("chown").arg("-R").arg(owner).arg(dir).stderr(Stdio::null()).status()?;
            if !chown.success() {
                return Err(io::Error::other(format!("chown -R {} failed", dir.display())));
            }
        }
        if let Some(bwrap) = &self.bwrap {
            chain.push(bwrap.display().to_string());
            chain.extend(self.bwrap_args(program, args, &folder, writable, &resolved.read_only));
        }
        if self.drop_uid {
            chain.extend(["setpriv".into(), "--reuid".into(), uid.clone(), "--regid".into(), uid]);
            chain.extend(["--clear-groups".into(), "--inh-caps=-all".into(), "--".into()]);
        }
        chain.push(resolved.program.display().to_string());
        chain.extend(args.iter().cloned());
        // The shell joins the cgroups before anything of the engine runs, then becomes it.
        let join: String =
            jail.cgroups.iter().map(|g| format!("echo $$ > '{}/cgroup.procs' && ", g.display())).collect();
        let mut c = Command::new("/bin/sh");
        c.arg("-c").arg(format!("{join}exec \"$@\"")).arg("morris-sandbox").args(&chain);
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
        if jail.guard == MemoryGuard::AddressSpace {
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

    /// The program `program` (the first word of an engine command) run from `folder` is,
    /// found as the caller finds it ([`program::resolve`]), and what the sandbox shows
    /// for it.
    ///
    /// # Errors
    /// It is not found, or not executable.
    pub fn resolve(&self, program: &str, folder: &Path) -> io::Result<Resolved> {
        let key = (program.to_string(), folder.to_path_buf());
        if let Some(known) = self.found.lock().ok().and_then(|f| f.get(&key).cloned()) {
            return Ok(known);
        }
        let caller_path = std::env::var_os("PATH").unwrap_or_else(|| SANDBOX_PATH.into());
        let resolved = program::resolve(program, folder, &caller_path)
            .map_err(|e| io::Error::new(io::ErrorKind::NotFound, e.to_string()))?;
        if let Ok(mut f) = self.found.lock() {
            f.insert(key, resolved.clone());
        }
        Ok(resolved)
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
        if self.drop_uid {
            push(&["--cap-add", "CAP_SETUID,CAP_SETGID"]);
        }
        a.push("--".into());
        a
    }
}

/// Where the engines' cgroups are made.
#[derive(Clone, Debug)]
enum CgroupBase {
    /// A cgroup v2 folder with the memory and pids controllers enabled for its children,
    /// and cpuset and cpu where the kernel has them.
    V2 { base: PathBuf, cpuset: bool, cpu: bool },
    /// Folders of v1's memory and pids hierarchies, and of its cpuset, cpu and cpuacct
    /// ones where they are mounted (cpu and cpuacct are often one hierarchy: then one
    /// folder serves both).
    V1 { memory: PathBuf, pids: PathBuf, cpuset: Option<PathBuf>, cpu: Option<PathBuf>, cpuacct: Option<PathBuf> },
}

/// Where one engine runs: the CPU its cpuset holds and its CPU quota, if any.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
struct CpuPlace {
    /// The CPU (as the kernel numbers it) the engine is held on.
    cpu: Option<usize>,
    /// CPUs' worth of time per period (`--engine-cpus`).
    quota: Option<f64>,
}

/// The CFS period the CPU quota is given in: 100 ms, the kernel's default.
const CPU_PERIOD_US: u64 = 100_000;

static NEXT_CGROUP: AtomicU32 = AtomicU32::new(0);

impl CgroupBase {
    /// A base this process can make engine cgroups in, if any.
    fn probe() -> Option<CgroupBase> {
        let base = if Path::new("/sys/fs/cgroup/cgroup.controllers").exists() {
            CgroupBase::probe_v2()?
        } else {
            CgroupBase::probe_v1()?
        };
        base.sweep();
        // Make one, to be sure; a cpuacct folder (the accounting), then a cpuset, that
        // cannot be made is left out.
        let mut base = base;
        let first = base.allowed_cpus().first().copied();
        let place = CpuPlace { cpu: first, quota: None };
        for attempt in 0.. {
            match base.create(EngineLimits::default(), place) {
                Ok(made) => {
                    drop(Jail::unsandboxed(made, EngineLimits::default()));
                    return Some(base);
                }
                Err(_) if attempt == 0 => base.drop_cpuacct(),
                Err(_) if attempt == 1 => base.drop_cpuset(),
                Err(_) => return None,
            }
        }
        None
    }

    /// v2: a `morris` folder at the root of the hierarchy with memory and pids enabled
    /// (the root is the one cgroup that may have both processes and controlled children),
    /// and cpuset and cpu where they can be.
    fn probe_v2() -> Option<CgroupBase> {
        let root = Path::new("/sys/fs/cgroup");
        let controllers = fs::read_to_string(root.join("cgroup.controllers")).ok()?;
        if !(controllers.contains("memory") && controllers.contains("pids")) {
            return None;
        }
        fs::write(root.join("cgroup.subtree_control"), "+memory +pids").ok()?;
        let base = root.join("morris");
        if !base.exists() {
            fs::create_dir(&base).ok()?;
        }
        fs::write(base.join("cgroup.subtree_control"), "+memory +pids").ok()?;
        let enabled = |controller: &str| {
            let on = format!("+{controller}");
            controllers.split_whitespace().any(|c| c == controller)
                && fs::write(root.join("cgroup.subtree_control"), &on).is_ok()
                && fs::write(base.join("cgroup.subtree_control"), &on).is_ok()
        };
        let cpuset = enabled("cpuset");
        let cpu = enabled("cpu");
        Some(CgroupBase::V2 { base, cpuset, cpu })
    }

    /// v1: this process's own folders of the memory and pids hierarchies (and of cpuset
    /// and cpu, where mounted).
    fn probe_v1() -> Option<CgroupBase> {
        let own = fs::read_to_string("/proc/self/cgroup").ok()?;
        let path_of = |controller: &str| -> Option<PathBuf> {
            let line =
                own.lines().find(|l| l.split(':').nth(1).is_some_and(|c| c.split(',').any(|c| c == controller)))?;
            let rel = line.splitn(3, ':').nth(2)?.trim_start_matches('/');
            let dir = Path::new("/sys/fs/cgroup").join(controller).join(rel);
            dir.join("cgroup.procs").exists().then_some(dir)
        };
        Some(CgroupBase::V1 {
            memory: path_of("memory")?,
            pids: path_of("pids")?,
            cpuset: path_of("cpuset"),
            cpu: path_of("cpu"),
            // What CPU time each engine used (`cpuacct.usage`).
            cpuacct: path_of("cpuacct"),
        })
    }

    /// Whether engines are held on their CPU by a cpuset.
    fn has_cpuset(&self) -> bool {
        match self {
            CgroupBase::V2 { cpuset, .. } => *cpuset,
            CgroupBase::V1 { cpuset, .. } => cpuset.is_some(),
        }
    }

    /// Whether a CPU quota can be set.
    fn has_cpu_quota(&self) -> bool {
        match self {
            CgroupBase::V2 { cpu, .. } => *cpu,
            CgroupBase::V1 { cpu, .. } => cpu.is_some(),
        }
    }

    fn drop_cpuacct(&mut self) {
        if let CgroupBase::V1 { cpuacct, .. } = self {
            *cpuacct = None;
        }
    }

    fn drop_cpuset(&mut self) {
        match self {
            CgroupBase::V2 { cpuset, .. } => *cpuset = false,
            CgroupBase::V1 { cpuset, .. } => *cpuset = None,
        }
    }

    /// The CPUs engines' cpusets may hold: the parent's effective ones.
    fn allowed_cpus(&self) -> Vec<usize> {
        let text = match self {
            CgroupBase::V2 { base, cpuset: true, .. } => fs::read_to_string(base.join("cpuset.cpus.effective")).ok(),
            CgroupBase::V1 { cpuset: Some(dir), .. } => fs::read_to_string(dir.join("cpuset.effective_cpus"))
                .or_else(|_| fs::read_to_string(dir.join("cpuset.cpus")))
                .ok(),
            _ => None,
        };
        text.map(|t| parse_cpu_list(&t)).unwrap_or_default()
    }

    /// The memory nodes engines' cpusets hold: the parent's (a cpuset needs both).
    fn mems(&self) -> String {
        let text = match self {
            CgroupBase::V2 { base, .. } => fs::read_to_string(base.join("cpuset.mems.effective")),
            CgroupBase::V1 { cpuset: Some(dir), .. } => fs::read_to_string(dir.join("cpuset.effective_mems"))
                .or_else(|_| fs::read_to_string(dir.join("cpuset.mems"))),
            CgroupBase::V1 { .. } => Ok(String::new()),
        };
        text.map(|t| t.trim().to_string()).ok().filter(|t| !t.is_empty()).unwrap_or_else(|| "0".to_string())
    }

    /// The folders engine cgroups are made in.
    fn folders(&self) -> Vec<&Path> {
        match self {
            CgroupBase::V2 { base, .. } => vec![base],
            CgroupBase::V1 { memory, pids, cpuset, cpu, cpuacct } => {
                [Some(memory), Some(pids), cpuset.as_ref(), cpu.as_ref(), cpuacct.as_ref()]
                    .into_iter()
                    .flatten()
                    .map(PathBuf::as_path)
                    .collect()
            }
        }
    }

    /// Removes the empty engine cgroups of referees that are gone (killed before they
    /// could remove their own): their names could come again with a reused pid.
    fn sweep(&self) {
        for folder in self.folders() {
            for entry in fs::read_dir(folder).into_iter().flatten().flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                let owner = name.strip_prefix("morris-").and_then(|rest| rest.split('-').next());
                if let Some(pid) = owner.filter(|pid| !Path::new("/proc").join(pid).exists()) {
                    log::debug!("removing the cgroup {name} of referee {pid}, which is gone");
                    let _ = fs::remove_dir(entry.path());
                }
            }
        }
    }

    /// A name no folder holds yet: `morris-PID-N`.
    fn fresh_name(&self) -> String {
        loop {
            let name = format!("morris-{}-{}", std::process::id(), NEXT_CGROUP.fetch_add(1, Ordering::Relaxed));
            if self.folders().iter().all(|f| !f.join(&name).exists()) {
                return name;
            }
        }
    }

    /// Makes one engine's cgroup(s) with `limits`, held on `place`'s CPU and quota where
    /// those controllers are.
    fn create(&self, limits: EngineLimits, place: CpuPlace) -> io::Result<Vec<PathBuf>> {
        let name = self.fresh_name();
        let quota = |q: f64| {
            // At least 1 ms a period, the kernel's least.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let us = ((q * CPU_PERIOD_US as f64).round() as u64).max(1000);
            us
        };
        let made = match self {
            CgroupBase::V2 { base, cpuset, cpu } => {
                let dir = base.join(&name);
                fs::create_dir(&dir)?;
                let mut result = fs::write(dir.join("memory.max"), limits.memory.to_string())
                    .and_then(|()| fs::write(dir.join("memory.swap.max"), "0").or(Ok(())))
                    .and_then(|()| fs::write(dir.join("pids.max"), limits.processes.to_string()));
                if let (true, Some(c)) = (*cpuset, place.cpu) {
                    result = result
                        .and_then(|()| fs::write(dir.join("cpuset.mems"), self.mems()))
                        .and_then(|()| fs::write(dir.join("cpuset.cpus"), c.to_string()));
                }
                if let (true, Some(q)) = (*cpu, place.quota) {
                    result =
                        result.and_then(|()| fs::write(dir.join("cpu.max"), format!("{} {CPU_PERIOD_US}", quota(q))));
                }
                vec![(dir, result)]
            }
            CgroupBase::V1 { memory, pids, cpuset, cpu, cpuacct } => {
                let m = memory.join(&name);
                let p = pids.join(&name);
                fs::create_dir(&m)?;
                let rm = fs::write(m.join("memory.limit_in_bytes"), limits.memory.to_string()).and_then(|()| {
                    // Swap counts too where the kernel accounts it.
                    let memsw = m.join("memory.memsw.limit_in_bytes");
                    if memsw.exists() { fs::write(memsw, limits.memory.to_string()) } else { Ok(()) }
                });
                let rp = fs::create_dir(&p).and_then(|()| fs::write(p.join("pids.max"), limits.processes.to_string()));
                let mut made = vec![(m, rm), (p, rp)];
                if let (Some(folder), Some(c)) = (cpuset, place.cpu) {
                    // A v1 cpuset takes no process before it has both its CPUs and its memory nodes.
                    let s = folder.join(&name);
                    let rs = fs::create_dir(&s)
                        .and_then(|()| fs::write(s.join("cpuset.mems"), self.mems()))
                        .and_then(|()| fs::write(s.join("cpuset.cpus"), c.to_string()));
                    made.push((s, rs));
                }
                if let (Some(folder), Some(q)) = (cpu, place.quota) {
                    let c = folder.join(&name);
                    let rc = fs::create_dir(&c)
                        .and_then(|()| fs::write(c.join("cpu.cfs_period_us"), CPU_PERIOD_US.to_string()))
                        .and_then(|()| fs::write(c.join("cpu.cfs_quota_us"), quota(q).to_string()));
                    made.push((c, rc));
                }
                if let Some(folder) = cpuacct {
                    // The same folder as the cpu one where both controllers share a hierarchy.
                    let a = folder.join(&name);
                    if !made.iter().any(|(d, _)| same_dir(d, &a)) {
                        let ra = fs::create_dir(&a);
                        made.push((a, ra));
                    }
                }
                made
            }
        };
        let dirs: Vec<PathBuf> = made.iter().filter(|(d, _)| d.exists()).map(|(d, _)| d.clone()).collect();
        if let Some(e) = made.into_iter().find_map(|(_, r)| r.err()) {
            drop(Jail::unsandboxed(dirs, limits));
            return Err(e);
        }
        Ok(dirs)
    }
}

/// Whether two paths name one folder (through the symbolic links that join v1
/// hierarchies, `cpu` and `cpuacct` → `cpu,cpuacct`).
fn same_dir(a: &Path, b: &Path) -> bool {
    a == b || matches!((fs::canonicalize(a), fs::canonicalize(b)), (Ok(x), Ok(y)) if x == y)
}

/// The CPUs of a kernel CPU list such as `0-3,6,8-9`.
fn parse_cpu_list(text: &str) -> Vec<usize> {
    let mut cpus = Vec::new();
    for part in text.trim().split(',').filter(|p| !p.is_empty()) {
        let (low, high) = part.split_once('-').unwrap_or((part, part));
        if let (Ok(low), Ok(high)) = (low.trim().parse::<usize>(), high.trim().parse::<usize>()) {
            cpus.extend(low..=high.min(low + 4096));
        }
    }
    cpus
}

/// One engine's limits while it runs: its cgroups (if any). [`Jail::kill_all`] (and
/// dropping it) kills every process in them and removes them.
#[derive(Debug)]
pub(crate) struct Jail {
    cgroups: Vec<PathBuf>,
    limits: EngineLimits,
    guard: MemoryGuard,
    sandboxed: bool,
    /// bubblewrap stands between us and the engine (it reports a signal as 128 + N).
    bwrap: bool,
}

/// A limit an engine ran into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LimitHit {
    /// Its memory limit (the kernel killed it, or an allocation failed).
    Memory(u64),
    /// Its process limit (a fork or a thread was refused).
    Processes(u64),
    /// Its file size limit.
    FileSize(u64),
}

impl fmt::Display for LimitHit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LimitHit::Memory(m) => write!(f, "memory limit ({})", format_size(*m)),
            LimitHit::Processes(n) => write!(f, "process limit ({n})"),
            LimitHit::FileSize(s) => write!(f, "file size limit ({})", format_size(*s)),
        }
    }
}

impl Jail {
    /// Cgroups to kill and remove, and no judging of limits.
    fn unsandboxed(cgroups: Vec<PathBuf>, limits: EngineLimits) -> Jail {
        Jail { cgroups, limits, guard: MemoryGuard::AddressSpace, sandboxed: false, bwrap: false }
    }

    /// The limit the engine ran into, judged from its cgroups' counters, its exit status
    /// (`SIGXFSZ`) and, without a cgroup only, its last stderr lines (an allocation or a
    /// fork refused).
    #[must_use]
    pub fn limit_hit(&self, status: Option<ExitStatus>, stderr_tail: &[String]) -> Option<LimitHit> {
        let counter = |file: &str, key: &str| -> u64 {
            self.cgroups
                .iter()
                .filter_map(|g| fs::read_to_string(g.join(file)).ok())
                .flat_map(|text| {
                    text.lines().filter_map(|l| l.strip_prefix(key)?.trim().parse::<u64>().ok()).collect::<Vec<_>>()
                })
                .sum()
        };
        let oom = counter("memory.events", "oom_kill ") + counter("memory.oom_control", "oom_kill ");
        if oom > 0 {
            return Some(LimitHit::Memory(self.limits.memory));
        }
        if counter("pids.events", "max ") > 0 {
            return Some(LimitHit::Processes(self.limits.processes));
        }
        const SIGXFSZ: i32 = 25;
        if let Some(s) = status
            && self.sandboxed
            && self.engine_status(s).signal() == Some(SIGXFSZ)
        {
            return Some(LimitHit::FileSize(self.limits.file_size));
        }
        let says_memory = |l: &String| {
            ["MemoryError", "memory allocation of", "OutOfMemoryError", "Cannot allocate memory", "bad_alloc"]
                .iter()
                .any(|w| l.contains(w))
        };
        if self.sandboxed && self.guard == MemoryGuard::AddressSpace && stderr_tail.iter().any(says_memory) {
            return Some(LimitHit::Memory(self.limits.memory));
        }
        // Without a pids cgroup, RLIMIT_NPROC refuses a fork with EAGAIN.
        let says_fork = |l: &String| l.contains("Resource temporarily unavailable") || l.contains("Cannot fork");
        if self.sandboxed && self.cgroups.is_empty() && stderr_tail.iter().any(says_fork) {
            return Some(LimitHit::Processes(self.limits.processes));
        }
        None
    }

    /// What the engine's cgroups say it used: CPU time (v1 `cpuacct.usage`, v2 `cpu.stat`'s
    /// `usage_usec`), peak memory (v1 `memory.max_usage_in_bytes`, v2 `memory.peak`) and
    /// whether the OOM killer fired (`oom_kill` of v1 `memory.oom_control` or v2
    /// `memory.events`). A file that is missing or does not read leaves its figure not
    /// measured.
    #[must_use]
    pub fn usage(&self) -> Sample {
        let read = |file: &str| self.cgroups.iter().find_map(|g| fs::read_to_string(g.join(file)).ok());
        let keyed = |text: &str, key: &str| {
            text.lines().find_map(|l| l.strip_prefix(key)?.strip_prefix(' ')?.trim().parse::<u64>().ok())
        };
        let cpu = match read("cpuacct.usage") {
            Some(ns) => ns.trim().parse::<u64>().ok().map(Duration::from_nanos),
            None => read("cpu.stat").and_then(|t| keyed(&t, "usage_usec")).map(Duration::from_micros),
        };
        let peak_memory = read("memory.max_usage_in_bytes")
            .or_else(|| read("memory.peak"))
            .and_then(|t| t.trim().parse::<u64>().ok());
        let oom_killed = read("memory.oom_control")
            .or_else(|| read("memory.events"))
            .and_then(|t| keyed(&t, "oom_kill"))
            .map(|n| n > 0);
        Sample { cpu, peak_memory, oom_killed }
    }

    /// The engine's own exit status from the one its launcher reported: bubblewrap exits
    /// with 128 + N when the engine died of signal N.
    #[must_use]
    pub fn engine_status(&self, status: ExitStatus) -> ExitStatus {
        match status.code() {
            Some(code) if self.bwrap && (129..=128 + 64).contains(&code) => ExitStatus::from_raw(code - 128),
            _ => status,
        }
    }

    /// Kills every process in the engine's cgroups (what it left running included).
    pub fn kill_all(&self) {
        for g in &self.cgroups {
            if fs::write(g.join("cgroup.kill"), "1").is_ok() {
                continue;
            }
            // v1 (or a v2 kernel before 5.14): kill what is listed until nothing is.
            for _ in 0..50 {
                let pids: Vec<Pid> = fs::read_to_string(g.join("cgroup.procs"))
                    .unwrap_or_default()
                    .split_whitespace()
                    .filter_map(|p| p.parse::<i32>().ok().and_then(Pid::from_raw))
                    .collect();
                if pids.is_empty() {
                    break;
                }
                for pid in pids {
                    let _ = kill_process(pid, Signal::KILL);
                }
                std::thread::sleep(Duration::from_millis(2));
            }
        }
    }
}

impl Drop for Jail {
    fn drop(&mut self) {
        self.kill_all();
        for g in &self.cgroups {
            // A killed process leaves its cgroup a moment after it died.
            for _ in 0..100 {
                if fs::remove_dir(g).is_ok() || !g.exists() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
    }
}

fn next_uid() -> u32 {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    FIRST_UID + (std::process::id().wrapping_mul(37).wrapping_add(n)) % UIDS
}

fn is_root() -> bool {
    // The owner of /proc/self is the process's effective uid.
    use std::os::unix::fs::MetadataExt;
    fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

fn absolute(path: &Path) -> io::Result<PathBuf> {
    if path.is_absolute() { Ok(path.to_path_buf()) } else { Ok(std::env::current_dir()?.join(path)) }
}

/// The CPUs this process may run on (`Cpus_allowed_list`), or 0..cores.
fn own_cpus() -> Vec<usize> {
    let status = fs::read_to_string("/proc/self/status").unwrap_or_default();
    let listed = status.lines().find_map(|l| l.strip_prefix("Cpus_allowed_list:")).map(parse_cpu_list);
    match listed {
        Some(cpus) if !cpus.is_empty() => cpus,
        _ => (0..std::thread::available_parallelism().map_or(1, std::num::NonZero::get)).collect(),
    }
}

/// `name` found on `PATH` (or the system's folders).
fn find_program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/bin", "/bin", "/usr/sbin", "/sbin"].map(PathBuf::from))
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// Whether bubblewrap can make its namespaces here (it cannot in some containers).
fn bwrap_works(bwrap: &Path) -> bool {
    Command::new(bwrap)
        .args(["--ro-bind", "/", "/", "--unshare-net", "--unshare-pid", "--die-with-parent", "--", "/bin/true"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_size_signal_is_the_file_size_limit() {
        let jail = Jail {
            cgroups: Vec::new(),
            limits: EngineLimits::default(),
            guard: MemoryGuard::AddressSpace,
            sandboxed: true,
            bwrap: false,
        };
        assert_eq!(jail.limit_hit(Some(ExitStatus::from_raw(25)), &[]), Some(LimitHit::FileSize(64 << 20)));
        assert_eq!(jail.limit_hit(Some(ExitStatus::from_raw(9)), &[]), None);
        let tail = ["MemoryError".to_string()];
        assert_eq!(jail.limit_hit(None, &tail), Some(LimitHit::Memory(2 << 30)));
        assert_eq!(LimitHit::Memory(2 << 30).to_string(), "memory limit (2GiB)");
    }

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

    #[test]
    fn without_a_sandbox_the_command_is_the_engine_itself() {
        let (c, _jail) = Sandbox::off().command(&["engine".into(), "--depth".into()], None, Some(0), None).unwrap();
        assert_eq!(c.get_program(), "engine");
        assert!(Sandbox::off().command(&[], None, None, None).is_err());
    }
}
