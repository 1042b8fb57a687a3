//! The retrograde solver for one pair of subspaces `(a, b)` and `(b, a)`.
//!
//! 1. *Count pass* (parallel over index ranges): for each position, the number of
//!    distinct canonical children reached by moves that remove nothing (they lie in the
//!    other subspace of the pair), and the values of the removing moves' children, which
//!    lie in smaller, already solved subspaces (or win at once). A removal to a lost
//!    child makes the position a win at that child's distance plus one (queued for that
//!    level); a removal to a draw means it can never lose; removals to won children bound
//!    its loss distance from below.
//! 2. *Levels* d = 0, 1, 2, …: the positions resolved at distance d (losses when d is
//!    even, wins when odd) are expanded by un-move generation. Each parent of a loss is a
//!    win in d + 1; each parent of a win has its count decreased, and at zero it is a loss
//!    in max(d + 1, its removal bound). Positions never resolved are draws.
//!
//! Counting *distinct canonical* children and deduplicating each child's canonical
//! parents keeps the counts exact under symmetry reduction: C is a canonical child of P
//! exactly when P is a canonical parent of C. Shared state is atomics only (values and
//! counts per position), so both cores work on one level at once in safe Rust.
//!
//! This module knows the solver's bookkeeping; files are `store`'s, checking is `verify`'s.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU16, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

use indicatif::ProgressBar;

use super::index::Indexer;
use super::sector::{Board, LONG, MAX_SHORT_DISTANCE, Subspace};
use super::store::{Table, TablebaseError};
use crate::search::OracleValue;

/// Positions handled per work item of the count pass.
const CHUNK: usize = 1 << 14;
/// `bound` value of a position that can never lose (it has a removal to a loss or a draw).
const CANNOT_LOSE: u16 = u16::MAX;
/// The last level the solver counts to (levels are distances in plies).
const MAX_LEVEL: usize = u16::MAX as usize - 2;

/// One subspace being solved.
struct Work {
    subspace: Subspace,
    indexer: Arc<Indexer>,
    values: Vec<AtomicU8>,
    /// Unresolved distinct canonical non-removing children.
    count: Vec<AtomicU8>,
    /// The least distance a loss can have (1 + the longest removal to a won child), or
    /// [`CANNOT_LOSE`].
    bound: Vec<AtomicU16>,
    /// Distances over [`MAX_SHORT_DISTANCE`] (their value byte is [`LONG`]).
    long: HashMap<u64, u16>,
}

/// What solving a pair cost.
pub struct SolveStats {
    /// Levels (distinct distances) processed.
    pub levels: u32,
    /// Bytes of working memory the solver held for the pair (estimate from array sizes):
    /// three bytes per position, the dependency tables, and the largest queue of pending
    /// positions (frontier and later levels) seen.
    pub working_bytes: u64,
}

/// An entry of a frontier or bucket: subspace number (0 or 1) and index.
type Entry = (u8, u32);
/// What a worker of one level hands back: positions resolved at the next level, and
/// losses deferred to a later level (their removal bound).
type LevelOutput = (Vec<Entry>, Vec<(usize, Entry)>);

