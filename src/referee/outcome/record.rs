//! The game record file: one finished game per line, tab-separated, written as each game
//! ends (so an interrupted tournament keeps what it played).
//!
//! Format (version 4), after a header line that starts with `#`:
//!
//! ```text
//! game  white  black  result  termination  plies  opening  moves  reason  claims  clocks  think  stderr  usage
//! ```
//!
//! This module also reads the files back, for `analyze` and the replays of `serve`:
//! [`parse_records`] is the one parser of the format, and reads every version, with or
//! without its header.
//!
//! `result` is `white`, `black` or `draw`; `termination` is `rules`, `ply-cap`,
//! `tablebase`, `resign` (a side gave up on the board: the other won), or the forfeit (`illegal`, `malformed`, `time`, `crash`, `limit`, `unsolicited`, `start`); `plies`
//! counts the moves after the opening; `opening` and `moves` are white-space separated
//! moves in our notation (`-` when empty); `reason` says in words why the game ended;
//! `claims` holds the engines' own `result` lines (advisory), `-` if none; `clocks` is
//! each side's remaining game clock in seconds, `white 4.21 black 3.9`, or `-` without a
//! clock (version 2 added this column). Version 3 added `think`, each timed reply's
//! think time in seconds, `white 0.012 0.3 black 0.25` (`-` if none was timed), and
//! `stderr`, the last lines of each engine's stderr as a JSON object
//! `{"white":[…],"black":[…]}` (`-` if both are empty), so pages about the games can be
//! made from the file alone. Version 4 added `usage`, what each engine used
//! ([`super::usage`]: `white cpu=1.5 own=1.2 opponent=0.01 moves=20
//! peak=25165824 oom=no black …`, `-` for what was not measured, the whole field `-` when
//! nothing was).
//!
//! Other `#` lines are comments; a tournament writes its settings in one
//! (`resume`), which readers of games skip.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use std::time::Duration;

use super::result::{FinishedGame, Forfeit, GameResult, Played};
use super::time_control::format_seconds;
use super::usage::EngineUsage;
use crate::rules::{ByColor, Color};

/// The header line of a record file: its fields name the game lines' fields, one for one
/// (the first, `# morris games v4 game`, carries the format's mark and version too), so
/// `cut -f1-6,9` and a spreadsheet show each name over its column. (Files written before
/// 2026-12-01 have a tab after `v4`: one field more, which readers pass over as they pass
/// over every `#` line.)
pub const HEADER: &str = "# morris games v4 game\twhite\tblack\tresult\ttermination\tplies\topening\tmoves\treason\
                          \tclaims\tclocks\tthink\tstderr\tusage";

/// Seconds to the microsecond, as the record writes times: `0.012345`, `1`.
fn format_micros(d: Duration) -> String {
    let text = format!("{:.6}", d.as_secs_f64());
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text.is_empty() { "0".to_string() } else { text.to_string() }
}

/// The `usage` field (version 4): each side's figures as `key=value` words
/// (`white cpu=1.5 own=1.2 opponent=0.01 moves=20 peak=25165824 oom=no black …`), `-` for
/// a figure not measured; the whole field `-` when nothing was measured.
fn format_usage_field(usage: &ByColor<EngineUsage>) -> String {
    if !Color::ALL.into_iter().any(|c| usage[c].is_measured()) {
        return "-".to_string();
    }
    let opt = |v: Option<String>| v.unwrap_or_else(|| "-".to_string());
    let mut words = Vec::new();
    for c in Color::ALL {
        let u = usage[c];
        words.push(c.name().to_string());
        words.push(format!("cpu={}", opt(u.cpu.map(format_micros))));
        words.push(format!("own={}", opt(u.own.map(format_micros))));
        words.push(format!("opponent={}", opt(u.opponent.map(format_micros))));
        words.push(format!("moves={}", u.moves));
        words.push(format!("peak={}", opt(u.peak_memory.map(|b| b.to_string()))));
        words.push(format!("oom={}", opt(u.oom_killed.map(|k| if k { "yes" } else { "no" }.to_string()))));
    }
    words.join(" ")
}

