//! The options `morris match`, `morris tournament` and `morris check` share: time
//! limits, openings, records, rules, and the engines' command lines; turned into the
//! referee's plain settings ([`morris::referee`]).

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, ensure};

use super::common::RuleArgs;
use morris::protocol::{parse_increment, parse_seconds_f64};
use morris::referee::engine::EngineCommand;
use morris::referee::game::GameSettings;
use morris::referee::outcome::openings;
use morris::referee::outcome::time_control::{GameClock, TimeControl};
use morris::referee::sandbox::jail::Sandbox;
use morris::referee::sandbox::limits::{EngineLimits, LimitError, check_cpus, parse_size};
use morris::rules::Ruleset;

/// The time limits of `morris match`, `morris tournament` and `morris check`.
#[derive(clap::Args, Debug, Clone)]
pub struct TimingArgs {
    /// Seconds per move, from writing the opponent's move to reading the reply
    #[arg(long, default_value_t = 1.0, value_name = "S", value_parser = parse_seconds_f64, allow_negative_numbers = true)]
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
    ///
    /// # Errors
    /// A --movetime too small to be a duration.
    pub fn time_control(&self) -> anyhow::Result<TimeControl> {
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

/// The sandbox every engine runs in and its limits: `morris match`, `tournament` and
/// `check` (docs/referee.md, "Running a class"); each overrides a roster's `[limits]`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SandboxArgs {
    /// Memory for each engine, e.g. 2GiB, 512MiB: resident memory through a cgroup where one can be made (default 2GiB)
    #[arg(long, value_name = "SIZE", value_parser = parse_size_arg)]
    pub engine_memory: Option<u64>,
    /// Processes (and threads) each engine may run at once (default 128)
    #[arg(long, value_name = "N")]
    pub engine_processes: Option<u64>,
    /// The largest file an engine may write, e.g. 64MiB (default 64MiB)
    #[arg(long, value_name = "SIZE", value_parser = parse_size_arg)]
    pub engine_file_size: Option<u64>,
    /// Files each engine may have open at once (default 256)
    #[arg(long, value_name = "N")]
    pub engine_open_files: Option<u64>,
    /// A path every engine may read besides its folder (tables, libraries); repeatable
    #[arg(long = "engine-read", value_name = "PATH")]
    pub read_only: Vec<PathBuf>,
    /// An environment variable the engines see (from yours) besides PATH, HOME, TMPDIR and LANG; repeatable
    #[arg(long = "keep-env", value_name = "NAME")]
    pub keep_env: Vec<String>,
    /// CPUs' worth of time each engine may use (e.g. 1, 0.5), a cgroup CPU quota where one
    /// can be made (default: no quota; each engine is held on its own core anyway)
    #[arg(long, value_name = "CPUS", value_parser = parse_cpus)]
    pub engine_cpus: Option<f64>,
    /// Run engines in the sandbox (the default)
    #[arg(long, overrides_with = "no_sandbox")]
    pub sandbox: bool,
    /// Run engines without the sandbox or limits, with your own rights (only engines you trust)
    #[arg(long, overrides_with = "sandbox")]
    pub no_sandbox: bool,
}

fn parse_cpus(text: &str) -> Result<f64, String> {
    let cpus = text.trim().parse::<f64>().map_err(|_| LimitError::Cpus(text.to_string()).to_string())?;
    check_cpus(cpus).map_err(|e| e.to_string())
}

fn parse_size_arg(text: &str) -> Result<u64, String> {
    parse_size(text).map_err(|e| e.to_string())
}

impl SandboxArgs {
    /// `base` (the roster's limits or the defaults) with these options put over it.
    ///
    /// # Errors
    /// A limit below what an engine needs to run.
    pub fn over(&self, base: EngineLimits) -> anyhow::Result<EngineLimits> {
        let limits = EngineLimits {
            memory: self.engine_memory.unwrap_or(base.memory),
            processes: self.engine_processes.unwrap_or(base.processes),
            file_size: self.engine_file_size.unwrap_or(base.file_size),
            open_files: self.engine_open_files.unwrap_or(base.open_files),
            sandbox: if self.sandbox {
                true
            } else if self.no_sandbox {
                false
            } else {
                base.sandbox
            },
        };
        limits.validate().map_err(|e| anyhow::anyhow!("--engine-{}", e.to_string().replacen('_', "-", 1)))?;
        Ok(limits)
    }

