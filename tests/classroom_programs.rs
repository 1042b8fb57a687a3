//! The eight classroom binaries as processes: their output lines and output file, the
//! blocked side (status 3, the unchanged board printed and written), and every kind of
//! bad input (one line on stderr, the documented exit status, the output file untouched).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use morris::classroom::board_file::parse_board;
use morris::classroom::{ALL_PROGRAMS, BLOCKED_ESTIMATE, ProgramPhase, decide};
use morris::classroom::{EXIT_BAD_INPUT, EXIT_NO_MOVE};

fn binary(name: &str) -> &'static str {
    match name {
        "MiniMaxOpening" => env!("CARGO_BIN_EXE_MiniMaxOpening"),
        "MiniMaxGame" => env!("CARGO_BIN_EXE_MiniMaxGame"),
        "ABOpening" => env!("CARGO_BIN_EXE_ABOpening"),
        "ABGame" => env!("CARGO_BIN_EXE_ABGame"),
        "MiniMaxOpeningBlack" => env!("CARGO_BIN_EXE_MiniMaxOpeningBlack"),
        "MiniMaxGameBlack" => env!("CARGO_BIN_EXE_MiniMaxGameBlack"),
        "MiniMaxOpeningImproved" => env!("CARGO_BIN_EXE_MiniMaxOpeningImproved"),
        "MiniMaxGameImproved" => env!("CARGO_BIN_EXE_MiniMaxGameImproved"),
        other => panic!("no program {other}"),
    }
}

/// A fresh directory for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("classroom-{test}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(program: &str, args: &[&str]) -> Run {
    let out = Command::new(binary(program)).args(args).output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

const SENTINEL: &str = "this output file must not change\n";
const GAME_BOARD: &str = "xBWBxxxWxBxxxWxBBWxxWW";
const OPENING_BOARD: &str = "xxxxxxxWxxxxxxBxxxxxxx";

#[test]
fn every_program_prints_three_lines_and_writes_the_board() {
    let dir = scratch("all");
    for spec in ALL_PROGRAMS {
        let board = if spec.phase == ProgramPhase::Opening { OPENING_BOARD } else { GAME_BOARD };
        let input = dir.join(format!("{}-in.txt", spec.name));
        let output = dir.join(format!("{}-out.txt", spec.name));
        fs::write(&input, format!("{board}\n")).unwrap();
        fs::write(&output, SENTINEL).unwrap();
        let r = run(spec.name, &[input.to_str().unwrap(), output.to_str().unwrap(), "2"]);
        let want = decide(&spec, parse_board(board, "t").unwrap(), 2).unwrap();
        assert_eq!(r.code, 0, "{}: {}", spec.name, r.stderr);
        assert_eq!(r.stdout, want.lines(), "{}", spec.name);
        assert_eq!(r.stderr, "", "{}", spec.name);
        assert_eq!(fs::read_to_string(&output).unwrap(), format!("{}\n", want.board), "{}", spec.name);
        // Nothing but the two files is left in the directory (no temporary file).
    }
    let names: Vec<String> =
        fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert_eq!(names.len(), 2 * ALL_PROGRAMS.len(), "{names:?}");
}

#[test]
fn handout_example_format() {
    // The handout's first example (its board lost a letter in the copy; here 22 letters).
    let dir = scratch("example");
    let (b1, b2) = (dir.join("board1.txt"), dir.join("board2.txt"));
    fs::write(&b1, "xxxxxxxWxxxxxxBxxxxxxx\n").unwrap();
    let r = run("MiniMaxOpening", &[b1.to_str().unwrap(), b2.to_str().unwrap(), "2"]);
    assert_eq!(r.code, 0);
    assert_eq!(
        r.stdout,
        "Board Position: WxxxxxxWxxxxxxBxxxxxxx\nPositions evaluated by static estimation: 380.\nMINIMAX estimate: 0.\n"
    );
    assert_eq!(fs::read_to_string(&b2).unwrap(), "WxxxxxxWxxxxxxBxxxxxxx\n");
}

