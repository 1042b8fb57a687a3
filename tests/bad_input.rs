//! Input that once got through: each case ends in one line in the user's words (or, for a
//! reader that went away, in silence), never in a panic, a hang or unbounded memory.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

#[allow(dead_code)] // only the random mover is used here
use crate::engines_support;
use crate::scratch::Scratch;

const EXE: &str = env!("CARGO_BIN_EXE_morris");

/// A fresh scratch directory, removed when the test is over (the openings test's holds
/// 17 MiB).
fn scratch(name: &str) -> Scratch {
    Scratch::new(&format!("bad-input-{name}"))
}

/// `morris ARGS` with empty input, killed if it runs longer than `limit`.
fn morris_within(args: &[&str], limit: Duration) -> Output {
    let child = Command::new(EXE)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start morris");
    let pid = child.id();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    match rx.recv_timeout(limit) {
        Ok(out) => out.expect("morris output"),
        Err(_) => {
            let _ = Command::new("kill").args(["-KILL", &pid.to_string()]).status();
            panic!("morris {args:?} still running after {limit:?}");
        }
    }
}

/// Its one-line error: stderr has exactly one line, which is returned.
fn one_line_error(out: &Output) -> String {
    assert!(!out.status.success(), "it should fail");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    assert!(!err.contains("os error") && !err.contains("panicked"), "{err}");
    err
}

/// Runs `morris ARGS` with its output read by nobody: the pipe is closed before it
/// writes. It must end quietly, with status 0 and nothing on stderr.
fn quiet_when_the_reader_goes_away(args: &[&str]) {
    let mut child = Command::new(EXE)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start morris");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("wait");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {:?} {err}", out.status);
    assert!(!err.contains("panicked") && !err.contains("Broken pipe"), "{args:?}: {err}");
}

#[test]
fn printing_commands_end_quietly_when_their_reader_goes_away() {
    let dir = scratch("pipe");
    let d = dir.to_str().expect("utf-8 path");
    let built = Command::new(EXE).args(["tablebase", "build", "--dir", d, "--subspace", "3-3"]).output();
    assert!(built.expect("build").status.success());
    // White A7 D7 B2, Black E4 A1 D1: `probe | head -1` panicked here once.
    quiet_when_the_reader_goes_away(&["tablebase", "probe", "--dir", d, "WWxxxxxxxxxxBxxxxxWxxBBx white"]);
    quiet_when_the_reader_goes_away(&["tablebase", "stats", "--dir", d]);
    quiet_when_the_reader_goes_away(&["perft", "4", "--divide"]);
    quiet_when_the_reader_goes_away(&["bench", "--depth", "1"]);
    quiet_when_the_reader_goes_away(&["--help"]);
}

