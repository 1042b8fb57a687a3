//! Compact position indices for one subspace, reduced by the board's symmetries.
//!
//! A subspace `(a, b)` holds every moving-phase position with `a` stones for the side to
//! move ("us") and `b` for the other side ("them"). A position is ranked in two steps: the
//! "us" set among the `C(n, a)` subsets of the board's `n` points, then the "them" set among
//! the `C(n − a, b)` subsets of the points "us" leaves free (combinatorial number system,
//! colex order). Symmetry reduction keeps one position per orbit of the board's symmetry
//! group: "us" is mapped to the smallest-ranked set of its orbit (its representative), and
//! when the representative is fixed by some symmetries (its stabilizer), "them" is mapped to
//! the smallest rank among its images under the stabilizer. The dense index numbers the
//! canonical positions: representative blocks in order, and inside a block the canonical
//! "them" ranks in order.
//!
//! The fast symmetry tables are built from the topology's slow reference
//! [`Symmetry::apply_set`](crate::topology::Symmetry::apply_set) (docs/tablebase.md, "Rules the code follows"). This
//! module knows sets and symmetries only; it knows nothing of moves, values or files.

use super::sector::points_of;
use crate::topology::{PointSet, Topology};

/// The most points a board may have for these tables (binomials and byte chunks).
const MAX_N: usize = 32;

/// Binomial coefficients `C(n, k)` for `n, k ≤ MAX_N`.
pub(crate) struct Binomials([[u64; MAX_N + 1]; MAX_N + 1]);

impl Binomials {
    const fn new() -> Binomials {
        let mut t = [[0u64; MAX_N + 1]; MAX_N + 1];
        let mut n = 0;
        while n <= MAX_N {
            t[n][0] = 1;
            let mut k = 1;
            while k <= n {
                t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
                k += 1;
            }
            n += 1;
        }
        Binomials(t)
    }

    /// `C(n, k)`, 0 when `k > n`.
    #[inline]
    pub(crate) fn get(&self, n: usize, k: usize) -> u64 {
        if k > n || n > MAX_N { 0 } else { self.0[n][k] }
    }
}

/// The binomial table.
pub(crate) static BINOMIALS: Binomials = Binomials::new();

/// The colex rank of a set of bit positions (each below 32).
#[inline]
fn rank_bits(bits: u32) -> u64 {
    let mut rank = 0;
    for (i, c) in points_of(bits).enumerate() {
        rank += BINOMIALS.0[c][i + 1];
    }
    rank
}

/// The set of `k` bit positions below `n` with colex rank `rank`.
fn unrank_bits(mut rank: u64, k: usize, n: usize) -> u32 {
    let mut bits = 0u32;
    let mut hi = n;
    for i in (1..=k).rev() {
        // The largest c < hi with C(c, i) <= rank.
        let mut c = hi - 1;
        while BINOMIALS.get(c, i) > rank {
            c -= 1;
        }
        bits |= 1 << c;
        rank -= BINOMIALS.get(c, i);
        hi = c;
    }
    bits
}

/// `bits` squeezed onto the points of `free` (the i-th free point becomes bit i).
#[inline]
fn compress(bits: u32, free: u32) -> u32 {
    points_of(bits).fold(0, |out, p| out | 1 << (free & ((1u32 << p) - 1)).count_ones())
}

/// The inverse of [`compress`]: bit i of `bits` goes to the i-th point of `free`.
fn expand(bits: u32, free: u32) -> u32 {
    let mut out = 0;
    for (i, p) in points_of(free).enumerate() {
        out |= ((bits >> i) & 1) << p;
    }
    out
}

/// Fast images of point sets under every symmetry: per symmetry, one 256-entry table per
/// 8-bit chunk of the set.
pub(crate) struct SymmetryTables {
    chunks: usize,
    tables: Vec<[u32; 256]>,
    count: usize,
}

impl SymmetryTables {
    /// Tables for every symmetry of `topology`, from its reference `apply_set`.
    pub(crate) fn new(topology: &Topology) -> SymmetryTables {
        let syms = topology.symmetries();
        let chunks = topology.len().div_ceil(8);
        let mut tables = Vec::with_capacity(syms.len() * chunks);
        for s in syms {
            for chunk in 0..chunks {
                let mut t = [0u32; 256];
                for (byte, slot) in t.iter_mut().enumerate() {
                    let bits = (byte as u32) << (8 * chunk);
                    *slot = s.apply_set(PointSet(bits & topology.all().0)).0;
                }
                tables.push(t);
            }
        }
        SymmetryTables { chunks, tables, count: syms.len() }
    }