    /// The sandbox for `limits`, probed on this machine; says on stderr what is in force,
    /// and warns where it is weaker than it should be.
    #[must_use]
    pub fn sandbox(&self, limits: EngineLimits) -> Sandbox {
        let read_only = self.read_only.iter().map(|p| std::path::absolute(p).unwrap_or_else(|_| p.clone())).collect();
        let sandbox = Sandbox::probe(limits, read_only).keeping_env(&self.keep_env).with_cpu_quota(self.engine_cpus);
        log::info!("{}", sandbox.summary());
        if let Some(w) = sandbox.warning() {
            eprintln!("warning: {w}");
        }
        sandbox
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
    #[arg(long, value_name = "S", value_parser = parse_seconds_f64, allow_negative_numbers = true, conflicts_with = "movetime")]
    pub time: Option<f64>,
    /// With --time: seconds added to a side's clock after each of its moves
    #[arg(long, value_name = "S", value_parser = parse_increment, allow_negative_numbers = true, requires = "time")]
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
    /// Games played at once (default: half the cores, at least 1, so each engine playing has a core of its own)
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
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
    /// The engines' sandbox and limits
    #[command(flatten)]
    pub sandbox: SandboxArgs,
}

/// Games at once by default: half the cores (at least one), since each game keeps two
/// engines busy and each should have a core of its own while it thinks.
#[must_use]
pub fn default_jobs() -> usize {
    (std::thread::available_parallelism().map_or(1, std::num::NonZero::get) / 2).max(1)
}

impl GameArgs {
    /// Games played at once: `--jobs`, or [`default_jobs`].
    #[must_use]
    pub fn jobs(&self) -> usize {
        self.jobs.unwrap_or_else(default_jobs)
    }

    /// The settings of every game these options describe (loading the tables), its
    /// engines sandboxed with `limits`.
    ///
    /// # Errors
    /// Bad values, or tables that cannot be loaded.
    pub fn settings(&self, limits: EngineLimits) -> anyhow::Result<GameSettings> {
        let mut time = self.timing.time_control()?;
        ensure!(self.jobs() >= 1, "--jobs must be at least 1");
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
                morris::tablebase::open_oracle(dir, rules).with_context(|| format!("--tablebase {}", dir.display()))?,
            ),
            None => None,
        };
        let sandbox = self.sandbox.sandbox(limits);
        Ok(GameSettings { rules, time, max_plies: self.max_plies, engine_extra, tablebase, sandbox })
    }

    /// At least `count` openings (cycled if a file has fewer), for `engines`.
    ///
    /// # Errors
    /// An unreadable openings file, or one without usable openings; an engine command
    /// template without `{opening}` when games start from openings (the engine would
    /// play from the start position while the game does not).
    pub fn openings(
        &self,
        count: usize,
        rules: &'static Ruleset,
        engines: &[EngineCommand],
    ) -> anyhow::Result<Vec<String>> {
        let openings = if let Some(path) = &self.openings {
            openings::read_openings(path, rules)?
        } else {
            openings::random_openings(count.max(1), self.random_plies, self.seed, rules)
        };
        if openings.iter().any(|o| !o.trim().is_empty())
            && let Some(e) =
                engines.iter().find(|e| e.is_template() && !e.words.iter().any(|w| w.contains("{opening}")))
        {
            anyhow::bail!(
                "engine '{}': its command template has no {{opening}}, but the games start from openings \
                 (--random-plies or --openings); add --opening '{{opening}}' (or your engine's flag for it)",
                e.name
            );
        }
        Ok(openings)
    }
}
