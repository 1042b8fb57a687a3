//! Files of 2-bit codes in small blocks: the placing cells and the moving tables' fast
//! classes share this form.
//!
//! Codes are packed four to a byte (position `i` in bits `2(i mod 4)` of byte `i / 4`)
//! and cut into blocks of [`BLOCK_POSITIONS`]. A block whose positions all share one
//! code is stored as that code alone; any other as its packed bytes or their zstd frame,
//! whichever is shorter, with a checksum of the packed bytes. A probe reads and unpacks
//! one block of at most 1 KiB.
//!
//! The file is a [`container`]: its header holds the kind's own fields, then the block
//! count (u64) and `count + 1` offsets into the data (u64); the blocks are tag 0 + code;
//! tag 1 + checksum (u32) + packed bytes; tag 2 + checksum + zstd frame.
//!
//! The block checksum of version 1 files runs over bytes; later versions fold 8 bytes at
//! a time, which costs a tenth as much on a probe's path.
//!
//! The *compact* layout (placing cells from version 3, [`Layout::Compact`]) halves the
//! blocks to [`COMPACT_BLOCK_POSITIONS`] (512 packed bytes) so a probe unpacks half as
//! much, and compresses them with the set's [`Dictionary`] so they are no longer on disk.
//! Its header holds, after the kind's fields, the dictionary's id (0: none), the block
//! count, then one u32 base per group of [`GROUP`] blocks and one u16 end per block
//! within its group (2.1 bytes a block instead of 8). A block is its code alone (one
//! byte), or a 16-bit checksum of its packed bytes followed by those bytes, or by their
//! zstd frame without its 4 magic bytes (whichever is shorter; the length tells which).

use std::fs::File;
use std::path::{Path, PathBuf};

use std::sync::Arc;

use memmap2::Mmap;
use rayon::prelude::*;

use super::container::{self, Backing, FNV_OFFSET, Fields, fnv1a, fnv1a_words, unpack_block};
use super::dictionary::Dictionary;
use super::error::TablebaseError;

/// Positions per stored block (1 KiB packed).
pub const BLOCK_POSITIONS: u64 = 4096;
/// Bytes of a packed block.
pub const BLOCK_BYTES: usize = (BLOCK_POSITIONS / 4) as usize;
/// zstd level for blocks (a build's cost is the solve, not this).
const COMPRESSION_LEVEL: i32 = 12;
/// Positions per block of the compact layout (512 bytes packed).
pub const COMPACT_BLOCK_POSITIONS: u64 = 2048;
/// Bytes of a packed compact block.
pub const COMPACT_BLOCK_BYTES: usize = (COMPACT_BLOCK_POSITIONS / 4) as usize;
/// Blocks per group of the compact offset table: a group's blocks fit a u16 of bytes.
pub const GROUP: usize = 32;
/// zstd level of compact blocks (with a dictionary, level 19 is what the figures in
/// docs/tablebase.md were taken at; packing a whole set takes minutes, not hours).
const COMPACT_LEVEL: i32 = 19;
/// The zstd frame magic, left out of stored compact frames.
const ZSTD_MAGIC: [u8; 4] = [0x28, 0xb5, 0x2f, 0xfd];

/// Tag of a stored block: all positions one code (the code follows), packed bytes, zstd.
const TAG_CONSTANT: u8 = 0;
const TAG_RAW: u8 = 1;
const TAG_ZSTD: u8 = 2;

/// The code of position `i` in packed bytes.
#[inline]
#[must_use]
pub fn code_in(packed: &[u8], i: u64) -> u8 {
    (packed[(i >> 2) as usize] >> ((i & 3) * 2)) & 3
}

/// Packs one code per position, four to a byte.
#[must_use]
pub fn pack(codes: &[u8]) -> Vec<u8> {
    codes.par_chunks(4).map(|q| q.iter().enumerate().fold(0u8, |b, (j, &c)| b | ((c & 3) << (2 * j)))).collect()
}

/// How a file's blocks are checksummed: by its format version.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BlockSum {
    /// FNV-1a over bytes (version 1 placing files).
    Bytes,
    /// FNV-1a's step over 8-byte words.
    Words,
}

impl BlockSum {
    /// The checksum of a block's packed bytes.
    #[must_use]
    pub fn of(self, bytes: &[u8]) -> u32 {
        match self {
            BlockSum::Bytes => (fnv1a(bytes, FNV_OFFSET) >> 16) as u32,
            BlockSum::Words => {
                let h = fnv1a_words(bytes, FNV_OFFSET);
                (h ^ (h >> 32)) as u32
            }
        }
    }
}

