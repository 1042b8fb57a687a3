//! The build as a graph of cells, each a unit of work one job can do alone: a moving
//! pair (`5-7`: the subspaces 5-7 and 7-5, solved together) or a placing cell
//! (`p12-5-4`: 12 plies played, 5 stones on the board for the side to move, 4 for the
//! other). A cell's inputs are the cells whose files it reads; the graph lists every
//! input before the cells that read it. Estimates (positions, memory, time) come from
//! Burnside's count and the per-pair times measured in `docs/tablebase.md`, so a plan
//! needs no table and no index.
//!
//! This module plans; it builds nothing and prints nothing (`tablebase::build_cell` and the
//! command layer do).

use std::fmt;
use std::path::{Path, PathBuf};

use crate::rules::STANDARD;
use crate::tablebase::shared::cell::{self, Input, PlacingCell};
use crate::tablebase::shared::index::canonical_positions;
use crate::tablebase::shared::sector::{Subspace, pairs_up_to, rules_text};
use crate::tablebase::shared::value::RuleProfile;
use crate::tablebase::shared::{fast, store};
use crate::tablebase::solve::moving;

/// Plies of the placing phase: every stone of both sides placed (18 on the standard board).
pub const PLACING_PLIES: u8 = 2 * STANDARD.stones;

/// One unit of work of the build.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cell {
    /// A moving pair, named by its subspace with fewer stones for the side to move
    /// ([`Subspace::pair`]'s first).
    Moving(Subspace),
    /// A placing cell: [`PlacingCell::ply`] plies played (0 ..= 17), its `us` stones on
    /// the board for the side to move, `them` for the other.
    Placing(PlacingCell),
}

pub use crate::tablebase::shared::cell::placed;

impl Cell {
    /// The moving cell that holds `subspace`.
    #[must_use]
    pub fn moving(subspace: Subspace) -> Cell {
        let lo = subspace.us.min(subspace.them);
        Cell::Moving(Subspace::new(lo, subspace.us.max(subspace.them)))
    }

    /// The subspaces this cell's positions fall in: a moving pair's one or two, a placing
    /// cell's stone counts (which have the same positions as that subspace's index).
    #[must_use]
    pub fn subspaces(self) -> Vec<Subspace> {
        match self {
            Cell::Moving(s) => s.pair(),
            Cell::Placing(c) => vec![Subspace::new(c.us, c.them)],
        }
    }

    /// The cells whose files this one reads, each once.
    ///
    /// A moving pair reads the pairs its removals lead to. A placing cell at ply `k`
    /// reads the cell its placement leads to, `p{k+1}-{them}-{us+1}`, and, when the other
    /// side has a stone to lose, the one after a mill's removal, `p{k+1}-{them-1}-{us+1}`;
    /// after the last placement those are moving subspaces, and one where a side has
    /// fewer than three stones is a lost game with no table.
    #[must_use]
    pub fn inputs(self) -> Vec<Cell> {
        let mut out = Vec::new();
        match self {
            Cell::Moving(s) => {
                for d in s.dependencies() {
                    let c = Cell::moving(d);
                    if !out.contains(&c) {
                        out.push(c);
                    }
                }
            }
            Cell::Placing(c) => {
                for input in c.inputs(STANDARD.stones) {
                    out.push(match input {
                        Input::Placing(c) => Cell::Placing(c),
                        Input::Moving(s) => Cell::moving(s),
                    });
                }
            }
        }
        out
    }

    /// Canonical positions (after symmetry), by Burnside's count.
    #[must_use]
    pub fn positions(self) -> u64 {
        self.subspaces().into_iter().map(canonical_positions).sum()
    }

    /// Working memory of building this cell, in bytes: the solver's arrays for its
    /// positions and one byte per position of the inputs it holds. For a placing cell the
    /// moving solver's figure stands in until the placing solver measures its own.
    #[must_use]
    pub fn memory_bytes(self) -> u64 {
        let held: u64 = match self {
            Cell::Moving(s) => s.pair().into_iter().filter_map(Subspace::after_removal).map(canonical_positions).sum(),
            Cell::Placing(_) => self.inputs().into_iter().map(Cell::positions).sum(),
        };
        moving::estimated_bytes(self.positions(), held)
    }

