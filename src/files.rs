//! Files written whole: a temporary file beside the target, renamed over it only once
//! everything is written, so a failed or interrupted run never leaves a truncated or
//! half-written file behind. Also the operating system's reasons in plain words.
//!
//! The one home of "write to a temporary file, then rename" for every program that
//! writes an output file (the classroom programs, `morris play`'s file mode, tables), and
//! of reading a text file whole with a bound ([`read_text`]).

use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Why a file cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot write '{path}': {reason}")]
pub struct WriteError {
    /// The file.
    pub path: String,
    /// What went wrong, in words ([`io_reason`]).
    pub reason: String,
}

/// The most a small text file (a roster, a class file, an openings file, a wave of
/// jobs, a student's source or output) may hold.
pub const SMALL_TEXT: u64 = 16 << 20;

/// The most a file of games (record files, move lists) may hold.
pub const GAMES_TEXT: u64 = 1 << 30;

/// Reads `source` whole as UTF-8 text of at most `limit` bytes, so a huge or endless
/// input (a 100 GB file, `/dev/zero`, a pipe that never ends) is an error, not all of
/// memory.
///
/// # Errors
/// It cannot be read, is larger than `limit` or is not UTF-8.
pub fn read_text_from(source: impl Read, limit: u64) -> std::io::Result<String> {
    let mut bytes = Vec::new();
    source.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        let size = crate::words::format_size(limit);
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidData, format!("larger than {size}")));
    }
    String::from_utf8(bytes)
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8 text".to_string()))
}

/// Text that is not UTF-8 decoded by the legacy encoding it reads most plausibly in,
/// with that encoding's name (`GBK`, `Windows-1252`, `Shift_JIS`, `Windows-1251`): what
/// a student's Windows editor or console wrote in the student's own language (a Spanish
/// `Posici\xf3n`, a Chinese `\xbe\xd6\xc3\xe6` for `局面`). The guess is Mozilla's
/// detector's (`chardetng`), as a browser guesses a page that names no encoding.
#[must_use]
pub fn legacy_text(bytes: &[u8]) -> (String, String) {
    // Each byte above ASCII alone among ASCII (`Posici\xf3n`, `Ren\xe9 \x93quoted\x94`):
    // a Western European language's letters or a Windows editor's quotes, too few for a
    // detector's guess on a line or two but never a multi-byte encoding's pairs or a
    // Cyrillic or Greek word's run of letters.
    if !bytes.windows(2).any(|w| w[0] >= 0x80 && w[1] >= 0x80) {
        return (
            encoding_rs::WINDOWS_1252.decode_without_bom_handling(bytes).0.into_owned(),
            "Windows-1252".to_string(),
        );
    }
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    detector.feed(bytes, true);
    let encoding = detector.guess(None, chardetng::Utf8Detection::Deny);
    let (text, _) = encoding.decode_without_bom_handling(bytes);
    let name = encoding.name();
    let name = name.strip_prefix("windows-").map_or_else(|| name.to_string(), |n| format!("Windows-{n}"));
    (text.into_owned(), name)
}

/// A program's output as text: UTF-8 where it is, else in the legacy encoding it reads
/// most plausibly in ([`legacy_text`]), so that a report shows `Posición` and `局面` as the
/// student's labels had them, not U+FFFD.
#[must_use]
pub fn decode_output(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => legacy_text(bytes).0,
    }
}

/// The file at `path` as text whatever its encoding (what is not UTF-8 as U+FFFD), where it
/// can be read and holds at most `limit` bytes: a source saved in Windows-1252 or GBK, read
/// for the words it holds.
#[must_use]
pub fn read_text_lossy(path: &Path, limit: u64) -> Option<String> {
    if std::fs::metadata(path).ok()?.len() > limit {
        return None;
    }
    let bytes = std::fs::read(path).ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// Reads the file at `path` whole as text of at most `limit` bytes ([`read_text_from`]).
///
/// # Errors
/// As [`read_text_from`], or the file cannot be opened.
pub fn read_text(path: &Path, limit: u64) -> std::io::Result<String> {
    read_text_from(File::open(path)?, limit)
}

/// An I/O error in words, without Rust's " (os error N)" suffix.
#[must_use]
pub fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        std::io::ErrorKind::IsADirectory => "it is a directory, not a file".to_string(),
        std::io::ErrorKind::NotADirectory => "a part of the path is a file, not a directory".to_string(),
        _ => {
            let text = e.to_string();
            text.split(" (os error").next().unwrap_or(&text).to_string()
        }
    }
}

/// A file about to be written whole: a temporary file in the target's directory,
/// created up front so that an unwritable target is found before any work is done.
/// [`AtomicFile::commit`] writes and renames it; dropping it uncommitted removes it.
#[derive(Debug)]
pub struct AtomicFile {
    target: PathBuf,
    temp: PathBuf,
    file: Option<File>,
}

