//! Placing cells coded against a model of the position: the *modeled* layout, for the
//! cells the binary carries, where every megabyte counts (issue 46).
//!
//! A cell's values are not noise: whether the side to move can close a mill now, whether
//! the other side can, how many points would give either side two threats at once, and
//! which side has more room to slide later say much of what the value will be. The
//! modeled layout gives each position a *context* from these few features
//! ([`context`]), keeps for each context of the cell the frequency of draws, and of wins
//! among decided positions ([`Model`], stored in the header, fitted to the cell
//! itself), and codes each value with a binary range coder at those probabilities. In
//! the 6-6 cell of ply 12 (156 million positions, 58 % wins, 31 % draws, 11 % losses) the
//! values then take 0.75 bits a position (14.6 MB), against 1.16 in the compact layout
//! with the set's zstd dictionary (22.7 MB); docs/engine.md has the figures of every
//! carried ply.
//!
//! The price is the read: a block's values are decoded in order, each after its
//! position's features, so a probe decodes a whole block of [`MODELED_BLOCK_POSITIONS`]
//! (0.30 ms, where the compact layout takes 2–3 µs; docs/tablebase.md). The engine reads modeled cells where it values its root's moves
//! and through its cache of recent blocks, not in the middle of its search
//! ([`crate::tablebase::probe`]).
//!
//! Layout (the [`container`](super::container)'s, version
//! [`PLACING_MODELED_VERSION`](super::cell::PLACING_MODELED_VERSION) of the placing
//! cells): the cell's own header fields, then the model ([`Model::to_bytes`]: the count
//! of contexts present (u32), then each as the step from the one before (LEB128) and its
//! two 12-bit probabilities (u16 each)), the block count (u64) and `count + 1` offsets
//! into the data (u32). A block is its code alone (one
//! byte: every position has it), or the 16-bit checksum of its packed codes followed by
//! the range coder's bytes.

use std::sync::{Arc, OnceLock};

use rayon::prelude::*;

use super::container::Fields;
use super::error::TablebaseError;
use super::index::Indexer;
use super::packed::{Block, code_in, sum16};
use crate::topology::{MAX_POINTS, Topology};

/// Positions per block of the modeled layout.
pub const MODELED_BLOCK_POSITIONS: u64 = 2048;
/// Bits of a stored probability.
const PROB_BITS: u32 = 12;
/// A probability of one, in stored units.
const ONE: u32 = 1 << PROB_BITS;
/// The range coder keeps its range at least this large.
const TOP: u32 = 1 << 24;

/// Open twos and fork points are counted up to this (three or more alike).
const CAP: u32 = 3;
/// Mills are counted up to this.
const MILL_CAP: u32 = 2;
/// The difference of room to slide is clamped to ± this.
const ROOM: i32 = 6;
/// How many contexts there are: open twos, fork points, mills and blocked twos of both
/// sides, and the difference of room.
pub const CONTEXTS: usize = ((CAP + 1).pow(4) * (MILL_CAP + 1).pow(4)) as usize * (2 * ROOM as usize + 1);

/// The context of the position with `us` (the side to move's stones) and `them`: how many
/// lines each side can close into a mill with one more stone (open twos), how many empty
/// points would give each side two such lines at once (fork points), how many mills each
/// has, how many of each side's twos the other has blocked (a line of two and one of the
/// other's: a mill to open and close later, or one the other may not let it), and how many
/// more empty points next to its stones the side to move has than the other side.
#[must_use]
pub fn context(topology: &Topology, us: u32, them: u32) -> usize {
    let empty = topology.all().0 & !(us | them);
    let (mut twos, mut mills, mut blocked) = ([0u32; 2], [0u32; 2], [0u32; 2]);
    // Lines through each empty point where a side has one stone and the other none.
    let mut singles = [[0u8; MAX_POINTS]; 2];
    for line in topology.lines() {
        let l = line.0;
        for (side, (mine, theirs)) in [(us, them), (them, us)].into_iter().enumerate() {
            match ((mine & l).count_ones(), (theirs & l).count_ones()) {
                (3, _) => mills[side] += 1,
                (2, 0) => twos[side] += 1,
                (2, 1) => blocked[side] += 1,
                (1, 0) => {
                    let mut free = l & empty;
                    while free != 0 {
                        singles[side][free.trailing_zeros() as usize] += 1;
                        free &= free - 1;
                    }
                }
                _ => {}
            }
        }
    }
    let forks = singles.map(|s| s.iter().filter(|&&n| n >= 2).count() as u32);
    let room = |stones: u32| -> i32 {
        crate::topology::PointSet(stones).iter().map(|p| (topology.neighbours(p).0 & empty).count_ones() as i32).sum()
    };
    let diff = (room(us) - room(them)).clamp(-ROOM, ROOM) + ROOM;
    let mut key = 0u32;
    for n in [twos[0], twos[1], forks[0], forks[1]] {
        key = key * (CAP + 1) + n.min(CAP);
    }
    for n in [mills[0], mills[1], blocked[0], blocked[1]] {
        key = key * (MILL_CAP + 1) + n.min(MILL_CAP);
    }
    key as usize * (2 * ROOM as usize + 1) + diff as usize
}

