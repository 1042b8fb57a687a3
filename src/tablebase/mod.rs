//! Endgame tables by retrograde analysis: perfect play in the moving phase (both hands
//! empty, 3 to 9 stones a side), under the game's no-removal rule, computed by the engine
//! itself.
//!
//! Layout (style guide, `tablebase/`): [`sector`] (subspaces and the solver's move and
//! un-move generator), [`index`] (rank/unrank and symmetry reduction), [`value`] (what a
//! stored value means at a given count of plies without a removal), [`retro`] (the
//! solver), [`store`] (the block-compressed file format and typed errors), [`verify`]
//! (the independent check) and [`probe`] (read-only access and the search's
//! [`Oracle`](crate::search::Oracle)). This module plans and drives builds. It uses only
//! `rules`, `topology` and the `search::Oracle` trait; the search sees nothing here but
//! that trait, and nothing here prints: the command layer does.

pub mod cells;
pub mod fast;
pub mod index;
pub mod packed;
pub mod placing;
pub mod probe;
pub mod retro;
pub mod sector;
pub mod store;
pub mod value;
pub mod verify;

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

pub use cells::Cell;
pub use probe::Tablebase;
pub use sector::Subspace;
pub use store::{Table, TablebaseError};
pub use value::{TableValue, Wdl};

use crate::progress::Progress;
use crate::rules::{Ruleset, STANDARD};
use index::Indexer;
use sector::{MIN_STONES, MoveGenerator, header_rules, is_supported};

/// A rayon pool of `threads` workers (at least one) for work on the tables in `dir`.
///
/// # Errors
/// The operating system refuses the threads ([`TablebaseError::Io`] on `dir`).
pub(crate) fn worker_pool(threads: usize, dir: &Path) -> Result<rayon::ThreadPool, TablebaseError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| TablebaseError::Io { path: dir.to_path_buf(), cause: std::io::Error::other(e.to_string()) })
}

/// The number of canonical positions of every subspace from 3-3 to 9-9.
pub const ALL_POSITIONS: u64 = 8_904_593_601;

/// Opens the tables in `dir` for the engine's search under `rules`, building their
/// indices on a thread of their own.
///
/// # Errors
/// The directory holds no table, a header fails its checks, or the tables were built for
/// other rules than `rules` (board, flying, removal, or the no-removal count; tables answer
/// for a game without that count too).
pub fn open_oracle(dir: &Path, rules: &Ruleset) -> Result<Arc<Tablebase>, TablebaseError> {
    let tb = Arc::new(Tablebase::open(dir)?);
    let built = tb.rule_plies();
    if !is_supported(rules) || (rules.no_removal_plies != 0 && rules.no_removal_plies != built) {
        let wanted = header_rules(rules);
        return Err(TablebaseError::Ruleset {
            path: dir.to_path_buf(),
            found: header_rules(&Ruleset { no_removal_plies: built, ..STANDARD.clone() }),
            expected: wanted,
        });
    }
    tb.warm_up();
    log::info!(
        "tablebase: {} in {} (no-removal rule {})",
        crate::words::count(tb.subspaces().len() as u64, "subspace", "subspaces"),
        dir.display(),
        crate::words::plies(built)
    );
    Ok(tb)
}

/// The pairs to build for `targets`, with every pair they depend on, in dependency order.
#[must_use]
pub fn plan(targets: &[Subspace]) -> Vec<Vec<Subspace>> {
    let mut seen: BTreeSet<(u8, u8, u8)> = BTreeSet::new();
    let mut stack: Vec<Subspace> = targets.to_vec();
    while let Some(s) = stack.pop() {
        let pair = s.pair();
        let key = (pair[0].us + pair[0].them, pair[0].us, pair[0].them);
        if seen.insert(key) {
            stack.extend(s.dependencies());
        }
    }
    seen.into_iter().map(|(_, us, them)| Subspace::new(us, them).pair()).collect()
}

