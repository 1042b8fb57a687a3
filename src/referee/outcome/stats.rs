//! Results arithmetic: Elo difference from a score with a 95% interval, per-engine tallies
//! (wins, draws, losses, forfeits, think times) and the summary tables.
//!
//! Pure bookkeeping over [`RecordedGame`]s: no processes, no rules.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::time::Duration;

use super::record::RecordedGame;
use super::result::{Forfeit, Played};
use super::usage::EngineUsage;

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_964;

/// The Elo difference that a score fraction `p` (0..=1) implies under the logistic model;
/// ±infinity at 0 and 1.
#[must_use]
pub fn elo_from_score(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

/// An Elo difference and its 95% interval.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct EloEstimate {
    /// Point estimate.
    pub diff: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl EloEstimate {
    /// From wins, draws and losses: the score fraction ± 1.96 standard errors (from the
    /// per-game scores 1, ½, 0), mapped through [`elo_from_score`]; when every game had
    /// the same result, the Wilson score interval. `None` without games.
    #[must_use]
    pub fn from_wdl(wins: u32, draws: u32, losses: u32) -> Option<EloEstimate> {
        let n = f64::from(wins + draws + losses);
        if n == 0.0 {
            return None;
        }
        let (w, d, l) = (f64::from(wins), f64::from(draws), f64::from(losses));
        let p = (w + d / 2.0) / n;
        let variance = (w * (1.0 - p).powi(2) + d * (0.5 - p).powi(2) + l * p.powi(2)) / n;
        let (low, high) = if variance > 0.0 {
            let margin = Z95 * (variance / n).sqrt();
            (p - margin, p + margin)
        } else {
            // All wins, all losses or all draws: the observed spread is zero, which would
            // claim certainty. Use the Wilson score interval with the binomial variance
            // p(1-p) instead, so 4 wins out of 4 gives [+7, +inf], not [+inf, +inf].
            let z2 = Z95 * Z95;
            let center = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
            let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
            // Exact ends at 0% and 100% (the formula gives them only up to rounding).
            let low = if p <= 0.0 { 0.0 } else { center - half };
            let high = if p >= 1.0 { 1.0 } else { center + half };
            (low, high)
        };
        Some(EloEstimate { diff: elo_from_score(p), low: elo_from_score(low), high: elo_from_score(high) })
    }
}

/// An Elo number as the summary prints it: `+35`, `-120`, `+inf`, `-inf`.
#[must_use]
pub fn format_elo(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "+inf".to_string() } else { "-inf".to_string() }
    } else {
        // Round first so that -0.3 prints as +0, not -0.
        let rounded = x.round() + 0.0;
        format!("{rounded:+.0}")
    }
}

impl std::fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} [{}, {}]", format_elo(self.diff), format_elo(self.low), format_elo(self.high))
    }
}

/// One engine's games.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Losses by an illegal or malformed move.
    pub illegal: u32,
    /// Losses on time.
    pub time: u32,
    /// Losses by crashing, closing a pipe or not starting.
    pub crash: u32,
    /// Losses by a move out of turn.
    pub unsolicited: u32,
    /// Number of timed replies.
    pub think_count: u32,
    /// Their total.
    pub think_total: Duration,
    /// The longest.
    pub think_max: Duration,
    /// What it used, over the games where it was measured.
    pub usage: UsageTally,
}

/// What one engine used over its games: only games where a figure was measured count
/// for it.
#[derive(Clone, Debug, Default)]
pub struct UsageTally {
    /// CPU time on its own turns (first replies aside), and the replies they cover.
    pub own: Duration,
    /// See `own`.
    pub moves: u32,
    /// CPU time on its opponents' turns, in the games where `own` was measured too.
    pub opponent: Duration,
    /// Games where the CPU split was measured.
    pub cpu_games: u32,
    /// The largest peak memory of a game, if any was measured.
    pub peak_memory: Option<u64>,
    /// Games in which the OOM killer fired in its cgroup.
    pub oom_kills: u32,
    /// Games in which that was measured (only a cgroup counts it).
    pub oom_games: u32,
}