    /// Estimated wall seconds on one node of two cores: the time measured for a moving
    /// pair ([`MEASURED_PAIR_SECONDS`]), a placing cell's positions at
    /// [`PLACING_RATE`], else the positions at [`ASSUMED_RATE`].
    #[must_use]
    pub fn estimated_seconds(self) -> f64 {
        if let Cell::Moving(s) = self
            && let Some(&(_, _, secs)) = MEASURED_PAIR_SECONDS.iter().find(|m| (m.0, m.1) == (s.us, s.them))
        {
            return f64::from(secs);
        }
        let rate = if matches!(self, Cell::Placing(_)) { PLACING_RATE } else { ASSUMED_RATE };
        self.positions() as f64 / rate
    }

    /// The files this cell writes in `dir` under `profile`.
    #[must_use]
    pub fn files(self, dir: &Path, profile: RuleProfile) -> Vec<PathBuf> {
        match self {
            Cell::Moving(s) => {
                s.pair().into_iter().flat_map(|s| [store::table_path(dir, s), fast::fast_path(dir, s)]).collect()
            }
            Cell::Placing(c) => {
                vec![cell::cell_path(dir, c, STANDARD.stones, profile)]
            }
        }
    }

    /// Whether every file of this cell is in `dir`, whole and built under `profile` (the
    /// header, checksum and length are checked; a temporary file left by a killed job has
    /// another name and never counts).
    #[must_use]
    pub fn is_built(self, dir: &Path, profile: RuleProfile) -> bool {
        match self {
            Cell::Moving(s) => {
                let rules = rules_text(profile);
                s.pair().into_iter().all(|s| {
                    store::TableFile::open(dir, s, Some(&rules)).is_ok()
                        && fast::FastFile::open(dir, s, Some(&rules)).is_ok()
                })
            }
            Cell::Placing(c) => {
                let rules = cell::placing_rules(STANDARD.stones, profile);
                cell::PlacingFile::open(dir, c, STANDARD.stones, profile, Some(&rules)).is_ok()
            }
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cell::Moving(s) => write!(f, "{s}"),
            Cell::Placing(c) => write!(f, "{c}"),
        }
    }
}

impl std::str::FromStr for Cell {
    type Err = String;
    /// Reads a moving pair (`7-5` or `5-7`, the same cell) or a placing cell (`p12-5-4`).
    fn from_str(text: &str) -> Result<Cell, String> {
        let text = text.trim();
        let bad = || format!("'{text}' is not a cell: expected a moving pair like 7-5 or a placing cell like p12-5-4");
        if let Some(rest) = text.strip_prefix('p') {
            let numbers: Vec<u8> = rest.split('-').map(str::parse).collect::<Result<_, _>>().map_err(|_| bad())?;
            let &[ply, us, them] = numbers.as_slice() else { return Err(bad()) };
            if ply >= PLACING_PLIES {
                return Err(format!("cell '{text}': the placing phase has plies 0 to {}", PLACING_PLIES - 1));
            }
            let (mover, other) = placed(ply);
            if us > mover || them > other {
                return Err(format!(
                    "cell '{text}': after {} the side to move has placed {} and the other {other}",
                    crate::words::plies(ply),
                    crate::words::count(mover, "stone", "stones")
                ));
            }
            return Ok(Cell::Placing(PlacingCell::new(ply, us, them)));
        }
        let s: Subspace = text.parse().map_err(|_| bad())?;
        if s.us > STANDARD.stones || s.them > STANDARD.stones {
            return Err(format!("cell '{text}': each side has 3 to {} stones", STANDARD.stones));
        }
        Ok(Cell::moving(s))
    }
}

