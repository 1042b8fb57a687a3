//! Positions: the unchecked [`Setup`] anyone may build, and the validated, `Copy`
//! [`Position`] that play and search use (copy-make: a move returns a new position).

use std::fmt;

use super::color::{ByColor, Color};
use super::ruleset::Ruleset;
use super::zobrist::{KEYS, MAX_IN_HAND};
use crate::topology::{Point, PointSet, Topology};

/// What a side does on its turn.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Phase {
    /// It has stones in hand and places one.
    Placing,
    /// It slides a stone to an adjacent empty point.
    Moving,
    /// Its hand is empty and it has exactly `fly_at` stones on the board: it flies.
    Flying,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Placing => "placing",
            Phase::Moving => "moving",
            Phase::Flying => "flying",
        })
    }
}

/// A position as anyone may describe it; [`Setup::into_position`] checks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The rules the position is played under.
    pub rules: &'static Ruleset,
    /// Each side's stones on the board.
    pub stones: ByColor<PointSet>,
    /// Each side's stones in hand.
    pub in_hand: ByColor<u8>,
    /// The side to move.
    pub side_to_move: Color,
}

/// Why a [`Setup`] is not a valid position: every broken condition, in a fixed order
/// (`Display` joins them with `; `).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    /// The broken conditions; never empty.
    pub problems: Vec<SetupProblem>,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SetupError {}

/// One broken condition of a [`Setup`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupProblem {
    /// A stone stands on a point the board does not have.
    #[error("a stone stands outside the board")]
    OffBoard,
    /// Two stones share a point.
    #[error("White and Black stones share a point")]
    Overlap,
    /// A side has more stones (board + hand) than the rules give.
    #[error("{color} has {count} stones on the board and in hand, more than the {max} the rules allow")]
    TooManyStones {
        /// The side.
        color: Color,
        /// How many.
        count: u32,
        /// The most the rules allow.
        max: u8,
    },
    /// The hands do not fit alternate placing with White first.
    #[error(
        "stones in hand do not fit alternate placing: with {side} to move White must have {} Black's (or both none)",
        if *side == Color::White { "as many in hand as" } else { "one fewer in hand than" }
    )]
    HandsOutOfTurn {
        /// The side to move.
        side: Color,
    },
}

impl Setup {
    /// The start position of `rules`: empty board, every stone in hand, White to move.
    #[must_use]
    pub fn start(rules: &'static Ruleset) -> Setup {
        Setup {
            rules,
            stones: ByColor([PointSet::EMPTY; 2]),
            in_hand: ByColor([rules.stones; 2]),
            side_to_move: Color::White,
        }
    }

    /// Checks the setup and makes it a position.
    ///
    /// # Errors
    /// Every broken condition, as a [`SetupError`].
    pub fn into_position(self) -> Result<Position, SetupError> {
        let all = self.rules.topology.all();
        let (w, b) = (self.stones[Color::White], self.stones[Color::Black]);
        let mut problems = Vec::new();
        if !(w | b).is_subset(all) {
            problems.push(SetupProblem::OffBoard);
        }
        if !(w & b).is_empty() {
            problems.push(SetupProblem::Overlap);
        }
        for c in Color::ALL {
            let count = self.stones[c].len() + u32::from(self.in_hand[c]);
            if count > u32::from(self.rules.stones) {
                problems.push(SetupProblem::TooManyStones { color: c, count, max: self.rules.stones });
            }
        }
        let (hw, hb) = (self.in_hand[Color::White], self.in_hand[Color::Black]);
        // White places first, so while placing White has as many in hand as Black on its
        // turn and one fewer on Black's; once both hands are empty either side may move.
        let in_turn = (hw == 0 && hb == 0)
            || match self.side_to_move {
                Color::White => hw == hb,
                Color::Black => u16::from(hb) == u16::from(hw) + 1,
            };
        if !in_turn {
            problems.push(SetupProblem::HandsOutOfTurn { side: self.side_to_move });
        }
        if !problems.is_empty() {
            return Err(SetupError { problems });
        }
        Ok(Position::from_setup_unchecked(&self))
    }
}

/// A position: stones per side, stones in hand, side to move, rules, Zobrist key.
///
/// A small `Copy` value; play returns a new one. Equality ignores nothing but the key
/// (which is a function of the rest).
#[derive(Copy, Clone)]
pub struct Position {
    pub(super) stones: ByColor<PointSet>,
    pub(super) in_hand: ByColor<u8>,
    pub(super) side: Color,
    pub(super) key: u64,
    pub(super) rules: &'static Ruleset,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.stones == other.stones
            && self.in_hand == other.in_hand
            && self.side == other.side
            && self.rules == other.rules
    }
}

