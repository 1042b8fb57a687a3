//! The placing phase's cells and their files: what a cell is, what it depends on, its
//! stored codes, and the file that holds them.
//!
//! A placing position is fixed by its ply `k` (placements made so far; White places on
//! even plies) and its two stone sets: at ply `k` White has placed `⌈k/2⌉` stones and
//! Black `⌊k/2⌋`, and each side has any number of them left on the board (the others were
//! removed). A *cell* `p{k}-{a}-{b}` holds the positions of ply `k` with `a` stones on the
//! board for the side to move and `b` for the other, indexed like the moving phase's
//! subspace `a-b` ([`Indexer`], symmetry-reduced). Placements reset
//! the no-removal count and no position repeats while placing, so the phase is a DAG of
//! `2 × stones` layers: cell `(k, a, b)` depends only on `(k+1, b, a+1)` (a placement)
//! and `(k+1, b−1, a+1)` (a placement that removes), and the last placement leads into
//! the moving tables at count 0 ([`PlacingCell::inputs`]). The solver is
//! [`solve::placing`](crate::tablebase::solve::placing).
//!
//! Values are stored as 2-bit codes ([`Wdl::code`]: draw 0, win 1, loss 2), in blocks of
//! [`BLOCK_POSITIONS`] ([`packed`]): a block whose positions all share one value is stored
//! as that value alone, any other as its packed bytes or their zstd frame, whichever is
//! shorter, with a checksum of the packed bytes. A probe reads and unpacks one block of at
//! most 1 KiB ([`PlacingFile::block`]). No distance is stored: every placement advances
//! the ply, so any value-keeping placement makes progress, and the moving tables'
//! distances take over from the first slide.
//!
//! The *rule profile* is the no-removal rule the values assume: under `N > 0` (the
//! game's default, 100) a moving position is a win at count 0 when its table says win
//! (distance at most `N`), and cursed wins are draws; under `0` (the game-theoretic
//! profile, as in the published solution) every game win is a win. Either profile is
//! built from the same moving tables, whose classes keep cursed wins apart. A cell file
//! names its profile and its stone count in its header and file name, and is refused for
//! any other.

use std::path::{Path, PathBuf};

use super::container::{self, Backing, Fields};
use super::dictionary::{self, Dictionary};
use super::error::TablebaseError;
use super::index::Indexer;
use super::modeled::{self, ModeledCodes};
use super::packed::Region;
use super::packed::{self, BlockSum, CodeFile, Layout};
pub use super::packed::{BLOCK_POSITIONS, Block};
use super::sector::{MIN_STONES, Subspace, rules_text};
use super::value::{RuleProfile, Wdl};
use crate::rules::{ByColor, Color, Position, Ruleset, STANDARD, Setup};
use crate::topology::PointSet;

/// The extension of placing cell files.
pub const PLACING_EXTENSION: &str = "ptb";
/// The magic bytes of a placing cell file.
pub const PLACING_MAGIC: &[u8; 8] = b"MORRISPL";
/// The placing file format's version a build writes (version 1, with byte-wise block
/// checksums, is still read).
pub const PLACING_VERSION: u32 = 2;
/// The version a packed set's cells are in: the compact layout, with the set's
/// dictionary ([`pack_cell`]).
pub const PLACING_COMPACT_VERSION: u32 = 3;
/// The version of a cell coded against a model of its positions
/// ([`modeled`], [`model_cell`]): the form the binary carries its last
/// plies in.
pub const PLACING_MODELED_VERSION: u32 = 4;
/// The extension of a set's dictionary file.
pub const DICTIONARY_EXTENSION: &str = "zdict";
/// Stored code of a draw.
pub const CODE_DRAW: u8 = 0;
/// Stored code of a win for the side to move.
pub const CODE_WIN: u8 = 1;
/// Stored code of a loss for the side to move.
pub const CODE_LOSS: u8 = 2;

/// The class of a stored code.
#[must_use]
pub const fn wdl_of_code(code: u8) -> Wdl {
    match code {
        CODE_WIN => Wdl::Win,
        CODE_LOSS => Wdl::Loss,
        _ => Wdl::Draw,
    }
}

