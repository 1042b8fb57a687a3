//! Conducting a tournament: what `morris tournament` does between reading its options
//! and printing, as library calls that return what there is to print.
//!
//! [`open_record`] continues a record file or starts one, [`plan_lines`] says who plays
//! whom and how long it should take, and [`conduct`] plays the tournament (taking the
//! games the record file already has, or leaving the rest to the next Slurm wave) and
//! returns its games, bracket and standings. Nothing here prints or parses options.

use std::path::Path;
use std::time::Duration;

use super::bracket::{self, KnockoutSettings, Pairing, TournamentFormat};
use super::error::TournamentError;
use super::pages::{self, Bracket, Page};
use super::resume::{Fingerprint, Ledger, Schedule, Scheduler};
use super::runner::Runner;
use crate::referee::outcome::record::{RecordWriter, RecordedGame, parse_records};
use crate::referee::outcome::stats::Standings;
use crate::referee::outcome::time_control::TimeControl;

/// Plies in a typical game, for the plan's estimate before any game is played: the 18
/// placements and about a hundred moves after them (an assumption, not a measurement;
/// a resumed tournament uses the mean of its games instead).
const TYPICAL_PLIES: f64 = 120.0;

/// Writes `pages` under `dir` (creating it and `dir/entrants`).
///
/// # Errors
/// A folder or file that cannot be written.
pub fn write_pages(dir: &Path, pages: &[Page]) -> Result<(), TournamentError> {
    for page in pages {
        let path = dir.join(&page.path);
        let failed = |path: &Path, action, e: std::io::Error| TournamentError::File {
            action,
            path: path.display().to_string(),
            reason: e.to_string(),
        };
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| failed(parent, "create", e))?;
        }
        std::fs::write(&path, &page.text).map_err(|e| failed(&path, "write", e))?;
    }
    Ok(())
}

/// Replays a knockout from its recorded games (`ledger`; its settings from the record
/// file's tournament line): the same bracket, as far as the games go.
///
/// # Errors
/// The tournament line lacks a setting, or the games do not fit the knockout (another
/// number of games, other players).
pub fn replay_knockout(
    fingerprint: &Fingerprint,
    names: &[String],
    ledger: &Ledger,
) -> Result<Bracket, TournamentError> {
    let number = |key: &str| -> Result<u64, TournamentError> {
        let text = fingerprint
            .get(key)
            .ok_or_else(|| TournamentError::TournamentLine(format!("the tournament line has no {key}")))?;
        text.parse()
            .map_err(|e| TournamentError::TournamentLine(format!("the tournament line's {key} is {text:?}: {e}")))
    };
    let count = |key: &str| -> Result<usize, TournamentError> {
        let n = number(key)?;
        usize::try_from(n).map_err(|e| TournamentError::TournamentLine(e.to_string()))
    };
    let settings = KnockoutSettings {
        pairs_per_bout: count("games")?.div_ceil(2).max(1),
        tiebreak_pairs: count("tiebreak_pairs")?,
        seed: number("seed")?,
    };
    let mut scheduler = Scheduler::new(Schedule::new(Vec::new()), ledger, names);
    let mut rounds = Vec::new();
    let mut missing = |pairs: &[(usize, usize)], each: usize| {
        scheduler.bouts(pairs, each, |todo| {
            let (n, g) = &todo[0];
            Err(TournamentError::NotRecorded {
                number: *n,
                white: names[g.white].clone(),
                black: names[g.black].clone(),
            })
        })
    };
    match bracket::knockout(names.len(), &settings, &mut missing, |r| rounds.push(r.clone())) {
        Ok((_, champion)) => Ok(Bracket { rounds, champion: Some(champion) }),
        Err(TournamentError::NotRecorded { .. }) => Ok(Bracket { rounds, champion: None }),
        Err(e) => Err(e),
    }
}

/// The record file's games and how to go on writing it.
pub struct Resume {
    /// The games it holds.
    pub ledger: Ledger,
    /// Where the games played now go.
    pub writer: RecordWriter,
}

