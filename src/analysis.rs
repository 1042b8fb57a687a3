//! Where a game was decided: every position of a game valued for the side to move, and
//! every move marked by what it did to its side's value. This is the one analysis of the
//! project: `morris analyze` prints it and the board's replays show it, with the same
//! values, the same marks and the same words.
//!
//! **Values** ([`Analyzer::position`]): exact from the tables where they reach (at the
//! game's own count of plies without a removal), or where they cover every position the
//! moves lead to (the last placement, for one); else a search to a fixed depth, on one
//! thread with a transposition table of [`ANALYSIS_HASH_MB`] cleared before each position
//! and at most [`ANALYSIS_NODES`] nodes (a count, not a time), so the same position gets
//! the same value on every machine and every load. ([`AnalyzeSettings::fixed_depth`];
//! `morris analyze --movetime` trades that for a timed search.)
//!
//! **Marks** ([`mark_move`]), on two kinds of evidence only:
//! - *exact values* on both sides of the move: a win turned into a draw is `?`, a win or
//!   a draw turned into a loss `??`; the only move that keeps a win or a draw, where the
//!   tables value every move, is `!`;
//! - *the search at the same horizon*: the position's score at depth d against the score
//!   of the position after the move at depth d − 1, which look equally far into the game;
//!   the mover's fall in stones is `?!` beyond [`DUBIOUS`], `?` beyond [`MISTAKE`] and `??`
//!   beyond [`BLUNDER`] (a win or loss the search sees counts as [`CAP`]), and a move into
//!   a loss the search sees, from a position where it saw none, is `??`.
//!
//! An exact value against an estimate, or searches that did not reach the depths to
//! compare, mark nothing.
//!
//! Uses the engine and the tables; knows nothing of files, records, pages or printing.

use std::sync::Arc;

use crate::engine::{Engine, EngineOptions, EvalChoice, SearchLimits};
use crate::rules::{Color, Game, Move, MoveList, Outcome};
use crate::search::{DECIDED, Oracle, OracleValue, WIN_SCORE};
use crate::tablebase::Tablebase;

/// A fall of a search score (hundredths of a stone) beyond which a move is `?!`.
pub const DUBIOUS: i32 = 50;
/// A fall beyond which a move is `?` (a mistake).
pub const MISTAKE: i32 = 150;
/// A fall beyond which a move is `??` (a blunder).
pub const BLUNDER: i32 = 400;
/// A win or loss a search sees counts as this many hundredths of a stone when scores
/// are compared: decided scores differ by their distance, which is no loss of value.
pub const CAP: i32 = 1000;

/// The depth of the analysis of each position, unless asked otherwise (41 positions of
/// a random game at depth 9: 1.3 s on one core of the 2-core machine, busy with a build).
pub const ANALYSIS_DEPTH: u32 = 8;
/// The most nodes the analysis of one position may search: a position that needs more
/// stops at the last depth completed, and is shown but not compared.
pub const ANALYSIS_NODES: u64 = 4_000_000;
/// The analysis's transposition table, in MiB: one size for every caller, since the
/// table's size can change a search's score.
pub const ANALYSIS_HASH_MB: usize = 16;

/// What is known of a position's value for its side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Exact, from the tables, under the game's rules at its count.
    Exact(OracleValue),
    /// Exact win, draw or loss without a distance: a placing position from the placing
    /// tables, which keep only the class.
    ExactClass(OracleValue),
    /// A search's score (hundredths of a stone, or a win or loss it sees to the end).
    Search {
        /// The score for the side to move.
        score: i32,
        /// The depth of the last completed iteration.
        depth: u32,
        /// The score of the iteration one ply shallower, when there was one.
        shallower: Option<i32>,
        /// Whether the search proved its score exact: every leaf it reached was the end
        /// of the game or a table value. A proven score that is no win or loss is a draw.
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

    fn of(value: OracleValue) -> Class {
        match value {
            OracleValue::Win(_) => Class::Win,
            OracleValue::Draw => Class::Draw,
            OracleValue::Loss(_) => Class::Loss,
        }
    }
}

