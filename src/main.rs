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
        // The reader of our output went away (`| head`): nothing is wrong, nothing to say.
        Err(e) if morris::cmd::output::is_stdout_closed(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("morris: {e:#}");
            ExitCode::FAILURE
        }
    }
}
