//! `morris check`: judges someone else's engine by what the tournament assignment
//! demands (`docs/referee.md` quotes the sentence each required check rests on), and
//! separately reports our protocol's conveniences, and our rules where the assignment says
//! nothing (the draw rules, a mill against mills), as warnings.
//!
//! A short session as white (first move, `isready`, `quit`), then whole games against
//! the checker's seeded moves, alternating the engine's colour and the checker's
//! [`checker::CheckerStyle`], until every [`Situation`] was met (or `--games` were
//! played). Every reply is timed and checked with the rules; the first black game also
//! sends an illegal move. Checking stops at the first failed required check. The rules
//! decide legality and score the games; nothing here searches.
//!
//! On the referee's fourth floor, beside `game`: it drives one [`EngineProcess`] and
//! imports only the floors below.

pub mod checker;
pub mod report;

use std::collections::BTreeSet;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use super::engine::{EngineCommand, EngineMessage, EngineOutput, EngineProcess, Placement, StartInfo};
use super::outcome::openings::random_openings;
use super::outcome::result::GameResult;
use super::outcome::stats::UsageTally;
use super::outcome::time_control::TimeControl;
use super::outcome::usage::Meter;
use super::sandbox::jail::Sandbox;
use crate::protocol::FromEngine;
use crate::rules::notation::game_after;
use crate::rules::{Color, DrawReason, Game, Move, Outcome, Phase, Position, Ruleset};
use checker::{CheckerStyle, claimed_result, situations_of};
pub use report::{Check, Contract, Item, Report, Situation, Status};

/// How long the checker watches for a stray move line after the engine's first move of a
/// session (a second move printed at once is the usual out-of-turn bug).
const QUIET_AFTER_MOVE: Duration = Duration::from_millis(60);
/// How long the checker waits, in the first game as black, before white's first move: a
/// move printed meanwhile is black moving first.
const QUIET_BLACK_START: Duration = Duration::from_millis(500);
/// How long the checker keeps watching after a `result` line for a move printed after it.
const QUIET_AFTER_RESULT: Duration = Duration::from_millis(100);
/// How long an engine may take to exit after end of input or `quit`.
const EXIT_WAIT: Duration = Duration::from_secs(1);
/// A game longer than this is abandoned (the draw rules end real games long before).
const MAX_CHECK_PLIES: usize = 1000;

/// How the check runs.
#[derive(Clone, Debug)]
pub struct CheckSettings {
    /// Rules the checker applies.
    pub rules: &'static Ruleset,
    /// The time per move given to the engine, its grace, and the start-up allowance of
    /// each session's first move (a game clock is not used: the check keeps a per-move
    /// limit).
    pub time: TimeControl,
    /// Seed of the checker's moves.
    pub seed: u64,
    /// Most whole games to play (at least 2: one as each colour); fewer when every
    /// situation was met sooner.
    pub games: usize,
    /// Arguments appended to the engine command (the rule flags, if passed on).
    pub engine_extra: Vec<String>,
    /// The sandbox the engine runs in.
    pub sandbox: Sandbox,
}

/// A failed required check: checking stops here.
struct Fault {
    check: Check,
    detail: String,
}

fn fault(check: Check, detail: impl Into<String>) -> Fault {
    Fault { check, detail: detail.into() }
}

/// What the checks found so far.
struct Findings {
    results: [Option<Result<String, String>>; Check::ALL.len()],
    situations: BTreeSet<Situation>,
    /// Engine moves read, and the longest time one took (first moves of a session aside).
    moves: usize,
    longest: Duration,
    /// Game ends watched, exits after end of input, sessions that ran to their end.
    game_ends: usize,
    eof_exits: usize,
    /// Games played to their end as white and as black, with a word on each.
    games: (usize, usize),
    game_notes: (Vec<String>, Vec<String>),
    /// Whether the engine has been started as black yet.
    black_started: bool,
    /// The kinds of [`Check::OurRules`] warnings given so far.
    ours_told: BTreeSet<&'static str>,
    /// What the engine used in every session it was started for, the one cut short by a
    /// failed required check too.
    usage: UsageTally,
}

impl Findings {
    fn new() -> Findings {
        Findings {
            results: Default::default(),
            situations: BTreeSet::new(),
            moves: 0,
            longest: Duration::ZERO,
            game_ends: 0,
            eof_exits: 0,
            games: (0, 0),
            game_notes: (Vec::new(), Vec::new()),
            black_started: false,
            ours_told: BTreeSet::new(),
            usage: UsageTally::default(),
        }
    }

