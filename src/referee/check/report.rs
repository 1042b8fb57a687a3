//! The report of `morris check`: which checks there are, which contract each belongs to,
//! and how the result is written (text for a person, one JSON object per engine for a
//! script). Knows nothing about processes or games.

use std::fmt::{self, Write as _};

use crate::referee::outcome::stats::UsageTally;

/// Which contract a check belongs to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Contract {
    /// What the tournament assignment demands of every engine (`docs/referee.md` names
    /// the sentence each such check rests on): a failure fails the engine.
    Required,
    /// Our protocol's conveniences (`quit`, `isready`, `result`, keyword lines for
    /// errors) and our rules where the assignment says nothing (draws): a failure is a
    /// warning with what to change.
    Recommended,
}

impl Contract {
    /// `required` or `recommended`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Contract::Required => "required",
            Contract::Recommended => "recommended",
        }
    }
}

/// One check of `morris check`, in report order. `docs/referee.md` gives the sentence of
/// the tournament assignment that each required check rests on; the recommended ones rest
/// on our protocol and rules alone.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Check {
    /// Plays a whole game as white, moving first at once.
    PlaysWhite,
    /// Plays a whole game as black, waiting for white's first move.
    PlaysBlack,
    /// Every line is a move in the assignment's notation or starts with a lower-case letter.
    Notation,
    /// Every move is legal.
    Legal,
    /// Every move comes within the time limit.
    Time,
    /// No move line when it is not the engine's turn.
    Turn,
    /// No move line once the game is over by an ending the assignment defines.
    NoMoveAfterEnd,
    /// It does not exit or close its output during a game.
    StaysUp,
    /// An illegal move of the opponent neither stops it nor gets a move in answer.
    SurvivesIllegal,
    /// It exits when its input ends.
    ExitsOnEof,
    /// It exits on `quit`.
    Quit,
    /// It answers `isready` with `readyok`.
    IsReady,
    /// Started with `--opening "…"`, it plays on from the position those moves make (a
    /// match with `--random-plies` or `--openings` starts every game so, and `--sprt`
    /// needs one).
    Opening,
    /// It answers an illegal move with a lower-case keyword line.
    IllegalKeyword,
    /// Its `result` line says who won, as the rules do.
    ResultLine,
    /// Where the assignment says nothing, it follows `rules.md`: it stops at a draw by
    /// repetition or by the no-removal rule, and a mill against stones that all stand in
    /// mills removes one of them.
    OurRules,
    /// It exits with status 0.
    ExitZero,
}

impl Check {
    /// Every check, in report order (required ones first).
    pub const ALL: [Check; 17] = [
        Check::PlaysWhite,
        Check::PlaysBlack,
        Check::Notation,
        Check::Legal,
        Check::Time,
        Check::Turn,
        Check::NoMoveAfterEnd,
        Check::StaysUp,
        Check::SurvivesIllegal,
        Check::ExitsOnEof,
        Check::Quit,
        Check::IsReady,
        Check::Opening,
        Check::IllegalKeyword,
        Check::ResultLine,
        Check::OurRules,
        Check::ExitZero,
    ];

