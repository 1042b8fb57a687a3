//! Verdicts on positions and moves: exact from the endgame tables where they cover a
//! position, otherwise the engine's estimate from a short search.
//!
//! This is the one place the server asks "how good is this?": the perfect-play view
//! calls [`move_values`], the replay's analysis calls [`position_value`]. Both go through
//! the tables' read-only API ([`Tablebase::value`], [`Tablebase::move_values`]) and the
//! [`Engine`]'s search, so a new table or analysis API replaces these two bodies only.

use std::sync::Arc;
use std::time::Duration;

use crate::engine::{Engine, Limits};
use crate::rules::{Color, Game, Move, Outcome};
use crate::search::OracleValue;
use crate::tablebase::Tablebase;

/// The value of a position for its side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// Exact: from the tables, or a game that is over.
    Exact(OracleValue),
    /// The engine's search score (hundredths of a stone, or a win/loss distance).
    Estimate {
        /// The score for the side to move.
        score: i32,
        /// The depth searched.
        depth: u32,
    },
}

/// Every legal move of the current position with its exact value for the side to move,
/// best first; `None` when no tables are loaded or they do not cover the position and
/// all its children.
#[must_use]
pub fn move_values(tables: Option<&Tablebase>, game: &Game) -> Option<Vec<(Move, OracleValue)>> {
    if game.outcome().is_some() {
        return None;
    }
    let tb = tables?;
    let count = game.quiet_plies();
    let rule = game.position().rules().no_removal_plies;
    // Each move's table value for the mover, at the game's count (a slide's child is one
    // ply further on the count, a removal starts a fresh one: `value_through` knows).
    let moves = tb.move_values(game.position()).ok()??;
    moves.into_iter().map(|(m, v)| Some((m, v.at_count(count, rule, tb.rule_plies())?))).collect()
}

/// The exact value of the current position for the side to move, if the game is over or
/// the tables cover it.
#[must_use]
pub fn exact_value(tables: Option<&Tablebase>, game: &Game) -> Option<OracleValue> {
    match game.outcome() {
        Some(Outcome::Win { winner, .. }) => {
            Some(if winner == game.position().side_to_move() { OracleValue::Win(0) } else { OracleValue::Loss(0) })
        }
        Some(Outcome::Draw(_)) => Some(OracleValue::Draw),
        None => tables?.value_at_count(game.position(), game.quiet_plies(), true),
    }
}

/// The value of the current position of `game` for the side to move: exact where
/// [`exact_value`] knows it, else a search of `engine` for at most `budget`.
pub fn position_value(tables: Option<&Tablebase>, engine: &mut Engine, game: &Game, budget: Duration) -> Value {
    if let Some(v) = exact_value(tables, game) {
        return Value::Exact(v);
    }
    engine.set_game(game.clone());
    let result = engine.think(&Limits { movetime: Some(budget), ..Limits::default() }, &mut |_| {});
    Value::Estimate { score: result.score, depth: result.depth }
}

/// Tables loaded once and shared by every game and replay of a server.
pub type SharedTables = Option<Arc<Tablebase>>;

/// The value a move had for the side that made it, seen from the positions before and
/// after it (each valued for its own side to move), and whether it threw away value:
/// an exact win turned into a draw or loss, a draw into a loss, or (for estimates) a
/// loss of more than [`ESTIMATE_DROP`] hundredths of a stone or a decided score turned.
#[must_use]
pub fn judge_move(before: Value, after: Value, mover: Color) -> Option<String> {
    use crate::search::DECIDED;
    let rank = |v: OracleValue| match v {
        OracleValue::Win(_) => 2,
        OracleValue::Draw => 1,
        OracleValue::Loss(_) => 0,
    };
    let word = |v: OracleValue| match v {
        OracleValue::Win(_) => "win",
        OracleValue::Draw => "draw",
        OracleValue::Loss(_) => "loss",
    };
    match (before, after) {
        (Value::Exact(b), Value::Exact(a)) => {
            // `a` is for the opponent; through the move it is the mover's negation.
            let a = match a {
                OracleValue::Win(n) => OracleValue::Loss(n + 1),
                OracleValue::Loss(n) => OracleValue::Win(n + 1),
                OracleValue::Draw => OracleValue::Draw,
            };
            (rank(a) < rank(b)).then(|| format!("{mover} turned a {} into a {}", word(b), word(a)))
        }
        (b, a) => {
            let score = |v: Value, negate: bool| {
                let s = match v {
                    Value::Exact(OracleValue::Win(n)) => crate::search::WIN - i32::from(n),
                    Value::Exact(OracleValue::Loss(n)) => -(crate::search::WIN - i32::from(n)),
                    Value::Exact(OracleValue::Draw) => 0,
                    Value::Estimate { score, .. } => score,
                };
                if negate { -s } else { s }
            };
            let (b, a) = (score(b, false), score(a, true));
            let side = |s: i32| match s {
                s if s >= DECIDED => 2,
                s if s <= -DECIDED => 0,
                _ => 1,
            };
            if side(a) < side(b) {
                Some(format!("{mover} let a decided position slip"))
            } else if side(a) == 1 && side(b) == 1 && b - a > ESTIMATE_DROP {
                Some(format!("{mover} lost about {:.1} stones", f64::from(b - a) / 100.0))
            } else {
                None
            }
        }
    }
}

/// How much an estimated score must drop (hundredths of a stone) for a move to be marked.
pub const ESTIMATE_DROP: i32 = 150;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_values_mark_only_moves_that_lose_value() {
        let w = Color::White;
        // Before: White wins in 5; after: Black (to move) loses in 4 → White still wins.
        assert_eq!(judge_move(Value::Exact(OracleValue::Win(5)), Value::Exact(OracleValue::Loss(4)), w), None);
        // After: a draw for Black → White turned a win into a draw.
        assert_eq!(
            judge_move(Value::Exact(OracleValue::Win(5)), Value::Exact(OracleValue::Draw), w).as_deref(),
            Some("White turned a win into a draw")
        );
        assert_eq!(
            judge_move(Value::Exact(OracleValue::Draw), Value::Exact(OracleValue::Win(3)), w).as_deref(),
            Some("White turned a draw into a loss")
        );
        assert_eq!(judge_move(Value::Exact(OracleValue::Loss(6)), Value::Exact(OracleValue::Win(5)), w), None);
    }

    #[test]
    fn estimates_mark_big_drops_and_turned_decisions() {
        let b = Color::Black;
        let est = |score| Value::Estimate { score, depth: 8 };
        assert_eq!(judge_move(est(50), est(-20), b), None, "a small drop is not marked");
        assert_eq!(judge_move(est(50), est(200), b).as_deref(), Some("Black lost about 2.5 stones"));
        assert_eq!(
            judge_move(est(crate::search::WIN - 9), est(0), b).as_deref(),
            Some("Black let a decided position slip")
        );
    }
}