/// One block, ready to store.
fn encode_block(bytes: &[u8], positions: u64, sum: BlockSum, zstd: bool) -> Vec<u8> {
    let first = bytes[0] & 3;
    if (0..positions).all(|i| code_in(bytes, i) == first) {
        return vec![TAG_CONSTANT, first];
    }
    let check = sum.of(bytes);
    let mut out = Vec::with_capacity(bytes.len() + 5);
    let packed = if zstd { container::pack_block(bytes, COMPRESSION_LEVEL).ok() } else { None };
    match packed {
        Some(z) if z.len() + 8 < bytes.len() => {
            out.push(TAG_ZSTD);
            out.extend_from_slice(&check.to_le_bytes());
            out.extend_from_slice(&z);
        }
        _ => {
            out.push(TAG_RAW);
            out.extend_from_slice(&check.to_le_bytes());
            out.extend_from_slice(bytes);
        }
    }
    out
}

/// One block's codes, unpacked: its packed bytes owned, or borrowed on a probe's path.
#[derive(Debug)]
pub enum Block<B = Vec<u8>> {
    /// Every position has this code.
    Constant(u8),
    /// The packed bytes.
    Packed(B),
}

impl<B: AsRef<[u8]>> Block<B> {
    /// The code of the `j`-th position of the block.
    #[inline]
    #[must_use]
    pub fn code(&self, j: u64) -> u8 {
        match self {
            Block::Constant(c) => *c,
            Block::Packed(bytes) => code_in(bytes.as_ref(), j),
        }
    }
}

/// The 16-bit checksum of a compact block's packed bytes: [`BlockSum::Words`]'s step on
/// four lanes of words at once (a probe's path, where one chain of 64 multiplications
/// was a tenth of the probe), folded.
pub(super) fn sum16(bytes: &[u8]) -> u16 {
    let mut lanes = [FNV_OFFSET, FNV_OFFSET ^ 1, FNV_OFFSET ^ 2, FNV_OFFSET ^ 3];
    let mut chunks = bytes.chunks_exact(32);
    for c in &mut chunks {
        for (k, h) in lanes.iter_mut().enumerate() {
            let w = u64::from_le_bytes(c[8 * k..8 * k + 8].try_into().unwrap_or_default());
            *h = (*h ^ w).wrapping_mul(0x0100_0000_01b3);
            *h ^= *h >> 29;
        }
    }
    let h = lanes[0] ^ lanes[1].rotate_left(16) ^ lanes[2].rotate_left(32) ^ lanes[3].rotate_left(48);
    let h = fnv1a(chunks.remainder(), h);
    let h = h ^ (h >> 32);
    (h ^ (h >> 16)) as u16
}

/// Block `b` of the code file at `path` failed a check (`reason`).
pub(super) fn bad_block(path: &Path, b: u64, reason: &str) -> TablebaseError {
    TablebaseError::CorruptedBlock { path: path.to_path_buf(), stream: "value", block: b, reason: reason.to_string() }
}

/// How a code file lays out its blocks: by its format version.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Blocks of [`BLOCK_POSITIONS`], a u64 offset each, a tag and a 32-bit checksum.
    Wide(BlockSum),
    /// Blocks of [`COMPACT_BLOCK_POSITIONS`], grouped offsets, the set's dictionary.
    Compact,
}

impl Layout {
    /// Positions per block.
    #[must_use]
    pub const fn block_positions(self) -> u64 {
        match self {
            Layout::Wide(_) => BLOCK_POSITIONS,
            Layout::Compact => COMPACT_BLOCK_POSITIONS,
        }
    }
}

/// Where each block lies in the data.
enum Offsets {
    /// One more u64 than blocks.
    Wide(Vec<u64>),
    /// A base per group of [`GROUP`] blocks and each block's end within its group, side
    /// by side in memory (a probe's offsets are one cache miss, not two), and the count.
    Compact { groups: Vec<Group>, blocks: u64 },
}

/// One group of the compact offset table, as held in memory.
#[derive(Clone, Copy)]
struct Group {
    base: u32,
    ends: [u16; GROUP],
}

impl Offsets {
    fn blocks(&self) -> u64 {
        match self {
            Offsets::Wide(o) => o.len() as u64 - 1,
            Offsets::Compact { blocks, .. } => *blocks,
        }
    }

    /// Block `b`'s start and end in the data.
    fn range(&self, b: u64) -> Option<(u64, u64)> {
        let b = usize::try_from(b).ok()?;
        match self {
            Offsets::Wide(o) => Some((*o.get(b)?, *o.get(b + 1)?)),
            Offsets::Compact { groups, blocks } => {
                if b as u64 >= *blocks {
                    return None;
                }
                let group = groups.get(b / GROUP)?;
                let (base, k) = (u64::from(group.base), b % GROUP);
                let start = if k == 0 { 0 } else { u64::from(group.ends[k - 1]) };
                Some((base + start, base + u64::from(group.ends[k])))
            }
        }
    }

