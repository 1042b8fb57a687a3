//! Static evaluation for the tournament engine: the classroom handout's estimate and our
//! own. The search ([`crate::search`]) calls [`evaluate`] at its leaves with the
//! [`EvalChoice`] the engine was given. Knows positions, not search: every function here
//! scores one position for its side to move, on any [`Topology`](crate::topology::Topology).
//!
//! Scores are in hundredths of a stone for [`strong`] (`+100` ≈ one stone up); the
//! handout's estimate keeps its own units (1000 per stone in the moving phase). The strong
//! evaluation's weights are data: the linear terms' `data/eval.weights` ([`weights`]), the
//! pattern weights `data/eval.patterns` ([`patterns`]) and the network `data/eval.net`
//! ([`net`]), all fitted to the tables by `morris tune`.

mod handout;
pub mod net;
pub mod patterns;
mod strong;
pub mod weights;

pub use handout::{HANDOUT_DECIDED, HANDOUT_LOST_AT, handout, handout_moving, handout_placing};
pub use patterns::{DEFAULT_PATTERNS, Patterns};
pub use strong::{SideFeatures, strong, strong_terms, strong_with};
pub use weights::{DEFAULT_WEIGHTS, Weights};

use crate::rules::Position;

/// Which static evaluation the engine uses (the command line's `--eval`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum EvalChoice {
    /// The engine's own evaluation.
    #[default]
    Strong,
    /// The classroom handout's estimate (for measuring strength against it).
    Handout,
}

/// The static evaluation `choice` of `pos`, for the side to move.
#[inline]
#[must_use]
pub fn evaluate(choice: EvalChoice, pos: &Position) -> i32 {
    match choice {
        EvalChoice::Strong => strong(pos),
        EvalChoice::Handout => handout(pos),
    }
}
