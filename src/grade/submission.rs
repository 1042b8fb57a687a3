//! Submissions: finding them, unpacking and copying them into a work folder, building
//! them, and finding the eight programs by the handout's names.
//!
//! A submission is a folder or a zip named with the student's net ID. A folder with no
//! program at its top that holds a zip, or two or more folders holding programs (other
//! than a project's usual `src`, `bin`, `out`, … folders), is a folder of submissions.
//! Programs are found by name anywhere inside a submission: an executable `NAME`,
//! `NAME.py` (python3), `NAME.java` (javac, then java; a `package` line is honoured),
//! `NAME.class`, `NAME.c`/`NAME.cpp` (a Makefile beside them is run first; otherwise
//! gcc/g++ compile each with the sources beside it that have no `main`), or a jar
//! (`java -cp JAR NAME`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::class_file::{StudentCommands, read_student_file};
use super::run::{RunOutcome, RunSpec, run};
use crate::classroom::ALL_PROGRAMS;

/// One student's submission as handed in.
#[derive(Clone, Debug)]
pub struct Submission {
    /// The net ID (the folder's or zip's name).
    pub net_id: String,
    /// The folder or zip.
    pub path: PathBuf,
}

/// Why the submissions cannot be listed.
#[derive(Debug, thiserror::Error)]
pub enum SubmissionError {
    /// A path given does not exist.
    #[error("{0}: no such file or folder")]
    Missing(String),
    /// A path is neither a folder nor a zip.
    #[error("{0}: not a folder or a .zip file")]
    NotASubmission(String),
}

/// The file names that mark a folder as one student's submission.
fn is_program_file(name: &str) -> bool {
    let stem = name.split('.').next().unwrap_or(name);
    ALL_PROGRAMS.iter().any(|p| p.name == stem) || name == "grade.toml"
}

fn holds_programs(dir: &Path) -> bool {
    walk(dir).iter().any(|f| f.file_name().and_then(|n| n.to_str()).is_some_and(is_program_file))
}

/// Every file below `dir` (hidden folders and `__MACOSX` skipped), sorted.
#[must_use]
pub fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for e in entries.flatten() {
            let path = e.path();
            let name = e.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || name == "__MACOSX" {
                continue;
            }
            match e.file_type() {
                Ok(t) if t.is_dir() => stack.push(path),
                Ok(t) if t.is_file() => out.push(path),
                _ => {}
            }
        }
    }
    out.sort();
    out
}

/// Folders inside one submission that hold programs without being students of their own.
const BUILD_FOLDERS: [&str; 9] = ["src", "bin", "out", "build", "classes", "target", "dist", "lib", "source"];

/// A folder of submissions rather than one: no program at its top, and a zip or two or
/// more folders holding programs (not counting a project's usual `src`, `bin`, … folders).
fn is_class_folder(dir: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else { return false };
    let children: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    let name = |p: &PathBuf| p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if children.iter().any(|p| p.is_file() && is_program_file(&name(p))) {
        return false;
    }
    let students = children
        .iter()
        .filter(|p| {
            (p.is_dir() && holds_programs(p) && !BUILD_FOLDERS.contains(&name(p).to_lowercase().as_str()))
                || (p.is_file() && is_zip(p))
        })
        .count();
    students >= 2 || children.iter().any(|p| p.is_file() && is_zip(p))
}

fn is_zip(path: &Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("zip"))
}

fn net_id_of(path: &Path) -> String {
    path.file_stem().map_or_else(|| "unnamed".to_string(), |s| s.to_string_lossy().into_owned())
}