    fn pass(&mut self, check: Check, detail: impl Into<String>) {
        let slot = &mut self.results[check as usize];
        if !matches!(slot, Some(Err(_))) {
            *slot = Some(Ok(detail.into()));
        }
    }

    fn fail(&mut self, check: Check, detail: impl Into<String>) {
        let slot = &mut self.results[check as usize];
        if !matches!(slot, Some(Err(_))) {
            *slot = Some(Err(detail.into()));
        }
    }

    /// A warning of [`Check::OurRules`]: each kind of departure (`kind`) is told once,
    /// all of them in one detail.
    fn note_ours(&mut self, kind: &'static str, detail: String) {
        if !self.ours_told.insert(kind) {
            return;
        }
        match &mut self.results[Check::OurRules as usize] {
            Some(Err(told)) => {
                told.push_str("; also, ");
                told.push_str(&detail);
            }
            slot => *slot = Some(Err(detail)),
        }
    }

    fn has_failed(&self, check: Check) -> bool {
        matches!(self.results[check as usize], Some(Err(_)))
    }
}

/// One engine process and the game as the checker sees it.
struct CheckedEngine {
    process: EngineProcess,
    events: Receiver<EngineMessage>,
    game: Game,
    color: Color,
    /// When the engine's clock started: the last line written to it (or its start).
    sent_at: Instant,
    /// When the last move was made (sent, or read from the engine).
    last_move_at: Instant,
    /// The engine's moves read in this session.
    replies: usize,
    /// The last `result …` line it printed.
    claim: Option<String>,
    /// The last line that was no move it printed since the last line written to it: a
    /// timeout's message quotes it (`move A1`, `d1 d2`: moves a harness cannot read).
    said: Option<String>,
    /// Whether its output has ended.
    closed: bool,
    /// Its CPU time on its turns and the checker's.
    meter: Meter,
}

/// A line read from the engine, already classified.
enum EngineLine {
    /// A move in the tournament assignment's notation, as written, and when it was read.
    Move(Move, String, Instant),
    /// A lower-case keyword line (not blank), trimmed.
    Keyword(String),
    /// A line that is neither, and why it is no move.
    Other(String, String),
    /// Its output ended.
    Eof,
    /// Nothing by the deadline.
    Timeout,
}

impl CheckedEngine {
    /// Starts `engine` as `color`, after the moves of `opening` (white-space separated,
    /// legal; empty: the start).
    fn start(
        engine: &EngineCommand,
        color: Color,
        settings: &CheckSettings,
        opening: &str,
    ) -> Result<CheckedEngine, Fault> {
        let (tx, events) = mpsc::channel();
        let time = TimeControl { clock: None, ..settings.time };
        let start = StartInfo { color, time, opening, extra: &settings.engine_extra };
        let check = if color == Color::White { Check::PlaysWhite } else { Check::PlaysBlack };
        let place = Placement { sandbox: &settings.sandbox, folder: engine.folder.as_deref(), core: None };
        let process = EngineProcess::spawn(&engine.name, &engine.argv(&start), color, tx, place)
            .map_err(|e| fault(check, e.to_string()))?;
        let sent_at = process.started();
        let game = game_after(settings.rules, opening)
            .map_err(|e| fault(check, format!("the checker's own opening {opening:?} does not read: {e}")))?;
        let own_turn = game.position().side_to_move() == color;
        Ok(CheckedEngine {
            process,
            events,
            game,
            color,
            sent_at,
            last_move_at: sent_at,
            replies: 0,
            claim: None,
            said: None,
            closed: false,
            meter: Meter::new(own_turn),
        })
    }

    /// Stops the engine and counts what it used in this session. It is sampled before it
    /// is stopped too: without a cgroup only `/proc` tells, and only of a running process
    /// (one that failed a check may still be running).
    fn stop(&mut self, tally: &mut Findings) {
        self.process.usage();
        self.process.stop();
        tally.usage.add(&self.meter.finish(self.process.usage()));
    }

    /// Where the game stands, for messages: `as black at ply 12`.
    fn at(&self) -> String {
        format!("as {} at ply {}", self.color.name(), self.game.len() + 1)
    }

