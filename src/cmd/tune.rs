//! `morris tune`: fit the strong evaluation's moving-phase weights to the endgame
//! tables' values ([`morris::tune`], Texel's method), then its pattern weights, and with
//! `--net-out` a network on top of them; prints the errors before and after and the
//! weights, and writes what `--out`, `--patterns-out` and `--net-out` ask for, in the
//! forms of `data/eval.weights`, `data/eval.patterns` and `data/eval.net`.

use std::path::PathBuf;
use std::process::ExitCode;

use morris::eval::Weights;
use morris::eval::patterns::{STAGE_NAMES, STAGES};
use morris::eval::weights::WeightPhase;
use morris::tune::{NetSettings, PatternSettings, TuneSettings, tune, weight_changes};

/// An error overall and by stage, as one line.
fn stage_errors((all, by_stage): &(f64, [Option<f64>; STAGES])) -> String {
    let mut out = format!("{all:.6}");
    for (name, e) in STAGE_NAMES.iter().zip(by_stage) {
        if let Some(e) = e {
            out.push_str(&format!(", {name} {e:.6}"));
        }
    }
    out
}

/// Options of `morris tune`.
#[derive(clap::Args, Debug)]
pub struct TuneArgs {
    /// Directory of the moving tables (`A-B.mtb` with `A-B.wdl`); pairs not yet built are left out
    #[arg(long)]
    pub tables: PathBuf,
    /// Distinct labelled positions to collect from the games
    #[arg(long, default_value_t = 50_000)]
    pub positions: usize,
    /// Seed of the games' random openings and moves (the same seed and tables give the same weights)
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the fitted weights here, as a weights file (the form of data/eval.weights)
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Keep only positions in which the side to move cannot close a mill
    #[arg(long)]
    pub quiet_only: bool,
    /// Iterations of gradient descent before the integer polish
    #[arg(long, default_value_t = 1500)]
    pub iterations: usize,
    /// Write the fitted pattern weights here, as a patterns file (the form of data/eval.patterns)
    #[arg(long)]
    pub patterns_out: Option<PathBuf>,
    /// Passes over the positions when fitting the pattern weights
    #[arg(long, default_value_t = 30)]
    pub epochs: usize,
    /// Start from the weights in this file (a weights file, the form of data/eval.weights) instead of the carried ones
    #[arg(long, value_name = "FILE")]
    pub start: Option<PathBuf>,
    /// Keep the labelled positions in this file: read it instead of playing the games when it exists, write it after the games when it does not
    #[arg(long)]
    pub samples: Option<PathBuf>,
    /// Fit a network on top of the weights and patterns and write it here, as a network file (the form of data/eval.net)
    #[arg(long)]
    pub net_out: Option<PathBuf>,
    /// Keep the starting weights and the carried patterns; fit only the network (with --net-out)
    #[arg(long, requires = "net_out")]
    pub net_only: bool,
    /// The network's hidden units (1 to 512)
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u16).range(1..=512))]
    pub hidden: u16,
    /// Passes over the positions when fitting the network
    #[arg(long, default_value_t = 20)]
    pub net_epochs: usize,
}

