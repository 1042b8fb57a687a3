//! The placing solver: one cell's values from the layers of the next ply
//! ([`solve_cell`]). Cells, their inputs and their files are in
//! [`shared::cell`](crate::tablebase::shared::cell); the order of the build in
//! [`driver::placing`](crate::tablebase::driver::placing).
//!
//! One backward pass per layer, no iteration: a cell `(k, a, b)` reads only the cells of
//! ply `k + 1` its placements lead to (or, after the last placement, the moving tables at
//! count 0), so each position's value is the best over its children, read once.

use std::sync::Arc;

use rayon::prelude::*;

use crate::progress::Progress;
use crate::rules::STANDARD;
use crate::tablebase::shared::cell::{CODE_DRAW, CODE_LOSS, CODE_WIN, PlacingCell};
use crate::tablebase::shared::index::Indexer;
use crate::tablebase::shared::sector::{MoveGenerator, points_of};
use crate::tablebase::shared::store::Table;
use crate::tablebase::shared::value::{RuleProfile, Wdl};

/// Positions per work item of the solver.
const CHUNK_POSITIONS: usize = 1 << 14;
/// The code seen from the other side.
#[inline]
const fn flip(code: u8) -> u8 {
    match code {
        CODE_WIN => CODE_LOSS,
        CODE_LOSS => CODE_WIN,
        _ => CODE_DRAW,
    }
}

/// How good a code is for the side to move (larger is better).
#[inline]
const fn merit(code: u8) -> u8 {
    match code {
        CODE_WIN => 2,
        CODE_DRAW => 1,
        _ => 0,
    }
}

/// The values of one cell or subspace, packed four to a byte, with its index: what the
/// solver reads of the next ply.
pub struct Layer {
    /// The index (shared with the probe's).
    pub indexer: Arc<Indexer>,
    /// Packed 2-bit codes, in memory advised for huge pages ([`crate::memory`]): the
    /// solver reads them at random.
    pub packed: Vec<u8>,
}

impl Layer {
    /// The code at dense index `i`.
    #[inline]
    #[must_use]
    pub fn code_at(&self, i: u64) -> u8 {
        (self.packed[(i >> 2) as usize] >> ((i & 3) * 2)) & 3
    }

    /// Asks the processor to bring the code at `i` into its cache, without waiting
    /// ([`crate::memory::prefetch`]).
    #[inline]
    fn prefetch(&self, i: u64) {
        if let Some(byte) = self.packed.get((i >> 2) as usize) {
            crate::memory::prefetch(byte);
        }
    }

    /// A moving table's classes as codes at count 0 under `profile`: wins under the
    /// rule (or, with no rule, every game win) are wins, the rest likewise.
    #[must_use]
    pub fn from_moving(table: &Table, profile: RuleProfile) -> Layer {
        let code = |c: u8| {
            let wdl = Wdl::from_code(c).unwrap_or(Wdl::Draw);
            let (win, loss) = if profile.is_game_theoretic() {
                (wdl.is_game_win(), wdl.is_game_loss())
            } else {
                (wdl == Wdl::Win, wdl == Wdl::Loss)
            };
            if win {
                CODE_WIN
            } else if loss {
                CODE_LOSS
            } else {
                CODE_DRAW
            }
        };
        let mut packed = crate::memory::huge_vec(table.wdl.len().div_ceil(4), || 0u8);
        packed.par_iter_mut().zip(table.wdl.par_chunks(4)).for_each(|(byte, q)| {
            *byte = q.iter().enumerate().fold(0u8, |b, (j, &c)| b | (code(c) << (2 * j)));
        });
        Layer { indexer: Arc::clone(&table.indexer), packed }
    }
}

/// The two layers a cell reads: after a plain placement, after one that removes.
pub struct Children<'a> {
    /// `(k+1, them, us+1)`, absent when that side is lost at once or nothing leads there.
    pub plain: Option<&'a Layer>,
    /// `(k+1, them−1, us+1)`, likewise.
    pub removal: Option<&'a Layer>,
}

