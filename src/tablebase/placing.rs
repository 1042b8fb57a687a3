//! The placing phase, solved: win, draw or loss for the side to move in every position
//! with stones still in hand, under either rule profile.
//!
//! A placing position is fixed by its ply `k` (placements made so far; White places on
//! even plies) and its two stone sets: at ply `k` White has placed `⌈k/2⌉` stones and
//! Black `⌊k/2⌋`, and each side has any number of them left on the board (the others were
//! removed). A *cell* `p{k}-{a}-{b}` holds the positions of ply `k` with `a` stones on the
//! board for the side to move and `b` for the other, indexed like the moving phase's
//! subspace `a-b` ([`Indexer`], symmetry-reduced). Placements reset the no-removal count
//! and no position repeats while placing, so the phase is a DAG of `2 × stones` layers:
//! cell `(k, a, b)` depends only on `(k+1, b, a+1)` (a placement) and `(k+1, b−1, a+1)` (a
//! placement that removes), and the last placement leads into the moving tables at count
//! 0. One backward pass per layer, no iteration: [`solve_cell`].
//!
//! Values are stored as 2-bit codes ([`Wdl::code`]: draw 0, win 1, loss 2), in blocks of
//! [`BLOCK_POSITIONS`]: a block whose positions all share one value is stored as that
//! value alone, any other as its packed bytes or their zstd frame, whichever is shorter,
//! with a checksum of the packed bytes. A probe reads and unpacks one block of at most
//! 1 KiB ([`PlacingFile::block`]). No distance is stored: every placement advances the
//! ply, so any value-keeping placement makes progress, and the moving tables' distances
//! take over from the first slide.
//!
//! The *rule profile* is the no-removal rule the values assume: under `N > 0` (the
//! game's default, 100) a moving position is a win at count 0 when its table says win
//! (distance at most `N`), and cursed wins are draws; under `0` (the game-theoretic
//! profile, as in the published solution) every game win is a win. Either profile is
//! built from the same moving tables, whose classes keep cursed wins apart. A cell file
//! names its profile and its stone count in its header and file name, and is refused for
//! any other.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

use super::index::Indexer;
use super::packed::{self, BlockSum, CodeFile, Fields};
pub use super::packed::{BLOCK_POSITIONS, Block};
use super::sector::{MIN_STONES, MoveGenerator, Subspace, header_rules, points_of};
use super::store::{Table, TablebaseError};
use super::value::Wdl;
use crate::progress::Progress;
use crate::rules::{Ruleset, STANDARD};

/// The extension of placing cell files.
pub const PLACING_EXTENSION: &str = "ptb";
/// The magic bytes of a placing cell file.
pub const PLACING_MAGIC: &[u8; 8] = b"MORRISPL";
/// The placing file format's version (version 1, with byte-wise block checksums, is
/// still read).
pub const PLACING_VERSION: u32 = 2;
/// Positions per work item of the solver.
const CHUNK_POSITIONS: usize = 1 << 14;

/// Stored code of a draw.
pub const DRAW: u8 = 0;
/// Stored code of a win for the side to move.
pub const WIN: u8 = 1;
/// Stored code of a loss for the side to move.
pub const LOSS: u8 = 2;

/// The code seen from the other side.
#[inline]
const fn flip(code: u8) -> u8 {
    match code {
        WIN => LOSS,
        LOSS => WIN,
        _ => DRAW,
    }
}

/// How good a code is for the side to move (larger is better).
#[inline]
const fn merit(code: u8) -> u8 {
    match code {
        WIN => 2,
        DRAW => 1,
        _ => 0,
    }
}

