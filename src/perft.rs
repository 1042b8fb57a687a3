//! perft: the number of move sequences of a given length, the rules core's checksum.
//!
//! A move with its removal counts as one move, so each removal choice is its own move
//! (`docs/assignments.md`, reference counts). The last ply is counted in bulk, without playing it.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::rules::{Move, MoveList, Position};

/// The number of legal move sequences of `depth` plies from `pos`.
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => u64::from(pos.count_legal_moves()),
        _ => {
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            list.iter().map(|&m| perft(&pos.play_unchecked(m), depth - 1)).sum()
        }
    }
}

/// [`perft`] that gives up (`None`) once `stop` is raised: the flag is looked at before
/// each move below the last two plies, so a stop is seen within microseconds.
#[must_use]
pub fn perft_until(pos: &Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= 2 {
        return Some(perft(pos, depth));
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let mut total = 0;
    for &m in list.iter() {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        total += perft_until(&pos.play_unchecked(m), depth - 1, stop)?;
    }
    Some(total)
}

/// perft per root move (for finding where two move generators disagree), in generation order.
#[must_use]
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter().map(|&m| (m, perft(&pos.play_unchecked(m), depth.saturating_sub(1)))).collect()
}

/// [`perft_until`] on a rayon pool of `threads` threads, the root moves shared out
/// between them: `None` once `stop` is raised (each worker looks at the flag as
/// `perft_until` does, so all of them stop within microseconds). Without a pool (one
/// thread, a shallow depth, or a pool the system refuses) it counts on this thread.
#[must_use]
pub fn perft_parallel(pos: &Position, depth: u32, threads: usize, stop: &AtomicBool) -> Option<u64> {
    use rayon::prelude::*;
    if depth < 3 || threads <= 1 {
        return perft_until(pos, depth, stop);
    }
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(e) => {
            log::warn!("perft on one thread: no pool of {threads} threads ({e})");
            return perft_until(pos, depth, stop);
        }
    };
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    pool.install(|| {
        list.as_slice()
            .par_iter()
            .map(|&m| perft_until(&pos.play_unchecked(m), depth - 1, stop))
            .try_reduce(|| 0, |a, b| Some(a + b))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{CLASSROOM, STANDARD};

    #[test]
    fn the_parallel_count_is_the_count_and_stops_when_asked() {
        let stop = AtomicBool::new(false);
        for rules in [&STANDARD, &CLASSROOM] {
            let start = Position::start(rules);
            assert_eq!(perft_parallel(&start, 4, 2, &stop), Some(perft(&start, 4)));
        }
        assert_eq!(perft_parallel(&Position::start(&STANDARD), 4, 2, &stop), Some(255_024));
        stop.store(true, Ordering::Relaxed);
        assert_eq!(perft_parallel(&Position::start(&STANDARD), 4, 2, &stop), None);
        // Raised while it counts: a count of minutes ends as soon as it is seen.
        let stop = AtomicBool::new(false);
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(20));
                stop.store(true, Ordering::Relaxed);
            });
            assert_eq!(perft_parallel(&Position::start(&STANDARD), 9, 2, &stop), None);
        });
    }
}
