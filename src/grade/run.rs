//! The one place the grader starts a process: [`ProgramRunner::run`].
//!
//! Every build step, every program call, every unzip goes through [`ProgramRunner::run`], in the
//! referee's sandbox ([`crate::referee::sandbox`]) the runner holds, as `morris grade`
//! makes it: bubblewrap, the cgroup limits, an unprivileged uid, with the student's work
//! folder ([`RunSpec::writable`]) the one writable place; or through [`Sandbox::off`]
//! ([`ProgramRunner::default`], and `--no-sandbox`). Either way the program is a
//! [`Child`](crate::referee::sandbox::child::Child), as the referee's engines are: it leads a
//! process group of its own, is fed no stdin (or only [`RunSpec::stdin`]'s text), and
//! [`ProgramRunner::run`] keeps [`RunSpec::output_limit`] bytes of stdout (its first and last
//! lines) and the last bytes of stderr. When the time limit passes (in wall-clock and CPU
//! time: [`RunSpec::time_limit`]), and after a normal exit too, everything of it is killed
//! (its group and its cgroups), so that a child left behind (a shell script's background job, a JVM
//! helper) neither runs on nor holds the pipes open.

use std::io::Read;
use std::path::PathBuf;
use std::thread;
use std::time::{Duration, Instant};

use crate::referee::sandbox::child::Launch;
use crate::referee::sandbox::jail::Sandbox;

/// How many times its time limit a program may take in wall-clock time, waiting for a
/// core, while its CPU time stays within the limit ([`RunSpec::time_limit`]).
pub const WALL_FACTOR: u32 = 2;
/// Wall-clock time added to that, for start-up on a busy machine.
pub const WALL_MARGIN: Duration = Duration::from_secs(2);
/// How often a running program's time is looked at.
const POLL: Duration = Duration::from_millis(20);

/// Starts the grader's processes, in its sandbox.
#[derive(Clone, Debug, Default)]
pub struct ProgramRunner {
    /// The sandbox every process runs in ([`Sandbox::off`] for none).
    pub sandbox: Sandbox,
}

/// How a process is to be run.
#[derive(Clone, Debug)]
pub struct RunSpec {
    /// Program and arguments; `argv[0]` is looked up on `PATH` as usual.
    pub argv: Vec<String>,
    /// Working directory.
    pub dir: PathBuf,
    /// Time limit: the process group is killed once both its wall-clock time and its CPU
    /// time (every process and thread of it, where measured) have passed it, or once the
    /// wall clock passes [`WALL_FACTOR`] times it plus [`WALL_MARGIN`]. So a program is
    /// never given less than on a quiet machine, and one that waited for a core on a busy
    /// machine (a class graded two at a time beside a TA's browser) is not failed for the
    /// wait, as judges' sandboxes count CPU time.
    pub time_limit: Duration,
    /// Bytes kept of stdout (the first half and the last half) and of stderr (the last ones).
    pub output_limit: usize,
    /// The one folder it may write in (in the sandbox), if any.
    pub writable: Option<PathBuf>,
    /// Text typed on its stdin, which is then closed; `None`: an empty stdin.
    pub stdin: Option<String>,
}

/// How a process ended.
#[derive(Clone, Debug, Default)]
pub struct RunOutcome {
    /// The exit status, `None` when it was killed (by us or by a signal) or never started.
    pub status: Option<i32>,
    /// The time limit passed and the group was killed.
    pub timed_out: bool,
    /// Stdout as kept (its first and last lines, past the limit), as text.
    pub stdout: String,
    /// The last bytes of stderr, as text.
    pub stderr: String,
    /// Wall-clock time from start to exit (or kill).
    pub elapsed: Duration,
    /// CPU time of everything it ran, where measured.
    pub cpu: Option<Duration>,
    /// Why it could not be started at all.
    pub start_error: Option<String>,
}

impl RunOutcome {
    /// Exited by itself with status 0.
    #[must_use]
    pub fn succeeded(&self) -> bool {
        self.status == Some(0) && !self.timed_out
    }

    /// One phrase for a report: `exit 0`, `timed out after 5 s`, `killed by a signal`, …
    #[must_use]
    pub fn describe(&self) -> String {
        if let Some(e) = &self.start_error {
            format!("could not start: {e}")
        } else if self.timed_out {
            match self.cpu {
                Some(cpu) => {
                    format!("timed out after {:.1} s ({:.1} s of CPU)", self.elapsed.as_secs_f64(), cpu.as_secs_f64())
                }
                None => format!("timed out after {:.1} s", self.elapsed.as_secs_f64()),
            }
        } else {
            match self.status {
                Some(s) => format!("exit {s}"),
                None => "killed by a signal (crashed)".to_string(),
            }
        }
    }

    /// The last `n` lines of stderr.
    #[must_use]
    pub fn stderr_tail(&self, n: usize) -> String {
        let lines: Vec<&str> = self.stderr.lines().collect();
        lines[lines.len().saturating_sub(n)..].join("\n")
    }

    /// How it ended, with stderr's last line where it said anything (`exit 1: make: ***
    /// [Makefile:9: ABGame] Error 127`).
    #[must_use]
    pub fn why_failed(&self) -> String {
        let said = self.stderr_tail(1);
        if said.trim().is_empty() { self.describe() } else { format!("{}: {}", self.describe(), said.trim()) }
    }
}

impl ProgramRunner {
    /// A runner whose processes run in `sandbox`.
    #[must_use]
    pub fn new(sandbox: Sandbox) -> ProgramRunner {
        ProgramRunner { sandbox }
    }

