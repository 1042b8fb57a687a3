//! Subspaces (the sectors of the moving phase), the value byte, and move and un-move
//! generation on raw stone sets for the solver.
//!
//! A subspace `(a, b)` holds the positions with both hands empty, `a` stones for the side
//! to move and `b` for the other. A move that removes nothing leads from `(a, b)` to
//! `(b, a)`; a removing move leads to `(b − 1, a)`, or wins at once when `b − 1` is below
//! three. So `(a, b)` and `(b, a)` are solved together, after every subspace with fewer
//! stones (solved in dependency order, each file named after its subspace: docs/tablebase.md).
//!
//! [`MoveGenerator`] generates children ([`MoveGenerator::for_each_destination`], with
//! [`MoveGenerator::removable`]) and parents
//! ([`MoveGenerator::for_each_unmove`]) of the non-removing moves; the two must fit each other
//! exactly (docs/tablebase.md, "Rules the code follows"), which `verify` checks independently through the rules core.
//! Nothing here knows files, indices or threads.

use std::fmt;

use nom::Parser;
use nom::character::complete::{char, u8 as dec_u8};
use nom::combinator::all_consuming;

use super::value::RuleProfile;
use crate::rules::{RemovalRule, Ruleset};
use crate::topology::{MAX_POINTS, Point, PointSet};

/// Fewer stones than this on the board (both hands empty) and a side has lost.
pub const MIN_STONES: u8 = 3;

/// A subspace: stones of the side to move and of the other side, hands empty.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, PartialOrd, Ord)]
pub struct Subspace {
    /// Stones of the side to move.
    pub us: u8,
    /// Stones of the other side.
    pub them: u8,
}

impl Subspace {
    /// The subspace with `us` and `them` stones.
    #[must_use]
    pub const fn new(us: u8, them: u8) -> Subspace {
        Subspace { us, them }
    }

    /// The subspace a non-removing move leads to (the colours' roles swap).
    #[must_use]
    pub const fn mirrored(self) -> Subspace {
        Subspace { us: self.them, them: self.us }
    }

    /// The subspace a removing move leads to, or `None` when it wins at once.
    #[must_use]
    pub const fn after_removal(self) -> Option<Subspace> {
        if self.them <= MIN_STONES { None } else { Some(Subspace { us: self.them - 1, them: self.us }) }
    }

    /// The table file name, e.g. `4-3.mtb`.
    #[must_use]
    pub fn file_name(self) -> String {
        format!("{self}.{FILE_EXTENSION}")
    }

    /// The pair solved together with this subspace, smaller `us` first (one entry when
    /// `us == them`).
    #[must_use]
    pub fn pair(self) -> Vec<Subspace> {
        let (lo, hi) = (self.us.min(self.them), self.us.max(self.them));
        if lo == hi { vec![Subspace::new(lo, hi)] } else { vec![Subspace::new(lo, hi), Subspace::new(hi, lo)] }
    }

    /// The pairs every subspace of this one's pair depends on (through removals).
    #[must_use]
    pub fn dependencies(self) -> Vec<Subspace> {
        self.pair().into_iter().filter_map(Subspace::after_removal).collect()
    }
}

/// The extension of table files.
pub const FILE_EXTENSION: &str = "mtb";

impl fmt::Display for Subspace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.us, self.them)
    }
}

impl std::str::FromStr for Subspace {
    type Err = String;
    /// Reads `A-B`, e.g. `4-3` (4 stones for the side to move, 3 for the other).
    fn from_str(s: &str) -> Result<Subspace, String> {
        let parsed: nom::IResult<&str, (u8, char, u8)> = all_consuming((dec_u8, char('-'), dec_u8)).parse(s.trim());
        match parsed {
            Ok((_, (us, _, them))) if us >= MIN_STONES && them >= MIN_STONES => Ok(Subspace::new(us, them)),
            Ok(_) => Err(format!("subspace '{s}' has a side with fewer than {MIN_STONES} stones")),
            Err(_) => Err(format!("'{s}' is not a subspace: expected two stone counts like 4-3")),
        }
    }
}

/// The pairs of subspaces with 3..=`max` stones a side, in dependency order (fewer
/// stones first), each pair smaller `us` first.
#[must_use]
pub fn pairs_up_to(max: u8) -> Vec<Vec<Subspace>> {
    let mut out = Vec::new();
    for total in 2 * MIN_STONES..=2 * max {
        for lo in MIN_STONES..=total / 2 {
            let hi = total - lo;
            if hi <= max {
                out.push(Subspace::new(lo, hi).pair());
            }
        }
    }
    out
}

/// The rules a table is built for, as raw masks: the solver's move generator.
pub struct MoveGenerator {
    all: u32,
    neighbours: [u32; MAX_POINTS],
    /// For each point, the other two points of each line through it (0 = no line).
    partners: [[u32; 4]; MAX_POINTS],
    lines: Vec<u32>,
    fly_at: u32,
}

impl MoveGenerator {
    /// The move generator for `rules` (removal rule `when-all-in-mills` assumed; see
    /// [`is_supported`]).
    #[must_use]
    pub fn new(rules: &Ruleset) -> MoveGenerator {
        let topo = rules.topology;
        let mut neighbours = [0; MAX_POINTS];
        let mut partners = [[0; 4]; MAX_POINTS];
        for p in topo.points() {
            neighbours[p.index()] = topo.neighbours(p).0;
            for (slot, pair) in partners[p.index()].iter_mut().zip(topo.mill_partners(p)) {
                *slot = pair.0;
            }
        }
        MoveGenerator {
            all: topo.all().0,
            neighbours,
            partners,
            lines: topo.lines().iter().map(|l| l.0).collect(),
            fly_at: u32::from(rules.fly_at),
        }
    }