    fn total(&self) -> u64 {
        self.range(self.blocks().saturating_sub(1)).map_or(0, |(_, end)| end)
    }

    /// Reads the compact table of `blocks` blocks; `None` when it does not fill the rest
    /// of the header exactly or its groups do not follow one another.
    fn read_compact(fields: &mut Fields, blocks: u64) -> Option<Offsets> {
        let groups = blocks.div_ceil(GROUP as u64);
        if groups.checked_mul(4)?.checked_add(blocks.checked_mul(2)?)? != fields.remaining() as u64 {
            return None;
        }
        let bases: Vec<u32> = (0..groups).map(|_| fields.u32()).collect::<Option<_>>()?;
        let ends: Vec<u16> = (0..blocks).map(|_| fields.u16()).collect::<Option<_>>()?;
        for (g, group) in ends.chunks(GROUP).enumerate() {
            if group.windows(2).any(|w| w[1] < w[0])
                || bases
                    .get(g + 1)
                    .is_some_and(|&next| u64::from(next) != u64::from(bases[g]) + u64::from(group[group.len() - 1]))
            {
                return None;
            }
        }
        let groups = bases
            .iter()
            .zip(ends.chunks(GROUP))
            .map(|(&base, group)| {
                let mut out = Group { base, ends: [0; GROUP] };
                out.ends[..group.len()].copy_from_slice(group);
                out
            })
            .collect();
        Some(Offsets::Compact { groups, blocks })
    }
}

/// How a code file stores the blocks that are not constant.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Packing {
    /// zstd where that is shorter: the smallest files (a probe unpacks a frame).
    Small,
    /// Packed bytes only: a probe reads its code straight from the mapped file.
    Fast,
}

/// What kind of code file is written: its magic bytes, version, block checksum and packing.
#[derive(Copy, Clone, Debug)]
pub struct Format {
    /// The kind's magic bytes.
    pub magic: &'static [u8; 8],
    /// The kind's format version.
    pub version: u32,
    /// How blocks are checksummed.
    pub sum: BlockSum,
    /// How blocks are stored.
    pub packing: Packing,
}

/// Writes a code file to `path`, whole (a temporary file, renamed): `fields` are the
/// kind's own header fields, `packed` the codes of `positions` positions.
///
/// # Errors
/// [`TablebaseError::Io`] when the file cannot be written.
pub fn write_code_file(
    path: &Path,
    format: Format,
    fields: &[u8],
    packed: &[u8],
    positions: u64,
) -> Result<u64, TablebaseError> {
    let Format { magic, version, sum, packing } = format;
    let zstd = packing == Packing::Small;
    let blocks: Vec<Vec<u8>> = packed
        .par_chunks(BLOCK_BYTES)
        .enumerate()
        .map(|(b, bytes)| encode_block(bytes, (positions - b as u64 * BLOCK_POSITIONS).min(BLOCK_POSITIONS), sum, zstd))
        .collect();
    let mut h = fields.to_vec();
    h.extend_from_slice(&(blocks.len() as u64).to_le_bytes());
    let mut offset = 0u64;
    for block in &blocks {
        h.extend_from_slice(&offset.to_le_bytes());
        offset += block.len() as u64;
    }
    h.extend_from_slice(&offset.to_le_bytes());
    container::write(path, magic, version, &h, &blocks)
}

/// One compact block, ready to store: its code alone, or its checksum and its packed
/// bytes or their frame (magic left out), whichever is shorter.
fn encode_compact(bytes: &[u8], positions: u64, pack: &mut impl FnMut(&[u8]) -> Option<Vec<u8>>) -> Vec<u8> {
    let first = bytes[0] & 3;
    if (0..positions).all(|i| code_in(bytes, i) == first) {
        return vec![first];
    }
    let mut out = sum16(bytes).to_le_bytes().to_vec();
    match pack(bytes) {
        Some(frame) if frame.len() < bytes.len() + ZSTD_MAGIC.len() && frame.starts_with(&ZSTD_MAGIC) => {
            out.extend_from_slice(&frame[ZSTD_MAGIC.len()..]);
        }
        _ => out.extend_from_slice(bytes),
    }
    out
}

