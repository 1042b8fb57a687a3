//! What a game came to, with no process in sight: the result ([`GameResult`]), how the
//! game ended ([`Termination`], [`Forfeit`]), everything about a finished game
//! ([`FinishedGame`]) and a game as the referee played it ([`Played`]: the record and what
//! each engine used).
//!
//! These are the types the record formats, the standings, the pages, the board's exports
//! and the game that plays engines all share; the game (`referee::game`) fills them in.

use std::fmt;
use std::time::Duration;

use super::usage::EngineUsage;
use crate::rules::{ByColor, Color, Outcome};

/// Why an engine lost by breaking the protocol.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Forfeit {
    /// A well-formed move that the rules do not allow.
    Illegal,
    /// A move line that is not a move.
    Malformed,
    /// No move within the time limit.
    Time,
    /// The engine exited or closed its output or input.
    Crash,
    /// A move line when it was not the engine's turn (e.g. two moves at once).
    Unsolicited,
    /// The engine could not be started.
    Start,
    /// The engine ran into a limit of its sandbox (memory, processes, file size).
    Limit,
}

impl Forfeit {
    /// Every kind, in the order pages and summaries list them.
    pub const ALL: [Forfeit; 7] = [
        Forfeit::Illegal,
        Forfeit::Malformed,
        Forfeit::Time,
        Forfeit::Crash,
        Forfeit::Limit,
        Forfeit::Unsolicited,
        Forfeit::Start,
    ];

    /// The word in records: `illegal`, `malformed`, `time`, `crash`, `unsolicited`,
    /// `start`, `limit`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Forfeit::Illegal => "illegal",
            Forfeit::Malformed => "malformed",
            Forfeit::Time => "time",
            Forfeit::Crash => "crash",
            Forfeit::Unsolicited => "unsolicited",
            Forfeit::Start => "start",
            Forfeit::Limit => "limit",
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// The rules ended it (win or draw).
    Rules(Outcome),
    /// The ply cap was reached: a draw.
    PlyCap(usize),
    /// The tables decided the position reached: perfect play from there has this result.
    Tablebase {
        /// The result with perfect play.
        result: GameResult,
        /// The tables' value, in words.
        detail: String,
    },
    /// An engine broke the protocol and lost.
    Forfeit {
        /// The side that lost.
        loser: Color,
        /// What it did.
        kind: Forfeit,
        /// The details, in words.
        detail: String,
    },
    /// A side gave the game up (on the board: the Resign button) and lost.
    Resign {
        /// The side that resigned.
        loser: Color,
    },
}

/// The termination word of a resignation in records.
pub const RESIGN: &str = "resign";

impl Termination {
    /// The word in records: `rules`, `ply-cap`, `tablebase`, [`RESIGN`] or the forfeit word.
    #[must_use]
    pub const fn word(&self) -> &'static str {
        match self {
            Termination::Rules(_) => "rules",
            Termination::PlyCap(_) => "ply-cap",
            Termination::Tablebase { .. } => "tablebase",
            Termination::Forfeit { kind, .. } => kind.word(),
            Termination::Resign { .. } => RESIGN,
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Termination::Rules(outcome) => f.write_str(&outcome.reason()),
            Termination::PlyCap(plies) => write!(f, "ply cap of {} reached", crate::words::plies(*plies as u64)),
            Termination::Tablebase { detail, .. } => write!(f, "adjudicated by the tables: {detail}"),
            Termination::Forfeit { loser, detail, .. } => write!(f, "{} forfeits: {detail}", loser.name()),
            Termination::Resign { loser } => write!(f, "{} resigns", loser.name()),
        }
    }
}

/// The result of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// This side won.
    Win(Color),
    /// A draw.
    Draw,
}

impl GameResult {
    /// `white`, `black` or `draw` (the protocol's words).
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            GameResult::Win(c) => c.name(),
            GameResult::Draw => "draw",
        }
    }

    /// The score of `side`: 1, ½ or 0.
    #[must_use]
    pub fn score(self, side: Color) -> f64 {
        match self {
            GameResult::Win(c) if c == side => 1.0,
            GameResult::Win(_) => 0.0,
            GameResult::Draw => 0.5,
        }
    }
}

/// Everything about one finished game, as the referee (or the board) saw it end: what
/// a record line is written from ([`super::record`]). The same game read back from a
/// record file is a [`RecordedGame`](super::record::RecordedGame).
#[derive(Clone, Debug)]
pub struct FinishedGame {
    /// Game number within its match or tournament (from 1).
    pub number: usize,
    /// The engines' names.
    pub names: ByColor<String>,
    /// The opening moves, white-space separated (empty = the start).
    pub opening: String,
    /// The moves the engines played after the opening, in our notation.
    pub moves: Vec<String>,
    /// How it ended.
    pub termination: Termination,
    /// Think time of each reply, except each engine's first (which includes start-up).
    pub think: ByColor<Vec<Duration>>,
    /// The last `result …` line each engine printed (advisory).
    pub claims: ByColor<Option<String>>,
    /// The engines' process ids (for checking that none was left running).
    pub pids: ByColor<Option<u32>>,
    /// Each side's clock at the end, when the game was played on a clock.
    pub clocks: Option<ByColor<Duration>>,
    /// The last lines each engine wrote to stderr (at most
    /// [`STDERR_TAIL`](crate::referee::engine::STDERR_TAIL)).
    pub stderr_tail: ByColor<Vec<String>>,
}

impl FinishedGame {
    /// Who won.
    #[must_use]
    pub fn result(&self) -> GameResult {
        match &self.termination {
            Termination::Rules(Outcome::Win { winner, .. }) => GameResult::Win(*winner),
            Termination::Rules(Outcome::Draw(_)) | Termination::PlyCap(_) => GameResult::Draw,
            Termination::Tablebase { result, .. } => *result,
            Termination::Forfeit { loser, .. } | Termination::Resign { loser } => GameResult::Win(!*loser),
        }
    }

    /// The side `name` played, if it played this game.
    #[must_use]
    pub fn side_of(&self, name: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.names[c] == name)
    }
}

/// A game the referee played: its record, and what each engine used in it (measured
/// from the engines' processes, so kept beside the record, which the board writes too).
#[derive(Clone, Debug)]
pub struct Played {
    /// The game.
    pub game: FinishedGame,
    /// What each engine used ([`super::usage`]).
    pub usage: ByColor<EngineUsage>,
}