    #[inline]
    pub(crate) fn closes_mill(&self, p: usize, stones: u32) -> bool {
        self.partners[p].iter().any(|&pair| pair != 0 && pair & stones == pair)
    }

    /// The stones a mill may remove from `them` (rule `when-all-in-mills`).
    #[inline]
    #[must_use]
    pub fn removable(&self, them: u32) -> u32 {
        let mut milled = 0;
        for &line in &self.lines {
            if line & them == line {
                milled |= line;
            }
        }
        let free = them & !milled;
        if free == 0 { them } else { free }
    }

    /// Calls `to(us_after, closes)` for each move of the side to move, before any
    /// removal: `closes` tells whether it closes a mill (and so goes on to remove one of
    /// [`MoveGenerator::removable`]). The solver handles removals itself, grouped by the stone
    /// removed.
    #[inline]
    pub fn for_each_destination(&self, us: u32, them: u32, mut to: impl FnMut(u32, bool)) {
        let empty = self.all & !(us | them);
        let flying = us.count_ones() == self.fly_at;
        for from in points_of(us) {
            let to_bits = if flying { empty } else { self.neighbours[from] & empty };
            for dest in points_of(to_bits) {
                let after = us ^ (1 << from) ^ (1 << dest);
                to(after, self.closes_mill(dest, after));
            }
        }
    }

    /// Calls `parent(us, them)` for each position (side to move first) from which a move
    /// that removes nothing leads to this one: the stone that just moved is one of
    /// `them` (the side not to move), it did not close a mill, and it came from an empty
    /// point (adjacent, unless that side flies).
    #[inline]
    pub fn for_each_unmove(&self, us: u32, them: u32, mut parent: impl FnMut(u32, u32)) {
        let empty = self.all & !(us | them);
        let flying = them.count_ones() == self.fly_at;
        for to in points_of(them) {
            if self.closes_mill(to, them) {
                continue;
            }
            let from_bits = if flying { empty } else { self.neighbours[to] & empty };
            for from in points_of(from_bits) {
                parent(them ^ (1 << to) ^ (1 << from), us);
            }
        }
    }
}

/// The points of the set `bits` (bit i: point i), lowest first.
#[inline]
pub(crate) fn points_of(bits: u32) -> impl Iterator<Item = usize> {
    PointSet(bits).iter().map(Point::index)
}

/// Whether tables can be built and probed for `rules`: the standard board, flying at
/// three stones, removal rule `when-all-in-mills`. The no-removal rule is the table's
/// own parameter (see [`value`](super::value)); repetition never changes a value.
#[must_use]
pub fn is_supported(rules: &Ruleset) -> bool {
    *rules.topology == crate::topology::STANDARD24
        && u32::from(rules.fly_at) == u32::from(MIN_STONES)
        && rules.removal == RemovalRule::WhenAllInMills
}

/// The rule description written in every table header: the board and move rules, and
/// the no-removal rule the values are computed under.
#[must_use]
pub fn header_rules(rules: &Ruleset) -> String {
    format!(
        "board={} fly-at={} removal={} no-removal-plies={}",
        rules.topology.name(),
        rules.fly_at,
        rules.removal.name(),
        rules.no_removal_plies
    )
}

/// The rules text of tables built under `profile`.
#[must_use]
pub fn rules_text(profile: RuleProfile) -> String {
    header_rules(&Ruleset { no_removal_plies: profile.no_removal_plies(), ..crate::rules::STANDARD.clone() })
}

/// Whether `sub` can exist under the standard rules (3 to 9 stones a side).
#[must_use]
pub fn is_possible(sub: Subspace) -> bool {
    sub.us >= MIN_STONES
        && sub.them >= MIN_STONES
        && sub.us <= crate::rules::STANDARD.stones
        && sub.them <= crate::rules::STANDARD.stones
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::STANDARD;

    #[test]
    fn subspaces_parse_and_order() {
        assert_eq!("4-3".parse::<Subspace>(), Ok(Subspace::new(4, 3)));
        assert!("2-3".parse::<Subspace>().is_err());
        assert!("4-".parse::<Subspace>().is_err());
        let pairs = pairs_up_to(4);
        assert_eq!(pairs[0], vec![Subspace::new(3, 3)]);
        assert_eq!(pairs[1], vec![Subspace::new(3, 4), Subspace::new(4, 3)]);
        assert_eq!(pairs[2], vec![Subspace::new(4, 4)]);
    }

    #[test]
    fn unmoves_invert_moves() {
        let board = MoveGenerator::new(&STANDARD);
        // A few positions: each non-removing child lists the parent among its un-moves.
        for (us, them) in [(0b111u32 << 4, 0b1011u32 << 12), (0x00_0f0f, 0x0f_0000), (0x10_1010, 0x01_0101)] {
            board.for_each_destination(us, them, |after, closes| {
                if !closes {
                    let mut found = false;
                    board.for_each_unmove(them, after, |pu, pt| found |= pu == us && pt == them);
                    assert!(found);
                }
            });
        }
    }
}
