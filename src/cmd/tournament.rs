//! `morris tournament`: a knockout, round robin or gauntlet between engine programs
//! ([`morris::referee`]), from `--engine` options or a roster file; prints the plan, the
//! bracket or the cross table and the summary; resumes from its record file; writes the
//! standings pages.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, ensure};

use super::common::value_enum_mirror;
use super::progress::Bar;
use super::referee::GameArgs;
use morris::referee::engine::EngineCommand;
use morris::referee::outcome::record::RecordWriter;
use morris::referee::outcome::usage::PonderPolicy;
use morris::referee::sandbox::limits::EngineLimits;
use morris::referee::tournament::bracket::KnockoutSettings;
use morris::referee::tournament::conduct::{
    Conduct, Conducted, Plan, Resume, conduct, open_record, plan_lines, write_pages,
};
use morris::referee::tournament::pages::{self, Bracket, TournamentView, replay_title};
use morris::referee::tournament::resume::Schedule;
use morris::referee::tournament::roster::{Roster, read_roster};
use morris::referee::tournament::runner::Runner;
use morris::referee::tournament::terms::{TournamentOpenings, TournamentTerms, TournamentTime};
use morris::referee::tournament::waves;

value_enum_mirror! {
    /// The tournament formats.
    Format => LibraryFormat {
        /// The tournament assignment's random pair-off: winners advance, an odd one out plays a random winner
        Knockout,
        /// Everyone plays everyone
        RoundRobin,
        /// The first engine plays each other one
        Gauntlet,
    }
}

use morris::referee::tournament::bracket::TournamentFormat as LibraryFormat;

/// Options of `morris tournament`.
#[derive(clap::Args, Debug)]
pub struct TournamentArgs {
    /// The class in one file (TOML): entrants, format, games, time control, openings, seed and
    /// limits (docs/referee.md, "Running a class"); the options it can set are then not given here
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = [
            "engines", "format", "games", "tiebreak_pairs", "seed", "movetime", "time", "inc", "send_clock",
            "grace_ms", "startup_ms", "max_plies", "openings", "random_plies",
        ]
    )]
    pub roster: Option<PathBuf>,
    /// An entrant, `NAME=CMD ARGS` (given once per entrant)
    #[arg(long = "engine", value_name = "NAME=CMD", required_unless_present = "roster")]
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
    /// Write the standings pages here: standings and crosstable (text, Markdown, HTML, CSV),
    /// the bracket, and one page per entrant
    #[arg(long, value_name = "DIR")]
    pub standings: Option<PathBuf>,
    /// Play on a Slurm cluster: DIR (on a file system every node shares) gets the job
    /// scripts, a record file per task and the standings; each run plans the next wave
    /// (all of a round robin or gauntlet, one knockout round) and a job that runs this
    /// command again after it (docs/referee.md)
    #[arg(long, value_name = "DIR", conflicts_with = "record")]
    pub slurm: Option<PathBuf>,
    /// Print the plan (pairings, games, engine-hours, wall time at --jobs) and stop
    #[arg(long)]
    pub plan: bool,
    /// With --slurm: submit the wave with sbatch (else print how to)
    #[arg(long, requires = "slurm")]
    pub submit: bool,
    /// With --slurm: play task K of wave W (what a job array's task runs)
    #[arg(long, value_name = "W:K", requires = "slurm", hide = true)]
    pub slurm_task: Option<String>,
    /// Time, openings, records and rules
    #[command(flatten)]
    pub game: GameArgs,
}

/// The tournament as it will be played: the options merged with the roster.
struct MergedOptions {
    engines: Vec<EngineCommand>,
    format: LibraryFormat,
    games: usize,
    tiebreak_pairs: usize,
    game: GameArgs,
    limits: EngineLimits,
    /// Who may think on the opponent's time (the roster's; everyone without one).
    ponder: PonderPolicy,
    roster: Option<PathBuf>,
    /// Played on a Slurm cluster (`--slurm`): its records are the tasks' files.
    slurm: bool,
}

impl MergedOptions {
    fn new(args: &TournamentArgs) -> anyhow::Result<MergedOptions> {
        let Some(path) = &args.roster else {
            ensure!(args.engines.len() >= 2, "a tournament needs at least two --engine options");
            return Ok(MergedOptions {
                engines: EngineCommand::parse_all(&args.engines)?,
                format: args.format.into(),
                games: args.games,
                tiebreak_pairs: args.tiebreak_pairs,
                game: args.game.clone(),
                limits: args.game.sandbox.over(EngineLimits::default())?,
                ponder: PonderPolicy::default(),
                roster: None,
                slurm: args.slurm.is_some(),
            });
        };
        let r: Roster = read_roster(path)?;
        // The roster's settings over the defaults (clap refuses the same options given
        // on the command line, so every default here is one nobody typed).
        let mut game = args.game.clone();
        let t = &mut game.timing;
        t.grace_ms = r.grace_ms.unwrap_or(t.grace_ms);
        t.startup_ms = r.startup_ms.unwrap_or(t.startup_ms);
        match r.time {
            Some(TournamentTime::PerMove(s)) => t.movetime = s,
            Some(TournamentTime::Clock(time, inc, send)) => {
                (game.time, game.inc, game.send_clock) = (Some(time), Some(inc), send)
            }
            None => {}
        }
        game.max_plies = r.max_plies.unwrap_or(game.max_plies);
        match r.openings {
            Some(TournamentOpenings::File(file)) => game.openings = Some(file),
            Some(TournamentOpenings::Random(plies)) => game.random_plies = plies,
            None => {}
        }
        game.seed = r.seed.unwrap_or(game.seed);
        // --engine-cpus overrides the roster's quota, as the other limits do.
        game.sandbox.engine_cpus = game.sandbox.engine_cpus.or(r.cpus);
        Ok(MergedOptions {
            format: r.format.unwrap_or(args.format.into()),
            games: r.games.unwrap_or(args.games),
            tiebreak_pairs: r.tiebreak_pairs.unwrap_or(args.tiebreak_pairs),
            limits: args.game.sandbox.over(r.limits)?,
            ponder: r.ponder,
            engines: r.entrants,
            game,
            roster: Some(path.clone()),
            slurm: args.slurm.is_some(),
        })
    }

