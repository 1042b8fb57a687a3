//! `morris match --sprt`: a setting known to be stronger is accepted (H1), two identical
//! engines are not accepted as better, and the same seed gives the same games and verdict.
//!
//! The engines are ours at fixed depths, which are deterministic (one thread, a depth
//! reached long before the time per move) without the small tables the binary carries
//! (`--no-small-tables`: unsandboxed, two engines that unpack them into one `/tmp` at
//! once played one pair in 150 differently), and run without the sandbox: what is
//! tested here is the test, not the sandbox (tests/sandbox.rs, tests/doc_commands.rs).

use std::process::Command;

const MORRIS: &str = env!("CARGO_BIN_EXE_morris");

/// Runs `morris match` between `first` and `second` with `extra` options; its stdout.
fn sprt(first: &str, second: &str, extra: &[&str]) -> String {
    let out = Command::new(MORRIS)
        // Fixed depths answer in milliseconds: the generous time only keeps a loaded
        // machine from deciding a game on time.
        .args([
            "match",
            "--no-sandbox",
            "--jobs",
            "1",
            "--movetime",
            "5",
            "--startup-ms",
            "10000",
            "--random-plies",
            "4",
        ])
        .arg("--engine")
        .arg(format!("first={MORRIS} --no-small-tables {first}"))
        .arg("--engine")
        .arg(format!("second={MORRIS} --no-small-tables {second}"))
        .args(extra)
        .output()
        .expect("morris match runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    stdout
}

/// The lines of the test's report (from the `SPRT` line on).
fn report(stdout: &str) -> String {
    stdout.lines().skip_while(|l| !l.starts_with("SPRT ")).collect::<Vec<_>>().join("\n")
}

/// The pentanomial counts the report gives.
fn pentanomial(stdout: &str) -> [u32; 5] {
    let line = stdout.lines().find(|l| l.contains("Ptnml(0-2):")).expect("a pentanomial line");
    let inside = line.split('[').nth(1).and_then(|t| t.split(']').next()).expect("counts in brackets");
    let counts: Vec<u32> = inside.split(',').map(|c| c.trim().parse().expect("a count")).collect();
    counts.try_into().expect("five counts")
}

#[test]
fn a_stronger_setting_is_accepted() {
    let out = sprt("--depth 4", "--depth 1", &["--sprt", "elo0=0,elo1=50", "--games", "600", "--seed", "3"]);
    let report = report(&out);
    assert!(report.contains("H1 accepted after"), "{out}");
    // The LLR at or past the upper bound, ln(0.95/0.05) = 2.94.
    assert!(report.contains("(-2.94, 2.94) [0, 50]"), "{report}");
    let counts = pentanomial(&out);
    assert!(counts[3] + counts[4] > counts[0] + counts[1], "{counts:?}");
    let elo_line = report.lines().find(|l| l.contains("Elo:")).unwrap();
    assert!(elo_line.trim_start().starts_with("Elo: +"), "{elo_line}");
}

#[test]
fn identical_engines_are_not_accepted_as_better() {
    // 60 games (30 pairs) are enough to show it: the engines are deterministic, so every
    // pair is the same game from each side and an SPRT that drifted towards H1 on
    // identical engines would show it here as well as at 300 (which took 90 s of the
    // suite's wall time, one game at a time) or 120 (16 s of CPU).
    let out = sprt("--depth 2", "--depth 2", &["--sprt", "elo0=0,elo1=10", "--games", "60", "--seed", "5"]);
    let report = report(&out);
    assert!(!report.contains("H1 accepted"), "{out}");
    assert!(report.contains("H0 accepted after") || report.contains("no verdict"), "{out}");
    // Deterministic and identical: from one opening both colours play the same game, so
    // every pair is 1-1 (DD or WL).
    let counts = pentanomial(&out);
    assert_eq!([counts[0], counts[1], counts[3], counts[4]], [0, 0, 0, 0], "{out}");
    assert!(counts[2] > 0);
}

#[test]
fn the_same_seed_gives_the_same_games_and_verdict() {
    let dir = std::env::temp_dir().join(format!("morris-sprt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |name: &str| {
        let record = dir.join(name);
        let args = ["--sprt", "elo0=0,elo1=20", "--games", "16", "--seed", "11", "--record", record.to_str().unwrap()];
        let out = sprt("--depth 3", "--depth 2", &args);
        let games: Vec<String> = std::fs::read_to_string(&record)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with('#'))
            // game, white, black, result, termination, plies, opening, moves
            .map(|l| l.split('\t').take(8).collect::<Vec<_>>().join("\t"))
            .collect();
        (report(&out), games)
    };
    let (first, second) = (run("a.tsv"), run("b.tsv"));
    assert_eq!(first, second);
    assert!(!first.1.is_empty());
    // Pairs from 8 different openings, each played once with each colour.
    let openings: std::collections::HashSet<&str> = first.1.iter().filter_map(|g| g.split('\t').nth(6)).collect();
    assert!(openings.len() >= first.1.len() / 2 - 1, "{:?}", first.1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_test_refuses_games_all_from_the_start_and_bad_hypotheses() {
    let refused = |args: &[&str]| {
        let out = Command::new(MORRIS)
            .args(["match", "--no-sandbox", "--engine", "a=true", "--engine", "b=true"])
            .args(args)
            .output()
            .unwrap();
        assert!(!out.status.success());
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    assert!(refused(&["--sprt", "elo0=0,elo1=10"]).contains("--sprt needs games from different openings"));
    assert!(refused(&["--sprt", "elo0=10,elo1=0", "--random-plies", "4"]).contains("must be greater than elo0"));
    assert!(refused(&["--sprt", "elo=5"]).contains("is not a test"));
}
