//! The game record file: one finished game per line, tab-separated, written as each game
//! ends (so an interrupted tournament keeps what it played).
//!
//! Format (version 2), after a header line that starts with `#`:
//!
//! ```text
//! game  white  black  result  termination  plies  opening  moves  reason  claims  clocks
//! ```
//!
//! This module also reads the files back, for `analyze` and the replays of `serve`:
//! [`parse_records`] is the one parser of the format, and reads every version, with or
//! without its header.
//!
//! `result` is `white`, `black` or `draw`; `termination` is `rules`, `ply-cap`, or the
//! forfeit (`illegal`, `malformed`, `time`, `crash`, `unsolicited`, `start`); `plies`
//! counts the moves after the opening; `opening` and `moves` are white-space separated
//! moves in our notation (`-` when empty); `reason` says in words why the game ended;
//! `claims` holds the engines' own `result` lines (advisory), `-` if none; `clocks` is
//! each side's remaining game clock in seconds, `white 4.21 black 3.9`, or `-` without a
//! clock (version 2 added this column).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use super::error::RefereeError;
use super::game::GameRecord;
use crate::rules::Color;

/// The header line of a record file.
pub const HEADER: &str =
    "# morris games v2\tgame\twhite\tblack\tresult\ttermination\tplies\topening\tmoves\treason\tclaims\tclocks";

/// One record line (without the line end).
#[must_use]
pub fn format_record(record: &GameRecord) -> String {
    let field = |s: &str| {
        let s = s.replace(['\t', '\n', '\r'], " ");
        if s.trim().is_empty() { "-".to_string() } else { s }
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
            |c| {
                format!(
                    "white {} black {}",
                    super::process::format_seconds(c[Color::White]),
                    super::process::format_seconds(c[Color::Black])
                )
            },
        ),
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
    pub fn create(path: Option<&Path>) -> Result<RecordWriter, RefereeError> {
        let Some(path) = path else { return Ok(RecordWriter { out: None }) };
        let file = File::create(path)
            .map_err(|e| RefereeError::RecordCreate { path: path.display().to_string(), reason: e.to_string() })?;
        let mut out = BufWriter::new(file);
        writeln!(out, "{HEADER}").and_then(|()| out.flush()).map_err(write_error)?;
        Ok(RecordWriter { out: Some(out) })
    }

    /// Appends one game and flushes it.
    ///
    /// # Errors
    /// The write failed.
    pub fn write(&mut self, record: &GameRecord) -> Result<(), RefereeError> {
        if let Some(out) = self.out.as_mut() {
            writeln!(out, "{}", format_record(record)).and_then(|()| out.flush()).map_err(write_error)?;
        }
        Ok(())
    }
}

fn write_error(e: std::io::Error) -> RefereeError {
    RefereeError::RecordWrite { reason: e.to_string() }
}

/// A game read back from a record file: enough to replay and study it.
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
}

/// Whether `text` is a record file rather than a move list: it has the record header, or
/// a line with the tab-separated fields of a game (a header is not required: a record
/// cut out of a longer file, or written by hand, still reads as one).
#[must_use]
pub fn is_record(text: &str) -> bool {
    text.lines().any(|l| l.starts_with("# morris games") || l.split('\t').count() >= RECORD_FIELDS)
}

/// Reads the games of a record file: every line that is neither blank nor a `#` line
/// (the header, a comment) is a game, with at least [`RECORD_FIELDS`] tab-separated
/// fields; later fields (claims, clocks) are allowed and not needed. `-` is an empty field.
///
/// # Errors
/// A game line with too few fields or no game number; the error names the line.
pub fn parse_records(text: &str) -> Result<Vec<RecordedGame>, RecordError> {
    let field = |f: &str| if f == "-" { String::new() } else { f.to_string() };
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim_end_matches('\r')))
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(line, text)| {
            let f: Vec<&str> = text.split('\t').collect();
            if f.len() < RECORD_FIELDS {
                return Err(RecordError::TooFewFields { line, found: f.len() });
            }
            let number = f[0].trim().parse().map_err(|_| RecordError::Number { line, found: f[0].to_string() })?;
            Ok(RecordedGame {
                number,
                names: [f[1].to_string(), f[2].to_string()],
                result: f[3].to_string(),
                termination: f[4].to_string(),
                reason: field(f[8]),
                opening: field(f[6]),
                moves: field(f[7]),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::game::{Forfeit, Termination};
    use crate::referee::stats::Standings;
    use crate::rules::ByColor;
    use std::time::Duration;

    fn record(termination: Termination) -> GameRecord {
        GameRecord {
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
            stderr_tail: ByColor::default(),
            clocks: Some(ByColor([Duration::from_millis(4210), Duration::ZERO])),
        }
    }

    #[test]
    fn one_line_per_game_with_every_field() {
        let r = record(Termination::Forfeit { loser: Color::Black, kind: Forfeit::Time, detail: "no move".into() });
        let line = format_record(&r);
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(HEADER.split('\t').count(), fields.len() + 1, "the header has a leading marker field");
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
                "white 4.21 black 0"
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

    #[test]
    fn every_version_reads_with_or_without_its_header() {
        let r = record(Termination::PlyCap(10));
        let v2 = format_record(&r);
        let fields: Vec<&str> = v2.split('\t').collect();
        // Version 2 (clocks), version 1 (claims, no clocks), and the nine fields before.
        for line in [v2.clone(), fields[..10].join("\t"), fields[..9].join("\t")] {
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
    fn standings_count_forfeits_and_think_times() {
        let mut s = Standings::with_names(&["alpha".to_string(), "beta".to_string()]);
        s.add(&record(Termination::Forfeit { loser: Color::Black, kind: Forfeit::Time, detail: String::new() }));
        s.add(&record(Termination::PlyCap(10)));
        let (a, b) = (s.tally("alpha"), s.tally("beta"));
        assert_eq!((a.wins, a.draws, a.losses, b.time), (1, 1, 0, 1));
        assert_eq!(b.think_max, Duration::from_millis(50));
        assert_eq!(b.think_mean(), Some(Duration::from_millis(40)));
        assert_eq!(s.pair("alpha", "beta"), (1.5, 2));
        assert!(s.crosstable().contains("1.5/2"), "{}", s.crosstable());
        assert!(s.summary().lines().nth(1).is_some_and(|l| l.starts_with("alpha")));
    }
}
