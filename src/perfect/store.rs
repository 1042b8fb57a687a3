//! Table files: one per subspace, written atomically, read back with every field checked.
//!
//! Layout (all integers little-endian):
//!
//! | bytes | content |
//! |---|---|
//! | 8 | magic `MORRISTB` |
//! | 4 | format version ([`VERSION`]) |
//! | 1 + 1 | subspace: stones of the side to move, of the other side |
//! | 2 + n | length and UTF-8 text of the rules ([`header_rules`](super::sector::header_rules)) |
//! | 8 | number of positions (canonical, after symmetry reduction) |
//! | count | one value byte per position ([`encode`](super::sector::encode)) |
//! | 8 | number of long entries (positions whose byte is [`LONG`]) |
//! | 10 each | long entries by ascending index: index (8), distance in plies (2) |
//! | 8 | FNV-1a 64 hash of everything before it |
//!
//! A write goes to `NAME.tmp` and is renamed over `NAME` only when complete, so an
//! interrupted build leaves either nothing or a whole file. This module knows bytes and
//! files; it does not know how values are computed.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::index::Indexer;
use super::sector::{LONG, MAX_SHORT_DISTANCE, Subspace, decode, distance_value};
use crate::search::OracleValue;
use crate::topology::Topology;

/// The file magic.
pub const MAGIC: &[u8; 8] = b"MORRISTB";
/// The format version this build reads and writes.
pub const VERSION: u32 = 2;

/// Why a table could not be used. A table that fails any check is never probed.
#[derive(Debug, thiserror::Error)]
pub enum TablebaseError {
    /// The file could not be read or written.
    #[error("{}: {cause}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong (named `cause`, not `source`, so it is printed once).
        cause: std::io::Error,
    },
    /// The file does not start with the table magic.
    #[error("{0}: not a morris table (bad magic bytes)")]
    Magic(PathBuf),
    /// The file has another format version.
    #[error("{path}: table format version {found}, this program reads version {VERSION}")]
    Version {
        /// The file.
        path: PathBuf,
        /// The version in the file.
        found: u32,
    },
    /// The table was built for other rules.
    #[error("{path}: built for rules '{found}', expected '{expected}'")]
    Ruleset {
        /// The file.
        path: PathBuf,
        /// The rules in the header.
        found: String,
        /// The rules asked for.
        expected: String,
    },
    /// The table holds another subspace than its name says.
    #[error("{path}: holds subspace {found}, expected {expected}")]
    Subspace {
        /// The file.
        path: PathBuf,
        /// The subspace in the header.
        found: Subspace,
        /// The subspace asked for.
        expected: Subspace,
    },
    /// The file is truncated, too long, or its checksum does not match.
    #[error("{path}: corrupted table ({reason})")]
    CorruptedTable {
        /// The file.
        path: PathBuf,
        /// What did not match.
        reason: String,
    },
    /// A table that is needed is not in the directory.
    #[error("table {subspace} is missing from {dir} (build it with `morris tablebase build`)")]
    MissingTable {
        /// The directory searched.
        dir: PathBuf,
        /// The subspace.
        subspace: Subspace,
    },
    /// The rules are not ones the tables cover.
    #[error("tables cover only the standard board, flying at 3, removal when-all-in-mills: not '{0}'")]
    UnsupportedRules(String),
    /// A distance exceeded what the solver counts (65,533 plies).
    #[error("subspace {0}: a distance exceeds 65,533 plies")]
    DistanceOverflow(Subspace),
    /// The solver's un-move generation disagreed with its move generation (a bug).
    #[error("subspace {0}: un-moves do not match moves (a solver bug)")]
    UnmoveMismatch(Subspace),
}

/// One subspace's values in memory, with its index.
pub struct Table {
    /// The subspace.
    pub subspace: Subspace,
    /// Its index.
    pub indexer: Arc<Indexer>,
    /// One value byte per canonical position.
    pub values: Vec<u8>,
    /// The distances of the positions whose byte is [`LONG`], by index.
    pub long: HashMap<u64, u16>,
}

