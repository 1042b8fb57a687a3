//! Pattern weights learned from the solution (an n-tuple evaluation): for every line of
//! three, every point with its neighbours, every point with the lines through it and
//! every two lines that share no point but are joined by an edge, a weight for each way
//! the side to move, the other side and the empty points can fill it, one set per stage
//! of the game. The evaluation adds them to the linear terms of [`super::strong`];
//! `morris tune` fits them to the tables' values (`data/eval.patterns`).
//!
//! The patterns are data about a board: [`Layout::of`] derives them from a
//! [`Topology`]'s lines and edges, so the same code serves any board; a weights file
//! names the board it was fitted on and scores nothing on another.

use std::sync::LazyLock;

use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{space0, space1, u32 as dec_u32};
use nom::combinator::{all_consuming, opt, rest};
use nom::sequence::preceded;
use nom::{IResult, Parser};

use super::weights::{comment_lines, values};
use crate::rules::{Phase, Position, STANDARD};
use crate::topology::{PointSet, Topology};

/// The stages a position is scored in, each with its own weights.
pub const STAGES: usize = 8;

/// The stages' names, as the weights file writes them.
pub const STAGE_NAMES: [&str; STAGES] = ["opening", "placing", "late", "last", "full", "dense", "open", "flying"];

/// The stage of `pos`: while stones are in hand, `opening` (more than one side's stones
/// still in hand), then by the stones left in hand, in thirds of one side's stones:
/// `placing` (on the standard board 7–9), `late` (4–6) and `last` (1–3); when either side
/// flies, `flying`; otherwise by the stones on the board: `full` (at most one short of
/// every stone of both sides), `dense` (at most three short), `open`.
#[inline]
#[must_use]
pub fn stage(pos: &Position) -> usize {
    let (us, them) = (pos.side_to_move(), !pos.side_to_move());
    let stones = u32::from(pos.rules().stones);
    let in_hand = u32::from(pos.in_hand(us)) + u32::from(pos.in_hand(them));
    if in_hand > stones {
        0
    } else if in_hand > 0 {
        if 3 * in_hand > 2 * stones {
            1
        } else if 3 * in_hand > stones {
            2
        } else {
            3
        }
    } else if pos.phase(us) == Phase::Flying || pos.phase(them) == Phase::Flying {
        7
    } else {
        let board = pos.occupied().len();
        if board + 1 >= 2 * stones {
            4
        } else if board + 3 >= 2 * stones {
            5
        } else {
            6
        }
    }
}

/// The most patterns a board may have (96 on the standard board; boards are compile-time
/// data, and a test builds the layout of each).
const MAX_PATTERNS: usize = 128;

/// One pattern: its points (a line, a point and its neighbours or its lines, or two lines)
/// and where its weights start within a stage.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Pattern {
    points: Vec<u8>,
    offset: usize,
}

/// The patterns of one board, in a fixed order: the lines first, then each point with its
/// neighbours, then each point with the lines through it (a cross: the point first, the
/// rest in board order), then each pair of lines joined by an edge but sharing no point
/// (the two lines' points, each line in board order; on the standard board the sides of
/// two rings with the spoke between them, or a ring's side and the spoke at its corner).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    patterns: Vec<Pattern>,
    per_stage: usize,
    /// For each point, the patterns through it and the point's digit weight in each (3 to
    /// the power of its place): `(pattern, weight)`, the points' lists one after another.
    through: Vec<(u16, u32)>,
    /// Where each point's list in `through` starts (and the next one's, where it ends).
    through_start: Vec<usize>,
}

impl Layout {
    /// The patterns of `topo`.
    #[must_use]
    pub fn of(topo: &Topology) -> Layout {
        let mut groups: Vec<Vec<u8>> =
            topo.lines().iter().map(|l| l.iter().map(|p| p.index() as u8).collect()).collect();
        for p in topo.points() {
            let mut points = vec![p.index() as u8];
            points.extend(topo.neighbours(p).iter().map(|q| q.index() as u8));
            groups.push(points);
        }
        for p in topo.points() {
            let mut points = vec![p.index() as u8];
            let others = topo.mill_partners(p).iter().fold(PointSet::EMPTY, |a, &b| a | b);
            points.extend(others.iter().map(|q| q.index() as u8));
            groups.push(points);
        }
        // Pairs of lines, in the order of the lines.
        let lines = topo.lines();
        for (i, a) in lines.iter().enumerate() {
            for b in &lines[i + 1..] {
                let joined = a.iter().any(|p| !(topo.neighbours(p) & *b).is_empty());
                if (*a & *b).is_empty() && joined {
                    groups.push(a.iter().chain(b.iter()).map(|p| p.index() as u8).collect());
                }
            }
        }
        let mut offset = 0;
        let patterns = groups
            .into_iter()
            .map(|points| {
                let pattern = Pattern { offset, points };
                offset += 3usize.pow(pattern.points.len() as u32);
                pattern
            })
            .collect();
        let patterns: Vec<Pattern> = patterns;
        assert!(
            patterns.len() <= MAX_PATTERNS,
            "{}: {} patterns, more than {MAX_PATTERNS}",
            topo.name(),
            patterns.len()
        );
        let mut through = Vec::new();
        let mut through_start = vec![0];
        for p in topo.points() {
            for (k, pattern) in patterns.iter().enumerate() {
                if let Some(place) = pattern.points.iter().position(|&q| usize::from(q) == p.index()) {
                    through.push((k as u16, 3u32.pow(place as u32)));
                }
            }
            through_start.push(through.len());
        }
        Layout { patterns, per_stage: offset, through, through_start }
    }