/// Wall seconds measured per moving pair (smaller count first) on this two-core machine:
/// the one-run rebuild of 2026-11-25, rounded up (the table in `docs/tablebase.md`,
/// "Building everything", last column).
pub const MEASURED_PAIR_SECONDS: [(u8, u8, u32); 28] = [
    (3, 3, 1),
    (3, 4, 1),
    (3, 5, 3),
    (4, 4, 1),
    (3, 6, 8),
    (4, 5, 4),
    (3, 7, 29),
    (4, 6, 14),
    (5, 5, 6),
    (3, 8, 58),
    (4, 7, 52),
    (5, 6, 40),
    (3, 9, 80),
    (4, 8, 80),
    (5, 7, 129),
    (6, 6, 52),
    (4, 9, 107),
    (5, 8, 213),
    (6, 7, 431),
    (5, 9, 523),
    (6, 8, 795),
    (7, 7, 530),
    (6, 9, 1107),
    (7, 8, 824),
    (7, 9, 782),
    (8, 8, 472),
    (8, 9, 826),
    (9, 9, 324),
];

/// Positions per second assumed where no time was measured: the whole moving build's
/// measured rate (the rebuild of 2026-11-25: 1.19 M positions/s).
pub const ASSUMED_RATE: f64 = 1.19e6;

/// Positions per second of the placing solver on two cores: the standard game's ply 17,
/// 6,673,625,000 positions in 2318.6 s (2.88 M positions/s, this machine, 2026-11-25).
pub const PLACING_RATE: f64 = 2.88e6;

/// The cells of a build, every input before the cells that read it: the moving pairs
/// with 3 to `max_stones` stones a side, then, with `placing`, every placing cell whose
/// inputs are all in the graph, ply 17 down to ply 0 (all of them when `max_stones` is 9).
#[must_use]
pub fn graph(max_stones: u8, placing: bool) -> Vec<Cell> {
    let mut cells: Vec<Cell> = pairs_up_to(max_stones).into_iter().map(|p| Cell::Moving(p[0])).collect();
    if placing {
        let mut included: std::collections::HashSet<Cell> = cells.iter().copied().collect();
        for ply in (0..PLACING_PLIES).rev() {
            let (mover, other) = placed(ply);
            for us in 0..=mover {
                for them in 0..=other {
                    let cell = Cell::Placing(PlacingCell::new(ply, us, them));
                    if cell.inputs().iter().all(|i| included.contains(i)) {
                        included.insert(cell);
                        cells.push(cell);
                    }
                }
            }
        }
    }
    cells
}

/// Each cell's level: 0 without inputs, else one more than its deepest input. Cells of
/// one level can all be built at once. `cells` lists inputs first ([`graph`]).
#[must_use]
pub fn levels(cells: &[Cell]) -> Vec<usize> {
    let mut level: std::collections::HashMap<Cell, usize> = std::collections::HashMap::new();
    for &c in cells {
        let l = c.inputs().iter().filter_map(|i| level.get(i)).map(|l| l + 1).max().unwrap_or(0);
        level.insert(c, l);
    }
    cells.iter().map(|c| level[c]).collect()
}

/// Predicted wall times of a build on some number of nodes, each building one cell at a
/// time.
#[derive(Clone, Debug, PartialEq)]
pub struct Prediction {
    /// Nodes.
    pub nodes: usize,
    /// With one job per cell that starts as soon as its inputs are built (the graph's
    /// own order; the longest cells first when more are ready than nodes are free).
    pub per_cell_seconds: f64,
    /// With one job array per level, each waiting for the whole level before it
    /// (`afterok`, as `morris tablebase slurm` chains them).
    pub per_level_seconds: f64,
}

/// The longest chain of inputs, by `seconds` per cell: no number of nodes finishes sooner.
#[must_use]
pub fn critical_path(cells: &[Cell], seconds: &[f64]) -> f64 {
    finish_times(cells, seconds).into_iter().fold(0.0, f64::max)
}

/// Each cell's earliest finish with unlimited nodes.
fn finish_times(cells: &[Cell], seconds: &[f64]) -> Vec<f64> {
    let index: std::collections::HashMap<Cell, usize> = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    let mut finish = vec![0.0; cells.len()];
    for (i, c) in cells.iter().enumerate() {
        let start = c.inputs().iter().filter_map(|x| index.get(x)).map(|&j| finish[j]).fold(0.0, f64::max);
        finish[i] = start + seconds[i];
    }
    finish
}

