//! `morris bench`: a fixed set of positions searched to a fixed depth with a fresh
//! engine each. The total node count is the bench signature (a checksum of search and
//! evaluation behaviour: any change to either changes it); nodes per second measure speed.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use super::{Engine, EngineOptions, SearchLimits};
use crate::rules::{ByColor, CLASSROOM, Color, Game, MoveList, Position, Ruleset, STANDARD, Setup};
use crate::topology::PointSet;

/// The default bench depth (the one the recorded signatures use).
pub const BENCH_DEPTH: u32 = 9;

/// (ruleset, plies, seed): the position after `plies` pseudo-random legal moves chosen by
/// a fixed generator. Random play reaches every phase, removals and flying included;
/// the generator and the documented move order make each position the same forever.
const SPECS: &[(&Ruleset, usize, u64)] = &[
    (&STANDARD, 0, 0),
    (&STANDARD, 3, 1),
    (&STANDARD, 7, 2),
    (&STANDARD, 11, 3),
    (&STANDARD, 15, 4),
    (&STANDARD, 18, 5),
    (&STANDARD, 20, 6),
    (&STANDARD, 26, 7),
    (&STANDARD, 34, 8),
    (&STANDARD, 44, 9),
    (&STANDARD, 60, 10),
    (&STANDARD, 80, 11),
    (&CLASSROOM, 0, 12),
    (&CLASSROOM, 9, 13),
    (&CLASSROOM, 24, 14),
    (&CLASSROOM, 40, 15),
];

fn next_random(state: &mut u64) -> u64 {
    // A 64-bit LCG (Knuth's MMIX constants); the high bits are the well-mixed ones.
    *state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
    *state >> 33
}

/// The game after up to `plies` pseudo-random legal moves from the start of `rules`
/// (fewer if the game ends first: the last position with a legal move is kept).
#[must_use]
pub fn random_game(rules: &'static Ruleset, plies: usize, seed: u64) -> Game {
    let mut game = Game::new(Position::start(rules));
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5EED;
    let mut list = MoveList::new();
    for _ in 0..plies {
        game.position().legal_moves(&mut list);
        if list.is_empty() || game.outcome().is_some() {
            break;
        }
        let m = list[(next_random(&mut state) % list.len() as u64) as usize];
        game.play_unchecked(m);
        if game.outcome().is_some() {
            game.undo();
            break;
        }
    }
    game
}

/// Flying endgames on the standard board (random play seldom reaches them): White's
/// stones, Black's stones, the side to move; both hands empty.
const FLYING: &[(&[&str], &[&str], Color)] = &[
    (&["A1", "G7", "D5"], &["B2", "F4", "E5", "C5", "A4", "D1"], Color::White),
    (&["A1", "G7", "D5"], &["B2", "F4", "E5", "C5", "A4", "D1"], Color::Black),
    (&["C3", "E4", "D7"], &["B4", "F2", "G1"], Color::White),
];

fn flying_game(white: &[&str], black: &[&str], side: Color) -> Game {
    let topo = STANDARD.topology;
    let set = |names: &[&str]| names.iter().filter_map(|n| topo.point_named(n)).collect::<PointSet>();
    let setup = Setup {
        rules: &STANDARD,
        stones: ByColor([set(white), set(black)]),
        in_hand: ByColor([0, 0]),
        side_to_move: side,
    };
    // Unchecked: `Setup::into_position` rejects Black to move with both hands empty.
    Game::new(Position::from_setup_unchecked(&setup))
}

/// The bench games, in order.
#[must_use]
pub fn bench_positions() -> Vec<Game> {
    let random = SPECS.iter().map(|&(rules, plies, seed)| random_game(rules.clone().into_static(), plies, seed));
    random.chain(FLYING.iter().map(|&(w, b, side)| flying_game(w, b, side))).collect()
}

/// One bench position's search.
#[derive(Clone, Debug)]
pub struct BenchLine {
    /// The position searched.
    pub position: Position,
    /// What the search found.
    pub result: super::SearchOutcome,
    /// How long it took.
    pub elapsed: Duration,
}

/// The bench: one line per position, and the totals.
#[derive(Clone, Debug)]
pub struct BenchReport {
    /// Each position's search, in order.
    pub lines: Vec<BenchLine>,
}

impl BenchReport {
    /// The signature: nodes over every position.
    #[must_use]
    pub fn total_nodes(&self) -> u64 {
        self.lines.iter().map(|l| l.result.nodes).sum()
    }

    /// Nodes per second over the whole bench.
    #[must_use]
    pub fn nodes_per_second(&self) -> u64 {
        let time: Duration = self.lines.iter().map(|l| l.elapsed).sum();
        (self.total_nodes() as f64 / time.as_secs_f64().max(1e-9)) as u64
    }
}

/// Searches every bench position to `depth` with a fresh engine each; `on_line` sees
/// each line as it is done, and stops the bench by breaking (its reader is gone).
pub fn run_bench(depth: u32, on_line: &mut dyn FnMut(usize, &BenchLine) -> ControlFlow<()>) -> BenchReport {
    let limits = SearchLimits { depth: Some(depth.max(1)), ..SearchLimits::default() };
    let mut lines = Vec::new();
    for (i, game) in bench_positions().into_iter().enumerate() {
        let position = *game.position();
        let mut engine = Engine::new(EngineOptions { hash_mb: 16, ..EngineOptions::default() }, position);
        engine.set_game(game);
        let started = Instant::now();
        let result = engine.think(&limits, &mut |_| {});
        let line = BenchLine { position, result, elapsed: started.elapsed() };
        let flow = on_line(i, &line);
        lines.push(line);
        if flow.is_break() {
            break;
        }
    }
    BenchReport { lines }
}
