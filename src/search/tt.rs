//! The transposition table: a fixed-size, shared, lock-free cache of search results keyed
//! by the Zobrist key of a position.
//!
//! Each entry is two `AtomicU64`s, `key ^ data` and `data` (the "lockless hashing" trick):
//! a torn write from another search thread leaves a pair whose XOR no longer gives the
//! key, and the probe treats it as a miss. No locks; relaxed atomics cost the same as plain
//! loads and stores on the machines we run on.
//!
//! Its memory is advised into transparent huge pages before it is first written
//! ([`crate::memory`], with what that was measured to gain).
//!
//! Knows nothing of positions or moves beyond the key and the packed 24-bit move.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use zerocopy::FromZeros;

use crate::rules::Move;

/// What the stored score is: exact, or a bound from a cutoff.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Bound {
    /// The score is exact (a PV node).
    Exact,
    /// The true score is at least this (a beta cutoff).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

/// A probed entry.
#[derive(Copy, Clone, Debug)]
pub struct Entry {
    /// The best move found, if any.
    pub best: Option<Move>,
    /// The score, with win/loss distances relative to the stored node (see `search`).
    pub score: i32,
    /// The depth the score was searched to.
    pub depth: u8,
    /// What kind of score.
    pub bound: Bound,
    /// Whether the score is proven: the subtree it came from ended only in decided
    /// positions (the end of the game, a draw by rule, a table value), never in an
    /// estimate. A proven bound holds whatever the depth.
    pub proven: bool,
}

// Data word layout: move 24 bits | score 16 bits | depth 8 bits | bound 2 bits | age 6 bits |
// proven 1 bit.
const MOVE_BITS: u64 = 0xFF_FFFF;
const NO_MOVE: u64 = MOVE_BITS;
const SCORE_SHIFT: u32 = 24;
const DEPTH_SHIFT: u32 = 40;
const BOUND_SHIFT: u32 = 48;
const AGE_SHIFT: u32 = 50;
const AGE_MASK: u64 = 0x3F;
const PROVEN_SHIFT: u32 = 56;

/// The largest table, in MiB (4 GiB: far more than a Morris search at tournament time
/// controls fills, and a typo in `--hash` must not exhaust the machine).
pub const MAX_HASH_MB: usize = 4096;

/// A shared transposition table.
pub struct TranspositionTable {
    slots: Vec<AtomicU64>,
    mask: usize,
    age: AtomicU64,
    /// Whether a slot was written since the table was made or cleared: clearing a clean
    /// table would write (and so make resident) every page of it for nothing.
    written: AtomicBool,
}

impl TranspositionTable {
    /// A table of `mb` MiB (at least 1, at most [`MAX_HASH_MB`]), rounded down to a power
    /// of two entries of 16 bytes. When the memory cannot be had, the size is halved until
    /// it can: an oversized `--hash` gives a smaller table, never an abort.
    #[must_use]
    pub fn new(mb: usize) -> TranspositionTable {
        let bytes = mb.clamp(1, MAX_HASH_MB).saturating_mul(1 << 20);
        let mut entries = 1usize;
        while entries.saturating_mul(2).saturating_mul(16) <= bytes {
            entries *= 2;
        }
        loop {
            // Zeroed by the allocator: fresh pages from the kernel, made resident only as
            // the search writes them (an engine that searches a little holds a little).
            match <AtomicU64 as FromZeros>::new_vec_zeroed(entries * 2) {
                Ok(slots) => {
                    crate::memory::advise_huge_pages(&slots);
                    let (age, written) = (AtomicU64::new(0), AtomicBool::new(false));
                    return TranspositionTable { slots, mask: entries - 1, age, written };
                }
                Err(_) if entries > 1 => entries /= 2,
                Err(_) => std::alloc::handle_alloc_error(std::alloc::Layout::new::<[AtomicU64; 2]>()),
            }
        }
    }

    /// The table's size in bytes.
    #[must_use]
    pub fn size_bytes(&self) -> usize {
        self.slots.len() * 8
    }

