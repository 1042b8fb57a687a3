//! The tables' bench (`morris tablebase bench`): how long a directory's tables take to
//! open and to index, and what random probes cost, of every kind the directory holds:
//! the moving tables' fast form and full form, each placing set's cells, and the same
//! placing positions as rows through [`batch`](super::batch). [`bench()`] returns the
//! figures in a [`TablebaseBenchReport`], whose `Display` is the command's output; nothing here
//! prints.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use super::batch::probe_batch;
use super::probe::Tablebase;
use super::shared::error::TablebaseError;
use super::shared::index::{Indexer, binomial};
use super::shared::sector::Subspace;
use super::shared::value::{RuleProfile, Wdl};
use crate::memory::ProcessMemory;
use crate::rules::{Position, Ruleset, STANDARD};
use crate::words::human;

/// What a bench probes.
#[derive(Clone, Copy, Debug)]
pub struct BenchSettings {
    /// Random positions of each kind (each timed twice).
    pub probes: u64,
    /// The seed of the random positions.
    pub seed: u64,
}

/// Why a bench stopped.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// Opening or reading the tables failed.
    #[error(transparent)]
    Tablebase(#[from] TablebaseError),
    /// A table of the directory did not answer a position it covers: the tables do not
    /// fit together.
    #[error("{0}")]
    NoAnswer(String),
}

/// The cost of one kind of probe, on the same positions twice (the second pass meets
/// warm caches).
#[derive(Clone, Debug, PartialEq)]
pub struct ProbeTimes {
    /// What was probed, e.g. `moving probes, full form (value and distance)`.
    pub what: String,
    /// Positions probed in each pass.
    pub probes: u64,
    /// The median and mean time of one probe: the first pass, then the second.
    pub passes: [(Duration, Duration); 2],
}

/// The placing part of a bench: one game and rule profile.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacingBench {
    /// Stones a side of the game.
    pub stones: u8,
    /// The rule profile of its cells.
    pub profile: RuleProfile,
    /// Random placing probes.
    pub probes: ProbeTimes,
    /// The same positions as `probe --batch` rows (read, parsed, probed, written), on
    /// one thread: rows answered in each pass.
    pub batch_rows: u64,
    /// Rows a second: the first pass, then the second.
    pub batch_rates: [f64; 2],
}

/// What a bench measured.
#[derive(Clone, Debug, PartialEq)]
pub struct TablebaseBenchReport {
    /// The directory.
    pub dir: PathBuf,
    /// Moving tables in it.
    pub tables: usize,
    /// Their canonical positions.
    pub positions: u64,
    /// Opening them (headers only).
    pub open: Duration,
    /// Building their indices (one thread, as the engine does at its start).
    pub indices: Duration,
    /// Moving probes in the fast form (the win/draw/loss at count 0 the search reads),
    /// falling back to the full form where the fast form cannot say.
    pub fast: ProbeTimes,
    /// Of those probes, how many the fast form answered alone (in each pass).
    pub fast_alone: u64,
    /// Moving probes in the full form (value and distance).
    pub full: ProbeTimes,
    /// Of the random moving positions, how many are draws.
    pub draws: u64,
    /// Each placing set's part.
    pub placing: Vec<PlacingBench>,
    /// The process's memory at the end, where Linux says it.
    pub memory: Option<ProcessMemory>,
}