impl AtomicFile {
    /// Checks the target and creates the temporary file next to it
    /// (`.NAME.PID-NONCE.tmp`: unique across processes and hosts, so two jobs writing one
    /// target on a shared file system never write into each other's temporary file).
    ///
    /// # Errors
    /// The target is a directory, is read-only, names no file, or its directory does not
    /// exist or is not writable.
    pub fn create(target: &Path) -> Result<AtomicFile, WriteError> {
        let err = |reason: String| WriteError { path: target.display().to_string(), reason };
        let Some(name) = target.file_name() else {
            return Err(err("the path names no file".to_string()));
        };
        if let Ok(meta) = fs::metadata(target) {
            if meta.is_dir() {
                return Err(err("it is a directory".to_string()));
            }
            if meta.permissions().readonly() {
                return Err(err("the file is read-only".to_string()));
            }
        }
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let mut temp_name = OsString::from(".");
        temp_name.push(name);
        temp_name.push(format!(".{}-{:x}.tmp", std::process::id(), temp_nonce()));
        let temp = dir.join(temp_name);
        let file = File::options().write(true).create_new(true).open(&temp).map_err(|e| err(io_reason(&e)))?;
        Ok(AtomicFile { target: target.to_path_buf(), temp, file: Some(file) })
    }

    /// Writes `bytes`, syncs them, and puts the file in place of the target.
    ///
    /// # Errors
    /// Writing or renaming failed; the target is then untouched.
    pub fn commit(self, bytes: &[u8]) -> Result<(), WriteError> {
        self.commit_with(|file| file.write_all(bytes))
    }

    /// Writes what `write` writes (a file too large to hold in memory, written as it is
    /// made), syncs it, and puts the file in place of the target.
    ///
    /// # Errors
    /// `write`, writing or renaming failed; the target is then untouched.
    pub fn commit_with(mut self, write: impl FnOnce(&mut File) -> std::io::Result<()>) -> Result<(), WriteError> {
        let err = |e: std::io::Error| WriteError { path: self.target.display().to_string(), reason: io_reason(&e) };
        let mut file = self.file.take().ok_or_else(|| err(std::io::Error::other("already written")))?;
        write(&mut file).map_err(err)?;
        file.sync_all().map_err(err)?;
        drop(file);
        fs::rename(&self.temp, &self.target).map_err(err)?;
        // Renamed: nothing left for Drop to remove.
        self.temp = PathBuf::new();
        Ok(())
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        self.file.take();
        if !self.temp.as_os_str().is_empty() {
            // Best effort: a leftover temporary file is harmless and named after the target.
            let _ = fs::remove_file(&self.temp);
        }
    }
}

/// A number unlikely to repeat across processes and hosts: the clock in nanoseconds mixed
/// with a per-process counter (process ids repeat across a cluster's nodes). For naming
/// temporary files and folders.
#[must_use]
pub fn temp_nonce() -> u64 {
    static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    nanos ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// Writes `bytes` to `path` whole ([`AtomicFile`]).
///
/// # Errors
/// The target cannot be written; it is then untouched.
pub fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    AtomicFile::create(path)?.commit(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_in_utf8_or_in_the_legacy_encoding_it_reads_in() {
        assert_eq!(decode_output("Posición: 3".as_bytes()), "Posición: 3");
        assert_eq!(
            decode_output(b"Posici\xf3n del tablero: x\r\nEstimaci\xf3n: 952"),
            "Posición del tablero: x\r\nEstimación: 952"
        );
        // A Chinese student's labels in GBK, a Russian's in Windows-1251, a Japanese
        // student's in Shift_JIS.
        let gbk = b"\xbe\xb2\xcc\xac\xb9\xc0\xd6\xb5\xc6\xc0\xb9\xc0\xb5\xc4\xbe\xd6\xc3\xe6\xca\xfd: 4674";
        assert_eq!(legacy_text(gbk), ("静态估值评估的局面数: 4674".to_string(), "GBK".to_string()));
        let cyrillic = b"\xcf\xee\xe7\xe8\xf6\xe8\xe9 \xee\xf6\xe5\xed\xe5\xed\xee: 4674";
        assert_eq!(legacy_text(cyrillic), ("Позиций оценено: 4674".to_string(), "Windows-1251".to_string()));
        let sjis = b"\x90\xc3\x93\x49\x95\x5d\x89\xbf\x82\xb5\x82\xbd\x8b\xc7\x96\xca\x90\x94: 453";
        assert_eq!(legacy_text(sjis), ("静的評価した局面数: 453".to_string(), "Shift_JIS".to_string()));
    }

    #[test]
    fn text_is_read_whole_within_its_bound_only() {
        assert_eq!(read_text_from(&b"abc"[..], 3).unwrap(), "abc");
        let e = read_text_from(&b"abcd"[..], 3).unwrap_err();
        assert_eq!(e.to_string(), "larger than 3B");
        assert!(read_text_from(&[0xff_u8, 0xfe][..], 10).is_err());
        // An endless input ends at the bound.
        assert!(read_text_from(std::io::repeat(b'x'), 1 << 20).is_err());
    }

    #[test]
    fn writes_whole_and_leaves_nothing_behind_when_dropped() {
        let dir = std::env::temp_dir().join(format!("morris-files-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let target = dir.join("out.txt");
        write_whole(&target, b"one\n").unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "one\n");
        drop(AtomicFile::create(&target).unwrap());
        assert_eq!(fs::read_to_string(&target).unwrap(), "one\n");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "no temporary file is left");
        assert!(write_whole(&dir, b"x").unwrap_err().reason.contains("directory"));
        fs::remove_dir_all(&dir).unwrap();
    }
}
