//! Fitting the evaluation's network ([`crate::eval::net`]) to the tables' values, on top
//! of the linear terms and the patterns: the network's output is added to their score in
//! the sigmoid's units, so it learns only what they miss. Every tenth position is held
//! out (as for the weights); the others are seen each pass in a seeded order, each under
//! a random symmetry of the board, and the weights follow plain stochastic gradient
//! descent in `f32` with a step that falls over the passes. The fitted network is
//! quantized to the integers the engine adds ([`crate::eval::net::QA`], `QB`). Seeded and
//! sequential: the same samples and seed give the same file.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use super::LabelledPosition;
use crate::eval::Weights;
use crate::eval::net::{Network, NetworkError, QA, QB};
use crate::eval::patterns::{Patterns, STAGES, stage};
use crate::eval::strong_with;

/// How the network is fitted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NetSettings {
    /// Hidden units.
    pub hidden: usize,
    /// Passes over the samples.
    pub epochs: usize,
    /// The first step (it falls linearly to a tenth of it over the passes).
    pub rate: f32,
    /// Seed of the first weights, the order and the symmetries.
    pub seed: u64,
}

impl Default for NetSettings {
    fn default() -> NetSettings {
        NetSettings { hidden: 256, epochs: 20, rate: 0.03, seed: 1 }
    }
}

