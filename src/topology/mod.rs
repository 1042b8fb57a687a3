//! Board geometry as data: points, the lines of three (mills), adjacency and symmetries.
//!
//! Both boards this project plays on are values of the one [`Topology`] type, built at
//! compile time by [`Topology::build`] from a short declaration: the point names (in
//! board-string order), the lines of three, and any edges that lie on no line. Adjacency,
//! the lines through each point and the mill partners are derived; the builder checks
//! the declaration (every name known, every line straight in the names' own coordinates,
//! no duplicates) and a bad declaration fails to compile. Symmetries are derived on first
//! use by a search for the maps that preserve both edges and lines.
//!
//! This module knows nothing of stones, colours or rules; `rules` builds on it.

mod classroom22;
mod drawing;
mod standard24;

use std::fmt;
use std::sync::OnceLock;

pub use classroom22::CLASSROOM22;
pub use drawing::{Drawing, LABEL_WIDTH};
pub use standard24::STANDARD24;

/// The largest number of points a [`Topology`] may have (the width of [`PointSet`]).
pub const MAX_POINTS: usize = 32;
/// The largest number of lines of three a [`Topology`] may declare.
pub const MAX_LINES: usize = 32;
/// The largest number of lines that may pass through one point.
pub const MAX_LINES_THROUGH: usize = 4;

/// One point of a board, numbered in the board's own order (its board-string order).
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug)]
pub struct Point(u8);

impl Point {
    /// The point with this index. The caller keeps `index` below the board's point count.
    #[must_use]
    pub const fn new(index: u8) -> Self {
        Point(index)
    }

    /// The point's index in its board's order.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The set holding just this point.
    #[must_use]
    pub const fn set(self) -> PointSet {
        PointSet(1 << self.0)
    }
}

/// A set of points as a bit set (bit `i` is the point with index `i`).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Default)]
pub struct PointSet(pub u32);

impl PointSet {
    /// The empty set.
    pub const EMPTY: PointSet = PointSet(0);

    /// Whether `p` is in the set.
    #[must_use]
    pub const fn contains(self, p: Point) -> bool {
        self.0 & (1 << p.0) != 0
    }

    /// The number of points in the set.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every point of `self` is in `other`.
    #[must_use]
    pub const fn is_subset(self, other: PointSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The points of `self` that are not in `other`.
    #[must_use]
    pub const fn without(self, other: PointSet) -> PointSet {
        PointSet(self.0 & !other.0)
    }

    /// The lowest-numbered point of the set, if any.
    #[must_use]
    pub const fn first(self) -> Option<Point> {
        if self.0 == 0 { None } else { Some(Point(self.0.trailing_zeros() as u8)) }
    }

    /// The points in ascending order.
    #[must_use]
    pub const fn iter(self) -> PointSetIter {
        PointSetIter(self.0)
    }
}

impl std::ops::BitOr for PointSet {
    type Output = PointSet;
    fn bitor(self, rhs: PointSet) -> PointSet {
        PointSet(self.0 | rhs.0)
    }
}

impl std::ops::BitAnd for PointSet {
    type Output = PointSet;
    fn bitand(self, rhs: PointSet) -> PointSet {
        PointSet(self.0 & rhs.0)
    }
}

impl std::ops::BitXor for PointSet {
    type Output = PointSet;
    fn bitxor(self, rhs: PointSet) -> PointSet {
        PointSet(self.0 ^ rhs.0)
    }
}

impl std::ops::BitOrAssign for PointSet {
    fn bitor_assign(&mut self, rhs: PointSet) {
        self.0 |= rhs.0;
    }
}

impl std::ops::BitXorAssign for PointSet {
    fn bitxor_assign(&mut self, rhs: PointSet) {
        self.0 ^= rhs.0;
    }
}

impl fmt::Debug for PointSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(Point::index)).finish()
    }
}

