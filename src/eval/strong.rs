//! The engine's own evaluation: material, mobility and blocked stones, closed mills,
//! open mills (two stones and an empty third point that a stone can fill next move),
//! double (running) mills, two-in-a-line threats while placing, and the flying endgame,
//! where mobility means nothing and every open line is a threat.
//!
//! Everything is computed from `Topology` data (lines, mill partners, neighbours), so it
//! runs unchanged on any board. The weights are data ([`super::weights`]): the score is
//! a sum of weight × term, and [`strong_terms`] gives the terms themselves (what
//! `morris tune` fits the weights to).

use super::net::DEFAULT_NET;
use super::patterns::DEFAULT_PATTERNS;
use super::weights::{DEFAULT_WEIGHTS, WEIGHT_COUNT, Weights};
use crate::rules::{Color, Position};
use crate::topology::{Point, PointSet, Topology};

/// What the evaluation sees of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideFeatures {
    /// Stones on the board plus in hand.
    pub material: i32,
    /// Whether the side still has stones in hand.
    pub placing: bool,
    /// Whether the side flies (empty hand, exactly `fly_at` stones on the board).
    pub flying: bool,
    /// Closed mills.
    pub mills: i32,
    /// Closed mills one of whose stones can move out (and come back).
    pub openable_mills: i32,
    /// Lines with two own stones and an empty third point.
    pub two_lines: i32,
    /// Empty points at which the side's next move closes a mill.
    pub closable: PointSet,
    /// Running mills: a closed-mill stone next to another line's gap.
    pub double_mills: i32,
    /// Free neighbours summed over the stones (slides available, ignoring removals).
    pub mobility: i32,
    /// Stones without a free neighbour.
    pub blocked: i32,
    /// While placing: empty points where a placement opens two lines at once.
    pub forks: i32,
}

impl SideFeatures {
    /// The features of side `c` in `pos`.
    #[must_use]
    pub fn of(pos: &Position, c: Color) -> SideFeatures {
        let topo = pos.topology();
        let stones = pos.stones(c);
        let empty = pos.empty();
        let placing = pos.in_hand(c) > 0;
        let flying = pos.phase(c) == crate::rules::Phase::Flying;
        let in_mill = topo.in_mills(stones);
        let mut f = SideFeatures { material: pos.material(c) as i32, placing, flying, ..SideFeatures::default() };
        for &line in topo.lines() {
            let own = (line & stones).len();
            if own == 3 {
                f.mills += 1;
                if line.iter().any(|p| !(topo.neighbours(p) & empty).is_empty()) {
                    f.openable_mills += 1;
                }
            } else if own == 2 && (line & empty).len() == 1 {
                f.two_lines += 1;
            }
        }
        for p in stones {
            let free = (topo.neighbours(p) & empty).len() as i32;
            f.mobility += free;
            if free == 0 {
                f.blocked += 1;
            }
        }
        if placing {
            for p in empty {
                let opened = topo
                    .mill_partners(p)
                    .iter()
                    .filter(|&&pair| (pair & stones).len() == 1 && (pair & empty).len() == 1)
                    .count();
                if opened >= 2 {
                    f.forks += 1;
                }
            }
        }
        let gaps = topo.mill_completions(stones, empty);
        if placing || flying {
            // Any empty point can be filled next move.
            f.closable = gaps;
        } else {
            for gap in gaps {
                let (reachable, running) = movers_into(topo, gap, stones, in_mill);
                if reachable {
                    f.closable |= gap.set();
                }
                f.double_mills += running;
            }
        }
        f
    }
}

/// Whether a stone of `stones` outside the lines it would complete can slide into `gap`
/// and close one of them, and how many such slides come out of a closed mill (running
/// mills: the stone shuttles between two mills).
fn movers_into(topo: &Topology, gap: Point, stones: PointSet, in_mill: PointSet) -> (bool, i32) {
    let mut reachable = false;
    let mut running = 0;
    for &pair in topo.mill_partners(gap) {
        if !pair.is_subset(stones) {
            continue;
        }
        let movers = (topo.neighbours(gap) & stones).without(pair);
        if !movers.is_empty() {
            reachable = true;
            running += (movers & in_mill).len() as i32;
        }
    }
    (reachable, running)
}

