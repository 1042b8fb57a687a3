//! The build driver, above both solvers: what to build and in which order ([`cells`],
//! [`plan`], [`plan_build`], [`placing::plan_placing`]), memory checks, and the builds
//! themselves, pair by pair for the moving phase ([`build`]), cell by cell for the
//! placing phase ([`placing::build_placing`]), or one cell as one job's work
//! ([`build_cell`]); a whole build as the command line asks for it, phase after phase,
//! in [`job`]. Progress goes to a [`Progress`]; nothing here prints.

pub mod cells;
pub mod job;
pub mod pack;
pub mod placing;

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::progress::Progress;
use crate::rules::STANDARD;
use crate::tablebase::shared::error::TablebaseError;
use crate::tablebase::shared::index::{Indexer, canonical_positions};
use crate::tablebase::shared::sector::{MoveGenerator, Subspace, rules_text};
use crate::tablebase::shared::store::{self, Table};
use crate::tablebase::shared::value::RuleProfile;
use crate::tablebase::shared::{cell, fast, worker_pool};
use crate::tablebase::solve::checkpoint::Checkpoint;
use crate::tablebase::solve::moving;
use cells::Cell;

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

/// How a build runs.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Worker threads.
    pub threads: usize,
    /// The rule profile the values are computed under.
    pub profile: RuleProfile,
    /// How often a moving pair's solve saves its state to resume from
    /// ([`Checkpoint`]; `None`: never).
    pub checkpoint_every: Option<Duration>,
    /// Stop a pair's solve after this many saves ([`Checkpoint::stop_after`]; tests).
    pub stop_after_saves: Option<u32>,
}

impl BuildOptions {
    /// A build's usual options: `threads` threads, rule `profile`, a save of a moving
    /// pair's solve every [`CHECKPOINT_EVERY`].
    #[must_use]
    pub fn new(threads: usize, profile: RuleProfile) -> BuildOptions {
        BuildOptions { threads, profile, checkpoint_every: Some(CHECKPOINT_EVERY), stop_after_saves: None }
    }
}

/// How often a moving pair's solve saves its state by default: a save of the largest pair
/// (about 3 GB) takes seconds, a small share of ten minutes.
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(600);

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
    let rules = rules_text(options.profile);
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
            peak = peak.max(moving::estimated_bytes(positions, held_bytes));
        }
        held.extend(pair.iter().copied());
        let needed: BTreeSet<Subspace> = pairs[k + 1..].iter().flatten().filter_map(|s| s.after_removal()).collect();
        held.retain(|s| needed.contains(s));
    }
    BuildPlan { pairs, done, positions_to_solve: to_solve, positions_total: total, peak_bytes: peak }
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
    /// The level the solve resumed at, from the checkpoint of an earlier build.
    pub resumed_at: Option<u32>,
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
    let rules = rules_text(options.profile);
    let topology = STANDARD.topology;
    let board = MoveGenerator::new(&STANDARD);
    let pool = worker_pool(options.threads, dir)?;
    let mut loaded: HashMap<Subspace, Table> = HashMap::new();
    let mut reports = Vec::new();
    let mut done_steps = 0u64;
    for (n, pair) in plan.pairs.iter().enumerate() {
        let report = if plan.done[n] {
            // A checkpoint left by a build stopped between writing the tables and removing
            // it is of no more use (and may be gigabytes).
            let _ = std::fs::remove_file(Checkpoint::path_for(dir, pair[0]));
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
                resumed_at: None,
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
            let horizon = options.profile.horizon();
            let checkpoint = options.checkpoint_every.map(|every| Checkpoint {
                path: Checkpoint::path_for(dir, pair[0]),
                every,
                rules: rules.clone(),
                stop_after: options.stop_after_saves,
                segment: moving::SAVE_SEGMENT,
            });
            let (solved, stats) = pool.install(|| {
                moving::solve_pair(&board, pair, indexers, &deps, horizon, checkpoint.as_ref(), progress)
            })?;
            progress.stage(format!("{}: writing", pair[0]));
            pool.install(|| {
                solved.iter().try_for_each(|t| {
                    store::write_table(dir, t.subspace, &rules, options.profile, &t.wdl, &t.distance)?;
                    fast::write_fast(dir, t.subspace, &rules, options.profile, &t.wdl, &t.distance).map(|_| ())
                })
            })?;
            if let Some(c) = &checkpoint {
                c.remove();
            }
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
                resumed_at: stats.resumed_at,
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
        resumed_at: None,
    };
    if cell.is_built(dir, options.profile) {
        return Ok(kept());
    }
    let missing: Vec<Cell> = cell.inputs().into_iter().filter(|i| !i.is_built(dir, options.profile)).collect();
    if !missing.is_empty() {
        return Err(CellError::MissingInputs { cell, missing, dir: dir.to_path_buf() });
    }
    match cell {
        Cell::Moving(_) => {
            let plan = plan_build(dir, vec![cell.subspaces()], options);
            // One pair in the plan, so one report.
            Ok(build(dir, &plan, options, progress, &mut |_| {})?.pop().unwrap_or_else(kept))
        }
        Cell::Placing(c) => build_placing_cell(dir, c, options, progress),
    }
}

