//! The retrograde solver for one pair of subspaces `(a, b)` and `(b, a)`, under a
//! no-removal rule of `N` plies (see [`value`](crate::tablebase::shared::value) for what the results mean).
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
//! count per position), so all workers (a rayon pool) work on one level at once in safe
//! Rust.
//!
//! A long solve saves its state between two levels, or between two segments of one
//! ([`checkpoint`](super::checkpoint)), and resumes from it when started again.
//!
//! This module knows the solver's bookkeeping; files are `store`'s, checking is `verify`'s.

use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU16, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use rayon::prelude::*;

use super::checkpoint::{Arrays, Between, Checkpoint, State};
use crate::progress::Progress;
use crate::tablebase::shared::error::TablebaseError;
use crate::tablebase::shared::index::Indexer;
use crate::tablebase::shared::sector::{MoveGenerator, Subspace, points_of};
use crate::tablebase::shared::store::Table;
use crate::tablebase::shared::value::{TableValue, Wdl};

/// Positions handled per work item (a rayon job).
const CHUNK: usize = 1 << 14;
/// Positions of a level expanded between two chances to save within it, in builds
/// ([`Checkpoint::segment`]): about 20 s of 8-9's expansion on two cores, where one of its
/// levels took more than an hour.
pub const SAVE_SEGMENT: usize = 1 << 24;
// The arrays' meanings below are saved in checkpoints: a change to them changes
// `checkpoint::VERSION` too.
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
    /// The level the solve resumed at, from its checkpoint.
    pub resumed_at: Option<u32>,
    /// Times the state was saved.
    pub saves: u32,
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

/// What expanding one level yields: positions resolved at the next level, and losses
/// deferred to a later one.
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
/// with horizon `horizon`
/// ([`RuleProfile::horizon`](crate::tablebase::shared::value::RuleProfile::horizon)), given
/// the tables their removals lead to in `dependencies`, on the current rayon pool; `progress`
/// advances by one per position counted and one per position resolved. With a
/// `checkpoint`, the solve resumes from its file when there is one for this pair (a file
/// that is not believed is named in a warning and the pair starts over), and saves its
/// state there between two levels once `every` has passed since the last save; the
/// caller removes the file once the tables are written.
///
/// # Errors
/// [`TablebaseError::MissingTable`] if a dependency is absent,
/// [`TablebaseError::DistanceOverflow`], [`TablebaseError::UnmoveMismatch`], or
/// [`TablebaseError::Stopped`] after the saves [`Checkpoint::stop_after`] asks for.
pub fn solve_pair(
    board: &MoveGenerator,
    subspaces: &[Subspace],
    indexers: Vec<Arc<Indexer>>,
    dependencies: &[&Table],
    horizon: u16,
    checkpoint: Option<&Checkpoint>,
    progress: &dyn Progress,
) -> Result<(Vec<Table>, SolveStats), TablebaseError> {
    // A long count pass is saved as soon as it ends: the clock runs from here.
    let started = Instant::now();
    let mut works = new_works(subspaces, indexers.clone())?;
    let total: u64 = works.iter().map(|w| w.level.len() as u64).sum();
    let mut resumed = None;
    if let Some(c) = checkpoint {
        match c.load(horizon, &arrays(&works)) {
            Ok(found) => resumed = found,
            Err(reason) => {
                log::warn!("{}: {reason}; solving {} from its start", c.path.display(), subspaces[0]);
                // Freed before the fresh arrays are made: two sets of the largest pair's
                // would need 6.8 GB at once.
                drop(std::mem::take(&mut works));
                works = new_works(subspaces, indexers)?;
            }
        }
    }
    let targets = removal_targets(&works, dependencies)?;
    let dep_bytes: u64 = targets.iter().flatten().map(|t| t.wdl.len() as u64).sum();
    let solver = Solver { board, works, targets, beyond: usize::from(horizon).saturating_add(1) };
    let resumed_at = resumed.as_ref().map(|b| b.d as u32);
    let between = match resumed {
        Some(between) => {
            // What the saved solve had done: every position counted, and those resolved
            // before the frontier's level.
            let resolved: u64 =
                solver.works.iter().map(|w| w.level.par_iter().filter(|l| l.load(Relaxed) != 0).count() as u64).sum();
            progress.resumed(total + resolved - (between.frontier.len() + between.resolved.len()) as u64);
            between
        }
        None => Between { buckets: solver.count_pass(progress), ..Between::default() },
    };
    let saver = checkpoint.map(|c| Saver { checkpoint: c, horizon, last: started, saves: 0 });
    let (levels, peak_queue, saves) = solver.resolve_levels(between, saver, progress)?;
    let solved = solver.works.into_iter().map(|w| finish(w, horizon)).collect();
    let working_bytes = total * 3 + dep_bytes + (peak_queue * std::mem::size_of::<u32>()) as u64;
    Ok((solved, SolveStats { levels, working_bytes, resumed_at, saves }))
}

