//! The line protocol of `protocol.md` (issue #3): parses lines, drives the [`Engine`](crate::engine::Engine),
//! prints replies. No search logic here.

/// Options of the engine (the binary with no subcommand).
#[derive(clap::Args, Debug)]
pub struct EngineArgs {}

/// Runs the protocol loop on stdin/stdout.
///
/// # Errors
/// None yet.
pub fn run_stdio(_args: &EngineArgs) -> anyhow::Result<std::process::ExitCode> {
    anyhow::bail!("the engine protocol is not built yet (issue #3)")
}