    /// The number of symmetries (identity first).
    pub(crate) fn len(&self) -> usize {
        self.count
    }

    /// The image of `set` under symmetry `s`.
    #[inline]
    pub(crate) fn apply(&self, s: usize, set: u32) -> u32 {
        let base = s * self.chunks;
        let mut out = 0;
        for chunk in 0..self.chunks {
            out |= self.tables[base + chunk][((set >> (8 * chunk)) & 0xff) as usize];
        }
        out
    }
}

/// The canonical "them" ranks of a symmetric block as one bit per rank, with the number
/// of set bits before each 64-bit word: a rank's dense offset is a lookup and a popcount,
/// and the rank at an offset a binary search and a bit walk. 12 bytes per 64 ranks, where
/// a table of offsets and a list of ranks took 384: the indices of the whole set went
/// from 3.6 GB to 0.38 GB of memory, and from 5.6-7.7 s to 3.1-3.6 s on two cores.
#[derive(Default)]
struct RankSet {
    words: Vec<u64>,
    before: Vec<u32>,
}

impl RankSet {
    /// The number of canonical ranks below `rank` (its dense offset when it is canonical).
    #[inline]
    fn offset(&self, rank: u64) -> u64 {
        let (w, bit) = ((rank / 64) as usize, rank % 64);
        u64::from(self.before[w]) + u64::from((self.words[w] & ((1u64 << bit) - 1)).count_ones())
    }

    /// The canonical rank with dense offset `offset` (< [`RankSet::len`]): the word by a
    /// binary search of the counts, then the bit. Only the solver, verify and stats ask
    /// this, and only for the few positions whose "us" set a symmetry fixes.
    fn select(&self, offset: u64) -> u64 {
        let w = self.before.partition_point(|&b| u64::from(b) <= offset).saturating_sub(1);
        let mut word = self.words[w];
        for _ in 0..offset - u64::from(self.before[w]) {
            word &= word - 1;
        }
        64 * w as u64 + u64::from(word.trailing_zeros())
    }

    /// The number of canonical ranks.
    fn len(&self) -> u64 {
        self.before.last().map_or(0, |&b| u64::from(b)) + self.words.last().map_or(0, |w| u64::from(w.count_ones()))
    }

    /// Whether `rank` is canonical.
    #[cfg(test)]
    fn contains(&self, rank: u64) -> bool {
        self.words[(rank / 64) as usize] >> (rank % 64) & 1 == 1
    }

    fn memory_bytes(&self) -> usize {
        8 * self.words.len() + 4 * self.before.len()
    }
}

/// The "them" sets of a symmetric "us" set that are canonical: the smallest of their
/// orbit under the us set's stabilizer, by colex rank among the free points.
///
/// The sets are walked in rank order as bit sets over the free points (Gosper's next
/// combination: for sets of one size, numeric order is colex order), and each image is
/// compared as a number, so no rank is computed; the stabilizer's permutations of the
/// free points are tabulated once.
fn canonical_them_sets(syms: &SymmetryTables, stabilizer: &[u8], free: u32, them: usize) -> RankSet {
    let slots = free.count_ones() as usize;
    let count = BINOMIALS.get(slots, them);
    let points: Vec<u32> = (0..32).filter(|&p| free & (1 << p) != 0).collect();
    // perms[k][i]: where stabilizer element k sends the i-th free point (as a free index).
    let perms: Vec<Vec<u32>> = stabilizer
        .iter()
        .map(|&s| points.iter().map(|&p| (free & ((syms.apply(usize::from(s), 1 << p)) - 1)).count_ones()).collect())
        .collect();
    let mut words = vec![0u64; count.div_ceil(64) as usize];
    let mut c: u32 = (1u32 << them) - 1;
    for t in 0..count {
        let smallest = perms.iter().all(|perm| {
            let image = points_of(c).fold(0u32, |image, p| image | 1 << perm[p]);
            image >= c
        });
        if smallest {
            words[(t / 64) as usize] |= 1 << (t % 64);
        }
        if c != 0 && t + 1 < count {
            let low = c & c.wrapping_neg();
            let ripple = c + low;
            c = ripple | (((ripple ^ c) >> 2) / low);
        }
    }
    let mut before = Vec::with_capacity(words.len());
    let mut seen = 0u32;
    for w in &words {
        before.push(seen);
        seen += w.count_ones();
    }
    RankSet { words, before }
}