/// One cell of the placing phase: ply `ply`, `us` stones on the board for the side to
/// move, `them` for the other.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, PartialOrd, Ord)]
pub struct PlacingCell {
    /// Placements made so far (White places on even plies).
    pub ply: u8,
    /// Stones on the board of the side to move.
    pub us: u8,
    /// Stones on the board of the other side.
    pub them: u8,
}

/// Where a cell's values come from after one placement.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Input {
    /// A cell of the next ply.
    Placing(PlacingCell),
    /// A moving-phase subspace, at count 0 (after the last placement).
    Moving(Subspace),
}

/// Stones placed before ply `ply`: by the side to move, by the other side.
#[must_use]
pub const fn placed(ply: u8) -> (u8, u8) {
    if ply.is_multiple_of(2) { (ply / 2, ply / 2) } else { (ply / 2, ply / 2 + 1) }
}

impl PlacingCell {
    /// The cell `p{ply}-{us}-{them}`.
    #[must_use]
    pub const fn new(ply: u8, us: u8, them: u8) -> PlacingCell {
        PlacingCell { ply, us, them }
    }

    /// Stones in hand at this cell's ply in a game of `stones` a side: the side to move's,
    /// the other's.
    #[must_use]
    pub const fn hands(self, stones: u8) -> (u8, u8) {
        let (u, t) = placed(self.ply);
        (stones.saturating_sub(u), stones.saturating_sub(t))
    }

    /// The position of this cell with `us` (a stone set) for the side to move and `them`
    /// for the other, in a game of `rules.stones` a side: White is to move on even plies,
    /// and the hands are this ply's.
    #[must_use]
    pub fn position(self, rules: &'static Ruleset, us: u32, them: u32) -> Position {
        let (us_hand, them_hand) = self.hands(rules.stones);
        let (side, stones, in_hand) = if self.ply.is_multiple_of(2) {
            (Color::White, [us, them], [us_hand, them_hand])
        } else {
            (Color::Black, [them, us], [them_hand, us_hand])
        };
        Position::from_setup_unchecked(&Setup {
            rules,
            stones: ByColor(stones.map(PointSet)),
            in_hand: ByColor(in_hand),
            side_to_move: side,
        })
    }

    /// Whether the side to move has lost before moving: fewer than three stones on the
    /// board and in hand together.
    #[must_use]
    pub const fn lost_by_material(self, stones: u8) -> bool {
        self.us + self.hands(stones).0 < MIN_STONES
    }

    /// The cell name, e.g. `p17-8-9`.
    #[must_use]
    pub fn name(self) -> String {
        format!("p{}-{}-{}", self.ply, self.us, self.them)
    }

    /// The file name of this cell in a game of `stones` a side under a no-removal rule
    /// of `profile`, e.g. `p17-8-9.s9.r100.ptb`.
    #[must_use]
    pub fn file_name(self, stones: u8, profile: RuleProfile) -> String {
        format!("{}.s{stones}.r{}.{PLACING_EXTENSION}", self.name(), profile.no_removal_plies())
    }

    /// Reads a cell name, `p{ply}-{us}-{them}`.
    #[must_use]
    pub fn parse(name: &str) -> Option<PlacingCell> {
        use nom::Parser;
        use nom::character::complete::{char, u8 as dec_u8};
        use nom::combinator::all_consuming;
        let parsed: nom::IResult<&str, (char, u8, char, u8, char, u8)> =
            all_consuming((char('p'), dec_u8, char('-'), dec_u8, char('-'), dec_u8)).parse(name.trim());
        parsed.ok().map(|(_, (_, ply, _, us, _, them))| PlacingCell::new(ply, us, them))
    }

    /// Whether this cell exists in a game of `stones` a side.
    #[must_use]
    pub const fn exists(self, stones: u8) -> bool {
        let (u, t) = placed(self.ply);
        self.ply < 2 * stones && self.us <= u && self.them <= t
    }

    /// What its values depend on in a game of `stones` a side: the cells (or, after the
    /// last placement, the moving subspaces) its placements lead to, without those that
    /// are decided at once (a side left with fewer than three stones).
    #[must_use]
    pub fn inputs(self, stones: u8) -> Vec<Input> {
        if self.lost_by_material(stones) {
            return Vec::new();
        }
        let next = self.ply + 1;
        let them_hand = self.hands(stones).1;
        let mut out = Vec::new();
        let mut children = vec![self.them];
        if self.them > 0 {
            children.push(self.them - 1);
        }
        for child_us in children {
            if child_us + them_hand < MIN_STONES {
                continue;
            }
            out.push(if next == 2 * stones {
                Input::Moving(Subspace::new(child_us, self.us + 1))
            } else {
                Input::Placing(PlacingCell::new(next, child_us, self.us + 1))
            });
        }
        out
    }