/// The probabilities of each context: of a draw, and of a win when not a draw, in units of
/// 1/4096 (each at least 1 and at most 4095). Only the contexts a cell has are kept, in
/// order (a cell of ply 12 has tens of thousands of the 269,568).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    contexts: Vec<u32>,
    probs: Vec<[u16; 2]>,
}

/// A probability of `hits` in `n`, in stored units, kept off 0 and 1.
fn probability(hits: u64, n: u64) -> u16 {
    let p = ((2 * hits + 1) * u64::from(ONE)) / (2 * n + 2);
    p.clamp(1, u64::from(ONE) - 1) as u16
}

/// Even odds: a context the model does not have (none is met in a sound file).
const EVEN: [u16; 2] = [(ONE / 2) as u16; 2];

impl Model {
    /// The model of values counted by context (`counts[c]`: draws, wins, losses).
    #[must_use]
    pub fn fit(counts: &[[u64; 3]]) -> Model {
        let mut model = Model { contexts: Vec::new(), probs: Vec::new() };
        for (c, &[d, w, l]) in counts.iter().enumerate().take(CONTEXTS) {
            if d + w + l > 0 {
                model.contexts.push(c as u32);
                model.probs.push([probability(d, d + w + l), probability(w, w + l)]);
            }
        }
        model
    }

    /// The probabilities of context `c`.
    fn get(&self, c: usize) -> [u16; 2] {
        self.contexts.binary_search(&(c as u32)).map_or(EVEN, |k| self.probs[k])
    }

    /// The model's stored form: the count (u32), then each context as the step from the
    /// one before (LEB128) and its draw and win probabilities (u16).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = (self.contexts.len() as u32).to_le_bytes().to_vec();
        let mut last = 0u32;
        for (&c, p) in self.contexts.iter().zip(&self.probs) {
            let mut step = c - last;
            last = c;
            loop {
                let byte = (step & 0x7f) as u8;
                step >>= 7;
                if step == 0 {
                    out.push(byte);
                    break;
                }
                out.push(byte | 0x80);
            }
            out.extend_from_slice(&p[0].to_le_bytes());
            out.extend_from_slice(&p[1].to_le_bytes());
        }
        out
    }

    /// Reads a stored model; `None` when a context or a probability is out of range, or
    /// the contexts are not in increasing order.
    pub fn read(fields: &mut Fields) -> Option<Model> {
        let n = fields.u32()? as usize;
        if n > CONTEXTS || n > fields.remaining() {
            return None;
        }
        let mut model = Model { contexts: Vec::with_capacity(n), probs: Vec::with_capacity(n) };
        let mut last = 0u64;
        for k in 0..n {
            let mut step = 0u64;
            for shift in (0..35).step_by(7) {
                let byte = fields.u8()?;
                step |= u64::from(byte & 0x7f) << shift;
                if byte & 0x80 == 0 {
                    break;
                }
            }
            let c = last + step;
            let p = [fields.u16()?, fields.u16()?];
            if c >= CONTEXTS as u64 || (k > 0 && step == 0) || p.iter().any(|&x| x == 0 || u32::from(x) >= ONE) {
                return None;
            }
            last = c;
            model.contexts.push(c as u32);
            model.probs.push(p);
        }
        Some(model)
    }

    /// Contexts stored.
    #[must_use]
    pub fn len(&self) -> usize {
        self.contexts.len()
    }

    /// Whether no context is stored (a model of nothing).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.contexts.is_empty()
    }
}

