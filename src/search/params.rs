//! The engine's tunable constants, in one place (as viridithas keeps them), each with
//! the reason for its value: the search's, move ordering's ([`super::ordering`]) and time
//! management's ([`crate::time`]). A change to one that the fixed-depth search uses
//! changes the bench signature; say so in the commit.

use std::time::Duration;

/// The deepest ply a search path may reach (iterations plus quiescence).
pub const MAX_PLY: usize = 128;
/// The deepest iteration.
pub const MAX_DEPTH: u32 = 100;
/// Plies of mill-closing moves the quiescence search follows past the horizon; each
/// removes a stone, so the sequences are short, and the cap bounds the worst case.
pub const QUIESCENCE_PLIES: usize = 6;
/// Check the clock every this many nodes (a power of two): a few microseconds apart.
pub const CLOCK_INTERVAL: u64 = 256;
/// First aspiration half-window, in hundredths of a stone (strong evaluation); the
/// handout's estimate is scaled by [`HANDOUT_SCALE`].
pub const ASPIRATION_WINDOW: i32 = 35;
/// The handout's estimate counts 1000 per stone in the moving phase.
pub const HANDOUT_SCALE: i32 = 10;
/// An aspiration window that has widened to this many times its first size is dropped
/// for a full-width search.
pub const ASPIRATION_GIVE_UP: i32 = 16;
/// Aspiration windows start at this depth (shallower iterations are too cheap to matter).
pub const ASPIRATION_DEPTH: u32 = 4;
/// Draws are worth this much less than zero to the side that searches (hundredths of a
/// stone): against weaker opponents a draw is a lost half point.
pub const CONTEMPT: i32 = 20;
/// Late-move reductions: reduce quiet moves after this many moves ...
pub const LMR_MOVES: usize = 3;
/// ... and only from this remaining depth on.
pub const LMR_DEPTH: i32 = 3;
/// History scores are capped here and halved when they reach it.
pub const HISTORY_MAX: i32 = 1 << 16;
/// A win proven by the tables scores at most `WIN - ORACLE_WIN_OFFSET`: below every win
/// the search follows to its end (those come within `MAX_PLY` plies).
pub const ORACLE_WIN_OFFSET: i32 = MAX_PLY as i32;
/// Each stone the loser still has costs a table win this much: conversions come first.
pub const ORACLE_STONE: i32 = 40;
/// Table distances count up to this (a cursed win's rank can be larger; the order of
/// the shorter ones is what matters). With nine stones and `MAX_PLY` plies the score
/// stays decided: 128 + 128 + 200 + 9 × 40 < 1000.
pub const ORACLE_MAX_DISTANCE: u16 = 200;

// Move ordering (`ordering.rs`): the score bands, highest first. Each band lies above
// everything a lower band can reach (a mill's bonus stays far below 2^24, history below
// HISTORY_MAX + BUILD × lines through a point), so the bands never mix.

/// The transposition table's move: searched first.
pub const ORDER_TT_MOVE: i32 = 1 << 30;
/// A mill-closing move, plus how much its removal hurts the opponent.
pub const ORDER_MILL: i32 = 1 << 26;
/// A move onto the point where the opponent would close a mill next.
pub const ORDER_BLOCK: i32 = 1 << 24;
/// The ply's first killer move (the last quiet move that cut there).
pub const ORDER_KILLER_FIRST: i32 = 1 << 22;
/// The ply's second killer move.
pub const ORDER_KILLER_SECOND: i32 = 1 << 21;
/// A quiet move's bonus per line on which it joins an own stone with the third point
/// empty (building a threat), added to its history score.
pub const ORDER_BUILD: i32 = 1 << 8;
/// What removing a stone from an opponent's open line (one of its stones and an empty
/// point) is worth to a mill's order, against 1 per opponent stone on a line and 1 per
/// empty neighbour: breaking a threat comes first.
pub const ORDER_OPEN_LINE_REMOVAL: i32 = 4;
/// Order scores at or above this are tactical (TT move, mills, blocks, killers): late-move
/// reductions never reduce them.
pub const TACTICAL: i32 = ORDER_KILLER_SECOND;

/// What the search does beyond plain alpha-beta, chosen per engine (not derived from the
/// evaluation): see the presets [`SearchSettings::STRONG`] and [`SearchSettings::CLASSROOM`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchSettings {
    /// Follow mill-closing moves past the horizon ([`QUIESCENCE_PLIES`]).
    pub quiescence: bool,
    /// Late-move reductions ([`LMR_MOVES`], [`LMR_DEPTH`]).
    pub reductions: bool,
    /// What a draw costs the side that searches, in evaluation units.
    pub contempt: i32,
    /// The first aspiration half-window, in evaluation units.
    pub aspiration_window: i32,
}

impl SearchSettings {
    /// The tournament engine: quiescence, reductions and contempt on, windows sized for
    /// the strong evaluation.
    pub const STRONG: SearchSettings =
        SearchSettings { quiescence: true, reductions: true, contempt: CONTEMPT, aspiration_window: ASPIRATION_WINDOW };

    /// The classroom engine: plain alpha-beta to the given depth, as the classroom
    /// entries search, with windows sized for the handout's estimate.
    pub const CLASSROOM: SearchSettings = SearchSettings {
        quiescence: false,
        reductions: false,
        contempt: 0,
        aspiration_window: ASPIRATION_WINDOW * HANDOUT_SCALE,
    };
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings::STRONG
    }
}

// Time management (`time.rs`): from a move time or a game clock to deadlines.

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
