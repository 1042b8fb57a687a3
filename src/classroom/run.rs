//! One program run: the board file, the search, the output file and the three output
//! lines. The command line of the eight mains (arguments, printing, exit statuses) is
//! `cmd::classroom`'s; every one of them is `cmd::classroom::main(&SPEC)`.

use std::path::Path;

use super::board_file::{PendingOutput, read_board_file, start_position};
use super::estimate;
use super::search::{self, Ends, Estimate, Value};
use super::spec::{Algorithm, Estimator, ProgramPhase, ProgramSpec};
use crate::rules::notation::format_board_string;
use crate::rules::{ByColor, CLASSROOM, Color, Move};
use crate::topology::PointSet;

/// The estimate a program reports when the side it moves for has no legal move at the
/// root: the handout's own value of a blocked side, a loss. Its midgame estimate gives
/// White 10000 when Black has no move; by the colour swap every program makes, a blocked
/// side to move is −10000 from its own point of view. The opening estimate has no value
/// for a blocked side (it only counts stones), so the opening programs report the same loss.
pub const BLOCKED_ESTIMATE: Value = Value::finite(-crate::eval::HANDOUT_DECIDED);

/// What a program prints and writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramOutput {
    /// The chosen board (in the input's colours).
    pub board: String,
    /// The chosen move, as the searching side (White after the swap for Black programs).
    pub best: Move,
    /// Static estimations made at the leaves.
    pub evals: u64,
    /// The MiniMax estimate of the chosen move, from the searching side's point of view.
    pub value: Value,
}

impl ProgramOutput {
    /// The program's three output lines, each ending in a newline.
    #[must_use]
    pub fn lines(&self) -> String {
        output_lines(&self.board, self.evals, self.value)
    }
}

/// The three output lines of the handout's format, each ending in a newline.
#[must_use]
pub fn output_lines(board: &str, evals: u64, value: Value) -> String {
    format!("Board Position: {board}\nPositions evaluated by static estimation: {evals}.\nMINIMAX estimate: {value}.\n")
}

/// Why a run produced no move.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// Bad arguments, input file or output file.
    #[error("{0}")]
    BadInput(String),
    /// The side to move has no legal move: it is blocked (or the board is full) and has lost.
    #[error(
        "{side} has no legal move in this position, so it has lost: the board is left as it was \
         (0 positions evaluated, estimate {BLOCKED_ESTIMATE})"
    )]
    NoMove {
        /// The side the program moves for.
        side: Color,
        /// The unchanged board, as read.
        board: String,
    },
}

impl RunError {
    /// What the program prints on stdout despite the error: for [`RunError::NoMove`]
    /// the three lines for the unchanged board, 0 positions evaluated and
    /// [`BLOCKED_ESTIMATE`]; nothing for bad input.
    #[must_use]
    pub fn stdout_lines(&self) -> Option<String> {
        match self {
            RunError::BadInput(_) => None,
            RunError::NoMove { board, .. } => Some(output_lines(board, 0, BLOCKED_ESTIMATE)),
        }
    }
}

/// The program `spec` on `stones` at `depth` plies, without files: `None` when the side to
/// move has no legal move. Black programs swap colours, search as White and swap back.
#[must_use]
pub fn decide(spec: &ProgramSpec, stones: ByColor<PointSet>, depth: u32) -> Option<ProgramOutput> {
    decide_reading(spec, stones, depth, Ends::AtDepth)
}

/// [`decide`] under a reading of where the tree's branches end ([`Ends`]; the grader asks
/// for the reading students take besides ours).
#[must_use]
pub fn decide_reading(spec: &ProgramSpec, stones: ByColor<PointSet>, depth: u32, ends: Ends) -> Option<ProgramOutput> {
    let as_white = if spec.side == Color::Black { stones.swapped() } else { stones };
    let root = start_position(as_white, spec.phase);
    let estimate: Estimate = match (spec.phase, spec.estimator) {
        (ProgramPhase::Opening, Estimator::Handout) => estimate::handout_opening,
        (ProgramPhase::Game, Estimator::Handout) => estimate::handout_game,
        (ProgramPhase::Opening, Estimator::Improved) => estimate::improved_opening,
        (ProgramPhase::Game, Estimator::Improved) => estimate::improved_game,
    };
    let result = match spec.algorithm {
        Algorithm::MiniMax => search::minimax(&root, depth, estimate, ends),
        Algorithm::AlphaBeta => search::alpha_beta(&root, depth, estimate, ends),
    }?;
    let after = result.after.all_stones();
    let after = if spec.side == Color::Black { after.swapped() } else { after };
    Some(ProgramOutput {
        board: format_board_string(after, root.topology()),
        best: result.best,
        evals: result.evals,
        value: result.value,
    })
}

