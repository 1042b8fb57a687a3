//! The position text: everything a position is, on one line, as FEN is for chess. The
//! one reader ([`PositionText::parse`]) and the one writer (`Display`) of positions;
//! the protocol's `setboard`, `tablebase probe` (one position and `--batch` rows), the
//! board's set-up games, `analyze --start`, `perft --position` and the `--in-hand`
//! options all go through here.
//!
//! ```text
//! <board> [<side> [<white in hand> <black in hand> [<count>]]]
//! WWWxxxxxxxxxxxxxxxxxxBBB black 0 0 12
//! ```
//!
//! - `board`: one letter per point in the board's order (`W`, `B`, `x`, in either case):
//!   see [`parse_board_string`];
//! - `side`: the side to move, `white` or `black` (`w`, `b`; any case); default White;
//! - the stones in hand of White and Black, two numbers; default `0 0` (the moving phase);
//! - `count`: the plies of sliding or flying since the last placement or removal (what
//!   the no-removal draw rule counts); default 0. It must be 0 while a stone is in hand:
//!   every placement starts a fresh count.
//!
//! Fields are separated by spaces or tabs. Nothing here knows a point count: the board's
//! length is its [`Topology`]'s.

use std::fmt;

use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take_till, take_till1, take_while, take_while1};
use nom::combinator::{all_consuming, eof, value};
use nom::sequence::delimited;
use nom::{IResult, Parser};

use super::{BoardStringError, format_board_string, parse_board_string, shown};
use crate::rules::color::{ByColor, Color};
use crate::rules::position::{Position, Setup, SetupError};
use crate::rules::ruleset::Ruleset;
use crate::topology::{PointSet, Topology};

/// A position as its text describes it, before the rules check it. A field the text
/// leaves out is `None` (and takes its default: White to move, `0 0` in hand, count 0).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PositionText {
    /// Each side's stones on the board.
    pub stones: ByColor<PointSet>,
    /// The side to move, if given.
    pub side_to_move: Option<Color>,
    /// White's and Black's stones in hand, if given.
    pub in_hand: Option<ByColor<u8>>,
    /// Plies of sliding or flying since the last placement or removal, if given.
    pub count: Option<u16>,
}

/// Why a text is not a position. Each message is one line naming the field that is wrong
/// and what was found there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionTextError {
    /// The board string is wrong.
    #[error(transparent)]
    Board(#[from] BoardStringError),
    /// The word after the board is not a side.
    #[error("after the board string expected the side to move (white or black), found {found}")]
    Side {
        /// What was found, quoted (cut short).
        found: String,
    },
    /// A hand is not a number of stones (or only one is given).
    #[error("expected the stones {color} has in hand (a number 0 to 255), found {found}")]
    InHand {
        /// Whose hand.
        color: Color,
        /// What was found, quoted (cut short), or `the end of the text`.
        found: String,
    },
    /// The count is not a number of plies.
    #[error("expected the no-removal count (plies since the last removal, 0 to 65535), found {found}")]
    Count {
        /// What was found, quoted (cut short).
        found: String,
    },
    /// Something after the last field.
    #[error("after the no-removal count expected the end of the position, found {found}")]
    Extra {
        /// What was found, quoted (cut short).
        found: String,
    },
    /// A count while a stone is still in hand.
    #[error("no-removal count {count} with a stone in hand: every placement starts a fresh count (0)")]
    CountWhilePlacing {
        /// The count given.
        count: u16,
    },
    /// The described position breaks the rules.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

type Res<'a, T> = IResult<&'a str, T>;

/// One field: everything up to the next white space.
fn field(input: &str) -> Res<'_, &str> {
    take_till1(char::is_whitespace).parse(input)
}

/// White space (any, so that no separator is mistaken for the end of the text).
fn space0(input: &str) -> Res<'_, &str> {
    take_while(char::is_whitespace).parse(input)
}

fn space1(input: &str) -> Res<'_, &str> {
    take_while1(char::is_whitespace).parse(input)
}

/// The separator before a field, then the field; `None` at the end of the text.
fn next_field(input: &str) -> Res<'_, Option<&str>> {
    alt((value(None, (space0, eof)), (space1, field).map(|(_, f)| Some(f)))).parse(input)
}

fn side_word(word: &str) -> Option<Color> {
    let white = alt((tag_no_case("white"), tag_no_case("w")));
    let black = alt((tag_no_case("black"), tag_no_case("b")));
    let parsed: Res<'_, Color> =
        all_consuming(alt((value(Color::White, white), value(Color::Black, black)))).parse(word);
    parsed.ok().map(|(_, c)| c)
}

