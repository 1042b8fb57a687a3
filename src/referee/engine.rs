//! Engine processes: parsing an engine command, starting it with its colour and time,
//! reading its output on threads and stopping it for sure.
//!
//! The referee's third floor: an engine is a program started in its sandbox (the owned
//! [`Child`] of `sandbox`) that speaks the line protocol. This module knows nothing about
//! the rules: it moves lines, stamps them with the time they were read, and leaves their
//! meaning to the game.

use std::collections::VecDeque;
use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{ChildStdin, ExitStatus};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use nom::branch::alt;
use nom::bytes::complete::{is_not, tag, take_while1};
use nom::character::complete::{char, multispace0, multispace1};
use nom::combinator::{all_consuming, map, opt};
use nom::multi::{many1, separated_list1};
use nom::sequence::{delimited, terminated};
use nom::{IResult, Parser};

use super::outcome::time_control::{TimeControl, format_seconds};
use super::outcome::usage::Sample;
use super::sandbox::child::{Child, Launch};
use super::sandbox::jail::{LimitHit, Sandbox};
use crate::lines::{MAX_LINE, ReadLine, read_line};
use crate::rules::Color;

/// How long an engine may take to exit after its stdin is closed, and again after
/// SIGTERM, before the next, harsher step.
pub const EXIT_GRACE: Duration = Duration::from_millis(300);

/// How many of an engine's last stderr lines are kept (each at most [`MAX_LINE`] bytes).
pub const STDERR_TAIL: usize = 20;

/// The most characters of one stderr line a message quotes.
pub const STDERR_QUOTED: usize = 200;

/// Why an engine command does not parse, or its program cannot be started.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// An engine command that is empty or has an unclosed quote.
    #[error("engine command {spec:?} is empty or has an unclosed quote")]
    Command {
        /// The command as given.
        spec: String,
    },
    /// An engine whose command has no program.
    #[error("engine {name}: empty command")]
    Empty {
        /// The engine's name.
        name: String,
    },
    /// An engine program that cannot be started.
    #[error("engine {name}: cannot start {program}: {reason}")]
    Start {
        /// The engine's name.
        name: String,
        /// The program.
        program: String,
        /// The operating system's reason.
        reason: String,
    },
}

/// An engine command line: a display name and the words of the command, which may
/// contain the placeholders `{color}`, `{movetime}` and `{opening}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand {
    /// Name in records and summaries.
    pub name: String,
    /// The program and its arguments, before placeholders are filled in.
    pub words: Vec<String>,
    /// The entrant's own folder: the command runs there (read-only in the sandbox).
    /// `None`: the referee's current directory.
    pub folder: Option<PathBuf>,
}

/// Where an engine runs: the sandbox, its folder and the core its game slot owns.
#[derive(Clone, Copy, Debug)]
pub struct Placement<'a> {
    /// The sandbox (possibly [`Sandbox::off`]).
    pub sandbox: &'a Sandbox,
    /// The engine's folder (its working directory), if not the current one.
    pub folder: Option<&'a Path>,
    /// The core to pin it to, if any.
    pub core: Option<usize>,
}

/// What a game tells an engine when it starts it.
#[derive(Clone, Debug)]
pub struct StartInfo<'a> {
    /// The engine's colour.
    pub color: Color,
    /// The time per move, or the game clock.
    pub time: TimeControl,
    /// Moves from the start, white-space separated (may be empty).
    pub opening: &'a str,
    /// Extra arguments appended at the end (the rule flags, if passed on).
    pub extra: &'a [String],
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '+' | '#' | '@')
}

/// One shell-like word: runs of unquoted text, '…' and "…" glued together.
fn word(input: &str) -> IResult<&str, String> {
    map(
        many1(alt((
            delimited(char('\''), map(opt(is_not("'")), Option::unwrap_or_default), char('\'')),
            delimited(char('"'), map(opt(is_not("\"")), Option::unwrap_or_default), char('"')),
            is_not(" \t\r\n'\""),
        ))),
        |parts: Vec<&str>| parts.concat(),
    )
    .parse(input)
}

/// `NAME=CMD` or `CMD`; the name has no spaces or quotes.
fn engine_spec(input: &str) -> IResult<&str, (Option<&str>, Vec<String>)> {
    (
        opt(terminated(take_while1(is_name_char), tag("="))),
        delimited(multispace0, separated_list1(multispace1, word), multispace0),
    )
        .parse(input)
}

/// Interpreters and launchers whose program is named by a later word
/// (`python3 engine.py`, `java -cp bin Engine`, `node engine.js`).
const LAUNCHERS: [&str; 14] = [
    "python", "python3", "py", "pypy", "pypy3", "java", "node", "nodejs", "ruby", "perl", "bash", "sh", "dotnet", "env",
];

