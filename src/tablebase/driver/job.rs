//! A whole local build, as `morris tablebase build` asks for it: the moving pairs (every
//! subspace up to K stones a side, or some subspaces with what they depend on), then the
//! placing layers of the game and their packing. Each phase is planned, refused when it
//! needs more memory than allowed, built resumably ([`build()`], [`build_placing`],
//! [`pack_placing`]) and summed up in a report. Lines for the person watching come as
//! [`BuildEvent`]s; nothing here prints.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::pack::{PackReport, PackedCell, pack_placing};
use super::placing::{CellReport, PlacingOptions, PlyTally, build_placing, plan_placing};
use super::{BuildOptions, BuildReport, Refused, build, moving_rule_fits, plan, plan_build, within_memory};
use crate::progress::Progress;
use crate::rules::STANDARD;
use crate::tablebase::shared::error::TablebaseError;
use crate::tablebase::shared::sector::{Subspace, is_possible, pairs_up_to};
use crate::tablebase::shared::value::RuleProfile;
use crate::words::{count, human, minutes_and_seconds};

/// Which phases a build runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phases {
    /// The moving pairs, then (when no subspace is named) the placing layers.
    Both,
    /// The moving pairs only.
    MovingOnly,
    /// The placing layers only, from the moving tables already built.
    PlacingOnly,
}

/// What a build is asked to build.
#[derive(Clone, Debug)]
pub struct BuildRequest {
    /// The directory of the tables (created if missing).
    pub dir: PathBuf,
    /// Subspaces to build with what they depend on (none: every one up to `max_stones`).
    pub subspaces: Vec<Subspace>,
    /// Every subspace with 3..=K stones a side; also the placing game's stones (default:
    /// the standard game's 9, and with `subspaces` named, none but those).
    pub max_stones: Option<u8>,
    /// The phases.
    pub phases: Phases,
    /// Worker threads and the rule profile.
    pub options: BuildOptions,
    /// The memory a phase may plan to use, in GB.
    pub max_memory_gb: Option<f64>,
}

