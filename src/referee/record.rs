//! The game record file: one finished game per line, tab-separated, written as each game
//! ends (so an interrupted tournament keeps what it played).
//!
//! Format (version 1), after a header line that starts with `#`:
//!
//! ```text
//! game  white  black  result  termination  plies  opening  moves  reason  claims  clocks
//! ```
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
    /// `white`, `black` or `draw`, and the termination word.
    pub result: String,
    /// How it ended, in words.
    pub reason: String,
    /// The opening moves (white-space separated, maybe empty).
    pub opening: String,
    /// The moves played after the opening.
    pub moves: String,
}

/// Reads the games of a record file (the text after [`HEADER`]).
///
/// # Errors
/// The text is not a record file (no header), or a line has too few fields; the error
/// names the line.
pub fn parse_records(text: &str) -> Result<Vec<RecordedGame>, String> {
    let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
    match lines.next() {
        // v2 added a last column (the clocks); the columns read here are the same in both.
        Some((_, first)) if first.starts_with("# morris games v1") || first.starts_with("# morris games v2") => {}
        _ => return Err("not a morris game record (its first line is not a '# morris games v2' header)".into()),
    }
    let field = |f: &str| if f == "-" { String::new() } else { f.to_string() };
    lines
        .map(|(i, line)| {
            let f: Vec<&str> = line.split('\t').collect();
            if f.len() < 9 {
                return Err(format!("line {}: {} fields, a game record has 10", i + 1, f.len()));
            }
            let number = f[0].parse().map_err(|_| format!("line {}: '{}' is not a game number", i + 1, f[0]))?;
            Ok(RecordedGame {
                number,
                names: [f[1].to_string(), f[2].to_string()],
                result: format!("{} ({})", f[3], f[4]),
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
        assert!(parse_records(&format!("{HEADER}\n7\talpha\n")).is_err_and(|e| e.starts_with("line 2")));
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
