//! Packing a placing set: once every cell of a game and profile is built, train the set's
//! dictionary from its own blocks and rewrite each cell in the compact layout
//! ([`pack_cell`]), so that a probe unpacks 512 bytes with a dictionary instead of
//! 1 KiB without one. Resumable cell by cell: a packed cell is kept, the dictionary is
//! written before the first cell and read again by a resumed run, and a cell packed
//! without one (while the set was too small to train it) is kept. Every rewritten cell is
//! read back whole and compared with what it held before; a cell that does not read back
//! is written again as it was, and the run stops with an error.

use std::path::Path;

use crate::tablebase::shared::cell::{
    PlacingCell, PlacingFile, cell_path, cells, dictionary_path, model_cell, pack_cell, placing_rules, write_cell,
};
use crate::tablebase::shared::dictionary::Dictionary;
use crate::tablebase::shared::error::TablebaseError;
use crate::tablebase::shared::packed::{Block, COMPACT_BLOCK_BYTES};
use crate::tablebase::shared::value::RuleProfile;
use crate::tablebase::shared::worker_pool;

/// Blocks sampled from the set to train its dictionary (each gives its two halves).
const SAMPLE_BLOCKS: u64 = 8192;

/// What packing one cell did.
#[derive(Clone, Debug)]
pub struct PackedCell {
    /// The cell.
    pub cell: PlacingCell,
    /// Its file's bytes before and after.
    pub bytes: (u64, u64),
    /// Whether it was packed already (kept as it is).
    pub kept: bool,
    /// Wall time in seconds.
    pub seconds: f64,
}

/// What packing a set did.
#[derive(Clone, Debug, Default)]
pub struct PackReport {
    /// Cells of the set in the directory.
    pub cells: usize,
    /// Cells packed now.
    pub packed: usize,
    /// The files' bytes before and after (with the dictionary's file).
    pub bytes: (u64, u64),
    /// The set's dictionary (0: none, the set is too small to train one).
    pub dictionary: u64,
}

/// What coding one cell against its model did ([`model_cells`]).
#[derive(Clone, Debug)]
pub struct ModeledCell {
    /// The cell.
    pub cell: PlacingCell,
    /// Its file's bytes before and after.
    pub bytes: (u64, u64),
    /// Contexts in its model.
    pub contexts: usize,
    /// Wall time in seconds.
    pub seconds: f64,
}

/// Writes each placing cell file of `files` (any layout, its set's dictionary beside it)
/// into `out` (made if missing) coded against a model of its positions ([`model_cell`]),
/// fitted to the cell's own values, on `threads` workers; each written file is read back whole and
/// compared with the codes it was made from before the next is begun. The same files
/// give the same bytes.
///
/// # Errors
/// A file cannot be read or written, `out` is one of the files' own folder, or a written
/// file does not read back (it is removed).
pub fn model_cells(
    files: &[std::path::PathBuf],
    out: &Path,
    threads: usize,
    on_cell: &mut dyn FnMut(&ModeledCell),
) -> Result<Vec<ModeledCell>, TablebaseError> {
    let pool = worker_pool(threads, out)?;
    std::fs::create_dir_all(out).map_err(|cause| TablebaseError::Io { path: out.to_path_buf(), cause })?;
    let mut done = Vec::with_capacity(files.len());
    for path in files {
        let start = std::time::Instant::now();
        // A bare file name lies in the current folder.
        let from_dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        if from_dir.canonicalize().ok().is_some_and(|d| Some(d) == out.canonicalize().ok()) {
            return Err(TablebaseError::Io {
                path: path.clone(),
                cause: std::io::Error::other("would be written over itself: give another --out"),
            });
        }
        let file = PlacingFile::open_path(path, None, None)?;
        let header = file.header.clone();
        let codes = pool.install(|| file.read_all())?;
        let bytes = pool.install(|| model_cell(out, &header, &codes))?;
        let written = cell_path(out, header.cell, header.stones, header.profile);
        let back = PlacingFile::open_path(&written, Some(header.cell), Some(&header.rules))
            .and_then(|f| Ok((pool.install(|| f.read_all())?, f)));
        let contexts = match &back {
            Ok((again, f)) if same_codes(again, &codes, header.positions) => f.contexts(),
            _ => {
                std::fs::remove_file(&written).ok();
                return Err(TablebaseError::CorruptedTable {
                    path: written,
                    reason: "does not read back as the cell it was made from (removed)".into(),
                });
            }
        };
        let before = std::fs::metadata(path).map_or(0, |m| m.len());
        let report =
            ModeledCell { cell: header.cell, bytes: (before, bytes), contexts, seconds: start.elapsed().as_secs_f64() };
        on_cell(&report);
        done.push(report);
    }
    Ok(done)
}