/// One representative "us" set and its block of dense indices.
struct Block {
    us: u32,
    start: u64,
    /// Symmetries (other than the identity) that fix `us`.
    stabilizer: Vec<u8>,
    /// When the stabilizer is non-trivial: which "them" ranks are canonical, and so each
    /// canonical rank's dense offset in the block.
    canonical: RankSet,
}

/// What [`Indexer::frame`] computes once for a "us" set: its representative's block, the
/// symmetry that takes it there, and each free point's place among the free points.
pub struct UsFrame {
    block: u32,
    sym: u8,
    /// The points the representative leaves free.
    free: u32,
}

impl UsFrame {
    /// Point `q`'s place among the free points.
    #[inline]
    fn slot(&self, q: u32) -> usize {
        (self.free & ((1u32 << q) - 1)).count_ones() as usize
    }
}

/// The index of one subspace `(a, b)` on one board.
pub struct Indexer {
    us_count: usize,
    them_count: usize,
    n: usize,
    all: u32,
    syms: SymmetryTables,
    /// For each "us" rank: the block of its representative and a symmetry taking it there.
    us_block: Vec<(u32, u8)>,
    blocks: Vec<Block>,
    len: u64,
}

impl Indexer {
    /// The index of subspace `(us, them)` on `topology`.
    ///
    /// # Panics
    /// If the board has more than 32 points (no board in `topology` does).
    #[must_use]
    pub fn new(topology: &Topology, us: usize, them: usize) -> Indexer {
        let n = topology.len();
        assert!(n <= MAX_N && us + them <= n, "subspace does not fit the board");
        let syms = SymmetryTables::new(topology);
        let us_sets = BINOMIALS.get(n, us) as usize;
        let them_sets = BINOMIALS.get(n - us, them);
        let mut us_block = vec![(u32::MAX, 0u8); us_sets];
        let mut blocks = Vec::new();
        let mut len = 0u64;
        // Ranks ascend, so the first member met of each orbit is its smallest: the representative.
        for rank in 0..us_sets {
            if us_block[rank].0 != u32::MAX {
                continue;
            }
            let set = unrank_bits(rank as u64, us, n);
            let id = blocks.len() as u32;
            let mut stabilizer = Vec::new();
            for s in 0..syms.len() {
                let image = syms.apply(s, set);
                if image == set && s != 0 {
                    stabilizer.push(s as u8);
                }
                let r = rank_bits(image) as usize;
                if us_block[r].0 == u32::MAX {
                    // Symmetry `s` sends `set` to `image`; the image goes back by s's inverse.
                    let back = (0..syms.len()).find(|&t| syms.apply(t, image) == set).unwrap_or(0);
                    us_block[r] = (id, back as u8);
                }
            }
            let canonical = if stabilizer.is_empty() {
                RankSet::default()
            } else {
                canonical_them_sets(&syms, &stabilizer, !set & topology.all().0, them)
            };
            let start = len;
            len += if stabilizer.is_empty() { them_sets } else { canonical.len() };
            blocks.push(Block { us: set, start, stabilizer, canonical });
        }
        Indexer { us_count: us, them_count: them, n, all: topology.all().0, syms, us_block, blocks, len }
    }

    /// Bytes of memory the index holds (its tables; the symmetry tables included).
    #[must_use]
    pub fn memory_bytes(&self) -> u64 {
        let blocks: usize = self
            .blocks
            .iter()
            .map(|b| std::mem::size_of::<Block>() + b.stabilizer.len() + b.canonical.memory_bytes())
            .sum();
        (blocks + self.us_block.len() * std::mem::size_of::<(u32, u8)>() + self.syms.tables.len() * 1024) as u64
    }