/// Runs `morris tune`.
///
/// # Errors
/// No usable tables in `--tables`, a damaged table, `--out` not writable, stdout failing.
pub fn run(args: &TuneArgs) -> anyhow::Result<ExitCode> {
    let defaults = TuneSettings::new(args.positions, args.seed);
    let start = match &args.start {
        None => defaults.start,
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("--start {}: {e}", path.display()))?;
            Weights::parse(&text).map_err(|e| anyhow::anyhow!("--start {}: {e}", path.display()))?
        }
    };
    let settings = TuneSettings {
        start,
        quiet_only: args.quiet_only,
        iterations: args.iterations,
        patterns: PatternSettings { epochs: args.epochs, ..defaults.patterns },
        samples: args.samples.clone(),
        net: args.net_out.as_ref().map(|_| NetSettings {
            hidden: usize::from(args.hidden),
            epochs: args.net_epochs,
            seed: args.seed,
            ..NetSettings::default()
        }),
        net_only: args.net_only,
        ..defaults
    };
    let started = std::time::Instant::now();
    let report = tune(&args.tables, &settings, &mut |games, found| {
        log::info!("tune: {games} games, {found} positions");
    })?;
    let pairs: Vec<String> = report.pairs.iter().map(ToString::to_string).collect();
    let (wins, draws, losses) = report.labels;
    let summary = [
        format!("tables: {} ({} pairs: {})", args.tables.display(), pairs.len(), pairs.join(" ")),
        format!(
            "positions: {} from {} games (seed {}{}): {wins} won, {draws} drawn, {losses} lost for the side to move",
            report.positions,
            report.games,
            args.seed,
            if args.quiet_only { ", quiet only" } else { "" }
        ) + &report.resumed_from.map_or(String::new(), |g| format!("; went on from the {g} games a stopped run kept")),
        format!("K: {:.4}", report.k),
        format!("error before: {:.6} (fitted), {:.6} (held out)", report.error_before.0, report.error_before.1),
        format!("error after:  {:.6} (fitted), {:.6} (held out)", report.error_after.0, report.error_after.1),
        format!("held out, every stage: {}", stage_errors(&report.pattern_errors[0])),
        format!("with the patterns ({} passes): {}", args.epochs, stage_errors(&report.pattern_errors[1])),
    ];
    let mut summary = summary.to_vec();
    if args.net_only {
        // Nothing was fitted after the starting error: its lines would repeat it.
        summary.truncate(4);
        summary.push("weights and patterns: the starting ones, kept (--net-only)".into());
    }
    if let Some(net) = &report.net {
        summary.push(format!(
            "the network ({} hidden units, {} passes, K {:.4}), held out: without {}",
            net.network.hidden(),
            args.net_epochs,
            net.k,
            stage_errors(&net.errors[0])
        ));
        summary.push(format!("with the network: {}", stage_errors(&net.errors[1])));
    }
    for line in &summary {
        say!("{line}");
    }
    say!("{:<28} {:>7} {:>7}", "weight", "before", "after");
    for (name, before, after, phase) in weight_changes(&report) {
        let note = if phase == WeightPhase::Moving { "" } else { "  (kept)" };
        say!("{name:<28} {before:>7} {after:>7}{note}");
    }
    log::info!("tune: {:.1} s", started.elapsed().as_secs_f64());
    // Each file says the command and the figures that made it.
    let provenance = format!(
        "Written by: morris tune --tables {} --positions {} --seed {} --epochs {}{}{}{}\n{}",
        args.tables.display(),
        args.positions,
        args.seed,
        args.epochs,
        args.start.as_ref().map(|p| format!(" --start {}", p.display())).unwrap_or_default(),
        if args.quiet_only { " --quiet-only" } else { "" },
        // The network's file is not named: the same run gives the same files wherever
        // they are written.
        match &args.net_out {
            Some(_) => format!(
                " --net-out NET --hidden {} --net-epochs {}{}",
                args.hidden,
                args.net_epochs,
                if args.net_only { " --net-only" } else { "" }
            ),
            None => String::new(),
        },
        summary.join("\n")
    );
    if let Some(out) = &args.out {
        let header = format!(
            "The strong evaluation's weights (src/eval/strong.rs), in hundredths of a stone.\n\
             One `name = value` line each; `#` starts a comment. The binary embeds data/eval.weights.\n\n{provenance}"
        );
        morris::files::write_whole(out, report.after.to_text(&header).as_bytes())?;
        say!("wrote {}", out.display());
    }
    if let (Some(out), Some(net)) = (&args.net_out, &report.net) {
        let header = format!(
            "The network of the strong evaluation (src/eval/net.rs), quantized: the first layer (one\n\
             line per input: the side to move's stones by point, the other side's, the side to move's\n\
             count in hand, the other's) and the hidden biases in 1/255 of an activation, the output\n\
             weights in 1/32 of a hundredth of a stone, the output's bias last, in 1/8160. The binary\n\
             embeds data/eval.net.\n\n{provenance}"
        );
        morris::files::write_whole(out, net.network.to_text(&header).as_bytes())?;
        say!("wrote {}", out.display());
    }
    if let Some(out) = &args.patterns_out {
        let header = format!(
            "Pattern weights of the strong evaluation (src/eval/patterns.rs), in hundredths of a stone:\n\
             per stage and pattern (the lines, each point with its neighbours, each point with the lines\n\
             through it, each two lines joined by an edge), a weight per filling. The binary embeds\n\
             data/eval.patterns.\n\n{provenance}"
        );
        morris::files::write_whole(out, report.patterns.to_text(&header).as_bytes())?;
        say!("wrote {}", out.display());
    }
    Ok(ExitCode::SUCCESS)
}
