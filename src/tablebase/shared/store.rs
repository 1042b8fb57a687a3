//! Table files: one per subspace, block-compressed, written atomically, every block
//! checked on every read.
//!
//! A file holds two streams over the subspace's canonical positions (in index order),
//! cut into blocks of [`BLOCK_POSITIONS`] positions, each block compressed on its own
//! (zstd) so that one probe reads and unpacks one small block:
//! - the **class stream**: one [`Wdl`] code per position — all the search needs while
//!   the count of plies without a removal leaves room for the longest distance;
//! - the **distance stream**: per position a 16-bit distance, stored as the block's low
//!   bytes, then its high bytes (they are nearly all zero and compress to nothing). For
//!   draws the value is a don't-care (a copy of the previous one, which keeps runs long).
//!
//! The file is a [`container`] (magic `MORRISTB`, version [`VERSION`]) whose header
//! holds, little-endian: subspace (2 × u8), rules text (u16 length + UTF-8), no-removal
//! plies (u16), positions (u64), positions per block (u32), counts of the five classes
//! (5 × u64), longest win, loss, cursed rank (3 × u16), blocks per stream (u64), then per
//! stream and block: offset in the data (u64), compressed length (u32), FNV-1a 64 of the
//! compressed bytes (u64). The compressed blocks follow, class stream first.
//!
//! Opening a file reads only the header (a few hundred KB for the largest subspace), so
//! the engine starts at once; a block whose checksum or length does not match is a
//! [`TablebaseError::CorruptedBlock`] for the probe that met it, never a wrong value. A
//! write goes to a temporary file and is renamed over `NAME` only when complete, so an
//! interrupted build leaves either nothing or a whole file. This module knows bytes and
//! files; it does not know how values are computed.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

use super::container::{self, Backing, FNV_OFFSET, Fields, fnv1a, unpack_block};
use super::error::TablebaseError;
use super::index::Indexer;
use super::sector::Subspace;
use super::value::{RuleProfile, TableValue, Wdl};

/// The file magic.
pub const MAGIC: &[u8; 8] = b"MORRISTB";
/// The format version this build reads and writes.
pub const VERSION: u32 = 3;
/// Positions per compressed block: a block unpacks to 16 KB of classes (32 KB of
/// distances) in a few microseconds.
pub const BLOCK_POSITIONS: usize = 1 << 14;
/// The zstd level the build compresses with.
pub const COMPRESSION_LEVEL: i32 = 9;

/// The two streams of a table file.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Stream {
    /// One class code per position.
    Class,
    /// Two bytes of distance per position.
    Distance,
}

impl Stream {
    fn name(self) -> &'static str {
        match self {
            Stream::Class => "class",
            Stream::Distance => "distance",
        }
    }

    fn bytes_per_position(self) -> usize {
        match self {
            Stream::Class => 1,
            Stream::Distance => 2,
        }
    }
}

/// Where one compressed block lies.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BlockRef {
    /// Offset from the start of the data.
    pub offset: u64,
    /// Compressed length.
    pub len: u32,
    /// FNV-1a 64 of the compressed bytes.
    pub checksum: u64,
}

/// Counts and extremes of one table, stored in its header.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableSummary {
    /// Canonical positions of each class, by [`Wdl::code`].
    pub counts: [u64; 5],
    /// The longest distance of a win.
    pub longest_win: u16,
    /// The longest distance of a loss.
    pub longest_loss: u16,
    /// The highest rank of a cursed win or blessed loss.
    pub longest_cursed: u16,
}

impl TableSummary {
    /// The summary of `wdl` and `distance`.
    #[must_use]
    pub fn of(wdl: &[u8], distance: &[u16]) -> TableSummary {
        let mut s = TableSummary::default();
        for (&c, &d) in wdl.iter().zip(distance) {
            s.counts[usize::from(c.min(4))] += 1;
            match Wdl::from_code(c) {
                Some(Wdl::Win) => s.longest_win = s.longest_win.max(d),
                Some(Wdl::Loss) => s.longest_loss = s.longest_loss.max(d),
                Some(Wdl::CursedWin | Wdl::BlessedLoss) => s.longest_cursed = s.longest_cursed.max(d),
                _ => {}
            }
        }
        s
    }

