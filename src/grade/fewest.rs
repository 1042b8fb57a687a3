//! The fewest positions a correct alpha-beta can evaluate on a call's tree: the floor
//! under the count an alpha-beta program prints, whatever order it searches its moves in.
//!
//! Why it is a floor: alpha-beta cuts a subtree only where nothing in it could change the
//! root's value, so whatever the leaves it did not evaluate hold, the root's MiniMax value
//! is the same. The leaves it evaluated therefore *settle* the root's value, and its count
//! is at least the size of the smallest set of leaves that does (Knuth and Moore's minimal
//! tree, for a tree of any shape). That set is found exactly, by recursion on the
//! MiniMax values:
//!
//! - to settle a MAX node at `v`, every child is shown `≤ v` and one child of value `v`
//!   is settled (the cheapest such child);
//! - to show a MAX node `≤ t`, every child `≤ t`; to show a MIN node `≤ t`, one child
//!   (the cheapest); and the same mirrored for `≥ t` and for MIN nodes;
//! - a leaf costs one estimation, a node below the root without a move (∓∞) none (as
//!   does the game's end where a reading values it uncounted), and
//!   anything is `≤ +∞` and `≥ −∞` for nothing.
//!
//! Alpha-beta with the best move first at every node evaluates one such set, not always
//! the smallest (a child that refutes cheaply may not be the best one), so the floor is
//! at most what the best move order gives, and at most any correct alpha-beta's count:
//! in any move order, cutting at `≥` or `>`, failing hard or soft, counting leaves or
//! every node visited (a visited leaf is a node). A program whose counter restarts for
//! each root move prints less than that. The floor knows nothing of programs or grades.

use crate::classroom::search::{Ends, Estimate, Value, game_over};
use crate::rules::{MoveList, Position};

/// The fewest leaves any correct alpha-beta evaluates searching `depth` plies from
/// `root` (White, MAX, to move) with `estimate` at the leaves, where branches end as
/// `ends` says; 0 when the root has no move or `depth` is 0.
#[must_use]
pub fn fewest_alpha_beta_leaves(root: &Position, depth: u32, estimate: Estimate, ends: Ends) -> u64 {
    if depth == 0 {
        return 0;
    }
    Tree { estimate, ends }.settle(root, depth, true, true).1
}

/// The searched tree: how a leaf is estimated and where a branch ends.
struct Tree {
    estimate: Estimate,
    ends: Ends,
}

/// A node of the tree, as the search sees it.
enum Node {
    /// Estimated and counted.
    Leaf(Value),
    /// Valued but not counted: below the root without a move (−∞ for MAX, +∞ for MIN),
    /// or the game's end under [`Ends::AtGameEndUncounted`].
    Known(Value),
    /// Searched on: the positions after each move, in generation order.
    Inner(Vec<Position>),
}

impl Tree {
    /// `pos` with `depth` plies left, `max` if White is to move; the root's branch never
    /// ends before its moves are searched, as the programs' search has it.
    fn node(&self, pos: &Position, depth: u32, max: bool, root: bool) -> Node {
        let estimated = || {
            self.ends.uncounted_end(pos).map_or_else(|| Node::Leaf(Value::finite((self.estimate)(pos))), Node::Known)
        };
        if depth == 0 {
            return estimated();
        }
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        if !root && self.ends.at_game_end() && game_over(pos, &moves) {
            return estimated();
        }
        if moves.is_empty() {
            return Node::Known(if max { Value::NEG_INFINITY } else { Value::INFINITY });
        }
        Node::Inner(moves.iter().map(|&m| pos.play_unchecked(m)).collect())
    }

    /// The MiniMax value of `pos`.
    fn value(&self, pos: &Position, depth: u32, max: bool) -> Value {
        match self.node(pos, depth, max, false) {
            Node::Leaf(v) | Node::Known(v) => v,
            Node::Inner(children) => {
                let values = children.iter().map(|c| self.value(c, depth - 1, !max));
                let best = if max { values.max() } else { values.min() };
                best.unwrap_or(if max { Value::NEG_INFINITY } else { Value::INFINITY })
            }
        }
    }

