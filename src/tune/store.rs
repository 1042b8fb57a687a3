//! The labelled positions of a sampling run, kept in a file (`morris tune --samples`) so
//! that weights can be fitted again without playing the games again.
//!
//! The file: the line `morris tune samples 1`, the games played (8 bytes, little-endian),
//! then 12 bytes a position: White's and Black's points (4 bytes each, little-endian),
//! White's and Black's stones in hand, the side to move (0 White, 1 Black) and the label
//! (0 lost, 1 drawn, 2 won for the side to move).

use std::path::Path;

use super::{LabelledPosition, SampleSet, TuneError};
use crate::eval::strong_terms;
use crate::rules::{ByColor, Color, Position, Ruleset, Setup};
use crate::topology::PointSet;

const MAGIC: &[u8] = b"morris tune samples 1\n";
const RECORD: usize = 12;

/// The file's bytes for `set`.
#[must_use]
pub fn to_bytes(set: &SampleSet) -> Vec<u8> {
    let mut out = Vec::with_capacity(MAGIC.len() + 8 + RECORD * set.samples.len());
    out.extend_from_slice(MAGIC);
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

/// Reads a samples file written for `rules`.
///
/// # Errors
/// [`TuneError::Samples`] naming the file and what is wrong with it.
pub fn read(path: &Path, rules: &'static Ruleset) -> Result<SampleSet, TuneError> {
    let bad = |reason: String| TuneError::Samples { path: path.display().to_string(), reason };
    let bytes = std::fs::read(path).map_err(|e| bad(e.to_string()))?;
    let body =
        bytes.strip_prefix(MAGIC).ok_or_else(|| bad("not a samples file (no `morris tune samples 1` line)".into()))?;
    if body.len() < 8 || (body.len() - 8) % RECORD != 0 {
        return Err(bad(format!("{} bytes after the first line: not 8 plus whole {RECORD}-byte records", body.len())));
    }
    let word = |b: &[u8]| u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    let games = u64::from_le_bytes(body[..8].try_into().unwrap_or_default()) as usize;
    let mut set = SampleSet { samples: Vec::new(), games, wins: 0, draws: 0, losses: 0 };
    for (i, r) in body[8..].chunks_exact(RECORD).enumerate() {
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
        std::fs::write(&path, to_bytes(&set)).expect("write");
        let back = read(&path, &STANDARD).expect("reads back");
        assert_eq!(back.samples, set.samples);
        assert_eq!((back.games, back.wins, back.draws, back.losses), (7, 10, 10, 10));
        let mut bytes = to_bytes(&set);
        bytes.pop();
        std::fs::write(&path, &bytes).expect("write");
        let err = read(&path, &STANDARD).expect_err("cut short").to_string();
        assert!(err.contains("s.bin") && err.contains("whole 12-byte records"), "{err}");
        std::fs::write(&path, b"hello").expect("write");
        let err = read(&path, &STANDARD).expect_err("garbage").to_string();
        assert!(err.contains("not a samples file"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