fn quoted(word: Option<&str>) -> String {
    word.map_or_else(|| "the end of the text".to_string(), |w| format!("'{}'", shown(w)))
}

fn number<T: std::str::FromStr>(word: &str) -> Option<T> {
    let digits: Res<'_, &str> = all_consuming(nom::character::complete::digit1).parse(word);
    digits.ok().and_then(|(_, d)| d.parse().ok())
}

/// The stones in hand of `color` from `word`.
fn hand(word: Option<&str>, color: Color) -> Result<u8, PositionTextError> {
    word.and_then(number).ok_or_else(|| PositionTextError::InHand { color, found: quoted(word) })
}

impl PositionText {
    /// The text of `pos` with every field, and `count` when given.
    #[must_use]
    pub fn of(pos: &Position, count: Option<u16>) -> PositionText {
        PositionText {
            stones: pos.all_stones(),
            side_to_move: Some(pos.side_to_move()),
            in_hand: Some(ByColor([pos.in_hand(Color::White), pos.in_hand(Color::Black)])),
            count,
        }
    }

    /// Reads a position text on `topology` (surrounding white space allowed).
    ///
    /// # Errors
    /// [`PositionTextError`]: the first field that is wrong, named, with what was found.
    ///
    /// # Examples
    /// ```
    /// use morris::rules::notation::PositionText;
    /// use morris::topology::STANDARD24;
    /// let text = PositionText::parse("WWWxxxxxxxxxxxxxxxxxxBBB b 0 0 12", &STANDARD24).unwrap();
    /// assert_eq!(text.display(&STANDARD24).to_string(), "WWWxxxxxxxxxxxxxxxxxxBBB black 0 0 12");
    /// assert_eq!(
    ///     PositionText::parse("WWWxxxxxxxxxxxxxxxxxxBBB blue", &STANDARD24).unwrap_err().to_string(),
    ///     "after the board string expected the side to move (white or black), found 'blue'"
    /// );
    /// ```
    pub fn parse(text: &str, topology: &Topology) -> Result<PositionText, PositionTextError> {
        let (mut rest, board) =
            (space0, take_till(char::is_whitespace)).map(|(_, board)| board).parse(text).unwrap_or((text, text));
        let stones = parse_board_string(board, topology)?;
        let mut out = PositionText { stones, side_to_move: None, in_hand: None, count: None };
        let mut take = || -> Option<&str> {
            let (r, f) = next_field(rest).unwrap_or(("", None));
            rest = r;
            f
        };
        let Some(side) = take() else { return Ok(out) };
        out.side_to_move = Some(side_word(side).ok_or_else(|| PositionTextError::Side { found: quoted(Some(side)) })?);
        let Some(white) = take() else { return Ok(out) };
        let white = hand(Some(white), Color::White)?;
        let black = hand(take(), Color::Black)?;
        out.in_hand = Some(ByColor([white, black]));
        let Some(count) = take() else { return Ok(out) };
        out.count = Some(number(count).ok_or_else(|| PositionTextError::Count { found: quoted(Some(count)) })?);
        if let Some(extra) = take() {
            return Err(PositionTextError::Extra { found: quoted(Some(extra)) });
        }
        Ok(out)
    }

    /// The side to move (White when the text does not say).
    #[must_use]
    pub fn side(&self) -> Color {
        self.side_to_move.unwrap_or(Color::White)
    }

    /// The stones in hand (none when the text does not say).
    #[must_use]
    pub fn hands(&self) -> ByColor<u8> {
        self.in_hand.unwrap_or(ByColor([0, 0]))
    }

    /// The no-removal count (0 when the text does not say).
    #[must_use]
    pub fn plies(&self) -> u16 {
        self.count.unwrap_or(0)
    }

    /// The setup the text describes under `rules`, unchecked.
    #[must_use]
    pub fn setup(&self, rules: &'static Ruleset) -> Setup {
        Setup { rules, stones: self.stones, in_hand: self.hands(), side_to_move: self.side() }
    }

    /// The position under `rules`, checked: by the rules ([`Setup::into_position`]) and
    /// the count (0 while a stone is in hand).
    ///
    /// # Errors
    /// [`PositionTextError::Setup`] or [`PositionTextError::CountWhilePlacing`].
    pub fn into_position(self, rules: &'static Ruleset) -> Result<Position, PositionTextError> {
        let pos = self.setup(rules).into_position()?;
        let count = self.plies();
        if count > 0 && (pos.in_hand(Color::White) > 0 || pos.in_hand(Color::Black) > 0) {
            return Err(PositionTextError::CountWhilePlacing { count });
        }
        Ok(pos)
    }