/// Benches the tables in `dir` with `settings`.
///
/// # Errors
/// [`BenchError`]: no tables (`MissingTable`), unreadable or damaged ones, or tables that
/// do not fit together.
pub fn bench(dir: &Path, settings: &BenchSettings) -> Result<TablebaseBenchReport, BenchError> {
    let t = Instant::now();
    let tb = Tablebase::open(dir)?;
    let open = t.elapsed();
    // An open directory holds at least one moving table.
    let subspaces = tb.subspaces();
    let positions: u64 = subspaces.iter().filter_map(|&s| tb.header(s)).map(|h| h.positions).sum();
    let t = Instant::now();
    let tb = Arc::new(tb);
    if let Some(builder) = tb.warm_up() {
        let _ = builder.join();
    }
    // Builds here whatever a thread that could not start would have built.
    tb.wait_ready();
    let indices = t.elapsed();
    let probes = random_positions(&subspaces, settings.probes, settings.seed);
    let covered = || BenchError::NoAnswer("a loaded subspace does not answer a position of it".to_string());
    // The fast form first, so that after `echo 3 > /proc/sys/vm/drop_caches` its first
    // pass reads from disk.
    let alone = AtomicU64::new(0);
    let fast = time_probes("moving probes, fast form (win/draw/loss at count 0)", &probes, |&(us, them)| {
        if tb.fast_value(us, them, 0, true)?.is_none() {
            tb.value_of_sets(us, them, true)?.ok_or_else(covered)?;
        } else {
            alone.fetch_add(1, Ordering::Relaxed);
        }
        Ok(())
    })?;
    // The full form: class and distance blocks of 16K positions, zstd (what `probe`,
    // `analyze` and the root's moves read).
    let full = time_probes("moving probes, full form (value and distance)", &probes, |&(us, them)| {
        tb.value_of_sets(us, them, true)?.ok_or_else(covered)?;
        Ok(())
    })?;
    let draws = probes
        .iter()
        .filter(|&&(us, them)| matches!(tb.value_of_sets(us, them, true), Ok(Some(v)) if v.wdl == Wdl::Draw))
        .count() as u64;
    let placing = tb
        .placing_profiles()
        .into_iter()
        .map(|(stones, profile)| bench_placing(&tb, stones, profile, settings))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(TablebaseBenchReport {
        dir: dir.to_path_buf(),
        tables: subspaces.len(),
        positions,
        open,
        indices,
        fast,
        // Counted in both passes.
        fast_alone: alone.into_inner() / 2,
        full,
        draws,
        placing,
        memory: ProcessMemory::now(),
    })
}

/// Random covered positions (stone sets of the side to move and the other), uniform over
/// the full board's positions of `subspaces`.
fn random_positions(subspaces: &[Subspace], n: u64, seed: u64) -> Vec<(u32, u32)> {
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
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

/// Random placing positions of one game and profile, uniform over the cells' canonical
/// positions.
fn random_placing_positions(
    tb: &Tablebase,
    rules: &'static Ruleset,
    profile: RuleProfile,
    settings: &BenchSettings,
) -> Result<Vec<Position>, BenchError> {
    let cells = tb.placing_cells(rules.stones, profile);
    let weights: Vec<u64> = cells.iter().map(|c| c.positions()).collect();
    let total: u64 = weights.iter().sum();
    if total == 0 {
        return Err(BenchError::NoAnswer("no placing positions".to_string()));
    }
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(settings.seed);
    let mut indexers: std::collections::HashMap<(u8, u8), Indexer> = std::collections::HashMap::new();
    let mut positions = Vec::with_capacity(usize::try_from(settings.probes).unwrap_or(0));
    for _ in 0..settings.probes {
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
            .or_insert_with(|| Indexer::new(STANDARD.topology, c.us.into(), c.them.into()));
        let (us, them) = ix.position(r.min(ix.len().saturating_sub(1)));
        positions.push(c.position(rules, us, them));
    }
    Ok(positions)
}

/// Random placing probes of one game and profile, timed twice, then the same positions
/// through the batch reader twice.
fn bench_placing(
    tb: &Tablebase,
    stones: u8,
    profile: RuleProfile,
    settings: &BenchSettings,
) -> Result<PlacingBench, BenchError> {
    let rules = Ruleset { stones, no_removal_plies: profile.no_removal_plies(), ..STANDARD.clone() }.into_static();
    let positions = random_placing_positions(tb, rules, profile, settings)?;
    let plies = profile.no_removal_plies();
    let probes = time_probes(&format!("placing probes ({stones} stones, rule {plies})"), &positions, |pos| {
        match tb.placing_value(pos)? {
            Some(_) => Ok(()),
            None => Err(BenchError::NoAnswer("a placing cell of the directory does not answer".to_string())),
        }
    })?;
    let rows: String = positions.iter().map(|p| format!("{p}\n")).collect();
    let mut batch_rows = 0;
    let mut batch_rates = [0.0; 2];
    for rate in &mut batch_rates {
        let t = Instant::now();
        let report = probe_batch(tb, stones, profile, &mut rows.as_bytes(), &mut std::io::sink(), &mut std::io::sink())
            .map_err(|e| BenchError::NoAnswer(format!("the batch reader failed on its own rows: {e}")))?;
        if report.bad > 0 {
            return Err(BenchError::NoAnswer(format!("{} of the random rows had no value", report.bad)));
        }
        batch_rows = report.answered;
        *rate = report.answered as f64 / t.elapsed().as_secs_f64().max(1e-9);
    }
    Ok(PlacingBench { stones, profile, probes, batch_rows, batch_rates })
}

/// Times `probe` on each of `items`, twice (the second pass meets warm caches).
fn time_probes<T>(
    what: &str,
    items: &[T],
    probe: impl Fn(&T) -> Result<(), BenchError>,
) -> Result<ProbeTimes, BenchError> {
    let mut passes = [(Duration::ZERO, Duration::ZERO); 2];
    for pass in &mut passes {
        let mut times = Vec::with_capacity(items.len());
        for item in items {
            let t = Instant::now();
            probe(item)?;
            times.push(t.elapsed());
        }
        times.sort_unstable();
        let mean = times.iter().map(Duration::as_secs_f64).sum::<f64>() / times.len().max(1) as f64;
        *pass = (times.get(times.len() / 2).copied().unwrap_or_default(), Duration::from_secs_f64(mean));
    }
    Ok(ProbeTimes { what: what.to_string(), probes: items.len() as u64, passes })
}

/// A share in percent.
fn percent(part: u64, whole: u64) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

impl fmt::Display for ProbeTimes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (pass, (median, mean)) in ["first pass", "second pass (same positions)"].iter().zip(self.passes) {
            writeln!(
                f,
                "{} random {}, {pass}: median {:.2} µs, mean {:.2} µs",
                human(self.probes),
                self.what,
                median.as_secs_f64() * 1e6,
                mean.as_secs_f64() * 1e6
            )?;
        }
        Ok(())
    }
}

