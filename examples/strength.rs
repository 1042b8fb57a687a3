//! In-process strength match: the strong engine at a fixed move time against the
//! classroom entry (`--eval handout`, depth 3), colours alternated, each opening (two to
//! four pseudo-random placing plies with no open line) played once with each colour, the standard rules with
//! their draw rules. Checks every move for legality and records the longest think.
//!
//! ```sh
//! cargo run --release --example strength -- [games=100] [movetime_ms=200] [workers=2] [first_seed=0]
//! ```

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use morris::engine::{Engine, EngineOptions, EvalChoice, SearchLimits, random_game};
use morris::rules::{Color, Outcome, STANDARD};

#[derive(Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    illegal: u32,
    max_think: Duration,
    over_time: u32,
    plies: usize,
}

fn arg(i: usize, default: u64) -> u64 {
    std::env::args().nth(i).and_then(|s| s.parse().ok()).unwrap_or(default)
}

fn main() {
    let games = arg(1, 100) as usize;
    let movetime = Duration::from_millis(arg(2, 200));
    let workers = arg(3, 2) as usize;
    let first_seed = arg(4, 0);
    let next = AtomicUsize::new(0);
    let tally = Mutex::new(Tally::default());
    std::thread::scope(|s| {
        for _ in 0..workers.max(1) {
            s.spawn(|| {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= games {
                        break;
                    }
                    play_one(g, first_seed, movetime, &tally);
                }
            });
        }
    });
    let t = tally.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
    let points = f64::from(t.wins) + 0.5 * f64::from(t.draws);
    println!(
        "strong {}ms vs handout depth 3: {} games  W {} D {} L {}  points {:.1}%  illegal {}  over time {}  max think {} ms  avg plies {:.0}",
        movetime.as_millis(),
        games,
        t.wins,
        t.draws,
        t.losses,
        100.0 * points / games as f64,
        t.illegal,
        t.over_time,
        t.max_think.as_millis(),
        t.plies as f64 / games as f64
    );
}

/// `plies` pseudo-random placements from `seed`, redrawn (with the next sub-seed) while
/// either side has an open line (two stones and an empty third point): an opening that
/// hands one side a mill at once measures the dice, not the engines.
fn balanced_opening(plies: usize, seed: u64) -> morris::rules::Game {
    let mut sub = 0;
    loop {
        let game = random_game(&STANDARD, plies, seed * 1000 + sub);
        let pos = game.position();
        let topo = pos.topology();
        let open =
            [Color::White, Color::Black].iter().any(|&c| !topo.mill_completions(pos.stones(c), pos.empty()).is_empty());
        if !open || sub > 100 {
            return game;
        }
        sub += 1;
    }
}

fn play_one(g: usize, first_seed: u64, movetime: Duration, tally: &Mutex<Tally>) {
    let seed = first_seed + (g / 2) as u64;
    let opening_plies = 2 + (seed % 3) as usize;
    let game = balanced_opening(opening_plies, seed);
    let mut game = game;
    let strong_color = if g.is_multiple_of(2) { Color::White } else { Color::Black };
    let start = *game.start();
    let mut strong = Engine::new(EngineOptions { hash_mb: 32, ..EngineOptions::default() }, start);
    let mut handout = Engine::new(EngineOptions { hash_mb: 8, ..EngineOptions::for_eval(EvalChoice::Handout) }, start);
    let strong_limits = SearchLimits { movetime: Some(movetime), ..SearchLimits::default() };
    let handout_limits = SearchLimits { depth: Some(3), ..SearchLimits::default() };
    let mut max_think = Duration::ZERO;
    let mut illegal = false;
    let outcome = loop {
        if let Some(o) = game.outcome() {
            break Some(o);
        }
        if game.len() > 1000 {
            break None;
        }
        let mover = game.position().side_to_move();
        let (engine, limits) =
            if mover == strong_color { (&mut strong, &strong_limits) } else { (&mut handout, &handout_limits) };
        engine.set_game(game.clone());
        let started = std::time::Instant::now();
        let result = engine.think(limits, &mut |_| {});
        let took = started.elapsed();
        if mover == strong_color {
            max_think = max_think.max(took);
        }
        let Some(m) = result.best else {
            illegal = true;
            break None;
        };
        if game.play(m).is_err() {
            illegal = true;
            eprintln!("game {g}: illegal move {} by {mover}", m.display(game.position().topology()));
            break None;
        }
    };
    let mut t = tally.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    t.max_think = t.max_think.max(max_think);
    if max_think > movetime {
        t.over_time += 1;
    }
    t.plies += game.len();
    let word = match outcome {
        Some(Outcome::Win { winner, .. }) if winner == strong_color => {
            t.wins += 1;
            "win"
        }
        Some(Outcome::Win { .. }) => {
            t.losses += 1;
            "LOSS"
        }
        Some(Outcome::Draw(_)) | None => {
            if illegal {
                t.illegal += 1;
            }
            t.draws += 1;
            "draw"
        }
    };
    let reason = outcome.map_or_else(|| "unfinished".to_string(), |o| o.reason());
    if word != "win" {
        let topo = game.position().topology();
        let moves: Vec<String> = game.moves().map(|m| m.display(topo).to_string()).collect();
        eprintln!("game {g} moves: {}", moves.join(" "));
    }
    eprintln!(
        "game {g:>3} seed {seed:>3} strong {:<5} {word:<4} ({reason}) plies {} max think {} ms",
        strong_color.name(),
        game.len(),
        max_think.as_millis()
    );
}
