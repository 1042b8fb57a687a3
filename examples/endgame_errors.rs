//! Where the engine without the full tables goes wrong in the moving phase, by pair of
//! stone counts, at a fixed number of nodes (a count, not a time: the same figures on a
//! busy machine or a quiet one).
//!
//! For each pair the tables in `DIR` cover, random positions with White to move, no
//! stone in hand and no ply since the last removal are drawn until `samples` of them are
//! *critical*: some legal move loses value (a win let go to a draw or a loss, a draw
//! given up). The engine (one thread, `nodes` nodes, with the endgame tables the binary
//! carries or without any) chooses a move in each, and the tables say whether it kept
//! the value. A high rate names a pair worth carrying, or worth teaching the evaluation.
//!
//! ```sh
//! cargo run --profile ci --example endgame_errors -- /var/lib/morris/tb [samples=200] \
//!     [nodes=300000] [carried=1] [pairs=5-3,3-5,...] [seed=1]
//! ```

use std::collections::BTreeMap;
use std::sync::Arc;

use morris::analysis::move_values;
use morris::engine::{Engine, EngineOptions, SearchLimits};
use morris::rules::{ByColor, Color, Game, STANDARD, Setup};
use morris::search::{Oracle, OracleValue};
use morris::tablebase::Tablebase;
use morris::topology::PointSet;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

fn class(v: OracleValue) -> u8 {
    match v {
        OracleValue::Loss(_) => 0,
        OracleValue::Draw => 1,
        OracleValue::Win(_) => 2,
    }
}

/// `count` distinct points of the standard board, none of `taken`, as a point set.
fn random_points(rng: &mut Xoshiro256PlusPlus, count: u8, taken: u32) -> u32 {
    let points = STANDARD.topology.len() as u32;
    let mut set = 0u32;
    while set.count_ones() < u32::from(count) {
        let p = rng.random_range(0..points);
        if (set | taken) & (1 << p) == 0 {
            set |= 1 << p;
        }
    }
    set
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let named = |key: &str, default: &str| -> String {
        args.iter().find_map(|a| a.strip_prefix(&format!("{key}="))).unwrap_or(default).to_string()
    };
    let dir = args.first().filter(|a| !a.contains('=')).ok_or_else(|| {
        anyhow::anyhow!("usage: endgame_errors DIR [samples=N] [nodes=N] [carried=0|1] [pairs=A-B,...] [seed=N]")
    })?;
    let samples: usize = named("samples", "200").parse()?;
    let nodes: u64 = named("nodes", "300000").parse()?;
    let carried = named("carried", "1") == "1";
    let seed: u64 = named("seed", "1").parse()?;
    let tb = Arc::new(Tablebase::open(std::path::Path::new(dir))?);
    tb.wait_ready();
    let pairs: Vec<(u8, u8)> = match named("pairs", "").as_str() {
        "" => tb.subspaces().into_iter().map(|s| (s.us, s.them)).collect(),
        list => list
            .split(',')
            .map(|p| {
                let (a, b) = p.split_once('-').ok_or_else(|| anyhow::anyhow!("pair {p}: A-B"))?;
                Ok((a.parse()?, b.parse()?))
            })
            .collect::<anyhow::Result<_>>()?,
    };
    let oracle: Option<Arc<dyn Oracle>> =
        if carried { morris::tablebase::bundled::open_bundled(&STANDARD)?.map(|t| t as Arc<dyn Oracle>) } else { None };
    println!("pair\tcritical\tvalue-losing\trate\tdrawn\ttried");
    let mut totals: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for (us, them) in pairs {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ (u64::from(us) << 8 | u64::from(them)));
        let (mut critical, mut losing, mut tried) = (0usize, 0usize, 0usize);
        while critical < samples && tried < 200 * samples {
            tried += 1;
            let w = random_points(&mut rng, us, 0);
            let b = random_points(&mut rng, them, w);
            let setup = Setup {
                rules: &STANDARD,
                stones: ByColor([PointSet(w), PointSet(b)]),
                in_hand: ByColor([0, 0]),
                side_to_move: Color::White,
            };
            let Ok(pos) = setup.into_position() else { continue };
            let game = Game::new(pos);
            let Some(values) = move_values(&tb, &game) else { continue };
            let best = values.iter().map(|&(_, v)| class(v)).max().unwrap_or(0);
            if values.iter().all(|&(_, v)| class(v) == best) {
                continue;
            }
            critical += 1;
            let options = EngineOptions { hash_mb: 8, oracle: oracle.clone(), ..EngineOptions::default() };
            let mut engine = Engine::new(options, pos);
            engine.set_game(game);
            let limits = SearchLimits { nodes: Some(nodes), ..SearchLimits::default() };
            let chosen = engine.think(&limits, &mut |_| {}).best;
            let kept = values.iter().any(|&(m, v)| Some(m) == chosen && class(v) == best);
            losing += usize::from(!kept);
        }
        let rate = if critical == 0 { 0.0 } else { losing as f64 / critical as f64 };
        println!(
            "{us}-{them}\t{critical}\t{losing}\t{:.3}\t{}\t{tried}",
            rate,
            if critical < samples { "few" } else { "" }
        );
        let group = if us.min(them) == 3 { "a side of 3 (flying)" } else { "both sides 4 or more" };
        let t = totals.entry(group).or_default();
        t.0 += critical;
        t.1 += losing;
    }
    for (group, (critical, losing)) in totals {
        println!("# {group}: {losing} value-losing in {critical} critical positions");
    }
    Ok(())
}
