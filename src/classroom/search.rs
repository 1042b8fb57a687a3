//! The handout's MiniMax and alpha-beta, on [`Position`]s and [`Move`]s.
//!
//! Conventions (conventions in `docs/classroom.md`): depth counts plies; the root is White's
//! move (a MAX node) and White and Black alternate below it; a leaf at depth 0 is
//! estimated, and only those estimations are counted; the tree is not cut at won or lost
//! positions; a node below the root with no moves is worth −∞ to MAX and +∞ to MIN and is
//! not counted; among equal values the first move in generation order is kept;
//! alpha-beta cuts at `v ≥ β` (MAX) and `v ≤ α` (MIN), the root included. The handout is
//! silent on where a branch ends: [`Ends`] names the other readings students take.
//!
//! No allocation per node: the move lists live in one buffer of one list per ply,
//! allocated once per search. This module knows nothing of board strings or files.

use std::fmt;

use crate::eval::HANDOUT_DECIDED;
use crate::rules::{Color, Move, MoveList, Position};

/// A static estimation, from White's point of view.
pub type Estimate = fn(&Position) -> i32;

/// A search value: a finite estimate or ±∞.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Debug)]
pub struct Value(i32);

impl Value {
    /// +∞: MIN to move and no move.
    pub const INFINITY: Value = Value(i32::MAX);
    /// −∞: MAX to move and no move.
    pub const NEG_INFINITY: Value = Value(-i32::MAX);

    /// A finite value (estimates stay far from `i32`'s ends).
    #[must_use]
    pub const fn finite(v: i32) -> Value {
        Value(v)
    }

    /// The value as an integer, `None` for ±∞.
    #[must_use]
    pub const fn as_finite(self) -> Option<i32> {
        if self.0 == i32::MAX || self.0 == -i32::MAX { None } else { Some(self.0) }
    }

    /// The value from the other side's point of view (±∞ to ∓∞).
    #[must_use]
    pub const fn negated(self) -> Value {
        Value(-self.0)
    }
}

impl fmt::Display for Value {
    /// `inf`, `-inf` or the integer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Value::INFINITY => f.write_str("inf"),
            Value::NEG_INFINITY => f.write_str("-inf"),
            Value(v) => write!(f, "{v}"),
        }
    }
}

/// Where a branch of the tree ends, on which the handout is silent.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Ends {
    /// Only the depth ends a branch: a node below the root with no moves is worth −∞ to
    /// MAX and +∞ to MIN and is not counted (variant-board.md).
    #[default]
    AtDepth,
    /// A node whose side to move has no move, or where a side is down to two stones, is
    /// a leaf as well: estimated and counted, as a student's `if depth == 0 or
    /// game_over(board): return static(board)` has it.
    AtGameEnd,
    /// As [`Ends::AtGameEnd`], but a node where the game is over (a side down to two
    /// stones, or the side to move without a move), at the depth too, is valued as the
    /// game's end, ±10000 for the side that has won, without an estimation, and is not
    /// counted, as a student's `if game_over(board): return 10000 if black_lost(board) else
    /// -10000` ahead of `if depth == 0: count += 1; return static(board)` has it: a won
    /// position is not a static estimation. A side down to two stones is valued as the
    /// handout's estimate values it.
    AtGameEndUncounted,
}

impl Ends {
    /// Every reading, ours first.
    pub const ALL: [Ends; 3] = [Ends::AtDepth, Ends::AtGameEnd, Ends::AtGameEndUncounted];

    /// Whether a node below the root where the game is over ends its branch.
    #[must_use]
    pub fn at_game_end(self) -> bool {
        self != Ends::AtDepth
    }

    /// Under [`Ends::AtGameEndUncounted`], the value of `pos` if the game is over there
    /// (Black's fewer than three stones first, as the handout's estimate has it), counted by
    /// no one; `None` otherwise and under the other readings.
    #[must_use]
    pub fn uncounted_end(self, pos: &Position) -> Option<Value> {
        if self != Ends::AtGameEndUncounted {
            return None;
        }
        let won = |c: Color| Value::finite(if c == Color::White { HANDOUT_DECIDED } else { -HANDOUT_DECIDED });
        if let Some(&lost) = [Color::Black, Color::White].iter().find(|&&c| pos.material(c) < 3) {
            return Some(won(!lost));
        }
        let mover = pos.side_to_move();
        (pos.count_moves_for(mover) == 0).then(|| won(!mover))
    }
}

/// What a search found.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub struct MinimaxResult {
    /// The chosen move (the first among the best).
    pub best: Move,
    /// The position after it.
    pub after: Position,
    /// The MiniMax value of the root.
    pub value: Value,
    /// Static estimations made at the leaves (the handout's "positions evaluated").
    pub evals: u64,
}

