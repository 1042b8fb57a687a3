//! `morris check` against fake engines (tests/fake_engines/*.sh, most of them wrappers
//! around the random mover example): an engine that keeps the tournament's contract but
//! none of our extras passes with warnings; each way of breaking the contract fails the
//! check it belongs to, and the exit status follows the required checks alone.

use std::process::Command;

use crate::engines_support;
use engines_support::{assignment_engine, fake, random_mover};

/// A fake that wraps the random mover: `fake.sh MOVER ARGS`.
fn wrapped(name: &str, mover_args: &str) -> String {
    format!("{} {} {mover_args}", fake(name), random_mover())
}

/// `morris check --movetime 0.5 ARGS --engine ENGINE…`: exit code and stdout.
fn check(engines: &[String], args: &[&str]) -> (i32, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_morris"));
    cmd.args(["check", "--movetime", "0.5"]).args(args);
    for e in engines {
        cmd.args(["--engine", e]);
    }
    let out = cmd.output().expect("run morris check");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stdout.is_empty(), "no report: {stderr}");
    (out.status.code().unwrap_or(-1), stdout)
}

/// The report line of a check: `PASS  required     plays only legal moves: …`.
fn line<'a>(out: &'a str, name: &str) -> &'a str {
    out.lines()
        .find(|l| l.get(19..).is_some_and(|rest| rest.starts_with(name)))
        .unwrap_or_else(|| panic!("no {name:?} line in {out}"))
}

/// Checks `engine`, expects exit 1 and the required check `name` to be the one failed.
fn fails_with(engine: &str, name: &str, detail_has: &str) {
    fails_with_one_of(engine, name, &[detail_has]);
}

/// As [`fails_with`], the failure's detail naming one of `details`.
fn fails_with_one_of(engine: &str, name: &str, details: &[&str]) {
    let (code, out) = check(&[engine.to_string()], &[]);
    assert_eq!(code, 1, "{out}");
    let failed: Vec<&str> = out.lines().filter(|l| l.starts_with("FAIL")).collect();
    assert_eq!(failed.len(), 1, "one required check fails: {out}");
    assert!(failed[0].starts_with(&format!("FAIL  required     {name}: ")), "{out}");
    assert!(details.iter().any(|d| failed[0].contains(d)), "{:?} should mention one of {details:?}", failed[0]);
    assert!(out.contains(": FAIL, required"), "the summary says FAIL: {out}");
}

#[test]
fn a_foreign_engine_without_our_extras_passes_with_warnings() {
    let (code, out) = check(&[wrapped("foreign.sh", "")], &[]);
    assert_eq!(code, 0, "{out}");
    assert!(line(&out, "exits on quit").starts_with("WARN  recommended"), "{out}");
    assert!(line(&out, "exits on quit").contains("to change: exit at once"), "{out}");
    assert!(line(&out, "answers isready").starts_with("WARN"), "{out}");
    // Its own wording, read by meaning: `result 0-1 white reduced to 2 pieces`.
    let result = line(&out, "prints a result line");
    assert!(result.starts_with("PASS") && result.contains("reduced to 2 pieces"), "{out}");
    assert!(!out.lines().any(|l| l.starts_with("FAIL")), "{out}");
    assert!(out.contains("foreign.sh: PASS, required 8 of 8 passed, recommended"), "{out}");
    assert!(out.contains("passed (2 warnings, "), "{out}");
}

#[test]
fn moving_out_of_turn_fails_the_turn_check() {
    // Two moves at once: as White its second is out of turn, as Black (the check's other
    // game) its first. Whichever game the check sees fail first is the one reported; a
    // loaded machine once made it Black's (a fresh clone's CI beside a table build).
    fails_with_one_of(&fake("double.sh"), "never moves out of turn", &["\"A1\"", "\"D1\""]);
}

#[test]
fn an_illegal_move_fails_the_legality_check() {
    fails_with(&wrapped("illegal.sh", ""), "plays only legal moves", "A1-D1");
}

