//! One program call checked against morris's answer: reading the three lines (nom), the
//! output file, the conventions `docs/classroom.md` names, and the case's score.

use std::path::Path;
use std::time::Duration;

use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take_while1};
use nom::character::complete::{char, digit1, space0};
use nom::combinator::{opt, recognize};
use nom::sequence::preceded;
use nom::{IResult, Parser};

use super::cases::{Call, root_choices};
use super::run::{RunOutcome, RunSpec, run};
use crate::classroom::Algorithm;
use crate::classroom::search::Value;

/// What a program printed, as far as it could be read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Printed {
    /// The board after `Board Position:`.
    pub board: Option<String>,
    /// The count after `Positions evaluated by static estimation:`.
    pub evals: Option<u64>,
    /// The estimate after `MINIMAX estimate:` (±∞ as `Value`'s infinities).
    pub value: Option<Value>,
}

fn board_line(i: &str) -> IResult<&str, &str> {
    preceded((space0, tag_no_case("board position:"), space0), take_while1(|c| matches!(c, 'W' | 'B' | 'x' | 'X')))
        .parse(i)
}

fn count_line(i: &str) -> IResult<&str, &str> {
    preceded((space0, tag_no_case("positions evaluated by static estimation:"), space0), digit1).parse(i)
}

fn value_text(i: &str) -> IResult<&str, &str> {
    let infinity = alt((tag_no_case("infinity"), tag_no_case("inf")));
    let number = recognize((digit1, opt((char('.'), take_while1(|c| c == '0')))));
    recognize((opt(alt((char('-'), char('+')))), alt((infinity, number)))).parse(i)
}

fn estimate_line(i: &str) -> IResult<&str, &str> {
    preceded((space0, alt((tag_no_case("minimax estimate:"), tag("MINIMAX estimate:"))), space0), value_text).parse(i)
}

fn parse_value(text: &str) -> Option<Value> {
    let t = text.to_ascii_lowercase();
    if t.ends_with("inf") || t.ends_with("infinity") {
        return Some(if t.starts_with('-') { Value::NEG_INFINITY } else { Value::INFINITY });
    }
    let whole = t.split('.').next()?.trim_start_matches('+');
    match whole.parse::<i64>().ok()? {
        // Java's Integer.MAX_VALUE / MIN_VALUE used as ±∞.
        v if v >= i64::from(i32::MAX) => Some(Value::INFINITY),
        v if v <= -i64::from(i32::MAX) => Some(Value::NEG_INFINITY),
        v => i32::try_from(v).ok().map(Value::finite),
    }
}

/// Reads the three lines wherever they are in stdout (other lines are ignored).
#[must_use]
pub fn parse_printed(stdout: &str) -> Printed {
    let mut p = Printed::default();
    for line in stdout.lines() {
        if let Ok((_, b)) = board_line(line) {
            p.board.get_or_insert_with(|| b.replace('X', "x"));
        } else if let Ok((_, n)) = count_line(line) {
            p.evals = p.evals.or_else(|| n.parse().ok());
        } else if let Ok((_, v)) = estimate_line(line) {
            p.value = p.value.or_else(|| parse_value(v));
        }
    }
    p
}

/// A checked call, for the report and the grade.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct CaseResult {
    /// Program name.
    pub program: String,
    /// The board case's label.
    pub label: String,
    /// The board given.
    pub board: String,
    /// Plies.
    pub depth: u32,
    /// The command run.
    pub command: String,
    /// Seconds taken.
    pub seconds: f64,
    /// How the process ended.
    pub ended: String,
    /// Last lines of stderr.
    pub stderr: String,
    /// Expected, in the three lines' form.
    pub expected: String,
    /// Got, in the three lines' form, plus the output file.
    pub got: String,
    /// Score from 0 to 1.
    pub score: f64,
    /// What was right and wrong, and conventions recognised.
    pub notes: Vec<String>,
    /// Fewer positions evaluated than MiniMax (alpha-beta only).
    pub saved: bool,
    /// The board chosen differs from the handout estimate's (Improved only).
    pub differs: bool,
}

fn value_text_of(v: Option<Value>) -> String {
    v.map_or_else(|| "?".into(), |v| v.to_string())
}

