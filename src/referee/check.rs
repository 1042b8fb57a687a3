//! `morris check`: a protocol-compliance check of someone else's engine, as a list of
//! passed and failed items.
//!
//! Two sessions: one as white (moves at once, exits on `quit`), one as black, where the
//! checker plays seeded random legal moves: answers in time, answers an illegal move with
//! a keyword line and keeps its position, plays to the end with legal moves, prints a
//! `result` line, exits on EOF. The rules decide legality; nothing here searches.

use std::fmt;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;

use super::process::{EngineCommand, EngineProcess, Event, Output, StartInfo};
use crate::protocol::FromEngine;
use crate::rules::{Color, Game, Move, MoveList, Position, Ruleset};

/// How the check runs.
#[derive(Clone, Debug)]
pub struct CheckSettings {
    /// Rules the checker applies.
    pub rules: &'static Ruleset,
    /// Time per move given to the engine.
    pub movetime: Duration,
    /// Slack added to the time per move.
    pub grace: Duration,
    /// Slack added to the first move (start-up).
    pub startup: Duration,
    /// Seed of the checker's random moves.
    pub seed: u64,
    /// Arguments appended to the engine command (the rule flags, if passed on).
    pub engine_extra: Vec<String>,
}

/// Outcome of one check item.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// It passed.
    Pass,
    /// It failed.
    Fail,
    /// Not run because an earlier item failed.
    Skip,
}

/// One line of the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// Passed, failed or skipped.
    pub status: Status,
    /// What was checked.
    pub name: &'static str,
    /// What happened.
    pub detail: String,
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = match self.status {
            Status::Pass => "PASS",
            Status::Fail => "FAIL",
            Status::Skip => "SKIP",
        };
        write!(f, "{word}  {}: {}", self.name, self.detail)
    }
}

/// The names of the check items, in report order.
pub const ITEMS: [&str; 8] = [
    "starts as white and moves at once",
    "exits on quit",
    "starts as black and answers the first move",
    "answers within the time limit",
    "rejects an illegal move with a keyword line",
    "keeps its position after an illegal move",
    "plays legal moves to the end and prints a result line",
    "exits on EOF",
];

/// One engine process and the game as the checker sees it.
struct Session {
    process: EngineProcess,
    events: Receiver<Event>,
    game: Game,
    sent_at: Instant,
}

/// A reply that was waited for.
enum Reply {
    Move(Move, String, Duration),
    Keyword(String),
}

impl Session {
    fn start(engine: &EngineCommand, color: Color, settings: &CheckSettings) -> Result<Session, String> {
        let (tx, events) = mpsc::channel();
        let start = StartInfo { color, movetime: settings.movetime, opening: "", extra: &settings.engine_extra };
        let process =
            EngineProcess::spawn(&engine.name, &engine.argv(&start), color, tx).map_err(|e| format!("{e:#}"))?;
        let sent_at = process.started();
        Ok(Session { process, events, game: Game::new(Position::start(settings.rules)), sent_at })
    }

    fn send(&mut self, text: &str) -> Result<(), String> {
        self.sent_at = self.process.send(text).map_err(|e| format!("cannot write {text:?} to it: {e}"))?;
        Ok(())
    }

