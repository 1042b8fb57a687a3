//! Every text form of the rules, in one place: point names, moves in the tournament notation (docs/assignments.md),
//! move lists (and the game they play from a start), board strings, and the position
//! text ([`position_text`]: one reader, one writer, `Display` of a position); [`diagram`]
//! draws a position.
//!
//! Parsing is in two steps, as in the best rules libraries: this module turns text into
//! a [`Move`] or reports a [`ParseMoveError`] (the text is not a move at all); whether
//! the move is legal in a position is [`Position::check_move`]'s business. Both boards'
//! names go through the same code: the names are topology data. The dependency runs one
//! way: this module uses `position`, `moves` and `game`; they know no text.

pub mod diagram;
pub mod position_text;

use std::fmt;

use nom::bytes::complete::{tag, take_while};
use nom::character::complete::{anychar, multispace0, satisfy};
use nom::combinator::opt;
use nom::{IResult, Parser};

use super::color::{ByColor, Color};
use super::game::Game;
use super::moves::Move;
use super::position::{IllegalMove, Position};
use super::ruleset::Ruleset;
use crate::topology::{Point, PointSet, Topology};
pub use position_text::{
    PositionText, PositionTextError, format_position, parse_in_hand, parse_position, parse_position_and_count,
};

/// Why a text is not a move (or a point) on a board. Each message names what was typed
/// and says what would have been right there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// Nothing but white space.
    #[error("empty move: type a point such as {example}")]
    Empty {
        /// A legal alternative, in notation.
        example: &'static str,
    },
    /// A move part that is followed by something the grammar does not allow there
    /// (`D2 F4`: one move per word).
    #[error("after {after} expected {expected}, found '{found}'")]
    Syntax {
        /// The column (1-based, in characters) where the problem is.
        column: usize,
        /// What was expected there.
        expected: String,
        /// The part of the move read so far, as written.
        after: String,
        /// What was found there, as written (escaped, cut short).
        found: String,
    },
    /// Where a point belongs, a word that is no point name (`H9`, `D22`, `-`), or nothing.
    #[error("{}", bad_point_text(.text.as_deref(), .after, .columns, .rows))]
    BadPoint {
        /// The column (1-based, in characters) where the problem is.
        column: usize,
        /// The word found as written (escaped, cut short); `None` at the end of the text.
        text: Option<String>,
        /// The part of the move read before it, as written.
        after: String,
        /// The board's column letters, as a range (`A-G`).
        columns: String,
        /// The board's row digits, as a range (`1-7`).
        rows: String,
    },
    /// A well-formed name that the board does not have (`D4` on the standard board).
    #[error("{name} is not a point on this board: column {} has {same_column}", &.name[..1])]
    NotAPoint {
        /// The name as written.
        name: String,
        /// The column (1-based, in characters) where the problem is.
        column: usize,
        /// The points the board has in the name's column (`D1, D2, D3, D5, D6, D7`).
        same_column: String,
    },
}

fn bad_point_text(text: Option<&str>, after: &str, columns: &str, rows: &str) -> String {
    let axes = format!("columns are {columns} and rows {rows}");
    match text {
        Some(word) if word.chars().all(char::is_alphanumeric) => format!("{word} is not a point: {axes}"),
        Some(other) => format!("'{other}' is not a point: {axes}"),
        None => format!("a point is missing after {after}: {axes}"),
    }
}

/// Text as a message quotes it: control characters escaped, at most 20 characters.
fn shown(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars().take(20) {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if text.chars().count() > 20 {
        out.push_str("...");
    }
    out
}

fn found_text(found: Option<char>) -> String {
    match found {
        Some(c) if c.is_control() || c.is_whitespace() => format!("{c:?}"),
        Some(c) => format!("'{c}'"),
        None => "the end of the text".to_string(),
    }
}

type Res<'a, T> = IResult<&'a str, T>;

/// A point name's two characters, checked against the board's letter and digit ranges.
fn point_token<'a>(topology: &Topology) -> impl Fn(&'a str) -> Res<'a, (char, char)> + '_ {
    move |input: &'a str| {
        (satisfy(|c: char| topology.is_column_letter(c)), satisfy(|c: char| topology.is_row_digit(c))).parse(input)
    }
}

/// A small cursor over the text that turns nom failures into [`ParseMoveError`]s.
struct Cursor<'a> {
    text: &'a str,
    rest: &'a str,
}

