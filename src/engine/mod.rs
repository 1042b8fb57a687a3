//! The engine façade: owns the game, the transposition table, the options and the
//! search threads; never touches stdin/stdout. The protocol, the terminal game and
//! the referee drive it. The search itself lives in [`crate::search`], the evaluation in
//! [`crate::eval`], the deadlines in [`crate::time`].

mod bench;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub use crate::eval::EvalChoice;
pub use crate::search::params::SearchSettings;
pub use crate::search::{DECIDED, Iteration, SearchOutcome, WIN_SCORE};
pub use bench::{BENCH_DEPTH, BenchLine, BenchReport, bench_positions, random_game, run_bench};

use crate::rules::{Game, IllegalMove, Move, Position};
use crate::search::evalcache::EvalCache;
use crate::search::params::MAX_SEARCH_DEPTH;
use crate::search::{Oracle, SearchConfig, TranspositionTable, search};

/// Engine options that live across games.
#[derive(Clone)]
pub struct EngineOptions {
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// Static evaluation.
    pub eval: EvalChoice,
    /// What the search does beyond plain alpha-beta.
    pub search: SearchSettings,
    /// Search threads (Lazy SMP: helpers share the transposition table; 1 = deterministic).
    pub threads: usize,
    /// Exact values for covered positions.
    pub oracle: Option<Arc<dyn Oracle>>,
    /// How to choose among the placements that keep the position's value, when the
    /// oracle names them.
    pub keep_choice: KeepChoice,
    /// Seed of [`KeepChoice::Random`].
    pub seed: u64,
}

/// How the engine chooses among the moves that keep its position's value (placing
/// tables): by its search, which prefers the move that leaves a fallible opponent the
/// most chances to go wrong, or at random (the baseline to measure that against).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum KeepChoice {
    /// The search chooses among them, reading the placing tables below its root too
    /// when the root is a draw (a line where either side goes wrong is then exact).
    #[default]
    Search,
    /// The search chooses among them, reading the placing tables at its root only (the
    /// baseline for reading them below it).
    RootOnly,
    /// Any of them, at random.
    Random,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            hash_mb: 64,
            eval: EvalChoice::Strong,
            search: SearchSettings::STRONG,
            threads: 1,
            oracle: None,
            keep_choice: KeepChoice::Search,
            seed: 0,
        }
    }
}

impl EngineOptions {
    /// The engine an evaluation choice names: the tournament engine, or the classroom
    /// engine (the handout's estimate with plain alpha-beta, [`SearchSettings::CLASSROOM`]).
    #[must_use]
    pub fn for_eval(eval: EvalChoice) -> EngineOptions {
        let search = match eval {
            EvalChoice::Strong => SearchSettings::STRONG,
            EvalChoice::Handout => SearchSettings::CLASSROOM,
        };
        EngineOptions { eval, search, ..EngineOptions::default() }
    }
}

/// What ends a search. With none set, the search runs to the deepest iteration or until
/// [`Engine::stop_flag`] is raised.
#[derive(Clone, Debug, Default)]
pub struct SearchLimits {
    /// Wall-clock time for the whole move, from the call to the returned result.
    pub movetime: Option<Duration>,
    /// The side to move's game clock, from the call: the time manager chooses the time for
    /// this move ([`crate::time::clock_deadlines`]). Takes the place of `movetime`.
    pub clock: Option<crate::time::Clock>,
    /// The deepest iteration to search.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
}

/// A score in words: `+1.25` (stones), `win in 7`, `loss in 4`, `win (tables)`.
#[must_use]
pub fn format_score(score: i32) -> String {
    // Wins the search sees to the end come within MAX_PLY plies; beyond that, a score
    // is a win the tables prove (see `search::params::ORACLE_WIN_OFFSET`).
    let table = |s: i32| WIN_SCORE - s > crate::search::params::ORACLE_WIN_OFFSET;
    if score >= DECIDED {
        if table(score) { "win (tables)".to_string() } else { format!("win in {}", WIN_SCORE - score) }
    } else if score <= -DECIDED {
        if table(-score) { "loss (tables)".to_string() } else { format!("loss in {}", WIN_SCORE + score) }
    } else {
        format!("{:+.2}", f64::from(score) / 100.0)
    }
}