impl Verdict {
    /// The exact class, if known (a finished game's outcome and a proven search included).
    #[must_use]
    pub fn class(&self, side: Color) -> Option<Class> {
        match *self {
            Verdict::Exact(v) | Verdict::ExactClass(v) => Some(Class::of(v)),
            Verdict::Over(Outcome::Win { winner, .. }) => Some(if winner == side { Class::Win } else { Class::Loss }),
            Verdict::Over(Outcome::Draw(_)) => Some(Class::Draw),
            Verdict::Search { proven: false, .. } => None,
            Verdict::Search { score, .. } if score >= DECIDED => Some(Class::Win),
            Verdict::Search { score, .. } if score <= -DECIDED => Some(Class::Loss),
            Verdict::Search { .. } => Some(Class::Draw),
        }
    }

    /// The exact value as the tables write it, if known: a finished game is a win or loss
    /// in 0 plies; a proven search or a placing class has no distance (0).
    #[must_use]
    pub fn exact_value(&self, side: Color) -> Option<OracleValue> {
        match *self {
            Verdict::Exact(v) | Verdict::ExactClass(v) => Some(v),
            _ => self.class(side).map(|c| match c {
                Class::Win => OracleValue::Win(0),
                Class::Draw => OracleValue::Draw,
                Class::Loss => OracleValue::Loss(0),
            }),
        }
    }

    /// A score on one scale for comparing verdicts: exact wins and losses at ±[`WIN_SCORE`].
    #[must_use]
    pub fn score(&self, side: Color) -> i32 {
        match (*self, self.class(side)) {
            (Verdict::Search { score, .. }, _) => score,
            (_, Some(Class::Win)) => WIN_SCORE,
            (_, Some(Class::Loss)) => -WIN_SCORE,
            _ => 0,
        }
    }

    /// The search's score at `depth`, if this is an unproven search that reached it (or
    /// saw a win or loss by then, which a deeper search sees too).
    #[must_use]
    pub fn score_at(&self, depth: u32) -> Option<i32> {
        match *self {
            Verdict::Search { score, depth: d, proven: false, .. } if d == depth => Some(score),
            Verdict::Search { score, depth: d, proven: false, .. } if d < depth && score.abs() >= DECIDED => {
                Some(score)
            }
            Verdict::Search { shallower, depth: d, proven: false, .. } if d == depth + 1 => shallower,
            _ => None,
        }
    }

    /// The same verdict seen from the other side (after a move, for the mover).
    #[must_use]
    pub fn negated(self) -> Verdict {
        let flip = |v: OracleValue| match v {
            OracleValue::Win(n) => OracleValue::Loss(n),
            OracleValue::Loss(n) => OracleValue::Win(n),
            OracleValue::Draw => OracleValue::Draw,
        };
        match self {
            Verdict::Exact(v) => Verdict::Exact(flip(v)),
            Verdict::ExactClass(v) => Verdict::ExactClass(flip(v)),
            Verdict::Search { score, depth, shallower, proven } => {
                Verdict::Search { score: -score, depth, shallower: shallower.map(|s| -s), proven }
            }
            other => other,
        }
    }

    /// In words for `side`: `win (conversion in 7)`, `draw`, `+1.20 (depth 12)`, `won: ...`.
    #[must_use]
    pub fn describe(&self, side: Color) -> String {
        match *self {
            Verdict::Exact(OracleValue::Win(0)) | Verdict::ExactClass(OracleValue::Win(_)) => "win".to_string(),
            Verdict::Exact(OracleValue::Loss(0)) | Verdict::ExactClass(OracleValue::Loss(_)) => "loss".to_string(),
            Verdict::Exact(OracleValue::Win(n)) => format!("win (conversion in {n})"),
            Verdict::Exact(OracleValue::Loss(n)) => format!("loss (conversion in {n})"),
            Verdict::Exact(OracleValue::Draw) | Verdict::ExactClass(OracleValue::Draw) => "draw".to_string(),
            Verdict::Search { score, depth, proven: false, .. } => {
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

/// A mark's sign, as annotators write it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Glyph {
    /// `!`: the only move that keeps the value.
    Only,
    /// `?!`: a small fall by the search.
    Dubious,
    /// `?`: a win let go to a draw, or a clear fall by the search.
    Mistake,
    /// `??`: a win or draw let go to a loss, a large fall, or a move into a loss the
    /// search sees.
    Blunder,
}

impl Glyph {
    /// `!`, `?!`, `?`, `??`.
    #[must_use]
    pub const fn text(self) -> &'static str {
        match self {
            Glyph::Only => "!",
            Glyph::Dubious => "?!",
            Glyph::Mistake => "?",
            Glyph::Blunder => "??",
        }
    }

    /// Whether the glyph says the move lost value (`?` or `??`).
    #[must_use]
    pub const fn is_error(self) -> bool {
        matches!(self, Glyph::Mistake | Glyph::Blunder)
    }
}

/// A move's mark: its glyph, why, and whether exact values back it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// `!`, `?!`, `?` or `??`.
    pub glyph: Glyph,
    /// Why, in one line (`White turned a win into a draw (exact values)`).
    pub reason: String,
    /// Whether it rests on exact values (else on a search).
    pub exact: bool,
}

/// One position of a game, valued: what is known of its value for the side to move, the
/// best move found, and the only move that keeps its value when the tables say so.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PositionAnalysis {
    /// The value for the side to move.
    pub verdict: Verdict,
    /// The best move found (the tables' or the search's).
    pub best: Option<Move>,
    /// The one move that keeps a win or a draw, where the tables value every move and
    /// every other move loses value.
    pub only: Option<Move>,
}

