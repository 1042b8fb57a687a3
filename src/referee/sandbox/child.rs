//! One started program, owned: the referee's engines and the grader's builds and runs are
//! all a [`Child`], started by [`Sandbox::spawn`].
//!
//! A `Child` owns the program's process group (it leads one, sandboxed or not) and its
//! cgroups. It waits with a timeout, signals and kills, says what a limit did and what the
//! program used ([`Child::usage`]), and when it is dropped kills whatever is left of the
//! program (the group, every process in its cgroups) and removes the cgroups, so no caller
//! has clean-up steps to remember. Signals go through `rustix` (no `unsafe`, no `kill`
//! program).
//!
//! It knows nothing of the protocol or of games: lines and moves are the callers'.

use std::fmt;
use std::fs;
use std::io;
use std::path::Path;
use std::process::{ChildStderr, ChildStdin, ChildStdout, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use rustix::process::{Pid, Signal, kill_process, kill_process_group};

use super::jail::{Jail, LimitHit, Sandbox};
use crate::referee::outcome::usage::Sample;

/// How often a wait with a timeout looks at the child.
const POLL: Duration = Duration::from_millis(5);

/// What to start and where: the arguments of [`Sandbox::spawn`].
#[derive(Clone, Copy, Debug)]
pub struct Launch<'a> {
    /// The program and its arguments.
    pub argv: &'a [String],
    /// Its folder (read-only in the sandbox, the working directory); the current
    /// directory if `None`.
    pub folder: Option<&'a Path>,
    /// The core (game slot's) to hold it on, if any.
    pub core: Option<usize>,
    /// The one folder it may write in (the grader's work folder), if any.
    pub writable: Option<&'a Path>,
    /// Whether its stdin is a pipe (an engine) or empty (the grader's programs). Its
    /// stdout and stderr are always pipes.
    pub stdin: bool,
}

/// Why a program could not be started.
#[derive(Debug)]
pub enum SpawnError {
    /// The sandbox could not be made for it (its program was not found, the cgroup could
    /// not be made, the command is empty).
    Prepare(io::Error),
    /// The operating system refused to start it.
    Spawn {
        /// The program.
        program: String,
        /// Why.
        source: io::Error,
    },
}

impl SpawnError {
    /// Why, in words, without the program's name.
    #[must_use]
    pub fn reason(&self) -> String {
        match self {
            SpawnError::Prepare(e) => e.to_string(),
            SpawnError::Spawn { source, .. } => crate::files::io_reason(source),
        }
    }
}

impl fmt::Display for SpawnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpawnError::Prepare(e) => write!(f, "{e}"),
            SpawnError::Spawn { program, .. } => write!(f, "{program}: {}", self.reason()),
        }
    }
}

impl std::error::Error for SpawnError {}

/// A started program that leads its own process group, in its cgroups (if any). Dropping
/// it kills all of it and removes the cgroups.
#[derive(Debug)]
pub struct Child {
    process: std::process::Child,
    /// The group's (and the leader's) id.
    pid: Pid,
    /// Its limits and cgroups; dropped after the process fields, so the cgroups are
    /// removed last.
    jail: Jail,
    /// The program's own exit status, once it has been waited for.
    status: Option<ExitStatus>,
    /// The largest of the usage samples so far (a process tree read from `/proc` is gone
    /// once it has exited, and its memory peak is the largest seen).
    seen: Sample,
    /// The process tree as last found in `/proc`, and the samples taken since.
    tree: ProcTree,
}

impl Sandbox {
    /// Starts `launch` in this sandbox as a [`Child`].
    ///
    /// # Errors
    /// The command is empty, its program is not found, its cgroup could not be made, or
    /// the operating system did not start it.
    pub fn spawn(&self, launch: Launch<'_>) -> Result<Child, SpawnError> {
        let (mut command, jail) =
            self.command(launch.argv, launch.folder, launch.core, launch.writable).map_err(SpawnError::Prepare)?;
        let stdin = if launch.stdin { Stdio::piped() } else { Stdio::null() };
        let process = command.stdin(stdin).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().map_err(|source| {
            SpawnError::Spawn { program: launch.argv.first().cloned().unwrap_or_default(), source }
        })?;
        let raw = i32::try_from(process.id()).ok();
        let Some(pid) = raw.and_then(Pid::from_raw) else {
            // Never: a started process has a positive id that fits.
            return Err(SpawnError::Prepare(io::Error::other("the process id does not fit")));
        };
        let child = Child { process, pid, jail, status: None, seen: Sample::default(), tree: ProcTree::default() };
        // Dropped on an error: the child (stopped, or not started) is killed.
        child.jail.admit(pid).map_err(SpawnError::Prepare)?;
        Ok(child)
    }
}

