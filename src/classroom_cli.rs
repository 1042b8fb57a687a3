//! The eight classroom programs' command line: `NAME <input file> <output file> <depth>`,
//! the three output lines on stdout, warnings and errors on stderr, and the exit status.
//! Every one of the eight mains in `src/bin/` includes this file and is `classroom_cli::main(&SPEC)`; the
//! program itself is [`morris::classroom`]'s.
//!
//! Exit statuses: 0 a move was chosen; 2 bad input (arguments, input file, output file);
//! 3 the side to move has no legal move (it is blocked and has lost: the three lines are
//! still printed, for the unchanged board with 0 positions evaluated and the estimate
//! [`BLOCKED_ESTIMATE`], the unchanged board is written to the output file, and a line on
//! stderr says why); 1 stdout could not be written.

use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser};
use nom::Parser as _;
use nom::character::complete::digit1;
use nom::combinator::all_consuming;

use morris::classroom::board_file::max_opening_depth;
use morris::classroom::{BLOCKED_ESTIMATE, EXIT_BAD_INPUT, EXIT_NO_MOVE, ProgramSpec, RunError, run_program};

/// Exit status when the result could not be printed on stdout.
const EXIT_STDOUT: u8 = 1;

/// The exit status documented for `error`.
#[must_use]
pub fn exit_code(error: &RunError) -> u8 {
    match error {
        RunError::BadInput(_) => EXIT_BAD_INPUT,
        RunError::NoMove { .. } => EXIT_NO_MOVE,
    }
}

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
fn parse_args(spec: &ProgramSpec, args: ProgramArgs) -> Result<(PathBuf, PathBuf, u32), RunError> {
    let usage = format!("usage: {} <input file> <output file> <depth>", spec.name);
    let missing = |what: &str| RunError::BadInput(format!("missing argument {what} ({usage})"));
    if let Some(first) = args.extra.first() {
        return Err(RunError::BadInput(format!("too many arguments: unexpected '{first}' after the depth ({usage})")));
    }
    let input = args.input.ok_or_else(|| missing("<input file>"))?;
    let output = args.output.ok_or_else(|| missing("<output file>"))?;
    let depth = args.depth.ok_or_else(|| missing("<depth>"))?;
    let depth = parse_depth(&depth, max_depth()).map_err(RunError::BadInput)?;
    Ok((input, output, depth))
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
        .map_err(|e| RunError::BadInput(e.to_string()))
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
            ExitCode::from(exit_code(&e))
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