/// The mark of `played`, the move from the position `before` (valued for `mover`) to
/// `after` (valued for the opponent); `None` when the evidence says nothing. The one
/// judgement of the project: `morris analyze` and the board's replays both call it.
#[must_use]
pub fn mark_move(before: &PositionAnalysis, after: &PositionAnalysis, played: Move, mover: Color) -> Option<Mark> {
    let after_v = after.verdict.negated();
    if let (Some(b), Some(a)) = (before.verdict.class(mover), after_v.class(mover)) {
        let glyph = match (b, a) {
            (Class::Win, Class::Draw) => Glyph::Mistake,
            (Class::Win | Class::Draw, Class::Loss) => Glyph::Blunder,
            (b, a) if a == b && b != Class::Loss && before.only == Some(played) => {
                return Some(Mark {
                    glyph: Glyph::Only,
                    reason: format!("the only move that keeps {mover}'s {} (exact values)", b.name()),
                    exact: true,
                });
            }
            _ => return None,
        };
        return Some(Mark {
            glyph,
            reason: format!("{mover} turned a {} into a {} (exact values)", b.name(), a.name()),
            exact: true,
        });
    }
    let Verdict::Search { score: b, depth, proven: false, .. } = before.verdict else { return None };
    let a = after_v.score_at(depth.checked_sub(1).filter(|&d| d > 0)?)?;
    let search = format!("a depth-{depth} search");
    if a <= -DECIDED && b > -DECIDED {
        return Some(Mark {
            glyph: Glyph::Blunder,
            reason: format!(
                "{mover} moved into a loss in {} that {search} sees",
                crate::words::plies((WIN_SCORE + a).unsigned_abs())
            ),
            exact: false,
        });
    }
    let capped = |s: i32| s.clamp(-CAP, CAP);
    let drop = capped(b) - capped(a);
    let glyph = if drop > BLUNDER {
        Glyph::Blunder
    } else if drop > MISTAKE {
        Glyph::Mistake
    } else if drop > DUBIOUS {
        Glyph::Dubious
    } else {
        return None;
    };
    Some(Mark {
        glyph,
        // Both scores seen as far into the game: the figure is not the difference of the
        // two full-depth values, which may even rise.
        reason: format!(
            "{mover} lost about {:.1} stones at the same horizon: {} before the move by {search}, {} after it at \
             depth {} ({})",
            f64::from(drop) / 100.0,
            crate::engine::format_score(b),
            crate::engine::format_score(a),
            depth - 1,
            thresholds_words()
        ),
        exact: false,
    })
}

