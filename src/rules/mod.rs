//! The rules of the game on any [`Topology`](crate::topology::Topology): positions, moves,
//! legal-move generation, checked and unchecked play, notation, Zobrist keys and the
//! game history that the draw rules need.
//!
//! Nothing here knows a point count or a board's shape: that is all `topology` data. The
//! rule options (stones, flying, removal rule, draw rules) come from one [`Ruleset`].

mod color;
mod game;
mod movegen;
mod moves;
pub mod notation;
mod position;
mod reachable;
mod ruleset;
mod zobrist;

pub use color::{ByColor, Color};
pub use game::{DrawReason, Game, Outcome, WinReason};
pub use moves::{MAX_MOVES, Move, MoveList};
pub use notation::{BoardStringError, ParseMoveError, PositionTextError};
pub use position::{IllegalMove, Phase, Position, Setup, SetupError, SetupProblem};
pub use reachable::{Unreachable, check_reachable};
pub use ruleset::{Board, CLASSROOM, RemovalRule, RuleOptions, Ruleset, STANDARD};