/// A binary range coder's writing half (the carry-propagating form LZMA made known).
struct Encoder {
    low: u64,
    range: u32,
    /// The byte held back in case a carry reaches it, and how many 0xff follow it.
    cache: u8,
    pending: u64,
    out: Vec<u8>,
    /// Whether the first byte (always 0) is still to be dropped.
    first: bool,
}

impl Encoder {
    fn new() -> Encoder {
        Encoder { low: 0, range: u32::MAX, cache: 0, pending: 1, out: Vec::new(), first: true }
    }

    /// Codes `bit` where a 0 has probability `p0` / 4096.
    fn bit(&mut self, bit: bool, p0: u16) {
        let bound = (self.range >> PROB_BITS) * u32::from(p0);
        if bit {
            self.low += u64::from(bound);
            self.range -= bound;
        } else {
            self.range = bound;
        }
        while self.range < TOP {
            self.range <<= 8;
            self.shift();
        }
    }

    fn shift(&mut self) {
        if self.low < 0xff00_0000 || self.low >= 1 << 32 {
            let carry = (self.low >> 32) as u8;
            let mut byte = self.cache;
            while self.pending > 0 {
                if !std::mem::take(&mut self.first) {
                    self.out.push(byte.wrapping_add(carry));
                }
                byte = 0xff;
                self.pending -= 1;
            }
            self.cache = ((self.low >> 24) & 0xff) as u8;
        }
        self.pending += 1;
        self.low = (self.low & 0x00ff_ffff) << 8;
    }

    /// The coded bytes; the trailing zeros are left out (the decoder reads zeros past the
    /// end).
    fn finish(mut self) -> Vec<u8> {
        for _ in 0..5 {
            self.shift();
        }
        while self.out.last() == Some(&0) {
            self.out.pop();
        }
        self.out
    }
}

/// The range coder's reading half.
struct Decoder<'a> {
    code: u32,
    range: u32,
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Decoder<'a> {
    fn new(bytes: &'a [u8]) -> Decoder<'a> {
        let mut d = Decoder { code: 0, range: u32::MAX, bytes, at: 0 };
        for _ in 0..4 {
            d.code = (d.code << 8) | u32::from(d.next());
        }
        d
    }

    fn next(&mut self) -> u8 {
        let b = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }

    /// The next bit, where a 0 has probability `p0` / 4096.
    fn bit(&mut self, p0: u16) -> bool {
        let bound = (self.range >> PROB_BITS) * u32::from(p0);
        let bit = self.code >= bound;
        if bit {
            self.code -= bound;
            self.range -= bound;
        } else {
            self.range = bound;
        }
        while self.range < TOP {
            self.range <<= 8;
            self.code = (self.code << 8) | u32::from(self.next());
        }
        bit
    }
}

/// Codes one value: a draw or not, then a win or a loss.
fn put(e: &mut Encoder, model: &Model, ctx: usize, code: u8) {
    let [draw, win] = model.get(ctx);
    let decided = code != super::cell::CODE_DRAW;
    e.bit(decided, draw);
    if decided {
        e.bit(code == super::cell::CODE_LOSS, win);
    }
}

/// Reads one value as [`put`] codes it.
fn get(d: &mut Decoder, model: &Model, ctx: usize) -> u8 {
    let [draw, win] = model.get(ctx);
    if !d.bit(draw) {
        super::cell::CODE_DRAW
    } else if d.bit(win) {
        super::cell::CODE_LOSS
    } else {
        super::cell::CODE_WIN
    }
}

/// The positions of block `b` of a table of `positions`.
fn block_range(b: u64, positions: u64) -> std::ops::Range<u64> {
    b * MODELED_BLOCK_POSITIONS..((b + 1) * MODELED_BLOCK_POSITIONS).min(positions)
}

/// A cell's values coded: the model fitted to them and the stored blocks.
pub struct Coded {
    /// The model.
    pub model: Model,
    /// Each block as stored.
    pub blocks: Vec<Vec<u8>>,
}