    /// The fewest leaves that show the value of `pos` on `t`'s side: `≤ t` when `below`,
    /// else `≥ t`. `None` when its value is not on that side.
    fn bound(&self, pos: &Position, depth: u32, max: bool, t: Value, below: bool) -> Option<u64> {
        if (below && t == Value::INFINITY) || (!below && t == Value::NEG_INFINITY) {
            return Some(0);
        }
        let holds = |v: Value| if below { v <= t } else { v >= t };
        match self.node(pos, depth, max, false) {
            Node::Leaf(v) => holds(v).then_some(1),
            Node::Known(v) => holds(v).then_some(0),
            Node::Inner(children) => {
                let each = children.iter().map(|c| self.bound(c, depth - 1, !max, t, below));
                // Every child must be shown on the side where the mover would rather not
                // be (a MAX node `≤ t`, a MIN node `≥ t`); for the other side, one child.
                if max == below { each.sum() } else { each.flatten().min() }
            }
        }
    }

    /// The value of `pos` and the fewest leaves that settle it.
    fn settle(&self, pos: &Position, depth: u32, max: bool, root: bool) -> (Value, u64) {
        let children = match self.node(pos, depth, max, root) {
            Node::Leaf(v) => return (v, 1),
            Node::Known(v) => return (v, 0),
            Node::Inner(children) => children,
        };
        let values: Vec<Value> = children.iter().map(|c| self.value(c, depth - 1, !max)).collect();
        let best = if max { values.iter().max() } else { values.iter().min() };
        let Some(&v) = best else { return (if max { Value::NEG_INFINITY } else { Value::INFINITY }, 0) };
        // Every child shown no better than `v` for the mover; each holds by `v`'s choice
        // (none that did not would only make the floor lower).
        let sides: Vec<u64> = children.iter().map(|c| self.bound(c, depth - 1, !max, v, max).unwrap_or(0)).collect();
        let all: u64 = sides.iter().sum();
        let cheapest = children
            .iter()
            .zip(&values)
            .zip(&sides)
            .filter(|((_, value), _)| **value == v)
            .map(|((c, _), side)| self.settle(c, depth - 1, !max, false).1 + (all - side))
            .min();
        (v, cheapest.unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classroom::board_file::{parse_board, start_position};
    use crate::classroom::estimate;
    use crate::classroom::search::alpha_beta;
    use crate::classroom::{ProgramPhase, search::minimax};
    use crate::grade::cases::Seeded;
    use crate::rules::Color;

    fn root(board: &str, phase: ProgramPhase) -> Position {
        start_position(parse_board(board, "test").expect("a board"), phase)
    }

    /// The order a student's alpha-beta searches its children in.
    #[derive(Copy, Clone)]
    enum Order {
        /// Shuffled.
        Random,
        /// By their MiniMax values, best first for the side to move (ties as generated).
        BestFirst,
    }

    /// Alpha-beta as a student may write it, in an order of its own, cutting at `≥`/`≤` or
    /// only at `>`/`<`; its count of leaves estimated added to `evals`.
    #[allow(clippy::too_many_arguments)]
    fn student_alpha_beta(
        pos: &Position,
        depth: u32,
        (mut alpha, mut beta): (Value, Value),
        max: bool,
        (order, strict): (Order, bool),
        estimate: Estimate,
        rng: &mut Seeded,
        evals: &mut u64,
    ) -> Value {
        if depth == 0 {
            *evals += 1;
            return Value::finite(estimate(pos));
        }
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        let mut children: Vec<Position> = moves.iter().map(|&m| pos.play_unchecked(m)).collect();
        match order {
            Order::Random => {
                for i in (1..children.len()).rev() {
                    children.swap(i, rng.below(i + 1));
                }
            }
            Order::BestFirst => {
                let value = |c: &Position| crate::grade::cases::minimax_value(c, depth - 1, !max, estimate);
                if max {
                    children.sort_by_key(|c| std::cmp::Reverse(value(c)));
                } else {
                    children.sort_by_key(value);
                }
            }
        }
        let mut v = if max { Value::NEG_INFINITY } else { Value::INFINITY };
        for c in &children {
            let w = student_alpha_beta(c, depth - 1, (alpha, beta), !max, (order, strict), estimate, rng, evals);
            if max {
                v = v.max(w);
                if v > beta || (!strict && v == beta) {
                    return v;
                }
                alpha = alpha.max(v);
            } else {
                v = v.min(w);
                if v < alpha || (!strict && v == alpha) {
                    return v;
                }
                beta = beta.min(v);
            }
        }
        v
    }

    /// The handout's example boards and boards of random games, placing and moving: the
    /// floor is never above the count of our alpha-beta or of MiniMax (where the depth
    /// ends a branch, or the game too), of alpha-beta with the best move first, nor of
    /// alpha-beta in any of twenty random move orders, with either cut rule.
    #[test]
    fn no_correct_alpha_beta_evaluates_fewer_than_the_floor() {
        let mut rng = Seeded(7);
        let mut boards = vec![
            ("xBWBxxxWxBxxxWxBBWxxWW".to_string(), ProgramPhase::Game),
            ("xxxxxxxxWWxWWxBBBxxxxx".to_string(), ProgramPhase::Game),
            ("xxxxxxxWxxxxxxBxxxxxxx".to_string(), ProgramPhase::Opening),
            ("WWxxxxxxxWxxxxxxxxxBBB".to_string(), ProgramPhase::Opening),
        ];
        // Boards of random games at White's turn, placing and moving, down to three stones.
        let mut moves = MoveList::new();
        while boards.len() < 24 {
            let mut pos = Position::start(&crate::rules::CLASSROOM);
            for ply in 0..40 {
                pos.generate_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                pos = pos.play_unchecked(moves[rng.below(moves.len())]);
                let phase = if ply < 17 { ProgramPhase::Opening } else { ProgramPhase::Game };
                if ply % 4 == 3 && ply != 17 && pos.winner().is_none() && pos.material(Color::White) >= 3 {
                    boards.push((pos.board_string(), phase));
                }
            }
        }
        for (board, phase) in &boards {
            let root = root(board, *phase);
            let estimate =
                if *phase == ProgramPhase::Game { estimate::handout_game } else { estimate::handout_opening };
            for depth in 1..=3 {
                for ends in Ends::ALL {
                    let floor = fewest_alpha_beta_leaves(&root, depth, estimate, ends);
                    let ours = alpha_beta(&root, depth, estimate, ends).map_or(0, |r| r.evals);
                    let all = minimax(&root, depth, estimate, ends).map_or(0, |r| r.evals);
                    assert!(floor <= ours && ours <= all, "{board} at {depth}: floor {floor}, ours {ours}, all {all}");
                }
                let floor = fewest_alpha_beta_leaves(&root, depth, estimate, Ends::AtDepth);
                let orders = std::iter::repeat_n(Order::BestFirst, 2).chain(std::iter::repeat_n(Order::Random, 20));
                for (i, order) in orders.enumerate() {
                    let mut evals = 0;
                    let window = (Value::NEG_INFINITY, Value::INFINITY);
                    student_alpha_beta(&root, depth, window, true, (order, i % 2 == 0), estimate, &mut rng, &mut evals);
                    assert!(floor <= evals, "{board} at {depth}, order {i}: {evals} below the floor {floor}");
                }
            }
        }
    }

    /// At one ply every move is a leaf, and all are needed to know the best; at two, the
    /// best move's replies all, and one reply of each other move that is no better.
    #[test]
    fn the_floor_of_a_shallow_tree_is_the_minimal_tree() {
        let root = root("xBWBxxxWxBxxxWxBBWxxWW", ProgramPhase::Game);
        let mut moves = MoveList::new();
        root.generate_moves(&mut moves);
        let one = fewest_alpha_beta_leaves(&root, 1, estimate::handout_game, Ends::AtDepth);
        assert_eq!(one, moves.len() as u64);
        // Two plies by hand: each root move's replies, their estimates.
        let replies: Vec<Vec<Value>> = moves
            .iter()
            .map(|&m| {
                let child = root.play_unchecked(m);
                let mut theirs = MoveList::new();
                child.generate_moves(&mut theirs);
                theirs.iter().map(|&r| Value::finite(estimate::handout_game(&child.play_unchecked(r)))).collect()
            })
            .collect();
        let values: Vec<Value> = replies.iter().map(|r| r.iter().copied().min().unwrap_or(Value::INFINITY)).collect();
        let v = values.iter().copied().max().expect("a move");
        let by_hand = (0..replies.len())
            .filter(|&i| values[i] == v)
            .map(|i| replies[i].len() + (0..replies.len()).filter(|&j| j != i && values[j] <= v).count())
            .min()
            .expect("a best move") as u64;
        let two = fewest_alpha_beta_leaves(&root, 2, estimate::handout_game, Ends::AtDepth);
        let ours = alpha_beta(&root, 2, estimate::handout_game, Ends::AtDepth).expect("a move").evals;
        assert_eq!(two, by_hand);
        assert!(two <= ours, "{two} {ours}");
        // The docs' example at depth 4 (morris 4,378, MiniMax 32,787): a counter restarted
        // for each root move prints 140, far below the floor.
        let four = fewest_alpha_beta_leaves(&root, 4, estimate::handout_game, Ends::AtDepth);
        assert!(140 < four && four <= 4378, "{four}");
    }
}
