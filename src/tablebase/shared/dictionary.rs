//! A zstd dictionary shared by every compact code file of one set (the placing cells of
//! one game and rule profile): trained once from the set's own blocks, kept in one small
//! file beside them, and loaded once per process however many cells name it.
//!
//! Why: a compact block is 512 packed bytes, too short for zstd to pay for its own
//! entropy tables and history; with the set's dictionary the frames are about as short
//! as 1 KiB frames without one, and unpack in half the time or less (docs/tablebase.md,
//! "Where a placing probe's time goes").
//!
//! The file is a [`container`]: magic `MORRISZD`, version 1, a header
//! of the dictionary's id (its FNV-1a, never 0) and length, then the dictionary's bytes,
//! checked against the id when read.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::container::{self, Backing, FNV_OFFSET, Fields, fnv1a};
use super::error::TablebaseError;

/// The magic bytes of a dictionary file.
pub const DICTIONARY_MAGIC: &[u8; 8] = b"MORRISZD";
/// The dictionary file format's version.
pub const DICTIONARY_VERSION: u32 = 1;
/// Bytes of a trained dictionary (measured: 64 KiB unpacks a 512-byte block faster than
/// 16 KiB, and no larger dictionary was shorter on disk).
pub const DICTIONARY_BYTES: usize = 64 * 1024;
/// Fewest blocks a dictionary is trained from; a set with fewer packs without one.
pub const MIN_SAMPLES: usize = 256;

/// A dictionary, ready to unpack with.
pub struct Dictionary {
    /// Its id: the FNV-1a of its bytes, never 0 (0 names "no dictionary").
    pub id: u64,
    bytes: Vec<u8>,
    unpack: zstd::zstd_safe::DDict<'static>,
}

impl std::fmt::Debug for Dictionary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Dictionary({:016x}, {} bytes)", self.id, self.bytes.len())
    }
}

/// The id of a dictionary's bytes.
fn id_of(bytes: &[u8]) -> u64 {
    fnv1a(bytes, FNV_OFFSET) | 1
}

impl Dictionary {
    /// The dictionary of `bytes`.
    #[must_use]
    pub fn from_bytes(bytes: Vec<u8>) -> Dictionary {
        let unpack = zstd::zstd_safe::DDict::create(&bytes);
        Dictionary { id: id_of(&bytes), bytes, unpack }
    }

    /// Trains a dictionary on `samples` (blocks of packed codes); `None` when there are
    /// fewer than [`MIN_SAMPLES`] or zstd finds nothing to learn.
    #[must_use]
    pub fn train(samples: &[&[u8]]) -> Option<Dictionary> {
        if samples.len() < MIN_SAMPLES {
            return None;
        }
        let bytes = zstd::dict::from_samples(samples, DICTIONARY_BYTES).ok()?;
        (!bytes.is_empty()).then(|| Dictionary::from_bytes(bytes))
    }

    /// Its bytes.
    #[must_use]
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The prepared form for unpacking.
    #[must_use]
    pub fn unpacker(&self) -> &zstd::zstd_safe::DDict<'static> {
        &self.unpack
    }

    /// Writes the dictionary to `path` (whole, as every table file).
    ///
    /// # Errors
    /// [`TablebaseError::Io`].
    pub fn write(&self, path: &Path) -> Result<u64, TablebaseError> {
        let mut header = self.id.to_le_bytes().to_vec();
        header.extend_from_slice(&(self.bytes.len() as u64).to_le_bytes());
        container::write(path, DICTIONARY_MAGIC, DICTIONARY_VERSION, &header, &[&self.bytes])
    }

    /// Reads the dictionary at `path`, checking its bytes against its id.
    ///
    /// # Errors
    /// `Io`, `Magic`, `Version`, `CorruptedTable`.
    pub fn read(path: &Path) -> Result<Dictionary, TablebaseError> {
        let file = Backing::open(path)?;
        Dictionary::over(path, &file)
    }

    /// The dictionary in `file` (named `path` in errors), checked as [`Dictionary::read`]
    /// checks a file.
    ///
    /// # Errors
    /// As [`Dictionary::read`].
    pub fn over(path: &Path, file: &Backing) -> Result<Dictionary, TablebaseError> {
        let io = |cause| TablebaseError::Io { path: path.to_path_buf(), cause };
        let corrupt = |reason: &str| TablebaseError::CorruptedTable { path: path.to_path_buf(), reason: reason.into() };
        let head = container::read_head(path, file, DICTIONARY_MAGIC, &[DICTIONARY_VERSION])?;
        let mut fields = Fields::new(&head.header);
        let (Some(id), Some(len)) = (fields.u64(), fields.u64()) else { return Err(corrupt("header fields")) };
        if len > 16 * DICTIONARY_BYTES as u64 || head.data_start + len != head.file_len {
            return Err(corrupt("data length"));
        }
        let mut bytes = vec![0u8; len as usize];
        file.read_exact_at(&mut bytes, head.data_start).map_err(io)?;
        if id_of(&bytes) != id {
            return Err(corrupt("dictionary checksum mismatch"));
        }
        Ok(Dictionary::from_bytes(bytes))
    }
}

