//! Why a tournament (or a match: the runner's games) could not go on: typed errors with
//! one-line messages (a forfeit is a result, not an error). The floors below have their
//! own ([`OpeningError`], [`RecordFileError`]); they fold in here, unchanged in their
//! words, where a tournament needs one type.

use crate::referee::outcome::openings::OpeningError;
use crate::referee::outcome::record::RecordFileError;

/// Why a tournament cannot set up or play its games.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// Games left to a Slurm job array instead of played here (`tournament --slurm`).
    #[error("{0} game(s) left to the next Slurm wave")]
    Deferred(usize),
    /// An opening that is no usable opening (openings are checked when loaded, so this
    /// is a caller's bug).
    #[error(transparent)]
    Opening(Box<OpeningError>),
    /// The record file cannot be created or written.
    #[error(transparent)]
    Record(#[from] RecordFileError),
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
    /// The record file exists but cannot be read.
    #[error("cannot read the record file {path}: {reason}")]
    RecordUnreadable {
        /// The file.
        path: String,
        /// The operating system's reason.
        reason: String,
    },
    /// The record file does not read as records, or its games do not fit together.
    #[error("{path}: {reason}")]
    RecordInvalid {
        /// The file.
        path: String,
        /// What is wrong.
        reason: String,
    },
    /// A record file with games but no tournament line to continue.
    #[error(
        "{path} holds games but no tournament line: it was not written by `morris tournament` (or by a version \
         before resuming); give another --record file"
    )]
    NoTournamentLine {
        /// The file.
        path: String,
    },
    /// A record file of another tournament.
    #[error(
        "{path} was written by another tournament ({difference}); to continue it, run it with the same roster \
         and options; else give another --record file"
    )]
    OtherTournament {
        /// The file.
        path: String,
        /// The first setting that differs.
        difference: String,
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
    /// A record file's tournament line that lacks a setting a replay needs, or has one
    /// that does not read.
    #[error("{0}")]
    TournamentLine(String),
    /// A folder or file (a standings page, a Slurm folder's) that cannot be read or written.
    #[error("cannot {action} {path}: {reason}")]
    File {
        /// `create`, `read` or `write`.
        action: &'static str,
        /// The folder or page.
        path: String,
        /// The operating system's reason.
        reason: String,
    },
    /// A Slurm folder's record file of another tournament.
    #[error("{path} was written by another tournament ({difference}); use another --slurm folder")]
    OtherSlurmTournament {
        /// The file.
        path: String,
        /// The first setting that differs.
        difference: String,
    },
    /// A line of a Slurm wave file that does not read.
    #[error("{path}: line {line}: {problem}")]
    WaveLine {
        /// The wave file.
        path: String,
        /// The line number (from 1).
        line: usize,
        /// What is wrong.
        problem: String,
    },
    /// A task of a Slurm wave that has no games.
    #[error("{path} has no games for task {task}")]
    NoTaskGames {
        /// The wave file.
        path: String,
        /// The task.
        task: u32,
    },
    /// A wave whose games are still not recorded after its tasks ran.
    #[error(
        "wave {wave}'s games are still not recorded: its tasks failed (see {logs}); run the command again to retry"
    )]
    WaveFailed {
        /// The wave.
        wave: u32,
        /// The folder of the tasks' logs.
        logs: String,
    },
    /// A folder that cannot be made (the operating system's words only).
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The record file's lock was poisoned by a panicking game thread.
    #[error("record writer poisoned")]
    RecordWriterPoisoned,
}

impl From<OpeningError> for TournamentError {
    fn from(error: OpeningError) -> TournamentError {
        TournamentError::Opening(Box::new(error))
    }
}