    /// How many patterns.
    #[must_use]
    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    /// Whether there are none (never, for a real board).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// Weights per stage.
    #[must_use]
    pub fn per_stage(&self) -> usize {
        self.per_stage
    }

    /// The number of ways to fill pattern `i` (3 to the power of its points).
    #[must_use]
    pub fn configurations(&self, i: usize) -> usize {
        3usize.pow(self.patterns[i].points.len() as u32)
    }

    /// Calls `f` with the index, among all the weights, of every pattern's configuration in
    /// `pos` (seen from the side to move: a point's digit is 0 empty, 1 its own, 2 the
    /// other side's; the pattern's first point is the lowest digit).
    ///
    /// Stone by stone: each stone adds its digit to the patterns through its point (about a
    /// dozen), rather than each pattern reading its points; the evaluation runs at every
    /// leaf, and this is the cheaper way round on a board with fewer stones than pattern
    /// points.
    #[inline]
    pub fn for_each_index(&self, pos: &Position, mut f: impl FnMut(usize)) {
        let base = stage(pos) * self.per_stage;
        let side = pos.side_to_move();
        // `Layout::of` holds a board to MAX_PATTERNS patterns.
        let mut index = [0u32; MAX_PATTERNS];
        for (digit, stones) in [(1, pos.stones(side)), (2, pos.stones(!side))] {
            for p in stones {
                let i = p.index();
                for &(k, weight) in &self.through[self.through_start[i]..self.through_start[i + 1]] {
                    index[usize::from(k)] += digit * weight;
                }
            }
        }
        for (pattern, &i) in self.patterns.iter().zip(&index) {
            f(base + pattern.offset + i as usize);
        }
    }
}

/// Pattern weights for one board, in hundredths of a stone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Patterns {
    topology: &'static Topology,
    layout: Layout,
    values: Vec<i32>,
}

/// Why a patterns file could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PatternsError {
    /// A line that is neither a comment, the header, nor a pattern's weights.
    #[error("line {line}: expected `STAGE PATTERN = WEIGHTS...`, found `{text}`")]
    Syntax {
        /// Its number, from 1.
        line: usize,
        /// The line.
        text: String,
    },
    /// The header names another board.
    #[error("line {line}: the patterns are for board `{found}`, not `{expected}`")]
    Board {
        /// Its number.
        line: usize,
        /// The board named.
        found: String,
        /// The board expected.
        expected: &'static str,
    },
    /// A stage or pattern the board does not have, or the wrong number of weights.
    #[error("line {line}: {reason}")]
    Shape {
        /// Its number.
        line: usize,
        /// What does not fit.
        reason: String,
    },
    /// No `board NAME` header before the weights.
    #[error("no `board NAME` line before the weights")]
    NoBoard,
}

/// One line of a patterns file.
enum Line<'a> {
    Blank,
    Board(&'a str),
    Weights(&'a str, u32, Vec<i32>),
}

fn line(input: &str) -> IResult<&str, Line<'_>> {
    let comment = || opt(preceded(tag("#"), rest));
    let word = || take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_');
    let board = preceded((tag("board"), space1), word()).map(Line::Board);
    let weights = (word(), preceded(space1, dec_u32), values)
        .map(|(stage, pattern, values)| Line::Weights(stage, pattern, values));
    let blank = comment().map(|_| Line::Blank);
    all_consuming(nom::branch::alt((
        (board, space0, comment()).map(|(b, _, _)| b),
        (weights, space0).map(|(w, _)| w),
        blank,
    )))
    .parse(input)
}

impl Patterns {
    /// All weights zero: the evaluation is the linear terms alone.
    #[must_use]
    pub fn zero(topology: &'static Topology) -> Patterns {
        let layout = Layout::of(topology);
        let values = vec![0; STAGES * layout.per_stage()];
        Patterns { topology, layout, values }
    }

