//! A class in one file: the roster of a tournament (TOML), read and checked into plain
//! values: the entrants with their commands and folders, the format, games, time
//! control, openings, seed and the engines' limits.
//!
//! Every error names the file, the line and what is wrong, in one line; unknown keys are
//! errors (a misspelt `movetim` must not silently leave the default). Paths in a roster
//! are relative to the roster's own directory. docs/referee.md ("Running a class") has a
//! complete example.

use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use super::bracket::TournamentFormat;
use super::terms::{TournamentOpenings, TournamentTime};
use crate::protocol::{parse_increment, parse_seconds_f64};
use crate::referee::engine::EngineCommand;
use crate::referee::outcome::usage::{DEFAULT_PONDER_SHARE, PonderPolicy};
use crate::referee::sandbox::limits::{EngineLimits, LimitError, MIN_MEMORY, MIN_OPEN_FILES, check_cpus, parse_size};

/// A roster, checked: every value is usable as it stands. A setting the file does not
/// give is `None`, and the command's default holds for it.
#[derive(Clone, Debug, PartialEq)]
pub struct Roster {
    /// The file it was read from.
    pub path: PathBuf,
    /// The format: knockout, round robin or gauntlet.
    pub format: Option<TournamentFormat>,
    /// Games per pairing, played in colour-swapped pairs (an odd number is rounded
    /// up to the next pair).
    pub games: Option<usize>,
    /// The entrants, in the file's order (names unique; program paths and folders resolved).
    pub entrants: Vec<EngineCommand>,
    /// Knockout: extra colour-swapped pairs for a level bout, before a coin from the seed
    /// decides.
    pub tiebreak_pairs: Option<usize>,
    /// Seed of openings, pairings and coins.
    pub seed: Option<u64>,
    /// A time per move or a game clock (the file may give one of them, not both).
    pub time: Option<TournamentTime>,
    /// The engines' limits (the defaults where the file says nothing).
    pub limits: EngineLimits,
    /// Each engine's CPU quota in CPUs' worth of time (`limits.cpus`, as `--engine-cpus`).
    pub cpus: Option<f64>,
    /// Who may think on the opponent's time (`ponder`, `ponder_share`, and an entrant's
    /// own `ponder`): everyone, unless the file says otherwise.
    pub ponder: PonderPolicy,
    /// Slack on each reply, in milliseconds (pipes and scheduling), and more for each
    /// engine's first reply (start-up).
    pub grace_ms: Option<u64>,
    /// See `grace_ms`.
    pub startup_ms: Option<u64>,
    /// The ply cap: a game still running after this many plies past its opening is a
    /// draw.
    pub max_plies: Option<usize>,
    /// An openings file (resolved against the roster's directory) or random plies (the
    /// file may give one of them, not both).
    pub openings: Option<TournamentOpenings>,
}

