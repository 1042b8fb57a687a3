//! Move ordering: a score per move so the best candidates are searched first, which is
//! what makes alpha-beta cut. In order: the transposition-table move, mill-closing moves
//! (by the value of the stone removed), moves that fill a gap where the opponent would
//! close a mill, the two killer moves of the ply, then the history heuristic. The score
//! bands and bonuses are tuning numbers and live in [`super::params`].

use super::params::{
    HISTORY_MAX, MAX_PLY, ORDER_BLOCK, ORDER_BUILD, ORDER_KILLER_FIRST, ORDER_KILLER_SECOND, ORDER_MILL,
    ORDER_OPEN_LINE_REMOVAL, ORDER_TT_MOVE,
};
use crate::rules::{Color, Move, Position};
use crate::topology::MAX_POINTS;

/// Killer moves and history, kept across the iterations of one search.
pub struct MoveOrder {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
}

fn history_index(side: Color, m: Move) -> usize {
    let from = m.from().map_or(MAX_POINTS, |p| p.index());
    (side.index() * (MAX_POINTS + 1) + from) * MAX_POINTS + m.to().index()
}

impl Default for MoveOrder {
    fn default() -> Self {
        MoveOrder::new()
    }
}

impl MoveOrder {
    /// Empty tables.
    #[must_use]
    pub fn new() -> MoveOrder {
        MoveOrder { killers: vec![[None; 2]; MAX_PLY + 1], history: vec![0; 2 * (MAX_POINTS + 1) * MAX_POINTS] }
    }

    /// Scores every move of `moves` (legal in `pos`) into `scores`.
    pub fn score(&self, pos: &Position, ply: usize, tt_move: Option<Move>, moves: &[Move], scores: &mut [i32]) {
        let topo = pos.topology();
        let us = pos.side_to_move();
        let own = pos.stones(us);
        let theirs = pos.stones(!us);
        let empty = pos.empty();
        let their_gaps = topo.mill_completions(theirs, empty);
        let killers = self.killers[ply.min(MAX_PLY)];
        for (m, s) in moves.iter().zip(scores.iter_mut()) {
            *s = if Some(*m) == tt_move {
                ORDER_TT_MOVE
            } else if let Some(r) = m.remove() {
                // Prefer removing a stone that is part of an opponent's open line.
                let mut value = 0;
                for &pair in topo.mill_partners(r) {
                    let with_them = (pair & theirs).len();
                    value += if with_them == 1 && !(pair & empty).is_empty() {
                        ORDER_OPEN_LINE_REMOVAL
                    } else {
                        with_them as i32
                    };
                }
                value += (topo.neighbours(r) & empty).len() as i32;
                ORDER_MILL + value
            } else if their_gaps.contains(m.to()) {
                ORDER_BLOCK
            } else if Some(*m) == killers[0] {
                ORDER_KILLER_FIRST
            } else if Some(*m) == killers[1] {
                ORDER_KILLER_SECOND
            } else {
                let to = m.to();
                let rest = m.from().map_or(own, |f| own.without(f.set()));
                let builds = topo
                    .mill_partners(to)
                    .iter()
                    .filter(|&&pair| (pair & rest).len() == 1 && (pair & empty).len() == 1)
                    .count() as i32;
                self.history[history_index(us, *m)] + ORDER_BUILD * builds
            };
        }
    }

    /// Records a quiet move that caused a beta cutoff at `ply` searched to `depth`.
    pub fn record_cutoff(&mut self, side: Color, m: Move, ply: usize, depth: i32, tried_before: &[Move]) {
        let ply = ply.min(MAX_PLY);
        if self.killers[ply][0] != Some(m) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(m);
        }
        let bonus = depth * depth;
        let i = history_index(side, m);
        self.history[i] += bonus;
        for &q in tried_before {
            if q.remove().is_none() {
                let j = history_index(side, q);
                self.history[j] -= bonus;
            }
        }
        if self.history[i] >= HISTORY_MAX
            || tried_before.iter().any(|&q| self.history[history_index(side, q)] <= -HISTORY_MAX)
        {
            for h in &mut self.history {
                *h /= 2;
            }
        }
    }
}

/// Swaps the best-scored move of `moves[from..]` into `from` and returns it.
pub fn pick(moves: &mut [Move], scores: &mut [i32], from: usize) -> Move {
    let mut best = from;
    for i in from + 1..moves.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    moves.swap(from, best);
    scores.swap(from, best);
    moves[from]
}