/// Why a build stopped.
#[derive(Debug, thiserror::Error)]
pub enum JobError {
    /// It did not start (or its placing phase did not).
    #[error(transparent)]
    Refused(#[from] Refused),
    /// Building failed.
    #[error(transparent)]
    Tablebase(#[from] TablebaseError),
}

/// A line of a build's log (standard error in the command line), or a phase's summary
/// (its output).
#[derive(Debug)]
pub enum BuildEvent<'a> {
    /// A phase's plan, in one line.
    Planned(String),
    /// A moving pair was built or kept.
    Pair(&'a PairLine),
    /// The placing cells of one ply were built or kept.
    Ply(&'a PlyLine),
    /// The moving phase is done.
    MovingDone(&'a MovingSummary),
    /// The placing phase is done (before the packing).
    PlacingDone(&'a PlacingSummary),
    /// The placing set is packed.
    Packed(&'a PackSummary),
}

/// How far a phase is: positions solved so far of those to solve, and since when.
#[derive(Clone, Copy, Debug)]
struct Pace {
    start: Instant,
    solved: u64,
    total: u64,
}

impl Pace {
    fn new(total: u64) -> Pace {
        Pace { start: Instant::now(), solved: 0, total }
    }

    /// Positions a second so far.
    fn rate(&self) -> f64 {
        self.solved as f64 / self.start.elapsed().as_secs_f64().max(1e-9)
    }

    fn percent(&self) -> f64 {
        100.0 * self.solved as f64 / self.total.max(1) as f64
    }

    /// The time left at the rate so far.
    fn left(&self) -> Duration {
        Duration::from_secs_f64((self.total - self.solved) as f64 / self.rate().max(1e-9))
    }
}

/// One moving pair's line, with the build's pace after it.
#[derive(Clone, Debug)]
pub struct PairLine {
    /// What building the pair did.
    pub report: BuildReport,
    /// Positions solved so far in the phase, of `total`.
    pub solved: u64,
    /// Positions the phase solves.
    pub total: u64,
    /// Positions a second so far.
    pub rate: f64,
    /// The time left at that rate.
    pub left: Duration,
}

impl fmt::Display for PairLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = &self.report;
        let names: Vec<String> = r.pair.iter().map(ToString::to_string).collect();
        if r.kept {
            return write!(f, "{:>8}  kept (already built)", names.join(" "));
        }
        write!(
            f,
            "{:>8}  {:>13} positions  {:>8.1} s  {:>6.2} M positions/s  {:>6.2} GB  {:>4} levels  | {:.1}% done, \
             {:.2} M positions/s overall, ETA {:.0} min",
            names.join(" "),
            human(r.positions),
            r.seconds,
            r.positions as f64 / r.seconds.max(1e-9) / 1e6,
            r.working_bytes as f64 / 1e9,
            r.levels,
            100.0 * self.solved as f64 / self.total.max(1) as f64,
            self.rate / 1e6,
            self.left.as_secs_f64() / 60.0
        )?;
        match r.resumed_at {
            Some(level) => write!(f, " (resumed at level {level}: the time is this run's)"),
            None => Ok(()),
        }
    }
}

/// One ply's line of a placing build, with the build's pace after it and the process's
/// peak memory so far.
#[derive(Clone, Debug)]
pub struct PlyLine {
    /// The ply's cells, summed.
    pub tally: PlyTally,
    /// Positions solved so far in the phase, in percent of those it solves.
    pub percent: f64,
    /// The time left at the rate so far (none before a position is solved).
    pub left: Option<Duration>,
    /// The process's peak resident memory so far, in bytes, where Linux says it.
    pub peak_bytes: Option<u64>,
}

impl PlyLine {
    /// The line of a finished ply, at the phase's pace.
    fn new(tally: PlyTally, pace: &Pace) -> PlyLine {
        PlyLine {
            tally,
            percent: pace.percent(),
            left: (pace.solved > 0).then(|| pace.left()),
            peak_bytes: crate::memory::peak_resident_bytes(),
        }
    }
}

impl fmt::Display for PlyLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let l = &self.tally;
        let timing = if l.built_positions == 0 {
            format!("{:>28}", "kept (built before)")
        } else {
            format!("{:>8.1} s  {:>6.2} M positions/s", l.seconds, l.built_positions as f64 / l.seconds.max(1e-9) / 1e6)
        };
        write!(
            f,
            "  ply {:>2}  {:>14} positions  W {:>5.1}% D {:>5.1}% L {:>5.1}%  {timing}  {:>8.1} MB",
            l.ply,
            human(l.positions),
            l.percent(1),
            l.percent(0),
            l.percent(2),
            l.bytes as f64 / 1e6,
        )?;
        if let Some(peak) = self.peak_bytes {
            write!(f, "  peak {:.2} GB", peak as f64 / 1e9)?;
        }
        write!(f, "  | {:.1}% done", self.percent)?;
        if let Some(left) = self.left {
            write!(f, ", about {} left", minutes_and_seconds(left))?;
        }
        Ok(())
    }
}

/// What the moving phase did.
#[derive(Clone, Debug)]
pub struct MovingSummary {
    /// Each pair, in build order.
    pub pairs: Vec<BuildReport>,
    /// Wall time, in seconds.
    pub seconds: f64,
    /// Worker threads.
    pub threads: usize,
}

impl MovingSummary {
    /// Positions solved (not kept).
    #[must_use]
    pub fn solved(&self) -> u64 {
        self.pairs.iter().filter(|r| !r.kept).map(|r| r.positions).sum()
    }
}

impl fmt::Display for MovingSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let solved = self.solved();
        writeln!(
            f,
            "built {} ({} kept): {} positions solved in {:.1} s = {:.2} M positions/s with {}",
            count(self.pairs.len() as u64, "pair", "pairs"),
            self.pairs.iter().filter(|r| r.kept).count(),
            human(solved),
            self.seconds,
            solved as f64 / self.seconds.max(1e-9) / 1e6,
            count(self.threads as u64, "thread", "threads"),
        )
    }
}

/// What the placing phase did.
#[derive(Clone, Debug)]
pub struct PlacingSummary {
    /// Each cell, in build order.
    pub cells: Vec<CellReport>,
    /// Wall time, in seconds.
    pub seconds: f64,
    /// Worker threads.
    pub threads: usize,
}