    /// The number of canonical positions (orbits) in the subspace.
    #[must_use]
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the subspace is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The number of positions before symmetry reduction.
    #[must_use]
    pub fn full_len(&self) -> u64 {
        BINOMIALS.get(self.n, self.us_count) * BINOMIALS.get(self.n - self.us_count, self.them_count)
    }

    /// The dense index of the position with these stone sets (disjoint, with the
    /// subspace's counts; anything else gives a meaningless index, never a panic
    /// beyond a bounds-checked lookup).
    #[inline]
    #[must_use]
    pub fn index(&self, us: u32, them: u32) -> u64 {
        let (block_id, s) = self.us_block[rank_bits(us) as usize];
        let block = &self.blocks[block_id as usize];
        let them = self.syms.apply(s as usize, them);
        let free = !block.us & self.all;
        let mut rank = rank_bits(compress(them, free));
        if block.stabilizer.is_empty() {
            return block.start + rank;
        }
        for &g in &block.stabilizer {
            rank = rank.min(rank_bits(compress(self.syms.apply(g as usize, them), free)));
        }
        block.start + block.canonical.offset(rank)
    }

    /// The part of [`Indexer::index`] that depends only on the "us" set, for computing
    /// many indices with the same "us" (a position's children all share theirs).
    #[inline]
    #[must_use]
    pub fn frame(&self, us: u32) -> UsFrame {
        let (block, sym) = self.us_block[rank_bits(us) as usize];
        // The representative is the image of `us` under `sym` (no read of the block).
        UsFrame { block, sym, free: !self.syms.apply(usize::from(sym), us) & self.all }
    }

    /// The dense index of the position whose "us" set `frame` was made from, with `them`
    /// (equal to `index(us, them)`).
    #[inline]
    #[must_use]
    pub fn index_in(&self, frame: &UsFrame, them: u32) -> u64 {
        let block = &self.blocks[frame.block as usize];
        let them = self.syms.apply(usize::from(frame.sym), them);
        let rank_in = |bits: u32| -> u64 {
            let mut rank = 0;
            for (i, p) in points_of(bits).enumerate() {
                rank += BINOMIALS.0[frame.slot(p as u32)][i + 1];
            }
            rank
        };
        let mut rank = rank_in(them);
        if block.stabilizer.is_empty() {
            return block.start + rank;
        }
        for &g in &block.stabilizer {
            rank = rank.min(rank_in(self.syms.apply(usize::from(g), them)));
        }
        block.start + block.canonical.offset(rank)
    }

    /// Calls `f(index_in(frame, base | 1 << p))` for every point `p` of `added` (none of
    /// them in `base`), in no particular order: the children of one position that differ
    /// by one placed stone. Computed together, in one walk over the points, where
    /// [`Indexer::index_in`] ranks the whole set again for each (the placing solver spent
    /// 38 % of its time there, `perf record` of a 5-stone game's cells). Blocks that a
    /// symmetry fixes take [`Indexer::index_in`] for each point.
    #[inline]
    pub fn index_each_added(&self, frame: &UsFrame, base: u32, added: u32, mut f: impl FnMut(u64)) {
        let block = &self.blocks[frame.block as usize];
        if !block.stabilizer.is_empty() {
            for p in points_of(added) {
                f(self.index_in(frame, base | 1 << p));
            }
            return;
        }
        let sym = usize::from(frame.sym);
        let (mapped, mapped_added) = (self.syms.apply(sym, base), self.syms.apply(sym, added));
        // The colex rank of `mapped` with one more point inserted at place j (j points of
        // `mapped` before it): the points before keep their terms C(slot, i + 1), the
        // inserted one adds C(slot, j + 1), the points after move up one place and add
        // C(slot, i + 2). The added points are met in order, the sums kept as we go.
        let mut above: u64 = 0;
        let mut rest = mapped;
        let mut i = 0;
        while rest != 0 {
            above += BINOMIALS.0[frame.slot(rest.trailing_zeros())][i + 2];
            rest &= rest - 1;
            i += 1;
        }
        let (mut below, mut j, mut rest) = (0u64, 0usize, mapped);
        let mut todo = mapped_added;
        while todo != 0 {
            let q = todo.trailing_zeros();
            todo &= todo - 1;
            while rest != 0 && rest.trailing_zeros() < q {
                let s = frame.slot(rest.trailing_zeros());
                below += BINOMIALS.0[s][j + 1];
                above -= BINOMIALS.0[s][j + 2];
                rest &= rest - 1;
                j += 1;
            }
            f(block.start + below + BINOMIALS.0[frame.slot(q)][j + 1] + above);
        }
    }

