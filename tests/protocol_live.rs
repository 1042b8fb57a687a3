//! The protocol loop with its reader thread (`run_threaded`), fed through a pipe that stays
//! open: `stop`, `quit`, `isready` and end of input during a search that would otherwise
//! run for ten minutes, and the lines that arrive meanwhile kept in order for afterwards.
//! No timing threshold is tight: "at once" here means long before the search would end.

use std::io::{self, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use morris::engine::{Engine, EngineOptions};
use morris::protocol::{GameClocks, ProtocolSettings, run_threaded};
use morris::rules::notation::parse_move;
use morris::rules::{ByColor, Color, Position, STANDARD};
use morris::topology::STANDARD24;

/// The search time of every session here: far longer than any test may take.
const LONG: Duration = Duration::from_secs(600);

/// What a session is started with (the engine's flags of the same names; the flags
/// themselves are tested with the command line, in `src/cmd/engine.rs`).
#[derive(Clone, Copy)]
struct Flags {
    color: Color,
    movetime: Duration,
    /// `--time T --inc I`.
    clock: Option<(Duration, Duration)>,
    ponder: bool,
}

impl Flags {
    fn movetime(color: Color, movetime: Duration) -> Flags {
        Flags { color, movetime, clock: None, ponder: false }
    }
}
/// How long a test waits for a line before failing (a loaded machine is slow, not this slow).
const PATIENCE: Duration = Duration::from_secs(120);

/// Sends each complete output line over a channel.
struct LineSink {
    tx: Sender<String>,
    buf: Vec<u8>,
}

impl Write for LineSink {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.buf.extend_from_slice(bytes);
        while let Some(i) = self.buf.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.buf.drain(..=i).collect();
            let text = String::from_utf8(line).expect("UTF-8 output");
            let _ = self.tx.send(text.trim_end().to_string());
        }
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// An engine running the threaded loop, with a pipe to its input and its output lines.
struct Live {
    input: Option<io::PipeWriter>,
    lines: Receiver<String>,
    loop_thread: JoinHandle<io::Result<()>>,
    started: Instant,
}

impl Live {
    fn start(flags: Flags) -> Live {
        let mut engine =
            Engine::new(EngineOptions { hash_mb: 1, ..EngineOptions::default() }, Position::start(&STANDARD));
        let settings = ProtocolSettings {
            color: flags.color,
            movetime: flags.movetime,
            depth: None,
            info: false,
            clock: flags
                .clock
                .map(|(t, inc)| GameClocks { remaining: ByColor([t, t]), increment: ByColor([inc, inc]) }),
            ponder: flags.ponder,
        };
        let (reader, writer) = io::pipe().expect("a pipe");
        let (tx, lines) = mpsc::channel();
        let sink = LineSink { tx, buf: Vec::new() };
        let loop_thread = std::thread::spawn(move || run_threaded(reader, sink, &mut engine, settings, Instant::now()));
        Live { input: Some(writer), lines, loop_thread, started: Instant::now() }
    }

    fn send(&mut self, text: &str) {
        let input = self.input.as_mut().expect("input open");
        input.write_all(text.as_bytes()).expect("the engine reads its input");
    }

    /// The next output line that is not `info`.
    fn next_line(&self) -> String {
        loop {
            let line = self.lines.recv_timeout(PATIENCE).expect("a line in time");
            if !line.starts_with("info ") {
                return line;
            }
        }
    }

    /// Waits for the first `info` line: the search is under way.
    fn wait_for_search(&self) {
        let line = self.lines.recv_timeout(PATIENCE).expect("an info line");
        assert!(line.starts_with("info "), "expected info, got {line:?}");
    }

    /// Closes the input if still open, waits for the loop to end and returns the lines it
    /// printed since the last one read, without `info` lines, and the time since the start.
    fn finish(mut self) -> (Vec<String>, Duration) {
        drop(self.input.take());
        self.loop_thread.join().expect("the loop does not panic").expect("in-memory I/O does not fail");
        let elapsed = self.started.elapsed();
        let rest = self.lines.try_iter().filter(|l| !l.starts_with("info ")).collect();
        (rest, elapsed)
    }
}

fn is_move(line: &str) -> bool {
    parse_move(line, &STANDARD24).is_ok()
}

/// Well before the search's own end.
fn well_before(elapsed: Duration) {
    assert!(elapsed < Duration::from_secs(300), "took {elapsed:?} of a {LONG:?} search");
}

#[test]
fn stop_plays_the_best_move_so_far_and_isready_is_answered_while_thinking() {
    let mut live = Live::start(Flags::movetime(Color::Black, LONG));
    live.send("info on\nD2\n");
    live.wait_for_search();
    live.send("isready\n");
    assert_eq!(live.next_line(), "readyok", "isready is answered during the search");
    live.send("moves\nstop\n");
    let reply = live.next_line();
    assert!(is_move(&reply), "stop plays a move: {reply:?}");
    // The line read during the search is answered after the move.
    assert!(live.next_line().starts_with("moves "), "the queued command follows the move");
    live.send("quit\n");
    let (rest, elapsed) = live.finish();
    assert!(rest.is_empty(), "nothing after quit: {rest:?}");
    well_before(elapsed);
}

#[test]
fn lines_during_a_search_keep_their_order() {
    let mut live = Live::start(Flags::movetime(Color::Black, LONG));
    // All at once: the search starts on D2 and reads the rest while thinking.
    live.send("D2\nisready\neval\nfoo\nperft 1\nstop\n");
    assert_eq!(live.next_line(), "readyok");
    assert!(is_move(&live.next_line()));
    assert!(live.next_line().starts_with("eval "));
    assert_eq!(live.next_line(), "error unknown command 'foo': type help for the list");
    assert!(live.next_line().starts_with("perft 1 "));
    // A stop with no search running does nothing.
    live.send("stop\nisready\n");
    assert_eq!(live.next_line(), "readyok");
    let (rest, elapsed) = live.finish();
    assert!(rest.is_empty(), "{rest:?}");
    well_before(elapsed);
}

#[test]
fn quit_during_a_search_exits_without_a_move() {
    let mut live = Live::start(Flags::movetime(Color::Black, LONG));
    live.send("info on\nD2\n");
    live.wait_for_search();
    live.send("quit\n");
    // The loop ends with the input still open.
    let Live { input, lines, loop_thread, started } = live;
    loop_thread.join().expect("no panic").expect("no I/O error");
    well_before(started.elapsed());
    let rest: Vec<String> = lines.try_iter().filter(|l| !l.starts_with("info ")).collect();
    assert!(rest.is_empty(), "no move after quit: {rest:?}");
    drop(input);
}

#[test]
fn end_of_input_during_a_search_exits_without_a_move() {
    let mut live = Live::start(Flags::movetime(Color::Black, LONG));
    live.send("info on\nD2\n");
    live.wait_for_search();
    let (rest, elapsed) = live.finish();
    assert!(rest.is_empty(), "no move after the end of input: {rest:?}");
    well_before(elapsed);
}

#[test]
fn a_stop_before_the_search_starts_is_not_lost() {
    // White moves at start-up; the stop is read before or during that search.
    let mut live = Live::start(Flags::movetime(Color::White, LONG));
    live.send("stop\n");
    assert!(is_move(&live.next_line()));
    let (rest, elapsed) = live.finish();
    assert!(rest.is_empty(), "{rest:?}");
    well_before(elapsed);
}

#[test]
fn a_clock_takes_the_place_of_the_time_per_move() {
    // With ten minutes per move but two seconds on the clock, the move comes soon.
    let mut live = Live::start(Flags::movetime(Color::Black, LONG));
    live.send("clock 2 2\nD2\n");
    assert!(is_move(&live.next_line()));
    let (rest, elapsed) = live.finish();
    assert!(rest.is_empty(), "{rest:?}");
    well_before(elapsed);
    // The same from the command line, where the engine keeps its own clock.
    let mut live = Live::start(Flags {
        clock: Some((Duration::from_secs(2), Duration::from_millis(10))),
        ..Flags::movetime(Color::Black, LONG)
    });
    live.send("D2\nF4\n");
    assert!(is_move(&live.next_line()));
    let second = live.next_line();
    assert!(is_move(&second) || second.starts_with("illegal F4"), "{second:?}");
    let (_, elapsed) = live.finish();
    well_before(elapsed);
}

/// A placing move for White on none of `taken`.
fn free_point(taken: &[&str]) -> &'static str {
    ["A7", "G7", "A1", "G1", "D7", "D1"].into_iter().find(|p| !taken.iter().any(|t| t.contains(p))).expect("a point")
}

#[test]
fn pondering_gives_way_to_the_opponents_move_and_to_quit() {
    for ponder in [true, false] {
        let flags = Flags { ponder, ..Flags::movetime(Color::Black, Duration::from_millis(200)) };
        let mut live = Live::start(flags);
        if !ponder {
            live.send("ponder on\n");
        }
        live.send("D2\n");
        let first = live.next_line();
        assert!(is_move(&first), "{first:?}");
        // Now the engine thinks on White's time, and still answers at once.
        live.send("isready\n");
        assert_eq!(live.next_line(), "readyok");
        let white = free_point(&["D2", &first]);
        live.send(&format!("{white}\n"));
        let second = live.next_line();
        assert!(is_move(&second), "ponder {ponder}: the move after pondering: {second:?}");
        live.send("quit\n");
        let Live { input, lines, loop_thread, started } = live;
        loop_thread.join().expect("no panic").expect("no I/O error");
        well_before(started.elapsed());
        assert!(lines.try_iter().all(|l| l.starts_with("info ")), "nothing after quit");
        drop(input);
    }
}