    /// What is checked, as a short sentence.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Check::PlaysWhite => "plays white: moves first, at once, and to the end of a game",
            Check::PlaysBlack => "plays black: waits for white's move, and plays to the end of a game",
            Check::Notation => "writes moves in the assignment's notation and every other line in lower case",
            Check::Legal => "plays only legal moves",
            Check::Time => "answers within the time limit",
            Check::Turn => "never moves out of turn",
            Check::SurvivesIllegal => "survives an illegal move of the opponent",
            Check::NoMoveAfterEnd => "prints no move once the game is over by the assignment's rules",
            Check::StaysUp => "keeps running until its input ends",
            Check::ExitsOnEof => "exits when its input ends",
            Check::Quit => "exits on quit",
            Check::IsReady => "answers isready with readyok",
            Check::Opening => "plays on from an --opening",
            Check::IllegalKeyword => "answers an illegal move with a keyword line",
            Check::ResultLine => "prints a result line that agrees with the rules",
            Check::OurRules => "follows our rules where the assignment says nothing (draws, mills against mills)",
            Check::ExitZero => "exits with status 0",
        }
    }

    /// A short identifier for scripts (`--json`'s `id`).
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Check::PlaysWhite => "plays-white",
            Check::PlaysBlack => "plays-black",
            Check::Notation => "notation",
            Check::Legal => "legal",
            Check::Time => "time",
            Check::Turn => "turn",
            Check::SurvivesIllegal => "survives-illegal",
            Check::NoMoveAfterEnd => "no-move-after-end",
            Check::StaysUp => "stays-up",
            Check::ExitsOnEof => "exits-on-eof",
            Check::Quit => "quit",
            Check::IsReady => "isready",
            Check::Opening => "opening",
            Check::IllegalKeyword => "illegal-keyword",
            Check::ResultLine => "result-line",
            Check::OurRules => "our-rules",
            Check::ExitZero => "exit-zero",
        }
    }

    /// The contract the check belongs to (protocol.md §0 lists both).
    #[must_use]
    pub const fn contract(self) -> Contract {
        match self {
            Check::PlaysWhite
            | Check::PlaysBlack
            | Check::Notation
            | Check::Legal
            | Check::Time
            | Check::Turn
            | Check::NoMoveAfterEnd
            | Check::StaysUp => Contract::Required,
            Check::SurvivesIllegal
            | Check::ExitsOnEof
            | Check::Quit
            | Check::IsReady
            | Check::Opening
            | Check::IllegalKeyword
            | Check::ResultLine
            | Check::OurRules
            | Check::ExitZero => Contract::Recommended,
        }
    }

    /// What to change when a recommended check fails.
    #[must_use]
    pub const fn advice(self) -> &'static str {
        match self {
            Check::Quit => "exit at once with status 0 on the line `quit`",
            Check::IsReady => "answer the line `isready` with `readyok`",
            Check::Opening => {
                "accept `--opening \"D2 F4 …\"` (protocol.md §1): play the moves, then move at once if it is your \
                 turn; matches with random openings and the SPRT start every game so"
            }
            Check::IllegalKeyword => "answer an illegal move with `illegal <move>: <reason>` and keep waiting",
            Check::ResultLine => {
                "print `result white|black|draw <reason>` when the game ends; the referee decides anyway"
            }
            Check::ExitZero => "exit with status 0 on end of input",
            Check::SurvivesIllegal => {
                "ignore or reject a move you cannot play, keep the position, and answer the next legal move"
            }
            Check::ExitsOnEof => "exit when standard input ends",
            Check::OurRules => {
                "end the game at a draw by repetition or by the no-removal rule (rules.md); when every \
                 opponent stone stands in a mill, a mill removes one of them"
            }
            _ => "",
        }
    }
}

/// The outcome of one check.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// It passed.
    Pass,
    /// It failed (a warning if the check is recommended).
    Fail,
    /// Not reached, because a required check failed first.
    Skip,
}

/// One check's line of the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// Which check.
    pub check: Check,
    /// Passed, failed or skipped.
    pub status: Status,
    /// What happened, in words.
    pub detail: String,
}

impl Item {
    /// `PASS`, `FAIL` (required), `WARN` (recommended) or `SKIP`.
    #[must_use]
    pub const fn word(&self) -> &'static str {
        match (self.status, self.check.contract()) {
            (Status::Pass, _) => "PASS",
            (Status::Fail, Contract::Required) => "FAIL",
            (Status::Fail, Contract::Recommended) => "WARN",
            (Status::Skip, _) => "SKIP",
        }
    }
}

impl Item {
    /// `pass`, `fail`, `warn` or `skip`: [`Item::word`] in lower case.
    #[must_use]
    pub const fn status_word(&self) -> &'static str {
        match (self.status, self.check.contract()) {
            (Status::Pass, _) => "pass",
            (Status::Fail, Contract::Required) => "fail",
            (Status::Fail, Contract::Recommended) => "warn",
            (Status::Skip, _) => "skip",
        }
    }
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}  {:<11}  {}: {}", self.word(), self.check.contract().word(), self.check.name(), self.detail)?;
        if self.status == Status::Fail && self.check.contract() == Contract::Recommended {
            write!(f, "; to change: {}", self.check.advice())?;
        }
        Ok(())
    }
}

/// Everything `morris check` found out about one engine.
#[derive(Clone, Debug)]
pub struct Report {
    /// The engine's name.
    pub engine: String,
    /// The engine command as given.
    pub command: String,
    /// One item per check, in [`Check::ALL`] order.
    pub items: Vec<Item>,
    /// The situations the games met (see [`Situation`]).
    pub situations: Vec<Situation>,
    /// Games played to their end: as white, as black.
    pub games: (usize, usize),
    /// What the engine used in every session it was started for, the one that failed a
    /// required check too.
    pub usage: UsageTally,
}

/// A situation the checker's games try to reach, so every rule is exercised.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Situation {
    /// A stone placed.
    Placing,
    /// A stone slid to a neighbouring point.
    Moving,
    /// A stone flown (its side has three stones).
    Flying,
    /// A stone removed after a mill.
    Capture,
    /// A mill closed while every opponent stone stands in a mill.
    AllInMills,
    /// A game won by blocking.
    Blocked,
}

