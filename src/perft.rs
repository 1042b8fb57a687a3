//! perft: the number of move sequences of a given length, the rules core's checksum.
//!
//! A move with its removal counts as one move, so each removal choice is its own move
//! (`rules.md`, reference counts). The last ply is counted in bulk, without playing it.

use crate::rules::{Move, MoveList, Position};

/// The number of legal move sequences of `depth` plies from `pos`.
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => u64::from(pos.count_legal_moves()),
        _ => {
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            list.iter().map(|&m| perft(&pos.play_unchecked(m), depth - 1)).sum()
        }
    }
}

/// perft per root move (for finding where two move generators disagree), in generation order.
#[must_use]
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter().map(|&m| (m, perft(&pos.play_unchecked(m), depth.saturating_sub(1)))).collect()
}

/// perft on `threads` threads, splitting the root moves between them.
#[must_use]
pub fn perft_parallel(pos: &Position, depth: u32, threads: usize) -> u64 {
    if depth < 3 || threads <= 1 {
        return perft(pos, depth);
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let moves: Vec<Move> = list.to_vec();
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut total = 0;
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&m) = moves.get(i) else { break total };
                        total += perft(&pos.play_unchecked(m), depth - 1);
                    }
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).sum()
    })
}

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
    /// Print the count under each root move
    #[arg(long)]
    pub divide: bool,
    /// Threads (default: every core)
    #[arg(long)]
    pub threads: Option<usize>,
    /// Board: standard (seed 003) or classroom22 (the handout's 22 points)
    #[arg(long, default_value = "standard")]
    pub board: crate::cli::BoardChoice,
    /// The rule options.
    #[command(flatten)]
    pub rules: crate::cli::RuleArgs,
}

/// Runs `morris perft`: prints `perft D: N` and the speed on stderr; the count is the last line.
///
/// # Errors
/// A move of `--moves` that does not parse or is illegal.
pub fn run(args: &PerftArgs) -> anyhow::Result<std::process::ExitCode> {
    let rules = args.rules.ruleset_on(args.board);
    let pos = match &args.position {
        Some(text) => {
            crate::rules::notation::parse_position(text, rules).map_err(|e| anyhow::anyhow!("--position: {e}"))?
        }
        None => *crate::rules::notation::game_after(rules, &args.moves)?.position(),
    };
    let topo = pos.topology();
    let started = std::time::Instant::now();
    let total = if args.divide {
        let mut total = 0;
        for (m, n) in divide(&pos, args.depth) {
            println!("{}: {n}", m.display(topo));
            total += n;
        }
        total
    } else {
        let threads = args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
        perft_parallel(&pos, args.depth, threads)
    };
    let secs = started.elapsed().as_secs_f64();
    log::info!("perft {} in {secs:.3} s", args.depth);
    eprintln!("{total} leaves in {secs:.3} s ({:.0} leaves/s)", total as f64 / secs.max(1e-9));
    println!("{total}");
    Ok(std::process::ExitCode::SUCCESS)
}
