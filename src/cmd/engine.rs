//! The tournament engine: `morris` with no subcommand speaks the line protocol of
//! `protocol.md` on stdin/stdout. This file turns the options into the engine and the
//! protocol loop's [`ProtocolSettings`] and starts the loop ([`morris::protocol`]).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context as _;

use super::common::{EvalArg, RuleArgs};
use morris::engine::{Engine, EngineOptions, KeepChoice};
use morris::protocol::{GameClocks, ProtocolSettings, parse_increment, parse_seconds, run_threaded};
use morris::rules::{ByColor, Color};

/// Options of the engine (the binary with no subcommand; `protocol.md` §1).
#[derive(clap::Args, Debug, Clone)]
pub struct EngineArgs {
    /// The side the engine plays: white (moves at once) or black
    #[arg(long, default_value = "white", value_name = "SIDE")]
    pub color: Color,
    /// Seconds per move, fractions allowed (e.g. 1.5), measured from reading the opponent's move
    #[arg(long, default_value = "1.0", value_name = "SECONDS", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub movetime: Duration,
    /// A game clock instead: seconds for all the engine's moves, fractions allowed
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, allow_negative_numbers = true, conflicts_with = "movetime")]
    pub time: Option<Duration>,
    /// With --time: seconds added to the engine's clock after each of its moves
    #[arg(long, value_name = "SECONDS", value_parser = parse_increment, allow_negative_numbers = true, requires = "time")]
    pub inc: Option<Duration>,
    /// Think on the opponent's time, on the reply the engine expects (off by default:
    /// tournament rules may forbid it)
    #[arg(long)]
    pub ponder: bool,
    /// Start from the position after these moves, e.g. "D2 F4 B4" (empty: the start position)
    #[arg(long, default_value = "", value_name = "MOVES")]
    pub opening: String,
    /// Also stop each search at this depth in plies (a classroom-style opponent)
    #[arg(long, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: Option<u32>,
    /// Transposition table size in MiB
    #[arg(long = "hash", default_value_t = 64, value_name = "MB")]
    pub hash_mb: usize,
    /// Static evaluation: the engine's own, or the classroom handout's
    #[arg(long, value_enum, default_value = "strong")]
    pub eval: EvalArg,
    /// Search threads
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: u16,
    /// Directory of perfect-play tables to consult (`morris tablebase build`)
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
    /// Play without the tables the binary carries (the moving tables 3-3 .. 6-4 and the
    /// placing values of the first 13 plies; used when no --tablebase is given, under the
    /// game's 100-ply no-removal rule)
    #[arg(long, conflicts_with = "tablebase")]
    pub no_small_tables: bool,
    /// With placing tables: how to choose among the placements that keep the value (the
    /// search's choice, or a random one, the baseline to measure it against)
    #[arg(long, value_enum, default_value = "search", value_name = "HOW")]
    pub tablebase_choice: KeepChoiceArg,
    /// Seed of --tablebase-choice random
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub seed: u64,
    #[command(flatten)]
    /// The rule options of docs/assignments.md
    pub rules: RuleArgs,
}

crate::cmd::common::value_enum_mirror! {
    /// `--tablebase-choice`: how to choose among value-keeping placements.
    KeepChoiceArg => KeepChoice {
        /// The engine's search chooses (the move that leaves a fallible opponent most
        /// chances), reading the placing tables below its root when the root is a draw
        Search,
        /// The search chooses, reading the placing tables at its root only (the baseline
        /// for reading them below it)
        RootOnly,
        /// One at random (a baseline for measuring the search's choice)
        Random,
    }
}

