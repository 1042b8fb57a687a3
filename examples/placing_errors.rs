//! Where the engine without the full tables goes wrong while placing, by move, at a fixed
//! number of nodes (a count, not a time: the same figures on a busy machine or a quiet
//! one): the placing counterpart of `endgame_errors`.
//!
//! The positions are those real games reached: every placing position before the moves
//! `from` to `to` (1 = the first placement) of the games in the match records given,
//! each once. Those that are *critical* by the whole placing set in `DIR` (some placement
//! loses value: a win let go, a draw given up) are given to the engine (one thread,
//! `nodes` nodes, with the tables the binary carries or without any), and the tables say
//! whether its placement kept the value. It measures a change to the evaluation or the
//! search where the carried placing values end, with far less noise than whole games.
//!
//! ```sh
//! cargo run --profile ci --example placing_errors -- /var/lib/morris/tb \
//!     records=a/games.tsv,b/games.tsv [from=12] [to=18] [nodes=300000] [carried=1] [list=FILE]
//! ```
//!
//! `moving=all` (a diagnostic) gives the search the full moving tables of `DIR` beside the
//! carried placing values: every position after the last placement is then exact, so what
//! is still lost is lost inside the placing phase, not at a moving-phase horizon.
//! `moving=6-6,7-5` gives it those tables alone (stones of the side to move first), or
//! `moving=12` those with at most 12 stones on the board.
//!
//! `list=FILE` writes each critical position's move, key and whether the engine kept the
//! value (`1`/`0`), to pair two builds' answers position by position (McNemar's test).

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use morris::engine::{Engine, EngineOptions, SearchLimits};
use morris::referee::outcome::record::parse_records;
use morris::rules::notation::game_after;
use morris::rules::{Move, Position, STANDARD};
use morris::search::{Oracle, OracleValue};
use morris::tablebase::Tablebase;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let named = |key: &str, default: &str| -> String {
        args.iter().find_map(|a| a.strip_prefix(&format!("{key}="))).unwrap_or(default).to_string()
    };
    let usage =
        "usage: placing_errors DIR records=A.tsv,B.tsv [from=12] [to=18] [nodes=300000] [carried=0|1] [list=FILE]";
    let dir = args.first().filter(|a| !a.contains('=')).ok_or_else(|| anyhow::anyhow!(usage))?;
    let records = named("records", "");
    anyhow::ensure!(!records.is_empty(), "{usage}");
    let number = |key: &str, default: &str| -> anyhow::Result<u64> {
        let text = named(key, default);
        text.parse().map_err(|_| anyhow::anyhow!("{key}={text}: not a whole number"))
    };
    let (from, to, nodes) = (number("from", "12")? as usize, number("to", "18")? as usize, number("nodes", "300000")?);
    let last = 2 * usize::from(STANDARD.stones);
    anyhow::ensure!((1..=to).contains(&from) && to <= last, "from={from} to={to}: placing moves are 1..={last}");
    let carried = named("carried", "1") == "1";
    let mut list = match named("list", "").as_str() {
        "" => None,
        path => Some(std::fs::File::create(path).map_err(|e| anyhow::anyhow!("{path}: {e}"))?),
    };
    let tb = Arc::new(Tablebase::open(std::path::Path::new(dir))?);
    let bundled = if carried { morris::tablebase::bundled::open_bundled(&STANDARD)? } else { None };
    let oracle: Option<Arc<dyn Oracle>> = match named("moving", "").as_str() {
        "" => bundled.map(|t| t as Arc<dyn Oracle>),
        which => Some(Arc::new(MovingExact { moving: Arc::clone(&tb), placing: bundled, which: which.to_string() })),
    };
    // The positions before each move from..=to of every game, once each.
    let mut seen = HashSet::new();
    let mut positions = Vec::new();
    for path in records.split(',') {
        let text = std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("{path}: {e}"))?;
        for game in parse_records(&text).map_err(|e| anyhow::anyhow!("{path}: {e}"))? {
            let moves: Vec<&str> = game.opening.split_whitespace().chain(game.moves.split_whitespace()).collect();
            for before in from..=to.min(moves.len()) {
                let played = game_after(&STANDARD, &moves[..before - 1].join(" "))
                    .map_err(|e| anyhow::anyhow!("{path}, game {}: {e}", game.number))?;
                if played.outcome().is_none() && seen.insert(played.position().key()) {
                    positions.push((before, played));
                }
            }
        }
    }
    println!("move\tpositions\tcritical\tvalue-losing\trate");
    let mut by_move: BTreeMap<usize, (usize, usize, usize)> = BTreeMap::new();
    for (before, game) in positions {
        let entry = by_move.entry(before).or_default();
        entry.0 += 1;
        let Some(values) = tb.move_values(game.position())? else { continue };
        let best = values.first().map(|(_, v)| v.wdl);
        if values.iter().all(|(_, v)| Some(v.wdl) == best) {
            continue;
        }
        entry.1 += 1;
        let key = game.position().key();
        let options = EngineOptions { hash_mb: 8, oracle: oracle.clone(), ..EngineOptions::default() };
        let mut engine = Engine::new(options, *game.start());
        engine.set_game(game);
        let limits = SearchLimits { nodes: Some(nodes), ..SearchLimits::default() };
        let chosen = engine.think(&limits, &mut |_| {}).best;
        let kept = values.iter().any(|(m, v)| Some(*m) == chosen && Some(v.wdl) == best);
        entry.2 += usize::from(!kept);
        if let Some(out) = list.as_mut() {
            use std::io::Write;
            writeln!(out, "{before}\t{key:016x}\t{}", u8::from(kept))?;
        }
    }
    let (mut critical, mut losing) = (0, 0);
    for (before, (all, crit, lost)) in &by_move {
        let rate = if *crit == 0 { 0.0 } else { *lost as f64 / *crit as f64 };
        println!("{before}\t{all}\t{crit}\t{lost}\t{rate:.3}");
        critical += crit;
        losing += lost;
    }
    println!("# moves {from}..{to}: {losing} value-losing in {critical} critical positions at {nodes} nodes");
    Ok(())
}

