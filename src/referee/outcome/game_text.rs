//! The one reader of game texts: whatever any part of the project writes about a game,
//! read back the same way by `morris analyze`, `match --openings` and the board's import
//! and replays.
//!
//! A game text is one of:
//! - a record file of the referee (`match`/`tournament --record`, the board's "Download
//!   record"), read by [`parse_records`]: one game a line;
//! - a move list: moves in the notation of rules.md separated by white space, over any
//!   number of lines, with move numbers (`1.`, `12...`, what the board's "Copy move
//!   list" writes) skipped, after an optional `setboard <position text>` line that says
//!   where the game started (rules.md, the position text).
//!
//! `#` starts a comment to the end of the line in a move list (a move never holds one).
//! Nothing here knows the board: the moves stay words until [`GameText::play`] reads
//! them on a ruleset's board.

use super::record::{RecordError, RecordedGame, game_lines, is_record, parse_records};
use super::result::{GameResult, RESIGN};
use crate::rules::notation::{PositionText, PositionTextError, parse_move};
use crate::rules::{Game, IllegalMove, ParseMoveError, Position, Ruleset};

/// The word before a position in a move list: the protocol's command that sets one up.
pub const SETBOARD: &str = "setboard";

/// One game of a game text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameText {
    /// A title: the record's number, players and result, or "move list, N moves".
    pub title: String,
    /// The record line it came from, if it came from a record.
    pub record: Option<RecordedGame>,
    /// The line of the text the game starts on (from 1).
    pub line: usize,
    /// The position text of its `setboard` line (`None`: the rules' start position).
    pub start: Option<String>,
    /// How many of `moves` are the opening a referee chose (0 outside records).
    pub opening_plies: usize,
    /// The moves, as written, the opening first.
    pub moves: Vec<String>,
}

/// Why a text holds no game, or a game that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameTextError {
    /// A record line that does not read.
    #[error("the record's {0}")]
    Record(#[from] RecordError),
    /// Nothing that is a game.
    #[error("no moves found: expected a referee record or a move list such as D2 F4 B4")]
    Empty,
    /// A record file without a game line.
    #[error("the record holds no game")]
    NoRecordedGame,
    /// A second `setboard` line, or one after the moves.
    #[error("'{SETBOARD}' must come once, before the moves (line {line}): it says where the game started")]
    LateSetboard {
        /// The line, from 1.
        line: usize,
    },
    /// The `setboard` position is no position.
    #[error("{SETBOARD} {text}: {error}")]
    Start {
        /// The position text, as written.
        text: String,
        /// Why it is no position (boxed: it is large, and rare).
        error: Box<PositionTextError>,
    },
    /// A word of the game is no move on the board.
    #[error("move {number} ({text}): {error}")]
    Move {
        /// The move's number in the game (1-based).
        number: usize,
        /// The word, as written.
        text: String,
        /// Why it is no move (boxed: it is large, and rare).
        error: Box<ParseMoveError>,
    },
    /// A move is not legal where the game has got to.
    #[error("move {number} ({text}) is illegal here: {error}")]
    Illegal {
        /// The move's number in the game (1-based).
        number: usize,
        /// The move, as written.
        text: String,
        /// Why it is illegal.
        error: IllegalMove,
    },
}

/// Whether `word` is a move number: digits then one or more dots (`12.`, `1...`).
fn is_move_number(word: &str) -> bool {
    use nom::Parser;
    use nom::character::complete::{char, digit1};
    use nom::combinator::all_consuming;
    use nom::multi::many1;
    let parsed: nom::IResult<&str, _> = all_consuming((digit1, many1(char('.')))).parse(word);
    parsed.is_ok()
}

/// Whether `text` is one of the game texts beyond a bare move list: a record file, or a
/// move list with move numbers or a `setboard` line (what the board writes). An openings
/// file of bare move lists is read a line an opening instead.
#[must_use]
pub fn is_game_text(text: &str) -> bool {
    is_record(text)
        || text.lines().any(|l| {
            l.split('#')
                .next()
                .and_then(|l| l.split_whitespace().next())
                .is_some_and(|w| w.eq_ignore_ascii_case(SETBOARD) || is_move_number(w))
        })
}

/// The games in `text`: every game of a record file, or the one game of a move list.
///
/// # Errors
/// [`GameTextError`]: a record line that does not read, a misplaced `setboard`, or no
/// game at all.
pub fn read_games(text: &str) -> Result<Vec<GameText>, GameTextError> {
    if is_record(text) {
        let games = parse_records(text)?;
        if games.is_empty() {
            return Err(GameTextError::NoRecordedGame);
        }
        return Ok(games.into_iter().zip(game_lines(text)).map(|(g, (line, _))| from_record(g, line)).collect());
    }
    let mut start = None;
    let mut first = None;
    let mut moves: Vec<String> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        let mut words = line.split_whitespace().peekable();
        if words.peek().is_some() {
            first.get_or_insert(i + 1);
        }
        if words.peek().is_some_and(|w| w.eq_ignore_ascii_case(SETBOARD)) {
            if start.is_some() || !moves.is_empty() {
                return Err(GameTextError::LateSetboard { line: i + 1 });
            }
            words.next();
            start = Some(words.collect::<Vec<_>>().join(" "));
            continue;
        }
        moves.extend(words.filter(|w| !is_move_number(w)).map(str::to_string));
    }
    if moves.is_empty() && start.is_none() {
        return Err(GameTextError::Empty);
    }
    let n = crate::words::count(moves.len() as u64, "move", "moves");
    let title = match &start {
        None => format!("move list, {n}"),
        Some(_) => format!("move list from a set-up position, {n}"),
    };
    Ok(vec![GameText { title, record: None, line: first.unwrap_or(1), start, opening_plies: 0, moves }])
}

