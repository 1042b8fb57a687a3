//! Time management: pure functions from a move-time budget or a game
//! clock to deadlines. Reads no clock itself; the search measures elapsed time against the
//! deadlines it is given, and tells [`Deadlines::soft_for`] how its best move is faring.
//!
//! Under a game clock ([`clock_deadlines`]) a move is planned to take its share of what is
//! left above a reserve and a per-move overhead ([`MOVE_OVERHEAD`]) (more late in the
//! placing phase, where the game is decided, and less with stones still to place early),
//! plus most of the increment; an unstable best move or a falling score stretches that up
//! to twice, and one move never takes more than three shares or what is left above the
//! reserve. A forced move, a decided score and a position the tables cover stop the
//! search early (the search knows those). The numbers are tuning choices, each with its
//! reason, below. Time management sits below the search: it knows no search type.
//!
//! The budget (`SearchLimits::movetime`) is the whole time from the call of `think` to the
//! printed reply, and the reply must arrive in time even when another process holds the
//! other core. So the hard deadline keeps a safety margin. Under a move time iterations
//! start until it ([`deadlines`]: time not used is lost). Under a clock the soft deadline is
//! the latest moment at which a new iteration may start: an iteration costs a few times the
//! previous one, and time one that would be cut spends is taken from later moves.

use std::time::Duration;

// The tuning constants: from a move time or a game clock to deadlines.

/// The least safety margin kept before the end of the budget (scheduling delays, printing).
pub const MIN_MARGIN: Duration = Duration::from_millis(25);
/// The safety margin as a fraction of the budget, when that is more than [`MIN_MARGIN`]: 1/10.
/// (Measured on a loaded 2-core machine, a preempted search thread may return tens of
/// milliseconds after the deadline it checks; 1/20 was not enough there.)
pub const MARGIN_DIVISOR: u32 = 10;
/// Under a clock, before this fraction of the soft deadline (percent) a new iteration
/// always starts, whatever its predicted cost: a cut iteration is not wasted, because its
/// move replaces the last completed iteration's only after it has beaten that move at the
/// new depth, and its table entries order the next search. The prediction decides only
/// later.
pub const ALWAYS_START_PERCENT: u32 = 40;
/// An iteration is predicted to take the previous one's time times the last growth
/// ratio, kept within these bounds (tenths): alpha-beta iterations grow by roughly the
/// effective branching factor, which varies with the phase.
pub const MIN_GROWTH_TENTHS: u32 = 15;
/// See [`MIN_GROWTH_TENTHS`].
pub const MAX_GROWTH_TENTHS: u32 = 60;
/// The growth ratio assumed when the iteration before the last took no measurable time
/// (tenths): half the most.
pub const DEFAULT_GROWTH_TENTHS: u32 = MAX_GROWTH_TENTHS / 2;
/// A score drop (engine units, 100 = a stone) from which the position counts as sharp.
pub const SHARP_DROP: i32 = 30;
/// The least of the clock never planned for: scheduling delays, the reply's way out.
pub const MIN_RESERVE: Duration = Duration::from_millis(50);
/// The reserve as a fraction of the clock, when that is more than [`MIN_RESERVE`]: 1/20.
pub const RESERVE_DIVISOR: u32 = 20;
/// Time a referee charges per move beyond what the engine measures (pipes, a preempted
/// process waking up late): planned for every move still to come, and taken off the
/// engine's own clock after each move. Without it an engine that keeps its own clock
/// drifts a few milliseconds a move behind the referee's and, late in a long game, loses
/// on time (it did, once in twelve games at 10 s + 0.1 s on the loaded machine).
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(20);
/// Moves of the sliding phase the clock is shared over (beyond the stones still to place).
pub const MOVING_MOVES: u32 = 20;
/// Stones in hand counted as moves still to come, at most (a side's nine).
pub const MAX_PLACING_MOVES: u8 = 9;
/// With this many stones or fewer still to place (but one or more), a move gets
/// [`LATE_PLACING_PERCENT`] of its share: the last stones placed decide the game's shape.
pub const LATE_PLACING_STONES: u8 = 3;
/// See [`LATE_PLACING_STONES`] (percent of the share: half as much again).
pub const LATE_PLACING_PERCENT: u32 = 150;
/// The share of the increment planned per move (percent).
pub const INCREMENT_PERCENT: u32 = 75;
/// An unstable best move or a falling score stretches the soft deadline to this many
/// planned shares.
pub const STRETCH_SHARES: u32 = 2;
/// A move may take at most this many planned shares.
pub const MAX_SHARES: u32 = 3;

