//! A small network learned from the solution, added to the linear terms and the patterns
//! (an NNUE-style first layer without the incremental update): its inputs are the side
//! to move's stones, the other side's stones (one input per point each) and the stones in
//! hand of each side (one input per count, 0 to the rules' stones); one hidden layer of
//! clipped ReLU units; one output in hundredths of a stone. `morris tune --net-out`
//! fits it to the tables' values on top of the rest of the evaluation (it learns what
//! they miss), and writes it quantized, as the engine uses it (`data/eval.net`).
//!
//! The first layer is in 1/[`QA`] of an activation (a unit clips at [`QA`]), so a
//! position's hidden layer is a sum of small integers; the output weights are in
//! 1/[`QB`] of a hundredth of a stone per activation, the output bias in 1/([`QA`]·[`QB`]).
//! Like the patterns, a network names its board and scores nothing on another.

use std::sync::LazyLock;

use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{space0, space1, u32 as dec_u32};
use nom::combinator::{all_consuming, opt, rest};
use nom::sequence::preceded;
use nom::{IResult, Parser};

use super::weights::{comment_lines, values};
use crate::rules::{Position, STANDARD};
use crate::topology::Topology;

/// The scale of the first layer: an activation of 1 (where a unit clips) is `QA`.
pub const QA: i32 = 255;
/// The scale of the output weights, per hundredth of a stone.
pub const QB: i32 = 32;
/// The most hidden units a network may have.
pub const MAX_HIDDEN: usize = 512;

/// A network for one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    topology: &'static Topology,
    hidden: usize,
    /// Counts of stones in hand with an input each: 0 to `hand − 1`.
    hand: usize,
    /// The first layer, input by input (`hidden` weights each).
    w1: Vec<i16>,
    b1: Vec<i16>,
    /// The output weights (16 bits each, so that a product of two 16-bit numbers sums
    /// them: `pmaddwd`).
    w2: Vec<i16>,
    b2: i32,
}

/// Why a network file could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum NetworkError {
    /// A line that is neither a header, weights, a comment nor blank.
    #[error("line {line}: cannot read `{text}`")]
    Syntax {
        /// Its number.
        line: usize,
        /// The line.
        text: String,
    },
    /// The file is for another board.
    #[error("line {line}: the network is for board `{found}`, not `{expected}`")]
    Board {
        /// Its number.
        line: usize,
        /// The board it names.
        found: String,
        /// The board asked for.
        expected: &'static str,
    },
    /// Wrong sizes, a weight out of range or a part missing.
    #[error("{0}")]
    Shape(String),
}

/// One line of a network file.
enum Line<'a> {
    Blank,
    Header(&'a str, &'a str),
    Weights(&'a str, Option<u32>, Vec<i32>),
}

fn line(input: &str) -> IResult<&str, Line<'_>> {
    let comment = || opt(preceded(tag("#"), rest));
    let word = || take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_');
    let header = (word(), preceded(space1, word()), space0).map(|(k, v, _)| Line::Header(k, v));
    let weights = (word(), opt(preceded(space1, dec_u32)), values, space0)
        .map(|(name, index, values, _)| Line::Weights(name, index, values));
    let blank = comment().map(|_| Line::Blank);
    all_consuming(nom::branch::alt((weights, header, blank))).parse(input)
}

impl Network {
    /// The network's inputs on a board of `points` points with `hand` counts in hand.
    #[must_use]
    pub fn inputs(points: usize, hand: usize) -> usize {
        2 * points + 2 * hand
    }