impl UsageTally {
    /// Adds one game's usage.
    pub fn add(&mut self, u: &EngineUsage) {
        if let (Some(own), Some(opponent)) = (u.own, u.opponent) {
            self.own += own;
            self.opponent += opponent;
            self.moves += u.moves;
            self.cpu_games += 1;
        }
        if let Some(p) = u.peak_memory {
            self.peak_memory = Some(self.peak_memory.map_or(p, |q| q.max(p)));
        }
        if let Some(killed) = u.oom_killed {
            self.oom_games += 1;
            self.oom_kills += u32::from(killed);
        }
    }

    /// Whether the OOM killer fired, in words: `no OOM kill`, `the OOM killer fired in 2
    /// game(s)`, or `OOM kills not measured`.
    #[must_use]
    pub fn oom_words(&self) -> String {
        match (self.oom_games, self.oom_kills) {
            (0, _) => "OOM kills not measured".to_string(),
            (_, 0) => "no OOM kill".to_string(),
            (_, n) => format!("the OOM killer fired in {n} game(s)"),
        }
    }

    /// Mean CPU time per move on its own turns, if any move was measured.
    #[must_use]
    pub fn cpu_per_move(&self) -> Option<Duration> {
        (self.moves > 0).then(|| self.own / self.moves)
    }

    /// CPU time on its opponents' turns, if measured in any game.
    #[must_use]
    pub fn opponent_cpu(&self) -> Option<Duration> {
        (self.cpu_games > 0).then_some(self.opponent)
    }

    /// Its CPU time on its opponents' turns, on average over the games that measured it.
    #[must_use]
    pub fn opponent_per_game(&self) -> Option<Duration> {
        (self.cpu_games > 0).then(|| self.opponent / self.cpu_games)
    }

    /// The share of its CPU time on both sides' turns that was on its opponents' turns.
    #[must_use]
    pub fn opponent_share(&self) -> Option<f64> {
        let total = (self.own + self.opponent).as_secs_f64();
        (self.cpu_games > 0 && total > 0.0).then(|| self.opponent.as_secs_f64() / total)
    }

    /// The three figures as the summaries write them: CPU ms per move, CPU seconds on
    /// the opponent's time (with its share), peak MiB; `-` where not measured.
    #[must_use]
    pub fn columns(&self) -> [String; 3] {
        let dash = || "-".to_string();
        [
            self.cpu_per_move().map_or_else(dash, |d| format!("{:.2}", d.as_secs_f64() * 1000.0)),
            self.opponent_cpu().map_or_else(dash, |d| match self.opponent_share() {
                Some(share) => format!("{:.2} ({:.0}%)", d.as_secs_f64(), share * 100.0),
                None => format!("{:.2}", d.as_secs_f64()),
            }),
            self.peak_memory.map_or_else(dash, |b| format!("{:.1}", b as f64 / f64::from(1u32 << 20))),
        ]
    }
}