/// Opens the record file: a new one gets the header and the tournament line; one that
/// holds this tournament is continued; one that holds another is refused. No file: no
/// games, and nothing written.
///
/// # Errors
/// The file cannot be read, does not read as records, holds another tournament's games
/// (or games of no tournament), or cannot be written.
pub fn open_record(path: Option<&Path>, fingerprint: &Fingerprint) -> Result<Resume, TournamentError> {
    let Some(path) = path else {
        return Ok(Resume { ledger: Ledger::default(), writer: RecordWriter::create(None)? });
    };
    let shown = || path.display().to_string();
    let text = match crate::files::read_text(path, crate::files::GAMES_TEXT) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(TournamentError::RecordUnreadable { path: shown(), reason: e.to_string() }),
    };
    // A last line without its line end was being written when the referee stopped: it is
    // played again (the writer cuts it off).
    let whole = &text[..text.rfind('\n').map_or(0, |i| i + 1)];
    let invalid = |reason: String| TournamentError::RecordInvalid { path: shown(), reason };
    let games = parse_records(whole).map_err(|e| invalid(e.to_string()))?;
    match Fingerprint::find_in(whole) {
        None if games.is_empty() => {
            let writer = RecordWriter::create_with(Some(path), &[fingerprint.line()])?;
            Ok(Resume { ledger: Ledger::default(), writer })
        }
        None => Err(TournamentError::NoTournamentLine { path: shown() }),
        Some(recorded) => {
            if let Some(difference) = fingerprint.difference(&recorded) {
                return Err(TournamentError::OtherTournament { path: shown(), difference });
            }
            let ledger = Ledger::new(games, true).map_err(|e| invalid(e.to_string()))?;
            Ok(Resume { ledger, writer: RecordWriter::append(path)? })
        }
    }
}

/// What the plan of a tournament is made from.
#[derive(Clone, Debug)]
pub struct Plan<'a> {
    /// The format.
    pub format: TournamentFormat,
    /// The entrants' names, by index.
    pub names: &'a [String],
    /// The roster file it comes from, if any.
    pub roster: Option<&'a Path>,
    /// The seed of pairings and openings.
    pub seed: u64,
    /// Colour-swapped pairs of games a pairing.
    pub pairs_each: usize,
    /// A knockout's extra pairs for a level bout.
    pub tiebreak_pairs: usize,
    /// The time control.
    pub time: TimeControl,
    /// The engines' limits, in words.
    pub limits: String,
    /// Games played at once.
    pub jobs: usize,
    /// Whether the games are kept somewhere to resume from (a record file, or a Slurm folder).
    pub kept: bool,
}

/// Seconds of one game, and where the figure comes from.
fn game_seconds(time: &TimeControl, played: &Ledger) -> (f64, String) {
    let timed: Vec<f64> = played
        .games()
        .filter(|g| g.think.iter().any(|t| !t.is_empty()))
        .map(|g| g.think.iter().flatten().map(Duration::as_secs_f64).sum())
        .collect();
    if !timed.is_empty() {
        let mean = timed.iter().sum::<f64>() / timed.len() as f64;
        return (mean, format!("the mean of the {} games played", timed.len()));
    }
    match time.clock {
        Some(c) => (
            2.0 * c.time.as_secs_f64() + TYPICAL_PLIES * c.increment.as_secs_f64(),
            format!("both clocks used up over {TYPICAL_PLIES} plies"),
        ),
        None => {
            (TYPICAL_PLIES * time.movetime.as_secs_f64(), format!("{TYPICAL_PLIES} plies at the full time per move"))
        }
    }
}

fn hours(seconds: f64) -> String {
    if seconds < 3600.0 { format!("{:.0} min", (seconds / 60.0).ceil()) } else { format!("{:.1} h", seconds / 3600.0) }
}

