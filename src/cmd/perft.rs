//! `morris perft`: count move paths from a position (the rules' checksum).

use std::process::ExitCode;

use super::common::{BoardChoice, RuleArgs};
use std::sync::atomic::AtomicBool;

use morris::perft::perft_parallel;
use morris::rules::notation::{game_after, parse_position};
use morris::rules::{MoveList, Position};

/// Options of `morris perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Plies to count
    pub depth: u32,
    /// Start from the position after these moves (white-space separated, e.g. "D2 F4 B4")
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Start from this position instead: a board string, then optionally the side to
    /// move and White's and Black's stones in hand (e.g. "xxWWB...x black 0 0")
    #[arg(long, conflicts_with = "moves")]
    pub position: Option<String>,
    /// Print the count under each root move, one line as each is counted (in generation order)
    #[arg(long)]
    pub divide: bool,
    /// Threads (default: every core)
    #[arg(long)]
    pub threads: Option<usize>,
    /// Board: standard (the tournament assignment's, docs/assignments.md) or classroom22 (the handout's 22 points)
    #[arg(long, default_value = "standard")]
    pub board: BoardChoice,
    /// The rule options.
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Runs `morris perft`: prints `perft D: N` and the speed on stderr; the count is the last line.
///
/// # Errors
/// A move of `--moves` that does not parse or is illegal, or a bad `--position`.
pub fn run(args: &PerftArgs) -> anyhow::Result<ExitCode> {
    let rules = args.rules.ruleset_on(args.board);
    let pos = match &args.position {
        Some(text) => parse_position(text, rules).map_err(|e| anyhow::anyhow!("--position: {e}"))?,
        None => *game_after(rules, &args.moves)?.position(),
    };
    let topo = pos.topology();
    let started = std::time::Instant::now();
    let threads = args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    // Nothing raises the flag here: Ctrl-C ends the process and its workers at once (the
    // default disposition), and a closed pipe ends `--divide` at its next line (`say!`
    // returns StdoutClosed, which main ends quietly). The library's callers (the
    // protocol's `perft`) raise it.
    let stop = AtomicBool::new(false);
    let count = |pos: &Position, depth: u32| {
        perft_parallel(pos, depth, threads, &stop).ok_or_else(|| anyhow::anyhow!("perft was stopped"))
    };
    let total = if args.divide {
        let mut total = 0;
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        for &m in list.iter() {
            let n = count(&pos.play_unchecked(m), args.depth.saturating_sub(1))?;
            say!("{}: {n}", m.display(topo));
            total += n;
        }
        total
    } else {
        count(&pos, args.depth)?
    };
    let secs = started.elapsed().as_secs_f64();
    log::info!("perft {} in {secs:.3} s", args.depth);
    eprintln!("{total} leaves in {secs:.3} s ({:.0} leaves/s)", total as f64 / secs.max(1e-9));
    say!("{total}");
    Ok(ExitCode::SUCCESS)
}
