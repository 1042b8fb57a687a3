//! The sandbox every engine the referee starts runs in: student programs are untrusted
//! code, and nothing they do may harm the machine, the TA or another entrant.
//!
//! Built from the tools Linux distributions ship, so no `unsafe` and no home-made
//! isolation: every engine is started through one chain of `exec`s,
//!
//! ```text
//! sh (stops; the referee puts it in the engine's cgroups and limits, and continues it)
//!    → taskset (its core, without a cpuset) → bwrap (namespaces, read-only system, private /tmp)
//!    → unshare (an unprivileged uid) → the engine
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
//! - **rlimits** (set by the referee on the stopped `sh`, `prlimit(2)`): file size, open
//!   files, no core files, processes per uid.
//! - **unshare** (or `setpriv`): when the referee runs as root, the engine runs as an
//!   unprivileged uid of its own, with no group and no capability (the kernel does not
//!   apply `RLIMIT_NPROC` to root, and root could undo every other limit).
//!
//! What a limit did becomes the game's result reason ([`Child::limit_hit`](super::child::Child::limit_hit)):
//! `black forfeits: memory limit (2 GiB)`.
//!
//! Here: the [`Sandbox`] (what this machine allows and what is in force, in words) and
//! the jail one run holds (its cgroups: what a limit did, what the engine used, every
//! process killed at its end). The chain of `exec`s and bubblewrap's command line are
//! `chain`'s, the cgroups `cgroup`'s, the tools and fallbacks of this machine `host`'s
//! (modules of the sandbox's own).

use std::collections::HashMap;
use std::fmt;
use std::fs;
use std::io;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::ExitStatus;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rustix::process::{Pid, Resource, Rlimit, Signal, WaitId, WaitIdOptions, kill_process, prlimit, waitid};

use super::cgroup::{self, CgroupBase};
use super::host::{UidDropper, bwrap_works, find_program, is_root, own_cpus, uid_dropper};
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
pub(crate) const SANDBOX_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// The sandbox: what is available on this machine and the limits to apply. One value
/// for a whole match or tournament, shared by every game.
#[derive(Clone, Debug)]
pub struct Sandbox {
    /// The limits, and whether there is a sandbox at all ([`EngineLimits::sandbox`], the
    /// one place that switch is kept).
    pub(super) limits: EngineLimits,
    pub(super) bwrap: Option<PathBuf>,
    pub(super) cgroups: Option<CgroupBase>,
    /// How engines are run as unprivileged uids, if they are (the referee is root and
    /// `unshare` or `setpriv` works).
    pub(super) drop_uid: Option<UidDropper>,
    pub(super) taskset: bool,
    /// Paths every engine may read besides its folder (tables, shared libraries).
    pub(super) read_only: Vec<PathBuf>,
    /// Environment variables engines see besides `PATH`, `HOME`, `TMPDIR` and `LANG`.
    pub(super) keep_env: Vec<String>,
    /// The CPUs engines are put on (core *k* of a game slot is the *k*-th of them, cycled).
    pub(super) cpus: Vec<usize>,
    /// Each engine's CPU quota in CPUs' worth of time (`--engine-cpus`), where a cgroup
    /// can hold it.
    pub(super) cpu_quota: Option<f64>,
    /// Programs already found, by program word and folder: a version manager's shim is
    /// asked once a run, not at every engine start.
    pub(super) found: Arc<Mutex<HashMap<(String, PathBuf), Resolved>>>,
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
            drop_uid: None,
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
            drop_uid: if root { uid_dropper() } else { None },
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
        self.enabled() && (self.cgroups.is_some() || self.drop_uid.is_some() || !is_root())
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
        let user = if self.drop_uid.is_some() { ", an unprivileged uid per engine" } else { "" };
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
    /// The rlimits [`Jail::admit`] sets, each as both its soft and hard limit.
    rlimits: Vec<(Resource, u64)>,
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
    /// The jail of a sandboxed engine: its `cgroups` (to join, read, kill and remove), its
    /// `limits`, how its memory limit is enforced, whether bubblewrap stands between the
    /// referee and it, and the `rlimits` to set on its first process.
    pub(super) fn new(
        cgroups: Vec<PathBuf>,
        limits: EngineLimits,
        guard: MemoryGuard,
        bwrap: bool,
        rlimits: Vec<(Resource, u64)>,
    ) -> Jail {
        Jail { cgroups, limits, guard, sandboxed: true, bwrap, rlimits }
    }

    /// Cgroups to kill and remove, and no judging of limits.
    pub(super) fn unsandboxed(cgroups: Vec<PathBuf>, limits: EngineLimits) -> Jail {
        Jail { cgroups, limits, guard: MemoryGuard::AddressSpace, sandboxed: false, bwrap: false, rlimits: Vec::new() }
    }

