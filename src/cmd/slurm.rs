//! The Slurm scripts: `morris tablebase slurm`'s (one sbatch job array per level of the
//! build graph (`tablebase::driver::cells`), chained with `afterok`, each task building one cell
//! with `morris tablebase build --cell`) and `morris tournament --slurm`'s (a job array
//! per wave of games, and the planner after it). Only text: [`mod@super::tablebase`] and
//! [`super::tournament_slurm`] write and submit.

use std::fmt::Write as _;
use std::path::Path;

use morris::tablebase::{Cell, RuleProfile};
use morris::words::shell_word;

/// What every job of a build shares.
#[derive(Clone, Debug)]
pub struct JobSettings<'a> {
    /// The `morris` binary, at the same path on every node.
    pub binary: &'a Path,
    /// The table directory, on a file system every node shares (absolute).
    pub dir: &'a Path,
    /// Cores per task (the solver's threads).
    pub cpus: usize,
    /// At most this many tasks of one array at once (`%N`), if set.
    pub max_jobs: Option<usize>,
    /// The rule profile the tables are built under.
    pub profile: RuleProfile,
}

/// Memory to ask for a cell, in MiB: its estimate with a quarter more and 256 MiB for the
/// process itself.
#[must_use]
pub fn memory_mib(cell: Cell) -> u64 {
    (cell.memory_bytes() + cell.memory_bytes() / 4).div_ceil(1 << 20) + 256
}

/// Time to ask for a cell, in minutes: four times its estimate (the measured times were
/// taken with the cores shared), at least ten minutes.
#[must_use]
pub fn time_minutes(cell: Cell) -> u64 {
    ((4.0 * cell.estimated_seconds() / 60.0).ceil() as u64).max(10)
}

/// The `#SBATCH` lines every job of a table build shares: one task on one node with the
/// job's cores, `mem_mib` of memory and `minutes`, dropped when a job it waits for fails,
/// its Slurm output in the logs folder under `output`.
fn resources(s: &mut String, job: &JobSettings<'_>, mem_mib: u64, minutes: u64, output: &str) {
    let _ = writeln!(s, "#SBATCH --nodes=1");
    let _ = writeln!(s, "#SBATCH --ntasks=1");
    let _ = writeln!(s, "#SBATCH --cpus-per-task={}", job.cpus);
    let _ = writeln!(s, "#SBATCH --mem={mem_mib}M");
    let _ = writeln!(s, "#SBATCH --time={minutes}");
    let _ = writeln!(s, "#SBATCH --kill-on-invalid-dep=yes");
    let _ = writeln!(s, "#SBATCH --output={}", sbatch_path(&job.dir.join("logs").join(output)));
}

/// The sbatch script of one level: an array with a task per cell.
#[must_use]
pub fn level_script(level: usize, cells: &[Cell], job: &JobSettings<'_>) -> String {
    let dir = shell_word(&job.dir.display().to_string());
    let logs = shell_word(&job.dir.join("logs").display().to_string());
    let mem = cells.iter().map(|&c| memory_mib(c)).max().unwrap_or(256);
    let minutes = cells.iter().map(|&c| time_minutes(c)).max().unwrap_or(10);
    let limit = job.max_jobs.map(|n| format!("%{n}")).unwrap_or_default();
    let names: Vec<String> = cells.iter().map(ToString::to_string).collect();
    let mut s = String::new();
    let _ = writeln!(s, "#!/bin/bash");
    let _ = writeln!(s, "# Level {level} of the table build: {} cell(s), each on one node.", cells.len());
    let _ = writeln!(s, "# Written by `morris tablebase slurm`; submit.sh chains the levels with afterok.");
    let _ = writeln!(s, "#SBATCH --job-name=morris-tb-level-{level:02}");
    let _ = writeln!(s, "#SBATCH --array=0-{}{limit}", cells.len().saturating_sub(1));
    resources(&mut s, job, mem, minutes, "slurm-%A_%a.out");
    let _ = writeln!(s, "set -euo pipefail");
    let _ = writeln!(s, "cells=({})", names.join(" "));
    let _ = writeln!(s, "cell=${{cells[$SLURM_ARRAY_TASK_ID]}}");
    let _ = writeln!(s, "mkdir -p {logs}");
    let _ = writeln!(s, "exec >>{logs}/\"$cell.log\" 2>&1");
    let _ = writeln!(
        s,
        "echo \"$(date -u +%FT%TZ) cell $cell: job ${{SLURM_ARRAY_JOB_ID}}_$SLURM_ARRAY_TASK_ID on $(hostname)\""
    );
    let _ = writeln!(
        s,
        "exec {} tablebase build --dir {dir} --cell \"$cell\" --threads \"${{SLURM_CPUS_PER_TASK:-{}}}\" \
         --no-removal-plies {}",
        shell_word(&job.binary.display().to_string()),
        job.cpus,
        job.profile.no_removal_plies()
    );
    s
}