impl Table {
    /// The value of the canonical position with dense index `index`.
    #[inline]
    #[must_use]
    pub fn value_at(&self, index: usize) -> OracleValue {
        match self.values[index] {
            // Loading checks that every LONG byte has its entry.
            LONG => distance_value(self.long.get(&(index as u64)).copied().unwrap_or(MAX_SHORT_DISTANCE + 1)),
            b => decode(b),
        }
    }

    /// The value of the position with these stone sets.
    #[inline]
    #[must_use]
    pub fn value(&self, us: u32, them: u32) -> OracleValue {
        self.value_at(self.indexer.index(us, them) as usize)
    }
}

/// FNV-1a, 64 bits: a simple checksum that needs no crate.
#[must_use]
pub fn fnv1a(bytes: &[u8], mut hash: u64) -> u64 {
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// The FNV-1a offset basis.
pub const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

fn header(subspace: Subspace, rules: &str, count: u64) -> Vec<u8> {
    let mut h = Vec::with_capacity(32 + rules.len());
    h.extend_from_slice(MAGIC);
    h.extend_from_slice(&VERSION.to_le_bytes());
    h.push(subspace.us);
    h.push(subspace.them);
    h.extend_from_slice(&(rules.len() as u16).to_le_bytes());
    h.extend_from_slice(rules.as_bytes());
    h.extend_from_slice(&count.to_le_bytes());
    h
}

/// The path of `subspace`'s table in `dir`.
#[must_use]
pub fn table_path(dir: &Path, subspace: Subspace) -> PathBuf {
    dir.join(subspace.file_name())
}

/// Writes `values` (with the `long` distances) as `subspace`'s table in `dir`: to a
/// temporary file, then renamed.
///
/// # Errors
/// [`TablebaseError::Io`] when the directory or file cannot be written.
pub fn write_table(
    dir: &Path,
    subspace: Subspace,
    rules: &str,
    values: &[u8],
    long: &HashMap<u64, u16>,
) -> Result<(), TablebaseError> {
    let path = table_path(dir, subspace);
    let tmp = path.with_extension(format!("{}.tmp", super::sector::FILE_EXTENSION));
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |cause| TablebaseError::Io { path, cause }
    };
    let mut bytes = header(subspace, rules, values.len() as u64);
    bytes.extend_from_slice(values);
    let mut entries: Vec<(u64, u16)> = long.iter().map(|(&i, &d)| (i, d)).collect();
    entries.sort_unstable();
    bytes.extend_from_slice(&(entries.len() as u64).to_le_bytes());
    for (i, d) in entries {
        bytes.extend_from_slice(&i.to_le_bytes());
        bytes.extend_from_slice(&d.to_le_bytes());
    }
    let sum = fnv1a(&bytes, FNV_OFFSET);
    bytes.extend_from_slice(&sum.to_le_bytes());
    std::fs::write(&tmp, &bytes).map_err(io(&tmp))?;
    std::fs::rename(&tmp, &path).map_err(io(&path))
}

