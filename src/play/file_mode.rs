//! Seed 000's file mode: read a board string from one file, let the engine make one move
//! for the side to move, write the board after it to another file.
//!
//! The board string is one line of `W`, `B` and `x`, one letter per point in the board's
//! order (standard board: `a0 d0 g0 b1 d1 f1 c2 d2 e2 a3 b3 c3 e3 f3 g3 c4 d4 e4 b5 d5
//! f5 a6 d6 g6`, rows from the bottom, so `a0` is A7). The side to move and the stones in
//! hand come from options, and `Setup::into_position` checks the whole. Nothing is
//! written unless every check passed and the engine moved; the file is written whole
//! (to a temporary file, then renamed), so a reader never sees half a board.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};

use crate::engine::{Engine, EngineOptions, Limits, format_score};
use crate::files::write_whole;
use crate::rules::notation::parse_board_string;
use crate::rules::{ByColor, Color, Game, Position, Ruleset, Setup};

/// Exit status when the side to move has no move (the game in the file is over).
pub const EXIT_GAME_OVER: u8 = 2;

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
    pub limits: Limits,
    /// The engine's options.
    pub engine: EngineOptions,
    /// Also print the score and depth.
    pub show_score: bool,
}

/// Reads and checks the position in `path`.
///
/// # Errors
/// An unreadable file, a bad board string or an impossible position, as one line
/// naming the file.
pub fn read_position(path: &Path, rules: &'static Ruleset, side: Color, in_hand: (u8, u8)) -> anyhow::Result<Position> {
    let shown = path.display();
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read the board file {shown}"))?;
    let stones = parse_board_string(&text, rules.topology).with_context(|| format!("{shown}"))?;
    let setup = Setup { rules, stones, in_hand: ByColor([in_hand.0, in_hand.1]), side_to_move: side };
    setup
        .into_position()
        .with_context(|| format!("{shown} with {side} to move and {},{} in hand", in_hand.0, in_hand.1))
}

/// Runs the file mode: prints the engine's move on stdout (and with `show_score` its
/// score line) and writes the new board.
///
/// # Errors
/// A bad input file or position, or a failed write; the output file is then untouched.
pub fn run(spec: &FileMode) -> anyhow::Result<ExitCode> {
    let pos = read_position(&spec.board_in, spec.rules, spec.side_to_move, spec.in_hand)?;
    let game = Game::new(pos);
    if let Some(outcome) = game.outcome() {
        eprintln!(
            "morris: {}: no move for {}: the game is over ({outcome}); {} left untouched",
            spec.board_in.display(),
            pos.side_to_move(),
            spec.board_out.display()
        );
        return Ok(ExitCode::from(EXIT_GAME_OVER));
    }
    let mut engine = Engine::new(spec.engine.clone(), pos);
    let result = engine.think(&spec.limits, &mut |_| {});
    let Some(m) = result.best else { bail!("the engine found no move") };
    let after = pos.play(m).map_err(|e| anyhow::anyhow!("the engine chose an illegal move: {e}"))?;
    write_whole(&spec.board_out, format!("{}\n", after.board_string()).as_bytes())?;
    println!("{}", m.display(pos.topology()));
    if spec.show_score {
        println!("score {} depth {} nodes {}", format_score(result.score), result.depth, result.nodes);
    }
    Ok(ExitCode::SUCCESS)
}
