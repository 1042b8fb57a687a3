//! The benchmarks' own small harness (`harness = false` targets).
//!
//! Each benchmark is timed over several samples; one sample runs the function enough
//! times to last at least [`SAMPLE_TARGET`], so fast functions are timed in bulk and
//! slow ones once per sample. It reports the median time of one call, the fastest and
//! slowest sample, and a throughput where the benchmark counts its elements.
//!
//! `cargo bench --bench NAME [-- FILTER]` times the benchmarks whose names hold FILTER.
//! Run without `--bench` (`cargo test --benches`, as criterion's harness does), each
//! benchmark runs once, untimed, so a broken benchmark fails there too.
//!
//! It replaced criterion, which with its dependencies cost about 40 s of CPU in every
//! build of the tests, benchmarks or not (docs/performance.md, 2026-11-30).

// Each benchmark target compiles its own copy of this module and uses part of it.
#![allow(dead_code)]

use std::time::{Duration, Instant};

/// A sample lasts at least this long (or one call, if that is longer).
pub const SAMPLE_TARGET: Duration = Duration::from_millis(100);

/// The benchmarks of one target and how to run them, from its command line.
pub struct Bench {
    filter: Option<String>,
    timed: bool,
    group: String,
    samples: usize,
    elements: Option<u64>,
}

impl Bench {
    /// From the command line cargo gives the target: `--bench` when timing, then an
    /// optional filter; other flags (`--nocapture`, …) are accepted and ignored.
    pub fn from_args() -> Bench {
        let mut filter = None;
        let mut timed = false;
        for arg in std::env::args().skip(1) {
            if arg == "--bench" {
                timed = true;
            } else if !arg.starts_with('-') && filter.is_none() {
                filter = Some(arg);
            }
        }
        Bench { filter, timed, group: String::new(), samples: 20, elements: None }
    }

    /// Names the benchmarks that follow `GROUP/NAME`, with `samples` samples each
    /// (slow benchmarks take fewer) and no element count.
    pub fn group(&mut self, group: &str, samples: usize) {
        self.group = group.to_string();
        self.samples = samples.max(1);
        self.elements = None;
    }

    /// Counts `n` elements for each call of the benchmarks that follow (a throughput).
    pub fn elements(&mut self, n: u64) {
        self.elements = Some(n);
    }

    /// Times `f` (or, untimed, runs it once) under `name` in the current group.
    pub fn run<T>(&mut self, name: &str, mut f: impl FnMut() -> T) {
        let full = if self.group.is_empty() { name.to_string() } else { format!("{}/{name}", self.group) };
        if self.filter.as_ref().is_some_and(|w| !full.contains(w.as_str())) {
            return;
        }
        if !self.timed {
            std::hint::black_box(f());
            println!("{full}: ran once (not timed; `cargo bench` times it)");
            return;
        }
        // Calibrate: how many calls make a sample of at least SAMPLE_TARGET.
        let mut calls: u64 = 1;
        loop {
            let took = time(&mut f, calls);
            if took >= SAMPLE_TARGET || calls >= 1 << 40 {
                break;
            }
            let scale = SAMPLE_TARGET.as_secs_f64() / took.as_secs_f64().max(1e-9);
            calls = (calls as f64 * scale.clamp(2.0, 100.0)).ceil() as u64;
        }
        let mut per_call: Vec<f64> =
            (0..self.samples).map(|_| time(&mut f, calls).as_secs_f64() / calls as f64).collect();
        per_call.sort_by(f64::total_cmp);
        let median = per_call[per_call.len() / 2];
        let mut line = format!(
            "{full:<40} {:>11} a call (fastest {}, slowest {}; {} samples of {calls} calls)",
            seconds(median),
            seconds(per_call[0]),
            seconds(per_call[per_call.len() - 1]),
            per_call.len()
        );
        if let Some(n) = self.elements {
            line.push_str(&format!(", {} elements/s", si(n as f64 / median)));
        }
        println!("{line}");
    }
}

fn time<T>(f: &mut impl FnMut() -> T, calls: u64) -> Duration {
    let start = Instant::now();
    for _ in 0..calls {
        std::hint::black_box(f());
    }
    start.elapsed()
}

/// A duration in the unit that suits it: `812 ns`, `3.41 µs`, `27.9 ms`, `1.62 s`.
fn seconds(s: f64) -> String {
    let (value, unit) = match s {
        s if s >= 1.0 => (s, "s"),
        s if s >= 1e-3 => (s * 1e3, "ms"),
        s if s >= 1e-6 => (s * 1e6, "µs"),
        s => (s * 1e9, "ns"),
    };
    format!("{} {unit}", three_figures(value))
}

/// A rate with an SI prefix: `1.16 G`, `842 k`.
fn si(x: f64) -> String {
    let (value, prefix) = match x {
        x if x >= 1e9 => (x / 1e9, " G"),
        x if x >= 1e6 => (x / 1e6, " M"),
        x if x >= 1e3 => (x / 1e3, " k"),
        x => (x, " "),
    };
    format!("{}{prefix}", three_figures(value)).trim_end().to_string()
}

fn three_figures(v: f64) -> String {
    match v {
        v if v >= 100.0 => format!("{v:.0}"),
        v if v >= 10.0 => format!("{v:.1}"),
        v => format!("{v:.2}"),
    }
}
