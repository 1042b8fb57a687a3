//! Speed: nodes per second and the depth reached in a fixed time from the start position
//! and from a middle-game position (the README's "Measured" numbers).
//!
//! ```sh
//! cargo run --release --example speed -- [movetime_ms=1000]
//! ```

use std::time::Duration;

use morris::engine::{Engine, EngineOptions, Limits, format_score, random_game};
use morris::rules::STANDARD;

fn main() {
    let ms = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let limits = Limits { movetime: Some(Duration::from_millis(ms)), ..Limits::default() };
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
}
