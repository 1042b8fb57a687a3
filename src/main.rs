//! The `morris` binary: with no subcommand, the tournament engine on stdin/stdout
//! (`protocol.md`); subcommands for play, perft, bench, matches and tablebases. The
//! command line itself lives in its module `cmd`, on the binary side: the library has
//! no command line.

use std::process::ExitCode;

use clap::Parser;

mod cmd;

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    match cmd::run(cmd::Cli::parse()) {
        Ok(code) => code,
        // The reader of our output went away (`| head`): nothing is wrong, nothing to say.
        Err(e) if cmd::output::is_stdout_closed(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("morris: {e:#}");
            ExitCode::FAILURE
        }
    }
}
