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
use std::sync::{Arc, Mutex, OnceLock};

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

/// C(n, k), for n up to the largest board's points (0 when k > n).
#[must_use]
pub fn binomial(n: usize, k: usize) -> u64 {
    BINOMIALS.get(n, k)
}

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
    /// For each symmetry, the one that undoes it.
    inverse: Vec<u8>,
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
        let mut out = SymmetryTables { chunks, tables, count: syms.len(), inverse: Vec::new() };
        // A symmetry's inverse sends its image of every point back: tried on each point.
        let all = topology.all().0;
        out.inverse = (0..out.count)
            .map(|s| {
                let undoes = |t: usize| points_of(all).all(|p| out.apply(t, out.apply(s, 1 << p)) == 1 << p);
                (0..out.count).find(|&t| undoes(t)).unwrap_or(0) as u8
            })
            .collect();
        out
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

/// The next set of the same size in colex order (Gosper's hack: for sets of one size,
/// numeric order is colex order). The empty set has no next.
#[inline]
fn next_combination(c: u32) -> u32 {
    if c == 0 {
        return 0;
    }
    let low = c & c.wrapping_neg();
    // Wraps only past the last set of its size, whose successor no caller reads.
    let ripple = c.wrapping_add(low);
    // `low` is a power of two: a shift, not the division the usual form writes.
    ripple | (((ripple ^ c) >> 2) >> low.trailing_zeros())
}

/// The "them" sets of a symmetric "us" set that are canonical: the smallest of their
/// orbit under the us set's stabilizer, by colex rank among the free points.
///
/// The sets are walked in rank order as bit sets over the free points, and each image is
/// compared as a number, so no rank is computed. Each stabilizer element's action on the
/// free points is tabulated per byte of the set, so an image is three lookups, where
/// moving one stone at a time took one per stone (with the shared "us" orbits, every
/// index of the standard set with all its sets made took 2.0 s of CPU instead of 5.9 s;
/// the sets are now made on a block's first use, [`Indexer::canonical`]).
fn canonical_them_sets(syms: &SymmetryTables, stabilizer: &[u8], free: u32, them: usize) -> RankSet {
    let slots = free.count_ones() as usize;
    let count = BINOMIALS.get(slots, them);
    let points: Vec<usize> = points_of(free).collect();
    let chunks = slots.div_ceil(8).max(1);
    // images[k * chunks + chunk][byte]: the image, as free slots, of the slots `byte <<
    // 8 * chunk` under stabilizer element k.
    let mut images: Vec<[u32; 256]> = Vec::with_capacity(stabilizer.len() * chunks);
    for &g in stabilizer {
        let slot_of: Vec<u32> =
            points.iter().map(|&p| (free & (syms.apply(usize::from(g), 1 << p) - 1)).count_ones()).collect();
        for chunk in 0..chunks {
            let mut table = [0u32; 256];
            for (byte, image) in table.iter_mut().enumerate() {
                for i in points_of(byte as u32) {
                    if let Some(&slot) = slot_of.get(8 * chunk + i) {
                        *image |= 1 << slot;
                    }
                }
            }
            images.push(table);
        }
    }
    let mut words = vec![0u64; count.div_ceil(64) as usize];
    let mut c: u32 = (1u32 << them) - 1;
    for t in 0..count {
        let smallest = images.chunks_exact(chunks).all(|tables| {
            let image = tables
                .iter()
                .enumerate()
                .fold(0u32, |image, (chunk, table)| image | table[((c >> (8 * chunk)) & 0xff) as usize]);
            image >= c
        });
        if smallest {
            words[(t / 64) as usize] |= 1 << (t % 64);
        }
        c = next_combination(c);
    }
    let mut before = Vec::with_capacity(words.len());
    let mut seen = 0u32;
    for w in &words {
        before.push(seen);
        seen += w.count_ones();
    }
    RankSet { words, before }
}

/// The number of orbits of the `them`-point subsets of `free` under the group made of the
/// identity and `stabilizer` (the size of a symmetric block), by Burnside's lemma: the
/// mean over the group of the subsets each element fixes. An element fixes the subsets
/// that are unions of its cycles on the free points, counted as the coefficient of
/// x^them in the product of (1 + x^len) over its cycles.
fn orbits_of_them_sets(syms: &SymmetryTables, stabilizer: &[u8], free: u32, them: usize) -> u64 {
    let slots = free.count_ones() as usize;
    let fixed_by = |g: u8| -> u64 {
        let mut ways = vec![0u64; them + 1];
        ways[0] = 1;
        let mut left = free;
        while left != 0 {
            // Follow the cycle through the lowest point not yet met.
            let start = 1u32 << left.trailing_zeros();
            let (mut p, mut len) = (start, 0);
            loop {
                left &= !p;
                len += 1;
                p = syms.apply(usize::from(g), p);
                if p == start {
                    break;
                }
            }
            for k in (len..=them).rev() {
                ways[k] += ways[k - len];
            }
        }
        ways[them]
    };
    let total = BINOMIALS.get(slots, them) + stabilizer.iter().map(|&g| fixed_by(g)).sum::<u64>();
    total / (stabilizer.len() as u64 + 1)
}

