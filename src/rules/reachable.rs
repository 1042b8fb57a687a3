//! Whether a valid [`Position`] can arise in a game from the start: the counts of stones
//! placed, in hand, on the board and lost, and the removals that the mills on the board
//! imply, must fit together.
//!
//! [`Setup::into_position`](super::Setup::into_position) checks what makes a position
//! playable (stones on distinct points, no more than the rules give, hands that fit
//! alternate placing). This module checks what makes it *reachable*, from counts alone,
//! and errs on the side of accepting: every position random legal play reaches passes
//! (a property test), and a position refused here is one no game reaches. It reads a
//! position, never text, so every reader of positions (the board's set-up, the tables'
//! probe, `play --board-file`) can ask it.
//!
//! What the rules make impossible:
//! - **Lost stones need mills of the opponent.** A side has placed `stones - in hand`;
//!   those not on the board were removed, one per opponent mill. While any stone is still
//!   in hand every move so far was a placement, so the opponent made exactly as many
//!   moves as it placed stones, and its first mill came with its third stone at the
//!   earliest: it removed at most `placed - 2`.
//! - **Mills on the board were each closed by a move that removed a stone.** A mill is
//!   closed when its last stone arrives, and one move closes all the mills through the
//!   point it arrives at; so the mills standing now took at least as many moves as the
//!   fewest points that meet every one of them. Under the standard removal rule each of
//!   those moves removed an opponent stone (the opponent always has a stone on the board
//!   then: at a side's k-th placement the opponent has placed k - 1 or k stones and lost
//!   at most k - 3; in the moving phase it has at least three). Under the `never` rule a
//!   mill may remove nothing, so this count is not checked there.
//! - **A side below three stones has lost, so it cannot have just moved**: the side not
//!   to move has at least three stones on the board and in hand.

use std::fmt;

use super::color::Color;
use super::position::Position;
use super::ruleset::RemovalRule;
use crate::topology::PointSet;

/// Why a position cannot arise in a game from the start (one line in `Display`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreachable {
    /// A side has lost more stones than the opponent's mills could have removed while
    /// placing.
    TooManyLost {
        /// The side that lost them.
        side: Color,
        /// Stones it placed.
        placed: u32,
        /// Stones it lost (placed and not on the board).
        lost: u32,
        /// Stones the opponent placed.
        opponent_placed: u32,
    },
    /// A side's mills on the board took more removals than the opponent has lost stones.
    MillsWithoutRemovals {
        /// The side with the mills.
        side: Color,
        /// How many mills it has on the board.
        mills: u32,
        /// The fewest moves that could have closed them (each removed a stone).
        closings: u32,
        /// Stones the opponent has lost.
        lost: u32,
    },
    /// The side that has just moved has fewer than three stones: the game ended before.
    MoverBelowThree {
        /// The side that has just moved.
        side: Color,
        /// Its stones on the board and in hand.
        stones: u32,
    },
}

impl fmt::Display for Unreachable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Unreachable::TooManyLost { side, placed, lost, opponent_placed } => write!(
                f,
                "no game reaches this position: {side} has lost {lost} of the {placed} stones it placed, but {} has \
                 placed only {opponent_placed}, so its mills removed at most {} (a mill needs three stones, and \
                 while stones are in hand every move is a placement)",
                !side,
                opponent_placed.saturating_sub(2)
            ),
            Unreachable::MillsWithoutRemovals { side, mills, closings, lost } => write!(
                f,
                "no game reaches this position: {side}'s {} on the board took at least {} that each removed a {} \
                 stone, but {} has lost {}",
                crate::words::count(u64::from(mills), "mill", "mills"),
                crate::words::count(u64::from(closings), "move", "moves"),
                !side,
                !side,
                if lost == 0 { "none".to_string() } else { format!("only {lost}") }
            ),
            Unreachable::MoverBelowThree { side, stones } => write!(
                f,
                "no game reaches this position: {side} has just moved with {stones} {}, but a side with fewer than \
                 three has already lost",
                if stones == 1 { "stone" } else { "stones" }
            ),
        }
    }
}