    /// The text on `topology`, as [`PositionText::parse`] reads it back.
    #[must_use]
    pub fn display(self, topology: &Topology) -> PositionTextDisplay<'_> {
        PositionTextDisplay { text: self, topology }
    }
}

/// A position text with its board, for `Display`: see [`PositionText::display`].
pub struct PositionTextDisplay<'a> {
    text: PositionText,
    topology: &'a Topology,
}

impl fmt::Display for PositionTextDisplay<'_> {
    /// The fields up to the last one given (a missing one before it written as its default).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.text;
        f.write_str(&format_board_string(t.stones, self.topology))?;
        if t.side_to_move.is_none() && t.in_hand.is_none() && t.count.is_none() {
            return Ok(());
        }
        write!(f, " {}", t.side().name())?;
        if t.in_hand.is_none() && t.count.is_none() {
            return Ok(());
        }
        let hands = t.hands();
        write!(f, " {} {}", hands[Color::White], hands[Color::Black])?;
        if let Some(count) = t.count {
            write!(f, " {count}")?;
        }
        Ok(())
    }
}

/// Reads a position text ([`PositionText::parse`]) and checks it under `rules`.
///
/// # Errors
/// [`PositionTextError`]: a bad field, or a position the rules do not allow.
///
/// # Examples
/// ```
/// use morris::rules::{notation::parse_position, Color, STANDARD};
/// let pos = parse_position("WWWxxxxxxxxxxxxxxxxBBBxx black 0 0", &STANDARD).unwrap();
/// assert_eq!(pos.side_to_move(), Color::Black);
/// ```
pub fn parse_position(text: &str, rules: &'static Ruleset) -> Result<Position, PositionTextError> {
    PositionText::parse(text, rules.topology)?.into_position(rules)
}

/// Reads the position and its no-removal count ([`PositionText::parse`]) under `rules`.
///
/// # Errors
/// [`PositionTextError`]: a bad field, or a position the rules do not allow.
pub fn parse_position_and_count(text: &str, rules: &'static Ruleset) -> Result<(Position, u16), PositionTextError> {
    let parsed = PositionText::parse(text, rules.topology)?;
    Ok((parsed.into_position(rules)?, parsed.plies()))
}

/// Reads White's and Black's stones in hand on their own, as the `--in-hand` options
/// take them: `3,2`, `3, 2` or `3 2`.
///
/// # Errors
/// [`PositionTextError::InHand`] naming the hand that is missing or not a number.
pub fn parse_in_hand(text: &str) -> Result<ByColor<u8>, PositionTextError> {
    let separator = alt((delimited(space0, tag(","), space0), space1));
    let parsed: Res<'_, (&str, &str, &str)> =
        delimited(space0, (take_till1(|c: char| c == ',' || c.is_whitespace()), separator, field), space0).parse(text);
    match parsed {
        Ok(("", (white, _, black))) => {
            Ok(ByColor([hand(Some(white), Color::White)?, hand(Some(black), Color::Black)?]))
        }
        Ok((extra, _)) => Err(PositionTextError::Extra { found: quoted(Some(extra.trim())) }),
        Err(_) => {
            let white = text.split([',', ' ', '\t']).find(|w| !w.is_empty());
            hand(white, Color::White)?;
            Err(PositionTextError::InHand { color: Color::Black, found: quoted(None) })
        }
    }
}

