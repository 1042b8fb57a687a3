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

use std::fs::File;
use std::path::{Path, PathBuf};

use memmap2::Mmap;
use rayon::prelude::*;

use super::container::{self, FNV_OFFSET, Fields, fnv1a, unpack_block};
use super::error::TablebaseError;

/// Positions per stored block (1 KiB packed).
pub const BLOCK_POSITIONS: u64 = 4096;
/// Bytes of a packed block.
pub const BLOCK_BYTES: usize = (BLOCK_POSITIONS / 4) as usize;
/// zstd level for blocks (a build's cost is the solve, not this).
const COMPRESSION_LEVEL: i32 = 12;

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
                // A product carries only upwards: the shift brings each word's high
                // bits down into what later words mix with.
                let mut h = FNV_OFFSET;
                let mut words = bytes.chunks_exact(8);
                for w in &mut words {
                    h = (h ^ u64::from_le_bytes(w.try_into().unwrap_or_default())).wrapping_mul(0x0100_0000_01b3);
                    h ^= h >> 29;
                }
                let h = fnv1a(words.remainder(), h);
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

/// One block's codes, unpacked.
pub enum Block {
    /// Every position has this code.
    Constant(u8),
    /// The packed bytes.
    Packed(Vec<u8>),
}

impl Block {
    /// The code of the `j`-th position of the block.
    #[inline]
    #[must_use]
    pub fn code(&self, j: u64) -> u8 {
        match self {
            Block::Constant(c) => *c,
            Block::Packed(bytes) => code_in(bytes, j),
        }
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

/// An open code file: its checked header and block offsets, and the file mapped into
/// memory, so that reading a block is no system call.
pub struct CodeFile {
    /// The file's path.
    pub path: PathBuf,
    map: Mmap,
    /// Positions in the file.
    pub positions: u64,
    sum: BlockSum,
    /// Where each block starts, relative to the data (one more than the blocks).
    offsets: Vec<u64>,
    /// Where the data starts in the file.
    data_start: u64,
}

impl CodeFile {
    /// Opens the file at `path`, checks its magic, version (one of `versions`, each with
    /// its checksum) and header checksum, and reads the kind's fields with `parse`, which
    /// returns them and the file's position count.
    ///
    /// # Errors
    /// `Io`, `Magic`, `Version`, `CorruptedTable`.
    pub fn open<H>(
        path: &Path,
        magic: &[u8; 8],
        versions: &[(u32, BlockSum)],
        parse: impl FnOnce(&mut Fields) -> Option<(H, u64)>,
    ) -> Result<(CodeFile, H), TablebaseError> {
        let io = |cause| TablebaseError::Io { path: path.to_path_buf(), cause };
        let corrupt = |reason: &str| TablebaseError::CorruptedTable { path: path.to_path_buf(), reason: reason.into() };
        let file = File::open(path).map_err(io)?;
        let wanted: Vec<u32> = versions.iter().map(|&(v, _)| v).collect();
        let head = container::read_head(path, &file, magic, &wanted)?;
        // read_head accepted only a version of `versions`.
        let sum = versions.iter().find(|(v, _)| *v == head.version).map_or(BlockSum::Words, |&(_, s)| s);
        let map = map_read_only(&file).map_err(io)?;
        let mut fields = Fields::new(&head.header);
        let (header, positions) = parse(&mut fields).ok_or_else(|| corrupt("header fields"))?;
        let blocks = fields.u64().ok_or_else(|| corrupt("header fields"))?;
        // The offsets must fill the rest of the header exactly: checked before anything
        // is allocated for them, so a header that claims a huge count costs nothing.
        if blocks != positions.div_ceil(BLOCK_POSITIONS)
            || blocks.checked_add(1).and_then(|n| n.checked_mul(8)) != Some(fields.remaining() as u64)
        {
            return Err(corrupt("block count"));
        }
        let mut offsets = Vec::with_capacity(blocks as usize + 1);
        for _ in 0..=blocks {
            offsets.push(fields.u64().ok_or_else(|| corrupt("header fields"))?);
        }
        if offsets.windows(2).any(|w| w[1] < w[0]) {
            return Err(corrupt("header fields"));
        }
        let data_start = head.data_start;
        if offsets.last().copied().unwrap_or(0) + data_start != head.file_len || map.len() as u64 != head.file_len {
            return Err(corrupt("data length"));
        }
        Ok((CodeFile { path: path.to_path_buf(), map, positions, sum, offsets, data_start }, header))
    }

    /// Blocks in the file.
    #[must_use]
    pub fn blocks(&self) -> u64 {
        self.offsets.len() as u64 - 1
    }

    /// Bytes the blocks take on disk.
    #[must_use]
    pub fn data_bytes(&self) -> u64 {
        self.offsets.last().copied().unwrap_or(0)
    }

    /// Block `b` as stored, its length checked.
    fn stored(&self, b: u64) -> Result<&[u8], TablebaseError> {
        let (Some(&start), Some(&end)) = (self.offsets.get(b as usize), self.offsets.get(b as usize + 1)) else {
            return Err(self.bad(b, "no such block"));
        };
        if end <= start || end - start > 2 * BLOCK_BYTES as u64 {
            return Err(self.bad(b, "length"));
        }
        let at = (self.data_start + start) as usize;
        self.map.get(at..at + (end - start) as usize).ok_or_else(|| self.bad(b, "length"))
    }

    fn bad(&self, b: u64, reason: &str) -> TablebaseError {
        TablebaseError::CorruptedBlock {
            path: self.path.clone(),
            stream: "value",
            block: b,
            reason: reason.to_string(),
        }
    }

    /// The packed bytes block `b` must unpack to.
    fn packed_len(&self, b: u64) -> usize {
        (self.positions - b * BLOCK_POSITIONS).min(BLOCK_POSITIONS).div_ceil(4) as usize
    }

    /// Reads and unpacks block `b`.
    ///
    /// # Errors
    /// [`TablebaseError::CorruptedBlock`] when it fails its checksum, its tag or its
    /// length.
    pub fn block(&self, b: u64) -> Result<Block, TablebaseError> {
        let raw = self.stored(b)?;
        match raw[0] {
            TAG_CONSTANT if raw.len() == 2 && raw[1] <= 3 => Ok(Block::Constant(raw[1])),
            TAG_RAW | TAG_ZSTD if raw.len() > 5 => {
                let check = u32::from_le_bytes(raw[1..5].try_into().unwrap_or_default());
                let bytes = if raw[0] == TAG_RAW {
                    raw[5..].to_vec()
                } else {
                    unpack_block(&raw[5..], BLOCK_BYTES).map_err(|_| self.bad(b, "does not unpack"))?
                };
                if bytes.len() != self.packed_len(b) || self.sum.of(&bytes) != check {
                    return Err(self.bad(b, "checksum"));
                }
                Ok(Block::Packed(bytes))
            }
            _ => Err(self.bad(b, "tag")),
        }
    }

    /// The code of position `i`, read in place where its block is stored unpacked (its
    /// checksum checked each time).
    ///
    /// # Errors
    /// As [`CodeFile::block`].
    pub fn code(&self, i: u64) -> Result<u8, TablebaseError> {
        let (b, j) = (i / BLOCK_POSITIONS, i % BLOCK_POSITIONS);
        let raw = self.stored(b)?;
        if raw[0] != TAG_RAW || raw.len() <= 5 {
            return Ok(self.block(b)?.code(j));
        }
        let bytes = &raw[5..];
        let check = u32::from_le_bytes(raw[1..5].try_into().unwrap_or_default());
        if bytes.len() != self.packed_len(b) || self.sum.of(bytes) != check {
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
                let positions = (self.positions - b * BLOCK_POSITIONS).min(BLOCK_POSITIONS);
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
                CodeFile::open(&path, b"MORRISXX", &[(7, BlockSum::Words)], |f| Some((f.u8()?, n))).unwrap();
            assert_eq!(tag, 42);
            assert!(matches!(file.block(0).unwrap(), Block::Constant(2)));
            // Small packs block 1 with zstd; Fast stores it as it is.
            let stored = file.stored(1).unwrap();
            assert_eq!(stored[0] == TAG_ZSTD, packing == Packing::Small, "{packing:?}");
            let all = file.read_all().unwrap();
            assert!((0..n).all(|i| code_in(&all, i) == codes[i as usize]));
            assert!((0..n).all(|i| file.code(i).unwrap() == codes[i as usize]));
            assert!(matches!(
                CodeFile::open(&path, b"MORRISXX", &[(8, BlockSum::Words)], |f| Some((f.u8()?, n))),
                Err(TablebaseError::Version { found: 7, .. })
            ));
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