/// The wall time of `cells` (inputs first) taking `seconds` each on `nodes` nodes.
#[must_use]
pub fn predict(cells: &[Cell], seconds: &[f64], nodes: usize) -> Prediction {
    let nodes = nodes.max(1);
    let index: std::collections::HashMap<Cell, usize> = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    let inputs: Vec<Vec<usize>> =
        cells.iter().map(|c| c.inputs().iter().filter_map(|x| index.get(x).copied()).collect()).collect();
    // Priority: the longest chain from a cell to the end of the build.
    let mut tail = seconds.to_vec();
    for i in (0..cells.len()).rev() {
        for &j in &inputs[i] {
            tail[j] = tail[j].max(seconds[j] + tail[i]);
        }
    }
    // List scheduling, event by event.
    let mut finish: Vec<Option<f64>> = vec![None; cells.len()];
    let mut started = vec![false; cells.len()];
    let mut running: Vec<(f64, usize)> = Vec::new();
    let mut now = 0.0f64;
    loop {
        let mut ready: Vec<usize> = (0..cells.len())
            .filter(|&i| !started[i] && inputs[i].iter().all(|&j| finish[j].is_some_and(|f| f <= now)))
            .collect();
        ready.sort_by(|&a, &b| tail[b].total_cmp(&tail[a]));
        for i in ready.into_iter().take(nodes - running.len()) {
            started[i] = true;
            running.push((now + seconds[i], i));
        }
        let Some(next) = running.iter().map(|r| r.0).min_by(f64::total_cmp) else { break };
        now = next;
        for &(end, i) in running.iter().filter(|r| r.0 <= now) {
            finish[i] = Some(end);
        }
        running.retain(|r| r.0 > now);
    }
    let per_cell = finish.iter().flatten().copied().fold(0.0, f64::max);
    // Per level: the longest cells first onto the least loaded node.
    let level = levels(cells);
    let mut per_level = 0.0;
    for l in 0..=level.iter().copied().max().unwrap_or(0) {
        let mut times: Vec<f64> = (0..cells.len()).filter(|&i| level[i] == l).map(|i| seconds[i]).collect();
        times.sort_by(|a, b| b.total_cmp(a));
        let mut load = vec![0.0f64; nodes];
        for t in times {
            let least = (0..nodes).min_by(|&a, &b| load[a].total_cmp(&load[b])).unwrap_or(0);
            load[least] += t;
        }
        per_level += load.into_iter().fold(0.0, f64::max);
    }
    Prediction { nodes, per_cell_seconds: per_cell, per_level_seconds: per_level }
}

/// A directory's build graph (`morris tablebase plan` and `slurm`): every cell with its
/// level, whether it is built, and its estimated time.
#[derive(Clone, Debug)]
pub struct Graph {
    /// The directory.
    pub dir: PathBuf,
    /// The rule profile of the tables.
    pub profile: RuleProfile,
    /// Every cell, inputs first ([`graph`]).
    pub cells: Vec<Cell>,
    /// Each cell's level ([`levels`]).
    pub levels: Vec<usize>,
    /// Whether each cell is built in the directory.
    pub built: Vec<bool>,
    /// Each cell's estimated time on one node of two cores, in seconds.
    pub seconds: Vec<f64>,
}

impl Graph {
    /// The graph of the moving pairs with 3 to `max_stones` stones a side (and with
    /// `placing`, the placing cells) in `dir` under `profile`.
    #[must_use]
    pub fn of(dir: &Path, max_stones: u8, placing: bool, profile: RuleProfile) -> Graph {
        let cells = graph(max_stones, placing);
        Graph {
            dir: dir.to_path_buf(),
            profile,
            levels: levels(&cells),
            built: cells.iter().map(|c| c.is_built(dir, profile)).collect(),
            seconds: cells.iter().map(|c| c.estimated_seconds()).collect(),
            cells,
        }
    }

    /// Cells still to build.
    #[must_use]
    pub fn to_build(&self) -> usize {
        self.built.iter().filter(|&&b| !b).count()
    }

