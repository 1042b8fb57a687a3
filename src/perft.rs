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

/// perft on `threads` threads, splitting the root moves between them.
#[must_use]
pub fn perft_parallel(pos: &Position, depth: u32, threads: usize) -> u64 {
    if depth < 3 || threads <= 1 {
        return perft(pos, depth);
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let moves: Vec<Move> = list.to_vec();
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut total = 0;
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&m) = moves.get(i) else { break total };
                        total += perft(&pos.play_unchecked(m), depth - 1);
                    }
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).sum()
    })
}