fn from_record(g: RecordedGame, line: usize) -> GameText {
    let result = match g.result.as_str() {
        "white" => "White wins".to_string(),
        "black" => "Black wins".to_string(),
        "draw" => "draw".to_string(),
        "-" | "" => "unfinished".to_string(),
        other => other.to_string(),
    };
    let opening: Vec<String> = g.opening.split_whitespace().map(str::to_string).collect();
    let opening_plies = opening.len();
    let mut moves = opening;
    moves.extend(g.moves.split_whitespace().map(str::to_string));
    let title = format!(
        "game {}: {} (White) vs {} (Black), {result} ({}): {}",
        g.number, g.names[0], g.names[1], g.termination, g.reason
    );
    GameText { title, record: Some(g), line, start: None, opening_plies, moves }
}

impl GameText {
    /// The position the game starts from under `rules`, and its no-removal count.
    ///
    /// # Errors
    /// [`GameTextError::Start`]: the `setboard` text is no position.
    pub fn start_position(&self, rules: &'static Ruleset) -> Result<(Position, u16), GameTextError> {
        match &self.start {
            None => Ok((Position::start(rules), 0)),
            Some(text) => {
                let error = |error| GameTextError::Start { text: text.clone(), error: Box::new(error) };
                let parsed = PositionText::parse(text, rules.topology).map_err(error)?;
                Ok((parsed.into_position(rules).map_err(error)?, parsed.plies()))
            }
        }
    }

    /// The game before its moves: its start, with its count.
    ///
    /// # Errors
    /// [`GameTextError::Start`]: the `setboard` text is no position.
    pub fn new_game(&self, rules: &'static Ruleset) -> Result<Game, GameTextError> {
        let (start, count) = self.start_position(rules)?;
        Ok(Game::with_quiet_plies(start, count))
    }

    /// Move `index` (0-based) on `rules`' board, or why it is no move.
    ///
    /// # Errors
    /// [`GameTextError::Move`].
    pub fn read_move(&self, index: usize, rules: &'static Ruleset) -> Result<crate::rules::Move, GameTextError> {
        let text = &self.moves[index];
        parse_move(text, rules.topology).map_err(|error| GameTextError::Move {
            number: index + 1,
            text: text.clone(),
            error: Box::new(error),
        })
    }

    /// The game played through on `rules`' board, every move checked.
    ///
    /// # Errors
    /// The start is no position, or the first move that is no move or is illegal.
    pub fn play(&self, rules: &'static Ruleset) -> Result<Game, GameTextError> {
        let mut game = self.new_game(rules)?;
        for i in 0..self.moves.len() {
            let m = self.read_move(i, rules)?;
            game.play(m).map_err(|error| GameTextError::Illegal {
                number: i + 1,
                text: self.moves[i].clone(),
                error,
            })?;
        }
        Ok(game)
    }

    /// How the record says the game ended, for a game its moves do not end by the rules
    /// (a resignation, a forfeit, an adjudication): `Black wins by White's resignation`,
    /// `White wins: black forfeits: no move`; `None` for a game the record leaves
    /// unfinished, and for a move list.
    #[must_use]
    pub fn recorded_end(&self) -> Option<String> {
        let record = self.record.as_ref()?;
        Some(match record.result()? {
            GameResult::Win(w) if record.termination == RESIGN => format!("{w} wins by {}'s resignation", !w),
            GameResult::Win(w) => format!("{w} wins: {}", record.reason),
            GameResult::Draw => format!("Drawn: {}", record.reason),
        })
    }

    /// Whether the record says the game ended (a result word); a move list, or the
    /// board's record of a game in progress, has not.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.record.as_ref().is_some_and(|r| r.result().is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::STANDARD;

    #[test]
    fn move_lists_may_carry_numbers_comments_and_a_start() {
        let games = read_games("# a game\n1. D2 F4\n2. B4 D6 # good\n").unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].moves, ["D2", "F4", "B4", "D6"]);
        assert_eq!(games[0].play(&STANDARD).unwrap().len(), 4);
        assert_eq!(read_games("  \n# nothing\n").unwrap_err(), GameTextError::Empty);
        let games = read_games("setboard WWWxxxxxxxxxxxxxxxxxxBBB black 0 0 5\n1... A1-A4\n").unwrap();
        assert_eq!(
            (games[0].start.as_deref(), &games[0].moves[..]),
            (Some("WWWxxxxxxxxxxxxxxxxxxBBB black 0 0 5"), &["A1-A4".to_string()][..])
        );
        let game = games[0].play(&STANDARD).unwrap();
        assert_eq!(game.quiet_plies(), 6);
        assert!(read_games("setboard WWxx").unwrap()[0].moves.is_empty());
        assert_eq!(
            read_games("D2\nsetboard WWxx").unwrap_err().to_string(),
            "'setboard' must come once, before the moves (line 2): it says where the game started"
        );
        let bad = read_games("setboard WWxx").unwrap()[0].play(&STANDARD).unwrap_err();
        assert_eq!(bad.to_string(), "setboard WWxx: a board string has 24 letters (W, B or x), this one has 4");
        let illegal = read_games("D2 D2").unwrap()[0].play(&STANDARD).unwrap_err();
        assert_eq!(illegal.to_string(), "move 2 (D2) is illegal here: D2 is occupied");
    }
}