/// No stabilizer: the representative is fixed by the identity alone.
const NOT_FIXED: u32 = u32::MAX;

/// The orbits of the "us" sets of one size on one board, which every subspace with that
/// many "us" stones shares (the standard board's ten sizes hold 21 MB; each index held a
/// copy of its own before, 0.2 GB for the whole set).
struct UsOrbits {
    syms: SymmetryTables,
    /// For each "us" rank: its orbit's number and a symmetry taking it to the representative.
    us_block: Vec<(u32, u8)>,
    /// Each orbit's representative, the smallest-ranked set of the orbit.
    reps: Vec<u32>,
    /// For each orbit: its place in `stabilizers`, or [`NOT_FIXED`].
    fixed: Vec<u32>,
    /// The symmetries other than the identity that fix a representative, for the
    /// representatives that have some.
    stabilizers: Vec<Vec<u8>>,
}

impl UsOrbits {
    fn new(topology: &Topology, us: usize) -> UsOrbits {
        let n = topology.len();
        let syms = SymmetryTables::new(topology);
        let us_sets = BINOMIALS.get(n, us) as usize;
        let mut us_block = vec![(u32::MAX, 0u8); us_sets];
        let (mut reps, mut fixed, mut stabilizers) = (Vec::new(), Vec::new(), Vec::new());
        // Ranks ascend, so the first member met of each orbit is its smallest: the representative.
        let mut set: u32 = (1u32 << us) - 1;
        for rank in 0..us_sets {
            if us_block[rank].0 == u32::MAX {
                let id = reps.len() as u32;
                let mut stabilizer = Vec::new();
                for s in 0..syms.len() {
                    let image = syms.apply(s, set);
                    if image == set && s != 0 {
                        stabilizer.push(s as u8);
                    }
                    let r = rank_bits(image) as usize;
                    if us_block[r].0 == u32::MAX {
                        // Symmetry `s` sends `set` to `image`; the image goes back by s's inverse.
                        us_block[r] = (id, syms.inverse[s]);
                    }
                }
                reps.push(set);
                if stabilizer.is_empty() {
                    fixed.push(NOT_FIXED);
                } else {
                    fixed.push(stabilizers.len() as u32);
                    stabilizers.push(stabilizer);
                }
            }
            set = next_combination(set);
        }
        UsOrbits { syms, us_block, reps, fixed, stabilizers }
    }

    /// The orbits for `us` stones on `topology`, made once per process and shared.
    fn shared(topology: &Topology, us: usize) -> Arc<UsOrbits> {
        type Slot = Arc<OnceLock<Arc<UsOrbits>>>;
        static MADE: Mutex<Vec<(&'static str, usize, Slot)>> = Mutex::new(Vec::new());
        let slot = {
            let mut made = MADE.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some((_, _, slot)) = made.iter().find(|(name, u, _)| *name == topology.name() && *u == us) {
                Arc::clone(slot)
            } else {
                let slot = Slot::default();
                made.push((topology.name(), us, Arc::clone(&slot)));
                slot
            }
        };
        // Built outside the list's lock: other sizes go on being built meanwhile.
        Arc::clone(slot.get_or_init(|| Arc::new(UsOrbits::new(topology, us))))
    }
}

/// One representative "us" set's block of dense indices.
#[derive(Clone, Copy)]
struct UsBlock {
    start: u64,
    /// The representative's place in the orbits' stabilizers (and in the index's
    /// canonical sets), or [`NOT_FIXED`]: the orbits' `fixed`, copied beside `start` so
    /// that an index reads one entry.
    fixed: u32,
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
    orbits: Arc<UsOrbits>,
    blocks: Vec<UsBlock>,
    /// For each representative a symmetry fixes (in the order of the orbits'
    /// stabilizers): which "them" ranks are canonical, and so each canonical rank's
    /// dense offset in its block. Made on the block's first use: a block's size is
    /// counted without them (see [`orbits_of_them_sets`]), and the sets of the whole
    /// standard set took 1.9 s of CPU, where a search touches few blocks.
    canonical: Vec<OnceLock<RankSet>>,
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
        let orbits = UsOrbits::shared(topology, us);
        let them_sets = BINOMIALS.get(n - us, them);
        let all = topology.all().0;
        let sizes: Vec<u64> = (orbits.reps.iter().zip(&orbits.fixed))
            .filter(|&(_, &f)| f != NOT_FIXED)
            .map(|(&rep, &f)| orbits_of_them_sets(&orbits.syms, &orbits.stabilizers[f as usize], !rep & all, them))
            .collect();
        let canonical = (0..sizes.len()).map(|_| OnceLock::new()).collect();
        let mut len = 0u64;
        let blocks = orbits
            .fixed
            .iter()
            .map(|&fixed| {
                let start = len;
                len += if fixed == NOT_FIXED { them_sets } else { sizes[fixed as usize] };
                UsBlock { start, fixed }
            })
            .collect();
        Indexer { us_count: us, them_count: them, n, all, orbits, blocks, canonical, len }
    }

