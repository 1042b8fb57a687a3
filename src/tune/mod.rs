//! Fitting the strong evaluation's weights to the tables' values (Texel's method).
//!
//! Positions come from games the engine plays against itself at several fixed
//! strengths, from seeded random openings: every moving-phase position (both hands
//! empty) the moving tables cover is labelled with its exact value for the side to move
//! (win 1, draw ½, loss 0, at the game's count of plies without a removal), and every
//! placing position the placing cells cover with its class. The linear part of the
//! evaluation is a weighted sum of terms ([`crate::eval::strong_terms`]), so a position is
//! kept with its terms and label. The error of weights `w` is the mean of
//! `(sigmoid(K · eval_w / 100) − label)²`; `K` is fitted first (to the starting weights,
//! on the moving positions) and then kept, and the moving-phase weights are fitted by
//! gradient descent (Adam), rounded, and polished by integer coordinate descent. The
//! pattern weights are then fitted on top of them, to every position (the `patterns` submodule),
//! and on request a network on top of both (the `net` submodule; `net_only` keeps the
//! starting weights and the carried patterns and fits the network alone).
//! Everything is seeded and runs in a fixed order, so the same tables and seed give the
//! same weights.
//!
//! Lives above [`crate::engine`] and [`crate::tablebase`] (it plays games and reads
//! tables); the evaluation knows nothing of it.

mod net;
mod patterns;
pub mod store;

pub use net::{NetReport, NetSettings, fit_net};
pub use patterns::{PatternSettings, fit_patterns, pattern_error};

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;

use crate::engine::{Engine, EngineOptions, SearchLimits};
use crate::eval::patterns::{Patterns, STAGES};
use crate::eval::strong_terms;
use crate::eval::weights::{WEIGHT_COUNT, WEIGHT_NAMES, WEIGHT_PHASES, WeightPhase, Weights};
use crate::rules::{Color, Game, MoveList, Position, STANDARD};
use crate::search::OracleValue;
use crate::tablebase::{Subspace, Tablebase, TablebaseError};

/// How strongly the engine plays a sampling game: to a fixed depth or a fixed number of
/// nodes (counts, not times, so that a game is the same on any machine).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchBudget {
    /// Every move searched to this depth.
    Depth(u32),
    /// Every move searched for about this many nodes.
    Nodes(u64),
}

/// The strengths the sampling games cycle through (game `g` plays at `STRENGTHS[g % n]`).
pub const STRENGTHS: [SearchBudget; 6] = [
    SearchBudget::Depth(1),
    SearchBudget::Depth(2),
    SearchBudget::Depth(3),
    SearchBudget::Depth(4),
    SearchBudget::Nodes(2_000),
    SearchBudget::Nodes(20_000),
];

/// What `tune` does.
#[derive(Clone, Debug)]
pub struct TuneSettings {
    /// Labelled positions to collect (distinct positions).
    pub positions: usize,
    /// Seed of the openings and of the random moves in the games.
    pub seed: u64,
    /// Random placements at the start of each game: between these two counts.
    pub random_plies: (usize, usize),
    /// Chance that a move in a game is random rather than the engine's (wider
    /// coverage: games between equals stay level, and tables label lopsided positions too).
    pub random_move_chance: f64,
    /// Skip positions in which the side to move can close a mill (the search's
    /// quiescence resolves those; the evaluation judges quiet positions).
    pub quiet_only: bool,
    /// Iterations of gradient descent.
    pub iterations: usize,
    /// The starting weights; those not of the moving phase are kept as they are.
    pub start: Weights,
    /// How the pattern weights are fitted.
    pub patterns: PatternSettings,
    /// A samples file: read instead of playing games when it exists, written after
    /// sampling when it does not.
    pub samples: Option<PathBuf>,
    /// Fit a network on top of the weights and patterns, so.
    pub net: Option<NetSettings>,
    /// Keep the starting weights and the carried patterns; fit only the network.
    pub net_only: bool,
}

