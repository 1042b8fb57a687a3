//! `morris play` as a process: piped stdin, end of input, colour, and the terminal-play assignment's file
//! mode (a board string in, the board after the engine's move out).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use morris::rules::notation::{format_board_string, parse_board_string, parse_move};
use morris::rules::{ByColor, Color, STANDARD, Setup};
use morris::topology::STANDARD24;

fn morris(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_morris"))
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("morris-play-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn a_piped_session_plays_and_ends_at_quit_or_end_of_input() {
    let out = morris(&["play", "--depth", "1"], "A1\nD4\nquit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("place a stone> A1\nYou play A1."), "{stdout}");
    assert!(stdout.contains("The engine plays "), "{stdout}");
    assert!(stdout.contains("D4 is not a point on this board: column D has D1, D2, D3, D5, D6, D7."), "{stdout}");
    assert!(stdout.contains("You leave the game. Bye."), "{stdout}");
    assert!(!stdout.contains('\x1b'), "no colour when stdout is not a terminal");

    let out = morris(&["play", "--as", "black", "--depth", "1"], "");
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(stdout.contains("The engine (White) is thinking..."), "{stdout}");
    assert!(stdout.contains("End of input: the game is left unfinished. Bye."), "{stdout}");
}

#[test]
fn options_choose_colour_board_and_start() {
    let out = morris(&["play", "--depth", "1", "--ansi", "always", "--moves", "A1 A7"], "");
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("\x1b[1;91mB\x1b[0m"));
    // The old name still works, and is not advertised.
    let out = morris(&["play", "--depth", "1", "--color", "always", "--moves", "A1 A7"], "");
    assert!(text(&out.stdout).contains("\x1b[1;91mB\x1b[0m"));
    assert!(!text(&morris(&["play", "--help"], "").stdout).contains("--color"));
    let out = morris(&["play", "--board", "classroom22", "--depth", "1", "--show-score"], "a0\n");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("  0  .-----------------.-----------------.  0"), "{stdout}");
    assert!(stdout.contains("(score "), "{stdout}");
    let out = morris(&["play", "--moves", "A1 A1"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr).trim(), "morris: --moves: move 2 (A1) of the move list: A1 is occupied");
}

fn write_board(dir: &Path, board: &str) -> PathBuf {
    let file = dir.join("in.txt");
    std::fs::write(&file, format!("{board}\n")).unwrap();
    file
}

#[test]
fn file_mode_writes_the_board_after_the_engines_move() {
    let dir = scratch("file-ok");
    // The terminal-play assignment's example board (moving phase), Black to move.
    let board = "xWxBWBxxWxBBWBxxxWxxBxxx";
    let input = write_board(&dir, board);
    let output = dir.join("out.txt");
    let args = ["play", "--board-in", path(&input), "--board-out", path(&output), "--to-move", "black", "--depth", "1"];
    let out = morris(&args, "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let m = parse_move(text(&out.stdout).trim(), &STANDARD24).unwrap();
    let stones = parse_board_string(board, &STANDARD24).unwrap();
    let setup = Setup { rules: &STANDARD, stones, in_hand: ByColor([0, 0]), side_to_move: Color::Black };
    let after = setup.into_position().unwrap().play(m).unwrap();
    let expected = format_board_string(ByColor([after.stones(Color::White), after.stones(Color::Black)]), &STANDARD24);
    assert_eq!(std::fs::read_to_string(&output).unwrap(), format!("{expected}\n"));

    // Placing with stones in hand, and the score line.
    let input = write_board(&dir, "xxxxxxxxxxxxxxxxxxxxxxxx");
    let args = ["play", "--board-in", path(&input), "--board-out", path(&output), "--in-hand", "9,9", "--depth", "1"];
    let args: Vec<&str> = args.into_iter().chain(["--show-score"]).collect();
    let out = morris(&args, "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[1].starts_with("score "), "{lines:?}");
    let written = std::fs::read_to_string(&output).unwrap();
    assert_eq!(written.trim().matches('W').count(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn file_mode_refuses_bad_input_in_one_line_and_leaves_the_output_alone() {
    let dir = scratch("file-bad");
    let output = dir.join("out.txt");
    std::fs::write(&output, "keep me\n").unwrap();
    let run = |board: Option<&str>, extra: &[&str]| {
        let input = match board {
            Some(b) => write_board(&dir, b),
            None => dir.join("missing.txt"),
        };
        let mut args = vec!["play", "--depth", "1", "--board-out", path(&output)];
        let input = input.to_str().unwrap().to_string();
        args.extend(["--board-in", &input]);
        args.extend(extra);
        let out = morris(&args, "");
        (out.status.code(), text(&out.stderr), text(&out.stdout))
    };
    let cases: [(Option<&str>, &[&str], i32, &str); 6] = [
        (None, &[], 1, "cannot read the board file"),
        (Some("xxQ"), &[], 1, "letter 3 of the board string is 'Q': expected W, B or x"),
        (Some("xxxx"), &[], 1, "a board string has 24 letters (W, B or x), this one has 4"),
        (Some("WWWWWWWWWWxxxxxxxxxxxxxx"), &[], 1, "White has 10 stones on the board and in hand"),
        (Some("xxxxxxxxxxxxxxxxxxxxxxxx"), &["--in-hand", "3,3", "--to-move", "black"], 1, "stones in hand do not fit"),
        // White to move with two stones: the game is over.
        (Some("WWxxxxxxxxBBBxxxxxxxxxxx"), &[], 2, "no move for White: the game is over"),
    ];
    for (board, extra, code, message) in cases {
        let (status, stderr, stdout) = run(board, extra);
        assert_eq!(status, Some(code), "{board:?}: {stderr}");
        assert!(stderr.contains(message), "{board:?}: expected {message:?} in {stderr:?}");
        assert_eq!(stderr.lines().count(), 1, "one line: {stderr:?}");
        assert!(stdout.is_empty());
        assert_eq!(std::fs::read_to_string(&output).unwrap(), "keep me\n", "the output file is untouched");
    }
    let out = morris(&["play", "--in-hand", "3", "--board-in", "x", "--board-out", "y"], "");
    assert_eq!(out.status.code(), Some(2), "clap's usage error");
    assert!(text(&out.stderr).contains("e.g. 3,2"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_board_file_starts_an_interactive_game_and_works_on_the_classroom_board() {
    let dir = scratch("file-classroom");
    // Classroom board order a0 d0 g0 b1 d1 f1 c2 e2 b3 c3 e3 f3 g3 c4 d4 e4 b5 d5 f5 a6 d6 g6.
    let input = write_board(&dir, "WxxBWxxxBxxxxxWxxxxBxW");
    let output = dir.join("out.txt");
    let args = ["play", "--board", "classroom22", "--board-in", path(&input), "--board-out", path(&output)];
    let out = morris(&[&args[..], &["--to-move", "black", "--depth", "1"]].concat(), "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).trim().contains('-'), "a slide in the moving phase: {}", text(&out.stdout));
    assert_eq!(std::fs::read_to_string(&output).unwrap().trim().len(), 22);

    // Without --board-out the file is the start of a game.
    let args = ["play", "--board", "classroom22", "--board-in", path(&input), "--depth", "1"];
    let out = morris(&args, "a0\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success());
    assert!(stdout.contains("  0  W-----------------.-----------------.  0"), "{stdout}");
    assert!(stdout.contains("which stone slides> a0\na0 can go to d0."), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}