    /// Canonical positions in this cell (after symmetry), by Burnside's lemma.
    #[must_use]
    pub fn positions(self) -> u64 {
        super::index::canonical_positions(Subspace::new(self.us, self.them))
    }
}

impl std::fmt::Display for PlacingCell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "p{}-{}-{}", self.ply, self.us, self.them)
    }
}

/// Every cell of a game of `stones` a side, in build order: the last ply first.
#[must_use]
pub fn cells(stones: u8) -> Vec<PlacingCell> {
    let mut out = Vec::new();
    for ply in (0..2 * stones).rev() {
        let (u, t) = placed(ply);
        for us in 0..=u {
            for them in 0..=t {
                out.push(PlacingCell::new(ply, us, them));
            }
        }
    }
    out
}

/// The rules text of placing tables: the moving tables' rules under the profile, and the
/// stones a side.
#[must_use]
pub fn placing_rules(stones: u8, profile: RuleProfile) -> String {
    format!("{} stones={stones}", rules_text(profile))
}

/// Counts of each code in a packed layer of `n` positions: draws, wins, losses.
#[must_use]
pub fn count_codes(packed: &[u8], n: u64) -> [u64; 3] {
    let mut counts = [0u64; 3];
    for (k, &b) in packed.iter().enumerate() {
        for j in 0..4u64 {
            if 4 * k as u64 + j < n {
                counts[usize::from((b >> (2 * j)) & 3).min(2)] += 1;
            }
        }
    }
    counts
}

/// What a cell file's header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacingHeader {
    /// The cell.
    pub cell: PlacingCell,
    /// The rules text ([`placing_rules`]).
    pub rules: String,
    /// Stones a side of the game.
    pub stones: u8,
    /// The rule profile.
    pub profile: RuleProfile,
    /// Canonical positions.
    pub positions: u64,
    /// Positions of each code: draws, wins, losses.
    pub counts: [u64; 3],
}

/// The path of `cell`'s file in `dir` for a game of `stones` a side under the profile
/// `profile`.
#[must_use]
pub fn cell_path(dir: &Path, cell: PlacingCell, stones: u8, profile: RuleProfile) -> PathBuf {
    dir.join(cell.file_name(stones, profile))
}

/// The path of the dictionary of the cells of a game of `stones` a side under `profile`
/// in `dir`, e.g. `placing.s9.r100.zdict`.
#[must_use]
pub fn dictionary_path(dir: &Path, stones: u8, profile: RuleProfile) -> PathBuf {
    dir.join(format!("placing.s{stones}.r{}.{DICTIONARY_EXTENSION}", profile.no_removal_plies()))
}

/// A cell header's own fields, as stored.
fn header_fields(header: &PlacingHeader) -> Vec<u8> {
    let mut h = vec![header.cell.ply, header.cell.us, header.cell.them, header.stones];
    h.extend_from_slice(&header.profile.no_removal_plies().to_le_bytes());
    super::container::put_text(&mut h, &header.rules);
    h.extend_from_slice(&header.positions.to_le_bytes());
    for c in header.counts {
        h.extend_from_slice(&c.to_le_bytes());
    }
    h
}

/// Rewrites a cell in the compact layout with its set's `dictionary` (none for a set too
/// small to train one), from its `packed` codes, whole: a temporary file, renamed.
///
/// # Errors
/// [`TablebaseError::Io`] when the file cannot be written.
pub fn pack_cell(
    dir: &Path,
    header: &PlacingHeader,
    packed: &[u8],
    dictionary: Option<&Dictionary>,
) -> Result<u64, TablebaseError> {
    let path = cell_path(dir, header.cell, header.stones, header.profile);
    packed::write_compact_file(
        &path,
        (PLACING_MAGIC, PLACING_COMPACT_VERSION),
        &header_fields(header),
        packed,
        header.positions,
        dictionary,
    )
}