/// When to stop searching, measured from the start of the search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Deadlines {
    /// Don't start a new iteration after this (when the best move is steady).
    pub soft: Duration,
    /// Don't start a new iteration after this when the best move changed or the score fell
    /// in the last iteration (at least `soft`, at most `hard`).
    pub stretched: Duration,
    /// Before this a new iteration always starts, whatever its predicted cost.
    pub always: Duration,
    /// Abort the search at this point, whatever it is doing.
    pub hard: Duration,
}

/// How the last iteration went, for [`Deadlines::soft_for`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Trend {
    /// The best move differs from the previous iteration's.
    pub best_changed: bool,
    /// How much the score fell since the previous iteration (engine units; negative: rose).
    pub score_drop: i32,
}

impl Deadlines {
    /// The soft deadline after an iteration that went as `trend` says.
    #[must_use]
    pub fn soft_for(&self, trend: Trend) -> Duration {
        if trend.best_changed || trend.score_drop >= SHARP_DROP { self.stretched } else { self.soft }
    }
}

/// A game clock as the side to move sees it before its move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Time added after each move (Fischer increment).
    pub increment: Duration,
}

/// The deadlines of one move under a game clock, for a side with `in_hand` stones still to
/// place.
///
/// ```
/// use std::time::Duration;
/// use morris::time::{Clock, clock_deadlines};
/// let clock = Clock { remaining: Duration::from_secs(10), increment: Duration::from_millis(100) };
/// let d = clock_deadlines(clock, 9);
/// assert!(d.soft < d.stretched && d.stretched <= d.hard);
/// assert!(d.hard < Duration::from_secs(2));
/// ```
#[must_use]
pub fn clock_deadlines(clock: Clock, in_hand: u8) -> Deadlines {
    let reserve = (clock.remaining / RESERVE_DIVISOR).max(MIN_RESERVE);
    let moves_to_go = MOVING_MOVES + u32::from(in_hand.min(MAX_PLACING_MOVES));
    let usable = clock.remaining.saturating_sub(reserve + MOVE_OVERHEAD * moves_to_go);
    let mut share = usable / moves_to_go;
    if (1..=LATE_PLACING_STONES).contains(&in_hand) {
        // The last stones placed decide the game's shape.
        share = share * LATE_PLACING_PERCENT / 100;
    }
    let target = share + clock.increment * INCREMENT_PERCENT / 100;
    let most = (target * MAX_SHARES).min(usable);
    let margin = (most / MARGIN_DIVISOR).max(MIN_MARGIN);
    let hard = most.saturating_sub(margin);
    let soft = target.min(hard);
    let stretched = (target * STRETCH_SHARES).min(hard);
    Deadlines { soft, stretched, always: soft * ALWAYS_START_PERCENT / 100, hard }
}

/// The deadlines for a per-move budget of `movetime`: iterations start until the hard
/// deadline. Time a move does not use is not saved for another (there is no clock), and an
/// iteration cut at the hard deadline is not wasted (see [`ALWAYS_START_PERCENT`]), so the
/// whole budget is searched. (Stopping at 70% of it when the next iteration was predicted
/// not to finish left a quarter of each second unused at the late placements: 0.65 s of
/// 1 s on average, where the issue-46 games were lost.)
///
/// ```
/// use std::time::Duration;
/// let d = morris::time::deadlines(Duration::from_millis(1000));
/// assert_eq!(d.hard, Duration::from_millis(900));
/// assert_eq!((d.soft, d.always), (d.hard, d.hard));
/// ```
#[must_use]
pub fn deadlines(movetime: Duration) -> Deadlines {
    let margin = (movetime / MARGIN_DIVISOR).max(MIN_MARGIN);
    let hard = movetime.saturating_sub(margin);
    Deadlines { soft: hard, stretched: hard, always: hard, hard }
}

