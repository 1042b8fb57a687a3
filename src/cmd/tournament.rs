//! `morris tournament`: a knockout, round robin or gauntlet between engine programs
//! ([`morris::referee`]), from `--engine` options or a roster file; prints the plan, the
//! bracket or the cross table and the summary; resumes from its record file; writes the
//! standings pages.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, bail, ensure};

use super::common::value_enum_mirror;
use super::progress::Bar;
use super::referee::GameArgs;
use super::standings::{replay_title, write_pages};
use morris::referee::engine::EngineCommand;
use morris::referee::outcome::record::{RecordWriter, RecordedGame, parse_records};
use morris::referee::outcome::stats::Standings;
use morris::referee::outcome::usage::PonderPolicy;
use morris::referee::sandbox::limits::EngineLimits;
use morris::referee::tournament::bracket::{self, KnockoutSettings};
use morris::referee::tournament::pages::{self, Bracket, Event};
use morris::referee::tournament::resume::{Fingerprint, Ledger, Schedule, Scheduler};
use morris::referee::tournament::roster::{Roster, RosterOpenings, RosterTime, read_roster};
use morris::referee::tournament::runner::Runner;

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

/// Plies in a typical game, for the plan's estimate before any game is played: the 18
/// placements and about a hundred moves after them (an assumption, not a measurement;
/// a resumed tournament uses the mean of its games instead).
const TYPICAL_PLIES: f64 = 120.0;

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
struct Setup {
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

impl Setup {
    fn new(args: &TournamentArgs) -> anyhow::Result<Setup> {
        let Some(path) = &args.roster else {
            ensure!(args.engines.len() >= 2, "a tournament needs at least two --engine options");
            return Ok(Setup {
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
            Some(RosterTime::PerMove(s)) => t.movetime = s,
            Some(RosterTime::Clock(time, inc, send)) => {
                (game.time, game.inc, game.send_clock) = (Some(time), Some(inc), send)
            }
            None => {}
        }
        game.max_plies = r.max_plies.unwrap_or(game.max_plies);
        match r.openings {
            Some(RosterOpenings::File(file)) => game.openings = Some(file),
            Some(RosterOpenings::Random(plies)) => game.random_plies = plies,
            None => {}
        }
        game.seed = r.seed.unwrap_or(game.seed);
        // --engine-cpus overrides the roster's quota, as the other limits do.
        game.sandbox.engine_cpus = game.sandbox.engine_cpus.or(r.cpus);
        Ok(Setup {
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

    /// Everything that decides the games, for the record file.
    fn fingerprint(&self) -> Fingerprint {
        let g = &self.game;
        let mut f = Fingerprint::new();
        f.push("format", self.format.name());
        f.push("games", self.games);
        if self.format == LibraryFormat::Knockout {
            f.push("tiebreak_pairs", self.tiebreak_pairs);
        }
        f.push("seed", g.seed);
        f.push(
            "time",
            match g.time {
                Some(t) => format!(
                    "clock {t} inc {}{}",
                    g.inc.unwrap_or_default().as_secs_f64(),
                    if g.send_clock { " sent" } else { "" }
                ),
                None => format!("movetime {}", g.timing.movetime),
            },
        );
        f.push("grace_ms", g.timing.grace_ms);
        f.push("startup_ms", g.timing.startup_ms);
        f.push("max_plies", g.max_plies);
        f.push(
            "openings",
            match &g.openings {
                Some(file) => format!("file {}", file.display()),
                None => format!("random {}", g.random_plies),
            },
        );
        f.push(
            "rules",
            format!(
                "removal {} repetition {} no_removal_plies {}{}",
                g.rules.removal.name(),
                g.rules.repetition,
                g.rules.no_removal_plies,
                if g.pass_rules { " passed" } else { "" }
            ),
        );
        f.push("tablebase", g.tablebase.as_ref().map_or("-".to_string(), |t| t.display().to_string()));
        f.push("limits", self.limits.describe());
        // Only when set, so the files of tournaments from before these keys still match.
        if let Some(cpus) = g.sandbox.engine_cpus {
            f.push("cpus", cpus);
        }
        if let Some(ponder) = self.ponder.describe() {
            f.push("ponder", ponder);
        }
        f.push("entrants", self.engines.iter().map(|e| e.name.as_str()).collect::<Vec<_>>().join(" "));
        for e in &self.engines {
            let folder = e.folder.as_ref().map_or(String::new(), |d| format!(" (in {})", d.display()));
            f.push(&format!("entrant.{}", e.name), format!("{}{folder}", e.words.join(" ")));
        }
        f
    }
}

/// The record file's games and how to go on writing it.
struct Resume {
    ledger: Ledger,
    writer: RecordWriter,
}

/// Opens the record file: a new one gets the header and the tournament line; one that
/// holds this tournament is continued; one that holds another is refused.
fn open_record(path: Option<&Path>, fingerprint: &Fingerprint) -> anyhow::Result<Resume> {
    let Some(path) = path else {
        return Ok(Resume { ledger: Ledger::default(), writer: RecordWriter::create(None)? });
    };
    let text = match morris::files::read_text(path, morris::files::GAMES_TEXT) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => bail!("cannot read the record file {}: {e}", path.display()),
    };
    // A last line without its line end was being written when the referee stopped: it is
    // played again (the writer cuts it off).
    let whole = &text[..text.rfind('\n').map_or(0, |i| i + 1)];
    let games = parse_records(whole).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    match Fingerprint::find_in(whole) {
        None if games.is_empty() => {
            let writer = RecordWriter::create_with(Some(path), &[fingerprint.line()])?;
            Ok(Resume { ledger: Ledger::default(), writer })
        }
        None => bail!(
            "{} holds games but no tournament line: it was not written by `morris tournament` (or by a version \
             before resuming); give another --record file",
            path.display()
        ),
        Some(recorded) => {
            if let Some(diff) = fingerprint.difference(&recorded) {
                bail!(
                    "{} was written by another tournament ({diff}); to continue it, run it with the same roster \
                     and options; else give another --record file",
                    path.display()
                );
            }
            let ledger = Ledger::new(games, true).with_context(|| path.display().to_string())?;
            Ok(Resume { ledger, writer: RecordWriter::append(path)? })
        }
    }
}

/// Seconds of one game, and where the figure comes from.
fn game_seconds(game: &GameArgs, played: &Ledger) -> (f64, String) {
    let timed: Vec<f64> = played
        .games()
        .filter(|g| g.think.iter().any(|t| !t.is_empty()))
        .map(|g| g.think.iter().flatten().map(Duration::as_secs_f64).sum())
        .collect();
    if !timed.is_empty() {
        let mean = timed.iter().sum::<f64>() / timed.len() as f64;
        return (mean, format!("the mean of the {} games played", timed.len()));
    }
    match game.time {
        Some(t) => {
            let inc = game.inc.unwrap_or_default().as_secs_f64();
            (2.0 * t + TYPICAL_PLIES * inc, format!("both clocks used up over {TYPICAL_PLIES} plies"))
        }
        None => (TYPICAL_PLIES * game.timing.movetime, format!("{TYPICAL_PLIES} plies at the full time per move")),
    }
}

fn hours(seconds: f64) -> String {
    if seconds < 3600.0 { format!("{:.0} min", (seconds / 60.0).ceil()) } else { format!("{:.1} h", seconds / 3600.0) }
}

/// The plan, on stderr: who plays whom, how many games, and how long it should take.
fn print_plan(setup: &Setup, names: &[String], pairs_each: usize, ledger: &Ledger, jobs: usize) {
    let n = names.len();
    let g = &setup.game;
    let source = setup.roster.as_ref().map_or(String::new(), |p| format!(" from {}", p.display()));
    eprintln!(
        "Plan: {} of {n} entrants{source}, seed {}, {} games a pairing",
        setup.format.name(),
        g.seed,
        2 * pairs_each
    );
    let pair_text = |pairs: &[(usize, usize)]| {
        pairs.iter().map(|&(a, b)| format!("{}-{}", names[a], names[b])).collect::<Vec<_>>().join(", ")
    };
    let (games_min, games_max) = match setup.format {
        LibraryFormat::Knockout => {
            let first = bracket::first_round(n, g.seed);
            let odd = first.odd.map_or(String::new(), |o| format!("; odd one out: {}", names[o]));
            eprintln!("  round 1: {}{odd}", pair_text(&first.pairs));
            let bouts = bracket::knockout_bouts(n);
            (bouts * 2 * pairs_each, bouts * 2 * (pairs_each + setup.tiebreak_pairs))
        }
        LibraryFormat::RoundRobin | LibraryFormat::Gauntlet => {
            let pairs = pairings(setup.format, n);
            eprintln!("  pairings ({}): {}", pairs.len(), pair_text(&pairs));
            (pairs.len() * 2 * pairs_each, pairs.len() * 2 * pairs_each)
        }
    };
    let range = if games_min == games_max {
        format!("{games_min} games")
    } else {
        format!("{games_min} games ({games_max} if every bout goes to its tie-breaks)")
    };
    let done = ledger.len();
    let left = games_min.saturating_sub(done);
    eprintln!(
        "  {range}; {}",
        if done > 0 {
            format!("resuming: {done} already in the record file, {left} to play")
        } else {
            "none played yet".to_string()
        }
    );
    let (seconds, basis) = game_seconds(g, ledger);
    let waves = left.div_ceil(jobs.max(1)) as f64;
    eprintln!(
        "  about {:.1} min a game ({basis}): {:.1} engine-hours (two engines a game, each on a core), {} wall time at --jobs {jobs}",
        seconds / 60.0,
        2.0 * seconds * left as f64 / 3600.0,
        hours(waves * seconds)
    );
    eprintln!("  engine limits: {}", setup.limits.describe());
    if g.record.is_none() && !setup.slurm {
        eprintln!("  no --record file: nothing is kept to resume from");
    }
}

fn pairings(format: LibraryFormat, n: usize) -> Vec<(usize, usize)> {
    if format == LibraryFormat::Gauntlet { bracket::gauntlet_pairs(n) } else { bracket::round_robin_pairs(n) }
}

/// Runs `morris tournament`.
///
/// # Errors
/// Bad options or roster, an unreadable openings file, a record file of another
/// tournament or one that cannot be written.
pub fn run(args: &TournamentArgs) -> anyhow::Result<ExitCode> {
    let setup = Setup::new(args)?;
    let settings = setup.game.settings(setup.limits)?;
    let pairs_each = setup.games.div_ceil(2).max(1);
    let openings = setup.game.openings(64, settings.rules, &setup.engines)?;
    let names: Vec<String> = setup.engines.iter().map(|e| e.name.clone()).collect();
    let fingerprint = setup.fingerprint();
    if let (Some(dir), Some(task)) = (&args.slurm, &args.slurm_task) {
        return super::tournament_slurm::play_task(dir, task, &fingerprint, &setup.engines, settings);
    }
    let resume = match &args.slurm {
        Some(dir) => {
            Resume { ledger: super::tournament_slurm::ledger(dir, &fingerprint)?, writer: RecordWriter::create(None)? }
        }
        None => open_record(setup.game.record.as_deref(), &fingerprint)?,
    };
    // On a cluster, the games not yet recorded go to the next wave of jobs instead.
    let deferred = std::cell::RefCell::new(Vec::new());
    let jobs = setup.game.jobs();
    print_plan(&setup, &names, pairs_each, &resume.ledger, jobs);
    if args.plan {
        return Ok(ExitCode::SUCCESS);
    }
    let bar = Bar::games();
    let runner = Runner::new(setup.engines.clone(), settings, jobs, resume.writer, Box::new(bar.clone()));
    let mut scheduler = Scheduler::new(Schedule::new(openings), &resume.ledger, &names);
    let mut play = |pairs: &[(usize, usize)], each: usize| -> bracket::BoutPoints {
        scheduler.bouts(pairs, each, |todo| {
            if args.slurm.is_some() {
                deferred.borrow_mut().extend(todo.iter().cloned());
                return Err(morris::referee::tournament::error::TournamentError::Deferred(todo.len()));
            }
            runner.play_numbered(todo)
        })
    };
    let mut bracket = None;
    let conducted = (|| -> anyhow::Result<()> {
        match setup.format {
            LibraryFormat::Knockout => {
                let ko = KnockoutSettings {
                    pairs_per_bout: pairs_each,
                    tiebreak_pairs: setup.tiebreak_pairs,
                    seed: setup.game.seed,
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
                print_lines(vec![format!("Knockout of {n} entrants, seed {}: {}", setup.game.seed, names.join(", "))]);
                let mut rounds = Vec::new();
                let (_, champion) = bracket::knockout(n, &ko, &mut play, |round| {
                    print_lines(pages::round_lines(round, &names));
                    rounds.push(round.clone());
                })?;
                printed?;
                bar.finish();
                say!("Champion: {}", names[champion]);
                bracket = Some(Bracket { rounds, champion: Some(champion) });
            }
            LibraryFormat::RoundRobin | LibraryFormat::Gauntlet => {
                play(&pairings(setup.format, names.len()), pairs_each)?;
                bar.finish();
            }
        }
        Ok(())
    })();
    // On a cluster, a tournament stopped by games left to the next wave plans that wave.
    let wave = deferred.take();
    if let (Err(_), Some(dir), false) = (&conducted, &args.slurm, wave.is_empty()) {
        bar.finish();
        return super::tournament_slurm::plan_wave(dir, &wave, args.submit);
    }
    conducted?;
    let games: Vec<RecordedGame> = scheduler.games().to_vec();
    let mut standings = Standings::with_names(&names);
    for g in &games {
        standings.add_recorded(g);
    }
    if bracket.is_none() {
        say_part!("{}", standings.crosstable());
    }
    say!();
    say_part!("{}", standings.summary());
    if scheduler.taken() > 0 {
        eprintln!(
            "{} game(s) taken from the record file, {} played now",
            scheduler.taken(),
            games.len() - scheduler.taken()
        );
    }
    let standings_dir = args.standings.clone().or_else(|| args.slurm.as_ref().map(|d| d.join("standings")));
    if let Some(dir) = &standings_dir {
        let title = replay_title(&fingerprint, setup.game.record.as_deref().or(setup.roster.as_deref()));
        let event = Event { title, names: &names, games: &games, bracket: bracket.as_ref(), ponder: &setup.ponder };
        write_pages(dir, &pages::pages(&event))?;
    }
    Ok(ExitCode::SUCCESS)
}
