//! Matches, tournaments and protocol checks between engine processes.
//!
//! The referee starts engine programs (`process`), relays and checks every move with
//! `rules` (`game`), schedules games (`runner`, `tournament`), writes records (`record`),
//! computes results (`stats`) and checks other people's engines (`check`). It knows
//! engines only through the line protocol of protocol.md; it never calls our own search.

pub mod check;
pub mod error;
pub mod game;
pub mod openings;
pub mod process;
pub mod record;
pub mod runner;
pub mod stats;
pub mod time_control;
pub mod tournament;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, bail, ensure};

use crate::cmd::common::RuleArgs;
use crate::rules::Ruleset;
pub use error::{OpeningError, RefereeError};
use game::GameSettings;
use process::EngineCommand;
use record::RecordWriter;
use runner::{Pairing, Runner, swapped_pairs};
pub use time_control::{GameClock, TimeControl};
use tournament::{Bout, Decision, KnockoutSettings, Round};

/// The time limits of `morris match`, `morris tournament` and `morris check`.
#[derive(clap::Args, Debug, Clone)]
pub struct TimingArgs {
    /// Seconds per move, from writing the opponent's move to reading the reply
    #[arg(long, default_value_t = 1.0, value_name = "S", value_parser = crate::protocol::parse_seconds_f64, allow_negative_numbers = true)]
    pub movetime: f64,
    /// Milliseconds of slack added to --movetime before a reply is late (pipes, scheduling)
    #[arg(long, default_value_t = 50, value_name = "MS")]
    pub grace_ms: u64,
    /// Milliseconds added to each engine's first move (process start-up)
    #[arg(long, default_value_t = 2000, value_name = "MS")]
    pub startup_ms: u64,
}

impl TimingArgs {
    /// The time control these options describe, per move (a game clock is added by
    /// [`GameArgs`]).
    fn time_control(&self) -> anyhow::Result<TimeControl> {
        let movetime = Duration::try_from_secs_f64(self.movetime)
            .ok()
            .filter(|d| !d.is_zero())
            .with_context(|| format!("--movetime {} is not a positive number of seconds", self.movetime))?;
        Ok(TimeControl {
            movetime,
            clock: None,
            grace: Duration::from_millis(self.grace_ms),
            startup: Duration::from_millis(self.startup_ms),
        })
    }
}

/// Options shared by `morris match` and `morris tournament`: time, openings, records and rules.
#[derive(clap::Args, Debug, Clone)]
pub struct GameArgs {
    /// The time limits.
    #[command(flatten)]
    pub timing: TimingArgs,
    /// A game clock instead of --movetime: seconds for all of a side's moves; a side whose
    /// clock falls loses on time. Engines get `--time S --inc S` (or `{time}`, `{inc}`)
    #[arg(long, value_name = "S", value_parser = crate::protocol::parse_seconds_f64, allow_negative_numbers = true, conflicts_with = "movetime")]
    pub time: Option<f64>,
    /// With --time: seconds added to a side's clock after each of its moves
    #[arg(long, value_name = "S", value_parser = crate::protocol::parse_increment, allow_negative_numbers = true, requires = "time")]
    pub inc: Option<Duration>,
    /// With --time: also send each engine `clock W B WINC BINC` (protocol.md) before each move
    #[arg(long, requires = "time")]
    pub send_clock: bool,
    /// Draw a game after this many plies past the opening (a last resort: the draw rules end games first)
    #[arg(long, default_value_t = 1000, value_name = "PLIES")]
    pub max_plies: usize,
    /// Openings file: one white-space separated move list per line (`-` = the start, `#` comments)
    #[arg(long, value_name = "FILE", conflicts_with = "random_plies")]
    pub openings: Option<PathBuf>,
    /// Start each colour-swapped pair from K random legal plies (from --seed)
    #[arg(long, default_value_t = 0, value_name = "K")]
    pub random_plies: usize,
    /// Seed of random openings, knockout pairings and coins (same seed, same tournament)
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub seed: u64,
    /// Write the games to FILE (tab-separated, one game per line; see docs/referee.md)
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Games played at once (1 is the honest default: each engine needs a free core)
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub jobs: usize,
    /// Also pass the rule flags (--removal, --repetition, --no-removal-plies) to the engines
    #[arg(long)]
    pub pass_rules: bool,
    /// Endgame tables: end a game as soon as it reaches a position they decide (its
    /// result with perfect play under the rules, at the game's count)
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
    /// The rules the referee applies
    #[command(flatten)]
    pub rules: RuleArgs,
}

impl GameArgs {
    fn settings(&self) -> anyhow::Result<GameSettings> {
        let mut time = self.timing.time_control()?;
        ensure!(self.jobs >= 1, "--jobs must be at least 1");
        ensure!(self.max_plies >= 1, "--max-plies must be at least 1");
        let rules = self.rules.ruleset();
        let engine_extra = if self.pass_rules { self.rules.engine_flags() } else { Vec::new() };
        time.clock = match self.time {
            Some(t) => Some(GameClock {
                time: Duration::try_from_secs_f64(t)
                    .with_context(|| format!("--time {t} is not a number of seconds"))?,
                increment: self.inc.unwrap_or_default(),
                send: self.send_clock,
            }),
            None => None,
        };
        let tablebase = match &self.tablebase {
            Some(dir) => Some(
                crate::perfect::open_oracle(dir, rules).with_context(|| format!("--tablebase {}", dir.display()))?,
            ),
            None => None,
        };
        Ok(GameSettings { rules, time, max_plies: self.max_plies, engine_extra, tablebase })
    }