/// The solver's arrays as a checkpoint sees them.
fn arrays(works: &[Work]) -> Vec<Arrays<'_>> {
    works.iter().map(|w| Arrays { subspace: w.subspace, level: &w.level, count: &w.count }).collect()
}

/// Saves a solve's state when it is due.
struct Saver<'a> {
    checkpoint: &'a Checkpoint,
    horizon: u16,
    /// The last save, or the solve's start.
    last: Instant,
    saves: u32,
}

impl Saver<'_> {
    /// Saves `works` and `state` if `every` has passed since the last save. A save that
    /// fails is named in a warning and the solve goes on (it only loses the resumption).
    ///
    /// # Errors
    /// [`TablebaseError::Stopped`] once the saves [`Checkpoint::stop_after`] asks for are
    /// done.
    fn maybe_save(&mut self, works: &[Work], state: &State) -> Result<(), TablebaseError> {
        if self.last.elapsed() < self.checkpoint.every {
            return Ok(());
        }
        match self.checkpoint.save(self.horizon, &arrays(works), state) {
            Ok(()) => self.saves += 1,
            Err(reason) => log::warn!("cannot save the solve of {}: {reason}", works[0].subspace),
        }
        self.last = Instant::now();
        if self.checkpoint.stop_after == Some(self.saves) {
            return Err(TablebaseError::Stopped(works[0].subspace));
        }
        Ok(())
    }
}

/// The solver's arrays for each subspace of the pair, all positions unresolved.
fn new_works(subspaces: &[Subspace], indexers: Vec<Arc<Indexer>>) -> Result<Vec<Work>, TablebaseError> {
    let works: Vec<Work> = subspaces
        .iter()
        .zip(indexers)
        .map(|(&subspace, indexer)| {
            let n = indexer.len() as usize;
            Work {
                subspace,
                indexer,
                // Read and written at random: huge pages spare a page walk per access.
                level: crate::memory::huge_vec(n, || AtomicU16::new(0)),
                count: crate::memory::huge_vec(n, || AtomicU8::new(0)),
            }
        })
        .collect();
    if works.iter().any(|w| w.level.len() >= 1 << INDEX_BITS) {
        return Err(TablebaseError::DistanceOverflow(works[0].subspace));
    }
    Ok(works)
}

/// For each subspace of the pair, the table its removals lead to (`None`: a removal
/// leaves the opponent two stones, which wins at once).
fn removal_targets<'a>(works: &[Work], dependencies: &[&'a Table]) -> Result<Vec<Option<&'a Table>>, TablebaseError> {
    works
        .iter()
        .map(|w| {
            let Some(after) = w.subspace.after_removal() else { return Ok(None) };
            match dependencies.iter().copied().find(|t| t.subspace == after) {
                Some(t) => Ok(Some(t)),
                None => Err(TablebaseError::MissingTable { dir: std::path::PathBuf::from("."), subspace: after }),
            }
        })
        .collect()
}

/// One pair being solved: its arrays and what its removals lead to.
struct Solver<'a> {
    board: &'a MoveGenerator,
    works: Vec<Work>,
    /// For each subspace, the table its removals lead to ([`removal_targets`]).
    targets: Vec<Option<&'a Table>>,
    /// The level at which game wins and losses beyond the rule's reach start (one past it).
    beyond: usize,
}

/// A worker's reusable buffers for the expansion of a level.
#[derive(Default)]
struct ExpandScratch {
    /// A position's un-moves: each parent's stones, the side that moved first.
    unmoves: Vec<(u32, u32)>,
    /// Their distinct indices.
    parents: Vec<u32>,
}

/// A worker's reusable buffers for the count pass.
#[derive(Default)]
struct CountScratch {
    /// Destinations of moves that close no mill.
    slides: Vec<u32>,
    /// Destinations of moves that close a mill.
    closing: Vec<u32>,
    /// Distinct canonical children.
    children: Vec<u32>,
    /// Positions to queue: (level, entry).
    queued: Vec<(usize, u32)>,
}