    /// The next line that is not blank, by `deadline`.
    fn next(&mut self, deadline: Instant) -> EngineLine {
        let topology = self.game.position().topology();
        loop {
            if self.closed {
                return EngineLine::Eof;
            }
            let Ok(event) = self.events.recv_timeout(deadline.saturating_duration_since(Instant::now())) else {
                return EngineLine::Timeout;
            };
            let text = match event.output {
                EngineOutput::Eof => {
                    self.closed = true;
                    return EngineLine::Eof;
                }
                EngineOutput::Line(text) => text,
            };
            match FromEngine::parse_on(&text, topology) {
                Ok(FromEngine::Blank) => {}
                Ok(FromEngine::Keyword { .. }) => {
                    let text = text.trim().to_string();
                    log::debug!("{}: {text}", self.process.name());
                    if text.starts_with("result") {
                        self.claim = Some(text.clone());
                    }
                    self.said = Some(text.clone());
                    return EngineLine::Keyword(text);
                }
                Err(e) => {
                    self.said = Some(text.trim().to_string());
                    return EngineLine::Other(text.trim().to_string(), e.to_string());
                }
                Ok(FromEngine::Move(m)) => return EngineLine::Move(m, text.trim().to_string(), event.at),
            }
        }
    }

    /// Why its output ended: the exit status and what its stderr said.
    fn crash_detail(&mut self, when: &str) -> String {
        let mut detail = match self.process.exit_status_within(Duration::from_millis(200)) {
            Some(s) => format!("it exited {when} ({s})"),
            None => format!("it closed its output {when}"),
        };
        // Its last words are part of the reason: wait briefly for its stderr to end.
        self.process.stderr_ended_within(Duration::from_millis(100));
        if let Some(said) = self.process.stderr_said() {
            detail.push_str(&format!("; {said}"));
        }
        detail
    }

    fn send(&mut self, text: &str) -> Result<(), Fault> {
        match self.process.send(text) {
            Ok(at) => {
                self.sent_at = at;
                self.said = None;
                Ok(())
            }
            Err(e) => {
                let when = format!("{} (writing {text:?} failed: {e})", self.at());
                Err(fault(Check::StaysUp, self.crash_detail(&when)))
            }
        }
    }

    /// Watches for `wait`: a move line now is out of turn; keyword lines are fine.
    fn quiet(&mut self, wait: Duration, when: &str) -> Result<(), Fault> {
        let deadline = Instant::now() + wait;
        loop {
            match self.next(deadline) {
                EngineLine::Timeout => return Ok(()),
                EngineLine::Keyword(_) => {}
                EngineLine::Move(_, text, _) | EngineLine::Other(text, _) => {
                    return Err(fault(Check::Turn, format!("it wrote {text:?} {when}, when it was not its turn")));
                }
                EngineLine::Eof => {
                    let when = format!("{} ({when})", self.at());
                    return Err(fault(Check::StaysUp, self.crash_detail(&when)));
                }
            }
        }
    }

