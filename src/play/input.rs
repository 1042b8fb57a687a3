//! What a person types at a prompt, as nom parsers: the command words that work at
//! every prompt, and lines sorted before the move notation reads them.
//!
//! Moves and points are not parsed here: that is `rules::notation`'s business, so the
//! terminal game reads exactly the notation of the engine protocol. This module knows
//! nothing of positions or the game loop.

use nom::branch::alt;
use nom::bytes::complete::tag_no_case;
use nom::character::complete::{alpha1, multispace0};
use nom::combinator::{all_consuming, value};
use nom::sequence::delimited;
use nom::{IResult, Parser};

/// A command that works at every prompt.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlayCommand {
    /// List what may be typed at this prompt (legal moves, destinations or removable stones).
    Moves,
    /// Take back the person's last move and the engine's reply.
    Undo,
    /// Ask the engine for a move.
    Hint,
    /// Draw the board again.
    Board,
    /// Explain the commands and the move forms.
    Help,
    /// Show the engine's last score and depth.
    Score,
    /// Forget the stone picked or the mill half-made, and start the move again.
    Back,
    /// Leave the game.
    Quit,
}

/// One line typed at a prompt, sorted before anyone looks at the position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// Nothing but white space.
    Empty,
    /// A command word.
    Command(PlayCommand),
    /// A word that is neither a command nor a point name (`hello`).
    UnknownWord(&'a str),
    /// Anything else: a point or a move, for `rules::notation` to read.
    Text(&'a str),
}

type Res<'a, T> = IResult<&'a str, T>;

fn command(input: &str) -> Res<'_, PlayCommand> {
    // Longer words first where one is a prefix of another (`quit` before `q`).
    alt((
        value(PlayCommand::Moves, alt((tag_no_case("moves"), tag_no_case("legal")))),
        value(PlayCommand::Undo, alt((tag_no_case("undo"), tag_no_case("takeback")))),
        value(PlayCommand::Hint, tag_no_case("hint")),
        value(PlayCommand::Board, alt((tag_no_case("board"), tag_no_case("show")))),
        value(PlayCommand::Help, alt((tag_no_case("help"), tag_no_case("?")))),
        value(PlayCommand::Score, alt((tag_no_case("score"), tag_no_case("eval")))),
        value(PlayCommand::Back, alt((tag_no_case("back"), tag_no_case("cancel")))),
        value(
            PlayCommand::Quit,
            alt((tag_no_case("quit"), tag_no_case("exit"), tag_no_case("resign"), tag_no_case("q"))),
        ),
    ))
    .parse(input)
}

/// Sorts one typed line: empty, a command word, an unknown word, or text for the
/// move notation. Case and surrounding white space do not matter.
#[must_use]
pub fn parse_line(text: &str) -> Line<'_> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Line::Empty;
    }
    if let Ok((_, c)) = all_consuming(delimited(multispace0, command, multispace0)).parse(text) {
        return Line::Command(c);
    }
    // Point names are a letter and a digit; a word of three or more letters is a
    // mistyped command, and saying so beats "expected a digit at column 2".
    if let Ok((_, word)) =
        all_consuming(delimited(multispace0, alpha1::<_, nom::error::Error<&str>>, multispace0)).parse(text)
        && word.len() >= 3
    {
        return Line::UnknownWord(word);
    }
    Line::Text(trimmed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_sort_into_commands_words_and_text() {
        assert_eq!(parse_line("  \t"), Line::Empty);
        assert_eq!(parse_line(" Undo "), Line::Command(PlayCommand::Undo));
        assert_eq!(parse_line("q"), Line::Command(PlayCommand::Quit));
        assert_eq!(parse_line("quit"), Line::Command(PlayCommand::Quit));
        assert_eq!(parse_line("?"), Line::Command(PlayCommand::Help));
        assert_eq!(parse_line("hello"), Line::UnknownWord("hello"));
        assert_eq!(parse_line("quitx"), Line::UnknownWord("quitx"));
        assert_eq!(parse_line(" d2 "), Line::Text("d2"));
        assert_eq!(parse_line("A7-D7,B2"), Line::Text("A7-D7,B2"));
        assert_eq!(parse_line("ab"), Line::Text("ab"));
    }
}
