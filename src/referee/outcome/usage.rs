//! What an engine used in a game, as a judge's sandbox reports it: CPU time on its own
//! turns and on its opponent's, its peak resident memory, and whether the kernel's OOM
//! killer fired in its cgroup.
//!
//! Pure bookkeeping: [`Sample`]s come in (read by [`Child::usage`](crate::referee::sandbox::child::Child::usage) from the
//! engine's cgroup, or from `/proc` without one), one at each move; [`Meter`] splits the
//! CPU between the engine's turns and its opponent's; [`EngineUsage`] is the result, in
//! the record (its `usage` field, written and read by [`super::record`]), the standings and
//! the pages. Nothing measured is never shown as a number: every figure is
//! an `Option`, `None` where it was not measured.

use std::time::Duration;

/// One reading of what an engine has used since it started.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Sample {
    /// CPU time of all its processes and threads (user and system).
    pub cpu: Option<Duration>,
    /// The most resident memory it held at once, in bytes (the cgroup's peak; without a
    /// cgroup, the largest peak of one of its processes).
    pub peak_memory: Option<u64>,
    /// Whether the OOM killer killed one of its processes (only a cgroup counts this).
    pub oom_killed: Option<bool>,
}

impl Sample {
    /// The larger of each figure (what is measured in either).
    #[must_use]
    pub fn max(self, other: Sample) -> Sample {
        fn larger<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(a.max(b)),
                (a, b) => a.or(b),
            }
        }
        Sample {
            cpu: larger(self.cpu, other.cpu),
            peak_memory: larger(self.peak_memory, other.peak_memory),
            oom_killed: larger(self.oom_killed, other.oom_killed),
        }
    }
}

/// What one engine used in one game.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineUsage {
    /// All its CPU time, from its start to its end.
    pub cpu: Option<Duration>,
    /// CPU time on its own turns (from a move sent to it to its reply), each game's first
    /// reply aside (it includes start-up), as with think times.
    pub own: Option<Duration>,
    /// CPU time on its opponent's turns, after its first reply (pondering, or helpers
    /// left burning).
    pub opponent: Option<Duration>,
    /// The replies whose turns `own` counts.
    pub moves: u32,
    /// Peak resident memory, in bytes.
    pub peak_memory: Option<u64>,
    /// Whether the OOM killer fired in its cgroup.
    pub oom_killed: Option<bool>,
}

impl EngineUsage {
    /// Whether anything was measured.
    #[must_use]
    pub fn is_measured(&self) -> bool {
        self.cpu.is_some() || self.peak_memory.is_some() || self.oom_killed.is_some()
    }

    /// The share of its CPU on its turns and its opponent's that was on its opponent's,
    /// if both were measured and it used any.
    #[must_use]
    pub fn opponent_share(&self) -> Option<f64> {
        let (own, opp) = (self.own?.as_secs_f64(), self.opponent?.as_secs_f64());
        (own + opp > 0.0).then(|| opp / (own + opp))
    }
}

/// Splits an engine's CPU time between its turns and its opponent's, from a sample at each
/// move. The interval before its first reply is start-up; the one after the last move
/// (the game over, the engine stopping) is neither turn's; both are in the total only.
#[derive(Clone, Debug)]
pub struct Meter {
    last: Option<Duration>,
    /// Every sample so far had the CPU time.
    measured: bool,
    own_turn: bool,
    replied: bool,
    own: Duration,
    opponent: Duration,
    moves: u32,
}

impl Meter {
    /// A meter for an engine that has just started; `own_turn`: it moves first.
    #[must_use]
    pub fn new(own_turn: bool) -> Meter {
        Meter {
            last: Some(Duration::ZERO),
            measured: true,
            own_turn,
            replied: false,
            own: Duration::ZERO,
            opponent: Duration::ZERO,
            moves: 0,
        }
    }

    /// A move was made: `sample` is the engine's usage now, and `own_turn` whether the
    /// turn that starts is its own.
    pub fn mark(&mut self, sample: Sample, own_turn: bool) {
        match (sample.cpu, self.last) {
            (Some(now), Some(last)) if self.measured => {
                let spent = now.saturating_sub(last);
                if self.replied && self.own_turn {
                    self.own += spent;
                    self.moves += 1;
                } else if self.replied {
                    self.opponent += spent;
                }
                self.last = Some(now);
            }
            _ => self.measured = false,
        }
        if self.own_turn {
            self.replied = true;
        }
        self.own_turn = own_turn;
    }

    /// The engine's usage, from its last `sample` (taken after it stopped).
    #[must_use]
    pub fn finish(&self, sample: Sample) -> EngineUsage {
        let split = |d: Duration| (self.measured && sample.cpu.is_some()).then_some(d);
        EngineUsage {
            cpu: sample.cpu,
            own: split(self.own),
            opponent: split(self.opponent),
            moves: if split(self.own).is_some() { self.moves } else { 0 },
            peak_memory: sample.peak_memory,
            oom_killed: sample.oom_killed,
        }
    }
}

/// The share of its CPU time an engine that may not ponder may use on its opponent's
/// turns before it is flagged: 10%, room for its reader thread and garbage collection.
pub const DEFAULT_PONDER_SHARE: f64 = 0.10;

/// The CPU time an engine that may not ponder may use on its opponents' turns, on average
/// over its games, whatever its share: one-off work is not pondering. Our own engine
/// readies its carried tables on a low-priority thread (about 0.1 s, once, in the games
/// that come near them): at `--depth 3` and `--depth 4` that was 17–29 ms a game, and
/// 30–40 % of its little CPU. An engine that ponders at 0.05 s a move uses about 2 s a
/// game of 40 moves.
pub const PONDER_FLOOR_PER_GAME: Duration = Duration::from_millis(100);

