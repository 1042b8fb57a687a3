//! The retrograde solver for one pair of subspaces `(a, b)` and `(b, a)`, under a
//! no-removal rule of `N` plies (see [`value`](super::value) for what the results mean).
//!
//! A removal leaves the pair for a smaller, already solved subspace and starts a fresh
//! count, so inside the pair the only clock is the plies since entering it. The solver
//! computes, for every position, the least horizon `h` within which the side to move can
//! force a *conversion* (a removal into a position the opponent loses under the rule, or
//! the end of the game), or within which the opponent can force one: the distance to
//! conversion. Positions resolved at a level above `N` are game wins and losses that the
//! rule turns into draws (cursed wins, blessed losses).
//!
//! 1. *Count pass* (parallel over index ranges): for each position, the number of
//!    distinct canonical non-removing children (they lie in the other subspace of the
//!    pair), and what its removals reach in the smaller table: a removal to a lost
//!    position (or leaving two stones) is a win at level 1; a removal to a blessed loss is
//!    a game win, queued at level `N + 1`; a removal to a draw means the position never
//!    loses; one to a cursed win means it never loses under the rule, but may lose the
//!    game (at level `N + 1` at the earliest).
//! 2. *Levels* d = 0, 1, 2, …: the positions resolved at level d are expanded by un-move
//!    generation. A parent of a loss wins at d + 1; a parent of a win has its count
//!    decreased, and at zero it loses at d + 1 (or at `N + 1` at the earliest when a
//!    removal of its reaches a cursed win). Positions never resolved are draws.
//!
//! Counting *distinct canonical* children and deduplicating each child's canonical
//! parents keeps the counts exact under symmetry reduction: C is a canonical child of P
//! exactly when P is a canonical parent of C. Shared state is atomics only (a level and a
//! count per position), so both cores work on one level at once in safe Rust.
//!
//! This module knows the solver's bookkeeping; files are `store`'s, checking is `verify`'s.

use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU16, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

use indicatif::ProgressBar;

use super::index::Indexer;
use super::sector::{Board, Subspace};
use super::store::{Table, TablebaseError};
use super::value::{TableValue, Wdl};

/// Positions handled per work item.
const CHUNK: usize = 1 << 14;
/// The count of unresolved children, in the low bits of a count byte.
const COUNT_MASK: u8 = 0x3f;
/// Count-byte flag: a removal reaches a draw or a cursed win (never lost under the rule).
const RULE_CANNOT_LOSE: u8 = 0x40;
/// Count-byte flag: a removal reaches a draw or a blessed loss (never lost in the game).
const GAME_CANNOT_LOSE: u8 = 0x80;
/// Level-word flag of a loss (the level is stored plus one, so 0 means unresolved).
const LOSS_BIT: u16 = 0x8000;
/// The deepest level the solver counts to.
pub const MAX_LEVEL: u16 = 0x7ffe;
/// Queue entries pack the subspace (bit 31), a loss flag (bit 30) and the index.
const INDEX_BITS: u32 = 30;

/// What solving a pair cost.
pub struct SolveStats {
    /// Levels (distinct distances) processed.
    pub levels: u32,
    /// Bytes of working memory the solver held (from array sizes): three bytes per
    /// position, the removal targets' tables, and the largest queue seen.
    pub working_bytes: u64,
}

/// One subspace being solved.
struct Work {
    subspace: Subspace,
    indexer: Arc<Indexer>,
    /// 0 = unresolved, else (level + 1), with [`LOSS_BIT`] for losses.
    level: Vec<AtomicU16>,
    /// Unresolved distinct children, and the two cannot-lose flags.
    count: Vec<AtomicU8>,
}

/// What the workers of one level hand back: positions resolved at the next level, and
/// losses deferred to a later one.
type LevelOutput = (Vec<u32>, Vec<(usize, u32)>);

fn entry(k: usize, i: usize, loss: bool) -> u32 {
    ((k as u32) << 31) | (u32::from(loss) << INDEX_BITS) | i as u32
}