impl TuneSettings {
    /// The defaults of `morris tune`, from the carried weights.
    #[must_use]
    pub fn new(positions: usize, seed: u64) -> TuneSettings {
        TuneSettings {
            positions,
            seed,
            random_plies: (2, 8),
            random_move_chance: 0.05,
            quiet_only: false,
            iterations: 1500,
            start: *crate::eval::DEFAULT_WEIGHTS,
            patterns: PatternSettings { seed, ..PatternSettings::default() },
            samples: None,
            net: None,
            net_only: false,
        }
    }
}

/// Why tuning could not start.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// The tables directory cannot be read or holds no usable pair.
    #[error("no usable moving tables in {dir}: {reason}")]
    NoTables {
        /// The directory.
        dir: String,
        /// What was wrong.
        reason: String,
    },
    /// A table failed while being read.
    #[error(transparent)]
    Table(#[from] TablebaseError),
    /// The games gave no labelled position.
    #[error("the games reached no position the tables cover")]
    NoPositions,
    /// A network that cannot be made so.
    #[error("the network: {0}")]
    Network(#[from] crate::eval::net::NetworkError),
    /// A samples file that cannot be read or written.
    #[error("samples file {path}: {reason}")]
    Samples {
        /// The file.
        path: String,
        /// What was wrong.
        reason: String,
    },
}

/// One labelled position: the position, the evaluation's terms and the tables' value for
/// the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabelledPosition {
    /// The position.
    pub pos: Position,
    /// The terms of [`crate::eval::strong_terms`].
    pub terms: [i32; WEIGHT_COUNT],
    /// 1 won, ½ drawn, 0 lost, for the side to move.
    pub label: f64,
}

/// What sampling found (empty by default: a run that has not started).
#[derive(Clone, Debug, Default)]
pub struct SampleSet {
    /// Distinct labelled positions, in the order the games met them.
    pub samples: Vec<LabelledPosition>,
    /// Games played.
    pub games: usize,
    /// Wins, draws and losses among the labels (side to move).
    pub wins: usize,
    /// Draws among the labels.
    pub draws: usize,
    /// Losses among the labels.
    pub losses: usize,
}

/// What `tune` found.
#[derive(Clone, Debug)]
pub struct TuneReport {
    /// The moving pairs the tables held and were used.
    pub pairs: Vec<Subspace>,
    /// The positions and their labels.
    pub games: usize,
    /// The games of a stopped run this one went on from (`FILE.part` of `--samples`).
    pub resumed_from: Option<usize>,
    /// Positions fitted to (every tenth held out of the fit, to check it generalises).
    pub positions: usize,
    /// Win, draw and loss labels.
    pub labels: (usize, usize, usize),
    /// The scale of the sigmoid fitted to the starting weights.
    pub k: f64,
    /// Error of the starting weights: on the fitted moving positions, on the held-out ones.
    pub error_before: (f64, f64),
    /// Error of the fitted weights: on the fitted moving positions, on the held-out ones.
    pub error_after: (f64, f64),
    /// The starting weights.
    pub before: Weights,
    /// The fitted weights.
    pub after: Weights,
    /// The fitted pattern weights.
    pub patterns: Patterns,
    /// Error of the whole evaluation on the held-out positions of every stage (placing
    /// ones too): the fitted linear weights alone, then with the patterns; each overall
    /// and by stage.
    pub pattern_errors: [(f64, [Option<f64>; STAGES]); 2],
    /// The network fitted on top of the weights and patterns, when one was asked for.
    pub net: Option<NetReport>,
}

