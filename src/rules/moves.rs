//! A move: place, slide or fly, with the removal that a closed mill makes part of it.

use std::fmt;

use crate::topology::Point;

const NONE: u8 = u8::MAX;

/// A move. A placement has no `from`; a move that closes a mill carries its removal.
///
/// Three bytes, `Copy`; [`Move::to_bits`] packs it into 24 bits for tables.
#[derive(Copy, Clone, Eq, PartialEq, Hash)]
pub struct Move {
    from: u8,
    to: u8,
    remove: u8,
}

impl Move {
    /// A move from its parts.
    #[must_use]
    pub const fn new(from: Option<Point>, to: Point, remove: Option<Point>) -> Move {
        Move {
            from: match from {
                Some(p) => p.index() as u8,
                None => NONE,
            },
            to: to.index() as u8,
            remove: match remove {
                Some(p) => p.index() as u8,
                None => NONE,
            },
        }
    }

    /// Placing a stone at `to`.
    #[must_use]
    pub const fn place(to: Point) -> Move {
        Move::new(None, to, None)
    }

    /// The point a stone leaves (slides and flights), or `None` for a placement.
    #[inline]
    #[must_use]
    pub const fn from(self) -> Option<Point> {
        if self.from == NONE { None } else { Some(Point::new(self.from)) }
    }

    /// The point a stone arrives at.
    #[inline]
    #[must_use]
    pub const fn to(self) -> Point {
        Point::new(self.to)
    }

    /// The opponent stone this move removes, if it closes a mill.
    #[inline]
    #[must_use]
    pub const fn remove(self) -> Option<Point> {
        if self.remove == NONE { None } else { Some(Point::new(self.remove)) }
    }

    /// This move with its removal replaced.
    #[must_use]
    pub const fn with_remove(self, remove: Option<Point>) -> Move {
        Move::new(self.from(), self.to(), remove)
    }

    /// Whether this is a placement.
    #[must_use]
    pub const fn is_placement(self) -> bool {
        self.from == NONE
    }

    /// The move packed into 24 bits: from, to, remove (0xFF where a part is absent).
    #[must_use]
    pub const fn to_bits(self) -> u32 {
        (self.from as u32) << 16 | (self.to as u32) << 8 | self.remove as u32
    }

    /// The move packed by [`Move::to_bits`].
    #[must_use]
    pub const fn from_bits(bits: u32) -> Move {
        Move { from: (bits >> 16) as u8, to: (bits >> 8) as u8, remove: bits as u8 }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Point indices: the topology is needed for names.
        match self.from() {
            Some(p) => write!(f, "{}-{}", p.index(), self.to)?,
            None => write!(f, "{}", self.to)?,
        }
        if let Some(r) = self.remove() {
            write!(f, "x{}", r.index())?;
        }
        Ok(())
    }
}

/// An upper bound on the moves of any position of a supported ruleset.
///
/// A move is a (from, to) pair times its removal choices. Flying with 3 stones and an
/// opponent with k ≤ 12 stones on a board of at most 32 points gives at most
/// 3·(29−k)·k ≤ 3·17·12 = 612 (the standard game: 3·12·9 = 324).
pub const MAX_MOVES: usize = 640;

/// A fixed-capacity list of moves; never allocates.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[must_use]
    pub const fn new() -> MoveList {
        MoveList { moves: [Move { from: NONE, to: NONE, remove: NONE }; MAX_MOVES], len: 0 }
    }

    /// Appends a move. Beyond capacity (impossible for supported rulesets) the move is dropped.
    #[inline]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES, "MoveList overflow");
        if self.len < MAX_MOVES {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    /// Removes every move.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves as a slice.
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice (for sorting by a search).
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl std::ops::DerefMut for MoveList {
    fn deref_mut(&mut self) -> &mut [Move] {
        self.as_mut_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}
