//! `morris tablebase build | plan | slurm | verify | stats | probe | bench`: the command
//! line over [`morris::tablebase`].

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;

use super::progress::{Bar, minutes_and_seconds};
use morris::progress::Progress;
use morris::rules::notation::PositionText;
use morris::rules::{Color, STANDARD};
use morris::tablebase::driver::cells::{self, Cell};
use morris::tablebase::driver::within_memory;
use morris::tablebase::shared::sector::{self, MIN_STONES};
use morris::tablebase::{
    self, BuildOptions, BuildReport, RuleProfile, Subspace, TableValue, Tablebase, Wdl, full_board_counts, is_possible,
    verify,
};
use morris::words::{count, human, plies};

/// `morris tablebase` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum TablebaseCommand {
    /// Build tables by retrograde analysis (resumable: finished pairs are kept)
    Build(BuildArgs),
    /// Print the build graph as JSON: every cell, its inputs, estimates, whether it is built
    Plan(PlanArgs),
    /// Write (or submit) sbatch scripts that build the tables as Slurm jobs, one array per level
    Slurm(SlurmArgs),
    /// Check every stored value against its children, independently of the solver
    Verify(VerifyArgs),
    /// Per subspace: positions of each class, longest distances
    Stats(StatsArgs),
    /// Value and move values of one position, e.g. "xxWB...x white"
    Probe(ProbeArgs),
    /// Time opening the tables, building their indices and random probes
    Bench(TablebaseBenchArgs),
    /// Rewrite a built placing set in the compact layout with its own dictionary (the
    /// build does this at its end; resumable, every cell read back before it is kept)
    Pack(PackArgs),
}

/// `--no-removal-plies`'s default: the game's rule (`STANDARD.no_removal_plies`).
const DEFAULT_PROFILE: &str = "100";

/// `--no-removal-plies N`, read straight into the tables' rule profile: 0 (no rule, the
/// game-theoretic profile) to 4,000 plies.
fn profile_arg(text: &str) -> Result<RuleProfile, String> {
    match text.trim().parse::<u16>() {
        Ok(plies) if plies <= 4000 => Ok(RuleProfile::new(plies)),
        _ => Err(format!("'{text}' is not a number of plies from 0 (no rule) to 4000")),
    }
}

