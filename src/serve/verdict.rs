//! Verdicts on positions and moves: exact from the endgame tables where they cover a
//! position, otherwise the engine's estimate from a short search.
//!
//! This is the one place the server asks "how good is this?": the perfect-play view
//! calls [`move_values`], the replay's analysis calls [`position_value`]. Both go through
//! the tables' read-only API ([`Tablebase::value`], [`Tablebase::move_values`]) and the
//! [`Engine`]'s search, so a new table or analysis API replaces these two bodies only.

use crate::engine::{Engine, Limits};
use crate::rules::{Color, Game, Move, Outcome, Position};
use crate::search::OracleValue;
use crate::tablebase::Tablebase;
use std::sync::Arc;

/// The value of a position for its side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// Exact: from the tables, or a game that is over.
    Exact(OracleValue),
    /// Exact win, draw or loss without a distance: a placing position from the placing
    /// tables, which keep only the class (the distance in the value means nothing).
    ExactClass(OracleValue),
    /// The engine's search score (hundredths of a stone, or a win/loss distance), from a
    /// search to a fixed depth with a cleared table on one thread, so the same position
    /// always gets the same score.
    Estimate {
        /// The score for the side to move.
        score: i32,
        /// The depth of the last completed iteration.
        depth: u32,
        /// The score of the iteration one ply shallower (`depth - 1`), when there was one.
        shallower: Option<i32>,
        /// Whether the search proved its score exact: every leaf it reached was the end
        /// of the game or a table value (a proven score that is no win or loss is a draw).
        proven: bool,
    },
}

impl Value {
    /// The win/draw/loss class for the side to move, when it is known exactly (tables,
    /// a finished game, a proven search).
    #[must_use]
    pub fn exact_class(self) -> Option<OracleValue> {
        use crate::search::DECIDED;
        match self {
            Value::Exact(v) | Value::ExactClass(v) => Some(v),
            Value::Estimate { proven: false, .. } => None,
            Value::Estimate { score, .. } if score >= DECIDED => Some(OracleValue::Win(0)),
            Value::Estimate { score, .. } if score <= -DECIDED => Some(OracleValue::Loss(0)),
            Value::Estimate { .. } => Some(OracleValue::Draw),
        }
    }

    /// The search's score at `depth`, if this is an unproven estimate that reached it.
    fn score_at(self, depth: u32) -> Option<i32> {
        match self {
            Value::Estimate { score, depth: d, proven: false, .. } if d == depth => Some(score),
            Value::Estimate { shallower, depth: d, proven: false, .. } if d == depth + 1 => shallower,
            _ => None,
        }
    }
}

/// Every legal move of the current position with its exact value for the side to move,
/// best first; `None` when no tables are loaded or they do not cover the position and
/// all its children. A move after which a stone is still in hand leads to a placing
/// position, whose value has no distance: see [`has_distance`].
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
    match game.outcome() {
        Some(Outcome::Win { winner, .. }) => {
            Some(if winner == game.position().side_to_move() { OracleValue::Win(0) } else { OracleValue::Loss(0) })
        }
        Some(Outcome::Draw(_)) => Some(OracleValue::Draw),
        None => {
            let tb = tables?;
            let pos = game.position();
            match tb.placing_value(pos) {
                Ok(Some(v)) => Some(v.placing_class()),
                _ => tb.value_at_count(pos, game.quiet_plies(), true),
            }
        }
    }
}

/// [`exact_value`] as a [`Value`]: [`Value::ExactClass`] for a placing position the
/// tables cover, whose value has no distance, else [`Value::Exact`].
#[must_use]
pub fn exact(tables: Option<&Tablebase>, game: &Game) -> Option<Value> {
    let v = exact_value(tables, game)?;
    Some(if game.outcome().is_some() || has_distance(game.position()) { Value::Exact(v) } else { Value::ExactClass(v) })
}

/// The value of the current position of `game` for the side to move: exact where
/// [`exact_value`] knows it, else a search of `engine` to `depth` plies (at most
/// `max_nodes` nodes), on one thread with its table cleared first, so that the value of
/// a position does not depend on what was searched before it or on the machine's load.
pub fn position_value(
    tables: Option<&Tablebase>,
    engine: &mut Engine,
    game: &Game,
    depth: u32,
    max_nodes: u64,
) -> Value {
    if let Some(v) = exact(tables, game) {
        return v;
    }
    engine.new_game();
    engine.set_game(game.clone());
    let mut scores = Vec::new();
    let limits = Limits { depth: Some(depth), nodes: Some(max_nodes), ..Limits::default() };
    let result = engine.think(&limits, &mut |it| scores.push((it.depth, it.score)));
    let shallower = scores.iter().find(|&&(d, _)| d + 1 == result.depth).map(|&(_, s)| s);
    Value::Estimate { score: result.score, depth: result.depth, shallower, proven: result.proven }
}

