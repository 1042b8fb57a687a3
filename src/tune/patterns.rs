//! Fitting the pattern weights ([`crate::eval::patterns`]) to the tables' values, on top
//! of the linear terms: each labelled position is seen under a random symmetry of the
//! board each pass (the value of a position is the value of its every image, so the
//! weights learn that too), and the weights follow stochastic gradient descent with a
//! step per weight that shrinks with the gradients it has seen (Adagrad), suited to
//! weights that most positions leave untouched. Seeded and sequential: the same samples
//! and seed give the same weights.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use super::{LabelledPosition, evals, sigmoid};
use crate::eval::Weights;
use crate::eval::patterns::{Layout, Patterns, STAGES, stage};
use crate::rules::{Color, Position};
use crate::topology::Symmetry;

/// How the pattern weights are fitted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PatternSettings {
    /// Passes over the samples.
    pub epochs: usize,
    /// The first step of a weight, in hundredths of a stone.
    pub rate: f64,
    /// Pull of every weight towards zero (L2), against weights fitted to a few positions.
    pub decay: f64,
    /// Seed of the order and the symmetries.
    pub seed: u64,
}

impl Default for PatternSettings {
    fn default() -> PatternSettings {
        PatternSettings { epochs: 30, rate: 4.0, decay: 1e-5, seed: 1 }
    }
}

/// `pos` under symmetry `s` (the same value for the side to move).
fn transformed(pos: &Position, s: &Symmetry) -> Position {
    let mut setup = pos.to_setup();
    for c in Color::ALL {
        setup.stones[c] = s.apply_set(setup.stones[c]);
    }
    Position::from_setup_unchecked(&setup)
}

/// The linear evaluation of each sample with `weights`.
fn linear(samples: &[LabelledPosition], weights: &Weights) -> Vec<f64> {
    evals(samples, &weights.to_array().map(f64::from))
}

/// Fits pattern weights for the board of `samples` on top of the linear `weights`, at
/// sigmoid scale `k`. With no samples, every weight is zero.
#[must_use]
pub fn fit_patterns(samples: &[LabelledPosition], weights: &Weights, k: f64, settings: &PatternSettings) -> Patterns {
    let Some(first) = samples.first() else {
        return Patterns::zero(crate::rules::STANDARD.topology);
    };
    let topo = first.pos.topology();
    let layout = Layout::of(topo);
    let mut w = vec![0.0f64; STAGES * layout.per_stage()];
    let mut seen = vec![0.0f64; w.len()];
    let base = linear(samples, weights);
    let symmetries = topo.symmetries();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(settings.seed);
    let mut order: Vec<usize> = (0..samples.len()).collect();
    let mut active = Vec::with_capacity(layout.len());
    for _ in 0..settings.epochs {
        // Fisher–Yates with the seeded generator.
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        for &i in &order {
            let s = &samples[i];
            let pos = transformed(&s.pos, &symmetries[rng.random_range(0..symmetries.len())]);
            active.clear();
            layout.for_each_index(&pos, |j| active.push(j));
            let e = base[i] + active.iter().map(|&j| w[j]).sum::<f64>();
            let p = sigmoid(k * e / 100.0);
            let g = 2.0 * (p - s.label) * p * (1.0 - p) * k / 100.0;
            for &j in &active {
                let gj = g + settings.decay * w[j];
                seen[j] += gj * gj;
                w[j] -= settings.rate * gj / (seen[j].sqrt() + 1e-12);
            }
        }
    }
    Patterns::with_values(topo, w.iter().map(|x| x.round() as i32).collect())
}

/// The mean squared error of the whole evaluation (linear `weights` plus `patterns`) on
/// `samples` at scale `k`, overall and by stage (`None` for a stage with no sample).
#[must_use]
pub fn pattern_error(
    samples: &[LabelledPosition],
    weights: &Weights,
    patterns: &Patterns,
    k: f64,
) -> (f64, [Option<f64>; STAGES]) {
    let base = linear(samples, weights);
    let mut sums = [(0.0, 0usize); STAGES];
    for (s, b) in samples.iter().zip(base) {
        let e = b + f64::from(patterns.score(&s.pos));
        let slot = &mut sums[stage(&s.pos)];
        slot.0 += (sigmoid(k * e / 100.0) - s.label).powi(2);
        slot.1 += 1;
    }
    let total: f64 = sums.iter().map(|s| s.0).sum();
    let count: usize = sums.iter().map(|s| s.1).sum();
    let by_stage = sums.map(|(sum, n)| (n > 0).then(|| sum / n as f64));
    (if count == 0 { 0.0 } else { total / count as f64 }, by_stage)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::strong_terms;
    use crate::rules::STANDARD;

    fn labelled(pos: Position, label: f64) -> LabelledPosition {
        LabelledPosition { pos, terms: strong_terms(&pos), label }
    }

    #[test]
    fn patterns_learn_what_the_linear_terms_miss_and_repeat_with_the_seed() {
        // Labels that the linear terms cannot see: a position is won when the side to
        // move holds more corners of the outer square than the other side, lost when
        // fewer. The patterns (each corner with its neighbours) can.
        let topo = STANDARD.topology;
        let corners: Vec<_> = ["A1", "A7", "G1", "G7"].iter().map(|n| topo.point_named(n).expect("point")).collect();
        let samples: Vec<LabelledPosition> = (0..400)
            .map(|seed| {
                let pos = *crate::engine::random_game(&STANDARD, 10 + (seed % 7) as usize, seed).position();
                let count = |c| corners.iter().filter(|&&p| pos.stone_at(p) == Some(c)).count();
                let (us, them) = (count(pos.side_to_move()), count(!pos.side_to_move()));
                let label = match us.cmp(&them) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                };
                labelled(pos, label)
            })
            .collect();
        let weights = crate::eval::Weights::from_array(std::array::from_fn(|i| if i == 0 { 100 } else { 0 }));
        let settings = PatternSettings { epochs: 20, ..PatternSettings::default() };
        let fitted = fit_patterns(&samples, &weights, 1.0, &settings);
        let zero = Patterns::zero(topo);
        let (before, _) = pattern_error(&samples, &weights, &zero, 1.0);
        let (after, by_stage) = pattern_error(&samples, &weights, &fitted, 1.0);
        assert!(after < before / 2.0, "error {before} before, {after} after");
        // After 10 to 16 placements, 8 to 2 stones are in hand: the three late placing
        // stages, and no other.
        let names = crate::eval::patterns::STAGE_NAMES;
        let scored: Vec<&str> = names.iter().zip(&by_stage).filter(|(_, e)| e.is_some()).map(|(n, _)| *n).collect();
        assert_eq!(scored, ["placing", "late", "last"], "{by_stage:?}");
        assert_eq!(fit_patterns(&samples, &weights, 1.0, &settings), fitted, "the same seed, the same weights");
    }
}
