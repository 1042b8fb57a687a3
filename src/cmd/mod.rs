//! The command layer: the `morris` command line (clap), one file per subcommand, printing
//! and `anyhow`. Library modules take plain settings and return reports and typed errors;
//! a file here turns arguments into those settings, calls the library, and prints.
//!
//! Nothing outside this module (and `main.rs` and `src/bin/`) uses clap, `anyhow` or
//! prints command output to stdout; the engine's protocol loop writes protocol lines and
//! a `play` session writes to the terminal it is given, both through the writer they are
//! handed.
//!
//! - [`mod@engine`]: no subcommand, the tournament engine on stdin/stdout.
//! - [`mod@play`], [`mod@perft`], [`mod@bench`], [`mod@analyze`], [`mod@serve`],
//!   [`mod@tablebase`]: one file per subcommand.
//! - [`mod@match_`], [`mod@tournament`], [`mod@check`], [`mod@standings`]: the referee's subcommands, and
//!   [`mod@referee`] the options they share (time limits, openings, records).
//! - [`mod@grade`]: `morris grade`, grading a class's submissions of those programs.
//! - [`mod@tune`]: `morris tune`, fitting the evaluation's weights to the tables.
//! - [`mod@slurm`]: the sbatch scripts of `morris tablebase slurm`.
//! - [`mod@common`]: options several commands share (the rules, the board, `--eval`).
//! - [`mod@output`]: printing that ends quietly when the reader goes away (`| head`).

// The printing macros come first, so every command file below can use them.
#[macro_use]
pub mod output;

pub mod analyze;
pub mod bench;
pub mod check;
pub mod common;
pub mod engine;
pub mod grade;
pub mod match_;
pub mod perft;
pub mod play;
pub mod progress;
#[cfg(test)]
mod protocol_tests;
pub mod referee;
pub mod sandbox;
pub mod serve;
pub mod slurm;
pub mod standings;
pub mod tablebase;
pub mod tournament;
pub mod tournament_slurm;
pub mod tune;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Nine Men's Morris engine and toolkit. With no subcommand: the tournament engine,
/// speaking the line protocol of protocol.md on stdin/stdout.
#[derive(Parser, Debug)]
#[command(name = "morris", version, about, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(flatten)]
    engine: engine::EngineArgs,
    #[command(subcommand)]
    command: Option<CliCommand>,
}

#[derive(Subcommand, Debug)]
enum CliCommand {
    /// Play the engine in the terminal
    Play(play::PlayArgs),
    /// Count move paths from a position (the rules' checksum)
    Perft(perft::PerftArgs),
    /// Search a fixed set of positions and print the node signature and speed
    Bench(bench::BenchArgs),
    /// Play games between two engine programs and report the result
    Match(match_::MatchArgs),
    /// Run a knockout, round-robin or gauntlet tournament between engine programs
    Tournament(tournament::TournamentArgs),
    /// Check that an engine program follows protocol.md
    Check(check::CheckArgs),
    /// Play and study in a browser: a local web server with a board to click
    Serve(serve::ServeArgs),
    /// Write the standings pages of a tournament from its record file(s)
    Standings(standings::StandingsArgs),
    /// Show where a game was decided: every move valued by the tables and the engine
    Analyze(analyze::AnalyzeArgs),
    /// Build, verify and probe endgame tables
    #[command(subcommand)]
    Tablebase(tablebase::TablebaseCommand),
    /// Grade students' submissions of the classroom handout's eight programs
    Grade(grade::GradeArgs),
    /// Show the engines' sandbox on this machine and time an engine's start in it
    Sandbox(sandbox::SandboxCmdArgs),
    /// Fit the evaluation's moving-phase weights to the endgame tables' values
    Tune(tune::TuneArgs),
}

/// Runs the command line `cli` describes.
///
/// # Errors
/// Whatever the subcommand reports; the caller prints it.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        None => engine::run(&cli.engine),
        Some(CliCommand::Play(args)) => play::run(&args),
        Some(CliCommand::Perft(args)) => perft::run(&args),
        Some(CliCommand::Bench(args)) => bench::run(&args),
        Some(CliCommand::Match(args)) => match_::run(&args),
        Some(CliCommand::Tournament(args)) => tournament::run(&args),
        Some(CliCommand::Check(args)) => check::run(&args),
        Some(CliCommand::Serve(args)) => serve::run(&args),
        Some(CliCommand::Analyze(args)) => analyze::run(&args),
        Some(CliCommand::Standings(args)) => standings::run(&args),
        Some(CliCommand::Tablebase(cmd)) => tablebase::run(&cmd),
        Some(CliCommand::Grade(args)) => grade::run(&args),
        Some(CliCommand::Sandbox(args)) => sandbox::run(&args),
        Some(CliCommand::Tune(args)) => tune::run(&args),
    }
}