    /// At least `count` openings (cycled if a file has fewer).
    fn openings(&self, count: usize, rules: &'static Ruleset) -> anyhow::Result<Vec<String>> {
        if let Some(path) = &self.openings {
            Ok(openings::read_openings(path, rules)?)
        } else {
            Ok(openings::random_openings(count.max(1), self.random_plies, self.seed, rules))
        }
    }
}

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

/// The tournament formats.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Seed 003's random pair-off: winners advance, an odd one out plays a random winner
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

/// Options of `morris check`.
#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// An engine command to check (as for `morris match`; `NAME=CMD` names it); give it
    /// once per engine to check a class in one run
    #[arg(long = "engine", value_name = "CMD", required = true)]
    pub engines: Vec<String>,
    /// The time limits.
    #[command(flatten)]
    pub timing: TimingArgs,
    /// Seed of the moves the checker plays against the engine
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub seed: u64,
    /// Most whole games per engine (at least 2, one as each colour); fewer once every
    /// situation (placing, moving, flying, captures, a blocked side, …) was met
    #[arg(long, default_value_t = 6, value_name = "N")]
    pub games: usize,
    /// Print one JSON object per engine (one line each) instead of the text report
    #[arg(long)]
    pub json: bool,
    /// Also pass the rule flags (--removal, --repetition, --no-removal-plies) to the engine
    #[arg(long)]
    pub pass_rules: bool,
    /// The rules the checker applies
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Parses engine commands and makes their names unique (`name#2` for a repeat).
fn engine_commands(specs: &[String]) -> anyhow::Result<Vec<EngineCommand>> {
    let mut engines: Vec<EngineCommand> = Vec::new();
    for spec in specs {
        let mut e = EngineCommand::parse(spec)?;
        let base = e.name.clone();
        let mut k = 1;
        while engines.iter().any(|o| o.name == e.name) {
            k += 1;
            e.name = format!("{base}#{k}");
        }
        engines.push(e);
    }
    Ok(engines)
}

/// Runs `morris match`.
///
/// # Errors
/// Bad options, an unreadable openings file or an unwritable record file.
pub fn run_match(args: &MatchArgs) -> anyhow::Result<ExitCode> {
    if args.engines.len() != 2 {
        bail!("a match needs exactly two --engine options, got {}", args.engines.len());
    }
    ensure!(args.games >= 1, "--games must be at least 1");
    let engines = engine_commands(&args.engines)?;
    let settings = args.game.settings()?;
    let pairs = args.games.div_ceil(2);
    let openings = args.game.openings(pairs, settings.rules)?;
    let mut next = 0;
    let mut games = swapped_pairs(0, 1, pairs, &openings, &mut next);
    games.truncate(args.games);
    let runner = Runner::new(engines, settings, args.game.jobs, RecordWriter::create(args.game.record.as_deref())?);
    let records = runner.play(&games)?;
    runner.finish();
    for r in &records {
        println!(
            "game {:>3}: {} - {}: {} ({})",
            r.number,
            r.names.0[0],
            r.names.0[1],
            r.result().word(),
            r.termination
        );
    }
    println!();
    print!("{}", runner.standings().summary());
    Ok(ExitCode::SUCCESS)
}

/// Runs `morris tournament`.
///
/// # Errors
/// Bad options, an unreadable openings file or an unwritable record file.
pub fn run_tournament(args: &TournamentArgs) -> anyhow::Result<ExitCode> {
    ensure!(args.engines.len() >= 2, "a tournament needs at least two --engine options");
    let engines = engine_commands(&args.engines)?;
    let settings = args.game.settings()?;
    let pairs_each = args.games.div_ceil(2).max(1);
    let openings = args.game.openings(64, settings.rules)?;
    let names: Vec<String> = engines.iter().map(|e| e.name.clone()).collect();
    let runner = Runner::new(engines, settings, args.game.jobs, RecordWriter::create(args.game.record.as_deref())?);
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
            runner.println(&format!("Knockout of {n} entrants, seed {}: {}", args.game.seed, names.join(", ")));
            let (_, champion) = tournament::knockout(n, &ko, &mut play, |round| {
                for line in describe_round(round, &names) {
                    runner.println(&line);
                }
            })?;
            runner.finish();
            println!("Champion: {}", names[champion]);
        }
        Format::RoundRobin | Format::Gauntlet => {
            let pairs = if args.format == Format::RoundRobin {
                tournament::round_robin_pairs(names.len())
            } else {
                tournament::gauntlet_pairs(names.len())
            };
            play(&pairs, pairs_each)?;
            runner.finish();
            print!("{}", runner.standings().crosstable());
        }
    }
    println!();
    print!("{}", runner.standings().summary());
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

/// Runs `morris check`: a report per engine (text, or one JSON line each with `--json`);
/// the exit status is 1 if any engine failed a required check (warnings do not count).
///
/// # Errors
/// Bad options (failed checks are reported and give a non-zero exit code instead).
pub fn run_check(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let engines = engine_commands(&args.engines)?;
    let time = args.timing.time_control()?;
    ensure!(args.games >= 2, "--games must be at least 2 (one game as each colour)");
    let settings = check::CheckSettings {
        rules: args.rules.ruleset(),
        time,
        seed: args.seed,
        games: args.games,
        engine_extra: if args.pass_rules { args.rules.engine_flags() } else { Vec::new() },
    };
    let mut summaries = Vec::new();
    let mut all_passed = true;
    for engine in &engines {
        let report = check::check_engine(engine, &settings);
        all_passed &= report.passed();
        if args.json {
            println!("{}", report.json());
        } else {
            print!("{}", report.text());
            summaries.push(report.summary());
        }
    }
    if summaries.len() > 1 {
        println!();
        for line in &summaries {
            println!("{line}");
        }
    }
    Ok(if all_passed { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