/// Reads a field of words per side (`white … black …`, as `think` and `usage` are), giving
/// each word after a side to `word` with its side.
fn side_words(text: &str, mut word: impl FnMut(Color, &str) -> Result<(), String>) -> Result<(), String> {
    let mut side = None;
    for w in text.split_whitespace() {
        match w {
            "white" => side = Some(Color::White),
            "black" => side = Some(Color::Black),
            _ => {
                let Some(c) = side else { return Err(format!("'{w}' before a side")) };
                word(c, w)?;
            }
        }
    }
    Ok(())
}

/// Reads the `usage` field ([`format_usage_field`]); unknown keys are skipped (a later
/// version may add some).
fn parse_usage_field(text: &str) -> Result<[EngineUsage; 2], String> {
    let mut usage: [EngineUsage; 2] = Default::default();
    side_words(text, |c, word| {
        let Some((key, value)) = word.split_once('=') else {
            return Err(format!("'{word}' is not key=value"));
        };
        let u = &mut usage[c as usize];
        let bad = || format!("'{word}': '{value}' does not read");
        let seconds = || -> Result<Option<Duration>, String> {
            if value == "-" {
                return Ok(None);
            }
            let s: f64 = value.parse().map_err(|_| bad())?;
            Duration::try_from_secs_f64(s).map(Some).map_err(|_| bad())
        };
        match key {
            "cpu" => u.cpu = seconds()?,
            "own" => u.own = seconds()?,
            "opponent" => u.opponent = seconds()?,
            "moves" => u.moves = value.parse().map_err(|_| bad())?,
            "peak" if value == "-" => u.peak_memory = None,
            "peak" => u.peak_memory = Some(value.parse().map_err(|_| bad())?),
            "oom" => {
                u.oom_killed = match value {
                    "yes" => Some(true),
                    "no" => Some(false),
                    "-" => None,
                    _ => return Err(bad()),
                }
            }
            _ => {}
        }
        Ok(())
    })?;
    Ok(usage)
}

/// The `think` field: `white 0.01 0.02 black 0.03`, or `-` without a timed reply.
fn format_think_field(think: &ByColor<Vec<Duration>>) -> String {
    if Color::ALL.into_iter().all(|c| think[c].is_empty()) {
        return "-".to_string();
    }
    let mut words = Vec::new();
    for c in Color::ALL {
        words.push(c.name().to_string());
        words.extend(think[c].iter().map(|&d| format_micros(d)));
    }
    words.join(" ")
}

/// The `stderr` field: a JSON object of each side's lines, or `-` when both are empty.
fn format_stderr_field(tail: &ByColor<Vec<String>>) -> String {
    if Color::ALL.into_iter().all(|c| tail[c].is_empty()) {
        return "-".to_string();
    }
    // Written by hand so White comes first, as everywhere in the file.
    let list = |c: Color| serde_json::to_string(&tail[c]).unwrap_or_else(|_| "[]".to_string());
    format!("{{\"white\":{},\"black\":{}}}", list(Color::White), list(Color::Black))
}

/// The result and termination words of a game written out before it ended (the board's
/// export of a game in progress); its result is `-`.
pub const UNFINISHED: &str = "unfinished";