    /// The board's patterns.
    #[must_use]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The weights, stage by stage, in the layout's order.
    #[must_use]
    pub fn values(&self) -> &[i32] {
        &self.values
    }

    /// The weights from a flat list in the layout's order.
    ///
    /// # Panics
    /// If `values` is not one weight per configuration of every stage.
    #[must_use]
    pub fn with_values(topology: &'static Topology, values: Vec<i32>) -> Patterns {
        let layout = Layout::of(topology);
        assert_eq!(values.len(), STAGES * layout.per_stage(), "one weight per configuration");
        Patterns { topology, layout, values }
    }

    /// The patterns' part of the evaluation of `pos`, for the side to move; 0 on a board
    /// the weights are not for.
    #[inline]
    #[must_use]
    pub fn score(&self, pos: &Position) -> i32 {
        if !std::ptr::eq(pos.topology(), self.topology) {
            return 0;
        }
        let mut sum = 0;
        self.layout.for_each_index(pos, |i| sum += self.values[i]);
        sum
    }

    /// Reads a patterns file for `topology`: `board NAME`, then one line per stage and
    /// pattern, `STAGE PATTERN = W0 W1 ...` (a weight per configuration, digit order as
    /// [`Layout::for_each_index`]). Missing lines are zero weights.
    ///
    /// # Errors
    /// The first line that does not parse or fit, as a [`PatternsError`].
    pub fn parse(text: &str, topology: &'static Topology) -> Result<Patterns, PatternsError> {
        let mut out = Patterns::zero(topology);
        let mut board_seen = false;
        for (i, text_line) in text.lines().enumerate() {
            let number = i + 1;
            let Ok((_, parsed)) = line(text_line.trim_end()) else {
                return Err(PatternsError::Syntax { line: number, text: text_line.to_string() });
            };
            match parsed {
                Line::Blank => {}
                Line::Board(name) if name == topology.name() => board_seen = true,
                Line::Board(name) => {
                    return Err(PatternsError::Board {
                        line: number,
                        found: name.to_string(),
                        expected: topology.name(),
                    });
                }
                Line::Weights(..) if !board_seen => return Err(PatternsError::NoBoard),
                Line::Weights(stage_name, pattern, values) => {
                    let shape = |reason: String| PatternsError::Shape { line: number, reason };
                    let stage = STAGE_NAMES
                        .iter()
                        .position(|&s| s == stage_name)
                        .ok_or_else(|| shape(format!("no stage `{stage_name}`")))?;
                    let p = pattern as usize;
                    if p >= out.layout.len() {
                        return Err(shape(format!("no pattern {p} (the board has {})", out.layout.len())));
                    }
                    let n = out.layout.configurations(p);
                    if values.len() != n {
                        return Err(shape(format!("pattern {p} takes {n} weights, found {}", values.len())));
                    }
                    let start = stage * out.layout.per_stage + out.layout.patterns[p].offset;
                    out.values[start..start + n].copy_from_slice(&values);
                }
            }
        }
        if !board_seen {
            return Err(PatternsError::NoBoard);
        }
        Ok(out)
    }

    /// The weights as a patterns file, `header` as its first comment lines; patterns whose
    /// weights are all zero are left out.
    #[must_use]
    pub fn to_text(&self, header: &str) -> String {
        let mut out = comment_lines(header);
        out.push_str(&format!("\nboard {}\n", self.topology.name()));
        for (stage, name) in STAGE_NAMES.iter().enumerate() {
            for (p, pattern) in self.layout.patterns.iter().enumerate() {
                let start = stage * self.layout.per_stage + pattern.offset;
                let values = &self.values[start..start + self.layout.configurations(p)];
                if values.iter().all(|&v| v == 0) {
                    continue;
                }
                out.push_str(&format!("{name} {p} ="));
                for v in values {
                    out.push_str(&format!(" {v}"));
                }
                out.push('\n');
            }
        }
        out
    }
}

/// The carried pattern weights (`data/eval.patterns`), for the standard board.
pub static DEFAULT_PATTERNS_TEXT: &str = include_str!("../../data/eval.patterns");

