//! The one container every table file is written in, moving tables
//! ([`store`](super::store)) and code files ([`packed`](super::packed): placing cells and
//! the moving tables' fast form) alike, and the block compression they share.
//!
//! Layout (integers little-endian):
//!
//! | bytes | content |
//! |---|---|
//! | 8 | magic (what kind of file it is) |
//! | 4 | format version of that kind |
//! | 8 | length `h` of the header that follows |
//! | h | the kind's header (its own fields, then where its blocks lie) |
//! | 8 | FNV-1a 64 of everything before it |
//! | … | the blocks |
//!
//! [`write()`] writes a whole file (a temporary file, synced, renamed), so a killed build
//! leaves either nothing or a whole file; [`read_head`] checks magic, version and the
//! header's checksum and hands the kind its header bytes. What the header means, and how
//! blocks are found and checked, is each kind's own. A file's bytes are read through a
//! [`Backing`]: a file on disk, or bytes carried in the binary (the engine's own small
//! tables), which are read in place and need no temporary file.

use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::Path;

use super::error::TablebaseError;

/// Bytes before the header: magic, version, header length.
const FIXED: u64 = 20;
/// Bytes of the header checksum.
const CHECKSUM: u64 = 8;

/// FNV-1a, 64 bits: a simple checksum that needs no crate.
#[must_use]
pub fn fnv1a(bytes: &[u8], mut hash: u64) -> u64 {
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// FNV-1a's step over 8-byte words (each word's high bits folded down after its
/// product, which carries only upwards), then [`fnv1a`] over the bytes left: one
/// multiplication a word where [`fnv1a`] takes one a byte.
#[must_use]
pub fn fnv1a_words(bytes: &[u8], mut hash: u64) -> u64 {
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        hash = (hash ^ u64::from_le_bytes(w.try_into().unwrap_or_default())).wrapping_mul(0x0100_0000_01b3);
        hash ^= hash >> 29;
    }
    fnv1a(words.remainder(), hash)
}

/// The FNV-1a offset basis.
pub const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

thread_local! {
    /// Each thread's zstd decompression context, made once: making one per block cost
    /// more than unpacking the block (an allocation of about 160 KB, fresh pages each
    /// time).
    static UNPACKER: std::cell::RefCell<Option<zstd::bulk::Decompressor<'static>>> =
        const { std::cell::RefCell::new(None) };
}

/// Compresses one block (zstd at `level`).
///
/// # Errors
/// zstd refuses (out of memory).
pub fn pack_block(bytes: &[u8], level: i32) -> std::io::Result<Vec<u8>> {
    zstd::bulk::compress(bytes, level)
}

/// Unpacks a block of at most `capacity` bytes with this thread's context.
///
/// # Errors
/// The bytes are not a zstd frame of at most `capacity` bytes.
pub fn unpack_block(bytes: &[u8], capacity: usize) -> std::io::Result<Vec<u8>> {
    UNPACKER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let mut unpacker = match slot.take() {
            Some(d) => d,
            None => zstd::bulk::Decompressor::new()?,
        };
        let raw = unpacker.decompress(bytes, capacity);
        *slot = Some(unpacker);
        raw
    })
}

/// Writes a whole file at `path`: the container around `header`, then `blocks` one
/// after the other. Returns the file's length.
///
/// # Errors
/// [`TablebaseError::Io`] when the file cannot be written.
pub fn write<B: AsRef<[u8]>>(
    path: &Path,
    magic: &[u8; 8],
    version: u32,
    header: &[u8],
    blocks: &[B],
) -> Result<u64, TablebaseError> {
    let data: usize = blocks.iter().map(|b| b.as_ref().len()).sum();
    let mut bytes = Vec::with_capacity(header.len() + (FIXED + CHECKSUM) as usize + data);
    bytes.extend_from_slice(magic);
    bytes.extend_from_slice(&version.to_le_bytes());
    bytes.extend_from_slice(&(header.len() as u64).to_le_bytes());
    bytes.extend_from_slice(header);
    let check = fnv1a(&bytes, FNV_OFFSET);
    bytes.extend_from_slice(&check.to_le_bytes());
    for block in blocks {
        bytes.extend_from_slice(block.as_ref());
    }
    crate::files::write_whole(path, &bytes)
        .map_err(|e| TablebaseError::Io { path: path.to_path_buf(), cause: std::io::Error::other(e.reason) })?;
    Ok(bytes.len() as u64)
}