/// Writes a code file in the compact layout to `path`, whole: `fields` are the kind's
/// own header fields, `packed` the codes of `positions` positions, each block packed
/// with `dictionary` (when given) at level 19, on the calling pool's threads.
///
/// # Errors
/// [`TablebaseError::Io`] when the file cannot be written; `CorruptedTable` when the
/// data would not fit the layout's u32 offsets (4 GiB).
pub fn write_compact_file(
    path: &Path,
    (magic, version): (&[u8; 8], u32),
    fields: &[u8],
    packed: &[u8],
    positions: u64,
    dictionary: Option<&Dictionary>,
) -> Result<u64, TablebaseError> {
    use zstd::zstd_safe::{CCtx, CDict, CParameter};
    let prepared = dictionary.map(|d| CDict::create(d.bytes(), COMPACT_LEVEL));
    let new_packer = || {
        let mut cctx = CCtx::create();
        let ok = cctx.set_parameter(CParameter::ContentSizeFlag(false)).is_ok()
            && cctx.set_parameter(CParameter::DictIdFlag(false)).is_ok()
            && cctx.set_parameter(CParameter::ChecksumFlag(false)).is_ok()
            && match &prepared {
                Some(cdict) => cctx.ref_cdict(cdict).is_ok(),
                None => cctx.set_parameter(CParameter::CompressionLevel(COMPACT_LEVEL)).is_ok(),
            };
        ok.then_some(cctx)
    };
    let blocks: Vec<Vec<u8>> = packed
        .par_chunks(COMPACT_BLOCK_BYTES)
        .enumerate()
        .map_init(new_packer, |cctx, (b, bytes)| {
            let positions = (positions - b as u64 * COMPACT_BLOCK_POSITIONS).min(COMPACT_BLOCK_POSITIONS);
            encode_compact(bytes, positions, &mut |raw| {
                let cctx = cctx.as_mut()?;
                let mut frame = Vec::with_capacity(raw.len() + 64);
                cctx.compress2(&mut frame, raw).ok()?;
                Some(frame)
            })
        })
        .collect();
    let mut h = fields.to_vec();
    h.extend_from_slice(&dictionary.map_or(0, |d| d.id).to_le_bytes());
    h.extend_from_slice(&(blocks.len() as u64).to_le_bytes());
    let mut ends = Vec::with_capacity(blocks.len() * 2);
    let mut base = 0u64;
    for group in blocks.chunks(GROUP) {
        let Ok(b32) = u32::try_from(base) else {
            return Err(TablebaseError::CorruptedTable {
                path: path.to_path_buf(),
                reason: "over 4 GiB of blocks, more than a compact file holds".into(),
            });
        };
        h.extend_from_slice(&b32.to_le_bytes());
        let mut end = 0u64;
        for block in group {
            end += block.len() as u64;
            // A group holds at most 32 blocks of at most 514 bytes.
            ends.extend_from_slice(&(end as u16).to_le_bytes());
        }
        base += end;
    }
    h.extend_from_slice(&ends);
    container::write(path, magic, version, &h, &blocks)
}

thread_local! {
    /// Each thread's context for compact frames, made once.
    static COMPACT_UNPACKER: std::cell::RefCell<Option<zstd::zstd_safe::DCtx<'static>>> =
        const { std::cell::RefCell::new(None) };
}

/// Unpacks a compact frame (stored without its magic) into `out`, with `dictionary`.
fn unpack_compact(frame: &[u8], out: &mut [u8], dictionary: Option<&Dictionary>) -> Option<usize> {
    let mut whole = [0u8; ZSTD_MAGIC.len() + COMPACT_BLOCK_BYTES];
    let whole = whole.get_mut(..ZSTD_MAGIC.len() + frame.len())?;
    whole[..ZSTD_MAGIC.len()].copy_from_slice(&ZSTD_MAGIC);
    whole[ZSTD_MAGIC.len()..].copy_from_slice(frame);
    COMPACT_UNPACKER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let dctx = slot.get_or_insert_with(zstd::zstd_safe::DCtx::create);
        match dictionary {
            Some(d) => dctx.decompress_using_ddict(out, whole, d.unpacker()),
            None => dctx.decompress(out, whole),
        }
        .ok()
    })
}

/// An open code file: its checked header and block offsets, and the file mapped into
/// memory (or carried in the binary), so that reading a block is no system call.
pub struct CodeFile {
    /// The file's path.
    pub path: PathBuf,
    map: Region,
    /// Positions in the file.
    pub positions: u64,
    layout: Layout,
    /// Where each block lies, relative to the data.
    offsets: Offsets,
    /// Where the data starts in the file.
    data_start: u64,
    /// The id of the dictionary its compact blocks were packed with (0: none).
    dictionary_id: u64,
    /// That dictionary, once attached.
    dictionary: Option<Arc<Dictionary>>,
}

