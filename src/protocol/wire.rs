//! The protocol's lines as values, one type per direction: [`ToEngine`] (what a GUI, a
//! referee or a person sends to an engine) and [`FromEngine`] (what an engine sends back).
//! Each has `FromStr` and `Display` on the protocol's board ([`WIRE_BOARD`]), and the two
//! round-trip (a property test checks): the engine loop, the referee and `morris check`
//! all read lines through these types. Other boards go through `parse_on`/`display_on`.
//! This module defines the types; reading a [`ToEngine`] is the parser's
//! (`protocol/parse.rs`), which uses them.

use std::fmt;
use std::str::FromStr;

use super::command::Command;
use crate::rules::notation::{format_move_list, parse_move};
use crate::rules::{Color, Move, ParseMoveError};
use crate::topology::{STANDARD24, Topology};

/// The board `protocol.md` is written for (its board strings have 24 letters).
pub static WIRE_BOARD: &Topology = &STANDARD24;

/// A line sent to an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToEngine {
    /// Nothing to do: a blank line, or a reply line of another engine
    /// ([`REPLY_WORDS`](super::REPLY_WORDS)).
    Blank,
    /// A move (well formed; whether it is legal is the engine's question).
    Move(Move),
    /// A command of `protocol.md` §4.
    Command(Command),
}

impl ToEngine {
    /// The line as written on `topology`.
    #[must_use]
    pub fn display_on<'a>(&'a self, topology: &'a Topology) -> impl fmt::Display + 'a {
        Shown { line: self, topology }
    }
}

struct Shown<'a> {
    line: &'a ToEngine,
    topology: &'a Topology,
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let topology = self.topology;
        let command = match self.line {
            ToEngine::Blank => return Ok(()),
            ToEngine::Move(m) => return write!(f, "{}", m.display(topology)),
            ToEngine::Command(c) => c,
        };
        f.write_str(command.name())?;
        match command {
            Command::Position { moves } if moves.is_empty() => f.write_str(" startpos"),
            Command::Position { moves } => write!(f, " startpos moves {}", format_move_list(moves, topology)),
            Command::SetBoard(text) => write!(f, " {}", text.display(topology)),
            Command::MoveTime(d) => write!(f, " {}", d.as_secs_f64()),
            Command::Clock { remaining, increment } => {
                write!(f, " {} {}", remaining[Color::White].as_secs_f64(), remaining[Color::Black].as_secs_f64())?;
                if increment.0.iter().any(|d| !d.is_zero()) {
                    write!(f, " {} {}", increment[Color::White].as_secs_f64(), increment[Color::Black].as_secs_f64())?;
                }
                Ok(())
            }
            Command::Perft(depth) => write!(f, " {depth}"),
            Command::Info(on) | Command::Ponder(on) => f.write_str(if *on { " on" } else { " off" }),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for ToEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.display_on(WIRE_BOARD))
    }
}

/// A line an engine sends (`protocol.md` §3): a move, or a line that starts with a
/// lower-case keyword (`info`, `result`, `error`, `board`, …). A move written in lower
/// case is still a move, so a line is read as a move first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromEngine {
    /// A blank line.
    Blank,
    /// A move in the tournament notation (docs/assignments.md).
    Move(Move),
    /// A keyword line: its first word and the rest, trimmed.
    Keyword {
        /// The first word (it starts with a lower-case letter).
        word: String,
        /// The rest of the line after the white space that follows the word.
        rest: String,
    },
}

impl FromEngine {
    /// Reads a line on `topology`.
    ///
    /// # Errors
    /// The line does not start with a lower-case letter (so it should be a move) and is
    /// not a move: why it is not.
    pub fn parse_on(text: &str, topology: &Topology) -> Result<FromEngine, ParseMoveError> {
        let text = text.trim();
        match parse_move(text, topology) {
            Ok(m) => Ok(FromEngine::Move(m)),
            Err(_) if text.is_empty() => Ok(FromEngine::Blank),
            Err(_) if text.starts_with(|c: char| c.is_ascii_lowercase()) => {
                let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
                Ok(FromEngine::Keyword { word: word.to_string(), rest: rest.trim_start().to_string() })
            }
            Err(e) => Err(e),
        }
    }

    /// Whether the line is a keyword line starting with `word`.
    #[must_use]
    pub fn is_keyword(&self, keyword: &str) -> bool {
        matches!(self, FromEngine::Keyword { word, .. } if word == keyword)
    }

    /// The line as written on `topology`.
    #[must_use]
    pub fn display_on(&self, topology: &Topology) -> String {
        match self {
            FromEngine::Blank => String::new(),
            FromEngine::Move(m) => m.display(topology).to_string(),
            FromEngine::Keyword { word, rest } if rest.is_empty() => word.clone(),
            FromEngine::Keyword { word, rest } => format!("{word} {rest}"),
        }
    }
}

impl FromStr for FromEngine {
    type Err = ParseMoveError;
    fn from_str(text: &str) -> Result<FromEngine, ParseMoveError> {
        FromEngine::parse_on(text, WIRE_BOARD)
    }
}

impl fmt::Display for FromEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display_on(WIRE_BOARD))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_lines_are_told_apart() {
        let line = |t: &str| t.parse::<FromEngine>();
        assert!(matches!(line(" d2-f2 \r"), Ok(FromEngine::Move(_))));
        assert!(matches!(line("A7-D7,B2"), Ok(FromEngine::Move(_))));
        assert_eq!(
            line("info depth 3"),
            Ok(FromEngine::Keyword { word: "info".to_string(), rest: "depth 3".to_string() })
        );
        assert!(line("result white wins").unwrap().is_keyword("result"));
        assert_eq!(line(""), Ok(FromEngine::Blank));
        assert!(line("D4").is_err());
        assert!(line("XYZZY").is_err());
    }

    #[test]
    fn command_lines_print_as_they_parse() {
        for text in ["board", "position startpos", "position startpos moves D2 F4", "movetime 2.5", "info off"] {
            assert_eq!(text.parse::<ToEngine>().unwrap().to_string(), text);
        }
        assert_eq!(
            "setboard xxxBxxBxBxxxxxWxxxWxWWWx b".parse::<ToEngine>().unwrap().to_string(),
            "setboard xxxBxxBxBxxxxxWxxxWxWWWx black"
        );
    }
}