/// Canonical positions of `subspace` (after symmetry), without building its index: the
/// orbit count by Burnside's lemma over the board's symmetries.
#[must_use]
pub fn canonical_positions(subspace: Subspace) -> u64 {
    let topology = STANDARD.topology;
    let syms = topology.symmetries();
    let (a, b) = (usize::from(subspace.us), usize::from(subspace.them));
    let mut fixed_total = 0u64;
    for s in syms {
        // Positions fixed by s: unions of whole cycles, a cycles for us, b for them.
        let mut seen = 0u32;
        let mut cycles = Vec::new();
        for p in topology.points() {
            if seen & p.set().0 != 0 {
                continue;
            }
            let mut len = 0;
            let mut q = p;
            while seen & q.set().0 == 0 {
                seen |= q.set().0;
                q = s.apply(q);
                len += 1;
            }
            cycles.push(len);
        }
        // Count ways to colour cycles us/them/empty with a stones of us and b of them.
        let mut ways = vec![vec![0u64; b + 1]; a + 1];
        ways[0][0] = 1;
        for &len in &cycles {
            for x in (0..=a).rev() {
                for y in (0..=b).rev() {
                    let mut add = 0;
                    if x >= len {
                        add += ways[x - len][y];
                    }
                    if y >= len {
                        add += ways[x][y - len];
                    }
                    ways[x][y] += add;
                }
            }
        }
        fixed_total += ways[a][b];
    }
    fixed_total / syms.len() as u64
}

/// How a build runs.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Worker threads.
    pub threads: usize,
    /// The no-removal rule the values are computed under (plies; 0 = none).
    pub rule_plies: u16,
}

/// The plan of a build: what is left to do and the memory it needs.
#[derive(Clone, Debug)]
pub struct BuildPlan {
    /// Every pair in dependency order.
    pub pairs: Vec<Vec<Subspace>>,
    /// The pairs whose files are already there (kept, never recomputed).
    pub done: Vec<bool>,
    /// Canonical positions still to solve.
    pub positions_to_solve: u64,
    /// Canonical positions of all pairs.
    pub positions_total: u64,
    /// Peak memory of the build, in bytes (the largest pair's solve with the tables
    /// held for it and for later pairs).
    pub peak_bytes: u64,
}

/// Plans building `pairs` in `dir` under `options`: which pairs are already built, and
/// the memory the rest needs.
#[must_use]
pub fn plan_build(dir: &Path, pairs: Vec<Vec<Subspace>>, options: &BuildOptions) -> BuildPlan {
    let rules = rules_text(options.rule_plies);
    let done: Vec<bool> =
        pairs.iter().map(|p| p.iter().all(|&s| store::TableFile::open(dir, s, Some(&rules)).is_ok())).collect();
    let size = |s: &Subspace| canonical_positions(*s);
    let mut held: BTreeSet<Subspace> = BTreeSet::new();
    let mut peak = 0u64;
    let (mut to_solve, mut total) = (0, 0);
    for (k, pair) in pairs.iter().enumerate() {
        let positions: u64 = pair.iter().map(size).sum();
        total += positions;
        if !done[k] {
            to_solve += positions;
            held.extend(pair.iter().filter_map(|s| s.after_removal()));
            let held_bytes: u64 = held.iter().map(size).sum();
            peak = peak.max(retro::estimated_bytes(positions, held_bytes));
        }
        held.extend(pair.iter().copied());
        let needed: BTreeSet<Subspace> = pairs[k + 1..].iter().flatten().filter_map(|s| s.after_removal()).collect();
        held.retain(|s| needed.contains(s));
    }
    BuildPlan { pairs, done, positions_to_solve: to_solve, positions_total: total, peak_bytes: peak }
}

/// The rules text of tables built under a no-removal rule of `rule_plies`.
#[must_use]
pub fn rules_text(rule_plies: u16) -> String {
    header_rules(&Ruleset { no_removal_plies: rule_plies, ..STANDARD.clone() })
}

/// What building one pair did.
#[derive(Clone, Debug)]
pub struct BuildReport {
    /// The pair.
    pub pair: Vec<Subspace>,
    /// Canonical positions (after symmetry reduction).
    pub positions: u64,
    /// Wall time, in seconds; 0 if kept.
    pub seconds: f64,
    /// Working memory of the solve (estimate from array sizes), in bytes.
    pub working_bytes: u64,
    /// Levels the solver went through.
    pub levels: u32,
    /// Whether the files already existed, so nothing was computed.
    pub kept: bool,
}

