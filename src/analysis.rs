//! Where a game was decided: every position of a game valued for the side to move —
//! exactly by the endgame tables where they reach (at the game's own count of plies
//! without a removal), by a search elsewhere — and every move that made its side's value
//! worse marked, with the best move instead.
//!
//! A position is valued exactly when the tables cover it, or when they cover every
//! position its moves lead to (the last placement, for one: after it both hands are
//! empty). A move *changes the game-theoretic value* when both its position and the next
//! are valued exactly and the mover's class falls (win → draw, win → loss, draw → loss).
//! Where only a search speaks, a fall of at least [`MISTAKE`] hundredths of a stone is
//! marked as a search verdict, which is an opinion, not a proof.
//!
//! Uses the engine and the tables; knows nothing of files, records or printing.

use std::sync::Arc;

use crate::engine::{Engine, EngineOptions, Limits};
use crate::rules::{Color, Game, Move, MoveList, Outcome};
use crate::search::{DECIDED, OracleValue, WIN};
use crate::tablebase::Tablebase;

/// A fall in a search score, in hundredths of a stone, that marks a move as a mistake.
pub const MISTAKE: i32 = 150;

/// What is known of a position's value for its side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Exact, from the tables, under the game's rules at its count.
    Exact(OracleValue),
    /// A search's score (hundredths of a stone, or a win or loss it sees to the end).
    Search {
        /// The score for the side to move.
        score: i32,
        /// The depth searched.
        depth: u32,
        /// Whether the search proved its score exact: every leaf it reached was the end
        /// of the game or a table value (from the last placements on, when the tables
        /// are there). A proven score that is no win or loss is a draw.
        proven: bool,
    },
    /// The game is over here.
    Over(Outcome),
}

/// The three outcomes, for comparing verdicts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    /// The side loses.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The side wins.
    Win,
}

impl Class {
    /// `win`, `draw`, `loss`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Class::Loss => "loss",
            Class::Draw => "draw",
            Class::Win => "win",
        }
    }
}

impl Verdict {
    /// The exact class, if known (a finished game's outcome included).
    #[must_use]
    pub fn class(&self, side: Color) -> Option<Class> {
        match *self {
            Verdict::Exact(OracleValue::Win(_)) => Some(Class::Win),
            Verdict::Exact(OracleValue::Draw) => Some(Class::Draw),
            Verdict::Exact(OracleValue::Loss(_)) => Some(Class::Loss),
            Verdict::Over(Outcome::Win { winner, .. }) => Some(if winner == side { Class::Win } else { Class::Loss }),
            Verdict::Over(Outcome::Draw(_)) => Some(Class::Draw),
            Verdict::Search { proven: false, .. } => None,
            Verdict::Search { score, .. } if score >= DECIDED => Some(Class::Win),
            Verdict::Search { score, .. } if score <= -DECIDED => Some(Class::Loss),
            Verdict::Search { .. } => Some(Class::Draw),
        }
    }

    /// A score on one scale for comparing verdicts: exact wins and losses at ±[`WIN`].
    #[must_use]
    pub fn score(&self, side: Color) -> i32 {
        match (*self, self.class(side)) {
            (Verdict::Search { score, .. }, _) => score,
            (_, Some(Class::Win)) => WIN,
            (_, Some(Class::Loss)) => -WIN,
            _ => 0,
        }
    }

    /// The same verdict seen from the other side (after a move, for the mover).
    #[must_use]
    pub fn negated(self) -> Verdict {
        match self {
            Verdict::Exact(OracleValue::Win(n)) => Verdict::Exact(OracleValue::Loss(n)),
            Verdict::Exact(OracleValue::Loss(n)) => Verdict::Exact(OracleValue::Win(n)),
            Verdict::Search { score, depth, proven } => Verdict::Search { score: -score, depth, proven },
            other => other,
        }
    }

