//! The moving tables' fast form: per position a 2-bit code that answers the search's
//! question (win, draw or loss at the node's count) without the distance, in blocks of
//! 4,096 positions (the [`super::packed`] codec) stored unpacked and mapped into memory,
//! so a probe reads one byte (and checks its 1 KiB block) instead of unpacking a
//! 16K-position class block and its distances.
//!
//! | code | meaning under the table's rule `N` |
//! |---|---|
//! | [`DRAW`] | a draw at every count (draws, cursed wins, blessed losses) |
//! | [`SHORT_WIN`] | a win at distance at most `L` ([`FastHeader::bound`]): a win at every count `c ≤ N − L` |
//! | [`SHORT_LOSS`] | the mirror |
//! | [`LONG`] | a win or a loss at a distance over `L`: ask the full table |
//!
//! Distances are small in most positions (in the 6-6 table 99.6% of the decided
//! positions convert within 30 plies), so with `L` = [`BOUND`] the full table is needed
//! only for long conversions and late counts. The file `A-B.wdl` sits beside `A-B.mtb`,
//! names the same rules and is derived from it: the build writes both, and writes the
//! fast form of a table that lacks it.

use std::path::{Path, PathBuf};

use super::container::{Backing, Fields};
use super::error::TablebaseError;
use super::packed::{self, BlockSum, CodeFile, Layout, Packing};
use super::sector::Subspace;
use super::store::TableFile;
use super::value::{RuleProfile, TableValue, Wdl};
use crate::search::OracleValue;

/// The extension of fast files.
pub const FAST_EXTENSION: &str = "wdl";
/// The magic bytes of a fast file.
pub const FAST_MAGIC: &[u8; 8] = b"MORRISWD";
/// The fast file format's version (2: blocks stored unpacked).
pub const FAST_VERSION: u32 = 2;
/// The longest distance a short code stands for.
pub const BOUND: u16 = 32;

/// A draw at every count.
pub const DRAW: u8 = 0;
/// A win within the bound.
pub const SHORT_WIN: u8 = 1;
/// A loss within the bound.
pub const SHORT_LOSS: u8 = 2;
/// A longer win or loss.
pub const LONG: u8 = 3;

/// The fast code of a stored value.
#[must_use]
pub fn code_of(v: TableValue, bound: u16) -> u8 {
    match v.wdl {
        Wdl::Win if v.distance <= bound => SHORT_WIN,
        Wdl::Loss if v.distance <= bound => SHORT_LOSS,
        Wdl::Win | Wdl::Loss => LONG,
        Wdl::Draw | Wdl::CursedWin | Wdl::BlessedLoss => DRAW,
    }
}

/// What a fast code says at `count` plies since the last removal, for a game under the
/// table's own `profile`: `None` when only the full table can say.
/// A short win is reported at the bound's distance (the search orders table wins by it;
/// the root's moves are probed exactly).
#[must_use]
pub fn answer(code: u8, count: u16, bound: u16, profile: RuleProfile) -> Option<OracleValue> {
    let in_time =
        profile.is_game_theoretic() || u32::from(count) + u32::from(bound) <= u32::from(profile.no_removal_plies());
    match code {
        DRAW => Some(OracleValue::Draw),
        SHORT_WIN if in_time => Some(OracleValue::Win(bound)),
        SHORT_LOSS if in_time => Some(OracleValue::Loss(bound)),
        _ => None,
    }
}

/// What a fast file's header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FastHeader {
    /// The subspace.
    pub subspace: Subspace,
    /// The rules text of the table it comes from.
    pub rules: String,
    /// The rule profile of the values.
    pub profile: RuleProfile,
    /// The longest distance of a short code.
    pub bound: u16,
    /// Canonical positions.
    pub positions: u64,
    /// Positions of each code.
    pub counts: [u64; 4],
}

/// The path of `subspace`'s fast file in `dir`.
#[must_use]
pub fn fast_path(dir: &Path, subspace: Subspace) -> PathBuf {
    dir.join(format!("{subspace}.{FAST_EXTENSION}"))
}

