//! A moving pair's solve, saved between two levels, or between two parts of one level, so
//! that a killed build resumes there instead of from the pair's start.
//!
//! The largest pairs take hours (8-9 holds about a billion positions), longer than a
//! machine may stay up, and one level of them can take more than an hour; the driver saves
//! each such solve every few minutes. Between two levels the solver's whole state is its
//! arrays (a level word and a count byte per position), the positions resolved at the level
//! about to be expanded (the frontier), the queues of later levels, and three counters;
//! within a level, the frontier is what is left of the level's, and the positions its
//! expansion has resolved at the next level so far are one more list. The tables its
//! removals lead to are files already. One file holds all of it (integers little-endian):
//!
//! | bytes | content |
//! |---|---|
//! | 8, 4 | magic, version |
//! | 2 + r, 2 | the rules text (its length, then it), the horizon |
//! | 1, 10 each | subspaces; each: stones of the side to move and of the other, positions |
//! | 8, 4, 8 | the level about to be expanded, the levels done, the largest queue |
//! | 8, 8, 8 + 8 each | the frontier's length; the next level's resolved so far (not in version 1); the queues' number and each one's length |
//! | … | each subspace's level words, then its count bytes; the frontier; the resolved; the queues |
//! | 8 | [`fnv1a_words`] of everything before it, in blocks of 1 MiB |
//!
//! It is written whole and renamed ([`AtomicFile`]), and believed only if every field
//! matches the pair being solved and the checksum holds: otherwise the pair is solved
//! from its start, as without a file. Version 1 (saved only between levels, without the
//! resolved list) is still read.

use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, AtomicU16, Ordering::Relaxed};
use std::time::Duration;

use crate::files::AtomicFile;
use crate::tablebase::shared::container::{FNV_OFFSET, fnv1a_words};
use crate::tablebase::shared::sector::Subspace;

const MAGIC: &[u8; 8] = b"MORRISCK";
/// The file's version: it changes with its layout, and with what the solver's arrays mean
/// (a count byte's flags, a level word's bits), so that no build resumes from a state
/// another solver saved.
const VERSION: u32 = 2;
/// The version before the resolved list, whose files are still read.
const VERSION_BETWEEN_LEVELS: u32 = 1;
/// Bytes hashed and written at once (a multiple of 8, so the blocks' word steps chain
/// exactly as over the whole).
const BLOCK: usize = 1 << 20;
/// Positions converted per step between the atomics and bytes.
const STEP: usize = BLOCK / 2;

/// Where a pair's solve is saved, and how often.
#[derive(Clone, Debug)]
pub struct Checkpoint {
    /// The file.
    pub path: PathBuf,
    /// The least time between two saves (zero: at every chance).
    pub every: Duration,
    /// The rules text of the tables (a file saved under other rules is not believed).
    pub rules: String,
    /// Stop the solve after this many saves
    /// ([`TablebaseError::Stopped`](crate::tablebase::shared::error::TablebaseError::Stopped)):
    /// how tests interrupt a solve at a known point. `None` in builds.
    pub stop_after: Option<u32>,
    /// Positions of a level expanded between two chances to save within it (0: only
    /// between levels); each chance saves only if `every` has passed.
    pub segment: usize,
}

/// One subspace's arrays, as the solver holds them.
pub struct Arrays<'a> {
    /// The subspace.
    pub subspace: Subspace,
    /// Its level words.
    pub level: &'a [AtomicU16],
    /// Its count bytes.
    pub count: &'a [AtomicU8],
}

/// The solver's state between two levels or within one, besides its arrays, as loaded.
#[derive(Debug, Default)]
pub struct Between {
    /// The level about to be expanded, or being expanded.
    pub d: usize,
    /// Levels expanded so far (not counting `d`).
    pub levels: u32,
    /// The largest queue so far.
    pub peak_queue: usize,
    /// The positions resolved at level `d` and not yet expanded (their level words are set).
    pub frontier: Vec<u32>,
    /// Within level `d`: the positions its expansion so far resolved at level `d + 1`
    /// (their level words are set). Empty between levels.
    pub resolved: Vec<u32>,
    /// The positions queued for each level (those up to `d` are empty within a level,
    /// those below it between levels).
    pub buckets: Vec<Vec<u32>>,
}

