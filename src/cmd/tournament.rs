//! `morris tournament`: a knockout, round robin or gauntlet between engine programs
//! ([`crate::referee`]); prints the bracket or the cross table, and the summary.

use std::process::ExitCode;

use anyhow::ensure;

use super::progress::Bar;
use super::referee::GameArgs;
use crate::referee::process::EngineCommand;
use crate::referee::record::RecordWriter;
use crate::referee::runner::{Pairing, Runner, swapped_pairs};
use crate::referee::tournament::{self, Bout, Decision, KnockoutSettings, Round};

/// The tournament formats.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The tournament assignment's random pair-off: winners advance, an odd one out plays a random winner
    Knockout,
    /// Everyone plays everyone
    RoundRobin,
    /// The first engine plays each other one
    Gauntlet,
}

/// Options of `morris tournament`.
#[derive(clap::Args, Debug)]
pub struct TournamentArgs {
    /// An entrant, `NAME=CMD ARGS` (given once per entrant)
    #[arg(long = "engine", value_name = "NAME=CMD", required = true)]
    pub engines: Vec<String>,
    /// Tournament format
    #[arg(long, value_enum, default_value = "knockout")]
    pub format: Format,
    /// Games per pairing (rounded up to colour-swapped pairs)
    #[arg(long, default_value_t = 2, value_name = "N")]
    pub games: usize,
    /// Knockout: extra colour-swapped pairs for a level bout, before a coin from --seed decides
    #[arg(long, default_value_t = 2, value_name = "N")]
    pub tiebreak_pairs: usize,
    /// Time, openings, records and rules
    #[command(flatten)]
    pub game: GameArgs,
}

/// Runs `morris tournament`.
///
/// # Errors
/// Bad options, an unreadable openings file or an unwritable record file.
pub fn run(args: &TournamentArgs) -> anyhow::Result<ExitCode> {
    ensure!(args.engines.len() >= 2, "a tournament needs at least two --engine options");
    let engines = EngineCommand::parse_all(&args.engines)?;
    let settings = args.game.settings()?;
    let pairs_each = args.games.div_ceil(2).max(1);
    let openings = args.game.openings(64, settings.rules, &engines)?;
    let names: Vec<String> = engines.iter().map(|e| e.name.clone()).collect();
    let bar = Bar::games();
    let record = RecordWriter::create(args.game.record.as_deref())?;
    let runner = Runner::new(engines, settings, args.game.jobs, record, Box::new(bar.clone()));
    let mut next_opening = 0;
    // Plays colour-swapped pairs for each (a, b) and returns the points of a and b.
    let mut play = |pairs: &[(usize, usize)], each: usize| -> tournament::BoutPoints {
        let games: Vec<Pairing> =
            pairs.iter().flat_map(|&(a, b)| swapped_pairs(a, b, each, &openings, &mut next_opening)).collect();
        let records = runner.play(&games)?;
        Ok(records
            .chunks(2 * each)
            .zip(pairs)
            .map(|(chunk, &(a, b))| {
                let points = |who: usize| -> f64 {
                    chunk.iter().filter_map(|r| r.side_of(&names[who]).map(|side| r.result().score(side))).sum()
                };
                (points(a), points(b))
            })
            .collect())
    };
    match args.format {
        Format::Knockout => {
            let ko = KnockoutSettings {
                pairs_per_bout: pairs_each,
                tiebreak_pairs: args.tiebreak_pairs,
                seed: args.game.seed,
            };
            let n = names.len();
            // Lines printed above the progress bar; the first failure to print is
            // reported once the rounds are over.
            let mut printed: anyhow::Result<()> = Ok(());
            let mut print_lines = |lines: Vec<String>| {
                bar.above(|| {
                    if printed.is_ok() {
                        printed = lines.iter().try_for_each(|line| -> anyhow::Result<()> {
                            say!("{line}");
                            Ok(())
                        });
                    }
                });
            };
            print_lines(vec![format!("Knockout of {n} entrants, seed {}: {}", args.game.seed, names.join(", "))]);
            let (_, champion) =
                tournament::knockout(n, &ko, &mut play, |round| print_lines(describe_round(round, &names)))?;
            printed?;
            bar.finish();
            say!("Champion: {}", names[champion]);
        }
        Format::RoundRobin | Format::Gauntlet => {
            let pairs = if args.format == Format::RoundRobin {
                tournament::round_robin_pairs(names.len())
            } else {
                tournament::gauntlet_pairs(names.len())
            };
            play(&pairs, pairs_each)?;
            bar.finish();
            say_part!("{}", runner.standings().crosstable());
        }
    }
    say!();
    say_part!("{}", runner.standings().summary());
    Ok(ExitCode::SUCCESS)
}

/// The bracket lines of one knockout round.
#[must_use]
pub fn describe_round(round: &Round, names: &[String]) -> Vec<String> {
    let bout_line = |b: &Bout, prefix: &str| {
        let mut how = format!("{}-{}", b.points.0, b.points.1);
        if b.tiebreak_pairs > 0 {
            how.push_str(&format!(" after {} tie-break pair(s)", b.tiebreak_pairs));
        }
        if b.decision == Decision::Coin {
            how.push_str(", level: coin");
        }
        format!("  {prefix}{} vs {}: {how} -> {}", names[b.a], names[b.b], names[b.winner])
    };
    let mut lines = vec![format!("Round {}", round.number)];
    lines.extend(round.bouts.iter().map(|b| bout_line(b, "")));
    if let Some(b) = &round.odd_bout {
        lines.push(bout_line(b, "odd one out: "));
    }
    let advancing: Vec<&str> = round.advancing.iter().map(|&i| names[i].as_str()).collect();
    lines.push(format!("  advance: {}", advancing.join(", ")));
    lines
}
