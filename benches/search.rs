//! Criterion benchmarks of the engine's hot paths: the strong evaluation, and a
//! fixed-depth search from the start and from a middle-game position.
//!
//! `cargo bench --bench search`

use criterion::{Criterion, criterion_group, criterion_main};
use morris::engine::{Engine, EngineOptions, SearchLimits, random_game};
use morris::rules::STANDARD;

fn evaluation(c: &mut Criterion) {
    let middle = random_game(&STANDARD, 26, 7);
    let pos = *middle.position();
    c.bench_function("eval strong middle game", |b| b.iter(|| morris::eval::strong(std::hint::black_box(&pos))));
    c.bench_function("eval handout middle game", |b| b.iter(|| morris::eval::handout(std::hint::black_box(&pos))));
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, game, depth) in
        [("start depth 7", random_game(&STANDARD, 0, 0), 7), ("middle game depth 8", random_game(&STANDARD, 26, 7), 8)]
    {
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut engine = Engine::new(EngineOptions { hash_mb: 16, ..EngineOptions::default() }, *game.start());
                engine.set_game(game.clone());
                engine.think(&SearchLimits { depth: Some(depth), ..SearchLimits::default() }, &mut |_| {})
            });
        });
    }
    group.finish();
}

criterion_group!(benches, evaluation, search);
criterion_main!(benches);