    /// Calls `f(index, us, them)` for every canonical position whose index lies in
    /// `range`, in index order: a walk through the blocks that ranks nothing, for passes
    /// over a whole table (the placing solver, verify).
    pub fn for_each_position(&self, range: std::ops::Range<u64>, mut f: impl FnMut(u64, u32, u32)) {
        let end = range.end.min(self.len);
        let mut index = range.start;
        if index >= end {
            return;
        }
        let slots = self.n - self.us_count;
        let mut b = self.blocks.partition_point(|blk| blk.start <= index) - 1;
        while index < end {
            let block = &self.blocks[b];
            let free = !block.us & self.all;
            if block.stabilizer.is_empty() {
                let total = BINOMIALS.get(slots, self.them_count);
                let mut rank = index - block.start;
                let mut c = unrank_bits(rank, self.them_count, slots);
                while rank < total && index < end {
                    f(index, block.us, expand(c, free));
                    index += 1;
                    rank += 1;
                    if c != 0 {
                        let low = c & c.wrapping_neg();
                        let ripple = c + low;
                        c = ripple | (((ripple ^ c) >> 2) / low);
                    }
                }
            } else {
                let total = block.canonical.len();
                let mut offset = index - block.start;
                while offset < total && index < end {
                    let rank = block.canonical.select(offset);
                    f(index, block.us, expand(unrank_bits(rank, self.them_count, slots), free));
                    index += 1;
                    offset += 1;
                }
            }
            b += 1;
        }
    }

    /// The canonical position with dense index `index` (< [`Indexer::len`]), as
    /// `(us, them)` stone sets.
    #[must_use]
    pub fn position(&self, index: u64) -> (u32, u32) {
        let b = self.blocks.partition_point(|blk| blk.start <= index) - 1;
        let block = &self.blocks[b];
        let offset = index - block.start;
        let rank = if block.stabilizer.is_empty() { offset } else { block.canonical.select(offset) };
        let bits = unrank_bits(rank, self.them_count, self.n - self.us_count);
        (block.us, expand(bits, !block.us & self.all))
    }

    /// The number of positions in the orbit of the canonical position with dense index
    /// `index` (fast for the common case: a representative fixed by no symmetry but the
    /// identity has full orbits).
    #[must_use]
    pub fn orbit_len_at(&self, index: u64) -> u64 {
        let b = self.blocks.partition_point(|blk| blk.start <= index) - 1;
        if self.blocks[b].stabilizer.is_empty() {
            return self.syms.len() as u64;
        }
        let (us, them) = self.position(index);
        self.orbit_len(us, them)
    }

