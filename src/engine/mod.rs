//! The engine façade (issue #3): owns the game, the search and its tables and options;
//! never touches stdin/stdout. The protocol, the terminal game and the referee drive it.
//!
//! This is the first, simple version: fixed-depth alpha-beta on material. Its public API
//! is the contract other modules rely on.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::rules::{Game, IllegalMove, Move, MoveList, Position};
use crate::search::Oracle;

/// Which static evaluation the engine uses.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum EvalChoice {
    /// The engine's own evaluation
    #[default]
    Strong,
    /// The classroom handout's estimate (for measuring strength against it)
    Handout,
}

/// Engine options that live across games.
#[derive(Clone)]
pub struct EngineOptions {
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// Static evaluation.
    pub eval: EvalChoice,
    /// Search threads.
    pub threads: usize,
    /// Exact values for covered positions.
    pub oracle: Option<Arc<dyn Oracle>>,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions { hash_mb: 64, eval: EvalChoice::Strong, threads: 1, oracle: None }
    }
}

/// What ends a search.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Wall-clock time for the whole move, from the call to the returned result.
    pub movetime: Option<Duration>,
    /// The deepest iteration to search.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
}

/// One completed iteration, reported while searching.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// Iteration depth in plies.
    pub depth: u32,
    /// Score for the side to move (see [`format_score`]).
    pub score: i32,
    /// Nodes so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// The answer of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play (`None` only when the side to move has no move).
    pub best: Option<Move>,
    /// Score for the side to move.
    pub score: i32,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// Principal variation, starting with `best`.
    pub pv: Vec<Move>,
}

/// Scores at or beyond this are wins (or, negated, losses) in `WIN - score` plies.
pub const WIN: i32 = 30_000;

/// A score in words: `+1.25` (stones), `win in 7`, `loss in 4`.
#[must_use]
pub fn format_score(score: i32) -> String {
    if score >= WIN - 1000 {
        format!("win in {}", WIN - score)
    } else if score <= -(WIN - 1000) {
        format!("loss in {}", WIN + score)
    } else {
        format!("{:+.2}", f64::from(score) / 100.0)
    }
}

/// The engine: a game and the means to choose moves in it.
pub struct Engine {
    options: EngineOptions,
    game: Game,
}

impl Engine {
    /// An engine at `start`.
    #[must_use]
    pub fn new(options: EngineOptions, start: Position) -> Engine {
        Engine { options, game: Game::new(start) }
    }

    /// The game so far.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Replaces the game (a new start position or move list).
    pub fn set_game(&mut self, game: Game) {
        self.game = game;
    }

    /// Plays a move in the game, if legal.
    ///
    /// # Errors
    /// Why the move is illegal; the game is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.game.play(m)
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        self.game.undo()
    }

    /// Starts a new game from the ruleset's start position and forgets what was learnt.
    pub fn new_game(&mut self) {
        self.game = Game::new(Position::start(self.game.position().rules()));
    }

    /// The options.
    #[must_use]
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// The static evaluation of the current position for the side to move.
    #[must_use]
    pub fn evaluate(&self) -> i32 {
        material(self.game.position())
    }

    /// Chooses a move for the side to move in the current game (does not play it).
    pub fn think(&mut self, limits: &Limits, on_iteration: &mut dyn FnMut(&SearchInfo)) -> SearchResult {
        let started = Instant::now();
        let pos = *self.game.position();
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        let depth = limits.depth.unwrap_or(3).max(1);
        let mut nodes = 0;
        let mut best = (list.first().copied(), -WIN - 1);
        for &m in list.iter() {
            let score = -negamax(&pos.play_unchecked(m), depth - 1, -WIN - 1, -best.1, &mut nodes);
            if score > best.1 {
                best = (Some(m), score);
            }
        }
        let pv: Vec<Move> = best.0.into_iter().collect();
        let info = SearchInfo { depth, score: best.1, nodes, elapsed: started.elapsed(), pv: pv.clone() };
        on_iteration(&info);
        SearchResult { best: best.0, score: best.1, depth, nodes, elapsed: started.elapsed(), pv }
    }
}

fn material(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    100 * (pos.material(us) as i32 - pos.material(!us) as i32)
}

fn negamax(pos: &Position, depth: u32, mut alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
    *nodes += 1;
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    if list.is_empty() {
        return -WIN;
    }
    if depth == 0 {
        return material(pos);
    }
    for &m in list.iter() {
        alpha = alpha.max(-negamax(&pos.play_unchecked(m), depth - 1, -beta, -alpha, nodes));
        if alpha >= beta {
            break;
        }
    }
    alpha
}

/// Options of `morris bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Search depth for every bench position
    #[arg(long, default_value_t = 6)]
    pub depth: u32,
}

/// Runs `morris bench`.
///
/// # Errors
/// None yet.
pub fn run_bench(_args: &BenchArgs) -> anyhow::Result<std::process::ExitCode> {
    anyhow::bail!("bench is not built yet (issue #3)")
}
