//! The sequential probability ratio test of `morris match --sprt`: is the first engine
//! (a student's new version) stronger than the second (the old one) by `elo1`, or no
//! stronger than `elo0`?
//!
//! Games come in colour-swapped pairs from one opening, so the test counts *pairs*, as
//! fastchess and fishtest do: the first engine's points in a pair (0, ½, 1, 1½ or 2) put
//! it in one of five bins, the pentanomial `LL, LD, DD+WL, WD, WW`. A pair is one
//! sample; counting pairs and not games keeps the opening's bias (one side of an
//! opening wins more often) out of the variance.
//!
//! The log-likelihood ratio is the generalized SPRT for logistic Elo on the pentanomial
//! (Van den Bergh's GSPRT, fishtest's "logistic" model): with `n_i` pairs in bin `i`
//! (per-game score `x_i` = 0, ¼, ½, ¾, 1) and `f_i` their frequencies,
//!
//! ```text
//! LLR = Σ n_i · ln(p1_i / p0_i),   s = 1 / (1 + 10^(−elo/400))
//! ```
//!
//! where `p0` and `p1` are the distributions over the five bins closest to the observed
//! one (maximum likelihood) whose mean score is `s0` and `s1`:
//! `p_i = f_i / (1 + λ (x_i − s))`, `λ` found by bisection (the mean is monotone in it).
//! A bin never seen counts as 0.001 pairs (fishtest's regularization). Unlike the
//! normal approximation `N (s1−s0)(2m−s0−s1) / 2v`, this stays sane on few or alike
//! pairs: one pair won twice is an LLR of 0.03, not 3.8, and two identical
//! deterministic engines, every pair 1–1, lose 0.028 a pair and end H0 after 101
//! pairs. The test stops at `ln(β/(1−α))` (H0: not `elo1` better) and `ln((1−β)/α)`
//! (H1: `elo1` better).
//!
//! Pure arithmetic: no processes, no games.

use std::fmt;
use std::str::FromStr;

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::space0;
use nom::combinator::{all_consuming, value};
use nom::multi::separated_list1;
use nom::number::complete::double;
use nom::sequence::{delimited, separated_pair};
use nom::{IResult, Parser};

use super::stats::{EloEstimate, elo_from_score, format_elo};

/// What an unseen pentanomial bin counts as in the LLR (fishtest's regularization).
const UNSEEN: f64 = 1e-3;

/// The hypotheses and error rates of a test: `elo0=0,elo1=10,alpha=0.05,beta=0.05`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SprtSpec {
    /// H0: the first engine is at most this much better (logistic Elo).
    pub elo0: f64,
    /// H1: the first engine is at least this much better.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Why a `--sprt` text is not a test.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SprtSpecError {
    /// Not a list of `key=number`.
    #[error(
        "'{0}' is not a test: expected elo0=A,elo1=B with optional ,alpha=P,beta=P (e.g. elo0=0,elo1=10,alpha=0.05,beta=0.05)"
    )]
    Syntax(String),
    /// A key given twice.
    #[error("{0} is given twice")]
    Twice(&'static str),
    /// elo0 or elo1 missing.
    #[error("{0} is missing (e.g. elo0=0,elo1=10)")]
    Missing(&'static str),
    /// elo1 not above elo0.
    #[error("elo1 ({elo1}) must be greater than elo0 ({elo0})")]
    Order {
        /// As given.
        elo0: f64,
        /// As given.
        elo1: f64,
    },
    /// alpha or beta outside (0, 0.5).
    #[error("{name} ({value}) must lie between 0 and 0.5")]
    Rate {
        /// `alpha` or `beta`.
        name: &'static str,
        /// As given.
        value: f64,
    },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Key {
    Elo0,
    Elo1,
    Alpha,
    Beta,
}

fn key(input: &str) -> IResult<&str, Key> {
    alt((
        value(Key::Elo0, tag("elo0")),
        value(Key::Elo1, tag("elo1")),
        value(Key::Alpha, tag("alpha")),
        value(Key::Beta, tag("beta")),
    ))
    .parse(input)
}

fn pairs(input: &str) -> IResult<&str, Vec<(Key, f64)>> {
    separated_list1(
        delimited(space0, tag(","), space0),
        separated_pair(key, delimited(space0, tag("="), space0), double),
    )
    .parse(input)
}

impl FromStr for SprtSpec {
    type Err = SprtSpecError;

    fn from_str(text: &str) -> Result<SprtSpec, SprtSpecError> {
        let Ok((_, given)) = all_consuming(delimited(space0, pairs, space0)).parse(text) else {
            return Err(SprtSpecError::Syntax(text.to_string()));
        };
        let mut slots: [Option<f64>; 4] = [None; 4];
        for (k, v) in given {
            let (index, name) = match k {
                Key::Elo0 => (0, "elo0"),
                Key::Elo1 => (1, "elo1"),
                Key::Alpha => (2, "alpha"),
                Key::Beta => (3, "beta"),
            };
            if !v.is_finite() {
                return Err(SprtSpecError::Syntax(text.to_string()));
            }
            if slots[index].replace(v).is_some() {
                return Err(SprtSpecError::Twice(name));
            }
        }
        let spec = SprtSpec {
            elo0: slots[0].ok_or(SprtSpecError::Missing("elo0"))?,
            elo1: slots[1].ok_or(SprtSpecError::Missing("elo1"))?,
            alpha: slots[2].unwrap_or(0.05),
            beta: slots[3].unwrap_or(0.05),
        };
        if spec.elo1 <= spec.elo0 {
            return Err(SprtSpecError::Order { elo0: spec.elo0, elo1: spec.elo1 });
        }
        for (name, value) in [("alpha", spec.alpha), ("beta", spec.beta)] {
            if !(value > 0.0 && value < 0.5) {
                return Err(SprtSpecError::Rate { name, value });
            }
        }
        Ok(spec)
    }
}

impl fmt::Display for SprtSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "elo0={} elo1={} alpha={} beta={}", self.elo0, self.elo1, self.alpha, self.beta)
    }
}

