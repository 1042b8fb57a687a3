//! `morris tournament --slurm DIR`: a tournament played by a Slurm cluster, in waves.
//!
//! Each run of the command (by hand first, then as a job) is a planner: it reads every
//! record file in `DIR/records`, replays the tournament from them exactly as a resumed
//! local run would ([`morris::referee::tournament::resume`]), and where it meets games not yet
//! recorded it writes them as the next wave instead of playing them: `DIR/wave-W.tsv`
//! (task, game number, white, black, opening), a job array `DIR/wave-W.sh` with a task
//! per pairing (`--slurm-task W:K`, which plays those games into
//! `DIR/records/wave-W-task-K.tsv`), and `DIR/next-W.sh`, the planner again, chained
//! with `afterany`. The waves' files and games are the library's
//! ([`morris::referee::tournament::waves`]); the job scripts and sbatch are this module's. A round robin or a gauntlet is one wave; a knockout is a wave per
//! round (and per tie-break). When nothing is left, the planner prints the standings
//! and writes them to `DIR/standings`. The same seed gives the same games, numbers and
//! openings as a local run, so the records and standings are the same.

use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use nom::Parser;
use nom::character::complete::{char, u32 as number};
use nom::combinator::all_consuming;

use morris::referee::engine::EngineCommand;
use morris::referee::game::GameSettings;
use morris::referee::tournament::bracket::Pairing;
use morris::referee::tournament::resume::Fingerprint;
use morris::referee::tournament::waves::{self, next_wave};

/// `W:K`.
fn parse_task(text: &str) -> Option<(u32, u32)> {
    let parsed: nom::IResult<&str, (u32, char, u32)> = all_consuming((number, char(':'), number)).parse(text);
    parsed.ok().map(|(_, (w, _, k))| (w, k))
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
    let report = waves::play_task(dir, (wave, k), fingerprint, engines, settings)?;
    say!("wave {wave} task {k}: {} game(s) played into {}", report.played, report.record.display());
    Ok(ExitCode::SUCCESS)
}

/// Writes the next wave (`todo`: the games not yet recorded that the tournament needs
/// now) and the planner job after it; submits both with `submit`.
///
/// # Errors
/// A wave that would repeat the last one's games (its tasks failed: see the logs), or
/// files that cannot be written, or sbatch failing.
pub fn plan_wave(dir: &Path, todo: &[(usize, Pairing)], submit: bool) -> anyhow::Result<ExitCode> {
    let next = next_wave(dir, todo)?;
    let wave = next.number;
    std::fs::create_dir_all(dir.join("logs"))?;
    let dir = std::fs::canonicalize(dir)?;
    let binary = std::env::current_exe().context("cannot find this binary's path")?;
    let cwd = std::env::current_dir()?;
    // The same command line, without --submit: every job runs it from the same folder.
    let argv: Vec<String> = std::env::args().skip(1).filter(|a| a != "--submit").collect();
    let settings = super::slurm::TournamentJob { binary: &binary, cwd: &cwd, dir: &dir, argv: &argv };
    let files = [
        (format!("wave-{wave}.tsv"), next.table),
        (format!("wave-{wave}.sh"), super::slurm::wave_script(wave, next.tasks, &settings)),
        (format!("next-{wave}.sh"), super::slurm::planner_script(wave, &settings)),
        (format!("submit-{wave}.sh"), super::slurm::submit_wave_script(wave)),
    ];
    for (name, text) in &files {
        morris::files::write_whole(&dir.join(name), text.as_bytes())?;
    }
    let submit_script = dir.join(format!("submit-{wave}.sh"));
    say!("wave {wave}: {} game(s) in {} task(s): {}", todo.len(), next.tasks, dir.join(&files[0].0).display());
    super::slurm::submit_or_say(&submit_script, submit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_task_is_wave_colon_task() {
        assert_eq!(parse_task("3:12"), Some((3, 12)));
        assert_eq!(parse_task("3:"), None);
        assert_eq!(parse_task("x:1"), None);
    }
}
