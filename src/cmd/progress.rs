//! Progress drawn for a person: a bar on stderr when it is a terminal; otherwise (a log
//! file, a batch job) a plain line every [`PLAIN_EVERY`] with the rate and the time left,
//! so that a log shows how far a long job got.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use morris::progress::Progress;
use morris::words::human;
pub use morris::words::minutes_and_seconds;

/// How often a plain progress line is written when stderr is not a terminal.
pub const PLAIN_EVERY: Duration = Duration::from_secs(30);

/// A job's progress as the person running it sees it. Clones draw the same bar.
#[derive(Clone)]
pub struct Bar {
    bar: ProgressBar,
    /// What a step is, plural (`positions`, `games`), for the plain lines.
    unit: &'static str,
    /// When stderr is not a terminal: when the last plain line was written.
    plain: Option<Arc<Mutex<Instant>>>,
    /// Steps an earlier run did ([`Progress::resumed`]): not in this run's rate.
    earlier: Arc<AtomicU64>,
    /// An open-ended job ([`Bar::open_games`]): no length, none added.
    open: bool,
}

impl Bar {
    /// A bar of `len` steps drawn with indicatif's `template`; `unit` names the steps.
    #[must_use]
    pub fn new(len: u64, template: &str, unit: &'static str) -> Bar {
        let terminal = std::io::stderr().is_terminal();
        let target = if terminal { ProgressDrawTarget::stderr() } else { ProgressDrawTarget::hidden() };
        let bar = ProgressBar::with_draw_target(Some(len), target);
        bar.set_style(ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()));
        let plain = (!terminal).then(|| Arc::new(Mutex::new(Instant::now())));
        Bar { bar, unit, plain, earlier: Arc::new(AtomicU64::new(0)), open: false }
    }

    /// A count of games with no end known in advance (a sequential test plays until it
    /// decides): no length, so no share done and no time left, only the count, the rate
    /// and the stage message.
    #[must_use]
    pub fn open_games() -> Bar {
        let mut b = Bar::new(0, "{spinner} {pos} games {elapsed_precise} {prefix} {msg}", "games");
        b.bar.unset_length();
        b.open = true;
        b
    }

    /// A bar of games played (its length grows as batches are handed to the referee).
    #[must_use]
    pub fn games() -> Bar {
        Bar::new(0, "{bar:30} {pos}/{len} games {elapsed_precise} {msg}", "games")
    }

    /// Text shown before the stage message (what the whole job stands at, where the
    /// stages name its parts).
    pub fn set_prefix(&self, text: String) {
        self.bar.set_prefix(text);
    }

    /// Runs `print` with the bar cleared, so that what it prints stands above the bar.
    pub fn above(&self, print: impl FnOnce()) {
        if self.bar.is_hidden() { print() } else { self.bar.suspend(print) }
    }

    /// Prints `line` on stderr above the bar.
    pub fn println(&self, line: &str) {
        self.above(|| eprintln!("{line}"));
    }

    /// Removes the bar (before printing a summary).
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }

    /// Writes a plain line if stderr is not a terminal and the last one is old enough.
    fn tick(&self) {
        let Some(last) = &self.plain else { return };
        let Ok(mut last) = last.try_lock() else { return };
        if last.elapsed() < PLAIN_EVERY {
            return;
        }
        *last = Instant::now();
        let what =
            [self.bar.prefix(), self.bar.message()].iter().filter(|t| !t.is_empty()).cloned().collect::<Vec<_>>();
        let earlier = self.earlier.load(Ordering::Relaxed);
        let (rate, eta) = pace(self.bar.position(), earlier, self.bar.length(), self.bar.elapsed());
        eprintln!("{}", plain_line(&what.join(" "), self.bar.position(), self.bar.length(), self.unit, rate, eta));
    }
}

impl Progress for Bar {
    fn advance(&self, steps: u64) {
        self.bar.inc(steps);
        self.tick();
    }
    fn set_done(&self, steps: u64) {
        self.bar.set_position(steps);
        self.tick();
    }
    fn add_steps(&self, steps: u64) {
        if !self.open {
            self.bar.inc_length(steps);
        }
    }
    fn resumed(&self, steps: u64) {
        self.earlier.fetch_add(steps, Ordering::Relaxed);
        self.advance(steps);
    }
    fn stage(&self, text: String) {
        self.bar.set_message(text);
    }
}

