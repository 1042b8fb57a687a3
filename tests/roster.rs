//! A class in one file: `morris tournament --roster` with our own engine at low depths,
//! bad rosters refused in one line, a tournament stopped and resumed that plays only the
//! missing games and ends as an uninterrupted one, and the standings pages (also made by
//! `morris standings` from the record file alone).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::scratch::Scratch;
use crate::slurm_support;

fn morris(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_morris")).args(args).output().expect("run morris");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// A roster of `settings` and our engine at the depths given, one entrant each.
fn roster(dir: &Path, settings: &str, entrants: &[(&str, &str)]) -> PathBuf {
    let engine = env!("CARGO_BIN_EXE_morris");
    let mut text = format!("# a test class\n{settings}\n");
    for (name, args) in entrants {
        text.push_str(&format!("\n[[entrant]]\nname = \"{name}\"\ncommand = \"{engine} {args}\"\n"));
    }
    let path = dir.join("class.toml");
    std::fs::write(&path, text).expect("roster");
    path
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// The game lines of a record file, cut to the fields that do not depend on timing: up to
/// the reason, without the engines' own `result` lines (`claims`), which the referee reads
/// for 200 ms after a game's end: on a loaded machine an engine may say it later, or not
/// at all (seen: one of 24 games' white claim missing in a stopped tournament's record).
fn games(record: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(record).expect("record file");
    text.lines().filter(|l| !l.starts_with('#')).map(|l| l.split('\t').take(9).collect::<Vec<_>>().join("\t")).collect()
}

const FOUR: [(&str, &str); 4] =
    [("d1", "--depth 1"), ("d2", "--depth 2"), ("h1", "--depth 1 --eval handout"), ("h2", "--depth 2 --eval handout")];

#[test]
fn a_round_robin_from_a_roster_writes_its_record_and_standings() {
    let dir = Scratch::new("roster-rr");
    std::fs::create_dir_all(dir.join("d1-home")).unwrap();
    let mut entrants = FOUR[..3].to_vec();
    entrants[0].1 = "--depth 1";
    // Two seconds of grace: on a loaded machine a depth-1 reply once came 10 ms past the
    // default 50 ms, and the test is of the record and standings, not of the clock.
    let settings = "format = \"round-robin\"\ngames = 2\nseed = 3\nmovetime = 0.5\ngrace_ms = 2000\nrandom_plies = 2";
    let path = roster(&dir, settings, &entrants);
    // The first entrant runs in its own folder.
    let text =
        std::fs::read_to_string(&path).unwrap().replacen("--depth 1\"\n", "--depth 1\"\nfolder = \"d1-home\"\n", 1);
    std::fs::write(&path, text).unwrap();
    let (record, pages) = (dir.join("games.tsv"), dir.join("pages"));
    let (code, out, err) =
        morris(&["tournament", "--roster", s(&path), "--record", s(&record), "--standings", s(&pages), "--jobs", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.starts_with("Plan: round-robin of 3 entrants"), "{err}");
    assert!(err.contains("pairings (3): d1-d2, d1-h1, d2-h1") && err.contains("6 games; none played yet"), "{err}");
    assert!(err.contains("engine-hours") && err.contains("wall time at --jobs 1"), "{err}");
    assert!(out.contains("total") && out.contains("Elo"), "{out}");
    let lines = games(&record);
    assert_eq!(lines.len(), 6, "{lines:?}");
    assert!(lines.iter().all(|l| !l.contains("forfeits")), "{lines:?}");
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.lines().nth(1).is_some_and(|l| l.starts_with("# morris tournament\tformat=round-robin")));
    assert!(text.contains("(in ") && text.contains("d1-home"), "the folder is part of the tournament");

    // The pages: every format, a row per entrant, a page per entrant, nothing external.
    for f in ["standings.txt", "standings.md", "standings.html", "standings.csv", "crosstable.csv"] {
        assert!(pages.join(f).is_file(), "{f}");
    }
    let csv = std::fs::read_to_string(pages.join("standings.csv")).unwrap();
    assert_eq!(csv.lines().count(), 4, "{csv}");
    for (name, _) in &entrants {
        assert!(csv.lines().skip(1).any(|l| l.split(',').nth(1) == Some(name)), "{name}: {csv}");
        assert!(pages.join("entrants").join(format!("{name}.md")).is_file());
        let html = std::fs::read_to_string(pages.join("entrants").join(format!("{name}.html"))).unwrap();
        assert!(html.contains("<h2>Games</h2>") && html.contains("Time per move: mean"), "{html}");
    }
    let html = std::fs::read_to_string(pages.join("standings.html")).unwrap();
    assert!(!html.contains("src=") && !html.contains("<link") && !html.contains("http"), "self-contained");
    assert!(!pages.join("bracket.txt").exists(), "no bracket for a round robin");
    let md = std::fs::read_to_string(pages.join("entrants/d1.md")).unwrap();
    assert_eq!(
        md.lines().filter(|l| l.starts_with("| ") && !l.starts_with("| game") && !l.starts_with("| ---")).count(),
        4,
        "{md}"
    );

    // The same pages from the record file alone.
    let again = dir.join("again");
    let (code, _, err) = morris(&["standings", s(&record), "--out", s(&again)]);
    assert_eq!(code, 0, "{err}");
    for f in ["standings.txt", "standings.csv", "crosstable.csv", "entrants/h1.md", "standings.html"] {
        assert_eq!(
            std::fs::read_to_string(pages.join(f)).unwrap(),
            std::fs::read_to_string(again.join(f)).unwrap(),
            "{f}"
        );
    }
}

#[test]
fn bad_rosters_are_refused_in_one_line_naming_file_and_line() {
    let dir = Scratch::new("roster-bad");
    for (settings, line, says) in [
        ("movetim = 1", 2, "movetim"),
        ("[limits]\nmemory = \"lots\"", 3, "not a size"),
        ("format = \"swiss\"", 2, "not a format"),
    ] {
        let path = roster(&dir, settings, &FOUR[..2]);
        let (code, out, err) = morris(&["tournament", "--roster", s(&path)]);
        assert_ne!(code, 0, "{settings}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(&format!("class.toml:{line}: ")) && err.contains(says), "{err}");
    }
    let path = roster(&dir, "", &FOUR[..2]);
    let (code, _, err) = morris(&["tournament", "--roster", s(&path), "--seed", "3"]);
    assert_ne!(code, 0);
    assert!(err.contains("--seed") && err.contains("--roster"), "what the roster sets is set there: {err}");
    let (code, _, err) = morris(&["tournament", "--roster", s(&path), "--engine-memory", "1"]);
    assert_ne!(code, 0);
    assert!(err.contains("--engine-memory 1B is below"), "{err}");
}

#[test]
fn a_stopped_tournament_resumes_with_only_the_missing_games_and_ends_the_same() {
    let dir = Scratch::new("roster-resume");
    // Fixed depths decide each move in milliseconds; the generous time per move keeps a
    // loaded machine from cutting the carried tables' look at the root short (the engine
    // gives it up at a deadline and searches instead), which would change a game.
    let settings = "format = \"round-robin\"\ngames = 4\nseed = 11\nmovetime = 5\nrandom_plies = 2";
    let path = roster(&dir, settings, &FOUR);
    let total = 24;
    let run = |record: &Path, pages: &Path| {
        morris(&["tournament", "--roster", s(&path), "--record", s(record), "--standings", s(pages), "--jobs", "1"])
    };
    let (whole, whole_pages) = (dir.join("whole.tsv"), dir.join("whole"));
    let (code, _, err) = run(&whole, &whole_pages);
    assert_eq!(code, 0, "{err}");
    assert_eq!(games(&whole).len(), total);

    // Stop one after two games: the engines go with it (their input closes).
    let (cut, cut_pages) = (dir.join("cut.tsv"), dir.join("cut"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_morris"))
        .args(["tournament", "--roster", s(&path), "--record", s(&cut), "--jobs", "1"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start");
    let deadline = Instant::now() + Duration::from_secs(60);
    while std::fs::read_to_string(&cut).map_or(0, |t| t.lines().filter(|l| !l.starts_with('#')).count()) < 2
        && Instant::now() < deadline
    {
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = child.kill();
    let _ = child.wait();
    let mut played = games(&cut).len();
    if played >= total {
        // It finished before it could be stopped: cut the file as a stop would have,
        // half a line included.
        let text = std::fs::read_to_string(&cut).unwrap();
        let kept: Vec<&str> = text.lines().take(2 + 5).collect();
        std::fs::write(&cut, format!("{}\n7\td1\td2\twh", kept.join("\n"))).unwrap();
        played = 5;
    }
    assert!((1..total).contains(&played), "{played}");

    let (code, _, err) = run(&cut, &cut_pages);
    assert_eq!(code, 0, "{err}");
    let resumed = err.lines().find(|l| l.contains("resuming")).unwrap_or_else(|| panic!("{err}"));
    assert!(
        resumed.contains(&format!("resuming: {played} already in the record file, {} to play", total - played)),
        "{resumed}"
    );
    assert!(
        err.contains(&format!("{played} game(s) taken from the record file, {} played now", total - played)),
        "{err}"
    );
    let mut numbers: Vec<usize> = games(&cut).iter().map(|l| l.split('\t').next().unwrap().parse().unwrap()).collect();
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=total).collect::<Vec<_>>(), "every game once");
    let (mut a, mut b) = (games(&whole), games(&cut));
    a.sort();
    b.sort();
    assert_eq!(a, b, "the same games, whether stopped or not");
    for f in ["crosstable.csv", "standings.md"] {
        let (x, y) = (
            std::fs::read_to_string(whole_pages.join(f)).unwrap(),
            std::fs::read_to_string(cut_pages.join(f)).unwrap(),
        );
        // The think times differ from run to run; the rest may not.
        let strip =
            |t: &str| t.lines().map(|l| l.split(['|', ',']).take(15).collect::<Vec<_>>().join("|")).collect::<Vec<_>>();
        assert_eq!(strip(&x).len(), strip(&y).len());
        assert_eq!(strip(&x)[1..], strip(&y)[1..], "{f}");
    }

    // Run again: nothing left to play. Another seed: refused, saying why.
    let (code, _, err) = run(&cut, &cut_pages);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains(&format!("{total} game(s) taken from the record file, 0 played now")), "{err}");
    std::fs::write(&path, std::fs::read_to_string(&path).unwrap().replace("seed = 11", "seed = 12")).unwrap();
    let (code, _, err) = run(&cut, &cut_pages);
    assert!(err.contains("written by another tournament (seed was \"11\" there and is \"12\" now)"), "{err}");
    assert_ne!(code, 0);
}

#[test]
fn a_knockout_from_a_roster_resumes_its_bracket_and_pages_show_it() {
    let dir = Scratch::new("roster-ko");
    // The replayed games must be the games first played: as in the resume test below, a
    // generous time per move keeps a loaded machine from cutting the carried tables' look
    // at the root short (with 0.5 s a replayed match once came out 1.5-0.5, not 2-0).
    let path = roster(&dir, "format = \"knockout\"\nseed = 42\nmovetime = 5\ntiebreak_pairs = 1", &FOUR[..3]);
    let (record, pages) = (dir.join("ko.tsv"), dir.join("pages"));
    let (code, out, err) =
        morris(&["tournament", "--roster", s(&path), "--record", s(&record), "--standings", s(&pages)]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("round 1: ") && err.contains("odd one out: "), "{err}");
    let champion = out.lines().find(|l| l.starts_with("Champion: ")).expect("a champion").to_string();
    let bracket = std::fs::read_to_string(pages.join("bracket.txt")).unwrap();
    assert!(bracket.contains(&champion), "{bracket}");
    assert!(std::fs::read_to_string(pages.join("bracket.html")).unwrap().contains("odd one out"));
    // Keep the first two games: the rest is played again, to the same champion.
    let text = std::fs::read_to_string(&record).unwrap();
    std::fs::write(&record, text.lines().take(4).map(|l| format!("{l}\n")).collect::<String>()).unwrap();
    let (code, out, err) = morris(&["tournament", "--roster", s(&path), "--record", s(&record)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&champion), "{out}");
    assert!(err.contains("2 game(s) taken from the record file"), "{err}");
    // From the record alone, the same bracket.
    let (code, out, err) = morris(&["standings", s(&record), "--out", s(&dir.join("again"))]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&champion), "{out}");
    assert_eq!(bracket, std::fs::read_to_string(dir.join("again/bracket.txt")).unwrap());
}

#[test]
fn the_example_roster_reads_and_the_docs_show_it_whole() {
    let example = include_str!("../examples/class.toml");
    let dir = Scratch::new("roster-example");
    for student in ["alice", "bob", "carol"] {
        std::fs::create_dir_all(dir.join("class").join(student)).unwrap();
    }
    let path = dir.join("class.toml");
    std::fs::write(&path, example).unwrap();
    let r = morris::referee::tournament::roster::read_roster(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.entrants.len(), 4);
    assert_eq!(r.entrants[2].words[0], dir.join("class/carol").join("./carol").display().to_string());
    assert_eq!(r.limits, morris::referee::sandbox::limits::EngineLimits::default());
    // The docs show the file from its first setting on.
    let docs = include_str!("../docs/referee.md");
    let body = &example[example.find("format =").unwrap()..];
    assert!(docs.contains(body), "docs/referee.md shows examples/class.toml as it is");
}

/// scripts/slurm-tournament-test.sh: a round robin of six depth-limited engines through a
/// one-node Slurm cluster (`tournament --slurm DIR --submit`) gives the same records and
/// standings as a local run with the same seed (about a minute; needs root, installs
/// Debian's Slurm; `MORRIS_SKIP_SLURM_TESTS=1` skips it on purpose).
#[test]
fn a_one_node_slurm_cluster_plays_the_same_tournament() {
    slurm_support::run_slurm_script("slurm-tournament-test.sh", &[env!("CARGO_BIN_EXE_morris")]);
}
