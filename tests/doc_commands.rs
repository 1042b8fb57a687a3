//! The example commands of README.md and docs/referee.md, run as written (games made
//! fewer where a test needs it to be quick) from a folder outside the repository with
//! the built binary's folder on PATH, the way a newcomer who ran `cargo install` types
//! them. Each command is first found in its document, so the two cannot drift apart.
//!
//! Engines run in the sandbox, which gives them a clean PATH: `morris` is found on the
//! caller's PATH before entering it (src/referee/program.rs). The class of
//! examples/class.toml needs python3, a JDK and a C compiler; this test fails where one
//! is missing unless `MORRIS_SKIP_SANDBOX_TESTS=1` skips it on purpose.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::sandbox::{require, skipped};

const MORRIS: &str = env!("CARGO_BIN_EXE_morris");
const REPO: &str = env!("CARGO_MANIFEST_DIR");

/// A folder outside the repository.
fn outside(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("morris-docs-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch folder");
    assert!(!dir.starts_with(REPO));
    dir
}

/// `command` as `document` shows it, with each `(from, to)` of `shorter` replaced, run by
/// the shell in `dir` with the binary's folder first on PATH.
fn run_documented(document: &str, command: &str, shorter: &[(&str, &str)], dir: &Path) -> Output {
    let text = fs::read_to_string(Path::new(REPO).join(document)).expect("the document");
    assert!(text.contains(command), "{document} no longer shows `{command}`");
    let mut line = command.to_string();
    for (from, to) in shorter {
        assert!(line.contains(from), "`{from}` is not in `{command}`");
        line = line.replacen(from, to, 1);
    }
    let bin = Path::new(MORRIS).parent().expect("the binary's folder");
    let path = std::env::join_paths(
        std::iter::once(bin.to_path_buf()).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .unwrap();
    let out = Command::new("sh").arg("-c").arg(&line).current_dir(dir).env("PATH", path).output().expect("sh runs");
    assert!(
        out.status.success(),
        "`{line}` failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The termination of every game of a record file, and how each ended in words.
fn terminations(record: &Path) -> (Vec<String>, Vec<String>) {
    let text = fs::read_to_string(record).expect("the record file");
    morris::referee::outcome::record::parse_records(&text)
        .expect("the record reads")
        .into_iter()
        .map(|g| (g.termination, g.reason))
        .unzip()
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

#[test]
fn the_match_commands_run_as_written() {
    if skipped() {
        return;
    }
    let dir = outside("match");
    let readme = "morris match --engine morris --engine \"morris --eval handout --depth 3\" --games 10 --movetime 0.2 --random-plies 4";
    let out = run_documented("README.md", readme, &[("--games 10", "--games 2")], &dir);
    let text = stdout(&out);
    assert!(text.contains("game   1: morris - morris#2") && text.contains("game   2"), "{text}");
    assert!(!text.contains("cannot start"), "an engine did not start:\n{text}");

    let referee = "morris match --engine \"morris\" --engine \"b=morris --eval handout --depth 3\" --games 10 \
                   --movetime 0.2 --random-plies 4 --seed 7 --record games.tsv";
    // Among six tests at once on two cores a 0.2 s reply can be scheduled past the 50 ms
    // grace (seen in CI: a game ended on time); the command's games are what is tested.
    let shorter = [("--games 10", "--games 2"), ("--movetime 0.2", "--movetime 0.2 --grace-ms 1000")];
    run_documented("docs/referee.md", referee, &shorter, &dir);
    let (ends, reasons) = terminations(&dir.join("games.tsv"));
    assert_eq!(ends.len(), 2);
    assert!(ends.iter().all(|t| t == "rules" || t == "ply-cap"), "{reasons:?}");

    let sprt = "morris match --engine \"new=morris\" --engine \"old=morris --depth 4\" --sprt elo0=0,elo1=10 \
                --movetime 0.05 --random-plies 4 --seed 1";
    let readme = fs::read_to_string(Path::new(REPO).join("README.md")).unwrap();
    assert!(readme.contains(sprt), "README.md no longer shows `{sprt}`");
    let out =
        run_documented("docs/referee.md", sprt, &[("--sprt elo0=0,elo1=10", "--sprt elo0=0,elo1=10 --games 4")], &dir);
    let text = stdout(&out);
    assert!(text.contains("SPRT elo0=0 elo1=10 alpha=0.05 beta=0.05") && text.contains("Ptnml(0-2):"), "{text}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_sandbox_command_shows_where_morris_comes_from() {
    if skipped() {
        return;
    }
    let dir = outside("sandbox");
    let out = run_documented("README.md", "morris sandbox", &[], &dir);
    assert!(stdout(&out).contains("sandbox cost per engine start"), "{}", stdout(&out));
    let shown = "morris sandbox --engine \"morris --depth 3\"";
    let out = run_documented("docs/referee.md", shown, &[], &dir);
    let text = stdout(&out);
    let bin = Path::new(MORRIS).parent().unwrap();
    assert!(text.contains(&format!("engine morris: runs {MORRIS}")), "{text}");
    assert!(text.contains(&format!("PATH inside starts {}", bin.display())), "{text}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_check_commands_run_as_written() {
    if skipped() {
        return;
    }
    require("python3", "python3");
    let dir = outside("check");
    // The student's engine the commands name: the class's Python engine.
    let alice = Path::new(REPO).join("examples/class/alice/alice.py");
    for name in ["student.py", "my_engine.py"] {
        fs::copy(&alice, dir.join(name)).unwrap();
    }
    let out = run_documented("docs/referee.md", "morris check --engine \"python3 student.py\"", &[], &dir);
    // Named for the script it runs, not the interpreter.
    assert!(stdout(&out).contains("student.py: PASS, required 8 of 8 passed"), "{}", stdout(&out));
    let out = run_documented("README.md", "morris check --engine \"python3 my_engine.py\"", &[], &dir);
    assert!(stdout(&out).contains("my_engine.py: PASS, required 8 of 8 passed"), "{}", stdout(&out));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_class_tournament_plays_as_written() {
    if skipped() {
        return;
    }
    for (tool, package) in [("python3", "python3"), ("java", "default-jdk-headless"), ("cc", "gcc")] {
        require(tool, package);
    }
    let dir = outside("class");
    // The roster as the README gives it, but for the time it allows: among six tests at
    // once on two slow cores bob's JVM lost a game on time in CI (50 ms of grace, 10 s to
    // start); the command and its games are what is tested.
    let mut slower = fs::read_to_string(Path::new(REPO).join("examples/class.toml")).unwrap();
    for (from, to) in [("grace_ms = 50 ", "grace_ms = 1000 "), ("startup_ms = 10000 ", "startup_ms = 60000 ")] {
        assert!(slower.contains(from), "examples/class.toml no longer has `{from}`");
        slower = slower.replacen(from, to, 1);
    }
    fs::write(dir.join("class.toml"), slower).unwrap();
    copy_tree(&Path::new(REPO).join("examples/class"), &dir.join("class"));
    let command = "morris tournament --roster class.toml --record class.tsv --standings pages";
    let out = run_documented("README.md", command, &[], &dir);
    let text = stdout(&out);
    assert!(text.contains("Champion: "), "{text}");
    // Every entrant started and played legally: each game ended by the rules.
    let (ends, reasons) = terminations(&dir.join("class.tsv"));
    assert!(ends.len() >= 6, "{ends:?}");
    assert!(ends.iter().all(|t| t == "rules" || t == "ply-cap"), "{reasons:?}\n{text}");
    let standings = fs::read_to_string(dir.join("pages/standings.txt")).expect("the standings page");
    for name in ["alice", "bob", "carol", "reference"] {
        assert!(standings.contains(name), "{standings}");
    }
    fs::remove_dir_all(&dir).unwrap();
}