    /// The next move or keyword line within `limit` of the last write; blank lines skipped.
    fn reply(&mut self, limit: Duration, keywords_too: bool) -> Result<Reply, String> {
        let deadline = self.sent_at + limit;
        let topology = self.game.position().topology();
        loop {
            let event = self
                .events
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
                .map_err(|_| format!("no reply within {:.3} s", limit.as_secs_f64()))?;
            let text = match event.output {
                Output::Eof => return Err("it closed its output (exited)".to_string()),
                Output::Line(text) => text,
            };
            let took = event.at.saturating_duration_since(self.sent_at);
            if took > limit {
                return Err(format!(
                    "its reply {:?} came after {:.3} s, limit {:.3} s",
                    text.trim(),
                    took.as_secs_f64(),
                    limit.as_secs_f64()
                ));
            }
            match FromEngine::parse_on(&text, topology) {
                Ok(FromEngine::Blank) => {}
                Ok(FromEngine::Keyword { .. }) if keywords_too => return Ok(Reply::Keyword(text.trim().to_string())),
                Ok(FromEngine::Keyword { .. }) => log::debug!("{}: {}", self.process.name(), text.trim()),
                Err(e) => return Err(format!("it sent {:?}, which is not a move: {e}", text.trim())),
                Ok(FromEngine::Move(m)) => return Ok(Reply::Move(m, text.trim().to_string(), took)),
            }
        }
    }

    /// Waits for the engine's move and plays it; describes what it played.
    fn engine_move(&mut self, limit: Duration) -> Result<String, String> {
        match self.reply(limit, false)? {
            Reply::Move(m, text, took) => {
                self.game.play(m).map_err(|e| format!("it played {text:?}, which is illegal: {e}"))?;
                Ok(format!("{text} in {:.3} s", took.as_secs_f64()))
            }
            Reply::Keyword(line) => Err(format!("unexpected line {line:?}")),
        }
    }

    /// Plays a random legal move for the checker and sends it.
    fn our_move(&mut self, rng: &mut Xoshiro256PlusPlus) -> Result<(), String> {
        let mut list = MoveList::new();
        self.game.position().legal_moves(&mut list);
        let m = *list.as_slice().choose(rng).ok_or("the checker has no legal move")?;
        self.game.play(m).map_err(|e| e.to_string())?;
        let text = m.display(self.game.position().topology()).to_string();
        self.send(&text)
    }
}

/// Builds the report as items pass; the rest are skipped after a failure.
struct Report {
    items: Vec<Item>,
}

impl Report {
    fn record(&mut self, name: &'static str, outcome: Result<String, String>) -> bool {
        let ok = outcome.is_ok();
        let (status, detail) = match outcome {
            Ok(d) => (Status::Pass, d),
            Err(d) => (Status::Fail, d),
        };
        self.items.push(Item { status, name, detail });
        ok
    }

    fn skip_rest(&mut self, from: usize, until: usize) {
        for &name in &ITEMS[from..until] {
            self.items.push(Item { status: Status::Skip, name, detail: "not run after the failure above".to_string() });
        }
    }

    /// Records item `index`; on failure skips the items after it up to `until` (the end of
    /// its session) and gives `None`, so a session's steps chain with `?`.
    fn require(&mut self, index: usize, until: usize, outcome: Result<String, String>) -> Option<()> {
        if self.record(ITEMS[index], outcome) {
            Some(())
        } else {
            self.skip_rest(index + 1, until);
            None
        }
    }
}

/// Whether the engine exits with status 0 within a second of `after` (`quit`, EOF).
fn exits_cleanly(process: &mut EngineProcess, after: &str) -> Result<String, String> {
    match process.exit_status_within(Duration::from_secs(1)) {
        Some(s) if s.success() => Ok("exited 0".to_string()),
        Some(s) => Err(format!("exited with {s}")),
        None => Err(format!("still running 1 s after {after}")),
    }
}

/// The white session's items are those before this index.
const WHITE_END: usize = 2;

