//! `morris check`: whether engine programs follow protocol.md ([`morris::referee::check`]);
//! prints a report per engine (text, or JSON lines) and fails if any required check did.

use std::process::ExitCode;

use anyhow::ensure;

use super::common::RuleArgs;
use super::referee::{SandboxArgs, TimingArgs};
use morris::referee::check::{CheckSettings, check_engine};
use morris::referee::engine::EngineCommand;

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
    /// The engines' sandbox and limits
    #[command(flatten)]
    pub sandbox: SandboxArgs,
}

/// Runs `morris check`: a report per engine (text, or one JSON line each with `--json`);
/// the exit status is 1 if any engine failed a required check (warnings do not count).
///
/// # Errors
/// Bad options (failed checks are reported and give a non-zero exit code instead).
pub fn run(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let engines = EngineCommand::parse_all(&args.engines)?;
    let time = args.timing.time_control()?;
    ensure!(args.games >= 2, "--games must be at least 2 (one game as each colour)");
    let settings = CheckSettings {
        rules: args.rules.ruleset(),
        time,
        seed: args.seed,
        games: args.games,
        engine_extra: if args.pass_rules { args.rules.engine_flags() } else { Vec::new() },
        sandbox: args.sandbox.sandbox(args.sandbox.over(morris::referee::sandbox::limits::EngineLimits::default())?),
    };
    let mut summaries = Vec::new();
    let mut all_passed = true;
    for engine in &engines {
        let report = check_engine(engine, &settings);
        all_passed &= report.passed();
        if args.json {
            say!("{}", report.json());
        } else {
            say_part!("{}", report.text());
            summaries.push(report.summary());
        }
    }
    if summaries.len() > 1 {
        say!();
        for line in &summaries {
            say!("{line}");
        }
    }
    Ok(if all_passed { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