/// Builds the pairs of `plan` (in order) in `dir`, keeping those already built. After
/// each pair, `on_pair` hears what it did. `progress` advances by two per position solved
/// (one in the count pass, one when resolved or at the end of the pair).
///
/// # Errors
/// The directory cannot be written, a needed table is missing or corrupt, or the solver
/// fails ([`TablebaseError`]).
pub fn build(
    dir: &Path,
    plan: &BuildPlan,
    options: &BuildOptions,
    progress: &dyn Progress,
    on_pair: &mut dyn FnMut(&BuildReport),
) -> Result<Vec<BuildReport>, TablebaseError> {
    std::fs::create_dir_all(dir).map_err(|cause| TablebaseError::Io { path: dir.to_path_buf(), cause })?;
    let rules = rules_text(options.rule_plies);
    let topology = STANDARD.topology;
    let board = MoveGenerator::new(&STANDARD);
    let pool = worker_pool(options.threads, dir)?;
    let mut loaded: HashMap<Subspace, Table> = HashMap::new();
    let mut reports = Vec::new();
    let mut done_steps = 0u64;
    for (n, pair) in plan.pairs.iter().enumerate() {
        let report = if plan.done[n] {
            for &s in pair {
                progress.stage(format!("{s}: fast form"));
                pool.install(|| fast::ensure_fast(dir, s, &rules))?;
            }
            BuildReport {
                pair: pair.clone(),
                positions: pair.iter().map(|&s| canonical_positions(s)).sum(),
                seconds: 0.0,
                working_bytes: 0,
                levels: 0,
                kept: true,
            }
        } else {
            let start = Instant::now();
            for dep in pair.iter().filter_map(|s| s.after_removal()) {
                if let std::collections::hash_map::Entry::Vacant(slot) = loaded.entry(dep) {
                    progress.stage(format!("{}: loading {dep}", pair[0]));
                    slot.insert(Table::load(dir, dep, &rules, topology, false)?);
                }
            }
            let deps: Vec<&Table> =
                pair.iter().filter_map(|s| s.after_removal()).filter_map(|d| loaded.get(&d)).collect();
            progress.stage(format!("{}: indexing", pair[0]));
            let indexers: Vec<Arc<Indexer>> =
                pair.iter().map(|s| Arc::new(Indexer::new(topology, usize::from(s.us), usize::from(s.them)))).collect();
            let positions: u64 = indexers.iter().map(|ix| ix.len()).sum();
            progress.stage(format!("{}: solving", pair[0]));
            let horizon = value::horizon(options.rule_plies);
            let (solved, stats) =
                pool.install(|| retro::solve_pair(&board, pair, indexers, &deps, horizon, progress))?;
            progress.stage(format!("{}: writing", pair[0]));
            pool.install(|| {
                solved.iter().try_for_each(|t| {
                    store::write_table(dir, t.subspace, &rules, options.rule_plies, &t.wdl, &t.distance)?;
                    fast::write_fast(dir, t.subspace, &rules, options.rule_plies, &t.wdl, &t.distance).map(|_| ())
                })
            })?;
            for t in solved {
                let needed_later = plan.pairs[n + 1..].iter().flatten().any(|s| s.after_removal() == Some(t.subspace));
                if needed_later {
                    // Later pairs need only the classes of their removals' targets.
                    loaded.insert(t.subspace, Table { distance: Vec::new(), ..t });
                }
            }
            done_steps += 2 * positions;
            progress.set_done(done_steps);
            BuildReport {
                pair: pair.clone(),
                positions,
                seconds: start.elapsed().as_secs_f64(),
                working_bytes: stats.working_bytes,
                levels: stats.levels,
                kept: false,
            }
        };
        on_pair(&report);
        reports.push(report);
        // Keep in memory only what the remaining pairs' removals lead to.
        let needed: BTreeSet<Subspace> =
            plan.pairs[n + 1..].iter().flatten().filter_map(|s| s.after_removal()).collect();
        loaded.retain(|s, _| needed.contains(s));
    }
    Ok(reports)
}

