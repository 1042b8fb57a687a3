//! A game: a start position and the moves played since, with the history the draw rules
//! need (repetition keys and the plies since the last placement or removal).
//!
//! [`Position`] knows one position and its moves; `Game` adds what depends on the path
//! to it (repetition, the no-removal count, the outcome). The engine, the terminal game
//! and the referee each keep one; the search reads its repetition keys.

use std::fmt;

use super::color::Color;
use super::moves::Move;
use super::position::{IllegalMove, Position};

/// Why a side won.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum WinReason {
    /// The loser has fewer than three stones.
    FewerThanThree,
    /// The loser is to move and has no legal move.
    Blocked,
}

/// Why a game was drawn.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum DrawReason {
    /// The same position for the `repetition`-th time.
    Repetition,
    /// `no_removal_plies` plies of sliding/flying without a removal.
    NoRemoval,
}

/// How a game ended.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Outcome {
    /// A side won.
    Win {
        /// The side that won.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// A draw.
    Draw(DrawReason),
}

impl Outcome {
    /// `white`, `black` or `draw`, as the protocol's `result` line writes it.
    #[must_use]
    pub fn result_word(&self) -> &'static str {
        match self {
            Outcome::Win { winner, .. } => winner.name(),
            Outcome::Draw(_) => "draw",
        }
    }

    /// The reason as a phrase that follows the result word: `white by blocking black`,
    /// `draw by repetition`.
    #[must_use]
    pub fn reason(&self) -> String {
        match self {
            Outcome::Win { winner, reason: WinReason::FewerThanThree } => {
                format!("by reducing {} to fewer than three stones", (!*winner).name())
            }
            Outcome::Win { winner, reason: WinReason::Blocked } => format!("by blocking {}", (!*winner).name()),
            Outcome::Draw(DrawReason::Repetition) => "by repetition".to_string(),
            Outcome::Draw(DrawReason::NoRemoval) => "by the no-removal rule".to_string(),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.result_word(), self.reason())
    }
}

#[derive(Clone, Debug)]
struct Ply {
    position: Position,
    /// The move that led here (`None` for the start).
    last_move: Option<Move>,
    /// Plies of sliding/flying since the last placement or removal.
    quiet_plies: u16,
}

/// A game in progress: the positions so far, and the draw rules of the ruleset.
#[derive(Clone, Debug)]
pub struct Game {
    plies: Vec<Ply>,
}

impl Game {
    /// A game starting at `start` (which counts as the first occurrence of itself).
    #[must_use]
    pub fn new(start: Position) -> Game {
        Game::with_quiet_plies(start, 0)
    }

    /// A game starting at `start` after `quiet_plies` plies of sliding or flying without
    /// a removal (a position text's count): the no-removal rule counts on from there.
    /// Repetitions are counted from `start` on (what came before it is not known).
    #[must_use]
    pub fn with_quiet_plies(start: Position, quiet_plies: u16) -> Game {
        Game { plies: vec![Ply { position: start, last_move: None, quiet_plies }] }
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.plies[self.plies.len() - 1].position
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.plies[0].position
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.plies.iter().filter_map(|p| p.last_move)
    }

    /// The last move played, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<Move> {
        self.plies.last().and_then(|p| p.last_move)
    }

    /// The number of moves played.
    #[must_use]
    pub fn len(&self) -> usize {
        self.plies.len() - 1
    }

    /// Whether no move has been played.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.plies.len() == 1
    }

    /// The no-removal count the game started with ([`Game::with_quiet_plies`]).
    #[must_use]
    pub fn start_quiet_plies(&self) -> u16 {
        self.plies[0].quiet_plies
    }

    /// Plies of sliding/flying since the last placement or removal.
    #[must_use]
    pub fn quiet_plies(&self) -> u16 {
        self.plies[self.plies.len() - 1].quiet_plies
    }

    /// The positions since the last placement or removal that this game holds (a game
    /// from a position text may have started with a count).
    fn quiet_window(&self) -> usize {
        (usize::from(self.quiet_plies()) + 1).min(self.plies.len())
    }

    /// How often the current position has occurred (this time included).
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        // Positions cannot repeat across a placement or removal, so look back only over
        // the quiet plies.
        let window = self.quiet_window();
        self.plies.iter().rev().take(window).filter(|p| p.position.key() == now.key() && p.position == *now).count()
    }

    /// The keys of the positions since the last placement or removal, oldest first,
    /// the current one last (what a search needs to see repetitions).
    pub fn repetition_keys(&self) -> impl Iterator<Item = u64> + '_ {
        let window = self.quiet_window();
        self.plies[self.plies.len() - window..].iter().map(|p| p.position.key())
    }

    /// Plays `m` if it is legal and the game is not over.
    ///
    /// # Errors
    /// Why the move is illegal; the game is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        match self.outcome() {
            Some(Outcome::Win { winner, .. }) => return Err(IllegalMove::GameOver(!winner)),
            Some(draw @ Outcome::Draw(_)) => return Err(IllegalMove::Drawn { reason: draw.reason() }),
            None => {}
        }
        let next = self.position().play(m)?;
        self.push(m, next);
        Ok(())
    }

    /// Plays `m`, which the caller guarantees is legal.
    pub fn play_unchecked(&mut self, m: Move) {
        let next = self.position().play_unchecked(m);
        self.push(m, next);
    }

    fn push(&mut self, m: Move, next: Position) {
        let quiet = if m.is_placement() || m.remove().is_some() { 0 } else { self.quiet_plies().saturating_add(1) };
        self.plies.push(Ply { position: next, last_move: Some(m), quiet_plies: quiet });
    }

    /// Takes back the last move; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        if self.plies.len() > 1 { self.plies.pop().and_then(|p| p.last_move) } else { None }
    }

    /// The outcome, if the game is over: decided by the position first, then by the
    /// draw rules of the ruleset.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        let side = pos.side_to_move();
        if pos.is_lost_by_material() {
            return Some(Outcome::Win { winner: !side, reason: WinReason::FewerThanThree });
        }
        if pos.is_blocked() {
            return Some(Outcome::Win { winner: !side, reason: WinReason::Blocked });
        }
        let rules = pos.rules();
        if rules.repetition > 0 && self.repetitions() >= usize::from(rules.repetition) {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        if rules.no_removal_plies > 0 && self.quiet_plies() >= rules.no_removal_plies {
            return Some(Outcome::Draw(DrawReason::NoRemoval));
        }
        None
    }
}