impl Tally {
    /// Games played.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points: 1 per win, ½ per draw.
    #[must_use]
    pub fn score(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// Mean think time, if any reply was timed.
    #[must_use]
    pub fn think_mean(&self) -> Option<Duration> {
        (self.think_count > 0).then(|| self.think_total / self.think_count)
    }
}

/// One column of the standings: its place in the text summary ([`Standings::summary`])
/// and in the standings pages' table, and its cell for an engine's tally. The one list of
/// what the standings show, so that the two cannot drift apart.
#[derive(Clone, Copy, Debug)]
pub struct StandingsColumn {
    /// Its head and width in the text summary; `None`: not there.
    pub summary: Option<(&'static str, usize)>,
    /// Its head in the pages' table; `None`: not there.
    pub table: Option<&'static str>,
    /// Its cell.
    pub cell: fn(&Tally) -> String,
}

/// Milliseconds to two decimals, as the summary writes them.
fn ms2(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1000.0)
}

/// Milliseconds to one decimal, as the pages write them.
fn ms1(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}

/// The Elo estimate's `part` (difference, low or high end) as the pages write it, `-`
/// where there is none.
fn elo_cell(t: &Tally, part: fn(&EloEstimate) -> f64) -> String {
    EloEstimate::from_wdl(t.wins, t.draws, t.losses).map_or("-".to_string(), |e| format_elo(part(&e)))
}

/// The longest think time, `-` if no reply was timed.
fn think_max(t: &Tally, ms: fn(Duration) -> String) -> String {
    if t.think_count > 0 { ms(t.think_max) } else { "-".to_string() }
}

/// A column in both the summary and the pages, under one head.
const fn both(head: &'static str, width: usize, cell: fn(&Tally) -> String) -> StandingsColumn {
    StandingsColumn { summary: Some((head, width)), table: Some(head), cell }
}

/// A column of the summary only.
const fn summary_only(head: &'static str, width: usize, cell: fn(&Tally) -> String) -> StandingsColumn {
    StandingsColumn { summary: Some((head, width)), table: None, cell }
}

/// A column of the pages only.
const fn table_only(head: &'static str, cell: fn(&Tally) -> String) -> StandingsColumn {
    StandingsColumn { summary: None, table: Some(head), cell }
}

/// The standings' columns after the engine's name, in order (the pages add a rank
/// before the name and the ponder flag at the end).
pub const STANDINGS_COLUMNS: [StandingsColumn; 22] = [
    both("games", 5, |t| t.games().to_string()),
    both("W", 4, |t| t.wins.to_string()),
    both("D", 4, |t| t.draws.to_string()),
    both("L", 4, |t| t.losses.to_string()),
    summary_only("score", 12, |t| {
        let games = t.games();
        let pct = if games > 0 { 100.0 * t.score() / f64::from(games) } else { 0.0 };
        format!("{} ({pct:.0}%)", t.score())
    }),
    table_only("score", |t| t.score().to_string()),
    table_only("%", |t| {
        let games = t.games();
        if games > 0 { format!("{:.0}", 100.0 * t.score() / f64::from(games)) } else { "-".to_string() }
    }),
    summary_only("Elo vs field [95%]", 22, |t| {
        EloEstimate::from_wdl(t.wins, t.draws, t.losses).map_or("-".to_string(), |e| e.to_string())
    }),
    table_only("Elo", |t| elo_cell(t, |e| e.diff)),
    table_only("Elo low", |t| elo_cell(t, |e| e.low)),
    table_only("Elo high", |t| elo_cell(t, |e| e.high)),
    both("illegal", 7, |t| t.illegal.to_string()),
    both("time", 4, |t| t.time.to_string()),
    both("crash", 5, |t| t.crash.to_string()),
    both("turn", 6, |t| t.unsolicited.to_string()),
    summary_only("mean ms", 9, |t| t.think_mean().map_or("-".to_string(), ms2)),
    // The pages' think times are to a tenth of a millisecond, as on the entrants' pages.
    table_only("mean ms", |t| t.think_mean().map_or("-".to_string(), ms1)),
    summary_only("max ms", 9, |t| think_max(t, ms2)),
    table_only("max ms", |t| think_max(t, ms1)),
    StandingsColumn { summary: Some(("cpu ms/mv", 9)), table: Some("cpu ms/move"), cell: |t| usage(t, 0) },
    both("opp cpu s", 13, |t| usage(t, 1)),
    both("peak MiB", 8, |t| usage(t, 2)),
];

/// The `i`th of [`UsageTally::columns`].
fn usage(t: &Tally, i: usize) -> String {
    t.usage.columns()[i].clone()
}

/// Tallies per engine and scores per pair, in the order engines were first added.
#[derive(Clone, Debug, Default)]
pub struct Standings {
    names: Vec<String>,
    tallies: HashMap<String, Tally>,
    /// (engine, opponent) → (points, games).
    pairs: HashMap<(String, String), (f64, u32)>,
}

impl Standings {
    /// Standings listing `names` first, in this order, even before they play.
    #[must_use]
    pub fn with_names(names: &[String]) -> Standings {
        let mut s = Standings::default();
        for n in names {
            s.entry(n);
        }
        s
    }