/// Tables loaded once and shared by every game and replay of a server.
pub type SharedTables = Option<Arc<Tablebase>>;

/// Whether a move threw value away, seen from the positions before and after it (each
/// valued for its own side to move), and why; `None` when it did not or when the values
/// cannot tell. Two kinds of evidence only:
///
/// - **exact** (tables, a finished game, a proven search) on both sides of the move: the
///   mover's class fell (a win turned into a draw or a loss, a draw into a loss);
/// - **the same search horizon**: the position's fixed-depth score (depth d) against the
///   score of the position after the move at depth d − 1, so both look equally far into
///   the game, and the move is marked when the mover's score fell by more than
///   [`ESTIMATE_DROP`] hundredths of a stone (a win or loss the search sees counts as
///   [`ESTIMATE_CAP`]). Searches to fixed depths on a cleared table give the same scores
///   every time, so the marks do too.
///
/// An exact value on one side and an estimate on the other, or searches that did not
/// reach the depths to compare, mark nothing.
#[must_use]
pub fn judge_move(before: Value, after: Value, mover: Color) -> Option<String> {
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
    if let (Some(b), Some(a)) = (before.exact_class(), after.exact_class()) {
        // `a` is for the opponent; through the move it is the mover's negation.
        let a = match a {
            OracleValue::Win(n) => OracleValue::Loss(n + 1),
            OracleValue::Loss(n) => OracleValue::Win(n + 1),
            OracleValue::Draw => OracleValue::Draw,
        };
        return (rank(a) < rank(b)).then(|| format!("{mover} turned a {} into a {} (exact values)", word(b), word(a)));
    }
    let Value::Estimate { score: b, depth, proven: false, .. } = before else { return None };
    let a = -after.score_at(depth.checked_sub(1).filter(|&d| d > 0)?)?;
    let capped = |s: i32| s.clamp(-ESTIMATE_CAP, ESTIMATE_CAP);
    let drop = capped(b) - capped(a);
    (drop > ESTIMATE_DROP).then(|| {
        format!(
            "{mover} lost about {:.1} stones by a depth-{depth} search (marked beyond {:.1})",
            f64::from(drop) / 100.0,
            f64::from(ESTIMATE_DROP) / 100.0
        )
    })
}

/// How much a search's score must drop (hundredths of a stone) for a move to be marked.
pub const ESTIMATE_DROP: i32 = 150;

/// A win or loss a search sees counts as this many hundredths of a stone when scores are
/// compared: decided scores differ by their distance, which is no loss of value.
pub const ESTIMATE_CAP: i32 = 1000;

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
            Some("White turned a win into a draw (exact values)")
        );
        assert_eq!(
            judge_move(Value::Exact(OracleValue::Draw), Value::Exact(OracleValue::Win(3)), w).as_deref(),
            Some("White turned a draw into a loss (exact values)")
        );
        assert_eq!(judge_move(Value::Exact(OracleValue::Loss(6)), Value::Exact(OracleValue::Win(5)), w), None);
    }

    #[test]
    fn estimates_are_compared_at_the_same_horizon_only() {
        let b = Color::Black;
        let est = |score, depth, shallower| Value::Estimate { score, depth, shallower, proven: false };
        // Before: depth 8; after: depth 8, whose depth-7 score is what counts.
        assert_eq!(judge_move(est(50, 8, None), est(500, 8, Some(-20)), b), None, "a small drop is not marked");
        assert_eq!(
            judge_move(est(50, 8, None), est(-900, 8, Some(200)), b).as_deref(),
            Some("Black lost about 2.5 stones by a depth-8 search (marked beyond 1.5)")
        );
        // A search that stopped at depth 7 (it saw a win): its own score is the depth-7 one.
        assert!(judge_move(est(50, 8, None), est(crate::search::WIN - 5, 7, Some(300)), b).is_some());
        // The noise of timed searches: "wins in 13" at depth 9 against +10.38 from a
        // search that only reached depth 5 is no evidence at all.
        let wins_in_13 = est(crate::search::WIN - 13, 9, Some(900));
        assert_eq!(judge_move(wins_in_13, est(-1038, 5, Some(-1000)), Color::White), None);
        // An estimate against an exact value is no evidence either way.
        assert_eq!(judge_move(est(400, 8, None), Value::Exact(OracleValue::Win(3)), b), None);
        // A proven search is exact.
        let proven = Value::Estimate { score: 0, depth: 4, shallower: None, proven: true };
        assert_eq!(
            judge_move(Value::Exact(OracleValue::Win(9)), proven, b).as_deref(),
            Some("Black turned a win into a draw (exact values)")
        );
    }
}
