//! One refereed game: two engine processes, every move checked with `rules`, relayed to
//! the other side, timed, and adjudicated.
//!
//! What loses (the other side is credited with the win): an illegal move, a malformed
//! move line, no move within the time limit, a crash or closed output, and a move line
//! while it is not the engine's turn. What ends a game otherwise: the rules (win, loss or
//! draw by `Game::outcome`) and, as a last resort, the ply cap (a draw). Lines that start
//! with a lower-case keyword (`info`, `result`, `illegal`, `error`) are logged; an
//! engine's `result` line is advisory and only recorded.
//!
//! On the referee's fourth floor: it drives two [`EngineProcess`]es (the floor below)
//! and fills in the first floor's [`FinishedGame`] and [`Played`]; the runner above plays
//! many games with it.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::protocol::FromEngine;
use crate::rules::{ByColor, Color, Ruleset};

use super::engine::{EngineCommand, EngineMessage, EngineOutput, EngineProcess, Placement, StartInfo};
use super::outcome::openings::OpeningError;
use super::outcome::result::{FinishedGame, Forfeit, GameResult, Played, Termination};
use super::outcome::time_control::{TimeControl, format_seconds};
use super::outcome::usage::Meter;
use super::sandbox::jail::Sandbox;

/// How games are played: the same for every game of a match or tournament.
#[derive(Clone, Debug)]
pub struct GameSettings {
    /// The rules the referee applies.
    pub rules: &'static Ruleset,
    /// The time per move or the game clock, and the slack allowed beyond it.
    pub time: TimeControl,
    /// Plies after the opening after which the game is drawn.
    pub max_plies: usize,
    /// Arguments appended to every engine command (the rule flags, if passed on).
    pub engine_extra: Vec<String>,
    /// Endgame tables: a game that reaches a position they decide under the rules (at its
    /// count of plies without a removal) ends there with that result.
    pub tablebase: Option<std::sync::Arc<crate::tablebase::Tablebase>>,
    /// The sandbox every engine runs in ([`Sandbox::off`] for trusted engines).
    pub sandbox: Sandbox,
}

/// The result the tables give the game's position under its rules (at its count of plies
/// without a removal), if they cover it.
#[must_use]
pub fn adjudicate(tb: &crate::tablebase::Tablebase, game: &crate::rules::Game) -> Option<Termination> {
    use crate::search::OracleValue;
    let side = game.position().side_to_move();
    let (result, detail) = match tb.value_at_count(game.position(), game.quiet_plies(), true)? {
        OracleValue::Win(n) => (GameResult::Win(side), format!("{} wins (conversion in {n})", side.name())),
        OracleValue::Loss(n) => (GameResult::Win(!side), format!("{} wins (conversion in {n})", (!side).name())),
        OracleValue::Draw => (GameResult::Draw, "a draw with best play".to_string()),
    };
    Some(Termination::Tablebase { result, detail })
}