/// Opens the moving tables of `dir` usable for labelling: each pair whose table and
/// fast file both exist and whose tables (with those its moves lead to) open. Pairs
/// still being built (a missing file, a header that fails) are left out.
///
/// # Errors
/// [`TuneError::NoTables`] when none is usable.
pub fn open_tables(dir: &Path) -> Result<(Tablebase, Vec<Subspace>), TuneError> {
    let no_tables = |reason: String| TuneError::NoTables { dir: dir.display().to_string(), reason };
    let entries = std::fs::read_dir(dir).map_err(|e| no_tables(e.to_string()))?;
    let mut candidates = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| no_tables(e.to_string()))?.path();
        if path.extension().and_then(|e| e.to_str()) != Some("mtb") {
            continue;
        }
        let Some(s) = path.file_stem().and_then(|s| s.to_str()).and_then(|s| s.parse::<Subspace>().ok()) else {
            continue;
        };
        if path.with_extension("wdl").is_file() {
            candidates.push(s);
        }
    }
    candidates.sort();
    let mut usable = Vec::new();
    let mut last_error = None;
    for s in candidates {
        match Tablebase::open_for(dir, &[s]) {
            Ok(_) => usable.push(s),
            Err(e) => {
                log::info!("tune: leaving out {s}: {e}");
                last_error = Some(e);
            }
        }
    }
    if usable.is_empty() {
        let reason = last_error.map_or_else(|| "no A-B.mtb with its A-B.wdl".to_string(), |e| e.to_string());
        return Err(no_tables(reason));
    }
    let tb = Tablebase::open_for(dir, &usable)?;
    Ok((tb, usable))
}

/// Whether the side to move of `pos` can close a mill with its next move.
fn can_close_mill(pos: &Position) -> bool {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.as_slice().iter().any(|m| m.remove().is_some())
}

/// The label of a covered position of `game`: its value for the side to move at the
/// game's count of plies without a removal, or a placing position's class by the placing
/// cells (when the tables hold them).
fn label(tb: &Tablebase, game: &Game, usable: &HashSet<Subspace>) -> Option<f64> {
    let pos = game.position();
    if game.outcome().is_some() {
        return None;
    }
    let value = if is_placing(pos) {
        tb.placing_value(pos).ok()??.placing_class()
    } else {
        let side = pos.side_to_move();
        let pair = Subspace::new(pos.stones(side).len() as u8, pos.stones(!side).len() as u8);
        if !usable.contains(&pair) {
            return None;
        }
        tb.value_at_count(pos, game.quiet_plies(), true)?
    };
    Some(match value {
        OracleValue::Win(_) => 1.0,
        OracleValue::Draw => 0.5,
        OracleValue::Loss(_) => 0.0,
    })
}

/// Whether a stone is still in hand (the placing phase).
fn is_placing(pos: &Position) -> bool {
    pos.in_hand(Color::White) > 0 || pos.in_hand(Color::Black) > 0
}

/// The longest game played for samples, in plies (the no-removal rule ends most before).
const MAX_GAME_PLIES: usize = 400;

/// One sampling game: its covered positions as (key, sample).
fn play_game(
    tb: &Tablebase,
    usable: &HashSet<Subspace>,
    settings: &TuneSettings,
    index: usize,
) -> Vec<(u64, LabelledPosition)> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(settings.seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let strength = STRENGTHS[index % STRENGTHS.len()];
    let limits = match strength {
        SearchBudget::Depth(d) => SearchLimits { depth: Some(d), ..SearchLimits::default() },
        SearchBudget::Nodes(n) => SearchLimits { nodes: Some(n), ..SearchLimits::default() },
    };
    let start = Position::start(&STANDARD);
    let mut game = Game::new(start);
    let mut engine = Engine::new(EngineOptions { hash_mb: 4, ..EngineOptions::default() }, start);
    let (low, high) = settings.random_plies;
    let opening = rng.random_range(low..=high.max(low));
    let mut list = MoveList::new();
    let mut out = Vec::new();
    for ply in 0..MAX_GAME_PLIES {
        if game.outcome().is_some() {
            break;
        }
        let pos = *game.position();
        if let Some(label) = label(tb, &game, usable)
            && !(settings.quiet_only && can_close_mill(&pos))
        {
            out.push((pos.key(), LabelledPosition { pos, terms: strong_terms(&pos), label }));
        }
        pos.legal_moves(&mut list);
        if list.is_empty() {
            break;
        }
        let random = ply < opening || rng.random_bool(settings.random_move_chance);
        let m = if random {
            list[rng.random_range(0..list.len())]
        } else {
            engine.set_game(game.clone());
            match engine.think(&limits, &mut |_| {}).best {
                Some(m) => m,
                None => break,
            }
        };
        game.play_unchecked(m);
    }
    out
}

/// Games in a batch, played in parallel; the batches run in order, so the samples do
/// not depend on the number of threads.
const BATCH: usize = 16;