/// Where a test stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// The LLR fell to the lower bound: not `elo1` better.
    H0,
    /// The LLR rose to the upper bound: `elo1` better.
    H1,
    /// Neither bound reached yet.
    Continue,
}

impl SprtSpec {
    /// The LLR's bounds: `(ln(β/(1−α)), ln((1−β)/α))`.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The verdict an LLR gives.
    #[must_use]
    pub fn verdict(&self, llr: f64) -> SprtVerdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtVerdict::H1
        } else if llr <= lower {
            SprtVerdict::H0
        } else {
            SprtVerdict::Continue
        }
    }
}

/// Per-game expected score of an engine `elo` logistic Elo better than its opponent.
#[must_use]
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Pair counts by the first engine's points in the pair: `[LL, LD, DD+WL, WD, WW]`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Adds a pair from the first engine's scores in its two games (1, ½ or 0 each).
    pub fn add_pair(&mut self, first: f64, second: f64) {
        let half_points = ((first + second) * 2.0).round().clamp(0.0, 4.0);
        // Lossless: a value in 0..=4.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let bin = half_points as usize;
        self.0[bin] += 1;
    }

    /// Pairs counted.
    #[must_use]
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// Mean and variance of a pair's per-game score (0, ¼, ½, ¾, 1) under `counts`;
    /// `None` without pairs.
    fn moments(counts: [f64; 5]) -> Option<(f64, f64)> {
        let n: f64 = counts.iter().sum();
        if n <= 0.0 {
            return None;
        }
        let mean = counts.iter().zip(BIN_SCORE).map(|(c, x)| c * x).sum::<f64>() / n;
        let var = counts.iter().zip(BIN_SCORE).map(|(c, x)| c * (x - mean).powi(2)).sum::<f64>() / n;
        Some((mean, var))
    }

    fn counts(&self) -> [f64; 5] {
        self.0.map(f64::from)
    }

    /// The first engine's mean score per game, if any pair was played.
    #[must_use]
    pub fn score(&self) -> Option<f64> {
        Pentanomial::moments(self.counts()).map(|(m, _)| m)
    }

    /// The log-likelihood ratio of H1 against H0 (the module's formula); 0 without pairs.
    #[must_use]
    pub fn llr(&self, spec: &SprtSpec) -> f64 {
        if self.pairs() == 0 {
            return 0.0;
        }
        let regularized = self.0.map(|c| if c == 0 { UNSEEN } else { f64::from(c) });
        let total: f64 = regularized.iter().sum();
        let freq = regularized.map(|c| c / total);
        let p0 = closest_with_mean(freq, score_from_elo(spec.elo0));
        let p1 = closest_with_mean(freq, score_from_elo(spec.elo1));
        (0..5).filter(|&i| self.0[i] > 0).map(|i| f64::from(self.0[i]) * (p1[i] / p0[i]).ln()).sum()
    }

    /// The first engine's Elo over the second with a 95% interval from the pairs'
    /// variance (mean ± 1.96 standard errors of the pair mean); where every pair scored
    /// the same, the games' Wilson interval ([`EloEstimate::from_wdl`]) with `wdl`.
    #[must_use]
    pub fn elo(&self, wdl: (u32, u32, u32)) -> Option<EloEstimate> {
        let (mean, var) = Pentanomial::moments(self.counts())?;
        if var <= 0.0 {
            return EloEstimate::from_wdl(wdl.0, wdl.1, wdl.2);
        }
        let margin = 1.959_964 * (var / f64::from(self.pairs())).sqrt();
        Some(EloEstimate {
            diff: elo_from_score(mean),
            low: elo_from_score((mean - margin).max(0.0)),
            high: elo_from_score((mean + margin).min(1.0)),
        })
    }
}