/// The same state as the solver holds it, to be saved.
#[derive(Clone, Copy, Debug)]
pub struct State<'a> {
    /// [`Between::d`].
    pub d: usize,
    /// [`Between::levels`].
    pub levels: u32,
    /// [`Between::peak_queue`].
    pub peak_queue: usize,
    /// [`Between::frontier`].
    pub frontier: &'a [u32],
    /// [`Between::resolved`].
    pub resolved: &'a [u32],
    /// [`Between::buckets`].
    pub buckets: &'a [Vec<u32>],
}

impl Checkpoint {
    /// Saves `arrays` and `state` under `horizon`.
    ///
    /// # Errors
    /// The file cannot be written, in words; no file is then left.
    pub fn save(&self, horizon: u16, arrays: &[Arrays], state: &State) -> Result<(), String> {
        let file = AtomicFile::create(&self.path).map_err(|e| e.to_string())?;
        file.commit_with(|file| {
            let mut out = Summed::new(file);
            out.put(&self.header(horizon, arrays, state))?;
            let mut bytes = Vec::with_capacity(BLOCK);
            for a in arrays {
                for chunk in a.level.chunks(STEP) {
                    bytes.clear();
                    bytes.extend(chunk.iter().flat_map(|w| w.load(Relaxed).to_le_bytes()));
                    out.put(&bytes)?;
                }
                for chunk in a.count.chunks(STEP) {
                    bytes.clear();
                    bytes.extend(chunk.iter().map(|c| c.load(Relaxed)));
                    out.put(&bytes)?;
                }
            }
            let lists = [state.frontier, state.resolved].into_iter().chain(state.buckets.iter().map(Vec::as_slice));
            for list in lists {
                for chunk in list.chunks(STEP / 2) {
                    bytes.clear();
                    bytes.extend(chunk.iter().flat_map(|e| e.to_le_bytes()));
                    out.put(&bytes)?;
                }
            }
            out.finish()
        })
        .map_err(|e| e.to_string())
    }

    /// The fields before the arrays.
    fn header(&self, horizon: u16, arrays: &[Arrays], state: &State) -> Vec<u8> {
        let mut h = Vec::new();
        h.extend_from_slice(MAGIC);
        h.extend_from_slice(&VERSION.to_le_bytes());
        h.extend_from_slice(&(self.rules.len() as u16).to_le_bytes());
        h.extend_from_slice(self.rules.as_bytes());
        h.extend_from_slice(&horizon.to_le_bytes());
        h.push(arrays.len() as u8);
        for a in arrays {
            h.extend_from_slice(&[a.subspace.us, a.subspace.them]);
            h.extend_from_slice(&(a.level.len() as u64).to_le_bytes());
        }
        h.extend_from_slice(&(state.d as u64).to_le_bytes());
        h.extend_from_slice(&state.levels.to_le_bytes());
        h.extend_from_slice(&(state.peak_queue as u64).to_le_bytes());
        h.extend_from_slice(&(state.frontier.len() as u64).to_le_bytes());
        h.extend_from_slice(&(state.resolved.len() as u64).to_le_bytes());
        h.extend_from_slice(&(state.buckets.len() as u64).to_le_bytes());
        for b in state.buckets {
            h.extend_from_slice(&(b.len() as u64).to_le_bytes());
        }
        h
    }

    /// Loads the saved state into `arrays` (fresh, all zero) when the file is there, is
    /// whole and was saved for this pair under these rules and `horizon`. `Ok(None)`: there
    /// is no file.
    ///
    /// # Errors
    /// Why the file is not believed, in words; `arrays` may then hold part of it and must
    /// be cleared again.
    pub fn load(&self, horizon: u16, arrays: &[Arrays]) -> Result<Option<Between>, String> {
        let file = match File::open(&self.path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(crate::files::io_reason(&e)),
        };
        let mut input = Unsummed::new(file).map_err(|e| crate::files::io_reason(&e))?;
        let between = self.read_state(&mut input, horizon, arrays)?;
        input.finish()?;
        Ok(Some(between))
    }