    /// A network from its quantized weights: `w1` input by input (`hidden` each; the
    /// inputs as [`Network::active`] numbers them), then the biases and the output.
    ///
    /// # Errors
    /// [`NetworkError::Shape`] when the sizes do not fit the board and `hidden`, or an
    /// output weight does not fit in 16 bits.
    pub fn new(
        topology: &'static Topology,
        hand: usize,
        w1: Vec<i16>,
        b1: Vec<i16>,
        w2: Vec<i32>,
        b2: i32,
    ) -> Result<Network, NetworkError> {
        let hidden = b1.len();
        let inputs = Network::inputs(topology.len(), hand);
        if hidden == 0 || hidden > MAX_HIDDEN || w2.len() != hidden || w1.len() != inputs * hidden {
            return Err(NetworkError::Shape(format!(
                "{} hidden units, {} output weights and {} first-layer weights: not 1 to {MAX_HIDDEN} units \
                 with {inputs} inputs each",
                hidden,
                w2.len(),
                w1.len()
            )));
        }
        let w2 = w2
            .into_iter()
            .map(|v| i16::try_from(v).map_err(|_| NetworkError::Shape(format!("output weight {v} out of range"))))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Network { topology, hidden, hand, w1, b1, w2, b2 })
    }

    /// The hidden units.
    #[must_use]
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Calls `f` with each input that is on in `pos`, for its side to move: the side to
    /// move's stones (point indices), the other side's (after them), its count in hand
    /// and the other side's (counts past the network's are the last).
    #[inline]
    pub fn active(pos: &Position, hand: usize, mut f: impl FnMut(usize)) {
        let points = pos.topology().len();
        let us = pos.side_to_move();
        for p in pos.stones(us).iter() {
            f(p.index());
        }
        for p in pos.stones(!us).iter() {
            f(points + p.index());
        }
        let slot = |c| usize::from(pos.in_hand(c)).min(hand - 1);
        f(2 * points + slot(us));
        f(2 * points + hand + slot(!us));
    }

    /// The network's part of the evaluation of `pos`, for the side to move, in hundredths
    /// of a stone; 0 on a board it is not for.
    #[inline]
    #[must_use]
    pub fn score(&self, pos: &Position) -> i32 {
        if !std::ptr::eq(pos.topology(), self.topology) {
            return 0;
        }
        let h = self.hidden;
        let mut buffer = [0i16; MAX_HIDDEN];
        let acc = &mut buffer[..h];
        acc.copy_from_slice(&self.b1);
        Network::active(pos, self.hand, |i| {
            for (a, w) in acc.iter_mut().zip(&self.w1[i * h..(i + 1) * h]) {
                *a = a.saturating_add(*w);
            }
        });
        let mut out = self.b2;
        for (a, w) in acc.iter().zip(&self.w2) {
            out += i32::from((*a).clamp(0, QA as i16)) * i32::from(*w);
        }
        out / (QA * QB)
    }

    /// Reads a network file for `topology`: `board NAME`, `hidden N`, `hand N`, then
    /// `input I = ...` (one line per input, `hidden` weights each), `bias = ...`
    /// (`hidden`) and `output = ...` (`hidden` weights and the bias last).
    ///
    /// # Errors
    /// The first line that does not parse or fit, or a missing part, as a [`NetworkError`].
    pub fn parse(text: &str, topology: &'static Topology) -> Result<Network, NetworkError> {
        let shape = |line: usize, reason: String| NetworkError::Shape(format!("line {line}: {reason}"));
        let (mut board, mut hidden, mut hand) = (false, None, None);
        let mut inputs: Vec<Option<Vec<i32>>> = Vec::new();
        let (mut bias, mut output) = (None, None);
        for (i, text_line) in text.lines().enumerate() {
            let number = i + 1;
            let Ok((_, parsed)) = line(text_line.trim_end()) else {
                return Err(NetworkError::Syntax { line: number, text: text_line.to_string() });
            };
            let size = |v: &str| v.parse::<usize>().map_err(|_| shape(number, format!("`{v}` is not a count")));
            match parsed {
                Line::Blank => {}
                Line::Header("board", name) if name == topology.name() => board = true,
                Line::Header("board", name) => {
                    return Err(NetworkError::Board {
                        line: number,
                        found: name.to_string(),
                        expected: topology.name(),
                    });
                }
                Line::Header("hidden", v) => {
                    let n = size(v)?;
                    if n == 0 || n > MAX_HIDDEN {
                        return Err(shape(number, format!("{n} hidden units: not 1 to {MAX_HIDDEN}")));
                    }
                    hidden = Some(n);
                }
                Line::Header("hand", v) => {
                    let n = size(v)?;
                    if n == 0 {
                        return Err(shape(number, "a hand of no counts".into()));
                    }
                    hand = Some(n);
                    inputs = vec![None; Network::inputs(topology.len(), n)];
                }
                Line::Header(key, _) => return Err(shape(number, format!("no header `{key}`"))),
                Line::Weights(name, index, values) => {
                    let (Some(h), Some(_), true) = (hidden, hand, board) else {
                        return Err(shape(number, "weights before the `board`, `hidden` and `hand` lines".into()));
                    };
                    let want = |n: usize| {
                        if values.len() == n {
                            Ok(values.clone())
                        } else {
                            Err(shape(number, format!("`{name}` takes {n} weights, found {}", values.len())))
                        }
                    };
                    match (name, index) {
                        ("input", Some(k)) if (k as usize) < inputs.len() => inputs[k as usize] = Some(want(h)?),
                        ("input", Some(k)) => {
                            return Err(shape(number, format!("no input {k} (the network has {})", inputs.len())));
                        }
                        ("bias", None) => bias = Some(want(h)?),
                        ("output", None) => output = Some(want(h + 1)?),
                        _ => return Err(shape(number, format!("no weights `{name}`"))),
                    }
                }
            }
        }
        let missing = |what: &str| NetworkError::Shape(format!("no {what}"));
        if !board {
            return Err(missing("`board NAME` line"));
        }
        let hand = hand.ok_or_else(|| missing("`hand N` line"))?;
        let small =
            |v: i32| i16::try_from(v).map_err(|_| NetworkError::Shape(format!("first-layer weight {v} out of range")));
        let mut w1 = Vec::new();
        for (k, input) in inputs.into_iter().enumerate() {
            let values = input.ok_or_else(|| missing(&format!("`input {k}` line")))?;
            for v in values {
                w1.push(small(v)?);
            }
        }
        let b1 = bias.ok_or_else(|| missing("`bias` line"))?.into_iter().map(small).collect::<Result<Vec<_>, _>>()?;
        let mut w2 = output.ok_or_else(|| missing("`output` line"))?;
        let b2 = w2.pop().unwrap_or_default();
        Network::new(topology, hand, w1, b1, w2, b2)
    }

    /// The network as a file, `header` as its first comment lines.
    #[must_use]
    pub fn to_text(&self, header: &str) -> String {
        let mut out = comment_lines(header);
        out.push_str(&format!("\nboard {}\nhidden {}\nhand {}\n", self.topology.name(), self.hidden, self.hand));
        let list = |values: &mut dyn Iterator<Item = i32>| values.map(|v| format!(" {v}")).collect::<String>();
        for (k, row) in self.w1.chunks(self.hidden).enumerate() {
            out.push_str(&format!("input {k} ={}\n", list(&mut row.iter().map(|&v| i32::from(v)))));
        }
        out.push_str(&format!("bias ={}\n", list(&mut self.b1.iter().map(|&v| i32::from(v)))));
        out.push_str(&format!("output ={}\n", list(&mut self.w2.iter().map(|&v| i32::from(v)).chain([self.b2]))));
        out
    }
}

