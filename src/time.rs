//! Time management (issue #3): a pure function from the move-time budget to soft and
//! hard deadlines. Reads no clock itself; the search measures elapsed time against the
//! deadlines it is given.
//!
//! The budget (`Limits::movetime`) is the whole time from the call of `think` to the
//! printed reply, and the reply must arrive in time even when another process holds the
//! other core. So the hard deadline keeps a safety margin, and the soft deadline is the
//! latest moment at which a new iteration may start: an iteration costs a few times the
//! previous one, so one started later than that would most likely be aborted and wasted.

use std::time::Duration;

/// The least safety margin kept before the end of the budget (scheduling delays, printing).
pub const MIN_MARGIN: Duration = Duration::from_millis(25);
/// The safety margin as a fraction of the budget, when that is more than [`MIN_MARGIN`]: 1/10.
/// (Measured on a loaded 2-core machine, a preempted search thread may return tens of
/// milliseconds after the deadline it checks; 1/20 was not enough there.)
pub const MARGIN_DIVISOR: u32 = 10;
/// Don't start an iteration after this fraction of the hard deadline (numerator / 100).
pub const SOFT_PERCENT: u32 = 55;

/// When to stop searching, measured from the start of the search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Deadlines {
    /// Don't start a new iteration after this.
    pub soft: Duration,
    /// Abort the search at this point, whatever it is doing.
    pub hard: Duration,
}

/// The deadlines for a per-move budget of `movetime`.
///
/// ```
/// use std::time::Duration;
/// let d = morris::time::deadlines(Duration::from_millis(1000));
/// assert_eq!(d.hard, Duration::from_millis(900));
/// assert!(d.soft < d.hard);
/// ```
#[must_use]
pub fn deadlines(movetime: Duration) -> Deadlines {
    let margin = (movetime / MARGIN_DIVISOR).max(MIN_MARGIN);
    let hard = movetime.saturating_sub(margin);
    let soft = hard * SOFT_PERCENT / 100;
    Deadlines { soft, hard }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_a_margin_and_never_underflows() {
        assert_eq!(deadlines(Duration::from_millis(200)).hard, Duration::from_millis(175));
        assert_eq!(deadlines(Duration::from_millis(20)).hard, Duration::ZERO);
        assert_eq!(deadlines(Duration::ZERO), Deadlines { soft: Duration::ZERO, hard: Duration::ZERO });
        let d = deadlines(Duration::from_secs(10));
        assert_eq!(d.hard, Duration::from_secs(9));
        assert!(d.soft <= d.hard);
    }
}
