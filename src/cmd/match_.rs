//! `morris match`: games between two engine programs ([`morris::referee`]); prints each
//! game's result and the summary.

use morris::referee::limits::EngineLimits;
use std::process::ExitCode;

use anyhow::{bail, ensure};

use super::progress::Bar;
use super::referee::GameArgs;
use morris::referee::process::EngineCommand;
use morris::referee::record::RecordWriter;
use morris::referee::runner::{Runner, swapped_pairs};

/// Options of `morris match`.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// An engine command, given twice: `CMD ARGS` or `NAME=CMD ARGS`; `{color}`, `{movetime}`,
    /// `{opening}` are filled in, else `--color C --movetime S [--opening "MOVES"]` is appended
    #[arg(long = "engine", value_name = "CMD", required = true)]
    pub engines: Vec<String>,
    /// Number of games (in colour-swapped pairs from the same opening)
    #[arg(long, default_value_t = 2, value_name = "N")]
    pub games: usize,
    /// Time, openings, records and rules
    #[command(flatten)]
    pub game: GameArgs,
}

/// Runs `morris match`.
///
/// # Errors
/// Bad options, an unreadable openings file or an unwritable record file.
pub fn run(args: &MatchArgs) -> anyhow::Result<ExitCode> {
    if args.engines.len() != 2 {
        bail!("a match needs exactly two --engine options, got {}", args.engines.len());
    }
    ensure!(args.games >= 1, "--games must be at least 1");
    let engines = EngineCommand::parse_all(&args.engines)?;
    let settings = args.game.settings(args.game.sandbox.over(EngineLimits::default())?)?;
    let pairs = args.games.div_ceil(2);
    let openings = args.game.openings(pairs, settings.rules, &engines)?;
    let mut next = 0;
    let mut games = swapped_pairs(0, 1, pairs, &openings, &mut next);
    games.truncate(args.games);
    let bar = Bar::games();
    let record = RecordWriter::create(args.game.record.as_deref())?;
    let runner = Runner::new(engines, settings, args.game.jobs(), record, Box::new(bar.clone()));
    let records = runner.play(&games)?;
    bar.finish();
    for r in &records {
        say!("game {:>3}: {} - {}: {} ({})", r.number, r.names.0[0], r.names.0[1], r.result().word(), r.termination);
    }
    say!();
    say_part!("{}", runner.standings().summary());
    Ok(ExitCode::SUCCESS)
}