/// Arguments of `morris tablebase pack`.
#[derive(clap::Args, Debug)]
pub struct PackArgs {
    /// Directory of the table files
    #[arg(long)]
    pub dir: PathBuf,
    /// Stones a side of the game whose placing cells are packed
    #[arg(long, default_value_t = STANDARD.stones, value_parser = clap::value_parser!(u8).range(3..=9))]
    pub stones: u8,
    /// The rule profile of the cells (100: the game's rule; 0: the game-theoretic profile)
    #[arg(long = "no-removal-plies", value_name = "PLIES", default_value = DEFAULT_PROFILE, value_parser = profile_arg)]
    pub profile: RuleProfile,
    /// Worker threads (default: all cores)
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Arguments of `morris tablebase bench`.
#[derive(clap::Args, Debug)]
pub struct TablebaseBenchArgs {
    /// Directory of the table files
    #[arg(long)]
    pub dir: PathBuf,
    /// Random positions to probe (each pass)
    #[arg(long, default_value_t = 200_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub probes: u64,
    /// Seed of the random positions
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Arguments of `morris tablebase build`.
#[derive(clap::Args, Debug)]
pub struct BuildArgs {
    /// Directory of the table files (created if missing)
    #[arg(long)]
    pub dir: PathBuf,
    /// Build every subspace with 3..=K stones a side (default, with no --subspace: all, K = 9)
    #[arg(long, value_parser = clap::value_parser!(u8).range(3..=9))]
    pub max_stones: Option<u8>,
    /// Build this subspace (with its mirror and what it depends on), e.g. 4-3; repeatable
    #[arg(long = "subspace")]
    pub subspaces: Vec<Subspace>,
    /// Build exactly this cell (a moving pair like 7-5, or a placing cell like p12-5-4),
    /// whose inputs must be built already: one job's work (`morris tablebase plan`)
    #[arg(long, conflicts_with_all = ["max_stones", "subspaces"])]
    pub cell: Option<Cell>,
    /// Worker threads (default: all cores)
    #[arg(long)]
    pub threads: Option<usize>,
    /// Refuse to start if the build needs more memory than this many GB
    #[arg(long)]
    pub max_memory_gb: Option<f64>,
    /// The no-removal rule the values are computed under (plies; 0 = none: the
    /// game-theoretic profile, whose placing layers are built from tables of any rule)
    #[arg(long = "no-removal-plies", value_name = "PLIES", default_value = DEFAULT_PROFILE, value_parser = profile_arg)]
    pub profile: RuleProfile,
    /// Build only the placing layers, from the moving tables already in --dir
    #[arg(long, conflicts_with = "subspaces")]
    pub placing: bool,
    /// Build the moving tables only (no placing layers)
    #[arg(long, conflicts_with = "placing")]
    pub no_placing: bool,
}

/// Which cells a plan covers (`plan` and `slurm`).
#[derive(clap::Args, Debug)]
pub struct GraphArgs {
    /// Directory of the table files
    #[arg(long)]
    pub dir: PathBuf,
    /// Also the placing cells (those whose inputs are all in the plan: every one with K = 9)
    #[arg(long)]
    pub placing: bool,
    /// Moving pairs with 3..=K stones a side
    #[arg(long, default_value_t = STANDARD.stones, value_parser = clap::value_parser!(u8).range(3..=9))]
    pub max_stones: u8,
    /// The no-removal rule the tables are built under (plies; 0 = none)
    #[arg(long = "no-removal-plies", value_name = "PLIES", default_value = DEFAULT_PROFILE, value_parser = profile_arg)]
    pub profile: RuleProfile,
}

/// Arguments of `morris tablebase plan`.
#[derive(clap::Args, Debug)]
pub struct PlanArgs {
    /// The cells.
    #[command(flatten)]
    pub graph: GraphArgs,
    /// Instead of the JSON: the critical path and the predicted wall time on 1, 2, 8, 32
    /// and 128 nodes of two cores, from the per-pair times measured here
    #[arg(long)]
    pub predict: bool,
}

/// Arguments of `morris tablebase slurm`.
#[derive(clap::Args, Debug)]
pub struct SlurmArgs {
    /// The cells.
    #[command(flatten)]
    pub graph: GraphArgs,
    /// At most N tasks of one level's array run at once (sbatch `--array=...%N`)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub max_jobs: Option<u64>,
    /// Submit the scripts with sbatch (default: only write them)
    #[arg(long)]
    pub submit: bool,
    /// Where the scripts go (default: DIR/slurm)
    #[arg(long)]
    pub scripts: Option<PathBuf>,
    /// The morris binary the jobs run, at the same path on every node (default: this one)
    #[arg(long)]
    pub binary: Option<PathBuf>,
    /// Cores per job (the solver's threads)
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub cpus: u64,
}

/// Arguments of `morris tablebase verify`.
#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// Directory of the table files (the children's tables must be there too)
    #[arg(long)]
    pub dir: PathBuf,
    /// Check only this subspace (repeatable; default: every table in the directory)
    #[arg(long = "subspace")]
    pub subspaces: Vec<Subspace>,
    /// Worker threads (default: all cores)
    #[arg(long)]
    pub threads: Option<usize>,
    /// Check every N-th position only, evenly over each table (default 1: all of them)
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub every: u64,
    /// Check the placing cells (every game and rule profile in the directory) instead
    #[arg(long, conflicts_with = "subspaces")]
    pub placing: bool,
}

/// Arguments of `morris tablebase stats`.
#[derive(clap::Args, Debug)]
pub struct StatsArgs {
    /// Directory of the table files
    #[arg(long)]
    pub dir: PathBuf,
    /// Also count over the full board (each position weighted by its symmetric copies;
    /// reads every table whole)
    #[arg(long)]
    pub full: bool,
    /// Per ply of the placing phase instead: positions and wins, draws, losses for the
    /// side to move (every game and rule profile in the directory)
    #[arg(long)]
    pub placing: bool,
}

/// Arguments of `morris tablebase probe`.
#[derive(clap::Args, Debug)]
pub struct ProbeArgs {
    /// Directory of the table files
    #[arg(long)]
    pub dir: PathBuf,
    /// Plies of sliding or flying already played since the last removal
    #[arg(long, default_value_t = 0)]
    pub count: u16,
    /// Stones in hand, White's and Black's, e.g. 3,2 (a placing position; default 0,0)
    #[arg(long, value_name = "WHITE,BLACK", value_parser = super::common::parse_in_hand)]
    pub in_hand: Option<(u8, u8)>,
    /// Stones a side of the game (placing positions; default 9)
    #[arg(long, default_value_t = STANDARD.stones, value_parser = clap::value_parser!(u8).range(3..=9))]
    pub stones: u8,
    /// The rule profile of a placing position and of every --batch row: the no-removal
    /// rule (plies; 0 = the game-theoretic values, the *.r0.ptb cells; default: the
    /// moving tables' rule, whose cells are *.r100.ptb in the full set)
    #[arg(long = "no-removal-plies", value_name = "PLIES", value_parser = profile_arg)]
    pub profile: Option<RuleProfile>,
    /// Answer the rows of FILE ('-': standard input) instead, in order: `board side
    /// white_in_hand black_in_hand [count]`, tab- or space-separated, a header line
    /// allowed; each row comes back with its value and distance (bad rows: `error`, the
    /// line number and reason on standard error)
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "count", "in_hand"])]
    pub batch: Option<PathBuf>,
    /// The position text (rules.md): a 24-letter board string (W, B, x in the board's
    /// point order, A7 D7 G7 B6 ... D1 G1), the side to move, and optionally the stones in
    /// hand and the no-removal count, e.g. "WWWxxxxxxxxxxxxxxxxxxBBB white 0 0 12"
    #[arg(required_unless_present = "batch")]
    pub position: Option<String>,
}

/// Runs `morris tablebase ...`.
///
/// # Errors
/// Bad arguments, unreadable or corrupt tables, unwritable directory.
pub fn run(cmd: &TablebaseCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        TablebaseCommand::Build(args) => run_build(args),
        TablebaseCommand::Plan(args) => run_plan(args),
        TablebaseCommand::Slurm(args) => run_slurm(args),
        TablebaseCommand::Verify(args) => run_verify(args),
        TablebaseCommand::Stats(args) => run_stats(args),
        TablebaseCommand::Probe(args) => run_probe(args),
        TablebaseCommand::Bench(args) => run_bench(args),
        TablebaseCommand::Pack(args) => {
            pack(&args.dir, args.stones, args.profile, threads_or_default(args.threads))?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn threads_or_default(threads: Option<usize>) -> usize {
    threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get)).max(1)
}