/// Plays one game between `white` and `black` from `opening` (a legal move list, as
/// checked by `openings`), and stops both engines (and all they started) before
/// returning. `slot` is the game's place among the games played at once: its engines are
/// pinned to cores `2 × slot` (white) and `2 × slot + 1` (black), modulo the cores.
///
/// What each engine used is sampled at each move: CPU time on its own turns and on its
/// opponent's ([`Meter`]), and at the end its peak memory and whether the OOM killer fired.
///
/// # Errors
/// The opening is not legal under `settings.rules` (a caller's bug: openings are checked
/// when loaded).
pub fn play_game(
    number: usize,
    engines: ByColor<&EngineCommand>,
    opening: &str,
    settings: &GameSettings,
    slot: Option<usize>,
) -> Result<Played, OpeningError> {
    let mut game = crate::rules::notation::game_after(settings.rules, opening).map_err(OpeningError::from)?;
    let mut record = FinishedGame {
        number,
        names: ByColor([engines[Color::White].name.clone(), engines[Color::Black].name.clone()]),
        opening: opening.split_whitespace().collect::<Vec<_>>().join(" "),
        moves: Vec::new(),
        termination: Termination::PlyCap(0),
        think: ByColor::default(),
        claims: ByColor::default(),
        pids: ByColor::default(),
        clocks: settings.time.clock.map(|c| ByColor([c.time, c.time])),
        stderr_tail: ByColor::default(),
    };
    let topology = settings.rules.topology;
    let (tx, rx) = mpsc::channel::<EngineMessage>();
    let mut procs: ByColor<Option<EngineProcess>> = ByColor([None, None]);
    for side in Color::ALL {
        let start = StartInfo { color: side, time: settings.time, opening, extra: &settings.engine_extra };
        let place = Placement {
            sandbox: &settings.sandbox,
            folder: engines[side].folder.as_deref(),
            core: slot.map(|s| 2 * s + side.index()),
        };
        match EngineProcess::spawn(&engines[side].name, &engines[side].argv(&start), side, tx.clone(), place) {
            Ok(p) => {
                record.pids[side] = Some(p.pid());
                procs[side] = Some(p);
            }
            Err(e) => {
                record.termination = Termination::Forfeit { loser: side, kind: Forfeit::Start, detail: e.to_string() };
                stop_all(&mut procs, &rx, ByColor([false, false]), &mut record);
                let usage = ByColor::default();
                return Ok(Played { game: record, usage });
            }
        }
    }
    // Only the reader threads hold senders now, so a closed channel means both engines are gone.
    drop(tx);

    let first = game.position().side_to_move();
    let mut sent_at = procs[first].as_ref().map_or_else(Instant::now, EngineProcess::started);
    let mut meters = ByColor([Meter::new(first == Color::White), Meter::new(first == Color::Black)]);
    let mut first_reply = ByColor([true, true]);
    let mut last_line: ByColor<Option<String>> = ByColor::default();
    let mut eof_seen = ByColor([false, false]);
    record.termination = loop {
        if let Some(outcome) = game.outcome() {
            break Termination::Rules(outcome);
        }
        if let Some(adjudication) = settings.tablebase.as_deref().and_then(|tb| adjudicate(tb, &game)) {
            break adjudication;
        }
        if record.moves.len() >= settings.max_plies {
            break Termination::PlyCap(settings.max_plies);
        }
        let side = game.position().side_to_move();
        let budget = record.clocks.map_or(settings.time.movetime, |c| c[side]);
        let limit = settings.time.limit(budget, first_reply[side]);
        let deadline = sent_at + limit;
        let reply = loop {
            let Some(event) = next_event(&rx, deadline) else {
                let last = last_line[side].as_ref().map_or(String::new(), |l| format!(" (its last line: {l})"));
                break Err(forfeit(side, Forfeit::Time, format!("no move within {:.3} s{last}", limit.as_secs_f64())));
            };
            let who = event.side;
            let text = match event.output {
                EngineOutput::Eof => {
                    eof_seen[who] = true;
                    break Err(forfeit(who, Forfeit::Crash, gone(procs[who].as_mut(), "closed its output")));
                }
                EngineOutput::Line(text) => text,
            };
            match FromEngine::parse_on(&text, topology) {
                Ok(FromEngine::Blank | FromEngine::Keyword { .. }) => {
                    note_keyword(&record.names[who], who, &text, &mut record.claims);
                    if !text.trim().is_empty() {
                        last_line[who] = Some(quoted(&text));
                    }
                }
                _ if who != side => {
                    break Err(forfeit(
                        who,
                        Forfeit::Unsolicited,
                        format!("sent {} while it was not its turn", quoted(&text)),
                    ));
                }
                _ if event.at > deadline => {
                    let took = event.at.saturating_duration_since(sent_at).as_secs_f64();
                    break Err(forfeit(
                        side,
                        Forfeit::Time,
                        format!("took {took:.3} s, limit {:.3} s", limit.as_secs_f64()),
                    ));
                }
                Err(e) => {
                    break Err(forfeit(side, Forfeit::Malformed, format!("sent {}: {e}", quoted(&text))));
                }
                Ok(FromEngine::Move(m)) => break Ok((m, text, event.at)),
            }
        };
        let (m, text, at) = match reply {
            Ok(r) => r,
            Err(termination) => {
                if let (Termination::Forfeit { kind: Forfeit::Time, loser, .. }, Some(clocks)) =
                    (&termination, record.clocks.as_mut())
                {
                    // The flag fell.
                    clocks[*loser] = Duration::ZERO;
                }
                break termination;
            }
        };
        let took = at.saturating_duration_since(sent_at);
        if !first_reply[side] {
            record.think[side].push(took);
        }
        if let (Some(clocks), Some(c)) = (record.clocks.as_mut(), settings.time.clock) {
            // Start-up is not charged; the grace is, down to zero.
            let startup = settings.time.startup_for(first_reply[side]);
            clocks[side] = clocks[side].saturating_sub(took.saturating_sub(startup)) + c.increment;
        }
        first_reply[side] = false;
        if let Err(e) = game.play(m) {
            break forfeit(side, Forfeit::Illegal, format!("played {}: {e}", quoted(&text)));
        }
        let canonical = m.display(topology).to_string();
        record.moves.push(canonical.clone());
        // The mover's turn ends and its opponent's begins: sampled before the opponent is
        // sent anything, so neither turn is charged with the other's CPU.
        for c in Color::ALL {
            if let Some(p) = procs[c].as_mut() {
                meters[c].mark(p.usage(), c != side);
            }
        }
        // The last move is relayed too, so the opponent sees the end of the game.
        if let (Some(clocks), Some(c)) = (record.clocks, settings.time.clock)
            && c.send
            && game.outcome().is_none()
            && let Some(p) = procs[!side].as_mut()
        {
            let s = |d: Duration| format_seconds(d);
            // A clock at zero would be refused; the reply then has the grace only.
            let left = |d: Duration| s(d.max(Duration::from_millis(1)));
            let line = format!(
                "clock {} {} {} {}",
                left(clocks[Color::White]),
                left(clocks[Color::Black]),
                s(c.increment),
                s(c.increment)
            );
            let _ = p.send(&line);
        }
        match procs[!side].as_mut().map(|p| p.send(&canonical)) {
            Some(Ok(at)) => sent_at = at,
            // Once the game is over, an opponent that is already gone loses nothing more.
            _ if game.outcome().is_some() => {}
            _ => break forfeit(!side, Forfeit::Crash, gone(procs[!side].as_mut(), "closed its input")),
        }
    };
    log::info!(
        "game {number}: {} (white) vs {} (black): {} by {}",
        record.names[Color::White],
        record.names[Color::Black],
        record.result().word(),
        record.termination
    );
    stop_all(&mut procs, &rx, eof_seen, &mut record);
    blame_limits(&procs, &mut record);
    let mut usage = ByColor::default();
    for side in Color::ALL {
        if let Some(p) = procs[side].as_mut() {
            usage[side] = meters[side].finish(p.usage());
        }
    }
    Ok(Played { game: record, usage })
}