/// Runs every check item against `engine` and returns the report (in [`ITEMS`] order).
/// The engine processes are always stopped.
#[must_use]
pub fn check_engine(engine: &EngineCommand, settings: &CheckSettings) -> Vec<Item> {
    let mut report = Report { items: Vec::new() };
    let limit = settings.movetime + settings.grace;
    let first_limit = limit + settings.startup;

    // Session 1: white.
    match Session::start(engine, Color::White, settings) {
        Err(e) => {
            let _ = report.require(0, WHITE_END, Err(e));
        }
        Ok(mut white) => {
            if report.require(0, WHITE_END, white.engine_move(first_limit)).is_some() {
                let quit = white.send("quit").and_then(|()| exits_cleanly(&mut white.process, "quit"));
                report.record(ITEMS[1], quit);
            }
            white.process.stop();
        }
    }

    // Session 2: black, against seeded random moves.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(settings.seed);
    match Session::start(engine, Color::Black, settings) {
        Err(e) => {
            let _ = report.require(WHITE_END, ITEMS.len(), Err(e));
        }
        Ok(mut black) => {
            let _ = black_session(&mut black, &mut report, &mut rng, limit, first_limit);
            black.process.stop();
        }
    }
    report.items
}

/// Items 2.. against the engine as black; stops at the first failure of items 2–5.
fn black_session(
    black: &mut Session,
    report: &mut Report,
    rng: &mut Xoshiro256PlusPlus,
    limit: Duration,
    first_limit: Duration,
) -> Option<()> {
    let end = ITEMS.len();
    let answered = black.our_move(rng).and_then(|()| black.engine_move(first_limit));
    report.require(2, end, answered)?;
    let timely = black
        .our_move(rng)
        .and_then(|()| black.engine_move(limit).map(|d| format!("{d} (limit {:.3} s)", limit.as_secs_f64())));
    report.require(3, end, timely)?;
    // A placement on an occupied point is well-formed and illegal in every placing position.
    let occupied = black.game.last_move().map(Move::to);
    let illegal = occupied.map(|p| Move::place(p).display(black.game.position().topology()).to_string());
    let rejected = match illegal {
        None => Err("the checker found no illegal move to send".to_string()),
        Some(text) => black.send(&text).and_then(|()| match black.reply(limit, true) {
            Ok(Reply::Keyword(line)) => Ok(format!("{text} -> {line:?}")),
            Ok(Reply::Move(_, mv, _)) => Err(format!("it answered the illegal move {text} with the move {mv}")),
            Err(e) => Err(format!("after the illegal move {text}: {e}")),
        }),
    };
    report.require(4, end, rejected)?;
    let kept = black.our_move(rng).and_then(|()| black.engine_move(limit));
    report.require(5, end, kept)?;
    let finished = play_out(black, rng, limit);
    report.record(ITEMS[6], finished);
    black.process.close_stdin();
    report.record(ITEMS[7], exits_cleanly(&mut black.process, "EOF"));
    Some(())
}

/// Plays the game to its end (the engine as black), then waits for a `result` line that
/// agrees with the rules.
fn play_out(s: &mut Session, rng: &mut Xoshiro256PlusPlus, limit: Duration) -> Result<String, String> {
    let mut plies = 0usize;
    let outcome = loop {
        if let Some(o) = s.game.outcome() {
            break o;
        }
        if s.game.position().side_to_move() == Color::White {
            s.our_move(rng)?;
        } else {
            s.engine_move(limit).map_err(|e| format!("after {} plies: {e}", s.game.len()))?;
        }
        plies += 1;
    };
    // The last move (ours or its own) ends the game; its result line follows.
    s.sent_at = Instant::now();
    loop {
        match s.reply(limit, true) {
            Ok(Reply::Keyword(line)) if line.starts_with("result") => {
                let word = line.split_whitespace().nth(1).unwrap_or("");
                let rules = format!("{} {}", outcome.result_word(), outcome.reason());
                return if word == outcome.result_word() {
                    Ok(format!("{plies} plies, {line:?}; the rules agree: {rules}"))
                } else {
                    Err(format!("its {line:?} disagrees with the rules: {rules}"))
                };
            }
            Ok(Reply::Keyword(_)) => {}
            Ok(Reply::Move(_, text, _)) => {
                return Err(format!("it played {text} after the game ended ({})", outcome.reason()));
            }
            Err(e) => return Err(format!("no result line after the game ended ({}): {e}", outcome.reason())),
        }
    }
}