fn run_build(args: &BuildArgs) -> anyhow::Result<ExitCode> {
    if let Some(cell) = args.cell {
        return run_build_cell(args, cell);
    }
    let stones = args.max_stones.unwrap_or(STANDARD.stones);
    if args.placing {
        return run_build_placing(args, stones);
    }
    let mut targets = args.subspaces.clone();
    if let Some(s) = targets.iter().find(|s| !is_possible(**s)) {
        anyhow::bail!("subspace {s} is not possible: each side has 3 to {} stones", STANDARD.stones);
    }
    if let Some(k) = args.max_stones.or(if targets.is_empty() { Some(STANDARD.stones) } else { None }) {
        targets.extend(sector::pairs_up_to(k).into_iter().flatten());
    }
    let threads = threads_or_default(args.threads);
    let options = BuildOptions { threads, profile: args.profile };
    let plan = tablebase::plan_build(&args.dir, tablebase::plan(&targets), &options);
    eprintln!("{}", plan.banner(threads, options.profile));
    within_memory("the build", plan.peak_bytes, args.max_memory_gb)?;
    let bar = Bar::new(
        2 * plan.positions_to_solve,
        "{msg:22} [{bar:30}] {percent:>3}% {elapsed_precise} ETA {eta_precise}",
        "positions",
    );
    let start = Instant::now();
    let mut solved = 0u64;
    let total = plan.positions_to_solve;
    let mut on_pair = |r: &BuildReport| {
        let names: Vec<String> = r.pair.iter().map(ToString::to_string).collect();
        if r.kept {
            bar.println(&format!("{:>8}  kept (already built)", names.join(" ")));
            return;
        }
        solved += r.positions;
        let elapsed = start.elapsed().as_secs_f64();
        let rate = solved as f64 / elapsed.max(1e-9);
        bar.above(|| {
            eprintln!(
                "{:>8}  {:>13} positions  {:>8.1} s  {:>6.2} M positions/s  {:>6.2} GB  {:>4} levels  | {:.1}% done, \
                 {:.2} M positions/s overall, ETA {:.0} min",
                names.join(" "),
                human(r.positions),
                r.seconds,
                r.positions as f64 / r.seconds.max(1e-9) / 1e6,
                r.working_bytes as f64 / 1e9,
                r.levels,
                100.0 * solved as f64 / total.max(1) as f64,
                rate / 1e6,
                (total - solved) as f64 / rate.max(1e-9) / 60.0
            );
        });
    };
    let reports = tablebase::build(&args.dir, &plan, &options, &bar, &mut on_pair)?;
    bar.finish();
    let secs = start.elapsed().as_secs_f64();
    let solved: u64 = reports.iter().filter(|r| !r.kept).map(|r| r.positions).sum();
    say!(
        "built {} ({} kept): {} positions solved in {secs:.1} s = {:.2} M positions/s with {}",
        count(reports.len() as u64, "pair", "pairs"),
        reports.iter().filter(|r| r.kept).count(),
        human(solved),
        solved as f64 / secs.max(1e-9) / 1e6,
        count(threads as u64, "thread", "threads"),
    );
    if args.subspaces.is_empty() && !args.no_placing {
        return run_build_placing(args, stones);
    }
    Ok(ExitCode::SUCCESS)
}

/// Builds the placing layers of a game of `stones` a side, after the moving tables.
fn run_build_placing(args: &BuildArgs, stones: u8) -> anyhow::Result<ExitCode> {
    use morris::tablebase::driver::moving_rule_fits;
    use morris::tablebase::driver::placing::{self, CellReport, PlacingOptions, PlyTally};
    let threads = threads_or_default(args.threads);
    let options = PlacingOptions { stones, profile: args.profile, threads };
    moving_rule_fits(&args.dir, options.profile)?;
    let plan = placing::plan_placing(&args.dir, &options);
    eprintln!("{}", plan.banner(&options));
    within_memory("the build", plan.peak_bytes, args.max_memory_gb)?;
    let bar = Bar::new(
        plan.positions_to_solve,
        "{msg:12} [{bar:30}] {percent:>3}% {elapsed_precise} ETA {eta_precise}",
        "positions",
    );
    let start = Instant::now();
    let total = plan.positions_to_solve;
    let mut solved = 0u64;
    // One line per ply (layer): its cells' positions, W/D/L, time, rate, bytes, and the
    // process's peak resident memory so far.
    let mut layer: Option<PlyTally> = None;
    let flush = |l: &PlyTally, solved: u64| {
        let timing = if l.built_positions == 0 {
            format!("{:>28}", "kept (built before)")
        } else {
            format!("{:>8.1} s  {:>6.2} M positions/s", l.seconds, l.built_positions as f64 / l.seconds.max(1e-9) / 1e6)
        };
        let eta = if solved == 0 {
            String::new()
        } else {
            let rate = solved as f64 / start.elapsed().as_secs_f64().max(1e-9);
            format!(
                ", about {} left",
                minutes_and_seconds(Duration::from_secs_f64((total - solved) as f64 / rate.max(1e-9)))
            )
        };
        let peak =
            proc_status_kb("VmHWM:").map_or(String::new(), |k| format!("  peak {:.2} GB", k as f64 * 1024.0 / 1e9));
        bar.above(|| {
            eprintln!(
                "  ply {:>2}  {:>14} positions  W {:>5.1}% D {:>5.1}% L {:>5.1}%  {timing}  {:>8.1} MB{peak}  | {:.1}% done{eta}",
                l.ply,
                human(l.positions),
                l.percent(1),
                l.percent(0),
                l.percent(2),
                l.bytes as f64 / 1e6,
                100.0 * solved as f64 / total.max(1) as f64,
            );
        });
    };
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
            flush(&finished, solved);
        }
        if !r.kept {
            solved += r.positions;
        }
        bar.stage(format!("ply {}", r.cell.ply));
    };
    let reports = placing::build_placing(&args.dir, &plan, &options, &bar, &mut on_cell)?;
    if let Some(l) = layer.as_ref() {
        flush(l, solved);
    }
    bar.finish();
    let secs = start.elapsed().as_secs_f64();
    let built: Vec<&CellReport> = reports.iter().filter(|r| !r.kept).collect();
    let positions: u64 = built.iter().map(|r| r.positions).sum();
    let bytes: u64 = reports.iter().map(|r| r.bytes).sum();
    say!(
        "built {} ({} kept): {} positions solved in {secs:.1} s = {:.2} M positions/s with {}; \
         {:.1} MB on disk for all {}",
        count(reports.len() as u64, "placing cell", "placing cells"),
        reports.len() - built.len(),
        human(positions),
        positions as f64 / secs.max(1e-9) / 1e6,
        count(threads as u64, "thread", "threads"),
        bytes as f64 / 1e6,
        count(reports.len() as u64, "cell", "cells")
    );
    pack(&args.dir, stones, options.profile, threads)?;
    Ok(ExitCode::SUCCESS)
}

