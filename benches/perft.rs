//! Rules-core throughput: bulk-counted perft from the start and from a moving-phase
//! position, and move generation alone. `cargo bench --bench perft`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use morris::perft::perft;
use morris::rules::notation::parse_position;
use morris::rules::{MoveList, Position, STANDARD};

fn benches(c: &mut Criterion) {
    let start = Position::start(&STANDARD);
    let middle = parse_position("BBWBBxWBxWWBBWxxxWxWBWWB white 0 0", &STANDARD).expect("bench position");
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.throughput(Throughput::Elements(perft(&start, 6)));
    group.bench_function("start depth 6", |b| b.iter(|| perft(std::hint::black_box(&start), 6)));
    group.throughput(Throughput::Elements(perft(&middle, 5)));
    group.bench_function("middle game depth 5", |b| b.iter(|| perft(std::hint::black_box(&middle), 5)));
    group.finish();

    let mut list = MoveList::new();
    c.bench_function("generate moves (middle game)", |b| {
        b.iter(|| {
            std::hint::black_box(&middle).legal_moves(&mut list);
            list.len()
        })
    });
}

criterion_group!(perft_benches, benches);
criterion_main!(perft_benches);