/// Dictionaries this process has read, by path.
static LOADED: Mutex<Vec<(PathBuf, Arc<Dictionary>)>> = Mutex::new(Vec::new());

/// The dictionary `id` from the file at `path`, read once per process: every cell of a
/// set shares one copy.
///
/// # Errors
/// The file cannot be read, is damaged, or holds another dictionary than `id`.
pub fn shared(path: &Path, id: u64) -> Result<Arc<Dictionary>, TablebaseError> {
    shared_from(path, id, || std::fs::File::open(path).map(Backing::File))
}

/// As [`shared`], the bytes from `open` (a file, or bytes carried in the binary; a
/// `NotFound` error is a missing dictionary).
///
/// # Errors
/// As [`shared`].
pub fn shared_from(
    path: &Path,
    id: u64,
    open: impl FnOnce() -> std::io::Result<Backing>,
) -> Result<Arc<Dictionary>, TablebaseError> {
    let mut loaded = LOADED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, d)) = loaded.iter().find(|(p, d)| p == path && d.id == id) {
        return Ok(Arc::clone(d));
    }
    let file = open().map_err(|cause| TablebaseError::Io { path: path.to_path_buf(), cause });
    let dict = file.and_then(|file| Dictionary::over(path, &file)).map_err(|e| match e {
        TablebaseError::Io { cause, .. } if cause.kind() == std::io::ErrorKind::NotFound => {
            TablebaseError::CorruptedTable {
                path: path.to_path_buf(),
                reason: format!("the dictionary {id:016x} its cells were packed with is missing"),
            }
        }
        other => other,
    })?;
    if dict.id != id {
        return Err(TablebaseError::CorruptedTable {
            path: path.to_path_buf(),
            reason: format!("holds dictionary {:016x}, the cells were packed with {id:016x}", dict.id),
        });
    }
    let dict = Arc::new(dict);
    loaded.retain(|(p, _)| p != path);
    loaded.push((path.to_path_buf(), Arc::clone(&dict)));
    Ok(dict)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dictionary_reads_back_and_damage_is_named() {
        let dir = std::env::temp_dir().join(format!("morris-dict-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.dict");
        let blocks: Vec<Vec<u8>> =
            (0..400u32).map(|k| (0..512u32).map(|i| ((i * (k % 7 + 1)) % 5 * 0x11) as u8).collect()).collect();
        let samples: Vec<&[u8]> = blocks.iter().map(Vec::as_slice).collect();
        let dict = Dictionary::train(&samples).expect("enough samples");
        assert!(Dictionary::train(&samples[..10]).is_none());
        dict.write(&path).unwrap();
        let back = shared(&path, dict.id).unwrap();
        assert_eq!((back.id, back.bytes()), (dict.id, dict.bytes()));
        assert!(shared(&path, dict.id ^ 2).unwrap_err().to_string().contains("the cells were packed with"));
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert!(Dictionary::read(&path).unwrap_err().to_string().contains("dictionary checksum mismatch"));
        std::fs::remove_file(&path).unwrap();
        assert!(shared(&dir.join("none.dict"), 5).unwrap_err().to_string().contains("is missing"));
        // Carried bytes (a dictionary in the binary) read as the file does; carried cells
        // without their dictionary name it as missing.
        dict.write(&path).unwrap();
        let carried: &'static [u8] = Box::leak(std::fs::read(&path).unwrap().into_boxed_slice());
        let named = Path::new("carried/t.dict");
        let back = shared_from(named, dict.id, || Ok(Backing::Carried(carried))).unwrap();
        assert_eq!(back.bytes(), dict.bytes());
        let none = || Err(std::io::Error::from(std::io::ErrorKind::NotFound));
        let e = shared_from(Path::new("carried/other.dict"), dict.id, none).unwrap_err().to_string();
        assert!(e.contains("carried/other.dict") && e.contains("is missing"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