    /// The cells still to build, grouped by level, the lowest first, levels with none left
    /// out: one job array a level, each after the one before (`morris tablebase slurm`).
    #[must_use]
    pub fn to_build_by_level(&self) -> Vec<(usize, Vec<Cell>)> {
        let top = self.levels.iter().copied().max().unwrap_or(0);
        (0..=top)
            .map(|l| {
                let todo = (0..self.cells.len()).filter(|&i| self.levels[i] == l && !self.built[i]);
                (l, todo.map(|i| self.cells[i]).collect::<Vec<Cell>>())
            })
            .filter(|(_, todo)| !todo.is_empty())
            .collect()
    }

    /// The plan as JSON: the directory, the rule, the critical path, and every cell with
    /// its kind, level, inputs, estimates, files and whether it is built.
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        let list: Vec<serde_json::Value> = self
            .cells
            .iter()
            .enumerate()
            .map(|(n, c)| {
                serde_json::json!({
                    "name": c.to_string(),
                    "kind": if matches!(c, Cell::Moving(_)) { "moving" } else { "placing" },
                    "level": self.levels[n],
                    "inputs": c.inputs().iter().map(ToString::to_string).collect::<Vec<_>>(),
                    "positions": c.positions(),
                    "memory_bytes": c.memory_bytes(),
                    "estimated_seconds": self.seconds[n],
                    "built": self.built[n],
                    "files": c.files(&self.dir, self.profile).iter().map(|f| f.display().to_string()).collect::<Vec<_>>(),
                })
            })
            .collect();
        serde_json::json!({
            "dir": self.dir.display().to_string(),
            "no_removal_plies": self.profile.no_removal_plies(),
            "critical_path_seconds": critical_path(&self.cells, &self.seconds),
            "cells": list,
        })
    }

    /// The predicted wall times on 1, 2, 8, 32 and 128 nodes.
    #[must_use]
    pub fn forecast(&self) -> Forecast {
        Forecast {
            cells: self.cells.len(),
            levels: self.levels.iter().max().map_or(0, |l| l + 1),
            total_seconds: self.seconds.iter().sum(),
            critical_path_seconds: critical_path(&self.cells, &self.seconds),
            predictions: [1, 2, 8, 32, 128].map(|nodes| predict(&self.cells, &self.seconds, nodes)).to_vec(),
        }
    }
}

/// What a build would take (`morris tablebase plan --predict`).
#[derive(Clone, Debug, PartialEq)]
pub struct Forecast {
    /// Cells of the graph.
    pub cells: usize,
    /// Its levels.
    pub levels: usize,
    /// The work of every cell on one node, in seconds.
    pub total_seconds: f64,
    /// The longest chain of inputs, in seconds.
    pub critical_path_seconds: f64,
    /// The wall times on some numbers of nodes.
    pub predictions: Vec<Prediction>,
}

