//! Search for the tournament engine, and the [`Oracle`] trait through which it
//! consults perfect-play tables without depending on their storage.
//!
//! - [`alphabeta`]: iterative deepening, aspiration windows, principal-variation
//!   negamax with a transposition table, the draw rules, oracle probes and a
//!   mill-closing quiescence search.
//! - [`ordering`]: move ordering (TT move, mills, blocks, killers, history).
//! - [`tt`]: the shared transposition table.
//! - [`evalcache`]: the engine's cache of static evaluations, kept across its searches.
//! - [`params`]: the search's tunable constants.
//!
//! Knows positions, games and evaluations; nothing of the protocol or of clocks beyond
//! the deadlines it is handed.

pub mod alphabeta;
pub mod evalcache;
pub mod ordering;
pub mod params;
pub mod tt;

pub use alphabeta::{Iteration, SearchConfig, SearchOutcome, search};
pub use tt::TranspositionTable;

use crate::rules::Position;

/// Scores at or beyond this are wins (or, negated, losses) in `WIN_SCORE - score` plies.
pub const WIN_SCORE: i32 = 30_000;

/// Scores at least this far from zero are decided (win or loss at a known distance).
pub const DECIDED: i32 = WIN_SCORE - 1000;

/// The exact value of a position for the side to move, under the game's draw rules at
/// the count of plies since the last removal that the probe was given.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum OracleValue {
    /// The side to move forces a win; the number is the plies to the next conversion (a
    /// removal that keeps the win, or the end of the game) with best play.
    Win(u16),
    /// The side to move loses with best play of the other side, holding out this many
    /// plies to the next conversion.
    Loss(u16),
    /// Neither side can force a win (the no-removal rule included).
    Draw,
}

/// A source of exact values (endgame tables). `None`: the position is not covered.
pub trait Oracle: Send + Sync {
    /// The value of `pos` for its side to move, with `count` plies of sliding or flying
    /// played since the last removal or placement, if covered.
    /// A win or loss may be reported at a bound of its distance rather than the distance
    /// itself, if that makes the probe faster ([`Oracle::probe_exact`] never does).
    fn probe(&self, pos: &Position, count: u16) -> Option<OracleValue>;

    /// As [`Oracle::probe`], with the exact distance: what the search asks for the
    /// positions its root's moves lead to, which it chooses among by distance.
    fn probe_exact(&self, pos: &Position, count: u16) -> Option<OracleValue> {
        self.probe(pos, count)
    }

    /// Gets ready to answer for `pos` and the positions its moves lead to, however long
    /// that takes (the search calls it once for its root). By default: nothing to do.
    fn prepare(&self, _pos: &Position) {}

    /// The root moves the search may choose from, when the oracle knows that only these
    /// keep the position's value (the placing tables); `None`: every legal move, also
    /// when valuing them is not done by `deadline` (a disk too slow to answer in time:
    /// the move must still be made within its budget).
    fn root_moves(&self, _pos: &Position, _deadline: Option<std::time::Instant>) -> Option<Vec<crate::rules::Move>> {
        None
    }

    /// Whether [`Oracle::root_moves`] may name moves for `pos` at all (placing tables are
    /// there for it); when not, the engine does not ask. By default: no.
    fn filters_root(&self, _pos: &Position) -> bool {
        false
    }

    /// The class of a placing position (a stone in hand) for its side to move, when the
    /// placing tables hold it (a win or loss carries no distance: `u16::MAX`). What the
    /// search reads below its root while placing, where its root is a draw.
    fn probe_placing(&self, _pos: &Position) -> Option<OracleValue> {
        None
    }

    /// As [`Oracle::probe_placing`], for the root itself, read once a move: it may also
    /// read what is too slow to read in the middle of a search (the carried cells coded
    /// against their model). By default: [`Oracle::probe_placing`].
    fn probe_placing_root(&self, pos: &Position) -> Option<OracleValue> {
        self.probe_placing(pos)
    }
}