/// The last job of a build with placing cells: packs them (`morris tablebase pack`, as a
/// local build does at its end) once every level has been built.
#[must_use]
pub fn pack_script(stones: u8, job: &JobSettings<'_>) -> String {
    let dir = shell_word(&job.dir.display().to_string());
    let logs = shell_word(&job.dir.join("logs").display().to_string());
    let mut s = String::new();
    let _ = writeln!(s, "#!/bin/bash");
    let _ = writeln!(s, "# The end of the table build: packs the placing cells with their set's dictionary.");
    let _ = writeln!(s, "# Written by `morris tablebase slurm`; submit.sh runs it after the last level.");
    let _ = writeln!(s, "#SBATCH --job-name=morris-tb-pack");
    resources(&mut s, job, 4096, 240, "slurm-pack-%j.out");
    let _ = writeln!(s, "set -euo pipefail");
    let _ = writeln!(s, "mkdir -p {logs}");
    let _ = writeln!(s, "exec >>{logs}/pack.log 2>&1");
    let _ = writeln!(
        s,
        "exec {} tablebase pack --dir {dir} --stones {stones} --threads \"${{SLURM_CPUS_PER_TASK:-{}}}\" \
         --no-removal-plies {}",
        shell_word(&job.binary.display().to_string()),
        job.cpus,
        job.profile.no_removal_plies()
    );
    s
}

/// The script that submits `levels` (file names, in order), each after the one before
/// it has succeeded.
#[must_use]
pub fn submit_script(levels: &[String]) -> String {
    let mut s = String::from(
        "#!/bin/bash\n# Submits the levels of the table build in order, each after the one before succeeded.\n\
         # Written by `morris tablebase slurm`; run it again after a failure to build what is missing\n\
         # (better: run `morris tablebase slurm --submit` again, which leaves out what is built).\n\
         set -euo pipefail\ncd \"$(dirname \"$0\")\"\nprev=\n",
    );
    for name in levels {
        let _ = writeln!(
            s,
            "id=$(sbatch --parsable ${{prev:+--dependency=afterok:$prev}} {name}); prev=${{id%%;*}}; echo \"{name}: job $prev\""
        );
    }
    s
}

/// What every job of a tournament on Slurm shares.
#[derive(Clone, Copy, Debug)]
pub struct TournamentJob<'a> {
    /// The `morris` binary, at the same path on every node.
    pub binary: &'a Path,
    /// The folder the command was run from (relative paths in it are from here).
    pub cwd: &'a Path,
    /// The tournament's Slurm folder (absolute, shared by every node).
    pub dir: &'a Path,
    /// The `morris` arguments of the planner, without `--submit`.
    pub argv: &'a [String],
}

impl TournamentJob<'_> {
    fn command(&self, extra: &str) -> String {
        let mut words = vec![shell_word(&self.binary.display().to_string())];
        words.extend(self.argv.iter().map(|a| shell_word(a)));
        format!("cd {} && exec {} {extra}", shell_word(&self.cwd.display().to_string()), words.join(" "))
    }
}

/// The job array of wave `wave`: a task per pairing, each playing its games (two cores:
/// one per engine).
#[must_use]
pub fn wave_script(wave: u32, tasks: usize, job: &TournamentJob<'_>) -> String {
    let logs = job.dir.join("logs");
    let mut s = String::new();
    let _ = writeln!(s, "#!/bin/bash");
    let _ = writeln!(s, "# Wave {wave} of the tournament: {tasks} task(s), a pairing each.");
    let _ = writeln!(s, "# Written by `morris tournament --slurm`; next-{wave}.sh plans what follows.");
    let _ = writeln!(s, "#SBATCH --job-name=morris-wave-{wave}");
    let _ = writeln!(s, "#SBATCH --array=0-{}", tasks.saturating_sub(1));
    let _ = writeln!(s, "#SBATCH --nodes=1");
    let _ = writeln!(s, "#SBATCH --ntasks=1");
    let _ = writeln!(s, "#SBATCH --cpus-per-task=2");
    let _ = writeln!(s, "#SBATCH --output={}", sbatch_path(&logs.join(format!("wave-{wave}-%a.out"))));
    let _ = writeln!(s, "set -euo pipefail");
    let _ = writeln!(s, "{}", job.command(&format!("--slurm-task {wave}:\"$SLURM_ARRAY_TASK_ID\"")));
    s
}