    fn read_state(&self, input: &mut Unsummed, horizon: u16, arrays: &[Arrays]) -> Result<Between, String> {
        let mut fixed = [0u8; 14];
        input.take(&mut fixed)?;
        if &fixed[..8] != MAGIC {
            return Err("not a solver checkpoint (bad magic bytes)".to_string());
        }
        let version = u32::from_le_bytes(fixed[8..12].try_into().unwrap_or_default());
        if version != VERSION && version != VERSION_BETWEEN_LEVELS {
            return Err(format!(
                "checkpoint version {version}, this program reads versions {VERSION_BETWEEN_LEVELS} and {VERSION}"
            ));
        }
        let mut rules = vec![0u8; usize::from(u16::from_le_bytes([fixed[12], fixed[13]]))];
        input.take(&mut rules)?;
        if rules != self.rules.as_bytes() {
            return Err(format!("saved under rules '{}'", String::from_utf8_lossy(&rules)));
        }
        let saved_horizon = input.u16()?;
        if saved_horizon != horizon {
            return Err(format!("saved with a horizon of {saved_horizon} plies, not {horizon}"));
        }
        let mut n = [0u8; 1];
        input.take(&mut n)?;
        if usize::from(n[0]) != arrays.len() {
            return Err(format!("holds {} subspaces, not {}", n[0], arrays.len()));
        }
        for a in arrays {
            let mut s = [0u8; 2];
            input.take(&mut s)?;
            let len = input.u64()?;
            if (s[0], s[1], len) != (a.subspace.us, a.subspace.them, a.level.len() as u64) {
                return Err(format!("holds {} positions of {}-{}, not of {}", len, s[0], s[1], a.subspace));
            }
        }
        let d = input.length()?;
        let levels = input.u32()?;
        let peak_queue = input.length()?;
        let frontier_len = input.length()?;
        let resolved_len = if version == VERSION_BETWEEN_LEVELS { 0 } else { input.length()? };
        let buckets_len = input.length()?;
        let bucket_lens: Vec<usize> = (0..buckets_len).map(|_| input.length()).collect::<Result<_, _>>()?;
        let mut bytes = vec![0u8; BLOCK];
        for a in arrays {
            for chunk in a.level.chunks(STEP) {
                let raw = &mut bytes[..2 * chunk.len()];
                input.take(raw)?;
                for (w, b) in chunk.iter().zip(raw.chunks_exact(2)) {
                    w.store(u16::from_le_bytes([b[0], b[1]]), Relaxed);
                }
            }
            for chunk in a.count.chunks(STEP) {
                let raw = &mut bytes[..chunk.len()];
                input.take(raw)?;
                for (c, &b) in chunk.iter().zip(raw.iter()) {
                    c.store(b, Relaxed);
                }
            }
        }
        let mut entries = |len: usize| -> Result<Vec<u32>, String> {
            // Grown as read, never sized up front by a length a corrupt file may give.
            let mut list = Vec::new();
            let mut left = len;
            while left > 0 {
                let k = left.min(STEP / 2);
                let raw = &mut bytes[..4 * k];
                input.take(raw)?;
                list.extend(raw.chunks_exact(4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])));
                left -= k;
            }
            Ok(list)
        };
        let frontier = entries(frontier_len)?;
        let resolved = entries(resolved_len)?;
        let buckets = bucket_lens.into_iter().map(&mut entries).collect::<Result<_, _>>()?;
        Ok(Between { d, levels, peak_queue, frontier, resolved, buckets })
    }

    /// Removes the file (best effort: once the pair's tables are written it is not read).
    pub fn remove(&self) {
        let _ = std::fs::remove_file(&self.path);
    }

    /// The file's path for the pair whose first subspace is `first`, in `dir`.
    #[must_use]
    pub fn path_for(dir: &Path, first: Subspace) -> PathBuf {
        dir.join(format!("{first}.checkpoint"))
    }
}

