//! Static estimation of classroom positions, always from White's point of view: the
//! handout's two estimates and our improved ones (Part IV).
//!
//! The handout's midgame/endgame estimate counts Black's moves as Black's own generator
//! would produce them (`numBlackMoves`): slides, or flights when Black has exactly three
//! stones, with a mill-closing move counted once per stone it may remove, and once when
//! every White stone is in a mill. This module knows positions, not search.

use crate::rules::{Color, Phase, Position};
use crate::topology::{Point, PointSet, Topology};

// The value of a won position in the midgame/endgame estimates is the handout's 10000.
use crate::eval::{HANDOUT_DECIDED, HANDOUT_LOST_AT};

/// The handout's opening estimate: `numWhitePieces − numBlackPieces`.
#[must_use]
pub fn handout_opening(pos: &Position) -> i32 {
    crate::eval::handout_placing(pos, Color::White)
}

/// The handout's midgame/endgame estimate:
/// `10000` if Black has ≤ 2 stones, else `−10000` if White has ≤ 2, else `10000` if Black
/// has no move, else `1000·(numWhite − numBlack) − numBlackMoves`.
#[must_use]
pub fn handout_game(pos: &Position) -> i32 {
    crate::eval::handout_moving(pos, Color::White)
}

/// The number of moves `side`'s generator produces in `pos` (whoever is to move there):
/// the handout's `numBlackMoves` for `side` = Black ([`Position::count_moves_for`]).
#[must_use]
pub fn generated_moves(pos: &Position, side: Color) -> u32 {
    pos.count_moves_for(side)
}

// ---------------------------------------------------------------------------------------
// Part IV: the improved estimates.
//
// What decides games on this board: stones (a mill removes one), and under the handout's
// removal rule a stone standing in a mill can never be removed; a line with two stones and
// a reachable empty third is a mill on the next move (for the side to move, a stone won);
// two such threats at once cannot both be blocked; and a side that cannot move has lost, so
// mobility and blocked stones matter in the midgame. The weights keep one stone (1000)
// worth more than any positional sum, as in the handout's estimate.

/// A stone on the board, as in the handout's estimate.
const STONE: i32 = 1000;
/// The side to move will close a mill next ply (and so, usually, win a stone).
const THREAT_TO_MOVE: i32 = 700;
/// The side not to move has two or more mill threats: the mover can block only one.
const DOUBLE_THREAT: i32 = 450;
/// The side not to move has one mill threat: the mover must spend a move on it.
const SINGLE_THREAT: i32 = 120;
/// A stone in a mill cannot be removed (handout's GenerateRemove).
const SAFE_STONE: i32 = 40;
/// Midgame: one more move than the opponent.
const MOBILITY: i32 = 25;
/// Midgame: a stone that cannot move at all.
const BLOCKED_STONE: i32 = 30;
/// Midgame: a mill that can be opened and closed again (a stone of it can step out to an
/// empty point and back): a stone won every second move unless the opponent blocks.
const RUNNING_MILL: i32 = 150;
/// Opening: an empty point next to one's stone (room to move once the placing ends).
const LIBERTY: i32 = 12;
/// Opening: a line through a stone that the opponent has not entered (a mill still possible).
const OPEN_LINE: i32 = 15;

/// Our opening estimate (Part IV), from White's point of view.
#[must_use]
pub fn improved_opening(pos: &Position) -> i32 {
    let topo = pos.topology();
    let to_move = pos.side_to_move();
    let empty = pos.empty();
    let mut score = 0;
    for side in Color::ALL {
        let (us, them) = (pos.stones(side), pos.stones(!side));
        let mut value = STONE * us.len() as i32;
        value += SAFE_STONE * topo.in_mills(us).len() as i32;
        // Any empty point completing a line is a threat while placing.
        let threats = topo.mill_completions(us, empty).len();
        value += threat_value(threats, side == to_move, removable_exists(topo, them));
        let mut liberties = PointSet::EMPTY;
        let mut open_lines = 0;
        for p in us {
            liberties |= topo.neighbours(p) & empty;
            open_lines += topo.mill_partners(p).iter().filter(|pair| (**pair & them).is_empty()).count() as i32;
        }
        value += LIBERTY * liberties.len() as i32 + OPEN_LINE * open_lines;
        score += if side == Color::White { value } else { -value };
    }
    score.clamp(-(HANDOUT_DECIDED - 1), HANDOUT_DECIDED - 1)
}