/// A crash or a time forfeit that a sandbox limit caused becomes a limit forfeit, with the
/// limit as its reason (and, for time, what the clock saw: `memory limit (2GiB); no move
/// within 1.050 s`); every engine's stderr tail goes into the record.
fn blame_limits(procs: &ByColor<Option<EngineProcess>>, record: &mut FinishedGame) {
    for side in Color::ALL {
        if let Some(p) = procs[side].as_ref() {
            record.stderr_tail[side] = p.stderr_tail();
        }
    }
    if let Termination::Forfeit { loser, kind: kind @ (Forfeit::Crash | Forfeit::Time), detail } =
        &mut record.termination
        && let Some(hit) = procs[*loser].as_ref().and_then(|p| p.limit_hit(*kind == Forfeit::Time))
    {
        log::info!("{} ran into its {hit}: {detail}", record.names[*loser]);
        *detail = if *kind == Forfeit::Time { format!("{hit}; {detail}") } else { hit.to_string() };
        *kind = Forfeit::Limit;
    }
}

/// The most characters of an engine's line a result reason quotes.
const QUOTED: usize = 80;

/// An engine's line as a reason quotes it: trimmed, in quotes, at most [`QUOTED`]
/// characters (then `…` and the length), so a 100 MB line makes a short reason.
pub(crate) fn quoted(text: &str) -> String {
    let text = text.trim();
    let count = text.chars().count();
    if count <= QUOTED {
        return format!("{text:?}");
    }
    let head: String = text.chars().take(QUOTED).collect();
    format!("{head:?}… ({count} characters)")
}

