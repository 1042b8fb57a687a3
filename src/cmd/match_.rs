//! `morris match`: games between two engine programs ([`morris::referee`]); prints each
//! game's result and the summary, or, with `--sprt`, plays colour-swapped pairs until a
//! sequential test decides whether the first engine is stronger
//! ([`morris::referee::outcome::sprt`]).

use morris::referee::sandbox::limits::EngineLimits;
use std::process::ExitCode;

use anyhow::{bail, ensure};

use super::progress::Bar;
use super::referee::GameArgs;
use morris::referee::engine::EngineCommand;
use morris::referee::outcome::record::RecordWriter;
use morris::referee::outcome::result::FinishedGame;
use morris::referee::outcome::sprt::{Pentanomial, SprtSpec, SprtVerdict, format_estimate};
use morris::referee::tournament::bracket::swapped_pairs;
use morris::referee::tournament::runner::Runner;

/// The cap on games of a sequential test when `--games` is not given.
const SPRT_GAMES: usize = 1000;

/// Options of `morris match`.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// An engine command, given twice: `CMD ARGS` or `NAME=CMD ARGS`; `{color}`, `{movetime}`,
    /// `{opening}` are filled in, else `--color C --movetime S [--opening "MOVES"]` is appended
    #[arg(long = "engine", value_name = "CMD", required = true)]
    pub engines: Vec<String>,
    /// Number of games (in colour-swapped pairs from the same opening); with --sprt the
    /// most games the test may take (default 2, with --sprt 1000)
    #[arg(long, value_name = "N")]
    pub games: Option<usize>,
    /// A sequential test of the first engine against the second: `elo0=A,elo1=B`
    /// (optionally `,alpha=P,beta=P`, default 0.05 each); plays colour-swapped pairs
    /// until it accepts H0 (not B Elo better) or H1 (B Elo better), or --games is reached
    #[arg(long, value_name = "TEST", value_parser = parse_sprt)]
    pub sprt: Option<SprtSpec>,
    /// Time, openings, records and rules
    #[command(flatten)]
    pub game: GameArgs,
}

fn parse_sprt(text: &str) -> Result<SprtSpec, String> {
    text.parse().map_err(|e: morris::referee::outcome::sprt::SprtSpecError| e.to_string())
}

/// Runs `morris match`.
///
/// # Errors
/// Bad options, an unreadable openings file or an unwritable record file.
pub fn run(args: &MatchArgs) -> anyhow::Result<ExitCode> {
    if args.engines.len() != 2 {
        bail!("a match needs exactly two --engine options, got {}", args.engines.len());
    }
    let games = args.games.unwrap_or(if args.sprt.is_some() { SPRT_GAMES } else { 2 });
    ensure!(games >= 1, "--games must be at least 1");
    let engines = EngineCommand::parse_all(&args.engines)?;
    let settings = args.game.settings(args.game.sandbox.over(EngineLimits::default())?)?;
    let pairs = games.div_ceil(2);
    if let Some(spec) = args.sprt {
        ensure!(
            args.game.openings.is_some() || args.game.random_plies > 0,
            "--sprt needs games from different openings: add --random-plies K (4 is a good start) or \
             --openings FILE (from the start position, deterministic engines play the same pair again and again)"
        );
        let openings = args.game.openings(pairs, settings.rules, &engines)?;
        return sprt(args, spec, engines, settings, pairs, &openings);
    }
    if pairs > 1 && args.game.openings.is_none() && args.game.random_plies == 0 {
        eprintln!(
            "warning: all {games} games start from the start position: two engines that choose alike play the same \
             pair over and over; add --random-plies K (4 is a good start) or --openings FILE"
        );
    }
    let openings = args.game.openings(pairs, settings.rules, &engines)?;
    let mut next = 0;
    let mut schedule = swapped_pairs(0, 1, pairs, &openings, &mut next);
    schedule.truncate(games);
    let bar = Bar::games();
    let record = RecordWriter::create(args.game.record.as_deref())?;
    let runner = Runner::new(engines, settings, args.game.jobs(), record, Box::new(bar.clone()));
    let records = runner.play(&schedule)?;
    bar.finish();
    for r in records.iter().map(|p| &p.game) {
        say!("game {:>3}: {} - {}: {} ({})", r.number, r.names.0[0], r.names.0[1], r.result().word(), r.termination);
    }
    say!();
    say_part!("{}", runner.standings().summary());
    Ok(ExitCode::SUCCESS)
}

