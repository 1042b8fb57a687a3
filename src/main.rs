//! The `morris` binary: with no subcommand, the tournament engine on stdin/stdout
//! (`protocol.md`); subcommands for play, perft, bench, matches and tablebases.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Nine Men's Morris engine and toolkit. With no subcommand: the tournament engine,
/// speaking the line protocol of protocol.md on stdin/stdout.
#[derive(Parser, Debug)]
#[command(name = "morris", version, about, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(flatten)]
    engine: morris::protocol::EngineArgs,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play the engine in the terminal
    Play(morris::play::PlayArgs),
    /// Count move paths from a position (the rules' checksum)
    Perft(morris::perft::PerftArgs),
    /// Search a fixed set of positions and print the node signature and speed
    Bench(morris::engine::BenchArgs),
    /// Play games between two engine programs and report the result
    Match(morris::referee::MatchArgs),
    /// Run a knockout, round-robin or gauntlet tournament between engine programs
    Tournament(morris::referee::TournamentArgs),
    /// Check that an engine program follows protocol.md
    Check(morris::referee::CheckArgs),
    /// Show where a game was decided: every move valued by the tables and the engine
    Analyze(morris::cmd::analyze::AnalyzeArgs),
    /// Build, verify and probe endgame databases
    #[command(subcommand)]
    Tablebase(morris::cmd::tablebase::TablebaseCommand),
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    let outcome = match cli.command {
        None => morris::protocol::run_stdio(&cli.engine),
        Some(Command::Play(args)) => morris::play::run(&args),
        Some(Command::Perft(args)) => morris::perft::run(&args),
        Some(Command::Bench(args)) => morris::engine::run_bench(&args),
        Some(Command::Match(args)) => morris::referee::run_match(&args),
        Some(Command::Tournament(args)) => morris::referee::run_tournament(&args),
        Some(Command::Check(args)) => morris::referee::run_check(&args),
        Some(Command::Analyze(args)) => morris::cmd::analyze::run(&args),
        Some(Command::Tablebase(cmd)) => morris::cmd::tablebase::run(&cmd),
    };
    match outcome {
        Ok(code) => code,
        Err(e) => {
            eprintln!("morris: {e:#}");
            ExitCode::FAILURE
        }
    }
}
