//! `morris standings`: the standings pages of `morris tournament --standings` made from
//! record files alone (results merged from several machines, or a tournament still
//! running), and the helpers both commands share.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};

use morris::referee::outcome::record::parse_records;
use morris::referee::outcome::usage::PonderPolicy;
use morris::referee::tournament::bracket::{self, KnockoutSettings, TournamentFormat};
use morris::referee::tournament::error::TournamentError;
use morris::referee::tournament::pages::{self, Bracket, Event, Page};
use morris::referee::tournament::resume::{Fingerprint, Ledger, Schedule, Scheduler};

/// Options of `morris standings`.
#[derive(clap::Args, Debug)]
pub struct StandingsArgs {
    /// Record files (`--record` of `morris tournament` or `match`); several are read as one
    #[arg(required = true, value_name = "RECORD_FILE")]
    pub files: Vec<PathBuf>,
    /// Where to write the pages
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

/// The pages' title: the tournament's format and seed, and the file it came from.
#[must_use]
pub fn replay_title(fingerprint: &Fingerprint, source: Option<&Path>) -> String {
    let from = source.and_then(Path::file_name).map_or(String::new(), |f| format!(" ({})", f.to_string_lossy()));
    match (fingerprint.get("format"), fingerprint.get("seed")) {
        (Some(format), Some(seed)) => format!("Tournament: {format}, seed {seed}{from}"),
        _ => format!("Games{from}"),
    }
}

/// Writes `pages` under `dir` (creating it and `dir/entrants`).
///
/// # Errors
/// A directory or file that cannot be written.
pub fn write_pages(dir: &Path, pages: &[Page]) -> anyhow::Result<()> {
    for page in pages {
        let path = dir.join(&page.path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).with_context(|| format!("cannot create {}", parent.display()))?;
        }
        std::fs::write(&path, &page.text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// Replays a knockout from its recorded games: the same bracket, as far as the games go.
///
/// # Errors
/// The games do not fit the knockout (another number of games, other players).
pub fn replay_knockout(fingerprint: &Fingerprint, names: &[String], ledger: &Ledger) -> anyhow::Result<Bracket> {
    let number = |key: &str| -> anyhow::Result<u64> {
        let text = fingerprint.get(key).with_context(|| format!("the tournament line has no {key}"))?;
        text.parse().with_context(|| format!("the tournament line's {key} is {text:?}"))
    };
    let settings = KnockoutSettings {
        pairs_per_bout: usize::try_from(number("games")?)?.div_ceil(2).max(1),
        tiebreak_pairs: usize::try_from(number("tiebreak_pairs")?)?,
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
        Err(e) => Err(e.into()),
    }
}

/// Runs `morris standings`.
///
/// # Errors
/// Unreadable record files, or games that do not fit the tournament they name.
pub fn run(args: &StandingsArgs) -> anyhow::Result<ExitCode> {
    let mut text = String::new();
    for file in &args.files {
        let t = morris::files::read_text(file, morris::files::GAMES_TEXT)
            .with_context(|| format!("cannot read {}", file.display()))?;
        // A last line without its line end was still being written.
        text.push_str(&t[..t.rfind('\n').map_or(0, |i| i + 1)]);
    }
    let games = parse_records(&text).map_err(|e| anyhow::anyhow!("{}: {e}", args.files[0].display()))?;
    if games.is_empty() {
        bail!("{} holds no game", args.files[0].display());
    }
    let fingerprint = Fingerprint::find_in(&text).unwrap_or_default();
    let names: Vec<String> = match fingerprint.get("entrants") {
        Some(list) => list.split_whitespace().map(str::to_string).collect(),
        None => {
            let mut names: Vec<String> = Vec::new();
            for g in &games {
                for n in &g.names {
                    if !names.contains(n) {
                        names.push(n.clone());
                    }
                }
            }
            names
        }
    };
    let bracket = if fingerprint.get("format") == Some(TournamentFormat::Knockout.name()) {
        let ledger = Ledger::new(games.clone(), false)?;
        Some(replay_knockout(&fingerprint, &names, &ledger)?)
    } else {
        None
    };
    let mut games = games;
    games.sort_by_key(|g| g.number);
    let title = replay_title(&fingerprint, args.files.first().map(PathBuf::as_path));
    // The tournament line keeps who may not ponder (everyone may, where it says nothing).
    let ponder = fingerprint.get("ponder").and_then(PonderPolicy::from_description).unwrap_or_default();
    let event = Event { title, names: &names, games: &games, bracket: bracket.as_ref(), ponder: &ponder };
    let pages = pages::pages(&event);
    write_pages(&args.out, &pages)?;
    say!("{} pages written to {}", pages.len(), args.out.display());
    if let Some(b) = &bracket {
        for line in pages::bracket_lines(b, &names) {
            say!("{line}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