impl<'a> Cursor<'a> {
    /// A cursor past leading white space; an error if nothing else is there.
    fn start(text: &'a str, topology: &Topology) -> Result<Cursor<'a>, ParseMoveError> {
        let mut cur = Cursor { text, rest: text };
        cur.skip_space();
        if cur.rest.is_empty() {
            return Err(ParseMoveError::Empty { example: example_point(topology) });
        }
        Ok(cur)
    }

    fn column(&self) -> usize {
        self.text[..self.text.len() - self.rest.len()].chars().count() + 1
    }

    /// What has been read so far, as written.
    fn read(&self) -> &'a str {
        self.text[..self.text.len() - self.rest.len()].trim()
    }

    fn error(&self, expected: impl Into<String>) -> ParseMoveError {
        ParseMoveError::Syntax {
            column: self.column(),
            expected: expected.into(),
            after: shown(self.read()),
            found: shown(self.rest.trim()),
        }
    }

    fn skip_space(&mut self) {
        if let Ok((rest, _)) = multispace0::<_, nom::error::Error<&str>>(self.rest) {
            self.rest = rest;
        }
    }

    fn point(&mut self, topology: &Topology) -> Result<Point, ParseMoveError> {
        let column = self.column();
        // The whole word is the candidate name, so `D22` is reported as itself, not as
        // `D2` followed by a stray `2`; but a letter after the digits starts something
        // else, so `G1xD2` is `G1` followed by `xD2`.
        let mut seen_digit = false;
        let word_len = self
            .rest
            .find(|c: char| {
                let ends = !c.is_alphanumeric() || (seen_digit && c.is_alphabetic());
                seen_digit |= c.is_ascii_digit();
                ends
            })
            .unwrap_or(self.rest.len());
        let (word, rest) = self.rest.split_at(word_len);
        match point_token(topology)(word) {
            Ok(("", (l, d))) => {
                self.rest = rest;
                topology.point_at(l, d).ok_or_else(|| {
                    let name = in_board_case(&[l, d].iter().collect::<String>(), topology);
                    ParseMoveError::NotAPoint { same_column: same_column(&name, topology), name, column }
                })
            }
            _ => {
                let range = topology.name_range();
                let r: Vec<char> = range.chars().collect();
                let text = match self.rest.chars().next() {
                    _ if !word.is_empty() => Some(shown(word)),
                    Some(c) => Some(shown(&c.to_string())),
                    None => None,
                };
                Err(ParseMoveError::BadPoint {
                    column,
                    text,
                    after: shown(self.read()),
                    columns: format!("{}-{}", r[0], r[4]),
                    rows: format!("{}-{}", r[1], r[5]),
                })
            }
        }
    }

    fn symbol(&mut self, c: char) -> bool {
        match anychar::<_, nom::error::Error<&str>>(self.rest) {
            Ok((rest, got)) if got == c => {
                self.rest = rest;
                true
            }
            _ => false,
        }
    }
}

/// The names of the board's points in `name`'s column (`D1, D2, D3, D5, D6, D7`).
fn same_column(name: &str, topology: &Topology) -> String {
    let mut names: Vec<&str> = topology
        .points()
        .map(|p| topology.point_name(p))
        .filter(|n| {
            n.chars().next().map(|c| c.to_ascii_lowercase()) == name.chars().next().map(|c| c.to_ascii_lowercase())
        })
        .collect();
    names.sort_unstable();
    names.join(", ")
}

/// A name in the case the board writes its names in (`d4` → `D4` on the standard board).
fn in_board_case(name: &str, topology: &Topology) -> String {
    if topology.has_upper_case_names() { name.to_ascii_uppercase() } else { name.to_ascii_lowercase() }
}

/// Parses one point name (`D2`, `a0`), case-insensitive, surrounding white space allowed.
///
/// # Errors
/// [`ParseMoveError`] saying what was expected where.
pub fn parse_point(text: &str, topology: &Topology) -> Result<Point, ParseMoveError> {
    let mut cur = Cursor::start(text, topology)?;
    let p = cur.point(topology)?;
    cur.skip_space();
    if !cur.rest.is_empty() {
        return Err(cur.error("the end of the point name"));
    }
    Ok(p)
}

fn example_point(topology: &Topology) -> &'static str {
    let p = topology.points().nth(topology.len() / 3).unwrap_or(Point::new(0));
    topology.point_name(p)
}

