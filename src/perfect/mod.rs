//! Endgame databases by retrograde analysis: perfect play in the moving
//! phase (both hands empty) with up to K stones a side, computed by the engine itself.
//!
//! Layout (style guide, `perfect/`): [`sector`] (subspaces, value byte, the solver's move
//! and un-move generator), [`index`] (rank/unrank and symmetry reduction), [`retro`] (the
//! solver), [`store`] (file format and typed errors), [`verify`] (the independent check)
//! and [`probe`] (read-only access and the search's [`Oracle`](crate::search::Oracle)).
//! This module holds the command line and the build driver. It uses only `rules`,
//! `topology` and the `search::Oracle` trait; search never sees anything here but that
//! trait.

pub mod index;
pub mod probe;
pub mod retro;
pub mod sector;
pub mod store;
pub mod verify;

use std::collections::{BTreeSet, HashMap};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_till1};
use nom::character::complete::{multispace0, multispace1};
use nom::combinator::{all_consuming, value};

pub use probe::Tablebase;
pub use sector::Subspace;
pub use store::{Table, TablebaseError};

use crate::rules::{Color, STANDARD};
use crate::search::OracleValue;
use index::Indexer;
use sector::{Board, MIN_STONES, header_rules};

/// `morris tablebase` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum TablebaseCommand {
    /// Build the databases by retrograde analysis (resumable: finished tables are kept)
    Build(BuildArgs),
    /// Check every stored value against its children, independently of the solver
    Verify(VerifyArgs),
    /// Per subspace: positions, wins, draws, losses, longest win and loss
    Stats(DirArgs),
    /// Value and best moves of one position, e.g. "xxWB...x white"
    Probe(ProbeArgs),
}

/// Arguments of `morris tablebase build`.
#[derive(clap::Args, Debug)]
pub struct BuildArgs {
    /// Directory of the table files (created if missing)
    #[arg(long)]
    pub dir: PathBuf,
    /// Build every subspace with 3..=K stones a side
    #[arg(long, value_parser = clap::value_parser!(u8).range(3..=9))]
    pub max_stones: Option<u8>,
    /// Build this subspace (with its mirror and what it depends on), e.g. 4-3; repeatable
    #[arg(long = "subspace")]
    pub subspaces: Vec<Subspace>,
    /// Worker threads (default: all cores)
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Arguments of commands that read a table directory.
#[derive(clap::Args, Debug)]
pub struct DirArgs {
    /// Directory of the table files
    #[arg(long)]
    pub dir: PathBuf,
    /// Worker threads (default: all cores)
    #[arg(long)]
    pub threads: Option<usize>,
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
}

/// Arguments of `morris tablebase probe`.
#[derive(clap::Args, Debug)]
pub struct ProbeArgs {
    /// Directory of the table files
    #[arg(long)]
    pub dir: PathBuf,
    /// The position: a 24-letter board string (W, B, x in the board's point order, A7 D7
    /// G7 B6 ... D1 G1) and the side to move, e.g. "WWWxxxxxxxxxxxxxxxxxxBBB white"
    pub position: String,
}

/// Runs `morris tablebase ...`.
///
/// # Errors
/// Bad arguments, unreadable or corrupt tables, unwritable directory.
pub fn run(cmd: &TablebaseCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        TablebaseCommand::Build(args) => run_build(args),
        TablebaseCommand::Verify(args) => run_verify(args),
        TablebaseCommand::Stats(args) => run_stats(args),
        TablebaseCommand::Probe(args) => run_probe(args),
    }
}

/// Opens the databases in `dir` for the engine's search.
///
/// # Errors
/// The directory holds no table, or a table fails its checks ([`TablebaseError`]).
pub fn open_oracle(dir: &Path) -> anyhow::Result<Arc<dyn crate::search::Oracle>> {
    let tb = Tablebase::open(dir)?;
    log::info!("tablebase: loaded {} subspaces from {}", tb.subspaces().len(), dir.display());
    Ok(Arc::new(tb))
}

fn threads_or_default(threads: Option<usize>) -> usize {
    threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get)).max(1)
}

/// A progress bar on stderr, hidden when stderr is not a terminal.
fn progress_bar(prefix: String) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    if !std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    let style = ProgressStyle::with_template("{prefix:>5} {msg:12} [{bar:30}] {human_pos}/{human_len} {per_sec} {eta}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.set_prefix(prefix);
    bar
}