/// The plan, in lines: who plays whom, how many games (`ledger`: those already played),
/// and how long it should take.
#[must_use]
pub fn plan_lines(plan: &Plan<'_>, ledger: &Ledger) -> Vec<String> {
    let names = plan.names;
    let n = names.len();
    let source = plan.roster.map_or(String::new(), |p| format!(" from {}", p.display()));
    let mut lines = vec![format!(
        "Plan: {} of {n} entrants{source}, seed {}, {} games a pairing",
        plan.format.name(),
        plan.seed,
        2 * plan.pairs_each
    )];
    let pair_text = |pairs: &[(usize, usize)]| {
        pairs.iter().map(|&(a, b)| format!("{}-{}", names[a], names[b])).collect::<Vec<_>>().join(", ")
    };
    let pairs_each = plan.pairs_each;
    let (games_min, games_max) = match plan.format {
        TournamentFormat::Knockout => {
            let first = bracket::first_round(n, plan.seed);
            let odd = first.odd.map_or(String::new(), |o| format!("; odd one out: {}", names[o]));
            lines.push(format!("  round 1: {}{odd}", pair_text(&first.pairs)));
            let bouts = bracket::knockout_bouts(n);
            (bouts * 2 * pairs_each, bouts * 2 * (pairs_each + plan.tiebreak_pairs))
        }
        TournamentFormat::RoundRobin | TournamentFormat::Gauntlet => {
            let pairs = bracket::pairings(plan.format, n);
            lines.push(format!("  pairings ({}): {}", pairs.len(), pair_text(&pairs)));
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
    lines.push(format!(
        "  {range}; {}",
        if done > 0 {
            format!("resuming: {done} already in the record file, {left} to play")
        } else {
            "none played yet".to_string()
        }
    ));
    let (seconds, basis) = game_seconds(&plan.time, ledger);
    let jobs = plan.jobs;
    let waves = left.div_ceil(jobs.max(1)) as f64;
    lines.push(format!(
        "  about {:.1} min a game ({basis}): {:.1} engine-hours (two engines a game, each on a core), {} wall time at --jobs {jobs}",
        seconds / 60.0,
        2.0 * seconds * left as f64 / 3600.0,
        hours(waves * seconds)
    ));
    lines.push(format!("  engine limits: {}", plan.limits));
    if !plan.kept {
        lines.push("  no --record file: nothing is kept to resume from".to_string());
    }
    lines
}

/// How a tournament is played.
#[derive(Clone, Copy, Debug)]
pub struct Conduct<'a> {
    /// The format.
    pub format: TournamentFormat,
    /// The entrants' names, by index.
    pub names: &'a [String],
    /// Pairs a bout, tie-breaks and seed (a round robin or gauntlet uses the pairs only).
    pub knockout: KnockoutSettings,
    /// Leave the games not yet recorded to the next Slurm wave instead of playing them.
    pub defer: bool,
}

/// A tournament played to its end (as far as this run goes).
#[derive(Clone, Debug)]
pub struct Finished {
    /// Every game, taken from the record file or played now, in number order.
    pub games: Vec<RecordedGame>,
    /// How many of them came from the record file.
    pub taken: usize,
    /// A knockout's bracket (`None` for a round robin or gauntlet).
    pub bracket: Option<Bracket>,
    /// The standings of all the games.
    pub standings: Standings,
}

/// What [`conduct`] came to.
#[derive(Clone, Debug)]
pub enum Conducted {
    /// Every game is played or recorded.
    Finished(Finished),
    /// The games the tournament needs next, not yet recorded, left to the next Slurm
    /// wave (with [`Conduct::defer`]).
    Deferred(Vec<(usize, Pairing)>),
}

/// Plays the tournament with `runner`: the games in `schedule`'s order, each taken from
/// `ledger` when it holds it, else played (or, with `defer`, left to the next wave).
/// `say` gets the lines to show as the tournament goes: a knockout's title, then each
/// round as it ends.
///
/// # Errors
/// A recorded game that does not fit, a game that could not be set up or recorded.
pub fn conduct(
    how: &Conduct<'_>,
    runner: &Runner,
    schedule: Schedule,
    ledger: &Ledger,
    mut say: impl FnMut(Vec<String>),
) -> Result<Conducted, TournamentError> {
    let names = how.names;
    let mut wave = Vec::new();
    let mut scheduler = Scheduler::new(schedule, ledger, names);
    let mut play = |pairs: &[(usize, usize)], each: usize| {
        scheduler.bouts(pairs, each, |todo| {
            if how.defer {
                wave.extend(todo.iter().cloned());
                return Err(TournamentError::Deferred(todo.len()));
            }
            runner.play_numbered(todo)
        })
    };
    let played = match how.format {
        TournamentFormat::Knockout => {
            say(vec![format!(
                "Knockout of {} entrants, seed {}: {}",
                names.len(),
                how.knockout.seed,
                names.join(", ")
            )]);
            let mut rounds = Vec::new();
            bracket::knockout(names.len(), &how.knockout, &mut play, |round| {
                say(pages::round_lines(round, names));
                rounds.push(round.clone());
            })
            .map(|(_, champion)| Some(Bracket { rounds, champion: Some(champion) }))
        }
        TournamentFormat::RoundRobin | TournamentFormat::Gauntlet => {
            play(&bracket::pairings(how.format, names.len()), how.knockout.pairs_per_bout).map(|_| None)
        }
    };
    let bracket = match played {
        Err(_) if !wave.is_empty() => return Ok(Conducted::Deferred(wave)),
        result => result?,
    };
    let games = scheduler.games().to_vec();
    let mut standings = Standings::with_names(names);
    for g in &games {
        standings.add_recorded(g);
    }
    Ok(Conducted::Finished(Finished { taken: scheduler.taken(), games, bracket, standings }))
}
