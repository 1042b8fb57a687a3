//! `morris standings`: the standings pages of `morris tournament --standings` made from
//! record files alone (results merged from several machines, or a tournament still
//! running).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};

use morris::referee::outcome::record::parse_records;
use morris::referee::outcome::usage::PonderPolicy;
use morris::referee::tournament::bracket::TournamentFormat;
use morris::referee::tournament::conduct::{replay_knockout, write_pages};
use morris::referee::tournament::pages::{self, TournamentView, replay_title};
use morris::referee::tournament::resume::{Fingerprint, Ledger};

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
    let view = TournamentView { title, names: &names, games: &games, bracket: bracket.as_ref(), ponder: &ponder };
    let pages = pages::pages(&view);
    write_pages(&args.out, &pages)?;
    say!("{} pages written to {}", pages.len(), args.out.display());
    if let Some(b) = &bracket {
        for line in pages::bracket_lines(b, &names) {
            say!("{line}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