/// [`DEFAULT_PATTERNS_TEXT`], read once.
pub static DEFAULT_PATTERNS: LazyLock<Patterns> =
    LazyLock::new(|| match Patterns::parse(DEFAULT_PATTERNS_TEXT, STANDARD.topology) {
        Ok(p) => p,
        Err(e) => panic!("data/eval.patterns: {e}"),
    });

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::CLASSROOM22;

    #[test]
    fn the_layout_is_lines_neighbourhoods_crosses_then_joined_pairs_of_lines() {
        for topo in [STANDARD.topology, &CLASSROOM22] {
            let layout = Layout::of(topo);
            let cross = |p| topo.mill_partners(p).iter().fold(PointSet::EMPTY, |a, &b| a | b).len();
            let singles = topo.lines().len() + 2 * topo.len();
            let pairs = &layout.patterns[singles..];
            let expected: usize = topo.lines().len() * 27
                + topo.points().map(|p| 3usize.pow(1 + topo.neighbours(p).len())).sum::<usize>()
                + topo.points().map(|p| 3usize.pow(1 + cross(p))).sum::<usize>()
                + pairs.len() * 729;
            assert_eq!(layout.per_stage(), expected, "{}", topo.name());
            for pair in pairs {
                let set = |points: &[u8]| points.iter().map(|&q| crate::topology::Point::new(q)).collect::<PointSet>();
                let (a, b) = (set(&pair.points[..3]), set(&pair.points[3..]));
                assert!(topo.lines().contains(&a) && topo.lines().contains(&b) && (a & b).is_empty(), "{pair:?}");
                assert!(a.iter().any(|p| !(topo.neighbours(p) & b).is_empty()), "{pair:?} not joined");
            }
        }
        // The standard board: the 16 lines, 24 neighbourhoods, 24 crosses, and 32 pairs:
        // each of the 12 ring sides with the spoke at each end (24), and each side with
        // the same side of the next ring in (8).
        let layout = Layout::of(STANDARD.topology);
        assert_eq!(layout.len(), 96);
        assert_eq!(layout.patterns.iter().filter(|p| p.points.len() == 6).count(), 32);
    }

    #[test]
    fn the_carried_patterns_parse_and_print_back() {
        let carried = &*DEFAULT_PATTERNS;
        let again = Patterns::parse(&carried.to_text("again"), STANDARD.topology).expect("printed patterns parse");
        assert_eq!(&again, carried);
    }

    #[test]
    fn every_pattern_adds_one_weight() {
        // Weights all 1: the score is the number of patterns, in every stage.
        let topo = STANDARD.topology;
        let ones = Patterns::with_values(topo, vec![1; STAGES * Layout::of(topo).per_stage()]);
        for plies in [0, 5, 18, 30, 80] {
            let pos = *crate::engine::random_game(&STANDARD, plies, 3).position();
            assert_eq!(ones.score(&pos), Layout::of(topo).len() as i32, "after {plies} plies");
        }
    }

    #[test]
    fn bad_files_name_the_line_that_is_wrong() {
        let topo = STANDARD.topology;
        let cases = [
            ("board standard24\nplacing 0 = 1 2\n", "line 2: pattern 0 takes 27 weights, found 2"),
            ("board standard24\nmidgame 0 = 1\n", "line 2: no stage `midgame`"),
            ("board standard24\nplacing 999 = 1\n", "line 2: no pattern 999"),
            ("placing 0 = 1\n", "no `board NAME` line"),
            ("board classroom22\n", "not `standard24`"),
            ("board standard24\nplacing zero = 1\n", "line 2: expected"),
            // The values: each a decimal i32 after a blank, a sign allowed.
            ("board standard24\nplacing 0 = 1 2147483648\n", "line 2: expected"),
            ("board standard24\nplacing 0 = 1 2x\n", "line 2: expected"),
            ("board standard24\nplacing 0 = 1 - 2\n", "line 2: expected"),
            ("board standard24\nplacing 0 =\n", "line 2: expected"),
            ("board standard24\nplacing 0 = +1 -2147483648\n", "line 2: pattern 0 takes 27 weights, found 2"),
            ("", "no `board NAME` line"),
        ];
        for (text, expected) in cases {
            let err = Patterns::parse(text, topo).expect_err(text).to_string();
            assert!(err.contains(expected), "{text:?}: {err}");
        }
    }

    #[test]
    fn a_pattern_digit_is_its_points_filling_from_the_side_to_move() {
        // White has A1 (the first line's first point, if the first line holds A1).
        let topo = STANDARD.topology;
        let layout = Layout::of(topo);
        let mut pos = Position::start(&STANDARD);
        let a1 = topo.point_named("A1").expect("A1");
        pos = pos.play(crate::rules::Move::place(a1)).expect("legal");
        // Black to move: A1 is the other side's (digit 2) in every pattern through it.
        let mut seen = Vec::new();
        layout.for_each_index(&pos, |i| seen.push(i));
        for (index, pattern) in seen.iter().zip(&layout.patterns) {
            let local = index - pattern.offset;
            let digit = pattern
                .points
                .iter()
                .position(|&p| usize::from(p) == a1.index())
                .map_or(0, |k| 2 * 3usize.pow(k as u32));
            assert_eq!(local, digit, "{:?}", pattern.points);
        }
    }
}