/// Runs `argv` plus the three arguments on `board`, in `scratch`: the outcome, the
/// command as shown, and the output file's text if it was written.
#[must_use]
pub fn invoke(
    argv: &[String],
    dir: &Path,
    scratch: &Path,
    board: &str,
    depth: u32,
    limit: Duration,
) -> (RunOutcome, String, Option<String>) {
    let _ = std::fs::create_dir_all(scratch);
    let input = scratch.join("board_in.txt");
    let output = scratch.join("board_out.txt");
    let _ = std::fs::remove_file(&output);
    let _ = std::fs::write(&input, format!("{board}\n"));
    let mut full = argv.to_vec();
    full.extend([input.display().to_string(), output.display().to_string(), depth.to_string()]);
    let writable = Some(scratch.to_path_buf());
    let spec =
        RunSpec { argv: full.clone(), dir: dir.to_path_buf(), time_limit: limit, output_limit: 64 * 1024, writable };
    let outcome = run(&spec);
    let file = crate::files::read_text(&output, crate::files::SMALL_TEXT).ok().map(|t| t.trim().to_string());
    (outcome, super::submission::shown(&full), file)
}

/// Runs one call of a program and checks it.
#[must_use]
pub fn check_call(call: &Call, argv: &[String], dir: &Path, scratch: &Path, limit: Duration) -> CaseResult {
    let (outcome, command, file) = invoke(argv, dir, scratch, &call.board, call.depth, limit);
    let printed = parse_printed(&outcome.stdout);
    let expected = match &call.expected {
        Some(e) => format!("{} / {} evaluated / estimate {}", e.board, e.evals, e.value),
        None => format!("{} unchanged / no move at the root (see conventions)", call.board),
    };
    let got = format!(
        "{} / {} evaluated / estimate {} / output file {}",
        printed.board.as_deref().unwrap_or("?"),
        printed.evals.map_or_else(|| "?".into(), |n| n.to_string()),
        value_text_of(printed.value),
        file.as_deref().unwrap_or("(none)")
    );
    let mut r = CaseResult {
        program: call.spec.name.to_string(),
        label: call.label.clone(),
        board: call.board.clone(),
        depth: call.depth,
        command,
        seconds: outcome.elapsed.as_secs_f64(),
        ended: outcome.describe(),
        stderr: outcome.stderr_tail(5),
        expected,
        got,
        score: 0.0,
        notes: Vec::new(),
        saved: false,
        differs: false,
    };
    if outcome.timed_out || outcome.start_error.is_some() {
        r.notes.push(outcome.describe());
        return r;
    }
    match &call.expected {
        None => blocked_root(call, &outcome, &printed, file.as_deref(), &mut r),
        Some(e) => {
            if call.spec.estimator == crate::classroom::Estimator::Improved {
                improved(call, &printed, file.as_deref(), &mut r);
            } else {
                exact(call, e, &printed, file.as_deref(), &mut r);
            }
        }
    }
    if r.score < 1.0 && outcome.status.is_none() {
        r.notes.push("the program crashed (killed by a signal)".into());
    } else if r.score < 1.0 && outcome.status != Some(0) {
        r.notes.push(format!("exit status {}", outcome.status.unwrap_or(-1)));
    }
    r
}

/// A root with no move: our convention (the three lines, unchanged board, −10000), the
/// spec's first one (nothing printed, output untouched, a status of its own), or a
/// search printing −∞ for the unchanged board. Any is full marks, named in the notes.
fn blocked_root(call: &Call, outcome: &RunOutcome, printed: &Printed, file: Option<&str>, r: &mut CaseResult) {
    let unchanged = printed.board.as_deref() == Some(call.board.as_str());
    let convention = if unchanged && printed.value == Some(crate::classroom::BLOCKED_ESTIMATE) {
        Some("blocked root: the three lines for the unchanged board with estimate -10000 (docs/classroom.md)")
    } else if printed.board.is_none() && outcome.status.is_some_and(|s| s != 0) && file.is_none() {
        Some("blocked root: nothing printed, output file untouched, an exit status of its own (variant-board.md)")
    } else if unchanged && printed.value == Some(Value::NEG_INFINITY) {
        Some("blocked root: the unchanged board with estimate -inf (the search's value of a MAX node without moves)")
    } else {
        None
    };
    match convention {
        Some(c) => {
            r.score = 1.0;
            r.notes.push(format!("convention recognised: {c}"));
        }
        None => r.notes.push("no known convention for a side to move without a move".into()),
    }
}