impl Child {
    /// The process id of the program's launcher, which leads its process group.
    #[must_use]
    pub fn id(&self) -> u32 {
        self.process.id()
    }

    /// Its stdin, once (if it was started with a piped stdin).
    pub fn take_stdin(&mut self) -> Option<ChildStdin> {
        self.process.stdin.take()
    }

    /// Its stdout, once.
    pub fn take_stdout(&mut self) -> Option<ChildStdout> {
        self.process.stdout.take()
    }

    /// Its stderr, once.
    pub fn take_stderr(&mut self) -> Option<ChildStderr> {
        self.process.stderr.take()
    }

    /// The program's exit status, if it has exited: bubblewrap's report of a signal
    /// (128 + N) is turned back into the signal.
    pub fn try_status(&mut self) -> Option<ExitStatus> {
        if self.status.is_none()
            && let Ok(Some(status)) = self.process.try_wait()
        {
            self.status = Some(self.jail.engine_status(status));
        }
        self.status
    }

    /// The exit status, if the program exits within `wait`.
    pub fn wait_timeout(&mut self, wait: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + wait;
        loop {
            if let Some(status) = self.try_status() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            thread::sleep(POLL.min(deadline.saturating_duration_since(Instant::now())));
        }
    }

    /// Waits for the program to exit; its status (`None` if it could not be waited for).
    pub fn wait(&mut self) -> Option<ExitStatus> {
        if self.status.is_none()
            && let Ok(status) = self.process.wait()
        {
            self.status = Some(self.jail.engine_status(status));
        }
        self.status
    }

    /// Asks the program to stop (SIGTERM to its launcher, which passes it on).
    pub fn terminate(&self) {
        if self.status.is_none() {
            let _ = kill_process(self.pid, Signal::TERM);
        }
    }

    /// Kills the program (SIGKILL to its launcher) and waits for it; returns its status
    /// (`None` if it could not be waited for).
    pub fn kill(&mut self) -> Option<ExitStatus> {
        if self.status.is_none() {
            let _ = kill_process(self.pid, Signal::KILL);
        }
        self.wait()
    }

    /// Kills everything the program left running: its process group, every process in
    /// its cgroups (whatever it did to escape the group), and the program itself if it
    /// still runs. The cgroups stay (their counters are still read) until the child is
    /// dropped.
    pub fn kill_all(&mut self) {
        let _ = kill_process_group(self.pid, Signal::KILL);
        self.jail.kill_all();
        self.kill();
    }

    /// The sandbox limit the program ran into, if any (judged once it has exited or was
    /// stopped), from its cgroups' counters, its exit status and `stderr_tail`, its last
    /// stderr lines, and whether it `ran_out_of_time`.
    #[must_use]
    pub fn limit_hit(&self, stderr_tail: &[String], ran_out_of_time: bool) -> Option<LimitHit> {
        self.jail.limit_hit(self.status, stderr_tail, ran_out_of_time)
    }

    /// What the program has used so far: CPU time and peak memory from its cgroups where
    /// it has them (and whether the kernel's OOM killer fired in them); otherwise from
    /// `/proc`, over the launcher and every process under it; what neither says is not
    /// measured. Never fewer than an earlier sample said.
    pub fn usage(&mut self) -> Sample {
        let from_cgroups = self.jail.usage();
        let needs_proc = from_cgroups.cpu.is_none() || from_cgroups.peak_memory.is_none();
        let from_proc =
            if needs_proc && self.status.is_none() { self.tree.usage(self.process.id()) } else { Sample::default() };
        let now = Sample {
            cpu: from_cgroups.cpu.or(from_proc.cpu),
            peak_memory: from_cgroups.peak_memory.or(from_proc.peak_memory),
            oom_killed: from_cgroups.oom_killed,
        };
        self.seen = self.seen.max(now);
        self.seen
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        // Also on errors and panics: nothing of the program runs on; the jail then
        // removes the cgroups.
        self.kill_all();
    }
}

/// Samples between two passes over all of `/proc`: a pass reads every process's `stat`,
/// which at each move of a game cost a referee without cgroups more system time than
/// the engines' own searches; between passes only the processes found are read.
const RESCAN_EVERY: u32 = 8;