impl Eq for Position {}

impl Position {
    /// The start position of `rules`.
    #[must_use]
    pub fn start(rules: &'static Ruleset) -> Position {
        Position::from_setup_unchecked(&Setup::start(rules))
    }

    /// A position from a setup without checking it, for callers (such as the classroom
    /// programs) whose conventions differ from the game's own. Stones off the board are
    /// dropped and a hand is capped at the most the keys cover; anything else is taken
    /// as given, and play from it follows the rules mechanically.
    #[must_use]
    pub fn from_setup_unchecked(setup: &Setup) -> Position {
        let all = setup.rules.topology.all();
        let mut p = Position {
            stones: ByColor([setup.stones.0[0] & all, setup.stones.0[1] & all]),
            in_hand: ByColor(setup.in_hand.0.map(|h| h.min(MAX_IN_HAND as u8))),
            side: setup.side_to_move,
            key: 0,
            rules: setup.rules,
        };
        p.stones[Color::Black] = p.stones[Color::Black].without(p.stones[Color::White]);
        p.key = p.compute_key();
        p
    }

    /// The position as a setup.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup { rules: self.rules, stones: self.stones, in_hand: self.in_hand, side_to_move: self.side }
    }

    /// The Zobrist key computed from scratch (play keeps [`Position::key`] up to date
    /// incrementally; the two always agree).
    #[must_use]
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for c in Color::ALL {
            for p in self.stones[c] {
                key ^= KEYS.stone[c.index()][p.index()];
            }
            key ^= KEYS.in_hand[c.index()][self.in_hand[c] as usize];
        }
        if self.side == Color::Black {
            key ^= KEYS.black_to_move;
        }
        key
    }

    /// The Zobrist key.
    #[inline]
    #[must_use]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The rules.
    #[inline]
    #[must_use]
    pub fn rules(&self) -> &'static Ruleset {
        self.rules
    }

    /// The board.
    #[inline]
    #[must_use]
    pub fn topology(&self) -> &'static Topology {
        self.rules.topology
    }

    /// The side to move.
    #[inline]
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Each side's stones on the board.
    #[inline]
    #[must_use]
    pub fn all_stones(&self) -> ByColor<PointSet> {
        self.stones
    }

    /// The stones of `c` on the board.
    #[inline]
    #[must_use]
    pub fn stones(&self, c: Color) -> PointSet {
        self.stones[c]
    }

    /// Both sides' stones on the board.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> PointSet {
        self.stones[Color::White] | self.stones[Color::Black]
    }

    /// The empty points.
    #[inline]
    #[must_use]
    pub fn empty(&self) -> PointSet {
        self.rules.topology.all().without(self.occupied())
    }

    /// The stones `c` has in hand.
    #[inline]
    #[must_use]
    pub fn in_hand(&self, c: Color) -> u8 {
        self.in_hand[c]
    }

    /// Stones of `c` on the board plus in hand.
    #[inline]
    #[must_use]
    pub fn material(&self, c: Color) -> u32 {
        self.stones[c].len() + u32::from(self.in_hand[c])
    }

    /// Who stands on `p`, if anyone.
    #[must_use]
    pub fn stone_at(&self, p: Point) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.stones[c].contains(p))
    }

    /// What `c` does on its turn here.
    #[inline]
    #[must_use]
    pub fn phase(&self, c: Color) -> Phase {
        if self.in_hand[c] > 0 {
            Phase::Placing
        } else if self.rules.fly_at > 0 && self.stones[c].len() == u32::from(self.rules.fly_at) {
            Phase::Flying
        } else {
            Phase::Moving
        }
    }

    /// The position with colours swapped: each side's stones and hand go to the other,
    /// and the other side is to move.
    #[must_use]
    pub fn swapped(&self) -> Position {
        let mut setup = self.to_setup();
        setup.stones = setup.stones.swapped();
        setup.in_hand = setup.in_hand.swapped();
        setup.side_to_move = !setup.side_to_move;
        Position::from_setup_unchecked(&setup)
    }

    /// The position with `side` to move and nothing else changed (the classroom
    /// programs search from either side's point of view).
    #[must_use]
    pub fn with_side_to_move(&self, side: Color) -> Position {
        let mut setup = self.to_setup();
        setup.side_to_move = side;
        Position::from_setup_unchecked(&setup)
    }

    /// The stones the side to move may remove when it closes a mill; empty when a mill
    /// removes nothing (rule `never` with every opponent stone in a mill).
    #[inline]
    #[must_use]
    pub fn removable(&self) -> PointSet {
        self.removable_by(self.side)
    }

    /// The stones `side` may remove when it closes a mill (whoever is to move).
    #[inline]
    #[must_use]
    pub fn removable_by(&self, side: Color) -> PointSet {
        let them = self.stones[!side];
        let free = them.without(self.rules.topology.in_mills(them));
        if !free.is_empty() || self.rules.removal == super::RemovalRule::Never { free } else { them }
    }
}

