//! Matches, tournaments and protocol checks between engine processes (issue #6).

/// Options of `morris match`.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {}

/// Options of `morris tournament`.
#[derive(clap::Args, Debug)]
pub struct TournamentArgs {}

/// Options of `morris check`.
#[derive(clap::Args, Debug)]
pub struct CheckArgs {}

/// Runs `morris match`.
///
/// # Errors
/// None yet.
pub fn run_match(_args: &MatchArgs) -> anyhow::Result<std::process::ExitCode> {
    anyhow::bail!("match is not built yet (issue #6)")
}

/// Runs `morris tournament`.
///
/// # Errors
/// None yet.
pub fn run_tournament(_args: &TournamentArgs) -> anyhow::Result<std::process::ExitCode> {
    anyhow::bail!("tournament is not built yet (issue #6)")
}

/// Runs `morris check`.
///
/// # Errors
/// None yet.
pub fn run_check(_args: &CheckArgs) -> anyhow::Result<std::process::ExitCode> {
    anyhow::bail!("check is not built yet (issue #6)")
}
