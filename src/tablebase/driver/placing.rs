//! The placing build: every cell of a game in order (the last ply first), kept where its
//! file is already there, each solved by [`solve_cell`] from the layers it reads.

use std::path::Path;
use std::sync::Arc;

use crate::progress::Progress;
use crate::rules::STANDARD;
use crate::tablebase::shared::cell::{
    Input, PlacingCell, PlacingFile, PlacingHeader, cells, count_codes, placing_rules, write_cell,
};
use crate::tablebase::shared::error::TablebaseError;
use crate::tablebase::shared::index::{Indexer, canonical_positions};
use crate::tablebase::shared::sector::{self, MIN_STONES, MoveGenerator, Subspace, rules_text};
use crate::tablebase::shared::store::{Table, TableFile};
use crate::tablebase::shared::value::RuleProfile;
use crate::tablebase::shared::worker_pool;
use crate::tablebase::solve::placing::{Children, Layer, solve_cell};

/// How a placing build runs.
#[derive(Clone, Debug)]
pub struct PlacingOptions {
    /// Stones a side of the game (9 for the standard game; fewer for small tests).
    pub stones: u8,
    /// The rule profile.
    pub profile: RuleProfile,
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
    let rules = placing_rules(options.stones, options.profile);
    let cells = cells(options.stones);
    let done: Vec<bool> = cells
        .iter()
        .map(|&c| PlacingFile::open(dir, c, options.stones, options.profile, Some(&rules)).is_ok())
        .collect();
    let positions: Vec<u64> = cells.iter().map(|c| c.positions()).collect();
    let to_solve = cells.iter().zip(&done).zip(&positions).filter(|((_, d), _)| !**d).map(|(_, p)| p).sum();
    let mut per_ply = vec![0u64; 2 * usize::from(options.stones) + 1];
    for (c, p) in cells.iter().zip(&positions) {
        per_ply[usize::from(c.ply)] += p.div_ceil(4);
    }
    let layers = per_ply.windows(2).map(|w| w[0] + w[1]).max().unwrap_or(0);
    let s = options.stones.max(MIN_STONES);
    let moving = 2 * canonical_positions(Subspace::new(s, s.saturating_sub(1).max(MIN_STONES)));
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
    let rules = placing_rules(options.stones, options.profile);
    let pool = worker_pool(options.threads, dir)?;
    let board = MoveGenerator::new(&STANDARD);
    let topology = STANDARD.topology;
    // The moving tables' rules: the profile's, or for the game-theoretic profile whatever
    // rule the directory's tables were built under (their classes keep cursed wins apart).
    let moving_profile = if options.profile.is_game_theoretic() {
        moving_rule_in(dir).unwrap_or(RuleProfile::GAME_THEORETIC)
    } else {
        options.profile
    };
    let moving_rules = rules_text(moving_profile);
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
            let file = PlacingFile::open(dir, cell, options.stones, options.profile, Some(&rules))?;
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
                        pool.install(|| Layer::from_moving(&table, options.profile))
                    }
                    Input::Placing(c) => {
                        let file = PlacingFile::open(dir, c, options.stones, options.profile, Some(&rules))?;
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
                profile: options.profile,
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
pub fn moving_rule_in(dir: &Path) -> Option<RuleProfile> {
    let entries = std::fs::read_dir(dir).ok()?;
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some(sector::FILE_EXTENSION) {
            continue;
        }
        if let Some(sub) = path.file_stem().and_then(|s| s.to_str()).and_then(|s| s.parse::<Subspace>().ok())
            && let Ok(file) = TableFile::open(dir, sub, None)
        {
            return Some(file.header.profile);
        }
    }
    None
}

impl PlacingPlan {
    /// One line on what the build will do, for `options`.
    #[must_use]
    pub fn banner(&self, options: &PlacingOptions) -> String {
        use crate::words::{count, human};
        format!(
            "tablebase build --placing: {} of a {}-stone game ({} already built), {} positions to solve of {}, {}, \
             {}; memory bound {:.1} GB",
            count(self.cells.len() as u64, "cell", "cells"),
            options.stones,
            self.done.iter().filter(|&&d| d).count(),
            human(self.positions_to_solve),
            human(self.positions_total),
            count(options.threads as u64, "thread", "threads"),
            options.profile,
            self.peak_bytes as f64 / 1e9
        )
    }
}

/// What a placing build has seen of one ply (layer) so far: the sum of its cells'
/// reports, built and kept.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlyTally {
    /// The ply.
    pub ply: u8,
    /// Canonical positions of its cells.
    pub positions: u64,
    /// Draws, wins and losses for the side to move.
    pub counts: [u64; 3],
    /// Bytes of its files.
    pub bytes: u64,
    /// Positions of the cells built in this run (not kept).
    pub built_positions: u64,
    /// Wall time of the cells built in this run.
    pub seconds: f64,
}

impl PlyTally {
    /// Adds one cell's report to the tally of its ply. When the report starts a new ply,
    /// the finished tally of the previous one is returned (the reports of a build come
    /// ply by ply, the last ply first).
    pub fn add(current: &mut Option<PlyTally>, report: &CellReport) -> Option<PlyTally> {
        let finished = current.take_if(|t| t.ply != report.cell.ply);
        let t = current.get_or_insert_with(|| PlyTally { ply: report.cell.ply, ..PlyTally::default() });
        t.positions += report.positions;
        t.bytes += report.bytes;
        for (sum, c) in t.counts.iter_mut().zip(report.counts) {
            *sum += c;
        }
        if !report.kept {
            t.built_positions += report.positions;
            t.seconds += report.seconds;
        }
        finished
    }

    /// The share of positions with code `code` (draw 0, win 1, loss 2), in percent.
    #[must_use]
    pub fn percent(&self, code: usize) -> f64 {
        100.0 * self.counts[code] as f64 / self.positions.max(1) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tally_closes_a_ply_when_the_next_begins() {
        let report = |ply, positions, kept| CellReport {
            cell: PlacingCell::new(ply, 1, 1),
            positions,
            counts: [positions, 0, 0],
            seconds: 1.5,
            bytes: 10,
            kept,
        };
        let mut current = None;
        assert_eq!(PlyTally::add(&mut current, &report(17, 100, false)), None);
        assert_eq!(PlyTally::add(&mut current, &report(17, 50, true)), None);
        let done = PlyTally::add(&mut current, &report(16, 7, false)).unwrap();
        assert_eq!((done.ply, done.positions, done.built_positions, done.bytes), (17, 150, 100, 20));
        assert!((done.seconds - 1.5).abs() < 1e-9 && (done.percent(0) - 100.0).abs() < 1e-9);
        assert_eq!(current.map(|t| (t.ply, t.positions)), Some((16, 7)));
    }
}
