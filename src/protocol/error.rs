//! The protocol's error types: what was wrong with a line, typed, with a `Display` that is
//! the text of the one reply line (`protocol.md` §5). No nom types here: `parse.rs` converts
//! its parser failures into these before they leave it.

use super::command::SETBOARD_ARGS;
use crate::rules::{Color, IllegalMove, Outcome, ParseMoveError, PositionTextError, SetupError};

/// Why a move was refused: not a move at all, illegal here, or not the opponent's turn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveRefusal {
    /// The text is not a move (boxed: it is by far the largest reason, and errors travel
    /// through every parser's `Result`).
    #[error(transparent)]
    Syntax(Box<ParseMoveError>),
    /// The move is not legal in the position.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// It is the engine's turn, not the opponent's.
    #[error("it is the engine's turn ({})", .0.name())]
    EnginesTurn(Color),
    /// The game is over.
    #[error("the game is over, {}", super::format::describe_outcome(*.0))]
    GameOver(Outcome),
}

impl From<ParseMoveError> for MoveRefusal {
    fn from(e: ParseMoveError) -> MoveRefusal {
        MoveRefusal::Syntax(Box::new(e))
    }
}

/// Why a command line was not carried out. `Display` is the reply after `error `.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// The first word is no command and cannot start a move.
    #[error("unknown command '{word}': type help for the list")]
    Unknown {
        /// The first word of the line.
        word: String,
    },
    /// The command's arguments do not follow its grammar. The reply names the word found
    /// and ends with the command's usage.
    #[error("{command}: expected {expected} at column {column}, found {}; usage: {}", describe_found(.found.as_deref()), usage(command))]
    Syntax {
        /// The command word.
        command: &'static str,
        /// 1-based character column in the trimmed line.
        column: usize,
        /// What the grammar allows there.
        expected: String,
        /// The word (or letter of a board string) found there, or `None` at the end of the line.
        found: Option<String>,
    },
    /// An argument is well formed but out of range.
    #[error("{command}: {value} is out of range: expected {range}")]
    OutOfRange {
        /// The command word.
        command: &'static str,
        /// The value as read.
        value: String,
        /// The allowed range in words.
        range: &'static str,
    },
    /// A move in a command's move list is malformed or illegal.
    #[error("{command}: move {index} ({text}): {reason}")]
    BadMove {
        /// The command word.
        command: &'static str,
        /// 1-based number of the move in the list.
        index: usize,
        /// The move as written.
        text: String,
        /// Why it is not a legal move.
        reason: MoveRefusal,
    },
    /// A position text that is not one (boxed: it is large, and rare).
    #[error("setboard: {0}; usage: setboard {SETBOARD_ARGS}")]
    Position(Box<PositionTextError>),
    /// A board that is no valid position.
    #[error("setboard: {0}")]
    Setup(SetupError),
    /// The command cannot be carried out in this state.
    #[error("{command}: {reason}")]
    NotNow {
        /// The command word.
        command: &'static str,
        /// Why not, in words.
        reason: String,
    },
}

/// Why a line got an `error` or `illegal` reply instead of being carried out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// The bytes are not UTF-8; `column` is the 1-based byte column of the first bad byte.
    #[error("line is not UTF-8 text (column {column}): expected a move or a command")]
    NotUtf8 {
        /// 1-based byte column of the first invalid byte.
        column: usize,
    },
    /// The line is longer than the protocol allows.
    #[error("line too long (more than {max} bytes): expected a move or a command")]
    TooLong {
        /// The limit in bytes.
        max: usize,
    },
    /// A command that was not carried out.
    #[error(transparent)]
    Command(#[from] CommandError),
    /// A move that is malformed or illegal here.
    #[error("{text}: {reason}")]
    Move {
        /// The line as read, ready to echo (trimmed, escaped, shortened).
        text: String,
        /// Why it is not a legal move.
        reason: MoveRefusal,
    },
}

impl LineError {
    /// The reply keyword: `illegal` for moves, `error` for everything else.
    #[must_use]
    pub fn keyword(&self) -> &'static str {
        match self {
            LineError::Move { .. } => "illegal",
            _ => "error",
        }
    }
}

/// A found word as the replies write it: quoted, control characters escaped, cut to 20
/// characters.
#[must_use]
pub fn describe_found(found: Option<&str>) -> String {
    match found {
        Some(word) => {
            let mut shown: String = word.chars().take(20).flat_map(char::escape_default).collect();
            if word.chars().count() > 20 {
                shown.push_str("...");
            }
            format!("'{shown}'")
        }
        None => "the end of the line".to_string(),
    }
}

/// A command's usage as `help` lists it: `movetime SECONDS`, `board`.
fn usage(command: &str) -> String {
    match super::command::command_spec(command) {
        Some(spec) if spec.args.is_empty() => spec.name.to_string(),
        Some(spec) => format!("{} {}", spec.name, spec.args),
        None => command.to_string(),
    }
}