/// Wall time between two passes over `/proc`, at least: in fast games (engines at fixed
/// depths answer in milliseconds) eight samples come many times a second, and the passes
/// were still the referee's largest cost (docs/performance.md). A process started since
/// the last pass counts from the next one on, so at most this long later.
const RESCAN_AFTER: Duration = Duration::from_millis(500);

/// The process tree under a launcher, from `/proc` (without cgroups, the only account).
#[derive(Debug, Default)]
struct ProcTree {
    /// The processes found in the last pass, the launcher first.
    pids: Vec<u32>,
    /// Samples taken since that pass.
    since_scan: u32,
    /// When that pass was made.
    scanned_at: Option<Instant>,
    /// Passes made so far.
    passes: u32,
}

impl ProcTree {
    /// CPU time and the largest resident peak of the tree under `root` (the launcher and
    /// everything it started that is still running); `None` for what cannot be read. A
    /// process counts the CPU time of the children it has waited for too. A process
    /// started since the last pass over `/proc` counts from the next pass on.
    fn usage(&mut self, root: u32) -> Sample {
        let due = self.since_scan >= RESCAN_EVERY && self.scanned_at.is_none_or(|at| at.elapsed() >= RESCAN_AFTER);
        let stats = if self.pids.is_empty() || due {
            let stats = proc_tree(root);
            self.pids = stats.iter().map(|s| s.pid).collect();
            self.since_scan = 0;
            self.scanned_at = Some(Instant::now());
            self.passes += 1;
            stats
        } else {
            self.since_scan += 1;
            // A pid of the tree that exited and was taken by another process is not
            // ours: its parent must still be in the tree.
            let pids = &self.pids;
            pids.iter().filter_map(|&pid| read_stat(pid)).filter(|s| s.pid == root || pids.contains(&s.ppid)).collect()
        };
        if !stats.iter().any(|s| s.pid == root) {
            return Sample::default();
        }
        let total_ticks: u64 = stats.iter().map(|s| s.ticks).sum();
        let cpu = Duration::from_nanos(total_ticks.saturating_mul(1_000_000_000) / clock_ticks());
        let peak = stats
            .iter()
            .filter_map(|s| {
                let status = fs::read_to_string(format!("/proc/{}/status", s.pid)).ok()?;
                let kib = status.lines().find_map(|l| l.strip_prefix("VmHWM:"))?.trim().trim_end_matches("kB").trim();
                kib.parse::<u64>().ok().map(|k| k * 1024)
            })
            .max();
        Sample { cpu: Some(cpu), peak_memory: peak, oom_killed: None }
    }
}

/// One process's `stat`, if it is running.
fn read_stat(pid: u32) -> Option<ProcStat> {
    fs::read_to_string(format!("/proc/{pid}/stat")).ok().and_then(|t| ProcStat::parse(pid, &t))
}

/// The `stat` of every running process in the tree under `root`, from one pass over
/// `/proc`; empty if `root` is not running.
fn proc_tree(root: u32) -> Vec<ProcStat> {
    let mut stats: Vec<ProcStat> = Vec::new();
    for entry in fs::read_dir("/proc").into_iter().flatten().flatten() {
        let name = entry.file_name();
        if let Some(stat) = name.to_str().and_then(|n| n.parse::<u32>().ok()).and_then(read_stat) {
            stats.push(stat);
        }
    }
    let mut tree = vec![root];
    let mut k = 0;
    while k < tree.len() {
        let parent = tree[k];
        tree.extend(stats.iter().filter(|s| s.ppid == parent && s.pid != root).map(|s| s.pid));
        k += 1;
    }
    let mut in_tree: Vec<ProcStat> = stats.into_iter().filter(|s| tree.contains(&s.pid)).collect();
    in_tree.sort_by_key(|s| s.pid != root);
    in_tree
}

/// One process's line of `/proc/PID/stat`, as far as the usage needs it.
#[derive(Debug)]
struct ProcStat {
    pid: u32,
    ppid: u32,
    /// utime + stime + cutime + cstime, in clock ticks.
    ticks: u64,
}

impl ProcStat {
    fn parse(pid: u32, text: &str) -> Option<ProcStat> {
        // The command name (field 2) is in parentheses and may hold blanks or `)`.
        let rest = &text[text.rfind(')')? + 1..];
        let f: Vec<&str> = rest.split_whitespace().collect();
        // After the name: state (3), ppid (4), …, utime (14) to cstime (17).
        let ppid = f.get(1)?.parse().ok()?;
        let ticks = f.get(11..15)?.iter().map(|t| t.parse::<u64>().unwrap_or(0)).sum();
        Some(ProcStat { pid, ppid, ticks })
    }
}