/// Runs `program` with `args` where `IN`/`OUT` stand for the test's files, and checks a
/// bad-input failure: the exit status, one stderr line containing `message`, nothing on
/// stdout, the output file unchanged and no file left behind.
fn expect_failure(test: &str, program: &str, input: Option<&str>, args: &[&str], code: u8, message: &str) {
    let dir = scratch(test);
    let in_path = dir.join("in.txt");
    let out_path = dir.join("out.txt");
    if let Some(text) = input {
        fs::write(&in_path, text).unwrap();
    }
    fs::write(&out_path, SENTINEL).unwrap();
    let args: Vec<String> = args
        .iter()
        .map(|a| a.replace("IN", in_path.to_str().unwrap()).replace("OUT", out_path.to_str().unwrap()))
        .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let r = run(program, &args);
    assert_eq!(r.code, i32::from(code), "{test}: {}", r.stderr);
    assert_eq!(r.stdout, "", "{test}");
    assert_eq!(r.stderr.lines().count(), 1, "{test}: {:?}", r.stderr);
    assert!(r.stderr.starts_with(&format!("{program}: ")), "{test}: {:?}", r.stderr);
    assert!(r.stderr.contains(message), "{test}: {:?} lacks {message:?}", r.stderr);
    assert_eq!(fs::read_to_string(&out_path).unwrap(), SENTINEL, "{test}");
    let left = fs::read_dir(&dir).unwrap().count();
    assert_eq!(left, if input.is_some() { 2 } else { 1 }, "{test}: a file was left behind");
}

#[test]
fn bad_input_files() {
    let b = EXIT_BAD_INPUT;
    expect_failure("missing", "MiniMaxGame", None, &["IN", "OUT", "2"], b, "cannot read input file");
    expect_failure("in-not-a-file", "MiniMaxGame", None, &["OUT/..", "OUT", "2"], b, "cannot read input file");
    expect_failure("short", "MiniMaxGame", Some("xBWBxxxWxBxxxWxBBWxxW\n"), &["IN", "OUT", "2"], b, "has 21 letters");
    expect_failure("long", "ABGame", Some("xBWBxxxWxBxxxWxBBWxxWWx"), &["IN", "OUT", "2"], b, "has 23 letters");
    expect_failure("empty", "ABOpening", Some(""), &["IN", "OUT", "2"], b, "has 0 letters");
    expect_failure("letter", "MiniMaxOpening", Some("xxOxxxxWxxxxxxBxxxxxxx"), &["IN", "OUT", "2"], b, "letter 3");
    expect_failure("lowercase", "MiniMaxGameBlack", Some("xBWbxxxWxBxxxWxBBWxxWW"), &["IN", "OUT", "2"], b, "letter 4");
    expect_failure(
        "two-boards",
        "MiniMaxGame",
        Some("xBWBxxxWxBxxxWxBBWxxWW\nxBWBxxxWxBxxxWxBBWxxWW\n"),
        &["IN", "OUT", "2"],
        b,
        "letter 23",
    );
    expect_failure("binary", "MiniMaxGame", Some("\u{0}\u{1}"), &["IN", "OUT", "2"], b, "letter 1");
}

#[test]
fn bad_arguments() {
    let b = EXIT_BAD_INPUT;
    let board = Some(GAME_BOARD);
    expect_failure("no-args", "MiniMaxGame", board, &[], b, "missing argument <input file>");
    expect_failure("no-output", "MiniMaxGame", board, &["IN"], b, "missing argument <output file>");
    expect_failure("no-depth", "MiniMaxGame", board, &["IN", "OUT"], b, "missing argument <depth>");
    expect_failure("too-many", "MiniMaxGame", board, &["IN", "OUT", "2", "3"], b, "too many arguments");
    for (test, depth) in [("depth-word", "two"), ("depth-negative", "-1"), ("depth-zero", "0"), ("depth-frac", "2.5")] {
        expect_failure(test, "ABGame", board, &["IN", "OUT", depth], b, "depth must be a whole number of plies");
    }
    expect_failure("depth-huge", "ABGame", board, &["IN", "OUT", "99999999999"], b, "depth must be");
    expect_failure("flag", "MiniMaxGame", board, &["--fast", "IN", "OUT", "2"], b, "--fast");
}