/// The rate so far and the time left at it, for `done` steps of `len` in `elapsed`, of
/// which `earlier` were done by an earlier run: the mean since the start, not the last
/// seconds' rate, which a job that advances in bursts (a table build's levels) or is
/// paused (SIGSTOP) would turn into hours or into minutes from one line to the next.
fn pace(done: u64, earlier: u64, len: Option<u64>, elapsed: Duration) -> (f64, Option<Duration>) {
    let rate = done.saturating_sub(earlier) as f64 / elapsed.as_secs_f64().max(1e-3);
    let left = len.unwrap_or(0).saturating_sub(done);
    (rate, (rate > 0.0 && len.is_some()).then(|| Duration::from_secs_f64(left as f64 / rate)))
}

/// One plain progress line, e.g. `progress: 5-5: solving, 12,345,678 of 61,612,215
/// positions (20.0%), 1.70 M positions/s, about 2 min 10 s left`.
fn plain_line(what: &str, done: u64, len: Option<u64>, unit: &str, rate: f64, eta: Option<Duration>) -> String {
    let mut line = String::from("progress: ");
    if !what.is_empty() {
        line.push_str(what);
        line.push_str(", ");
    }
    line.push_str(&human(done));
    if let Some(len) = len {
        line.push_str(&format!(" of {} {unit} ({:.1}%)", human(len), 100.0 * done as f64 / len.max(1) as f64));
    } else {
        line.push_str(&format!(" {unit}"));
    }
    if rate >= 1e6 {
        line.push_str(&format!(", {:.2} M {unit}/s", rate / 1e6));
    } else if rate >= 100.0 {
        line.push_str(&format!(", {} {unit}/s", human(rate as u64)));
    } else if rate > 0.0 && rate < 1.0 {
        // A slow job (a student graded in half a minute): `0.0 students/s` says nothing.
        line.push_str(&format!(", one every {:.0} s", 1.0 / rate));
    } else {
        line.push_str(&format!(", {rate:.1} {unit}/s"));
    }
    match eta {
        Some(eta) => line.push_str(&format!(", about {} left", minutes_and_seconds(eta))),
        None => line.push_str(", time left unknown"),
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_line_says_how_far_how_fast_and_how_long() {
        let line = plain_line(
            "5-5: solving",
            12_345_678,
            Some(61_612_215),
            "positions",
            1.7e6,
            Some(Duration::from_secs(130)),
        );
        assert_eq!(
            line,
            "progress: 5-5: solving, 12,345,678 of 61,612,215 positions (20.0%), 1.70 M positions/s, about 2 min 10 s left"
        );
        assert!(plain_line("", 9, Some(10), "positions", 830_946.3, None).contains(", 830,946 positions/s,"));
        assert!(plain_line("", 3, None, "games", 0.0, None).ends_with("3 games, 0.0 games/s, time left unknown"));
        assert!(plain_line("", 3, Some(9), "students", 1.0 / 32.0, None).contains("(33.3%), one every 32 s,"));
    }

    #[test]
    fn the_time_left_is_at_the_mean_rate_so_far() {
        // A quarter done in ten minutes: thirty minutes left, however the last seconds went.
        let (rate, eta) = pace(250, 0, Some(1000), Duration::from_secs(600));
        assert!((rate - 250.0 / 600.0).abs() < 1e-9);
        assert_eq!(eta, Some(Duration::from_secs(1800)));
        assert_eq!(pace(0, 0, Some(1000), Duration::from_secs(5)).1, None, "nothing done: unknown");
        assert_eq!(pace(3, 0, None, Duration::from_secs(5)).1, None, "no length: unknown");
        // Half of it resumed from an earlier run, a tenth more in ten minutes now: forty
        // minutes left at this run's pace, not seven as if six tenths were done in ten.
        let (rate, eta) = pace(600, 500, Some(1000), Duration::from_secs(600));
        assert!((rate - 100.0 / 600.0).abs() < 1e-9);
        assert_eq!(eta, Some(Duration::from_secs(2400)));
    }
}