/// The carried network (`data/eval.net`), for the standard board.
pub static DEFAULT_NET_TEXT: &str = include_str!("../../data/eval.net");

/// [`DEFAULT_NET_TEXT`], read once.
pub static DEFAULT_NET: LazyLock<Network> =
    LazyLock::new(|| match Network::parse(DEFAULT_NET_TEXT, STANDARD.topology) {
        Ok(n) => n,
        Err(e) => panic!("data/eval.net: {e}"),
    });

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::CLASSROOM22;

    #[test]
    fn the_carried_network_reads_back_as_written() {
        let net = Network::parse(DEFAULT_NET_TEXT, STANDARD.topology).expect("data/eval.net parses");
        assert_eq!(net, *DEFAULT_NET);
        let again = Network::parse(&net.to_text("again"), STANDARD.topology).expect("its own text parses");
        assert_eq!(again, net);
        // It scores positions, and nothing on another board.
        let pos = *crate::engine::random_game(&STANDARD, 20, 3).position();
        assert_ne!(net.score(&pos), net.score(&Position::start(&STANDARD)));
        let classroom = Position::start(&crate::rules::CLASSROOM);
        assert_eq!(net.score(&classroom), 0);
        assert!(matches!(Network::parse(DEFAULT_NET_TEXT, &CLASSROOM22), Err(NetworkError::Board { .. })));
    }

    #[test]
    fn a_damaged_network_file_names_what_is_wrong() {
        let text = DEFAULT_NET_TEXT;
        let err = |t: &str| Network::parse(t, STANDARD.topology).expect_err("damaged").to_string();
        assert!(
            err("board standard24\nhidden 2\nhand 10\ninput 0 = 1 2 3\n")
                .contains("line 4: `input` takes 2 weights, found 3")
        );
        assert!(err(&text.replace("hidden 256", "hidden 255")).contains("takes 255 weights"));
        assert!(err(&text.replace("hidden 256", "hidden 600")).contains("600 hidden units: not 1 to 512"));
        assert!(err("hello world ==\n").contains("line 1: cannot read"));
        assert!(err("board standard24\nhidden 2\nhand 10\ninput 99 = 1 2\n").contains("no input 99"));
        assert!(err("board standard24\nhidden 2\nhand 10\ninput 0 = 1 99999\n").contains("out of range"));
        // Cut short: the last line gone.
        let cut: String = text.lines().take(text.lines().count() - 1).map(|l| format!("{l}\n")).collect();
        assert!(err(&cut).contains("no `output` line"), "{}", err(&cut));
        // A line of the first layer gone.
        let gone: String = text.lines().filter(|l| !l.starts_with("input 7 ")).map(|l| format!("{l}\n")).collect();
        assert!(err(&gone).contains("no `input 7` line"), "{}", err(&gone));
    }
}