/// Packs a built placing set (`morris tablebase pack`, and the end of a placing build),
/// with a line per cell packed and one for the whole.
fn pack(dir: &std::path::Path, stones: u8, profile: RuleProfile, threads: usize) -> anyhow::Result<()> {
    use morris::tablebase::driver::pack::{PackedCell, pack_placing};
    let start = Instant::now();
    let mut on_cell = |c: &PackedCell| {
        if !c.kept {
            log::info!("packed {}: {} -> {} bytes in {:.2} s", c.cell, c.bytes.0, c.bytes.1, c.seconds);
        }
    };
    if dir.is_file() {
        return Err(morris::tablebase::TablebaseError::NotADirectory(dir.to_path_buf()).into());
    } else if !dir.is_dir() {
        return Err(morris::tablebase::TablebaseError::NoDirectory(dir.to_path_buf()).into());
    }
    let report = pack_placing(dir, stones, profile, threads, &mut on_cell)?;
    if report.cells == 0 {
        anyhow::bail!("no placing cell of a {stones}-stone game under {profile} in {}", dir.display());
    }
    let dictionary = if report.dictionary == 0 {
        "no dictionary (too few blocks to train one)".to_string()
    } else {
        format!("dictionary {:016x}", report.dictionary)
    };
    say!(
        "packed {} of {} ({} already), {dictionary}: {:.1} MB -> {:.1} MB in {:.1} s",
        report.packed,
        count(report.cells as u64, "placing cell", "placing cells"),
        report.cells - report.packed,
        report.bytes.0 as f64 / 1e6,
        report.bytes.1 as f64 / 1e6,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn run_build_cell(args: &BuildArgs, cell: Cell) -> anyhow::Result<ExitCode> {
    let threads = threads_or_default(args.threads);
    let options = BuildOptions { threads, profile: args.profile };
    within_memory(&format!("cell {cell}"), cell.memory_bytes(), args.max_memory_gb)?;
    let bar = Bar::new(2 * cell.positions(), "{msg:22} [{bar:30}] {percent:>3}% {elapsed_precise}", "positions");
    let report = tablebase::build_cell(&args.dir, cell, &options, &bar)?;
    bar.finish();
    if report.kept {
        say!("cell {cell}: kept (already built)");
    } else {
        say!(
            "cell {cell}: {} positions in {:.1} s, {:.2} GB working, {}, {}",
            human(report.positions),
            report.seconds,
            report.working_bytes as f64 / 1e9,
            count(u64::from(report.levels), "level", "levels"),
            count(threads as u64, "thread", "threads")
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The cells of `args`' graph with their levels and whether each is built.
fn graph_of(args: &GraphArgs) -> (Vec<Cell>, Vec<usize>, Vec<bool>) {
    let cells = cells::graph(args.max_stones, args.placing);
    let level = cells::levels(&cells);
    let built = cells.iter().map(|c| c.is_built(&args.dir, args.profile)).collect();
    (cells, level, built)
}

fn run_plan(args: &PlanArgs) -> anyhow::Result<ExitCode> {
    let (cells, level, built) = graph_of(&args.graph);
    let seconds: Vec<f64> = cells.iter().map(|c| c.estimated_seconds()).collect();
    let path = cells::critical_path(&cells, &seconds);
    if args.predict {
        let total: f64 = seconds.iter().sum();
        say!(
            "{} cells in {} levels; {:.0} s of work ({:.2} h) on one node of two cores; critical path {:.0} s ({:.2} h)",
            cells.len(),
            level.iter().max().map_or(0, |l| l + 1),
            total,
            total / 3600.0,
            path,
            path / 3600.0
        );
        say!("nodes  per-cell jobs (h)  speed-up  per-level arrays (h)  speed-up");
        for nodes in [1, 2, 8, 32, 128] {
            let p = cells::predict(&cells, &seconds, nodes);
            say!(
                "{nodes:>5}  {:>17.2}  {:>8.1}  {:>20.2}  {:>8.1}",
                p.per_cell_seconds / 3600.0,
                total / p.per_cell_seconds.max(1e-9),
                p.per_level_seconds / 3600.0,
                total / p.per_level_seconds.max(1e-9)
            );
        }
        return Ok(ExitCode::SUCCESS);
    }
    let list: Vec<serde_json::Value> = cells
        .iter()
        .enumerate()
        .map(|(n, c)| {
            serde_json::json!({
                "name": c.to_string(),
                "kind": if matches!(c, Cell::Moving(_)) { "moving" } else { "placing" },
                "level": level[n],
                "inputs": c.inputs().iter().map(ToString::to_string).collect::<Vec<_>>(),
                "positions": c.positions(),
                "memory_bytes": c.memory_bytes(),
                "estimated_seconds": seconds[n],
                "built": built[n],
                "files": c.files(&args.graph.dir, args.graph.profile).iter().map(|f| f.display().to_string()).collect::<Vec<_>>(),
            })
        })
        .collect();
    let plan = serde_json::json!({
        "dir": args.graph.dir.display().to_string(),
        "no_removal_plies": args.graph.profile.no_removal_plies(),
        "critical_path_seconds": path,
        "cells": list,
    });
    say!("{}", serde_json::to_string_pretty(&plan)?);
    Ok(ExitCode::SUCCESS)
}

fn run_slurm(args: &SlurmArgs) -> anyhow::Result<ExitCode> {
    let write_dir = |d: &std::path::Path| {
        std::fs::create_dir_all(d)
            .map_err(|e| anyhow::anyhow!("cannot create '{}': {}", d.display(), morris::files::io_reason(&e)))
    };
    write_dir(&args.graph.dir)?;
    let dir = std::fs::canonicalize(&args.graph.dir)
        .map_err(|e| anyhow::anyhow!("'{}': {}", args.graph.dir.display(), morris::files::io_reason(&e)))?;
    let binary = match &args.binary {
        Some(b) => b.clone(),
        None => std::env::current_exe().context("cannot find this binary's path; give --binary")?,
    };
    anyhow::ensure!(
        binary.is_absolute() && binary.is_file(),
        "--binary '{}' is not a file (an absolute path)",
        binary.display()
    );
    let scripts = args.scripts.clone().unwrap_or_else(|| dir.join("slurm"));
    write_dir(&scripts)?;
    write_dir(&dir.join("logs"))?;
    let (cells, level, built) = graph_of(&args.graph);
    let job = super::slurm::JobSettings {
        binary: &binary,
        dir: &dir,
        cpus: args.cpus as usize,
        max_jobs: args.max_jobs.map(|n| n as usize),
        profile: args.graph.profile,
    };
    // Old scripts would submit cells that are built by now.
    for entry in std::fs::read_dir(&scripts)?.flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        if (name.starts_with("level-") && name.ends_with(".sh")) || name == "pack.sh" {
            std::fs::remove_file(entry.path())?;
        }
    }
    let mut names = Vec::new();
    for l in 0..=level.iter().copied().max().unwrap_or(0) {
        let todo: Vec<Cell> = (0..cells.len()).filter(|&i| level[i] == l && !built[i]).map(|i| cells[i]).collect();
        if todo.is_empty() {
            continue;
        }
        let name = format!("level-{l:02}.sh");
        morris::files::write_whole(&scripts.join(&name), super::slurm::level_script(l, &todo, &job).as_bytes())?;
        names.push(name);
    }
    let arrays = names.len();
    // A build with placing cells ends, as a local one does, by packing them.
    if args.graph.placing && !names.is_empty() {
        let name = "pack.sh".to_string();
        morris::files::write_whole(&scripts.join(&name), super::slurm::pack_script(STANDARD.stones, &job).as_bytes())?;
        names.push(name);
    }
    let submit = scripts.join("submit.sh");
    morris::files::write_whole(&submit, super::slurm::submit_script(&names).as_bytes())?;
    let todo = built.iter().filter(|&&b| !b).count();
    say!(
        "{} cells, {} built, {todo} to build in {arrays} job arrays{}: scripts in {}",
        cells.len(),
        cells.len() - todo,
        if names.len() > arrays { ", then a job that packs the placing cells" } else { "" },
        scripts.display()
    );
    if todo == 0 {
        say!("nothing to submit: every cell is built");
        return Ok(ExitCode::SUCCESS);
    }
    super::slurm::submit_or_say(&submit, args.submit)
}

fn run_verify(args: &VerifyArgs) -> anyhow::Result<ExitCode> {
    let tb = Tablebase::open(&args.dir)?;
    if args.placing {
        return run_verify_placing(args, &tb);
    }
    let rules = tablebase::rules_text(tb.profile());
    let threads = threads_or_default(args.threads);
    let subspaces = if args.subspaces.is_empty() { tb.subspaces() } else { args.subspaces.clone() };
    let mut bad = 0;
    for sub in subspaces {
        let tables = verify::load_for(&args.dir, sub, &rules)?;
        let bar = Bar::new(
            tablebase::canonical_positions(sub).div_ceil(args.every),
            "{prefix:>5} [{bar:30}] {human_pos}/{human_len} {per_sec} {eta}",
            "positions",
        );
        bar.set_prefix(sub.to_string());
        let start = Instant::now();
        let stride = usize::try_from(args.every).unwrap_or(usize::MAX);
        let report = verify::verify_subspace(&tables, sub, tb.profile(), &args.dir, threads, stride, &bar)?;
        bar.finish();
        say!(
            "{sub}: {} positions, {} wrong ({:.1} s)",
            human(report.positions),
            report.errors,
            start.elapsed().as_secs_f64()
        );
        for (pos, stored, recomputed) in &report.examples {
            say!("  {pos}: stored {stored}, children say {recomputed}");
        }
        bad += report.errors;
    }
    verify_verdict(bad, "all values agree with their children")
}

/// The last line of a verify and its exit code.
fn verify_verdict(bad: u64, all_good: &str) -> anyhow::Result<ExitCode> {
    if bad == 0 {
        say!("verify: {all_good}");
        Ok(ExitCode::SUCCESS)
    } else {
        say!("verify: {bad} wrong values");
        Ok(ExitCode::FAILURE)
    }
}

/// The placing games and profiles in `tb`'s directory, or an error saying there are none.
fn placing_profiles(tb: &Tablebase) -> anyhow::Result<Vec<(u8, RuleProfile)>> {
    let profiles = tb.placing_profiles();
    if profiles.is_empty() {
        anyhow::bail!("{} has no placing tables (build them with tablebase build --placing)", tb.dir().display());
    }
    Ok(profiles)
}

/// `tablebase verify --placing`.
fn run_verify_placing(args: &VerifyArgs, tb: &Tablebase) -> anyhow::Result<ExitCode> {
    let profiles = placing_profiles(tb)?;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads_or_default(args.threads)).build()?;
    let mut bad = 0;
    for (stones, profile) in profiles {
        let total: u64 = tb.placing_cells(stones, profile).iter().map(|c| c.positions().div_ceil(args.every)).sum();
        let bar = Bar::new(total, "{prefix:>12} [{bar:30}] {human_pos}/{human_len} {per_sec} {eta}", "positions");
        let plies = profile.no_removal_plies();
        bar.set_prefix(format!("s{stones} r{plies}"));
        let start = Instant::now();
        let report =
            pool.install(|| verify::verify_placing_with(tb, stones, profile, args.every, &mut |_, n| bar.advance(n)))?;
        bar.finish();
        say!(
            "placing, {stones} stones a side, rule {plies}: {} positions, {} wrong ({:.1} s)",
            human(report.checked),
            report.wrong,
            start.elapsed().as_secs_f64()
        );
        if let Some(first) = &report.first_wrong {
            say!("  first wrong: {first}");
        }
        bad += report.wrong;
    }
    verify_verdict(bad, "every placing value is the best of its moves")
}

/// `tablebase stats --placing`: per ply, positions and the side to move's results.
fn run_stats_placing(tb: &Tablebase) -> anyhow::Result<ExitCode> {
    let profiles = placing_profiles(tb)?;
    for (stones, profile) in profiles {
        say!("placing phase, {stones} stones a side, {profile}; the side to move's results:");
        say!("| ply | to move | cells | positions | wins | draws | losses | MB |");
        say!("|---:|---|---:|---:|---:|---:|---:|---:|");
        let cells = tb.placing_cells(stones, profile);
        let mut total = (0u64, [0u64; 3], 0u64);
        for ply in (0..2 * stones).rev() {
            let (mut n, mut counts, mut bytes, mut k) = (0u64, [0u64; 3], 0u64, 0);
            for &c in cells.iter().filter(|c| c.ply == ply) {
                let Some(file) = tb.placing_file(stones, profile, c) else { continue };
                let file = file?;
                n += file.header.positions;
                for (sum, x) in counts.iter_mut().zip(file.header.counts) {
                    *sum += x;
                }
                bytes += std::fs::metadata(&file.path).map_or(0, |m| m.len());
                k += 1;
            }
            say!(
                "| {ply} | {} | {k} | {} | {} | {} | {} | {:.1} |",
                if ply.is_multiple_of(2) { "White" } else { "Black" },
                human(n),
                human(counts[1]),
                human(counts[0]),
                human(counts[2]),
                bytes as f64 / 1e6
            );
            total.0 += n;
            for (sum, x) in total.1.iter_mut().zip(counts) {
                *sum += x;
            }
            total.2 += bytes;
        }
        say!(
            "| all | | {} | {} | {} | {} | {} | {:.1} |",
            cells.len(),
            human(total.0),
            human(total.1[1]),
            human(total.1[0]),
            human(total.1[2]),
            total.2 as f64 / 1e6
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn run_stats(args: &StatsArgs) -> anyhow::Result<ExitCode> {
    let tb = Tablebase::open(&args.dir)?;
    if args.placing {
        return run_stats_placing(&tb);
    }
    say!("rule profile: {}", tb.profile());
    say!(
        "subspace   positions        wins cursed-wins       draws blessed-losses      losses  longest-win  longest-loss  file-MB{}",
        if args.full { "  full-board  full-win-%" } else { "" }
    );
    let rules = tablebase::rules_text(tb.profile());
    for sub in tb.subspaces() {
        let Some(h) = tb.header(sub) else { continue };
        let s = &h.summary;
        let file_mb = std::fs::metadata(tablebase::shared::store::table_path(&args.dir, sub))
            .map_or(0.0, |m| m.len() as f64 / 1e6);
        let mut line = format!(
            "{:>8} {:>11} {:>11} {:>11} {:>11} {:>14} {:>11} {:>12} {:>13} {:>8.1}",
            sub.to_string(),
            h.positions,
            s.count(Wdl::Win),
            s.count(Wdl::CursedWin),
            s.count(Wdl::Draw),
            s.count(Wdl::BlessedLoss),
            s.count(Wdl::Loss),
            s.longest_win,
            s.longest_loss,
            file_mb
        );
        if args.full {
            let table = tablebase::Table::load(&args.dir, sub, &rules, STANDARD.topology, false)?;
            let c = full_board_counts(&table);
            let wins = c.count(Wdl::Win) + c.count(Wdl::CursedWin);
            line.push_str(&format!(" {:>11} {:>11.1}", c.total(), 100.0 * wins as f64 / c.total().max(1) as f64));
        }
        say!("{line}");
    }
    Ok(ExitCode::SUCCESS)
}

/// `tablebase probe` of a placing position: its value and its moves' under the profile.
fn run_probe_placing(args: &ProbeArgs, text: &PositionText) -> anyhow::Result<ExitCode> {
    let tb = Tablebase::open(&args.dir)?;
    let profile = args.profile.unwrap_or(tb.profile());
    let rules = morris::rules::Ruleset {
        stones: args.stones,
        no_removal_plies: profile.no_removal_plies(),
        ..STANDARD.clone()
    }
    .into_static();
    let side = text.side();
    let pos = text.into_position(rules)?;
    pos.check_reachable()?;
    let profile_words = profile.to_string();
    let Some(v) = tb.value(&pos)? else {
        let have: Vec<String> =
            tb.placing_profiles().iter().map(|(s, n)| format!("{s} stones, rule {}", n.no_removal_plies())).collect();
        anyhow::bail!(
            "no placing table in {} covers this position ({}-stone game, {profile_words}); the directory has: {}",
            args.dir.display(),
            args.stones,
            if have.is_empty() { "no placing tables".to_string() } else { have.join("; ") }
        );
    };
    say!("{pos}: {} for {side} ({profile_words})", v.wdl.name());
    match tb.move_values(&pos)? {
        Some(moves) => {
            for (m, mv) in &moves {
                // Moves into the placing phase have a class only (distance 0); the last
                // placement's lead into the moving tables, with their distance.
                let words = if mv.distance > 0 {
                    format!("{} ({} to the first conversion)", mv.wdl.name(), plies(mv.distance))
                } else {
                    mv.wdl.name().to_string()
                };
                say!("  {:<10} {words}", m.display(STANDARD.topology).to_string());
            }
        }
        None => say!("  move values unknown (a child's table is not in the directory)"),
    }
    Ok(ExitCode::SUCCESS)
}

/// A table value at a count, in words: `win (conversion in 7)`, `draw (cursed win ...)`.
#[must_use]
pub fn describe(v: TableValue, count: u16, profile: RuleProfile) -> String {
    match v.at_count(count, STANDARD.no_removal_plies, profile) {
        Some(morris::search::OracleValue::Draw) if v.wdl != Wdl::Draw => {
            format!("draw (a {} beyond the no-removal rule)", v.wdl.name())
        }
        _ => v.to_string(),
    }
}

/// Random covered positions (stone sets of the side to move and the other), uniform over
/// the full board's positions of the loaded subspaces.
fn random_positions(subspaces: &[Subspace], n: u64, seed: u64) -> Vec<(u32, u32)> {
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
    let binomial = |n: usize, k: usize| morris::tablebase::shared::index::binomial(n, k);
    let points = STANDARD.topology.len();
    let mut cumulative = Vec::with_capacity(subspaces.len());
    let mut total = 0u64;
    for s in subspaces {
        let (a, b) = (usize::from(s.us), usize::from(s.them));
        total += binomial(points, a) * binomial(points - a, b);
        cumulative.push(total);
    }
    let mut order: Vec<u32> = (0..points as u32).collect();
    (0..n)
        .map(|_| {
            let r = rng.random_range(0..total);
            let s = subspaces[cumulative.partition_point(|&c| c <= r)];
            order.shuffle(&mut rng);
            let (a, b) = (usize::from(s.us), usize::from(s.them));
            let us = order[..a].iter().fold(0u32, |m, &p| m | 1 << p);
            let them = order[a..a + b].iter().fold(0u32, |m, &p| m | 1 << p);
            (us, them)
        })
        .collect()
}

fn run_bench(args: &TablebaseBenchArgs) -> anyhow::Result<ExitCode> {
    let t = Instant::now();
    let tb = Tablebase::open(&args.dir)?;
    let open = t.elapsed();
    let subspaces = tb.subspaces();
    anyhow::ensure!(!subspaces.is_empty(), "{}: no tables", args.dir.display());
    let positions: u64 = subspaces.iter().filter_map(|&s| tb.header(s)).map(|h| h.positions).sum();
    say!("tablebase bench: {} tables, {} positions, in {}", subspaces.len(), human(positions), args.dir.display());
    say!("open (headers only): {:.1} ms", open.as_secs_f64() * 1e3);
    let t = Instant::now();
    let tb = std::sync::Arc::new(tb);
    if let Some(builder) = tb.warm_up() {
        let _ = builder.join();
    }
    // Builds here whatever a thread that could not start would have built.
    tb.wait_ready();
    say!("indices: {:.2} s (1 thread, as the engine builds them at start)", t.elapsed().as_secs_f64());
    let probes = random_positions(&subspaces, args.probes, args.seed);
    // The fast form first, so that after `echo 3 > /proc/sys/vm/drop_caches` its first
    // pass reads from disk: the win/draw/loss at count 0 that the search reads, falling
    // back to the full form where the fast form cannot say.
    let alone = std::sync::atomic::AtomicU64::new(0);
    time_probes("moving probes, fast form (win/draw/loss at count 0)", &probes, |&(us, them)| {
        if tb.fast_value(us, them, 0, true)?.is_none() {
            tb.value_of_sets(us, them, true)?.context("a loaded subspace answers")?;
        } else {
            alone.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        Ok(())
    })?;
    say!(
        "the fast form alone answers {:.2}% of them at count 0 (the rest read the full form)",
        // Counted on both passes.
        50.0 * alone.into_inner() as f64 / probes.len().max(1) as f64
    );
    // The full form: class and distance blocks of 16K positions, zstd (what `probe`,
    // `analyze` and the root's moves read).
    time_probes("moving probes, full form (value and distance)", &probes, |&(us, them)| {
        tb.value_of_sets(us, them, true)?.context("a loaded subspace answers")?;
        Ok(())
    })?;
    let draws = probes
        .iter()
        .filter(|&&(us, them)| matches!(tb.value_of_sets(us, them, true), Ok(Some(v)) if v.wdl == Wdl::Draw))
        .count();
    say!("{:.0}% of the random positions are draws", 100.0 * draws as f64 / probes.len().max(1) as f64);
    for (stones, profile) in tb.placing_profiles() {
        bench_placing(&tb, stones, profile, args)?;
    }
    if let Some(line) = memory_line() {
        say!("{line}");
    }
    Ok(ExitCode::SUCCESS)
}

/// The process's memory as Linux counts it: its own (anonymous) pages, and the pages of
/// mapped table files, which belong to the page cache and are shared with every process
/// that maps the same tables. `None` where `/proc` does not say.
fn memory_line() -> Option<String> {
    let mb = |key: &str| proc_status_kb(key).map(|k| k as f64 / 1024.0);
    Some(format!(
        "memory: {:.0} MB of its own (RssAnon), {:.0} MB of mapped table pages (RssFile, page cache), peak resident {:.0} MB",
        mb("RssAnon:")?,
        mb("RssFile:")?,
        mb("VmHWM:")?
    ))
}

/// One `kB` figure of `/proc/self/status` (`"VmHWM:"`, `"RssAnon:"`), where Linux says it.
fn proc_status_kb(key: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status.lines().find_map(|l| l.strip_prefix(key)?.trim().strip_suffix("kB")?.trim().parse::<u64>().ok())
}

/// Random placing probes of one game and profile: the median and mean cost, twice.
fn bench_placing(tb: &Tablebase, stones: u8, profile: RuleProfile, args: &TablebaseBenchArgs) -> anyhow::Result<()> {
    let plies = profile.no_removal_plies();
    use rand::{RngExt, SeedableRng};
    let cells = tb.placing_cells(stones, profile);
    let weights: Vec<u64> = cells.iter().map(|c| c.positions()).collect();
    let total: u64 = weights.iter().sum();
    anyhow::ensure!(total > 0, "no placing positions");
    let rules = morris::rules::Ruleset { stones, no_removal_plies: profile.no_removal_plies(), ..STANDARD.clone() }
        .into_static();
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(args.seed);
    let mut indexers: std::collections::HashMap<(u8, u8), tablebase::shared::index::Indexer> =
        std::collections::HashMap::new();
    let mut positions = Vec::with_capacity(args.probes as usize);
    for _ in 0..args.probes {
        let mut r = rng.random_range(0..total);
        let k = weights
            .iter()
            .position(|&w| {
                if r < w {
                    true
                } else {
                    r -= w;
                    false
                }
            })
            .unwrap_or(0);
        let c = cells[k];
        let ix = indexers
            .entry((c.us, c.them))
            .or_insert_with(|| tablebase::shared::index::Indexer::new(STANDARD.topology, c.us.into(), c.them.into()));
        let (us, them) = ix.position(r.min(ix.len().saturating_sub(1)));
        let (us_hand, them_hand) = c.hands(stones);
        let side = if c.ply.is_multiple_of(2) { Color::White } else { Color::Black };
        let (white, black, hands) =
            if side == Color::White { (us, them, [us_hand, them_hand]) } else { (them, us, [them_hand, us_hand]) };
        positions.push(morris::rules::Position::from_setup_unchecked(&morris::rules::Setup {
            rules,
            stones: morris::rules::ByColor([morris::topology::PointSet(white), morris::topology::PointSet(black)]),
            in_hand: morris::rules::ByColor(hands),
            side_to_move: side,
        }));
    }
    drop(indexers);
    time_probes(&format!("placing probes ({stones} stones, rule {plies})"), &positions, |pos| {
        anyhow::ensure!(tb.placing_value(pos)?.is_some(), "a placing cell of the directory does not answer");
        Ok(())
    })?;
    // The same positions as `probe --batch` rows: read, parsed, probed and written.
    let rows: String = positions.iter().map(|p| format!("{p}\n")).collect();
    for pass in ["first pass", "second pass"] {
        let t = Instant::now();
        let report = morris::tablebase::batch::probe_batch(
            tb,
            stones,
            profile,
            &mut rows.as_bytes(),
            &mut std::io::sink(),
            &mut std::io::sink(),
        )?;
        anyhow::ensure!(report.bad == 0, "{} of the random rows had no value", report.bad);
        say!(
            "{} rows through probe --batch ({stones} stones, rule {plies}, one thread), {pass}: {:.0} positions/s",
            human(report.answered),
            report.answered as f64 / t.elapsed().as_secs_f64().max(1e-9)
        );
    }
    Ok(())
}

/// Times `probe` on each of `items`, twice (the second pass meets warm caches), and
/// prints the median and mean.
fn time_probes<T>(what: &str, items: &[T], probe: impl Fn(&T) -> anyhow::Result<()>) -> anyhow::Result<()> {
    for pass in ["first pass", "second pass (same positions)"] {
        let mut times = Vec::with_capacity(items.len());
        for item in items {
            let t = Instant::now();
            probe(item)?;
            times.push(t.elapsed());
        }
        times.sort_unstable();
        let mean = times.iter().map(Duration::as_secs_f64).sum::<f64>() / times.len().max(1) as f64;
        let median = times.get(times.len() / 2).map_or(0.0, Duration::as_secs_f64);
        say!(
            "{} random {what}, {pass}: median {:.2} µs, mean {:.2} µs",
            human(items.len() as u64),
            median * 1e6,
            mean * 1e6
        );
    }
    Ok(())
}

/// The position text of `tablebase probe` with `--in-hand` and `--count` folded in (each
/// may be given once: in the text or as the option).
fn probe_text(text: &str, args: &ProbeArgs) -> anyhow::Result<(PositionText, u16)> {
    let mut parsed = PositionText::parse(text, STANDARD.topology).with_context(|| format!("position '{text}'"))?;
    if let Some((white, black)) = args.in_hand {
        anyhow::ensure!(parsed.in_hand.is_none(), "the stones in hand are given twice: in the position and --in-hand");
        parsed.side_to_move = Some(parsed.side());
        parsed.in_hand = Some(morris::rules::ByColor([white, black]));
    }
    anyhow::ensure!(
        parsed.count.is_none() || args.count == 0,
        "the no-removal count is given twice: in the position and --count"
    );
    let count = parsed.count.unwrap_or(args.count);
    Ok((parsed, count))
}

fn run_probe(args: &ProbeArgs) -> anyhow::Result<ExitCode> {
    if let Some(file) = &args.batch {
        return run_probe_batch(args, file);
    }
    let text = args.position.as_deref().unwrap_or_default();
    let (text, count) = probe_text(text, args)?;
    let side = text.side();
    if text.hands() != morris::rules::ByColor([0, 0]) {
        return run_probe_placing(args, &text);
    }
    let pos = text.into_position(&STANDARD)?;
    let (us, them) = (pos.stones(side).len(), pos.stones(!side).len());
    if us < u32::from(MIN_STONES) || them < u32::from(MIN_STONES) {
        anyhow::bail!("the game is over: a side has fewer than {MIN_STONES} stones");
    }
    pos.check_reachable()?;
    let tb = Tablebase::open_for(&args.dir, &[Subspace::new(us as u8, them as u8)])?;
    let profile = tb.profile();
    let n = profile.no_removal_plies();
    if n != 0 && count >= n {
        anyhow::bail!("no-removal count {count} is past the no-removal rule of {n} plies: the game is drawn");
    }
    let Some(v) = tb.value(&pos)? else {
        anyhow::bail!("subspace {us}-{them} is not in {}", args.dir.display());
    };
    say!("{pos}: {} for {side} (after {count} plies without a removal)", describe(v, count, profile));
    match tb.move_values(&pos)? {
        Some(moves) => {
            for (m, mv) in &moves {
                // A slide is one more ply on the count; a removal starts a fresh one.
                say!("  {:<10} {}", m.display(STANDARD.topology).to_string(), describe(*mv, count, profile));
            }
            if moves.is_empty() {
                say!("  no legal move: {side} is blocked and has lost");
            }
        }
        None => say!("  move values unknown (a child's table is not in the directory)"),
    }
    Ok(ExitCode::SUCCESS)
}

/// `tablebase probe --batch FILE`: every row answered in order on standard output.
fn run_probe_batch(args: &ProbeArgs, file: &std::path::Path) -> anyhow::Result<ExitCode> {
    use std::io::Write;
    let tb = Tablebase::open(&args.dir)?;
    let profile = args.profile.unwrap_or(tb.profile());
    anyhow::ensure!(!file.is_dir(), "--batch '{}' is a directory, not a file of rows", file.display());
    let mut input: Box<dyn std::io::BufRead> = if file.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        let f = std::fs::File::open(file)
            .map_err(|e| anyhow::anyhow!("cannot read '{}': {}", file.display(), morris::files::io_reason(&e)))?;
        Box::new(std::io::BufReader::new(f))
    };
    let mut output = std::io::BufWriter::new(std::io::stdout().lock());
    let report = morris::tablebase::batch::probe_batch(
        &tb,
        args.stones,
        profile,
        &mut input,
        &mut output,
        &mut std::io::stderr(),
    )
    .and_then(|r| output.flush().map(|()| r));
    let report = super::output::closed_is_quiet(report)?;
    if report.bad > 0 {
        eprintln!("tablebase probe --batch: {} of {} rows had no value", report.bad, report.bad + report.answered);
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_profile_option_reads_plies_and_defaults_to_the_games_rule() {
        assert_eq!(profile_arg(DEFAULT_PROFILE), Ok(RuleProfile::new(STANDARD.no_removal_plies)));
        assert_eq!(profile_arg("0"), Ok(RuleProfile::GAME_THEORETIC));
        assert!(profile_arg("4001").is_err() && profile_arg("-1").is_err() && profile_arg("").is_err());
    }
}
