//! One program run: arguments, the board file, the search, the output file and the three
//! output lines. Every one of the eight mains is `classroom::main(&SPEC)`.
//!
//! Exit statuses: 0 a move was chosen; 2 bad input (arguments, input file, output file);
//! 3 the side to move has no legal move (it is blocked and has lost: the three lines are
//! still printed, for the unchanged board with 0 positions evaluated and the estimate
//! [`BLOCKED_ESTIMATE`], the unchanged board is written to the output file, and a line on
//! stderr says why); 1 stdout could not be written.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser};
use nom::Parser as _;
use nom::character::complete::digit1;
use nom::combinator::all_consuming;

use super::board_file::{PendingOutput, max_opening_depth, read_board_file, start_position};
use super::estimate;
use super::search::{self, Estimate, Value};
use super::spec::{Algorithm, Estimator, ProgramPhase, ProgramSpec};
use crate::rules::notation::format_board_string;
use crate::rules::{ByColor, CLASSROOM, Color, Move};
use crate::topology::PointSet;

/// Exit status for bad input: arguments, an unreadable or malformed input file, an
/// unwritable output file (clap's own status for bad arguments).
pub const EXIT_BAD_INPUT: u8 = 2;
/// Exit status when the side to move has no legal move (it is blocked and has lost).
pub const EXIT_NO_MOVE: u8 = 3;
/// Exit status when the result could not be printed on stdout.
const EXIT_STDOUT: u8 = 1;

/// The estimate a program reports when the side it moves for has no legal move at the
/// root: the handout's own value of a blocked side, a loss. Its midgame estimate gives
/// White 10000 when Black has no move; by the colour swap every program makes, a blocked
/// side to move is −10000 from its own point of view. The opening estimate has no value
/// for a blocked side (it only counts stones), so the opening programs report the same loss.
pub const BLOCKED_ESTIMATE: Value = Value::finite(-estimate::WIN);

/// The command line of every classroom program: `NAME <input file> <output file> <depth>`.
///
/// The arguments are optional to clap so that a missing or extra one gets our own
/// one-line message rather than clap's multi-line usage block.
#[derive(Parser, Debug)]
#[command(version)]
struct ProgramArgs {
    /// File holding the board: one letter W, B or x per point, in the handout's order
    /// (a0 d0 g0 b1 d1 f1 c2 e2 b3 c3 e3 f3 g3 c4 d4 e4 b5 d5 f5 a6 d6 g6)
    #[arg(value_name = "INPUT_FILE")]
    input: Option<PathBuf>,
    /// File to write the chosen board to (replaced only once the search has succeeded)
    #[arg(value_name = "OUTPUT_FILE")]
    output: Option<PathBuf>,
    /// Search depth in plies (1 or more; the root is the program's own move)
    #[arg(value_name = "DEPTH", allow_hyphen_values = true)]
    depth: Option<String>,
    #[arg(hide = true, allow_hyphen_values = true)]
    extra: Vec<String>,
}

/// What a program prints and writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramOutput {
    /// The chosen board (in the input's colours).
    pub board: String,
    /// The chosen move, as the searching side (White after the swap for Black programs).
    pub best: Move,
    /// Static estimations made at the leaves.
    pub evals: u64,
    /// The MiniMax estimate of the chosen move, from the searching side's point of view.
    pub value: Value,
}

impl ProgramOutput {
    /// The program's three output lines, each ending in a newline.
    #[must_use]
    pub fn lines(&self) -> String {
        output_lines(&self.board, self.evals, self.value)
    }
}

/// The three output lines of the handout's format, each ending in a newline.
#[must_use]
pub fn output_lines(board: &str, evals: u64, value: Value) -> String {
    format!("Board Position: {board}\nPositions evaluated by static estimation: {evals}.\nMINIMAX estimate: {value}.\n")
}

/// Why a run produced no move.
#[derive(Debug, thiserror::Error)]
pub enum ProgramError {
    /// Bad arguments, input file or output file.
    #[error("{0}")]
    BadInput(String),
    /// The side to move has no legal move: it is blocked (or the board is full) and has lost.
    #[error(
        "{side} has no legal move in this position, so it has lost: the board is left as it was \
         (0 positions evaluated, estimate {BLOCKED_ESTIMATE})"
    )]
    NoMove {
        /// The side the program moves for.
        side: Color,
        /// The unchanged board, as read.
        board: String,
    },
}