impl IntoIterator for PointSet {
    type Item = Point;
    type IntoIter = PointSetIter;
    fn into_iter(self) -> PointSetIter {
        self.iter()
    }
}

impl FromIterator<Point> for PointSet {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Self {
        iter.into_iter().fold(PointSet::EMPTY, |s, p| s | p.set())
    }
}

/// Iterator over a [`PointSet`] in ascending point order.
#[derive(Clone)]
pub struct PointSetIter(u32);

impl Iterator for PointSetIter {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.0 == 0 {
            return None;
        }
        let p = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Point(p))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for PointSetIter {}

/// A map of the board onto itself that keeps every edge and every line (a symmetry).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    image: [u8; MAX_POINTS],
}

impl Symmetry {
    /// Where the symmetry sends `p`.
    #[must_use]
    pub fn apply(&self, p: Point) -> Point {
        Point(self.image[p.index()])
    }

    /// The image of a whole set (a reference implementation: one point at a time).
    #[must_use]
    pub fn apply_set(&self, s: PointSet) -> PointSet {
        s.iter().map(|p| self.apply(p)).collect()
    }
}

/// A board: its points, edges and lines of three.
///
/// Built at compile time by [`Topology::build`]; see [`STANDARD24`] and [`CLASSROOM22`].
pub struct Topology {
    name: &'static str,
    len: usize,
    names: [&'static str; MAX_POINTS],
    /// Point index + 1 by (lower-case column letter, row digit); 0 where there is none.
    by_name: [[u8; 10]; 26],
    /// The name range as people write it (`A1..G7`), in the board's own case.
    name_range: [u8; 6],
    /// The drawing of the board: see [`Topology::layout`].
    layout: &'static str,
    neighbours: [PointSet; MAX_POINTS],
    lines: [PointSet; MAX_LINES],
    line_count: usize,
    /// For each point, the other two points of each line through it.
    partners: [[PointSet; MAX_LINES_THROUGH]; MAX_POINTS],
    partner_count: [u8; MAX_POINTS],
    symmetries: OnceLock<Vec<Symmetry>>,
}

const fn str_eq_ignore_case(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if !a[i].eq_ignore_ascii_case(&b[i]) {
            return false;
        }
        i += 1;
    }
    true
}

const fn index_of(names: &[&str], name: &str) -> usize {
    let mut i = 0;
    while i < names.len() {
        if str_eq_ignore_case(names[i], name) {
            return i;
        }
        i += 1;
    }
    panic!("topology declaration names a point that is not in its point list");
}

/// A point name's (column, row) coordinates: a letter then a digit.
const fn coordinates(name: &str) -> (i32, i32) {
    let b = name.as_bytes();
    assert!(b.len() == 2, "point names are a letter and a digit");
    let col = b[0].to_ascii_lowercase() as i32 - b'a' as i32;
    let row = b[1] as i32 - b'0' as i32;
    assert!(col >= 0 && col < 26 && row >= 0 && row <= 9, "point names are a letter and a digit");
    (col, row)
}

/// The smallest and largest letter and digit of `names`: `A1..G7`.
const fn name_range_of(names: &[&str]) -> [u8; 6] {
    let (mut lo_l, mut lo_d, mut hi_l, mut hi_d) = (u8::MAX, u8::MAX, 0, 0);
    let mut i = 0;
    while i < names.len() {
        let b = names[i].as_bytes();
        if b[0] < lo_l {
            lo_l = b[0];
        }
        if b[0] > hi_l {
            hi_l = b[0];
        }
        if b[1] < lo_d {
            lo_d = b[1];
        }
        if b[1] > hi_d {
            hi_d = b[1];
        }
        i += 1;
    }
    [lo_l, lo_d, b'.', b'.', hi_l, hi_d]
}