    /// The count of one class.
    #[must_use]
    pub fn count(&self, wdl: Wdl) -> u64 {
        self.counts[usize::from(wdl.code())]
    }
}

/// A table file's header.
#[derive(Clone, Debug)]
pub struct Header {
    /// The subspace.
    pub subspace: Subspace,
    /// The rules text ([`header_rules`](super::sector::header_rules)).
    pub rules: String,
    /// The rule profile the values are computed under.
    pub profile: RuleProfile,
    /// Canonical positions.
    pub positions: u64,
    /// Positions per block.
    pub block_positions: u32,
    /// Counts and extremes.
    pub summary: TableSummary,
    /// The class stream's blocks.
    pub class_blocks: Vec<BlockRef>,
    /// The distance stream's blocks.
    pub distance_blocks: Vec<BlockRef>,
}

/// The path of `subspace`'s table in `dir`.
#[must_use]
pub fn table_path(dir: &Path, subspace: Subspace) -> PathBuf {
    dir.join(subspace.file_name())
}

/// Compresses `raw` (`per` bytes per position) in blocks, on the current rayon pool.
fn compress_blocks(raw: &[u8], per: usize) -> std::io::Result<Vec<Vec<u8>>> {
    raw.par_chunks(BLOCK_POSITIONS * per).map(|chunk| container::pack_block(chunk, COMPRESSION_LEVEL)).collect()
}

/// The distance stream's raw bytes: per block, the low bytes, then the high bytes.
fn distance_planes(distance: &[u16]) -> Vec<u8> {
    let mut raw = Vec::with_capacity(distance.len() * 2);
    for block in distance.chunks(BLOCK_POSITIONS) {
        raw.extend(block.iter().map(|d| d.to_le_bytes()[0]));
        raw.extend(block.iter().map(|d| d.to_le_bytes()[1]));
    }
    raw
}

/// Writes `subspace`'s table in `dir`: to a temporary file, then renamed. Compresses on
/// the current rayon pool.
///
/// # Errors
/// [`TablebaseError::Io`] when the directory or file cannot be written or compression
/// fails.
pub fn write_table(
    dir: &Path,
    subspace: Subspace,
    rules: &str,
    profile: RuleProfile,
    wdl: &[u8],
    distance: &[u16],
) -> Result<(), TablebaseError> {
    let path = table_path(dir, subspace);
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |cause| TablebaseError::Io { path, cause }
    };
    let class_data = compress_blocks(wdl, 1).map_err(io(&path))?;
    let distance_data = compress_blocks(&distance_planes(distance), 2).map_err(io(&path))?;
    let summary = TableSummary::of(wdl, distance);
    let mut h = Vec::new();
    h.push(subspace.us);
    h.push(subspace.them);
    h.extend_from_slice(&(rules.len() as u16).to_le_bytes());
    h.extend_from_slice(rules.as_bytes());
    h.extend_from_slice(&profile.no_removal_plies().to_le_bytes());
    h.extend_from_slice(&(wdl.len() as u64).to_le_bytes());
    h.extend_from_slice(&(BLOCK_POSITIONS as u32).to_le_bytes());
    for c in summary.counts {
        h.extend_from_slice(&c.to_le_bytes());
    }
    for d in [summary.longest_win, summary.longest_loss, summary.longest_cursed] {
        h.extend_from_slice(&d.to_le_bytes());
    }
    h.extend_from_slice(&(class_data.len() as u64).to_le_bytes());
    let mut offset = 0u64;
    for block in class_data.iter().chain(&distance_data) {
        h.extend_from_slice(&offset.to_le_bytes());
        h.extend_from_slice(&(block.len() as u32).to_le_bytes());
        h.extend_from_slice(&fnv1a(block, FNV_OFFSET).to_le_bytes());
        offset += block.len() as u64;
    }
    let blocks: Vec<&Vec<u8>> = class_data.iter().chain(&distance_data).collect();
    container::write(&path, MAGIC, VERSION, &h, &blocks).map(|_| ())
}