/// MiniMax, alpha-beta and Black programs: exact answers.
fn exact(call: &Call, e: &crate::classroom::ProgramOutput, printed: &Printed, file: Option<&str>, r: &mut CaseResult) {
    let mut score = 0.0;
    if printed.value == Some(e.value) {
        score += 0.4;
    } else {
        r.notes.push(format!("estimate {} instead of {}", value_text_of(printed.value), e.value));
    }
    match printed.board.as_deref() {
        Some(b) if b == e.board => score += 0.3,
        Some(b) => {
            let choices = root_choices(&call.spec, &call.board, call.depth);
            match choices.iter().find(|(c, _)| c == b) {
                Some((_, v)) if *v == e.value => {
                    score += 0.3;
                    r.notes.push("a different move with the same estimate (the handout keeps the first in generation order): full marks".into());
                }
                Some((_, v)) => r.notes.push(format!("a legal move, but worth {v}, not the best {}", e.value)),
                None => r.notes.push("the board printed is not a move from the input board".into()),
            }
        }
        None => r.notes.push("no `Board Position:` line".into()),
    }
    if printed.board.is_some() && file == printed.board.as_deref() {
        score += 0.1;
    } else {
        r.notes.push("the output file does not hold the board printed".into());
    }
    score += count_score(call, e.evals, printed.evals, r);
    r.score = (score * 100.0_f64).round() / 100.0;
}

/// The count's share of a case (0.2).
fn count_score(call: &Call, evals: u64, got: Option<u64>, r: &mut CaseResult) -> f64 {
    let Some(got) = got else {
        r.notes.push("no `Positions evaluated` line".into());
        return 0.0;
    };
    let interior: u64 = call.tree.iter().sum();
    if call.spec.algorithm == Algorithm::AlphaBeta {
        r.saved = got < call.minimax_evals;
        if got <= call.minimax_evals {
            if got != evals {
                r.notes.push(format!(
                    "alpha-beta evaluated {got} (morris {evals}), no more than MiniMax's {}",
                    call.minimax_evals
                ));
            }
            return 0.2;
        }
        if got <= interior + 1 {
            r.saved = got < interior;
            r.notes.push(format!("convention recognised: positions evaluated counts interior nodes; {got} is no more than MiniMax's {} so counted", interior));
            return 0.2;
        }
        r.notes.push(format!("alpha-beta evaluated {got}, more than MiniMax's {}", call.minimax_evals));
        return 0.0;
    }
    if got == evals {
        0.2
    } else if got == interior || got == interior + 1 {
        r.notes.push("convention recognised: positions evaluated counts interior nodes (graded by it)".into());
        0.2
    } else {
        r.notes.push(format!("{got} positions evaluated instead of {evals}"));
        0.0
    }
}

/// Improved programs: the handout's format, a legal move written to the file; whether it
/// differs from the handout estimate's choice is recorded.
fn improved(call: &Call, printed: &Printed, file: Option<&str>, r: &mut CaseResult) {
    let handout = super::cases::handout_program(call.spec.phase, call.spec.side);
    let stones = crate::classroom::board_file::parse_board(&call.board, "case").ok();
    let theirs = stones.and_then(|s| crate::classroom::decide(&handout, s, call.depth)).map(|o| o.board);
    let (Some(b), Some(_), Some(_)) = (&printed.board, printed.evals, printed.value) else {
        r.notes.push("not the handout's three lines".into());
        return;
    };
    let legal = root_choices(&call.spec, &call.board, 1).iter().any(|(c, _)| c == b);
    if !legal {
        r.notes.push("the board printed is not a move from the input board".into());
        return;
    }
    r.differs = theirs.as_deref() != Some(b.as_str());
    if r.differs {
        r.notes.push(format!("a different move from the handout estimate's {}", theirs.unwrap_or_default()));
    }
    if file == Some(b.as_str()) {
        r.score = 1.0;
    } else {
        r.score = 0.5;
        r.notes.push("the output file does not hold the board printed".into());
    }
}