/// Reads and checks `subspace`'s table in `dir` for `rules` on `topology`.
///
/// # Errors
/// [`TablebaseError::MissingTable`] when there is no file; otherwise the first check that
/// fails: magic, version, rules, subspace, length, checksum.
pub fn read_table(dir: &Path, subspace: Subspace, rules: &str, topology: &Topology) -> Result<Table, TablebaseError> {
    let path = table_path(dir, subspace);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(TablebaseError::MissingTable { dir: dir.to_path_buf(), subspace });
        }
        Err(cause) => return Err(TablebaseError::Io { path, cause }),
    };
    let corrupted = |reason: &str| TablebaseError::CorruptedTable { path: path.clone(), reason: reason.to_string() };
    let mut cursor = Cursor { bytes: &bytes, at: 0 };
    if cursor.take(MAGIC.len()) != Some(&MAGIC[..]) {
        return Err(TablebaseError::Magic(path));
    }
    let found = cursor.u32().ok_or_else(|| corrupted("truncated header"))?;
    if found != VERSION {
        return Err(TablebaseError::Version { path, found });
    }
    let us = cursor.u8().ok_or_else(|| corrupted("truncated header"))?;
    let them = cursor.u8().ok_or_else(|| corrupted("truncated header"))?;
    let rules_len = cursor.u16().ok_or_else(|| corrupted("truncated header"))?;
    let found_rules = cursor.take(usize::from(rules_len)).ok_or_else(|| corrupted("truncated header"))?;
    let count = cursor.u64().ok_or_else(|| corrupted("truncated header"))?;
    // Check the length and checksum before trusting any field beyond magic and version.
    let values_start = cursor.at;
    let values_end = (values_start as u64).saturating_add(count);
    let long_count = usize::try_from(values_end)
        .ok()
        .and_then(|end| bytes.get(end..end.checked_add(8)?))
        .and_then(|b| b.try_into().ok())
        .map(u64::from_le_bytes)
        .ok_or_else(|| corrupted(&format!("{} bytes, too short for {count} positions", bytes.len())))?;
    let expected = values_end.saturating_add(8).saturating_add(long_count.saturating_mul(10)).saturating_add(8);
    if bytes.len() as u64 != expected {
        return Err(corrupted(&format!("{} bytes, the header promises {expected}", bytes.len())));
    }
    let end = bytes.len() - 8;
    let stored = bytes[end..].try_into().map(u64::from_le_bytes).map_err(|_| corrupted("truncated checksum"))?;
    if fnv1a(&bytes[..end], FNV_OFFSET) != stored {
        return Err(corrupted("checksum mismatch"));
    }
    let found_rules = String::from_utf8_lossy(found_rules).into_owned();
    if found_rules != rules {
        return Err(TablebaseError::Ruleset { path, found: found_rules, expected: rules.to_string() });
    }
    let found_sub = Subspace::new(us, them);
    if found_sub != subspace {
        return Err(TablebaseError::Subspace { path, found: found_sub, expected: subspace });
    }
    let indexer = Indexer::new(topology, usize::from(us), usize::from(them));
    if indexer.len() != count {
        return Err(corrupted(&format!("{count} positions, subspace {subspace} has {}", indexer.len())));
    }
    let values = bytes[values_start..values_end as usize].to_vec();
    let mut long = HashMap::with_capacity(long_count as usize);
    let mut entries = Cursor { bytes: &bytes[..end], at: values_end as usize + 8 };
    for _ in 0..long_count {
        let (Some(i), Some(d)) = (entries.u64(), entries.u16()) else {
            return Err(corrupted("truncated long entries"));
        };
        if values.get(i as usize) != Some(&LONG) || long.insert(i, d).is_some() {
            return Err(corrupted("a long entry does not fit the values"));
        }
    }
    if values.iter().filter(|&&b| b == LONG).count() != long.len() {
        return Err(corrupted("a long value has no entry"));
    }
    Ok(Table { subspace, indexer: Arc::new(indexer), values, long })
}

/// A reader over a byte slice that returns `None` past the end.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let out = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(out)
    }
    fn u8(&mut self) -> Option<u8> {
        self.take(1).map(|b| b[0])
    }
    fn u16(&mut self) -> Option<u16> {
        self.take(2)?.try_into().ok().map(u16::from_le_bytes)
    }
    fn u32(&mut self) -> Option<u32> {
        self.take(4)?.try_into().ok().map(u32::from_le_bytes)
    }
    fn u64(&mut self) -> Option<u64> {
        self.take(8)?.try_into().ok().map(u64::from_le_bytes)
    }
}