    fn entry(&mut self, name: &str) -> &mut Tally {
        if !self.tallies.contains_key(name) {
            self.names.push(name.to_string());
        }
        self.tallies.entry(name.to_string()).or_default()
    }

    /// Adds one game just played to both engines' tallies.
    pub fn add(&mut self, played: &Played) {
        self.add_recorded(&RecordedGame::from_played(played));
    }

    /// Adds one game read from a record file (or made from a game just played) to both
    /// engines' tallies; a game with an unknown result counts for neither.
    pub fn add_recorded(&mut self, game: &RecordedGame) {
        let Some(result) = game.result() else { return };
        let forfeit = game.forfeit();
        for side in crate::rules::Color::ALL {
            let name = game.name(side).to_string();
            let opponent = game.name(!side).to_string();
            let score = result.score(side);
            let t = self.entry(&name);
            match score {
                s if s > 0.75 => t.wins += 1,
                s if s < 0.25 => t.losses += 1,
                _ => t.draws += 1,
            }
            if let Some((loser, kind)) = forfeit
                && loser == side
            {
                match kind {
                    Forfeit::Illegal | Forfeit::Malformed => t.illegal += 1,
                    Forfeit::Time => t.time += 1,
                    Forfeit::Crash | Forfeit::Start | Forfeit::Limit => t.crash += 1,
                    Forfeit::Unsolicited => t.unsolicited += 1,
                }
            }
            for &d in &game.think[side as usize] {
                t.think_count += 1;
                t.think_total += d;
                t.think_max = t.think_max.max(d);
            }
            t.usage.add(&game.usage[side as usize]);
            let pair = self.pairs.entry((name, opponent)).or_insert((0.0, 0));
            pair.0 += score;
            pair.1 += 1;
        }
    }

    /// The engines, in the order they were first added.
    #[must_use]
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The tally of `name` (empty if it has not played).
    #[must_use]
    pub fn tally(&self, name: &str) -> Tally {
        self.tallies.get(name).cloned().unwrap_or_default()
    }

    /// Points and games of `name` against `opponent`.
    #[must_use]
    pub fn pair(&self, name: &str, opponent: &str) -> (f64, u32) {
        self.pairs.get(&(name.to_string(), opponent.to_string())).copied().unwrap_or((0.0, 0))
    }

    /// The summary table: per engine W/D/L, score, Elo against its opponents with a 95%
    /// interval, forfeits, think times, and what it used (CPU per move on its turns, CPU
    /// on its opponents' turns, peak memory; `-` where not measured): the
    /// [`STANDINGS_COLUMNS`] that have a place in it.
    #[must_use]
    pub fn summary(&self) -> String {
        let width = self.names.iter().map(String::len).max().unwrap_or(6).max(6);
        let columns = || STANDINGS_COLUMNS.iter().filter_map(|c| c.summary.map(|(head, w)| (head, w, c.cell)));
        let mut out = format!("{:<width$}", "engine");
        for (head, w, _) in columns() {
            let _ = write!(out, " {head:>w$}");
        }
        out.push('\n');
        for name in &self.names {
            let t = self.tally(name);
            let _ = write!(out, "{name:<width$}");
            for (_, w, cell) in columns() {
                let _ = write!(out, " {:>w$}", cell(&t));
            }
            out.push('\n');
        }
        out
    }