/// The first engine's score in `record` (1, ½ or 0).
fn first_score(record: &FinishedGame, first: &str) -> f64 {
    record.side_of(first).map_or(0.0, |side| record.result().score(side))
}

/// Plays colour-swapped pairs, `jobs` games at once, and counts them in their order until
/// the test decides or `pairs` are played. A pair played at once with the deciding one
/// is recorded but not counted, so the verdict does not depend on `--jobs`.
fn sprt(
    args: &MatchArgs,
    spec: SprtSpec,
    engines: Vec<EngineCommand>,
    settings: morris::referee::game::GameSettings,
    pairs: usize,
    openings: &[String],
) -> anyhow::Result<ExitCode> {
    let (first, second) = (engines[0].name.clone(), engines[1].name.clone());
    // The test ends when it decides: a bar of the cap would stand nearly empty, one of the
    // games handed out so far nearly full; the count and the LLR are what there is to show.
    let bar = Bar::open_games();
    let (lower, upper) = spec.bounds();
    let record = RecordWriter::create(args.game.record.as_deref())?;
    let jobs = args.game.jobs();
    let runner = Runner::new(engines, settings, jobs, record, Box::new(bar.clone()));
    let batch = jobs.div_ceil(2).max(1);
    let (mut counted, mut wdl) = (Pentanomial::default(), (0u32, 0u32, 0u32));
    let (mut verdict, mut llr) = (SprtVerdict::Continue, 0.0);
    let (mut next, mut played, mut uncounted) = (0, 0, 0);
    while played < pairs && verdict == SprtVerdict::Continue {
        let n = batch.min(pairs - played);
        let records = runner.play(&swapped_pairs(0, 1, n, openings, &mut next))?;
        played += n;
        for pair in records.chunks(2) {
            if verdict != SprtVerdict::Continue {
                uncounted += pair.len();
                continue;
            }
            let scores: Vec<f64> = pair.iter().map(|p| first_score(&p.game, &first)).collect();
            for &s in &scores {
                match s {
                    s if s > 0.75 => wdl.0 += 1,
                    s if s < 0.25 => wdl.2 += 1,
                    _ => wdl.1 += 1,
                }
            }
            counted.add_pair(scores[0], scores.get(1).copied().unwrap_or(0.5));
            llr = counted.llr(&spec);
            verdict = spec.verdict(llr);
            bar.set_prefix(format!("LLR {llr:.2} ({lower:.2}, {upper:.2}),"));
        }
    }
    bar.finish();
    say_part!("{}", runner.standings().summary());
    say!();
    let n = counted.pairs();
    say!("SPRT {spec} (logistic Elo, pentanomial GSPRT): {first} against {second}");
    let games = 2 * n;
    match verdict {
        // What a verdict rejects, not more: accepting H1 rules out "at most elo0 better" at
        // error rate alpha; it does not show a gain of elo1 (the estimate below says how much).
        SprtVerdict::H1 => say!(
            "  H1 accepted after {n} pairs ({games} games): {first} is stronger; the games reject \"at most {} Elo \
             better\" (error rate alpha {}; the test was sized to find {} Elo)",
            spec.elo0,
            spec.alpha,
            spec.elo1
        ),
        SprtVerdict::H0 => say!(
            "  H0 accepted after {n} pairs ({games} games): {first} is not {} Elo stronger; the games reject \"at \
             least {} Elo better\" (error rate beta {})",
            spec.elo1,
            spec.elo1,
            spec.beta
        ),
        SprtVerdict::Continue => {
            say!("  no verdict: the cap of {} games was reached with the LLR between its bounds", 2 * pairs);
        }
    }
    let elo = counted.elo(wdl).map_or("-".to_string(), |e| format_estimate(&e));
    say!("  Elo: {elo} (95%, from the pairs; the table above counts the games one by one)");
    say!("  LLR: {llr:.2} ({lower:.2}, {upper:.2}) [{}, {}]", spec.elo0, spec.elo1);
    say!("  Ptnml(0-2): {counted}");
    let score = counted.score().map_or(0.0, |s| 100.0 * s);
    say!("  Games: {games}, W {} D {} L {} ({score:.1} %)", wdl.0, wdl.1, wdl.2);
    if uncounted > 0 {
        say!("  ({uncounted} more games, played at once with the deciding pair, are recorded but not counted)");
    }
    Ok(ExitCode::SUCCESS)
}