/// Writes a cell coded against a model of its positions ([`modeled`]) to
/// `dir`, from its `packed` codes, whole: a temporary file, renamed. Returns the file's
/// length.
///
/// # Errors
/// [`TablebaseError::Io`] when the file cannot be written; `CorruptedTable` when the codes
/// are not the cell's count or its blocks pass 4 GiB.
pub fn model_cell(dir: &Path, header: &PlacingHeader, packed: &[u8]) -> Result<u64, TablebaseError> {
    let path = cell_path(dir, header.cell, header.stones, header.profile);
    let indexer = Indexer::new(STANDARD.topology, usize::from(header.cell.us), usize::from(header.cell.them));
    let corrupt = |reason: String| TablebaseError::CorruptedTable { path: path.clone(), reason };
    if indexer.len() != header.positions || (packed.len() as u64) < header.positions.div_ceil(4) {
        return Err(corrupt(format!(
            "{} positions given, cell {} has {}",
            header.positions,
            header.cell,
            indexer.len()
        )));
    }
    let coded = modeled::code_values(STANDARD.topology, &indexer, packed);
    let mut h = header_fields(header);
    h.extend(coded.model.to_bytes());
    h.extend_from_slice(&(coded.blocks.len() as u64).to_le_bytes());
    let mut end = 0u64;
    h.extend_from_slice(&0u32.to_le_bytes());
    for block in &coded.blocks {
        end += block.len() as u64;
        let end = u32::try_from(end).map_err(|_| corrupt("over 4 GiB of blocks".into()))?;
        h.extend_from_slice(&end.to_le_bytes());
    }
    container::write(&path, PLACING_MAGIC, PLACING_MODELED_VERSION, &h, &coded.blocks)
}

/// Writes a solved cell (packed codes) to `dir`, whole: a temporary file, renamed.
///
/// # Errors
/// [`TablebaseError::Io`] when the file cannot be written.
pub fn write_cell(dir: &Path, header: &PlacingHeader, packed: &[u8]) -> Result<u64, TablebaseError> {
    let path = cell_path(dir, header.cell, header.stones, header.profile);
    let h = header_fields(header);
    packed::write_code_file(
        &path,
        packed::Format {
            magic: PLACING_MAGIC,
            version: PLACING_VERSION,
            sum: BlockSum::Words,
            packing: packed::Packing::Small,
        },
        &h,
        packed,
        header.positions,
    )
}

/// An open cell file: its checked header; blocks are read on demand.
pub struct PlacingFile {
    /// The file's path.
    pub path: PathBuf,
    /// The header.
    pub header: PlacingHeader,
    codes: Codes,
}

/// Where a cell's codes are: blocks of packed codes, or blocks coded against a model.
enum Codes {
    Packed(CodeFile),
    Modeled(ModeledCodes),
}

impl PlacingFile {
    /// Opens `cell`'s file in `dir` for `profile`, checking its header:
    /// magic, version, checksum, the cell, and (when given) the rules text.
    ///
    /// # Errors
    /// [`TablebaseError::MissingTable`]-like I/O errors, `Magic`, `Version`,
    /// `CorruptedTable`, `Ruleset`.
    pub fn open(
        dir: &Path,
        cell: PlacingCell,
        stones: u8,
        profile: RuleProfile,
        rules: Option<&str>,
    ) -> Result<PlacingFile, TablebaseError> {
        PlacingFile::open_path(&cell_path(dir, cell, stones, profile), Some(cell), rules)
    }

    /// Opens the cell file at `path` (any cell unless `cell` is given).
    ///
    /// # Errors
    /// As [`PlacingFile::open`].
    pub fn open_path(
        path: &Path,
        cell: Option<PlacingCell>,
        rules: Option<&str>,
    ) -> Result<PlacingFile, TablebaseError> {
        let file = Backing::open(path)?;
        let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
        PlacingFile::over(path, file, cell, rules, |stones, profile, id| {
            let dict = dictionary_path(&dir, stones, profile);
            dictionary::shared(&dict, id)
        })
    }