/// Plays sampling games until `settings.positions` distinct labelled positions are
/// found (or a game limit, ample for any table set, is reached), going on from `from`
/// (the set of an earlier run with the same settings, stopped between two batches; an
/// empty set to start afresh): the samples are the same as a run never stopped. `on_batch`
/// hears the set after each batch, to report it or to keep it for a later run.
pub fn sample(
    tb: &Tablebase,
    pairs: &[Subspace],
    settings: &TuneSettings,
    from: SampleSet,
    on_batch: &mut dyn FnMut(&SampleSet),
) -> SampleSet {
    let usable: HashSet<Subspace> = pairs.iter().copied().collect();
    let mut set = from;
    let mut seen: HashSet<u64> = set.samples.iter().map(|s| s.pos.key()).collect();
    // A table set that games seldom reach (the smallest pairs only) must still end.
    let max_games = settings.positions.saturating_mul(4).max(64);
    while set.samples.len() < settings.positions && set.games < max_games {
        let first = set.games;
        let batch: Vec<Vec<(u64, LabelledPosition)>> =
            (first..first + BATCH).into_par_iter().map(|g| play_game(tb, &usable, settings, g)).collect();
        set.games += BATCH;
        for (key, s) in batch.into_iter().flatten() {
            if set.samples.len() < settings.positions && seen.insert(key) {
                set.samples.push(s);
            }
        }
        on_batch(&set);
    }
    (set.wins, set.draws, set.losses) = (0, 0, 0);
    for s in &set.samples {
        match s.label {
            l if l > 0.75 => set.wins += 1,
            l if l < 0.25 => set.losses += 1,
            _ => set.draws += 1,
        }
    }
    set
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The evaluations of `samples` with `weights`.
fn evals(samples: &[LabelledPosition], weights: &[f64; WEIGHT_COUNT]) -> Vec<f64> {
    samples.iter().map(|s| s.terms.iter().zip(weights).map(|(&t, &w)| f64::from(t) * w).sum()).collect()
}

/// The mean squared error of `sigmoid(k · eval / 100)` against the labels.
fn error_of(samples: &[LabelledPosition], evals: &[f64], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples.iter().zip(evals).map(|(s, &e)| (sigmoid(k * e / 100.0) - s.label).powi(2)).sum();
    sum / samples.len() as f64
}

/// The mean squared error of `weights` on `samples` at scale `k`.
#[must_use]
pub fn error(samples: &[LabelledPosition], weights: &Weights, k: f64) -> f64 {
    let w = weights.to_array().map(f64::from);
    error_of(samples, &evals(samples, &w), k)
}

/// The scale `K` that minimises the error of `weights`: a golden-section search on
/// `[0.001, 10]` (the error is unimodal in `K`).
#[must_use]
pub fn fit_k(samples: &[LabelledPosition], weights: &Weights) -> f64 {
    let e = evals(samples, &weights.to_array().map(f64::from));
    let (mut a, mut b) = (0.001f64, 10.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..80 {
        let c = b - ratio * (b - a);
        let d = a + ratio * (b - a);
        if error_of(samples, &e, c) < error_of(samples, &e, d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// Fits the moving-phase weights of `start` to `samples` at scale `k`: Adam on the
/// real-valued weights, then rounding, then integer coordinate descent until no single
/// step of any weight lowers the error. The other weights are kept.
#[must_use]
pub fn fit(samples: &[LabelledPosition], start: &Weights, k: f64, iterations: usize) -> Weights {
    let free: Vec<usize> = (0..WEIGHT_COUNT).filter(|&i| WEIGHT_PHASES[i] == WeightPhase::Moving).collect();
    let mut w = start.to_array().map(f64::from);
    let n = samples.len().max(1) as f64;
    // Adam: steps of about `rate` hundredths of a stone at first, smaller as it settles.
    let (rate, beta1, beta2, epsilon) = (2.0, 0.9, 0.999, 1e-8);
    let mut m = [0.0; WEIGHT_COUNT];
    let mut v = [0.0; WEIGHT_COUNT];
    for step in 1..=iterations {
        let mut grad = [0.0; WEIGHT_COUNT];
        for s in samples {
            let e: f64 = s.terms.iter().zip(&w).map(|(&t, &w)| f64::from(t) * w).sum();
            let p = sigmoid(k * e / 100.0);
            let common = 2.0 * (p - s.label) * p * (1.0 - p) * k / 100.0;
            for &i in &free {
                grad[i] += common * f64::from(s.terms[i]);
            }
        }
        let decay = if step > iterations / 2 { 0.25 } else { 1.0 };
        for &i in &free {
            let g = grad[i] / n;
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(step as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(step as i32));
            w[i] -= decay * rate * m_hat / (v_hat.sqrt() + epsilon);
        }
    }
    let mut rounded = start.to_array();
    for &i in &free {
        rounded[i] = w[i].round() as i32;
    }
    polish(samples, rounded, &free, k)
}

/// Integer coordinate descent (Texel's local search): each free weight moves by ±1
/// while that lowers the error, over and over, until no move does.
fn polish(samples: &[LabelledPosition], mut w: [i32; WEIGHT_COUNT], free: &[usize], k: f64) -> Weights {
    let mut e = evals(samples, &w.map(f64::from));
    let mut best = error_of(samples, &e, k);
    for _ in 0..50 {
        let mut improved = false;
        for &i in free {
            for delta in [1, -1] {
                loop {
                    let trial: Vec<f64> =
                        e.iter().zip(samples).map(|(&x, s)| x + f64::from(delta * s.terms[i])).collect();
                    let err = error_of(samples, &trial, k);
                    if err < best {
                        best = err;
                        e = trial;
                        w[i] += delta;
                        improved = true;
                    } else {
                        break;
                    }
                }
            }
        }
        if !improved {
            break;
        }
    }
    Weights::from_array(w)
}

/// Samples positions from games, fits the moving-phase weights of `settings.start` to
/// the tables in `dir`, and reports the errors before and after. `on_batch` hears the
/// sampling's progress (games played, positions found).
///
/// # Errors
/// [`TuneError`]: no usable tables, a damaged table, no position covered.
pub fn tune(
    dir: &Path,
    settings: &TuneSettings,
    on_batch: &mut dyn FnMut(usize, usize),
) -> Result<TuneReport, TuneError> {
    let (tb, pairs) = open_tables(dir)?;
    let origin = store::Origin::of(settings);
    let mut resumed_from = None;
    let set = match &settings.samples {
        Some(path) if path.exists() => store::read(path, &STANDARD, &origin)?,
        Some(path) => {
            // The games so far are kept beside it every few minutes (`FILE.part`), and a run
            // started again goes on from there: a 3-million-position run takes hours.
            let part = store::part_path(path);
            let from = if part.exists() { store::read(&part, &STANDARD, &origin)? } else { SampleSet::default() };
            resumed_from = (from.games > 0).then_some(from.games);
            let save = |p: &Path, set: &SampleSet| {
                crate::files::write_whole(p, &store::to_bytes(set, &origin))
                    .map_err(|e| TuneError::Samples { path: p.display().to_string(), reason: e.to_string() })
            };
            let mut saved = std::time::Instant::now();
            let set = sample(&tb, &pairs, settings, from, &mut |set| {
                on_batch(set.games, set.samples.len());
                if saved.elapsed() >= store::SAVE_EVERY {
                    // Not kept is not lost: the run goes on, and the whole file is written at its end.
                    if let Err(e) = save(&part, set) {
                        log::warn!("{e}: the games so far are not kept");
                    }
                    saved = std::time::Instant::now();
                }
            });
            save(path, &set)?;
            let _ = std::fs::remove_file(&part);
            set
        }
        None => sample(&tb, &pairs, settings, SampleSet::default(), &mut |set| on_batch(set.games, set.samples.len())),
    };
    if set.samples.is_empty() {
        return Err(TuneError::NoPositions);
    }
    // Every tenth position is held out of the fit: its error says whether the fit
    // generalises beyond the positions it saw.
    let held: Vec<LabelledPosition> = set.samples.iter().skip(9).step_by(10).copied().collect();
    let fitted: Vec<LabelledPosition> =
        set.samples.iter().enumerate().filter(|(i, _)| i % 10 != 9).map(|(_, s)| *s).collect();
    // The linear weights are fitted to the moving positions; the patterns to all.
    let moving = |v: &[LabelledPosition]| -> Vec<LabelledPosition> {
        v.iter().filter(|s| !is_placing(&s.pos)).copied().collect()
    };
    let (fitted_moving, held_moving) = (moving(&fitted), moving(&held));
    if fitted_moving.is_empty() {
        return Err(TuneError::NoPositions);
    }
    let k = fit_k(&fitted_moving, &settings.start);
    let (after, patterns) = if settings.net_only {
        (settings.start, crate::eval::DEFAULT_PATTERNS.clone())
    } else {
        let after = fit(&fitted_moving, &settings.start, k, settings.iterations);
        let patterns = fit_patterns(&fitted, &after, k, &settings.patterns);
        (after, patterns)
    };
    let net = match &settings.net {
        Some(net) => Some(fit_net(&set.samples, &after, &patterns, net)?),
        None => None,
    };
    let zero = Patterns::zero(STANDARD.topology);
    Ok(TuneReport {
        pairs,
        games: set.games,
        resumed_from,
        positions: set.samples.len(),
        labels: (set.wins, set.draws, set.losses),
        k,
        error_before: (error(&fitted_moving, &settings.start, k), error(&held_moving, &settings.start, k)),
        error_after: (error(&fitted_moving, &after, k), error(&held_moving, &after, k)),
        before: settings.start,
        after,
        pattern_errors: [pattern_error(&held, &after, &zero, k), pattern_error(&held, &after, &patterns, k)],
        patterns,
        net,
    })
}

/// The weight names with their values before and after, for a report.
#[must_use]
pub fn weight_changes(report: &TuneReport) -> Vec<(&'static str, i32, i32, WeightPhase)> {
    let (b, a) = (report.before.to_array(), report.after.to_array());
    (0..WEIGHT_COUNT).map(|i| (WEIGHT_NAMES[i], b[i], a[i], WEIGHT_PHASES[i])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample_with(term: i32, label: f64) -> LabelledPosition {
        let mut terms = [0; WEIGHT_COUNT];
        terms[0] = term;
        LabelledPosition { pos: Position::start(&STANDARD), terms, label }
    }

    #[test]
    fn k_fits_a_known_curve() {
        // Labels drawn exactly from sigmoid(0.8 · stones): the fitted K is 0.8.
        let samples: Vec<LabelledPosition> = (-6..=6).map(|m| sample_with(m, sigmoid(0.8 * f64::from(m)))).collect();
        let k = fit_k(&samples, &Weights::from_array(std::array::from_fn(|i| if i == 0 { 100 } else { 0 })));
        assert!((k - 0.8).abs() < 1e-3, "K = {k}");
    }

    #[test]
    fn fitting_lowers_the_error_and_keeps_the_other_weights() {
        // Labels that reward the second moving weight's term: the fit must raise it.
        let slot = (0..WEIGHT_COUNT).find(|&i| WEIGHT_PHASES[i] == WeightPhase::Moving).expect("a moving weight");
        let samples: Vec<LabelledPosition> = (-5..=5)
            .map(|t| {
                let mut terms = [0; WEIGHT_COUNT];
                terms[slot] = t;
                LabelledPosition { pos: Position::start(&STANDARD), terms, label: sigmoid(f64::from(t)) }
            })
            .collect();
        let start = *crate::eval::DEFAULT_WEIGHTS;
        let k = 1.0;
        let fitted = fit(&samples, &start, k, 300);
        assert!(error(&samples, &fitted, k) < error(&samples, &start, k));
        for i in 0..WEIGHT_COUNT {
            if WEIGHT_PHASES[i] != WeightPhase::Moving {
                assert_eq!(fitted.to_array()[i], start.to_array()[i], "{}", WEIGHT_NAMES[i]);
            }
        }
        assert!((fitted.to_array()[slot] - 100).abs() <= 2, "{:?}", fitted.to_array()[slot]);
    }
}
