//! `morris tablebase build | plan | slurm | verify | stats | probe | bench`: the command
//! line over [`morris::tablebase`].

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

use super::output::Lines;
use super::progress::Bar;
use morris::rules::STANDARD;
use morris::rules::notation::PositionText;
use morris::tablebase::batch::probe_batch;
use morris::tablebase::bench::{BenchSettings, bench};
use morris::tablebase::driver::cells::{Cell, Graph};
use morris::tablebase::driver::job::{BuildEvent, BuildRequest, Phases, pack_set, run_build as run_build_job};
use morris::tablebase::driver::within_memory;
use morris::tablebase::shared::sector::MIN_STONES;
use morris::tablebase::{self, BuildOptions, RuleProfile, Subspace, TableValue, Tablebase, Wdl, stats, verify};
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
    /// Write placing cells coded against a model of their positions, fitted to each cell's
    /// own values: the densest form, the one the binary carries its last plies in
    Model(ModelArgs),
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

/// Arguments of `morris tablebase model`.
#[derive(clap::Args, Debug)]
pub struct ModelArgs {
    /// Placing cell files (`p{ply}-{a}-{b}.s{stones}.r{plies}.ptb`), in any layout; a
    /// packed one's dictionary is read from beside it
    #[arg(required = true, value_name = "CELL")]
    pub cells: Vec<PathBuf>,
    /// Folder to write the modeled cells in (made if missing), under the same names (not
    /// the cells' own)
    #[arg(long)]
    pub out: PathBuf,
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
    /// Save a moving pair's solve this often, so that a stopped build resumes it where it
    /// was saved (a file DIR/PAIR.checkpoint, removed once the pair is built; 0 = never)
    #[arg(long, value_name = "MINUTES", default_value_t = 10.0, value_parser = minutes_arg)]
    pub checkpoint_minutes: f64,
}

impl BuildArgs {
    /// The build's options.
    fn options(&self) -> BuildOptions {
        let mut options = BuildOptions::new(threads_or_default(self.threads), self.profile);
        options.checkpoint_every =
            (self.checkpoint_minutes > 0.0).then(|| std::time::Duration::from_secs_f64(self.checkpoint_minutes * 60.0));
        options
    }
}

/// A number of minutes: 0 or more, at most a week.
fn minutes_arg(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(m) if (0.0..=10_080.0).contains(&m) => Ok(m),
        _ => Err(format!("'{text}' is not a number of minutes from 0 to 10080")),
    }
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

