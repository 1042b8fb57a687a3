//! Time management: a pure function from the move-time budget to soft and hard
//! deadlines. The engine ([`crate::engine`]) turns its time limit into [`Deadlines`] here
//! and hands them to the search ([`crate::search`]), which measures elapsed time against
//! them and asks [`should_start_iteration`] before each new depth. Reads no clock itself.
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
/// Never start an iteration after this fraction of the hard deadline (percent).
pub const SOFT_PERCENT: u32 = 70;
/// Before this fraction of the hard deadline (percent) a new iteration always starts,
/// whatever its predicted cost: a cut iteration is not wasted, because its move replaces
/// the last completed iteration's only after it has beaten that move at the new depth,
/// and its table entries order the next search. The prediction decides only later.
pub const ALWAYS_START_PERCENT: u32 = 40;
/// An iteration is predicted to take the previous one's time times the last growth
/// ratio, kept within these bounds (tenths): alpha-beta iterations grow by roughly the
/// effective branching factor, which varies with the phase.
pub const MIN_GROWTH_TENTHS: u32 = 15;
/// See [`MIN_GROWTH_TENTHS`].
pub const MAX_GROWTH_TENTHS: u32 = 60;

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

/// Whether to start the next iteration at `elapsed`, when the last completed iteration
/// took `last` and the one before it `before`: always before [`ALWAYS_START_PERCENT`] of
/// the hard deadline; after that only if it is predicted to finish before the hard
/// deadline and the soft deadline has not passed.
#[must_use]
pub fn should_start_iteration(deadlines: &Deadlines, elapsed: Duration, last: Duration, before: Duration) -> bool {
    if elapsed >= deadlines.soft {
        return false;
    }
    if elapsed < deadlines.hard * ALWAYS_START_PERCENT / 100 {
        return true;
    }
    let ratio_tenths = if before.is_zero() {
        MAX_GROWTH_TENTHS / 2
    } else {
        let r = (last.as_secs_f64() / before.as_secs_f64() * 10.0) as u32;
        r.clamp(MIN_GROWTH_TENTHS, MAX_GROWTH_TENTHS)
    };
    let predicted = last * ratio_tenths / 10;
    elapsed + predicted <= deadlines.hard
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

    #[test]
    fn starts_an_iteration_only_when_it_should_finish() {
        let d = deadlines(Duration::from_millis(1000));
        let ms = Duration::from_millis;
        // 100 ms in, the last iteration took 40 ms after 10 ms: predicted 4 × 40 = 160 ms.
        assert!(should_start_iteration(&d, ms(100), ms(40), ms(10)));
        // 500 ms in, the last took 300 ms: predicted at least 450 ms more, past 900 ms.
        assert!(!should_start_iteration(&d, ms(500), ms(300), ms(100)));
        // Early on an iteration starts even when it is not predicted to finish.
        assert!(should_start_iteration(&d, ms(300), ms(250), ms(40)));
        assert!(!should_start_iteration(&d, ms(400), ms(250), ms(40)));
        // Past the soft deadline nothing starts, however cheap.
        assert!(!should_start_iteration(&d, ms(700), ms(1), ms(1)));
    }
}
