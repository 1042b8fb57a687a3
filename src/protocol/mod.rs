//! The tournament engine's line protocol (`protocol.md`): reads lines, parses them
//! (`parse`), drives the [`Engine`] and prints replies (`format`). The loop only
//! translates: no search logic and no rules here, only the state `protocol.md` §3 defines
//! (which colour the engine plays, the time per move, whether to print `info`). The loop
//! takes a plain [`ProtocolSettings`]; the command line that builds it, and the engine, is
//! `cmd::engine`'s.
//!
//! - `wire`, `command`: the lines as values; `parse`, `format`: text to values and back;
//!   `error`: the error replies.
//! - `transport`: the I/O plumbing (bounded lines, the reader thread, the listener that
//!   answers during a search, the shared output).
//! - `dialogue`: the state machine (what a line means now, and when the engine thinks).

mod command;
mod dialogue;
mod error;
mod format;
mod parse;
mod transport;
mod wire;

use std::io::{self, BufRead, Read, Write};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub use command::{Command, Response};
pub use error::{CommandError, LineError, MoveRefusal};
pub use format::{format_board, format_response};
pub use parse::{MAX_SECONDS, REPLY_WORDS, echo, parse_increment, parse_line, parse_seconds, parse_seconds_f64};
pub use wire::{FromEngine, ToEngine, WIRE_BOARD};

use dialogue::Dialogue;
use transport::{LineSource, Received, SharedOut, read_input};

use crate::engine::Engine;
use crate::rules::{ByColor, Color};

pub use crate::lines::MAX_LINE;

/// What the loop keeps besides the engine: the settings commands can change.
#[derive(Clone, Debug)]
pub struct ProtocolSettings {
    /// The side the engine plays.
    pub color: Color,
    /// The time per move.
    pub movetime: Duration,
    /// A depth limit for every search.
    pub depth: Option<u32>,
    /// Whether to print `info` lines.
    pub info: bool,
    /// The game clocks, if the engine plays on a clock (then `movetime` is not used).
    pub clock: Option<GameClocks>,
    /// Whether to think on the opponent's time.
    pub ponder: bool,
}

/// Both sides' game clocks (`--time`/`--inc`, or the `clock` command).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameClocks {
    /// Time left for each side.
    pub remaining: ByColor<Duration>,
    /// Each side's increment per move.
    pub increment: ByColor<Duration>,
}

/// Runs the protocol loop over `input` and `output` until end of input or `quit`, driving
/// `engine` (whose game is the starting position; if the engine is to move, it moves first).
/// Lines are read on this thread, between searches: nothing interrupts a search (see
/// [`run_threaded`] for the loop that listens while it thinks).
///
/// # Errors
/// Only reading or writing failing; bad input is answered on `output`, never an error.
pub fn run(input: impl BufRead, output: impl Write, engine: &mut Engine, settings: ProtocolSettings) -> io::Result<()> {
    run_from(input, output, engine, settings, Instant::now())
}

/// [`run`], with the clock of a first engine move (at the start position or after
/// `--opening`) running since `started`.
///
/// # Errors
/// Only reading or writing failing.
pub fn run_from(
    input: impl BufRead,
    output: impl Write,
    engine: &mut Engine,
    settings: ProtocolSettings,
    started: Instant,
) -> io::Result<()> {
    let source = LineSource::Direct { input, buf: Vec::with_capacity(256) };
    Dialogue::new(engine, settings, source).serve(output, started)
}

/// The protocol loop with a reader thread (`protocol.md` §3): `input` is read on its own
/// thread and the lines reach the loop over a channel. While the engine thinks, a listener
/// answers `isready` at once, turns `stop` into the engine's stop flag (the best move so
/// far is played now), ends the loop on `quit` or end of input without a move, and keeps
/// every other line, in order, for after the move. The search itself sees only the flag.
///
/// The reader thread is not joined: when the loop ends on `quit` it may still be waiting
/// for input, and it ends with the process (or when `input` ends).
///
/// # Errors
/// Only reading or writing failing.
pub fn run_threaded(
    input: impl Read + Send + 'static,
    output: impl Write + Send + 'static,
    engine: &mut Engine,
    settings: ProtocolSettings,
    started: Instant,
) -> io::Result<()> {
    let (tx, rx) = mpsc::channel();
    let wake = tx.clone();
    std::thread::Builder::new().name("morris-reader".to_string()).spawn(move || {
        let mut input = io::BufReader::new(input);
        let mut buf = Vec::with_capacity(256);
        loop {
            let item = read_input(&mut input, &mut buf);
            let last = matches!(item, Received::Eof | Received::Failed(_));
            if tx.send(item).is_err() || last {
                return;
            }
        }
    })?;
    let shared = SharedOut(Arc::new(Mutex::new(output)));
    let source: LineSource<io::Empty> = LineSource::Thread { rx: Mutex::new(rx), wake, out: Box::new(shared.clone()) };
    Dialogue::new(engine, settings, source).serve(shared, started)
}