/// What a position's removals reach in the smaller table.
#[derive(Default)]
struct RemovalOutcome {
    /// A removal reaches a lost position: the position wins at level 1.
    win: bool,
    /// A removal reaches a blessed loss: a game win the rule turns into a draw.
    game_win: bool,
    /// [`RULE_CANNOT_LOSE`] and [`GAME_CANNOT_LOSE`].
    flags: u8,
}

impl Solver<'_> {
    /// The other subspace of the pair (the one a move leads to).
    fn other(&self, k: usize) -> usize {
        if self.works.len() == 1 { 0 } else { 1 - k }
    }

    /// The count pass: stores every position's count byte and returns the positions
    /// already resolved, queued by level.
    fn count_pass(&self, progress: &dyn Progress) -> Vec<Vec<u32>> {
        let buckets: Mutex<Vec<Vec<u32>>> = Mutex::new(Vec::new());
        for k in 0..self.works.len() {
            let n = self.works[k].level.len();
            (0..n.div_ceil(CHUNK)).into_par_iter().for_each_init(CountScratch::default, |scratch, c| {
                let (start, end) = (c * CHUNK, ((c + 1) * CHUNK).min(n));
                for i in start..end {
                    self.count_position(k, i, scratch);
                }
                progress.advance((end - start) as u64);
                // Hand over per chunk: a worker's queue never holds more than one chunk's
                // entries (whole-pass queues of 16-byte entries were the build's peak of
                // memory).
                if let Ok(mut b) = buckets.lock() {
                    for (level, e) in scratch.queued.drain(..) {
                        push_at(&mut b, level, e);
                    }
                }
            });
        }
        buckets.into_inner().unwrap_or_default()
    }

    /// Counts position `i` of subspace `k`: stores its count byte, or queues it in
    /// `scratch` when its value is known already.
    fn count_position(&self, k: usize, i: usize, scratch: &mut CountScratch) {
        let (us, them) = self.works[k].indexer.position(i as u64);
        let CountScratch { slides, closing, children, queued } = scratch;
        slides.clear();
        closing.clear();
        self.board.for_each_destination(
            us,
            them,
            |after, closes| {
                if closes { closing.push(after) } else { slides.push(after) }
            },
        );
        // Removals first: one that wins makes the children irrelevant.
        let removals = self.removal_outcome(k, them, closing);
        if removals.win {
            queued.push((1, entry(k, i, false)));
            return;
        }
        let child_ix = &self.works[self.other(k)].indexer;
        let frame = child_ix.frame(them);
        children.clear();
        children.extend(slides.iter().map(|&after| child_ix.index_in(&frame, after) as u32));
        children.sort_unstable();
        children.dedup();
        let flags = removals.flags;
        self.works[k].count[i].store(children.len() as u8 | flags, Relaxed);
        if removals.game_win {
            queued.push((self.beyond, entry(k, i, false)));
        } else if children.is_empty() {
            if closing.is_empty() {
                queued.push((0, entry(k, i, true)));
            } else if flags & RULE_CANNOT_LOSE == 0 {
                queued.push((1, entry(k, i, true)));
            } else if flags & GAME_CANNOT_LOSE == 0 {
                queued.push((self.beyond, entry(k, i, true)));
            }
        }
    }

    /// What the removals after the mill-closing moves to `closing` reach, for a position of
    /// subspace `k` whose opponent has the stones `them`.
    fn removal_outcome(&self, k: usize, them: u32, closing: &[u32]) -> RemovalOutcome {
        let mut outcome = RemovalOutcome::default();
        if closing.is_empty() {
            return outcome;
        }
        let Some(t) = self.targets[k] else {
            outcome.win = true;
            return outcome;
        };
        for r in points_of(self.board.removable(them)) {
            // The exit: the opponent, one stone fewer, to move.
            let frame = t.indexer.frame(them ^ (1 << r));
            for &after in closing {
                match t.wdl_at(t.indexer.index_in(&frame, after)) {
                    Wdl::Loss => {
                        outcome.win = true;
                        return outcome;
                    }
                    Wdl::BlessedLoss => {
                        outcome.game_win = true;
                        outcome.flags |= RULE_CANNOT_LOSE | GAME_CANNOT_LOSE;
                    }
                    Wdl::Draw => outcome.flags |= RULE_CANNOT_LOSE | GAME_CANNOT_LOSE,
                    Wdl::CursedWin => outcome.flags |= RULE_CANNOT_LOSE,
                    Wdl::Win => {}
                }
            }
        }
        outcome
    }

    /// The levels d = 0, 1, 2, …, from `between`'s: resolves the queued positions of each
    /// level and expands them to their parents, offering `saver` the state before each
    /// level and between two of its segments ([`Checkpoint::segment`]). Returns the levels
    /// processed, the largest queue and the saves.
    fn resolve_levels(
        &self,
        between: Between,
        mut saver: Option<Saver>,
        progress: &dyn Progress,
    ) -> Result<(u32, usize, u32), TablebaseError> {
        let Between { d: first, mut levels, peak_queue, mut frontier, mut resolved, mut buckets } = between;
        let mut peak_queue = peak_queue.max(buckets.iter().map(Vec::len).sum::<usize>());
        let segment = saver.as_ref().map_or(0, |s| s.checkpoint.segment);
        for d in first..=usize::from(MAX_LEVEL) {
            if let Some(saver) = saver.as_mut() {
                let state =
                    State { d, levels, peak_queue, frontier: &frontier, resolved: &resolved, buckets: &buckets };
                saver.maybe_save(&self.works, &state)?;
            }
            // The level's queue becomes its frontier in place (no second copy of it).
            let mut queued = buckets.get_mut(d).map(std::mem::take).unwrap_or_default();
            queued.retain(|&e| {
                let (k, i, loss) = split(e);
                self.works[k].level[i].compare_exchange(0, level_word(d, loss), Relaxed, Relaxed).is_ok()
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
                return Err(TablebaseError::DistanceOverflow(self.works[0].subspace));
            }
            levels += 1;
            peak_queue = peak_queue.max(frontier.len() + buckets.iter().skip(d).map(Vec::len).sum::<usize>());
            progress.advance(frontier.len() as u64);
            // In segments, with a chance to save after each but the last: the state then is
            // what is left of the frontier, what its expansion resolved so far (`resolved`,
            // carried over from a save within this level), and the later queues.
            let step = if segment == 0 { frontier.len() } else { segment };
            let mut done = 0;
            while done < frontier.len() {
                let end = (done + step).min(frontier.len());
                let (mut found, deferred) = self.expand_level(&frontier[done..end], d)?;
                if resolved.is_empty() {
                    resolved = found;
                } else {
                    resolved.append(&mut found);
                }
                for (level, e) in deferred {
                    push_at(&mut buckets, level, e);
                }
                done = end;
                if let (Some(saver), true) = (saver.as_mut(), done < frontier.len()) {
                    let state = State {
                        d,
                        levels: levels - 1,
                        peak_queue,
                        frontier: &frontier[done..],
                        resolved: &resolved,
                        buckets: &buckets,
                    };
                    saver.maybe_save(&self.works, &state)?;
                }
            }
            frontier = std::mem::take(&mut resolved);
        }
        Ok((levels, peak_queue, saver.map_or(0, |s| s.saves)))
    }

    /// Expands the positions resolved at level `d` to their parents.
    ///
    /// # Errors
    /// [`TablebaseError::UnmoveMismatch`]: a parent's count went below zero.
    fn expand_level(&self, frontier: &[u32], d: usize) -> Result<LevelOutput, TablebaseError> {
        let mismatch = AtomicBool::new(false);
        let output = frontier
            .par_chunks(CHUNK)
            .fold(
                || (Vec::new(), Vec::new()),
                |mut output: LevelOutput, chunk| {
                    let mut scratch = ExpandScratch::default();
                    for &e in chunk {
                        self.expand(e, d, &mut scratch, &mut output, &mismatch);
                    }
                    output
                },
            )
            .reduce(
                || (Vec::new(), Vec::new()),
                |mut a, mut b| {
                    a.0.append(&mut b.0);
                    a.1.append(&mut b.1);
                    a
                },
            );
        if mismatch.load(Relaxed) {
            return Err(TablebaseError::UnmoveMismatch(self.works[0].subspace));
        }
        Ok(output)
    }

    /// Expands queue entry `e`, resolved at level `d`, to its distinct canonical parents:
    /// those it decides go to `output` (at `d + 1`, or deferred to a later level).
    fn expand(&self, e: u32, d: usize, scratch: &mut ExpandScratch, output: &mut LevelOutput, mismatch: &AtomicBool) {
        let (k, i, child_lost) = split(e);
        let o = self.other(k);
        let parent = &self.works[o];
        let (us, them) = self.works[k].indexer.position(i as u64);
        let ExpandScratch { unmoves, parents } = scratch;
        // The parents' "us" sets first, each index's first read asked for ahead (a table
        // far larger than the caches), then their indices.
        unmoves.clear();
        self.board.for_each_unmove(us, them, |pu, pt| {
            parent.indexer.prefetch(pu);
            unmoves.push((pu, pt));
        });
        parents.clear();
        parents.extend(unmoves.iter().map(|&(pu, pt)| parent.indexer.index(pu, pt) as u32));
        parents.sort_unstable();
        parents.dedup();
        // The parents' words lie far apart in arrays far larger than the caches: ask for
        // all of them first, so that the misses overlap (the atomic updates below wait for
        // each other).
        for &p in parents.iter() {
            crate::memory::prefetch(&parent.level[p as usize]);
            if !child_lost {
                crate::memory::prefetch(&parent.count[p as usize]);
            }
        }
        for &p in parents.iter() {
            let p = p as usize;
            if child_lost {
                // A move to a lost position: the parent wins at d + 1.
                let word = level_word(d + 1, false);
                if parent.level[p].compare_exchange(0, word, Relaxed, Relaxed).is_ok() {
                    output.0.push(entry(o, p, false));
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
                    (d + 1).max(self.beyond)
                } else {
                    continue;
                };
                if at > d + 1 {
                    output.1.push((at, entry(o, p, true)));
                } else if parent.level[p].compare_exchange(0, level_word(at, true), Relaxed, Relaxed).is_ok() {
                    output.0.push(entry(o, p, true));
                }
            }
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::STANDARD;
    use crate::tablebase::shared::sector::rules_text;
    use crate::tablebase::shared::value::RuleProfile;

    fn indexers(pair: &[Subspace]) -> Vec<Arc<Indexer>> {
        pair.iter().map(|s| Arc::new(Indexer::new(STANDARD.topology, usize::from(s.us), usize::from(s.them)))).collect()
    }

    fn solve(pair: &[Subspace], deps: &[&Table], checkpoint: Option<&Checkpoint>) -> (Vec<Table>, SolveStats) {
        let board = MoveGenerator::new(&STANDARD);
        solve_pair(&board, pair, indexers(pair), deps, 100, checkpoint, &()).unwrap()
    }

    fn same(a: &[Table], b: &[Table]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.wdl == y.wdl && x.distance == y.distance)
    }

    /// A solve stopped after its k-th save and started again resumes at the level it
    /// saved and ends with the tables of a solve never stopped, for a lone subspace (3-3)
    /// and a pair (3-4 and 4-3, whose removals lead to 3-3); a file that is not believed
    /// (corrupted, or saved under other rules) is passed over and the pair starts over.
    #[test]
    fn a_stopped_solve_resumes_from_its_checkpoint_to_the_same_tables() {
        let dir = std::env::temp_dir().join(format!("morris-checkpoint-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let three = [Subspace::new(3, 3)];
        let (whole33, _) = solve(&three, &[], None);
        let pair = Subspace::new(3, 4).pair();
        let (whole34, plain) = solve(&pair, &[&whole33[0]], None);
        assert!(plain.levels > 3, "3-4 has levels to stop between");
        let rules = rules_text(RuleProfile::new(100));
        let at = |stop_after| Checkpoint {
            path: Checkpoint::path_for(&dir, pair[0]),
            every: std::time::Duration::ZERO,
            rules: rules.clone(),
            stop_after,
            segment: 0,
        };
        // (A stop after the first save, before level 0, is the count pass's case below.)
        let cases = [(&three[..], vec![], &whole33, 2), (&pair[..], vec![&whole33[0]], &whole34, 4)];
        for (subspaces, deps, whole, k) in cases {
            at(None).remove();
            let board = MoveGenerator::new(&STANDARD);
            let stopped = solve_pair(&board, subspaces, indexers(subspaces), &deps, 100, Some(&at(Some(k))), &());
            assert!(matches!(stopped, Err(TablebaseError::Stopped(_))), "stopped after save {k}");
            let (tables, stats) = solve(subspaces, &deps, Some(&at(None)));
            // The first save comes before level 0 is expanded, each next one a level on.
            assert_eq!(stats.resumed_at, Some(k - 1), "{} resumed where save {k} was made", subspaces[0]);
            assert!(same(&tables, whole), "{} after a stop at save {k}", subspaces[0]);
        }
        // Saved within a level (segments of 1,000 positions, a chance to save after each):
        // what is left of the level and what it resolved so far are saved, and the solve
        // resumes inside the level to the same tables. The 40th save falls inside level 1,
        // whose expansion had resolved positions of level 2 already (1,257 of them).
        at(None).remove();
        let segmented = |stop_after| Checkpoint { segment: 1000, ..at(stop_after) };
        let board = MoveGenerator::new(&STANDARD);
        let stopped = solve_pair(&board, &pair, indexers(&pair), &[&whole33[0]], 100, Some(&segmented(Some(40))), &());
        assert!(matches!(stopped, Err(TablebaseError::Stopped(_))), "stopped after save 40");
        let fresh = new_works(&pair, indexers(&pair)).unwrap();
        let saved = segmented(None).load(100, &arrays(&fresh)).unwrap().expect("a checkpoint");
        assert!(!saved.resolved.is_empty(), "the save fell within a level, with positions resolved ahead");
        // Resumed without saving again (a save every 1,000 positions would be hundreds).
        let quiet = Checkpoint { every: std::time::Duration::from_secs(3600), ..segmented(None) };
        let (tables, stats) = solve(&pair, &[&whole33[0]], Some(&quiet));
        assert_eq!(stats.resumed_at, Some(saved.d as u32));
        assert!(same(&tables, &whole34), "3-4 after a stop at save 40, within level {}", saved.d);
        // A version 1 file (saved between levels, without the resolved list) is read.
        at(None).remove();
        let board = MoveGenerator::new(&STANDARD);
        let stopped = solve_pair(&board, &pair, indexers(&pair), &[&whole33[0]], 100, Some(&at(Some(2))), &());
        assert!(matches!(stopped, Err(TablebaseError::Stopped(_))));
        let path = at(None).path;
        let bytes = std::fs::read(&path).unwrap();
        let rules_len = usize::from(u16::from_le_bytes([bytes[12], bytes[13]]));
        // Magic, version, rules, horizon, subspaces, level, levels, largest queue, frontier.
        let resolved_at = 14 + rules_len + 2 + 1 + 10 * pair.len() + 8 + 4 + 8 + 8;
        let mut old: Vec<u8> = bytes[..bytes.len() - 8].to_vec();
        assert_eq!(old[resolved_at..resolved_at + 8], [0; 8], "between levels nothing is resolved ahead");
        old.drain(resolved_at..resolved_at + 8);
        old[8..12].copy_from_slice(&1u32.to_le_bytes());
        let sum =
            crate::tablebase::shared::container::fnv1a_words(&old, crate::tablebase::shared::container::FNV_OFFSET);
        old.extend_from_slice(&sum.to_le_bytes());
        std::fs::write(&path, &old).unwrap();
        let (tables, stats) = solve(&pair, &[&whole33[0]], Some(&at(None)));
        assert_eq!(stats.resumed_at, Some(1), "the version 1 file was read");
        assert!(same(&tables, &whole34));
        // The clock runs from the solve's start: a count pass longer than `every` (here
        // 1 ms, where 3-4's takes tens) is saved as soon as it ends, before level 0.
        at(None).remove();
        let board = MoveGenerator::new(&STANDARD);
        let soon = Checkpoint { every: std::time::Duration::from_millis(1), ..at(Some(1)) };
        let stopped = solve_pair(&board, &pair, indexers(&pair), &[&whole33[0]], 100, Some(&soon), &());
        assert!(matches!(stopped, Err(TablebaseError::Stopped(_))));
        let (_, stats) = solve(&pair, &[&whole33[0]], Some(&at(None)));
        assert_eq!(stats.resumed_at, Some(0), "the first save came right after the count pass");
        // The last solve saved at each of its levels and left its file (the driver removes
        // it). Saved under other rules, or corrupted, it is passed over.
        let other = Checkpoint { rules: rules_text(RuleProfile::new(0)), ..at(None) };
        assert_eq!(other.load(100, &[]).unwrap_err(), format!("saved under rules '{rules}'"));
        let path = at(None).path;
        let mut bytes = std::fs::read(&path).unwrap();
        let fresh = new_works(&pair, indexers(&pair)).unwrap();
        let empty = arrays(&fresh);
        std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
        assert_eq!(at(None).load(100, &empty).unwrap_err(), "truncated");
        let middle = bytes.len() / 2;
        bytes[middle] ^= 0x10;
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(at(None).load(100, &empty).unwrap_err(), "checksum mismatch");
        let (tables, stats) = solve(&pair, &[&whole33[0]], Some(&at(None)));
        assert_eq!(stats.resumed_at, None, "a corrupted checkpoint is not believed");
        assert!(same(&tables, &whole34));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