    /// In words for `side`: `win (conversion in 7)`, `draw`, `+1.20 (depth 12)`, `won: ...`.
    #[must_use]
    pub fn describe(&self, side: Color) -> String {
        match *self {
            Verdict::Exact(OracleValue::Win(0)) => "win".to_string(),
            Verdict::Exact(OracleValue::Loss(0)) => "loss".to_string(),
            Verdict::Exact(OracleValue::Win(n)) => format!("win (conversion in {n})"),
            Verdict::Exact(OracleValue::Loss(n)) => format!("loss (conversion in {n})"),
            Verdict::Exact(OracleValue::Draw) => "draw".to_string(),
            Verdict::Search { score, depth, proven: false } => {
                format!("{} (depth {depth})", crate::engine::format_score(score))
            }
            Verdict::Search { depth, .. } => {
                format!("{} (proven, depth {depth})", self.class(side).map_or("draw", Class::name))
            }
            Verdict::Over(outcome) => match self.class(side) {
                Some(Class::Win) => format!("won {}", outcome.reason()),
                Some(Class::Loss) => format!("lost {}", outcome.reason()),
                _ => format!("drawn {}", outcome.reason()),
            },
        }
    }
}

/// One move of the game, valued.
#[derive(Clone, Debug)]
pub struct MoveReport {
    /// Its number, counted in plies from 1 (White's first move is 1, Black's reply 2).
    pub number: usize,
    /// The side that played it.
    pub side: Color,
    /// The move.
    pub played: Move,
    /// Whether it belongs to the opening the game was started from (not the engines').
    pub opening: bool,
    /// The position's value for the mover before the move.
    pub before: Verdict,
    /// The mover's value after it.
    pub after: Verdict,
    /// The best move and its value for the mover, when it was not the one played (or
    /// when the value fell).
    pub best: Option<(Move, Verdict)>,
    /// Whether the move lost game-theoretic value (both verdicts exact).
    pub value_lost: bool,
    /// Whether a search scores the move at least [`MISTAKE`] worse than the position.
    pub search_mistake: bool,
}

/// A whole game, valued.
#[derive(Clone, Debug)]
pub struct GameAnalysis {
    /// Every move, in order.
    pub moves: Vec<MoveReport>,
    /// How the game ended, if it did.
    pub outcome: Option<Outcome>,
}

impl GameAnalysis {
    /// The moves of `side` (outside the opening) that lost game-theoretic value.
    pub fn value_losing(&self, side: Color) -> impl Iterator<Item = &MoveReport> {
        self.moves.iter().filter(move |m| m.side == side && !m.opening && m.value_lost)
    }

    /// The moves of `side` (outside the opening) a search marks as mistakes.
    pub fn search_mistakes(&self, side: Color) -> impl Iterator<Item = &MoveReport> {
        self.moves.iter().filter(move |m| m.side == side && !m.opening && m.search_mistake)
    }

    /// The first move from which on every position's value was exact: from the tables,
    /// the end of the game, or a search that proved its score (see [`Verdict::Search`]).
    #[must_use]
    pub fn exact_from(&self) -> Option<&MoveReport> {
        let known = |m: &MoveReport| m.before.class(m.side).is_some();
        let tail = self.moves.iter().rev().take_while(|m| known(m)).count();
        (tail > 0).then(|| &self.moves[self.moves.len() - tail])
    }

    /// The move that decided the game: the last one that lost game-theoretic value
    /// (opening moves included), when the values are exact from there on. `None` when
    /// no move lost value, or when values after it are not all exact.
    #[must_use]
    pub fn decided_by(&self) -> Option<&MoveReport> {
        let exact_from = self.exact_from()?.number;
        self.moves.iter().rev().find(|m| m.value_lost).filter(|m| m.number >= exact_from)
    }
}

/// How positions are valued.
#[derive(Clone)]
pub struct AnalyzeSettings {
    /// Limits of the search for positions the tables do not decide.
    pub limits: Limits,
    /// The engine's options (its oracle should be `tablebase`, when given).
    pub engine: EngineOptions,
    /// Tables for exact values.
    pub tablebase: Option<Arc<Tablebase>>,
}

/// The exact value of the current position of `game` for its side to move, if the
/// tables give it: directly, or through every move when they cover every child.
fn exact(game: &Game, tb: &Tablebase) -> Option<(OracleValue, Option<Move>)> {
    let pos = game.position();
    if let Ok(Some(v)) = tb.placing_value(pos) {
        // A placing position: its class (no distance: every placement makes progress).
        let value = v.placing_class();
        let best = tb.move_values(pos).ok().flatten().and_then(|moves| moves.first().map(|&(m, _)| m));
        return Some((value, best));
    }
    let count = game.quiet_plies();
    if let Some(v) = tb.value_at_count(pos, count, true) {
        return Some((v, best_exact_move(game, tb)));
    }
    let (v, m) = best_through_children(game, tb)?;
    Some((v, Some(m)))
}

