//! What makes each of the eight programs itself: one [`ProgramSpec`] per program.
//!
//! The handout's eight programs share everything but four choices (anti-pattern 3 of the
//! style guide is eight copies differing in one line); this table is the only place the
//! program names appear.

use crate::rules::Color;

/// Which search a program runs.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Algorithm {
    /// Plain MiniMax: every leaf at the given depth is estimated.
    MiniMax,
    /// Alpha-beta: the same value and move as MiniMax, fewer leaves estimated.
    AlphaBeta,
}

/// Which part of the game a program plays (the handout's names).
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum ProgramPhase {
    /// The opening: both sides place stones for the whole search.
    Opening,
    /// The midgame/endgame: both hands are empty; slides, or flights with three stones.
    Game,
}

/// Which static estimation a program uses at the leaves.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Estimator {
    /// The handout's estimate (`numWhite − numBlack`, or the midgame/endgame formula).
    Handout,
    /// Our own, designed for this board (`estimate::improved_*`).
    Improved,
}

/// One program of the handout.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub struct ProgramSpec {
    /// The program's name, exactly as the handout asks for it.
    pub name: &'static str,
    /// MiniMax or alpha-beta.
    pub algorithm: Algorithm,
    /// Opening or midgame/endgame.
    pub phase: ProgramPhase,
    /// The side whose move the program computes.
    pub side: Color,
    /// The leaf estimate.
    pub estimator: Estimator,
}

impl ProgramSpec {
    /// A one-sentence description for `--help`.
    #[must_use]
    pub fn description(&self) -> String {
        let search = match self.algorithm {
            Algorithm::MiniMax => "a MiniMax search",
            Algorithm::AlphaBeta => "an alpha-beta search",
        };
        let phase = match self.phase {
            ProgramPhase::Opening => "opening (placing)",
            ProgramPhase::Game => "midgame/endgame (sliding, flying with three stones)",
        };
        let estimate = match self.estimator {
            Estimator::Handout => "the handout's static estimation",
            Estimator::Improved => "the improved static estimation",
        };
        format!(
            "Plays {}'s best {phase} move on the 22-point Morris Variant board, by {search} with {estimate}.",
            self.side
        )
    }
}

const fn program(
    name: &'static str,
    algorithm: Algorithm,
    phase: ProgramPhase,
    side: Color,
    estimator: Estimator,
) -> ProgramSpec {
    ProgramSpec { name, algorithm, phase, side, estimator }
}

use Algorithm::{AlphaBeta, MiniMax};
use Estimator::{Handout, Improved};
use ProgramPhase::{Game, Opening};

/// Part I: White's opening move by MiniMax.
pub const MINIMAX_OPENING: ProgramSpec = program("MiniMaxOpening", MiniMax, Opening, Color::White, Handout);
/// Part I: White's midgame/endgame move by MiniMax.
pub const MINIMAX_GAME: ProgramSpec = program("MiniMaxGame", MiniMax, Game, Color::White, Handout);
/// Part II: White's opening move by alpha-beta.
pub const AB_OPENING: ProgramSpec = program("ABOpening", AlphaBeta, Opening, Color::White, Handout);
/// Part II: White's midgame/endgame move by alpha-beta.
pub const AB_GAME: ProgramSpec = program("ABGame", AlphaBeta, Game, Color::White, Handout);
/// Part III: Black's opening move by MiniMax (colour swap around the White program).
pub const MINIMAX_OPENING_BLACK: ProgramSpec = program("MiniMaxOpeningBlack", MiniMax, Opening, Color::Black, Handout);
/// Part III: Black's midgame/endgame move by MiniMax (colour swap around the White program).
pub const MINIMAX_GAME_BLACK: ProgramSpec = program("MiniMaxGameBlack", MiniMax, Game, Color::Black, Handout);
/// Part IV: White's opening move by MiniMax with the improved estimate.
pub const MINIMAX_OPENING_IMPROVED: ProgramSpec =
    program("MiniMaxOpeningImproved", MiniMax, Opening, Color::White, Improved);
/// Part IV: White's midgame/endgame move by MiniMax with the improved estimate.
pub const MINIMAX_GAME_IMPROVED: ProgramSpec = program("MiniMaxGameImproved", MiniMax, Game, Color::White, Improved);

/// All eight programs, in the handout's order.
pub const ALL_PROGRAMS: [ProgramSpec; 8] = [
    MINIMAX_OPENING,
    MINIMAX_GAME,
    AB_OPENING,
    AB_GAME,
    MINIMAX_OPENING_BLACK,
    MINIMAX_GAME_BLACK,
    MINIMAX_OPENING_IMPROVED,
    MINIMAX_GAME_IMPROVED,
];