/// `morris tablebase model`: each cell coded against its model, a line a cell.
fn run_model(args: &ModelArgs) -> anyhow::Result<ExitCode> {
    let mut total = (0u64, 0u64);
    let mut say = |c: &morris::tablebase::driver::pack::ModeledCell| {
        total = (total.0 + c.bytes.0, total.1 + c.bytes.1);
        // A failed write shows in the summary's, below.
        let _ = std::io::Write::write_fmt(
            &mut std::io::stdout(),
            format_args!(
                "{}: {} -> {} bytes, {} contexts, {:.1} s\n",
                c.cell, c.bytes.0, c.bytes.1, c.contexts, c.seconds
            ),
        );
    };
    let done = morris::tablebase::driver::pack::model_cells(
        &args.cells,
        &args.out,
        threads_or_default(args.threads),
        &mut say,
    )?;
    say_part!("modeled {} cells: {:.1} MB -> {:.1} MB\n", done.len(), total.0 as f64 / 1e6, total.1 as f64 / 1e6);
    Ok(ExitCode::SUCCESS)
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
        TablebaseCommand::Model(args) => run_model(args),
        TablebaseCommand::Pack(args) => {
            say_part!("{}", pack_set(&args.dir, args.stones, args.profile, threads_or_default(args.threads))?);
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
    let phases = match (args.placing, args.no_placing) {
        (true, _) => Phases::PlacingOnly,
        (_, true) => Phases::MovingOnly,
        _ => Phases::Both,
    };
    let request = BuildRequest {
        dir: args.dir.clone(),
        subspaces: args.subspaces.clone(),
        max_stones: args.max_stones,
        phases,
        options: args.options(),
        max_memory_gb: args.max_memory_gb,
    };
    let bar = Bar::new(0, "{msg:22} [{bar:30}] {percent:>3}% {elapsed_precise} ETA {eta_precise}", "positions");
    let mut lines = Lines::default();
    let built = run_build_job(&request, &bar, &mut |event| match event {
        BuildEvent::Planned(banner) => bar.println(&banner),
        BuildEvent::Pair(line) => bar.println(&line.to_string()),
        BuildEvent::Ply(line) => bar.println(&line.to_string()),
        BuildEvent::MovingDone(summary) => bar.above(|| {
            let _ = lines.print(summary);
        }),
        BuildEvent::PlacingDone(summary) => bar.above(|| {
            let _ = lines.print(summary);
        }),
        BuildEvent::Packed(summary) => bar.above(|| {
            let _ = lines.print(summary);
        }),
    });
    bar.finish();
    built?;
    lines.finish()?;
    Ok(ExitCode::SUCCESS)
}

fn run_build_cell(args: &BuildArgs, cell: Cell) -> anyhow::Result<ExitCode> {
    let options = args.options();
    let threads = options.threads;
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
        if let Some(level) = report.resumed_at {
            say!("cell {cell}: resumed at level {level} from its checkpoint (the time is this run's)");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The build graph `args` describe.
fn graph_of(args: &GraphArgs) -> Graph {
    Graph::of(&args.dir, args.max_stones, args.placing, args.profile)
}

fn run_plan(args: &PlanArgs) -> anyhow::Result<ExitCode> {
    let graph = graph_of(&args.graph);
    if args.predict {
        say_part!("{}", graph.forecast());
    } else {
        say!("{}", serde_json::to_string_pretty(&graph.to_json())?);
    }
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
    let graph = graph_of(&args.graph);
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
    for (l, todo) in graph.to_build_by_level() {
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
    let todo = graph.to_build();
    say!(
        "{} cells, {} built, {todo} to build in {arrays} job arrays{}: scripts in {}",
        graph.cells.len(),
        graph.cells.len() - todo,
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
    let threads = threads_or_default(args.threads);
    let mut lines = Lines::default();
    let summary = if args.placing {
        let bar = Bar::new(0, "{msg:>12} [{bar:30}] {human_pos}/{human_len} {per_sec} {eta}", "positions");
        let summary = verify::verify_placing_sets(&args.dir, threads, args.every, &bar, &mut |report| {
            let mut printed = ControlFlow::Continue(());
            bar.above(|| printed = lines.print(report));
            printed
        });
        bar.finish();
        summary?
    } else {
        let bar = Bar::new(0, "{msg:>5} [{bar:30}] {human_pos}/{human_len} {per_sec} {eta}", "positions");
        let summary = verify::verify_tables(&args.dir, &args.subspaces, threads, args.every, &bar, &mut |report| {
            let mut printed = ControlFlow::Continue(());
            bar.above(|| printed = lines.print(report));
            printed
        });
        bar.finish();
        summary?
    };
    lines.finish()?;
    say_part!("{summary}");
    Ok(if summary.passed() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

fn run_stats(args: &StatsArgs) -> anyhow::Result<ExitCode> {
    if args.placing {
        say_part!("{}", stats::placing_stats(&args.dir)?);
    } else {
        say_part!("{}", stats::moving_stats(&args.dir, args.full)?);
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

fn run_bench(args: &TablebaseBenchArgs) -> anyhow::Result<ExitCode> {
    let settings = BenchSettings { probes: args.probes, seed: args.seed };
    say_part!("{}", bench(&args.dir, &settings)?);
    Ok(ExitCode::SUCCESS)
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
    let report = probe_batch(&tb, args.stones, profile, &mut input, &mut output, &mut std::io::stderr())
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
