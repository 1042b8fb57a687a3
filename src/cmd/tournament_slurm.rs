//! `morris tournament --slurm DIR`: a tournament played by a Slurm cluster, in waves.
//!
//! Each run of the command (by hand first, then as a job) is a planner: it reads every
//! record file in `DIR/records`, replays the tournament from them exactly as a resumed
//! local run would ([`morris::referee::tournament::resume`]), and where it meets games not yet
//! recorded it writes them as the next wave instead of playing them: `DIR/wave-W.tsv`
//! (task, game number, white, black, opening), a job array `DIR/wave-W.sh` with a task
//! per pairing (`--slurm-task W:K`, which plays those games into
//! `DIR/records/wave-W-task-K.tsv`), and `DIR/next-W.sh`, the planner again, chained
//! with `afterany`. A round robin or a gauntlet is one wave; a knockout is a wave per
//! round (and per tie-break). When nothing is left, the planner prints the standings
//! and writes them to `DIR/standings`. The same seed gives the same games, numbers and
//! openings as a local run, so the records and standings are the same.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail, ensure};
use nom::Parser;
use nom::character::complete::{char, u32 as number};
use nom::combinator::all_consuming;

use morris::referee::engine::EngineCommand;
use morris::referee::game::GameSettings;
use morris::referee::outcome::record::{RecordWriter, parse_records};
use morris::referee::tournament::bracket::Pairing;
use morris::referee::tournament::resume::{Fingerprint, Ledger};
use morris::referee::tournament::runner::Runner;

/// The folder of the tasks' record files.
fn records(dir: &Path) -> PathBuf {
    dir.join("records")
}

/// Every game the tasks of `dir` recorded, checked against this tournament's settings.
///
/// # Errors
/// A record file that cannot be read, or one of another tournament.
pub fn ledger(dir: &Path, fingerprint: &Fingerprint) -> anyhow::Result<Ledger> {
    let folder = records(dir);
    std::fs::create_dir_all(&folder).with_context(|| format!("cannot create {}", folder.display()))?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .with_context(|| format!("cannot read {}", folder.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "tsv"))
        .collect();
    files.sort();
    let mut games = Vec::new();
    for path in files {
        let text = morris::files::read_text(&path, morris::files::GAMES_TEXT)
            .with_context(|| format!("cannot read {}", path.display()))?;
        // A task killed while writing leaves a last line without its end: played again.
        let whole = &text[..text.rfind('\n').map_or(0, |i| i + 1)];
        if let Some(recorded) = Fingerprint::find_in(whole)
            && let Some(diff) = fingerprint.difference(&recorded)
        {
            bail!("{} was written by another tournament ({diff}); use another --slurm folder", path.display());
        }
        games.extend(parse_records(whole).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?);
    }
    Ok(Ledger::new(games, true)?)
}

/// `W:K`.
fn parse_task(text: &str) -> Option<(u32, u32)> {
    let parsed: nom::IResult<&str, (u32, char, u32)> = all_consuming((number, char(':'), number)).parse(text);
    parsed.ok().map(|(_, (w, _, k))| (w, k))
}

/// The wave file's games of task `task`.
fn task_games(text: &str, task: u32) -> anyhow::Result<Vec<(usize, Pairing)>> {
    let mut games = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        let field = |k: usize| -> anyhow::Result<usize> {
            f.get(k)
                .and_then(|v| v.parse().ok())
                .with_context(|| format!("line {}: field {} is not a number", i + 1, k + 1))
        };
        ensure!(f.len() == 5, "line {}: {} fields, not 5", i + 1, f.len());
        if field(0)? == task as usize {
            let opening = if f[4] == "-" { String::new() } else { f[4].to_string() };
            games.push((field(1)?, Pairing { white: field(2)?, black: field(3)?, opening }));
        }
    }
    Ok(games)
}

