//! Plays batches of games, `jobs` at a time, reporting progress; writes each finished game
//! to the record file and the standings.
//!
//! Knows engines by index and games by pairing; no bracket or format logic here.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use super::bracket::Pairing;
use super::error::TournamentError;
use crate::progress::Progress;
use crate::referee::engine::EngineCommand;
use crate::referee::game::{GameSettings, play_game};
use crate::referee::outcome::record::RecordWriter;
use crate::referee::outcome::result::Played;
use crate::referee::outcome::stats::Standings;
use crate::rules::ByColor;

/// Runs games and keeps the books.
pub struct Runner {
    engines: Vec<EngineCommand>,
    settings: GameSettings,
    jobs: usize,
    writer: Mutex<RecordWriter>,
    standings: Mutex<Standings>,
    numbered: AtomicUsize,
    /// Hears of games to play (steps), who plays now (stages) and games finished.
    progress: Box<dyn Progress + Send>,
}

impl Runner {
    /// A runner for `engines` that reports to `progress`.
    #[must_use]
    pub fn new(
        engines: Vec<EngineCommand>,
        settings: GameSettings,
        jobs: usize,
        writer: RecordWriter,
        progress: Box<dyn Progress + Send>,
    ) -> Runner {
        let names: Vec<String> = engines.iter().map(|e| e.name.clone()).collect();
        Runner {
            engines,
            settings,
            jobs: jobs.max(1),
            writer: Mutex::new(writer),
            standings: Mutex::new(Standings::with_names(&names)),
            numbered: AtomicUsize::new(0),
            progress,
        }
    }

    /// The engines, by index.
    #[must_use]
    pub fn engines(&self) -> &[EngineCommand] {
        &self.engines
    }

    /// Plays `games` (in parallel up to `jobs`) and returns their records in the same order.
    ///
    /// # Errors
    /// A game could not be set up, or the record file could not be written.
    pub fn play(&self, games: &[Pairing]) -> Result<Vec<Played>, TournamentError> {
        let first_number = self.numbered.fetch_add(games.len(), Ordering::SeqCst) + 1;
        let numbered: Vec<(usize, Pairing)> =
            games.iter().enumerate().map(|(i, g)| (first_number + i, g.clone())).collect();
        self.play_numbered(&numbered)
    }

    /// Plays `games` under the numbers given (a tournament's schedule numbers them, so a
    /// resumed one skips what it has), in parallel up to `jobs`; returns their records in
    /// the same order.
    ///
    /// # Errors
    /// A game could not be set up, or the record file could not be written.
    pub fn play_numbered(&self, games: &[(usize, Pairing)]) -> Result<Vec<Played>, TournamentError> {
        self.progress.add_steps(games.len() as u64);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.jobs.min(games.len()).max(1))
            .build()
            .map_err(|e| TournamentError::GameThreads(e.to_string()))?;
        // Games start in their order (`par_bridge` hands them out one by one), so a
        // colour-swapped pair is played side by side.
        let mut results: Vec<(usize, Result<Played, TournamentError>)> = pool.install(|| {
            games.iter().enumerate().par_bridge().map(|(i, (number, g))| (i, self.play_one(*number, g))).collect()
        });
        results.sort_unstable_by_key(|(i, _)| *i);
        results.into_iter().map(|(_, r)| r).collect()
    }

    fn play_one(&self, number: usize, g: &Pairing) -> Result<Played, TournamentError> {
        let white = self.engines.get(g.white).ok_or(TournamentError::NoEngine(g.white))?;
        let black = self.engines.get(g.black).ok_or(TournamentError::NoEngine(g.black))?;
        self.progress.stage(format!("{} - {}", white.name, black.name));
        // Each of the pool's threads plays one game at a time: its index is the game's slot,
        // which owns two cores.
        let slot = rayon::current_thread_index();
        let played = play_game(number, ByColor([white, black]), &g.opening, &self.settings, slot)?;
        self.writer.lock().map_err(|_| TournamentError::RecordWriterPoisoned)?.write(&played)?;
        if let Ok(mut s) = self.standings.lock() {
            s.add(&played);
        }
        self.progress.advance(1);
        Ok(played)
    }

    /// The standings so far.
    #[must_use]
    pub fn standings(&self) -> Standings {
        self.standings.lock().map(|s| s.clone()).unwrap_or_default()
    }
}
