//! What a directory's tables hold (`morris tablebase stats`): per moving table, the
//! positions of each class, the longest distances and the file's size ([`moving_stats`],
//! optionally over the full board); per ply of each placing set, the positions and the
//! side to move's wins, draws and losses ([`placing_stats`]). Reports with the figures;
//! their `Display` is the command's output, and nothing here prints.

use std::fmt;
use std::path::Path;

use super::probe::Tablebase;
use super::shared::error::TablebaseError;
use super::shared::sector::{Subspace, rules_text};
use super::shared::store::{FullBoardCounts, Table, TableSummary, full_board_counts, table_path};
use super::shared::value::{RuleProfile, Wdl};
use crate::rules::STANDARD;
use crate::words::human;

/// One moving table's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct TableStats {
    /// Its subspace.
    pub subspace: Subspace,
    /// Canonical positions.
    pub positions: u64,
    /// Counts of each class and the longest distances (from its header).
    pub summary: TableSummary,
    /// Bytes of its file.
    pub file_bytes: u64,
    /// Its classes over the full board (each position weighted by its symmetric
    /// copies), when asked for.
    pub full_board: Option<FullBoardCounts>,
}

/// The moving tables of a directory.
#[derive(Clone, Debug, PartialEq)]
pub struct MovingStats {
    /// The rule profile they are built under.
    pub profile: RuleProfile,
    /// Whether the full-board counts were made.
    pub full_board: bool,
    /// One row a table, in the directory's order.
    pub tables: Vec<TableStats>,
}

/// The figures of every moving table in `dir`; with `full_board`, also their classes
/// over the full board (reads every table whole).
///
/// # Errors
/// The directory or a table cannot be read or fails a check.
pub fn moving_stats(dir: &Path, full_board: bool) -> Result<MovingStats, TablebaseError> {
    let tb = Tablebase::open(dir)?;
    let rules = rules_text(tb.profile());
    let mut tables = Vec::new();
    for subspace in tb.subspaces() {
        let Some(h) = tb.header(subspace) else { continue };
        let full_board = if full_board {
            Some(full_board_counts(&Table::load(dir, subspace, &rules, STANDARD.topology, false)?))
        } else {
            None
        };
        tables.push(TableStats {
            subspace,
            positions: h.positions,
            summary: h.summary.clone(),
            file_bytes: std::fs::metadata(table_path(dir, subspace)).map_or(0, |m| m.len()),
            full_board,
        });
    }
    Ok(MovingStats { profile: tb.profile(), full_board, tables })
}

/// One ply of a placing set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlyStats {
    /// The ply (placements made).
    pub ply: u8,
    /// Cells of the ply in the directory.
    pub cells: usize,
    /// Their canonical positions.
    pub positions: u64,
    /// Draws, wins and losses for the side to move (by stored code).
    pub counts: [u64; 3],
    /// Bytes of their files.
    pub bytes: u64,
}

impl PlyStats {
    /// Adds `other`'s figures (the ply stays).
    fn add(&mut self, other: &PlyStats) {
        self.cells += other.cells;
        self.positions += other.positions;
        self.bytes += other.bytes;
        for (sum, x) in self.counts.iter_mut().zip(other.counts) {
            *sum += x;
        }
    }
}

/// A placing set: one game and rule profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacingSetStats {
    /// Stones a side of the game.
    pub stones: u8,
    /// The rule profile.
    pub profile: RuleProfile,
    /// Each ply, the last first.
    pub plies: Vec<PlyStats>,
    /// Cells of the set in the directory.
    pub cells: usize,
}

impl PlacingSetStats {
    /// The whole set's figures (its `ply` is 0).
    #[must_use]
    pub fn total(&self) -> PlyStats {
        let mut all = PlyStats::default();
        for p in &self.plies {
            all.add(p);
        }
        all
    }
}

/// Every placing set of a directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacingStats {
    /// One set per game and profile, in order.
    pub sets: Vec<PlacingSetStats>,
}

/// Per ply of each placing set in `dir`: positions and the side to move's results (from
/// the cells' headers).
///
/// # Errors
/// [`TablebaseError::NoPlacingTables`] when there is none; a cell's header fails a check.
pub fn placing_stats(dir: &Path) -> Result<PlacingStats, TablebaseError> {
    let tb = Tablebase::open(dir)?;
    let mut sets = Vec::new();
    for (stones, profile) in tb.placing_sets()? {
        let cells = tb.placing_cells(stones, profile);
        let mut plies = Vec::new();
        for ply in (0..2 * stones).rev() {
            let mut p = PlyStats { ply, ..PlyStats::default() };
            for &c in cells.iter().filter(|c| c.ply == ply) {
                let Some(file) = tb.placing_file(stones, profile, c) else { continue };
                let file = file?;
                p.add(&PlyStats {
                    ply,
                    cells: 1,
                    positions: file.header.positions,
                    counts: file.header.counts,
                    bytes: std::fs::metadata(&file.path).map_or(0, |m| m.len()),
                });
            }
            plies.push(p);
        }
        sets.push(PlacingSetStats { stones, profile, plies, cells: cells.len() });
    }
    Ok(PlacingStats { sets })
}

/// A line a table, as `morris tablebase stats` prints them.
impl fmt::Display for MovingStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "rule profile: {}", self.profile)?;
        writeln!(
            f,
            "subspace   positions        wins cursed-wins       draws blessed-losses      losses  longest-win  \
             longest-loss  file-MB{}",
            if self.full_board { "  full-board  full-win-%" } else { "" }
        )?;
        for t in &self.tables {
            let s = &t.summary;
            write!(
                f,
                "{:>8} {:>11} {:>11} {:>11} {:>11} {:>14} {:>11} {:>12} {:>13} {:>8.1}",
                t.subspace.to_string(),
                t.positions,
                s.count(Wdl::Win),
                s.count(Wdl::CursedWin),
                s.count(Wdl::Draw),
                s.count(Wdl::BlessedLoss),
                s.count(Wdl::Loss),
                s.longest_win,
                s.longest_loss,
                t.file_bytes as f64 / 1e6
            )?;
            if let Some(c) = &t.full_board {
                let wins = c.count(Wdl::Win) + c.count(Wdl::CursedWin);
                write!(f, " {:>11} {:>11.1}", c.total(), 100.0 * wins as f64 / c.total().max(1) as f64)?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// A Markdown table a set, as `morris tablebase stats --placing` prints them.
impl fmt::Display for PlacingStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for set in &self.sets {
            writeln!(f, "placing phase, {} stones a side, {}; the side to move's results:", set.stones, set.profile)?;
            writeln!(f, "| ply | to move | cells | positions | wins | draws | losses | MB |")?;
            writeln!(f, "|---:|---|---:|---:|---:|---:|---:|---:|")?;
            let row = |f: &mut fmt::Formatter<'_>, first: String, to_move: &str, p: &PlyStats, cells: usize| {
                writeln!(
                    f,
                    "| {first} | {to_move}| {cells} | {} | {} | {} | {} | {:.1} |",
                    human(p.positions),
                    human(p.counts[1]),
                    human(p.counts[0]),
                    human(p.counts[2]),
                    p.bytes as f64 / 1e6
                )
            };
            for p in &set.plies {
                let to_move = if p.ply.is_multiple_of(2) { "White " } else { "Black " };
                row(f, p.ply.to_string(), to_move, p, p.cells)?;
            }
            // The set's line counts every cell of the set, as its plies do those they read.
            row(f, "all".to_string(), "", &set.total(), set.cells)?;
        }
        Ok(())
    }
}
