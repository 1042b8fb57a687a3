//! The referee's one time control: a time per move or a game clock, and the slack it
//! allows beyond them. `match`, `tournament` and `check` all take a [`TimeControl`]; the
//! game and the checker ask it how long a reply may take, and the engine's command line
//! is filled in from it ([`format_seconds`]: seconds as the protocol writes them).

use std::time::Duration;

/// How long an engine may take over its moves, and how late a reply may come.
///
/// A reply may take the mover's budget (the time per move, or what is left on its game
/// clock) plus the grace; an engine's first reply of a game or session also gets the
/// start-up allowance, which is never charged to a clock.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time per move, from writing the opponent's move to reading the reply; engines are
    /// told it (`--movetime S` or `{movetime}`).
    pub movetime: Duration,
    /// A game clock for each side instead of `movetime` (matches and tournaments; the
    /// protocol check keeps its per-move limit).
    pub clock: Option<GameClock>,
    /// Added to the budget before a reply is late (pipes and scheduling).
    pub grace: Duration,
    /// Added to the limit of each engine's first reply (process start-up).
    pub startup: Duration,
}

/// A game clock for each side: the time for all its moves and the increment after each.
/// A reply may take what is left on the mover's clock plus the grace (plus start-up for a
/// first move, which is not charged); a clock that falls loses the game on time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameClock {
    /// Each side's time at the start.
    pub time: Duration,
    /// Added to a side's clock after each of its moves (Fischer).
    pub increment: Duration,
    /// Send `clock <white> <black> <winc> <binc>` (protocol.md §4) before each relayed move.
    pub send: bool,
}

impl TimeControl {
    /// The start-up allowance of a reply: all of it for an engine's first, none after.
    #[must_use]
    pub fn startup_for(&self, first: bool) -> Duration {
        if first { self.startup } else { Duration::ZERO }
    }

    /// How long a reply may take when the mover has `budget` to spend (its clock, or the
    /// time per move): the budget, the grace and, for a first reply, the start-up.
    #[must_use]
    pub fn limit(&self, budget: Duration, first: bool) -> Duration {
        budget + self.grace + self.startup_for(first)
    }

    /// How long a reply may take under the time per move ([`TimeControl::limit`] of
    /// `movetime`).
    #[must_use]
    pub fn move_limit(&self, first: bool) -> Duration {
        self.limit(self.movetime, first)
    }
}

/// Seconds as the protocol writes them: `0.2`, `1`, `0.05`.
#[must_use]
pub fn format_seconds(d: Duration) -> String {
    let text = format!("{:.3}", d.as_secs_f64());
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text.is_empty() { "0".to_string() } else { text.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_gets_its_budget_the_grace_and_a_first_one_the_start_up() {
        let ms = Duration::from_millis;
        let tc = TimeControl { movetime: ms(1000), clock: None, grace: ms(50), startup: ms(2000) };
        assert_eq!(tc.move_limit(false), ms(1050));
        assert_eq!(tc.move_limit(true), ms(3050));
        assert_eq!(tc.limit(ms(300), false), ms(350));
        assert_eq!(tc.startup_for(false), Duration::ZERO);
    }

    #[test]
    fn formats_seconds() {
        assert_eq!(format_seconds(Duration::from_secs(1)), "1");
        assert_eq!(format_seconds(Duration::from_millis(50)), "0.05");
    }
}