    /// Reads the engine's move within `limit` of the last write and plays it.
    fn engine_move(&mut self, limit: Duration, tally: &mut Findings) -> Result<(), Fault> {
        let deadline = self.sent_at + limit;
        loop {
            match self.next(deadline) {
                EngineLine::Timeout => {
                    let last = match (&self.claim, &self.said) {
                        (Some(l), _) => format!(" (its last result line: {l})"),
                        // A line a harness passes over as a keyword: a move in the wrong
                        // form, most often.
                        (None, Some(l)) => format!(" (its last line, not a move: {})", crate::referee::game::quoted(l)),
                        (None, None) => " (it wrote nothing in that time: is each move flushed at once?)".to_string(),
                    };
                    return Err(fault(
                        Check::Time,
                        format!("no move within {:.3} s {}{last}", limit.as_secs_f64(), self.at()),
                    ));
                }
                EngineLine::Eof => {
                    let when = format!("during a game, {}", self.at());
                    return Err(fault(Check::StaysUp, self.crash_detail(&when)));
                }
                EngineLine::Keyword(_) => {}
                EngineLine::Other(text, e) => {
                    return Err(fault(
                        Check::Notation,
                        format!(
                            "it wrote {text:?} {}, which is neither a move nor a lower-case line: {e} (debug output \
                             belongs on stderr)",
                            self.at()
                        ),
                    ));
                }
                EngineLine::Move(_, text, _) if text.chars().any(|c| c.is_ascii_lowercase()) => {
                    // We read it, but a harness that forwards only the lines not starting with
                    // a lower-case letter (protocol.md §2) passes over `a1` and `d2-f2`.
                    return Err(fault(
                        Check::Notation,
                        format!(
                            "it wrote {text:?} {}: a move is written in upper case ({}), or a harness that forwards \
                             only lines not starting with a lower-case letter passes over it",
                            self.at(),
                            text.to_ascii_uppercase()
                        ),
                    ));
                }
                EngineLine::Move(m, text, at) => {
                    let took = at.saturating_duration_since(self.sent_at);
                    if took > limit {
                        return Err(fault(
                            Check::Time,
                            format!(
                                "its move {text} {} came after {:.3} s; the limit is {:.3} s",
                                self.at(),
                                took.as_secs_f64(),
                                limit.as_secs_f64()
                            ),
                        ));
                    }
                    let at_text = self.at();
                    if self.game.position().is_legal(m) {
                        tally.situations.extend(situations_of(&self.game, m));
                        self.game.play_unchecked(m);
                    } else if self.game.outcome().is_none() && removes_nothing_from_mills(self.game.position(), m) {
                        // The assignment lets a mill remove only a stone that stands in no
                        // mill, so with every stone in one it may remove nothing.
                        tally.note_ours(
                            "mill",
                            format!(
                                "it played {text} {at_text}, closing a mill and removing nothing while every \
                                 opponent stone stood in a mill: rules.md removes one of them then, the \
                                 assignment says nothing"
                            ),
                        );
                        tally.situations.insert(Situation::AllInMills);
                        self.game.play_unchecked(m);
                    } else {
                        let why = self.game.position().check_move(m).err().map_or(String::new(), |e| format!(": {e}"));
                        return Err(fault(Check::Legal, format!("it played {text} {at_text}{why}")));
                    }
                    tally.moves += 1;
                    if self.replies > 0 {
                        tally.longest = tally.longest.max(took);
                    }
                    self.replies += 1;
                    self.last_move_at = at;
                    self.meter.mark(self.process.usage(), false);
                    return Ok(());
                }
            }
        }
    }

    /// Plays the checker's move (after making sure the engine printed nothing out of
    /// turn); `false` if it has none that the assignment allows (every one would remove a
    /// stone from a mill), and the game is abandoned.
    fn our_move(
        &mut self,
        style: CheckerStyle,
        rng: &mut Xoshiro256PlusPlus,
        tally: &mut Findings,
    ) -> Result<bool, Fault> {
        let when = format!("before the checker's move {}", self.at());
        self.quiet(Duration::ZERO, &when)?;
        let Some(m) = style.choose(self.game.position(), rng) else {
            return Ok(false);
        };
        tally.situations.extend(situations_of(&self.game, m));
        self.game.play_unchecked(m);
        let text = m.display(self.game.position().topology()).to_string();
        self.meter.mark(self.process.usage(), true);
        self.send(&text)?;
        self.last_move_at = self.sent_at;
        Ok(true)
    }

    /// Sends a placement on the engine's last point (illegal: occupied). The assignment
    /// says nothing of an opponent's illegal move (a harness never forwards one), so both
    /// surviving it and answering with a keyword line are recommended. `Err` says how the
    /// engine did not survive it.
    fn illegal_move(&mut self, limit: Duration, tally: &mut Findings) -> Result<String, String> {
        let Some(point) = self.game.last_move().map(Move::to) else {
            return Err("the checker found no illegal move to send".to_string());
        };
        let text = Move::place(point).display(self.game.position().topology()).to_string();
        self.send(&text).map_err(|f| format!("after the illegal move {text}: {}", f.detail))?;
        let deadline = self.sent_at + limit;
        let survived = |what: String| format!("after the illegal move {text}: {what}");
        match self.next(deadline) {
            EngineLine::Keyword(line) => {
                tally.pass(Check::IllegalKeyword, format!("{text} (an occupied point) -> {line:?}"));
                self.quiet(QUIET_AFTER_RESULT, &format!("after answering the illegal move {text}"))
                    .map_err(|f| survived(f.detail))?;
            }
            EngineLine::Timeout => tally.fail(
                Check::IllegalKeyword,
                format!("no answer within {:.3} s to the illegal move {text}", limit.as_secs_f64()),
            ),
            EngineLine::Move(_, reply, _) | EngineLine::Other(reply, _) => {
                return Err(survived(format!("it answered {reply:?}, which a harness takes for a move")));
            }
            EngineLine::Eof => {
                let detail = self.crash_detail("on it");
                return Err(survived(detail));
            }
        }
        Ok(text)
    }

