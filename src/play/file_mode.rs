//! The terminal-play assignment's file mode (docs/assignments.md): read a board string from one file, let the engine make one move
//! for the side to move, write the board after it to another file.
//!
//! The board string is one line of `W`, `B` and `x`, one letter per point in the board's
//! order (standard board: `a0 d0 g0 b1 d1 f1 c2 d2 e2 a3 b3 c3 e3 f3 g3 c4 d4 e4 b5 d5
//! f5 a6 d6 g6`, rows from the bottom, so `a0` is A7). The side to move and the stones in
//! hand come from options, and `Setup::into_position` checks the whole. Nothing is
//! written unless every check passed and the engine moved; the file is written whole
//! (to a temporary file, then renamed), so a reader never sees half a board.

use std::path::{Path, PathBuf};

use super::PlayError;
use crate::engine::{Engine, EngineOptions, SearchLimits, SearchOutcome};
use crate::files::write_whole;
use crate::rules::notation::parse_board_string;
use crate::rules::{ByColor, Color, Game, Move, Outcome, Position, Ruleset, Setup};

/// One file-mode run.
pub struct FileMode {
    /// The board to read.
    pub board_in: PathBuf,
    /// Where the board after the engine's move goes.
    pub board_out: PathBuf,
    /// The rules.
    pub rules: &'static Ruleset,
    /// The side the engine moves for.
    pub side_to_move: Color,
    /// White's and Black's stones in hand.
    pub in_hand: (u8, u8),
    /// How long the engine thinks.
    pub limits: SearchLimits,
    /// The engine's options.
    pub engine: EngineOptions,
}

/// What a file-mode run did.
#[derive(Clone, Debug)]
pub enum FileModeReport {
    /// The game in the file is over: the side to move has no move, nothing was written.
    GameOver {
        /// The position read.
        position: Position,
        /// How the game ended.
        outcome: Outcome,
    },
    /// The engine moved and the board after its move was written.
    Moved {
        /// The position read.
        position: Position,
        /// The move played.
        best: Move,
        /// The engine's search; its best move is the move played.
        result: SearchOutcome,
    },
}

/// Reads and checks the position in `path`.
///
/// # Errors
/// An unreadable file, a bad board string or an impossible position, as one line
/// naming the file.
pub fn read_position(
    path: &Path,
    rules: &'static Ruleset,
    side: Color,
    in_hand: (u8, u8),
) -> Result<Position, PlayError> {
    // A board file is one short line: read no more than this, so that a huge file or a
    // device such as /dev/zero is refused rather than read for ever.
    const MAX_BYTES: u64 = 4096;
    let shown = path.display().to_string();
    let unreadable = |reason: String| PlayError::Unreadable { path: shown.clone(), reason };
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| std::io::Read::read_to_end(&mut std::io::Read::take(f, MAX_BYTES + 1), &mut bytes))
        .map_err(|e| unreadable(crate::files::io_reason(&e)))?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(unreadable(format!("it is longer than {MAX_BYTES} bytes, which no board file is")));
    }
    let text = String::from_utf8(bytes).map_err(|_| unreadable("it is not text (not UTF-8)".to_string()))?;
    let stones = parse_board_string(&text, rules.topology)
        .map_err(|error| PlayError::BoardString { path: shown.clone(), error })?;
    let setup = Setup { rules, stones, in_hand: ByColor([in_hand.0, in_hand.1]), side_to_move: side };
    let pos = setup.into_position().map_err(|error| PlayError::Setup {
        path: shown.clone(),
        side,
        white: in_hand.0,
        black: in_hand.1,
        error,
    })?;
    pos.check_reachable().map_err(|error| PlayError::Unreachable {
        path: shown,
        side,
        white: in_hand.0,
        black: in_hand.1,
        error,
    })?;
    Ok(pos)
}

/// Runs the file mode: reads the board, lets the engine move and writes the board after
/// its move; prints nothing (the caller reports the move).
///
/// # Errors
/// A bad input file or position, or a failed write; the output file is then untouched.
pub fn run(spec: &FileMode) -> Result<FileModeReport, PlayError> {
    let position = read_position(&spec.board_in, spec.rules, spec.side_to_move, spec.in_hand)?;
    let game = Game::new(position);
    if let Some(outcome) = game.outcome() {
        return Ok(FileModeReport::GameOver { position, outcome });
    }
    let mut engine = Engine::new(spec.engine.clone(), position);
    let result = engine.think(&spec.limits, &mut |_| {});
    let Some(m) = result.best else { return Err(PlayError::NoEngineMove) };
    let after = position
        .play(m)
        .map_err(|error| PlayError::IllegalEngineMove { text: m.display(position.topology()).to_string(), error })?;
    write_whole(&spec.board_out, format!("{}\n", after.board_string()).as_bytes())?;
    Ok(FileModeReport::Moved { position, best: m, result })
}