/// Why an engine that went away lost: its exit status and what its stderr said
/// ([`EngineProcess::stderr_said`]) when it has exited (whichever pipe showed it first), else `what` it did.
fn gone(process: Option<&mut EngineProcess>, what: &str) -> String {
    let Some(p) = process else { return format!("{what} during the game") };
    let mut detail = match p.exit_status_within(Duration::from_millis(200)) {
        Some(status) => {
            // Its last words, if it wrote any, are part of the reason.
            p.stderr_ended_within(Duration::from_millis(100));
            format!("exited during the game ({status})")
        }
        None => format!("{what} during the game"),
    };
    if let Some(said) = p.stderr_said() {
        detail.push_str(&format!("; {said}"));
    }
    detail
}

fn forfeit(loser: Color, kind: Forfeit, detail: String) -> Termination {
    Termination::Forfeit { loser, kind, detail }
}

/// The next event, or `None` at the deadline (or if both engines are gone and silent).
fn next_event(rx: &mpsc::Receiver<EngineMessage>, deadline: Instant) -> Option<EngineMessage> {
    rx.recv_timeout(deadline.saturating_duration_since(Instant::now())).ok()
}

fn note_keyword(name: &str, side: Color, text: &str, claims: &mut ByColor<Option<String>>) {
    let text = text.trim();
    if text.starts_with("result") {
        claims[side] = Some(text.to_string());
    }
    if text.starts_with("illegal") || text.starts_with("error") {
        log::warn!("{name} ({}): {text}", side.name());
    } else if !text.is_empty() {
        log::debug!("{name} ({}): {text}", side.name());
    }
}

/// Stops both engines, then reads what they printed meanwhile (their `result` lines).
fn stop_all(
    procs: &mut ByColor<Option<EngineProcess>>,
    rx: &mpsc::Receiver<EngineMessage>,
    eof_seen: ByColor<bool>,
    record: &mut FinishedGame,
) {
    for side in Color::ALL {
        if let Some(p) = procs[side].as_mut() {
            p.close_stdin();
        }
    }
    for side in Color::ALL {
        if let Some(p) = procs[side].as_mut() {
            p.stop();
        }
    }
    // Read until both output threads report EOF (the engines have exited), so a result
    // line printed just before exiting is not lost; a grandchild holding the pipe open
    // cannot delay us past the deadline.
    let deadline = Instant::now() + Duration::from_millis(200);
    let mut open = Color::ALL.into_iter().filter(|&c| procs[c].is_some() && !eof_seen[c]).count();
    while open > 0 {
        match next_event(rx, deadline) {
            Some(EngineMessage { output: EngineOutput::Eof, .. }) => open -= 1,
            Some(EngineMessage { side, output: EngineOutput::Line(text), .. }) => {
                note_keyword(&record.names[side], side, &text, &mut record.claims);
            }
            None => break,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_quoted_short() {
        assert_eq!(quoted("  D2 \n"), "\"D2\"");
        let long = "x".repeat(4227);
        let q = quoted(&long);
        assert!(q.starts_with(&format!("\"{}\"", "x".repeat(QUOTED))), "{q}");
        assert!(q.ends_with("… (4227 characters)"), "{q}");
    }
}