/// Why a roster cannot be used: the file, the line (when one is to blame) and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path}:{}{message}", line.map_or(String::new(), |l| format!("{l}: ")))]
pub struct RosterError {
    /// The roster file.
    pub path: String,
    /// The line, from 1, when one line is to blame.
    pub line: Option<usize>,
    /// What is wrong, in one line.
    pub message: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRoster {
    // The order of the fields is the order `deny_unknown_fields` lists them in.
    format: Option<Spanned<String>>,
    games: Option<Spanned<usize>>,
    movetime: Option<Spanned<f64>>,
    time: Option<Spanned<f64>>,
    inc: Option<Spanned<f64>>,
    seed: Option<u64>,
    send_clock: Option<Spanned<bool>>,
    max_plies: Option<Spanned<usize>>,
    tiebreak_pairs: Option<usize>,
    openings: Option<Spanned<String>>,
    grace_ms: Option<u64>,
    random_plies: Option<Spanned<usize>>,
    startup_ms: Option<u64>,
    ponder: Option<bool>,
    ponder_share: Option<Spanned<f64>>,
    limits: Option<RawLimits>,
    #[serde(default)]
    entrant: Vec<Spanned<RawEntrant>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLimits {
    memory: Option<Spanned<Size>>,
    processes: Option<Spanned<u64>>,
    file_size: Option<Spanned<Size>>,
    open_files: Option<Spanned<u64>>,
    sandbox: Option<bool>,
    cpus: Option<Spanned<f64>>,
}

/// A size: a number of bytes, or text with a unit (`"2GiB"`).
#[derive(Deserialize)]
#[serde(untagged)]
enum Size {
    Bytes(u64),
    Text(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntrant {
    name: Spanned<String>,
    command: Spanned<String>,
    folder: Option<Spanned<String>>,
    ponder: Option<bool>,
}

/// The characters of an entrant's name: it becomes a file name and a record field.
fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '+' | '@')
}

/// Reads and checks the roster at `path`.
///
/// # Errors
/// The file cannot be read, is not TOML, has an unknown key, or a value that is not
/// usable; the error names the line.
pub fn read_roster(path: &Path) -> Result<Roster, RosterError> {
    let text = crate::files::read_text(path, crate::files::SMALL_TEXT).map_err(|e| RosterError {
        path: path.display().to_string(),
        line: None,
        message: format!("cannot read the roster: {e}"),
    })?;
    parse_roster(&text, path)
}

/// Reads and checks a roster's `text`; `path` names it in errors and is where relative
/// paths start from.
///
/// # Errors
/// As [`read_roster`].
pub fn parse_roster(text: &str, path: &Path) -> Result<Roster, RosterError> {
    let at = |span: Option<Range<usize>>, message: String| RosterError {
        path: path.display().to_string(),
        line: span.map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1),
        message: message.replace('\n', " "),
    };
    let raw: RawRoster = toml::from_str(text).map_err(|e| {
        // The reader's messages name the value, not always the key: quote the line.
        let line = e.span().map(|span| {
            let start = span.start.min(text.len());
            let from = text[..start].rfind('\n').map_or(0, |i| i + 1);
            let to = text[start..].find('\n').map_or(text.len(), |i| start + i);
            text[from..to].trim().to_string()
        });
        let quoted = line.filter(|l| !l.is_empty()).map_or(String::new(), |l| format!(" (in `{l}`)"));
        at(e.span(), format!("{}{quoted}", e.message().trim()))
    })?;
    let base = std::path::absolute(path)
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf))
        .unwrap_or_else(|| PathBuf::from("."));

    let format = match raw.format {
        Some(f) => {
            Some(f.get_ref().parse::<TournamentFormat>().map_err(|e| at(Some(f.span()), format!("format: {e}")))?)
        }
        None => None,
    };
    let positive = |v: &Option<Spanned<usize>>, key: &str| -> Result<Option<usize>, RosterError> {
        match v {
            Some(n) if *n.get_ref() == 0 => Err(at(Some(n.span()), format!("{key} must be at least 1"))),
            Some(n) => Ok(Some(*n.get_ref())),
            None => Ok(None),
        }
    };
    let games = positive(&raw.games, "games")?;
    let max_plies = positive(&raw.max_plies, "max_plies")?;
    let seconds = |v: &Option<Spanned<f64>>, key: &str| -> Result<Option<f64>, RosterError> {
        v.as_ref()
            .map(|s| parse_seconds_f64(&s.get_ref().to_string()).map_err(|e| at(Some(s.span()), format!("{key}: {e}"))))
            .transpose()
    };
    let movetime = seconds(&raw.movetime, "movetime")?;
    let time = seconds(&raw.time, "time")?;
    if let (Some(_), Some(t)) = (&raw.movetime, &raw.time) {
        return Err(at(Some(t.span()), "movetime and time exclude each other: a time per move or a game clock".into()));
    }
    let inc = match &raw.inc {
        Some(i) if raw.time.is_none() => {
            return Err(at(Some(i.span()), "inc needs a game clock: set time too".into()));
        }
        Some(i) => {
            Some(parse_increment(&i.get_ref().to_string()).map_err(|e| at(Some(i.span()), format!("inc: {e}")))?)
        }
        None => None,
    };
    let send_clock = match &raw.send_clock {
        Some(s) if *s.get_ref() && raw.time.is_none() => {
            return Err(at(Some(s.span()), "send_clock needs a game clock: set time too".into()));
        }
        Some(s) => *s.get_ref(),
        None => false,
    };
    if let (Some(_), Some(r)) = (&raw.openings, &raw.random_plies) {
        return Err(at(Some(r.span()), "openings and random_plies exclude each other: a file or random plies".into()));
    }
    let openings = match (&raw.openings, &raw.random_plies) {
        (Some(o), _) => {
            let file = base.join(o.get_ref());
            if !file.is_file() {
                return Err(at(Some(o.span()), format!("openings: no file {}", file.display())));
            }
            Some(TournamentOpenings::File(file))
        }
        (None, Some(r)) => Some(TournamentOpenings::Random(*r.get_ref())),
        (None, None) => None,
    };
    let time = match (movetime, time) {
        (Some(m), _) => Some(TournamentTime::PerMove(m)),
        (None, Some(t)) => Some(TournamentTime::Clock(t, inc.unwrap_or_default(), send_clock)),
        (None, None) => None,
    };

    let mut limits = EngineLimits::default();
    let mut cpus = None;
    if let Some(l) = raw.limits {
        if let Some(c) = &l.cpus {
            cpus = Some(check_cpus(*c.get_ref()).map_err(|e| at(Some(c.span()), format!("limits.cpus: {e}")))?);
        }
        let size = |s: &Spanned<Size>, key: &str| -> Result<u64, RosterError> {
            match s.get_ref() {
                Size::Bytes(n) => Ok(*n),
                Size::Text(t) => parse_size(t).map_err(|e| at(Some(s.span()), format!("limits.{key}: {e}"))),
            }
        };
        let too_small = |span, e: LimitError| at(Some(span), format!("limits.{e}"));
        if let Some(m) = &l.memory {
            limits.memory = size(m, "memory")?;
            if limits.memory < MIN_MEMORY {
                let e = EngineLimits { memory: limits.memory, ..EngineLimits::default() }.validate().unwrap_err();
                return Err(too_small(m.span(), e));
            }
        }
        if let Some(f) = &l.file_size {
            limits.file_size = size(f, "file_size")?;
        }
        if let Some(p) = &l.processes {
            limits.processes = *p.get_ref();
            if limits.processes == 0 {
                return Err(at(Some(p.span()), "limits.processes must be at least 1".into()));
            }
        }
        if let Some(o) = &l.open_files {
            limits.open_files = *o.get_ref();
            if limits.open_files < MIN_OPEN_FILES {
                return Err(at(
                    Some(o.span()),
                    format!("limits.open_files must be at least {MIN_OPEN_FILES} (stdin, stdout and stderr)"),
                ));
            }
        }
        if let Some(s) = l.sandbox {
            limits.sandbox = s;
        }
    }

    let share = match &raw.ponder_share {
        Some(s) if (0.0..=1.0).contains(s.get_ref()) => *s.get_ref(),
        Some(s) => {
            return Err(at(
                Some(s.span()),
                format!("ponder_share {} is not a share from 0 to 1 (0.1 is 10%)", s.get_ref()),
            ));
        }
        None => DEFAULT_PONDER_SHARE,
    };
    let mut ponder = PonderPolicy { share, forbidden: Vec::new() };
    let mut entrants: Vec<EngineCommand> = Vec::new();
    for spanned in &raw.entrant {
        let e = spanned.get_ref();
        let name = e.name.get_ref().trim();
        if name.is_empty() || !name.chars().all(is_name_char) {
            return Err(at(
                Some(e.name.span()),
                format!("entrant name {name:?}: use letters, digits and _ - . + @ only (it names files and columns)"),
            ));
        }
        if entrants.iter().any(|o| o.name == name) {
            return Err(at(Some(e.name.span()), format!("entrant name {name:?} is given twice")));
        }
        let mut command = EngineCommand::parse(e.command.get_ref()).map_err(|_| {
            at(
                Some(e.command.span()),
                format!("entrant {name}: command {:?} is empty or has an unclosed quote", e.command.get_ref()),
            )
        })?;
        command.name = name.to_string();
        if !e.ponder.or(raw.ponder).unwrap_or(true) {
            ponder.forbidden.push(name.to_string());
        }
        if let Some(f) = &e.folder {
            let folder = base.join(f.get_ref());
            if !folder.is_dir() {
                return Err(at(Some(f.span()), format!("entrant {name}: no folder {}", folder.display())));
            }
            command.folder = Some(folder);
        }
        // A program given by a relative path is found from the entrant's folder, or else
        // from the roster's directory; a bare name is looked up on PATH.
        if let Some(program) = command.words.first_mut()
            && program.contains('/')
            && Path::new(program.as_str()).is_relative()
        {
            let from = command.folder.as_deref().unwrap_or(&base);
            *program = from.join(program.as_str()).display().to_string();
        }
        entrants.push(command);
    }
    if entrants.len() < 2 {
        let span = raw.entrant.last().map(Spanned::span);
        return Err(at(
            span,
            format!("a tournament needs at least two entrants ([[entrant]] tables), the roster has {}", entrants.len()),
        ));
    }

    Ok(Roster {
        path: path.to_path_buf(),
        format,
        games,
        entrants,
        tiebreak_pairs: raw.tiebreak_pairs,
        seed: raw.seed,
        time,
        limits,
        cpus,
        ponder,
        grace_ms: raw.grace_ms,
        startup_ms: raw.startup_ms,
        max_plies,
        openings,
    })
}