/// The submissions named by `paths`: each a folder or zip per student, or a folder of them.
///
/// # Errors
/// A path that does not exist or is neither a folder nor a zip.
pub fn find_submissions(paths: &[PathBuf]) -> Result<Vec<Submission>, SubmissionError> {
    let mut out = Vec::new();
    for path in paths {
        let shown = path.display().to_string();
        if !path.exists() {
            return Err(SubmissionError::Missing(shown));
        }
        if path.is_file() {
            if !is_zip(path) {
                return Err(SubmissionError::NotASubmission(shown));
            }
            out.push(Submission { net_id: net_id_of(path), path: path.clone() });
        } else if !is_class_folder(path) {
            out.push(Submission { net_id: net_id_of(path), path: path.clone() });
        } else {
            let mut children: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|_| SubmissionError::NotASubmission(shown.clone()))?
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.is_dir() || is_zip(p))
                .filter(|p| !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')))
                .collect();
            children.sort();
            out.extend(children.into_iter().map(|p| Submission { net_id: net_id_of(&p), path: p }));
        }
    }
    Ok(out)
}

/// One command run while building, for the report.
#[derive(Clone, Debug)]
pub struct Step {
    /// The command, as a shell would show it.
    pub command: String,
    /// How it ended.
    pub outcome: RunOutcome,
}

/// A built submission: a command per program found.
#[derive(Clone, Debug, Default)]
pub struct Built {
    /// Program name to (argv without the three arguments, working folder, how it was found).
    pub programs: BTreeMap<String, (Vec<String>, PathBuf, String)>,
    /// Build steps run.
    pub steps: Vec<Step>,
    /// Why the submission could not be used at all (unpacking, a bad grade.toml).
    pub fatal: Option<String>,
}

/// Shell-like text of an argv, for reports.
#[must_use]
pub fn shown(argv: &[String]) -> String {
    argv.iter()
        .map(|a| if a.is_empty() || a.contains([' ', '"', '\'']) { format!("'{a}'") } else { a.clone() })
        .collect::<Vec<_>>()
        .join(" ")
}

struct Builder<'a> {
    built: Built,
    limit: Duration,
    root: &'a Path,
}

impl Builder<'_> {
    fn step(&mut self, argv: Vec<String>, dir: &Path) -> bool {
        let outcome = run(&RunSpec {
            argv: argv.clone(),
            dir: dir.to_path_buf(),
            time_limit: self.limit,
            output_limit: 16 * 1024,
            writable: Some(self.root.to_path_buf()),
        });
        let ok = outcome.succeeded();
        let command = format!("(in {}) {}", relative(self.root, dir), shown(&argv));
        self.built.steps.push(Step { command, outcome });
        ok
    }

    fn found(&mut self, name: &str, argv: Vec<String>, dir: &Path, how: String) {
        self.built.programs.entry(name.to_string()).or_insert((argv, dir.to_path_buf(), how));
    }
}

fn relative(root: &Path, p: &Path) -> String {
    let r = p.strip_prefix(root).unwrap_or(p).display().to_string();
    if r.is_empty() { ".".into() } else { r }
}

fn s(p: &Path) -> String {
    p.display().to_string()
}

/// Unpacks or copies `sub` into `work` (emptied first).
///
/// # Errors
/// A zip that cannot be extracted or a folder that cannot be copied, as one line.
pub fn unpack(sub: &Submission, work: &Path, limit: Duration) -> Result<(), String> {
    let _ = std::fs::remove_dir_all(work);
    std::fs::create_dir_all(work).map_err(|e| format!("{}: {}", work.display(), crate::files::io_reason(&e)))?;
    if sub.path.is_file() {
        let zip = std::fs::canonicalize(&sub.path).unwrap_or_else(|_| sub.path.clone());
        let argv = vec!["unzip".into(), "-qq".into(), "-o".into(), s(&zip), "-d".into(), s(work)];
        let writable = Some(work.to_path_buf());
        let out = run(&RunSpec { argv, dir: work.to_path_buf(), time_limit: limit, output_limit: 4096, writable });
        if !out.succeeded() {
            let why = out.stderr.lines().chain(out.stdout.lines()).find(|l| !l.trim().is_empty()).unwrap_or("");
            return Err(format!(
                "{}: not a usable zip file ({}{})",
                sub.path.display(),
                out.describe(),
                if why.is_empty() { String::new() } else { format!(": {}", why.trim()) }
            ));
        }
        Ok(())
    } else {
        copy_dir(&sub.path, work)
            .map_err(|e| format!("{}: cannot copy: {}", sub.path.display(), crate::files::io_reason(&e)))
    }
}

fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for e in std::fs::read_dir(from)? {
        let e = e?;
        let t = e.file_type()?;
        let dest = to.join(e.file_name());
        if t.is_dir() {
            copy_dir(&e.path(), &dest)?;
        } else if t.is_file() {
            std::fs::copy(e.path(), &dest)?;
        }
    }
    Ok(())
}

/// The Python interpreter, resolved once per run: `python3` on PATH may be a version
/// manager's shim (pyenv's is a shell script costing a tenth of a second per call).
fn python(limit: Duration) -> String {
    static RESOLVED: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    RESOLVED
        .get_or_init(|| {
            let argv = vec!["python3".into(), "-c".into(), "import sys; print(sys.executable)".into()];
            let out = run(&RunSpec {
                argv,
                dir: std::env::temp_dir(),
                time_limit: limit,
                output_limit: 4096,
                writable: None,
            });
            let path = out.stdout.trim();
            if out.succeeded() && Path::new(path).is_file() { path.to_string() } else { "python3".to_string() }
        })
        .clone()
}

fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

fn java_package(source: &Path) -> Option<String> {
    let text = crate::files::read_text(source, crate::files::SMALL_TEXT).ok()?;
    text.lines()
        .map(str::trim)
        .find_map(|l| l.strip_prefix("package "))
        .map(|p| p.trim_end_matches(';').trim().to_string())
}

fn has_main(source: &Path) -> bool {
    crate::files::read_text(source, crate::files::SMALL_TEXT).is_ok_and(|t| t.contains("main("))
}

