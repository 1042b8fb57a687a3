//! `morris bench`: the bench positions searched to a fixed depth; prints one line per
//! position and `Bench: <nodes> nodes <nps> nps` last (the signature CI compares).

use std::process::ExitCode;

use super::output::Lines;
use morris::engine::{BENCH_DEPTH, format_score, run_bench};

/// Options of `morris bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Search depth for every bench position
    #[arg(long, default_value_t = BENCH_DEPTH)]
    pub depth: u32,
}

/// Runs `morris bench`.
///
/// # Errors
/// Only stdout failing.
pub fn run(args: &BenchArgs) -> anyhow::Result<ExitCode> {
    let mut lines = Lines::default();
    let report = run_bench(args.depth, &mut |i, line| {
        let pos = line.position;
        let best = line.result.best.map_or_else(|| "-".to_string(), |m| m.display(pos.topology()).to_string());
        // A closed pipe (nobody reads any more) breaks the loop: stop searching.
        lines.print(format_args!(
            "{:>2} {:<11} {:<7} depth {:>2} nodes {:>10} best {:<9} score {}\n",
            i + 1,
            pos.topology().name(),
            pos.phase(pos.side_to_move()).to_string(),
            line.result.depth,
            line.result.nodes,
            best,
            format_score(line.result.score)
        ))
    });
    lines.finish()?;
    say!("Bench: {} nodes {} nps", report.total_nodes(), report.nodes_per_second());
    Ok(ExitCode::SUCCESS)
}