/// What fitting the network found.
#[derive(Clone, Debug)]
pub struct NetReport {
    /// The network, quantized.
    pub network: Network,
    /// The sigmoid's scale fitted to the evaluation without the network.
    pub k: f32,
    /// The held-out error without the network and with it (as the engine adds it),
    /// overall and by stage.
    pub errors: [(f64, [Option<f64>; STAGES]); 2],
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The network in `f32` while it is fitted: `w1` input by input.
struct Float {
    h: usize,
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
}

impl Float {
    fn forward(&self, active: &[usize], hidden: &mut [f32]) -> f32 {
        hidden.copy_from_slice(&self.b1);
        for &i in active {
            for (a, w) in hidden.iter_mut().zip(&self.w1[i * self.h..(i + 1) * self.h]) {
                *a += w;
            }
        }
        let mut out = self.b2;
        for (a, w) in hidden.iter_mut().zip(&self.w2) {
            *a = a.clamp(0.0, 1.0);
            out += *a * w;
        }
        out
    }
}

/// Fits a network on top of `weights` and `patterns` to `samples` (every tenth held out).
///
/// # Errors
/// [`NetworkError::Shape`] when `settings.hidden` is not 1 to the most a network has.
///
/// # Panics
/// If `samples` is empty.
pub fn fit_net(
    samples: &[LabelledPosition],
    weights: &Weights,
    patterns: &Patterns,
    settings: &NetSettings,
) -> Result<NetReport, NetworkError> {
    let first = samples.first().expect("samples to fit to");
    let topo = first.pos.topology();
    let hand = usize::from(first.pos.rules().stones) + 1;
    let points = topo.len();
    let base: Vec<f32> =
        samples.iter().map(|s| (strong_with(&s.pos, weights) + patterns.score(&s.pos)) as f32).collect();
    let labels: Vec<f32> = samples.iter().map(|s| s.label as f32).collect();
    // K for the evaluation without the network, on the fitted positions: a golden-section
    // search (the error is unimodal in K).
    let error_at = |k: f32| -> f64 {
        (0..samples.len())
            .filter(|i| i % 10 != 9)
            .map(|i| f64::from((sigmoid(k * base[i] / 100.0) - labels[i]).powi(2)))
            .sum::<f64>()
    };
    let (mut a, mut b) = (0.01f32, 3.0f32);
    for _ in 0..60 {
        let c = b - 0.618 * (b - a);
        let d = a + 0.618 * (b - a);
        if error_at(c) < error_at(d) {
            b = d;
        } else {
            a = c;
        }
    }
    let k = (a + b) / 2.0;
    // Each position's inputs, under the identity: point by point (the side to move's
    // stone or the other's), then the counts in hand. The order is the order of the
    // hidden layer's sums in `f32`, part of what the seed reproduces.
    let actives: Vec<Vec<u16>> = samples
        .iter()
        .map(|s| {
            let mut stones = Vec::with_capacity(2 * points);
            Network::active(&s.pos, hand, |i| stones.push(i));
            let counts = stones.split_off(stones.len() - 2);
            stones.sort_by_key(|&i| (i % points, i / points));
            stones.into_iter().chain(counts).map(|i| i as u16).collect()
        })
        .collect();
    // Each symmetry as a map of the inputs (stones move, counts in hand stay).
    let inputs = Network::inputs(points, hand);
    let maps: Vec<Vec<usize>> = topo
        .symmetries()
        .iter()
        .map(|s| {
            (0..inputs)
                .map(|i| match i {
                    i if i < 2 * points => {
                        let (side, p) = (i / points, i % points);
                        side * points + s.apply(topo.points().nth(p).expect("a point")).index()
                    }
                    i => i,
                })
                .collect()
        })
        .collect();
    let h = settings.hidden;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(settings.seed);
    let mut net = Float {
        h,
        w1: (0..inputs * h).map(|_| (rng.random::<f32>() - 0.5) * 0.2).collect(),
        b1: vec![0.1; h],
        w2: (0..h).map(|_| (rng.random::<f32>() - 0.5) * 0.2).collect(),
        b2: 0.0,
    };
    let mut order: Vec<usize> = (0..samples.len()).filter(|i| i % 10 != 9).collect();
    let (mut active, mut hidden, mut g_hidden) = (Vec::new(), vec![0.0; h], vec![0.0; h]);
    for epoch in 0..settings.epochs {
        let rate = settings.rate * (1.0 - epoch as f32 / settings.epochs as f32).max(0.1);
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        for &i in &order {
            let map = &maps[rng.random_range(0..maps.len())];
            active.clear();
            active.extend(actives[i].iter().map(|&j| map[usize::from(j)]));
            let p = sigmoid(k * base[i] / 100.0 + net.forward(&active, &mut hidden));
            let g = 2.0 * (p - labels[i]) * p * (1.0 - p);
            for ((gh, w), a) in g_hidden.iter_mut().zip(net.w2.iter_mut()).zip(&hidden) {
                *gh = if *a > 0.0 && *a < 1.0 { g * *w } else { 0.0 };
                *w -= rate * g * a;
            }
            net.b2 -= rate * g;
            for (b, gh) in net.b1.iter_mut().zip(&g_hidden) {
                *b -= rate * gh;
            }
            for &a in &active {
                for (w, gh) in net.w1[a * h..(a + 1) * h].iter_mut().zip(&g_hidden) {
                    *w -= rate * gh;
                }
            }
        }
        log::info!("tune: network pass {} of {}", epoch + 1, settings.epochs);
    }
    // Quantized: the output in hundredths of a stone (the sigmoid's units times 100 / K).
    let scale = 100.0 / k;
    let first_layer = |v: &f32| (v * QA as f32).round() as i16;
    let network = Network::new(
        topo,
        hand,
        net.w1.iter().map(first_layer).collect(),
        net.b1.iter().map(first_layer).collect(),
        net.w2.iter().map(|w| (w * scale * QB as f32).round() as i32).collect(),
        (net.b2 * scale * QA as f32 * QB as f32).round() as i32,
    )?;
    // The held-out error, without the network and with it.
    let mut sums = [[(0.0f64, 0usize); STAGES]; 2];
    for i in (0..samples.len()).filter(|i| i % 10 == 9) {
        let with = base[i] + network.score(&samples[i].pos) as f32;
        for (slot, e) in sums.iter_mut().zip([base[i], with]) {
            let cell = &mut slot[stage(&samples[i].pos)];
            cell.0 += f64::from((sigmoid(k * e / 100.0) - labels[i]).powi(2));
            cell.1 += 1;
        }
    }
    let errors = sums.map(|by_stage| {
        let total: f64 = by_stage.iter().map(|s| s.0).sum();
        let count: usize = by_stage.iter().map(|s| s.1).sum();
        (if count == 0 { 0.0 } else { total / count as f64 }, by_stage.map(|(sum, n)| (n > 0).then(|| sum / n as f64)))
    });
    Ok(NetReport { network, k, errors })
}