#[test]
fn the_engine_answers_isready_and_quit_during_a_long_perft() {
    let mut child = Command::new(EXE)
        .args(["--color", "black"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the engine");
    let mut input = child.stdin.take().expect("stdin");
    let (tx, rx) = mpsc::channel();
    let output = child.stdout.take().expect("stdout");
    std::thread::spawn(move || {
        for line in BufReader::new(output).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    // perft 10 takes hours; it must not keep the engine deaf.
    writeln!(input, "perft 10").expect("write");
    std::thread::sleep(Duration::from_millis(200));
    writeln!(input, "isready").expect("write");
    assert_eq!(rx.recv_timeout(Duration::from_secs(2)).as_deref(), Ok("readyok"));
    writeln!(input, "stop").expect("write");
    let stopped = rx.recv_timeout(Duration::from_secs(2)).expect("an answer to stop");
    assert_eq!(stopped, "error perft: stopped before the count was done");
    writeln!(input, "perft 10").expect("write");
    std::thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    writeln!(input, "quit").expect("write");
    let status = child.wait().expect("wait");
    assert!(status.success() && asked.elapsed() < Duration::from_secs(2), "{status:?} after {:?}", asked.elapsed());
}

#[test]
fn a_repetition_count_of_one_is_refused() {
    for args in
        [&["--repetition", "1"][..], &["play", "--repetition", "1"], &["check", "--engine", "x", "--repetition", "1"]]
    {
        let out = morris_within(args, Duration::from_secs(10));
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.lines().next().is_some_and(|l| l.contains("1 would draw every game before its first move")),
            "{err}"
        );
    }
}

#[test]
fn a_board_file_that_never_ends_is_refused() {
    let dir = scratch("zero");
    let board_out = dir.join("out.txt");
    let out = morris_within(
        &["play", "--board-in", "/dev/zero", "--board-out", board_out.to_str().expect("utf-8")],
        Duration::from_secs(20),
    );
    let err = one_line_error(&out);
    assert!(err.contains("/dev/zero") && err.contains("longer than 4096 bytes"), "{err}");
    assert!(!board_out.exists(), "nothing written");
    let out = morris_within(
        &["play", "--board-in", dir.to_str().expect("utf-8"), "--board-out", board_out.to_str().expect("utf-8")],
        Duration::from_secs(20),
    );
    assert!(one_line_error(&out).contains("it is a directory, not a file"));
}

#[test]
fn table_directories_that_are_missing_or_misnamed_are_told_in_words() {
    let dir = scratch("tables");
    let missing = dir.join("nowhere");
    let missing = missing.to_str().expect("utf-8");
    let board = "WWxxxxxxxxxxBxxxxxWxxBBx white";
    for args in [
        &["tablebase", "probe", "--dir", missing, board][..],
        &["tablebase", "stats", "--dir", missing],
        &["tablebase", "pack", "--dir", missing],
        &["--tablebase", missing],
    ] {
        let err = one_line_error(&morris_within(args, Duration::from_secs(20)));
        assert!(err.contains(&format!("there is no table directory {missing}")), "{args:?}: {err}");
    }
    // Directories named like the table files of 3-3.
    std::fs::create_dir_all(dir.join("3-3.mtb")).expect("dir");
    std::fs::create_dir_all(dir.join("3-3.wdl")).expect("dir");
    let d = dir.to_str().expect("utf-8");
    let err = one_line_error(&morris_within(&["tablebase", "probe", "--dir", d, board], Duration::from_secs(20)));
    assert!(err.contains("3-3.mtb is a directory, not a table file"), "{err}");
    // A file given as the directory.
    let file = dir.join("3-3.mtb").join("x");
    std::fs::write(&file, "x").expect("file");
    let f = file.to_str().expect("utf-8");
    let err = one_line_error(&morris_within(&["tablebase", "probe", "--dir", f, board], Duration::from_secs(20)));
    assert!(err.contains("is a file, not a table directory"), "{err}");
    // A directory without the set to pack.
    let err =
        one_line_error(&morris_within(&["tablebase", "pack", "--dir", d, "--stones", "5"], Duration::from_secs(20)));
    assert!(err.contains("no placing cell of a 5-stone game under a no-removal rule of 100 plies in"), "{err}");
}

#[test]
fn play_skips_an_over_long_line_and_says_so() {
    let mut child = Command::new(EXE)
        .args(["play", "--color", "never", "--movetime", "0.05"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start play");
    let mut input = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        // 32 MB on one line, then a move and the end of the game.
        let chunk = vec![b'x'; 1 << 20];
        for _ in 0..32 {
            if input.write_all(&chunk).is_err() {
                return;
            }
        }
        let _ = input.write_all(b"\nD2\nquit\n");
    });
    let out = child.wait_with_output().expect("wait");
    writer.join().expect("writer");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("That line is longer than 4096 bytes"), "{}", &text[..text.len().min(2000)]);
}

#[test]
fn endless_inputs_are_refused_at_their_bound() {
    // A roster, a class file, an openings file and a record file that never end.
    for args in [
        &["tournament", "--roster", "/dev/zero"][..],
        &["grade", "--class", "/dev/zero", "/tmp"],
        &["match", "--engine", "a=true", "--engine", "b=true", "--openings", "/dev/zero"],
        &["analyze", "/dev/zero"],
    ] {
        let out = morris_within(args, Duration::from_secs(60));
        let line = one_line_error(&out);
        assert!(line.contains("larger than"), "{args:?}: {line}");
    }
}

/// Runs `program ARGS` under `/usr/bin/time` with `input` written to its stdin (then
/// closed): its output, and its peak resident memory in KiB.
fn with_peak_memory(program: &str, args: &[&str], input: impl std::io::Read + Send + 'static) -> (Output, u64) {
    assert!(
        std::path::Path::new("/usr/bin/time").exists(),
        "/usr/bin/time is missing: apt-get install time (it measures the peak memory here)"
    );
    let dir = scratch(&format!("peak-{}", program.rsplit('/').next().unwrap_or("x")));
    let report = dir.join("time.txt");
    let mut child = Command::new("/usr/bin/time")
        .args(["-o", report.to_str().expect("utf-8"), "-f", "%M", program])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start /usr/bin/time");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let mut input = input;
        // The reader stops early on purpose: a broken pipe ends the writing.
        let _ = std::io::copy(&mut input, &mut stdin);
    });
    let out = child.wait_with_output().expect("wait");
    let _ = writer.join();
    let text = std::fs::read_to_string(&report).expect("time's report");
    let kb = text.lines().last().and_then(|l| l.trim().parse().ok()).unwrap_or_else(|| panic!("no figure: {text}"));
    (out, kb)
}

/// The reads the house-keeping issue listed, fed input with no line end and no end:
/// each stops at its bound with one line, and its peak memory stays near the bound
/// (figures in docs/performance.md, "Bounded input").
#[test]
fn unbounded_inputs_stop_at_their_bound_in_bounded_memory() {
    use std::io::Read;
    let endless = || std::io::repeat(b'x');
    // `analyze -`: standard input, a file of games (1 GiB at most).
    let (out, kb) = with_peak_memory(EXE, &["analyze", "-"], endless().take((1 << 30) + (1 << 20)));
    assert_eq!(one_line_error(&out).trim(), "morris: cannot read standard input: larger than 1GiB");
    assert!(kb < 1_300_000, "analyze - peaked at {kb} KiB");
    // An openings file (16 MiB at most), read whole.
    let dir = scratch("openings");
    let path = dir.join("openings.txt");
    let mut long = Vec::new();
    endless().take(17 << 20).read_to_end(&mut long).expect("bytes");
    std::fs::write(&path, long).expect("write");
    let args = ["match", "--engine", "a=true", "--engine", "b=true", "--openings", path.to_str().expect("utf-8")];
    let (out, kb) = with_peak_memory(EXE, &args, std::io::empty());
    let line = one_line_error(&out);
    assert!(line.contains("openings.txt: larger than 16MiB"), "{line}");
    assert!(kb < 80_000, "match --openings peaked at {kb} KiB");
    // The example engine reads lines of at most 4096 bytes: 100 MB without a line end is
    // one over-long line, answered as the engine answers one.
    let mover = engines_support::random_mover();
    let (out, kb) = with_peak_memory(&mover, &["--color", "black"], endless().take(100_000_000));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "error line too long (more than 4096 bytes): expected a move or a command\n"
    );
    assert!(kb < 16_000, "random_mover peaked at {kb} KiB");
}