/// A game as one record line holds it.
#[derive(Clone, Copy, Debug)]
pub enum RecordLine<'a> {
    /// A game the referee (or the board) saw end, nothing measured of its engines.
    Finished(&'a FinishedGame),
    /// A game the referee played, with what its engines used.
    Played(&'a Played),
    /// A game still in progress (the board's export): result `-`, termination
    /// [`UNFINISHED`], no opening, no claims, clocks, think times or stderr.
    Unfinished {
        /// The game's number.
        number: usize,
        /// White's and Black's names.
        names: [&'a str; 2],
        /// The moves so far, in our notation.
        moves: &'a [String],
        /// Why it is written unfinished, in words.
        reason: &'a str,
    },
}

/// One record line (without the line end) of a finished game.
#[must_use]
pub fn format_record(record: &FinishedGame) -> String {
    format_line(RecordLine::Finished(record))
}

/// A record file's text: the header and `line`.
#[must_use]
pub fn record_file(line: RecordLine<'_>) -> String {
    format!("{HEADER}\n{}\n", format_line(line))
}

/// One record line (without the line end): the one writer of the format, for the
/// referee's games and the board's.
#[must_use]
pub fn format_line(line: RecordLine<'_>) -> String {
    let field = |s: &str| {
        let s = s.replace(['\t', '\n', '\r'], " ");
        if s.trim().is_empty() { "-".to_string() } else { s }
    };
    let (record, usage) = match line {
        RecordLine::Finished(record) => (record, "-".to_string()),
        RecordLine::Played(played) => (&played.game, format_usage_field(&played.usage)),
        RecordLine::Unfinished { number, names, moves, reason } => {
            let mut fields = vec![
                number.to_string(),
                field(names[0]),
                field(names[1]),
                "-".to_string(),
                UNFINISHED.to_string(),
                moves.len().to_string(),
                "-".to_string(),
                field(&moves.join(" ")),
                field(reason),
            ];
            fields.extend(["-"; 5].map(str::to_string));
            return fields.join("\t");
        }
    };
    let claims: Vec<String> = Color::ALL
        .into_iter()
        .filter_map(|c| record.claims[c].as_ref().map(|claim| format!("{}: {claim}", c.name())))
        .collect();
    [
        record.number.to_string(),
        field(&record.names[Color::White]),
        field(&record.names[Color::Black]),
        record.result().word().to_string(),
        record.termination.word().to_string(),
        record.moves.len().to_string(),
        field(&record.opening),
        field(&record.moves.join(" ")),
        field(&record.termination.to_string()),
        field(&claims.join("; ")),
        record.clocks.map_or_else(
            || "-".to_string(),
            |c| format!("white {} black {}", format_seconds(c[Color::White]), format_seconds(c[Color::Black])),
        ),
        format_think_field(&record.think),
        format_stderr_field(&record.stderr_tail),
        usage,
    ]
    .join("\t")
}

/// Writes records to a file as games finish; does nothing without a path.
pub struct RecordWriter {
    out: Option<BufWriter<File>>,
}

impl RecordWriter {
    /// Creates (or truncates) `path` and writes the header; `None` writes nothing.
    ///
    /// # Errors
    /// The file cannot be created.
    pub fn create(path: Option<&Path>) -> Result<RecordWriter, RecordFileError> {
        RecordWriter::create_with(path, &[])
    }

    /// Creates (or truncates) `path` and writes the header, then `comments` (each a line
    /// that starts with `#`); `None` writes nothing.
    ///
    /// # Errors
    /// The file cannot be created.
    pub fn create_with(path: Option<&Path>, comments: &[String]) -> Result<RecordWriter, RecordFileError> {
        let Some(path) = path else { return Ok(RecordWriter { out: None }) };
        let file = File::create(path)
            .map_err(|e| RecordFileError::Create { path: path.display().to_string(), reason: e.to_string() })?;
        let mut out = BufWriter::new(file);
        writeln!(out, "{HEADER}").map_err(write_error)?;
        for line in comments {
            writeln!(out, "{line}").map_err(write_error)?;
        }
        out.flush().map_err(write_error)?;
        Ok(RecordWriter { out: Some(out) })
    }

    /// Opens `path` to append games after those it holds (a resumed tournament); cuts
    /// off a last line without its line end first (a game being written when the
    /// referee was stopped).
    ///
    /// # Errors
    /// The file cannot be opened or cut.
    pub fn append(path: &Path) -> Result<RecordWriter, RecordFileError> {
        let shown = || path.display().to_string();
        let text = std::fs::read(path).map_err(|e| RecordFileError::Create { path: shown(), reason: e.to_string() })?;
        let whole = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|f| f.set_len(whole as u64).map(|()| f))
            .map_err(|e| RecordFileError::Create { path: shown(), reason: e.to_string() })?;
        let mut out = BufWriter::new(file);
        std::io::Seek::seek(out.get_mut(), std::io::SeekFrom::End(0)).map_err(write_error)?;
        Ok(RecordWriter { out: Some(out) })
    }

    /// Appends one game and flushes it.
    ///
    /// # Errors
    /// The write failed.
    pub fn write(&mut self, played: &Played) -> Result<(), RecordFileError> {
        if let Some(out) = self.out.as_mut() {
            writeln!(out, "{}", format_line(RecordLine::Played(played)))
                .and_then(|()| out.flush())
                .map_err(write_error)?;
        }
        Ok(())
    }
}

fn write_error(e: std::io::Error) -> RecordFileError {
    RecordFileError::Write { reason: e.to_string() }
}

/// Why the record file cannot be created or written.
#[derive(Debug, thiserror::Error)]
pub enum RecordFileError {
    /// A record file that cannot be created.
    #[error("cannot create record file {path}: {reason}")]
    Create {
        /// The file.
        path: String,
        /// The operating system's reason.
        reason: String,
    },
    /// A record that cannot be written.
    #[error("cannot write the record file: {reason}")]
    Write {
        /// The operating system's reason.
        reason: String,
    },
}

/// A game read back from a record file: enough to replay and study it. Its fields are
/// the line's, as written (the result and termination as words); the referee's
/// [`FinishedGame`], typed and with what only the live game knew (process ids), is
/// written as such a line, and [`RecordedGame::from_finished`] reads it back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedGame {
    /// The game's number in its match or tournament.
    pub number: usize,
    /// The engines' names: White, Black.
    pub names: [String; 2],
    /// `white`, `black` or `draw`.
    pub result: String,
    /// How the game was ended: `rules`, `ply-cap`, a forfeit word, ….
    pub termination: String,
    /// How it ended, in words.
    pub reason: String,
    /// The opening moves (white-space separated, maybe empty).
    pub opening: String,
    /// The moves played after the opening.
    pub moves: String,
    /// The engines' own `result` lines, as written (empty if none).
    pub claims: String,
    /// Each side's clock at the end, White's, Black's, to the millisecond, when the game
    /// was played on a clock (`None` without one, and in files before version 2).
    pub clocks: Option<[Duration; 2]>,
    /// Each timed reply's think time: White's, Black's (empty in files before version 3).
    pub think: [Vec<Duration>; 2],
    /// The last lines of each engine's stderr: White's, Black's (empty before version 3).
    pub stderr_tail: [Vec<String>; 2],
    /// What each engine used: White's, Black's (not measured before version 4).
    pub usage: [EngineUsage; 2],
}