/// What building one subspace did.
#[derive(Clone, Debug)]
pub struct BuildReport {
    /// The subspace.
    pub subspace: Subspace,
    /// Canonical positions (after symmetry reduction).
    pub positions: u64,
    /// Positions before reduction.
    pub full_positions: u64,
    /// Wall time of its pair (both mirrored subspaces together), in seconds; 0 if skipped.
    pub seconds: f64,
    /// Working memory of its pair's solve (estimate from array sizes), in bytes.
    pub working_bytes: u64,
    /// Whether a valid file already existed, so nothing was computed.
    pub skipped: bool,
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

/// Builds the tables of `pairs` (in order) in `dir`, skipping those with a valid file.
///
/// # Errors
/// The directory cannot be written, a needed table is missing or corrupt, or the solver
/// fails ([`TablebaseError`]).
pub fn build(dir: &Path, pairs: &[Vec<Subspace>], threads: usize) -> Result<Vec<BuildReport>, TablebaseError> {
    std::fs::create_dir_all(dir).map_err(|cause| TablebaseError::Io { path: dir.to_path_buf(), cause })?;
    let rules = header_rules(&STANDARD);
    let topology = STANDARD.topology;
    let board = Board::new(&STANDARD);
    let mut loaded: HashMap<Subspace, Table> = HashMap::new();
    let mut reports = Vec::new();
    for (n, pair) in pairs.iter().enumerate() {
        // Resume: a pair whose files all check out is not recomputed.
        let existing: Vec<Result<Table, TablebaseError>> =
            pair.iter().map(|&s| store::read_table(dir, s, &rules, topology)).collect();
        if existing.iter().all(Result::is_ok) {
            for t in existing.into_iter().flatten() {
                log::info!("tablebase: {} already built, kept", t.subspace);
                reports.push(BuildReport {
                    subspace: t.subspace,
                    positions: t.indexer.len(),
                    full_positions: t.indexer.full_len(),
                    seconds: 0.0,
                    working_bytes: 0,
                    skipped: true,
                });
                loaded.insert(t.subspace, t);
            }
        } else {
            for e in existing.iter().filter_map(|r| r.as_ref().err()) {
                if !matches!(e, TablebaseError::MissingTable { .. }) {
                    log::warn!("tablebase: rebuilding: {e}");
                }
            }
            let start = Instant::now();
            for dep in pair.iter().filter_map(|s| s.after_removal()) {
                if let std::collections::hash_map::Entry::Vacant(slot) = loaded.entry(dep) {
                    slot.insert(store::read_table(dir, dep, &rules, topology)?);
                }
            }
            let deps: Vec<&Table> =
                pair.iter().filter_map(|s| s.after_removal()).filter_map(|d| loaded.get(&d)).collect();
            let indexers: Vec<Arc<Indexer>> =
                pair.iter().map(|s| Arc::new(Indexer::new(topology, usize::from(s.us), usize::from(s.them)))).collect();
            let bar = progress_bar(pair[0].to_string());
            let (tables, stats) =
                retro::solve_pair(&board, pair, indexers, &deps, threads, &bar, sector::MAX_SHORT_DISTANCE)?;
            bar.finish_and_clear();
            for t in &tables {
                store::write_table(dir, t.subspace, &rules, &t.values, &t.long)?;
            }
            let seconds = start.elapsed().as_secs_f64();
            for t in tables {
                log::info!("tablebase: {} solved ({} levels)", t.subspace, stats.levels);
                reports.push(BuildReport {
                    subspace: t.subspace,
                    positions: t.indexer.len(),
                    full_positions: t.indexer.full_len(),
                    seconds,
                    working_bytes: stats.working_bytes,
                    skipped: false,
                });
                loaded.insert(t.subspace, t);
            }
        }
        // Keep in memory only what the remaining pairs' removals lead to.
        let needed: BTreeSet<Subspace> = pairs[n + 1..].iter().flatten().filter_map(|s| s.after_removal()).collect();
        loaded.retain(|s, _| needed.contains(s));
    }
    Ok(reports)
}

fn run_build(args: &BuildArgs) -> anyhow::Result<ExitCode> {
    let mut targets = args.subspaces.clone();
    if let Some(k) = args.max_stones {
        targets.extend(sector::pairs_up_to(k).into_iter().flatten());
    }
    if targets.is_empty() {
        anyhow::bail!("say what to build: --max-stones K and/or --subspace A-B");
    }
    if let Some(s) = targets.iter().find(|s| s.us > STANDARD.stones || s.them > STANDARD.stones) {
        anyhow::bail!("subspace {s} has more than the {} stones a side the rules give", STANDARD.stones);
    }
    let pairs = plan(&targets);
    let threads = threads_or_default(args.threads);
    let points = STANDARD.topology.len();
    let full = |s: &Subspace| {
        index::BINOMIALS.get(points, usize::from(s.us))
            * index::BINOMIALS.get(points - usize::from(s.us), usize::from(s.them))
    };
    let positions: u64 = pairs.iter().flatten().map(full).sum();
    // Peak memory: about 6.2 bytes per (reduced) position of the largest pair, measured
    // (values, counts, bounds, queues and the dependency tables together).
    let largest_pair = pairs.iter().map(|p| p.iter().map(full).sum::<u64>() / 16).max().unwrap_or(0);
    eprintln!(
        "building {} subspaces ({} positions before symmetry) in {} with {threads} threads; \
         estimated peak memory {:.0} MB",
        pairs.iter().map(Vec::len).sum::<usize>(),
        positions,
        args.dir.display(),
        largest_pair as f64 * 6.2 / 1e6
    );
    let start = Instant::now();
    let reports = build(&args.dir, &pairs, threads)?;
    println!("subspace  positions  full-board  seconds  memory-MB  note");
    for r in &reports {
        println!(
            "{:>8} {:>10} {:>11} {:>8.2} {:>10.1}  {}",
            r.subspace.to_string(),
            r.positions,
            r.full_positions,
            r.seconds,
            r.working_bytes as f64 / 1e6,
            if r.skipped { "kept (already built)" } else { "solved (time and memory of its pair)" }
        );
    }
    let solved: u64 = reports.iter().filter(|r| !r.skipped).map(|r| r.positions).sum();
    let secs = start.elapsed().as_secs_f64();
    println!(
        "total: {solved} positions solved in {secs:.2} s = {:.0} positions/s ({:.0} per thread, {threads} threads)",
        solved as f64 / secs.max(1e-9),
        solved as f64 / secs.max(1e-9) / threads as f64
    );
    Ok(ExitCode::SUCCESS)
}

fn run_verify(args: &VerifyArgs) -> anyhow::Result<ExitCode> {
    // With --subspace, load only what those subspaces' children need.
    let tb = if args.subspaces.is_empty() {
        Tablebase::open(&args.dir)?
    } else {
        Tablebase::open_for(&args.dir, &args.subspaces)?
    };
    let threads = threads_or_default(args.threads);
    let mut bad = 0;
    let subspaces = if args.subspaces.is_empty() { tb.subspaces() } else { args.subspaces.clone() };
    for sub in subspaces {
        let bar = progress_bar(sub.to_string());
        let report = verify::verify_subspace(&tb, sub, &args.dir, threads, &bar)?;
        bar.finish_and_clear();
        println!("{sub}: {} positions, {} wrong", report.positions, report.errors);
        for (pos, stored, recomputed) in &report.examples {
            println!("  {pos}: stored {}, children say {}", show(*stored), show(*recomputed));
        }
        bad += report.errors;
    }
    if bad == 0 {
        println!("verify: all values agree with their children");
        Ok(ExitCode::SUCCESS)
    } else {
        println!("verify: {bad} wrong values");
        Ok(ExitCode::FAILURE)
    }
}

/// Counts of one subspace's values.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SubspaceStats {
    /// Canonical positions: wins, draws, losses for the side to move.
    pub wins: u64,
    /// Drawn canonical positions.
    pub draws: u64,
    /// Lost canonical positions.
    pub losses: u64,
    /// The same over the full board (each canonical position weighted by its orbit).
    pub full_wins: u64,
    /// Drawn positions over the full board.
    pub full_draws: u64,
    /// Lost positions over the full board.
    pub full_losses: u64,
    /// The longest win, in plies.
    pub longest_win: u16,
    /// The longest loss, in plies.
    pub longest_loss: u16,
}