impl fmt::Display for PlacingBench {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.probes)?;
        for (pass, rate) in ["first pass", "second pass"].iter().zip(self.batch_rates) {
            writeln!(
                f,
                "{} rows through probe --batch ({} stones, rule {}, one thread), {pass}: {rate:.0} positions/s",
                human(self.batch_rows),
                self.stones,
                self.profile.no_removal_plies()
            )?;
        }
        Ok(())
    }
}

/// The bench's lines, as `morris tablebase bench` prints them.
impl fmt::Display for TablebaseBenchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "tablebase bench: {} tables, {} positions, in {}",
            self.tables,
            human(self.positions),
            self.dir.display()
        )?;
        writeln!(f, "open (headers only): {:.1} ms", self.open.as_secs_f64() * 1e3)?;
        writeln!(f, "indices: {:.2} s (1 thread, as the engine builds them at start)", self.indices.as_secs_f64())?;
        write!(f, "{}", self.fast)?;
        writeln!(
            f,
            "the fast form alone answers {:.2}% of them at count 0 (the rest read the full form)",
            percent(self.fast_alone, self.fast.probes)
        )?;
        write!(f, "{}", self.full)?;
        writeln!(f, "{:.0}% of the random positions are draws", percent(self.draws, self.full.probes))?;
        for p in &self.placing {
            write!(f, "{p}")?;
        }
        if let Some(m) = self.memory {
            let mb = |bytes: u64| bytes as f64 / f64::from(1 << 20);
            writeln!(
                f,
                "memory: {:.0} MB of its own (RssAnon), {:.0} MB of mapped table pages (RssFile, page cache), peak \
                 resident {:.0} MB",
                mb(m.own),
                mb(m.mapped_files),
                mb(m.peak)
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_positions_are_covered_and_follow_the_seed() {
        let subspaces = [Subspace::new(3, 3), Subspace::new(4, 3)];
        let positions = random_positions(&subspaces, 500, 7);
        assert_eq!(positions.len(), 500);
        for &(us, them) in &positions {
            assert_eq!(us & them, 0);
            assert!(subspaces.contains(&Subspace::new(us.count_ones() as u8, them.count_ones() as u8)));
        }
        // 4-3 has 4.5 times the positions of 3-3 on the full board: 9 in 11 draws.
        let of_4_3 = positions.iter().filter(|(us, _)| us.count_ones() == 4).count();
        assert!((350..460).contains(&of_4_3), "{of_4_3} of 500");
        assert_eq!(random_positions(&subspaces, 500, 7), positions);
        assert_ne!(random_positions(&subspaces, 500, 8), positions);
    }
}