/// Warnings about a board that is stranger than the program's phase allows; the program
/// searches anyway (the handout does not ask the programs to check positions).
#[must_use]
pub fn warnings(spec: &ProgramSpec, stones: ByColor<PointSet>) -> Vec<String> {
    let max = u32::from(CLASSROOM.stones);
    let mut out = Vec::new();
    for c in Color::ALL {
        let n = stones[c].len();
        if n > max {
            out.push(format!("{c} has {n} stones on the board, more than the {max} a side has; searching anyway"));
        }
    }
    let mover = stones[spec.side].len();
    if spec.phase == ProgramPhase::Opening && mover == max {
        out.push(format!(
            "{} already has all {max} stones on the board, so none is left to place; placing anyway",
            spec.side
        ));
    }
    out
}

/// Runs the program on files: reads the board, searches, writes the output file, and
/// returns what to print. Warnings go to `warn`.
///
/// # Errors
/// [`RunError`]: bad input (the output file is then untouched), or no legal move (the
/// unchanged board has then been written to the output file).
pub fn run_program(
    spec: &ProgramSpec,
    input: &Path,
    output: &Path,
    depth: u32,
    warn: &mut dyn FnMut(&str),
) -> Result<ProgramOutput, RunError> {
    let bad = |e: &dyn std::fmt::Display| RunError::BadInput(e.to_string());
    let stones = read_board_file(input).map_err(|e| bad(&e))?;
    for w in warnings(spec, stones) {
        warn(&w);
    }
    // Created before the search, so an unwritable output is reported at once.
    let pending = PendingOutput::create(output).map_err(|e| bad(&e))?;
    let Some(outcome) = decide(spec, stones, depth) else {
        // A blocked side keeps its board: the output file gets it unchanged, so a grader
        // that reads the file finds a board in the handout's form.
        let board = format_board_string(stones, CLASSROOM.topology);
        pending.commit(&board).map_err(|e| bad(&e))?;
        return Err(RunError::NoMove { side: spec.side, board });
    };
    pending.commit(&outcome.board).map_err(|e| bad(&e))?;
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classroom::board_file::parse_board;
    use crate::classroom::{AB_GAME, MINIMAX_GAME, MINIMAX_OPENING};

    #[test]
    fn where_the_game_ends_a_branch_only_the_other_reading_stops() {
        // White closes a mill against Black's three: below it Black has two stones. Ours
        // searches on to the depth; the other reading estimates that position and stops.
        let stones = parse_board("WxWxWxxxBxxxWBxxxxxxWB", "case").unwrap();
        let ours = decide(&MINIMAX_GAME, stones, 2).unwrap();
        let theirs = decide_reading(&MINIMAX_GAME, stones, 2, Ends::AtGameEnd).unwrap();
        assert_eq!((ours.board.as_str(), ours.value), (theirs.board.as_str(), theirs.value));
        assert_eq!((ours.evals, theirs.evals), (434, 423));
        let ab = decide_reading(&AB_GAME, stones, 2, Ends::AtGameEnd).unwrap();
        assert_eq!(ab.value, theirs.value);
        assert!(ab.evals < theirs.evals);
        // In the opening nothing ends before the depth.
        let opening = parse_board("xxxxxxxWxxxxxxBxxxxxxx", "case").unwrap();
        assert_eq!(decide(&MINIMAX_OPENING, opening, 3), decide_reading(&MINIMAX_OPENING, opening, 3, Ends::AtGameEnd));
    }
}