/// Whether to start the next iteration at `elapsed`, when the last completed iteration
/// took `last` and the one before it `before` and went as `trend` says: always before
/// `deadlines.always` ([`ALWAYS_START_PERCENT`] of the soft deadline under a clock, the
/// hard deadline under a move time); after that only if it is predicted to finish before
/// the hard deadline and the soft deadline ([`Deadlines::soft_for`]) has not passed.
#[must_use]
pub fn should_start_iteration(
    deadlines: &Deadlines,
    elapsed: Duration,
    last: Duration,
    before: Duration,
    trend: Trend,
) -> bool {
    if elapsed >= deadlines.soft_for(trend) {
        return false;
    }
    if elapsed < deadlines.always {
        return true;
    }
    let ratio_tenths = if before.is_zero() {
        DEFAULT_GROWTH_TENTHS
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
        let zero = Duration::ZERO;
        assert_eq!(deadlines(zero), Deadlines { soft: zero, stretched: zero, always: zero, hard: zero });
        let d = deadlines(Duration::from_secs(10));
        assert_eq!(d.hard, Duration::from_secs(9));
        assert!(d.soft <= d.hard);
    }

    #[test]
    fn a_move_time_is_searched_to_its_hard_deadline() {
        let d = deadlines(Duration::from_millis(1000));
        let ms = Duration::from_millis;
        // Late, after a long iteration: it starts all the same, and is cut at 900 ms.
        assert!(should_start_iteration(&d, ms(850), ms(400), ms(100), Trend::default()));
        assert!(!should_start_iteration(&d, ms(900), ms(1), ms(1), Trend::default()));
    }

    #[test]
    fn starts_an_iteration_only_when_it_should_finish() {
        // Under a clock: 10 s with nothing to place, 0.5 s reserve and 20 × 20 ms overhead
        // kept, over 20 moves: planned 455 ms, always started before 182 ms, cut at 1228 ms.
        let d = clock_deadlines(Clock { remaining: Duration::from_secs(10), increment: Duration::ZERO }, 0);
        let ms = Duration::from_millis;
        let should_start_iteration = |d, e, l, b| should_start_iteration(d, e, l, b, Trend::default());
        assert_eq!((d.soft, d.always), (ms(455), ms(182)), "{d:?}");
        // 100 ms in, the last iteration took 40 ms after 10 ms: predicted 4 × 40 = 160 ms.
        assert!(should_start_iteration(&d, ms(100), ms(40), ms(10)));
        // 300 ms in, the last took 400 ms: predicted 1,600 ms more, past the hard deadline.
        assert!(!should_start_iteration(&d, ms(300), ms(400), ms(100)));
        // Early on an iteration starts even when it is not predicted to finish.
        assert!(should_start_iteration(&d, ms(150), ms(250), ms(40)));
        assert!(!should_start_iteration(&d, ms(200), ms(250), ms(40)));
        // Past the soft deadline nothing starts, however cheap.
        assert!(!should_start_iteration(&d, ms(460), ms(1), ms(1)));
    }

    #[test]
    fn a_clock_is_spent_in_shares_above_a_reserve() {
        let ms = Duration::from_millis;
        let clock = |remaining, increment| Clock { remaining: ms(remaining), increment: ms(increment) };
        // 10 s + 0.1 s, nine stones in hand: 10 s less 0.5 s reserve and 29 × 20 ms
        // overhead, over 29 moves (307.6 ms), + 75 ms.
        let d = clock_deadlines(clock(10_000, 100), 9);
        assert!(d.soft > ms(380) && d.soft < ms(385), "{d:?}");
        assert_eq!(d.stretched, d.soft * 2);
        assert!(d.hard >= d.stretched && d.hard < d.soft * 3, "{d:?}");
        // Late in the placing phase a move gets more.
        assert!(clock_deadlines(clock(10_000, 100), 2).soft > clock_deadlines(clock(10_000, 100), 9).soft);
        assert!(clock_deadlines(clock(10_000, 100), 2).soft > clock_deadlines(clock(10_000, 100), 0).soft);
        // Never into the reserve, whatever the increment promises.
        for (left, inc) in [(60, 0), (60, 1000), (1, 5000), (0, 0), (200, 200), (3_000, 3_000)] {
            let d = clock_deadlines(clock(left, inc), 0);
            let reserve = (ms(left) / RESERVE_DIVISOR).max(MIN_RESERVE) + MOVE_OVERHEAD * MOVING_MOVES;
            assert!(d.hard <= ms(left).saturating_sub(reserve), "{left} ms + {inc} ms: {d:?}");
            assert!(d.always <= d.soft && d.soft <= d.stretched && d.stretched <= d.hard, "{d:?}");
        }
    }

    #[test]
    fn an_unsteady_best_move_stretches_the_soft_deadline() {
        let d = clock_deadlines(Clock { remaining: Duration::from_secs(60), increment: Duration::ZERO }, 0);
        let steady = Trend::default();
        assert_eq!(d.soft_for(steady), d.soft);
        assert_eq!(d.soft_for(Trend { best_changed: true, ..steady }), d.stretched);
        assert_eq!(d.soft_for(Trend { score_drop: SHARP_DROP, ..steady }), d.stretched);
        assert_eq!(d.soft_for(Trend { score_drop: -200, ..steady }), d.soft);
        let e = (d.soft + d.stretched) / 2;
        let ms = Duration::from_millis;
        assert!(!should_start_iteration(&d, e, ms(1), ms(1), steady));
        assert!(should_start_iteration(&d, e, ms(1), ms(1), Trend { best_changed: true, ..steady }));
    }
}