/// Parses a move in the tournament notation (docs/assignments.md): `D2`, `D2-F2`, `D3,G1`, `A7-D7,B2`.
/// Case-insensitive; white space around the move (not inside it) is allowed.
///
/// # Errors
/// [`ParseMoveError`] saying what was expected where, or which name is not a point.
///
/// # Examples
/// ```
/// use morris::rules::notation::parse_move;
/// use morris::topology::STANDARD24;
/// let m = parse_move(" a7-d7,b2 ", &STANDARD24).unwrap();
/// assert_eq!(m.display(&STANDARD24).to_string(), "A7-D7,B2");
/// assert_eq!(
///     parse_move("D2-H2", &STANDARD24).unwrap_err().to_string(),
///     "H2 is not a point: columns are A-G and rows 1-7"
/// );
/// ```
pub fn parse_move(text: &str, topology: &Topology) -> Result<Move, ParseMoveError> {
    let mut cur = Cursor::start(text, topology)?;
    let first = cur.point(topology)?;
    let (from, to) = if cur.symbol('-') { (Some(first), cur.point(topology)?) } else { (None, first) };
    let remove = if cur.symbol(',') { Some(cur.point(topology)?) } else { None };
    cur.skip_space();
    if !cur.rest.is_empty() {
        let expected = match (from.is_some(), remove.is_some()) {
            (false, false) => "'-', ',' or the end of the move",
            (true, false) => "',' or the end of the move",
            _ => "the end of the move",
        };
        return Err(cur.error(expected));
    }
    Ok(Move::new(from, to, remove))
}

/// A move with the board it is written on, for `Display`: see [`Move::display`].
pub struct MoveText<'a> {
    mv: Move,
    topology: &'a Topology,
}

impl fmt::Display for MoveText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |p| self.topology.point_name(p);
        if let Some(from) = self.mv.from() {
            write!(f, "{}-", name(from))?;
        }
        f.write_str(name(self.mv.to()))?;
        if let Some(r) = self.mv.remove() {
            write!(f, ",{}", name(r))?;
        }
        Ok(())
    }
}

impl Move {
    /// The move in the tournament notation (docs/assignments.md) on `topology` (`D2`, `D2-F2`, `D3,G1`, `A7-D7,B2`),
    /// as [`parse_move`] reads it.
    #[must_use]
    pub fn display(self, topology: &Topology) -> MoveText<'_> {
        MoveText { mv: self, topology }
    }
}

/// Why a text is not a board string.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardStringError {
    /// The string has the wrong number of letters.
    #[error("a board string has {expected} letters (W, B or x), this one has {found}")]
    WrongLength {
        /// What was expected there.
        expected: usize,
        /// What was found there.
        found: usize,
    },
    /// A letter other than W, B or x.
    #[error("letter {column} of the board string is {}: expected W, B or x", found_text(Some(*.found)))]
    BadLetter {
        /// The column (1-based, in characters) where the problem is.
        column: usize,
        /// What was found there.
        found: char,
    },
}

/// The byte order mark a text file saved as "UTF-8 with BOM" begins with (Notepad,
/// Python's `encoding="utf-8-sig"`).
pub const BYTE_ORDER_MARK: &str = "\u{feff}";

/// Which letters a board string may use.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LetterCase {
    /// Exactly `W`, `B` and `x` (the classroom handout's board files).
    Exact,
    /// `W`, `B` and `x` in either case (the protocol, `morris play`, tests).
    Any,
}

/// Reads a board string (`W`, `B`, `x` per point in the board's order, in either case;
/// white space around it is fine, and a byte order mark before it, as Windows editors and
/// Python's `utf-8-sig` write a file) into each side's stones.
///
/// # Errors
/// [`BoardStringError`]: a wrong letter (the first one, by position) or a wrong length.
pub fn parse_board_string(text: &str, topology: &Topology) -> Result<ByColor<PointSet>, BoardStringError> {
    parse_board_string_with(text, topology, LetterCase::Any)
}