impl fmt::Display for PlacingSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let built: Vec<&CellReport> = self.cells.iter().filter(|r| !r.kept).collect();
        let positions: u64 = built.iter().map(|r| r.positions).sum();
        let bytes: u64 = self.cells.iter().map(|r| r.bytes).sum();
        let cells = self.cells.len() as u64;
        writeln!(
            f,
            "built {} ({} kept): {} positions solved in {:.1} s = {:.2} M positions/s with {}; {:.1} MB on disk for \
             all {}",
            count(cells, "placing cell", "placing cells"),
            self.cells.len() - built.len(),
            human(positions),
            self.seconds,
            positions as f64 / self.seconds.max(1e-9) / 1e6,
            count(self.threads as u64, "thread", "threads"),
            bytes as f64 / 1e6,
            count(cells, "cell", "cells")
        )
    }
}

/// What packing a placing set did.
#[derive(Clone, Debug)]
pub struct PackSummary {
    /// The packing's figures.
    pub report: PackReport,
    /// Wall time, in seconds.
    pub seconds: f64,
}

impl fmt::Display for PackSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = &self.report;
        let dictionary = if r.dictionary == 0 {
            "no dictionary (too few blocks to train one)".to_string()
        } else {
            format!("dictionary {:016x}", r.dictionary)
        };
        writeln!(
            f,
            "packed {} of {} ({} already), {dictionary}: {:.1} MB -> {:.1} MB in {:.1} s",
            r.packed,
            count(r.cells as u64, "placing cell", "placing cells"),
            r.cells - r.packed,
            r.bytes.0 as f64 / 1e6,
            r.bytes.1 as f64 / 1e6,
            self.seconds
        )
    }
}

/// What a whole build did: each phase it ran.
#[derive(Clone, Debug, Default)]
pub struct JobReport {
    /// The moving phase.
    pub moving: Option<MovingSummary>,
    /// The placing phase.
    pub placing: Option<PlacingSummary>,
    /// The packing after it.
    pub packed: Option<PackSummary>,
}

/// The subspaces a build of `subspaces` and `max_stones` aims at (their dependencies come
/// with them in [`plan`]).
///
/// # Errors
/// [`Refused::Impossible`] for a subspace no game has.
pub fn moving_targets(subspaces: &[Subspace], max_stones: Option<u8>) -> Result<Vec<Subspace>, Refused> {
    if let Some(&s) = subspaces.iter().find(|s| !is_possible(**s)) {
        return Err(Refused::Impossible(s));
    }
    let mut targets = subspaces.to_vec();
    if let Some(k) = max_stones.or(if subspaces.is_empty() { Some(STANDARD.stones) } else { None }) {
        targets.extend(pairs_up_to(k).into_iter().flatten());
    }
    Ok(targets)
}

