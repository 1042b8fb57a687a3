//! The eight programs of the classroom Morris Variant handout: `MiniMaxOpening`,
//! `MiniMaxGame`, `ABOpening`, `ABGame`, `MiniMaxOpeningBlack`, `MiniMaxGameBlack`,
//! `MiniMaxOpeningImproved` and `MiniMaxGameImproved`.
//!
//! The programs differ only in a [`ProgramSpec`] (search, phase, side, estimate); the
//! conventions are in `docs/classroom.md`. Board strings exist only at the edge
//! ([`board_file`]); the search runs on [`Position`](crate::rules::Position) and
//! [`Move`](crate::rules::Move) values of the rules core with the `CLASSROOM` ruleset.
//! This module knows nothing of the tournament engine or its protocol.

pub mod board_file;
pub mod estimate;
mod run;
pub mod search;
pub mod spec;

/// Exit status of a classroom program for bad input: arguments, an unreadable or
/// malformed input file, an unwritable output file (clap's own status for bad arguments).
pub const EXIT_BAD_INPUT: u8 = 2;
/// Exit status of a classroom program when the side to move has no legal move (it is
/// blocked and has lost).
pub const EXIT_NO_MOVE: u8 = 3;

pub use run::{BLOCKED_ESTIMATE, ProgramOutput, RunError, decide, decide_reading, output_lines, run_program, warnings};
pub use spec::{
    AB_GAME, AB_OPENING, ALL_PROGRAMS, Algorithm, Estimator, MINIMAX_GAME, MINIMAX_GAME_BLACK, MINIMAX_GAME_IMPROVED,
    MINIMAX_OPENING, MINIMAX_OPENING_BLACK, MINIMAX_OPENING_IMPROVED, ProgramPhase, ProgramSpec,
};