    /// The cell file in `file` (named `path` in errors), checked as [`PlacingFile::open`]
    /// checks a file; a packed one gets its set's dictionary from `dictionary` (called with
    /// the set's stones, profile and the dictionary's id).
    ///
    /// # Errors
    /// As [`PlacingFile::open`].
    pub fn over(
        path: &Path,
        file: Backing,
        cell: Option<PlacingCell>,
        rules: Option<&str>,
        dictionary: impl FnOnce(u8, RuleProfile, u64) -> Result<std::sync::Arc<Dictionary>, TablebaseError>,
    ) -> Result<PlacingFile, TablebaseError> {
        let check = |header: &PlacingHeader| -> Result<(), TablebaseError> {
            if let Some(c) = cell
                && c != header.cell
            {
                return Err(TablebaseError::CorruptedTable {
                    path: path.to_path_buf(),
                    reason: format!("holds cell {}, expected {c}", header.cell),
                });
            }
            if let Some(expected) = rules
                && header.rules != expected
            {
                return Err(TablebaseError::Ruleset {
                    path: path.to_path_buf(),
                    found: header.rules.clone(),
                    expected: expected.to_string(),
                });
            }
            Ok(())
        };
        let versions = [
            (1, Layout::Wide(BlockSum::Bytes)),
            (PLACING_VERSION, Layout::Wide(BlockSum::Words)),
            (PLACING_COMPACT_VERSION, Layout::Compact),
        ];
        // The version decides the reader, which checks the whole header once.
        let mut fixed = [0u8; 12];
        let modeled = file.read_exact_at(&mut fixed, 0).is_ok()
            && &fixed[..8] == PLACING_MAGIC
            && u32::from_le_bytes([fixed[8], fixed[9], fixed[10], fixed[11]]) == PLACING_MODELED_VERSION;
        if modeled {
            let head = container::read_head(path, &file, PLACING_MAGIC, &[PLACING_MODELED_VERSION])?;
            let corrupt =
                || TablebaseError::CorruptedTable { path: path.to_path_buf(), reason: "header fields".into() };
            let mut fields = Fields::new(&head.header);
            let (header, positions) = parse_header(&mut fields).ok_or_else(corrupt)?;
            check(&header)?;
            let bytes = Region::of(file).map_err(|cause| TablebaseError::Io { path: path.to_path_buf(), cause })?;
            let stones = (header.cell.us, header.cell.them);
            let codes =
                ModeledCodes::read(path, bytes, head.data_start, &mut fields, positions, stones, STANDARD.topology)?;
            return Ok(PlacingFile { path: path.to_path_buf(), header, codes: Codes::Modeled(codes) });
        }
        let (mut codes, header) =
            CodeFile::over(path, file, PLACING_MAGIC, &versions, parse_header).map_err(|e| match e {
                // The newest version a placing file may have is the modeled one.
                TablebaseError::Version { path, found, .. } => {
                    TablebaseError::Version { path, found, expected: PLACING_MODELED_VERSION }
                }
                e => e,
            })?;
        check(&header)?;
        if codes.dictionary_id() != 0 {
            codes.attach(dictionary(header.stones, header.profile, codes.dictionary_id())?)?;
        }
        let codes = Codes::Packed(codes);
        Ok(PlacingFile { path: path.to_path_buf(), header, codes })
    }

    /// Whether the file is in the compact layout (packed), and with which dictionary (0:
    /// none).
    #[must_use]
    pub fn packed_with(&self) -> Option<u64> {
        match &self.codes {
            Codes::Packed(c) => (c.layout() == Layout::Compact).then(|| c.dictionary_id()),
            Codes::Modeled(_) => None,
        }
    }

    /// Contexts in the model a modeled file is coded against (0: not modeled).
    #[must_use]
    pub fn contexts(&self) -> usize {
        match &self.codes {
            Codes::Packed(_) => 0,
            Codes::Modeled(m) => m.model().len(),
        }
    }

    /// Lends a modeled file the index of its positions that the caller already holds
    /// (the tables' shared one), so that it makes no second; a file not modeled, or one
    /// that has its own by now, keeps what it has.
    pub fn lend_indexer(&self, indexer: &std::sync::Arc<Indexer>) {
        if let Codes::Modeled(m) = &self.codes {
            m.lend_indexer(indexer);
        }
    }

    /// Whether the file is coded against a model of its positions (a read decodes a
    /// block in order: about a third of a millisecond).
    #[must_use]
    pub fn is_modeled(&self) -> bool {
        matches!(self.codes, Codes::Modeled(_))
    }