    /// The symmetry tables.
    #[inline]
    fn syms(&self) -> &SymmetryTables {
        &self.orbits.syms
    }

    /// The canonical "them" ranks of block `block`, whose representative a symmetry fixes.
    #[inline]
    fn canonical(&self, block: usize) -> &RankSet {
        let f = self.blocks[block].fixed as usize;
        self.canonical[f].get_or_init(|| {
            let free = !self.orbits.reps[block] & self.all;
            canonical_them_sets(self.syms(), &self.orbits.stabilizers[f], free, self.them_count)
        })
    }

    /// Bytes of memory the index holds of its own (the shared "us" orbits not counted).
    #[must_use]
    pub fn memory_bytes(&self) -> u64 {
        let canonical: usize = self.canonical.iter().filter_map(OnceLock::get).map(RankSet::memory_bytes).sum();
        (self.blocks.len() * std::mem::size_of::<UsBlock>()
            + self.canonical.len() * std::mem::size_of::<OnceLock<RankSet>>()
            + canonical) as u64
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
        let (block_id, s) = self.orbits.us_block[rank_bits(us) as usize];
        let block = self.blocks[block_id as usize];
        let syms = self.syms();
        let them = syms.apply(usize::from(s), them);
        let free = !syms.apply(usize::from(s), us) & self.all;
        let mut rank = rank_bits(compress(them, free));
        if block.fixed == NOT_FIXED {
            return block.start + rank;
        }
        for &g in &self.orbits.stabilizers[block.fixed as usize] {
            rank = rank.min(rank_bits(compress(syms.apply(usize::from(g), them), free)));
        }
        block.start + self.canonical(block_id as usize).offset(rank)
    }

    /// Asks the processor for the entry [`Indexer::index`] reads first for the "us" set
    /// `us` (its block and symmetry), without waiting: the moving solver names all of a
    /// position's parents' sets before indexing them, so that the misses overlap.
    #[inline]
    pub fn prefetch(&self, us: u32) {
        if let Some(entry) = self.orbits.us_block.get(rank_bits(us) as usize) {
            crate::memory::prefetch(entry);
        }
    }

    /// The part of [`Indexer::index`] that depends only on the "us" set, for computing
    /// many indices with the same "us" (a position's children all share theirs).
    #[inline]
    #[must_use]
    pub fn frame(&self, us: u32) -> UsFrame {
        let (block, sym) = self.orbits.us_block[rank_bits(us) as usize];
        // The representative is the image of `us` under `sym` (no read of the block).
        UsFrame { block, sym, free: !self.syms().apply(usize::from(sym), us) & self.all }
    }

    /// The dense index of the position whose "us" set `frame` was made from, with `them`
    /// (equal to `index(us, them)`).
    #[inline]
    #[must_use]
    pub fn index_in(&self, frame: &UsFrame, them: u32) -> u64 {
        let block = self.blocks[frame.block as usize];
        let them = self.syms().apply(usize::from(frame.sym), them);
        let rank_in = |bits: u32| -> u64 {
            let mut rank = 0;
            for (i, p) in points_of(bits).enumerate() {
                rank += BINOMIALS.0[frame.slot(p as u32)][i + 1];
            }
            rank
        };
        let mut rank = rank_in(them);
        if block.fixed == NOT_FIXED {
            return block.start + rank;
        }
        for &g in &self.orbits.stabilizers[block.fixed as usize] {
            rank = rank.min(rank_in(self.syms().apply(usize::from(g), them)));
        }
        block.start + self.canonical(frame.block as usize).offset(rank)
    }