/// Writes `subspace`'s fast file from its classes and distances; returns its size.
///
/// # Errors
/// [`TablebaseError::Io`] when the file cannot be written.
pub fn write_fast(
    dir: &Path,
    subspace: Subspace,
    rules: &str,
    profile: RuleProfile,
    wdl: &[u8],
    distance: &[u16],
) -> Result<u64, TablebaseError> {
    let codes: Vec<u8> = wdl
        .iter()
        .zip(distance)
        .map(|(&c, &d)| code_of(TableValue { wdl: Wdl::from_code(c).unwrap_or(Wdl::Draw), distance: d }, BOUND))
        .collect();
    let mut counts = [0u64; 4];
    for &c in &codes {
        counts[usize::from(c)] += 1;
    }
    let mut h = vec![subspace.us, subspace.them];
    super::container::put_text(&mut h, rules);
    h.extend_from_slice(&profile.no_removal_plies().to_le_bytes());
    h.extend_from_slice(&BOUND.to_le_bytes());
    h.extend_from_slice(&(wdl.len() as u64).to_le_bytes());
    for c in counts {
        h.extend_from_slice(&c.to_le_bytes());
    }
    let path = fast_path(dir, subspace);
    packed::write_code_file(
        &path,
        packed::Format { magic: FAST_MAGIC, version: FAST_VERSION, sum: BlockSum::Words, packing: Packing::Fast },
        &h,
        &packed::pack(&codes),
        wdl.len() as u64,
    )
}

/// Writes `subspace`'s fast file from its table in `dir` unless a good one is there;
/// returns whether it wrote one.
///
/// # Errors
/// The table cannot be read, or the file cannot be written.
pub fn ensure_fast(dir: &Path, subspace: Subspace, rules: &str) -> Result<bool, TablebaseError> {
    if FastFile::open(dir, subspace, Some(rules)).is_ok() {
        return Ok(false);
    }
    let table = TableFile::open(dir, subspace, Some(rules))?;
    let wdl = table.read_classes()?;
    let distance = table.read_distances()?;
    write_fast(dir, subspace, rules, table.header.profile, &wdl, &distance)?;
    Ok(true)
}

/// An open fast file.
pub struct FastFile {
    /// The header.
    pub header: FastHeader,
    /// The codes.
    pub codes: CodeFile,
}

impl FastFile {
    /// Opens `subspace`'s fast file in `dir`, checking its header (and the rules text
    /// when given).
    ///
    /// # Errors
    /// `Io` (a missing file too), `Magic`, `Version`, `CorruptedTable`, `Ruleset`,
    /// `Subspace`.
    pub fn open(dir: &Path, subspace: Subspace, rules: Option<&str>) -> Result<FastFile, TablebaseError> {
        let path = fast_path(dir, subspace);
        let file = Backing::open(&path)?;
        FastFile::over(path, file, subspace, rules)
    }

    /// The fast form of `subspace` in `file` (named `path` in errors), checked as
    /// [`FastFile::open`] checks a file.
    ///
    /// # Errors
    /// As [`FastFile::open`].
    pub fn over(
        path: PathBuf,
        file: Backing,
        subspace: Subspace,
        rules: Option<&str>,
    ) -> Result<FastFile, TablebaseError> {
        let (codes, header) =
            CodeFile::over(&path, file, FAST_MAGIC, &[(FAST_VERSION, Layout::Wide(BlockSum::Words))], parse_header)?;
        if header.subspace != subspace {
            return Err(TablebaseError::Subspace { path, found: header.subspace, expected: subspace });
        }
        if let Some(expected) = rules
            && header.rules != expected
        {
            return Err(TablebaseError::Ruleset { path, found: header.rules.clone(), expected: expected.to_string() });
        }
        Ok(FastFile { header, codes })
    }
}

fn parse_header(f: &mut Fields) -> Option<(FastHeader, u64)> {
    let subspace = Subspace::new(f.u8()?, f.u8()?);
    let rules = f.text()?;
    let profile = RuleProfile::new(f.u16()?);
    let bound = f.u16()?;
    let positions = f.u64()?;
    let counts = [f.u64()?, f.u64()?, f.u64()?, f.u64()?];
    if counts.iter().sum::<u64>() != positions {
        return None;
    }
    Some((FastHeader { subspace, rules, profile, bound, positions, counts }, positions))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_codes_stand_only_while_the_count_leaves_room() {
        let win = |d| TableValue { wdl: Wdl::Win, distance: d };
        assert_eq!(code_of(win(5), 32), SHORT_WIN);
        assert_eq!(code_of(win(33), 32), LONG);
        assert_eq!(code_of(TableValue { wdl: Wdl::CursedWin, distance: 140 }, 32), DRAW);
        assert_eq!(answer(SHORT_WIN, 68, 32, RuleProfile::new(100)), Some(OracleValue::Win(32)));
        assert_eq!(answer(SHORT_WIN, 69, 32, RuleProfile::new(100)), None);
        assert_eq!(answer(SHORT_LOSS, 90, 32, RuleProfile::new(0)), Some(OracleValue::Loss(32)));
        assert_eq!(answer(DRAW, 99, 32, RuleProfile::new(100)), Some(OracleValue::Draw));
        assert_eq!(answer(LONG, 0, 32, RuleProfile::new(100)), None);
    }
}
