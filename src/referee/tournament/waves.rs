//! A tournament played by a Slurm cluster, in waves: the files of its folder and the
//! games of each task (docs/referee.md).
//!
//! Each run of `morris tournament --slurm DIR` is a planner: it reads every record file in
//! `DIR/records` ([`recorded`]), replays the tournament from them exactly as a resumed
//! local run would, and where it meets games not yet recorded it makes them the next
//! wave ([`next_wave`]: `DIR/wave-W.tsv`, a line per game with its task, a task per
//! pairing). A task plays its games of a wave into its own record file ([`play_task`]).
//! The job scripts and their submission are the command line's.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::bracket::Pairing;
use super::error::TournamentError;
use super::resume::{Fingerprint, Ledger};
use super::runner::Runner;
use crate::referee::engine::EngineCommand;
use crate::referee::game::GameSettings;
use crate::referee::outcome::record::{RecordWriter, parse_records};

/// The folder of the tasks' record files.
fn records(dir: &Path) -> PathBuf {
    dir.join("records")
}

fn file_error(action: &'static str, path: &Path, e: &std::io::Error) -> TournamentError {
    TournamentError::File { action, path: path.display().to_string(), reason: e.to_string() }
}

/// Every game the tasks of `dir` recorded, checked against this tournament's settings.
///
/// # Errors
/// A record file that cannot be read, or one of another tournament.
pub fn recorded(dir: &Path, fingerprint: &Fingerprint) -> Result<Ledger, TournamentError> {
    let folder = records(dir);
    std::fs::create_dir_all(&folder).map_err(|e| file_error("create", &folder, &e))?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .map_err(|e| file_error("read", &folder, &e))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "tsv"))
        .collect();
    files.sort();
    let mut games = Vec::new();
    for path in files {
        let text =
            crate::files::read_text(&path, crate::files::GAMES_TEXT).map_err(|e| file_error("read", &path, &e))?;
        // A task killed while writing leaves a last line without its end: played again.
        let whole = &text[..text.rfind('\n').map_or(0, |i| i + 1)];
        if let Some(recorded) = Fingerprint::find_in(whole)
            && let Some(difference) = fingerprint.difference(&recorded)
        {
            return Err(TournamentError::OtherSlurmTournament { path: path.display().to_string(), difference });
        }
        let read = parse_records(whole)
            .map_err(|e| TournamentError::RecordInvalid { path: path.display().to_string(), reason: e.to_string() })?;
        games.extend(read);
    }
    Ledger::new(games, true)
}

/// The games of task `task` in the wave file `text` (named `path` in errors).
///
/// # Errors
/// A line that is not five tab-separated fields, or a number field that is not a number.
pub fn task_games(path: &str, text: &str, task: u32) -> Result<Vec<(usize, Pairing)>, TournamentError> {
    let mut games = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty()) {
        let wrong = |problem: String| TournamentError::WaveLine { path: path.to_string(), line: i + 1, problem };
        let f: Vec<&str> = line.split('\t').collect();
        let field = |k: usize| -> Result<usize, TournamentError> {
            f.get(k).and_then(|v| v.parse().ok()).ok_or_else(|| wrong(format!("field {} is not a number", k + 1)))
        };
        if f.len() != 5 {
            return Err(wrong(format!("{} fields, not 5", f.len())));
        }
        if field(0)? == task as usize {
            let opening = if f[4] == "-" { String::new() } else { f[4].to_string() };
            games.push((field(1)?, Pairing { white: field(2)?, black: field(3)?, opening }));
        }
    }
    Ok(games)
}

/// What a task played.
#[derive(Clone, Debug)]
pub struct TaskReport {
    /// How many games.
    pub played: usize,
    /// The record file it played them into.
    pub record: PathBuf,
}

/// Plays task `task` of wave `wave`: its games, into its own record file.
///
/// # Errors
/// A missing or bad wave file, a task without games, or a game that could not be played
/// or recorded.
pub fn play_task(
    dir: &Path,
    (wave, task): (u32, u32),
    fingerprint: &Fingerprint,
    engines: &[EngineCommand],
    settings: GameSettings,
) -> Result<TaskReport, TournamentError> {
    let file = dir.join(format!("wave-{wave}.tsv"));
    let text = crate::files::read_text(&file, crate::files::SMALL_TEXT).map_err(|e| file_error("read", &file, &e))?;
    let games = task_games(&file.display().to_string(), &text, task)?;
    if games.is_empty() {
        return Err(TournamentError::NoTaskGames { path: file.display().to_string(), task });
    }
    std::fs::create_dir_all(records(dir))?;
    let record = records(dir).join(format!("wave-{wave}-task-{task}.tsv"));
    let writer = RecordWriter::create_with(Some(&record), &[fingerprint.line()])?;
    let runner = Runner::new(engines.to_vec(), settings, 1, writer, Box::new(()));
    let played = runner.play_numbered(&games)?.len();
    Ok(TaskReport { played, record })
}