impl ProgramError {
    /// The exit status documented for this error.
    #[must_use]
    pub fn exit_code(&self) -> u8 {
        match self {
            ProgramError::BadInput(_) => EXIT_BAD_INPUT,
            ProgramError::NoMove { .. } => EXIT_NO_MOVE,
        }
    }

    /// What the program prints on stdout despite the error: for [`ProgramError::NoMove`]
    /// the three lines for the unchanged board, 0 positions evaluated and
    /// [`BLOCKED_ESTIMATE`]; nothing for bad input.
    #[must_use]
    pub fn stdout_lines(&self) -> Option<String> {
        match self {
            ProgramError::BadInput(_) => None,
            ProgramError::NoMove { board, .. } => Some(output_lines(board, 0, BLOCKED_ESTIMATE)),
        }
    }
}

/// The program `spec` on `stones` at `depth` plies, without files: `None` when the side to
/// move has no legal move. Black programs swap colours, search as White and swap back.
#[must_use]
pub fn decide(spec: &ProgramSpec, stones: ByColor<PointSet>, depth: u32) -> Option<ProgramOutput> {
    let as_white = if spec.side == Color::Black { stones.swapped() } else { stones };
    let root = start_position(as_white, spec.phase);
    let estimate: Estimate = match (spec.phase, spec.estimator) {
        (ProgramPhase::Opening, Estimator::Handout) => estimate::handout_opening,
        (ProgramPhase::Game, Estimator::Handout) => estimate::handout_game,
        (ProgramPhase::Opening, Estimator::Improved) => estimate::improved_opening,
        (ProgramPhase::Game, Estimator::Improved) => estimate::improved_game,
    };
    let result = match spec.algorithm {
        Algorithm::MiniMax => search::minimax(&root, depth, estimate),
        Algorithm::AlphaBeta => search::alpha_beta(&root, depth, estimate),
    }?;
    let after = result.after.all_stones();
    let after = if spec.side == Color::Black { after.swapped() } else { after };
    Some(ProgramOutput {
        board: format_board_string(after, root.topology()),
        best: result.best,
        evals: result.evals,
        value: result.value,
    })
}

/// Warnings about a board that is stranger than the program's phase allows; the program
/// searches anyway (the handout does not ask the programs to check positions).
#[must_use]
pub fn warnings(spec: &ProgramSpec, stones: ByColor<PointSet>) -> Vec<String> {
    let max = u32::from(CLASSROOM.stones);
    let mut out = Vec::new();
    for c in Color::ALL {
        let n = stones[c].len();
        if n > max {
            out.push(format!("{c} has {n} stones on the board, more than the {max} a side has; searching anyway"));
        }
    }
    let mover = stones[spec.side].len();
    if spec.phase == ProgramPhase::Opening && mover == max {
        out.push(format!(
            "{} already has all {max} stones on the board, so none is left to place; placing anyway",
            spec.side
        ));
    }
    out
}

/// Parses the depth argument: a whole number of plies from 1 to `max`.
fn parse_depth(text: &str, max: u32) -> Result<u32, String> {
    let bad = || format!("depth must be a whole number of plies from 1 to {max}, got '{text}'");
    let (_, digits) = all_consuming(digit1::<_, nom::error::Error<&str>>).parse(text).map_err(|_| bad())?;
    match digits.parse::<u32>() {
        Ok(d) if (1..=max).contains(&d) => Ok(d),
        _ => Err(bad()),
    }
}

/// The deepest search any program accepts: as deep as the opening programs keep placing
/// (far beyond what finishes; it bounds the per-ply move buffers).
fn max_depth() -> u32 {
    max_opening_depth()
}

/// Reads the arguments (after the program name): input, output, depth.
fn parse_args(spec: &ProgramSpec, args: ProgramArgs) -> Result<(PathBuf, PathBuf, u32), ProgramError> {
    let usage = format!("usage: {} <input file> <output file> <depth>", spec.name);
    let missing = |what: &str| ProgramError::BadInput(format!("missing argument {what} ({usage})"));
    if let Some(first) = args.extra.first() {
        return Err(ProgramError::BadInput(format!(
            "too many arguments: unexpected '{first}' after the depth ({usage})"
        )));
    }
    let input = args.input.ok_or_else(|| missing("<input file>"))?;
    let output = args.output.ok_or_else(|| missing("<output file>"))?;
    let depth = args.depth.ok_or_else(|| missing("<depth>"))?;
    let depth = parse_depth(&depth, max_depth()).map_err(ProgramError::BadInput)?;
    Ok((input, output, depth))
}