/// An open table file: its checked header, and its blocks read on demand.
pub struct TableFile {
    /// The file's path.
    pub path: PathBuf,
    /// The header.
    pub header: Header,
    file: Backing,
    data_start: u64,
}

/// Whether `dir` is a directory that tables can be read from, in the user's words if not.
///
/// # Errors
/// [`TablebaseError::NoDirectory`], [`TablebaseError::NotADirectory`], or `Io` when it
/// cannot be looked at.
pub fn check_dir(dir: &Path) -> Result<(), TablebaseError> {
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(TablebaseError::NotADirectory(dir.to_path_buf())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(TablebaseError::NoDirectory(dir.to_path_buf())),
        Err(cause) => Err(TablebaseError::Io { path: dir.to_path_buf(), cause }),
    }
}

impl TableFile {
    /// Opens `subspace`'s table in `dir` and checks its header (for `rules`, when given).
    ///
    /// # Errors
    /// [`TablebaseError::MissingTable`] when there is no file; otherwise the first check
    /// that fails: magic, version, header checksum, rules, subspace, length.
    pub fn open(dir: &Path, subspace: Subspace, rules: Option<&str>) -> Result<TableFile, TablebaseError> {
        let path = table_path(dir, subspace);
        let file = match File::open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                check_dir(dir)?;
                return Err(TablebaseError::MissingTable { dir: dir.to_path_buf(), subspace });
            }
            Err(_) if dir.is_file() => return Err(TablebaseError::NotADirectory(dir.to_path_buf())),
            Err(cause) => return Err(TablebaseError::Io { path, cause }),
        };
        TableFile::over(path, Backing::File(file), subspace, rules)
    }

    /// The table `subspace` in `file` (named `path` in errors), checked as
    /// [`TableFile::open`] checks a file.
    ///
    /// # Errors
    /// As [`TableFile::open`], but for a missing file.
    pub fn over(
        path: PathBuf,
        file: Backing,
        subspace: Subspace,
        rules: Option<&str>,
    ) -> Result<TableFile, TablebaseError> {
        let head = container::read_head(&path, &file, MAGIC, &[VERSION])?;
        let corrupted = |reason: String| TablebaseError::CorruptedTable { path: path.clone(), reason };
        let (h, file_len, data_start) = (&head.header, head.file_len, head.data_start);
        let header = parse_header(h).ok_or_else(|| corrupted("header fields do not fit".to_string()))?;
        if let Some(rules) = rules
            && header.rules != rules
        {
            return Err(TablebaseError::Ruleset { path, found: header.rules, expected: rules.to_string() });
        }
        if header.subspace != subspace {
            return Err(TablebaseError::Subspace { path, found: header.subspace, expected: subspace });
        }
        let data_len: u64 = header.class_blocks.iter().chain(&header.distance_blocks).map(|b| u64::from(b.len)).sum();
        if data_start + data_len != file_len {
            return Err(corrupted(format!("{file_len} bytes, the header promises {}", data_start + data_len)));
        }
        let blocks = header.positions.div_ceil(u64::from(header.block_positions));
        if header.block_positions == 0 || header.class_blocks.len() as u64 != blocks {
            return Err(corrupted(format!("{} blocks for {} positions", header.class_blocks.len(), header.positions)));
        }
        Ok(TableFile { path, header, file, data_start })
    }

    /// Positions in block `block`.
    fn positions_in(&self, block: u64) -> usize {
        let per = u64::from(self.header.block_positions);
        (self.header.positions - block * per).min(per) as usize
    }

    /// Reads, checks and unpacks block `block` of `stream`.
    ///
    /// # Errors
    /// [`TablebaseError::CorruptedBlock`] when its checksum or unpacked length is wrong,
    /// [`TablebaseError::Io`] when it cannot be read.
    pub fn read_block(&self, stream: Stream, block: u64) -> Result<Vec<u8>, TablebaseError> {
        let refs = match stream {
            Stream::Class => &self.header.class_blocks,
            Stream::Distance => &self.header.distance_blocks,
        };
        let bad = |reason: &str| TablebaseError::CorruptedBlock {
            path: self.path.clone(),
            stream: stream.name(),
            block,
            reason: reason.to_string(),
        };
        let r = refs.get(block as usize).ok_or_else(|| bad("no such block"))?;
        let bytes = self
            .file
            .read_at(self.data_start + r.offset, r.len as usize)
            .map_err(|cause| TablebaseError::Io { path: self.path.clone(), cause })?;
        if fnv1a(&bytes, FNV_OFFSET) != r.checksum {
            return Err(bad("checksum mismatch"));
        }
        let expected = self.positions_in(block) * stream.bytes_per_position();
        let raw = unpack_block(&bytes, expected).map_err(|e| bad(&format!("does not unpack: {e}")))?;
        if raw.len() != expected {
            return Err(bad(&format!("unpacks to {} bytes, expected {expected}", raw.len())));
        }
        if stream == Stream::Class && raw.iter().any(|&c| Wdl::from_code(c).is_none()) {
            return Err(bad("a class code out of range"));
        }
        Ok(raw)
    }

    /// Unpacks the whole class stream.
    ///
    /// # Errors
    /// As [`TableFile::read_block`].
    pub fn read_classes(&self) -> Result<Vec<u8>, TablebaseError> {
        let mut out = Vec::with_capacity(self.header.positions as usize);
        for b in 0..self.header.class_blocks.len() as u64 {
            out.extend_from_slice(&self.read_block(Stream::Class, b)?);
        }
        Ok(out)
    }

    /// Unpacks the whole distance stream.
    ///
    /// # Errors
    /// As [`TableFile::read_block`].
    pub fn read_distances(&self) -> Result<Vec<u16>, TablebaseError> {
        let mut out = Vec::with_capacity(self.header.positions as usize);
        for b in 0..self.header.distance_blocks.len() as u64 {
            let raw = self.read_block(Stream::Distance, b)?;
            let (lo, hi) = raw.split_at(raw.len() / 2);
            out.extend(lo.iter().zip(hi).map(|(&l, &h)| u16::from_le_bytes([l, h])));
        }
        Ok(out)
    }
}

