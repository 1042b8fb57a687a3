//! The classroom handout's static estimate (seeds 001/002, "Static estimation"), the one
//! copy: for any side (the classroom programs score for White) and for the side to move,
//! as a negamax search needs.

use crate::rules::{Color, Position};

/// The handout's decided-position value (its 10000): a won position for the side it
/// scores for.
pub const HANDOUT_DECIDED: i32 = 10_000;

/// A side with this many stones or fewer has lost (the handout's `≤ 2`).
pub const HANDOUT_LOST_AT: u32 = 2;

/// The handout's estimate for the side to move ("us"; the handout's White): the placing
/// estimate while either side has stones in hand, else the moving one.
#[must_use]
pub fn handout(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    if pos.in_hand(us) > 0 || pos.in_hand(!us) > 0 { handout_placing(pos, us) } else { handout_moving(pos, us) }
}

/// The handout's opening estimate for `us`: stones on the board, ours minus theirs.
#[must_use]
pub fn handout_placing(pos: &Position, us: Color) -> i32 {
    pos.stones(us).len() as i32 - pos.stones(!us).len() as i32
}

/// The handout's midgame/endgame estimate for `us`: `+10000` if they have at most two
/// stones, else `-10000` if we have at most two, else `+10000` if they have no move, else
/// `1000·(ours − theirs) − their move count` (their generator's moves, removals
/// included: [`Position::count_moves_for`]).
#[must_use]
pub fn handout_moving(pos: &Position, us: Color) -> i32 {
    let them = !us;
    let (ours, theirs) = (pos.stones(us).len(), pos.stones(them).len());
    if theirs <= HANDOUT_LOST_AT {
        return HANDOUT_DECIDED;
    }
    if ours <= HANDOUT_LOST_AT {
        return -HANDOUT_DECIDED;
    }
    let their_moves = pos.count_moves_for(them) as i32;
    if their_moves == 0 {
        return HANDOUT_DECIDED;
    }
    1000 * (ours as i32 - theirs as i32) - their_moves
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