/// A MiniMax search of `depth` plies from `root`, MAX where White moves there; where Black
/// does, MIN, every leaf still valued from White's side (the handout's other reading of a
/// Black program, `grade::cases::other_reading`). `None` when the side to move has no move
/// at the root, or `depth` is 0 (no move is searched).
#[must_use]
pub fn minimax(root: &Position, depth: u32, estimate: Estimate, ends: Ends) -> Option<MinimaxResult> {
    Search::new(depth, estimate, ends).root(root, false)
}

/// An alpha-beta search: the same move and value as [`minimax`], with fewer estimations.
#[must_use]
pub fn alpha_beta(root: &Position, depth: u32, estimate: Estimate, ends: Ends) -> Option<MinimaxResult> {
    Search::new(depth, estimate, ends).root(root, true)
}

struct Search {
    estimate: Estimate,
    evals: u64,
    lists: Vec<MoveList>,
    ends: Ends,
}

/// Whether the game is over at `pos`, with its side to move's `moves` generated: no move,
/// or a side with fewer than three stones (where [`Ends::AtGameEnd`] ends a branch).
#[must_use]
pub fn game_over(pos: &Position, moves: &MoveList) -> bool {
    moves.is_empty() || Color::ALL.iter().any(|&c| pos.material(c) < 3)
}

impl Search {
    fn new(depth: u32, estimate: Estimate, ends: Ends) -> Search {
        Search { estimate, evals: 0, lists: vec![MoveList::new(); depth as usize], ends }
    }

    /// Whether `pos`, with `moves` generated, ends its branch before the depth does.
    fn ends_here(&self, pos: &Position, moves: &MoveList) -> bool {
        self.ends.at_game_end() && game_over(pos, moves)
    }

    /// The search from `root`, MAX where White moves there and MIN where Black does.
    fn root(&mut self, root: &Position, pruning: bool) -> Option<MinimaxResult> {
        let max = root.side_to_move() == Color::White;
        let mut lists = std::mem::take(&mut self.lists);
        let (moves, below) = lists.split_first_mut()?;
        root.generate_moves(moves);
        let (mut alpha, mut beta) = (Value::NEG_INFINITY, Value::INFINITY);
        let mut best: Option<(Move, Position, Value)> = None;
        for &m in moves.iter() {
            let child = root.play_unchecked(m);
            let v = if pruning {
                self.alpha_beta(&child, alpha, beta, !max, below)
            } else {
                self.minimax(&child, !max, below)
            };
            // A later move must be strictly better to replace the first best.
            if best.is_none_or(|(_, _, b)| if max { v > b } else { v < b }) {
                best = Some((m, child, v));
            }
            if pruning {
                if (max && v >= beta) || (!max && v <= alpha) {
                    break;
                }
                if max {
                    alpha = alpha.max(v);
                } else {
                    beta = beta.min(v);
                }
            }
        }
        let (best, after, value) = best?;
        Some(MinimaxResult { best, after, value, evals: self.evals })
    }

    /// The leaf estimate, counted (or the game's end, uncounted: [`Ends::uncounted_end`]).
    fn leaf(&mut self, pos: &Position) -> Value {
        if let Some(v) = self.ends.uncounted_end(pos) {
            return v;
        }
        self.evals += 1;
        Value((self.estimate)(pos))
    }

    /// The MiniMax value of `pos`, searched `lists.len()` more plies (one list per ply).
    fn minimax(&mut self, pos: &Position, max: bool, lists: &mut [MoveList]) -> Value {
        let Some((moves, below)) = lists.split_first_mut() else {
            return self.leaf(pos);
        };
        pos.generate_moves(moves);
        if self.ends_here(pos, moves) {
            return self.leaf(pos);
        }
        let mut best = if max { Value::NEG_INFINITY } else { Value::INFINITY };
        for &m in moves.iter() {
            let v = self.minimax(&pos.play_unchecked(m), !max, below);
            best = if max { best.max(v) } else { best.min(v) };
        }
        best
    }

    /// The alpha-beta value of `pos` in the window (`alpha`, `beta`), `lists.len()` plies.
    fn alpha_beta(
        &mut self,
        pos: &Position,
        mut alpha: Value,
        mut beta: Value,
        max: bool,
        lists: &mut [MoveList],
    ) -> Value {
        let Some((moves, below)) = lists.split_first_mut() else {
            return self.leaf(pos);
        };
        pos.generate_moves(moves);
        if self.ends_here(pos, moves) {
            return self.leaf(pos);
        }
        if max {
            let mut v = Value::NEG_INFINITY;
            for &m in moves.iter() {
                v = v.max(self.alpha_beta(&pos.play_unchecked(m), alpha, beta, false, below));
                if v >= beta {
                    return v;
                }
                alpha = alpha.max(v);
            }
            v
        } else {
            let mut v = Value::INFINITY;
            for &m in moves.iter() {
                v = v.min(self.alpha_beta(&pos.play_unchecked(m), alpha, beta, true, below));
                if v <= alpha {
                    return v;
                }
                beta = beta.min(v);
            }
            v
        }
    }
}