    /// Positions per block.
    #[must_use]
    pub fn block_positions(&self) -> u64 {
        match &self.codes {
            Codes::Packed(c) => c.block_positions(),
            Codes::Modeled(m) => m.block_positions(),
        }
    }

    /// Blocks in the file.
    #[must_use]
    pub fn blocks(&self) -> u64 {
        match &self.codes {
            Codes::Packed(c) => c.blocks(),
            Codes::Modeled(m) => m.blocks(),
        }
    }

    /// Bytes the blocks take on disk.
    #[must_use]
    pub fn data_bytes(&self) -> u64 {
        match &self.codes {
            Codes::Packed(c) => c.data_bytes(),
            Codes::Modeled(m) => m.data_bytes(),
        }
    }

    /// Reads and unpacks block `b`.
    ///
    /// # Errors
    /// [`TablebaseError::CorruptedBlock`] when it fails its checksum, its tag or its
    /// length; `Io` when it cannot be read.
    pub fn block(&self, b: u64) -> Result<Block, TablebaseError> {
        match &self.codes {
            Codes::Packed(c) => c.block(b),
            Codes::Modeled(m) => m.block(b),
        }
    }

    /// The code of position `i` (a compact block unpacks on the stack).
    ///
    /// # Errors
    /// As [`PlacingFile::block`].
    pub fn code(&self, i: u64) -> Result<u8, TablebaseError> {
        match &self.codes {
            Codes::Packed(c) => c.code(i),
            Codes::Modeled(m) => {
                let per = m.block_positions();
                Ok(m.block(i / per)?.code(i % per))
            }
        }
    }

    /// Every code of the file, packed, in index order (for the next layer's solve, verify
    /// and stats).
    ///
    /// # Errors
    /// As [`PlacingFile::block`].
    pub fn read_all(&self) -> Result<Vec<u8>, TablebaseError> {
        match &self.codes {
            Codes::Packed(c) => c.read_all(),
            Codes::Modeled(m) => m.read_all(),
        }
    }
}