/// Builds the submission unpacked in `work` and finds its eight programs. `commands` are
/// the class file's for this student; a `grade.toml` in the submission adds to them.
#[must_use]
pub fn build(work: &Path, commands: Option<&StudentCommands>, limit: Duration) -> Built {
    let mut b = Builder { built: Built::default(), limit, root: work };
    let mut commands = commands.cloned().unwrap_or_default();
    let files = walk(work);
    if let Some(own) = files.iter().find(|f| f.file_name().is_some_and(|n| n == "grade.toml")) {
        match read_student_file(own) {
            Ok(c) => {
                commands.build.extend(c.build);
                for (k, v) in c.programs {
                    commands.programs.entry(k).or_insert(v);
                }
            }
            Err(e) => {
                b.built.fatal = Some(format!("bad grade.toml in the submission: {e}"));
                return b.built;
            }
        }
    }
    for step in &commands.build {
        b.step(step.clone(), work);
    }
    for (name, argv) in &commands.programs {
        b.found(name, argv.clone(), work, "given by the class file".into());
    }
    let by_name = |name: &str| {
        files.iter().filter(move |f| f.file_name().is_some_and(|n| n == name)).cloned().collect::<Vec<_>>()
    };
    // C and C++: a Makefile beside the sources first.
    let mut made = Vec::new();
    for p in ALL_PROGRAMS {
        for ext in ["c", "cpp", "cc", "cxx"] {
            for src in by_name(&format!("{}.{ext}", p.name)) {
                let dir = src.parent().unwrap_or(work).to_path_buf();
                if !made.contains(&dir) && ["Makefile", "makefile", "GNUmakefile"].iter().any(|m| dir.join(m).is_file())
                {
                    made.push(dir.clone());
                    b.step(vec!["make".into()], &dir);
                }
            }
        }
    }
    // Java sources: all at once; if that fails, each program alone from its folder.
    let java: Vec<PathBuf> = files.iter().filter(|f| f.extension().is_some_and(|e| e == "java")).cloned().collect();
    let classes = work.join(".grade-classes");
    let mut java_ok = false;
    if !java.is_empty() && !ALL_PROGRAMS.iter().all(|p| b.built.programs.contains_key(p.name)) {
        let mut argv =
            vec!["javac".into(), "-encoding".into(), "UTF-8".into(), "-nowarn".into(), "-d".into(), s(&classes)];
        argv.extend(java.iter().map(|f| s(f)));
        java_ok = b.step(argv, work);
    }
    let bin = work.join(".grade-bin");
    for p in ALL_PROGRAMS {
        let name = p.name;
        if b.built.programs.contains_key(name) {
            continue;
        }
        // An executable of the program's name (a Makefile's output, a shipped binary).
        if let Some(exe) = files
            .iter()
            .chain(made.iter().map(|d| d.join(name)).collect::<Vec<_>>().iter())
            .find(|f| f.file_name().is_some_and(|n| n == name) && is_executable(f))
            .cloned()
        {
            let dir = exe.parent().unwrap_or(work).to_path_buf();
            b.found(name, vec![s(&exe)], &dir, format!("executable {}", relative(work, &exe)));
            continue;
        }
        if let Some(py) = by_name(&format!("{name}.py")).first() {
            let dir = py.parent().unwrap_or(work).to_path_buf();
            b.found(name, vec![python(limit), s(py)], &dir, format!("Python {}", relative(work, py)));
            continue;
        }
        if let Some(src) = by_name(&format!("{name}.java")).first() {
            let class = java_package(src).map_or_else(|| name.to_string(), |p| format!("{p}.{name}"));
            let mut ok = java_ok;
            if !ok {
                let dir = src.parent().unwrap_or(work);
                let argv = vec![
                    "javac".into(),
                    "-encoding".into(),
                    "UTF-8".into(),
                    "-nowarn".into(),
                    "-d".into(),
                    s(&classes),
                    "-sourcepath".into(),
                    s(dir),
                    s(src),
                ];
                ok = b.step(argv, work);
            }
            if ok {
                b.found(
                    name,
                    vec!["java".into(), "-cp".into(), s(&classes), class],
                    work,
                    format!("Java {}", relative(work, src)),
                );
            }
            continue;
        }
        if let Some(cls) = by_name(&format!("{name}.class")).first() {
            let dir = cls.parent().unwrap_or(work).to_path_buf();
            b.found(
                name,
                vec!["java".into(), "-cp".into(), s(&dir), name.into()],
                &dir,
                format!("Java class {}", relative(work, cls)),
            );
            continue;
        }
        let source = ["c", "cpp", "cc", "cxx"]
            .iter()
            .find_map(|ext| by_name(&format!("{name}.{ext}")).into_iter().next().map(|f| (f, *ext)));
        if let Some((src, ext)) = source {
            let dir = src.parent().unwrap_or(work).to_path_buf();
            let compiler = if ext == "c" { "gcc" } else { "g++" };
            let _ = std::fs::create_dir_all(&bin);
            let exe = bin.join(name);
            let mut argv = vec![compiler.to_string(), "-O2".into(), "-o".into(), s(&exe), s(&src)];
            // Helpers beside it without a main of their own (shared move generation).
            for f in walk(&dir) {
                if f.parent() == Some(dir.as_path())
                    && f != src
                    && f.extension().is_some_and(|e| e == ext)
                    && !has_main(&f)
                {
                    argv.push(s(&f));
                }
            }
            argv.push("-lm".into());
            if b.step(argv, &dir) {
                b.found(
                    name,
                    vec![s(&exe)],
                    &dir,
                    format!("{} {}", if ext == "c" { "C" } else { "C++" }, relative(work, &src)),
                );
            }
            continue;
        }
        if let Some(jar) = files.iter().find(|f| f.extension().is_some_and(|e| e == "jar")) {
            b.found(
                name,
                vec!["java".into(), "-cp".into(), s(jar), name.into()],
                work,
                format!("jar {}", relative(work, jar)),
            );
        }
    }
    b.built
}