#[test]
fn a_late_move_fails_the_time_check() {
    fails_with(&wrapped("late.sh", ""), "answers within the time limit", "no move within 0.550 s");
}

/// A move in lower case reads as a move to us, but a harness that forwards only the lines
/// not starting with a lower-case letter passes over it (protocol.md §2).
#[test]
fn a_move_in_lower_case_fails_the_notation_check() {
    fails_with(
        &format!("{} --fault lower-case", random_mover()),
        "writes moves in the assignment's notation and every other line in lower case",
        "a move is written in upper case (",
    );
}

/// A move after a word is a keyword line, so nothing comes: the timeout names the line.
#[test]
fn a_move_after_a_word_fails_on_time_and_the_failure_quotes_it() {
    fails_with(
        &format!("{} --fault prefixed", random_mover()),
        "answers within the time limit",
        "its last line, not a move: \"move ",
    );
}

/// An engine that does not take `--opening` passes the required checks, warns, and the
/// warning quotes its stderr's last line, where its argument parser said why.
#[test]
fn an_engine_without_openings_is_warned_with_its_own_words() {
    let (code, out) = check(&[format!("{} --fault no-opening", random_mover())], &["--games", "2"]);
    assert_eq!(code, 0, "{out}");
    let opening = line(&out, "plays on from an --opening");
    assert!(opening.starts_with("WARN  recommended"), "{out}");
    assert!(opening.contains("its stderr began: usage: random_mover"), "{opening}");
    assert!(opening.contains("it ended: random_mover: error: unrecognized arguments: --opening "), "{opening}");
    let (code, out) = check(&[random_mover()], &["--games", "2"]);
    assert_eq!(code, 0, "{out}");
    assert!(line(&out, "plays on from an --opening").starts_with("PASS"), "{out}");
}

#[test]
fn a_crash_fails_the_running_check() {
    fails_with(&wrapped("crash_mid.sh", ""), "keeps running until its input ends", "SIGKILL");
}

/// The report's line of what the engine used: `used: CPU …, peak memory …, …`.
fn used(out: &str) -> &str {
    out.lines().find(|l| l.starts_with("used: ")).unwrap_or_else(|| panic!("no usage line in {out}"))
}

/// What the engine used is reported for the session cut short by a failed required check
/// too: illegal.sh fails in its first game, at its fourth move, after two replies whose
/// CPU time counts (its first reply is start-up, and its session as white had no other).
#[test]
fn the_session_that_fails_a_required_check_counts_in_what_the_engine_used() {
    let (code, out) = check(&[wrapped("illegal.sh", "")], &[]);
    assert_eq!(code, 1, "{out}");
    assert!(line(&out, "plays only legal moves").starts_with("FAIL"), "{out}");
    let used = used(&out);
    assert!(used.contains(" ms per move on its turns (2 moves), "), "{used}");
    assert!(!used.contains("not measured"), "{used}");
}

#[test]
fn an_engine_that_never_moves_as_white_fails_the_time_check() {
    let (code, out) = check(&[fake("crash.sh")], &["--startup-ms", "200"]);
    assert_eq!(code, 1, "{out}");
    assert!(line(&out, "answers within the time limit").contains("no move within 0.750 s as white at ply 1"), "{out}");
    // Its only session failed: what it used is still measured (it made no move to
    // divide its CPU time by).
    let used = used(&out);
    assert!(used.starts_with("used: CPU not measured, peak memory ") && used.contains(" MiB"), "{used}");
}

#[test]
fn recommended_faults_warn_and_required_ones_fail() {
    let cases = [
        ("ignore-illegal", "answers an illegal move with a keyword line", "WARN", 0),
        ("no-result", "prints a result line", "WARN", 0),
        ("no-exit", "exits when its input ends", "WARN", 0),
        // The game is played again without the illegal move, so every required check passes.
        ("answer-illegal", "survives an illegal move of the opponent", "WARN", 0),
        ("no-opening", "plays on from an --opening", "WARN", 0),
    ];
    // Two games, one as each colour, meet every fault; the default five would each wait
    // out the fault's grace (a second at each game's end for `no-exit`).
    for (fault, name, word, status) in cases {
        let (code, out) = check(&[format!("{} --fault {fault}", random_mover())], &["--games", "2"]);
        assert_eq!(code, status, "{fault}: {out}");
        assert!(line(&out, name).starts_with(word), "{fault}: {out}");
    }
}