#[test]
fn unwritable_output() {
    let b = EXIT_BAD_INPUT;
    let board = Some(GAME_BOARD);
    expect_failure(
        "no-dir",
        "MiniMaxGame",
        board,
        &["IN", "OUT/../missing/out.txt", "2"],
        b,
        "cannot write output file",
    );
    // The output file's own directory as the output.
    let dir = scratch("out-is-dir");
    let input = dir.join("in.txt");
    fs::write(&input, GAME_BOARD).unwrap();
    let r = run("MiniMaxGame", &[input.to_str().unwrap(), dir.to_str().unwrap(), "2"]);
    assert_eq!(r.code, i32::from(b));
    assert!(r.stderr.contains("is a directory"), "{}", r.stderr);
    // A read-only output file is refused, not replaced.
    let out = dir.join("readonly.txt");
    fs::write(&out, SENTINEL).unwrap();
    let mut perms = fs::metadata(&out).unwrap().permissions();
    perms.set_readonly(true);
    fs::set_permissions(&out, perms).unwrap();
    let r = run("ABGame", &[input.to_str().unwrap(), out.to_str().unwrap(), "2"]);
    assert_eq!(r.code, i32::from(b), "{}", r.stderr);
    assert!(r.stderr.contains("read-only"), "{}", r.stderr);
    assert_eq!(fs::read_to_string(&out).unwrap(), SENTINEL);
}

/// Runs `program` on `board` when its side has no legal move: status 3, one stderr line
/// containing `message` (after any warnings), the three lines for the unchanged board
/// with 0 positions evaluated and the blocked estimate, and the unchanged board in the
/// output file (which replaced what was there, with no temporary file left).
fn expect_blocked(test: &str, program: &str, board: &str, depth: &str, message: &str) {
    let dir = scratch(test);
    let (input, output) = (dir.join("in.txt"), dir.join("out.txt"));
    fs::write(&input, format!("  {board}\n")).unwrap();
    fs::write(&output, SENTINEL).unwrap();
    let r = run(program, &[input.to_str().unwrap(), output.to_str().unwrap(), depth]);
    assert_eq!(r.code, i32::from(EXIT_NO_MOVE), "{test}: {}", r.stderr);
    assert_eq!(
        r.stdout,
        format!("Board Position: {board}\nPositions evaluated by static estimation: 0.\nMINIMAX estimate: -10000.\n"),
        "{test}"
    );
    let last = r.stderr.lines().last().unwrap_or_default();
    assert!(last.starts_with(&format!("{program}: ")), "{test}: {:?}", r.stderr);
    assert!(last.contains(message), "{test}: {:?} lacks {message:?}", r.stderr);
    assert_eq!(fs::read_to_string(&output).unwrap(), format!("{board}\n"), "{test}");
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 2, "{test}: a file was left behind");
}

#[test]
fn a_blocked_side_prints_the_unchanged_board_and_has_its_own_status() {
    assert_eq!(BLOCKED_ESTIMATE.to_string(), "-10000");
    // White a0 g0 a6 g6 are all blocked.
    let blocked = "WBWBxBxxxxxxBxxxBxBWBW";
    expect_blocked("blocked", "MiniMaxGame", blocked, "2", "White has no legal move");
    expect_blocked("blocked-ab", "ABGame", blocked, "2", "no legal move");
    expect_blocked("blocked-improved", "MiniMaxGameImproved", blocked, "3", "no legal move");
    // The same with the colours swapped, for Black: the estimate is Black's point of view.
    let black_blocked = "BWBWxWxxxxxxWxxxWxWBWB";
    expect_blocked("blocked-b", "MiniMaxGameBlack", black_blocked, "1", "Black has no legal move");
    // Black is blocked, but the White program's White can move: an ordinary run.
    let r = run_on("not-blocked", "MiniMaxGame", black_blocked, "1");
    assert_eq!(r.code, 0, "{}", r.stderr);
    // A full board in the opening: no point to place on (after the too-many-stones warnings).
    let full = "WBWBWBWBWBWBBBWBWBBBWB";
    for program in ["MiniMaxOpening", "ABOpening", "MiniMaxOpeningBlack", "MiniMaxOpeningImproved"] {
        expect_blocked(&format!("full-{program}"), program, full, "1", "has no legal move");
    }
    // Bad input still wins over a blocked board: the depth is checked first.
    expect_failure("blocked-bad-depth", "MiniMaxGame", Some(blocked), &["IN", "OUT", "0"], EXIT_BAD_INPUT, "depth");
}

