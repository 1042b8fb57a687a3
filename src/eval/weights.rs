//! The strong evaluation's weights as data: `data/eval.weights`, one `name = value`
//! line per weight, embedded in the binary and parsed once ([`DEFAULT_WEIGHTS`]).
//! `morris tune --out` writes the same form ([`Weights::to_text`]).
//!
//! Knows the names, the text form and which phase each weight belongs to; what a
//! weight multiplies is [`super::strong`]'s business.

use std::sync::LazyLock;

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{char as byte_char, digit1, i32 as dec_i32, space0, space1};
use nom::combinator::{all_consuming, opt, rest};
use nom::multi::fold_many1;
use nom::sequence::preceded;
use nom::{IResult, Parser};

/// Which positions a weight scores, and so which positions can fit it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WeightPhase {
    /// The unit of the scale (a stone); never fitted.
    Unit,
    /// Positions where a side still has a stone in hand.
    Placing,
    /// Positions with both hands empty (flying included): what the moving tables label.
    Moving,
}

/// Declares the weights once: the struct, the names in file order and the phases.
macro_rules! weights {
    ($( $(#[doc = $doc:literal])+ $name:ident: $phase:ident, )+) => {
        /// The strong evaluation's weights, in hundredths of a stone.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Weights {
            $( $(#[doc = $doc])+ pub $name: i32, )+
        }

        /// The weights' names, in the order of [`Weights::to_array`] and of the file.
        pub const WEIGHT_NAMES: [&str; WEIGHT_COUNT] = [$(stringify!($name)),+];

        /// Each weight's phase, in the order of [`WEIGHT_NAMES`].
        pub const WEIGHT_PHASES: [WeightPhase; WEIGHT_COUNT] = [$(WeightPhase::$phase),+];

        /// Each weight's one-line description, in the order of [`WEIGHT_NAMES`].
        const WEIGHT_DOCS: [&str; WEIGHT_COUNT] = [$( weights!(@first $($doc)+) ),+];

        /// How many weights there are.
        pub const WEIGHT_COUNT: usize = [$(stringify!($name)),+].len();

        impl Weights {
            /// The weights in the order of [`WEIGHT_NAMES`].
            #[must_use]
            pub fn to_array(&self) -> [i32; WEIGHT_COUNT] {
                [$(self.$name),+]
            }

            /// The weights from values in the order of [`WEIGHT_NAMES`].
            #[must_use]
            pub fn from_array(values: [i32; WEIGHT_COUNT]) -> Weights {
                let mut next = values.into_iter();
                Weights { $( $name: next.next().unwrap_or_default(), )+ }
            }
        }
    };
    (@first $first:literal $($more:literal)*) => { $first };
}

weights! {
    /// The unit: one stone on the board or in hand.
    stone: Unit,
    /// Per closed mill while placing (a safe group).
    mill_placing: Placing,
    /// Per line with two own stones and an empty third point, while placing.
    two_placing: Placing,
    /// Per free neighbour of a stone, while placing.
    mobility_placing: Placing,
    /// Per stone with no free neighbour, while placing.
    blocked_placing: Placing,
    /// Per empty point where one placement opens two lines, for the side to move.
    fork_us: Placing,
    /// Per empty point where one placement opens two lines, for the other side.
    fork_them: Placing,
    /// The side to move can close a mill now (placing).
    our_threat_placing: Placing,
    /// The other side can close a mill in one place (placing).
    their_threat_placing: Placing,
    /// The other side can close a mill in two or more places (placing).
    their_double_threat_placing: Placing,
    /// The other side (neither placing nor flying) has no move (placing).
    opponent_blocked_placing: Placing,
    /// Per closed mill while moving (a weapon).
    mill_moving: Moving,
    /// Per closed mill one of whose stones can move out and back.
    openable_mill: Moving,
    /// Per empty point where a slide closes a mill next move.
    closable_moving: Moving,
    /// Per running mill: a closed-mill stone next to another line's gap.
    double_mill: Moving,
    /// Per free neighbour of a stone, while moving.
    mobility_moving: Moving,
    /// Per stone with no free neighbour, while moving (all blocked is a loss).
    blocked_moving: Moving,
    /// Per closed mill of a flying side.
    mill_flying: Moving,
    /// Per empty point where a flying side closes a mill next move.
    closable_flying: Moving,
    /// A side flying with its three stones.
    flying: Moving,
    /// The side to move can close a mill now (moving).
    our_threat_moving: Moving,
    /// The other side can close a mill in one place: a move goes to blocking it (moving).
    their_threat_moving: Moving,
    /// The other side can close a mill in two or more places: one block is not enough (moving).
    their_double_threat_moving: Moving,
    /// The other side (not flying) has no move: it loses on its turn unless freed (moving).
    opponent_blocked_moving: Moving,
}

/// The weights file the binary carries.
pub static DEFAULT_WEIGHTS_TEXT: &str = include_str!("../../data/eval.weights");

/// The carried weights, parsed on first use (a unit test checks that they parse).
pub static DEFAULT_WEIGHTS: LazyLock<Weights> = LazyLock::new(|| match Weights::parse(DEFAULT_WEIGHTS_TEXT) {
    Ok(w) => w,
    Err(e) => panic!("data/eval.weights: {e}"),
});

/// A weights text that cannot be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum WeightsError {
    /// A line is not `name = value` (with an optional `#` comment).
    #[error("line {line}: expected `name = value`, found `{text}`")]
    Syntax {
        /// 1-based line number.
        line: usize,
        /// The line.
        text: String,
    },
    /// A name that is no weight.
    #[error("line {line}: unknown weight `{name}`")]
    Unknown {
        /// 1-based line number.
        line: usize,
        /// The name.
        name: String,
    },
    /// A weight given twice.
    #[error("line {line}: weight `{name}` given twice")]
    Twice {
        /// 1-based line number.
        line: usize,
        /// The name.
        name: String,
    },
    /// A weight not given.
    #[error("weight `{0}` missing")]
    Missing(&'static str),
}

/// One line: blank, a comment, or `name = value` with an optional comment after it.
fn line(input: &str) -> IResult<&str, Option<(&str, i32)>> {
    let comment = opt(preceded(tag("#"), rest));
    let assignment = (
        preceded(space0, take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_')),
        preceded((space0, tag("="), space0), dec_i32),
    );
    let blank = (space0, comment).map(|_| None);
    let weighted = (assignment, space0, opt(preceded(tag("#"), rest))).map(|(pair, _, _)| Some(pair));
    all_consuming(nom::branch::alt((weighted, blank))).parse(input)
}

impl Weights {
    /// Reads a weights text: every weight exactly once, in any order.
    ///
    /// # Errors
    /// [`WeightsError`]: a bad line, an unknown or repeated name, a missing weight.
    pub fn parse(text: &str) -> Result<Weights, WeightsError> {
        let mut values: [Option<i32>; WEIGHT_COUNT] = [None; WEIGHT_COUNT];
        for (i, text_line) in text.lines().enumerate() {
            let number = i + 1;
            let Ok((_, parsed)) = line(text_line.trim_end()) else {
                return Err(WeightsError::Syntax { line: number, text: text_line.to_string() });
            };
            let Some((name, value)) = parsed else { continue };
            let Some(slot) = WEIGHT_NAMES.iter().position(|&n| n == name) else {
                return Err(WeightsError::Unknown { line: number, name: name.to_string() });
            };
            if values[slot].replace(value).is_some() {
                return Err(WeightsError::Twice { line: number, name: name.to_string() });
            }
        }
        let mut out = [0; WEIGHT_COUNT];
        for (slot, value) in values.iter().enumerate() {
            out[slot] = value.ok_or(WeightsError::Missing(WEIGHT_NAMES[slot]))?;
        }
        Ok(Weights::from_array(out))
    }

    /// The weights as a file [`Weights::parse`] reads, `header` first (each of its lines
    /// as a `#` comment), then each weight under its description.
    #[must_use]
    pub fn to_text(&self, header: &str) -> String {
        let mut out = comment_lines(header);
        let values = self.to_array();
        let mut phase = None;
        for slot in 0..WEIGHT_COUNT {
            if phase != Some(WEIGHT_PHASES[slot]) {
                phase = Some(WEIGHT_PHASES[slot]);
                out.push('\n');
            }
            out.push_str(&format!("#{}\n{} = {}\n", WEIGHT_DOCS[slot], WEIGHT_NAMES[slot], values[slot]));
        }
        out
    }
}

/// ` = v v v …`: the values of a line of the pattern or network files (after its name),
/// each after a blank, a sign allowed. The files hold hundreds of thousands of them and
/// every engine reads them as it starts: nom's `i32` on the text, which tries a sign as
/// a tag on each and decodes every character, and `many1` took 14 ms of an engine's
/// 22 ms start; read as bytes, the digits summed as they come, they take a few
/// (docs/performance.md).
pub(super) fn values(input: &str) -> IResult<&str, Vec<i32>> {
    let (head, _) = (space0::<&str, nom::error::Error<&str>>, tag("=")).parse(input)?;
    // Room for every value at once: a line holds up to tens of thousands.
    let room = head.bytes().filter(|&b| b == b' ').count();
    let mut list = fold_many1(
        preceded(space1, signed),
        || Vec::with_capacity(room),
        |mut all, v| {
            all.push(v);
            all
        },
    );
    match list.parse(head.as_bytes()) {
        Ok((rest, all)) => Ok((&head[head.len() - rest.len()..], all)),
        Err(_) => Err(nom::Err::Error(nom::error::Error::new(head, nom::error::ErrorKind::Many1))),
    }
}

/// An `i32` in decimal, a sign allowed.
fn signed(i: &[u8]) -> IResult<&[u8], i32> {
    let (i, sign) = opt(alt((byte_char('-'), byte_char('+')))).parse(i)?;
    let (rest, digits) = digit1(i)?;
    let magnitude = digits.iter().try_fold(0i64, |n, &d| {
        let n = n * 10 + i64::from(d - b'0');
        (n <= i64::from(i32::MAX) + 1).then_some(n)
    });
    let value = magnitude.map(|n| if sign == Some('-') { -n } else { n }).and_then(|n| i32::try_from(n).ok());
    match value {
        Some(v) => Ok((rest, v)),
        None => Err(nom::Err::Error(nom::error::Error::new(i, nom::error::ErrorKind::Digit))),
    }
}

/// `text` as comment lines of a data file (`# ` before each line, `#` alone for a blank).
pub(super) fn comment_lines(text: &str) -> String {
    text.lines().map(|l| if l.is_empty() { "#\n".to_string() } else { format!("# {l}\n") }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_carried_file_parses_and_has_every_weight() {
        let w = Weights::parse(DEFAULT_WEIGHTS_TEXT).expect("data/eval.weights parses");
        assert_eq!(*DEFAULT_WEIGHTS, w);
        assert_eq!(w.stone, 100, "a stone is the unit of the scale");
        // Every name appears in the file as `name =`, once.
        for name in WEIGHT_NAMES {
            let lines = DEFAULT_WEIGHTS_TEXT.lines().filter(|l| l.split('=').next().map(str::trim) == Some(name));
            assert_eq!(lines.count(), 1, "{name}");
        }
    }

    #[test]
    fn text_round_trips() {
        let w = Weights::from_array(std::array::from_fn(|i| i as i32 * 7 - 40));
        let text = w.to_text("fitted by a test\n\nsecond line");
        assert_eq!(Weights::parse(&text), Ok(w));
    }

    #[test]
    fn bad_texts_say_what_is_wrong() {
        let good = DEFAULT_WEIGHTS_TEXT;
        assert!(matches!(Weights::parse(&format!("{good}\nstone 100")), Err(WeightsError::Syntax { .. })));
        assert!(matches!(Weights::parse(&format!("{good}\nstone = 1x")), Err(WeightsError::Syntax { .. })));
        assert!(matches!(Weights::parse(&format!("{good}\nstones = 1")), Err(WeightsError::Unknown { .. })));
        assert!(matches!(Weights::parse(&format!("{good}\nflying = -3 # again")), Err(WeightsError::Twice { .. })));
        let without: String = good.lines().filter(|l| !l.starts_with("flying")).map(|l| format!("{l}\n")).collect();
        assert_eq!(Weights::parse(&without), Err(WeightsError::Missing("flying")));
    }
}