/// Plays task `task` (`W:K`) of a wave: its games, into its own record file.
///
/// # Errors
/// A bad task, a missing wave file, or a game that could not be played or recorded.
pub fn play_task(
    dir: &Path,
    task: &str,
    fingerprint: &Fingerprint,
    engines: &[EngineCommand],
    settings: GameSettings,
) -> anyhow::Result<ExitCode> {
    let (wave, k) = parse_task(task).with_context(|| format!("--slurm-task {task:?} is not WAVE:TASK"))?;
    let file = dir.join(format!("wave-{wave}.tsv"));
    let text = morris::files::read_text(&file, morris::files::SMALL_TEXT)
        .with_context(|| format!("cannot read {}", file.display()))?;
    let games = task_games(&text, k).with_context(|| file.display().to_string())?;
    ensure!(!games.is_empty(), "{} has no games for task {k}", file.display());
    std::fs::create_dir_all(records(dir))?;
    let path = records(dir).join(format!("wave-{wave}-task-{k}.tsv"));
    let writer = RecordWriter::create_with(Some(&path), &[fingerprint.line()])?;
    let runner = Runner::new(engines.to_vec(), settings, 1, writer, Box::new(()));
    let played = runner.play_numbered(&games)?;
    say!("wave {wave} task {k}: {} game(s) played into {}", played.len(), path.display());
    Ok(ExitCode::SUCCESS)
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

/// Writes the next wave (`todo`: the games not yet recorded that the tournament needs
/// now) and the planner job after it; submits both with `submit`.
///
/// # Errors
/// A wave that would repeat the last one's games (its tasks failed: see the logs), or
/// files that cannot be written, or sbatch failing.
pub fn plan_wave(dir: &Path, todo: &[(usize, Pairing)], submit: bool) -> anyhow::Result<ExitCode> {
    let last = last_wave(dir);
    if last > 0 {
        let previous = morris::files::read_text(&dir.join(format!("wave-{last}.tsv")), morris::files::SMALL_TEXT)
            .unwrap_or_default();
        let before: Vec<usize> = previous
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split('\t').nth(1)?.parse().ok())
            .collect();
        if todo.iter().all(|(n, _)| before.contains(n)) {
            bail!(
                "wave {last}'s games are still not recorded: its tasks failed (see {}); run the command again to retry",
                dir.join("logs").display()
            );
        }
    }
    let wave = last + 1;
    // A task per pairing, in the order the tournament asks for them.
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
    std::fs::create_dir_all(dir.join("logs"))?;
    let dir = std::fs::canonicalize(dir)?;
    let binary = std::env::current_exe().context("cannot find this binary's path")?;
    let cwd = std::env::current_dir()?;
    // The same command line, without --submit: every job runs it from the same folder.
    let argv: Vec<String> = std::env::args().skip(1).filter(|a| a != "--submit").collect();
    let settings = super::slurm::TournamentJob { binary: &binary, cwd: &cwd, dir: &dir, argv: &argv };
    let files = [
        (format!("wave-{wave}.tsv"), table),
        (format!("wave-{wave}.sh"), super::slurm::wave_script(wave, tasks.len(), &settings)),
        (format!("next-{wave}.sh"), super::slurm::planner_script(wave, &settings)),
        (format!("submit-{wave}.sh"), super::slurm::submit_wave_script(wave)),
    ];
    for (name, text) in &files {
        morris::files::write_whole(&dir.join(name), text.as_bytes())?;
    }
    let submit_script = dir.join(format!("submit-{wave}.sh"));
    say!("wave {wave}: {} game(s) in {} task(s): {}", todo.len(), tasks.len(), dir.join(&files[0].0).display());
    super::slurm::submit_or_say(&submit_script, submit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tasks_are_read_from_the_wave_file() {
        assert_eq!(parse_task("3:12"), Some((3, 12)));
        assert_eq!(parse_task("3:"), None);
        assert_eq!(parse_task("x:1"), None);
        let text = "# task\tgame\twhite\tblack\topening\n0\t1\t0\t1\t-\n0\t2\t1\t0\t-\n1\t3\t0\t2\tD2 F4\n";
        let games = task_games(text, 1).unwrap();
        assert_eq!(games, vec![(3, Pairing { white: 0, black: 2, opening: "D2 F4".into() })]);
        assert_eq!(task_games(text, 0).unwrap().len(), 2);
        assert!(task_games("0\t1\t0\n", 0).is_err());
    }
}