impl CodeFile {
    /// Opens the file at `path`, checks its magic, version (one of `versions`, each with
    /// its layout) and header checksum, and reads the kind's fields with `parse`, which
    /// returns them and the file's position count. A compact file packed with a
    /// dictionary needs it [attached](CodeFile::attach) before its blocks are read.
    ///
    /// # Errors
    /// `Io`, `Magic`, `Version`, `CorruptedTable`.
    pub fn open<H>(
        path: &Path,
        magic: &[u8; 8],
        versions: &[(u32, Layout)],
        parse: impl FnOnce(&mut Fields) -> Option<(H, u64)>,
    ) -> Result<(CodeFile, H), TablebaseError> {
        let file = Backing::open(path)?;
        CodeFile::over(path, file, magic, versions, parse)
    }

    /// The code file in `file` (named `path` in errors), checked as [`CodeFile::open`]
    /// checks a file.
    ///
    /// # Errors
    /// As [`CodeFile::open`].
    pub fn over<H>(
        path: &Path,
        file: Backing,
        magic: &[u8; 8],
        versions: &[(u32, Layout)],
        parse: impl FnOnce(&mut Fields) -> Option<(H, u64)>,
    ) -> Result<(CodeFile, H), TablebaseError> {
        let io = |cause| TablebaseError::Io { path: path.to_path_buf(), cause };
        let corrupt = |reason: &str| TablebaseError::CorruptedTable { path: path.to_path_buf(), reason: reason.into() };
        let wanted: Vec<u32> = versions.iter().map(|&(v, _)| v).collect();
        let head = container::read_head(path, &file, magic, &wanted)?;
        // read_head accepted only a version of `versions`.
        let layout =
            versions.iter().find(|(v, _)| *v == head.version).map_or(Layout::Wide(BlockSum::Words), |&(_, l)| l);
        let map = Region::of(file).map_err(io)?;
        let mut fields = Fields::new(&head.header);
        let (header, positions) = parse(&mut fields).ok_or_else(|| corrupt("header fields"))?;
        let dictionary_id = match layout {
            Layout::Compact => fields.u64().ok_or_else(|| corrupt("header fields"))?,
            Layout::Wide(_) => 0,
        };
        let blocks = fields.u64().ok_or_else(|| corrupt("header fields"))?;
        if blocks != positions.div_ceil(layout.block_positions()) {
            return Err(corrupt("block count"));
        }
        // The offsets must fill the rest of the header exactly: checked before anything
        // is allocated for them, so a header that claims a huge count costs nothing.
        let offsets = match layout {
            Layout::Wide(_) => {
                if blocks.checked_add(1).and_then(|n| n.checked_mul(8)) != Some(fields.remaining() as u64) {
                    return Err(corrupt("block count"));
                }
                let mut offsets = Vec::with_capacity(blocks as usize + 1);
                for _ in 0..=blocks {
                    offsets.push(fields.u64().ok_or_else(|| corrupt("header fields"))?);
                }
                if offsets.windows(2).any(|w| w[1] < w[0]) {
                    return Err(corrupt("header fields"));
                }
                Offsets::Wide(offsets)
            }
            Layout::Compact => Offsets::read_compact(&mut fields, blocks).ok_or_else(|| corrupt("block offsets"))?,
        };
        let data_start = head.data_start;
        if offsets.total() + data_start != head.file_len || map.len() as u64 != head.file_len {
            return Err(corrupt("data length"));
        }
        let file = CodeFile {
            path: path.to_path_buf(),
            map,
            positions,
            layout,
            offsets,
            data_start,
            dictionary_id,
            dictionary: None,
        };
        Ok((file, header))
    }

    /// The id of the dictionary the file's blocks were packed with (0: none).
    #[must_use]
    pub fn dictionary_id(&self) -> u64 {
        self.dictionary_id
    }

    /// Gives the file the dictionary its blocks were packed with.
    ///
    /// # Errors
    /// `CorruptedTable` when it is another dictionary.
    pub fn attach(&mut self, dictionary: Arc<Dictionary>) -> Result<(), TablebaseError> {
        if dictionary.id != self.dictionary_id {
            return Err(TablebaseError::CorruptedTable {
                path: self.path.clone(),
                reason: format!("packed with dictionary {:016x}, not {:016x}", self.dictionary_id, dictionary.id),
            });
        }
        self.dictionary = Some(dictionary);
        Ok(())
    }

    /// The file's layout.
    #[must_use]
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// Positions per block.
    #[must_use]
    pub fn block_positions(&self) -> u64 {
        self.layout.block_positions()
    }