    /// After the game's end: no move line after an ending the assignment defines (a side
    /// reduced to two stones, or blocked), and the `result` line by meaning. After a draw
    /// that only our rules define, a move is the assignment's game going on: a warning
    /// that names the rule, and the game counts as drawn, as our rules say.
    fn after_end(&mut self, outcome: Outcome, limit: Duration, tally: &mut Findings) -> Result<(), Fault> {
        let mut deadline = (self.last_move_at + limit).max(Instant::now() + QUIET_AFTER_RESULT);
        let mut played_on = false;
        loop {
            match self.next(deadline) {
                EngineLine::Timeout | EngineLine::Eof => break,
                EngineLine::Keyword(line) if line.starts_with("result") => {
                    deadline = deadline.min(Instant::now() + QUIET_AFTER_RESULT);
                }
                EngineLine::Keyword(_) => {}
                EngineLine::Move(_, text, _) | EngineLine::Other(text, _) => {
                    let Outcome::Draw(reason) = outcome else {
                        return Err(fault(
                            Check::NoMoveAfterEnd,
                            format!("it wrote {text:?} after the game ended ({outcome}), {}", self.at()),
                        ));
                    };
                    let rules = self.game.position().rules();
                    let rule = match reason {
                        DrawReason::Repetition => format!(
                            "repetition (the same position a {} time: rules.md's repetition rule)",
                            ordinal(rules.repetition)
                        ),
                        DrawReason::NoRemoval => format!(
                            "the no-removal rule ({} plies without a removal: rules.md)",
                            rules.no_removal_plies
                        ),
                    };
                    tally.note_ours(
                        reason_kind(reason),
                        format!(
                            "it played on with {text:?} {} after the game was drawn by {rule}; the assignment \
                             knows no draw, so this is no fault, and the game counts as drawn",
                            self.at()
                        ),
                    );
                    played_on = true;
                    break;
                }
            }
        }
        tally.game_ends += 1;
        let rules = match outcome {
            Outcome::Win { winner, .. } => GameResult::Win(winner),
            Outcome::Draw(_) => GameResult::Draw,
        };
        // Evidence that it knows our draw: silence when it was its turn, or a draw claim
        // (after its own drawing move, silence is what the assignment's game asks too).
        if let Outcome::Draw(_) = outcome
            && !played_on
        {
            let claimed_draw = self.claim.as_deref().and_then(claimed_result) == Some(GameResult::Draw);
            if self.game.position().side_to_move() == self.color {
                tally.pass(Check::OurRules, format!("it stopped at the {outcome}"));
            } else if claimed_draw {
                tally.pass(Check::OurRules, format!("it announced the {outcome}"));
            }
        }
        match &self.claim {
            // An engine that plays on knows no draw, and was told so above.
            None if played_on => {}
            None => tally.fail(
                Check::ResultLine,
                format!("no result line within {:.3} s of the end ({outcome})", limit.as_secs_f64()),
            ),
            Some(line) => match claimed_result(line) {
                Some(r) if r == rules => {
                    tally.pass(Check::ResultLine, format!("{line:?} agrees with the rules: {outcome}"))
                }
                Some(_) => tally.fail(Check::ResultLine, format!("{line:?} disagrees with the rules: {outcome}")),
                None => tally.fail(Check::ResultLine, format!("{line:?} does not say who won (the rules: {outcome})")),
            },
        }
        Ok(())
    }

    /// Closes its input: exiting within [`EXIT_WAIT`], with status 0, is recommended.
    fn end_input(&mut self, tally: &mut Findings) -> Result<(), Fault> {
        self.process.close_stdin();
        match self.process.exit_status_within(EXIT_WAIT) {
            Some(status) => {
                tally.eof_exits += 1;
                if status.success() {
                    tally.pass(Check::ExitZero, "exited 0 every time");
                } else {
                    tally.fail(Check::ExitZero, format!("exited with {status} when its input ended"));
                }
                Ok(())
            }
            None => {
                // The referee stops such an engine itself; the assignment says nothing of input.
                tally.fail(
                    Check::ExitsOnEof,
                    format!(
                        "still running {} s after its input ended ({}), so it was killed",
                        EXIT_WAIT.as_secs(),
                        self.at()
                    ),
                );
                Ok(())
            }
        }
    }
}

