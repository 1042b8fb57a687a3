//! Search for the tournament engine (issue #3), and the [`Oracle`] trait through which it
//! consults perfect-play tables without depending on their storage.

use crate::rules::Position;

/// The exact game-theoretic value of a position for the side to move.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum OracleValue {
    /// The side to move wins in this many plies with best play.
    Win(u16),
    /// The side to move loses in this many plies with best play.
    Loss(u16),
    /// Neither side can force a win.
    Draw,
}

/// A source of exact values (an endgame database). `None`: the position is not covered.
pub trait Oracle: Send + Sync {
    /// The value of `pos` for its side to move, if covered.
    fn probe(&self, pos: &Position) -> Option<OracleValue>;
}
