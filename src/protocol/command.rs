//! What a line asks for ([`Command`]) and what the engine answers ([`Response`]), as typed
//! values: `parse.rs` makes commands from text, `format.rs` makes text from responses, and
//! the loop in `mod.rs` goes from one to the other. No text handling here.

use std::time::Duration;

use crate::engine::Iteration;
use crate::rules::notation::PositionText;
use crate::rules::{ByColor, Color, Move, Outcome, Position};

/// The arguments of `setboard`: the position text (protocol.md §8).
pub const SETBOARD_ARGS: &str = "BOARD [white|black [W B [COUNT]]]";

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
    /// A position from its text (protocol.md §8; not validated yet).
    SetBoard(PositionText),
    /// The time per move from now on.
    MoveTime(Duration),
    /// Print the static evaluation.
    Eval,
    /// Count move sequences of this many plies.
    Perft(u32),
    /// Whether to print search progress.
    Info(bool),
    /// Whether to think on the opponent's time.
    Ponder(bool),
    /// Answer `readyok` (at once, even during a search).
    IsReady,
    /// During a search: play the best move found so far, now (outside one: nothing).
    Stop,
    /// The clocks as they stand before the next move: each side's remaining time and
    /// increment (a game clock, `protocol.md` §4).
    Clock {
        /// Each side's remaining time.
        remaining: ByColor<Duration>,
        /// Each side's increment per move.
        increment: ByColor<Duration>,
    },
    /// Exit.
    Quit,
}

/// One command of `protocol.md` §4: the one table that the parser, `help` and the range
/// errors read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandSpec {
    /// The command word.
    pub name: &'static str,
    /// Its argument syntax, as `help` shows it (empty: no arguments).
    pub args: &'static str,
    /// What it does, as `help` shows it.
    pub help: &'static str,
    /// The range its numeric argument takes, in words, for the out-of-range error.
    pub range: Option<&'static str>,
}

const fn spec(name: &'static str, args: &'static str, help: &'static str) -> CommandSpec {
    CommandSpec { name, args, help, range: None }
}

/// The commands, in the order `help` lists them.
pub const COMMANDS: &[CommandSpec] = &[
    spec("help", "", "list the commands"),
    spec("board", "", "draw the position"),
    spec("moves", "", "list the legal moves"),
    spec("undo", "", "take back your last move and the engine's reply"),
    spec("new", "", "start a new game; the engine keeps its colour"),
    spec("go", "", "the engine plays the side to move from now on, and moves"),
    spec("position", "startpos [moves M1 M2 ...]", "the position after these moves"),
    spec("setboard", SETBOARD_ARGS, "a position text: 24 letters W/B/x, side to move, in hand, count"),
    CommandSpec { range: Some("more than 0 and at most 86400"), ..spec("movetime", "SECONDS", "time per move") },
    spec("eval", "", "the static evaluation"),
    CommandSpec { range: Some("1 to 10"), ..spec("perft", "DEPTH", "count move sequences (1 to 10 plies)") },
    spec("info", "on|off", "print search progress"),
    CommandSpec {
        range: Some("more than 0 and at most 86400 (increments: 0 to 86400)"),
        ..spec("clock", "WHITE BLACK [WINC BINC]", "game clocks: seconds left for each side, increments")
    },
    spec("ponder", "on|off", "think on the opponent's time"),
    spec("isready", "", "answer readyok, at once even while thinking"),
    spec("stop", "", "while thinking: play the best move so far, now"),
    spec("quit", "", "exit"),
];

/// The table entry of the command word `name` (lower case).
#[must_use]
pub fn command_spec(name: &str) -> Option<&'static CommandSpec> {
    COMMANDS.iter().find(|c| c.name == name)
}

impl Command {
    /// The command word.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Command::Help => "help",
            Command::Board => "board",
            Command::Moves => "moves",
            Command::Undo => "undo",
            Command::New => "new",
            Command::Go => "go",
            Command::Position { .. } => "position",
            Command::SetBoard(_) => "setboard",
            Command::MoveTime(_) => "movetime",
            Command::Eval => "eval",
            Command::Perft(_) => "perft",
            Command::Info(_) => "info",
            Command::Ponder(_) => "ponder",
            Command::IsReady => "isready",
            Command::Stop => "stop",
            Command::Clock { .. } => "clock",
            Command::Quit => "quit",
        }
    }

    /// The command's table entry.
    #[must_use]
    pub fn spec(&self) -> &'static CommandSpec {
        // Every command word is in the table (a test checks).
        command_spec(self.name()).unwrap_or(&COMMANDS[0])
    }
}

/// A line the engine prints (or, for [`Response::Board`] and [`Response::Help`], several).
#[derive(Clone, Debug)]
pub enum Response {
    /// The engine's move.
    Move(Move),
    /// The game is over.
    Result(Outcome),
    /// One finished search iteration.
    Info(Iteration),
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