/// The distance of entry `j` of an unpacked distance block.
#[must_use]
pub fn distance_in_block(raw: &[u8], j: usize) -> u16 {
    let half = raw.len() / 2;
    u16::from_le_bytes([raw[j], raw[half + j]])
}

fn parse_header(h: &[u8]) -> Option<Header> {
    let mut c = Fields::new(h);
    let us = c.u8()?;
    let them = c.u8()?;
    let rules_len = c.u16()?;
    let rules = String::from_utf8(c.take(usize::from(rules_len))?.to_vec()).ok()?;
    let profile = RuleProfile::new(c.u16()?);
    let positions = c.u64()?;
    let block_positions = c.u32()?;
    let mut summary = TableSummary::default();
    for slot in &mut summary.counts {
        *slot = c.u64()?;
    }
    summary.longest_win = c.u16()?;
    summary.longest_loss = c.u16()?;
    summary.longest_cursed = c.u16()?;
    let blocks = usize::try_from(c.u64()?).ok()?;
    if blocks.checked_mul(40)? != c.remaining() || summary.counts.iter().sum::<u64>() != positions {
        return None;
    }
    let mut read_refs = || -> Option<Vec<BlockRef>> {
        (0..blocks).map(|_| Some(BlockRef { offset: c.u64()?, len: c.u32()?, checksum: c.u64()? })).collect()
    };
    let class_blocks = read_refs()?;
    let distance_blocks = read_refs()?;
    // Blocks lie one after the other, class stream first.
    let mut offset = 0;
    for b in class_blocks.iter().chain(&distance_blocks) {
        if b.offset != offset {
            return None;
        }
        offset += u64::from(b.len);
    }
    Some(Header {
        subspace: Subspace::new(us, them),
        rules,
        profile,
        positions,
        block_positions,
        summary,
        class_blocks,
        distance_blocks,
    })
}