/// The search thresholds in words: `?! beyond 0.5 stones, ? beyond 1.5 stones, ?? beyond 4.0 stones`.
#[must_use]
pub fn thresholds_words() -> String {
    let stones = |h: i32| f64::from(h) / 100.0;
    format!(
        "?! beyond {:.1} stones, ? beyond {:.1} stones, ?? beyond {:.1} stones",
        stones(DUBIOUS),
        stones(MISTAKE),
        stones(BLUNDER)
    )
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
    /// The best move and its value for the mover, when it was not the one played.
    pub best: Option<(Move, Verdict)>,
    /// The move's mark ([`mark_move`]).
    pub mark: Option<Mark>,
    /// Whether the move lost game-theoretic value (a `?` or `??` on exact values).
    pub value_lost: bool,
    /// Whether a search marks the move `?` or `??`.
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

    /// The moves of `side` (outside the opening) a search marks `?` or `??`.
    pub fn search_mistakes(&self, side: Color) -> impl Iterator<Item = &MoveReport> {
        self.moves.iter().filter(move |m| m.side == side && !m.opening && m.search_mistake)
    }

    /// How many moves of `side` (outside the opening) a search marked with `glyph`; each
    /// glyph is counted by itself, `?!` as much as `?` and `??`.
    #[must_use]
    pub fn marked_by_search(&self, side: Color, glyph: Glyph) -> usize {
        self.moves
            .iter()
            .filter(|m| m.side == side && !m.opening)
            .filter(|m| m.mark.as_ref().is_some_and(|k| !k.exact && k.glyph == glyph))
            .count()
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
    pub limits: SearchLimits,
    /// The engine's options (its oracle should be `tablebase`, when given).
    pub engine: EngineOptions,
    /// Tables for exact values.
    pub tablebase: Option<Arc<Tablebase>>,
}

impl AnalyzeSettings {
    /// The analysis every caller shares: a search to `depth` plies of at most
    /// [`ANALYSIS_NODES`] nodes, on one thread, with a table of [`ANALYSIS_HASH_MB`]
    /// (cleared before each position), the engine's own evaluation, and `tablebase` for
    /// exact values.
    #[must_use]
    pub fn fixed_depth(depth: u32, tablebase: Option<Arc<Tablebase>>) -> AnalyzeSettings {
        AnalyzeSettings {
            limits: SearchLimits { depth: Some(depth), nodes: Some(ANALYSIS_NODES), ..SearchLimits::default() },
            engine: EngineOptions {
                hash_mb: ANALYSIS_HASH_MB,
                threads: 1,
                oracle: tablebase.clone().map(|t| t as Arc<dyn Oracle>),
                ..EngineOptions::for_eval(EvalChoice::Strong)
            },
            tablebase,
        }
    }
}

/// Every legal move of the current position of `game` with its exact value for the
/// side to move, at the game's count of plies without a removal, in the tables' order
/// (best first); `None` when the tables do not cover the position and all its moves.
#[must_use]
pub fn move_values(tb: &Tablebase, game: &Game) -> Option<Vec<(Move, OracleValue)>> {
    if game.outcome().is_some() {
        return None;
    }
    let count = game.quiet_plies();
    let rule = game.position().rules().no_removal_plies;
    let moves = tb.move_values(game.position()).ok()??;
    moves.into_iter().map(|(m, v)| Some((m, v.at_count(count, rule, tb.profile())?))).collect()
}

/// The exact value of the current position of `game` for its side to move, if the
/// tables give it: directly, or through every move when they cover every child.
fn exact(game: &Game, tb: &Tablebase) -> Option<(Verdict, Option<Move>)> {
    let pos = game.position();
    if let Ok(Some(v)) = tb.placing_value(pos) {
        // A placing position: its class (no distance: every placement makes progress).
        let best = tb.move_values(pos).ok().flatten().and_then(|moves| moves.first().map(|&(m, _)| m));
        return Some((Verdict::ExactClass(v.placing_class()), best));
    }
    let count = game.quiet_plies();
    if let Some(v) = tb.value_at_count(pos, count, true) {
        return Some((Verdict::Exact(v), best_through_children(game, tb).map(|(_, m)| m)));
    }
    let (v, m) = best_through_children(game, tb)?;
    Some((Verdict::Exact(v), Some(m)))
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

/// The only move that keeps a win or a draw, when the tables value every move.
fn only_move(game: &Game, tb: &Tablebase) -> Option<Move> {
    let values = move_values(tb, game)?;
    if values.len() < 2 {
        return None;
    }
    let best = values.iter().map(|&(_, v)| Class::of(v)).max()?;
    let mut keeping = values.iter().filter(|&&(_, v)| Class::of(v) == best);
    let (m, _) = *keeping.next()?;
    (best != Class::Loss && keeping.next().is_none()).then_some(m)
}

/// Values positions one after another with one engine (created on the first search).
pub struct Analyzer {
    settings: AnalyzeSettings,
    engine: Option<Engine>,
}

impl Analyzer {
    /// An analyzer with `settings`.
    #[must_use]
    pub fn new(settings: AnalyzeSettings) -> Analyzer {
        Analyzer { settings, engine: None }
    }

    /// The value of the current position of `game` for its side to move: the end of the
    /// game, the tables', or a search (on a cleared table, so the value does not depend
    /// on what was analysed before).
    pub fn position(&mut self, game: &Game) -> PositionAnalysis {
        if let Some(outcome) = game.outcome() {
            return PositionAnalysis { verdict: Verdict::Over(outcome), best: None, only: None };
        }
        if let Some(tb) = self.settings.tablebase.as_deref()
            && let Some((verdict, best)) = exact(game, tb)
        {
            return PositionAnalysis { verdict, best, only: only_move(game, tb) };
        }
        let options = &self.settings.engine;
        let engine = self.engine.get_or_insert_with(|| Engine::new(options.clone(), *game.start()));
        engine.new_game();
        engine.set_game(game.clone());
        let mut scores = Vec::new();
        let r = engine.think(&self.settings.limits, &mut |it| scores.push((it.depth, it.score)));
        let shallower = scores.iter().find(|&&(d, _)| d + 1 == r.depth).map(|&(_, s)| s);
        PositionAnalysis {
            verdict: Verdict::Search { score: r.score, depth: r.depth, shallower, proven: r.proven },
            best: r.best,
            only: None,
        }
    }
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
    let mut analyzer = Analyzer::new(settings.clone());
    let mut values: Vec<PositionAnalysis> = Vec::with_capacity(moves.len() + 1);
    for i in 0..=moves.len() {
        values.push(analyzer.position(&replay));
        progress(i + 1, moves.len() + 1);
        if let Some(&m) = moves.get(i) {
            replay.play_unchecked(m);
        }
    }
    let mut reports = Vec::with_capacity(moves.len());
    let mut pos = *game.start();
    for (i, &m) in moves.iter().enumerate() {
        let side = pos.side_to_move();
        let before = values[i];
        let mark = mark_move(&before, &values[i + 1], m, side);
        let is_error = |exact: bool| mark.as_ref().is_some_and(|k| k.exact == exact && k.glyph.is_error());
        reports.push(MoveReport {
            number: i + 1,
            side,
            played: m,
            opening: i < opening_plies,
            before: before.verdict,
            after: values[i + 1].verdict.negated(),
            best: before.best.filter(|&b| b != m).map(|b| (b, before.verdict)),
            value_lost: is_error(true),
            search_mistake: is_error(false),
            mark,
        });
        pos = pos.play_unchecked(m);
    }
    GameAnalysis { moves: reports, outcome: game.outcome() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(verdict: Verdict) -> PositionAnalysis {
        PositionAnalysis { verdict, best: None, only: None }
    }

    fn mark(before: Verdict, after: Verdict, mover: Color) -> Option<(&'static str, String)> {
        let m = Move::place(crate::topology::Point::new(0));
        mark_move(&at(before), &at(after), m, mover).map(|k| (k.glyph.text(), k.reason))
    }

    #[test]
    fn exact_values_mark_only_moves_that_lose_value() {
        let w = Color::White;
        // Before: White wins in 5; after: Black (to move) loses in 4: White still wins.
        assert_eq!(mark(Verdict::Exact(OracleValue::Win(5)), Verdict::Exact(OracleValue::Loss(4)), w), None);
        assert_eq!(
            mark(Verdict::Exact(OracleValue::Win(5)), Verdict::Exact(OracleValue::Draw), w),
            Some(("?", "White turned a win into a draw (exact values)".to_string()))
        );
        assert_eq!(
            mark(Verdict::Exact(OracleValue::Draw), Verdict::Exact(OracleValue::Win(3)), w),
            Some(("??", "White turned a draw into a loss (exact values)".to_string()))
        );
        assert_eq!(mark(Verdict::Exact(OracleValue::Win(5)), Verdict::Exact(OracleValue::Win(3)), w).unwrap().0, "??");
        assert_eq!(mark(Verdict::Exact(OracleValue::Loss(6)), Verdict::Exact(OracleValue::Win(5)), w), None);
    }

    #[test]
    fn the_only_move_that_keeps_the_value_is_marked_with_a_bang() {
        let m = Move::place(crate::topology::Point::new(3));
        let before = PositionAnalysis { verdict: Verdict::Exact(OracleValue::Draw), best: Some(m), only: Some(m) };
        let after = at(Verdict::Exact(OracleValue::Draw));
        let k = mark_move(&before, &after, m, Color::Black).expect("marked");
        assert_eq!((k.glyph.text(), k.reason.as_str()), ("!", "the only move that keeps Black's draw (exact values)"));
        let other = Move::place(crate::topology::Point::new(4));
        assert_eq!(mark_move(&before, &after, other, Color::Black), None);
    }

    #[test]
    fn searches_are_compared_at_the_same_horizon_with_three_thresholds() {
        let b = Color::Black;
        let est = |score, depth, shallower| Verdict::Search { score, depth, shallower, proven: false };
        // Before: depth 8; after: depth 8, whose depth-7 score is what counts.
        assert_eq!(mark(est(50, 8, None), est(500, 8, Some(-20)), b), None, "a fall of 0.3 is no mark");
        assert_eq!(mark(est(50, 8, None), est(500, 8, Some(30)), b).unwrap().0, "?!", "0.8");
        let k = mark(est(50, 8, None), est(-900, 8, Some(200)), b).unwrap();
        assert_eq!(k.0, "?");
        assert_eq!(
            k.1,
            "Black lost about 2.5 stones at the same horizon: +0.50 before the move by a depth-8 search, -2.00 \
             after it at depth 7 (?! beyond 0.5 stones, ? beyond 1.5 stones, ?? beyond 4.0 stones)"
        );
        assert_eq!(mark(est(50, 8, None), est(0, 8, Some(600)), b).unwrap().0, "??");
        // The move 32: −8.64, then a loss the search sees: `??`, though capped
        // scores differ by only 1.36 stones.
        let k = mark(est(-864, 8, None), est(WIN_SCORE - 7, 7, Some(WIN_SCORE - 7)), b).unwrap();
        assert_eq!(k, ("??", "Black moved into a loss in 7 plies that a depth-8 search sees".to_string()));
        // A win seen at depth 5 holds at depth 7 too.
        assert_eq!(mark(est(100, 8, None), est(WIN_SCORE - 3, 5, None), b).unwrap().0, "??");
        // Timed searches' noise: a depth-9 score against a depth-5 one is no evidence.
        assert_eq!(mark(est(WIN_SCORE - 13, 9, Some(900)), est(-1038, 5, Some(-1000)), Color::White), None);
        // An estimate against an exact value is no evidence either way.
        assert_eq!(mark(est(400, 8, None), Verdict::Exact(OracleValue::Win(3)), b), None);
        // A proven search is exact.
        let proven = Verdict::Search { score: 0, depth: 4, shallower: None, proven: true };
        assert_eq!(mark(Verdict::Exact(OracleValue::Win(9)), proven, b).unwrap().0, "?");
    }

    #[test]
    fn search_marks_are_counted_glyph_by_glyph_outside_the_opening() {
        let report = |side, opening, glyph: Option<Glyph>, exact| MoveReport {
            number: 1,
            side,
            played: Move::place(crate::topology::Point::new(0)),
            opening,
            before: Verdict::Exact(OracleValue::Draw),
            after: Verdict::Exact(OracleValue::Draw),
            best: None,
            mark: glyph.map(|glyph| Mark { glyph, reason: String::new(), exact }),
            value_lost: false,
            search_mistake: false,
        };
        let (w, b) = (Color::White, Color::Black);
        let game = GameAnalysis {
            moves: vec![
                report(w, false, Some(Glyph::Dubious), false),
                report(w, false, Some(Glyph::Dubious), false),
                // In the opening, and on exact values: not a search's mark.
                report(w, true, Some(Glyph::Dubious), false),
                report(w, false, Some(Glyph::Mistake), true),
                report(b, false, Some(Glyph::Blunder), false),
                report(b, false, None, false),
            ],
            outcome: None,
        };
        assert_eq!(game.marked_by_search(w, Glyph::Dubious), 2);
        assert_eq!(game.marked_by_search(w, Glyph::Mistake), 0);
        assert_eq!(game.marked_by_search(b, Glyph::Blunder), 1);
        assert_eq!(game.marked_by_search(b, Glyph::Dubious), 0);
    }
}
