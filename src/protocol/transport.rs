//! The protocol loop's I/O plumbing: reading bounded lines, the reader thread's items,
//! the listener that answers `isready` and takes `stop` while the engine thinks, and the
//! output the loop and the listener share. No game state here: that is [`super::dialogue`]'s.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::{Command, MAX_LINE, Response, ToEngine, format_response, parse_line};
use crate::lines::{ReadLine, read_line};
use crate::topology::Topology;

/// One thing read from the input.
pub(super) enum Received {
    /// A line, without its line end, and when it was read.
    Line(Vec<u8>, Instant),
    /// A line longer than [`MAX_LINE`] (skipped).
    TooLong,
    /// The end of the input.
    Eof,
    /// Reading failed.
    Failed(io::Error),
    /// Sent by the loop itself when a search is over, to end its listener.
    SearchDone,
}

pub(super) fn read_input(input: &mut impl BufRead, buf: &mut Vec<u8>) -> Received {
    match read_line(input, buf, MAX_LINE) {
        Ok(ReadLine::Line) => Received::Line(buf.clone(), Instant::now()),
        Ok(ReadLine::TooLong) => Received::TooLong,
        Ok(ReadLine::Eof) => Received::Eof,
        Err(e) => Received::Failed(e),
    }
}

/// Where the loop's lines come from.
pub(super) enum LineSource<R> {
    /// Read on the loop's own thread, between searches.
    Direct {
        /// The input.
        input: R,
        /// The line buffer.
        buf: Vec<u8>,
    },
    /// Read by a reader thread; a listener takes them during a search.
    Thread {
        /// The lines (locked by the loop, or by the listener during a search).
        rx: Mutex<Receiver<Received>>,
        /// Wakes the listener when the search is over.
        wake: Sender<Received>,
        /// The listener's handle on the output (for `readyok`).
        out: Box<dyn Write + Send>,
    },
}

/// An output shared by the loop and the listener: each line is written under one lock.
pub(super) struct SharedOut<W>(pub(super) Arc<Mutex<W>>);

impl<W> Clone for SharedOut<W> {
    fn clone(&self) -> Self {
        SharedOut(Arc::clone(&self.0))
    }
}

impl<W: Write> SharedOut<W> {
    fn lock(&self) -> std::sync::MutexGuard<'_, W> {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl<W: Write> Write for SharedOut<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.lock().write(buf)
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.lock().write_all(buf)
    }
    fn write_fmt(&mut self, args: std::fmt::Arguments<'_>) -> io::Result<()> {
        // Formatted first, so that a line is never split by the other thread's line.
        let text = std::fmt::format(args);
        self.lock().write_all(text.as_bytes())
    }
    fn flush(&mut self) -> io::Result<()> {
        self.lock().flush()
    }
}

/// What the listener of one search saw.
pub(super) struct Heard {
    /// Lines for after the search, in order.
    pub(super) queued: Vec<Received>,
    /// `quit` or end of input: the loop ends without a move.
    pub(super) quit: bool,
}

/// Takes the input during a search until the loop's [`Received::SearchDone`]
/// (`protocol.md` §3): `isready` answered, `stop` raised, `quit` and end of input raise the
/// stop and end the loop, anything else kept for afterwards.
///
/// While pondering (`ponder`), any line but `isready` also ends the search: the opponent
/// has moved, or wants something else.
pub(super) fn listen(
    rx: &Mutex<Receiver<Received>>,
    stop: &AtomicBool,
    out: &mut dyn Write,
    topology: &Topology,
    ponder: bool,
) -> Heard {
    let rx = rx.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut heard = Heard { queued: Vec::new(), quit: false };
    loop {
        let item = rx.recv().unwrap_or(Received::Eof);
        let line = match &item {
            Received::SearchDone => return heard,
            Received::Eof | Received::Failed(_) => {
                stop.store(true, Ordering::Relaxed);
                heard.quit = true;
                heard.queued.push(item);
                return heard;
            }
            Received::TooLong => None,
            Received::Line(bytes, _) => std::str::from_utf8(bytes).ok().map(|t| parse_line(t, topology)),
        };
        match line {
            Some(Ok(ToEngine::Command(Command::Stop))) => {
                log::debug!("stop during the search");
                stop.store(true, Ordering::Relaxed);
            }
            Some(Ok(ToEngine::Command(Command::Quit))) => {
                stop.store(true, Ordering::Relaxed);
                heard.quit = true;
                return heard;
            }
            Some(Ok(ToEngine::Command(Command::IsReady))) => {
                // A failed write shows again on the loop's next write.
                let _ = writeln!(out, "{}", format_response(&Response::ReadyOk, topology)).and_then(|()| out.flush());
            }
            Some(Ok(ToEngine::Blank)) => {}
            _ => {
                if ponder {
                    stop.store(true, Ordering::Relaxed);
                }
                heard.queued.push(item);
            }
        }
    }
}
