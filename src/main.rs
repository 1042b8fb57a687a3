//! The `morris` binary: with no subcommand, the tournament engine on stdin/stdout
//! (`protocol.md`); subcommands for play, perft, bench, matches and tablebases. The
//! command line itself lives in `morris::cmd`.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    match morris::cmd::run(morris::cmd::Cli::parse()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("morris: {e:#}");
            ExitCode::FAILURE
        }
    }
}