fn parse_header(f: &mut Fields) -> Option<(PlacingHeader, u64)> {
    let cell = PlacingCell::new(f.u8()?, f.u8()?, f.u8()?);
    let stones = f.u8()?;
    let profile = RuleProfile::new(f.u16()?);
    let rules = f.text()?;
    let positions = f.u64()?;
    let counts = [f.u64()?, f.u64()?, f.u64()?];
    if counts.iter().sum::<u64>() != positions {
        return None;
    }
    Some((PlacingHeader { cell, rules, stones, profile, positions, counts }, positions))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_their_inputs() {
        assert_eq!(PlacingCell::parse("p17-8-9"), Some(PlacingCell::new(17, 8, 9)));
        assert_eq!(PlacingCell::parse("p17-8"), None);
        let all = cells(9);
        assert_eq!(all[0].ply, 17);
        assert_eq!(all.last(), Some(&PlacingCell::new(0, 0, 0)));
        // Every input of a cell comes earlier in build order.
        for (k, c) in all.iter().enumerate() {
            assert!(c.exists(9));
            for input in c.inputs(9) {
                match input {
                    Input::Placing(p) => assert!(all[..k].contains(&p), "{c} needs {p}"),
                    Input::Moving(s) => assert!(c.ply == 17 && s.us >= 3 && s.them >= 3 && s.us <= 9 && s.them <= 9),
                }
            }
        }
        assert_eq!(
            PlacingCell::new(17, 8, 9).inputs(9),
            vec![Input::Moving(Subspace::new(9, 9)), Input::Moving(Subspace::new(8, 9))]
        );
        // Black to move with one stone on the board and one in hand has lost.
        assert!(PlacingCell::new(17, 1, 7).lost_by_material(9));
        assert!(PlacingCell::new(17, 1, 7).inputs(9).is_empty());
    }

    #[test]
    fn the_placing_phase_has_the_published_count_of_positions() {
        let total: u64 = cells(9).iter().map(|c| c.positions()).sum();
        assert_eq!(total, 17_874_891_168);
        let last: u64 = cells(9).iter().filter(|c| c.ply == 17).map(|c| c.positions()).sum();
        assert_eq!(last, 6_673_625_000);
    }

    #[test]
    fn a_modeled_cell_reads_back_the_same_every_time_and_names_a_damaged_block() {
        let cell = PlacingCell::new(4, 2, 2);
        let n = cell.positions();
        assert!(n > 2 * super::modeled::MODELED_BLOCK_POSITIONS, "{n} positions: more than two blocks");
        // Values a model can partly foresee (a win where the side to move has a two),
        // with noise; and one block all draws, which is stored as its code alone.
        let indexer = Indexer::new(STANDARD.topology, 2, 2);
        let mut codes = vec![CODE_DRAW; n as usize];
        indexer.for_each_position(0..n, |i, us, _| {
            let two = STANDARD.topology.lines().iter().any(|l| (l.0 & us).count_ones() == 2);
            let noise = (i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 60) as u8;
            codes[i as usize] = if i < 2048 {
                CODE_DRAW
            } else if two || noise < 3 {
                CODE_WIN
            } else {
                noise % 3
            };
        });
        let packed = packed::pack(&codes);
        let dir = std::env::temp_dir().join(format!("morris-modeled-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let profile = RuleProfile::new(100);
        let header = PlacingHeader {
            cell,
            rules: placing_rules(9, profile),
            stones: 9,
            profile,
            positions: n,
            counts: count_codes(&packed, n),
        };
        let len = model_cell(&dir, &header, &packed).unwrap();
        let path = cell_path(&dir, cell, 9, profile);
        let first = std::fs::read(&path).unwrap();
        assert_eq!(first.len() as u64, len);
        // The same codes give the same bytes.
        model_cell(&dir, &header, &packed).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), first);
        let file = PlacingFile::open(&dir, cell, 9, profile, Some(&placing_rules(9, profile))).unwrap();
        assert!(file.is_modeled() && file.contexts() > 10 && file.packed_with().is_none());
        assert_eq!(file.header, header);
        assert_eq!(file.read_all().unwrap(), packed);
        assert!(matches!(file.block(0).unwrap(), Block::Constant(CODE_DRAW)));
        for i in (0..n).step_by(97) {
            assert_eq!(file.code(i).unwrap(), codes[i as usize], "position {i}");
        }
        // A flipped byte in the last block's coded bytes fails its checksum, by name.
        let mut damaged = first.clone();
        let at = damaged.len() - 3;
        damaged[at] ^= 0x10;
        std::fs::write(&path, &damaged).unwrap();
        let file = PlacingFile::open(&dir, cell, 9, profile, None).unwrap();
        let last = file.blocks() - 1;
        let e = file.block(last).unwrap_err().to_string();
        assert!(e.contains(&path.display().to_string()) && e.contains("checksum"), "{e}");
        // Codes of another count are refused before anything is written.
        let short = PlacingHeader { positions: n - 1, ..header };
        assert!(model_cell(&dir, &short, &packed).is_err());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn blocks_round_trip() {
        let n = 3 * BLOCK_POSITIONS + 17;
        let packed: Vec<u8> = (0..n.div_ceil(4)).map(|i| if i < 1024 { 0x55 } else { (i * 7 % 3) as u8 }).collect();
        let dir = std::env::temp_dir().join(format!("morris-placing-blocks-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let cell = PlacingCell::new(3, 1, 2);
        let header = PlacingHeader {
            cell,
            rules: placing_rules(9, RuleProfile::new(100)),
            stones: 9,
            profile: RuleProfile::new(100),
            positions: n,
            counts: count_codes(&packed, n),
        };
        write_cell(&dir, &header, &packed).unwrap();
        let file =
            PlacingFile::open(&dir, cell, 9, RuleProfile::new(100), Some(&placing_rules(9, RuleProfile::new(100))))
                .unwrap();
        assert_eq!(file.header, header);
        let back = file.read_all().unwrap();
        assert_eq!(back[..(n / 4) as usize], packed[..(n / 4) as usize]);
        assert!(matches!(file.block(0).unwrap(), Block::Constant(CODE_WIN)));
        assert!(matches!(
            PlacingFile::open(
                &dir,
                cell,
                9,
                RuleProfile::new(100),
                Some(&placing_rules(9, RuleProfile::GAME_THEORETIC))
            ),
            Err(TablebaseError::Ruleset { .. })
        ));
        std::fs::remove_dir_all(&dir).ok();
    }
}
