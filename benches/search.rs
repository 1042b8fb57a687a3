//! Benchmarks of the engine's hot paths: the strong evaluation, and a fixed-depth search
//! from the start and from a middle-game position.
//!
//! `cargo bench --bench search`

mod common;

use morris::engine::{Engine, EngineOptions, SearchLimits, random_game};
use morris::rules::STANDARD;

fn main() {
    let mut bench = common::Bench::from_args();
    let middle = random_game(&STANDARD, 26, 7);
    let pos = *middle.position();
    bench.group("", 20);
    bench.run("eval strong middle game", || morris::eval::strong(std::hint::black_box(&pos)));
    bench.run("eval handout middle game", || morris::eval::handout(std::hint::black_box(&pos)));

    bench.group("search", 10);
    for (name, game, depth) in
        [("start depth 7", random_game(&STANDARD, 0, 0), 7), ("middle game depth 8", random_game(&STANDARD, 26, 7), 8)]
    {
        bench.run(name, || {
            let mut engine = Engine::new(EngineOptions { hash_mb: 16, ..EngineOptions::default() }, *game.start());
            engine.set_game(game.clone());
            engine.think(&SearchLimits { depth: Some(depth), ..SearchLimits::default() }, &mut |_| {})
        });
    }
}