/// A pair's per-game score in each bin: 0, ¼, ½, ¾, 1.
const BIN_SCORE: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The distribution over the bins of the greatest likelihood for observed frequencies
/// `freq` (all positive) among those with mean score `s` (0 < s < 1):
/// `p_i = f_i / (1 + λ (x_i − s))`, where `λ` makes the mean `s`. The mean of `p` falls
/// as `λ` grows, on the interval where every `1 + λ (x_i − s)` is positive, so 200 halvings
/// find it (to the last bit of a double, the same on every run).
fn closest_with_mean(freq: [f64; 5], s: f64) -> [f64; 5] {
    let gap = |lambda: f64| -> f64 {
        (0..5).map(|i| freq[i] * (BIN_SCORE[i] - s) / (1.0 + lambda * (BIN_SCORE[i] - s))).sum()
    };
    let (mut low, mut high) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let mid = (low + high) / 2.0;
        if mid <= low || mid >= high {
            break;
        }
        if gap(mid) > 0.0 { low = mid } else { high = mid }
    }
    let lambda = (low + high) / 2.0;
    std::array::from_fn(|i| freq[i] / (1.0 + lambda * (BIN_SCORE[i] - s)))
}

impl fmt::Display for Pentanomial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [ll, ld, dd, wd, ww] = self.0;
        write!(f, "[{ll}, {ld}, {dd}, {wd}, {ww}] (LL, LD, DD+WL, WD, WW)")
    }
}