/// A launcher's options that take the next word as their value (`-cp bin`).
const OPTIONS_WITH_VALUES: [&str; 5] = ["-cp", "-classpath", "--class-path", "-X", "-W"];

/// The name of an engine given without one: the program's file name, or for an
/// interpreter the script, class, jar or module it runs (`engine.py`, not `python3`; two
/// students' Python engines would otherwise both be `python3`).
fn default_name(words: &[String]) -> String {
    let file = |w: &str| w.rsplit('/').next().unwrap_or(w).to_string();
    let Some(program) = words.first() else { return "engine".to_string() };
    let launcher = file(program);
    let is_launcher = LAUNCHERS.iter().any(|l| launcher == *l || launcher.strip_prefix(l).is_some_and(is_version));
    if !is_launcher {
        return launcher;
    }
    let mut i = 1;
    while let Some(w) = words.get(i) {
        if w == "-m" || w == "-jar" {
            return words.get(i + 1).map_or(launcher, |m| file(m));
        }
        if OPTIONS_WITH_VALUES.contains(&w.as_str()) {
            i += 2;
        } else if w.starts_with('-') || w.contains('=') {
            i += 1;
        } else {
            // `env python3 engine.py`: the program `env` runs names its own.
            return default_name(&words[i..]);
        }
    }
    launcher
}

/// Whether `tail` is an interpreter's version suffix (`3.11` of `python3.11`, `3` of `pypy3`).
fn is_version(tail: &str) -> bool {
    !tail.is_empty() && tail.chars().all(|c| c.is_ascii_digit() || c == '.')
}

impl EngineCommand {
    /// Parses `NAME=CMD ARGS…` or `CMD ARGS…` (words split at white space; '…' and "…"
    /// quote). Without a name, the program's file name is the name, or for an interpreter
    /// (`python3 engine.py`) the file it runs.
    ///
    /// # Errors
    /// An empty command or an unclosed quote.
    pub fn parse(spec: &str) -> Result<EngineCommand, EngineError> {
        let Ok((_, (name, words))) = all_consuming(engine_spec).parse(spec) else {
            return Err(EngineError::Command { spec: spec.to_string() });
        };
        let name = match name {
            Some(n) => n.to_string(),
            None => default_name(&words),
        };
        Ok(EngineCommand { name, words, folder: None })
    }

    /// Parses every command of `specs` ([`EngineCommand::parse`]) and makes their names
    /// unique (`name#2` for a repeat).
    ///
    /// # Errors
    /// The first command that does not parse.
    pub fn parse_all(specs: &[String]) -> Result<Vec<EngineCommand>, EngineError> {
        let mut engines: Vec<EngineCommand> = Vec::new();
        for spec in specs {
            let mut e = EngineCommand::parse(spec)?;
            let base = e.name.clone();
            let mut k = 1;
            while engines.iter().any(|o| o.name == e.name) {
                k += 1;
                e.name = format!("{base}#{k}");
            }
            engines.push(e);
        }
        Ok(engines)
    }

    /// Whether the command names its own arguments with placeholders.
    #[must_use]
    pub fn is_template(&self) -> bool {
        self.words
            .iter()
            .any(|w| ["{color}", "{movetime}", "{time}", "{inc}", "{opening}"].iter().any(|p| w.contains(p)))
    }

    /// The argument vector for one game: placeholders filled in, or else
    /// `--color C --movetime S` (and `--opening "…"` when the opening is not empty)
    /// appended; then `start.extra`. On a game clock the placeholders `{time}` and `{inc}`
    /// are filled in too, and without placeholders `--time S --inc S` takes the place of
    /// `--movetime S`.
    #[must_use]
    pub fn argv(&self, start: &StartInfo<'_>) -> Vec<String> {
        let movetime = format_seconds(start.time.movetime);
        let clock = start.time.clock;
        let (time, inc) = clock.map_or((String::new(), String::new()), |c| {
            let i = c.increment;
            (format_seconds(c.time), if i.is_zero() { "0".to_string() } else { format_seconds(i) })
        });
        let mut argv: Vec<String> = if self.is_template() {
            self.words
                .iter()
                .map(|w| {
                    w.replace("{color}", start.color.name())
                        .replace("{movetime}", &movetime)
                        .replace("{time}", &time)
                        .replace("{inc}", &inc)
                        .replace("{opening}", start.opening)
                })
                .collect()
        } else {
            let mut v = self.words.clone();
            v.extend(["--color".to_string(), start.color.name().to_string()]);
            if clock.is_some() {
                v.extend(["--time".to_string(), time, "--inc".to_string(), inc]);
            } else {
                v.extend(["--movetime".to_string(), movetime]);
            }
            if !start.opening.trim().is_empty() {
                v.extend(["--opening".to_string(), start.opening.to_string()]);
            }
            v
        };
        argv.extend(start.extra.iter().cloned());
        argv
    }
}