/// Why one cell was not built.
#[derive(Debug, thiserror::Error)]
pub enum CellError {
    /// Some of the cell's inputs are not built in the directory.
    #[error("cell {cell} needs {} first: not built in {}", join(missing), dir.display())]
    MissingInputs {
        /// The cell asked for.
        cell: Cell,
        /// Its inputs that are not there.
        missing: Vec<Cell>,
        /// The directory.
        dir: PathBuf,
    },
    /// Building failed.
    #[error(transparent)]
    Tablebase(#[from] TablebaseError),
}

fn join(cells: &[Cell]) -> String {
    cells.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
}

/// Builds exactly `cell` in `dir`, whose inputs must be built there already; a cell that
/// is built already is kept (its report says so). The files are written whole under
/// names unique to this process and then renamed, so a killed job leaves no file that
/// counts as built and two jobs on one cell write the same bytes, one after the other.
///
/// # Errors
/// [`CellError::MissingInputs`] (nothing is done), or the build's own errors.
pub fn build_cell(
    dir: &Path,
    cell: Cell,
    options: &BuildOptions,
    progress: &dyn Progress,
) -> Result<BuildReport, CellError> {
    let kept = || BuildReport {
        pair: cell.subspaces(),
        positions: cell.positions(),
        seconds: 0.0,
        working_bytes: 0,
        levels: 0,
        kept: true,
    };
    if cell.is_built(dir, options.rule_plies) {
        return Ok(kept());
    }
    let missing: Vec<Cell> = cell.inputs().into_iter().filter(|i| !i.is_built(dir, options.rule_plies)).collect();
    if !missing.is_empty() {
        return Err(CellError::MissingInputs { cell, missing, dir: dir.to_path_buf() });
    }
    match cell {
        Cell::Moving(_) => {
            let plan = plan_build(dir, vec![cell.subspaces()], options);
            // One pair in the plan, so one report.
            Ok(build(dir, &plan, options, progress, &mut |_| {})?.pop().unwrap_or_else(kept))
        }
        Cell::Placing { ply, us, them } => build_placing_cell(dir, ply, us, them, options, progress),
    }
}

/// Builds placing cell `p{ply}-{us}-{them}` of the standard game, whose inputs are built,
/// under the rule profile of `options`.
fn build_placing_cell(
    dir: &Path,
    ply: u8,
    us: u8,
    them: u8,
    options: &BuildOptions,
    progress: &dyn Progress,
) -> Result<BuildReport, CellError> {
    let cell = placing::PlacingCell::new(ply, us, them);
    let placing_options =
        placing::PlacingOptions { stones: STANDARD.stones, rule_plies: options.rule_plies, threads: options.threads };
    let plan = placing::PlacingPlan {
        cells: vec![cell],
        done: vec![false],
        positions_to_solve: cell.positions(),
        positions_total: cell.positions(),
        peak_bytes: 0,
    };
    let report = placing::build_placing(dir, &plan, &placing_options, progress, &mut |_| {})?;
    let seconds = report.first().map_or(0.0, |r| r.seconds);
    Ok(BuildReport {
        pair: vec![Subspace::new(us, them)],
        positions: cell.positions(),
        seconds,
        working_bytes: 0,
        levels: 0,
        kept: false,
    })
}

/// Counts of one subspace's values over the full board (each canonical position
/// weighted by the size of its orbit).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FullBoardCounts {
    /// Positions of each class, by [`Wdl::code`].
    pub counts: [u64; 5],
}

impl FullBoardCounts {
    /// The count of one class.
    #[must_use]
    pub fn count(&self, wdl: Wdl) -> u64 {
        self.counts[usize::from(wdl.code())]
    }

    /// All positions.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }
}

/// Counts `table`'s classes over the full board.
#[must_use]
pub fn full_board_counts(table: &Table) -> FullBoardCounts {
    let mut c = FullBoardCounts::default();
    for (i, &code) in table.wdl.iter().enumerate() {
        c.counts[usize::from(code.min(4))] += table.indexer.orbit_len_at(i as u64);
    }
    c
}

/// Whether `sub` can exist under the standard rules (3 to 9 stones a side).
#[must_use]
pub fn is_possible(sub: Subspace) -> bool {
    sub.us >= MIN_STONES && sub.them >= MIN_STONES && sub.us <= STANDARD.stones && sub.them <= STANDARD.stones
}
