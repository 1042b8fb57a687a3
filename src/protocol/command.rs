//! What a line asks for ([`Command`]) and what the engine answers ([`Response`]), as typed
//! values: `parse.rs` makes commands from text, `format.rs` makes text from responses, and
//! the loop in `mod.rs` goes from one to the other. No text handling here.

use std::time::Duration;

use crate::engine::SearchInfo;
use crate::rules::{ByColor, Color, Move, Outcome, Position};
use crate::topology::PointSet;

/// A command of `protocol.md` §4 (moves are not commands).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// List the commands.
    Help,
    /// Draw the position.
    Board,
    /// List the legal moves.
    Moves,
    /// Take back the opponent's last move and the engine's reply.
    Undo,
    /// Start a new game from the start position.
    New,
    /// The engine plays the side to move from now on, and moves.
    Go,
    /// The position after these moves from the start (syntax checked, legality not yet).
    Position {
        /// The moves, in order.
        moves: Vec<Move>,
    },
    /// A position from a board string (not validated yet).
    SetBoard {
        /// Each side's stones.
        stones: ByColor<PointSet>,
        /// The side to move.
        side: Color,
        /// Each side's stones in hand.
        in_hand: ByColor<u8>,
    },
    /// The time per move from now on.
    MoveTime(Duration),
    /// Print the static evaluation.
    Eval,
    /// Count move sequences of this many plies.
    Perft(u32),
    /// Whether to print search progress.
    Info(bool),
    /// Answer `readyok`.
    IsReady,
    /// Exit.
    Quit,
}

impl Command {
    /// The command words, in the order `help` lists them, with their argument syntax and what they do.
    pub const HELP: &'static [(&'static str, &'static str, &'static str)] = &[
        ("help", "", "list the commands"),
        ("board", "", "draw the position"),
        ("moves", "", "list the legal moves"),
        ("undo", "", "take back your last move and the engine's reply"),
        ("new", "", "start a new game; the engine keeps its colour"),
        ("go", "", "the engine plays the side to move from now on, and moves"),
        ("position", "startpos [moves M1 M2 ...]", "the position after these moves"),
        ("setboard", "BOARD [white|black [W B]]", "24 letters W/B/x, side to move, stones in hand"),
        ("movetime", "SECONDS", "time per move"),
        ("eval", "", "the static evaluation"),
        ("perft", "DEPTH", "count move sequences (1 to 10 plies)"),
        ("info", "on|off", "print search progress"),
        ("isready", "", "answer readyok"),
        ("quit", "", "exit"),
    ];
}

/// A line the engine prints (or, for [`Response::Board`] and [`Response::Help`], several).
#[derive(Clone, Debug)]
pub enum Response {
    /// The engine's move.
    Move(Move),
    /// The game is over.
    Result(Outcome),
    /// One finished search iteration.
    Info(SearchInfo),
    /// The drawing of a position, with the game's outcome if it is over.
    Board(Position, Option<Outcome>),
    /// The legal moves (`None`: the game is over).
    Moves(Option<Vec<Move>>),
    /// The moves `undo` took back, in game order.
    Undone(Vec<Move>),
    /// The static evaluation for the side to move.
    Eval {
        /// The score in the engine's units.
        score: i32,
        /// The side to move.
        side: Color,
    },
    /// A perft count.
    Perft {
        /// Plies.
        depth: u32,
        /// Move sequences.
        count: u64,
    },
    /// The command list.
    Help,
    /// The answer to `isready`.
    ReadyOk,
}