/// What an engine's output thread saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineOutput {
    /// One line, without its line end.
    Line(String),
    /// The engine closed its stdout (it exited or crashed).
    Eof,
}

/// One line (or EOF) from one side's engine, stamped with when it was read.
#[derive(Clone, Debug)]
pub struct EngineMessage {
    /// Which engine.
    pub side: Color,
    /// When the referee read it.
    pub at: Instant,
    /// What it was.
    pub output: EngineOutput,
}

/// A running engine process. Dropping it stops the process (see [`EngineProcess::stop`]).
pub struct EngineProcess {
    name: String,
    /// The process, its group and its cgroups: dropping it kills what the engine left.
    child: Child,
    stdin: Option<ChildStdin>,
    started: Instant,
    /// The first non-blank line the engine wrote to stderr (why it crashed, usually).
    stderr_head: Arc<Mutex<Option<String>>>,
    /// Its last [`STDERR_TAIL`] stderr lines.
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    /// Its stderr has ended (the reader thread read all of it).
    stderr_closed: Arc<std::sync::atomic::AtomicBool>,
}

impl EngineProcess {
    /// Starts `argv` as `place` says (in its sandbox, folder and core) with piped
    /// stdin/stdout; its stdout lines go to `events` tagged with `side`, its stderr lines
    /// to the log (debug level).
    ///
    /// # Errors
    /// The program could not be started.
    pub fn spawn(
        name: &str,
        argv: &[String],
        side: Color,
        events: Sender<EngineMessage>,
        place: Placement<'_>,
    ) -> Result<EngineProcess, EngineError> {
        let Some(program) = argv.first() else {
            return Err(EngineError::Empty { name: name.to_string() });
        };
        let launch = Launch { argv, folder: place.folder, core: place.core, writable: None, stdin: true };
        let mut child = place.sandbox.spawn(launch).map_err(|e| EngineError::Start {
            name: name.to_string(),
            program: program.clone(),
            reason: e.reason(),
        })?;
        let started = Instant::now();
        log::debug!("engine {name} ({}) started as pid {}: {argv:?}", side.name(), child.id());
        if let Some(out) = child.take_stdout() {
            thread::spawn(move || {
                read_lines(
                    out,
                    |line| {
                        events
                            .send(EngineMessage {
                                side,
                                at: Instant::now(),
                                output: EngineOutput::Line(line.trim_end_matches(['\n', '\r']).to_string()),
                            })
                            .is_ok()
                    },
                    || {
                        let _ = events.send(EngineMessage { side, at: Instant::now(), output: EngineOutput::Eof });
                    },
                )
            });
        }
        let stderr_head = Arc::new(Mutex::new(None));
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let stderr_closed = Arc::new(std::sync::atomic::AtomicBool::new(false));
        if let Some(err) = child.take_stderr() {
            let closed = Arc::clone(&stderr_closed);
            let label = name.to_string();
            let head = Arc::clone(&stderr_head);
            let tail = Arc::clone(&stderr_tail);
            thread::spawn(move || {
                read_lines(
                    err,
                    |line| {
                        let line = line.trim();
                        log::debug!("{label} stderr: {line}");
                        if let Ok(mut h) = head.lock()
                            && h.is_none()
                            && !line.is_empty()
                        {
                            *h = Some(line.to_string());
                        }
                        if let Ok(mut t) = tail.lock() {
                            if t.len() == STDERR_TAIL {
                                t.pop_front();
                            }
                            t.push_back(line.to_string());
                        }
                        true
                    },
                    || closed.store(true, std::sync::atomic::Ordering::Release),
                );
            });
        }
        let stdin = child.take_stdin();
        Ok(EngineProcess { name: name.to_string(), child, stdin, started, stderr_head, stderr_tail, stderr_closed })
    }

    /// The engine's display name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The operating-system process id.
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The first non-blank line the engine wrote to stderr so far, if any.
    #[must_use]
    pub fn stderr_head(&self) -> Option<String> {
        self.stderr_head.lock().ok().and_then(|h| h.clone())
    }

