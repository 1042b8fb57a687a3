//! Rules-core throughput: bulk-counted perft from the start and from a moving-phase
//! position, and move generation alone. `cargo bench --bench perft`.

mod common;

use morris::perft::perft;
use morris::rules::notation::parse_position;
use morris::rules::{MoveList, Position, STANDARD};

fn main() {
    let mut bench = common::Bench::from_args();
    let start = Position::start(&STANDARD);
    let middle = parse_position("BBWBBxWBxWWBBWxxxWxWBWWB white 0 0", &STANDARD).expect("bench position");
    bench.group("perft", 10);
    bench.elements(perft(&start, 6));
    bench.run("start depth 6", || perft(std::hint::black_box(&start), 6));
    bench.elements(perft(&middle, 5));
    bench.run("middle game depth 5", || perft(std::hint::black_box(&middle), 5));

    let mut list = MoveList::new();
    bench.group("", 20);
    bench.run("generate moves (middle game)", || {
        std::hint::black_box(&middle).legal_moves(&mut list);
        list.len()
    });
}
