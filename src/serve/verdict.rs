//! Verdicts on positions and moves for the board: exact from the endgame tables where
//! they cover a position. The replays' values and marks are [`crate::analysis`]'s, the
//! same as `morris analyze`'s; this module adds what only the board shows (every legal
//! move's value, a position's value for the value graph).

use crate::analysis::Verdict;
use crate::rules::{Color, Game, Move, Position};
use crate::search::OracleValue;
use crate::tablebase::Tablebase;
use std::sync::Arc;

/// Every legal move of the current position with its exact value for the side to move,
/// best first; `None` when no tables are loaded or they do not cover the position and
/// all its children. A move after which a stone is still in hand leads to a placing
/// position, whose value has no distance: see [`has_distance`].
#[must_use]
pub fn move_values(tables: Option<&Tablebase>, game: &Game) -> Option<Vec<(Move, OracleValue)>> {
    crate::analysis::move_values(tables?, game)
}

/// Whether the exact value of `pos` comes with a distance in plies: the moving tables
/// keep one, the placing tables only win, draw or loss, so a position with a stone in
/// hand (the placing phase) has none.
#[must_use]
pub fn has_distance(pos: &Position) -> bool {
    pos.in_hand(Color::White) == 0 && pos.in_hand(Color::Black) == 0
}

/// The exact value of the current position for the side to move, if the game is over or
/// the tables cover it (in the placing phase, as a class: see [`exact`]).
#[must_use]
pub fn exact_value(tables: Option<&Tablebase>, game: &Game) -> Option<OracleValue> {
    exact(tables, game).and_then(|v| v.exact_value(game.position().side_to_move()))
}

/// The exact value of the current position as a [`Verdict`]: the end of the game,
/// [`Verdict::ExactClass`] for a placing position the tables cover (its value has no
/// distance), else [`Verdict::Exact`].
#[must_use]
pub fn exact(tables: Option<&Tablebase>, game: &Game) -> Option<Verdict> {
    if let Some(outcome) = game.outcome() {
        return Some(Verdict::Over(outcome));
    }
    let tb = tables?;
    let pos = game.position();
    match tb.placing_value(pos) {
        Ok(Some(v)) => Some(Verdict::ExactClass(v.placing_class())),
        _ => tb.value_at_count(pos, game.quiet_plies(), true).map(Verdict::Exact),
    }
}

/// Tables loaded once and shared by every game and replay of a server.
pub type SharedTables = Option<Arc<Tablebase>>;