    /// Calls `f(index_in(frame, base | 1 << p))` for every point `p` of `added` (none of
    /// them in `base`), in no particular order: the children of one position that differ
    /// by one placed stone. Computed together, in one walk over the points, where
    /// [`Indexer::index_in`] ranks the whole set again for each (the placing solver spent
    /// 38 % of its time there, `perf record` of a 5-stone game's cells). Blocks that a
    /// symmetry fixes take [`Indexer::index_in`] for each point.
    #[inline]
    pub fn index_each_added(&self, frame: &UsFrame, base: u32, added: u32, mut f: impl FnMut(u64)) {
        let block = self.blocks[frame.block as usize];
        if block.fixed != NOT_FIXED {
            for p in points_of(added) {
                f(self.index_in(frame, base | 1 << p));
            }
            return;
        }
        let sym = usize::from(frame.sym);
        let (mapped, mapped_added) = (self.syms().apply(sym, base), self.syms().apply(sym, added));
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
            let block = self.blocks[b];
            let us = self.orbits.reps[b];
            let free = !us & self.all;
            if block.fixed == NOT_FIXED {
                let total = BINOMIALS.get(slots, self.them_count);
                let mut rank = index - block.start;
                let mut c = unrank_bits(rank, self.them_count, slots);
                while rank < total && index < end {
                    f(index, us, expand(c, free));
                    index += 1;
                    rank += 1;
                    c = next_combination(c);
                }
            } else {
                let canonical = self.canonical(b);
                let total = canonical.len();
                let mut offset = index - block.start;
                while offset < total && index < end {
                    let rank = canonical.select(offset);
                    f(index, us, expand(unrank_bits(rank, self.them_count, slots), free));
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
        let block = self.blocks[b];
        let offset = index - block.start;
        let rank = if block.fixed == NOT_FIXED { offset } else { self.canonical(b).select(offset) };
        let bits = unrank_bits(rank, self.them_count, self.n - self.us_count);
        let us = self.orbits.reps[b];
        (us, expand(bits, !us & self.all))
    }

    /// The number of positions in the orbit of the canonical position with dense index
    /// `index` (fast for the common case: a representative fixed by no symmetry but the
    /// identity has full orbits).
    #[must_use]
    pub fn orbit_len_at(&self, index: u64) -> u64 {
        let b = self.blocks.partition_point(|blk| blk.start <= index) - 1;
        if self.blocks[b].fixed == NOT_FIXED {
            return self.syms().len() as u64;
        }
        let (us, them) = self.position(index);
        self.orbit_len(us, them)
    }

    /// The number of positions in the orbit of the canonical position `(us, them)`.
    #[must_use]
    pub fn orbit_len(&self, us: u32, them: u32) -> u64 {
        let syms = self.syms();
        let fixed = 1 + (1..syms.len()).filter(|&s| syms.apply(s, us) == us && syms.apply(s, them) == them).count();
        (syms.len() / fixed) as u64
    }
}

/// The number of canonical positions of every subspace from 3-3 to 9-9.
pub const ALL_POSITIONS: u64 = 8_904_593_601;

/// Canonical positions of `subspace` (after symmetry), without building its index: the
/// orbit count by Burnside's lemma over the board's symmetries.
#[must_use]
pub fn canonical_positions(subspace: super::sector::Subspace) -> u64 {
    let topology = crate::rules::STANDARD.topology;
    let syms = topology.symmetries();
    let (a, b) = (usize::from(subspace.us), usize::from(subspace.them));
    let mut fixed_total = 0u64;
    for s in syms {
        // Positions fixed by s: unions of whole cycles, a cycles for us, b for them.
        let mut seen = 0u32;
        let mut cycles = Vec::new();
        for p in topology.points() {
            if seen & p.set().0 != 0 {
                continue;
            }
            let mut len = 0;
            let mut q = p;
            while seen & q.set().0 == 0 {
                seen |= q.set().0;
                q = s.apply(q);
                len += 1;
            }
            cycles.push(len);
        }
        // Count ways to colour cycles us/them/empty with a stones of us and b of them.
        let mut ways = vec![vec![0u64; b + 1]; a + 1];
        ways[0][0] = 1;
        for &len in &cycles {
            for x in (0..=a).rev() {
                for y in (0..=b).rev() {
                    let mut add = 0;
                    if x >= len {
                        add += ways[x - len][y];
                    }
                    if y >= len {
                        add += ways[x][y - len];
                    }
                    ways[x][y] += add;
                }
            }
        }
        fixed_total += ways[a][b];
    }
    fixed_total / syms.len() as u64
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
                    assert_eq!(orbits_of_them_sets(&syms, &stabilizer, !set & all, them), offsets.len());
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
            let (u2, t2) = (ix.syms().apply(s, us), ix.syms().apply(s, them));
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
                let (u, t) = (ix.syms().apply(s, u), ix.syms().apply(s, t));
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
