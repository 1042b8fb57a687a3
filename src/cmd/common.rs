//! Command-line options shared by several commands: the rule options of `docs/assignments.md` and
//! the board, turned into a [`Ruleset`] for the engine, `play`, `perft`, `analyze`, the
//! referee and `serve`; and the engine's `--eval`.

use clap::Args;

use morris::eval::EvalChoice;
use morris::rules::{Board, RemovalRule, RuleOptions, Ruleset};

/// The rule options of the standard game (`docs/assignments.md`); defaults are the standard rules.
#[derive(Args, Clone, Debug)]
pub struct RuleArgs {
    /// Which stones a mill may remove: when-all-in-mills (any stone if all are in mills) or never
    #[arg(long, default_value = "when-all-in-mills", value_name = "RULE")]
    pub removal: RemovalRule,
    /// Draw when a position occurs for this many times: 2 or more (0 = off)
    #[arg(long, default_value_t = 3, value_name = "N", value_parser = parse_repetition)]
    pub repetition: u8,
    /// Draw after this many plies of sliding/flying without a removal (0 = off)
    #[arg(long, default_value_t = 100, value_name = "PLIES")]
    pub no_removal_plies: u16,
}

/// Reads `--in-hand W,B` (`morris play`, `tablebase probe`): White's and Black's stones
/// in hand, e.g. `3,2`, through the position text's own reader of hands
/// ([`morris::rules::notation::parse_in_hand`]).
///
/// # Errors
/// One line saying which count is wrong.
pub fn parse_in_hand(text: &str) -> Result<(u8, u8), String> {
    let hands = morris::rules::notation::parse_in_hand(text)
        .map_err(|e| format!("'{text}': {e} (White's and Black's stones in hand, e.g. 3,2)"))?;
    Ok((hands[morris::rules::Color::White], hands[morris::rules::Color::Black]))
}

/// Reads `--repetition N`: 0 (off) or 2 and more. 1 is refused: the start position counts
/// as its own first occurrence, so every game would be drawn before its first move.
///
/// # Errors
/// One line saying which values are allowed.
pub fn parse_repetition(text: &str) -> Result<u8, String> {
    match text.trim().parse::<u8>() {
        Ok(1) => Err("1 would draw every game before its first move (the start position counts as its first \
                      occurrence): expected 0 (off) or 2 to 255"
            .to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("'{text}' is not a count: expected 0 (off) or 2 to 255")),
    }
}

impl RuleArgs {
    /// The options as the library takes them.
    #[must_use]
    pub fn options(&self) -> RuleOptions {
        RuleOptions { removal: self.removal, repetition: self.repetition, no_removal_plies: self.no_removal_plies }
    }

    /// The ruleset these options describe, on the standard board.
    #[must_use]
    pub fn ruleset(&self) -> &'static Ruleset {
        self.ruleset_on(BoardChoice::Standard)
    }

    /// The ruleset these options describe, on `board` (the classroom board takes its
    /// removal rule and draw rules from these options too).
    #[must_use]
    pub fn ruleset_on(&self, board: BoardChoice) -> &'static Ruleset {
        self.options().on(board.into())
    }

    /// The options as engine arguments (protocol.md §1 accepts the same flags as we do),
    /// for the referee's `--pass-rules`.
    #[must_use]
    pub fn engine_flags(&self) -> Vec<String> {
        vec![
            "--removal".to_string(),
            self.removal.name().to_string(),
            "--repetition".to_string(),
            self.repetition.to_string(),
            "--no-removal-plies".to_string(),
            self.no_removal_plies.to_string(),
        ]
    }
}

/// Declares a clap value enum that mirrors a library enum variant for variant (its doc
/// comments are the help texts of the values) and the conversion into the library's: the
/// library's enums know nothing of the command line.
macro_rules! value_enum_mirror {
    ($(#[$meta:meta])* $name:ident => $library:ident { $($(#[$variant_meta:meta])* $variant:ident,)+ }) => {
        $(#[$meta])*
        #[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name {
            $($(#[$variant_meta])* $variant,)+
        }

        impl From<$name> for $library {
            fn from(value: $name) -> $library {
                match value {
                    $($name::$variant => $library::$variant,)+
                }
            }
        }
    };
}
pub(crate) use value_enum_mirror;

value_enum_mirror! {
    /// Which board a command plays on.
    BoardChoice => Board {
        /// The standard 24-point board (the tournament assignment's, docs/assignments.md)
        Standard,
        /// The classroom Morris Variant's 22-point board
        Classroom22,
    }
}

value_enum_mirror! {
    /// `--eval`: the engine's static evaluation.
    EvalArg => EvalChoice {
        /// The engine's own evaluation
        Strong,
        /// The classroom handout's estimate (for measuring strength against it)
        Handout,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stones_in_hand_parse_or_say_why_not() {
        assert_eq!(parse_in_hand("3,2"), Ok((3, 2)));
        assert_eq!(parse_in_hand(" 0 , 0 "), Ok((0, 0)));
        assert_eq!(
            parse_in_hand("3"),
            Err("'3': expected the stones Black has in hand (a number 0 to 255), found the end of the text \
                 (White's and Black's stones in hand, e.g. 3,2)"
                .to_string())
        );
        assert!(parse_in_hand("3,999").is_err());
    }
}