/// Reads a board string as [`parse_board_string`] does, with the letters `case` allows.
///
/// # Errors
/// [`BoardStringError`]: a wrong letter (the first one, by position) or a wrong length.
pub fn parse_board_string_with(
    text: &str,
    topology: &Topology,
    case: LetterCase,
) -> Result<ByColor<PointSet>, BoardStringError> {
    let letter = move |c: char| match case {
        LetterCase::Exact => matches!(c, 'W' | 'B' | 'x'),
        LetterCase::Any => matches!(c, 'W' | 'B' | 'x' | 'X' | 'w' | 'b'),
    };
    // A file saved as "UTF-8 with BOM" begins with U+FEFF, which is no white space.
    let text = opt(tag::<_, _, nom::error::Error<&str>>(BYTE_ORDER_MARK)).parse(text).map_or(text, |(rest, _)| rest);
    let body = text.trim();
    let (rest, letters) = take_while::<_, _, nom::error::Error<&str>>(letter)(body).unwrap_or((body, ""));
    if let Some(found) = rest.chars().next() {
        let column = letters.chars().count() + 1;
        return Err(BoardStringError::BadLetter { column, found });
    }
    let found = letters.chars().count();
    if found != topology.len() {
        return Err(BoardStringError::WrongLength { expected: topology.len(), found });
    }
    let mut stones = ByColor([PointSet::EMPTY; 2]);
    for (p, c) in topology.points().zip(letters.chars()) {
        match c {
            'W' | 'w' => stones[Color::White] |= p.set(),
            'B' | 'b' => stones[Color::Black] |= p.set(),
            _ => {}
        }
    }
    Ok(stones)
}

/// Writes each side's stones as a board string in the board's order.
#[must_use]
pub fn format_board_string(stones: ByColor<PointSet>, topology: &Topology) -> String {
    topology
        .points()
        .map(|p| {
            if stones[Color::White].contains(p) {
                'W'
            } else if stones[Color::Black].contains(p) {
                'B'
            } else {
                'x'
            }
        })
        .collect()
}

/// A list of moves separated by white space or commas between moves is ambiguous with
/// removals, so move lists are white-space separated: `D2 F4 B4,D2`.
///
/// # Errors
/// The first move that does not parse, with its position in the list (1-based).
pub fn parse_move_list(text: &str, topology: &Topology) -> Result<Vec<Move>, (usize, ParseMoveError)> {
    text.split_whitespace().enumerate().map(|(i, word)| parse_move(word, topology).map_err(|e| (i + 1, e))).collect()
}

/// Formats a list of moves as [`parse_move_list`] reads it.
#[must_use]
pub fn format_move_list(moves: &[Move], topology: &Topology) -> String {
    moves.iter().map(|m| m.display(topology).to_string()).collect::<Vec<_>>().join(" ")
}

/// Why a move list cannot be played from its start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveListError {
    /// A word of the list is not a move.
    #[error("move {number} of the move list: {error}")]
    Parse {
        /// The move's number in the list (1-based).
        number: usize,
        /// Why it is not a move.
        error: ParseMoveError,
    },
    /// A move is not legal where the list has got to.
    #[error("move {number} ({text}) of the move list: {error}")]
    Illegal {
        /// The move's number in the list (1-based).
        number: usize,
        /// The move, in notation.
        text: String,
        /// Why it is illegal.
        error: IllegalMove,
    },
}

/// The game after playing `moves` ([`parse_move_list`]'s form) from `start`.
///
/// # Errors
/// The first move that does not parse or is illegal, with its number in the list.
pub fn game_from(start: Position, moves: &str) -> Result<Game, MoveListError> {
    let topology = start.topology();
    let list = parse_move_list(moves, topology).map_err(|(number, error)| MoveListError::Parse { number, error })?;
    let mut game = Game::new(start);
    for (i, m) in list.into_iter().enumerate() {
        game.play(m).map_err(|error| MoveListError::Illegal {
            number: i + 1,
            text: m.display(topology).to_string(),
            error,
        })?;
    }
    Ok(game)
}

/// The game after playing `moves` from the start position of `rules`.
///
/// # Errors
/// The first move that does not parse or is illegal, with its number in the list.
///
/// # Examples
/// ```
/// use morris::rules::{STANDARD, notation::game_after};
/// assert_eq!(game_after(&STANDARD, "D2 F4").unwrap().len(), 2);
/// assert_eq!(
///     game_after(&STANDARD, "D2 D2").unwrap_err().to_string(),
///     "move 2 (D2) of the move list: D2 is occupied"
/// );
/// ```
pub fn game_after(rules: &'static Ruleset, moves: &str) -> Result<Game, MoveListError> {
    game_from(Position::start(rules), moves)
}

impl Position {
    /// The board string of the position's stones, in the board's order.
    #[must_use]
    pub fn board_string(&self) -> String {
        format_board_string(self.all_stones(), self.topology())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Position({} to move, hands W{} B{}, {})",
            self.side_to_move(),
            self.in_hand(Color::White),
            self.in_hand(Color::Black),
            self.board_string()
        )
    }
}

impl fmt::Display for Position {
    /// The position text without a count ([`position_text`]): `xxWB... white 7 7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", PositionText::of(self, None).display(self.topology()))
    }
}