    /// The number of positions in the orbit of the canonical position `(us, them)`.
    #[must_use]
    pub fn orbit_len(&self, us: u32, them: u32) -> u64 {
        let fixed = 1
            + (1..self.syms.len())
                .filter(|&s| self.syms.apply(s, us) == us && self.syms.apply(s, them) == them)
                .count();
        (self.syms.len() / fixed) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::STANDARD24;

    #[test]
    fn rank_and_unrank_agree() {
        for k in 0..=4 {
            for r in 0..BINOMIALS.get(10, k) {
                let bits = unrank_bits(r, k, 10);
                assert_eq!(bits.count_ones() as usize, k);
                assert_eq!(rank_bits(bits), r);
            }
        }
        assert_eq!(expand(compress(0b1010_0100, 0b1110_0110), 0b1110_0110), 0b1010_0100);
    }

    /// The plain definition: a them set is canonical when no stabilizer image has a
    /// smaller rank.
    fn canonical_them_sets_by_definition(syms: &SymmetryTables, stabilizer: &[u8], free: u32, them: usize) -> Vec<u32> {
        let slots = free.count_ones() as usize;
        (0..BINOMIALS.get(slots, them))
            .filter(|&t| {
                let set = expand(unrank_bits(t, them, slots), free);
                stabilizer.iter().all(|&s| rank_bits(compress(syms.apply(usize::from(s), set), free)) >= t)
            })
            .map(|t| t as u32)
            .collect()
    }

    #[test]
    fn canonical_them_sets_follow_the_definition() {
        let syms = SymmetryTables::new(&STANDARD24);
        let all = STANDARD24.all().0;
        let mut checked = 0;
        for us in [3, 4, 6, 8] {
            for rank in (0..BINOMIALS.get(24, us)).step_by(7) {
                let set = unrank_bits(rank, us, 24);
                let stabilizer: Vec<u8> =
                    (1..syms.len()).filter(|&s| syms.apply(s, set) == set).map(|s| s as u8).collect();
                if stabilizer.is_empty() {
                    continue;
                }
                for them in [3, 5] {
                    let offsets = canonical_them_sets(&syms, &stabilizer, !set & all, them);
                    let fast: Vec<u32> = (0..offsets.len()).map(|i| offsets.select(i) as u32).collect();
                    assert_eq!(fast, canonical_them_sets_by_definition(&syms, &stabilizer, !set & all, them));
                    assert!(fast.iter().enumerate().all(|(i, &t)| offsets.offset(u64::from(t)) == i as u64));
                    let members = (0..BINOMIALS.get(24 - us, them)).filter(|&t| offsets.contains(t)).count();
                    assert_eq!(members, fast.len());
                    checked += 1;
                }
            }
        }
        assert!(checked > 50, "{checked}");
    }

    #[test]
    fn fast_symmetry_tables_match_the_reference() {
        let syms = SymmetryTables::new(&STANDARD24);
        for (i, s) in STANDARD24.symmetries().iter().enumerate() {
            for set in [0x00_0007u32, 0x12_3456, 0xff_ffff, 0x80_0001] {
                assert_eq!(syms.apply(i, set), s.apply_set(PointSet(set)).0);
            }
        }
    }

    #[test]
    fn three_three_has_169626_orbits_and_index_round_trips() {
        let ix = Indexer::new(&STANDARD24, 3, 3);
        assert_eq!(ix.full_len(), 2_691_920);
        assert_eq!(ix.len(), 169_626);
        let mut total = 0;
        for i in 0..ix.len() {
            let (us, them) = ix.position(i);
            assert_eq!(ix.index(us, them), i);
            total += ix.orbit_len(us, them);
            assert_eq!(ix.index_in(&ix.frame(us), them), i);
            let s = (i % 16) as usize;
            let (u2, t2) = (ix.syms.apply(s, us), ix.syms.apply(s, them));
            assert_eq!(ix.index(u2, t2), i);
            assert_eq!(ix.index_in(&ix.frame(u2), t2), i);
        }
        assert_eq!(total, ix.full_len());
    }

    #[test]
    fn indices_with_one_more_stone_equal_the_plain_index() {
        // Every "us" set of a few subspaces (symmetric blocks included), under every
        // symmetry, with `base` one stone short of "them" and every free point added.
        let mut checked = 0;
        for (us, them) in [(3, 3), (4, 1), (5, 6), (2, 1), (0, 3)] {
            let ix = Indexer::new(&STANDARD24, us, them);
            for i in (0..ix.len()).step_by(97) {
                let (u, t) = ix.position(i);
                let s = (i % 16) as usize;
                let (u, t) = (ix.syms.apply(s, u), ix.syms.apply(s, t));
                let base = t & (t - 1);
                let added = ix.all & !(u | base);
                let frame = ix.frame(u);
                let mut expected: Vec<u64> = points_of(added).map(|p| ix.index(u, base | 1 << p)).collect();
                let mut got = Vec::new();
                ix.index_each_added(&frame, base, added, |index| got.push(index));
                expected.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, expected, "{us}-{them}: {u:#x} {base:#x}");
                checked += got.len();
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn the_walk_meets_every_position_in_index_order() {
        for (us, them) in [(0, 0), (0, 3), (3, 0), (2, 2), (3, 4), (5, 1)] {
            let ix = Indexer::new(&STANDARD24, us, them);
            let mut next = 3;
            ix.for_each_position(3..ix.len(), |i, u, t| {
                assert_eq!(i, next);
                assert_eq!((u, t), ix.position(i), "{us}-{them} at {i}");
                assert_eq!(ix.index(u, t), i);
                next += 1;
            });
            assert_eq!(next, ix.len().max(3), "{us}-{them}");
        }
    }
}