/// Codes the `packed` values of the positions `indexer` ranks, on `topology`: fits the
/// model, then codes each block (both on every core).
#[must_use]
pub fn code_values(topology: &Topology, indexer: &Indexer, packed: &[u8]) -> Coded {
    let positions = indexer.len();
    let blocks = positions.div_ceil(MODELED_BLOCK_POSITIONS);
    let counts = (0..blocks)
        .into_par_iter()
        .fold(
            || vec![[0u64; 3]; CONTEXTS],
            |mut counts, b| {
                indexer.for_each_position(block_range(b, positions), |i, us, them| {
                    counts[context(topology, us, them)][usize::from(code_in(packed, i).min(2))] += 1;
                });
                counts
            },
        )
        .reduce(
            || vec![[0u64; 3]; CONTEXTS],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(b) {
                    for k in 0..3 {
                        x[k] += y[k];
                    }
                }
                a
            },
        );
    let model = Model::fit(&counts);
    let blocks = (0..blocks)
        .into_par_iter()
        .map(|b| {
            let range = block_range(b, positions);
            let first = code_in(packed, range.start);
            if range.clone().all(|i| code_in(packed, i) == first) {
                return vec![first];
            }
            let mut e = Encoder::new();
            let mut codes = Vec::with_capacity(MODELED_BLOCK_POSITIONS as usize);
            indexer.for_each_position(range, |i, us, them| {
                let code = code_in(packed, i);
                put(&mut e, &model, context(topology, us, them), code);
                codes.push(code);
            });
            let mut out = sum16(&super::packed::pack(&codes)).to_le_bytes().to_vec();
            out.extend(e.finish());
            out
        })
        .collect();
    Coded { model, blocks }
}

/// An open modeled cell's values: its model, its block offsets and the index of its
/// positions (made on first read).
pub struct ModeledCodes {
    path: std::path::PathBuf,
    bytes: super::packed::Region,
    data_start: usize,
    positions: u64,
    model: Model,
    offsets: Vec<u32>,
    topology: &'static Topology,
    /// The cell's stone counts, for its index.
    stones: (u8, u8),
    indexer: OnceLock<Arc<Indexer>>,
}

impl ModeledCodes {
    /// Reads the model and the offsets from the header's remaining `fields`, for a cell of
    /// `positions` positions with `stones` (side to move's, other's) on `topology`, its data
    /// at `data_start` of `bytes` (named `path`).
    ///
    /// # Errors
    /// `CorruptedTable` when the model, the block count or the offsets do not hold.
    pub(crate) fn read(
        path: &std::path::Path,
        bytes: super::packed::Region,
        data_start: u64,
        fields: &mut Fields,
        positions: u64,
        stones: (u8, u8),
        topology: &'static Topology,
    ) -> Result<ModeledCodes, TablebaseError> {
        let corrupt = |reason: &str| TablebaseError::CorruptedTable { path: path.to_path_buf(), reason: reason.into() };
        let model = Model::read(fields).ok_or_else(|| corrupt("model"))?;
        let blocks = fields.u64().ok_or_else(|| corrupt("header fields"))?;
        if blocks != positions.div_ceil(MODELED_BLOCK_POSITIONS) {
            return Err(corrupt("block count"));
        }
        if blocks.checked_add(1).and_then(|n| n.checked_mul(4)) != Some(fields.remaining() as u64) {
            return Err(corrupt("block count"));
        }
        let offsets: Vec<u32> =
            (0..=blocks).map(|_| fields.u32()).collect::<Option<_>>().ok_or_else(|| corrupt("header fields"))?;
        if offsets.windows(2).any(|w| w[1] <= w[0]) || offsets.first() != Some(&0) {
            return Err(corrupt("block offsets"));
        }
        let end = data_start + u64::from(offsets.last().copied().unwrap_or(0));
        if end != bytes.len() as u64 {
            return Err(corrupt("data length"));
        }
        Ok(ModeledCodes {
            path: path.to_path_buf(),
            bytes,
            data_start: data_start as usize,
            positions,
            model,
            offsets,
            topology,
            stones,
            indexer: OnceLock::new(),
        })
    }

    /// The model's contexts.
    #[must_use]
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// Blocks in the file.
    #[must_use]
    pub fn blocks(&self) -> u64 {
        self.offsets.len() as u64 - 1
    }

    /// Bytes the blocks take.
    #[must_use]
    pub fn data_bytes(&self) -> u64 {
        u64::from(self.offsets.last().copied().unwrap_or(0))
    }

    fn indexer(&self) -> &Indexer {
        self.indexer.get_or_init(|| {
            Arc::new(Indexer::new(self.topology, usize::from(self.stones.0), usize::from(self.stones.1)))
        })
    }

    /// Takes `indexer` as the index of its positions if it has none yet and the count
    /// agrees (see [`PlacingFile::lend_indexer`](super::cell::PlacingFile::lend_indexer)).
    pub fn lend_indexer(&self, indexer: &Arc<Indexer>) {
        if self.indexer.get().is_none() && indexer.len() == self.positions {
            let _ = self.indexer.set(Arc::clone(indexer));
        }
    }

