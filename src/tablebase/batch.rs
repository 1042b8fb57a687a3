//! Many positions, one a row, answered in order (`morris tablebase probe --batch FILE`,
//! and the batch timings of `morris tablebase bench`).
//!
//! A row is `board side white_in_hand black_in_hand [count]`, separated by tabs or
//! spaces: the fields of the position text (`rules::notation::position_text`), read by
//! its one reader (the blind list `placing-positions.tsv` is such a TSV, with a header line); the
//! answer is the same row with two more columns, the value for the side to move (`win`,
//! `draw`, `loss`) and the distance in plies to the next conversion where the tables keep
//! one (moving positions under the tables' own rule), empty otherwise. A bad row is
//! answered `error` in its value column, and its line number and reason go to the error
//! stream; the other rows are answered. Lines are read through [`crate::lines::read_line`],
//! so a huge line costs no more memory than [`MAX_LINE`] bytes.

use std::io::{self, BufRead, Write};

use nom::Parser;
use nom::bytes::complete::take_till1;
use nom::character::complete::{space0, space1};
use nom::combinator::all_consuming;
use nom::multi::separated_list1;
use nom::sequence::delimited;

use super::probe::Tablebase;
use super::shared::sector::MIN_STONES;
use super::shared::value::RuleProfile;
use crate::lines::{MAX_LINE, ReadLine, read_line};
use crate::rules::{Color, Ruleset, STANDARD, notation::parse_position_and_count};
use crate::search::OracleValue;

/// The columns a batch answer adds to the input's.
pub const ANSWER_COLUMNS: &str = "value\tdistance";

/// What a batch did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BatchReport {
    /// Rows answered with a value.
    pub answered: u64,
    /// Rows answered `error`.
    pub bad: u64,
}

/// Answers every row of `input` on `output` in order, for a game of `stones` a side
/// under the rule profile `profile`; each bad row's
/// line number and reason go to `errors`.
///
/// # Errors
/// Reading `input` or writing `output` or `errors` failed.
pub fn probe_batch(
    tb: &Tablebase,
    stones: u8,
    profile: RuleProfile,
    input: &mut impl BufRead,
    output: &mut impl Write,
    errors: &mut impl Write,
) -> io::Result<BatchReport> {
    let rules = Ruleset { stones, no_removal_plies: profile.no_removal_plies(), ..STANDARD.clone() }.into_static();
    let mut report = BatchReport::default();
    let mut buf = Vec::with_capacity(256);
    let mut line_number = 0u64;
    loop {
        let read = read_line(input, &mut buf, MAX_LINE)?;
        if read == ReadLine::Eof {
            break;
        }
        line_number += 1;
        let text = String::from_utf8_lossy(&buf);
        let answer = match (read, std::str::from_utf8(&buf)) {
            (ReadLine::TooLong, _) => Err(format!("longer than {MAX_LINE} bytes")),
            (_, Err(_)) => Err("not UTF-8 text".to_string()),
            (_, Ok(line)) if line.trim().is_empty() => {
                writeln!(output)?;
                continue;
            }
            (_, Ok(line)) if line_number == 1 && is_header(line) => {
                writeln!(output, "{}\t{ANSWER_COLUMNS}", line.trim_end())?;
                continue;
            }
            (_, Ok(line)) => answer_row(tb, rules, line),
        };
        match answer {
            Ok((value, distance, note)) => {
                report.answered += 1;
                if let Some(note) = note {
                    writeln!(errors, "line {line_number}: note: {note}")?;
                }
                match distance {
                    Some(d) => writeln!(output, "{}\t{value}\t{d}", text.trim_end())?,
                    None => writeln!(output, "{}\t{value}\t", text.trim_end())?,
                }
            }
            Err(reason) => {
                report.bad += 1;
                writeln!(output, "{}\terror\t", text.trim_end())?;
                writeln!(errors, "line {line_number}: {reason}")?;
            }
        }
    }
    Ok(report)
}

/// Whether a first line names the columns (its first one is `board`).
fn is_header(line: &str) -> bool {
    row_fields(line).is_some_and(|f| f[0].eq_ignore_ascii_case("board"))
}

/// The fields of a row, separated by tabs or spaces.
fn row_fields(line: &str) -> Option<Vec<&str>> {
    let field = take_till1(|c: char| c == ' ' || c == '\t');
    let parsed: nom::IResult<&str, Vec<&str>> =
        all_consuming(delimited(space0, separated_list1(space1, field), space0)).parse(line);
    parsed.ok().map(|(_, fields)| fields)
}

/// One row's value for the side to move and its distance, or why there is none; with a
/// note when no game reaches the position.
fn answer_row(
    tb: &Tablebase,
    rules: &'static Ruleset,
    line: &str,
) -> Result<(&'static str, Option<u16>, Option<String>), String> {
    let fields = row_fields(line).ok_or("a control character between the columns")?;
    if !(4..=5).contains(&fields.len()) {
        return Err(format!(
            "{} columns; expected 4 or 5: board, side, white_in_hand, black_in_hand[, count]",
            fields.len()
        ));
    }
    // The columns are the position text's fields: one reader for both.
    let (pos, count) = parse_position_and_count(&fields.join(" "), rules).map_err(|e| e.to_string())?;
    let placing = pos.in_hand(Color::White) != 0 || pos.in_hand(Color::Black) != 0;
    // A placing cell answers a side short of stones too (lost for the side to move).
    let small = [Color::White, Color::Black].into_iter().find(|&c| pos.material(c) < u32::from(MIN_STONES));
    if let Some(side) = small.filter(|_| !placing) {
        return Err(format!("the game is over: {side} has fewer than {MIN_STONES} stones"));
    }
    // Lists such as the blind one hold positions no game reaches (230 of its 23,129): the
    // tables still value them, so they are answered, with the reason as a note.
    let note = pos.check_reachable().err().map(|e| e.to_string());
    let value = tb.value(&pos).map_err(|e| e.to_string())?.ok_or_else(|| {
        format!("no table in {} covers it (rule profile {})", tb.dir().display(), rules.no_removal_plies)
    })?;
    if placing {
        return Ok((value.wdl.name(), None, note));
    }
    let built = tb.profile();
    let at = value.at_count(count, rules.no_removal_plies, built).ok_or_else(|| {
        format!(
            "the moving tables are built for a no-removal rule of {} plies, not {}",
            built.no_removal_plies(),
            rules.no_removal_plies
        )
    })?;
    // Without the rule a cursed win's number is a rank, not a distance: none is given.
    let exact = rules.no_removal_plies != 0;
    Ok(match at {
        OracleValue::Win(d) => ("win", exact.then_some(d), note),
        OracleValue::Loss(d) => ("loss", exact.then_some(d), note),
        OracleValue::Draw => ("draw", None, note),
    })
}