/// One subspace's values unpacked in memory, with its index: what the build keeps of
/// the tables its removals lead to, and what `verify` checks against.
pub struct Table {
    /// The subspace.
    pub subspace: Subspace,
    /// Its index.
    pub indexer: Arc<Indexer>,
    /// One class code per canonical position.
    pub wdl: Vec<u8>,
    /// One distance per canonical position (empty when only the classes were loaded).
    pub distance: Vec<u16>,
}

impl Table {
    /// Loads `subspace`'s table from `dir` (with the distances when `distances`).
    ///
    /// # Errors
    /// Any [`TablebaseError`] of opening or reading the file; `CorruptedTable` when its
    /// position count does not fit the subspace.
    pub fn load(
        dir: &Path,
        subspace: Subspace,
        rules: &str,
        topology: &crate::topology::Topology,
        distances: bool,
    ) -> Result<Table, TablebaseError> {
        let file = TableFile::open(dir, subspace, Some(rules))?;
        let indexer = Indexer::new(topology, usize::from(subspace.us), usize::from(subspace.them));
        if indexer.len() != file.header.positions {
            return Err(TablebaseError::CorruptedTable {
                path: file.path.clone(),
                reason: format!("{} positions, subspace {subspace} has {}", file.header.positions, indexer.len()),
            });
        }
        let wdl = file.read_classes()?;
        let distance = if distances { file.read_distances()? } else { Vec::new() };
        Ok(Table { subspace, indexer: Arc::new(indexer), wdl, distance })
    }

    /// The class of the position with these stone sets (side to move first).
    #[inline]
    #[must_use]
    pub fn wdl_of(&self, us: u32, them: u32) -> Wdl {
        // Codes are checked when a block is read.
        Wdl::from_code(self.wdl[self.indexer.index(us, them) as usize]).unwrap_or(Wdl::Draw)
    }

    /// The class of the canonical position with dense index `i`.
    #[inline]
    #[must_use]
    pub fn wdl_at(&self, i: u64) -> Wdl {
        Wdl::from_code(self.wdl[i as usize]).unwrap_or(Wdl::Draw)
    }

    /// The value of the canonical position with dense index `i` (distance 0 when the
    /// distances were not loaded).
    #[must_use]
    pub fn value_at(&self, i: usize) -> TableValue {
        let wdl = Wdl::from_code(self.wdl[i]).unwrap_or(Wdl::Draw);
        let distance = if wdl == Wdl::Draw { 0 } else { self.distance.get(i).copied().unwrap_or(0) };
        TableValue { wdl, distance }
    }

    /// The value of the position with these stone sets.
    #[must_use]
    pub fn value(&self, us: u32, them: u32) -> TableValue {
        self.value_at(self.indexer.index(us, them) as usize)
    }
}

/// Counts of one subspace's values over the full board (each canonical position
/// weighted by the size of its orbit).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FullBoardCounts {
    /// Positions of each class, by [`Wdl::code`].
    pub counts: [u64; 5],
}

impl FullBoardCounts {
    /// The count of one class.
    #[must_use]
    pub fn count(&self, wdl: Wdl) -> u64 {
        self.counts[usize::from(wdl.code())]
    }

    /// All positions.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }
}

/// Counts `table`'s classes over the full board.
#[must_use]
pub fn full_board_counts(table: &Table) -> FullBoardCounts {
    let mut c = FullBoardCounts::default();
    for (i, &code) in table.wdl.iter().enumerate() {
        c.counts[usize::from(code.min(4))] += table.indexer.orbit_len_at(i as u64);
    }
    c
}