    /// Lets a sandboxed program start: its first process `pid`, the chain's shell, stops
    /// itself before anything else runs; it is put in the cgroups and under the rlimits,
    /// then continued, and all it starts inherits both. Nothing to do without a sandbox.
    ///
    /// # Errors
    /// The shell exited instead of stopping, or a cgroup or a limit could not be set (the
    /// shell is then still stopped: the caller kills it).
    pub(super) fn admit(&self, pid: Pid) -> io::Result<()> {
        if !self.sandboxed {
            return Ok(());
        }
        let options = WaitIdOptions::STOPPED | WaitIdOptions::EXITED | WaitIdOptions::NOWAIT;
        let status = loop {
            match waitid(WaitId::Pid(pid), options) {
                Err(rustix::io::Errno::INTR) => {}
                other => break other?,
            }
        };
        if !status.is_some_and(|s| s.stopped()) {
            return Err(io::Error::other("the sandbox's shell exited before the program started"));
        }
        let raw = pid.as_raw_nonzero().to_string();
        for g in &self.cgroups {
            fs::write(g.join("cgroup.procs"), &raw)
                .map_err(|e| io::Error::other(format!("cannot join the cgroup {}: {e}", g.display())))?;
        }
        for &(resource, value) in &self.rlimits {
            let limit = Rlimit { current: Some(value), maximum: Some(value) };
            prlimit(Some(pid), resource, limit)
                .map_err(|e| io::Error::other(format!("cannot set the limit {resource:?}: {e}")))?;
        }
        kill_process(pid, Signal::CONT)?;
        Ok(())
    }

    /// The limit the engine ran into, judged from its cgroups' counters, its exit status
    /// (`SIGXFSZ`) and, without a cgroup only, its last stderr lines (an allocation or a
    /// fork refused). An engine that `ran_out_of_time` after its usage reached the
    /// memory limit (v1 `memory.failcnt`, v2 `memory.events`' `max`) ran into that limit:
    /// held at it, the kernel reclaims its pages, its program's own included, and it can
    /// crawl for seconds before the OOM killer fires, if ever.
    #[must_use]
    pub fn limit_hit(
        &self,
        status: Option<ExitStatus>,
        stderr_tail: &[String],
        ran_out_of_time: bool,
    ) -> Option<LimitHit> {
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
        if ran_out_of_time {
            let failed_charges: u64 = self
                .cgroups
                .iter()
                .filter_map(|g| fs::read_to_string(g.join("memory.failcnt")).ok()?.trim().parse::<u64>().ok())
                .sum();
            if failed_charges + counter("memory.events", "max ") > 0 {
                return Some(LimitHit::Memory(self.limits.memory));
            }
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
        cgroup::kill_all(&self.cgroups);
    }
}

impl Drop for Jail {
    fn drop(&mut self) {
        cgroup::remove(&self.cgroups);
    }
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
            rlimits: Vec::new(),
        };
        assert_eq!(jail.limit_hit(Some(ExitStatus::from_raw(25)), &[], false), Some(LimitHit::FileSize(64 << 20)));
        assert_eq!(jail.limit_hit(Some(ExitStatus::from_raw(9)), &[], false), None);
        let tail = ["MemoryError".to_string()];
        assert_eq!(jail.limit_hit(None, &tail, false), Some(LimitHit::Memory(2 << 30)));
        assert_eq!(LimitHit::Memory(2 << 30).to_string(), "memory limit (2GiB)");
    }

    /// An engine that ran out of time after its usage reached the memory limit, in a v1
    /// memory cgroup (`memory.failcnt`) or a v2 one (`memory.events`' `max`), ran into
    /// that limit; one that crashed, or kept under the limit, did not.
    #[test]
    fn running_out_of_time_at_the_memory_limit_is_the_memory_limit() {
        let dir = std::env::temp_dir().join(format!("morris-jail-{}", std::process::id()));
        let (v1, v2) = (dir.join("v1"), dir.join("v2"));
        fs::create_dir_all(&v1).unwrap();
        fs::create_dir_all(&v2).unwrap();
        let mut jail =
            Jail::new(vec![v1.clone(), v2.clone()], EngineLimits::default(), MemoryGuard::CgroupV1, false, Vec::new());
        let events = |max: u32| format!("low 0\nhigh 0\nmax {max}\noom 0\noom_kill 0\n");
        for (failcnt, max, hit) in [(0, 0, false), (3, 0, true), (0, 7, true)] {
            fs::write(v1.join("memory.failcnt"), format!("{failcnt}\n")).unwrap();
            fs::write(v1.join("memory.oom_control"), "oom_kill_disable 0\nunder_oom 0\noom_kill 0\n").unwrap();
            fs::write(v2.join("memory.events"), events(max)).unwrap();
            let expected = hit.then_some(LimitHit::Memory(2 << 30));
            assert_eq!(jail.limit_hit(None, &[], true), expected, "failcnt {failcnt}, max {max}");
            assert_eq!(jail.limit_hit(None, &[], false), None, "failcnt {failcnt}, max {max}, not out of time");
        }
        // Not cgroups: nothing to kill or remove.
        jail.cgroups.clear();
        let _ = fs::remove_dir_all(&dir);
    }
}