/// Writes blocks of [`BLOCK`] bytes, summing them as it goes, and the sum at the end.
struct Summed<'a> {
    out: &'a mut File,
    buffer: Vec<u8>,
    hash: u64,
}

impl<'a> Summed<'a> {
    fn new(out: &'a mut File) -> Summed<'a> {
        Summed { out, buffer: Vec::with_capacity(BLOCK), hash: FNV_OFFSET }
    }

    fn put(&mut self, mut bytes: &[u8]) -> std::io::Result<()> {
        while !bytes.is_empty() {
            let n = (BLOCK - self.buffer.len()).min(bytes.len());
            self.buffer.extend_from_slice(&bytes[..n]);
            bytes = &bytes[n..];
            if self.buffer.len() == BLOCK {
                self.write_block()?;
            }
        }
        Ok(())
    }

    fn write_block(&mut self) -> std::io::Result<()> {
        self.hash = fnv1a_words(&self.buffer, self.hash);
        self.out.write_all(&self.buffer)?;
        self.buffer.clear();
        Ok(())
    }

    fn finish(mut self) -> std::io::Result<()> {
        self.write_block()?;
        self.out.write_all(&self.hash.to_le_bytes())
    }
}

/// Reads what [`Summed`] wrote, block by block, summing as it goes.
struct Unsummed {
    file: File,
    block: Vec<u8>,
    at: usize,
    /// Bytes before the sum not yet read into `block`.
    left: u64,
    hash: u64,
}

impl Unsummed {
    fn new(file: File) -> std::io::Result<Unsummed> {
        let len = file.metadata()?.len();
        Ok(Unsummed { file, block: Vec::new(), at: 0, left: len.saturating_sub(8), hash: FNV_OFFSET })
    }

    fn take(&mut self, out: &mut [u8]) -> Result<(), String> {
        let mut filled = 0;
        while filled < out.len() {
            if self.at == self.block.len() {
                if self.left == 0 {
                    return Err("truncated".to_string());
                }
                let n = self.left.min(BLOCK as u64) as usize;
                self.block.resize(n, 0);
                self.file.read_exact(&mut self.block).map_err(|e| crate::files::io_reason(&e))?;
                self.hash = fnv1a_words(&self.block, self.hash);
                self.left -= n as u64;
                self.at = 0;
            }
            let n = (self.block.len() - self.at).min(out.len() - filled);
            out[filled..filled + n].copy_from_slice(&self.block[self.at..self.at + n]);
            self.at += n;
            filled += n;
        }
        Ok(())
    }

    fn u64_of(&mut self, bytes: usize) -> Result<u64, String> {
        let mut b = [0u8; 8];
        self.take(&mut b[..bytes])?;
        Ok(u64::from_le_bytes(b))
    }

    fn u16(&mut self) -> Result<u16, String> {
        self.u64_of(2).map(|v| v as u16)
    }

    fn u32(&mut self) -> Result<u32, String> {
        self.u64_of(4).map(|v| v as u32)
    }

    fn u64(&mut self) -> Result<u64, String> {
        self.u64_of(8)
    }

    /// A length or level, which must fit in memory's terms.
    fn length(&mut self) -> Result<usize, String> {
        let v = self.u64()?;
        usize::try_from(v).ok().filter(|&v| v < 1 << 40).ok_or_else(|| format!("a length of {v}"))
    }

    /// Checks that everything was read and that the sum holds.
    fn finish(mut self) -> Result<(), String> {
        if self.at != self.block.len() || self.left != 0 {
            return Err("longer than its fields say".to_string());
        }
        let mut sum = [0u8; 8];
        self.file.read_exact(&mut sum).map_err(|_| "truncated".to_string())?;
        if u64::from_le_bytes(sum) != self.hash {
            return Err("checksum mismatch".to_string());
        }
        Ok(())
    }
}