impl RecordedGame {
    /// The game as a record file holds it: [`format_record`] read back by
    /// [`parse_records`], so a game just played and the same game read from a file are
    /// equal (think times to the microsecond, fields as written).
    ///
    /// # Panics
    /// Never: the writer writes every field the reader needs.
    #[must_use]
    pub fn from_finished(game: &FinishedGame) -> RecordedGame {
        RecordedGame::from_line(RecordLine::Finished(game))
    }

    /// A game just played as a record file holds it, with what its engines used
    /// ([`RecordedGame::from_finished`]).
    #[must_use]
    pub fn from_played(played: &Played) -> RecordedGame {
        RecordedGame::from_line(RecordLine::Played(played))
    }

    fn from_line(line: RecordLine<'_>) -> RecordedGame {
        let mut games = parse_records(&format_line(line)).expect("a written record reads back");
        games.remove(0)
    }

    /// Who won, from the `result` field (`None` for an unknown word).
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        match self.result.as_str() {
            "white" => Some(GameResult::Win(Color::White)),
            "black" => Some(GameResult::Win(Color::Black)),
            "draw" => Some(GameResult::Draw),
            _ => None,
        }
    }

    /// The side `name` played, if it played this game.
    #[must_use]
    pub fn side_of(&self, name: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.names[c as usize] == name)
    }

    /// The name of the engine that played `side`.
    #[must_use]
    pub fn name(&self, side: Color) -> &str {
        &self.names[side as usize]
    }

    /// The points of `name` in this game (0 if it did not play it or the result is unknown).
    #[must_use]
    pub fn score_of(&self, name: &str) -> f64 {
        match (self.side_of(name), self.result()) {
            (Some(side), Some(result)) => result.score(side),
            _ => 0.0,
        }
    }

    /// The side that lost by breaking the protocol, and how, if the game was a forfeit.
    #[must_use]
    pub fn forfeit(&self) -> Option<(Color, Forfeit)> {
        let kind = Forfeit::ALL.into_iter().find(|k| k.word() == self.termination)?;
        match self.result()? {
            GameResult::Win(winner) => Some((!winner, kind)),
            GameResult::Draw => None,
        }
    }
}

/// The fields every record line has, whatever its version: `game` to `reason`. Version 1
/// added `claims`, version 2 `clocks`; a reader needs neither.
pub const RECORD_FIELDS: usize = 9;