/// Solves the pair `subspaces` (one or two mirrored subspaces), given every table their
/// removals lead to in `dependencies`. `threads` workers; `progress` counts positions of
/// the count pass and then resolved positions. Distances over `short_limit` (normally
/// [`MAX_SHORT_DISTANCE`]; lower only to test the long path) go to the tables' long list.
///
/// # Errors
/// [`TablebaseError::MissingTable`] if a dependency is absent (`dir` names where it was
/// expected), [`TablebaseError::DistanceOverflow`] or [`TablebaseError::UnmoveMismatch`].
pub fn solve_pair(
    board: &Board,
    subspaces: &[Subspace],
    indexers: Vec<Arc<Indexer>>,
    dependencies: &[&Table],
    threads: usize,
    progress: &ProgressBar,
    short_limit: u16,
) -> Result<(Vec<Table>, SolveStats), TablebaseError> {
    let short_limit = short_limit.min(MAX_SHORT_DISTANCE);
    let mut works: Vec<Work> = subspaces
        .iter()
        .zip(indexers)
        .map(|(&subspace, indexer)| {
            let n = indexer.len() as usize;
            Work {
                subspace,
                indexer,
                values: (0..n).map(|_| AtomicU8::new(0)).collect(),
                count: (0..n).map(|_| AtomicU8::new(0)).collect(),
                bound: (0..n).map(|_| AtomicU16::new(0)).collect(),
                long: HashMap::new(),
            }
        })
        .collect();
    let pair_len = works.len();
    let other = move |k: usize| if pair_len == 1 { 0 } else { 1 - k };
    let dep_for = |k: usize| -> Option<&Table> {
        let after = works[k].subspace.after_removal()?;
        dependencies.iter().copied().find(|t| t.subspace == after)
    };
    for (k, w) in works.iter().enumerate() {
        if let Some(after) = w.subspace.after_removal()
            && dep_for(k).is_none()
        {
            return Err(TablebaseError::MissingTable { dir: std::path::PathBuf::from("."), subspace: after });
        }
    }
    let total: u64 = works.iter().map(|w| w.values.len() as u64).sum();
    let working_bytes = total * 4 + dependencies.iter().map(|t| t.values.len() as u64).sum::<u64>();
    progress.set_length(total);
    progress.set_message("count pass");

    // Count pass: queue initial wins (removal to a loss) and losses (no move, or only
    // removals to won children) by level.
    let buckets: Mutex<Vec<Vec<Entry>>> = Mutex::new(Vec::new());
    let overflow = AtomicBool::new(false);
    for (k, w) in works.iter().enumerate() {
        let next = AtomicUsize::new(0);
        let child_ix = &works[other(k)].indexer;
        let dep = dep_for(k);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut local: Vec<(u16, Entry)> = Vec::new();
                    let mut children: Vec<u32> = Vec::with_capacity(128);
                    loop {
                        let start = next.fetch_add(CHUNK, Relaxed);
                        if start >= w.values.len() {
                            break;
                        }
                        let end = (start + CHUNK).min(w.values.len());
                        for i in start..end {
                            let (us, them) = w.indexer.position(i as u64);
                            children.clear();
                            let mut win_at = u32::MAX;
                            let mut bound = 0u32;
                            let mut any_move = false;
                            let mut draw_child = false;
                            board.for_each_move(
                                us,
                                them,
                                |after| children.push(child_ix.index(them, after) as u32),
                                |after, them_after| {
                                    any_move = true;
                                    match dep {
                                        None => win_at = 1,
                                        Some(t) => match t.value(them_after, after) {
                                            OracleValue::Draw => draw_child = true,
                                            OracleValue::Loss(n) => win_at = win_at.min(u32::from(n) + 1),
                                            OracleValue::Win(n) => bound = bound.max(u32::from(n) + 1),
                                        },
                                    }
                                },
                            );
                            children.sort_unstable();
                            children.dedup();
                            w.count[i].store(children.len() as u8, Relaxed);
                            // A removal to a child lost in L makes this a win in L + 1; one
                            // to a child won in W bounds a loss from below by W + 1.
                            let entry = (k as u8, i as u32);
                            if win_at as usize > MAX_LEVEL && win_at != u32::MAX || bound as usize > MAX_LEVEL {
                                overflow.store(true, Relaxed);
                            } else if win_at != u32::MAX {
                                w.bound[i].store(CANNOT_LOSE, Relaxed);
                                local.push((win_at as u16, entry));
                            } else if draw_child {
                                w.bound[i].store(CANNOT_LOSE, Relaxed);
                            } else {
                                w.bound[i].store(bound as u16, Relaxed);
                                if children.is_empty() {
                                    let level = if any_move { bound as u16 } else { 0 };
                                    local.push((level, entry));
                                }
                            }
                        }
                        progress.inc((end - start) as u64);
                    }
                    if let Ok(mut b) = buckets.lock() {
                        for (level, entry) in local {
                            push_at(&mut b, usize::from(level), entry);
                        }
                    }
                });
            }
        });
    }
    let mut buckets = buckets.into_inner().unwrap_or_default();
    if overflow.load(Relaxed) {
        return Err(TablebaseError::DistanceOverflow(works[0].subspace));
    }

    // Levels.
    progress.set_position(0);
    progress.set_message("levels");
    let mismatch = AtomicBool::new(false);
    let mut frontier: Vec<Entry> = Vec::new();
    let mut levels = 0;
    // The count pass queues its wins and losses up front; that is usually the peak.
    let mut peak_queue = buckets.iter().map(Vec::len).sum::<usize>();
    for d in 0..=MAX_LEVEL {
        let byte = byte_of(d, short_limit);
        for (k, i) in buckets.get_mut(d).map(std::mem::take).unwrap_or_default() {
            if works[usize::from(k)].values[i as usize].compare_exchange(0, byte, Relaxed, Relaxed).is_ok() {
                frontier.push((k, i));
            }
        }
        if frontier.is_empty() {
            if buckets.iter().skip(d).all(Vec::is_empty) {
                break;
            }
            continue;
        }
        levels += 1;
        let queued = frontier.len() + buckets.iter().skip(d).map(Vec::len).sum::<usize>();
        peak_queue = peak_queue.max(queued);
        progress.inc(frontier.len() as u64);
        if d == MAX_LEVEL {
            return Err(TablebaseError::DistanceOverflow(works[0].subspace));
        }
        if byte == LONG {
            for &(k, i) in &frontier {
                works[usize::from(k)].long.insert(u64::from(i), d as u16);
            }
        }
        let works = &works;
        let next_byte = byte_of(d + 1, short_limit);
        let next = AtomicUsize::new(0);
        let results: Mutex<LevelOutput> = Mutex::new((Vec::new(), Vec::new()));
        let frontier_ref = &frontier;
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut resolved: Vec<Entry> = Vec::new();
                    let mut deferred: Vec<(usize, Entry)> = Vec::new();
                    let mut parents: Vec<u32> = Vec::with_capacity(128);
                    loop {
                        let start = next.fetch_add(CHUNK, Relaxed);
                        if start >= frontier_ref.len() {
                            break;
                        }
                        let end = (start + CHUNK).min(frontier_ref.len());
                        for &(k, i) in &frontier_ref[start..end] {
                            let child = &works[usize::from(k)];
                            let o = other(usize::from(k));
                            let parent = &works[o];
                            let (us, them) = child.indexer.position(u64::from(i));
                            parents.clear();
                            board.for_each_unmove(us, them, |pu, pt| parents.push(parent.indexer.index(pu, pt) as u32));
                            parents.sort_unstable();
                            parents.dedup();
                            for &p in &parents {
                                let p = p as usize;
                                if d % 2 == 0 {
                                    // The child is lost: its parent wins in d + 1.
                                    if parent.values[p].compare_exchange(0, next_byte, Relaxed, Relaxed).is_ok() {
                                        resolved.push((o as u8, p as u32));
                                    }
                                } else {
                                    if parent.values[p].load(Relaxed) != 0 {
                                        continue;
                                    }
                                    let before = parent.count[p].fetch_sub(1, Relaxed);
                                    if before == 0 {
                                        mismatch.store(true, Relaxed);
                                    } else if before == 1 {
                                        let bound = parent.bound[p].load(Relaxed);
                                        if bound == CANNOT_LOSE {
                                            continue;
                                        }
                                        let level = (d + 1).max(usize::from(bound));
                                        if level == d + 1 {
                                            parent.values[p].store(next_byte, Relaxed);
                                            resolved.push((o as u8, p as u32));
                                        } else {
                                            deferred.push((level, (o as u8, p as u32)));
                                        }
                                    }
                                }
                            }
                        }
                    }
                    if let Ok(mut r) = results.lock() {
                        r.0.append(&mut resolved);
                        r.1.append(&mut deferred);
                    }
                });
            }
        });
        if mismatch.load(Relaxed) {
            return Err(TablebaseError::UnmoveMismatch(works[0].subspace));
        }
        let (resolved, deferred) = results.into_inner().unwrap_or_default();
        for (level, entry) in deferred {
            push_at(&mut buckets, level, entry);
        }
        frontier = resolved;
    }
    let tables = works
        .into_iter()
        .map(|w| Table {
            subspace: w.subspace,
            indexer: w.indexer,
            values: w.values.into_iter().map(AtomicU8::into_inner).collect(),
            long: w.long,
        })
        .collect();
    let working_bytes = working_bytes + (peak_queue * std::mem::size_of::<Entry>()) as u64;
    Ok((tables, SolveStats { levels, working_bytes }))
}

/// The value byte of a position resolved at level (distance) `d`.
fn byte_of(d: usize, short_limit: u16) -> u8 {
    if d > usize::from(short_limit) { LONG } else { (d + 1) as u8 }
}

/// Queues `entry` for level `level`.
fn push_at(buckets: &mut Vec<Vec<Entry>>, level: usize, entry: Entry) {
    if buckets.len() <= level {
        buckets.resize_with(level + 1, Vec::new);
    }
    buckets[level].push(entry);
}