impl EngineArgs {
    /// The engine and loop settings these options describe (loading databases, playing
    /// the opening).
    ///
    /// # Errors
    /// An illegal `--opening`, or databases that cannot be loaded.
    pub fn build(&self) -> anyhow::Result<(Engine, ProtocolSettings)> {
        let rules = self.rules.ruleset();
        let game = morris::rules::notation::game_after(rules, &self.opening).context("--opening")?;
        let oracle = match &self.tablebase {
            Some(dir) => {
                let tb = morris::tablebase::open_oracle(dir, rules)
                    .with_context(|| format!("--tablebase {}", dir.display()))?;
                Some(tb as std::sync::Arc<dyn morris::search::Oracle>)
            }
            None if self.no_small_tables => None,
            // The carried tables are a bonus: should their bytes fail a check (a damaged
            // binary), the engine says so and plays on without them.
            None => match morris::tablebase::bundled::open_bundled(rules) {
                Ok(tb) => tb.map(|tb| tb as std::sync::Arc<dyn morris::search::Oracle>),
                Err(e) => {
                    log::warn!("playing without the carried endgame tables: {e}");
                    None
                }
            },
        };
        let options = EngineOptions {
            hash_mb: self.hash_mb,
            threads: usize::from(self.threads),
            oracle,
            keep_choice: self.tablebase_choice.into(),
            seed: self.seed,
            ..EngineOptions::for_eval(self.eval.into())
        };
        let mut engine = Engine::new(options, *game.start());
        engine.set_game(game);
        let clock = self.time.map(|t| {
            let inc = self.inc.unwrap_or_default();
            GameClocks { remaining: ByColor([t, t]), increment: ByColor([inc, inc]) }
        });
        let settings = ProtocolSettings {
            color: self.color,
            movetime: self.movetime,
            depth: self.depth,
            info: false,
            clock,
            ponder: self.ponder,
        };
        Ok((engine, settings))
    }
}

/// Runs the protocol loop on stdin/stdout until end of input or `quit`. A reader thread
/// reads stdin, so `stop`, `quit`, `isready` and end of input act while the engine thinks.
///
/// # Errors
/// Bad options (see [`EngineArgs::build`]), or stdin/stdout failing.
pub fn run(args: &EngineArgs) -> anyhow::Result<ExitCode> {
    // A harness may time White's first move from the moment it starts the process, so
    // that move's clock starts before the tables are allocated and loaded.
    let started = Instant::now();
    let (mut engine, settings) = args.build()?;
    log::info!("engine plays {} under {}", settings.color.name(), engine.game().position().rules().describe());
    super::output::closed_is_quiet(run_threaded(std::io::stdin(), std::io::stdout(), &mut engine, settings, started))?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use clap::Parser;

    use super::EngineArgs;

    #[derive(Parser)]
    struct EngineCli {
        #[command(flatten)]
        engine: EngineArgs,
    }

    #[test]
    fn bad_clock_flags_are_refused() {
        for flags in ["--time 0", "--time -3", "--time soon", "--inc 1", "--time 5 --inc -1", "--time 5 --movetime 1"] {
            let args = ["morris"].into_iter().chain(flags.split_whitespace());
            let err = EngineCli::try_parse_from(args).err().unwrap_or_else(|| panic!("{flags} accepted"));
            let text = err.to_string();
            assert!(text.lines().next().is_some_and(|l| l.starts_with("error:")), "{flags}: {text}");
        }
        let ok = EngineCli::try_parse_from(["morris", "--time", "5", "--inc", "0"]).expect("--inc 0 is fine");
        let (_, settings) = ok.engine.build().expect("builds");
        let clock = settings.clock.expect("a clock");
        assert_eq!(clock.remaining.0, [Duration::from_secs(5); 2]);
        assert_eq!(clock.increment.0, [Duration::ZERO; 2]);
    }

    #[test]
    fn the_flags_make_the_settings() {
        let cli =
            EngineCli::try_parse_from(["morris", "--color", "black", "--movetime", "0.2", "--ponder"]).expect("parses");
        let (_, settings) = cli.engine.build().expect("builds");
        assert_eq!(
            (settings.color, settings.movetime, settings.ponder, settings.clock),
            (morris::rules::Color::Black, Duration::from_millis(200), true, None)
        );
    }
}