/// The kernel's clock ticks per second (`AT_CLKTCK` of `/proc/self/auxv`), which
/// `/proc/PID/stat` counts CPU time in; 100, Linux's value, if it cannot be read.
fn clock_ticks() -> u64 {
    const AT_CLKTCK: u64 = 17;
    static TICKS: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *TICKS.get_or_init(|| {
        let auxv = fs::read("/proc/self/auxv").unwrap_or_default();
        let words: Vec<u64> =
            auxv.chunks_exact(8).map(|c| u64::from_ne_bytes(c.try_into().unwrap_or([0; 8]))).collect();
        words.chunks_exact(2).find(|p| p[0] == AT_CLKTCK).map_or(100, |p| p[1]).max(1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stat_line_with_a_strange_name_reads() {
        let line = "4242 (a) b) c) S 17 4242 4242 0 -1 4194304 100 0 0 0 250 50 3 2 20 0 1 0 100 1000 200";
        let s = ProcStat::parse(4242, line).unwrap();
        assert_eq!((s.pid, s.ppid, s.ticks), (4242, 17, 305));
        assert!(ProcStat::parse(1, "garbage").is_none());
        assert!(clock_ticks() >= 1);
    }

    #[test]
    fn a_helper_process_s_cpu_counts_between_passes_over_proc() {
        // The launcher sleeps; the helper it started burns.
        let argv: Vec<String> =
            ["sh", "-c", "sh -c 'while :; do :; done' & sleep 30"].iter().map(ToString::to_string).collect();
        let launch = Launch { argv: &argv, folder: None, core: None, writable: None, stdin: false };
        let mut child = Sandbox::off().spawn(launch).unwrap();
        std::thread::sleep(Duration::from_millis(100));
        let first = child.usage().cpu.expect("CPU read from /proc");
        let mut last = first;
        // Samples enough, and time enough, for two passes.
        let pause = (RESCAN_AFTER / RESCAN_EVERY).max(Duration::from_millis(40));
        for _ in 0..2 * RESCAN_EVERY {
            std::thread::sleep(pause);
            let now = child.usage().cpu.expect("CPU read from /proc");
            assert!(now >= last, "{now:?} after {last:?}");
            last = now;
        }
        assert!(last > first, "the helper burned {first:?} then {last:?}");
        assert!(child.tree.pids.len() >= 2, "{:?}", child.tree.pids);
        child.kill();
    }

    #[test]
    fn samples_in_quick_succession_pass_over_proc_once() {
        let argv: Vec<String> = ["sleep", "30"].iter().map(ToString::to_string).collect();
        let launch = Launch { argv: &argv, folder: None, core: None, writable: None, stdin: false };
        let mut child = Sandbox::off().spawn(launch).unwrap();
        let start = Instant::now();
        for _ in 0..10 * RESCAN_EVERY {
            assert!(child.usage().cpu.is_some());
        }
        // Eighty samples take a few milliseconds; a machine so loaded that they took
        // longer than a pass's interval proves nothing either way.
        if start.elapsed() < Duration::from_millis(250) {
            assert_eq!(child.tree.passes, 1, "{:?} for {} samples", start.elapsed(), 10 * RESCAN_EVERY);
        }
        child.kill();
    }

    #[test]
    fn an_unsandboxed_child_is_waited_for_killed_and_measured() {
        let argv: Vec<String> = ["sh", "-c", "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done; sleep 30"]
            .iter()
            .map(ToString::to_string)
            .collect();
        let launch = Launch { argv: &argv, folder: None, core: None, writable: None, stdin: false };
        let mut child = Sandbox::off().spawn(launch).unwrap();
        assert_eq!(child.wait_timeout(Duration::from_millis(50)), None);
        let used = child.usage();
        assert!(used.cpu.is_some() && used.peak_memory.is_some(), "{used:?}");
        assert_eq!(used.oom_killed, None, "no cgroup, so no OOM counter: not measured");
        let status = child.kill().expect("waited for");
        assert!(!status.success());
        let again = Launch { argv: &["/nonexistent/program".to_string()], ..launch };
        let e = Sandbox::off().spawn(again).unwrap_err();
        assert_eq!(e.to_string(), "/nonexistent/program: no such file or directory");
    }
}