impl std::error::Error for Unreachable {}

/// The fewest points that meet every line of `mills` (each line a mill of one side):
/// the fewest moves that could have closed them all.
fn fewest_closings(mills: &[PointSet]) -> u32 {
    if mills.is_empty() {
        return 0;
    }
    let points: Vec<PointSet> =
        mills.iter().fold(PointSet::EMPTY, |all, &m| all | m).iter().map(crate::topology::Point::set).collect();
    // A side has at most a dozen stones in mills: every subset of them is cheap to try.
    let n = points.len();
    let mut best = u32::MAX;
    for subset in 0u32..(1u32 << n) {
        if subset.count_ones() >= best {
            continue;
        }
        let chosen = (0..n).filter(|i| subset & (1 << i) != 0).fold(PointSet::EMPTY, |s, i| s | points[i]);
        if mills.iter().all(|m| !(*m & chosen).is_empty()) {
            best = subset.count_ones();
        }
    }
    best
}

/// Checks that `pos` can arise in a game from the start of its rules (see the module
/// documentation for what is checked).
///
/// # Errors
/// The first reason it cannot, as an [`Unreachable`].
pub fn check_reachable(pos: &Position) -> Result<(), Unreachable> {
    let rules = pos.rules();
    let topology = rules.topology;
    let max = u32::from(rules.stones);
    let placed = |c: Color| max.saturating_sub(u32::from(pos.in_hand(c)));
    let lost = |c: Color| placed(c).saturating_sub(pos.stones(c).len());
    let placing = Color::ALL.iter().any(|&c| pos.in_hand(c) > 0);
    let mover = !pos.side_to_move();
    if pos.material(mover) < 3 {
        return Err(Unreachable::MoverBelowThree { side: mover, stones: pos.material(mover) });
    }
    for c in Color::ALL {
        let opponent_placed = placed(!c);
        if placing && lost(c) > opponent_placed.saturating_sub(2) {
            return Err(Unreachable::TooManyLost { side: c, placed: placed(c), lost: lost(c), opponent_placed });
        }
    }
    if rules.removal == RemovalRule::WhenAllInMills {
        for c in Color::ALL {
            let mills: Vec<PointSet> =
                topology.lines().iter().copied().filter(|line| line.is_subset(pos.stones(c))).collect();
            let closings = fewest_closings(&mills);
            if closings > lost(!c) {
                return Err(Unreachable::MillsWithoutRemovals {
                    side: c,
                    mills: u32::try_from(mills.len()).unwrap_or(u32::MAX),
                    closings,
                    lost: lost(!c),
                });
            }
        }
    }
    Ok(())
}