    fn bad(&self, b: u64, reason: &str) -> TablebaseError {
        super::packed::bad_block(&self.path, b, reason)
    }

    /// Decodes block `b`, its checksum checked.
    ///
    /// # Errors
    /// [`TablebaseError::CorruptedBlock`] when there is no such block, or it fails its
    /// checksum or its tag.
    pub fn block(&self, b: u64) -> Result<Block, TablebaseError> {
        let (Some(&start), Some(&end)) = (self.offsets.get(b as usize), self.offsets.get(b as usize + 1)) else {
            return Err(self.bad(b, "no such block"));
        };
        let raw = &self.bytes[self.data_start + start as usize..self.data_start + end as usize];
        if raw.len() == 1 {
            return if raw[0] <= 3 { Ok(Block::Constant(raw[0])) } else { Err(self.bad(b, "tag")) };
        }
        let check = u16::from_le_bytes([raw[0], raw[1]]);
        let mut d = Decoder::new(&raw[2..]);
        let mut codes = Vec::with_capacity(MODELED_BLOCK_POSITIONS as usize);
        self.indexer().for_each_position(block_range(b, self.positions), |_, us, them| {
            codes.push(get(&mut d, &self.model, context(self.topology, us, them)));
        });
        let packed = super::packed::pack(&codes);
        if sum16(&packed) != check {
            return Err(self.bad(b, "checksum"));
        }
        Ok(Block::Packed(packed))
    }

    /// Positions per block.
    #[must_use]
    pub const fn block_positions(&self) -> u64 {
        MODELED_BLOCK_POSITIONS
    }

    /// Every code, packed, in index order.
    ///
    /// # Errors
    /// As [`ModeledCodes::block`].
    pub fn read_all(&self) -> Result<Vec<u8>, TablebaseError> {
        let blocks: Vec<Block> = (0..self.blocks()).into_par_iter().map(|b| self.block(b)).collect::<Result<_, _>>()?;
        let mut out = Vec::with_capacity(self.positions.div_ceil(4) as usize);
        for (b, block) in blocks.iter().enumerate() {
            let n = block_range(b as u64, self.positions).count();
            match block {
                Block::Constant(c) => out.extend(std::iter::repeat_n(c * 0b0101_0101, n.div_ceil(4))),
                Block::Packed(bytes) => out.extend_from_slice(bytes),
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_range_coder_reads_back_what_it_wrote() {
        // Bits at skewed and even odds, with probabilities at both ends of their range.
        let mut rng = 0x1234_5678_u64;
        let mut next = || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let bits: Vec<(bool, u16)> = (0..20_000)
            .map(|k| {
                let p = [1, 4095, 2048, 300, 3900][k % 5];
                (next() % 4096 >= u64::from(p), p)
            })
            .collect();
        let mut e = Encoder::new();
        for &(b, p) in &bits {
            e.bit(b, p);
        }
        let bytes = e.finish();
        let mut d = Decoder::new(&bytes);
        for (k, &(b, p)) in bits.iter().enumerate() {
            assert_eq!(d.bit(p), b, "bit {k}");
        }
        // A certain outcome costs almost nothing.
        let mut e = Encoder::new();
        for _ in 0..10_000 {
            e.bit(false, 4095);
        }
        assert!(e.finish().len() < 10, "10,000 near-certain bits");
    }

    #[test]
    fn a_model_reads_back_and_refuses_garbage() {
        let mut counts = vec![[0u64; 3]; CONTEXTS];
        counts[5] = [10, 0, 0];
        counts[700] = [1, 5, 9];
        let model = Model::fit(&counts);
        assert_eq!(model.len(), 2);
        let bytes = model.to_bytes();
        assert_eq!(Model::read(&mut Fields::new(&bytes)), Some(model));
        // Count 2; context 5 (one byte), its two probabilities; context 700 (two bytes).
        assert_eq!(bytes.len(), 4 + 5 + 6);
        let mut bad = bytes.clone();
        bad[5] = 0; // a probability of zero
        bad[6] = 0;
        assert_eq!(Model::read(&mut Fields::new(&bad)), None);
        assert_eq!(Model::read(&mut Fields::new(&bytes[..8])), None);
        let mut huge = bytes.clone();
        huge[..4].copy_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(Model::read(&mut Fields::new(&huge)), None);
    }
}