/// The class of a stored code.
#[must_use]
pub const fn wdl_of_code(code: u8) -> Wdl {
    match code {
        WIN => Wdl::Win,
        LOSS => Wdl::Loss,
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
    /// of `rule_plies`, e.g. `p17-8-9.s9.r100.ptb`.
    #[must_use]
    pub fn file_name(self, stones: u8, rule_plies: u16) -> String {
        format!("{}.s{stones}.r{rule_plies}.{PLACING_EXTENSION}", self.name())
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
        super::canonical_positions(Subspace::new(self.us, self.them))
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
pub fn placing_rules(stones: u8, rule_plies: u16) -> String {
    format!("{} stones={stones}", header_rules(&Ruleset { no_removal_plies: rule_plies, ..STANDARD.clone() }))
}

/// The values of one cell or subspace, packed four to a byte, with its index: what the
/// solver reads of the next ply.
pub struct Layer {
    /// The index (shared with the probe's).
    pub indexer: Arc<Indexer>,
    /// Packed 2-bit codes, in memory advised for huge pages ([`crate::memory`]): the
    /// solver reads them at random.
    pub packed: Vec<u8>,
}

impl Layer {
    /// The code at dense index `i`.
    #[inline]
    #[must_use]
    pub fn code_at(&self, i: u64) -> u8 {
        (self.packed[(i >> 2) as usize] >> ((i & 3) * 2)) & 3
    }

    /// Asks the processor to bring the code at `i` into its cache, without waiting.
    ///
    /// One of the crate's `unsafe` calls: the prefetch instruction, which never faults and
    /// reads nothing the program sees. It pays because the placing solver reads codes of
    /// layers far larger than the caches (figures in docs/tablebase.md).
    #[inline]
    #[allow(unsafe_code)]
    fn prefetch(&self, i: u64) {
        #[cfg(target_arch = "x86_64")]
        if let Some(byte) = self.packed.get((i >> 2) as usize) {
            // SAFETY: `_mm_prefetch` is a hint; the address is that of a live byte of
            // `packed`, and SSE, which it needs, is part of every x86-64 processor.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(std::ptr::from_ref(byte).cast())
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
    }

    /// A moving table's classes as codes at count 0 under `rule_plies`: wins under the
    /// rule (or, with no rule, every game win) are wins, the rest likewise.
    #[must_use]
    pub fn from_moving(table: &Table, rule_plies: u16) -> Layer {
        let code = |c: u8| {
            let wdl = Wdl::from_code(c).unwrap_or(Wdl::Draw);
            let (win, loss) = if rule_plies == 0 {
                (wdl.is_game_win(), wdl.is_game_loss())
            } else {
                (wdl == Wdl::Win, wdl == Wdl::Loss)
            };
            if win {
                WIN
            } else if loss {
                LOSS
            } else {
                DRAW
            }
        };
        let mut packed = crate::memory::huge_vec(table.wdl.len().div_ceil(4), || 0u8);
        packed.par_iter_mut().zip(table.wdl.par_chunks(4)).for_each(|(byte, q)| {
            *byte = q.iter().enumerate().fold(0u8, |b, (j, &c)| b | (code(c) << (2 * j)));
        });
        Layer { indexer: Arc::clone(&table.indexer), packed }
    }
}

/// The two layers a cell reads: after a plain placement, after one that removes.
pub struct Children<'a> {
    /// `(k+1, them, us+1)`, absent when that side is lost at once or nothing leads there.
    pub plain: Option<&'a Layer>,
    /// `(k+1, them−1, us+1)`, likewise.
    pub removal: Option<&'a Layer>,
}

/// Solves `cell` of a game of `stones` a side from the layers of the next ply, on the
/// current rayon pool; returns the packed codes, index order. A child that is not given
/// must be one that [`PlacingCell::inputs`] leaves out (decided at once).
#[must_use]
pub fn solve_cell(
    board: &MoveGenerator,
    cell: PlacingCell,
    stones: u8,
    indexer: &Indexer,
    children: &Children<'_>,
    progress: &dyn Progress,
) -> Vec<u8> {
    let n = indexer.len();
    // Kept as the next cell's input, which the solver reads at random.
    let mut packed = crate::memory::huge_vec(n.div_ceil(4) as usize, || 0u8);
    if cell.lost_by_material(stones) {
        packed.iter_mut().for_each(|b| *b = LOSS * 0b0101_0101);
        progress.advance(n);
        return packed;
    }
    let all = STANDARD.topology.all().0;
    packed.par_chunks_mut(CHUNK_POSITIONS / 4).enumerate().for_each(|(c, bytes)| {
        let start = (c * CHUNK_POSITIONS) as u64;
        let end = (start + CHUNK_POSITIONS as u64).min(n);
        // One position in flight: its children's codes are fetched while the next
        // position's children are indexed, then read (see `Children::gather`).
        let (mut next, mut ready) = (Scratch::default(), Scratch::default());
        let mut pending: Option<usize> = None;
        let mut put = |j: usize, code: u8| bytes[j >> 2] |= code << ((j & 3) * 2);
        indexer.for_each_position(start..end, |i, us, them| {
            let j = (i - start) as usize;
            let at_once = children.gather(board, all, us, them, &mut next);
            if let Some(k) = pending.take() {
                put(k, children.best(&ready));
            }
            match at_once {
                Some(code) => put(j, code),
                None => {
                    std::mem::swap(&mut next, &mut ready);
                    pending = Some(j);
                }
            }
        });
        if let Some(k) = pending {
            put(k, children.best(&ready));
        }
        progress.advance(end - start);
    });
    packed
}

/// A position's child indices, kept between positions so that no position allocates.
#[derive(Default)]
struct Scratch {
    plain: Vec<u64>,
    removal: Vec<u64>,
}

impl Children<'_> {
    /// Indexes the children of a placing position (side to move `us`, not lost by
    /// material) into `scratch` and asks the processor to fetch their codes; or its value
    /// at once, when a child is decided without a layer (a win).
    ///
    /// Nearly every code read is a cache miss (the layers are hundreds of MB). Reading
    /// each code as its index was computed spent 80 % of a cell's time waiting on memory
    /// (`perf record` of cell p17-5-7); the solver now fetches one position's codes while
    /// it indexes the next (figures in docs/tablebase.md).
    #[inline]
    fn gather(&self, board: &MoveGenerator, all: u32, us: u32, them: u32, scratch: &mut Scratch) -> Option<u8> {
        scratch.plain.clear();
        scratch.removal.clear();
        let empty = all & !(us | them);
        // Placements that close a mill (and so remove), when there is anything to remove.
        let mut mills = 0u32;
        if them != 0 {
            for p in points_of(empty) {
                if board.closes_mill(p, us | (1 << p)) {
                    mills |= 1 << p;
                }
            }
        }
        let plain = empty & !mills;
        if plain != 0 {
            let Some(layer) = self.plain else { return Some(WIN) };
            // Every plain child has the same "us" set (`them`) and `us` plus one stone.
            let frame = layer.indexer.frame(them);
            layer.indexer.index_each_added(&frame, us, plain, |i| {
                layer.prefetch(i);
                scratch.plain.push(i);
            });
        }
        if mills != 0 {
            // Each removal is a child; a placement's value is the best of them. Children
            // that remove the same stone share their "us" set, whatever was placed.
            let Some(layer) = self.removal else { return Some(WIN) };
            for r in points_of(board.removable(them)) {
                let frame = layer.indexer.frame(them ^ (1 << r));
                layer.indexer.index_each_added(&frame, us, mills, |i| {
                    layer.prefetch(i);
                    scratch.removal.push(i);
                });
            }
        }
        None
    }

    /// The value of a position whose children [`Children::gather`] indexed: the best
    /// over its placements (and removals).
    #[inline]
    fn best(&self, scratch: &Scratch) -> u8 {
        let best_in = |layer: Option<&Layer>, indices: &[u64]| {
            layer.map_or(LOSS, |l| {
                indices.iter().map(|&i| flip(l.code_at(i))).fold(LOSS, |a, b| if merit(b) > merit(a) { b } else { a })
            })
        };
        let (a, b) = (best_in(self.plain, &scratch.plain), best_in(self.removal, &scratch.removal));
        if merit(b) > merit(a) { b } else { a }
    }
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
    /// The no-removal rule of the profile (0 = none).
    pub rule_plies: u16,
    /// Canonical positions.
    pub positions: u64,
    /// Positions of each code: draws, wins, losses.
    pub counts: [u64; 3],
}

/// The path of `cell`'s file in `dir` for a game of `stones` a side under the profile
/// `rule_plies`.
#[must_use]
pub fn cell_path(dir: &Path, cell: PlacingCell, stones: u8, rule_plies: u16) -> PathBuf {
    dir.join(cell.file_name(stones, rule_plies))
}

/// Writes a solved cell (packed codes) to `dir`, whole: a temporary file, renamed.
///
/// # Errors
/// [`TablebaseError::Io`] when the file cannot be written.
pub fn write_cell(dir: &Path, header: &PlacingHeader, packed: &[u8]) -> Result<u64, TablebaseError> {
    let path = cell_path(dir, header.cell, header.stones, header.rule_plies);
    let mut h = vec![header.cell.ply, header.cell.us, header.cell.them, header.stones];
    h.extend_from_slice(&header.rule_plies.to_le_bytes());
    packed::put_text(&mut h, &header.rules);
    h.extend_from_slice(&header.positions.to_le_bytes());
    for c in header.counts {
        h.extend_from_slice(&c.to_le_bytes());
    }
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
    codes: CodeFile,
}

impl PlacingFile {
    /// Opens `cell`'s file in `dir` for the profile `rule_plies`, checking its header:
    /// magic, version, checksum, the cell, and (when given) the rules text.
    ///
    /// # Errors
    /// [`TablebaseError::MissingTable`]-like I/O errors, `Magic`, `Version`,
    /// `CorruptedTable`, `Ruleset`.
    pub fn open(
        dir: &Path,
        cell: PlacingCell,
        stones: u8,
        rule_plies: u16,
        rules: Option<&str>,
    ) -> Result<PlacingFile, TablebaseError> {
        PlacingFile::open_path(&cell_path(dir, cell, stones, rule_plies), Some(cell), rules)
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
        let versions = [(1, BlockSum::Bytes), (PLACING_VERSION, BlockSum::Words)];
        let (codes, header) = CodeFile::open(path, PLACING_MAGIC, &versions, parse_header)?;
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
        Ok(PlacingFile { path: path.to_path_buf(), header, codes })
    }

    /// Blocks in the file.
    #[must_use]
    pub fn blocks(&self) -> u64 {
        self.codes.blocks()
    }

    /// Bytes the blocks take on disk.
    #[must_use]
    pub fn data_bytes(&self) -> u64 {
        self.codes.data_bytes()
    }

    /// Reads and unpacks block `b`.
    ///
    /// # Errors
    /// [`TablebaseError::CorruptedBlock`] when it fails its checksum, its tag or its
    /// length; `Io` when it cannot be read.
    pub fn block(&self, b: u64) -> Result<Block, TablebaseError> {
        self.codes.block(b)
    }

    /// Every code of the file, packed, in index order (for the next layer's solve, verify
    /// and stats).
    ///
    /// # Errors
    /// As [`PlacingFile::block`].
    pub fn read_all(&self) -> Result<Vec<u8>, TablebaseError> {
        self.codes.read_all()
    }
}

fn parse_header(f: &mut Fields) -> Option<(PlacingHeader, u64)> {
    let cell = PlacingCell::new(f.u8()?, f.u8()?, f.u8()?);
    let stones = f.u8()?;
    let rule_plies = f.u16()?;
    let rules = f.text()?;
    let positions = f.u64()?;
    let counts = [f.u64()?, f.u64()?, f.u64()?];
    if counts.iter().sum::<u64>() != positions {
        return None;
    }
    Some((PlacingHeader { cell, rules, stones, rule_plies, positions, counts }, positions))
}

/// How a placing build runs.
#[derive(Clone, Debug)]
pub struct PlacingOptions {
    /// Stones a side of the game (9 for the standard game; fewer for small tests).
    pub stones: u8,
    /// The rule profile: the no-removal rule (plies; 0 = the game-theoretic values).
    pub rule_plies: u16,
    /// Worker threads.
    pub threads: usize,
}

/// What building (or keeping) one cell did.
#[derive(Clone, Debug)]
pub struct CellReport {
    /// The cell.
    pub cell: PlacingCell,
    /// Canonical positions.
    pub positions: u64,
    /// Draws, wins and losses for the side to move.
    pub counts: [u64; 3],
    /// Wall time in seconds (0 when kept).
    pub seconds: f64,
    /// Bytes of the file.
    pub bytes: u64,
    /// Whether the file was already there.
    pub kept: bool,
}

/// The plan of a placing build: every cell, which are built, and the memory it needs.
#[derive(Clone, Debug)]
pub struct PlacingPlan {
    /// Every cell, in build order.
    pub cells: Vec<PlacingCell>,
    /// Whether each cell's file is already there.
    pub done: Vec<bool>,
    /// Canonical positions still to solve.
    pub positions_to_solve: u64,
    /// Canonical positions of all cells.
    pub positions_total: u64,
    /// A bound on the peak memory, in bytes: the two largest consecutive layers packed,
    /// and the two largest moving tables' classes while the last placements are solved.
    pub peak_bytes: u64,
}

/// Plans building the placing cells of `options` in `dir`.
#[must_use]
pub fn plan_placing(dir: &Path, options: &PlacingOptions) -> PlacingPlan {
    let rules = placing_rules(options.stones, options.rule_plies);
    let cells = cells(options.stones);
    let done: Vec<bool> = cells
        .iter()
        .map(|&c| PlacingFile::open(dir, c, options.stones, options.rule_plies, Some(&rules)).is_ok())
        .collect();
    let positions: Vec<u64> = cells.iter().map(|c| c.positions()).collect();
    let to_solve = cells.iter().zip(&done).zip(&positions).filter(|((_, d), _)| !**d).map(|(_, p)| p).sum();
    let mut per_ply = vec![0u64; 2 * usize::from(options.stones) + 1];
    for (c, p) in cells.iter().zip(&positions) {
        per_ply[usize::from(c.ply)] += p.div_ceil(4);
    }
    let layers = per_ply.windows(2).map(|w| w[0] + w[1]).max().unwrap_or(0);
    let s = options.stones.max(MIN_STONES);
    let moving = 2 * super::canonical_positions(Subspace::new(s, s.saturating_sub(1).max(MIN_STONES)));
    PlacingPlan {
        cells,
        done,
        positions_to_solve: to_solve,
        positions_total: positions.iter().sum(),
        peak_bytes: layers + moving + moving / 4,
    }
}

/// Builds the cells of `plan` in `dir`, keeping those already built (resumable per cell:
/// a killed build loses at most the cell in progress). The last placements read the
/// moving tables in `dir` (under the profile's rule, or any rule for the game-theoretic
/// profile). `progress` hears positions solved; `on_cell` each cell's report.
///
/// # Errors
/// A moving table or a cell of the next ply is missing, damaged or built for other
/// rules; the directory cannot be written.
pub fn build_placing(
    dir: &Path,
    plan: &PlacingPlan,
    options: &PlacingOptions,
    progress: &dyn Progress,
    on_cell: &mut dyn FnMut(&CellReport),
) -> Result<Vec<CellReport>, TablebaseError> {
    use std::collections::HashMap;
    let rules = placing_rules(options.stones, options.rule_plies);
    let pool = super::worker_pool(options.threads, dir)?;
    let board = MoveGenerator::new(&STANDARD);
    let topology = STANDARD.topology;
    // The moving tables' rules: the profile's, or for the game-theoretic profile whatever
    // rule the directory's tables were built under (their classes keep cursed wins apart).
    let moving_plies = if options.rule_plies == 0 { moving_rule_in(dir).unwrap_or(0) } else { options.rule_plies };
    let moving_rules = super::rules_text(moving_plies);
    let mut last_use: HashMap<Input, usize> = HashMap::new();
    for (k, c) in plan.cells.iter().enumerate() {
        if !plan.done[k] {
            for input in c.inputs(options.stones) {
                last_use.insert(input, k);
            }
        }
    }
    let mut indexers: HashMap<(u8, u8), Arc<Indexer>> = HashMap::new();
    let mut indexer_for = |us: u8, them: u8| {
        Arc::clone(
            indexers
                .entry((us, them))
                .or_insert_with(|| Arc::new(Indexer::new(topology, usize::from(us), usize::from(them)))),
        )
    };
    let mut layers: HashMap<Input, Arc<Layer>> = HashMap::new();
    let mut reports = Vec::new();
    for (k, &cell) in plan.cells.iter().enumerate() {
        let report = if plan.done[k] {
            let file = PlacingFile::open(dir, cell, options.stones, options.rule_plies, Some(&rules))?;
            let bytes = std::fs::metadata(&file.path).map_or(0, |m| m.len());
            CellReport {
                cell,
                positions: file.header.positions,
                counts: file.header.counts,
                seconds: 0.0,
                bytes,
                kept: true,
            }
        } else {
            let start = std::time::Instant::now();
            let inputs = cell.inputs(options.stones);
            for &input in &inputs {
                if layers.contains_key(&input) {
                    continue;
                }
                let layer = match input {
                    Input::Moving(sub) => {
                        let table = Table::load(dir, sub, &moving_rules, topology, false)?;
                        pool.install(|| Layer::from_moving(&table, options.rule_plies))
                    }
                    Input::Placing(c) => {
                        let file = PlacingFile::open(dir, c, options.stones, options.rule_plies, Some(&rules))?;
                        let packed = pool.install(|| file.read_all())?;
                        Layer { indexer: indexer_for(c.us, c.them), packed }
                    }
                };
                layers.insert(input, Arc::new(layer));
            }
            let layer_of = |child_us: u8| {
                inputs
                    .iter()
                    .find(|i| match i {
                        Input::Placing(c) => c.us == child_us,
                        Input::Moving(s) => s.us == child_us,
                    })
                    .and_then(|i| layers.get(i))
                    .map(Arc::as_ref)
            };
            let children = Children {
                plain: layer_of(cell.them),
                removal: if cell.them > 0 { layer_of(cell.them - 1) } else { None },
            };
            let indexer = indexer_for(cell.us, cell.them);
            let packed = pool.install(|| solve_cell(&board, cell, options.stones, &indexer, &children, progress));
            let positions = indexer.len();
            let counts = count_codes(&packed, positions);
            let header = PlacingHeader {
                cell,
                rules: rules.clone(),
                stones: options.stones,
                rule_plies: options.rule_plies,
                positions,
                counts,
            };
            let bytes = pool.install(|| write_cell(dir, &header, &packed))?;
            if last_use.get(&Input::Placing(cell)).is_some_and(|&last| last > k) {
                layers.insert(Input::Placing(cell), Arc::new(Layer { indexer, packed }));
            }
            CellReport { cell, positions, counts, seconds: start.elapsed().as_secs_f64(), bytes, kept: false }
        };
        on_cell(&report);
        reports.push(report);
        layers.retain(|input, _| last_use.get(input).is_some_and(|&last| last > k));
    }
    Ok(reports)
}

/// The no-removal rule of the moving tables in `dir`, from any one of them.
#[must_use]
pub fn moving_rule_in(dir: &Path) -> Option<u16> {
    let entries = std::fs::read_dir(dir).ok()?;
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some(super::sector::FILE_EXTENSION) {
            continue;
        }
        if let Some(sub) = path.file_stem().and_then(|s| s.to_str()).and_then(|s| s.parse::<Subspace>().ok())
            && let Ok(file) = super::store::TableFile::open(dir, sub, None)
        {
            return Some(file.header.rule_plies);
        }
    }
    None
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
    fn blocks_round_trip() {
        let n = 3 * BLOCK_POSITIONS + 17;
        let packed: Vec<u8> = (0..n.div_ceil(4)).map(|i| if i < 1024 { 0x55 } else { (i * 7 % 3) as u8 }).collect();
        let dir = std::env::temp_dir().join(format!("morris-placing-blocks-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let cell = PlacingCell::new(3, 1, 2);
        let header = PlacingHeader {
            cell,
            rules: placing_rules(9, 100),
            stones: 9,
            rule_plies: 100,
            positions: n,
            counts: count_codes(&packed, n),
        };
        write_cell(&dir, &header, &packed).unwrap();
        let file = PlacingFile::open(&dir, cell, 9, 100, Some(&placing_rules(9, 100))).unwrap();
        assert_eq!(file.header, header);
        let back = file.read_all().unwrap();
        assert_eq!(back[..(n / 4) as usize], packed[..(n / 4) as usize]);
        assert!(matches!(file.block(0).unwrap(), Block::Constant(WIN)));
        assert!(matches!(
            PlacingFile::open(&dir, cell, 9, 100, Some(&placing_rules(9, 0))),
            Err(TablebaseError::Ruleset { .. })
        ));
        std::fs::remove_dir_all(&dir).ok();
    }
}
