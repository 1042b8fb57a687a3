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

/// Opens the databases in `dir` for the engine's search.
///
/// # Errors
/// Not built yet.
pub fn open_oracle(_dir: &std::path::Path) -> anyhow::Result<std::sync::Arc<dyn crate::search::Oracle>> {
    anyhow::bail!("tablebases are not built yet (issue #7)")
}