#[test]
fn a_compliant_engine_meets_every_situation_as_each_colour() {
    let (code, out) = check(&[random_mover()], &[]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.lines().filter(|l| l.starts_with("PASS  required")).count(), 8, "{out}");
    let situations = out.lines().find(|l| l.starts_with("situations met")).expect("situations line");
    assert!(!situations.contains("not met"), "{situations}");
    assert!(!situations.contains(" 0 as"), "both colours: {situations}");
}

#[test]
fn json_reports_one_object_per_engine_and_the_exit_status_follows_the_worst() {
    let (code, out) = check(&[random_mover(), format!("broken={}", fake("double.sh"))], &["--json"]);
    assert_eq!(code, 1, "one engine failed: {out}");
    let reports: Vec<serde_json::Value> =
        out.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect();
    assert_eq!(reports.len(), 2);
    assert_eq!((reports[0]["pass"].as_bool(), reports[1]["pass"].as_bool()), (Some(true), Some(false)));
    assert_eq!(reports[1]["engine"], "broken");
    for report in &reports {
        let checks = report["checks"].as_array().expect("checks");
        assert_eq!(checks.len(), 17);
        for c in checks {
            assert!(c["name"].is_string() && c["detail"].is_string(), "{c}");
            assert!(c["contract"] == "required" || c["contract"] == "recommended", "{c}");
            assert!(c["pass"].is_boolean() || c["pass"].is_null(), "{c}");
        }
    }
    let turn = reports[1]["checks"].as_array().expect("checks").iter().find(|c| c["id"] == "turn").expect("turn");
    assert_eq!(turn["pass"], false);
}

#[test]
fn several_engines_get_a_summary_line_each() {
    let (code, out) =
        check(&[format!("a={}", random_mover()), format!("b={} --seed 2", random_mover())], &["--games", "2"]);
    assert_eq!(code, 0, "{out}");
    let tail: Vec<&str> = out.lines().rev().take(2).collect();
    assert!(tail[1].starts_with("a: PASS") && tail[0].starts_with("b: PASS"), "{out}");
}

#[test]
fn bad_options_are_one_line_errors() {
    let out = Command::new(env!("CARGO_BIN_EXE_morris"))
        .args(["check", "--engine", "x", "--games", "1"])
        .output()
        .expect("run morris check");
    assert_ne!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--games must be at least 2"));
}

#[test]
fn an_engine_written_to_the_assignment_passes_and_playing_on_after_our_draw_is_a_warning() {
    // With this seed the checker's games meet a threefold repetition.
    let (code, out) = check(&[assignment_engine()], &["--seed", "2"]);
    assert_eq!(code, 0, "{out}");
    assert!(!out.lines().any(|l| l.starts_with("FAIL")), "{out}");
    let ours = line(&out, "follows our rules where the assignment says nothing");
    assert!(ours.starts_with("WARN  recommended"), "{out}");
    assert!(
        ours.contains("drawn by repetition (the same position a third time: rules.md's repetition rule)"),
        "{ours}"
    );
    assert!(ours.contains("the game counts as drawn"), "{ours}");
    assert!(line(&out, "plays black").contains("draw by repetition"), "scored as our rules say: {out}");
}

#[test]
fn the_assignment_engine_fails_for_an_illegal_move() {
    fails_with(&format!("{} --fault illegal", assignment_engine()), "plays only legal moves", "A1-D1");
}

#[test]
fn the_assignment_engine_fails_for_a_move_after_its_opponent_is_reduced_to_two_stones() {
    fails_with(
        &format!("{} --fault after-win", assignment_engine()),
        "prints no move once the game is over by the assignment's rules",
        "fewer than three stones",
    );
}