    /// Blocks in the file.
    #[must_use]
    pub fn blocks(&self) -> u64 {
        self.offsets.blocks()
    }

    /// Bytes the blocks take on disk.
    #[must_use]
    pub fn data_bytes(&self) -> u64 {
        self.offsets.total()
    }

    /// Block `b` as stored, its length checked.
    fn stored(&self, b: u64) -> Result<&[u8], TablebaseError> {
        let Some((start, end)) = self.offsets.range(b) else {
            return Err(self.bad(b, "no such block"));
        };
        let most = match self.layout {
            Layout::Wide(_) => 2 * BLOCK_BYTES as u64,
            Layout::Compact => 2 + COMPACT_BLOCK_BYTES as u64,
        };
        if end <= start || end - start > most {
            return Err(self.bad(b, "length"));
        }
        let at = (self.data_start + start) as usize;
        self.map.get(at..at + (end - start) as usize).ok_or_else(|| self.bad(b, "length"))
    }

    fn bad(&self, b: u64, reason: &str) -> TablebaseError {
        bad_block(&self.path, b, reason)
    }

    /// The packed bytes block `b` must unpack to.
    fn packed_len(&self, b: u64) -> usize {
        let per = self.block_positions();
        (self.positions - b * per).min(per).div_ceil(4) as usize
    }

    /// Reads and unpacks block `b`.
    ///
    /// # Errors
    /// [`TablebaseError::CorruptedBlock`] when it fails its checksum, its tag or its
    /// length, or its dictionary is not attached.
    pub fn block(&self, b: u64) -> Result<Block, TablebaseError> {
        let raw = self.stored(b)?;
        let Layout::Wide(sum) = self.layout else { return self.compact_block(b, raw) };
        match raw[0] {
            TAG_CONSTANT if raw.len() == 2 && raw[1] <= 3 => Ok(Block::Constant(raw[1])),
            TAG_RAW | TAG_ZSTD if raw.len() > 5 => {
                let check = u32::from_le_bytes(raw[1..5].try_into().unwrap_or_default());
                let bytes = if raw[0] == TAG_RAW {
                    raw[5..].to_vec()
                } else {
                    unpack_block(&raw[5..], BLOCK_BYTES).map_err(|_| self.bad(b, "does not unpack"))?
                };
                if bytes.len() != self.packed_len(b) || sum.of(&bytes) != check {
                    return Err(self.bad(b, "checksum"));
                }
                Ok(Block::Packed(bytes))
            }
            _ => Err(self.bad(b, "tag")),
        }
    }

    /// Unpacks compact block `b`, stored as `raw`, into `buffer` when it is a frame; its
    /// checksum checked.
    fn unpack_compact_block<'a>(
        &self,
        b: u64,
        raw: &'a [u8],
        buffer: &'a mut [u8; COMPACT_BLOCK_BYTES],
    ) -> Result<Block<&'a [u8]>, TablebaseError> {
        let len = self.packed_len(b);
        if raw.len() == 1 {
            return if raw[0] <= 3 { Ok(Block::Constant(raw[0])) } else { Err(self.bad(b, "tag")) };
        }
        if raw.len() < 3 {
            return Err(self.bad(b, "length"));
        }
        let check = u16::from_le_bytes([raw[0], raw[1]]);
        let bytes = if raw.len() - 2 == len {
            &raw[2..]
        } else {
            if self.dictionary_id != 0 && self.dictionary.is_none() {
                return Err(self.bad(b, "its dictionary is not loaded"));
            }
            let out = &mut buffer[..len];
            match unpack_compact(&raw[2..], out, self.dictionary.as_deref()) {
                Some(n) if n == len => &*out,
                _ => return Err(self.bad(b, "does not unpack")),
            }
        };
        if sum16(bytes) != check {
            return Err(self.bad(b, "checksum"));
        }
        Ok(Block::Packed(bytes))
    }

    /// Unpacks compact block `b`, stored as `raw`.
    fn compact_block(&self, b: u64, raw: &[u8]) -> Result<Block, TablebaseError> {
        let mut buffer = [0u8; COMPACT_BLOCK_BYTES];
        Ok(match self.unpack_compact_block(b, raw, &mut buffer)? {
            Block::Constant(c) => Block::Constant(c),
            Block::Packed(bytes) => Block::Packed(bytes.to_vec()),
        })
    }

    /// The code of position `j` of compact block `b`, stored as `raw`, unpacked on the
    /// stack (a probe's path allocates nothing).
    fn compact_code(&self, b: u64, raw: &[u8], j: u64) -> Result<u8, TablebaseError> {
        let mut buffer = [0u8; COMPACT_BLOCK_BYTES];
        Ok(self.unpack_compact_block(b, raw, &mut buffer)?.code(j))
    }

    /// The code of position `i`, read in place where its block is stored unpacked (its
    /// checksum checked each time).
    ///
    /// # Errors
    /// As [`CodeFile::block`].
    pub fn code(&self, i: u64) -> Result<u8, TablebaseError> {
        let per = self.block_positions();
        let (b, j) = (i / per, i % per);
        let raw = self.stored(b)?;
        let Layout::Wide(sum) = self.layout else { return self.compact_code(b, raw, j) };
        if raw[0] != TAG_RAW || raw.len() <= 5 {
            return Ok(self.block(b)?.code(j));
        }
        let bytes = &raw[5..];
        let check = u32::from_le_bytes(raw[1..5].try_into().unwrap_or_default());
        if bytes.len() != self.packed_len(b) || sum.of(bytes) != check {
            return Err(self.bad(b, "checksum"));
        }
        Ok(code_in(bytes, j))
    }

    /// Every code of the file, packed, in index order.
    ///
    /// # Errors
    /// As [`CodeFile::block`].
    pub fn read_all(&self) -> Result<Vec<u8>, TablebaseError> {
        let blocks: Vec<Result<Vec<u8>, TablebaseError>> = (0..self.blocks())
            .into_par_iter()
            .map(|b| {
                let per = self.block_positions();
                let positions = (self.positions - b * per).min(per);
                Ok(match self.block(b)? {
                    Block::Constant(c) => vec![c * 0b0101_0101; positions.div_ceil(4) as usize],
                    Block::Packed(bytes) => bytes,
                })
            })
            .collect();
        // Read back as a layer the placing solver reads at random: see `crate::memory`.
        let mut out = Vec::with_capacity(self.positions.div_ceil(4) as usize);
        crate::memory::advise_huge_pages(&out);
        for b in blocks {
            out.extend_from_slice(&b?);
        }
        Ok(out)
    }
}