impl Situation {
    /// Every situation, in report order.
    pub const ALL: [Situation; 6] = [
        Situation::Placing,
        Situation::Moving,
        Situation::Flying,
        Situation::Capture,
        Situation::AllInMills,
        Situation::Blocked,
    ];

    /// The situation in a few words.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Situation::Placing => "placing",
            Situation::Moving => "moving",
            Situation::Flying => "flying",
            Situation::Capture => "a capture",
            Situation::AllInMills => "a mill with every opponent stone in a mill",
            Situation::Blocked => "a blocked side",
        }
    }
}

impl Report {
    /// Whether the engine passed: no required check failed (warnings do not count).
    #[must_use]
    pub fn passed(&self) -> bool {
        !self.items.iter().any(|i| i.status == Status::Fail && i.check.contract() == Contract::Required)
    }

    fn count(&self, contract: Contract, status: Status) -> usize {
        self.items.iter().filter(|i| i.check.contract() == contract && i.status == status).count()
    }

    /// The one-line verdict: `NAME: PASS, required 10 of 10, recommended 3 of 5 (2 warnings)`.
    #[must_use]
    pub fn summary(&self) -> String {
        let total = |c: Contract| self.items.iter().filter(|i| i.check.contract() == c).count();
        let warnings = self.count(Contract::Recommended, Status::Fail);
        let mut line = format!(
            "{}: {}, required {} of {} passed, recommended {} of {} passed",
            self.engine,
            if self.passed() { "PASS" } else { "FAIL" },
            self.count(Contract::Required, Status::Pass),
            total(Contract::Required),
            self.count(Contract::Recommended, Status::Pass),
            total(Contract::Recommended),
        );
        let skipped = self.count(Contract::Recommended, Status::Skip);
        let mut notes = Vec::new();
        if warnings > 0 {
            notes.push(crate::words::count(warnings as u64, "warning", "warnings"));
        }
        if skipped > 0 {
            notes.push(format!("{skipped} skipped"));
        }
        if !notes.is_empty() {
            let _ = write!(line, " ({})", notes.join(", "));
        }
        line
    }

    /// The situations line: which were met, which were not, in how many games.
    #[must_use]
    pub fn situations_line(&self) -> String {
        let names = |met: bool| -> Vec<&str> {
            Situation::ALL.iter().filter(|s| self.situations.contains(s) == met).map(|s| s.name()).collect()
        };
        let mut line = format!(
            "situations met in {} game(s) ({} as white, {} as black): {}",
            self.games.0 + self.games.1,
            self.games.0,
            self.games.1,
            join_or_none(&names(true))
        );
        let missing = names(false);
        if !missing.is_empty() {
            let _ = write!(line, "; not met: {}", missing.join(", "));
        }
        line
    }

    /// What the engine used: `used: CPU 12.50 ms per move on its turns (40 moves), 0.010 s
    /// on the checker's turns (1% of its CPU), peak memory 9.4 MiB, no OOM kill`; `not
    /// measured` for what was not.
    #[must_use]
    pub fn usage_line(&self) -> String {
        let u = &self.usage;
        let cpu = match (u.cpu_per_move(), u.opponent_cpu()) {
            (Some(per_move), Some(theirs)) => format!(
                "CPU {:.2} ms per move on its turns ({}), {:.3} s on the checker's turns{}",
                per_move.as_secs_f64() * 1000.0,
                crate::words::count(u.moves, "move", "moves"),
                theirs.as_secs_f64(),
                u.opponent_share().map_or(String::new(), |s| format!(" ({:.0}% of its CPU)", s * 100.0))
            ),
            _ => "CPU not measured".to_string(),
        };
        let peak = u.peak_memory.map_or("peak memory not measured".to_string(), |b| {
            format!("peak memory {:.1} MiB", b as f64 / f64::from(1u32 << 20))
        });
        format!("used: {cpu}, {peak}, {}", u.oom_words())
    }

    /// The text report: a header, one line per check, the situations, what the engine
    /// used and the summary.
    #[must_use]
    pub fn text(&self) -> String {
        let mut out = format!("engine {} ({})\n", self.engine, self.command);
        for item in &self.items {
            let _ = writeln!(out, "{item}");
        }
        let _ = writeln!(out, "{}", self.situations_line());
        let _ = writeln!(out, "{}", self.usage_line());
        let _ = writeln!(out, "{}", self.summary());
        out
    }