/// A name for each draw rule, to tell each once.
const fn reason_kind(reason: DrawReason) -> &'static str {
    match reason {
        DrawReason::Repetition => "repetition",
        DrawReason::NoRemoval => "no-removal",
    }
}

/// `3` as `third`, for the repetition count.
fn ordinal(n: u8) -> String {
    match n {
        1 => "first".to_string(),
        2 => "second".to_string(),
        3 => "third".to_string(),
        4 => "fourth".to_string(),
        5 => "fifth".to_string(),
        n => format!("{n}th"),
    }
}

/// Whether `m` closes a mill and removes nothing while every opponent stone stands in a
/// mill, and would be legal with one of them removed: what the assignment's removal
/// sentence ("any one of the opponent's pieces that is not itself part of a mill") leaves
/// a mill against mills, where `rules.md` removes a stone from a mill.
fn removes_nothing_from_mills(position: &Position, m: Move) -> bool {
    let them = position.stones(!position.side_to_move());
    m.remove().is_none()
        && !them.is_empty()
        && them.is_subset(position.topology().in_mills(them))
        && them.iter().any(|r| position.is_legal(m.with_remove(Some(r))))
}

/// Runs every check against `engine` and returns the report. The engine processes are
/// always stopped.
#[must_use]
pub fn check_engine(engine: &EngineCommand, settings: &CheckSettings) -> Report {
    let mut tally = Findings::new();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(settings.seed);
    let outcome = white_session(engine, settings, &mut tally).and_then(|()| {
        for index in 0..settings.games.max(2) {
            // The illegal move is sent once only, so a game is played again at most once.
            if let Counting::Again = play_game(engine, settings, index, &mut rng, &mut tally)? {
                play_game(engine, settings, index, &mut rng, &mut tally)?;
            }
            let both = tally.games.0 > 0 && tally.games.1 > 0;
            if both && Situation::ALL.iter().all(|s| tally.situations.contains(s)) {
                break;
            }
        }
        Ok(())
    });
    let stopped = outcome.is_err();
    match outcome {
        Ok(()) => opening_sessions(engine, settings, &mut tally),
        Err(f) => tally.fail(f.check, f.detail),
    }
    report(engine, &tally, stopped, &settings.time)
}

/// The plies of the openings the engine is started with: four (White to move, as
/// `--random-plies 4` starts a match) with the engine as white, then three with it as
/// black, its turn at once.
const OPENING_PLIES: [(Color, usize); 2] = [(Color::White, 4), (Color::Black, 3)];

/// Two short sessions started with `--opening`: the engine must play a legal move from
/// the position the opening makes, in time. A recommended check: what fails here is a
/// warning, and the sessions end after that move.
fn opening_sessions(engine: &EngineCommand, settings: &CheckSettings, tally: &mut Findings) {
    if engine.is_template() && !engine.words.iter().any(|w| w.contains("{opening}")) {
        tally.fail(
            Check::Opening,
            "its command names its arguments with placeholders but has no {opening}: a match with --random-plies \
             or --openings refuses it",
        );
        return;
    }
    let mut played = Vec::new();
    for (color, plies) in OPENING_PLIES {
        let Some(opening) = random_openings(1, plies, settings.seed, settings.rules).pop() else { return };
        let session = |tally: &mut Findings| -> Result<String, Fault> {
            let mut s = CheckedEngine::start(engine, color, settings, &opening)?;
            let moved = s.engine_move(settings.time.move_limit(true), tally);
            let reply = s.game.moves().last().map(|m| m.display(settings.rules.topology).to_string());
            s.stop(tally);
            moved.map(|()| reply.unwrap_or_default())
        };
        match session(tally) {
            Ok(reply) => played.push(format!("{reply} as {} after \"{opening}\"", color.name())),
            Err(f) => {
                let detail = format!("started as {} with --opening \"{opening}\": {}", color.name(), f.detail);
                tally.fail(Check::Opening, detail);
                return;
            }
        }
    }
    tally.pass(Check::Opening, format!("it played {}", played.join(", and ")));
}