    /// What its stderr said, for a message on why it went away: `its stderr said: X`, or
    /// `its stderr began: X; it ended: Y` where its first and last non-blank lines differ
    /// (a Python traceback's cause, or argparse's complaint, is its last line; a debug
    /// print often its first). Each cut to [`STDERR_QUOTED`] characters.
    #[must_use]
    pub fn stderr_said(&self) -> Option<String> {
        let cut = |l: &str| {
            if l.chars().count() <= STDERR_QUOTED {
                l.to_string()
            } else {
                format!("{}…", l.chars().take(STDERR_QUOTED).collect::<String>())
            }
        };
        let head = self.stderr_head()?;
        let last = self.stderr_tail().into_iter().rev().find(|l| !l.is_empty());
        Some(match last {
            Some(last) if last != head => format!("its stderr began: {}; it ended: {}", cut(&head), cut(&last)),
            _ => format!("its stderr said: {}", cut(&head)),
        })
    }

    /// Waits up to `wait` for the engine's stderr to end (once it has exited, so its last
    /// words are read before they are quoted); true if it did.
    pub fn stderr_ended_within(&self, wait: Duration) -> bool {
        let deadline = Instant::now() + wait;
        while !self.stderr_closed.load(std::sync::atomic::Ordering::Acquire) {
            if Instant::now() >= deadline {
                return false;
            }
            thread::sleep(Duration::from_millis(2));
        }
        true
    }

    /// Its last stderr lines (at most [`STDERR_TAIL`]).
    #[must_use]
    pub fn stderr_tail(&self) -> Vec<String> {
        self.stderr_tail.lock().map(|t| t.iter().cloned().collect()).unwrap_or_default()
    }

    /// The sandbox limit the engine ran into, if any (judged when it has exited or was
    /// stopped), knowing whether it `ran_out_of_time`.
    #[must_use]
    pub fn limit_hit(&self, ran_out_of_time: bool) -> Option<LimitHit> {
        self.child.limit_hit(&self.stderr_tail(), ran_out_of_time)
    }

    /// What the engine has used so far ([`Child::usage`]).
    pub fn usage(&mut self) -> Sample {
        self.child.usage()
    }

    /// When the process was started.
    #[must_use]
    pub fn started(&self) -> Instant {
        self.started
    }

    /// Writes one line and flushes it; returns the time right after the flush (the
    /// start of the engine's clock).
    ///
    /// # Errors
    /// The engine's stdin is closed (it exited).
    pub fn send(&mut self, line: &str) -> io::Result<Instant> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(io::Error::new(io::ErrorKind::BrokenPipe, "stdin already closed"));
        };
        stdin.write_all(line.as_bytes())?;
        stdin.write_all(b"\n")?;
        stdin.flush()?;
        Ok(Instant::now())
    }

    /// Closes the engine's stdin (the protocol's "game over, exit").
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The exit status, if the process has exited within `wait`.
    pub fn exit_status_within(&mut self, wait: Duration) -> Option<ExitStatus> {
        self.child.wait_timeout(wait)
    }

    /// Stops the engine for sure: closes stdin and waits [`EXIT_GRACE`]; then SIGTERM and
    /// waits again; then SIGKILL. Then kills whatever it left running: its process group
    /// and its cgroups. Returns the exit status (`None` if even SIGKILL could not be
    /// waited for).
    pub fn stop(&mut self) -> Option<ExitStatus> {
        let status = self.stop_engine();
        self.child.kill_all();
        status
    }

    fn stop_engine(&mut self) -> Option<ExitStatus> {
        self.close_stdin();
        if let Some(status) = self.exit_status_within(EXIT_GRACE) {
            return Some(status);
        }
        log::info!("engine {} (pid {}) did not exit on EOF: terminating it", self.name, self.pid());
        self.child.terminate();
        if let Some(status) = self.exit_status_within(EXIT_GRACE) {
            return Some(status);
        }
        log::warn!("engine {} (pid {}) ignored SIGTERM: killing it", self.name, self.pid());
        self.child.kill()
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        // Also on errors and panics: never leave an engine running (what it left behind,
        // the child's own drop kills).
        if self.child.try_status().is_none() {
            self.stop();
        }
    }
}

