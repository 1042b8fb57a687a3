//! The engine's own evaluation: material, mobility and blocked stones, closed mills,
//! open mills (two stones and an empty third point that a stone can fill next move),
//! double (running) mills, two-in-a-line threats while placing, and the flying endgame,
//! where mobility means nothing and every open line is a threat.
//!
//! Everything is computed from `Topology` data (lines, mill partners, neighbours), so it
//! runs unchanged on any board.

use crate::rules::{Color, Position};
use crate::topology::{Point, PointSet, Topology};

// Weights, in hundredths of a stone. Kept together so they can be tuned in one place.
const STONE: i32 = 100;
/// Per closed mill (a safe group while placing, a weapon while moving).
const MILL_PLACING: i32 = 12;
const MILL_MOVING: i32 = 18;
/// Per closed mill that can be opened next move (a stone has a free neighbour).
const OPENABLE_MILL: i32 = 22;
/// Per line with two own stones and an empty third point, while placing.
const TWO_PLACING: i32 = 22;
/// Per empty point at which the side can close a mill with its next move (moving/flying).
const CLOSABLE_MOVING: i32 = 30;
/// Per running mill: a stone of a closed mill can step into another line's gap.
const DOUBLE_MILL: i32 = 90;
/// Per free neighbour of a stone (a move), by phase.
const MOBILITY_PLACING: i32 = 5;
const MOBILITY_MOVING: i32 = 6;
/// Per stone with no free neighbour: in the moving phase a blocked stone is nearly as
/// bad as a lost one (it neither moves nor defends, and all blocked is a loss).
const BLOCKED_PLACING: i32 = 25;
const BLOCKED_MOVING: i32 = 45;
/// Per empty point where one placement would open two lines at once (a fork), for the
/// side to move and for the other side.
const FORK_US: i32 = 30;
const FORK_THEM: i32 = 12;
/// The opponent (moving, not flying) has no move at all: it loses when it is its turn
/// unless the side to move frees it.
const OPPONENT_BLOCKED: i32 = 600;
/// The side not to move can close a mill in two places: one block is not enough.
const THEIR_DOUBLE_THREAT: i32 = 90;
/// The side not to move can close a mill in one place: the side to move must spend its
/// move blocking it.
const THEIR_THREAT: i32 = 15;
/// The side to move can close a mill now.
const OUR_THREAT: i32 = 40;
/// A side that flies with its three stones is dangerous: each open line is a threat.
const FLYING: i32 = 40;

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

fn side_score(f: &SideFeatures, game_placing: bool) -> i32 {
    let mut s = STONE * f.material;
    if game_placing {
        s += MILL_PLACING * f.mills + TWO_PLACING * f.two_lines;
        s += MOBILITY_PLACING * f.mobility - BLOCKED_PLACING * f.blocked;
    } else if f.flying {
        s += MILL_MOVING * f.mills + CLOSABLE_MOVING * f.closable.len() as i32 + FLYING;
    } else {
        s += MILL_MOVING * f.mills + OPENABLE_MILL * f.openable_mills;
        s += CLOSABLE_MOVING * f.closable.len() as i32 + DOUBLE_MILL * f.double_mills;
        s += MOBILITY_MOVING * f.mobility - BLOCKED_MOVING * f.blocked;
    }
    s
}

/// The engine's evaluation of `pos` for the side to move, in hundredths of a stone.
#[must_use]
pub fn strong(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    let ours = SideFeatures::of(pos, us);
    let theirs = SideFeatures::of(pos, !us);
    let game_placing = ours.placing || theirs.placing;
    let mut score = side_score(&ours, game_placing) - side_score(&theirs, game_placing);
    // Tempo: the side to move acts on its threats first.
    if !ours.closable.is_empty() {
        score += OUR_THREAT;
    }
    match theirs.closable.len() {
        0 => {}
        1 => score -= THEIR_THREAT,
        _ => score -= THEIR_DOUBLE_THREAT,
    }
    score += FORK_US * ours.forks - FORK_THEM * theirs.forks;
    if !theirs.placing && !theirs.flying && theirs.mobility == 0 {
        score += OPPONENT_BLOCKED;
    }
    score
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
        assert_eq!(strong(&Position::start(&STANDARD)), 0);
        // White has A1 and D1 (gap G1); Black to move faces a threat.
        let pos = after("A1 B2 D1");
        let white = SideFeatures::of(&pos, Color::White);
        assert_eq!(white.two_lines, 1);
        assert_eq!(white.closable.len(), 1);
        assert!(strong(&pos) < 0);
    }
}