/// The short session as white: its first move, `isready`, `quit`. What the engine used
/// counts whether or not it failed a check.
fn white_session(engine: &EngineCommand, settings: &CheckSettings, tally: &mut Findings) -> Result<(), Fault> {
    let mut s = CheckedEngine::start(engine, Color::White, settings, "")?;
    let checked = white_checks(&mut s, settings, tally);
    s.stop(tally);
    checked
}

/// The checks of the session as white.
fn white_checks(s: &mut CheckedEngine, settings: &CheckSettings, tally: &mut Findings) -> Result<(), Fault> {
    s.engine_move(settings.time.move_limit(true), tally)?;
    s.quiet(QUIET_AFTER_MOVE, "right after its first move as white")?;
    // A harness never sends `isready`, so nothing it does here fails a required check.
    match s.send("isready") {
        Err(_) => tally.fail(Check::IsReady, "it had closed its input"),
        Ok(()) => match s.next(s.sent_at + settings.time.move_limit(false)) {
            EngineLine::Keyword(l) if l == "readyok" => tally.pass(Check::IsReady, "readyok"),
            EngineLine::Keyword(l) => tally.fail(Check::IsReady, format!("it answered {l:?}")),
            EngineLine::Timeout => {
                tally.fail(
                    Check::IsReady,
                    format!("no answer within {:.3} s", settings.time.move_limit(false).as_secs_f64()),
                );
            }
            EngineLine::Move(_, text, _) | EngineLine::Other(text, _) => {
                tally.fail(Check::IsReady, format!("it answered {text:?}, which a harness would take for a move"));
            }
            EngineLine::Eof => tally.fail(Check::IsReady, "it exited"),
        },
    }
    if s.closed || s.send("quit").is_err() {
        tally.fail(Check::Quit, "not sent: it had exited after isready");
    } else {
        match s.process.exit_status_within(EXIT_WAIT) {
            Some(status) if status.success() => tally.pass(Check::Quit, "exited 0"),
            Some(status) => tally.fail(Check::Quit, format!("exited with {status}")),
            None => tally.fail(Check::Quit, format!("still running {} s after quit", EXIT_WAIT.as_secs())),
        }
    }
    Ok(())
}

/// Records that the engine did not survive the illegal move (a warning: the assignment
/// does not ask it to), and has the game played again without one, so that the required
/// checks still get their game.
fn replay(tally: &mut Findings, detail: String) -> Counting {
    tally.fail(Check::SurvivesIllegal, detail);
    Counting::Again
}

/// Whether a game counts, or must be played again.
enum Counting {
    /// It was played to its end (or abandoned at the ply cap).
    Counted,
    /// It was cut short by the illegal move the engine did not survive.
    Again,
}

/// One whole game, the engine as black for even `index`, as white for odd. What the
/// engine used counts whether or not it failed a check.
fn play_game(
    engine: &EngineCommand,
    settings: &CheckSettings,
    index: usize,
    rng: &mut Xoshiro256PlusPlus,
    tally: &mut Findings,
) -> Result<Counting, Fault> {
    let color = if index.is_multiple_of(2) { Color::Black } else { Color::White };
    let mut s = CheckedEngine::start(engine, color, settings, "")?;
    let played = game_checks(&mut s, settings, index, rng, tally);
    s.stop(tally);
    played
}

