//! The real `morris` binary as a harness sees it: spawned with flags, moves on stdin and
//! stdout, exit status 0 at end of input, one line on stderr for bad options.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use morris::rules::notation::parse_move;
use morris::rules::{Game, Position, STANDARD};
use morris::topology::STANDARD24;

fn spawn(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_morris"))
        .args(args)
        .args(["--hash", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the morris binary starts")
}

#[test]
fn as_white_the_first_line_is_a_legal_move_and_eof_exits_0() {
    let mut child = spawn(&["--color", "white", "--depth", "1", "--movetime", "0.5"]);
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    out.read_line(&mut line).expect("a line");
    let m = parse_move(line.trim_end(), &STANDARD24).expect("the first line is a move");
    assert_eq!(m.display(&STANDARD24).to_string(), line.trim_end(), "upper case, nothing else on the line");
    Position::start(&STANDARD).play(m).expect("a legal first move");
    drop(child.stdin.take());
    let status = child.wait().expect("exits");
    assert!(status.success(), "{status:?}");
}

#[test]
fn as_black_it_answers_whites_move_and_eof_exits_0() {
    let mut child = spawn(&["--color", "black", "--depth", "1"]);
    let mut stdin = child.stdin.take().expect("stdin");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    writeln!(stdin, "D2").expect("write");
    stdin.flush().expect("flush");
    let mut line = String::new();
    out.read_line(&mut line).expect("a line");
    let mut game = Game::new(Position::start(&STANDARD));
    game.play(parse_move("D2", &STANDARD24).unwrap()).unwrap();
    let reply = parse_move(line.trim_end(), &STANDARD24).expect("the reply is a move");
    game.play(reply).expect("a legal reply");
    writeln!(stdin, "D2").expect("write");
    stdin.flush().expect("flush");
    line.clear();
    out.read_line(&mut line).expect("a line");
    assert_eq!(line, "illegal D2: D2 is occupied\n");
    drop(stdin);
    let status = child.wait().expect("exits");
    assert!(status.success(), "{status:?}");
}

#[test]
fn bad_options_are_one_line_on_stderr_and_a_failure() {
    for args in [&["--tablebase", "/nonexistent/tables"][..], &["--movetime", "0"][..], &["--opening", "D2 D2"][..]] {
        let out = Command::new(env!("CARGO_BIN_EXE_morris")).args(args).stdin(Stdio::null()).output().expect("runs");
        assert!(!out.status.success(), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.trim().is_empty(), "{args:?}: a message on stderr");
        if args[0] != "--movetime" {
            // clap adds a usage hint; our own errors are one line.
            assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        }
    }
}

/// Waits up to two minutes for the child to exit (a search it failed to end would run ten).
fn wait_briefly(child: &mut std::process::Child) -> std::process::ExitStatus {
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return status;
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(120), "still thinking long after quit");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

#[test]
fn stop_quit_and_isready_work_while_the_binary_thinks() {
    let mut child = spawn(&["--color", "black", "--movetime", "600"]);
    let mut stdin = child.stdin.take().expect("stdin");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    writeln!(stdin, "D2\nisready").expect("write");
    out.read_line(&mut line).expect("a line");
    assert_eq!(line.trim_end(), "readyok", "isready is answered during the ten-minute search");
    writeln!(stdin, "stop").expect("write");
    line.clear();
    out.read_line(&mut line).expect("a line");
    let m = parse_move(line.trim_end(), &STANDARD24).expect("stop plays the move");
    let mut game = Game::new(Position::start(&STANDARD));
    game.play(parse_move("D2", &STANDARD24).expect("D2")).expect("legal");
    game.play(m).expect("a legal reply");
    // White's next move starts another long search, which quit ends at once.
    let white = ["A7", "G7", "A1"].into_iter().find(|p| !line.contains(p)).expect("a free point");
    writeln!(stdin, "{white}\nquit").expect("write");
    let status = wait_briefly(&mut child);
    assert!(status.success(), "{status:?}");
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut out, &mut rest).expect("read");
    assert!(rest.is_empty(), "no move after quit: {rest:?}");
}
