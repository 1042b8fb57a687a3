//! Text to [`Command`]s and moves: one nom parser per command, each run with
//! `all_consuming` over the whole (trimmed) line. nom's types never leave this file: a
//! failure becomes a [`CommandError`] with the column, what was expected there and what was
//! found. Whether a move is legal is not checked here (that is the loop's business, through
//! the rules core), only that it is a move.

use std::str::FromStr;
use std::time::Duration;

use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_till, take_till1};
use nom::character::complete::{multispace0, space1, u32 as nom_u32};
use nom::combinator::{all_consuming, cut, eof, opt, value};
use nom::error::{ErrorKind, ParseError};
use nom::multi::many0;
use nom::number::complete::double;
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};

use super::command::{Command, CommandSpec, command_spec};
use super::error::{CommandError, LineError};
use super::wire::{ToEngine, WIRE_BOARD};
use crate::rules::notation::{PositionText, parse_move};
use crate::rules::{ByColor, Move};
use crate::topology::Topology;

/// The longest `movetime` the protocol accepts, in seconds (a day: anything longer is a
/// typo); every time option of the command line has the same bound.
pub const MAX_SECONDS: f64 = 86_400.0;
/// The deepest `perft` the protocol runs (deeper would take hours).
pub const MAX_PERFT: u32 = 10;
/// The most characters of a bad line that an `illegal` reply echoes.
const ECHO_CHARS: usize = 40;

/// The keywords of the engine's own reply lines that are no commands. A line starting with
/// one is ignored, so that two engines wired together without a filter do not answer each
/// other's replies forever (`protocol.md` §4).
pub const REPLY_WORDS: [&str; 5] = ["error", "illegal", "result", "readyok", "undone"];

impl ToEngine {
    /// Reads a line on `topology` ([`parse_line`]).
    ///
    /// # Errors
    /// [`LineError`]: not a command and not a move, or a command with bad arguments.
    pub fn parse_on(text: &str, topology: &Topology) -> Result<ToEngine, LineError> {
        parse_line(text, topology)
    }
}

impl FromStr for ToEngine {
    type Err = LineError;
    fn from_str(text: &str) -> Result<ToEngine, LineError> {
        parse_line(text, WIRE_BOARD)
    }
}

/// Reads one line of text (without its line end) as a move or a command.
///
/// # Errors
/// [`LineError::Move`] when the line is neither a command nor a well-formed move,
/// [`LineError::Command`] for an unknown command or bad arguments.
pub fn parse_line(line: &str, topology: &Topology) -> Result<ToEngine, LineError> {
    let text = line.trim();
    if text.is_empty() {
        return Ok(ToEngine::Blank);
    }
    let word = first_word(text);
    let lower = word.to_ascii_lowercase();
    if REPLY_WORDS.contains(&lower.as_str()) {
        return Ok(ToEngine::Blank);
    }
    if let Some(spec) = command_spec(&lower) {
        return parse_command(spec, text, topology).map(ToEngine::Command).map_err(LineError::Command);
    }
    // Moves start with a letter and a digit, so three letters are a (mistyped) command.
    if word.chars().take(3).filter(char::is_ascii_alphabetic).count() == 3 {
        return Err(CommandError::Unknown { word: echo(word) }.into());
    }
    match parse_move(text, topology) {
        Ok(m) => Ok(ToEngine::Move(m)),
        Err(e) => Err(LineError::Move { text: echo(text), reason: e.into() }),
    }
}