/// A reproducible spread of `n` picks among `total`.
fn spread(n: u64, total: u64) -> impl Iterator<Item = u64> {
    (0..n.min(total)).map(move |k| {
        let mut x = k.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        x = (x ^ (x >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        (x ^ (x >> 29)) % total
    })
}

/// Whether two packed code arrays hold the same first `n` codes (the bits past the last
/// code of a short last block are free).
pub fn same_codes(a: &[u8], b: &[u8], n: u64) -> bool {
    let full = (n / 4) as usize;
    let rest = (n % 4) as u32;
    let mask = ((1u16 << (2 * rest)) - 1) as u8;
    a.len() >= full
        && b.len() >= full
        && a[..full] == b[..full]
        && (rest == 0 || a.get(full).zip(b.get(full)).is_some_and(|(x, y)| (x ^ y) & mask == 0))
}

/// The set's dictionary: read from its file when there is one, else trained from the
/// blocks of the cells not packed yet and written (`None` when the set is too small).
fn dictionary_for(
    dir: &Path,
    stones: u8,
    profile: RuleProfile,
    files: &[PlacingFile],
) -> Result<Option<Dictionary>, TablebaseError> {
    let path = dictionary_path(dir, stones, profile);
    if path.exists() {
        return Dictionary::read(&path).map(Some);
    }
    if let Some(f) = files.iter().find(|f| f.packed_with().is_some_and(|id| id != 0)) {
        return Err(TablebaseError::CorruptedTable {
            path: f.path.clone(),
            reason: format!("packed with a dictionary, but {} is missing", path.display()),
        });
    }
    let wide: Vec<&PlacingFile> = files.iter().filter(|f| f.packed_with().is_none()).collect();
    let total: u64 = wide.iter().map(|f| f.blocks()).sum();
    let mut samples: Vec<Vec<u8>> = Vec::new();
    for pick in spread(SAMPLE_BLOCKS, total) {
        let (mut file, mut b) = (0, pick);
        while b >= wide[file].blocks() {
            b -= wide[file].blocks();
            file += 1;
        }
        if let Block::Packed(bytes) = wide[file].block(b)? {
            samples
                .extend(bytes.chunks(COMPACT_BLOCK_BYTES).filter(|h| h.iter().any(|&x| x != h[0])).map(<[u8]>::to_vec));
        }
    }
    let refs: Vec<&[u8]> = samples.iter().map(Vec::as_slice).collect();
    let Some(dict) = Dictionary::train(&refs) else { return Ok(None) };
    dict.write(&path)?;
    Ok(Some(dict))
}

/// Packs every built cell of a game of `stones` a side under `profile` in `dir` on
/// `threads` workers; `on_cell` hears each cell.
///
/// # Errors
/// A cell cannot be read or written, is packed with a dictionary that is not there, or
/// does not read back as it was.
pub fn pack_placing(
    dir: &Path,
    stones: u8,
    profile: RuleProfile,
    threads: usize,
    on_cell: &mut dyn FnMut(&PackedCell),
) -> Result<PackReport, TablebaseError> {
    let pool = worker_pool(threads, dir)?;
    let rules = placing_rules(stones, profile);
    let mut files = Vec::new();
    for cell in cells(stones) {
        if cell_path(dir, cell, stones, profile).exists() {
            files.push(PlacingFile::open(dir, cell, stones, profile, Some(&rules))?);
        }
    }
    let dict = pool.install(|| dictionary_for(dir, stones, profile, &files))?;
    let id = dict.as_ref().map_or(0, |d| d.id);
    let mut report = PackReport { cells: files.len(), dictionary: id, ..PackReport::default() };
    if dict.is_some() {
        let dict_bytes = std::fs::metadata(dictionary_path(dir, stones, profile)).map_or(0, |m| m.len());
        report.bytes.1 += dict_bytes;
    }
    for file in files {
        let start = std::time::Instant::now();
        let before = std::fs::metadata(&file.path).map_or(0, |m| m.len());
        let cell = file.header.cell;
        if let Some(with) = file.packed_with() {
            if with != id && with != 0 {
                return Err(TablebaseError::CorruptedTable {
                    path: file.path.clone(),
                    reason: format!("packed with dictionary {with:016x}, the set's is {id:016x}"),
                });
            }
            report.bytes.0 += before;
            report.bytes.1 += before;
            on_cell(&PackedCell { cell, bytes: (before, before), kept: true, seconds: 0.0 });
            continue;
        }
        let codes = pool.install(|| file.read_all())?;
        let header = file.header.clone();
        drop(file);
        let after = pool.install(|| pack_cell(dir, &header, &codes, dict.as_ref()))?;
        let back =
            PlacingFile::open(dir, cell, stones, profile, Some(&rules)).and_then(|f| pool.install(|| f.read_all()));
        if !back.as_ref().is_ok_and(|b| same_codes(b, &codes, header.positions)) {
            pool.install(|| write_cell(dir, &header, &codes))?;
            return Err(TablebaseError::CorruptedTable {
                path: cell_path(dir, cell, stones, profile),
                reason: "the packed cell did not read back as it was; it is kept unpacked".into(),
            });
        }
        report.packed += 1;
        report.bytes.0 += before;
        report.bytes.1 += after;
        on_cell(&PackedCell { cell, bytes: (before, after), kept: false, seconds: start.elapsed().as_secs_f64() });
    }
    Ok(report)
}