    /// The crosstable: row engine's points against each column engine, then the total.
    #[must_use]
    pub fn crosstable(&self) -> String {
        let width = self.names.iter().map(String::len).max().unwrap_or(6).max(6);
        let mut out = String::new();
        let _ = write!(out, "{:<width$}", "");
        for (i, _) in self.names.iter().enumerate() {
            let _ = write!(out, " {:>7}", i + 1);
        }
        let _ = writeln!(out, " {:>7}", "total");
        for (i, name) in self.names.iter().enumerate() {
            let _ = write!(out, "{:<width$}", format!("{} {name}", i + 1));
            for other in &self.names {
                let cell = if other == name {
                    "x".to_string()
                } else {
                    match self.pair(name, other) {
                        (_, 0) => ".".to_string(),
                        (points, games) => format!("{points}/{games}"),
                    }
                };
                let _ = write!(out, " {cell:>7}");
            }
            let _ = writeln!(out, " {:>7}", self.tally(name).score());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::outcome::record::tests::record;
    use crate::referee::outcome::result::Termination;
    use crate::rules::{ByColor, Color};

    #[test]
    fn standings_count_forfeits_and_think_times() {
        let mut s = Standings::with_names(&["alpha".to_string(), "beta".to_string()]);
        let played = |record| Played { game: record, usage: ByColor::default() };
        s.add(&played(record(Termination::Forfeit {
            loser: Color::Black,
            kind: Forfeit::Time,
            detail: String::new(),
        })));
        s.add(&played(record(Termination::PlyCap(10))));
        let (a, b) = (s.tally("alpha"), s.tally("beta"));
        assert_eq!((a.wins, a.draws, a.losses, b.time), (1, 1, 0, 1));
        assert_eq!(b.think_max, Duration::from_millis(50));
        assert_eq!(b.think_mean(), Some(Duration::from_millis(40)));
        assert_eq!(s.pair("alpha", "beta"), (1.5, 2));
        assert!(s.crosstable().contains("1.5/2"), "{}", s.crosstable());
        assert!(s.summary().lines().nth(1).is_some_and(|l| l.starts_with("alpha")));
    }

    #[test]
    fn elo_of_known_scores() {
        assert!(elo_from_score(0.5).abs() < 1e-9);
        assert!((elo_from_score(0.75) - 190.848).abs() < 0.01);
        assert!((elo_from_score(0.25) + 190.848).abs() < 0.01);
        assert!((elo_from_score(10.0 / 11.0) - 400.0).abs() < 1e-6);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn interval_is_symmetric_in_score_and_shrinks_with_games() {
        let e = EloEstimate::from_wdl(6, 4, 2).unwrap();
        // p = 8/12; per-game variance = (6·(1/3)² + 4·(1/6)² + 2·(2/3)²)/12 = 5/36
        let p: f64 = 8.0 / 12.0;
        let margin = Z95 * (5.0f64 / 36.0 / 12.0).sqrt();
        assert!((e.diff - elo_from_score(p)).abs() < 1e-9);
        assert!((e.low - elo_from_score(p - margin)).abs() < 1e-9);
        assert!((e.high - elo_from_score(p + margin)).abs() < 1e-9);
        assert!(e.low < e.diff && e.diff < e.high);
        let big = EloEstimate::from_wdl(60, 40, 20).unwrap();
        assert!((big.diff - e.diff).abs() < 1e-9);
        assert!(big.high - big.low < e.high - e.low);
        let mirrored = EloEstimate::from_wdl(2, 4, 6).unwrap();
        assert!((mirrored.diff + e.diff).abs() < 1e-9 && (mirrored.low + e.high).abs() < 1e-9);
    }

    #[test]
    fn edge_cases() {
        assert_eq!(EloEstimate::from_wdl(0, 0, 0), None);
        let all_wins = EloEstimate::from_wdl(4, 0, 0).unwrap();
        // Wilson lower bound for 4/4: 4 / (4 + z²) = 0.5101 → +7 Elo.
        assert_eq!(all_wins.to_string(), "+inf [+7, +inf]");
        let all_losses = EloEstimate::from_wdl(0, 0, 4).unwrap();
        assert_eq!(all_losses.to_string(), "-inf [-inf, -7]");
        let draws = EloEstimate::from_wdl(0, 3, 0).unwrap();
        assert_eq!(draws.diff, 0.0);
        assert!(draws.low < -100.0 && (draws.low + draws.high).abs() < 1e-6, "{draws}");
        assert_eq!(format_elo(-12.4), "-12");
    }
}