/// Why a well-formed move is not legal in a position. `Display` gives the reason as a
/// sentence with point names.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game is over: the side to move has lost.
    #[error("the game is over: {0} has lost")]
    GameOver(Color),
    /// The game is drawn (by a draw rule of the game's history).
    #[error("the game is over: drawn {reason}")]
    Drawn {
        /// Why.
        reason: String,
    },
    /// A placement while the side has no stones in hand.
    #[error("{side} has no stones in hand: move a stone along a line, e.g. {example}")]
    NothingInHand {
        /// The side to move.
        side: Color,
        /// A legal alternative, in notation.
        example: String,
    },
    /// A slide or flight while the side still has stones in hand.
    #[error("{side} still has {count} stone{} in hand: place one, e.g. {example}", if *count == 1 { "" } else { "s" })]
    MustPlace {
        /// The side to move.
        side: Color,
        /// How many.
        count: u8,
        /// A legal alternative, in notation.
        example: String,
    },
    /// The destination is occupied.
    #[error("{0} is occupied")]
    Occupied(&'static str),
    /// The point moved from holds no stone of the side to move.
    #[error("{point} is not a {side} stone: move one of {side}'s own stones")]
    NotOwnStone {
        /// The point, by name.
        point: &'static str,
        /// The side to move.
        side: Color,
    },
    /// A slide to a point that is not adjacent.
    #[error("{from} and {to} are not adjacent ({from} can move to {options})")]
    NotAdjacent {
        /// The point moved from, by name.
        from: &'static str,
        /// The point moved to, by name.
        to: &'static str,
        /// Where the stone can go instead.
        options: String,
    },
    /// A move onto its own point (the point, by name).
    #[error("{0}-{0} goes nowhere: a stone must move to another point")]
    SamePoint(&'static str),
    /// A mill was closed but no stone named.
    #[error("this move closes a mill: name a stone to remove, e.g. {example}")]
    MustRemove {
        /// A legal alternative, in notation.
        example: String,
    },
    /// A removal on a move that closes no mill.
    #[error("this move closes no mill, so it removes no stone: play {without}")]
    NoMill {
        /// The same move without the removal, in notation.
        without: String,
    },
    /// The stone to remove is not the opponent's.
    #[error("{point} is not a {opponent} stone: a mill removes one of {opponent}'s stones")]
    RemoveNotOpponent {
        /// The point, by name.
        point: &'static str,
        /// The side whose stone was named.
        opponent: Color,
    },
    /// The stone to remove is in a mill while others are not.
    #[error("{point} is in a mill and {opponent} has stones outside mills")]
    RemoveFromMill {
        /// The point, by name.
        point: &'static str,
        /// The side whose stone was named.
        opponent: Color,
    },
    /// Rule `never` with every opponent stone in a mill: the mill removes nothing.
    #[error("every {opponent} stone is in a mill, so this mill removes nothing: play {without}")]
    NothingRemovable {
        /// The side whose stone was named.
        opponent: Color,
        /// The same move without the removal, in notation.
        without: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::STANDARD;

    #[test]
    fn setup_errors_list_every_problem() {
        let mut setup = Setup::start(&STANDARD);
        setup.stones = ByColor([PointSet(0b111), PointSet(0b110)]);
        setup.in_hand = ByColor([9, 3]);
        let err = setup.into_position().unwrap_err();
        assert_eq!(
            err.problems,
            vec![
                SetupProblem::Overlap,
                SetupProblem::TooManyStones { color: Color::White, count: 12, max: 9 },
                SetupProblem::HandsOutOfTurn { side: Color::White },
            ]
        );
        assert!(err.to_string().starts_with("White and Black stones share a point; White has 12 stones"));
        let mut one = Setup::start(&STANDARD);
        one.in_hand = ByColor([9, 8]);
        assert_eq!(
            one.into_position().unwrap_err().problems,
            vec![SetupProblem::HandsOutOfTurn { side: Color::White }]
        );
    }
}
