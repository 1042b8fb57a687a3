//! Openings for fair matches: a move list per colour-swapped pair of games, read from a
//! file or made from random legal moves with a seed.
//!
//! Every opening is checked with the rules before any engine starts, and an opening after
//! which the game is already over is refused.

use std::path::Path;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;

use super::game_text::{self, GameText, GameTextError, SETBOARD};
use crate::rules::notation::{MoveListError, format_move_list, game_after};
use crate::rules::{Move, MoveList, Outcome, Ruleset};

/// Why a move list is no usable opening.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningError {
    /// A move does not parse, or is illegal where the list has got to.
    #[error(transparent)]
    Moves(#[from] MoveListError),
    /// The game is over once the opening is played.
    #[error("the game is already over after this opening ({0})")]
    Over(Outcome),
    /// A game text that does not read as a game.
    #[error(transparent)]
    Text(Box<GameTextError>),
    /// A game from a set-up position: an opening is moves from the start.
    #[error("it starts from a set-up position ({SETBOARD} {0}); an opening is moves from the start position")]
    SetUp(String),
}

/// Why an openings file gives no openings.
#[derive(Debug, thiserror::Error)]
pub enum OpeningsError {
    /// An openings file that cannot be read.
    #[error("cannot read openings file {path}: {reason}")]
    Unreadable {
        /// The file.
        path: String,
        /// The operating system's reason.
        reason: String,
    },
    /// A line (or the game that starts there) of an openings file that is no usable opening.
    #[error("{path}:{line}: {error}")]
    Line {
        /// The file.
        path: String,
        /// The line number (from 1).
        line: usize,
        /// What is wrong with it (boxed: it is large, and rare).
        error: Box<OpeningError>,
    },
    /// An openings file without openings.
    #[error("openings file {path} has no openings")]
    Empty {
        /// The file.
        path: String,
    },
}

/// Reads an openings file: one move list per line (white-space separated moves from the
/// start), `#` starts a comment, blank lines are skipped. An empty list (`-` alone on
/// a line) is the start position.
///
/// Any other game text the project writes is read by its one reader
/// ([`super::game_text`]), a game an opening: a record file (the referee's: each game's
/// opening, the openings of that match, once each; the board's record of a game in
/// progress: its moves), or one numbered move list (the board's "Copy move list").
///
/// # Errors
/// The file cannot be read, has no openings, or a line (a game) is not a legal,
/// unfinished opening from the start (named by its line number, or the game's).
pub fn read_openings(path: &Path, rules: &'static Ruleset) -> Result<Vec<String>, OpeningsError> {
    let shown = || path.display().to_string();
    let text = crate::files::read_text(path, crate::files::SMALL_TEXT)
        .map_err(|e| OpeningsError::Unreadable { path: shown(), reason: e.to_string() })?;
    let at =
        |line: usize| move |error: OpeningError| OpeningsError::Line { path: shown(), line, error: Box::new(error) };
    let mut openings = Vec::new();
    if game_text::is_game_text(&text) {
        let games = game_text::read_games(&text).map_err(|e| at(1)(OpeningError::Text(Box::new(e))))?;
        let mut seen = std::collections::HashSet::new();
        for game in &games {
            let opening = opening_of(game, rules).map_err(at(game.line))?;
            if seen.insert(opening.clone()) {
                openings.push(opening);
            }
        }
    } else {
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let moves = if line == "-" { "" } else { line };
            openings.push(check_opening(moves, rules).map_err(at(i + 1))?);
        }
    }
    if openings.is_empty() {
        return Err(OpeningsError::Empty { path: shown() });
    }
    Ok(openings)
}

/// The opening a game of a game text gives: a finished record's opening, else every move.
fn opening_of(game: &GameText, rules: &'static Ruleset) -> Result<String, OpeningError> {
    if let Some(start) = &game.start {
        return Err(OpeningError::SetUp(start.clone()));
    }
    let plies = if game.is_finished() { game.opening_plies } else { game.moves.len() };
    check_opening(&game.moves[..plies].join(" "), rules)
}

/// Checks that `moves` is legal from the start and leaves the game running; returns it in
/// our notation.
///
/// # Errors
/// Why it is not a usable opening.
pub fn check_opening(moves: &str, rules: &'static Ruleset) -> Result<String, OpeningError> {
    let game = game_after(rules, moves)?;
    if let Some(outcome) = game.outcome() {
        return Err(OpeningError::Over(outcome));
    }
    let list: Vec<Move> = game.moves().collect();
    Ok(format_move_list(&list, rules.topology))
}

/// `count` openings of `plies` random legal moves each, from `seed`: the same seed gives
/// the same openings (the generator is Xoshiro256++, a fixed algorithm). An opening that
/// ends the game is drawn again.
#[must_use]
pub fn random_openings(count: usize, plies: usize, seed: u64, rules: &'static Ruleset) -> Vec<String> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut openings = Vec::with_capacity(count);
    while openings.len() < count {
        let mut game = crate::rules::Game::new(crate::rules::Position::start(rules));
        let mut list = MoveList::new();
        for _ in 0..plies {
            if game.outcome().is_some() {
                break;
            }
            game.position().legal_moves(&mut list);
            let Some(&m) = list.as_slice().choose(&mut rng) else { break };
            game.play_unchecked(m);
        }
        if game.outcome().is_none() {
            let moves: Vec<Move> = game.moves().collect();
            openings.push(format_move_list(&moves, rules.topology));
        }
    }
    openings
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::STANDARD;

    #[test]
    fn random_openings_are_reproducible_and_legal() {
        let a = random_openings(5, 6, 42, &STANDARD);
        assert_eq!(a, random_openings(5, 6, 42, &STANDARD));
        assert_ne!(a, random_openings(5, 6, 43, &STANDARD));
        for o in &a {
            assert_eq!(o.split_whitespace().count(), 6);
            assert!(check_opening(o, &STANDARD).is_ok());
        }
        assert_eq!(random_openings(2, 0, 1, &STANDARD), ["", ""]);
    }

    #[test]
    fn reads_files_and_names_bad_lines() {
        let dir = std::env::temp_dir().join(format!("morris-openings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.txt");
        std::fs::write(&good, "# two openings\nd2 f4\n\n-\n").unwrap();
        assert_eq!(read_openings(&good, &STANDARD).unwrap(), ["D2 F4", ""]);
        let bad = dir.join("bad.txt");
        std::fs::write(&bad, "D2 F4\nD2 D2\n").unwrap();
        let err = read_openings(&bad, &STANDARD).unwrap_err().to_string();
        assert!(err.contains("bad.txt:2") && err.contains("occupied"), "{err}");
        assert!(read_openings(&dir.join("missing.txt"), &STANDARD).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