impl Position {
    /// Whether this position can arise in a game from the start: see
    /// [`check_reachable`].
    ///
    /// # Errors
    /// The first reason it cannot.
    pub fn check_reachable(&self) -> Result<(), Unreachable> {
        check_reachable(self)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::rules::notation::parse_position;
    use crate::rules::{CLASSROOM, Game, MoveList, STANDARD};

    fn reason(text: &str) -> Option<String> {
        let pos = parse_position(text, &STANDARD).expect("a valid position");
        check_reachable(&pos).err().map(|e| e.to_string())
    }

    #[test]
    fn the_issue_s_positions_are_refused_with_their_reason() {
        // Both sides with a closed mill and six in hand each: a mill while placing always
        // removes a stone. White A7 D7 G7, Black A1 D1 G1.
        assert_eq!(
            reason("WWWxxxxxxxxxxxxxxxxxxBBB white 6 6").as_deref(),
            Some(
                "no game reaches this position: White's 1 mill on the board took at least 1 move that each removed \
                 a Black stone, but Black has lost none"
            )
        );
        // 9 against 9 with three mills each: nobody lost a stone. White rows 7, 6, 5 (and
        // so the column D7 D6 D5, a fourth mill), Black rows 3, 2, 1.
        assert_eq!(
            reason("WWWWWWWWWxxxxxxBBBBBBBBB white 0 0").as_deref(),
            Some(
                "no game reaches this position: White's 4 mills on the board took at least 3 moves that each \
                 removed a Black stone, but Black has lost none"
            )
        );
    }

    #[test]
    fn lost_stones_need_the_opponent_s_placements() {
        // Black to move with 9 in hand: White placed one stone.
        assert!(reason("Wxxxxxxxxxxxxxxxxxxxxxxx black 8 9").is_none());
        // White to move with 8 each: Black placed one stone and it is gone.
        let lost = reason("Wxxxxxxxxxxxxxxxxxxxxxxx white 8 8").expect("refused");
        assert!(lost.contains("Black has lost 1 of the 1 stones it placed, but White has placed only 1"), "{lost}");
        // Mills on both sides in the moving phase, six stones lost each: slides reopen mills.
        assert!(reason("WWWxxxxxxxxxxxxxxxBBBxxx white 0 0").is_none());
    }

    #[test]
    fn two_mills_through_one_point_took_one_move() {
        // White A7 D7 G7 A4 A1: the mills A7-D7-G7 and A7-A4-A1 meet in A7, so one move
        // may have closed both; Black (no mill) has lost one stone.
        assert_eq!(reason("WWWBBxBBxWBxBxxBBxxxxWxx white 0 0"), None);
        // With nine Black stones on the board that one removal is missing.
        let r = reason("WWWBBxBBxWBxBxxBBxxxxWxB white 0 0").expect("refused");
        assert!(r.contains("White's 2 mills on the board took at least 1 move"), "{r}");
    }

    #[test]
    fn a_side_below_three_has_not_just_moved() {
        // White to move; Black, who has just moved, has 2 stones and none in hand.
        assert_eq!(
            reason("WWWxxxxxxxxxxxxxxxxxxBBx white 0 0").as_deref(),
            Some(
                "no game reaches this position: Black has just moved with 2 stones, but a side with fewer than \
                 three has already lost"
            )
        );
        // Black to move with 2: White's mill took Black down, and the game is over there.
        assert_eq!(reason("WWWxxxxxxxxxxxxxxxxxxBBx black 0 0"), None);
    }

    /// The standard game under the `never` removal rule.
    static NEVER: crate::rules::Ruleset = crate::rules::Ruleset {
        topology: &crate::topology::STANDARD24,
        stones: 9,
        fly_at: 3,
        removal: RemovalRule::Never,
        repetition: 3,
        no_removal_plies: 100,
    };

    #[test]
    fn under_the_never_rule_a_mill_may_have_removed_nothing() {
        let pos = parse_position("WWWWWWWWWxxxxxxBBBBBBBBB white 0 0", &NEVER).expect("valid");
        assert_eq!(check_reachable(&pos), Ok(()));
    }

    /// A small deterministic generator (xorshift), seeded by proptest.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// Every position random legal play reaches passes the check.
        #[test]
        fn every_position_of_random_play_is_reachable(seed in 1u64.., classroom in any::<bool>()) {
            let rules = if classroom { &CLASSROOM } else { &STANDARD };
            let mut game = Game::new(Position::start(rules));
            let mut state = seed;
            for _ in 0..200 {
                prop_assert_eq!(check_reachable(game.position()), Ok(()), "{}", game.position().board_string());
                if game.outcome().is_some() {
                    break;
                }
                let mut list = MoveList::new();
                game.position().legal_moves(&mut list);
                let moves = list.as_slice();
                if moves.is_empty() {
                    break;
                }
                let m = moves[usize::try_from(next(&mut state) % moves.len() as u64).unwrap_or(0)];
                game.play_unchecked(m);
            }
        }
    }
}