/// Counts the values of `table`.
#[must_use]
pub fn table_stats(table: &Table) -> SubspaceStats {
    let mut s = SubspaceStats::default();
    for i in 0..table.values.len() {
        let w = table.indexer.orbit_len_at(i as u64);
        match table.value_at(i) {
            OracleValue::Win(n) => {
                s.wins += 1;
                s.full_wins += w;
                s.longest_win = s.longest_win.max(n);
            }
            OracleValue::Loss(n) => {
                s.losses += 1;
                s.full_losses += w;
                s.longest_loss = s.longest_loss.max(n);
            }
            OracleValue::Draw => {
                s.draws += 1;
                s.full_draws += w;
            }
        }
    }
    s
}

fn run_stats(args: &DirArgs) -> anyhow::Result<ExitCode> {
    let tb = Tablebase::open(&args.dir)?;
    println!(
        "subspace  positions      wins     draws    losses  win%  longest-win  longest-loss  full-board  full-win%"
    );
    for sub in tb.subspaces() {
        let Some(t) = tb.table(sub) else { continue };
        let s = table_stats(t);
        let n = t.values.len() as f64;
        let full = s.full_wins + s.full_draws + s.full_losses;
        println!(
            "{:>8} {:>10} {:>9} {:>9} {:>9} {:>5.1} {:>12} {:>13} {:>11} {:>10.1}",
            sub.to_string(),
            t.values.len(),
            s.wins,
            s.draws,
            s.losses,
            100.0 * s.wins as f64 / n.max(1.0),
            s.longest_win,
            s.longest_loss,
            full,
            100.0 * s.full_wins as f64 / (full as f64).max(1.0)
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Reads `"<board string> <white|black>"` (nom; the board string itself is checked by
/// `notation::parse_board_string`).
fn parse_probe_text(text: &str) -> Option<(&str, Color)> {
    let side = alt((value(Color::White, tag_no_case("white")), value(Color::Black, tag_no_case("black"))));
    let parsed: nom::IResult<&str, (&str, &str, &str, Color, &str)> =
        all_consuming((multispace0, take_till1(char::is_whitespace), multispace1, side, multispace0)).parse(text);
    parsed.ok().map(|(_, (_, board, _, side, _))| (board, side))
}

fn show(v: OracleValue) -> String {
    match v {
        OracleValue::Win(n) => format!("win in {n}"),
        OracleValue::Loss(n) => format!("loss in {n}"),
        OracleValue::Draw => "draw".to_string(),
    }
}

fn run_probe(args: &ProbeArgs) -> anyhow::Result<ExitCode> {
    let (board, side) = parse_probe_text(&args.position).with_context(|| {
        format!("'{}' is not a position: expected a board string and white or black", args.position)
    })?;
    let stones = crate::rules::notation::parse_board_string(board, STANDARD.topology)?;
    let pos =
        crate::rules::Setup { rules: &STANDARD, stones, in_hand: crate::rules::ByColor([0, 0]), side_to_move: side }
            .into_position()?;
    let (us, them) = (pos.stones(side).len(), pos.stones(!side).len());
    if us < u32::from(MIN_STONES) || them < u32::from(MIN_STONES) {
        anyhow::bail!("the game is over: a side has fewer than {MIN_STONES} stones");
    }
    let tb = Tablebase::open_for(&args.dir, &[Subspace::new(us as u8, them as u8)])?;
    let Some(v) = tb.value(&pos) else {
        anyhow::bail!("subspace {us}-{them} is not in {}", args.dir.display());
    };
    println!("{pos}: {} for {side}", show(v));
    match tb.move_values(&pos) {
        Some(moves) => {
            let best: Vec<String> = moves
                .iter()
                .filter(|&&(_, mv)| mv == v)
                .map(|(m, _)| m.display(STANDARD.topology).to_string())
                .collect();
            println!("best: {}", if best.is_empty() { "none (no legal move)".to_string() } else { best.join(" ") });
            for (m, mv) in &moves {
                println!("  {:<10} {}", m.display(STANDARD.topology).to_string(), show(*mv));
            }
        }
        None => println!("best: unknown (a child's subspace is not loaded)"),
    }
    Ok(ExitCode::SUCCESS)
}