/// The highest wave written so far (0: none).
fn last_wave(dir: &Path) -> u32 {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().to_string();
            name.strip_prefix("wave-")?.strip_suffix(".tsv")?.parse::<u32>().ok()
        })
        .max()
        .unwrap_or(0)
}

/// The next wave of a Slurm folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wave {
    /// Its number (from 1).
    pub number: u32,
    /// How many tasks (one per pairing).
    pub tasks: usize,
    /// Its file, `wave-W.tsv`: task, game number, white, black, opening.
    pub table: String,
}

/// The next wave of `dir`: `todo`, the games not yet recorded that the tournament needs
/// now, a task per pairing in the order the tournament asks for them.
///
/// # Errors
/// A wave that would repeat the last one's games (its tasks failed: see the logs).
pub fn next_wave(dir: &Path, todo: &[(usize, Pairing)]) -> Result<Wave, TournamentError> {
    let last = last_wave(dir);
    if last > 0 {
        let previous = crate::files::read_text(&dir.join(format!("wave-{last}.tsv")), crate::files::SMALL_TEXT)
            .unwrap_or_default();
        let before: Vec<usize> = previous
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split('\t').nth(1)?.parse().ok())
            .collect();
        if todo.iter().all(|(n, _)| before.contains(n)) {
            return Err(TournamentError::WaveFailed { wave: last, logs: dir.join("logs").display().to_string() });
        }
    }
    let mut tasks: Vec<(usize, usize)> = Vec::new();
    let mut table = String::from("# task\tgame\twhite\tblack\topening\n");
    for (number, g) in todo {
        let key = (g.white.min(g.black), g.white.max(g.black));
        let task = tasks.iter().position(|&t| t == key).unwrap_or_else(|| {
            tasks.push(key);
            tasks.len() - 1
        });
        let opening = if g.opening.trim().is_empty() { "-" } else { g.opening.as_str() };
        let _ = writeln!(table, "{task}\t{number}\t{}\t{}\t{opening}", g.white, g.black);
    }
    Ok(Wave { number: last + 1, tasks: tasks.len(), table })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tasks_are_read_from_the_wave_file() {
        let text = "# task\tgame\twhite\tblack\topening\n0\t1\t0\t1\t-\n0\t2\t1\t0\t-\n1\t3\t0\t2\tD2 F4\n";
        let games = task_games("w", text, 1).unwrap();
        assert_eq!(games, vec![(3, Pairing { white: 0, black: 2, opening: "D2 F4".into() })]);
        assert_eq!(task_games("w", text, 0).unwrap().len(), 2);
        let short = task_games("wave-1.tsv", "0\t1\t0\n", 0).unwrap_err().to_string();
        assert_eq!(short, "wave-1.tsv: line 1: 3 fields, not 5");
    }

    #[test]
    fn a_wave_has_a_task_per_pairing_and_a_failed_one_is_not_repeated() {
        let dir = std::env::temp_dir().join(format!("morris-waves-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let g = |white, black, opening: &str| Pairing { white, black, opening: opening.to_string() };
        let todo = [(1, g(0, 1, "")), (2, g(1, 0, "")), (3, g(0, 2, "D2 F4"))];
        let wave = next_wave(&dir, &todo).unwrap();
        assert_eq!((wave.number, wave.tasks), (1, 2));
        assert_eq!(
            wave.table,
            "# task\tgame\twhite\tblack\topening\n0\t1\t0\t1\t-\n0\t2\t1\t0\t-\n1\t3\t0\t2\tD2 F4\n"
        );
        std::fs::write(dir.join("wave-1.tsv"), &wave.table).unwrap();
        let again = next_wave(&dir, &todo[2..]).unwrap_err().to_string();
        assert!(again.starts_with("wave 1's games are still not recorded"), "{again}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
