//! The labelled positions of a sampling run, kept in a file (`morris tune --samples`) so
//! that weights can be fitted again without playing the games again.
//!
//! The file: the line `morris tune samples 2`; what made it, the seed and the positions
//! asked for (8 bytes each, little-endian) and whether only quiet positions were kept (1
//! byte); the games played (8 bytes); then 12 bytes a position: White's and Black's points (4 bytes each, little-endian),
//! White's and Black's stones in hand, the side to move (0 White, 1 Black) and the label
//! (0 lost, 1 drawn, 2 won for the side to move).

use std::path::Path;

use super::{LabelledPosition, SampleSet, TuneError, TuneSettings};
use crate::eval::strong_terms;
use crate::rules::{ByColor, Color, Position, Ruleset, Setup};
use crate::topology::PointSet;

const MAGIC: &[u8] = b"morris tune samples 2\n";

/// How often a sampling run keeps its games so far ([`part_path`]).
pub const SAVE_EVERY: std::time::Duration = std::time::Duration::from_secs(300);

/// Where a sampling run for `path` keeps its games so far, in the same form: `FILE.part`.
#[must_use]
pub fn part_path(path: &Path) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".part");
    name.into()
}
const HEAD: usize = 8 + 8 + 1 + 8;
const RECORD: usize = 12;

/// The settings that decide which positions a sampling run finds: a file made with other
/// ones is not read in their place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Origin {
    /// `--seed`.
    pub seed: u64,
    /// `--positions`.
    pub positions: u64,
    /// `--quiet-only`.
    pub quiet_only: bool,
}

impl Origin {
    /// The origin of a run with `settings`.
    #[must_use]
    pub fn of(settings: &TuneSettings) -> Origin {
        Origin { seed: settings.seed, positions: settings.positions as u64, quiet_only: settings.quiet_only }
    }

    fn describe(&self) -> String {
        let quiet = if self.quiet_only { " --quiet-only" } else { "" };
        format!("--seed {} --positions {}{quiet}", self.seed, self.positions)
    }
}

/// The file's bytes for `set`, sampled with `origin`.
#[must_use]
pub fn to_bytes(set: &SampleSet, origin: &Origin) -> Vec<u8> {
    let mut out = Vec::with_capacity(MAGIC.len() + HEAD + RECORD * set.samples.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&origin.seed.to_le_bytes());
    out.extend_from_slice(&origin.positions.to_le_bytes());
    out.push(u8::from(origin.quiet_only));
    out.extend_from_slice(&(set.games as u64).to_le_bytes());
    for s in &set.samples {
        out.extend_from_slice(&s.pos.stones(Color::White).0.to_le_bytes());
        out.extend_from_slice(&s.pos.stones(Color::Black).0.to_le_bytes());
        out.push(s.pos.in_hand(Color::White));
        out.push(s.pos.in_hand(Color::Black));
        out.push(u8::from(s.pos.side_to_move() == Color::Black));
        out.push((s.label * 2.0).round() as u8);
    }
    out
}

/// Reads a samples file written for `rules` by a run with `origin`'s settings.
///
/// # Errors
/// [`TuneError::Samples`] naming the file and what is wrong with it: not a samples file,
/// cut short, a bad position or label, or made with other settings.
pub fn read(path: &Path, rules: &'static Ruleset, origin: &Origin) -> Result<SampleSet, TuneError> {
    let bad = |reason: String| TuneError::Samples { path: path.display().to_string(), reason };
    let bytes = std::fs::read(path).map_err(|e| bad(e.to_string()))?;
    let body =
        bytes.strip_prefix(MAGIC).ok_or_else(|| bad("not a samples file (no `morris tune samples 2` line)".into()))?;
    if body.len() < HEAD || !(body.len() - HEAD).is_multiple_of(RECORD) {
        return Err(bad(format!(
            "{} bytes after the first line: not {HEAD} plus whole {RECORD}-byte records",
            body.len()
        )));
    }
    let long = |at: usize| u64::from_le_bytes(body[at..at + 8].try_into().unwrap_or_default());
    let made = Origin { seed: long(0), positions: long(8), quiet_only: body[16] != 0 };
    if made != *origin {
        return Err(bad(format!(
            "made with {}, not {} (remove it to sample again)",
            made.describe(),
            origin.describe()
        )));
    }
    let word = |b: &[u8]| u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    let mut set = SampleSet { games: long(17) as usize, ..SampleSet::default() };
    for (i, r) in body[HEAD..].chunks_exact(RECORD).enumerate() {
        let setup = Setup {
            rules,
            stones: ByColor([PointSet(word(&r[0..4])), PointSet(word(&r[4..8]))]),
            in_hand: ByColor([r[8], r[9]]),
            side_to_move: if r[10] == 0 { Color::White } else { Color::Black },
        };
        let pos: Position = setup.into_position().map_err(|e| bad(format!("position {}: {e}", i + 1)))?;
        let label = match r[11] {
            0 => {
                set.losses += 1;
                0.0
            }
            1 => {
                set.draws += 1;
                0.5
            }
            2 => {
                set.wins += 1;
                1.0
            }
            other => return Err(bad(format!("position {}: label {other}, not 0, 1 or 2", i + 1))),
        };
        set.samples.push(LabelledPosition { pos, terms: strong_terms(&pos), label });
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::STANDARD;

    #[test]
    fn samples_come_back_as_written_and_garbage_is_named() {
        let samples: Vec<LabelledPosition> = (0..30)
            .map(|i| {
                let pos = *crate::engine::random_game(&STANDARD, 5 + i, i as u64).position();
                LabelledPosition { pos, terms: strong_terms(&pos), label: f64::from((i % 3) as u8) / 2.0 }
            })
            .collect();
        let set = SampleSet { samples, games: 7, wins: 10, draws: 10, losses: 10 };
        let dir = std::env::temp_dir().join(format!("morris-samples-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("s.bin");
        let origin = Origin { seed: 3, positions: 30, quiet_only: false };
        std::fs::write(&path, to_bytes(&set, &origin)).expect("write");
        let back = read(&path, &STANDARD, &origin).expect("reads back");
        assert_eq!(back.samples, set.samples);
        assert_eq!((back.games, back.wins, back.draws, back.losses), (7, 10, 10, 10));
        let other = Origin { seed: 4, ..origin };
        let err = read(&path, &STANDARD, &other).expect_err("another seed").to_string();
        assert!(err.contains("made with --seed 3 --positions 30, not --seed 4 --positions 30"), "{err}");
        let mut bytes = to_bytes(&set, &origin);
        bytes.pop();
        std::fs::write(&path, &bytes).expect("write");
        let err = read(&path, &STANDARD, &origin).expect_err("cut short").to_string();
        assert!(err.contains("s.bin") && err.contains("whole 12-byte records"), "{err}");
        std::fs::write(&path, b"hello").expect("write");
        let err = read(&path, &STANDARD, &origin).expect_err("garbage").to_string();
        assert!(err.contains("not a samples file"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
