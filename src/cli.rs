//! Command-line options shared by several commands: the rule options of `rules.md`,
//! turned into a [`Ruleset`] for the engine, `play`, `perft` and the referee.

use clap::Args;

use crate::rules::{RemovalRule, Ruleset, STANDARD};

/// The rule options of the standard game (`rules.md`); defaults are the standard rules.
#[derive(Args, Clone, Debug)]
pub struct RuleArgs {
    /// Which stones a mill may remove: when-all-in-mills (any stone if all are in mills) or never
    #[arg(long, default_value = "when-all-in-mills", value_name = "RULE")]
    pub removal: RemovalRule,
    /// Draw when a position occurs for this many times (0 = off)
    #[arg(long, default_value_t = 3, value_name = "N")]
    pub repetition: u8,
    /// Draw after this many plies of sliding/flying without a removal (0 = off)
    #[arg(long, default_value_t = 100, value_name = "PLIES")]
    pub no_removal_plies: u16,
}

impl RuleArgs {
    /// The ruleset these options describe, on the standard board.
    #[must_use]
    pub fn ruleset(&self) -> &'static Ruleset {
        self.ruleset_on(BoardChoice::Standard)
    }
}

/// Which board a command plays on.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardChoice {
    /// The standard 24-point board (seed 003)
    Standard,
    /// The classroom Morris Variant's 22-point board
    Classroom22,
}

impl RuleArgs {
    /// The ruleset these options describe, on `board` (the classroom board takes its
    /// removal rule and draw rules from these options too).
    #[must_use]
    pub fn ruleset_on(&self, board: BoardChoice) -> &'static Ruleset {
        let base = match board {
            BoardChoice::Standard => &STANDARD,
            BoardChoice::Classroom22 => &crate::rules::CLASSROOM,
        };
        Ruleset {
            removal: self.removal,
            repetition: self.repetition,
            no_removal_plies: self.no_removal_plies,
            ..base.clone()
        }
        .into_static()
    }
}

/// The most seconds a time option accepts (a day).
pub const MAX_SECONDS: f64 = 86_400.0;

/// Reads a number of seconds (`1.5`, `0.05`) above 0 and at most [`MAX_SECONDS`], for every
/// `--movetime` and the protocol's `movetime` command.
///
/// # Errors
/// A sentence saying what was expected.
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    use nom::Parser;
    use nom::character::complete::multispace0;
    use nom::combinator::all_consuming;
    use nom::number::complete::double;
    use nom::sequence::delimited;
    let parsed = all_consuming(delimited(multispace0, double::<_, nom::error::Error<&str>>, multispace0)).parse(text);
    // The text as typed, escaped and cut short, for the message.
    let shown: String = text.trim().chars().take(40).flat_map(char::escape_debug).collect();
    match parsed {
        Ok((_, s)) if s.is_finite() && s > 0.0 && s <= MAX_SECONDS => Ok(s),
        Ok(_) => Err(format!("{shown} seconds is out of range: expected more than 0 and at most {MAX_SECONDS}")),
        Err(_) => Err(format!("'{shown}' is not a number of seconds: expected e.g. 1.5")),
    }
}

/// Reads an increment in seconds: 0, or what [`parse_seconds`] accepts.
///
/// # Errors
/// A sentence saying what was expected.
pub fn parse_increment(text: &str) -> Result<std::time::Duration, String> {
    let zero = text.trim().parse::<f64>().is_ok_and(|s| s == 0.0);
    if zero {
        return Ok(std::time::Duration::ZERO);
    }
    parse_seconds(text)
        .and_then(|s| std::time::Duration::try_from_secs_f64(s).map_err(|e| e.to_string()))
        .map_err(|e| e.replace("more than 0", "0 or more"))
}