fn split(e: u32) -> (usize, usize, bool) {
    ((e >> 31) as usize, (e & ((1 << INDEX_BITS) - 1)) as usize, e & (1 << INDEX_BITS) != 0)
}

fn level_word(level: usize, loss: bool) -> u16 {
    (level as u16 + 1) | if loss { LOSS_BIT } else { 0 }
}

/// A bound on the peak bytes for solving `positions` (the pair) with removal targets of
/// `dependency_positions`: three bytes per position while solving, one per target
/// position, and the queues: a position is queued about once (four bytes), and a
/// growing vector may hold twice its length.
#[must_use]
pub fn estimated_bytes(positions: u64, dependency_positions: u64) -> u64 {
    positions * 11 + dependency_positions
}

/// Solves the pair `subspaces` (one or two mirrored subspaces) under a no-removal rule
/// with horizon `horizon` ([`value::horizon`](super::value::horizon)), given the tables
/// their removals lead to in `dependencies`. `threads` workers; `progress` is advanced by
/// one per position counted and one per position resolved.
///
/// # Errors
/// [`TablebaseError::MissingTable`] if a dependency is absent,
/// [`TablebaseError::DistanceOverflow`] or [`TablebaseError::UnmoveMismatch`].
pub fn solve_pair(
    board: &Board,
    subspaces: &[Subspace],
    indexers: Vec<Arc<Indexer>>,
    dependencies: &[&Table],
    horizon: u16,
    threads: usize,
    progress: &ProgressBar,
) -> Result<(Vec<Table>, SolveStats), TablebaseError> {
    let works: Vec<Work> = subspaces
        .iter()
        .zip(indexers)
        .map(|(&subspace, indexer)| {
            let n = indexer.len() as usize;
            Work {
                subspace,
                indexer,
                level: (0..n).map(|_| AtomicU16::new(0)).collect(),
                count: (0..n).map(|_| AtomicU8::new(0)).collect(),
            }
        })
        .collect();
    if works.iter().any(|w| w.level.len() >= 1 << INDEX_BITS) {
        return Err(TablebaseError::DistanceOverflow(works[0].subspace));
    }
    let pair_len = works.len();
    let other = move |k: usize| if pair_len == 1 { 0 } else { 1 - k };
    let dep_for = |k: usize| -> Result<Option<&Table>, TablebaseError> {
        let Some(after) = works[k].subspace.after_removal() else { return Ok(None) };
        match dependencies.iter().copied().find(|t| t.subspace == after) {
            Some(t) => Ok(Some(t)),
            None => Err(TablebaseError::MissingTable { dir: std::path::PathBuf::from("."), subspace: after }),
        }
    };
    let deps: Vec<Option<&Table>> = (0..works.len()).map(dep_for).collect::<Result<_, _>>()?;
    let total: u64 = works.iter().map(|w| w.level.len() as u64).sum();
    let dep_bytes: u64 = deps.iter().flatten().map(|t| t.wdl.len() as u64).sum();
    // Game wins and losses beyond the rule's reach start one level past it.
    let beyond = usize::from(horizon).saturating_add(1);

    // Count pass.
    let buckets: Mutex<Vec<Vec<u32>>> = Mutex::new(Vec::new());
    for (k, w) in works.iter().enumerate() {
        let next = AtomicUsize::new(0);
        let child_ix = &works[other(k)].indexer;
        let dep = deps[k];
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut local: Vec<(usize, u32)> = Vec::new();
                    let mut children: Vec<u32> = Vec::with_capacity(128);
                    let (mut slides, mut closing): (Vec<u32>, Vec<u32>) = (Vec::new(), Vec::new());
                    loop {
                        let start = next.fetch_add(CHUNK, Relaxed);
                        if start >= w.level.len() {
                            break;
                        }
                        let end = (start + CHUNK).min(w.level.len());
                        for i in start..end {
                            let (us, them) = w.indexer.position(i as u64);
                            slides.clear();
                            closing.clear();
                            board.for_each_destination(us, them, |after, closes| {
                                if closes { closing.push(after) } else { slides.push(after) }
                            });
                            // Removals first: one that wins makes the children irrelevant.
                            let (mut win, mut game_win, mut flags) = (false, false, 0u8);
                            if !closing.is_empty() {
                                match dep {
                                    None => win = true,
                                    Some(t) => {
                                        let mut removable = board.removable(them);
                                        'removals: while removable != 0 {
                                            let r = removable & removable.wrapping_neg();
                                            removable ^= r;
                                            // The exit: the opponent, one stone fewer, to move.
                                            let frame = t.indexer.frame(them ^ r);
                                            for &after in &closing {
                                                match t.wdl_at(t.indexer.index_in(&frame, after)) {
                                                    Wdl::Loss => {
                                                        win = true;
                                                        break 'removals;
                                                    }
                                                    Wdl::BlessedLoss => {
                                                        game_win = true;
                                                        flags |= RULE_CANNOT_LOSE | GAME_CANNOT_LOSE;
                                                    }
                                                    Wdl::Draw => flags |= RULE_CANNOT_LOSE | GAME_CANNOT_LOSE,
                                                    Wdl::CursedWin => flags |= RULE_CANNOT_LOSE,
                                                    Wdl::Win => {}
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                            if win {
                                local.push((1, entry(k, i, false)));
                                continue;
                            }
                            let frame = child_ix.frame(them);
                            children.clear();
                            children.extend(slides.iter().map(|&after| child_ix.index_in(&frame, after) as u32));
                            children.sort_unstable();
                            children.dedup();
                            w.count[i].store(children.len() as u8 | flags, Relaxed);
                            if game_win {
                                local.push((beyond, entry(k, i, false)));
                            } else if children.is_empty() {
                                if closing.is_empty() {
                                    local.push((0, entry(k, i, true)));
                                } else if flags & RULE_CANNOT_LOSE == 0 {
                                    local.push((1, entry(k, i, true)));
                                } else if flags & GAME_CANNOT_LOSE == 0 {
                                    local.push((beyond, entry(k, i, true)));
                                }
                            }
                        }
                        progress.inc((end - start) as u64);
                        // Hand over per chunk: a thread's queue never holds more than
                        // one chunk's entries (whole-pass queues of 16-byte entries
                        // were the build's peak of memory).
                        if let Ok(mut b) = buckets.lock() {
                            for (level, e) in local.drain(..) {
                                push_at(&mut b, level, e);
                            }
                        }
                    }
                });
            }
        });
    }
    let mut buckets = buckets.into_inner().unwrap_or_default();

    // Levels.
    let mismatch = AtomicBool::new(false);
    let mut frontier: Vec<u32> = Vec::new();
    let mut levels = 0;
    let mut peak_queue = buckets.iter().map(Vec::len).sum::<usize>();
    for d in 0..=usize::from(MAX_LEVEL) {
        // The level's queue becomes its frontier in place (no second copy of it).
        let mut queued = buckets.get_mut(d).map(std::mem::take).unwrap_or_default();
        queued.retain(|&e| {
            let (k, i, loss) = split(e);
            works[k].level[i].compare_exchange(0, level_word(d, loss), Relaxed, Relaxed).is_ok()
        });
        if frontier.len() < queued.len() {
            std::mem::swap(&mut frontier, &mut queued);
        }
        frontier.append(&mut queued);
        if frontier.is_empty() {
            if buckets.iter().skip(d).all(Vec::is_empty) {
                break;
            }
            continue;
        }
        if d == usize::from(MAX_LEVEL) {
            return Err(TablebaseError::DistanceOverflow(works[0].subspace));
        }
        levels += 1;
        peak_queue = peak_queue.max(frontier.len() + buckets.iter().skip(d).map(Vec::len).sum::<usize>());
        progress.inc(frontier.len() as u64);
        let works = &works;
        let next = AtomicUsize::new(0);
        let results: Mutex<LevelOutput> = Mutex::new((Vec::new(), Vec::new()));
        let frontier_ref = &frontier;
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut resolved: Vec<u32> = Vec::new();
                    let mut deferred: Vec<(usize, u32)> = Vec::new();
                    let mut parents: Vec<u32> = Vec::with_capacity(128);
                    loop {
                        let start = next.fetch_add(CHUNK, Relaxed);
                        if start >= frontier_ref.len() {
                            break;
                        }
                        let end = (start + CHUNK).min(frontier_ref.len());
                        for &e in &frontier_ref[start..end] {
                            let (k, i, child_lost) = split(e);
                            let o = other(k);
                            let parent = &works[o];
                            let (us, them) = works[k].indexer.position(i as u64);
                            parents.clear();
                            board.for_each_unmove(us, them, |pu, pt| parents.push(parent.indexer.index(pu, pt) as u32));
                            parents.sort_unstable();
                            parents.dedup();
                            for &p in &parents {
                                let p = p as usize;
                                if child_lost {
                                    // A move to a lost position: the parent wins at d + 1.
                                    let word = level_word(d + 1, false);
                                    if parent.level[p].compare_exchange(0, word, Relaxed, Relaxed).is_ok() {
                                        resolved.push(entry(o, p, false));
                                    }
                                    continue;
                                }
                                if parent.level[p].load(Relaxed) != 0 {
                                    continue;
                                }
                                let before = parent.count[p].fetch_sub(1, Relaxed);
                                if before & COUNT_MASK == 0 {
                                    mismatch.store(true, Relaxed);
                                } else if before & COUNT_MASK == 1 {
                                    // Every move now leads to a win of the opponent.
                                    let at = if before & RULE_CANNOT_LOSE == 0 {
                                        d + 1
                                    } else if before & GAME_CANNOT_LOSE == 0 {
                                        (d + 1).max(beyond)
                                    } else {
                                        continue;
                                    };
                                    if at > d + 1 {
                                        deferred.push((at, entry(o, p, true)));
                                    } else if parent.level[p]
                                        .compare_exchange(0, level_word(at, true), Relaxed, Relaxed)
                                        .is_ok()
                                    {
                                        resolved.push(entry(o, p, true));
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
        for (level, e) in deferred {
            push_at(&mut buckets, level, e);
        }
        frontier = resolved;
    }
    drop(buckets);
    let solved = works.into_iter().map(|w| finish(w, horizon)).collect();
    let working_bytes = total * 3 + dep_bytes + (peak_queue * std::mem::size_of::<u32>()) as u64;
    Ok((solved, SolveStats { levels, working_bytes }))
}

/// Turns the solver's arrays into classes and distances, reusing their memory. For
/// draws the distance is the previous position's (a don't-care value that keeps runs
/// unbroken for compression).
fn finish(w: Work, horizon: u16) -> Table {
    let mut wdl: Vec<u8> = w.count.into_iter().map(AtomicU8::into_inner).collect();
    let mut distance: Vec<u16> = w.level.into_iter().map(AtomicU16::into_inner).collect();
    let mut previous = 0;
    for (class, word) in wdl.iter_mut().zip(distance.iter_mut()) {
        if *word == 0 {
            *class = Wdl::Draw.code();
            *word = previous;
        } else {
            let value = TableValue::at_level(*word & LOSS_BIT == 0, (*word & !LOSS_BIT) - 1, horizon);
            *class = value.wdl.code();
            *word = value.distance;
            previous = value.distance;
        }
    }
    Table { subspace: w.subspace, indexer: w.indexer, wdl, distance }
}

/// Queues `e` for level `level`.
fn push_at(buckets: &mut Vec<Vec<u32>>, level: usize, e: u32) {
    if buckets.len() <= level {
        buckets.resize_with(level + 1, Vec::new);
    }
    buckets[level].push(e);
}