/// A code file's bytes in memory.
pub(crate) enum Region {
    /// A file mapped read-only.
    Mapped(Mmap),
    /// Bytes carried in the binary.
    Carried(&'static [u8]),
}

impl Region {
    /// The bytes of `file`: mapped, or carried.
    ///
    /// # Errors
    /// The file cannot be mapped.
    pub(crate) fn of(file: Backing) -> std::io::Result<Region> {
        Ok(match file {
            Backing::File(file) => Region::Mapped(map_read_only(&file)?),
            Backing::Carried(bytes) => Region::Carried(bytes),
        })
    }
}

impl std::ops::Deref for Region {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Region::Mapped(map) => map,
            Region::Carried(bytes) => bytes,
        }
    }
}

/// Maps `file` read-only.
///
/// One of the crate's three `unsafe` calls (the others are in `memory` and
/// `tablebase::placing`): `tablebase bench` measured a random probe of the
/// moving tables' fast form at a fraction of the cost of reading its block with a system
/// call (figures in docs/tablebase.md). Mapping is sound while nobody changes the file,
/// and morris never changes a table file in place: every one is written under a
/// temporary name and renamed over the old, so a mapped file keeps its contents. Another
/// program that truncated a mapped table would make a read fault (the process would get
/// SIGBUS): the reason tables are only ever replaced whole.
#[allow(unsafe_code)]
fn map_read_only(file: &File) -> std::io::Result<Mmap> {
    // SAFETY: see above; the map is read-only and lives no longer than the CodeFile.
    unsafe { Mmap::map(file) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_sums_see_every_byte() {
        let mut bytes = vec![0u8; BLOCK_BYTES];
        let base = BlockSum::Words.of(&bytes);
        for i in 0..BLOCK_BYTES {
            for bit in 0..8 {
                bytes[i] = 1 << bit;
                assert_ne!(BlockSum::Words.of(&bytes), base, "byte {i}, bit {bit}");
            }
            bytes[i] = 0;
        }
    }

    #[test]
    fn compact_sums_see_every_bit() {
        let mut bytes = vec![0x5au8; COMPACT_BLOCK_BYTES];
        let base = sum16(&bytes);
        let mut same = 0;
        for i in 0..COMPACT_BLOCK_BYTES {
            for bit in 0..8 {
                bytes[i] ^= 1 << bit;
                same += usize::from(sum16(&bytes) == base);
                bytes[i] ^= 1 << bit;
            }
        }
        // 16 bits: a flipped bit goes unseen about once in 65,536.
        assert!(same <= 1, "{same} of {} single-bit flips unseen", 8 * COMPACT_BLOCK_BYTES);
    }

    #[test]
    fn compact_blocks_round_trip_with_and_without_a_dictionary_and_damage_is_named() {
        let dir = std::env::temp_dir().join(format!("morris-compact-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.codes");
        // Constant, compressible and noisy blocks over 70 groups, and a short tail.
        let n = 70 * GROUP as u64 * COMPACT_BLOCK_POSITIONS + 5;
        let codes: Vec<u8> = (0..n)
            .map(|i| match (i / COMPACT_BLOCK_POSITIONS) % 3 {
                0 => 1,
                1 => u8::from(i % 64 == 0) * 2,
                _ => ((i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 60) % 3) as u8,
            })
            .collect();
        let packed = pack(&codes);
        let samples: Vec<&[u8]> = packed.chunks(COMPACT_BLOCK_BYTES).skip(1).step_by(3).collect();
        let dict = Arc::new(Dictionary::train(&samples).expect("enough samples"));
        let open = || CodeFile::open(&path, b"MORRISXX", &[(9, Layout::Compact)], |f| Some((f.u8()?, n)));
        for d in [None, Some(&dict)] {
            write_compact_file(&path, (b"MORRISXX", 9), &[42], &packed, n, d.map(Arc::as_ref)).unwrap();
            let (mut file, tag) = open().unwrap();
            assert_eq!(
                (tag, file.blocks(), file.dictionary_id()),
                (42, n.div_ceil(COMPACT_BLOCK_POSITIONS), d.map_or(0, |d| d.id))
            );
            if let Some(d) = d {
                assert!(file.block(1).unwrap_err().to_string().contains("dictionary is not loaded"));
                file.attach(Arc::clone(d)).unwrap();
            }
            assert!(matches!(file.block(0).unwrap(), Block::Constant(1)));
            assert!(file.stored(1).unwrap().len() < 2 + COMPACT_BLOCK_BYTES / 4, "block 1 is compressed");
            let all = file.read_all().unwrap();
            assert!((0..n).all(|i| code_in(&all, i) == codes[i as usize]));
            assert!((0..n).step_by(97).all(|i| file.code(i).unwrap() == codes[i as usize]));
        }
        // A flipped byte in a stored block's data is named, never read as codes.
        let (file, _) = open().unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        let (_, end) = file.offsets.range(4).unwrap();
        bytes[(file.data_start + end) as usize - 2] ^= 0x10;
        drop(file);
        std::fs::write(&path, &bytes).unwrap();
        let (mut file, _) = open().unwrap();
        file.attach(Arc::clone(&dict)).unwrap();
        assert!(matches!(file.block(4), Err(TablebaseError::CorruptedBlock { .. })));
        // A damaged offset table is refused at open.
        let mut bytes = std::fs::read(&path).unwrap();
        let first_base = 20 + 1 + 8 + 8 + 4;
        bytes[first_base] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert!(open().is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn blocks_round_trip_in_every_form() {
        let dir = std::env::temp_dir().join(format!("morris-packed-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.codes");
        // Block 0 constant, block 1 compressible, block 2 noise (stored raw), a short tail.
        let n = 3 * BLOCK_POSITIONS + 5;
        let codes: Vec<u8> = (0..n)
            .map(|i| match i / BLOCK_POSITIONS {
                0 => 2,
                1 => u8::from(i % 64 == 0),
                _ => ((i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 60) % 3) as u8,
            })
            .collect();
        for packing in [Packing::Small, Packing::Fast] {
            let format = Format { magic: b"MORRISXX", version: 7, sum: BlockSum::Words, packing };
            write_code_file(&path, format, &[42], &pack(&codes), n).unwrap();
            let (file, tag) =
                CodeFile::open(&path, b"MORRISXX", &[(7, Layout::Wide(BlockSum::Words))], |f| Some((f.u8()?, n)))
                    .unwrap();
            assert_eq!(tag, 42);
            assert!(matches!(file.block(0).unwrap(), Block::Constant(2)));
            // Small packs block 1 with zstd; Fast stores it as it is.
            let stored = file.stored(1).unwrap();
            assert_eq!(stored[0] == TAG_ZSTD, packing == Packing::Small, "{packing:?}");
            let all = file.read_all().unwrap();
            assert!((0..n).all(|i| code_in(&all, i) == codes[i as usize]));
            assert!((0..n).all(|i| file.code(i).unwrap() == codes[i as usize]));
            assert!(matches!(
                CodeFile::open(&path, b"MORRISXX", &[(8, Layout::Wide(BlockSum::Words))], |f| Some((f.u8()?, n))),
                Err(TablebaseError::Version { found: 7, .. })
            ));
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