/// The position `pos` and its no-removal count as a position text (`Display` of
/// [`Position`] is this without the count).
#[must_use]
pub fn format_position(pos: &Position, count: Option<u16>) -> String {
    PositionText::of(pos, count).display(pos.topology()).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{CLASSROOM, STANDARD};
    use crate::topology::{CLASSROOM22, STANDARD24};
    use proptest::prelude::*;

    fn err(text: &str) -> String {
        PositionText::parse(text, &STANDARD24).unwrap_err().to_string()
    }

    #[test]
    fn each_field_has_its_default_and_its_reason() {
        let board = "WWWxxxxxxxxxxxxxxxxxxBBB";
        let t = PositionText::parse(&format!("  {board}\t"), &STANDARD24).unwrap();
        assert_eq!((t.side(), t.hands(), t.plies()), (Color::White, ByColor([0, 0]), 0));
        assert_eq!(t.display(&STANDARD24).to_string(), board);
        let t = PositionText::parse(&format!("{board}\tBlack\t0 0\t7"), &STANDARD24).unwrap();
        assert_eq!((t.side(), t.count), (Color::Black, Some(7)));
        assert_eq!(
            err(&format!("{board} blue")),
            "after the board string expected the side to move (white or black), found 'blue'"
        );
        assert_eq!(
            err(&format!("{board} white 3")),
            "expected the stones Black has in hand (a number 0 to 255), found the end of the text"
        );
        assert_eq!(
            err(&format!("{board} white 300 2")),
            "expected the stones White has in hand (a number 0 to 255), found '300'"
        );
        assert_eq!(
            err(&format!("{board} white 0 0 -1")),
            "expected the no-removal count (plies since the last removal, 0 to 65535), found '-1'"
        );
        assert_eq!(
            err(&format!("{board} white 0 0 1 2")),
            "after the no-removal count expected the end of the position, found '2'"
        );
        assert_eq!(err("WBx"), "a board string has 24 letters (W, B or x), this one has 3");
        assert_eq!(err(""), "a board string has 24 letters (W, B or x), this one has 0");
        let placing = parse_position(&format!("{board} white 3 3 4"), &STANDARD).unwrap_err();
        assert_eq!(
            placing.to_string(),
            "no-removal count 4 with a stone in hand: every placement starts a fresh count (0)"
        );
    }

    #[test]
    fn hands_on_their_own_take_a_comma_or_a_space() {
        for text in ["3,2", " 3 , 2 ", "3 2", "3,\t2"] {
            assert_eq!(parse_in_hand(text), Ok(ByColor([3, 2])), "{text:?}");
        }
        assert_eq!(
            parse_in_hand("3").unwrap_err().to_string(),
            "expected the stones Black has in hand (a number 0 to 255), found the end of the text"
        );
        assert!(parse_in_hand("3,999").unwrap_err().to_string().contains("Black has in hand"));
        assert!(parse_in_hand("x,1").unwrap_err().to_string().contains("White has in hand"));
        assert!(parse_in_hand("1,2,3").is_err());
    }

    #[test]
    fn both_boards_read_their_own_length() {
        let board = "x".repeat(CLASSROOM22.len());
        let pos = parse_position(&format!("{board} white 9 9"), &CLASSROOM).unwrap();
        assert_eq!(format_position(&pos, None), format!("{board} white 9 9"));
        assert!(parse_position(&format!("{board} white 9 9"), &STANDARD).is_err());
    }

    fn text_strategy() -> impl Strategy<Value = (bool, PositionText)> {
        let board = prop::collection::vec(0u8..3, STANDARD24.len()..=STANDARD24.len());
        let classroom = prop::collection::vec(0u8..3, CLASSROOM22.len()..=CLASSROOM22.len());
        let letters = prop_oneof![board.prop_map(|b| (false, b)), classroom.prop_map(|b| (true, b))];
        (letters, any::<bool>(), any::<u8>(), any::<u8>(), prop::option::of(any::<u16>())).prop_map(
            |((small, letters), black, w, b, count)| {
                let topology = if small { &CLASSROOM22 } else { &STANDARD24 };
                let mut stones = ByColor([PointSet::EMPTY; 2]);
                for (p, l) in topology.points().zip(letters) {
                    match l {
                        1 => stones[Color::White] |= p.set(),
                        2 => stones[Color::Black] |= p.set(),
                        _ => {}
                    }
                }
                let side = if black { Color::Black } else { Color::White };
                (small, PositionText { stones, side_to_move: Some(side), in_hand: Some(ByColor([w, b])), count })
            },
        )
    }

    proptest! {
        /// Whatever is written reads back the same, on both boards.
        #[test]
        fn written_texts_read_back((small, text) in text_strategy()) {
            let topology = if small { &CLASSROOM22 } else { &STANDARD24 };
            let written = text.display(topology).to_string();
            prop_assert_eq!(PositionText::parse(&written, topology), Ok(text));
            let spaced = written.replace(' ', "\t  ").to_lowercase();
            prop_assert_eq!(PositionText::parse(&spaced, topology), Ok(text));
        }

        /// Any text at all: the reader never panics, and what it reads writes back as it reads.
        #[test]
        fn any_text_reads_or_says_why(text in "[WBx]{0,26}( [a-z0-9]{0,6}){0,6}") {
            if let Ok(t) = PositionText::parse(&text, &STANDARD24) {
                prop_assert_eq!(PositionText::parse(&t.display(&STANDARD24).to_string(), &STANDARD24), Ok(t));
            }
            let _ = parse_in_hand(&text);
        }
    }
}