/// The line as an `illegal` reply shows it: control characters escaped, at most
/// 40 characters (`ECHO_CHARS`).
#[must_use]
pub fn echo(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == ECHO_CHARS {
            out.push_str("...");
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Reads a number of seconds (`1.5`, `0.05`) above 0 and at most [`MAX_SECONDS`]: the
/// protocol's form of a time, which every `--movetime` of the command line reads too.
///
/// # Errors
/// A sentence saying what was expected.
pub fn parse_seconds_f64(text: &str) -> Result<f64, String> {
    let parsed = all_consuming(delimited(multispace0, double::<_, nom::error::Error<&str>>, multispace0)).parse(text);
    // The text as typed, escaped and cut short, for the message.
    let shown: String = text.trim().chars().take(40).flat_map(char::escape_debug).collect();
    match parsed {
        Ok((_, s)) if s.is_finite() && s > 0.0 && s <= MAX_SECONDS => Ok(s),
        Ok(_) => Err(format!("{shown} seconds is out of range: expected more than 0 and at most {MAX_SECONDS}")),
        Err(_) => Err(format!("'{shown}' is not a number of seconds: expected e.g. 1.5")),
    }
}

/// Reads a number of seconds (`1.5`) above 0 and at most [`MAX_SECONDS`], for `--movetime`
/// and the `movetime` command.
///
/// # Errors
/// A sentence saying what was expected.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    parse_seconds_f64(text).and_then(|s| seconds_in_range(s).ok_or_else(|| format!("{s} seconds is too long")))
}

/// Reads an increment in seconds: 0, or what [`parse_seconds`] accepts.
///
/// # Errors
/// A sentence saying what was expected.
pub fn parse_increment(text: &str) -> Result<Duration, String> {
    let zero = text.trim().parse::<f64>().is_ok_and(|s| s == 0.0);
    if zero {
        return Ok(Duration::ZERO);
    }
    parse_seconds_f64(text)
        .and_then(|s| Duration::try_from_secs_f64(s).map_err(|e| e.to_string()))
        .map_err(|e| e.replace("more than 0", "0 or more"))
}

fn seconds_in_range(s: f64) -> Option<Duration> {
    if s > 0.0 && s <= MAX_SECONDS { Duration::try_from_secs_f64(s).ok() } else { None }
}

fn first_word(text: &str) -> &str {
    let parsed: IResult<&str, &str> = take_till(char::is_whitespace).parse(text);
    parsed.map_or(text, |(_, word)| word)
}

/// A parser failure: where, and what was expected there.
#[derive(Debug)]
struct Fail<'a> {
    rest: &'a str,
    /// `None` until a labelled parser ([`expect`]) says what it expected.
    expected: Option<&'static str>,
}

impl<'a> ParseError<&'a str> for Fail<'a> {
    fn from_error_kind(input: &'a str, _kind: ErrorKind) -> Self {
        Fail { rest: input, expected: None }
    }

    fn append(_input: &'a str, _kind: ErrorKind, other: Self) -> Self {
        other
    }
}

type Res<'a, T> = IResult<&'a str, T, Fail<'a>>;

/// `parser`, its failures labelled with what it expected, at the place it started (a
/// failure deeper inside that already has a label keeps it: it is more precise).
fn expect<'a, O>(
    expected: &'static str,
    mut parser: impl Parser<&'a str, Output = O, Error = Fail<'a>>,
) -> impl Parser<&'a str, Output = O, Error = Fail<'a>> {
    move |input: &'a str| {
        parser.parse(input).map_err(|e| {
            e.map(|f| match f.expected {
                Some(_) => f,
                None => Fail { rest: input, expected: Some(expected) },
            })
        })
    }
}

/// An argument: white space, then `parser`; both failures say what argument was expected.
fn arg<'a, O>(
    expected: &'static str,
    parser: impl Parser<&'a str, Output = O, Error = Fail<'a>>,
) -> impl Parser<&'a str, Output = O, Error = Fail<'a>> {
    preceded(expect(expected, space1), expect(expected, parser))
}

/// An optional argument: if white space follows, the argument must follow it.
fn opt_arg<'a, O>(
    expected: &'static str,
    parser: impl Parser<&'a str, Output = O, Error = Fail<'a>>,
) -> impl Parser<&'a str, Output = Option<O>, Error = Fail<'a>> {
    opt(preceded(space1, cut(expect(expected, parser))))
}

fn word(input: &str) -> Res<'_, &str> {
    take_till1(char::is_whitespace).parse(input)
}

/// Runs `parser` over all of `text` and converts a failure into a [`CommandError::Syntax`].
fn run<'a, O>(
    command: &'static str,
    text: &'a str,
    parser: impl Parser<&'a str, Output = O, Error = Fail<'a>>,
) -> Result<O, CommandError> {
    match all_consuming(preceded(tag_no_case(command), parser)).parse(text) {
        Ok((_, out)) => Ok(out),
        Err(nom::Err::Error(f) | nom::Err::Failure(f)) => {
            // The reply names the whole word found there, not just its first character.
            let at = f.rest.trim_start();
            let found = first_word(at);
            Err(CommandError::Syntax {
                command,
                column: text[..text.len() - at.len()].chars().count() + 1,
                // Only `all_consuming` fails unlabelled: it found more text.
                expected: f.expected.unwrap_or("the end of the command").to_string(),
                found: (!found.is_empty()).then(|| found.to_string()),
            })
        }
        Err(nom::Err::Incomplete(_)) => Err(CommandError::Syntax {
            command,
            column: text.chars().count() + 1,
            expected: "more text".to_string(),
            found: None,
        }),
    }
}

