//! A person plays the engine in a terminal (issue #5).

/// Options of `morris play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {}

/// Runs `morris play`.
///
/// # Errors
/// None yet.
pub fn run(_args: &PlayArgs) -> anyhow::Result<std::process::ExitCode> {
    anyhow::bail!("play is not built yet (issue #5)")
}