/// The engine: a game and the means to choose moves in it.
pub struct Engine {
    options: EngineOptions,
    game: Game,
    tt: Arc<TranspositionTable>,
    /// The main search thread's evaluation cache, kept across searches.
    evals: EvalCache,
    /// Each Lazy SMP helper's evaluation cache, kept across searches as the main one is.
    helper_evals: Vec<EvalCache>,
    stop: Arc<AtomicBool>,
}

impl Engine {
    /// An engine at `start`.
    #[must_use]
    pub fn new(options: EngineOptions, start: Position) -> Engine {
        let tt = Arc::new(TranspositionTable::new(options.hash_mb));
        Engine {
            options,
            game: Game::new(start),
            tt,
            evals: EvalCache::new(),
            helper_evals: Vec::new(),
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The game so far.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Replaces the game (a new start position or move list). The table is kept.
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

    /// Starts a new game from the ruleset's start position and forgets what was learnt
    /// (the transposition table is cleared, so searches repeat exactly).
    pub fn new_game(&mut self) {
        self.game = Game::new(Position::start(self.game.position().rules()));
        self.tt.clear();
    }

    /// The options.
    #[must_use]
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// A flag that stops a running [`Engine::think`] (from another thread) when set; it is
    /// cleared when a search starts.
    #[must_use]
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// The static evaluation of the current position for the side to move.
    #[must_use]
    pub fn evaluate(&self) -> i32 {
        crate::eval::evaluate(self.options.eval, self.game.position())
    }

    /// Chooses a move for the side to move in the current game (does not play it).
    ///
    /// Returns a legal move whenever one exists, however small the limits; with a
    /// `movetime` it returns before the budget runs out (see [`crate::time`]).
    pub fn think(&mut self, limits: &SearchLimits, on_iteration: &mut dyn FnMut(&Iteration)) -> SearchOutcome {
        self.stop.store(false, Ordering::Relaxed);
        self.think_unless_stopped(limits, on_iteration)
    }

    /// [`Engine::think`], but a stop raised before the call is kept rather than cleared:
    /// the search then returns at once with a legal move (the first root move searched).
    /// A caller that lowers the flag itself and then hands it to another thread uses this,
    /// so that a stop which arrives before the search starts is not lost.
    pub fn think_unless_stopped(
        &mut self,
        limits: &SearchLimits,
        on_iteration: &mut dyn FnMut(&Iteration),
    ) -> SearchOutcome {
        let start = Instant::now();
        let deadlines = match limits.clock {
            Some(clock) => {
                let position = self.game.position();
                Some(crate::time::clock_deadlines(clock, position.in_hand(position.side_to_move())))
            }
            None => limits.movetime.map(crate::time::deadlines),
        };
        // With placing tables, only the moves that keep the position's value are searched,
        // if the tables can tell by three quarters of the way from the soft to the hard
        // deadline (the search among the kept moves then has the rest, and its first
        // iteration always completes: keeping the value matters more than choosing among
        // the moves that keep it).
        let root_deadline = deadlines.as_ref().map(|d| start + d.soft + d.hard.saturating_sub(d.soft) * 3 / 4);
        let mut root_moves = self
            .options
            .oracle
            .as_ref()
            .filter(|o| o.filters_root(self.game.position()))
            .and_then(|o| root_moves_within(o, self.game.position(), root_deadline));
        if self.options.keep_choice == KeepChoice::Random
            && let Some(moves) = root_moves.as_mut().filter(|m| !m.is_empty())
        {
            // The baseline: one of them at random, then a one-ply search on it alone.
            let key = self.game.position().key() ^ self.options.seed;
            let pick = moves[(key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) as usize % moves.len()];
            *moves = vec![pick];
        }
        // Below a drawn placing root, decided values are the lines where a side goes
        // wrong; below a decided root every value-keeping move keeps it, and the search's
        // own judgement chooses (a loser's hardest defence, not the first of equals).
        let placing_probes = self.options.keep_choice == KeepChoice::Search
            && root_moves.as_ref().is_some_and(|m| !m.is_empty())
            && self.options.oracle.as_ref().and_then(|o| o.probe_placing_root(self.game.position()))
                == Some(crate::search::OracleValue::Draw);
        let cfg = SearchConfig {
            eval: self.options.eval,
            settings: self.options.search,
            max_depth: limits.depth.unwrap_or(MAX_SEARCH_DEPTH).clamp(1, MAX_SEARCH_DEPTH),
            max_nodes: limits.nodes,
            deadlines,
            start,
            oracle: self.options.oracle.as_deref(),
            root_moves: root_moves.as_deref(),
            placing_probes,
            stop: &self.stop,
        };
        let mut report = |it: &Iteration| on_iteration(it);
        let helpers = self.options.threads.saturating_sub(1);
        let out = if helpers == 0 {
            search(&self.game, &self.tt, &mut self.evals, &cfg, &mut report)
        } else {
            // Lazy SMP: helper threads search the same position and share the table,
            // so the main thread finds more of the tree already searched. Only the main
            // thread's result counts; the helpers stop when it is done.
            let helper_stop = AtomicBool::new(false);
            self.helper_evals.resize_with(helpers, EvalCache::new);
            let (game, tt, cfg_ref, stop) = (&self.game, &self.tt, &cfg, &helper_stop);
            std::thread::scope(|scope| {
                for evals in &mut self.helper_evals {
                    scope.spawn(move || {
                        let helper_cfg = SearchConfig { stop, ..cfg_ref.clone() };
                        search(game, tt, evals, &helper_cfg, &mut |_| {});
                    });
                }
                let out = search(&self.game, &self.tt, &mut self.evals, &cfg, &mut report);
                helper_stop.store(true, Ordering::Relaxed);
                out
            })
        };
        SearchOutcome { elapsed: start.elapsed(), ..out }
    }
}

/// The oracle's root filter ([`Oracle::root_moves`]), waited for until `deadline` at most.
/// With a deadline its reads run on a thread of their own: a read the disk stalls (a busy
/// machine writing back, a table cold on a slow disk) cannot be interrupted, and the move
/// must still come in time, so past the deadline the search goes on among every move
/// and the thread finishes in the background (what it read stays in the block cache).
fn root_moves_within(oracle: &Arc<dyn Oracle>, pos: &Position, deadline: Option<Instant>) -> Option<Vec<Move>> {
    let Some(deadline) = deadline else { return oracle.root_moves(pos, None) };
    let (tx, rx) = std::sync::mpsc::channel();
    let (reader, at) = (Arc::clone(oracle), *pos);
    let spawned = std::thread::Builder::new()
        .name("root-filter".to_string())
        .spawn(move || tx.send(reader.root_moves(&at, Some(deadline))));
    let asked = Instant::now();
    let moves = match spawned {
        Ok(_) => rx.recv_timeout(deadline.saturating_duration_since(asked)).ok().flatten(),
        Err(e) => {
            log::warn!("cannot start the root filter's thread ({e}); filtering on this one");
            oracle.root_moves(pos, Some(deadline))
        }
    };
    if moves.is_none() && Instant::now() >= deadline {
        log::warn!("the placements' values were not read in time; searching every move");
    } else {
        let n = moves.as_ref().map(Vec::len);
        log::debug!("root filter: {n:?} in {:.1} ms", asked.elapsed().as_secs_f64() * 1e3);
    }
    moves
}