/// Why a record file could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A game line has too few fields.
    #[error(
        "line {line}: {found} tab-separated field{}, a game record has at least {RECORD_FIELDS} \
         (game, white, black, result, termination, plies, opening, moves, reason)",
        if *.found == 1 { "" } else { "s" }
    )]
    TooFewFields {
        /// The line, from 1.
        line: usize,
        /// How many fields it has.
        found: usize,
    },
    /// A game line does not start with its number.
    #[error("line {line}: '{found}' is not a game number")]
    Number {
        /// The line, from 1.
        line: usize,
        /// The first field.
        found: String,
    },
    /// A later field (think times, stderr lines) that does not read.
    #[error("line {line}: the {field} field does not read: {reason}")]
    Field {
        /// The line, from 1.
        line: usize,
        /// Which field.
        field: &'static str,
        /// What is wrong.
        reason: String,
    },
}

/// Reads the `clocks` field (version 2): `white 4.21 black 3.9`, each side once.
fn parse_clocks(text: &str) -> Result<[Duration; 2], String> {
    let mut clocks: [Option<Duration>; 2] = [None, None];
    side_words(text, |c, word| {
        let seconds: f64 = word.parse().map_err(|_| format!("'{word}' is not a number of seconds"))?;
        let d = Duration::try_from_secs_f64(seconds).map_err(|_| format!("'{word}' is not a duration"))?;
        match &mut clocks[c as usize] {
            Some(_) => Err(format!("a second clock for {}", c.name())),
            slot => {
                *slot = Some(d);
                Ok(())
            }
        }
    })?;
    match clocks {
        [Some(white), Some(black)] => Ok([white, black]),
        _ => Err("a clock for each side is missing".to_string()),
    }
}

/// Reads the `think` field (version 3).
fn parse_think(text: &str) -> Result<[Vec<Duration>; 2], String> {
    let mut think: [Vec<Duration>; 2] = Default::default();
    side_words(text, |c, word| {
        let seconds: f64 = word.parse().map_err(|_| format!("'{word}' is not a number of seconds"))?;
        let d = Duration::try_from_secs_f64(seconds).map_err(|_| format!("'{word}' is not a duration"))?;
        think[c as usize].push(Duration::from_micros(d.as_micros().try_into().unwrap_or(u64::MAX)));
        Ok(())
    })?;
    Ok(think)
}

/// Reads the `stderr` field (version 3): `{"white":[…],"black":[…]}`.
fn parse_stderr(text: &str) -> Result<[Vec<String>; 2], String> {
    #[derive(serde::Deserialize)]
    struct Tails {
        #[serde(default)]
        white: Vec<String>,
        #[serde(default)]
        black: Vec<String>,
    }
    let t: Tails = serde_json::from_str(text).map_err(|e| e.to_string())?;
    Ok([t.white, t.black])
}

/// Whether `text` is a record file rather than a move list: it has the record header, or
/// a line with the tab-separated fields of a game (a header is not required: a record
/// cut out of a longer file, or written by hand, still reads as one).
#[must_use]
pub fn is_record(text: &str) -> bool {
    text.lines().any(|l| l.starts_with("# morris games") || l.split('\t').count() >= RECORD_FIELDS)
}

/// The game lines of a record file with their line numbers (from 1): every line that is
/// neither blank nor a `#` line.
pub fn game_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim_end_matches('\r')))
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
}

