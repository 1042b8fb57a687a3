//! The search's tunable constants, in one place (as viridithas keeps them), each with
//! the reason for its value: the search's and move ordering's ([`super::ordering`]).
//! Time management's live with it, below the search, in [`crate::time`]. A change to one
//! that the fixed-depth search uses changes the bench signature; say so in the commit.

/// The deepest ply a search path may reach (iterations plus quiescence).
pub const MAX_PLY: usize = 128;
/// The deepest iteration.
pub const MAX_SEARCH_DEPTH: u32 = 100;
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
/// Reverse futility pruning: at a node off the principal variation with at most this many
/// plies left, a static value that beats beta by [`RFP_MARGIN`] a ply is trusted and
/// the node is not searched. Measured on the late placements (issue 46): 83 value-losing
/// of 2,243 at 300,000 nodes, against 110 without (docs/engine.md).
pub const RFP_DEPTH: i32 = 3;
/// The margin of reverse futility pruning per ply left, in hundredths of a stone (strong
/// evaluation): 80 beat 120 and 2 plies in nodes to the same depth.
pub const RFP_MARGIN: i32 = 80;
/// The evaluation cache holds 2^this evaluations (16 bytes each: 1 MB, within a core's
/// second-level cache): in `morris bench` (the other core busy) 2^16 slots gave 3.48–3.70 M nodes a second,
/// 2^14 3.41–3.52 M and 2^18 3.10–3.28 M (hits 41 %, 36 % and 45 %).
pub const EVAL_CACHE_BITS: u32 = 16;
/// History scores are capped here and halved when they reach it.
pub const HISTORY_MAX: i32 = 1 << 16;
/// A win proven by the tables scores at most `WIN_SCORE - ORACLE_WIN_OFFSET`: below every win
/// the search follows to its end (those come within `MAX_PLY` plies).
pub const ORACLE_WIN_OFFSET: i32 = MAX_PLY as i32;
/// Each stone the loser still has costs a table win this much: conversions come first.
pub const ORACLE_STONE: i32 = 40;
/// Table distances count up to this (a cursed win's rank can be larger; the order of
/// the shorter ones is what matters). With nine stones and `MAX_PLY` plies the score
/// stays decided: 128 + 128 + 200 + 9 × 40 < 1000.
pub const ORACLE_MAX_DISTANCE: u16 = 200;
/// Fewest plies left to search at a node where the search reads a placing value (a probe
/// costs about as much as a few nodes, so the frontier is left to the search).
pub const PLACING_PROBE_DEPTH: i32 = 2;
/// What a drawn move below a drawn root (by the tables) is worth beyond the draw when
/// every reply of the opponent lost: each drawn move scores this times the share of the
/// replies that lose, so the engine keeps the draw that leaves a fallible opponent the
/// most ways to go wrong (a repetition, which leaves none, is then no longer as good as
/// any draw). Far below every decided score; the root's score is reported as the draw
/// it is.
pub const TRAP_SCALE: i32 = 30;

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
    /// Reverse futility pruning's margin per ply left ([`RFP_DEPTH`]), in evaluation
    /// units; 0 turns it off.
    pub futility_margin: i32,
}

impl SearchSettings {
    /// The tournament engine: quiescence, reductions, reverse futility pruning and
    /// contempt on, windows and margins sized for the strong evaluation.
    pub const STRONG: SearchSettings = SearchSettings {
        quiescence: true,
        reductions: true,
        contempt: CONTEMPT,
        aspiration_window: ASPIRATION_WINDOW,
        futility_margin: RFP_MARGIN,
    };

    /// The classroom engine: plain alpha-beta to the given depth, as the classroom
    /// entries search, with windows sized for the handout's estimate.
    pub const CLASSROOM: SearchSettings = SearchSettings {
        quiescence: false,
        reductions: false,
        contempt: 0,
        aspiration_window: ASPIRATION_WINDOW * HANDOUT_SCALE,
        futility_margin: 0,
    };
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings::STRONG
    }
}