fn side_score(f: &SideFeatures, game_placing: bool, w: &Weights) -> i32 {
    let mut s = w.stone * f.material;
    if game_placing {
        s += w.mill_placing * f.mills + w.two_placing * f.two_lines;
        s += w.mobility_placing * f.mobility - w.blocked_placing * f.blocked;
    } else if f.flying {
        s += w.mill_flying * f.mills + w.closable_flying * f.closable.len() as i32 + w.flying;
    } else {
        s += w.mill_moving * f.mills + w.openable_mill * f.openable_mills;
        s += w.closable_moving * f.closable.len() as i32 + w.double_mill * f.double_mills;
        s += w.mobility_moving * f.mobility - w.blocked_moving * f.blocked;
    }
    s
}

/// The engine's evaluation of `pos` for the side to move, in hundredths of a stone,
/// with the carried weights (`data/eval.weights`), pattern weights
/// (`data/eval.patterns`) and network (`data/eval.net`).
#[must_use]
pub fn strong(pos: &Position) -> i32 {
    strong_with(pos, &DEFAULT_WEIGHTS) + DEFAULT_PATTERNS.score(pos) + DEFAULT_NET.score(pos)
}

/// The engine's evaluation of `pos` for the side to move with weights `w`.
#[must_use]
pub fn strong_with(pos: &Position, w: &Weights) -> i32 {
    let us = pos.side_to_move();
    let ours = SideFeatures::of(pos, us);
    let theirs = SideFeatures::of(pos, !us);
    let game_placing = ours.placing || theirs.placing;
    let mut score = side_score(&ours, game_placing, w) - side_score(&theirs, game_placing, w);
    let (our_threat, their_threat, their_double_threat, opponent_blocked) = if game_placing {
        (w.our_threat_placing, w.their_threat_placing, w.their_double_threat_placing, w.opponent_blocked_placing)
    } else {
        (w.our_threat_moving, w.their_threat_moving, w.their_double_threat_moving, w.opponent_blocked_moving)
    };
    // Tempo: the side to move acts on its threats first.
    if !ours.closable.is_empty() {
        score += our_threat;
    }
    match theirs.closable.len() {
        0 => {}
        1 => score -= their_threat,
        _ => score -= their_double_threat,
    }
    score += w.fork_us * ours.forks - w.fork_them * theirs.forks;
    if !theirs.placing && !theirs.flying && theirs.mobility == 0 {
        score += opponent_blocked;
    }
    score
}

/// The terms of [`strong_with`] for `pos`, in the order of
/// [`super::weights::WEIGHT_NAMES`]: `strong_with(pos, w)` is the sum of each term times
/// its weight. Slower than the evaluation (for fitting weights, not for search).
#[must_use]
pub fn strong_terms(pos: &Position) -> [i32; WEIGHT_COUNT] {
    // Each weight alone at 1 (a linear score: its value is that weight's term).
    std::array::from_fn(|slot| {
        let mut unit = [0; WEIGHT_COUNT];
        unit[slot] = 1;
        strong_with(pos, &Weights::from_array(unit))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{STANDARD, notation::parse_move_list};

    fn after(moves: &str) -> Position {
        let mut pos = Position::start(&STANDARD);
        for m in parse_move_list(moves, pos.topology()).expect("moves parse") {
            pos = pos.play(m).expect("legal");
        }
        pos
    }

    #[test]
    fn start_is_even_and_open_lines_count() {
        assert_eq!(strong_with(&Position::start(&STANDARD), &DEFAULT_WEIGHTS), 0);
        // White has A1 and D1 (gap G1); Black to move faces a threat.
        let pos = after("A1 B2 D1");
        let white = SideFeatures::of(&pos, Color::White);
        assert_eq!(white.two_lines, 1);
        assert_eq!(white.closable.len(), 1);
        assert!(strong_with(&pos, &DEFAULT_WEIGHTS) < 0);
    }

    #[test]
    fn the_score_is_the_weighted_sum_of_its_terms() {
        // Positions from every phase, and weights unlike the carried ones.
        let odd = Weights::from_array(std::array::from_fn(|i| (i as i32 * 37) % 23 - 9));
        for (plies, seed) in (0..120).map(|i| (i % 60 + 1, i as u64)) {
            let game = crate::engine::random_game(&STANDARD, plies, seed);
            let pos = *game.position();
            let terms = strong_terms(&pos);
            for w in [*DEFAULT_WEIGHTS, odd] {
                let sum: i32 = terms.iter().zip(w.to_array()).map(|(t, w)| t * w).sum();
                assert_eq!(sum, strong_with(&pos, &w), "after {plies} plies (seed {seed})");
            }
        }
    }
}
