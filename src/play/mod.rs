//! A person plays the engine in a terminal: `morris play`.
//!
//! The loop reads lines from any `BufRead` and writes to any `Write`, so a terminal, a
//! pipe and the tests drive the same code ([`run_with`]). A move may be typed whole
//! (`D3,G1`, `A7-D7`) or step by step as in the terminal-play assignment (docs/assignments.md): name a stone, see where it can
//! go, pick the destination, and name the stone to remove when a mill closes. Only a
//! complete move that `rules` accepts changes the game, so a bad line never does.
//!
//! The play modules own the conversation; the rules (legality, mills, phases, outcomes)
//! are `rules`' and the choice of moves is the engine's. This file holds the session's
//! settings, its errors and the entry point; `session` the loop, messages and commands
//! (`session::entry` the person's move, step by step); `draw` the board; `input` the
//! command words and option values; [`file_mode`] the terminal-play assignment's board-file mode (docs/assignments.md). The command
//! line (`morris play`) is `cmd::play`'s.

pub mod draw;
pub mod file_mode;
pub mod input;
mod session;

use std::io::{BufRead, Write};

use crate::engine::{Engine, EngineOptions, SearchLimits};
use crate::rules::{BoardStringError, Color, Game, IllegalMove, SetupError};
use draw::Style;

/// Why a session or a file-mode run stopped early.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// Writing to the terminal (or reading from it) failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The board file cannot be read.
    #[error("cannot read the board file {path}: {reason}")]
    Unreadable {
        /// The file.
        path: String,
        /// The operating system's reason.
        reason: String,
    },
    /// The board file does not hold a board string.
    #[error("{path}: {error}")]
    BoardString {
        /// The file.
        path: String,
        /// What is wrong with the text.
        error: BoardStringError,
    },
    /// The board, side to move and stones in hand are no position of the rules.
    #[error("{path} with {side} to move and {white},{black} in hand: {error}")]
    Setup {
        /// The file.
        path: String,
        /// The side to move given.
        side: Color,
        /// White's stones in hand given.
        white: u8,
        /// Black's stones in hand given.
        black: u8,
        /// Every reason the position is impossible.
        error: SetupError,
    },
    /// The position is one of the rules, but no game from the start reaches it.
    #[error("{path} with {side} to move and {white},{black} in hand: {error}")]
    Unreachable {
        /// The file.
        path: String,
        /// The side to move given.
        side: Color,
        /// White's stones in hand given.
        white: u8,
        /// Black's stones in hand given.
        black: u8,
        /// Why no game reaches it.
        error: crate::rules::Unreachable,
    },
    /// The engine returned no move in a game that is not over (an engine bug).
    #[error("the engine found no move in a game that is not over")]
    NoEngineMove,
    /// The engine returned a move the rules refuse (an engine bug).
    #[error("the engine chose an illegal move {text}: {error}")]
    IllegalEngineMove {
        /// The move, in the board's notation.
        text: String,
        /// Why the rules refuse it.
        error: IllegalMove,
    },
    /// The output board could not be written.
    #[error(transparent)]
    Write(#[from] crate::files::WriteError),
}

/// How a session is played: who is who, how long the engine thinks, how it looks.
#[derive(Clone)]
pub struct PlayConfig {
    /// The person's colour.
    pub person: Color,
    /// The engine's limits per move (and per hint).
    pub limits: SearchLimits,
    /// The engine's options.
    pub engine: EngineOptions,
    /// Print the engine's score and depth after each of its moves.
    pub show_score: bool,
    /// ANSI colour.
    pub style: Style,
    /// Write each line read after its prompt (when the input is not a terminal, so that
    /// a transcript reads like a session).
    pub echo: bool,
}

impl PlayConfig {
    /// A plain-text session for `person` with the engine searching to `depth`.
    #[must_use]
    pub fn new(person: Color, depth: u32) -> PlayConfig {
        PlayConfig {
            person,
            limits: SearchLimits { depth: Some(depth), ..SearchLimits::default() },
            engine: EngineOptions::default(),
            show_score: false,
            style: Style { color: false },
            echo: true,
        }
    }
}

/// Plays one game between the person typing on `input` and the engine, writing to
/// `output`, from `game`. Returns the game as it stands when the session ends: over,
/// quit, or at the end of the input.
///
/// # Errors
/// Only output errors (and an engine that returns no move in a live position).
pub fn run_with(input: impl BufRead, output: impl Write, game: Game, config: &PlayConfig) -> Result<Game, PlayError> {
    let mut engine = Engine::new(config.engine.clone(), *game.start());
    engine.set_game(game);
    let mut session = session::TerminalGame {
        engine,
        out: output,
        config,
        stage: session::EntryStage::Start,
        last_search: None,
        stale: true,
    };
    session.play(input)?;
    Ok(session.engine.game().clone())
}