/// The checks of one whole game, `s` playing the `index`-th.
fn game_checks(
    s: &mut CheckedEngine,
    settings: &CheckSettings,
    index: usize,
    rng: &mut Xoshiro256PlusPlus,
    tally: &mut Findings,
) -> Result<Counting, Fault> {
    let color = s.color;
    let style = CheckerStyle::of_game(index);
    let mut illegal_pending = color == Color::Black && !tally.black_started;
    if color == Color::Black && !tally.black_started {
        tally.black_started = true;
        s.quiet(QUIET_BLACK_START, "before white's first move")?;
    }
    let mut after_illegal: Option<String> = None;
    let outcome = loop {
        if let Some(outcome) = s.game.outcome() {
            break Some(outcome);
        }
        if s.game.len() >= MAX_CHECK_PLIES {
            break None;
        }
        if s.game.position().side_to_move() == color {
            let limit = settings.time.move_limit(s.replies == 0);
            let moved = s.engine_move(limit, tally);
            if let Some(text) = after_illegal.take() {
                if let Err(f) = moved {
                    return Ok(replay(tally, format!("after the illegal move {text}: {}", f.detail)));
                }
                tally.pass(Check::SurvivesIllegal, format!("after {text} it answered the next move legally"));
            } else {
                moved?;
            }
            if s.replies == 1 {
                s.quiet(QUIET_AFTER_MOVE, "right after its first move")?;
            }
        } else {
            if illegal_pending && s.replies > 0 && s.game.position().phase(!color) == Phase::Placing {
                illegal_pending = false;
                match s.illegal_move(settings.time.move_limit(false), tally) {
                    Ok(text) => after_illegal = Some(text),
                    Err(detail) => return Ok(replay(tally, detail)),
                }
            }
            if !s.our_move(style, rng, tally)? {
                break None;
            }
        }
    };
    let note = match outcome {
        Some(outcome) => {
            s.after_end(outcome, settings.time.move_limit(false), tally)?;
            format!("{} in {} plies", outcome, s.game.len())
        }
        None if s.game.len() >= MAX_CHECK_PLIES => format!("abandoned after {MAX_CHECK_PLIES} plies"),
        None => format!(
            "abandoned after {} plies: the checker's every move removed a stone from a mill, which the assignment does not allow",
            s.game.len()
        ),
    };
    s.end_input(tally)?;
    let note = format!("game {}: {note}", index + 1);
    if color == Color::White {
        tally.games.0 += 1;
        tally.game_notes.0.push(note);
    } else {
        tally.games.1 += 1;
        tally.game_notes.1.push(note);
    }
    Ok(Counting::Counted)
}

/// Turns the tally into the report: explicit results as recorded, the checks that watch
/// every move passed with what they saw, the rest skipped.
fn report(engine: &EngineCommand, tally: &Findings, stopped: bool, time: &TimeControl) -> Report {
    let seconds = |d: Duration| format!("{:.3} s", d.as_secs_f64());
    let seen = |check: Check| -> Option<String> {
        let moves = tally.moves;
        match check {
            Check::PlaysWhite if tally.games.0 > 0 => Some(tally.game_notes.0.join("; ")),
            Check::PlaysBlack if tally.games.1 > 0 => Some(tally.game_notes.1.join("; ")),
            Check::Notation if moves > 0 => Some(format!("{moves} moves read, every line a move or lower case")),
            Check::Legal if moves > 0 => Some(format!("{moves} moves, all legal")),
            Check::Time if moves > 0 => Some(format!(
                "{moves} moves, the longest in {} (limit {}, {} for a session's first)",
                seconds(tally.longest),
                seconds(time.move_limit(false)),
                seconds(time.move_limit(true))
            )),
            Check::Turn if moves > 0 => Some("no move line out of turn".to_string()),
            Check::NoMoveAfterEnd if tally.game_ends > 0 => {
                Some(format!("nothing but keyword lines after {} game end(s)", tally.game_ends))
            }
            Check::StaysUp if tally.eof_exits > 0 => Some("ran until its input ended".to_string()),
            Check::ExitsOnEof if tally.eof_exits > 0 => {
                Some(format!("exited within {} s, {} time(s)", EXIT_WAIT.as_secs(), tally.eof_exits))
            }
            _ => None,
        }
    };
    let items = Check::ALL
        .iter()
        .map(|&check| {
            let (status, detail) = match (&tally.results[check as usize], seen(check)) {
                (Some(Err(d)), _) => (Status::Fail, d.clone()),
                (Some(Ok(d)), _) => (Status::Pass, d.clone()),
                (None, Some(d)) => (Status::Pass, if stopped { format!("{d} (before the failure)") } else { d }),
                (None, None) if stopped => (Status::Skip, "not reached: checking stopped at the failure".to_string()),
                (None, None) if check == Check::OurRules => {
                    (Status::Skip, "not exercised: no game was drawn by our rules alone".to_string())
                }
                (None, None) => (Status::Skip, "not exercised".to_string()),
            };
            Item { check, status, detail }
        })
        .collect();
    debug_assert!(!stopped || Check::ALL.iter().any(|&c| c.contract() == Contract::Required && tally.has_failed(c)));
    Report {
        engine: engine.name.clone(),
        command: engine.words.join(" "),
        items,
        situations: tally.situations.iter().copied().collect(),
        games: tally.games,
        usage: tally.usage.clone(),
    }
}