/// The planner that runs after wave `wave`: the same command, which records nothing
/// itself, submits the next wave or writes the standings.
#[must_use]
pub fn planner_script(wave: u32, job: &TournamentJob<'_>) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "#!/bin/bash");
    let _ = writeln!(s, "# Plans what follows wave {wave}: the next wave, or the standings when all is played.");
    let _ = writeln!(s, "#SBATCH --job-name=morris-plan-{wave}");
    let _ = writeln!(s, "#SBATCH --nodes=1");
    let _ = writeln!(s, "#SBATCH --ntasks=1");
    let _ = writeln!(s, "#SBATCH --output={}", sbatch_path(&job.dir.join("logs").join(format!("plan-{wave}.out"))));
    let _ = writeln!(s, "set -euo pipefail");
    let _ = writeln!(s, "{}", job.command("--submit"));
    s
}

/// Submits wave `wave` and its planner, chained with `afterany` (the planner sees what
/// a failed task left unplayed and plans it again).
#[must_use]
pub fn submit_wave_script(wave: u32) -> String {
    format!(
        "#!/bin/bash\n# Submits wave {wave} and the planner after it.\nset -euo pipefail\ncd \"$(dirname \"$0\")\"\n\
         id=$(sbatch --parsable wave-{wave}.sh); id=${{id%%;*}}\n\
         plan=$(sbatch --parsable --dependency=afterany:$id next-{wave}.sh)\n\
         echo \"wave {wave}: job array $id, then the planner ${{plan%%;*}}\"\n"
    )
}

/// Runs the submit script `script` with bash when `submit`, else says how to.
///
/// # Errors
/// bash cannot be run, or the script failed (no sbatch, no cluster).
pub fn submit_or_say(script: &Path, submit: bool) -> anyhow::Result<std::process::ExitCode> {
    use anyhow::Context as _;
    if !submit {
        say!("submit with: bash {}", script.display());
        return Ok(std::process::ExitCode::SUCCESS);
    }
    let status = std::process::Command::new("bash")
        .arg(script)
        .status()
        .with_context(|| format!("cannot run bash {}", script.display()))?;
    anyhow::ensure!(status.success(), "submitting failed ({status}): is sbatch on the PATH and the cluster up?");
    Ok(std::process::ExitCode::SUCCESS)
}

/// A path in an `#SBATCH` line: in double quotes where it has a blank (sbatch reads
/// `#SBATCH` lines as it reads its command line, quotes included).
fn sbatch_path(path: &Path) -> String {
    let text = path.display().to_string();
    if text.contains(char::is_whitespace) { format!("\"{text}\"") } else { text }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_is_an_array_over_its_cells_with_the_largest_request() {
        let cells: Vec<Cell> = ["3-3", "3-4"].iter().map(|c| c.parse().unwrap()).collect();
        let job = JobSettings {
            binary: Path::new("/opt/morris bin/morris"),
            dir: Path::new("/shared/tb"),
            cpus: 2,
            max_jobs: Some(4),
            profile: RuleProfile::new(100),
        };
        let s = level_script(0, &cells, &job);
        assert!(s.contains("#SBATCH --array=0-1%4\n"), "{s}");
        assert!(s.contains("cells=(3-3 3-4)\n"));
        assert!(s.contains("'/opt/morris bin/morris' tablebase build --dir /shared/tb --cell \"$cell\""));
        assert!(s.contains(&format!("#SBATCH --mem={}M\n", memory_mib(cells[1]))));
        assert!(s.contains("#SBATCH --time=10\n"));
        let submit = submit_script(&["level-00.sh".into(), "level-01.sh".into()]);
        assert!(submit.contains("sbatch --parsable ${prev:+--dependency=afterok:$prev} level-01.sh"));
        let pack = pack_script(9, &job);
        assert!(pack.contains("tablebase pack --dir /shared/tb --stones 9 --threads"), "{pack}");
        assert!(pack.contains("--no-removal-plies 100") && pack.contains("#SBATCH --cpus-per-task=2"), "{pack}");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
        assert_eq!(sbatch_path(Path::new("/a b/x.out")), "\"/a b/x.out\"");
        assert_eq!(sbatch_path(Path::new("/ab/x.out")), "/ab/x.out");
    }
}