/// Runs the build `request` asks for. `progress` hears the positions solved, phase after
/// phase (each adds its steps when planned); `on_event` each line and summary.
///
/// # Errors
/// [`JobError`]: a phase needs more memory than allowed, the placing layers would read
/// moving tables of another rule, or building fails.
pub fn run_build(
    request: &BuildRequest,
    progress: &dyn Progress,
    on_event: &mut dyn FnMut(BuildEvent<'_>),
) -> Result<JobReport, JobError> {
    let stones = request.max_stones.unwrap_or(STANDARD.stones);
    let mut report = JobReport::default();
    if request.phases != Phases::PlacingOnly {
        let targets = moving_targets(&request.subspaces, request.max_stones)?;
        let summary = build_moving(request, &targets, progress, on_event)?;
        on_event(BuildEvent::MovingDone(&summary));
        report.moving = Some(summary);
    }
    if request.phases == Phases::PlacingOnly || (request.phases == Phases::Both && request.subspaces.is_empty()) {
        let options = PlacingOptions { stones, profile: request.options.profile, threads: request.options.threads };
        let summary = build_placing_phase(request, &options, progress, on_event)?;
        on_event(BuildEvent::PlacingDone(&summary));
        report.placing = Some(summary);
        let packed = pack_set(&request.dir, stones, options.profile, options.threads)?;
        on_event(BuildEvent::Packed(&packed));
        report.packed = Some(packed);
    }
    Ok(report)
}

/// The moving phase: the pairs `targets` need, in dependency order.
fn build_moving(
    request: &BuildRequest,
    targets: &[Subspace],
    progress: &dyn Progress,
    on_event: &mut dyn FnMut(BuildEvent<'_>),
) -> Result<MovingSummary, JobError> {
    let options = &request.options;
    let plan = plan_build(&request.dir, plan(targets), options);
    on_event(BuildEvent::Planned(plan.banner(options.threads, options.profile)));
    within_memory("the build", plan.peak_bytes, request.max_memory_gb)?;
    progress.add_steps(2 * plan.positions_to_solve);
    let mut pace = Pace::new(plan.positions_to_solve);
    let mut on_pair = |r: &BuildReport| {
        if !r.kept {
            pace.solved += r.positions;
        }
        let line = PairLine {
            report: r.clone(),
            solved: pace.solved,
            total: pace.total,
            rate: pace.rate(),
            left: pace.left(),
        };
        on_event(BuildEvent::Pair(&line));
    };
    let pairs = build(&request.dir, &plan, options, progress, &mut on_pair)?;
    Ok(MovingSummary { pairs, seconds: pace.start.elapsed().as_secs_f64(), threads: options.threads })
}

/// The placing phase: every cell of the game, the last ply first; a line a ply.
fn build_placing_phase(
    request: &BuildRequest,
    options: &PlacingOptions,
    progress: &dyn Progress,
    on_event: &mut dyn FnMut(BuildEvent<'_>),
) -> Result<PlacingSummary, JobError> {
    moving_rule_fits(&request.dir, options.profile)?;
    let plan = plan_placing(&request.dir, options);
    on_event(BuildEvent::Planned(plan.banner(options)));
    within_memory("the build", plan.peak_bytes, request.max_memory_gb)?;
    progress.add_steps(plan.positions_to_solve);
    let mut pace = Pace::new(plan.positions_to_solve);
    let mut layer: Option<PlyTally> = None;
    let mut on_cell = |r: &CellReport| {
        log::debug!(
            "{}: {} positions, {:.2} s, {} bytes{}",
            r.cell,
            r.positions,
            r.seconds,
            r.bytes,
            if r.kept { " (kept)" } else { "" }
        );
        if let Some(finished) = PlyTally::add(&mut layer, r) {
            on_event(BuildEvent::Ply(&PlyLine::new(finished, &pace)));
        }
        if !r.kept {
            pace.solved += r.positions;
        }
        progress.stage(format!("ply {}", r.cell.ply));
    };
    let cells = build_placing(&request.dir, &plan, options, progress, &mut on_cell)?;
    if let Some(last) = layer {
        on_event(BuildEvent::Ply(&PlyLine::new(last, &pace)));
    }
    Ok(PlacingSummary { cells, seconds: pace.start.elapsed().as_secs_f64(), threads: options.threads })
}

/// Packs the placing set of a game of `stones` a side under `profile` in `dir`
/// (`morris tablebase pack`, and the end of a placing build).
///
/// # Errors
/// `dir` is not a directory, holds no cell of the set, or a cell does not pack.
pub fn pack_set(dir: &Path, stones: u8, profile: RuleProfile, threads: usize) -> Result<PackSummary, TablebaseError> {
    let start = Instant::now();
    if dir.is_file() {
        return Err(TablebaseError::NotADirectory(dir.to_path_buf()));
    } else if !dir.is_dir() {
        return Err(TablebaseError::NoDirectory(dir.to_path_buf()));
    }
    let mut on_cell = |c: &PackedCell| {
        if !c.kept {
            log::info!("packed {}: {} -> {} bytes in {:.2} s", c.cell, c.bytes.0, c.bytes.1, c.seconds);
        }
    };
    let report = pack_placing(dir, stones, profile, threads, &mut on_cell)?;
    if report.cells == 0 {
        return Err(TablebaseError::NoPlacingSet { dir: dir.to_path_buf(), stones, profile });
    }
    Ok(PackSummary { report, seconds: start.elapsed().as_secs_f64() })
}
