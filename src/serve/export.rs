//! A game written out for people to keep and to read back: a plain move list (numbered,
//! after a `setboard` line when the game did not start from the start position) and,
//! for a game from the start, a line of the referee's record format, written by the
//! referee's own record writer. Both are what the project's one reader of game texts
//! ([`crate::referee::outcome::game_text`]) reads: the replay, a new game, `analyze`, `match --openings`.
//!
//! Knows nothing of HTTP or of the page.

use serde::Serialize;

use crate::referee::outcome::record::{RecordLine, record_file};
use crate::referee::outcome::result::{FinishedGame, Termination};
use crate::rules::notation::format_position;
use crate::rules::{ByColor, Color, Game, Position};

pub use crate::referee::outcome::game_text::SETBOARD;

/// A game written out, for the page.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct ExportView {
    /// The moves, numbered, after a `setboard` line for a set-up start.
    pub moves: String,
    /// A record file of one game (the referee's format); none for a set-up start, which
    /// the record cannot hold.
    pub record: Option<String>,
    /// The current position as `setboard` reads it: board string, side to move, stones
    /// in hand (`xxWB... white 7 7`).
    pub position: String,
}

/// Whether `game` started from its rules' start position.
fn from_the_start(game: &Game) -> bool {
    *game.start() == Position::start(game.start().rules()) && game.start_quiet_plies() == 0
}

/// The move list of `game`: `1. D2 F4` per line, after `setboard <position>` when it
/// started elsewhere than the start position (then numbered from 1, with `1...` when
/// Black moved first).
#[must_use]
pub fn move_list(game: &Game) -> String {
    let start = game.start();
    let topo = start.topology();
    let mut out = String::new();
    if !from_the_start(game) {
        let count = Some(game.start_quiet_plies()).filter(|&c| c > 0);
        out.push_str(&format!("{SETBOARD} {}\n", format_position(start, count)));
    }
    let mut number = 1;
    let mut line = String::new();
    let mut side = start.side_to_move();
    for m in game.moves() {
        if side == Color::White {
            line = format!("{number}. {}", m.display(topo));
        } else {
            if line.is_empty() {
                line = format!("{number}...");
            }
            line.push_str(&format!(" {}", m.display(topo)));
            out.push_str(&line);
            out.push('\n');
            line.clear();
            number += 1;
        }
        side = !side;
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// A record file holding `game` as game 1 (White and Black named `white` and `black`
/// as the page had them), written by the referee's record writer, or `None` for a game
/// from a set-up position. A game `resigned` by a side is finished: the other side won,
/// termination `resign`. An unfinished game's result is `-` and its termination
/// `unfinished`.
#[must_use]
pub fn record(game: &Game, names: [&str; 2], resigned: Option<Color>) -> Option<String> {
    if !from_the_start(game) {
        return None;
    }
    let topo = game.start().topology();
    let moves: Vec<String> = game.moves().map(|m| m.display(topo).to_string()).collect();
    let termination = match (game.outcome(), resigned) {
        (Some(outcome), _) => Some(Termination::Rules(outcome)),
        (None, Some(loser)) => Some(Termination::Resign { loser }),
        (None, None) => None,
    };
    Some(match termination {
        Some(termination) => record_file(RecordLine::Finished(&FinishedGame {
            number: 1,
            names: ByColor(names.map(str::to_string)),
            opening: String::new(),
            moves,
            termination,
            think: ByColor::default(),
            claims: ByColor::default(),
            pids: ByColor::default(),
            clocks: None,
            stderr_tail: ByColor::default(),
        })),
        None => record_file(RecordLine::Unfinished {
            number: 1,
            names,
            moves: &moves,
            reason: "unfinished: written out by morris serve",
        }),
    })
}

/// Everything the page offers to copy or download; `resigned`: the side that gave the
/// game up, if one did.
#[must_use]
pub fn export(game: &Game, names: [&str; 2], resigned: Option<Color>) -> ExportView {
    ExportView { moves: move_list(game), record: record(game, names, resigned), position: game.position().to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::outcome::record::HEADER;
    use crate::rules::STANDARD;
    use crate::rules::notation::{game_after, game_from, parse_position};

    #[test]
    fn move_lists_are_numbered_and_say_where_a_set_up_game_started() {
        let game = game_after(&STANDARD, "D2 F4 B4").unwrap();
        assert_eq!(move_list(&game), "1. D2 F4\n2. B4\n");
        let start = parse_position("WWWxxxxxxxxxxxxxxxxxxBBB black 0 0", &STANDARD).unwrap();
        let game = game_from(start, "A1-A4 D7-D6").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(move_list(&game), "setboard WWWxxxxxxxxxxxxxxxxxxBBB black 0 0\n1... A1-A4\n2. D7-D6\n");
        assert_eq!(record(&game, ["you", "engine"], None), None);
    }

    #[test]
    fn a_record_line_has_the_referees_fields() {
        let game = game_after(&STANDARD, "D2 F4").unwrap();
        let text = record(&game, ["you", "engine"], None).unwrap();
        let line = text.lines().nth(1).unwrap();
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), HEADER.split('\t').count(), "the header names each field");
        assert_eq!(fields[..8], ["1", "you", "engine", "-", "unfinished", "2", "-", "D2 F4"]);
        assert!(crate::referee::outcome::record::parse_records(&text).is_ok());
    }

    #[test]
    fn a_resigned_game_is_recorded_finished_and_reads_back_so() {
        let game = game_after(&STANDARD, "D2 F4").unwrap();
        let text = record(&game, ["you", "engine"], Some(Color::White)).unwrap();
        let fields: Vec<&str> = text.lines().nth(1).unwrap().split('\t').collect();
        assert_eq!(fields[..9], ["1", "you", "engine", "black", "resign", "2", "-", "D2 F4", "white resigns"]);
        let games = crate::referee::outcome::game_text::read_games(&text).unwrap();
        assert!(games[0].is_finished());
        assert_eq!(games[0].recorded_end().as_deref(), Some("Black wins by White's resignation"));
        assert_eq!(games[0].play(&STANDARD).unwrap().len(), 2);
    }
}