/// The full moving tables for every position after the placements, the carried placing
/// values (if any) for the placing phase: the `moving=` diagnostic. Each table's index is
/// built when the search first reaches it (`build`), which the engine's own probes leave to
/// a background thread.
struct MovingExact {
    moving: Arc<Tablebase>,
    placing: Option<Arc<Tablebase>>,
    which: String,
}

impl MovingExact {
    fn holds(&self, pos: &Position) -> bool {
        let side = pos.side_to_move();
        let (us, them) = (pos.stones(side).len(), pos.stones(!side).len());
        match self.which.parse::<u32>() {
            Ok(most) => us + them <= most,
            Err(_) => self.which == "all" || self.which.split(',').any(|s| s == format!("{us}-{them}")),
        }
    }
}

impl Oracle for MovingExact {
    fn probe(&self, pos: &Position, count: u16) -> Option<OracleValue> {
        if self.holds(pos) {
            self.moving.fast_value_at_count(pos, count, true)
        } else {
            self.placing.as_ref()?.probe(pos, count)
        }
    }
    fn probe_exact(&self, pos: &Position, count: u16) -> Option<OracleValue> {
        if self.holds(pos) {
            self.moving.value_at_count(pos, count, true)
        } else {
            self.placing.as_ref()?.probe_exact(pos, count)
        }
    }
    fn prepare(&self, pos: &Position) {
        if let Some(p) = &self.placing {
            p.prepare(pos);
        }
    }
    fn root_moves(&self, pos: &Position, deadline: Option<std::time::Instant>) -> Option<Vec<Move>> {
        self.placing.as_ref()?.root_moves(pos, deadline)
    }
    fn filters_root(&self, pos: &Position) -> bool {
        self.placing.as_ref().is_some_and(|p| p.filters_root(pos))
    }
    fn probe_placing(&self, pos: &Position) -> Option<OracleValue> {
        self.placing.as_ref()?.probe_placing(pos)
    }
    fn probe_placing_root(&self, pos: &Position) -> Option<OracleValue> {
        self.placing.as_ref()?.probe_placing_root(pos)
    }
}