    /// Forgets everything (a new game: keeps searches reproducible).
    pub fn clear(&self) {
        if self.written.swap(false, Ordering::Relaxed) {
            for s in &self.slots {
                s.store(0, Ordering::Relaxed);
            }
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search, so entries from older searches are replaced first.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    fn index(&self, key: u64) -> usize {
        // The high bits pick the slot; the full key is checked on probe.
        2 * ((key >> 20) as usize & self.mask)
    }

    /// The entry stored for `key`, if any.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let i = self.index(key);
        let check = self.slots[i].load(Ordering::Relaxed);
        let data = self.slots[i + 1].load(Ordering::Relaxed);
        if data == 0 || check ^ data != key {
            return None;
        }
        let mv = data & MOVE_BITS;
        let bound = match (data >> BOUND_SHIFT) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            best: if mv == NO_MOVE { None } else { Some(Move::from_bits(mv as u32)) },
            score: i32::from(((data >> SCORE_SHIFT) & 0xFFFF) as u16 as i16),
            depth: ((data >> DEPTH_SHIFT) & 0xFF) as u8,
            bound,
            proven: (data >> PROVEN_SHIFT) & 1 == 1,
        })
    }

    /// Stores a result for `key`. A slot holding another position is replaced unless its
    /// entry is from this search and deeper; the same position keeps its old move when
    /// the new result has none.
    pub fn store(&self, key: u64, best: Option<Move>, score: i32, depth: u8, bound: Bound, proven: bool) {
        let i = self.index(key);
        if !self.written.load(Ordering::Relaxed) {
            self.written.store(true, Ordering::Relaxed);
        }
        let age = self.age.load(Ordering::Relaxed) & AGE_MASK;
        let old_check = self.slots[i].load(Ordering::Relaxed);
        let old = self.slots[i + 1].load(Ordering::Relaxed);
        let same = old != 0 && old_check ^ old == key;
        let old_age = (old >> AGE_SHIFT) & AGE_MASK;
        let old_depth = ((old >> DEPTH_SHIFT) & 0xFF) as u8;
        if old != 0 && !same && old_age == age && old_depth > depth {
            return;
        }
        let mv = match best {
            Some(m) => u64::from(m.to_bits()),
            None if same => old & MOVE_BITS,
            None => NO_MOVE,
        };
        let bound_bits: u64 = match bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let score = score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16 as u16;
        let data = mv
            | u64::from(score) << SCORE_SHIFT
            | u64::from(depth) << DEPTH_SHIFT
            | bound_bits << BOUND_SHIFT
            | age << AGE_SHIFT
            | u64::from(proven) << PROVEN_SHIFT;
        self.slots[i].store(key ^ data, Ordering::Relaxed);
        self.slots[i + 1].store(data, Ordering::Relaxed);
    }

    /// Entries in use per thousand, from a sample of the first thousand slots.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let n = (self.mask + 1).min(1000);
        let used = (0..n).filter(|&e| self.slots[2 * e + 1].load(Ordering::Relaxed) != 0).count();
        (used * 1000 / n) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::Point;

    #[test]
    fn stores_and_probes_round_trip() {
        let tt = TranspositionTable::new(1);
        let m = Move::new(Some(Point::new(3)), Point::new(4), Some(Point::new(17)));
        tt.store(0xDEAD_BEEF_1234_5678, Some(m), -29_990, 7, Bound::Lower, false);
        let e = tt.probe(0xDEAD_BEEF_1234_5678).expect("stored");
        assert_eq!((e.best, e.score, e.depth, e.bound, e.proven), (Some(m), -29_990, 7, Bound::Lower, false));
        tt.store(0xDEAD_BEEF_1234_5678, None, 0, 3, Bound::Exact, true);
        let e = tt.probe(0xDEAD_BEEF_1234_5678).expect("stored");
        assert_eq!((e.best, e.score, e.depth, e.bound, e.proven), (Some(m), 0, 3, Bound::Exact, true));
        assert!(tt.probe(0xDEAD_BEEF_1234_5679).is_none());
        tt.clear();
        assert!(tt.probe(0xDEAD_BEEF_1234_5678).is_none());
        assert_eq!(tt.size_bytes(), 1 << 20);
    }
}