/// An Elo estimate as the test reports it: `+35.2 +/- 20.1 [+15, +55]`.
#[must_use]
pub fn format_estimate(e: &EloEstimate) -> String {
    if e.diff.is_finite() && e.low.is_finite() && e.high.is_finite() {
        format!(
            "{:+.1} +/- {:.1} [{}, {}]",
            e.diff + 0.0,
            (e.high - e.low) / 2.0,
            format_elo(e.low),
            format_elo(e.high)
        )
    } else {
        e.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> SprtSpec {
        text.parse().unwrap()
    }

    #[test]
    fn parses_tests_and_refuses_bad_ones_in_words() {
        assert_eq!(spec("elo0=0,elo1=10"), SprtSpec { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 });
        assert_eq!(
            spec("elo0=-2.5, elo1=5,alpha=0.1,beta=0.2"),
            SprtSpec { elo0: -2.5, elo1: 5.0, alpha: 0.1, beta: 0.2 }
        );
        assert_eq!(spec("elo1=10,elo0=0"), spec("elo0=0,elo1=10"));
        let err = |t: &str| t.parse::<SprtSpec>().unwrap_err().to_string();
        assert!(err("elo0=0").contains("elo1 is missing"), "{}", err("elo0=0"));
        assert!(err("elo0=10,elo1=0").contains("must be greater"));
        assert!(err("elo0=0,elo1=10,alpha=0.7").contains("alpha (0.7) must lie between 0 and 0.5"));
        assert!(err("elo0=0,elo1=10,alpha=0").contains("alpha"));
        assert!(err("elo0=0,elo0=1,elo1=3").contains("elo0 is given twice"));
        assert!(err("elo0=0;elo1=10").contains("is not a test"));
        assert!(err("elo0=zero,elo1=10").contains("is not a test"));
        assert!(err("").contains("is not a test"));
    }

    #[test]
    fn bounds_are_walds() {
        let (lower, upper) = spec("elo0=0,elo1=10").bounds();
        // ln(0.05/0.95) and ln(0.95/0.05): the ±2.94 every tool prints.
        assert!((lower + 2.944_438_979).abs() < 1e-9 && (upper - 2.944_438_979).abs() < 1e-9);
        let (lower, upper) = spec("elo0=0,elo1=10,alpha=0.1,beta=0.2").bounds();
        assert!((lower - (0.2f64 / 0.9).ln()).abs() < 1e-12 && (upper - 8f64.ln()).abs() < 1e-12);
        assert_eq!(spec("elo0=0,elo1=10").verdict(3.0), SprtVerdict::H1);
        assert_eq!(spec("elo0=0,elo1=10").verdict(-3.0), SprtVerdict::H0);
        assert_eq!(spec("elo0=0,elo1=10").verdict(0.5), SprtVerdict::Continue);
    }

    #[test]
    fn pairs_fall_in_their_bins() {
        let mut p = Pentanomial::default();
        for (a, b) in [(0.0, 0.0), (0.0, 0.5), (0.5, 0.5), (1.0, 0.0), (0.0, 1.0), (1.0, 0.5), (1.0, 1.0)] {
            p.add_pair(a, b);
        }
        assert_eq!(p.0, [1, 1, 3, 1, 1]);
        assert_eq!(p.pairs(), 7);
        assert_eq!(p.score(), Some(0.5));
        assert_eq!(p.to_string(), "[1, 1, 3, 1, 1] (LL, LD, DD+WL, WD, WW)");
    }

    /// LLRs of known counts, from an independent implementation (Python, the same
    /// maximum-likelihood construction solved by its own bisection).
    #[test]
    fn llr_of_known_counts() {
        let t = spec("elo0=0,elo1=10");
        assert!((score_from_elo(10.0) - 0.514_387_184).abs() < 1e-9);
        for (counts, expected) in [
            ([10, 20, 40, 60, 20], 2.255_667_165),
            ([5, 10, 20, 10, 5], -0.068_949_611),
            ([0, 0, 0, 0, 1], 0.028_368_416),
            ([0, 0, 5, 0, 0], -0.144_981_973),
            ([0, 0, 20, 0, 0], -0.582_929_243),
        ] {
            let llr = Pentanomial(counts).llr(&t);
            assert!((llr - expected).abs() < 1e-6, "{counts:?}: {llr} vs {expected}");
        }
        // The mirror image is as much evidence the other way between symmetric hypotheses.
        let symmetric = spec("elo0=-10,elo1=10");
        let (p, mirrored) = (Pentanomial([10, 20, 40, 60, 20]), Pentanomial([20, 60, 40, 20, 10]));
        assert!((mirrored.llr(&symmetric) + p.llr(&symmetric)).abs() < 1e-9);
        assert_eq!(Pentanomial::default().llr(&t), 0.0);
        // Near the normal approximation where the counts are many and spread.
        let big = Pentanomial([100, 200, 400, 600, 200]);
        let (m, v) = (0.6, 11.0 / 150.0);
        let s1 = score_from_elo(10.0);
        let wald = 1500.0 * (s1 - 0.5) * (2.0 * m - 0.5 - s1) / (2.0 * v);
        assert!((big.llr(&t) / wald - 1.0).abs() < 0.25, "{} vs {wald}", big.llr(&t));
    }

    /// Two identical deterministic engines score 1–1 in every pair: H0 after 101
    /// pairs, never H1; a pair won twice is little evidence alone.
    #[test]
    fn pairs_that_are_all_even_end_in_h0() {
        let t = spec("elo0=0,elo1=10");
        let verdict = |counts: [u32; 5]| t.verdict(Pentanomial(counts).llr(&t));
        let pairs_to_h0 = (1..1000).find(|&n| verdict([0, 0, n, 0, 0]) != SprtVerdict::Continue);
        assert_eq!(pairs_to_h0.map(|n| verdict([0, 0, n, 0, 0])), Some(SprtVerdict::H0));
        assert!(pairs_to_h0.is_some_and(|n| (100..=110).contains(&n)), "{pairs_to_h0:?}");
        let pairs_to_h1 = (1..1000).find(|&n| verdict([0, 0, 0, 0, n]) != SprtVerdict::Continue);
        assert_eq!(pairs_to_h1.map(|n| verdict([0, 0, 0, 0, n])), Some(SprtVerdict::H1));
        assert!(pairs_to_h1.is_some_and(|n| n > 20), "{pairs_to_h1:?}");
    }

    #[test]
    fn elo_comes_from_the_pairs() {
        let p = Pentanomial([10, 20, 40, 60, 20]);
        let e = p.elo((0, 0, 0)).unwrap();
        assert!((e.diff - elo_from_score(0.6)).abs() < 1e-9);
        let margin = 1.959_964 * (11.0f64 / 150.0 / 150.0).sqrt();
        assert!((e.low - elo_from_score(0.6 - margin)).abs() < 1e-9);
        assert!((e.high - elo_from_score(0.6 + margin)).abs() < 1e-9);
        assert!(format_estimate(&e).starts_with("+70.4 +/- "), "{}", format_estimate(&e));
        // Every pair 1–1: the games' interval, not a zero-width one.
        let even = Pentanomial([0, 0, 4, 0, 0]).elo((0, 8, 0)).unwrap();
        assert!(even.low < -50.0 && even.high > 50.0, "{even}");
        assert_eq!(Pentanomial::default().elo((0, 0, 0)), None);
    }
}