/// Who may think on the opponent's time: a roster's `ponder` and `ponder_share`. An
/// engine that may not and used more than `share` of its CPU on its opponents' turns is
/// flagged on the pages (not forfeited: the cgroup accounting is exact, but a TA decides).
#[derive(Clone, Debug, PartialEq)]
pub struct PonderPolicy {
    /// See [`DEFAULT_PONDER_SHARE`].
    pub share: f64,
    /// The entrants that may not ponder (none by default: pondering is allowed).
    pub forbidden: Vec<String>,
}

impl Default for PonderPolicy {
    fn default() -> PonderPolicy {
        PonderPolicy { share: DEFAULT_PONDER_SHARE, forbidden: Vec::new() }
    }
}

impl PonderPolicy {
    /// Whether `name`, which used `share` of its CPU on its opponents' turns and
    /// `per_game` there on average, is flagged: it may not ponder, and both exceed their
    /// bounds (`share` and [`PONDER_FLOOR_PER_GAME`]).
    #[must_use]
    pub fn flags(&self, name: &str, share: Option<f64>, per_game: Option<Duration>) -> bool {
        self.forbidden.iter().any(|n| n == name)
            && share.is_some_and(|s| s > self.share)
            && per_game.is_some_and(|d| d > PONDER_FLOOR_PER_GAME)
    }

    /// The policy in one line for a record file's tournament line (`share 0.1 not
    /// allowed: alice bob`), or `None` for the default (everyone may ponder), so records
    /// written before the policy existed still match.
    #[must_use]
    pub fn describe(&self) -> Option<String> {
        (!self.forbidden.is_empty()).then(|| format!("share {} not allowed: {}", self.share, self.forbidden.join(" ")))
    }

    /// Reads [`PonderPolicy::describe`]'s line back; `None` if it does not read.
    #[must_use]
    pub fn from_description(text: &str) -> Option<PonderPolicy> {
        let rest = text.strip_prefix("share ")?;
        let (share, names) = rest.split_once(" not allowed: ")?;
        let share = share.parse::<f64>().ok().filter(|s| (0.0..=1.0).contains(s))?;
        Some(PonderPolicy { share, forbidden: names.split_whitespace().map(str::to_string).collect() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(ms: u64) -> Sample {
        Sample { cpu: Some(Duration::from_millis(ms)), peak_memory: None, oom_killed: None }
    }

    #[test]
    fn cpu_is_split_between_turns_with_start_up_and_the_end_aside() {
        // White moves first: its first turn (start-up) to 100 ms; black's turn, in which
        // white burns 40 ms; white's turn 30 ms; black's turn 5 ms; the game ends.
        let mut white = Meter::new(true);
        white.mark(at(100), false);
        white.mark(at(140), true);
        white.mark(at(170), false);
        white.mark(at(175), true);
        let u = white.finish(Sample {
            cpu: Some(Duration::from_millis(200)),
            peak_memory: Some(7),
            oom_killed: Some(false),
        });
        assert_eq!(u.own, Some(Duration::from_millis(30)));
        assert_eq!(u.opponent, Some(Duration::from_millis(45)));
        assert_eq!(
            (u.moves, u.cpu, u.peak_memory, u.oom_killed),
            (1, Some(Duration::from_millis(200)), Some(7), Some(false))
        );
        assert!((u.opponent_share().unwrap() - 0.6).abs() < 1e-9);
        // Black starts on white's turn: that and its first reply are start-up.
        let mut black = Meter::new(false);
        black.mark(at(50), true);
        black.mark(at(90), false);
        black.mark(at(90), true);
        black.mark(at(120), false);
        let u = black.finish(at(130));
        assert_eq!((u.own, u.opponent, u.moves), (Some(Duration::from_millis(30)), Some(Duration::ZERO), 1));
    }

    #[test]
    fn a_sample_without_cpu_makes_the_split_not_measured() {
        let mut m = Meter::new(true);
        m.mark(at(10), false);
        m.mark(Sample::default(), true);
        m.mark(at(30), false);
        let u = m.finish(at(40));
        assert_eq!((u.own, u.opponent, u.moves, u.cpu), (None, None, 0, Some(Duration::from_millis(40))));
        assert_eq!(Meter::new(true).finish(Sample::default()), EngineUsage::default());
    }

    #[test]
    fn only_an_engine_that_may_not_ponder_is_flagged_past_its_share() {
        let policy = PonderPolicy { share: 0.25, forbidden: vec!["wide".to_string()] };
        let second = Some(Duration::from_secs(1));
        assert!(policy.flags("wide", Some(0.5), second));
        assert!(!policy.flags("wide", Some(0.2), second) && !policy.flags("wide", None, second));
        assert!(!policy.flags("ours", Some(0.9), second), "pondering is allowed by default");
        // 30 ms a game readying tables is not pondering, whatever its share.
        assert!(!policy.flags("wide", Some(0.4), Some(Duration::from_millis(30))));
        assert!(!policy.flags("wide", Some(0.4), None));
        let line = policy.describe().unwrap();
        assert_eq!(line, "share 0.25 not allowed: wide");
        assert_eq!(PonderPolicy::from_description(&line), Some(policy));
        assert_eq!(PonderPolicy::default().describe(), None);
        assert_eq!(PonderPolicy::from_description("share lots not allowed: x"), None);
    }
}