/// Where a table file's bytes are.
#[derive(Debug)]
pub enum Backing {
    /// An open file, read where needed.
    File(File),
    /// Bytes that live as long as the program (the tables carried in the binary).
    Carried(&'static [u8]),
}

impl Backing {
    /// Opens the file at `path`.
    ///
    /// # Errors
    /// `Io`, naming `path`: the file cannot be opened.
    pub fn open(path: &Path) -> Result<Backing, TablebaseError> {
        File::open(path).map(Backing::File).map_err(|cause| TablebaseError::Io { path: path.to_path_buf(), cause })
    }

    /// The length in bytes.
    ///
    /// # Errors
    /// [`TablebaseError::NotAFile`] for a directory, `Io` when it cannot be looked at.
    pub fn len(&self, path: &Path) -> Result<u64, TablebaseError> {
        match self {
            Backing::File(file) => {
                let meta = file.metadata().map_err(|cause| TablebaseError::Io { path: path.to_path_buf(), cause })?;
                if meta.is_dir() {
                    return Err(TablebaseError::NotAFile(path.to_path_buf()));
                }
                Ok(meta.len())
            }
            Backing::Carried(bytes) => Ok(bytes.len() as u64),
        }
    }

    /// Fills `buf` from `offset`.
    ///
    /// # Errors
    /// The bytes end before `buf` is full, or the file cannot be read.
    pub fn read_exact_at(&self, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
        match self {
            Backing::File(file) => file.read_exact_at(buf, offset),
            Backing::Carried(bytes) => {
                let part = usize::try_from(offset)
                    .ok()
                    .and_then(|at| bytes.get(at..at.checked_add(buf.len())?))
                    .ok_or_else(|| std::io::Error::from(std::io::ErrorKind::UnexpectedEof))?;
                buf.copy_from_slice(part);
                Ok(())
            }
        }
    }

    /// `len` bytes from `offset`.
    ///
    /// # Errors
    /// As [`Backing::read_exact_at`].
    pub fn read_at(&self, offset: u64, len: usize) -> std::io::Result<Vec<u8>> {
        let mut buf = vec![0u8; len];
        self.read_exact_at(&mut buf, offset)?;
        Ok(buf)
    }
}

/// What [`read_head`] found: the version, the kind's header, and where the blocks are.
#[derive(Clone, Debug)]
pub struct Head {
    /// The format version (one of those asked for).
    pub version: u32,
    /// The kind's header bytes (checked against the header checksum).
    pub header: Vec<u8>,
    /// Where the first block starts in the file.
    pub data_start: u64,
    /// The file's length.
    pub file_len: u64,
}

/// Reads and checks the container of `file`, named `path`: its magic, a version
/// among `versions` (the newest is named in the error, as the one this program writes),
/// and the header checksum.
///
/// # Errors
/// `Io`, `NotAFile`, `Magic`, `Version`, or `CorruptedTable` (too short, a header longer
/// than the file, a checksum mismatch).
pub fn read_head(path: &Path, file: &Backing, magic: &[u8; 8], versions: &[u32]) -> Result<Head, TablebaseError> {
    let io = |cause| TablebaseError::Io { path: path.to_path_buf(), cause };
    let corrupted = |reason: String| TablebaseError::CorruptedTable { path: path.to_path_buf(), reason };
    let file_len = file.len(path)?;
    if file_len < FIXED {
        if file_len >= 8 {
            let mut start = [0u8; 8];
            file.read_exact_at(&mut start, 0).map_err(io)?;
            if &start != magic {
                return Err(TablebaseError::Magic(path.to_path_buf()));
            }
        }
        return Err(corrupted(format!("{file_len} bytes, too short for a header")));
    }
    let mut fixed = [0u8; FIXED as usize];
    file.read_exact_at(&mut fixed, 0).map_err(io)?;
    if &fixed[..8] != magic {
        return Err(TablebaseError::Magic(path.to_path_buf()));
    }
    let version = u32::from_le_bytes([fixed[8], fixed[9], fixed[10], fixed[11]]);
    if !versions.contains(&version) {
        let expected = versions.iter().copied().max().unwrap_or_default();
        return Err(TablebaseError::Version { path: path.to_path_buf(), found: version, expected });
    }
    let header_len = u64::from_le_bytes(fixed[12..20].try_into().unwrap_or_default());
    if header_len > file_len.saturating_sub(FIXED + CHECKSUM) {
        return Err(corrupted(format!("header of {header_len} bytes in a file of {file_len}")));
    }
    let mut header = vec![0u8; (header_len + CHECKSUM) as usize];
    file.read_exact_at(&mut header, FIXED).map_err(io)?;
    let sum = header.split_off(header_len as usize);
    if sum != fnv1a(&header, fnv1a(&fixed, FNV_OFFSET)).to_le_bytes() {
        return Err(corrupted("header checksum mismatch".to_string()));
    }
    Ok(Head { version, header, data_start: FIXED + header_len + CHECKSUM, file_len })
}

/// Reads a header's fields in order; every read past the end is `None`.
pub struct Fields<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Fields<'a> {
    /// A reader at the start of `bytes`.
    #[must_use]
    pub fn new(bytes: &'a [u8]) -> Fields<'a> {
        Fields { bytes, at: 0 }
    }

    /// The bytes not read yet.
    #[must_use]
    pub fn remaining(&self) -> usize {
        self.bytes.len() - self.at
    }

    /// The next `n` bytes.
    pub fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let s = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(s)
    }