/// Reads the games of a record file: every line that is neither blank nor a `#` line
/// (the header, a comment) is a game, with at least [`RECORD_FIELDS`] tab-separated
/// fields; later fields (claims, clocks, …) are allowed and not needed. `-` is an empty field.
///
/// # Errors
/// A game line with too few fields or no game number; the error names the line.
pub fn parse_records(text: &str) -> Result<Vec<RecordedGame>, RecordError> {
    let field = |f: &str| if f == "-" { String::new() } else { f.to_string() };
    game_lines(text)
        .map(|(line, text)| {
            let f: Vec<&str> = text.split('\t').collect();
            if f.len() < RECORD_FIELDS {
                return Err(RecordError::TooFewFields { line, found: f.len() });
            }
            let number = f[0].trim().parse().map_err(|_| RecordError::Number { line, found: f[0].to_string() })?;
            let clocks = match f.get(10).filter(|t| **t != "-") {
                Some(t) => {
                    Some(parse_clocks(t).map_err(|reason| RecordError::Field { line, field: "clocks", reason })?)
                }
                None => None,
            };
            let think = match f.get(11).filter(|t| **t != "-") {
                Some(t) => parse_think(t).map_err(|reason| RecordError::Field { line, field: "think", reason })?,
                None => Default::default(),
            };
            let stderr_tail = match f.get(12).filter(|t| **t != "-") {
                Some(t) => parse_stderr(t).map_err(|reason| RecordError::Field { line, field: "stderr", reason })?,
                None => Default::default(),
            };
            let usage = match f.get(13).filter(|t| **t != "-") {
                Some(t) => {
                    parse_usage_field(t).map_err(|reason| RecordError::Field { line, field: "usage", reason })?
                }
                None => Default::default(),
            };
            Ok(RecordedGame {
                number,
                names: [f[1].to_string(), f[2].to_string()],
                result: f[3].to_string(),
                termination: f[4].to_string(),
                reason: field(f[8]),
                opening: field(f[6]),
                moves: field(f[7]),
                claims: f.get(9).map_or(String::new(), |c| field(c)),
                clocks,
                think,
                stderr_tail,
                usage,
            })
        })
        .collect()
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::referee::outcome::result::{Forfeit, Termination};
    use crate::rules::ByColor;
    use std::time::Duration;

    /// A game between alpha and beta that ends by `termination` (the standings' tests use it too).
    pub(in crate::referee::outcome) fn record(termination: Termination) -> FinishedGame {
        FinishedGame {
            number: 7,
            names: ByColor(["alpha".to_string(), "beta".to_string()]),
            opening: String::new(),
            moves: vec!["D2".to_string(), "F4".to_string()],
            termination,
            think: ByColor([
                vec![Duration::from_millis(10)],
                vec![Duration::from_millis(30), Duration::from_millis(50)],
            ]),
            claims: ByColor([None, Some("result white\tblack cheats".to_string())]),
            pids: ByColor::default(),
            clocks: Some(ByColor([Duration::from_millis(4210), Duration::ZERO])),
            stderr_tail: ByColor([Vec::new(), vec!["Traceback:\tline 3".to_string(), "ValueError".to_string()]]),
        }
    }

    #[test]
    fn one_line_per_game_with_every_field() {
        let r = record(Termination::Forfeit { loser: Color::Black, kind: Forfeit::Time, detail: "no move".into() });
        let line = format_record(&r);
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(HEADER.split('\t').count(), fields.len(), "the header names each field over its column");
        assert_eq!(
            fields,
            [
                "7",
                "alpha",
                "beta",
                "white",
                "time",
                "2",
                "-",
                "D2 F4",
                "black forfeits: no move",
                "black: result white black cheats",
                "white 4.21 black 0",
                "white 0.01 black 0.03 0.05",
                r#"{"white":[],"black":["Traceback:\tline 3","ValueError"]}"#,
                "-"
            ]
        );
    }

    #[test]
    fn records_read_back() {
        let r = record(Termination::PlyCap(10));
        let text = format!("{HEADER}\n{}\n", format_record(&r));
        let games = parse_records(&text).expect("parses");
        assert_eq!(games.len(), 1);
        assert_eq!((games[0].number, games[0].moves.as_str(), games[0].opening.as_str()), (7, "D2 F4", ""));
        assert_eq!(games[0].names, ["alpha".to_string(), "beta".to_string()]);
        assert!(parse_records("D2 F4").is_err());
        let short = parse_records(&format!("{HEADER}\n7\talpha\n")).unwrap_err();
        assert_eq!(short, RecordError::TooFewFields { line: 2, found: 2 });
        assert!(short.to_string().starts_with("line 2: 2 tab-separated fields, a game record has at least 9"));
    }

    /// A version 3 line as the referee wrote it (2026-11, before `usage`).
    const V3_LINE: &str = "5\talice\tbob\tblack\ttime\t3\tD2\tF4 B4 D6\twhite forfeits: no move within 1.050 s\t-\t-\t\
                           white 0.25 black 0.125\t{\"white\":[\"thinking\"],\"black\":[]}";

    #[test]
    fn an_old_version_3_record_still_reads_with_nothing_measured() {
        let text = format!(
            "# morris games v3\tgame\twhite\tblack\tresult\ttermination\tplies\topening\tmoves\treason\tclaims\tclocks\tthink\tstderr\n{V3_LINE}\n"
        );
        let games = parse_records(&text).unwrap();
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert_eq!((g.number, g.names.clone(), g.result.as_str()), (5, ["alice".into(), "bob".into()], "black"));
        assert_eq!((g.opening.as_str(), g.moves.as_str()), ("D2", "F4 B4 D6"));
        assert_eq!(g.think, [vec![Duration::from_millis(250)], vec![Duration::from_millis(125)]]);
        assert_eq!(g.stderr_tail[0], ["thinking"]);
        assert_eq!(g.usage, [EngineUsage::default(); 2], "version 3 measured nothing");
        assert_eq!(g.forfeit(), Some((Color::White, Forfeit::Time)));
    }

    #[test]
    fn a_version_4_line_reads_its_usage_and_is_written_back_the_same() {
        let line = format!(
            "{V3_LINE}\twhite cpu=0.9 own=0.5 opponent=0.25 moves=1 peak=52428800 oom=no \
             black cpu=2 own=- opponent=- moves=0 peak=- oom=yes"
        );
        let g = &parse_records(&format!("{HEADER}\n{line}\n")).unwrap()[0];
        let [w, b] = g.usage;
        assert_eq!(w.own, Some(Duration::from_millis(500)));
        assert_eq!(w.opponent, Some(Duration::from_millis(250)));
        assert_eq!(
            (w.cpu, w.moves, w.peak_memory, w.oom_killed),
            (Some(Duration::from_millis(900)), 1, Some(50 << 20), Some(false))
        );
        assert_eq!((b.cpu, b.own, b.peak_memory, b.oom_killed), (Some(Duration::from_secs(2)), None, None, Some(true)));
        // The writer writes what the reader read, field for field.
        let record = FinishedGame {
            number: 5,
            names: ByColor(["alice".to_string(), "bob".to_string()]),
            opening: "D2".to_string(),
            moves: ["F4", "B4", "D6"].map(str::to_string).to_vec(),
            termination: Termination::Forfeit {
                loser: Color::White,
                kind: Forfeit::Time,
                detail: "no move within 1.050 s".to_string(),
            },
            think: ByColor([vec![Duration::from_millis(250)], vec![Duration::from_millis(125)]]),
            claims: ByColor::default(),
            pids: ByColor::default(),
            clocks: None,
            stderr_tail: ByColor([vec!["thinking".to_string()], Vec::new()]),
        };
        assert_eq!(format_line(RecordLine::Played(&Played { game: record, usage: ByColor(g.usage) })), line);
        let bad = format!("{V3_LINE}\twhite cpu=lots");
        assert!(matches!(parse_records(&bad), Err(RecordError::Field { field: "usage", .. })));
    }

    #[test]
    fn every_version_reads_with_or_without_its_header() {
        let r = record(Termination::PlyCap(10));
        let v2 = format_record(&r);
        let fields: Vec<&str> = v2.split('\t').collect();
        // Version 4 (usage), 3 (think, stderr), 2 (clocks), 1 (claims, no clocks), and the nine fields before.
        let versions = [v2.clone(), fields[..13].join("\t"), fields[..11].join("\t"), fields[..10].join("\t")];
        for line in versions.into_iter().chain([fields[..9].join("\t")]) {
            for text in [format!("{HEADER}\n{line}\n"), format!("# morris games v1\n{line}\r\n"), format!("{line}\n")] {
                assert!(is_record(&text), "{text:?}");
                let games = parse_records(&text).unwrap_or_else(|e| panic!("{e}: {text:?}"));
                assert_eq!(games.len(), 1);
                let g = &games[0];
                assert_eq!((g.number, g.result.as_str(), g.termination.as_str()), (7, "draw", "ply-cap"));
                assert_eq!((g.opening.as_str(), g.moves.as_str()), ("", "D2 F4"));
            }
        }
        assert!(!is_record("D2 F4 B4\n# a comment\n"));
    }

    #[test]
    fn think_times_and_stderr_read_back_as_written() {
        let mut r = record(Termination::Forfeit { loser: Color::Black, kind: Forfeit::Crash, detail: String::new() });
        r.think[Color::White].push(Duration::from_nanos(1_234_567));
        // The game read back in full, built here by hand rather than by the reader:
        // times to the microsecond, the clocks to the millisecond.
        let expected = RecordedGame {
            number: 7,
            names: ["alpha".to_string(), "beta".to_string()],
            result: "white".to_string(),
            termination: "crash".to_string(),
            reason: r.termination.to_string(),
            opening: String::new(),
            moves: "D2 F4".to_string(),
            claims: "black: result white black cheats".to_string(),
            clocks: Some([Duration::from_millis(4210), Duration::ZERO]),
            think: [
                vec![Duration::from_millis(10), Duration::from_micros(1235)],
                vec![Duration::from_millis(30), Duration::from_millis(50)],
            ],
            stderr_tail: [Vec::new(), vec!["Traceback:\tline 3".to_string(), "ValueError".to_string()]],
            usage: Default::default(),
        };
        let g = RecordedGame::from_finished(&r);
        assert_eq!(g, expected);
        assert_eq!(parse_records(&format!("{HEADER}\n{}\n", format_record(&r))).unwrap(), [expected]);
        assert_eq!(g.forfeit(), Some((Color::Black, Forfeit::Crash)));
        assert_eq!((g.score_of("alpha"), g.score_of("beta"), g.score_of("gamma")), (1.0, 0.0, 0.0));
        let bad = format!("{}\twhite x\t-", format_record(&r).split('\t').take(11).collect::<Vec<_>>().join("\t"));
        assert!(matches!(parse_records(&bad), Err(RecordError::Field { field: "think", .. })));
        let line = format_record(&r);
        let fields: Vec<&str> = line.split('\t').collect();
        for clocks in ["white 1", "white 1 black x", "white 1 white 2 black 3"] {
            let bad = format!("{}\t{clocks}", fields[..10].join("\t"));
            assert!(matches!(parse_records(&bad), Err(RecordError::Field { field: "clocks", .. })), "{clocks}");
        }
    }

    #[test]
    fn finished_and_unfinished_games_have_one_writer_and_read_back() {
        let r = record(Termination::PlyCap(10));
        let moves = ["D2".to_string(), "F4".to_string()];
        let unfinished =
            RecordLine::Unfinished { number: 1, names: ["you", "engine"], moves: &moves, reason: "left\tat move 2" };
        for (line, result, termination) in
            [(RecordLine::Finished(&r), "draw", "ply-cap"), (unfinished, "-", UNFINISHED)]
        {
            let text = record_file(line);
            assert_eq!(text.lines().nth(1).map(|l| l.split('\t').count()), Some(HEADER.split('\t').count()));
            let games = parse_records(&text).unwrap_or_else(|e| panic!("{e}: {text:?}"));
            assert_eq!(games.len(), 1);
            let g = &games[0];
            assert_eq!((g.result.as_str(), g.termination.as_str(), g.moves.as_str()), (result, termination, "D2 F4"));
        }
        let g = &parse_records(&record_file(unfinished)).unwrap()[0];
        assert_eq!(
            (g.result(), g.reason.as_str(), g.names.clone()),
            (None, "left at move 2", ["you".to_string(), "engine".to_string()])
        );
    }

    #[test]
    fn appending_cuts_a_half_written_last_line() {
        let dir = std::env::temp_dir().join(format!("morris-record-append-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.tsv");
        let r = record(Termination::PlyCap(10));
        std::fs::write(&path, format!("{HEADER}\n{}\n7\talph", format_record(&r))).unwrap();
        RecordWriter::append(&path).unwrap().write(&Played { game: r, usage: ByColor::default() }).unwrap();
        let games = parse_records(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(games.len(), 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_field_reads_a_known_text() {
        let text = "white cpu=1.5 own=1.25 opponent=0.000125 moves=20 peak=25165824 oom=no \
                    black cpu=- own=- opponent=- moves=0 peak=1048576 oom=yes later=7";
        let [w, b] = parse_usage_field(text).unwrap();
        assert_eq!(w.cpu, Some(Duration::from_millis(1500)));
        assert_eq!(w.own, Some(Duration::from_millis(1250)));
        assert_eq!(w.opponent, Some(Duration::from_micros(125)));
        assert_eq!((w.moves, w.peak_memory, w.oom_killed), (20, Some(25_165_824), Some(false)));
        assert_eq!(
            (b.cpu, b.own, b.opponent, b.peak_memory, b.oom_killed),
            (None, None, None, Some(1 << 20), Some(true))
        );
        // Written back, the same text (the unknown key aside).
        let written = format_usage_field(&ByColor([w, b]));
        assert_eq!(written, text.trim_end_matches(" later=7"));
        assert_eq!(format_usage_field(&ByColor::default()), "-");
        for bad in ["cpu=1", "white cpu=fast", "white oom=maybe", "white peak=-3", "white moves"] {
            assert!(parse_usage_field(bad).is_err(), "{bad}");
        }
    }
}
