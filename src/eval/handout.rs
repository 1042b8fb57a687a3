//! The classroom handout's static estimate (seeds 001/002, "Static estimation"), turned
//! from White's point of view into the side to move's, as a negamax search needs.

use crate::rules::Position;

/// The handout's decided-position value.
pub const HANDOUT_DECIDED: i32 = 10_000;

/// The handout's estimate for the side to move ("us"; the handout's White).
///
/// - Placing (either side has stones in hand): stones on the board, ours minus theirs.
/// - Otherwise: `+10000` if they have at most two stones or no move, `-10000` if we have
///   at most two, else `1000·(ours − theirs) − their move count`.
#[must_use]
pub fn handout(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    let them = !us;
    let ours = pos.stones(us).len() as i32;
    let theirs = pos.stones(them).len() as i32;
    if pos.in_hand(us) > 0 || pos.in_hand(them) > 0 {
        return ours - theirs;
    }
    if theirs <= 2 {
        return HANDOUT_DECIDED;
    }
    if ours <= 2 {
        return -HANDOUT_DECIDED;
    }
    // The handout counts the positions their move generator produces, removals included.
    let their_moves = pos.with_side_to_move(them).count_generated_moves() as i32;
    if their_moves == 0 {
        return HANDOUT_DECIDED;
    }
    1000 * (ours - theirs) - their_moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Move, STANDARD};
    use crate::topology::Point;

    #[test]
    fn placing_counts_stones_on_the_board_for_the_side_to_move() {
        let start = Position::start(&STANDARD);
        assert_eq!(handout(&start), 0);
        let after = start.play_unchecked(Move::place(Point::new(0)));
        // Black to move, White has one stone more.
        assert_eq!(handout(&after), -1);
    }
}
