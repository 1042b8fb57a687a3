//! Endgame databases by retrograde analysis (issue #7).

/// `morris tablebase` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum TablebaseCommand {
    /// Build the databases
    Build,
}

/// Runs `morris tablebase ...`.
///
/// # Errors
/// None yet.
pub fn run(_cmd: &TablebaseCommand) -> anyhow::Result<std::process::ExitCode> {
    anyhow::bail!("tablebases are not built yet (issue #7)")
}