/// Solves `cell` of a game of `stones` a side from the layers of the next ply, on the
/// current rayon pool; returns the packed codes, index order. A child that is not given
/// must be one that [`PlacingCell::inputs`] leaves out (decided at once).
#[must_use]
pub fn solve_cell(
    board: &MoveGenerator,
    cell: PlacingCell,
    stones: u8,
    indexer: &Indexer,
    children: &Children<'_>,
    progress: &dyn Progress,
) -> Vec<u8> {
    let n = indexer.len();
    // Kept as the next cell's input, which the solver reads at random.
    let mut packed = crate::memory::huge_vec(n.div_ceil(4) as usize, || 0u8);
    if cell.lost_by_material(stones) {
        packed.iter_mut().for_each(|b| *b = CODE_LOSS * 0b0101_0101);
        progress.advance(n);
        return packed;
    }
    let all = STANDARD.topology.all().0;
    packed.par_chunks_mut(CHUNK_POSITIONS / 4).enumerate().for_each(|(c, bytes)| {
        let start = (c * CHUNK_POSITIONS) as u64;
        let end = (start + CHUNK_POSITIONS as u64).min(n);
        // One position in flight: its children's codes are fetched while the next
        // position's children are indexed, then read (see `Children::gather`).
        let (mut next, mut ready) = (Scratch::default(), Scratch::default());
        let mut pending: Option<usize> = None;
        let mut put = |j: usize, code: u8| bytes[j >> 2] |= code << ((j & 3) * 2);
        indexer.for_each_position(start..end, |i, us, them| {
            let j = (i - start) as usize;
            let at_once = children.gather(board, all, us, them, &mut next);
            if let Some(k) = pending.take() {
                put(k, children.best(&ready));
            }
            match at_once {
                Some(code) => put(j, code),
                None => {
                    std::mem::swap(&mut next, &mut ready);
                    pending = Some(j);
                }
            }
        });
        if let Some(k) = pending {
            put(k, children.best(&ready));
        }
        progress.advance(end - start);
    });
    packed
}

/// A position's child indices, kept between positions so that no position allocates.
#[derive(Default)]
struct Scratch {
    plain: Vec<u64>,
    removal: Vec<u64>,
}

impl Children<'_> {
    /// Indexes the children of a placing position (side to move `us`, not lost by
    /// material) into `scratch` and asks the processor to fetch their codes; or its value
    /// at once, when a child is decided without a layer (a win).
    ///
    /// Nearly every code read is a cache miss (the layers are hundreds of MB). Reading
    /// each code as its index was computed spent 80 % of a cell's time waiting on memory
    /// (`perf record` of cell p17-5-7); the solver now fetches one position's codes while
    /// it indexes the next (figures in docs/tablebase.md).
    #[inline]
    fn gather(&self, board: &MoveGenerator, all: u32, us: u32, them: u32, scratch: &mut Scratch) -> Option<u8> {
        scratch.plain.clear();
        scratch.removal.clear();
        let empty = all & !(us | them);
        // Placements that close a mill (and so remove), when there is anything to remove.
        let mut mills = 0u32;
        if them != 0 {
            for p in points_of(empty) {
                if board.closes_mill(p, us | (1 << p)) {
                    mills |= 1 << p;
                }
            }
        }
        let plain = empty & !mills;
        if plain != 0 {
            let Some(layer) = self.plain else { return Some(CODE_WIN) };
            // Every plain child has the same "us" set (`them`) and `us` plus one stone.
            let frame = layer.indexer.frame(them);
            layer.indexer.index_each_added(&frame, us, plain, |i| {
                layer.prefetch(i);
                scratch.plain.push(i);
            });
        }
        if mills != 0 {
            // Each removal is a child; a placement's value is the best of them. Children
            // that remove the same stone share their "us" set, whatever was placed.
            let Some(layer) = self.removal else { return Some(CODE_WIN) };
            for r in points_of(board.removable(them)) {
                let frame = layer.indexer.frame(them ^ (1 << r));
                layer.indexer.index_each_added(&frame, us, mills, |i| {
                    layer.prefetch(i);
                    scratch.removal.push(i);
                });
            }
        }
        None
    }

    /// The value of a position whose children [`Children::gather`] indexed: the best
    /// over its placements (and removals).
    #[inline]
    fn best(&self, scratch: &Scratch) -> u8 {
        let best_in = |layer: Option<&Layer>, indices: &[u64]| {
            layer.map_or(CODE_LOSS, |l| {
                indices
                    .iter()
                    .map(|&i| flip(l.code_at(i)))
                    .fold(CODE_LOSS, |a, b| if merit(b) > merit(a) { b } else { a })
            })
        };
        let (a, b) = (best_in(self.plain, &scratch.plain), best_in(self.removal, &scratch.removal));
        if merit(b) > merit(a) { b } else { a }
    }
}