fn run_on(test: &str, program: &str, board: &str, depth: &str) -> Run {
    let dir = scratch(test);
    let (input, output) = (dir.join("in.txt"), dir.join("out.txt"));
    fs::write(&input, board).unwrap();
    run(program, &[input.to_str().unwrap(), output.to_str().unwrap(), depth])
}

#[test]
fn strange_boards_warn_and_still_search() {
    let dir = scratch("warn");
    let (input, output) = (dir.join("in.txt"), dir.join("out.txt"));
    fs::write(&input, "WBWBWBWBWBWBBBWBWBBBWx").unwrap();
    let r = run("MiniMaxOpening", &[input.to_str().unwrap(), output.to_str().unwrap(), "1"]);
    assert_eq!(r.code, 0);
    assert!(r.stderr.contains("warning: Black has 12 stones"), "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), 3);
    assert_eq!(fs::read_to_string(&output).unwrap(), "WBWBWBWBWBWBBBWBWBBBWW\n");
}

#[test]
fn help_names_the_program_and_the_exit_statuses() {
    for spec in ALL_PROGRAMS {
        let r = run(spec.name, &["--help"]);
        assert_eq!(r.code, 0);
        assert!(r.stdout.contains(&format!("Usage: {} <INPUT_FILE> <OUTPUT_FILE> <DEPTH>", spec.name)), "{}", r.stdout);
        assert!(r.stdout.contains("Exit status"), "{}", r.stdout);
    }
}

/// An example session of `docs/classroom.md` (the ```` ```text ```` block that starts
/// with `first`) replayed with the real binaries: `$ cat FILE` sets up a board file, or
/// checks the file a program wrote; `$ PROGRAM IN OUT DEPTH` must print exactly the lines
/// that follow it (with `; echo "status $?"`, stdout, then stderr, then the status).
/// Returns how many programs ran.
fn replay_documented(test: &str, first: &str) -> usize {
    let doc = include_str!("../docs/classroom.md");
    let start = doc.find(&format!("```text\n{first}")).unwrap_or_else(|| panic!("docs/classroom.md has {first:?}"));
    let block = &doc[start + "```text\n".len()..];
    let block = &block[..block.find("```").unwrap()];
    let dir = scratch(test);
    let mut lines = block.lines().peekable();
    let mut runs = 0;
    while let Some(line) = lines.next() {
        let command = line.strip_prefix("$ ").unwrap_or_else(|| panic!("expected a command, found {line:?}"));
        let mut expected = String::new();
        while let Some(next) = lines.next_if(|l| !l.starts_with("$ ")) {
            expected.push_str(next);
            expected.push('\n');
        }
        let (command, with_status) = match command.strip_suffix("; echo \"status $?\"") {
            Some(c) => (c, true),
            None => (command, false),
        };
        let words: Vec<&str> = command.split_whitespace().collect();
        if words[0] == "cat" {
            let file = dir.join(words[1]);
            if file.exists() {
                assert_eq!(fs::read_to_string(&file).unwrap(), expected, "{command}");
            } else {
                fs::write(file, &expected).unwrap();
            }
            continue;
        }
        let [program, input, output, depth] = words[..] else { panic!("unexpected command {command:?}") };
        let (input, output) = (dir.join(input), dir.join(output));
        let r = run(program, &[input.to_str().unwrap(), output.to_str().unwrap(), depth]);
        if with_status {
            assert_eq!(format!("{}{}status {}\n", r.stdout, r.stderr, r.code), expected, "{command}");
        } else {
            assert_eq!(r.code, 0, "{command}: {}", r.stderr);
            assert_eq!(r.stdout, expected, "{command}");
        }
        let board = r.stdout.lines().next().unwrap().strip_prefix("Board Position: ").unwrap();
        assert_eq!(fs::read_to_string(&output).unwrap(), format!("{board}\n"), "{command}");
        runs += 1;
    }
    runs
}

#[test]
fn documented_examples_replay() {
    assert_eq!(replay_documented("docs", "$ cat board1.txt"), 8, "one example per program");
    assert_eq!(replay_documented("docs-blocked", "$ cat blocked.txt"), 1);
}