    /// Everything that decides the games, as the record file's fingerprint keeps it.
    fn terms(&self) -> TournamentTerms<'_> {
        let g = &self.game;
        TournamentTerms {
            format: self.format,
            games: self.games,
            tiebreak_pairs: self.tiebreak_pairs,
            seed: g.seed,
            time: match g.time {
                Some(t) => TournamentTime::Clock(t, g.inc.unwrap_or_default(), g.send_clock),
                None => TournamentTime::PerMove(g.timing.movetime),
            },
            grace_ms: g.timing.grace_ms,
            startup_ms: g.timing.startup_ms,
            max_plies: g.max_plies,
            openings: match &g.openings {
                Some(file) => TournamentOpenings::File(file.clone()),
                None => TournamentOpenings::Random(g.random_plies),
            },
            rules: g.rules.options(),
            pass_rules: g.pass_rules,
            tablebase: g.tablebase.as_deref(),
            limits: self.limits,
            cpus: g.sandbox.engine_cpus,
            ponder: &self.ponder,
            entrants: &self.engines,
        }
    }
}

/// Runs `morris tournament`.
///
/// # Errors
/// Bad options or roster, an unreadable openings file, a record file of another
/// tournament or one that cannot be written.
pub fn run(args: &TournamentArgs) -> anyhow::Result<ExitCode> {
    let merged = MergedOptions::new(args)?;
    let settings = merged.game.settings(merged.limits)?;
    let pairs_each = merged.games.div_ceil(2).max(1);
    let openings = merged.game.openings(64, settings.rules, &merged.engines)?;
    let names: Vec<String> = merged.engines.iter().map(|e| e.name.clone()).collect();
    let fingerprint = merged.terms().fingerprint();
    if let (Some(dir), Some(task)) = (&args.slurm, &args.slurm_task) {
        return super::tournament_slurm::play_task(dir, task, &fingerprint, &merged.engines, settings);
    }
    let resume = match &args.slurm {
        Some(dir) => Resume { ledger: waves::recorded(dir, &fingerprint)?, writer: RecordWriter::create(None)? },
        None => open_record(merged.game.record.as_deref(), &fingerprint)?,
    };
    let jobs = merged.game.jobs();
    let plan = Plan {
        format: merged.format,
        names: &names,
        roster: merged.roster.as_deref(),
        seed: merged.game.seed,
        pairs_each,
        tiebreak_pairs: merged.tiebreak_pairs,
        time: settings.time,
        limits: merged.limits.describe(),
        jobs,
        kept: merged.game.record.is_some() || merged.slurm,
    };
    for line in plan_lines(&plan, &resume.ledger) {
        eprintln!("{line}");
    }
    if args.plan {
        return Ok(ExitCode::SUCCESS);
    }
    let bar = Bar::games();
    let runner = Runner::new(merged.engines.clone(), settings, jobs, resume.writer, Box::new(bar.clone()));
    let how = Conduct {
        format: merged.format,
        names: &names,
        knockout: KnockoutSettings {
            pairs_per_bout: pairs_each,
            tiebreak_pairs: merged.tiebreak_pairs,
            seed: merged.game.seed,
        },
        // On a cluster, the games not yet recorded go to the next wave of jobs instead.
        defer: args.slurm.is_some(),
    };
    // Lines printed above the progress bar; the first failure to print is reported once
    // the tournament is over.
    let mut printed: anyhow::Result<()> = Ok(());
    let say_above = |lines: Vec<String>| {
        bar.above(|| {
            if printed.is_ok() {
                printed = lines.iter().try_for_each(|line| -> anyhow::Result<()> {
                    say!("{line}");
                    Ok(())
                });
            }
        });
    };
    let finished = match conduct(&how, &runner, Schedule::new(openings), &resume.ledger, say_above)? {
        Conducted::Finished(finished) => finished,
        // On a cluster, a tournament stopped by games left to the next wave plans that wave.
        Conducted::Deferred(wave) => {
            bar.finish();
            let dir = args.slurm.as_deref().context("games deferred without --slurm")?;
            return super::tournament_slurm::plan_wave(dir, &wave, args.submit);
        }
    };
    printed?;
    bar.finish();
    match &finished.bracket {
        Some(Bracket { champion: Some(champion), .. }) => say!("Champion: {}", names[*champion]),
        _ => say_part!("{}", finished.standings.crosstable()),
    }
    say!();
    say_part!("{}", finished.standings.summary());
    if finished.taken > 0 {
        eprintln!(
            "{} game(s) taken from the record file, {} played now",
            finished.taken,
            finished.games.len() - finished.taken
        );
    }
    let standings_dir = args.standings.clone().or_else(|| args.slurm.as_ref().map(|d| d.join("standings")));
    if let Some(dir) = &standings_dir {
        let title = replay_title(&fingerprint, merged.game.record.as_deref().or(merged.roster.as_deref()));
        let view = TournamentView {
            title,
            names: &names,
            games: &finished.games,
            bracket: finished.bracket.as_ref(),
            ponder: &merged.ponder,
        };
        write_pages(dir, &pages::pages(&view))?;
    }
    Ok(ExitCode::SUCCESS)
}
