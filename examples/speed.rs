//! Speed: nodes per second and the depth reached in a fixed time from the start position
//! and from a middle-game position (the "Measured" numbers of docs/engine.md).
//!
//! ```sh
//! cargo run --release --example speed -- [movetime_ms=1000] [timing_rounds=0]
//! ```
//!
//! With `timing_rounds` > 0 it then thinks that many times per bench position at the
//! same move time and reports the longest and the mean think (the "never over time" check).

use std::time::Duration;

use morris::engine::{Engine, EngineOptions, SearchLimits, bench_positions, format_score, random_game};
use morris::rules::STANDARD;

fn main() {
    let ms = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let rounds: u32 = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    let limits = SearchLimits { movetime: Some(Duration::from_millis(ms)), ..SearchLimits::default() };
    // The middle game: bench position 9 (34 pseudo-random plies, both hands empty).
    for (name, game) in [("start", random_game(&STANDARD, 0, 0)), ("middle game", random_game(&STANDARD, 34, 8))] {
        let mut engine = Engine::new(EngineOptions::default(), *game.start());
        engine.set_game(game.clone());
        let r = engine.think(&limits, &mut |_| {});
        let topo = game.position().topology();
        println!(
            "{name:<12} depth {:>2}  nodes {:>9}  {:>8.0} nodes/s  {} ms  best {}  score {}",
            r.depth,
            r.nodes,
            r.nodes as f64 / r.elapsed.as_secs_f64(),
            r.elapsed.as_millis(),
            r.best.map_or_else(|| "-".to_string(), |m| m.display(topo).to_string()),
            format_score(r.score)
        );
    }
    if rounds == 0 {
        return;
    }
    let (mut longest, mut total, mut count, mut over) = (Duration::ZERO, Duration::ZERO, 0u32, 0u32);
    for game in bench_positions() {
        for _ in 0..rounds {
            let mut engine = Engine::new(EngineOptions::default(), *game.start());
            engine.set_game(game.clone());
            let started = std::time::Instant::now();
            let _ = engine.think(&limits, &mut |_| {});
            let took = started.elapsed();
            longest = longest.max(took);
            total += took;
            count += 1;
            if took > limits.movetime.unwrap_or_default() {
                over += 1;
            }
        }
    }
    println!(
        "timing: {count} thinks at {ms} ms: longest {:.1} ms, mean {:.1} ms, over the budget {over}",
        longest.as_secs_f64() * 1000.0,
        total.as_secs_f64() * 1000.0 / f64::from(count.max(1))
    );
}