/// The value of a move for the mover from its child's exact value.
fn through(child: OracleValue) -> OracleValue {
    match child {
        OracleValue::Win(n) => OracleValue::Loss(n.saturating_add(1)),
        OracleValue::Loss(n) => OracleValue::Win(n.saturating_add(1)),
        OracleValue::Draw => OracleValue::Draw,
    }
}

/// Smaller is better for the mover: short wins, draws, long losses.
fn rank(v: OracleValue) -> i32 {
    match v {
        OracleValue::Win(n) => i32::from(n),
        OracleValue::Draw => 1 << 17,
        OracleValue::Loss(n) => (2 << 17) - i32::from(n),
    }
}

/// The best move by the children's exact values (`None` unless every child is covered).
fn best_through_children(game: &Game, tb: &Tablebase) -> Option<(OracleValue, Move)> {
    let pos = game.position();
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let mut best: Option<(OracleValue, Move)> = None;
    for &m in list.as_slice() {
        let mut next = game.clone();
        next.play_unchecked(m);
        let v = match next.outcome() {
            Some(Outcome::Win { .. }) => OracleValue::Win(1),
            Some(Outcome::Draw(_)) => OracleValue::Draw,
            None => through(tb.value_at_count(next.position(), next.quiet_plies(), true)?),
        };
        // A removal is itself the conversion.
        let v = match (v, m.remove().is_some()) {
            (OracleValue::Win(_), true) => OracleValue::Win(1),
            (OracleValue::Loss(_), true) => OracleValue::Loss(1),
            (v, _) => v,
        };
        if best.is_none_or(|(b, _)| rank(v) < rank(b)) {
            best = Some((v, m));
        }
    }
    best
}

fn best_exact_move(game: &Game, tb: &Tablebase) -> Option<Move> {
    best_through_children(game, tb).map(|(_, m)| m)
}

/// Values every position of `game`'s moves after `opening_plies` plies of opening
/// (counted from the start of `game`), calling `progress(done, total)` after each.
#[must_use]
pub fn analyze(
    game: &Game,
    opening_plies: usize,
    settings: &AnalyzeSettings,
    progress: &mut dyn FnMut(usize, usize),
) -> GameAnalysis {
    let moves: Vec<Move> = game.moves().collect();
    let mut replay = Game::new(*game.start());
    let mut engine = Engine::new(settings.engine.clone(), *game.start());
    // The value of each position for its side to move, and the best move there.
    let mut values: Vec<(Verdict, Option<Move>)> = Vec::with_capacity(moves.len() + 1);
    for i in 0..=moves.len() {
        let verdict = if let Some(outcome) = replay.outcome() {
            (Verdict::Over(outcome), None)
        } else if let Some((v, best)) = settings.tablebase.as_deref().and_then(|tb| exact(&replay, tb)) {
            (Verdict::Exact(v), best)
        } else {
            engine.set_game(replay.clone());
            let r = engine.think(&settings.limits, &mut |_| {});
            (Verdict::Search { score: r.score, depth: r.depth, proven: r.proven }, r.best)
        };
        values.push(verdict);
        progress(i + 1, moves.len() + 1);
        if let Some(&m) = moves.get(i) {
            replay.play_unchecked(m);
        }
    }
    let mut reports = Vec::with_capacity(moves.len());
    let mut pos = *game.start();
    for (i, &m) in moves.iter().enumerate() {
        let side = pos.side_to_move();
        let (before, best_move) = values[i];
        let after = values[i + 1].0.negated();
        let value_lost = matches!((before.class(side), after.class(side)), (Some(b), Some(a)) if a < b);
        let search_mistake = !value_lost
            && matches!(before, Verdict::Search { proven: false, .. })
            && after.score(side) <= before.score(side) - MISTAKE;
        let best = best_move.filter(|&b| b != m).map(|b| (b, before));
        reports.push(MoveReport {
            number: i + 1,
            side,
            played: m,
            opening: i < opening_plies,
            before,
            after,
            best,
            value_lost,
            search_mistake,
        });
        pos = pos.play_unchecked(m);
    }
    GameAnalysis { moves: reports, outcome: game.outcome() }
}