/// A summary line and a table a row a number of nodes.
impl fmt::Display for Forecast {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (total, path) = (self.total_seconds, self.critical_path_seconds);
        writeln!(
            f,
            "{} cells in {} levels; {total:.0} s of work ({:.2} h) on one node of two cores; critical path {path:.0} s \
             ({:.2} h)",
            self.cells,
            self.levels,
            total / 3600.0,
            path / 3600.0
        )?;
        writeln!(f, "nodes  per-cell jobs (h)  speed-up  per-level arrays (h)  speed-up")?;
        for p in &self.predictions {
            writeln!(
                f,
                "{:>5}  {:>17.2}  {:>8.1}  {:>20.2}  {:>8.1}",
                p.nodes,
                p.per_cell_seconds / 3600.0,
                total / p.per_cell_seconds.max(1e-9),
                p.per_level_seconds / 3600.0,
                total / p.per_level_seconds.max(1e-9)
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_input_comes_earlier_and_is_a_cell_of_the_graph() {
        for (max, placing) in [(4, false), (5, true), (9, false), (9, true)] {
            let cells = graph(max, placing);
            let mut seen = std::collections::HashSet::new();
            for c in &cells {
                for i in c.inputs() {
                    assert!(seen.contains(&i), "{c} reads {i}, which does not come before it (max {max})");
                }
                assert!(seen.insert(*c), "{c} listed twice");
            }
            let level = levels(&cells);
            for (n, c) in cells.iter().enumerate() {
                for i in c.inputs() {
                    let j = cells.iter().position(|x| *x == i).unwrap();
                    assert!(level[j] < level[n]);
                }
            }
        }
        let all = graph(9, true);
        assert_eq!(all.iter().filter(|c| matches!(c, Cell::Moving(_))).count(), 28);
        // Every placing cell of every ply: sum over plies of (mover + 1) * (other + 1).
        let expected: usize =
            (0..PLACING_PLIES).map(|k| usize::from(placed(k).0 + 1) * usize::from(placed(k).1 + 1)).sum();
        assert_eq!(all.len() - 28, expected);
        assert!(all.contains(&Cell::Placing(PlacingCell::new(0, 0, 0))));
    }

    #[test]
    fn placing_inputs_follow_the_rules_of_the_issue() {
        let p = |ply, us, them| Cell::Placing(PlacingCell::new(ply, us, them));
        assert_eq!(p(4, 2, 1).inputs(), vec![p(5, 1, 3), p(5, 0, 3)]);
        assert_eq!(p(4, 2, 0).inputs(), vec![p(5, 0, 3)]);
        // The last placement leads to moving pairs; a side below three stones has lost.
        assert_eq!(p(17, 8, 9).inputs(), vec![Cell::moving(Subspace::new(9, 9)), Cell::moving(Subspace::new(8, 9))]);
        assert_eq!(p(17, 2, 3).inputs(), vec![Cell::moving(Subspace::new(3, 3))]);
        assert!(p(17, 1, 9).inputs().is_empty());
        let pair = |a, b| Cell::moving(Subspace::new(a, b));
        assert_eq!(pair(7, 5).inputs(), vec![pair(6, 5), pair(4, 7)]);
        assert_eq!(pair(3, 4).inputs(), vec![pair(3, 3)]);
        assert!(pair(3, 3).inputs().is_empty());
    }

    #[test]
    fn names_parse_back_and_bad_names_are_refused() {
        for c in graph(9, true) {
            assert_eq!(c.to_string().parse::<Cell>(), Ok(c));
        }
        assert_eq!("7-5".parse::<Cell>(), "5-7".parse::<Cell>());
        assert_eq!("7-5".parse::<Cell>().unwrap().to_string(), "5-7");
        for bad in ["", "p", "7", "2-5", "10-3", "p18-0-0", "p3-2-0", "p3-1-3", "p1-0", "x1-2-3", "p-1-0-0"] {
            let e = bad.parse::<Cell>().unwrap_err();
            assert!(!e.contains('\n') && e.contains("cell"), "{bad}: {e}");
        }
    }

    #[test]
    fn the_index_agrees_with_burnside_also_below_three_stones() {
        let topology = STANDARD.topology;
        for (a, b) in [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (0, 3), (2, 2), (1, 3), (3, 2), (4, 1)] {
            let ix = crate::tablebase::shared::index::Indexer::new(topology, a, b);
            assert_eq!(ix.len(), canonical_positions(Subspace::new(a as u8, b as u8)), "{a}-{b}");
        }
        assert_eq!(Cell::Placing(PlacingCell::new(0, 0, 0)).positions(), 1);
    }

    #[test]
    fn predictions_are_bounded_by_the_critical_path_and_the_sum() {
        let cells = graph(9, false);
        let secs: Vec<f64> = cells.iter().map(|c| c.estimated_seconds()).collect();
        let sum: f64 = secs.iter().sum();
        let path = critical_path(&cells, &secs);
        assert!((predict(&cells, &secs, 1).per_cell_seconds - sum).abs() < 1e-6);
        assert!((predict(&cells, &secs, 1).per_level_seconds - sum).abs() < 1e-6);
        let mut last = sum;
        for n in [2, 8, 32, 128] {
            let p = predict(&cells, &secs, n);
            assert!(p.per_cell_seconds >= path - 1e-6 && p.per_cell_seconds <= last + 1e-6, "{p:?}");
            assert!(p.per_level_seconds >= p.per_cell_seconds - 1e-6);
            last = p.per_cell_seconds;
        }
        assert!((predict(&cells, &secs, 128).per_cell_seconds - path).abs() < 1e-6);
    }
}