/// Our midgame/endgame estimate (Part IV), from White's point of view.
#[must_use]
pub fn improved_game(pos: &Position) -> i32 {
    let topo = pos.topology();
    let (white, black) = (pos.stones(Color::White).len(), pos.stones(Color::Black).len());
    if black <= HANDOUT_LOST_AT {
        return HANDOUT_DECIDED;
    }
    if white <= HANDOUT_LOST_AT {
        return -HANDOUT_DECIDED;
    }
    let to_move = pos.side_to_move();
    // The side to move with no move has lost (the handout only looks at Black).
    if generated_moves(pos, to_move) == 0 {
        return if to_move == Color::White { -HANDOUT_DECIDED } else { HANDOUT_DECIDED };
    }
    let empty = pos.empty();
    let mut score = 0;
    for side in Color::ALL {
        let (us, them) = (pos.stones(side), pos.stones(!side));
        let flying = pos.phase(side) == Phase::Flying;
        let mut value = STONE * us.len() as i32;
        value += SAFE_STONE * topo.in_mills(us).len() as i32;
        let threats = reachable_completions(topo, us, empty, flying).len();
        value += threat_value(threats, side == to_move, removable_exists(topo, them));
        if !flying {
            let mut moves = 0;
            for p in us {
                let free = (topo.neighbours(p) & empty).len() as i32;
                moves += free;
                if free == 0 {
                    value -= BLOCKED_STONE;
                }
            }
            value += MOBILITY * moves;
            value += RUNNING_MILL * running_mills(topo, us, empty) as i32;
            if moves == 0 {
                // Blocked but not to move: lost unless the opponent must open a way.
                value -= HANDOUT_DECIDED / 4;
            }
        }
        score += if side == Color::White { value } else { -value };
    }
    score.clamp(-(HANDOUT_DECIDED - 1), HANDOUT_DECIDED - 1)
}

fn threat_value(threats: u32, to_move: bool, can_remove: bool) -> i32 {
    let full = if can_remove { 1 } else { 0 };
    match (threats, to_move) {
        (0, _) => 0,
        (_, true) => THREAT_TO_MOVE * full + SAFE_STONE,
        (1, false) => SINGLE_THREAT,
        (_, false) => DOUBLE_THREAT * full + SINGLE_THREAT,
    }
}

/// The mills of `us` with a stone that can slide out to an empty point off the line.
fn running_mills(topo: &Topology, us: PointSet, empty: PointSet) -> u32 {
    let mut count = 0;
    for &line in topo.lines() {
        if line.is_subset(us) && line.iter().any(|p| !(topo.neighbours(p) & empty).without(line).is_empty()) {
            count += 1;
        }
    }
    count
}

/// Whether a mill closed against `them` would remove a stone (some stone not in a mill).
fn removable_exists(topo: &Topology, them: PointSet) -> bool {
    !them.without(topo.in_mills(them)).is_empty()
}

/// The empty points where `us` can close a mill with its next slide (or flight).
fn reachable_completions(topo: &Topology, us: PointSet, empty: PointSet, flying: bool) -> PointSet {
    let mut out = PointSet::EMPTY;
    for to in empty {
        let reachable = |pair: PointSet| {
            let movers = us.without(pair);
            if flying { !movers.is_empty() } else { !(topo.neighbours(to) & movers).is_empty() }
        };
        if topo.mill_partners(to).iter().any(|&pair| pair.is_subset(us) && reachable(pair)) {
            out |= Point::set(to);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classroom::board_file::{parse_board, start_position};
    use crate::classroom::spec::ProgramPhase;
    use crate::rules::{ByColor, CLASSROOM};

    fn game(board: &str) -> Position {
        start_position(parse_board(board, "test").unwrap(), ProgramPhase::Game)
    }

    #[test]
    fn handout_game_estimate_by_hand() {
        // W: a0 d0 g0 (a mill) b1; B: c4 d4 e4 (a mill) b5. Black slides: c4→c3 (c4's
        // neighbours c3 d4 b5: only c3 empty), d4→d5, e4→e3, e4→f5... counted by hand below.
        let p = game("WWWWxxxxxxxxxBBBBxxxxx");
        // Black stones: c4(13) d4(14) e4(15) b5(16). Empty neighbours: c4: 9 (c3) → 1;
        // d4: 17 (d5) → 1; e4: 10 (e3), 18 (f5) → 2; b5: 8 (b3), 17 (d5), 19 (a6) → 3.
        // No slide closes a Black mill (b5's lines: b1 b3 b5 has White b1; c4 b5 a6 loses
        // c4 only if c4 moves). 7 moves; 1000·(4 − 4) − 7 = −7.
        assert_eq!(handout_game(&p), -7);
        assert_eq!(generated_moves(&p, Color::Black), 7);
    }

    #[test]
    fn bulk_move_count_equals_the_generators() {
        // Random boards (a fixed linear congruential sequence), both sides, every phase.
        let topo = CLASSROOM.topology;
        let mut seed: u64 = 0x1234_5678;
        for _ in 0..5000 {
            let mut stones = ByColor([PointSet::EMPTY; 2]);
            for p in topo.points() {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                match seed >> 61 {
                    0 | 1 => stones[Color::White] |= p.set(),
                    2 | 3 => stones[Color::Black] |= p.set(),
                    _ => {}
                }
            }
            for phase in [ProgramPhase::Game, ProgramPhase::Opening] {
                let pos = start_position(stones, phase);
                for side in Color::ALL {
                    let want = pos.with_side_to_move(side).count_generated_moves();
                    assert_eq!(generated_moves(&pos, side), want, "{pos:?} {side}");
                }
            }
        }
    }

    #[test]
    fn improved_estimates_stay_below_a_win() {
        let p = game("WWWWWWWWWxxxxBBBxxxxxx");
        assert!(improved_game(&p).abs() < HANDOUT_DECIDED);
        assert_eq!(improved_game(&game("WWWxxxxxxxxxxBBxxxxxxx")), HANDOUT_DECIDED);
    }
}