fn parse_command(spec: &'static CommandSpec, text: &str, topology: &Topology) -> Result<Command, CommandError> {
    let name = spec.name;
    let range = spec.range.unwrap_or("");
    let none = |c: Command| move |t| run(name, t, eof).map(|_| c.clone());
    match name {
        "help" => none(Command::Help)(text),
        "board" => none(Command::Board)(text),
        "moves" => none(Command::Moves)(text),
        "undo" => none(Command::Undo)(text),
        "new" => none(Command::New)(text),
        "go" => none(Command::Go)(text),
        "eval" => none(Command::Eval)(text),
        "isready" => none(Command::IsReady)(text),
        "quit" => none(Command::Quit)(text),
        "stop" => none(Command::Stop)(text),
        "clock" => parse_clock(text),
        "info" => {
            run(name, text, arg("on or off", alt((value(true, tag_no_case("on")), value(false, tag_no_case("off"))))))
                .map(Command::Info)
        }
        "ponder" => {
            run(name, text, arg("on or off", alt((value(true, tag_no_case("on")), value(false, tag_no_case("off"))))))
                .map(Command::Ponder)
        }
        "movetime" => {
            let s = run(name, text, arg("a number of seconds", double))?;
            seconds_in_range(s).map(Command::MoveTime).ok_or(CommandError::OutOfRange {
                command: name,
                value: format!("{s} seconds"),
                range,
            })
        }
        "perft" => {
            let depth = run(name, text, arg("a depth", nom_u32))?;
            if (1..=MAX_PERFT).contains(&depth) {
                Ok(Command::Perft(depth))
            } else {
                Err(CommandError::OutOfRange { command: name, value: format!("depth {depth}"), range })
            }
        }
        "position" => parse_position(text, topology),
        "setboard" => parse_setboard(text, topology),
        _ => Err(CommandError::Unknown { word: name.to_string() }),
    }
}

/// An increment: 0 up to [`MAX_SECONDS`].
fn increment_in_range(s: f64) -> Option<Duration> {
    if s == 0.0 { Some(Duration::ZERO) } else { seconds_in_range(s) }
}

fn parse_clock(text: &str) -> Result<Command, CommandError> {
    let name = "clock";
    let ((white, black), incs) = run(
        name,
        text,
        (
            (arg("White's seconds left", double), arg("Black's seconds left", double)),
            opt_arg("White's increment in seconds", (double, arg("Black's increment in seconds", double))),
        ),
    )?;
    let range = "more than 0 and at most 86400";
    let out = |what: &str, s: f64, range: &'static str| CommandError::OutOfRange {
        command: name,
        value: format!("{what} {s} seconds"),
        range,
    };
    let w = seconds_in_range(white).ok_or_else(|| out("White's clock", white, range))?;
    let b = seconds_in_range(black).ok_or_else(|| out("Black's clock", black, range))?;
    let (winc, binc) = incs.unwrap_or((0.0, 0.0));
    let inc_range = "0 to 86400";
    let wi = increment_in_range(winc).ok_or_else(|| out("White's increment", winc, inc_range))?;
    let bi = increment_in_range(binc).ok_or_else(|| out("Black's increment", binc, inc_range))?;
    Ok(Command::Clock { remaining: ByColor([w, b]), increment: ByColor([wi, bi]) })
}

fn parse_position(text: &str, topology: &Topology) -> Result<Command, CommandError> {
    let (_, words) = run(
        "position",
        text,
        (
            arg("startpos", tag_no_case("startpos")),
            opt_arg("moves", (tag_no_case("moves"), many0(preceded(space1, word)))),
        ),
    )?;
    let words = words.map(|(_, w)| w).unwrap_or_default();
    let moves = words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            parse_move(w, topology).map_err(|e| CommandError::BadMove {
                command: "position",
                index: i + 1,
                text: echo(w),
                reason: e.into(),
            })
        })
        .collect::<Result<Vec<Move>, CommandError>>()?;
    Ok(Command::Position { moves })
}