    /// Runs `spec` to its end or its time limit. Never panics; a program that cannot be
    /// started gives an outcome with [`RunOutcome::start_error`].
    ///
    /// This is the single function through which the grader starts processes.
    #[must_use]
    pub fn run(&self, spec: &RunSpec) -> RunOutcome {
        run_in(&self.sandbox, spec)
    }
}

fn run_in(sandbox: &Sandbox, spec: &RunSpec) -> RunOutcome {
    let start = Instant::now();
    let launch = Launch {
        argv: &spec.argv,
        folder: Some(&spec.dir),
        core: None,
        writable: spec.writable.as_deref(),
        stdin: spec.stdin.is_some(),
    };
    let mut child = match sandbox.spawn(launch) {
        Ok(c) => c,
        Err(e) => return RunOutcome { start_error: Some(e.to_string()), ..RunOutcome::default() },
    };
    // Typed in a thread of its own (a program that reads nothing must not block us), and
    // closed after, as a TA's last Enter and Ctrl-D would; a program that exits first
    // only breaks the pipe.
    if let (Some(text), Some(mut pipe)) = (spec.stdin.clone(), child.take_stdin()) {
        thread::spawn(move || {
            use std::io::Write as _;
            let _ = pipe.write_all(text.as_bytes());
        });
    }
    let limit = spec.output_limit;
    let out = child.take_stdout().map(|s| thread::spawn(move || read_bounded(s, limit, false)));
    let err = child.take_stderr().map(|s| thread::spawn(move || read_bounded(s, limit, true)));
    let wall_cap = spec.time_limit * WALL_FACTOR + WALL_MARGIN;
    // Nothing to decide before the limit; past it, its CPU time is looked at each round.
    let mut status = child.wait_timeout(spec.time_limit);
    while status.is_none() {
        let over = child.usage().cpu.is_none_or(|c| c > spec.time_limit);
        if over || start.elapsed() > wall_cap {
            break;
        }
        status = child.wait_timeout(POLL);
    }
    let cpu = child.usage().cpu;
    let elapsed = start.elapsed();
    let timed_out = status.is_none();
    // What it left running would hold the pipes open: the readers end once all is killed.
    child.kill_all();
    let stdout = out.and_then(|t| t.join().ok()).unwrap_or_default();
    let stderr = err.and_then(|t| t.join().ok()).unwrap_or_default();
    RunOutcome { status: status.and_then(|s| s.code()), timed_out, stdout, stderr, elapsed, cpu, start_error: None }
}

/// What is kept of `from`, at most `limit` bytes of it: with `tail`, the last bytes; else
/// the first half and the last half, whole lines, with a line between saying how much was
/// left out (a program that prints a line per position searched still shows its answer,
/// printed last, as a TA scrolling to the end sees it). Everything is read, so the writer
/// never blocks on a full pipe.
fn read_bounded(mut from: impl Read, limit: usize, tail: bool) -> String {
    let half = if tail { 0 } else { limit / 2 };
    // Bytes kept of the end.
    let keep = limit - half;
    let mut head: Vec<u8> = Vec::new();
    let mut rest: Vec<u8> = Vec::new();
    let mut total = 0usize;
    let mut buf = [0u8; 8192];
    while let Ok(n) = from.read(&mut buf) {
        if n == 0 {
            break;
        }
        total += n;
        let to_head = n.min(half.saturating_sub(head.len()));
        head.extend_from_slice(&buf[..to_head]);
        rest.extend_from_slice(&buf[to_head..n]);
        if rest.len() > 2 * keep.max(1) {
            rest.drain(..rest.len() - keep);
        }
    }
    let dropped = total - head.len() - rest.len().min(keep);
    if dropped == 0 {
        head.extend_from_slice(&rest);
        return crate::files::decode_output(&head);
    }
    let mut rest = &rest[rest.len() - keep.min(rest.len())..];
    if tail {
        return crate::files::decode_output(rest);
    }
    // Whole lines on both sides of the cut.
    if let Some(end) = head.iter().rposition(|&b| b == b'\n') {
        head.truncate(end + 1);
    }
    if let Some(start) = rest.iter().position(|&b| b == b'\n') {
        rest = &rest[start + 1..];
    }
    let left_out = total - head.len() - rest.len();
    let mut text = crate::files::decode_output(&head);
    text.push_str(&format!("[… {left_out} bytes left out here …]\n"));
    text.push_str(&crate::files::decode_output(rest));
    text
}

#[cfg(test)]
mod tests {
    use super::read_bounded;

    #[test]
    fn a_long_output_keeps_its_first_and_last_lines() {
        let mut text = String::from("Searching...\n");
        for i in 0..10_000 {
            text.push_str(&format!("trying position {i}\n"));
        }
        text.push_str("Board Position: WxxB\nMINIMAX estimate: 3\n");
        let kept = read_bounded(text.as_bytes(), 4096, false);
        assert!(kept.len() <= 4096 + 64, "{}", kept.len());
        assert!(kept.starts_with("Searching...\ntrying position 0\n"), "{kept}");
        assert!(kept.ends_with("trying position 9999\nBoard Position: WxxB\nMINIMAX estimate: 3\n"), "{kept}");
        assert!(kept.contains(" bytes left out here …]\ntrying position "), "{kept}");
        assert!(kept.lines().all(|l| l.starts_with("trying position ") || !l.contains("position")), "whole lines");
        let short = "Board Position: WxxB\n";
        assert_eq!(read_bounded(short.as_bytes(), 4096, false), short);
        let tail = read_bounded(text.as_bytes(), 100, true);
        assert!(tail.len() == 100 && tail.ends_with("MINIMAX estimate: 3\n"), "{tail}");
    }
}