    /// The next byte.
    pub fn u8(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }

    /// The next u16.
    pub fn u16(&mut self) -> Option<u16> {
        Some(u16::from_le_bytes(self.take(2)?.try_into().ok()?))
    }

    /// The next u32.
    pub fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }

    /// The next u64.
    pub fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }

    /// A text: u16 length, then UTF-8.
    pub fn text(&mut self) -> Option<String> {
        let n = usize::from(self.u16()?);
        String::from_utf8(self.take(n)?.to_vec()).ok()
    }
}

/// Appends a text as [`Fields::text`] reads it.
pub fn put_text(out: &mut Vec<u8>, text: &str) {
    out.extend_from_slice(&(text.len() as u16).to_le_bytes());
    out.extend_from_slice(text.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_container_reads_back_and_every_damage_is_named() {
        let dir = std::env::temp_dir().join(format!("morris-container-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("c.bin");
        let len = write(&path, b"MORRISXX", 4, b"head", &[b"ab".as_slice(), b"cde".as_slice()]).unwrap();
        assert_eq!(len, 20 + 4 + 8 + 5);
        let open = |p: &Path, versions: &[u32]| read_head(p, &Backing::open(p).unwrap(), b"MORRISXX", versions);
        let head = open(&path, &[4, 3]).unwrap();
        assert_eq!((head.version, head.header.as_slice(), head.data_start, head.file_len), (4, &b"head"[..], 32, 37));
        assert!(matches!(open(&path, &[5]), Err(TablebaseError::Version { found: 4, expected: 5, .. })));
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[21] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert!(open(&path, &[4]).unwrap_err().to_string().contains("header checksum mismatch"));
        std::fs::write(&path, b"MORRISYY and more than twenty bytes").unwrap();
        assert!(matches!(open(&path, &[4]), Err(TablebaseError::Magic(_))));
        std::fs::write(&path, b"MORRISXX").unwrap();
        assert!(open(&path, &[4]).unwrap_err().to_string().contains("8 bytes, too short for a header"));
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn fields_stop_at_the_end() {
        let mut out = vec![1u8];
        put_text(&mut out, "rules");
        out.extend_from_slice(&7u32.to_le_bytes());
        let mut f = Fields::new(&out);
        assert_eq!((f.u8(), f.text(), f.u32(), f.u8()), (Some(1), Some("rules".to_string()), Some(7), None));
        assert_eq!(f.remaining(), 0);
    }
}