/// `setboard` and a position text, read by the position text's one reader.
fn parse_setboard(text: &str, topology: &Topology) -> Result<Command, CommandError> {
    // The line starts with the command word (matched without regard to case, ASCII).
    let rest = text.get("setboard".len()..).unwrap_or("");
    PositionText::parse(rest, topology).map(Command::SetBoard).map_err(|e| CommandError::Position(Box::new(e)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::STANDARD24;

    fn err(line: &str) -> String {
        match parse_line(line, &STANDARD24) {
            Err(e) => format!("{} {e}", e.keyword()),
            Ok(l) => panic!("{line:?} parsed as {l:?}"),
        }
    }

    #[test]
    fn commands_and_moves_are_told_apart() {
        assert_eq!(parse_line("  BOARD ", &STANDARD24), Ok(ToEngine::Command(Command::Board)));
        assert!(matches!(parse_line("d2", &STANDARD24), Ok(ToEngine::Move(_))));
        assert_eq!(err("foo"), "error unknown command 'foo': type help for the list");
        assert_eq!(err("ab"), "illegal ab: ab is not a point: columns are A-G and rows 1-7");
        assert_eq!(parse_line(" \t\r", &STANDARD24), Ok(ToEngine::Blank));
        assert_eq!(parse_line("error unknown command 'illegal'", &STANDARD24), Ok(ToEngine::Blank));
        assert_eq!(parse_line("Result white", &STANDARD24), Ok(ToEngine::Blank));
    }

    #[test]
    fn seconds_parse_or_say_why_not() {
        assert_eq!(parse_seconds_f64(" 0.25 "), Ok(0.25));
        assert!(parse_seconds_f64("0").unwrap_err().contains("out of range"));
        assert!(parse_seconds_f64("86401").unwrap_err().contains("at most 86400"));
        assert!(parse_seconds_f64("fast").unwrap_err().contains("not a number"));
        assert_eq!(parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_increment("0"), Ok(Duration::ZERO));
        assert_eq!(parse_increment("0.1"), Ok(Duration::from_millis(100)));
        assert!(parse_increment("-1").unwrap_err().contains("expected 0 or more"));
    }

    #[test]
    fn arguments_are_checked() {
        assert_eq!(
            parse_line("movetime 2.5", &STANDARD24),
            Ok(ToEngine::Command(Command::MoveTime(Duration::from_millis(2500))))
        );
        assert_eq!(
            err("movetime"),
            "error movetime: expected a number of seconds at column 9, found the end of the line; usage: movetime SECONDS"
        );
        assert_eq!(
            err("movetime -1"),
            "error movetime: -1 seconds is out of range: expected more than 0 and at most 86400"
        );
        assert_eq!(
            err("perft 99999999999"),
            "error perft: expected a depth at column 7, found '99999999999'; usage: perft DEPTH"
        );
        assert_eq!(
            err("info on off"),
            "error info: expected the end of the command at column 9, found 'off'; usage: info on|off"
        );
        assert_eq!(
            err("position startpos moves D2 X9"),
            "error position: move 2 (X9): X9 is not a point: columns are A-G and rows 1-7"
        );
        assert_eq!(
            err("position start"),
            "error position: expected startpos at column 10, found 'start'; usage: position startpos [moves M1 M2 ...]"
        );
        assert_eq!(
            err("setboard xxxxxxxxxxxxxxxxxxxxxxxq"),
            "error setboard: letter 24 of the board string is 'q': expected W, B or x; \
             usage: setboard BOARD [white|black [W B [COUNT]]]"
        );
        assert_eq!(
            err("setboard xxxxxxxxxxxxxxxxxxxxxxxx white 9"),
            "error setboard: expected the stones Black has in hand (a number 0 to 255), found the end of the text; \
             usage: setboard BOARD [white|black [W B [COUNT]]]"
        );
    }

    #[test]
    fn setboard_reads_the_position_text() {
        let Ok(ToEngine::Command(Command::SetBoard(text))) =
            parse_line("setboard xxxxxxxxxxxxxxxxxxxxxxxx", &STANDARD24)
        else {
            panic!("setboard did not parse");
        };
        assert_eq!((text.side(), text.hands(), text.plies()), (crate::rules::Color::White, ByColor([0, 0]), 0));
        let Ok(ToEngine::Command(Command::SetBoard(text))) =
            parse_line("SETBOARD xxxxxxxxxxxxxxxxxxxxxxxx black 0 0 12", &STANDARD24)
        else {
            panic!("setboard did not parse");
        };
        assert_eq!((text.side(), text.hands(), text.plies()), (crate::rules::Color::Black, ByColor([0, 0]), 12));
    }

    #[test]
    fn echo_escapes_and_shortens() {
        assert_eq!(echo("a\u{1b}b"), "a\\u{1b}b");
        assert_eq!(echo(&"x".repeat(50)), format!("{}...", "x".repeat(40)));
    }
}