    /// The report as one line of JSON: `{"engine", "command", "pass", "games_white",
    /// "games_black", "situations", "cpu_ms_per_move", "cpu_checker_s",
    /// "peak_memory_bytes", "oom_kills", "checks": [{"id", "name", "contract", "pass",
    /// "status", "detail"}]}`; a skipped check has `"pass": null`, a figure not measured
    /// is `null`.
    #[must_use]
    pub fn json(&self) -> String {
        let report = JsonReport {
            engine: &self.engine,
            command: &self.command,
            pass: self.passed(),
            games_white: self.games.0,
            games_black: self.games.1,
            situations: Situation::ALL.iter().filter(|s| self.situations.contains(s)).map(|s| s.name()).collect(),
            cpu_ms_per_move: self.usage.cpu_per_move().map(|d| d.as_secs_f64() * 1000.0),
            cpu_checker_s: self.usage.opponent_cpu().map(|d| d.as_secs_f64()),
            peak_memory_bytes: self.usage.peak_memory,
            oom_kills: (self.usage.oom_games > 0).then_some(self.usage.oom_kills),
            checks: self
                .items
                .iter()
                .map(|item| JsonCheck {
                    id: item.check.id(),
                    name: item.check.name(),
                    contract: item.check.contract().word(),
                    pass: match item.status {
                        Status::Pass => Some(true),
                        Status::Fail => Some(false),
                        Status::Skip => None,
                    },
                    status: item.status_word(),
                    detail: &item.detail,
                })
                .collect(),
        };
        // Strings, numbers and booleans only: serialising cannot fail.
        serde_json::to_string(&report).unwrap_or_default()
    }
}

/// The JSON form of a [`Report`] (`--json`), one object per engine.
#[derive(serde::Serialize)]
struct JsonReport<'a> {
    engine: &'a str,
    command: &'a str,
    pass: bool,
    games_white: usize,
    games_black: usize,
    situations: Vec<&'static str>,
    cpu_ms_per_move: Option<f64>,
    cpu_checker_s: Option<f64>,
    peak_memory_bytes: Option<u64>,
    oom_kills: Option<u32>,
    checks: Vec<JsonCheck<'a>>,
}

/// The JSON form of one [`Item`].
#[derive(serde::Serialize)]
struct JsonCheck<'a> {
    id: &'static str,
    name: &'static str,
    contract: &'static str,
    /// `null` when the check was skipped.
    pass: Option<bool>,
    status: &'static str,
    detail: &'a str,
}

fn join_or_none(names: &[&str]) -> String {
    if names.is_empty() { "none".to_string() } else { names.join(", ") }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(fail: &[Check]) -> Report {
        Report {
            engine: "e".to_string(),
            command: "./e \"x\"".to_string(),
            items: Check::ALL
                .iter()
                .map(|&check| Item {
                    check,
                    status: if fail.contains(&check) { Status::Fail } else { Status::Pass },
                    detail: "ok\tfine".to_string(),
                })
                .collect(),
            situations: vec![Situation::Placing],
            games: (1, 1),
            usage: UsageTally::default(),
        }
    }

    #[test]
    fn only_required_checks_decide() {
        let warned = report(&[Check::Quit, Check::ResultLine]);
        assert!(warned.passed());
        assert_eq!(warned.summary(), "e: PASS, required 8 of 8 passed, recommended 7 of 9 passed (2 warnings)");
        assert!(warned.text().contains("WARN  recommended  exits on quit: ok\tfine; to change: exit at once"));
        let failed = report(&[Check::Time]);
        assert!(!failed.passed());
        assert!(failed.summary().starts_with("e: FAIL, required 7 of 8"));
        let mut skipped = report(&[Check::Quit]);
        if let Some(item) = skipped.items.iter_mut().find(|i| i.check == Check::OurRules) {
            item.status = Status::Skip;
        }
        assert_eq!(
            skipped.summary(),
            "e: PASS, required 8 of 8 passed, recommended 7 of 9 passed (1 warning, 1 skipped)"
        );
    }

    #[test]
    fn json_escapes_and_lists_every_check() {
        let json = report(&[Check::Quit]).json();
        assert!(json.starts_with("{\"engine\":\"e\",\"command\":\"./e \\\"x\\\"\",\"pass\":true,"), "{json}");
        assert_eq!(json.matches("\"contract\":").count(), Check::ALL.len());
        assert!(json.contains("\"detail\":\"ok\\tfine\""));
        let value: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
        assert_eq!(value["checks"][10]["status"], "warn");
        assert_eq!(value["situations"], serde_json::json!(["placing"]));
        let mut skipped = report(&[]);
        skipped.items[0].status = Status::Skip;
        skipped.items[0].detail = "a\u{1}".to_string();
        let value: serde_json::Value = serde_json::from_str(&skipped.json()).expect("valid JSON");
        assert!(value["checks"][0]["pass"].is_null());
        assert_eq!(value["checks"][0]["detail"], "a\u{1}");
    }
}