/// Runs the program on files: reads the board, searches, writes the output file, and
/// returns what to print. Warnings go to `warn`.
///
/// # Errors
/// [`ProgramError`]: bad input (the output file is then untouched), or no legal move (the
/// unchanged board has then been written to the output file).
pub fn run_program(
    spec: &ProgramSpec,
    input: &Path,
    output: &Path,
    depth: u32,
    warn: &mut dyn FnMut(&str),
) -> Result<ProgramOutput, ProgramError> {
    let bad = |e: &dyn std::fmt::Display| ProgramError::BadInput(e.to_string());
    let stones = read_board_file(input).map_err(|e| bad(&e))?;
    for w in warnings(spec, stones) {
        warn(&w);
    }
    // Created before the search, so an unwritable output is reported at once.
    let pending = PendingOutput::create(output).map_err(|e| bad(&e))?;
    let Some(outcome) = decide(spec, stones, depth) else {
        // A blocked side keeps its board: the output file gets it unchanged, so a grader
        // that reads the file finds a board in the handout's form.
        let board = format_board_string(stones, CLASSROOM.topology);
        pending.commit(&board).map_err(|e| bad(&e))?;
        return Err(ProgramError::NoMove { side: spec.side, board });
    };
    pending.commit(&outcome.board).map_err(|e| bad(&e))?;
    Ok(outcome)
}

fn exit_codes_help() -> String {
    format!(
        "Prints the chosen board, the number of positions evaluated by static estimation and the MINIMAX \
         estimate, and writes the board to the output file.\n\nExit status: 0 a move was chosen; {EXIT_BAD_INPUT} \
         bad input (arguments, input file, output file); {EXIT_NO_MOVE} the side to move has no legal move \
         (it has lost: the unchanged board is printed and written, with 0 positions evaluated and the \
         estimate {BLOCKED_ESTIMATE}); {EXIT_STDOUT} stdout could not be written."
    )
}

/// The whole program `spec` on `args` (the first is the program's own name).
pub fn main_with_args(spec: &ProgramSpec, args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let command = ProgramArgs::command()
        .name(spec.name)
        .bin_name(spec.name)
        .about(spec.description())
        .override_usage(format!("{} <INPUT_FILE> <OUTPUT_FILE> <DEPTH>", spec.name))
        .after_help(exit_codes_help());
    let matches = match command.try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or("bad arguments");
            let first = first.strip_prefix("error: ").unwrap_or(first);
            eprintln!("{}: {first} (try --help)", spec.name);
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let result = ProgramArgs::from_arg_matches(&matches)
        .map_err(|e| ProgramError::BadInput(e.to_string()))
        .and_then(|args| parse_args(spec, args))
        .and_then(|(input, output, depth)| {
            run_program(spec, &input, &output, depth, &mut |w| eprintln!("{}: warning: {w}", spec.name))
        });
    let print = |lines: &str| {
        let mut stdout = std::io::stdout().lock();
        let written = stdout.write_all(lines.as_bytes()).and_then(|()| stdout.flush());
        if written.is_err() {
            eprintln!("{}: cannot write to stdout", spec.name);
        }
        written.is_ok()
    };
    match result {
        Ok(outcome) => {
            if !print(&outcome.lines()) {
                return ExitCode::from(EXIT_STDOUT);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            // A blocked side still prints its three lines; the status says it had no move.
            if let Some(lines) = e.stdout_lines() {
                print(&lines);
            }
            eprintln!("{}: {e}", spec.name);
            ExitCode::from(e.exit_code())
        }
    }
}

/// The whole program `spec` on the process's command line: what each of the eight mains calls.
#[must_use]
pub fn main(spec: &ProgramSpec) -> ExitCode {
    main_with_args(spec, std::env::args_os())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_must_be_a_positive_whole_number() {
        assert_eq!(parse_depth("3", 64), Ok(3));
        for bad in ["0", "-1", "x", "3.5", "", " 3", "65", "99999999999999"] {
            assert!(parse_depth(bad, 64).is_err(), "{bad:?}");
        }
    }
}