/// Reads `source` line by line (lossy UTF-8, through the shared bounded reader: an
/// over-long line is cut to its first [`MAX_LINE`] bytes and the rest skipped, so an
/// engine cannot make the referee hold more than that), giving each to `line` until it
/// returns false; calls `eof` at the end of the stream.
fn read_lines(source: impl Read, mut line: impl FnMut(String) -> bool, eof: impl FnOnce()) {
    let mut reader = BufReader::new(source);
    let mut buf = Vec::new();
    loop {
        match read_line(&mut reader, &mut buf, MAX_LINE) {
            Ok(ReadLine::Eof) | Err(_) => break,
            Ok(ReadLine::Line | ReadLine::TooLong) => {
                if !line(String::from_utf8_lossy(&buf).into_owned()) {
                    // Nobody listens any more; keep draining so the engine never blocks on a full pipe.
                    let _ = io::copy(&mut reader, &mut io::sink());
                    return;
                }
            }
        }
    }
    eof();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::outcome::time_control::GameClock;

    #[test]
    fn an_over_long_engine_line_is_cut_and_the_rest_skipped() {
        // 32 MB on one line, then a move: the referee keeps 4096 bytes of the first.
        let huge = io::repeat(b'x').take(32 << 20).chain(&b"\nD2\n"[..]);
        let mut lines = Vec::new();
        let mut ended = false;
        read_lines(
            huge,
            |line| {
                lines.push(line);
                true
            },
            || ended = true,
        );
        assert!(ended);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].len(), MAX_LINE);
        assert_eq!(lines[1], "D2");
    }

    #[test]
    fn parses_commands_with_names_and_quotes() {
        let c = EngineCommand::parse("strong=morris --eval 'hand out' --depth \"3\"").unwrap();
        assert_eq!(c.name, "strong");
        assert_eq!(c.words, ["morris", "--eval", "hand out", "--depth", "3"]);
        assert_eq!(c.folder, None);
        let c = EngineCommand::parse("  /usr/bin/morris --depth 1 ").unwrap();
        assert_eq!(c.name, "morris");
        assert!(EngineCommand::parse("").is_err());
        assert!(EngineCommand::parse("morris 'open").is_err());
        let specs = ["a=x".to_string(), "x".to_string(), "a=y".to_string(), "a=z".to_string()];
        let names: Vec<String> = EngineCommand::parse_all(&specs).unwrap().into_iter().map(|e| e.name).collect();
        assert_eq!(names, ["a", "x", "a#2", "a#3"]);
    }

    #[test]
    fn an_interpreted_engine_is_named_for_what_it_runs() {
        let name = |spec: &str| EngineCommand::parse(spec).unwrap().name;
        assert_eq!(name("python3 engine.py"), "engine.py");
        assert_eq!(name("python3.11 -u students/alice/engine.py --fast"), "engine.py");
        assert_eq!(name("/usr/bin/env python3 bob.py"), "bob.py");
        assert_eq!(name("java -Xmx512m -cp bin morris.Engine"), "morris.Engine");
        assert_eq!(name("java -jar dist/carol.jar"), "carol.jar");
        assert_eq!(name("python3 -m dave.engine"), "dave.engine");
        assert_eq!(name("node eve.js {color}"), "eve.js");
        assert_eq!(name("python3"), "python3");
        assert_eq!(name("./my_engine --depth 3"), "my_engine");
        assert_eq!(name("pythonic engine.py"), "pythonic", "not a launcher by its prefix alone");
        let specs = ["python3 a/engine.py".to_string(), "python3 b/engine.py".to_string()];
        let names: Vec<String> = EngineCommand::parse_all(&specs).unwrap().into_iter().map(|e| e.name).collect();
        assert_eq!(names, ["engine.py", "engine.py#2"]);
    }

    #[test]
    fn fills_placeholders_or_appends() {
        let time = TimeControl {
            movetime: Duration::from_millis(200),
            clock: None,
            grace: Duration::ZERO,
            startup: Duration::ZERO,
        };
        let start = StartInfo {
            color: Color::Black,
            time,
            opening: "D2 F4",
            extra: &["--repetition".to_string(), "3".to_string()],
        };
        let c = EngineCommand::parse("e --side={color} -t {movetime} -o {opening}").unwrap();
        assert_eq!(c.argv(&start), ["e", "--side=black", "-t", "0.2", "-o", "D2 F4", "--repetition", "3"]);
        let c = EngineCommand::parse("e").unwrap();
        assert_eq!(
            c.argv(&start),
            ["e", "--color", "black", "--movetime", "0.2", "--opening", "D2 F4", "--repetition", "3"]
        );
        let clock = GameClock { time: Duration::from_secs(10), increment: Duration::ZERO, send: false };
        let start = StartInfo { time: TimeControl { clock: Some(clock), ..time }, ..start };
        assert_eq!(
            c.argv(&start),
            ["e", "--color", "black", "--time", "10", "--inc", "0", "--opening", "D2 F4", "--repetition", "3"]
        );
        let c = EngineCommand::parse("e -t {movetime} --time={time} --inc={inc}").unwrap();
        assert_eq!(c.argv(&start), ["e", "-t", "0.2", "--time=10", "--inc=0", "--repetition", "3"]);
    }
}