/// Builds placing cell `cell` of the standard game, whose inputs are built, under the
/// rule profile of `options`.
fn build_placing_cell(
    dir: &Path,
    cell: cell::PlacingCell,
    options: &BuildOptions,
    progress: &dyn Progress,
) -> Result<BuildReport, CellError> {
    let placing_options =
        placing::PlacingOptions { stones: STANDARD.stones, profile: options.profile, threads: options.threads };
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
        pair: vec![Subspace::new(cell.us, cell.them)],
        positions: cell.positions(),
        seconds,
        working_bytes: 0,
        levels: 0,
        kept: false,
        resumed_at: None,
    })
}

/// Why a build does not start.
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    /// The plan needs more memory than the limit allows.
    #[error("{what} needs {:.1} GB, more than --max-memory-gb {limit}{}", *.needed as f64 / 1e9,
        if .what == "the build" { "; build fewer stones (--max-stones)" } else { "" })]
    Memory {
        /// What needs it: the build, or one cell.
        what: String,
        /// Bytes the plan needs at its peak.
        needed: u64,
        /// The limit, in GB.
        limit: f64,
    },
    /// No game has the subspace.
    #[error("subspace {} is not possible: each side has 3 to {} stones", .0, STANDARD.stones)]
    Impossible(Subspace),
    /// The placing layers of a rule profile would read moving tables of another rule.
    #[error(
        "the moving tables in {} are built for a no-removal rule of {}, not {}; build the placing layers with \
         --no-removal-plies {}, or 0 for the game-theoretic values",
        .dir.display(), crate::words::plies(.found.no_removal_plies()), crate::words::plies(.asked.no_removal_plies()),
        .found.no_removal_plies()
    )]
    MovingRule {
        /// The directory.
        dir: PathBuf,
        /// The rule of its moving tables.
        found: RuleProfile,
        /// The rule asked for.
        asked: RuleProfile,
    },
}

/// Refuses `what` (the build, or one cell) when its memory bound `peak_bytes` is over
/// `limit_gb` (when given).
///
/// # Errors
/// [`Refused::Memory`].
pub fn within_memory(what: &str, peak_bytes: u64, limit_gb: Option<f64>) -> Result<(), Refused> {
    match limit_gb {
        Some(limit) if peak_bytes as f64 > limit * 1e9 => {
            Err(Refused::Memory { what: what.to_string(), needed: peak_bytes, limit })
        }
        _ => Ok(()),
    }
}

/// Refuses placing layers under `profile` over moving tables of another rule (the
/// game-theoretic profile reads tables of any rule).
///
/// # Errors
/// [`Refused::MovingRule`].
pub fn moving_rule_fits(dir: &Path, profile: RuleProfile) -> Result<(), Refused> {
    match placing::moving_rule_in(dir) {
        Some(found) if !profile.is_game_theoretic() && found != profile => {
            Err(Refused::MovingRule { dir: dir.to_path_buf(), found, asked: profile })
        }
        _ => Ok(()),
    }
}

impl BuildPlan {
    /// One line on what the build will do, for `threads` threads under `profile`.
    #[must_use]
    pub fn banner(&self, threads: usize, profile: RuleProfile) -> String {
        use crate::words::{count, human};
        format!(
            "tablebase build: {} ({} already built), {} positions to solve of {}, {}, {}; memory bound {:.1} GB",
            count(self.pairs.len() as u64, "pair", "pairs"),
            self.done.iter().filter(|&&d| d).count(),
            human(self.positions_to_solve),
            human(self.positions_total),
            count(threads as u64, "thread", "threads"),
            profile,
            self.peak_bytes as f64 / 1e9
        )
    }
}