impl Topology {
    /// Builds a board from its point names (in board-string order), its lines of three
    /// (each listed once, in order along the line), the edges that lie on no line, and
    /// its drawing ([`Topology::layout`]).
    ///
    /// # Panics
    /// At compile time, when the declaration is inconsistent: an unknown or duplicate
    /// name, a line that is not straight in the names' coordinates, a duplicate line, a
    /// line through the same point twice, or too many lines through one point.
    #[must_use]
    pub const fn build(
        name: &'static str,
        points: &[&'static str],
        lines: &[[&'static str; 3]],
        extra_edges: &[[&'static str; 2]],
        layout: &'static str,
    ) -> Topology {
        assert!(points.len() <= MAX_POINTS && lines.len() <= MAX_LINES);
        let mut t = Topology {
            name,
            len: points.len(),
            names: [""; MAX_POINTS],
            by_name: [[0; 10]; 26],
            name_range: [0; 6],
            layout,
            neighbours: [PointSet::EMPTY; MAX_POINTS],
            lines: [PointSet::EMPTY; MAX_LINES],
            line_count: lines.len(),
            partners: [[PointSet::EMPTY; MAX_LINES_THROUGH]; MAX_POINTS],
            partner_count: [0; MAX_POINTS],
            symmetries: OnceLock::new(),
        };
        let mut i = 0;
        while i < points.len() {
            assert!(index_of(points, points[i]) == i, "duplicate point name");
            t.names[i] = points[i];
            let (col, row) = coordinates(points[i]);
            t.by_name[col as usize][row as usize] = i as u8 + 1;
            i += 1;
        }
        t.name_range = name_range_of(points);
        let mut l = 0;
        while l < lines.len() {
            let a = index_of(points, lines[l][0]);
            let b = index_of(points, lines[l][1]);
            let c = index_of(points, lines[l][2]);
            assert!(a != b && b != c && a != c, "a line passes through one point twice");
            // The middle point lies halfway between the ends: the line is straight.
            let (ac, ar) = coordinates(points[a]);
            let (bc, br) = coordinates(points[b]);
            let (cc, cr) = coordinates(points[c]);
            assert!((ac - bc) * (br - cr) == (ar - br) * (bc - cc), "a line is not straight");
            assert!(
                (bc - ac) * (bc - cc) <= 0 && (br - ar) * (br - cr) <= 0,
                "a line's middle point is not between its ends"
            );
            let set = PointSet((1 << a) | (1 << b) | (1 << c));
            let mut m = 0;
            while m < l {
                assert!(t.lines[m].0 != set.0, "a line is declared twice");
                m += 1;
            }
            t.lines[l] = set;
            t = t.with_edge(a, b).with_edge(b, c);
            let trio = [a, b, c];
            let mut k = 0;
            while k < 3 {
                let p = trio[k];
                let n = t.partner_count[p] as usize;
                assert!(n < MAX_LINES_THROUGH, "too many lines through one point");
                t.partners[p][n] = PointSet(set.0 & !(1 << p));
                t.partner_count[p] += 1;
                k += 1;
            }
            l += 1;
        }
        let mut e = 0;
        while e < extra_edges.len() {
            let a = index_of(points, extra_edges[e][0]);
            let b = index_of(points, extra_edges[e][1]);
            assert!(a != b, "an edge joins a point to itself");
            t = t.with_edge(a, b);
            e += 1;
        }
        t
    }

    const fn with_edge(mut self, a: usize, b: usize) -> Topology {
        self.neighbours[a].0 |= 1 << b;
        self.neighbours[b].0 |= 1 << a;
        self
    }

    /// The board's name (`standard24`, `classroom22`).
    #[must_use]
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The number of points.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether the board has no points (never true of a real board).
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The set of all points.
    #[must_use]
    pub const fn all(&self) -> PointSet {
        PointSet(((1u64 << self.len) - 1) as u32)
    }

    /// All points in board order.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        self.all().iter()
    }

    /// The name of `p` as the board's owners write it (`D2`, `a0`).
    #[must_use]
    pub fn point_name(&self, p: Point) -> &'static str {
        self.names[p.index()]
    }

    /// The point with this name, ignoring case.
    #[must_use]
    pub fn point_named(&self, name: &str) -> Option<Point> {
        match name.as_bytes() {
            &[letter, digit] => self.point_at(char::from(letter), char::from(digit)),
            _ => None,
        }
    }

    /// The point named by a column letter (either case) and a row digit, by one table
    /// lookup.
    #[must_use]
    pub fn point_at(&self, letter: char, digit: char) -> Option<Point> {
        let col = (letter.to_ascii_lowercase() as usize).checked_sub('a' as usize)?;
        let row = (digit as usize).checked_sub('0' as usize)?;
        let index = *self.by_name.get(col)?.get(row)?;
        index.checked_sub(1).map(Point)
    }

    /// The range of point names as people write them, in the board's case: `A1..G7`,
    /// `a0..g6`.
    #[must_use]
    pub fn name_range(&self) -> &str {
        std::str::from_utf8(&self.name_range).unwrap_or("")
    }

    /// Whether `letter` is within the board's column letters (either case).
    #[must_use]
    pub fn is_column_letter(&self, letter: char) -> bool {
        let (lo, hi) = (self.name_range[0].to_ascii_lowercase(), self.name_range[4].to_ascii_lowercase());
        letter.is_ascii_alphabetic() && (lo..=hi).contains(&(letter.to_ascii_lowercase() as u8))
    }

    /// Whether `digit` is within the board's row digits.
    #[must_use]
    pub fn is_row_digit(&self, digit: char) -> bool {
        digit.is_ascii_digit() && (self.name_range[1]..=self.name_range[5]).contains(&(digit as u8))
    }

    /// Whether the board writes its names in upper case (`D2`) rather than lower (`a0`).
    #[must_use]
    pub fn has_upper_case_names(&self) -> bool {
        self.name_range[0].is_ascii_uppercase()
    }

    /// The board's drawing: a text picture in which `o` marks a point, each row starts
    /// with a three-character row label (the digit of the names in that row), and the
    /// last line holds the column letters under the points. Lines `-`, `|`, `/` and `\`
    /// join the points. [`Topology::drawing`] reads it; a test checks that it names
    /// every point once.
    #[must_use]
    pub const fn layout(&self) -> &'static str {
        self.layout
    }

    /// The points adjacent to `p`.
    #[inline]
    #[must_use]
    pub fn neighbours(&self, p: Point) -> PointSet {
        self.neighbours[p.index()]
    }

    /// The lines of three.
    #[must_use]
    pub fn lines(&self) -> &[PointSet] {
        &self.lines[..self.line_count]
    }

    /// For each line through `p`, the line's two other points.
    #[inline]
    #[must_use]
    pub fn mill_partners(&self, p: Point) -> &[PointSet] {
        &self.partners[p.index()][..self.partner_count[p.index()] as usize]
    }

    /// Whether `stones` (which should contain `p`) fill a line through `p`.
    #[inline]
    #[must_use]
    pub fn closes_mill(&self, p: Point, stones: PointSet) -> bool {
        self.mill_partners(p).iter().any(|pair| pair.is_subset(stones))
    }

    /// The stones of `stones` that stand in a line filled by `stones`.
    #[inline]
    #[must_use]
    pub fn in_mills(&self, stones: PointSet) -> PointSet {
        let mut out = PointSet::EMPTY;
        for &line in self.lines() {
            if line.is_subset(stones) {
                out |= line;
            }
        }
        out
    }

    /// The empty points at which adding a stone of `stones` would fill a line.
    #[inline]
    #[must_use]
    pub fn mill_completions(&self, stones: PointSet, empty: PointSet) -> PointSet {
        let mut out = PointSet::EMPTY;
        for &line in self.lines() {
            let missing = line.without(stones);
            if missing.len() == 1 {
                out |= missing & empty;
            }
        }
        out
    }

    /// The maps of the board onto itself that keep edges and lines, identity first.
    ///
    /// Found once, on first use, by a backtracking search (a slow reference
    /// implementation; callers that need speed build tables from it).
    pub fn symmetries(&self) -> &[Symmetry] {
        self.symmetries.get_or_init(|| self.find_symmetries())
    }

    fn find_symmetries(&self) -> Vec<Symmetry> {
        let mut found = Vec::new();
        let mut image = [u8::MAX; MAX_POINTS];
        self.extend_symmetry(0, &mut image, PointSet::EMPTY, &mut found);
        found.sort_by_key(|s| s.image.iter().enumerate().any(|(i, &j)| i < self.len && i != j as usize));
        found
    }

    fn extend_symmetry(&self, next: usize, image: &mut [u8; MAX_POINTS], used: PointSet, found: &mut Vec<Symmetry>) {
        if next == self.len {
            let sym = Symmetry { image: *image };
            let keeps_lines = self.lines().iter().all(|&l| self.lines().contains(&sym.apply_set(l)));
            if keeps_lines {
                found.push(sym);
            }
            return;
        }
        let p = Point(next as u8);
        for q in self.all().without(used) {
            if self.neighbours(q).len() != self.neighbours(p).len() {
                continue;
            }
            // Every edge from p to an already mapped point must map to an edge, and back.
            let consistent = (0..next).all(|i| {
                let a = self.neighbours(p).contains(Point(i as u8));
                let b = self.neighbours(q).contains(Point(image[i]));
                a == b
            });
            if consistent {
                image[next] = q.0;
                self.extend_symmetry(next + 1, image, used | q.set(), found);
            }
        }
        image[next] = u8::MAX;
    }
}

impl fmt::Debug for Topology {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl PartialEq for Topology {
    fn eq(&self, other: &Topology) -> bool {
        std::ptr::eq(self, other) || self.name == other.name
    }
}

impl Eq for Topology {}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_consistency(t: &Topology) {
        for p in t.points() {
            for q in t.neighbours(p) {
                assert!(t.neighbours(q).contains(p), "{}: adjacency not symmetric", t.name());
            }
            assert!(!t.neighbours(p).contains(p));
        }
        for &line in t.lines() {
            assert_eq!(line.len(), 3);
            let joined = line.iter().filter(|&p| !(t.neighbours(p) & line).is_empty()).count();
            assert_eq!(joined, 3, "every line runs along edges");
        }
    }

    #[test]
    fn standard_board_has_24_points_16_lines_and_16_symmetries() {
        let t = &STANDARD24;
        check_consistency(t);
        assert_eq!(t.len(), 24);
        assert_eq!(t.lines().len(), 16);
        let edges: u32 = t.points().map(|p| t.neighbours(p).len()).sum::<u32>() / 2;
        assert_eq!(edges, 32);
        assert_eq!(t.symmetries().len(), 16);
        assert!(t.symmetries()[0].image[..24].iter().enumerate().all(|(i, &j)| i == j as usize));
        assert_eq!(t.point_named("d4"), None);
        assert_eq!(t.point_name(t.point_named("a7").unwrap()), "A7");
    }

    #[test]
    fn classroom_board_matches_variant_board_spec() {
        let t = &CLASSROOM22;
        check_consistency(t);
        assert_eq!(t.len(), 22);
        assert_eq!(t.lines().len(), 16);
        // The neighbour and line tables of the spec are checked in tests/perft.rs.
        assert!(!t.symmetries().is_empty());
    }

    #[test]
    fn mill_helpers_agree() {
        let t = &STANDARD24;
        let p = |n: &str| t.point_named(n).unwrap();
        let stones = p("A1").set() | p("D1").set() | p("G1").set() | p("A4").set();
        assert!(t.closes_mill(p("D1"), stones));
        assert!(!t.closes_mill(p("A4"), stones));
        assert_eq!(t.in_mills(stones), stones.without(p("A4").set()));
        let empty = t.all().without(stones);
        assert_eq!(t.mill_completions(stones, empty), p("A7").set());
    }
}
