//! Why the referee could not do what it was asked: typed errors with one-line messages
//! (a forfeit or a failed check is a result, not an error).

use super::game_text::{GameTextError, SETBOARD};
use crate::rules::Outcome;
use crate::rules::notation::MoveListError;

/// Why the referee cannot set up or play its games.
#[derive(Debug, thiserror::Error)]
pub enum RefereeError {
    /// Games left to a Slurm job array instead of played here (`tournament --slurm`).
    #[error("{0} game(s) left to the next Slurm wave")]
    Deferred(usize),
    /// An engine command that is empty or has an unclosed quote.
    #[error("engine command {spec:?} is empty or has an unclosed quote")]
    EngineCommand {
        /// The command as given.
        spec: String,
    },
    /// An engine whose command has no program.
    #[error("engine {name}: empty command")]
    EmptyCommand {
        /// The engine's name.
        name: String,
    },
    /// An engine program that cannot be started.
    #[error("engine {name}: cannot start {program}: {reason}")]
    Start {
        /// The engine's name.
        name: String,
        /// The program.
        program: String,
        /// The operating system's reason.
        reason: String,
    },
    /// An openings file that cannot be read.
    #[error("cannot read openings file {path}: {reason}")]
    OpeningsUnreadable {
        /// The file.
        path: String,
        /// The operating system's reason.
        reason: String,
    },
    /// A line (or the game that starts there) of an openings file that is no usable opening.
    #[error("{path}:{line}: {error}")]
    OpeningLine {
        /// The file.
        path: String,
        /// The line number (from 1).
        line: usize,
        /// What is wrong with it (boxed: it is large, and rare).
        error: Box<OpeningError>,
    },
    /// An openings file without openings.
    #[error("openings file {path} has no openings")]
    NoOpenings {
        /// The file.
        path: String,
    },
    /// An opening that is no usable opening (openings are checked when loaded, so this
    /// is a caller's bug).
    #[error(transparent)]
    Opening(Box<OpeningError>),
    /// A record file that cannot be created.
    #[error("cannot create record file {path}: {reason}")]
    RecordCreate {
        /// The file.
        path: String,
        /// The operating system's reason.
        reason: String,
    },
    /// A record that cannot be written.
    #[error("cannot write the record file: {reason}")]
    RecordWrite {
        /// The operating system's reason.
        reason: String,
    },
    /// A knockout of nobody.
    #[error("a knockout needs at least one entrant")]
    NoEntrants,
    /// A knockout round with an odd one out but no winner to play it (a bug).
    #[error("a round with an odd one out has no winners")]
    NoWinners,
    /// A pairing names an engine that is not there (a caller's bug).
    #[error("no engine {0}")]
    NoEngine(usize),
    /// The threads that play games side by side could not be started.
    #[error("cannot start the threads that play the games: {0}")]
    GameThreads(String),
    /// A game of the record file is not the game this tournament has under its number.
    #[error(
        "game {number}: {reason}; the record file belongs to another tournament (another roster, seed or \
         settings): give another --record file, or rerun the tournament that wrote it"
    )]
    RecordMismatch {
        /// The game's number.
        number: usize,
        /// What differs.
        reason: String,
    },
    /// A replay from a record file needs a game the file does not have.
    #[error("game {number} ({white} - {black}) is not in the record file")]
    NotRecorded {
        /// The game's number.
        number: usize,
        /// Who plays white.
        white: String,
        /// Who plays black.
        black: String,
    },
    /// The record file's lock was poisoned by a panicking game thread.
    #[error("record writer poisoned")]
    RecordWriterPoisoned,
}

impl From<OpeningError> for RefereeError {
    fn from(error: OpeningError) -> RefereeError {
        RefereeError::Opening(Box::new(error))
    }
}

/// Why a move list is no usable opening.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningError {
    /// A move does not parse, or is illegal where the list has got to.
    #[error(transparent)]
    Moves(#[from] MoveListError),
    /// The game is over once the opening is played.
    #[error("the game is already over after this opening ({0})")]
    Over(Outcome),
    /// A game text that does not read as a game.
    #[error(transparent)]
    Text(Box<GameTextError>),
    /// A game from a set-up position: an opening is moves from the start.
    #[error("it starts from a set-up position ({SETBOARD} {0}); an opening is moves from the start position")]
    SetUp(String),
}
