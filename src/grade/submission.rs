//! Submissions: finding them, unpacking and copying them into a work folder, building
//! them, and finding the eight programs by the handout's names.
//!
//! A submission is a folder or an archive (a zip, a tarball; RAR and 7-Zip where `7z` or
//! `bsdtar` is installed) named with the student's net ID. A folder that holds an archive,
//! or two or more folders that each hold programs and share a program's name, or two or
//! more folders each holding programs and none named as a project's part (`alee/`,
//! `zlin/`; not `src/`, `bin/`), is a folder of submissions; any other folder is one
//! student's (a lone student's folder given alone, or a submission split into `part1/`,
//! `part2/`). A course site's download
//! of a whole class (Canvas's flat folder of renamed files, Gradescope's export with its
//! metadata) is read as the site lays it out ([`super::lms`]).
//!
//! Programs are found by name anywhere inside a submission, names matched as a TA would
//! match them ([`super::names`]: `MinMaxOpenning`, `minimax_opening`, `Main_ABGame`): an
//! executable (a Makefile's output, or shipped), a Python file (python3), a Java source
//! (every source compiled by `javac` at once, each program alone from its package root if
//! that fails; the `package` line gives the class's full name), a `.class`, a C or C++
//! source (every Makefile is run first, the top-most in each tree, else CMake where a
//! `CMakeLists.txt` is and cmake is installed; otherwise gcc/g++ compile each with the
//! sources beside it that have no `main`), or a jar (`java -cp JAR
//! NAME`). Two files of one kind for one program are a doubt the report names, not a
//! silent choice: the closer name, then the shallower path, is used.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::class_file::{StudentCommands, read_student_file};
use super::lms::{Who, canvas_download, gradescope_export};
use super::names::{NameMatch, program_of_path};
use super::run::{ProgramRunner, RunOutcome, RunSpec};
use crate::classroom::ALL_PROGRAMS;

/// One student's submission as handed in.
#[derive(Clone, Debug)]
pub struct Submission {
    /// The net ID (the folder's or zip's name, or as a course site's download names it).
    pub net_id: String,
    /// The folder or zip (for a Canvas download, the folder of the whole class's files).
    pub path: PathBuf,
    /// The student's files and the names to give them, where `path` holds a whole class's
    /// files (a Canvas download); empty otherwise.
    pub files: Vec<(PathBuf, String)>,
    /// Who it is, as the course site knows it.
    pub who: Who,
}

impl Submission {
    /// A folder or zip handed in by `net_id`.
    #[must_use]
    pub fn at(net_id: String, path: PathBuf) -> Submission {
        Submission { net_id, path, files: Vec::new(), who: Who::default() }
    }
}

/// Why the submissions cannot be listed.
#[derive(Debug, thiserror::Error)]
pub enum SubmissionError {
    /// A path given does not exist.
    #[error("{0}: no such file or folder")]
    Missing(String),
    /// A path is neither a folder nor a zip.
    #[error("{0}: not a folder or an archive (.zip, a tarball, .7z or .rar)")]
    NotASubmission(String),
    /// A course site's export whose metadata cannot be read.
    #[error("{0}")]
    BadExport(String),
}

/// The kinds of file a program may be, by extension.
const PROGRAM_EXTENSIONS: [&str; 9] = ["py", "java", "class", "c", "cpp", "cc", "cxx", "sh", "out"];

/// The program a file's name names, if it is of a kind a program can be.
fn program_named(root: &Path, path: &Path) -> Option<(&'static str, NameMatch)> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    if !ext.is_empty() && !PROGRAM_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str()) {
        return None;
    }
    program_of_path(root, path).map(|(p, how)| (p.name, how))
}

/// The programs named by files below `dir`, read with the folders below `root`.
fn programs_below(root: &Path, dir: &Path) -> Vec<&'static str> {
    let mut names: Vec<&'static str> =
        walk(dir).iter().filter_map(|f| program_named(root, f).map(|(n, _)| n)).collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// The file that marks a folder as `morris grade`'s output (`--out`), so that a grading
/// run from inside the class's folder never takes its own output for a submission, nor
/// copies it into a work folder inside itself.
pub const OUTPUT_MARK: &str = ".morris-grade-output";

/// Whether `dir` is `morris grade`'s output folder ([`OUTPUT_MARK`]).
#[must_use]
pub fn is_output_folder(dir: &Path) -> bool {
    dir.join(OUTPUT_MARK).is_file()
}

/// Whether `dir` holds other people's code a student handed in with its own: a Python
/// virtual environment (`venv/` with its `pyvenv.cfg`, pip and setuptools in its
/// `site-packages`), installed packages, `node_modules`. Nothing in it is the student's
/// program or the student's writing: two students who zipped their venvs would be code
/// alike by pip's sources, and a `main.py` of a package could be taken for a program.
fn is_installed_code(dir: &Path) -> bool {
    let name = dir.file_name().map(|n| n.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
    matches!(name.as_str(), "site-packages" | "node_modules") || dir.join("pyvenv.cfg").is_file()
}

/// Every file below `dir` (hidden folders, `__MACOSX`, installed code (a virtual
/// environment, `site-packages`, `node_modules`) and the grader's output skipped), sorted.
/// A symbolic link to a file inside `dir` is one of them (a Makefile's `ln -s mvplay
/// bin/minimax-opening`, for a program that tells what to do by the name it is called by:
/// a submission's own links were made copies or removed when it was unpacked, so these are
/// its build's);
/// one leading elsewhere is not.
#[must_use]
pub fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let inside = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
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
                Ok(t) if t.is_dir() && !is_output_folder(&path) && !is_installed_code(&path) => stack.push(path),
                Ok(t) if t.is_file() => out.push(path),
                Ok(t)
                    if t.is_symlink()
                        && std::fs::canonicalize(&path).is_ok_and(|to| to.starts_with(&inside) && to.is_file()) =>
                {
                    out.push(path);
                }
                _ => {}
            }
        }
    }
    out.sort();
    out
}

/// Whether `dir` is a folder of submissions rather than one: no program or `grade.toml` at
/// its top, and a zip, or two or more folders holding programs with a program's name in
/// common (one student's `part1/` and `part2/` share none), or folders each a submission
/// of its own ([`each_a_submission`]); and a line for the TA where the reading rests on
/// folders' names alone: what was taken as what.
fn read_folder(dir: &Path) -> (bool, Option<String>) {
    let children = visible_children(dir);
    let at_top = |p: &PathBuf| {
        p.is_file() && (program_named(dir, p).is_some() || p.file_name().is_some_and(|n| n == "grade.toml"))
    };
    if children.iter().any(at_top) {
        return (false, None);
    }
    if holds_zip(&children) || share_a_program(dir, &children) {
        return (true, None);
    }
    each_a_submission(dir, &children)
}

/// Whether `children` are students' folders by the programs they hold: two holding files
/// that share a program's name, or folders holding only the zip a student uploaded.
fn share_a_program(dir: &Path, children: &[PathBuf]) -> bool {
    // A student's folder that holds only the zip they uploaded shows no program's name
    // until it is unpacked: beside another such folder, or one holding programs, it is a
    // class (as a zip at the top is).
    let (mut held, mut zipped): (Vec<Vec<&str>>, usize) = (Vec::new(), 0);
    for child in children.iter().filter(|p| p.is_dir()) {
        // Read with the child's own name: `Part1/`, `Part3/` each holding a `MiniMaxOpening.py`
        // are one student's parts, not two students.
        let names = programs_below(dir, child);
        if !names.is_empty() {
            held.push(names);
        } else if holds_zip(&visible_children(child)) {
            zipped += 1;
        }
    }
    if zipped >= 2 || (zipped >= 1 && !held.is_empty()) {
        return true;
    }
    held.iter().enumerate().any(|(i, a)| held[i + 1..].iter().any(|b| a.iter().any(|n| b.contains(n))))
}

/// Words of a folder's name that make it a part of one student's project, not a student
/// (`src/`, `bin/`, `build/`, `code/`, `MorrisVariant/`, `Project2_v2/`, `cmake-build-debug/`,
/// `tests/`, a Spanish student's `ejemplos/`); with [`STALE_WORDS`], numbers and the
/// handout's programs and parts ([`super::names::names_a_program_or_part`]).
const PROJECT_WORDS: [&str; 115] = [
    "src",
    "source",
    "sources",
    "code",
    "codes",
    "codigo",
    "código",
    "fuente",
    "fuentes",
    "bin",
    "build",
    "builds",
    "out",
    "output",
    "outputs",
    "target",
    "lib",
    "libs",
    "library",
    "include",
    "includes",
    "inc",
    "header",
    "headers",
    "dist",
    "obj",
    "debug",
    "release",
    "x64",
    "x86",
    "cmake",
    "gradle",
    "maven",
    "app",
    "apps",
    "test",
    "tests",
    "testing",
    "randtest",
    "doc",
    "docs",
    "data",
    "board",
    "boards",
    "input",
    "inputs",
    "example",
    "examples",
    "sample",
    "samples",
    "ejemplos",
    "exemplos",
    "exemples",
    "entradas",
    "salidas",
    "res",
    "resources",
    "common",
    "shared",
    "util",
    "utils",
    "helper",
    "helpers",
    "script",
    "scripts",
    "tool",
    "tools",
    "java",
    "python",
    "py",
    "cpp",
    "main",
    "project",
    "projects",
    "proj",
    "projeto",
    "proyecto",
    "projet",
    "assignment",
    "hw",
    "homework",
    "submission",
    "final",
    "morris",
    "variant",
    "nine",
    "men",
    "mens",
    "mill",
    "mills",
    "game",
    "engine",
    "core",
    "search",
    "solver",
    "player",
    "solution",
    "workspace",
    "classes",
    "production",
    "artifacts",
    "nbproject",
    "xcodeproj",
    "idea",
    "vscode",
    "venv",
    "env",
    "pycache",
    "node",
    "modules",
    "module",
    "package",
    "packages",
    "pkg",
    "heuristic",
];

/// Whether a folder's name makes it a part of one student's project ([`PROJECT_WORDS`]):
/// its every word such a word, a number or a version (`v2`).
fn is_project_folder(name: &str) -> bool {
    if super::names::names_a_program_or_part(name) {
        return true;
    }
    // Words at separators, case changes and digits: `MorrisVariant`, `Project2_v2_FINAL`.
    let words = super::names::words_of(name);
    words.iter().all(|w| {
        let w = w.as_str();
        w.chars().all(char::is_numeric) || w == "v" || PROJECT_WORDS.contains(&w) || STALE_WORDS.contains(&w)
    })
}

/// Whether a file at a folder's top makes it a project's root: a file the grader would
/// build or run, or what builds them.
fn is_project_file(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
    let builds = ["makefile", "gnumakefile", "cmakelists.txt", "build.xml", "pom.xml", "build.gradle", "setup.py"];
    builds.contains(&name.as_str())
        || name.ends_with(".sln")
        || name.ends_with(".jar")
        || (path.is_file() && kind_of(path).is_some())
}

/// Whether `dir` holds, anywhere below, a file the grader would build or run (a Python
/// file, a Java or C source with a `main`, a program, a jar) or an archive.
fn holds_a_submission(dir: &Path) -> bool {
    walk(dir).iter().any(|f| is_archive(f) || is_project_file(f))
}

/// A folder whose folders are each a submission of its own, though no two share a
/// program's name (`alee/` and `zlin/`, each one program for all eight): a class where
/// nothing at its top is a project's (a program, a Makefile) and at least two of its
/// folders hold what the grader would build or run, none of them named as a part of one
/// project (`src/`, `bin/`, `code/`, `Part2/`, `ABGame/`: [`is_project_folder`]). Read by
/// names alone, so the TA is told what was taken as what, either way: where folders
/// named as students' hold programs beside one named as a project's part, the folder is
/// one student's, and the line names the folders a TA may want graded one by one.
fn each_a_submission(dir: &Path, children: &[PathBuf]) -> (bool, Option<String>) {
    if children.iter().any(|p| p.is_file() && is_project_file(p)) {
        return (false, None);
    }
    let name = |p: &PathBuf| p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let folders: Vec<&PathBuf> = children.iter().filter(|p| p.is_dir()).collect();
    let (parts, named): (Vec<&PathBuf>, Vec<&PathBuf>) = folders.iter().partition(|p| is_project_folder(&name(p)));
    let students: Vec<String> = named.iter().filter(|p| holds_a_submission(p)).map(|p| name(p)).collect();
    if students.len() < 2 {
        return (false, None);
    }
    let shown = |v: &[String]| crate::words::listed(v, 6);
    if parts.is_empty() {
        let told = format!(
            "took {} for a class of {} submissions, a folder each ({}): each holds programs of its own, though \
             no two share a program's name",
            dir.display(),
            folders.len(),
            shown(&folders.iter().map(|p| name(p)).collect::<Vec<_>>())
        );
        return (true, Some(told));
    }
    let parts: Vec<String> = parts.iter().map(|p| format!("{}/", name(p))).collect();
    let told = format!(
        "took {} for one student's submission, as it holds {} beside them, though its folders {} each hold \
         programs of their own: if each is a student's, give them one by one (morris grade {})",
        dir.display(),
        shown(&parts),
        shown(&students),
        students.iter().map(|s| dir.join(s).display().to_string()).collect::<Vec<_>>().join(" ")
    );
    (false, Some(told))
}

/// What `dir` holds, hidden entries, `__MACOSX` and the grader's output left out (as
/// [`walk`] does).
pub(super) fn visible_children(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.') || n == "__MACOSX"))
        .filter(|p| !is_output_folder(p))
        .collect()
}

/// Whether `entries` hold an archive (a zip, a tarball, …).
fn holds_zip(entries: &[PathBuf]) -> bool {
    entries.iter().any(|p| p.is_file() && is_archive(p))
}

/// The kinds of archive students upload, by the name's ending, and the name without it.
const ARCHIVES: [(&str, Archive); 11] = [
    (".zip", Archive::Zip),
    (".tar", Archive::Tar),
    (".tar.gz", Archive::Tar),
    (".tgz", Archive::Tar),
    (".tar.bz2", Archive::Tar),
    (".tbz2", Archive::Tar),
    (".tar.xz", Archive::Tar),
    (".txz", Archive::Tar),
    (".rar", Archive::Other("RAR")),
    (".7z", Archive::Other("7-Zip")),
    (".tar.zst", Archive::Tar),
];

/// An archive's kind: what unpacks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Archive {
    /// `unzip`.
    Zip,
    /// GNU `tar`, which knows the compressions by itself.
    Tar,
    /// `7z` or `bsdtar`, where installed (RAR, 7-Zip).
    Other(&'static str),
}

/// The archive `path` is, and its name without the ending (`abc123.tar.gz`: `abc123`).
fn archive_of(path: &Path) -> Option<(Archive, String)> {
    let name = path.file_name()?.to_string_lossy().into_owned();
    let lower = name.to_ascii_lowercase();
    ARCHIVES
        .iter()
        .filter(|(end, _)| lower.ends_with(end) && lower.len() > end.len())
        .max_by_key(|(end, _)| end.len())
        .map(|(end, kind)| (*kind, name[..name.len() - end.len()].to_string()))
}

fn is_archive(path: &Path) -> bool {
    archive_of(path).is_some()
}

fn is_zip(path: &Path) -> bool {
    archive_of(path).is_some_and(|(kind, _)| kind == Archive::Zip)
}

fn net_id_of(path: &Path) -> String {
    if let Some((_, stem)) = archive_of(path) {
        return stem;
    }
    path.file_stem().map_or_else(|| "unnamed".to_string(), |s| s.to_string_lossy().into_owned())
}

/// Whether each of `paths` can be a submission or a class at all (it exists; a file is an
/// archive), before anything is written for them.
///
/// # Errors
/// The first that cannot.
pub fn check_paths(paths: &[PathBuf]) -> Result<(), SubmissionError> {
    for path in paths {
        let shown = path.display().to_string();
        if !path.exists() {
            return Err(SubmissionError::Missing(shown));
        }
        if path.is_file() && !is_archive(path) {
            return Err(SubmissionError::NotASubmission(shown));
        }
    }
    Ok(())
}

/// The submissions found in the paths given, and what a TA should be told of how they
/// were read.
#[derive(Debug, Default)]
pub struct Found {
    /// The submissions.
    pub submissions: Vec<Submission>,
    /// A line each where a folder's reading rests on names alone (a folder taken for a
    /// class, or for one student's though folders in it look like students'), for stderr.
    pub told: Vec<String>,
}

/// The submissions named by `paths`: each a folder or archive per student, or a folder of
/// them.
///
/// # Errors
/// A path that does not exist or is neither a folder nor an archive.
pub fn find_submissions(paths: &[PathBuf]) -> Result<Found, SubmissionError> {
    check_paths(paths)?;
    let mut out = Vec::new();
    let mut told = Vec::new();
    for path in paths {
        if path.is_file() {
            out.push(Submission::at(net_id_of(path), path.clone()));
        } else if let Some(export) = gradescope_export(path) {
            let export = export.map_err(SubmissionError::BadExport)?;
            out.extend(
                export.into_iter().map(|(folder, net_id, who)| Submission { who, ..Submission::at(net_id, folder) }),
            );
        } else if let Some(students) = canvas_download(path) {
            out.extend(students.into_iter().map(|(net_id, who, files)| Submission {
                files,
                who,
                ..Submission::at(net_id, path.clone())
            }));
        } else {
            let (class, note) = read_folder(path);
            told.extend(note);
            if class {
                let mut children: Vec<PathBuf> =
                    visible_children(path).into_iter().filter(|p| p.is_dir() || is_archive(p)).collect();
                children.sort();
                out.extend(children.into_iter().map(|p| Submission::at(net_id_of(&p), p)));
            } else {
                out.push(Submission::at(
                    net_id_of(&std::fs::canonicalize(path).unwrap_or_else(|_| path.clone())),
                    path.clone(),
                ));
            }
        }
    }
    Ok(Found { submissions: out, told })
}

/// `paths` with each zip that holds a whole class as a course site hands it over
/// ([`super::lms::is_class_listing`]: Canvas's download, Gradescope's export) unpacked into
/// a folder of its name in `into` (emptied first), and that folder (or the one folder it
/// holds) in its place. A zip of one student's is left as it is.
///
/// # Errors
/// A class zip that cannot be unpacked, as one line.
pub fn open_class_zips(
    paths: &[PathBuf],
    into: &Path,
    limit: Duration,
    runner: &ProgramRunner,
) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for path in paths {
        if !(path.is_file() && is_zip(path)) {
            out.push(path.clone());
            continue;
        }
        let zip = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
        let listing = runner.run(&RunSpec {
            argv: vec!["unzip".into(), "-Z1".into(), s(&zip)],
            dir: zip.parent().unwrap_or(Path::new("/")).to_path_buf(),
            time_limit: limit,
            output_limit: 16 << 20,
            writable: None,
            stdin: None,
        });
        let entries: Vec<&str> = listing.stdout.lines().collect();
        if !listing.succeeded() || !super::lms::is_class_listing(&entries) {
            out.push(path.clone());
            continue;
        }
        let dest = into.join(net_id_of(path));
        let _ = std::fs::remove_dir_all(&dest);
        std::fs::create_dir_all(&dest).map_err(|e| format!("{}: {}", dest.display(), crate::files::io_reason(&e)))?;
        extract(&zip, &dest, &dest, limit, runner).map_err(|why| format!("{}: {why}", path.display()))?;
        let mut root = dest;
        while !root.join(super::lms::GRADESCOPE_METADATA).is_file() {
            match visible_children(&root).as_slice() {
                [only] if only.is_dir() => root = only.clone(),
                _ => break,
            }
        }
        out.push(root);
    }
    Ok(out)
}

/// One command run while building, for the report.
#[derive(Clone, Debug)]
pub struct BuildStep {
    /// The command, as a shell would show it.
    pub command: String,
    /// How it ended.
    pub outcome: RunOutcome,
}

/// One program as found: how to start it, where, and why it is taken for the program.
#[derive(Clone, Debug)]
pub struct Program {
    /// The command without the three arguments.
    pub argv: Vec<String>,
    /// Its working folder.
    pub dir: PathBuf,
    /// How it was found, for the report.
    pub how: String,
    /// Other candidates passed over: a TA should look.
    pub doubts: Vec<String>,
    /// Reached through a console menu, chosen by what is typed first.
    pub menu: Option<super::menu::Menu>,
    /// Words after the three arguments: the program a program for all eight is to be,
    /// where its usage line puts that word last (`morris.py INPUT OUTPUT DEPTH ABGame`).
    pub after: Vec<String>,
}

/// A built submission: a command per program found.
#[derive(Clone, Debug, Default)]
pub struct Built {
    /// Program name to its command.
    pub programs: BTreeMap<String, Program>,
    /// Build steps run.
    pub steps: Vec<BuildStep>,
    /// Why the submission could not be used at all (unpacking, a bad grade.toml).
    pub fatal: Option<String>,
    /// What the grader changed in its copy for the programs to run, for the report.
    pub notes: Vec<String>,
    /// What a TA should look at that no program found carries (a program written for
    /// Windows that could not be built even so).
    pub doubts: Vec<String>,
}

struct Builder<'a> {
    built: Built,
    limit: Duration,
    root: &'a Path,
    runner: &'a ProgramRunner,
    /// The jars the submission holds (`lib/guava.jar`, as an IDE's project keeps its
    /// libraries), on every Java program's class path.
    jars: Vec<PathBuf>,
    /// What each jar holds ([`jar_contents`]), once asked.
    jar_listings: Option<Vec<JarListing>>,
    /// How the last C or C++ program that needed its project's sources from other folders
    /// was built, tried first for the next ones ([`WideBuild`]).
    wide_build: Option<WideBuild>,
    /// A C program compiled only as C23 ([`super::c23`]): the next ones are compiled so first.
    c23_first: bool,
    /// The submission's Python files, where [`python_path_for`] looks for the modules a
    /// program imports from other folders.
    python_files: Vec<PathBuf>,
    /// The Python its programs run with: `python3`'s, or a newer one of the machine's
    /// where only that one reads the student's code ([`newer_python`]).
    python: String,
    /// A newer JDK's home than `javac`'s on `PATH`, once only its javac compiled the
    /// student's sources ([`Builder::compile_java`]): its `javac` and `java` then build
    /// and run every Java program of the submission.
    jdk: Option<PathBuf>,
    /// The libraries its build files declare that neither it nor this machine holds, as
    /// `group:artifact:version` ([`declared_libraries`]).
    libraries_missing: Vec<String>,
    /// Java programs whose sources import packages no jar here holds, for one doubt at the
    /// end of the build.
    libraries_wanted: Vec<LibrariesWanted>,
    /// The object files compiled so far of a C or C++ program's shared sources, each by
    /// its source and the compiler's options ([`Builder::objects`]).
    objects: HashSet<PathBuf>,
    /// The source roots of a Java build of several modules ([`module_roots`]).
    java_roots: Vec<PathBuf>,
}

/// Java programs stopped by the same missing library: each program with its source (as
/// shown), the packages they import, and what a TA can do.
struct LibrariesWanted {
    programs: Vec<(String, String)>,
    packages: Vec<String>,
    regrade: String,
}

/// A C or C++ program built with the sources without a main below `folder` (its
/// project's: CLion's `src/`, a Visual Studio solution's `Common`), with the stand-ins
/// first if `standins`. A project's other programs link the same way, so the next program
/// of the same language below `folder` is built so first: one compile instead of the
/// three that found the way (its own files, the stand-ins, the wider sources). Where that
/// fails, the program is built the long way, as if nothing had been learnt.
#[derive(Clone)]
struct WideBuild {
    folder: PathBuf,
    cpp: bool,
    standins: bool,
}

/// A jar the submission holds: its classes by their binary names, and whether its manifest
/// names a class to run.
struct JarListing {
    jar: PathBuf,
    classes: Vec<String>,
    runnable: bool,
}

impl Builder<'_> {
    /// `javac` of the JDK in use, with its options for a short job.
    fn javac(&self) -> Vec<String> {
        javac(self.jdk.as_deref())
    }

    /// `java` of the JDK in use.
    fn java(&self) -> String {
        self.jdk.as_ref().map_or_else(|| "java".to_string(), |home| s(&home.join("bin/java")))
    }

    /// Runs a javac command (`argv`, from [`Builder::javac`]). Where it fails and no newer
    /// JDK is in use yet, runs it once more with the machine's newest JDK if that is newer
    /// than `javac`'s on `PATH`; if that one compiles what the default refused (record
    /// patterns in a `switch`, `List.getFirst()`: a JDK 21 student's code), it builds and
    /// runs every Java program of the submission from then on, and the report says so.
    fn compile_java(&mut self, argv: Vec<String>, dir: &Path) -> bool {
        if self.step(argv.clone(), dir) {
            return true;
        }
        if self.jdk.is_some() {
            return false;
        }
        let Some(newer) = newer_jdk(self.runner, self.limit) else { return false };
        let refused = self.built.steps.last().map(|st| first_error(&st.outcome.stderr)).unwrap_or_default();
        let mut again = argv;
        again[0] = s(&newer.path.join("bin/javac"));
        if !self.step(again, dir) {
            return false;
        }
        self.jdk = Some(newer.path.clone());
        let default = javac_release(self.runner, self.limit).map_or_else(|| "none".to_string(), |r| r.to_string());
        self.built.notes.push(format!(
            "compiled and run with JDK {} ({}), the newest of this machine's, as the student's newer JDK would: the \
             default javac ({default}) refused the sources ({refused})",
            newer.version.map_or_else(|| "?".to_string(), |v| v.0.to_string()),
            newer.path.display()
        ));
        true
    }

    /// A Java class path: `first`, then the submission's jars.
    fn class_path(&self, first: &Path) -> String {
        std::iter::once(first).chain(self.jars.iter().map(PathBuf::as_path)).map(s).collect::<Vec<_>>().join(":")
    }

    /// `javac`'s arguments for the submission's jars, if it holds any.
    fn javac_jars(&self) -> Vec<String> {
        if self.jars.is_empty() {
            return Vec::new();
        }
        vec!["-cp".into(), self.jars.iter().map(|j| s(j)).collect::<Vec<_>>().join(":")]
    }

    fn step(&mut self, argv: Vec<String>, dir: &Path) -> bool {
        let outcome = self.runner.run(&RunSpec {
            argv: argv.clone(),
            dir: dir.to_path_buf(),
            time_limit: self.limit,
            output_limit: 16 * 1024,
            writable: Some(self.root.to_path_buf()),
            stdin: None,
        });
        let ok = outcome.succeeded();
        let command = format!("(in {}) {}", relative(self.root, dir), crate::words::shell_line(&argv));
        self.built.steps.push(BuildStep { command, outcome });
        ok
    }

    /// The object files of `shared` (the sources a C or C++ program links beside its own),
    /// each compiled with `options` in `dir` unless it was already, for an earlier program
    /// of the project: a project's eight programs share the same sources, and compiling
    /// them once instead of eight times is most of a C++ project's build. `None` where one
    /// does not compile (its program is then compiled whole, as before, so that its
    /// errors are a whole compile's).
    fn objects(&mut self, compiler: &str, options: &[String], shared: &[PathBuf], dir: &Path) -> Option<Vec<PathBuf>> {
        use std::hash::{Hash, Hasher};
        let folder = self.root.join(".grade-obj");
        std::fs::create_dir_all(&folder).ok()?;
        let mut out = Vec::new();
        for source in shared {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            (compiler, options, source).hash(&mut h);
            let stem = source.file_stem().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let object = folder.join(format!("{stem}-{:016x}.o", h.finish()));
            if !self.objects.contains(&object) {
                let mut argv = vec![compiler.to_string()];
                argv.extend(options.iter().cloned());
                argv.extend(["-O2".into(), "-c".into(), "-o".into(), s(&object), s(source)]);
                if !self.step(argv, dir) {
                    return None;
                }
                self.objects.insert(object.clone());
            }
            out.push(object);
        }
        Some(out)
    }

    /// Runs a failed build step (`argv` in `dir`) once more where the last step's stderr
    /// shows it called a C or C++ compiler by a name this machine lacks ([`missing_compilers`]),
    /// with each such name made to run this machine's compiler: a folder of links, first on
    /// the step's `PATH`. Whether it was run again, and then whether it succeeded.
    fn again_with_compilers(&mut self, argv: &[String], dir: &Path) -> Option<bool> {
        let said = self.built.steps.last().map(|st| st.outcome.stderr.clone()).unwrap_or_default();
        let missing = missing_compilers(&said);
        let links = self.root.join(".grade-compilers");
        let made: Vec<String> = missing
            .iter()
            .filter_map(|(name, ours)| {
                let to = crate::referee::sandbox::find_program(ours)?;
                let link = links.join(name);
                let _ = std::fs::create_dir_all(&links);
                let _ = std::fs::remove_file(&link);
                std::os::unix::fs::symlink(to, &link).ok()?;
                Some(format!("{name} as this machine's {ours}"))
            })
            .collect();
        if made.is_empty() {
            return None;
        }
        let path = format!("PATH={}:{}", s(&links), crate::referee::sandbox::jail::SANDBOX_PATH);
        let again: Vec<String> = ["env".to_string(), path].into_iter().chain(argv.iter().cloned()).collect();
        let ok = self.step(again, dir);
        let shown: Vec<String> = argv
            .iter()
            .map(|a| if Path::new(a).starts_with(self.root) { relative(self.root, Path::new(a)) } else { a.clone() })
            .collect();
        self.built.notes.push(format!(
            "`{}` called {} this machine does not have, so it was run again with {}",
            crate::words::shell_line(&shown),
            if made.len() == 1 { "a compiler" } else { "compilers" },
            made.join(", ")
        ));
        Some(ok)
    }

    /// Whether the last build step failed where no language standard helps, so that a
    /// second try as C++23 would fail the same way and is not made: it stopped on a header
    /// this machine does not have (`fatal error: stdafx.h: No such file or directory`), or
    /// everything compiled and only the link failed (`undefined reference to …`: sources
    /// missing from the command, which the wider build adds).
    fn no_standard_helps(&self) -> bool {
        self.built.steps.last().is_some_and(|step| {
            let stderr = &step.outcome.stderr;
            let header_missing =
                stderr.lines().any(|l| l.contains("fatal error: ") && l.ends_with("No such file or directory"));
            header_missing || link_only_failure(stderr)
        })
    }

    fn found(&mut self, name: &str, argv: Vec<String>, dir: &Path, how: String, doubts: Vec<String>) {
        self.built.programs.entry(name.to_string()).or_insert(Program {
            argv,
            dir: dir.to_path_buf(),
            how,
            doubts,
            menu: None,
            after: Vec::new(),
        });
    }

    /// Makes `c` the program `name` (building it where it is a source): whether it could.
    fn take(&mut self, name: &str, c: &Candidate, named: String, doubts: Vec<String>, java_ok: bool) -> bool {
        let work = self.root;
        let file = &c.file;
        let dir = file.parent().unwrap_or(work).to_path_buf();
        let shown = relative(work, file);
        let classes = work.join(".grade-classes");
        match c.kind {
            FileKind::Executable => {
                let built = if c.shipped { "shipped built" } else { "executable" };
                self.found(name, line_buffered(file), &dir, format!("{built} {shown} ({named})"), doubts);
            }
            FileKind::Python => match python_module(file, work) {
                // Relative imports (`from .board import Board`) work only in a package:
                // run as `python3 -m project.MiniMaxOpening` from above it, as PyCharm does.
                Some((root, module)) => {
                    let argv = vec![self.python.clone(), "-m".into(), module.clone()];
                    self.found(
                        name,
                        argv,
                        &root,
                        format!("Python {shown}, run as the module {module} ({named})"),
                        doubts,
                    );
                }
                None => {
                    let ipython = crate::files::read_text_lossy(file, crate::files::SMALL_TEXT)
                        .is_some_and(|t| super::ipython::needs_ipython(&t));
                    let (mut argv, mut how) = if ipython {
                        (
                            super::ipython::command(&self.python, &s(file), work),
                            format!(
                                "Python {shown}, run with IPython as an nbconvert export calling `get_ipython()` ({named})"
                            ),
                        )
                    } else {
                        (vec![self.python.clone(), s(file)], format!("Python {shown} ({named})"))
                    };
                    let path = python_path_for(file, &self.python_files);
                    if !path.is_empty() {
                        let folders: Vec<String> = path.iter().map(|(d, _)| relative(work, d)).collect();
                        let modules: Vec<&str> = path.iter().map(|(_, m)| m.as_str()).collect();
                        how.push_str(&format!(
                            ", run with {} on PYTHONPATH: it imports {} from there",
                            folders.join(", "),
                            modules.join(", ")
                        ));
                        let joined = path.iter().map(|(d, _)| s(d)).collect::<Vec<_>>().join(":");
                        if argv[0] == "env" {
                            argv.insert(1, format!("PYTHONPATH={joined}"));
                        } else {
                            argv.splice(0..0, ["env".to_string(), format!("PYTHONPATH={joined}")]);
                        }
                    }
                    self.found(name, argv, &dir, how, doubts);
                }
            },
            FileKind::JavaSource => {
                let class = java_class(file);
                // Alone, each program into a folder of its own: the programs whose sources
                // could not be compiled together often share a class's name (`Main` in a
                // folder a program, a `Board` of each), and one would overwrite another's.
                let classes = if java_ok { classes } else { classes.join(name) };
                let root = package_root(file);
                // In a build of several modules (Maven's `morris-programs/src/main/java`
                // beside `morris-core/src/main/java`), the other modules' sources too.
                let mut roots = vec![s(&root)];
                if self.java_roots.contains(&root) {
                    roots.extend(self.java_roots.iter().filter(|r| **r != root).map(|r| s(r)));
                }
                let mut argv = self.javac();
                argv.extend([
                    "-encoding".into(),
                    "UTF-8".into(),
                    "-nowarn".into(),
                    "-d".into(),
                    s(&classes),
                    "-sourcepath".into(),
                    roots.join(":"),
                ]);
                argv.extend(self.javac_jars());
                argv.push(s(file));
                let ok = java_ok || self.compile_java(argv.clone(), work);
                // A newer Java's language (`switch` on patterns, Java 21) is a preview of it
                // in this machine's: compiled and run with the preview enabled, as the
                // student's own JDK ran it without.
                let wants_preview = !ok
                    && self.built.steps.last().is_some_and(|st| st.outcome.stderr.contains("a preview feature and"));
                let preview = match javac_release(self.runner, self.limit).filter(|_| wants_preview) {
                    Some(release) => {
                        argv.splice(1..1, ["--enable-preview".to_string(), "--release".into(), release.to_string()]);
                        self.step(argv, work)
                    }
                    None => false,
                };
                // A source javac refused for what this machine lacks, not for its substance:
                // a newer Java's library (`List.getFirst()`, Java 21), or a library the
                // student's build tool fetched (Maven's, Gradle's) that the submission lacks.
                if !ok && !preview {
                    let said = self.built.steps.last().map(|st| st.outcome.stderr.clone()).unwrap_or_default();
                    let newer = super::read::newer_java_methods(&said);
                    if !newer.is_empty() {
                        self.built.doubts.push(format!(
                            "{name}: {shown} calls {} of a newer Java's library (Java 21: List.getFirst(), …) than \
                             this machine's javac{} knows: grade this student again with `--only` where JDK 21 is \
                             installed",
                            newer.iter().map(|m| format!("{m}()")).collect::<Vec<_>>().join(", "),
                            javac_release(self.runner, self.limit).map(|r| format!(" {r}")).unwrap_or_default()
                        ));
                    }
                    let mut packages = super::read::missing_java_packages(&said);
                    if !packages.is_empty() {
                        let folders: Vec<PathBuf> =
                            walk(work).iter().filter_map(|f| f.parent()).map(Path::to_path_buf).collect();
                        packages.retain(|p| !folders.iter().any(|d| d.ends_with(p.replace('.', "/"))));
                    }
                    if !packages.is_empty() {
                        let regrade = match self.libraries_missing.first() {
                            Some(first) => format!(
                                "its build file declares {}, found neither in the submission nor on this machine: \
                                 fetch it into the local Maven repository (`mvn dependency:get -Dartifact={first}`) \
                                 and grade this student again with `--only`, which takes it from there",
                                crate::words::listed(&self.libraries_missing, 3)
                            ),
                            None => {
                                "grade this student again with `--only` and the class file's `programs` giving its \
                                     jar on the class path"
                                    .to_string()
                            }
                        };
                        // Said once for all the programs it stops (below), not once for each.
                        match self.libraries_wanted.iter_mut().find(|w| w.regrade == regrade) {
                            Some(w) => {
                                w.programs.push((name.to_string(), shown.clone()));
                                let new: Vec<String> =
                                    packages.into_iter().filter(|p| !w.packages.contains(p)).collect();
                                w.packages.extend(new);
                            }
                            None => self.libraries_wanted.push(LibrariesWanted {
                                programs: vec![(name.to_string(), shown.clone())],
                                packages,
                                regrade,
                            }),
                        }
                    }
                }
                if ok || preview {
                    let mut argv = vec![self.java(), "-cp".into(), self.class_path(&classes), class.clone()];
                    let mut how = format!("Java {shown}, class {class} ({named})");
                    if preview {
                        argv.insert(1, "--enable-preview".into());
                        how = format!("Java {shown}, class {class}, compiled and run with --enable-preview ({named})");
                    }
                    self.found(name, argv, work, how, doubts);
                }
            }
            FileKind::JavaClass => {
                let stem = file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
                let argv = vec![self.java(), "-cp".into(), self.class_path(&dir), stem];
                self.found(name, argv, &dir, format!("Java class {shown} ({named})"), doubts);
            }
            FileKind::CSource => {
                let stale = is_stale(work, file);
                let cpp = is_cpp(file);
                // As the project's last program that needed its sources from other folders.
                if let Some(wide) = self.wide_build.clone().filter(|w| w.cpp == cpp && file.starts_with(&w.folder)) {
                    let sources = wide_sources(work, &wide.folder, file, stale);
                    if sources.len() > 1 {
                        let with = linked_with(work, &named, &wide.folder, &sources);
                        if let Ok((argv, how)) = self.compile_c(name, file, &sources, &with, wide.standins) {
                            self.found(name, argv, &dir, how, doubts);
                            return self.built.programs.contains_key(name);
                        }
                    }
                }
                // With the helpers beside it that have no main of their own (shared move
                // generation).
                let mut sources = vec![file.clone()];
                sources.extend(helpers(&dir, file, false));
                let first_step = self.built.steps.len();
                let mut built = self.compile_c(name, file, &sources, &named, false);
                // Its helpers in other folders, as its project builds it (CLion's CMake:
                // `include/`, `src/`, a `main` of each program in `apps/`; a Visual Studio
                // solution's shared project): where the linker missed what they define,
                // the sources without a main below the nearest folder that adds some.
                let unlinked_by = |b: &Self, standins: bool| {
                    b.built.steps[first_step..].iter().any(|st| {
                        st.outcome.stderr.contains("undefined reference to")
                            && (!standins || st.command.contains(super::visual_cpp::FOLDER))
                    })
                };
                let mut above = Some(dir.as_path());
                let mut wide = None;
                while let Some(folder) =
                    above.filter(|f| built.is_err() && f.starts_with(work) && unlinked_by(self, false))
                {
                    above = folder.parent();
                    let wider = wide_sources(work, folder, file, stale);
                    if wider.len() <= sources.len() {
                        continue; // nothing more than it has
                    }
                    sources = wider;
                    let with = linked_with(work, &named, folder, &sources);
                    // Its own files compiled only with the stand-ins: so do these.
                    let standins = unlinked_by(self, true);
                    built = self.compile_c(name, file, &sources, &with, standins);
                    wide = Some(WideBuild { folder: folder.to_path_buf(), cpp, standins });
                }
                match built {
                    Ok((argv, how)) => {
                        self.wide_build = wide.or(self.wide_build.take());
                        self.found(name, argv, &dir, how, doubts);
                    }
                    Err(why_not) => self.built.doubts.extend(why_not),
                }
            }
        }
        self.built.programs.contains_key(name)
    }

    /// Compiles the C or C++ program `name` from `sources` (its own `file` first): plainly,
    /// then as C++23 (g++ 12 compiles C++17 unless told: a student's `map.contains()`,
    /// ranges or designated initializers are C++20, `std::expected` C++23, which their own
    /// IDE or newer compiler was set to; not where a header was missing or only the link
    /// failed), then as Visual C++ or its
    /// project builds it. Its command and how it was built, if it was.
    ///
    /// `standins_first`: straight to the stand-ins (a wider build of a program whose own
    /// files compiled only so). Not built: why a TA should look, if the sources bear
    /// Visual C++'s marks.
    fn compile_c(
        &mut self,
        name: &str,
        file: &Path,
        sources: &[PathBuf],
        named: &str,
        standins_first: bool,
    ) -> Result<(Vec<String>, String), Option<String>> {
        let work = self.root;
        let dir = file.parent().unwrap_or(work).to_path_buf();
        let shown = relative(work, file);
        let cpp = is_cpp(file);
        let (compiler, lang) = if cpp { ("g++", "C++") } else { ("gcc", "C") };
        let bin = work.join(".grade-bin");
        let _ = std::fs::create_dir_all(&bin);
        let exe = bin.join(name);
        let compile_these = |b: &mut Self, options: &[String], sources: &[PathBuf]| {
            // The shared sources compiled once for all the programs that link them.
            if sources.len() > 1
                && let Some(objects) = b.objects(compiler, options, &sources[1..], &dir)
            {
                let mut argv = vec![compiler.to_string()];
                argv.extend(options.iter().cloned());
                argv.extend(["-O2".into(), "-o".into(), s(&exe), s(&sources[0])]);
                argv.extend(objects.iter().map(|o| s(o)));
                argv.push("-lm".into());
                return b.step(argv, &dir);
            }
            let mut argv = vec![compiler.to_string()];
            argv.extend(options.iter().cloned());
            argv.extend(["-O2".into(), "-o".into(), s(&exe)]);
            argv.extend(sources.iter().map(|f| s(f)));
            argv.push("-lm".into());
            b.step(argv, &dir)
        };
        let compile = |b: &mut Self, options: &[String]| compile_these(b, options, sources);
        let mut how = format!("{lang} {shown} ({named})");
        let c23_first = !cpp && self.c23_first;
        let mut built = !standins_first && !c23_first && compile(self, &[]);
        let mut why_not = None;
        if !built && cpp && !standins_first && !self.no_standard_helps() {
            built = compile(self, &[NEWEST_CPP.into()]);
            how = format!("{lang} {shown}, compiled as C++23 ({named})");
        }
        // C as GCC 15 compiles it by default, C23, which this machine's gcc has only in part.
        if !built && !cpp && !standins_first && (c23_first || !self.no_standard_helps()) {
            if let Some(c23) = super::c23::prepare(work, sources) {
                built = compile_these(self, &c23.args, &c23.sources);
                how = format!("{lang} {shown}, {} ({named})", super::c23::HOW);
                self.c23_first = built;
            }
            if !built && c23_first {
                built = compile(self, &[]);
                how = format!("{lang} {shown} ({named})");
            }
        }
        // Written in Visual Studio: built as Visual C++ builds it.
        // Or in an IDE whose project names an include folder (CLion's CMake).
        if !built {
            use super::visual_cpp::{Charset, prepare};
            let with = |extra: &[PathBuf]| sources.iter().chain(extra).cloned().collect::<Vec<_>>();
            let mut standins = prepare(work, sources, cpp, Charset::AsProject);
            built = compile_these(self, &standins.args, &with(&standins.sources));
            // Built with UNICODE as its project says, and refused: with TCHAR a `char`, as
            // a program whose project's setting its code never met.
            if !built && standins.unicode {
                standins = prepare(work, sources, cpp, Charset::Narrow);
                built = compile(self, &standins.args);
            }
            let mut standard = "";
            if !built && cpp && !self.no_standard_helps() {
                let mut args = standins.args.clone();
                args.push(NEWEST_CPP.into());
                built = compile_these(self, &args, &with(&standins.sources));
                standard = " as C++23";
            }
            // A header named in another case is found so on Windows and on a Mac alike.
            let windows = !standins.marks.is_empty();
            let builder = if windows {
                "as Visual C++ builds it"
            } else if !standins.case_blind.is_empty() {
                "with its headers found as Windows and macOS find them, whatever their case"
            } else {
                "as its project builds it"
            };
            how = format!("{lang} {shown}, compiled{standard} {builder}: {} ({named})", standins.what);
            let mut marks = standins.marks;
            marks.extend(standins.case_blind);
            if !built && !marks.is_empty() {
                let written = if windows {
                    "was written for Visual C++ on Windows"
                } else {
                    "was written where file names are case-blind (Windows, macOS)"
                };
                why_not = Some(format!(
                    "{name}: {shown} {written} ({}) and was not built here even with the grader's stand-ins (the \
                     build's last lines are in the report): the handout asks a C/C++ student to be present for the \
                     test",
                    marks.join(", ")
                ));
            }
        }
        if built { Ok((line_buffered(&exe), how)) } else { Err(why_not) }
    }
}

/// The newest C++ standard, C++23, by the name g++ 11 and later know it by: what a student
/// compiled as C++20 compiles so too, and C++23's library (`std::expected`) is there.
const NEWEST_CPP: &str = "-std=c++2b";

/// Whether a compiler's stderr tells of a failed link and of no failed compile: the
/// linker's own complaint (`collect2: error: ld returned 1 exit status`) and no
/// compiler error (`file.cpp:12:5: error: …`, `cc1plus: error: …`).
fn link_only_failure(stderr: &str) -> bool {
    let linker_failed = stderr.lines().any(|l| l.contains("ld returned") && l.contains("exit status"));
    let compiler_failed = stderr.lines().any(|l| {
        let linker =
            ["collect2:", "ld: ", "ld.lld: ", "mold: "].iter().any(|p| l.starts_with(p)) || l.contains("/ld: ");
        !linker && l.contains("error: ")
    });
    linker_failed && !compiler_failed
}

/// Whether a build's stderr says the machine has no clang (`make: clang++: No such file or
/// directory`, `/bin/sh: 1: clang: not found`).
fn lacks_clang(stderr: &str) -> bool {
    missing_compilers(stderr).iter().any(|(name, _)| name.starts_with("clang"))
}

/// The C and C++ compilers a failed build called by names this machine lacks, each with
/// this machine's compiler that stands for it: a Mac's Homebrew GCC (`g++-14`: Apple's
/// clang lacks `<bits/stdc++.h>`), a versioned name of a Linux distribution's (`gcc-13`),
/// MacPorts' (`g++-mp-13`), or clang (`clang++`), as bash (`build.sh: line 6: g++-14:
/// command not found`), sh (`/bin/sh: 1: clang: not found`) and make (`make: g++-14: No
/// such file or directory`) say it.
fn missing_compilers(stderr: &str) -> Vec<(String, &'static str)> {
    let mut out: Vec<(String, &'static str)> = Vec::new();
    for line in stderr.lines() {
        let Some(before) = [": command not found", ": Command not found", ": not found", ": No such file or directory"]
            .iter()
            .find_map(|said| line.strip_suffix(said))
        else {
            continue;
        };
        let name = before.rsplit(": ").next().unwrap_or(before).trim();
        let Some(stands_for) = compiler_standing_for(name) else { continue };
        if !out.iter().any(|(n, _)| n == name) {
            out.push((name.to_string(), stands_for));
        }
    }
    out
}

/// This machine's compiler (`gcc` or `g++`) that stands for a compiler of another name
/// (`g++-14`, `gcc-13`, `g++-mp-13`, `clang`, `clang++-17`), if `name` is one.
fn compiler_standing_for(name: &str) -> Option<&'static str> {
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    let base = base.strip_suffix("-mp-").or_else(|| base.strip_suffix('-')).unwrap_or(base);
    match base {
        "g++" | "c++" | "clang++" => Some("g++"),
        "gcc" | "cc" | "clang" => Some("gcc"),
        _ => None,
    }
}

/// The command of a Linux program (compiled here, or shipped built), its output
/// line-buffered (`stdbuf -oL -eL`) where this machine has `stdbuf`: on a pipe C's stdio
/// holds what a program prints until it exits, and one that crashes while cleaning up after
/// printing its answer (a double `free`, a stack smashed by `char board[22]`) would lose it,
/// where the student's terminal showed it line by line. A script runs as it is.
///
/// A program built with AddressSanitizer (a Makefile's `-fsanitize=address`, left on for
/// the submission) refuses to start where a library is preloaded before its runtime, as
/// `stdbuf`'s is (`ASan runtime does not come first in initial library list`): it is told
/// not to check the order (the preloaded library only sets the buffering), and not to look
/// for leaks at its exit, which would turn the status of a right answer into 1. Before
/// 2026-12-02 such a student got 0, every call refused.
fn line_buffered(program: &Path) -> Vec<String> {
    let linux = head(program).starts_with(ELF);
    let Some(stdbuf) = crate::referee::sandbox::find_program("stdbuf").filter(|_| linux) else {
        return vec![s(program)];
    };
    let mut argv = Vec::new();
    if let Some(env) = crate::referee::sandbox::find_program("env").filter(|_| uses_address_sanitizer(program)) {
        argv.extend([s(&env), ASAN_OPTIONS.into()]);
    }
    argv.extend([s(&stdbuf), "-oL".into(), "-eL".into(), s(program)]);
    argv
}

/// What a program built with AddressSanitizer is run with ([`line_buffered`]).
const ASAN_OPTIONS: &str = "ASAN_OPTIONS=verify_asan_link_order=0:detect_leaks=0";

/// Whether a program was built with AddressSanitizer: it names the runtime's entry
/// `__asan_init`.
fn uses_address_sanitizer(program: &Path) -> bool {
    let Ok(bytes) = std::fs::read(program) else { return false };
    let needle = b"__asan_init";
    bytes.windows(needle.len()).any(|w| w == needle)
}

/// `file` and the sources of its language without a main below `folder` (not the
/// stale copies, unless `file` is one): a wider build's sources, `file` first.
fn wide_sources(work: &Path, folder: &Path, file: &Path, stale: bool) -> Vec<PathBuf> {
    let wider = helpers(folder, file, true).into_iter().filter(|f| stale || !is_stale(work, f));
    std::iter::once(file.to_path_buf()).chain(wider).collect()
}

/// How a program built from [`wide_sources`] was named, for its report.
fn linked_with(work: &Path, named: &str, folder: &Path, sources: &[PathBuf]) -> String {
    let helpers: Vec<String> = sources[1..].iter().map(|f| relative(work, f)).collect();
    let below = if folder == work { "its top folder".to_string() } else { format!("{}/", relative(work, folder)) };
    format!("{named}; linked with the sources without a main of its project below {below}: {}", helpers.join(", "))
}

/// Whether `file` is a C++ source (by its extension).
fn is_cpp(file: &Path) -> bool {
    file.extension().and_then(|e| e.to_str()).is_some_and(|e| C_PLUS_PLUS.contains(&e))
}

/// The C or C++ sources (of `file`'s language) without a `main` of their own in `folder`,
/// below it too if `below`, other than `file`, in order: the helpers a program is compiled
/// with. Not the grader's own folders.
fn helpers(folder: &Path, file: &Path, below: bool) -> Vec<PathBuf> {
    let cpp = is_cpp(file);
    let same_language = |f: &Path| if cpp { is_cpp(f) } else { f.extension().is_some_and(|e| e == "c") };
    let files: Vec<PathBuf> = if below {
        walk(folder)
    } else {
        std::fs::read_dir(folder).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default()
    };
    let mut out: Vec<PathBuf> = files
        .into_iter()
        .filter(|f| f != file && same_language(f) && !has_main(f))
        .filter(|f| !f.components().any(|c| c.as_os_str().to_string_lossy().starts_with(".grade-")))
        .collect();
    out.sort();
    out
}

/// The extensions of C++ sources.
const C_PLUS_PLUS: [&str; 3] = ["cpp", "cc", "cxx"];

pub(super) fn relative(root: &Path, p: &Path) -> String {
    let r = p.strip_prefix(root).unwrap_or(p).display().to_string();
    if r.is_empty() { ".".into() } else { r }
}

pub(super) fn s(p: &Path) -> String {
    p.display().to_string()
}

/// Unpacks or copies `sub` into `work` (emptied first).
///
/// # Errors
/// A zip that cannot be extracted or a folder that cannot be copied, as one line.
pub fn unpack(sub: &Submission, work: &Path, limit: Duration, runner: &ProgramRunner) -> Result<(), String> {
    let _ = std::fs::remove_dir_all(work);
    std::fs::create_dir_all(work).map_err(|e| format!("{}: {}", work.display(), crate::files::io_reason(&e)))?;
    if !sub.files.is_empty() {
        for (from, name) in &sub.files {
            std::fs::copy(from, work.join(name))
                .map_err(|e| format!("{}: cannot copy: {}", from.display(), crate::files::io_reason(&e)))?;
        }
    } else if sub.path.is_file() {
        let archive = std::fs::canonicalize(&sub.path).unwrap_or_else(|_| sub.path.clone());
        extract(&archive, work, work, limit, runner).map_err(|why| format!("{}: {why}", sub.path.display()))?;
        drop_links(work);
    } else {
        copy_dir(&sub.path, work)
            .map_err(|e| format!("{}: cannot copy: {}", sub.path.display(), crate::files::io_reason(&e)))?;
    }
    // A submission with no program in sight but a zip inside (a folder a student's upload
    // went into, a zip zipped again): the zips are unpacked beside themselves, each into a
    // folder of its name, one level deep.
    // A zip that cannot be extracted fails the submission only when nothing else showed a
    // program: a stray broken zip beside the one with the code costs the student nothing.
    if programs_below(work, work).is_empty() {
        let mut failed = None;
        for inner in walk(work).into_iter().filter(|f| is_archive(f)) {
            let into = inner.with_file_name(net_id_of(&inner));
            let _ = std::fs::create_dir_all(&into);
            match extract(&inner, &into, work, limit, runner) {
                Ok(()) => lift_lone_namesake(&into),
                Err(why) => {
                    failed.get_or_insert(format!("{}: {why}", relative(work, &inner)));
                }
            }
        }
        drop_links(work);
        if let Some(why) = failed.filter(|_| programs_below(work, work).is_empty()) {
            return Err(why);
        }
    }
    Ok(())
}

/// A zip that holds one folder of its own name (`project.zip` made of `project/`) was
/// unpacked into `project/project/`: the inner folder takes the outer one's place, so the
/// reports name `project/ABGame.py` as the student zipped it. A Mac's Finder adds
/// `__MACOSX/` (and `.DS_Store`) beside it, which are passed over in deciding, and
/// removed; anything else beside the inner folder leaves it as it is.
fn lift_lone_namesake(into: &Path) {
    let Some(name) = into.file_name() else { return };
    let Ok(entries) = std::fs::read_dir(into) else { return };
    let (junk, entries): (Vec<_>, Vec<_>) =
        entries.flatten().partition(|e| e.file_name() == "__MACOSX" || e.file_name() == ".DS_Store");
    let [only] = entries.as_slice() else { return };
    if only.file_name() != name || !only.file_type().is_ok_and(|t| t.is_dir()) {
        return;
    }
    // Finder's leftovers hold nothing a program needs (resource forks, folder views); the
    // folder they lie in is about to go.
    for j in &junk {
        let gone = if j.file_type().is_ok_and(|t| t.is_dir()) {
            std::fs::remove_dir_all(j.path())
        } else {
            std::fs::remove_file(j.path())
        };
        if let Err(e) = gone {
            log::info!("{}: left as unpacked: {}", j.path().display(), crate::files::io_reason(&e));
            return;
        }
    }
    let aside = into.with_file_name(format!(".{}.lifting", name.to_string_lossy()));
    if let Err(e) = std::fs::rename(only.path(), &aside) {
        log::info!("{}: left as unpacked: {}", into.display(), crate::files::io_reason(&e));
        return;
    }
    if let Err(e) = std::fs::remove_dir(into).and_then(|()| std::fs::rename(&aside, into)) {
        // Put the folder back where it was unpacked, never left hidden aside.
        log::info!("{}: left as unpacked: {}", into.display(), crate::files::io_reason(&e));
        let _ = std::fs::create_dir_all(into);
        let _ = std::fs::rename(&aside, into.join(name));
    }
}

/// Removes every symbolic link an archive made below `work`, hidden folders included,
/// but for one to a file of the submission itself, which is made a copy of that file
/// ([`linked_file`]). The grader writes in its copy as the user it runs as (root, often):
/// a link named `.grade-calls` or `include` pointing out of the copy would have it write
/// there.
fn drop_links(work: &Path) {
    let inside = std::fs::canonicalize(work).unwrap_or_else(|_| work.to_path_buf());
    let mut stack = vec![work.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for e in entries.flatten() {
            match e.file_type() {
                Ok(t) if t.is_symlink() => {
                    let to = linked_file(&e.path(), &inside);
                    let _ = std::fs::remove_file(e.path());
                    match to {
                        Some(to) if std::fs::copy(&to, e.path()).is_ok() => {
                            note_link(work, &e.path(), &work.join(to.strip_prefix(&inside).unwrap_or(&to)));
                        }
                        _ => log::info!("{}: a symbolic link in the archive, left out", e.path().display()),
                    }
                }
                Ok(t) if t.is_dir() => stack.push(e.path()),
                _ => {}
            }
        }
    }
}

/// The file a student's symbolic link leads to, where it is a file of the submission
/// itself, below `inside` (canonical): a Linux student's `MiniMaxOpeningBlack.py ->
/// MiniMaxOpening.py`, one script that tells the colour it plays by the name it is called
/// by, zipped with `zip -y`. Such a link is made a copy of its file in the grader's copy
/// (called by the link's name, it runs as the link did); before TA trial 22 it was left
/// out, and the program it stood for was missing.
fn linked_file(link: &Path, inside: &Path) -> Option<PathBuf> {
    let to = std::fs::canonicalize(link).ok()?;
    (to.starts_with(inside) && to.is_file()).then_some(to)
}

/// The file in a work copy that lists each symbolic link made a copy of its file: the
/// link and its file, a line each, parted by a tab, for the report's notes.
const LINKS: &str = ".grade-links";

fn note_link(work: &Path, link: &Path, to: &Path) {
    use std::io::Write;
    let line = format!("{}\t{}\n", relative(work, link), relative(work, to));
    let _ = std::fs::File::options()
        .create(true)
        .append(true)
        .open(work.join(LINKS))
        .and_then(|mut f| f.write_all(line.as_bytes()));
}

/// The symbolic links [`drop_links`] and [`copy_dir`] made copies of, as the report's note
/// names them (`MiniMaxOpeningBlack.py -> MiniMaxOpening.py`).
fn links_copied(work: &Path) -> Vec<String> {
    std::fs::read_to_string(work.join(LINKS))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split_once('\t'))
        .map(|(link, to)| format!("{link} -> {to}"))
        .collect()
}

/// Extracts `archive` into `into` by its kind, in the sandbox with `work` its one writable
/// place. A RAR or 7-Zip archive needs `7z` or `bsdtar`; where neither is installed the
/// error says so.
/// The command that unpacks `archive` into `into` by what it holds, whatever its name
/// says (`7z`, else `bsdtar`), where either is installed.
fn by_content(archive: &str, into: &str) -> Option<Vec<String>> {
    if crate::referee::sandbox::find_program("7z").is_some() {
        Some(vec!["7z".into(), "x".into(), "-y".into(), format!("-o{into}"), archive.into()])
    } else if crate::referee::sandbox::find_program("bsdtar").is_some() {
        Some(vec!["bsdtar".into(), "-xf".into(), archive.into(), "-C".into(), into.into()])
    } else {
        None
    }
}

fn extract(archive: &Path, into: &Path, work: &Path, limit: Duration, runner: &ProgramRunner) -> Result<(), String> {
    let Some((kind, _)) = archive_of(archive) else { return Err("not an archive".into()) };
    let (a, i) = (s(archive), s(into));
    let (argv, what): (Vec<String>, String) = match kind {
        Archive::Zip => (vec!["unzip".into(), "-qq".into(), "-o".into(), a, "-d".into(), i], "zip file".into()),
        Archive::Tar => {
            (vec!["tar".into(), "-xf".into(), a, "-C".into(), i, "--no-same-owner".into()], "tar archive".into())
        }
        Archive::Other(what) => {
            let Some(argv) = by_content(&a, &i) else {
                return Err(format!(
                    "a {what} archive, which needs `7z` (Debian's p7zip-full) or `bsdtar` (libarchive-tools) to unpack; neither is installed here"
                ));
            };
            (argv, format!("{what} archive"))
        }
    };
    let run = |argv: Vec<String>| {
        runner.run(&RunSpec {
            argv,
            dir: work.to_path_buf(),
            time_limit: limit,
            output_limit: 4096,
            writable: Some(work.to_path_buf()),
            stdin: None,
        })
    };
    let out = run(argv);
    if out.succeeded() {
        return Ok(());
    }
    // Named as one kind, made as another (a RAR or 7-Zip archive renamed `.zip`, a zip
    // Windows' Explorer packed with Deflate64, which unzip cannot read): 7z and bsdtar
    // read the archive by its content.
    if !matches!(kind, Archive::Other(_))
        && let Some(other) = by_content(&s(archive), &s(into))
        && run(other).succeeded()
    {
        return Ok(());
    }
    // The first line that says what is wrong (unzip names the archive first, `[path]`),
    // its first sentence (unzip wraps its sentences over lines).
    let names_archive = |l: &str| l.starts_with('[') && l.ends_with(']');
    let why = out
        .stderr
        .lines()
        .chain(out.stdout.lines())
        .map(str::trim)
        .find(|l| !l.is_empty() && !names_archive(l))
        .unwrap_or("");
    let why = why.split_once(".  ").map_or(why, |(first, _)| first);
    Err(format!(
        "not a usable {what} ({}{})",
        out.describe(),
        if why.is_empty() { String::new() } else { format!(": {why}") }
    ))
}

fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    let inside = std::fs::canonicalize(from)?;
    copy_tree(from, to, &inside, to)
}

/// Copies the folder `from` into `to`, the copy's top `work`: a symbolic link to a file
/// below `inside` as a copy of that file ([`linked_file`]), any other link not at all.
fn copy_tree(from: &Path, to: &Path, inside: &Path, work: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for e in std::fs::read_dir(from)? {
        let e = e?;
        let t = e.file_type()?;
        let dest = to.join(e.file_name());
        if t.is_dir() && !is_output_folder(&e.path()) {
            copy_tree(&e.path(), &dest, inside, work)?;
        } else if t.is_file() {
            std::fs::copy(e.path(), &dest)?;
        } else if let Some(file) = t.is_symlink().then(|| linked_file(&e.path(), inside)).flatten() {
            std::fs::copy(&file, &dest)?;
            note_link(work, &dest, &work.join(file.strip_prefix(inside).unwrap_or(&file)));
        }
    }
    Ok(())
}

/// The Python interpreter and its version, resolved once per run: `python3` on PATH may
/// be a version manager's shim (pyenv's is a shell script costing a tenth of a second per
/// call).
fn python(runner: &ProgramRunner, limit: Duration) -> &'static (String, Option<super::toolchain::Version>) {
    static RESOLVED: std::sync::OnceLock<(String, Option<super::toolchain::Version>)> = std::sync::OnceLock::new();
    RESOLVED.get_or_init(|| {
        let out =
            ask(runner, limit, &["python3", "-c", "import sys; print(sys.executable); print(*sys.version_info[:2])"]);
        let mut lines = out.stdout.lines();
        let path = lines.next().unwrap_or("").trim();
        let mut words = lines.next().unwrap_or("").split_whitespace().map(str::parse::<u32>);
        let version = match (words.next(), words.next()) {
            (Some(Ok(major)), Some(Ok(minor))) => Some((major, minor)),
            _ => None,
        };
        if out.succeeded() && Path::new(path).is_file() {
            (path.to_string(), version)
        } else {
            ("python3".to_string(), None)
        }
    })
}

/// What a tool of the machine says of itself (`javac -version`), asked in the sandbox
/// as the students' programs will run.
fn ask(runner: &ProgramRunner, limit: Duration, argv: &[&str]) -> super::run::RunOutcome {
    runner.run(&RunSpec {
        argv: argv.iter().map(|a| (*a).to_string()).collect(),
        dir: std::env::temp_dir(),
        time_limit: limit,
        output_limit: 4096,
        writable: None,
        stdin: None,
    })
}

/// `javac` with its own JVM (not the students' programs') started for a short job: the
/// client compiler only and the serial collector, which cut its CPU time by about a third
/// on a class's sources (1.6 s to 1.1 s for nine files on a 2-core machine). A JVM that
/// knows neither option ignores them rather than refusing to start.
fn javac(jdk: Option<&Path>) -> Vec<String> {
    let javac = jdk.map_or_else(|| "javac".to_string(), |home| s(&home.join("bin/javac")));
    let mut argv = vec![javac];
    argv.extend(
        ["-J-XX:+IgnoreUnrecognizedVMOptions", "-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC"].map(String::from),
    );
    argv
}

/// The release this machine's javac compiles (`javac 17.0.15` is 17), asked once.
fn javac_release(runner: &ProgramRunner, limit: Duration) -> Option<u32> {
    static RELEASE: std::sync::OnceLock<Option<u32>> = std::sync::OnceLock::new();
    *RELEASE.get_or_init(|| {
        let out = ask(runner, limit, &["javac", "-version"]);
        let said = format!("{}{}", out.stdout, out.stderr);
        said.split_whitespace().nth(1)?.split('.').next()?.parse().ok()
    })
}

/// What [`declared_libraries`] found.
struct DeclaredLibraries {
    /// Jars copied into the submission's copy, for the class path.
    found: Vec<PathBuf>,
    /// Those found nowhere, as `group:artifact:version`.
    missing: Vec<String>,
    /// For the report.
    notes: Vec<String>,
}

/// The libraries a Java submission's build files declare (`pom.xml`, `build.gradle`;
/// [`super::libraries`]) that it holds no jar of: each copied from where this machine keeps
/// it (the local Maven repository, Gradle's cache, Debian's) into `.grade-libs/` of the
/// submission's copy, which the sandbox shows, for the class path; those found nowhere
/// listed for the doubt, with the command that fetches them.
fn declared_libraries(work: &Path, files: &[PathBuf], jars: &[PathBuf]) -> DeclaredLibraries {
    use super::libraries::{gradle_libraries, local_jar, maven_libraries};
    let mut out = DeclaredLibraries { found: Vec::new(), missing: Vec::new(), notes: Vec::new() };
    if !files.iter().any(|f| f.extension().is_some_and(|e| e == "java")) {
        return out;
    }
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let folder = work.join(".grade-libs");
    for build_file in files {
        let name = build_file.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let libs = match name {
            "pom.xml" => {
                crate::files::read_text_lossy(build_file, crate::files::SMALL_TEXT).map(|t| maven_libraries(&t))
            }
            "build.gradle" | "build.gradle.kts" => {
                crate::files::read_text_lossy(build_file, crate::files::SMALL_TEXT).map(|t| gradle_libraries(&t))
            }
            _ => None,
        };
        let mut taken: Vec<String> = Vec::new();
        for lib in libs.unwrap_or_default() {
            let held = jars.iter().any(|j| {
                j.file_stem()
                    .and_then(|s| s.to_str())
                    .is_some_and(|s| s == lib.artifact || s.starts_with(&format!("{}-", lib.artifact)))
            });
            if held || out.missing.contains(&lib.coordinates()) {
                continue;
            }
            let Some((jar, exact)) = local_jar(&lib, home.as_deref()) else {
                out.missing.push(lib.coordinates());
                continue;
            };
            let Some(file_name) = jar.file_name() else { continue };
            let copy = folder.join(file_name);
            if out.found.contains(&copy) {
                continue;
            }
            if let Err(e) = std::fs::create_dir_all(&folder).and_then(|()| std::fs::copy(&jar, &copy)) {
                log::warn!("{}: not copied into the submission's copy: {e}", jar.display());
                continue;
            }
            out.found.push(copy);
            let other = if exact { "" } else { ", another version than the one asked" };
            taken.push(format!("{} ({}{other})", lib.coordinates(), jar.display()));
        }
        if !taken.is_empty() {
            out.notes.push(format!(
                "on the class path, as {} declares them and its build tool would fetch them, from this machine's \
                 copies: {}",
                relative(work, build_file),
                taken.join(", ")
            ));
        }
    }
    out
}

/// The machine's newest JDK, if it is newer than `javac`'s on `PATH` (or there is none
/// there), found once ([`super::toolchain::jdks`]).
pub(super) fn newer_jdk(runner: &ProgramRunner, limit: Duration) -> Option<super::toolchain::Install> {
    static NEWER: std::sync::OnceLock<Option<super::toolchain::Install>> = std::sync::OnceLock::new();
    NEWER
        .get_or_init(|| {
            let default = javac_release(runner, limit);
            let java_home = std::env::var_os("JAVA_HOME").map(PathBuf::from);
            let home = std::env::var_os("HOME").map(PathBuf::from);
            super::toolchain::jdks(java_home.as_deref(), home.as_deref())
                .into_iter()
                .filter(|j| default.is_none_or(|d| j.version.is_some_and(|v| v.0 > d)))
                .max_by_key(|j| j.version)
        })
        .clone()
}

/// A compiler's first error line, for the report (`Search.java:42: error: …`), the
/// folders before its file left out and cut to a line's length.
fn first_error(stderr: &str) -> String {
    let line = stderr.lines().find(|l| l.contains("error")).unwrap_or_else(|| stderr.lines().next().unwrap_or(""));
    let line = line.trim();
    let line = match line.find(": ") {
        Some(at) if line[..at].contains('/') => {
            let file_end = line[..at].rfind('/').map_or(0, |i| i + 1);
            &line[file_end..]
        }
        _ => line,
    };
    line.chars().take(160).collect()
}

/// The newer Python to run a submission's programs with, and why, where `python3`
/// ([`python`]) refuses some of its files ([`super::toolchain::PYTHON_CHECK`]: a syntax
/// error, a name its standard library lacks) and one of the machine's newer Pythons
/// (newest first) refuses fewer and nothing more: a Python 3.13 student's `type Board =
/// str`. Where none does and the submission names a Python newer than all of the
/// machine's ([`stated_python`], from `all` its files), a doubt naming it. Nothing of the
/// student's code runs for this: the files are only compiled.
fn newer_python(
    runner: &ProgramRunner,
    limit: Duration,
    files: &[PathBuf],
    all: &[PathBuf],
    work: &Path,
) -> Option<Newer> {
    let shown: Vec<String> = files.iter().map(|f| s(f)).collect();
    let work_shown = format!("{}/", s(work));
    let complaints = |python: &str| -> Vec<String> {
        let mut argv = vec![python.to_string(), "-c".into(), super::toolchain::PYTHON_CHECK.into()];
        argv.extend(shown.iter().cloned());
        let out = runner.run(&RunSpec {
            argv,
            dir: work.to_path_buf(),
            time_limit: limit,
            output_limit: 64 * 1024,
            writable: None,
            stdin: None,
        });
        out.stdout
            .lines()
            .filter(|l| shown.iter().any(|f| l.starts_with(f.as_str())))
            .map(|l| l.replacen(&work_shown, "", 1))
            .collect()
    };
    let (default, default_version) = python(runner, limit);
    let refused = complaints(default);
    if refused.is_empty() {
        return None;
    }
    let path_var = std::env::var("PATH").unwrap_or_default();
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let pyenv_root = std::env::var_os("PYENV_ROOT").map(PathBuf::from);
    let mut newer: Vec<super::toolchain::Install> =
        super::toolchain::pythons(&path_var, home.as_deref(), pyenv_root.as_deref())
            .into_iter()
            .filter(|p| p.version.is_some_and(|v| default_version.is_none_or(|d| v > d)))
            .collect();
    newer.sort_by_key(|p| std::cmp::Reverse(p.version));
    for candidate in newer {
        let python = s(&candidate.path);
        let still = complaints(&python);
        if super::toolchain::fixes(&refused, &still) {
            let (major, minor) = candidate.version.unwrap_or_default();
            let shown_default = default_version.map_or_else(String::new, |(a, b)| format!(" ({a}.{b})"));
            // Only modules of the standard library that python3 was built without (tkinter):
            // not a newer Python's code.
            let absent: Vec<&str> =
                refused.iter().filter_map(|r| r.split(": no module ").nth(1)).map(str::trim).collect();
            let built_without = !absent.is_empty()
                && refused.iter().all(|r| {
                    r.contains(": no module ")
                        || r.rsplit_once(": ").and_then(|(_, said)| said.split_once(" has no ")).is_some_and(
                            |(module, _)| {
                                absent.iter().any(|a| a == &module.trim() || module.starts_with(&format!("{a}.")))
                            },
                        )
                });
            let why = if built_without {
                format!(
                    "run with Python {major}.{minor} ({python}), the newest of this machine's that has the standard \
                     library modules the student's code imports: python3{shown_default} was built without them ({})",
                    crate::words::listed(&refused, 2)
                )
            } else {
                format!(
                    "run with Python {major}.{minor} ({python}), the newest of this machine's that reads the student's \
                     code, as the student's newer Python would: python3{shown_default} refuses {}",
                    crate::words::listed(&refused, 2)
                )
            };
            return Some(Newer::Reads(python, why));
        }
    }
    // None reads it: where the student says which Python the code is for, and that one is
    // newer than any here, the TA is told so (a Python 3.14 student's `except A, B:`).
    let (wanted, said) = stated_python(work, all)?;
    let newest = super::toolchain::pythons(&path_var, home.as_deref(), pyenv_root.as_deref())
        .into_iter()
        .filter_map(|p| p.version)
        .chain(*default_version)
        .max();
    if newest.is_some_and(|n| n >= wanted) {
        return None;
    }
    let newest = newest.map_or_else(|| "none known".to_string(), |(a, b)| format!("{a}.{b}"));
    Some(Newer::NoneReads(format!(
        "the student's code is for Python {}.{} ({said}), newer than any Python of this machine (the newest {newest}), \
         and every Python here refuses it ({}): install a Python {}.{} (`python3.{}` on PATH, or under pyenv) and grade \
         again with `--only`",
        wanted.0,
        wanted.1,
        crate::words::listed(&refused, 2),
        wanted.0,
        wanted.1,
        wanted.1
    )))
}

/// What [`newer_python`] found: a newer Python of the machine's that reads the student's
/// code (its path, and why, for the notes), or none, where the student names a newer one
/// than the machine has (the TA's doubt).
enum Newer {
    Reads(String, String),
    NoneReads(String),
}

/// The Python version a submission says its code needs, and where it says so: a
/// `.python-version` (`3.14.0`), a `requires-python` (`>=3.14`) or Pipfile's
/// `python_version`, or a README naming `Python 3.14` or a `python3.14` command (the
/// newest it names).
fn stated_python(work: &Path, files: &[PathBuf]) -> Option<(super::toolchain::Version, String)> {
    let version_in = |text: &str| -> Option<super::toolchain::Version> {
        let at = text.find("3.")?;
        let minor: String = text[at + 2..].chars().take_while(char::is_ascii_digit).collect();
        Some((3, minor.parse().ok()?))
    };
    let mut best: Option<(super::toolchain::Version, String)> = None;
    let mut offer = |v: super::toolchain::Version, said: String| {
        if best.as_ref().is_none_or(|(b, _)| v > *b) {
            best = Some((v, said));
        }
    };
    for file in files {
        let Some(name) = file.file_name().and_then(|n| n.to_str()) else { continue };
        let lower = name.to_ascii_lowercase();
        let readme = super::readme::is_readme(file);
        if !(readme || lower == ".python-version" || lower == "pyproject.toml" || lower == "pipfile") {
            continue;
        }
        let Some(text) = crate::files::read_text_lossy(file, crate::files::SMALL_TEXT) else { continue };
        let shown = relative(work, file);
        for line in text.lines() {
            let l = line.trim();
            let lower_line = l.to_ascii_lowercase();
            let found = if lower == ".python-version" {
                version_in(l)
            } else if readme {
                // `Python 3.14`, `python3.14`, `Python3.14`: a version named with Python.
                lower_line.match_indices("python").find_map(|(at, _)| {
                    let rest = lower_line[at + 6..].trim_start_matches([' ', '-']);
                    rest.starts_with("3.").then(|| version_in(rest)).flatten()
                })
            } else if lower_line.starts_with("requires-python") || lower_line.starts_with("python_version") {
                version_in(l)
            } else {
                None
            };
            if let Some(v) = found {
                let plain = l.replace("**", "").replace('`', "");
                let plain = plain.trim_matches(['#', ' ', '-', '>']);
                let sentence = plain.find(". ").map_or(plain, |end| &plain[..=end]);
                let mut quoted: String = sentence.chars().take(80).collect();
                if quoted.len() < sentence.len() {
                    quoted.push('…');
                }
                offer(v, format!("{shown}: \"{quoted}\""));
                if lower == ".python-version" {
                    break;
                }
            }
        }
    }
    best
}

fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// A script (`#!`) or a Linux program (ELF) that lost its executable bit on the way (a
/// zip made on Windows, an upload) is made executable in the work folder, our own copy.
fn made_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let first = head(p);
    if !(first.starts_with(b"#!") || first.starts_with(ELF)) {
        return false;
    }
    std::fs::metadata(p)
        .and_then(|m| {
            let mut perms = m.permissions();
            perms.set_mode(perms.mode() | 0o755);
            std::fs::set_permissions(p, perms)
        })
        .is_ok()
}

/// The Python files of `files`.
fn python_files(files: &[PathBuf]) -> Vec<PathBuf> {
    files.iter().filter(|f| f.extension().is_some_and(|e| e == "py")).cloned().collect()
}

/// The modules a Python source imports by name (`import board, rules as r`, `from
/// morris_lib import run`; not `from . import x`), each by its top-level name.
fn python_imports(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    // Inside a triple-quoted string (a docstring's "import the board from a file") no line
    // is a statement.
    let mut in_string = false;
    for line in text.lines().map(str::trim_start) {
        let quotes = line.matches("\"\"\"").count() + line.matches("'''").count();
        let was_in_string = in_string;
        if quotes % 2 == 1 {
            in_string = !in_string;
        }
        if was_in_string || quotes > 0 {
            continue;
        }
        let names: Vec<&str> = if let Some(rest) = line.strip_prefix("import ") {
            rest.split('#').next().unwrap_or("").split(',').collect()
        } else if let Some(rest) = line.strip_prefix("from ") {
            rest.split_whitespace().next().into_iter().collect()
        } else {
            continue;
        };
        for name in names {
            let top = name.split_whitespace().next().unwrap_or("").split('.').next().unwrap_or("");
            if !top.is_empty() && top.chars().all(|c| c.is_alphanumeric() || c == '_') && !out.iter().any(|m| m == top)
            {
                out.push(top.to_string());
            }
        }
    }
    out
}

/// A module a student's Python imports that does nothing to what a program answers (it
/// waits for a key, or decorates what is printed) and that the grading machine's Python
/// may lack: the grader's stand-in is written for it ([`stand_ins`]).
struct StandIn {
    module: &'static str,
    /// Its files, by their paths in a folder on `sys.path`.
    files: &'static [(&'static str, &'static str)],
    /// What it is and does, for the report.
    what: &'static str,
}

const STAND_INS: [StandIn; 5] = [
    StandIn {
        module: "msvcrt",
        files: &[("msvcrt.py", include_str!("stand_ins/msvcrt.py"))],
        what: "Windows' `msvcrt` (which Linux's Python lacks; its `getch()` answers Enter at once, so a \"press any \
               key\" pause ends)",
    },
    StandIn {
        module: "termcolor",
        files: &[("termcolor.py", include_str!("stand_ins/termcolor.py"))],
        what: "`termcolor` (not installed here; it colours nothing, as the real one does when the output is no \
               terminal)",
    },
    StandIn {
        module: "colorama",
        files: &[("colorama.py", include_str!("stand_ins/colorama.py"))],
        what: "`colorama` (not installed here; the same ANSI codes as the real one writes on Linux)",
    },
    StandIn {
        module: "tqdm",
        files: &[
            ("tqdm/__init__.py", include_str!("stand_ins/tqdm/__init__.py")),
            ("tqdm/auto.py", include_str!("stand_ins/tqdm/auto.py")),
            ("tqdm/notebook.py", include_str!("stand_ins/tqdm/notebook.py")),
            ("tqdm/std.py", include_str!("stand_ins/tqdm/std.py")),
        ],
        what: "`tqdm` (not installed here; it draws no progress bar, which the real one draws on stderr)",
    },
    StandIn {
        module: "tkinter",
        files: &[
            ("tkinter/__init__.py", include_str!("stand_ins/tkinter/__init__.py")),
            ("tkinter/constants.py", include_str!("stand_ins/tkinter/constants.py")),
            ("tkinter/ttk.py", include_str!("stand_ins/tkinter/ttk.py")),
            ("tkinter/messagebox.py", include_str!("stand_ins/tkinter/messagebox.py")),
            ("tkinter/filedialog.py", include_str!("stand_ins/tkinter/filedialog.py")),
            ("tkinter/font.py", include_str!("stand_ins/tkinter/font.py")),
            ("tkinter/simpledialog.py", include_str!("stand_ins/tkinter/simpledialog.py")),
            ("tkinter/colorchooser.py", include_str!("stand_ins/tkinter/colorchooser.py")),
        ],
        what: "`tkinter` (which this machine's Python was built without: a program that only imports it runs; a \
               window cannot open, as with the real one on a machine without a display)",
    },
];

/// For Python programs that import a module of [`STAND_INS`] which `python` cannot find
/// (Windows' `msvcrt` on Linux; `termcolor` or `tqdm` not installed) and the submission
/// does not hold: the grader's stand-in written in every folder of the submission's Python
/// files and the folders above them (so that it is on `sys.path` however a program is
/// run: as a script, as a module from its package's root, with `PYTHONPATH`), where the
/// folder holds none of that name. The report's notes, one a module.
/// The top-level modules the submission's Python files import that it does not hold
/// itself (the standard library's and installed packages', or missing ones), each once.
fn foreign_imports(python_files: &[PathBuf]) -> Vec<String> {
    let held = |module: &str| {
        python_files.iter().any(|f| {
            f.file_stem().is_some_and(|s| s == module)
                || f.parent().is_some_and(|d| d.file_name().is_some_and(|n| n == module))
        })
    };
    let mut out: Vec<String> = Vec::new();
    for text in python_files.iter().filter_map(|f| crate::files::read_text_lossy(f, crate::files::SMALL_TEXT)) {
        for m in python_imports(&text) {
            if m != "__future__" && !held(&m) && !out.contains(&m) {
                out.push(m);
            }
        }
    }
    out
}

fn stand_ins(
    work: &Path,
    python_files: &[PathBuf],
    imported: &[String],
    python: &str,
    runner: &ProgramRunner,
    limit: Duration,
) -> Vec<String> {
    let wanted: Vec<&StandIn> = STAND_INS.iter().filter(|st| imported.iter().any(|m| m == st.module)).collect();
    if wanted.is_empty() {
        return Vec::new();
    }
    let asked: Vec<String> = wanted.iter().map(|st| st.module.to_string()).collect();
    let missing = super::packages::not_found(python, &asked, runner, limit);
    let mut folders: Vec<PathBuf> = Vec::new();
    for file in python_files {
        for dir in file.ancestors().skip(1).take_while(|d| d.starts_with(work)) {
            if !folders.iter().any(|f| f == dir) {
                folders.push(dir.to_path_buf());
            }
        }
    }
    folders.sort();
    let mut notes = Vec::new();
    for st in wanted.into_iter().filter(|st| missing.iter().any(|m| m == st.module)) {
        let mut written: Vec<String> = Vec::new();
        for dir in &folders {
            if dir.join(format!("{}.py", st.module)).exists() || dir.join(st.module).exists() {
                continue;
            }
            let ok = st.files.iter().all(|(name, text)| {
                let path = dir.join(name);
                path.parent().is_some_and(|p| std::fs::create_dir_all(p).is_ok()) && std::fs::write(&path, text).is_ok()
            });
            if ok {
                written.push(if dir == work { ".".to_string() } else { relative(work, dir) });
            }
        }
        if !written.is_empty() {
            notes.push(format!(
                "the grader's stand-in for {} written as {} in {}",
                st.what,
                st.files[0].0.split('/').next().unwrap_or(st.module),
                crate::words::listed(&written, 4)
            ));
        }
    }
    notes
}

/// For a Python script that imports a module its submission keeps in another folder
/// (`from morris_lib import …` in `src/`, the module in `lib/`, run as its README says,
/// `PYTHONPATH=lib python3 src/MiniMaxOpening.py …`): each such folder, with the module
/// found there, to be put on `PYTHONPATH`. A module beside the script, or one the
/// submission does not hold (the standard library, an installed package), adds none; of
/// several folders holding it (of `python_files`, the submission's), the one nearest the
/// submission's top.
fn python_path_for(file: &Path, python_files: &[PathBuf]) -> Vec<(PathBuf, String)> {
    let Some(dir) = file.parent() else { return Vec::new() };
    let Ok(text) = crate::files::read_text(file, crate::files::SMALL_TEXT) else { return Vec::new() };
    let mut wanted: Vec<String> = python_imports(&text);
    wanted.retain(|m| !dir.join(format!("{m}.py")).is_file() && !dir.join(m).is_dir());
    if wanted.is_empty() {
        return Vec::new();
    }
    let mut out: Vec<(PathBuf, String)> = Vec::new();
    for module in wanted {
        let holders = python_files.iter().filter_map(|f| {
            let module_file = f.file_stem().is_some_and(|n| n == module.as_str());
            let in_package = f.parent().and_then(Path::file_name).is_some_and(|d| d == module.as_str());
            if module_file {
                f.parent().map(Path::to_path_buf)
            } else if in_package {
                f.parent().and_then(Path::parent).map(Path::to_path_buf)
            } else {
                None
            }
        });
        let Some(folder) = holders.min_by_key(|d| (d.components().count(), d.clone())) else { continue };
        if !out.iter().any(|(d, _)| *d == folder) {
            out.push((folder, module));
        }
    }
    out
}

/// For a Python file that imports relatively (`from .board import Board`, `from . import
/// rules`), which fails run as a script ("attempted relative import with no known parent
/// package"): the folder to run it from and its module's dotted name. Its folder is its
/// package (a namespace package if it has no `__init__.py`), with each folder above that
/// holds an `__init__.py`, up to the submission's top.
fn python_module(file: &Path, work: &Path) -> Option<(PathBuf, String)> {
    let text = crate::files::read_text(file, crate::files::SMALL_TEXT).ok()?;
    let relative = text.lines().any(|l| {
        let l = l.trim_start();
        l.strip_prefix("from")
            .is_some_and(|rest| rest.starts_with(char::is_whitespace) && rest.trim_start().starts_with('.'))
    });
    if !relative {
        return None;
    }
    let mut parts = vec![file.file_stem()?.to_str()?.to_string()];
    let mut dir = file.parent()?;
    loop {
        parts.push(dir.file_name()?.to_str()?.to_string());
        let above = dir.parent()?;
        if above == work || !above.starts_with(work) || !above.join("__init__.py").is_file() {
            parts.reverse();
            let identifier = |p: &String| {
                p.chars().all(|c| c.is_alphanumeric() || c == '_') && !p.starts_with(|c: char| c.is_ascii_digit())
            };
            return parts.iter().all(identifier).then(|| (above.to_path_buf(), parts.join(".")));
        }
        dir = above;
    }
}

/// A Java or Python source the compiler or interpreter would refuse for its encoding alone
/// is made UTF-8 in the grader's copy: a byte order mark (javac: `illegal character:
/// '\ufeff'`) taken off a Java source; a source in a legacy encoding (a name with an
/// accent in a comment, saved by a Windows editor in Windows-1252; a Chinese student's
/// labels in GBK: `unmappable character`, Python's `Non-UTF-8 code`) re-encoded from the
/// encoding it reads most plausibly in ([`crate::files::legacy_text`]; before TA trial 22
/// always Windows-1252, which compiled a GBK source's labels into mojibake), unless a
/// Python source declares its own coding. What was done, if anything.
fn utf8_source(path: &Path) -> Option<String> {
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase)?;
    if ext != "java" && ext != "py" {
        return None;
    }
    let bytes = std::fs::read(path).ok()?;
    let (text, why) = match std::str::from_utf8(&bytes) {
        Ok(t) if ext == "java" && t.starts_with('\u{feff}') => {
            (t['\u{feff}'.len_utf8()..].to_string(), "byte order mark taken off (javac refuses it)".to_string())
        }
        Ok(_) => return None,
        Err(_) => {
            let head: String = String::from_utf8_lossy(&bytes).lines().take(2).collect::<Vec<_>>().join("\n");
            if ext == "py" && head.lines().any(|l| l.trim_start().starts_with('#') && l.contains("coding")) {
                return None;
            }
            let (text, encoding) = crate::files::legacy_text(&bytes);
            (text, format!("re-encoded from {encoding} to UTF-8 (it was not UTF-8, which the compiler needs)"))
        }
    };
    std::fs::write(path, text).ok()?;
    Some(why)
}

/// A shell script (`MiniMaxOpening.sh`) or another `#!` script, made to run here as it ran
/// on the student's machine, in the grader's copy: saved on Windows, its CRLF line ends
/// made LF (sh reads the `\r` as part of each word: `python3: can't open file
/// 'MiniMaxOpening.py\r'`, and a `#!/bin/sh\r` line names no shell); and where
/// `python_missing` (Debian, the sandbox's system folders have only `python3`), a
/// `python` it calls made `python3`, as the TA would type it. What was done, if anything.
fn script_for_here(path: &Path, python_missing: bool) -> Option<String> {
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    if !matches!(ext.as_deref(), None | Some("sh")) {
        return None;
    }
    let text = crate::files::read_text(path, crate::files::SMALL_TEXT).ok()?;
    if !text.starts_with("#!") && ext.is_none() {
        return None;
    }
    let mut done = Vec::new();
    let mut changed = text.clone();
    if changed.contains("\r\n") {
        changed = changed.replace("\r\n", "\n");
        done.push("its Windows line ends (CRLF) made LF in the grader's copy");
    }
    if python_missing {
        let called = with_python3(&changed);
        if called != changed {
            changed = called;
            done.push("calls `python3` in the grader's copy (it called `python`, which this machine lacks)");
        }
    }
    if done.is_empty() {
        return None;
    }
    std::fs::write(path, changed).ok()?;
    Some(done.join("; "))
}

/// `text` with each command word `python` (or `python2`) made `python3`: at a line's start,
/// after a separator (`;`, `&`, `|`, `(`, a space) or a path's `/`, and followed by a space
/// or the line's end.
fn with_python3(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for (i, line) in text.split_inclusive('\n').enumerate() {
        // A comment line keeps its words; a `#!` line does not.
        if line.trim_start().starts_with('#') && !(i == 0 && line.starts_with("#!")) {
            out.push_str(line);
            continue;
        }
        let mut rest = line;
        let mut prev: Option<char> = None;
        while !rest.is_empty() {
            let word = ["python2", "python"].into_iter().find(|w| rest.starts_with(w));
            let at_start = prev.is_none_or(|c| matches!(c, ' ' | '\t' | ';' | '&' | '|' | '(' | '/' | '`'));
            if let (Some(w), true) = (word, at_start) {
                let after = rest[w.len()..].chars().next();
                if after.is_none_or(|c| c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                    out.push_str("python3");
                    rest = &rest[w.len()..];
                    prev = Some('3');
                    continue;
                }
            }
            let c = rest.chars().next().unwrap_or(' ');
            out.push(c);
            prev = Some(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The class a Java source's `main` is run as: its `package` and its name.
fn java_class(source: &Path) -> String {
    let stem = source.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    match java_package(source) {
        Some(package) => format!("{package}.{stem}"),
        None => stem,
    }
}

fn java_package(source: &Path) -> Option<String> {
    let text = crate::files::read_text(source, crate::files::SMALL_TEXT).ok()?;
    text.lines()
        .map(str::trim)
        .find_map(|l| l.strip_prefix("package "))
        .map(|p| p.trim_end_matches(';').trim().to_string())
}

/// Whether a Java source is a unit test: it imports a test framework (JUnit 4 or 5, TestNG,
/// or the assertion and mocking libraries tests use).
fn is_java_test(source: &Path) -> bool {
    let Some(text) = crate::files::read_text_lossy(source, crate::files::SMALL_TEXT) else { return false };
    text.lines().map(str::trim_start).filter_map(|l| l.strip_prefix("import ")).any(|rest| {
        let rest = rest.trim_start().strip_prefix("static ").unwrap_or(rest).trim_start();
        super::libraries::test_framework(rest.split(';').next().unwrap_or(rest).trim_end())
    })
}

/// The source roots of a Java build of several modules: the package roots that are a
/// module's `src/main/java` (Maven's and Gradle's layout), where there are two or more.
fn module_roots(java: &[PathBuf]) -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> =
        java.iter().map(|f| package_root(f)).filter(|r| r.ends_with("src/main/java")).collect();
    roots.sort();
    roots.dedup();
    if roots.len() < 2 {
        roots.clear();
    }
    roots
}

/// The folder a Java source's package starts in (`src` for `src/edu/x/A.java` in
/// package `edu.x`).
fn package_root(source: &Path) -> PathBuf {
    let dir = source.parent().unwrap_or(Path::new("."));
    let Some(package) = java_package(source) else { return dir.to_path_buf() };
    let mut root = dir.to_path_buf();
    for part in package.split('.').rev() {
        if root.file_name().is_some_and(|n| n == part) {
            root.pop();
        } else {
            return dir.to_path_buf();
        }
    }
    root
}

/// Whether a source defines a `main` (`main(`, `main (`, as a word; or Visual C++'s
/// `_tmain`).
fn has_main(source: &Path) -> bool {
    // Read whatever its encoding: a C or C++ source saved in Windows-1252 or GBK (`// Posición`,
    // Dev-C++ or Visual Studio on a Spanish or Chinese Windows) compiles as it is, and was
    // passed over as no program before TA trial 18.
    let Some(text) = crate::files::read_text_lossy(source, crate::files::SMALL_TEXT) else { return false };
    // Its code alone: a shared source whose comment says `// the common main()` has no main
    // (it was taken for a program and left out of every program's link until TA trial 28).
    let text = code_alone(&text);
    ["main", "_tmain"].iter().any(|word| {
        text.match_indices(word).any(|(at, _)| {
            let before = text[..at].chars().next_back();
            let after = text[at + word.len()..].trim_start_matches([' ', '\t']);
            before.is_none_or(|c| !(c.is_alphanumeric() || c == '_')) && after.starts_with('(')
        })
    })
}

/// C, C++ or Java `text` with its comments and the insides of its string and character
/// literals made spaces (line breaks kept), so that what is left is code alone.
fn code_alone(text: &str) -> String {
    #[derive(PartialEq)]
    enum In {
        Code,
        Line,
        Block,
        Quoted(char),
    }
    let mut state = In::Code;
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let next = chars.peek().copied();
        match state {
            In::Code => match (c, next) {
                ('/', Some('/')) => state = In::Line,
                ('/', Some('*')) => {
                    chars.next();
                    out.push(' ');
                    state = In::Block;
                }
                ('"' | '\'', _) => {
                    out.push(c);
                    state = In::Quoted(c);
                    continue;
                }
                _ => {
                    out.push(c);
                    continue;
                }
            },
            In::Line if c == '\n' => state = In::Code,
            In::Block if c == '*' && next == Some('/') => {
                chars.next();
                out.push(' ');
                state = In::Code;
            }
            In::Quoted(_) if c == '\\' && chars.next().is_some() => out.push(' '),
            In::Quoted(q) if c == q || c == '\n' => {
                out.push(c);
                state = In::Code;
                continue;
            }
            _ => {}
        }
        out.push(if c == '\n' { '\n' } else { ' ' });
    }
    out
}

/// Whether a compiled Java class may have a `main`: its constant pool names a method
/// `main` and the descriptor `([Ljava/lang/String;)V` (a class the program's menu calls,
/// with no `main` of its own, is no program: `java MiniMaxOpening` says "Main method not
/// found").
fn class_has_main(class: &Path) -> bool {
    let Ok(bytes) = std::fs::read(class) else { return false };
    let holds = |needle: &[u8]| bytes.windows(needle.len()).any(|w| w == needle);
    holds(b"\x00\x04main") && holds(b"([Ljava/lang/String;)V")
}

/// What a program's file is, in the order a program is looked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum FileKind {
    Executable,
    Python,
    JavaSource,
    JavaClass,
    CSource,
}

fn kind_of(path: &Path) -> Option<FileKind> {
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("py") => Some(FileKind::Python),
        Some("java") => has_main(path).then_some(FileKind::JavaSource),
        Some("class") => class_has_main(path).then_some(FileKind::JavaClass),
        Some("c" | "cpp" | "cc" | "cxx") => has_main(path).then_some(FileKind::CSource),
        None | Some("sh" | "out") if is_executable(path) || made_executable(path) => Some(FileKind::Executable),
        _ => None,
    }
}

/// A file that may be one of the programs.
struct Candidate {
    program: &'static str,
    kind: FileKind,
    file: PathBuf,
    how: NameMatch,
    /// In a folder named as an older copy.
    stale: bool,
    /// A program for another machine: it cannot run here.
    foreign: Option<Foreign>,
    /// A program (not a script) that was there before the build: built elsewhere, and
    /// perhaps from older sources than those beside it.
    shipped: bool,
    /// How recent a copy its folders say it is ([`version_of`]).
    version: (bool, u32),
}

/// The sources that a `CMakeLists.txt` below `work` declares as programs: the first source
/// with a `main` of each `add_executable` whose target is named as a program, with the
/// declaring file.
fn declared_by_cmake(work: &Path) -> Vec<(PathBuf, &'static str, String)> {
    let mut out = Vec::new();
    for list in walk(work).iter().filter(|f| f.file_name().is_some_and(|n| n.eq_ignore_ascii_case("CMakeLists.txt"))) {
        let Ok(text) = crate::files::read_text(list, crate::files::SMALL_TEXT) else { continue };
        let folder = list.parent().unwrap_or(work);
        for (target, sources) in super::cmake::executables(&text, folder) {
            let Some((program, _)) = super::names::program_of(&target) else { continue };
            if let Some(source) = sources.into_iter().find(|s| s.is_file() && has_main(s)) {
                out.push((source, program.name, relative(work, list)));
            }
        }
    }
    out
}

/// The words of a file or folder name, lower-cased (`Project2_v2_FINAL` is `project2`,
/// `v2`, `final`).
fn name_words(name: &std::ffi::OsStr) -> Vec<String> {
    let name = name.to_string_lossy().to_lowercase();
    name.split(|ch: char| !ch.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_string).collect()
}

/// How recent a copy its folders say it is: named final (`Project2_v2_FINAL`, `submission`,
/// `latest`), then its version's number (`v2`, `version 3`, `attempt2`), higher newer.
fn version_of(work: &Path, file: &Path) -> (bool, u32) {
    let inside = file.strip_prefix(work).unwrap_or(file);
    let words: Vec<String> =
        inside.parent().map(Path::components).into_iter().flatten().flat_map(|c| name_words(c.as_os_str())).collect();
    let is_final = words.iter().any(|w| ["final", "finished", "submission", "submit", "latest"].contains(&w.as_str()));
    let mut version = 0;
    for (i, w) in words.iter().enumerate() {
        let number = ["version", "attempt", "ver", "try", "rev", "v"].iter().find_map(|p| {
            let rest = w.strip_prefix(p)?;
            if rest.is_empty() { words.get(i + 1)?.parse().ok() } else { rest.parse::<u32>().ok() }
        });
        version = version.max(number.unwrap_or(0));
    }
    (is_final, version)
}

/// Every file below `work` that may be one of the programs, best first: one that can run
/// here before one that cannot, a current copy before an older one, a program built here
/// or a source before one shipped built, then by kind, by how its name matched, shallower
/// first. `started`: when the build began (what is older was shipped).
fn candidates(work: &Path, started: SystemTime) -> Vec<Candidate> {
    let declared = declared_by_cmake(work);
    let mut out: Vec<Candidate> = walk(work)
        .into_iter()
        .filter(|f| !f.starts_with(work.join(".grade-bin")) && !f.starts_with(work.join(".grade-classes")))
        .filter(|f| !is_cargo_copy(f))
        .filter_map(|f| {
            // Declared by its build, unless the file has the handout's name for it anyway.
            let (program, how) = match (declared.iter().find(|d| d.0 == f), program_named(work, &f)) {
                (Some((_, p, _)), Some((q, NameMatch::Exact))) if *p == q => (q, NameMatch::Exact),
                (Some((_, p, by)), _) => (*p, NameMatch::Declared(by.clone())),
                (None, named) => named?,
            };
            let kind = kind_of(&f)?;
            let first = if kind == FileKind::Executable { head(&f) } else { Vec::new() };
            let foreign = foreign_program(&first);
            let shipped =
                first.starts_with(ELF) && std::fs::metadata(&f).and_then(|m| m.modified()).is_ok_and(|t| t < started);
            let version = version_of(work, &f);
            Some(Candidate { program, kind, stale: is_stale(work, &f), file: f, how, foreign, shipped, version })
        })
        .collect();
    // Copies kept by version (`Project2_v1/`, `Project2_v2_FINAL/`): of a program's, those
    // whose folders name an older version than another's are older copies.
    for i in 0..out.len() {
        let newer = (0..out.len()).any(|j| out[j].program == out[i].program && out[j].version > out[i].version);
        out[i].stale |= newer;
    }
    out.sort_by_cached_key(|c| {
        let newest_first = std::cmp::Reverse(c.version);
        (
            c.foreign.is_some(),
            c.stale,
            newest_first,
            c.shipped,
            c.kind,
            c.how.rank(),
            c.file.components().count(),
            c.file.clone(),
        )
    });
    out
}

/// The kinds of program that cannot run on this machine, as a report names them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Foreign {
    Mac,
    Windows,
    OtherProcessor,
}

const FOREIGN: [(&str, Foreign); 3] = [
    ("a macOS program", Foreign::Mac),
    ("a Windows program", Foreign::Windows),
    ("a Linux program for another processor", Foreign::OtherProcessor),
];

/// The first bytes of a Linux program.
pub(super) const ELF: &[u8] = b"\x7fELF";

/// A file's first 20 bytes (fewer if it is shorter): enough to tell what program it is.
pub(super) fn head(p: &Path) -> Vec<u8> {
    use std::io::Read;
    let mut head = Vec::with_capacity(20);
    let _ = std::fs::File::open(p).and_then(|f| f.take(20).read_to_end(&mut head));
    head
}

/// What kind of program for another machine a file is, by its first bytes `h` (a macOS
/// student's compiled `ABGame` zipped with its source): Mach-O, a Windows `MZ`, or an ELF
/// program whose machine field is not this one's.
pub(super) fn foreign_program(h: &[u8]) -> Option<Foreign> {
    let mach_o: [[u8; 4]; 5] = [
        [0xcf, 0xfa, 0xed, 0xfe],
        [0xce, 0xfa, 0xed, 0xfe],
        [0xfe, 0xed, 0xfa, 0xcf],
        [0xfe, 0xed, 0xfa, 0xce],
        [0xca, 0xfe, 0xba, 0xbe],
    ];
    if mach_o.iter().any(|m| h.starts_with(m)) {
        return Some(Foreign::Mac);
    }
    if h.starts_with(b"MZ") {
        return Some(Foreign::Windows);
    }
    if h.starts_with(ELF) && h.len() >= 20 {
        // e_machine, in the byte order EI_DATA names (1: little-endian).
        let machine = if h[5] == 1 { u16::from_le_bytes([h[18], h[19]]) } else { u16::from_be_bytes([h[18], h[19]]) };
        let ours: Option<u16> = match std::env::consts::ARCH {
            "x86_64" => Some(62),
            "aarch64" => Some(183),
            "x86" => Some(3),
            "arm" => Some(40),
            "riscv64" => Some(243),
            _ => None,
        };
        return ours.is_some_and(|o| o != machine).then_some(Foreign::OtherProcessor);
    }
    None
}

/// Words that mark a folder as holding an older copy: `old/`, `backup/`, `Project2 - Copy/`.
const STALE_WORDS: [&str; 17] = [
    "old",
    "older",
    "backup",
    "backups",
    "bak",
    "previous",
    "prev",
    "draft",
    "drafts",
    "archive",
    "archived",
    "unused",
    "deprecated",
    "scratch",
    "copy",
    "trash",
    "attempt",
];

/// Whether `file` is the copy Cargo keeps of a program it built, in `deps/` beside the
/// program (`target/release/deps/ABGame-cbc59dcb3328add3` of `target/release/ABGame`):
/// the same build's, not another candidate.
fn is_cargo_copy(file: &Path) -> bool {
    let in_deps = file.parent().and_then(Path::file_name).is_some_and(|d| d == "deps");
    let hashed = file
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.rsplit_once('-'))
        .is_some_and(|(_, h)| h.len() == 16 && h.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
    in_deps && hashed
}

/// Whether a file lies in a folder named as an older copy, or is named as one itself
/// (`MiniMaxGame - Copy.java`, as Windows names a file copied beside itself;
/// `ABGame_old.py`): a candidate so named is taken only when no other is found.
fn is_stale(work: &Path, file: &Path) -> bool {
    let inside = file.strip_prefix(work).unwrap_or(file);
    let folders = inside.parent().map(Path::components).into_iter().flatten().map(|c| c.as_os_str());
    let own = inside.file_stem().into_iter();
    folders.chain(own).any(|name| name_words(name).iter().any(|w| STALE_WORDS.contains(&w.as_str())))
}

/// The characters of code page 437 from byte 0x80 on: how a zip made by Windows' "Send to
/// compressed folder" holds a name with accents (`Código`), in the DOS code page and
/// without the zip's UTF-8 flag.
const CP437_HIGH: &str = "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐\
    └┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{a0}";

/// Renames every file and folder below `work` whose name is not UTF-8 to the name those
/// bytes spell in code page 437, deepest first: a path the grader cannot write as text
/// (a command line, a report) could not be run. How many were renamed.
fn utf8_names(work: &Path) -> usize {
    use std::os::unix::ffi::OsStrExt;
    let high: Vec<char> = CP437_HIGH.chars().collect();
    let mut renamed = 0;
    let Ok(entries) = std::fs::read_dir(work) else { return 0 };
    for e in entries.flatten() {
        let path = e.path();
        if e.file_type().is_ok_and(|t| t.is_dir()) {
            renamed += utf8_names(&path);
        }
        let bytes = e.file_name().as_bytes().to_vec();
        if std::str::from_utf8(&bytes).is_ok() {
            continue;
        }
        let name: String =
            bytes.iter().map(|&b| if b < 0x80 { char::from(b) } else { high[usize::from(b - 0x80)] }).collect();
        if !work.join(&name).exists() && std::fs::rename(&path, work.join(&name)).is_ok() {
            renamed += 1;
        }
    }
    renamed
}

/// Puts each file whose name holds backslashes (`Project2\ABGame.py`: a zip whose entries
/// name their folders Windows' way while its header says it was made on Unix, which unzip
/// takes for one name each) into the folders they name, below its own folder;
/// `..` and empty parts are passed over, and a file is never put over another. How many
/// were moved.
fn backslash_paths(work: &Path) -> usize {
    let mut moved = 0;
    for file in walk(work) {
        let Some(name) = file.file_name().and_then(|n| n.to_str()).filter(|n| n.contains('\\')) else { continue };
        let Some(parent) = file.parent() else { continue };
        let to = name
            .split('\\')
            .filter(|p| !p.is_empty() && *p != "." && *p != "..")
            .fold(parent.to_path_buf(), |at, p| at.join(p));
        if to == file || to.exists() {
            continue;
        }
        if to.parent().is_some_and(|d| std::fs::create_dir_all(d).is_ok()) && std::fs::rename(&file, &to).is_ok() {
            moved += 1;
        }
    }
    moved
}

/// The extensions of sources a program is made of.
pub(super) const SOURCE_EXTENSIONS: [&str; 9] = ["py", "java", "c", "cpp", "cc", "cxx", "h", "hpp", "sh"];

/// Whether `file` is a source of one of the handout's languages (or a shell script), by
/// its extension in any case.
pub(super) fn is_source(file: &Path) -> bool {
    file.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| SOURCE_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
}

/// Renames each source saved with `.txt` after its extension (`ABGame.py.txt`: Notepad's
/// "Save as" where Windows hides extensions) to its own name, and each source whose
/// extension was replaced by `.txt` (`ABGame.txt` holding Python: a course site that took
/// only text files) to the extension its text shows ([`source_kind`]), where no file has
/// that name already (a text copy beside the source stays a copy). The names renamed, as
/// the student's (`ABGame.py.txt`), relative to `work`.
fn hidden_extensions(work: &Path) -> Vec<String> {
    let mut renamed = Vec::new();
    // The languages renamed: a student who renamed its programs renamed the modules they
    // import too (`board.txt` for `import board`).
    let mut kinds: Vec<String> = Vec::new();
    for file in walk(work) {
        let Some(name) = file.file_name().and_then(|n| n.to_str()) else { continue };
        let Some(stem) = name.strip_suffix(".txt").or_else(|| name.strip_suffix(".TXT")) else { continue };
        let ext = Path::new(stem).extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
        let source = if ext.as_deref().is_some_and(|e| SOURCE_EXTENSIONS.contains(&e)) {
            stem.to_string()
        } else if ext.is_none() && super::names::program_of(stem).is_some() {
            let Some(kind) = source_kind(&file, stem) else { continue };
            format!("{stem}.{kind}")
        } else {
            continue;
        };
        let to = file.with_file_name(&source);
        if !to.exists() && std::fs::rename(&file, &to).is_ok() {
            renamed.push(relative(work, &file));
            kinds.extend(Path::new(&source).extension().and_then(|e| e.to_str()).map(str::to_string));
        }
    }
    // Any other text file that is a source of a language a program was renamed to.
    for file in walk(work) {
        let Some(stem) = file.file_name().and_then(|n| n.to_str()).and_then(|n| n.strip_suffix(".txt")) else {
            continue;
        };
        if stem.contains('.') {
            continue;
        }
        let Some(kind) = module_kind(&file, stem).filter(|k| kinds.iter().any(|x| x == k)) else { continue };
        let to = file.with_file_name(format!("{stem}.{kind}"));
        if !to.exists() && std::fs::rename(&file, &to).is_ok() {
            renamed.push(relative(work, &file));
        }
    }
    renamed.sort();
    renamed
}

/// The extension a text file's source shows for a module a program uses: [`source_kind`]'s,
/// or a Java class of the file's name without a `main`.
fn module_kind(file: &Path, stem: &str) -> Option<&'static str> {
    source_kind(file, stem).or_else(|| {
        let text = crate::files::read_text(file, crate::files::SMALL_TEXT).ok()?;
        (text.contains(&format!("class {stem}")) && text.contains('{')).then_some("java")
    })
}

/// The extension a text file's source shows, for a file named as a program (`stem`): a
/// Java class of that name, C++ or C with a `main`, Python (a `python` first line, or
/// `import`, `from … import` or `def` lines at the start of two or more lines); `None` for
/// anything else (sample output, a report).
fn source_kind(file: &Path, stem: &str) -> Option<&'static str> {
    let text = crate::files::read_text(file, crate::files::SMALL_TEXT).ok()?;
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    if text.contains(&format!("class {stem}")) && text.contains("static void main") {
        return Some("java");
    }
    if lines.iter().any(|l| l.starts_with("#include")) && text.contains("main(") {
        let cpp = ["<iostream>", "std::", "<bits/stdc++.h>", "<vector>", "<string>"].iter().any(|w| text.contains(w));
        return Some(if cpp { "cpp" } else { "c" });
    }
    let python_lines = lines
        .iter()
        .filter(|l| {
            l.starts_with("import ") || l.starts_with("def ") || (l.starts_with("from ") && l.contains(" import "))
        })
        .count();
    (lines.first().is_some_and(|l| l.starts_with("#!") && l.contains("python")) || python_lines >= 2).then_some("py")
}

/// Whether `file` is a student's build script: a shell script named for building
/// (`build.sh`, `compile.sh`, `make_all.sh`) that calls a compiler.
fn is_build_script(file: &Path) -> bool {
    let name = file.file_name().map(|n| n.to_string_lossy().to_lowercase()).unwrap_or_default();
    let Some(stem) = name.strip_suffix(".sh") else { return false };
    let named = ["build", "compile", "make"].iter().any(|w| stem.starts_with(w));
    named
        && crate::files::read_text(file, crate::files::SMALL_TEXT).is_ok_and(|text| {
            // `${CC:-gcc} $CFLAGS -o …` names its compiler as a default.
            text.split(|c: char| c.is_whitespace() || "\"';$(={}:-".contains(c))
                .any(|w| ["gcc", "g++", "cc", "c++", "clang", "clang++", "javac"].contains(&w))
        })
}

/// The Python script that a Makefile's target named `program` runs with three make
/// variables and nothing else (`$(PYTHON) src/opening_improved.py $(IN) $(OUT) $(DEPTH)`,
/// `python3 …`), and that Makefile: a student who drives Python with make names the programs
/// there (`make MiniMaxOpeningImproved IN=… OUT=… DEPTH=2`), not in the scripts' names.
fn make_target_script(work: &Path, files: &[PathBuf], program: &str) -> Option<(PathBuf, PathBuf)> {
    let makefiles = files.iter().filter(|f| f.file_name().is_some_and(|n| n == "Makefile" || n == "makefile"));
    for makefile in makefiles {
        let Ok(text) = crate::files::read_text(makefile, crate::files::SMALL_TEXT) else { continue };
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(rest) = line.strip_prefix(program).and_then(|r| r.trim_start().strip_prefix(':')) else {
                continue;
            };
            if rest.starts_with('=') {
                continue; // `NAME := value`, a variable
            }
            let recipe: Vec<&str> = lines[i + 1..].iter().take_while(|l| l.starts_with('\t')).copied().collect();
            let [only] = recipe.as_slice() else { continue };
            let words: Vec<&str> = only.trim().trim_start_matches('@').split_whitespace().collect();
            let [python, script, a, b, c] = words.as_slice() else { continue };
            let variable =
                |w: &str| (w.starts_with("$(") && w.ends_with(')')) || (w.starts_with("${") && w.ends_with('}'));
            let python_word = ["python", "python3"].contains(python) || variable(python);
            if !python_word || !script.ends_with(".py") || ![a, b, c].iter().all(|w| variable(w)) {
                continue;
            }
            let file = makefile.parent().unwrap_or(work).join(script);
            if file.is_file() && file.starts_with(work) {
                return Some((file, makefile.clone()));
            }
        }
    }
    None
}

/// Whether `tool` is a file in one of the sandbox's `PATH` folders.
fn on_sandbox_path(tool: &str) -> bool {
    std::env::split_paths(crate::referee::sandbox::jail::SANDBOX_PATH).any(|d| d.join(tool).is_file())
}

/// Whether `script` is a script (its `#!` line) naming `program` by its file name as a
/// command or path (`cd src && ./bin/ab_game "$@"`): a wrapper of a student's and the
/// program it runs are one program, no two candidates for it.
fn script_calls(script: &Path, program: &Path) -> bool {
    let Some(name) = program.file_name().map(|n| n.to_string_lossy().into_owned()) else { return false };
    let Ok(bytes) = std::fs::read(script) else { return false };
    if !bytes.starts_with(b"#!") || bytes.len() > 1 << 16 {
        return false;
    }
    let text = String::from_utf8_lossy(&bytes);
    text.match_indices(name.as_str()).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        before.is_some_and(|c| c == '/' || c.is_whitespace() || c == '"' || c == '\'')
            && after.is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '.' || c == '-'))
    })
}

/// Builds the submission unpacked in `work` and finds its eight programs. `commands` are
/// the class file's for this student; a `grade.toml` in the submission adds to them.
#[must_use]
pub fn build(
    work: &Path,
    commands: Option<&StudentCommands>,
    limit: Duration,
    runner: &ProgramRunner,
    install: bool,
) -> Built {
    let started = SystemTime::now();
    let mut commands = commands.cloned().unwrap_or_default();
    let renamed = utf8_names(work);
    let separated = backslash_paths(work);
    let from_notebooks = super::notebook::write_cells(work);
    let notebook_functions = super::notebook::function_programs(work);
    let unhidden = hidden_extensions(work);
    let files = walk(work);
    let mut jars: Vec<PathBuf> = files.iter().filter(|f| f.extension().is_some_and(|e| e == "jar")).cloned().collect();
    jars.sort();
    let libraries = declared_libraries(work, &files, &jars);
    jars.extend(libraries.found.iter().cloned());
    let python_files = python_files(&files);
    let mut b = Builder {
        built: Built::default(),
        limit,
        root: work,
        runner,
        jars,
        jar_listings: None,
        wide_build: None,
        c23_first: false,
        python_files,
        python: python(runner, limit).0.clone(),
        jdk: None,
        libraries_missing: libraries.missing,
        libraries_wanted: Vec::new(),
        objects: HashSet::new(),
        java_roots: Vec::new(),
    };
    let python_missing = !on_sandbox_path("python");
    b.built.notes.extend(files.iter().filter_map(|f| {
        let why = utf8_source(f).or_else(|| script_for_here(f, python_missing))?;
        Some(format!("{}: {why}", relative(work, f)))
    }));
    if !b.python_files.is_empty() {
        match newer_python(runner, limit, &b.python_files, &files, work) {
            Some(Newer::Reads(newer, why)) => {
                b.python = newer;
                b.built.notes.push(why);
            }
            Some(Newer::NoneReads(doubt)) => b.built.doubts.push(doubt),
            None => {}
        }
    }
    let mut imported = foreign_imports(&b.python_files);
    // What IPython's magics need in an nbconvert export that only IPython runs.
    for text in b.python_files.iter().filter_map(|f| crate::files::read_text_lossy(f, crate::files::SMALL_TEXT)) {
        if super::ipython::needs_ipython(&text) {
            for m in super::ipython::modules_for(&text) {
                if !imported.contains(&m) {
                    imported.push(m);
                }
            }
        }
    }
    let stood_in = stand_ins(work, &b.python_files, &imported, &b.python, runner, limit);
    b.built.notes.extend(stood_in);
    // The packages its programs import that this machine lacks, that no stand-in stands for
    // and that are not the student's own Cython extensions (built below).
    let extensions = super::cython::modules(&files);
    let (own, imported): (Vec<String>, Vec<String>) = imported
        .into_iter()
        .filter(|m| !STAND_INS.iter().any(|st| st.module == m.as_str()))
        .partition(|m| extensions.contains(m));
    let installed = super::packages::install(work, &files, &imported, &b.python, runner, limit, install);
    b.built.notes.extend(installed.notes);
    b.built.doubts.extend(installed.doubts);
    if let Some(python) = installed.python {
        b.python = python;
    }
    if !own.is_empty() {
        let python = b.python.clone();
        let compiled = super::cython::build(work, &files, &own, &python, &mut |argv, dir| b.step(argv, dir));
        b.built.notes.extend(compiled.notes);
        b.built.doubts.extend(compiled.doubts);
    }
    b.built.notes.extend(libraries.notes);
    if !from_notebooks.is_empty() {
        b.built.notes.push(format!(
            "written from the notebook's `%%writefile` cells, as running it would write them: {}",
            from_notebooks.join(", ")
        ));
    }
    for (file, notebook, function) in &notebook_functions {
        b.built.notes.push(format!(
            "{file} written to run the function `{function}` that {notebook} defines (the notebook's code cells run \
             first, as running all its cells would, without the statements that use the programs)"
        ));
    }
    if separated > 0 {
        b.built.notes.push(format!(
            "{separated} files named with backslashes between their folders (Windows' way, in a zip that says it was made \
             on Unix) were put in the folders they name"
        ));
    }
    let links = links_copied(work);
    if !links.is_empty() {
        b.built.notes.push(format!(
            "symbolic links to the submission's own files were made copies of them, each run by the link's name as \
             the link was: {}",
            crate::words::listed(&links, 4)
        ));
    }
    if renamed > 0 {
        b.built.notes.push(format!(
            "{renamed} file or folder names not in UTF-8 (as Windows' zip writes accents, in the DOS code page) were \
             read as code page 437 (`Código`), so that the programs could be run"
        ));
    }
    if !unhidden.is_empty() {
        b.built.notes.push(format!(
            "sources saved as text, `.txt` after their own extension (as Notepad saves them where Windows hides \
             extensions) or in its place, were read as the sources they are: {}",
            crate::words::listed(&unhidden, 4)
        ));
    }
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
    // Steps a TA gave (the class file) or the student did (a grade.toml): one that fails
    // leaves the grade to what the grader finds by itself, which a TA should know.
    for step in &commands.build {
        if !b.step(step.clone(), work)
            && let Some(failed) = b.built.steps.last()
        {
            b.built.doubts.push(format!(
                "the build step `{}` given for this student (the class file or the submission's grade.toml) \
                 failed ({}): the programs were looked for without it",
                crate::words::shell_line(step),
                failed.outcome.why_failed()
            ));
        }
    }
    for (name, argv) in &commands.programs {
        b.found(name, argv.clone(), work, "given by the class file".into(), Vec::new());
    }
    // Every Makefile, the top-most of each tree, in a tree that holds C or C++ sources.
    let mut makefiles: Vec<PathBuf> = files
        .iter()
        .filter(|f| f.file_name().is_some_and(|n| n == "Makefile" || n == "makefile" || n == "GNUmakefile"))
        .filter_map(|f| f.parent().map(Path::to_path_buf))
        .collect();
    let has_c = |d: &Path| {
        walk(d).iter().any(|f| f.extension().is_some_and(|e| e == "c" || C_PLUS_PLUS.iter().any(|x| e == *x)))
    };
    // A GNU Autotools project, handed in as `autoreconf -i` leaves it (`configure` and
    // `Makefile.in`, no `Makefile`): configured first, as its README says (`./configure &&
    // make`), which makes the Makefile. Its build system is then never remade (`-o`, each
    // file taken as up to date): `-B`, or an unzip's file times, would otherwise remake
    // `Makefile.in` and `configure` with automake and autoconf, which the student ran and
    // the grading machine may lack.
    let autotools = |d: &Path| d.join("configure").is_file() && d.join("Makefile.in").is_file();
    for dir in files.iter().filter(|f| f.file_name().is_some_and(|n| n == "configure")).filter_map(|f| f.parent()) {
        if autotools(dir)
            && !dir.join("Makefile").exists()
            && !makefiles.iter().any(|m| dir.starts_with(m))
            && has_c(dir)
            && b.step(vec!["sh".into(), "./configure".into()], dir)
            && dir.join("Makefile").is_file()
        {
            makefiles.push(dir.to_path_buf());
        }
    }
    makefiles.sort();
    let mut made: Vec<PathBuf> = Vec::new();
    for dir in &makefiles {
        if !made.iter().any(|m| dir.starts_with(m)) && has_c(dir) {
            made.push(dir.clone());
            // `-B`: every target from its sources, not a program shipped built beside them
            // (a macOS build, or one older than its sources, that make would call up to date).
            let mut always = vec!["-B".to_string()];
            if autotools(dir) {
                for kept in ["Makefile.in", "Makefile", "config.status", "configure", "aclocal.m4", "config.h.in"] {
                    always.extend(["-o".to_string(), kept.to_string()]);
                }
                // `-o` is not passed down to the make of a subfolder (`src/Makefile`), whose
                // `-B` would then remake `aclocal.m4` and `Makefile.in` with aclocal and
                // automake, which the grading machine may lack (`aclocal-1.16: not found`):
                // those tools made do-nothing there, as variables on the command line are
                // passed down.
                for tool in ["ACLOCAL", "AUTOMAKE", "AUTOCONF", "AUTOHEADER"] {
                    always.push(format!("{tool}=true"));
                }
            }
            let made_ok = b.step(std::iter::once("make".to_string()).chain(always.clone()).collect(), dir);
            // A Makefile written on a Mac names clang (`CXX = clang++`), which this machine
            // may lack: once more with gcc's compilers, as a TA would run it.
            let said = b.built.steps.last().map(|st| st.outcome.stderr.clone()).unwrap_or_default();
            // The file make reads, in its own order.
            let name = ["GNUmakefile", "makefile", "Makefile"].into_iter().find(|n| dir.join(n).is_file());
            let makefile = relative(work, &dir.join(name.unwrap_or("Makefile")));
            let made_ok = made_ok
                || (lacks_clang(&said) && {
                    b.built.notes.push(format!(
                        "{makefile} calls clang, which this machine does not have, so it was made again with gcc's \
                         compilers (CC=gcc CXX=g++)"
                    ));
                    b.step(
                        std::iter::once("make".to_string())
                            .chain(always.clone())
                            .chain(["CC=gcc".into(), "CXX=g++".into()])
                            .collect(),
                        dir,
                    )
                });
            // A compiler named in its rules (`g++-14 -O2 …`, Homebrew's GCC on a Mac).
            let argv: Vec<String> = std::iter::once("make".to_string()).chain(always).collect();
            let made_ok = made_ok || b.again_with_compilers(&argv, dir).unwrap_or(false);
            // Where it still fails (a Mac's `-std=c99 -Werror` on `getline`, which glibc
            // declares only with `_POSIX_C_SOURCE`), the programs come from their sources,
            // compiled as the grader compiles any: the TA is told the Makefile's part ended.
            if !made_ok && let Some(failed) = b.built.steps.last() {
                b.built.notes.push(format!(
                    "{makefile}: make could not build the programs here ({}), so their sources were compiled \
                     one program at a time, as for a submission without one",
                    first_error(&failed.outcome.stderr)
                ));
            }
        }
    }
    // A CMake project where no Makefile was run, built as its README says and a TA would
    // (`cmake -B build && cmake --build build`): its programs may be one executable that
    // scripts named as the handout's programs call (`exec build/morris MiniMaxOpening
    // "$@"`). Optimised as the grader compiles sources itself (`-O2`).
    let cmake_installed = on_sandbox_path("cmake");
    let lists: Vec<PathBuf> = files
        .iter()
        .filter(|f| f.file_name().is_some_and(|n| n == "CMakeLists.txt"))
        .filter_map(|f| f.parent().map(Path::to_path_buf))
        .collect();
    for dir in &lists {
        if made.iter().any(|m| dir.starts_with(m))
            || lists.iter().any(|o| o != dir && dir.starts_with(o))
            || !has_c(dir)
        {
            continue;
        }
        made.push(dir.clone());
        if !cmake_installed {
            b.built.notes.push(format!(
                "{}: cmake is not installed here, so the project was not built as CMake builds it; its \
                 sources were compiled one program at a time",
                relative(work, &dir.join("CMakeLists.txt"))
            ));
            continue;
        }
        // A build folder shipped from the student's machine holds a cache naming that
        // machine's paths, which cmake refuses: configured afresh.
        let shipped = dir.join("build");
        let _ = std::fs::remove_file(shipped.join("CMakeCache.txt"));
        let _ = std::fs::remove_dir_all(shipped.join("CMakeFiles"));
        let texts: Vec<String> = files
            .iter()
            .filter(|f| f.starts_with(dir) && f.file_name().is_some_and(|n| n == "CMakeLists.txt"))
            .map(|list| std::fs::read_to_string(list).unwrap_or_default())
            .collect();
        let fetches = texts.iter().any(|t| t.to_ascii_lowercase().contains("fetchcontent_"));
        let mut flags = vec!["-DCMAKE_C_FLAGS=-O2".to_string(), "-DCMAKE_CXX_FLAGS=-O2".to_string()];
        // What a project fetches at configure time cannot come here (the sandbox has no
        // network), and CMake would retry each download for 85 s (sleeps of 5, 5, 15 and 60 s)
        // before the retries below could begin: told at once. A fetched source shipped in
        // `build/_deps` is still used.
        if fetches {
            flags.push("-DFETCHCONTENT_FULLY_DISCONNECTED=ON".to_string());
        }
        let configure = |extra: &[String]| -> Vec<String> {
            ["cmake", "-S", ".", "-B", "build"]
                .map(String::from)
                .into_iter()
                .chain(flags.clone())
                .chain(extra.to_vec())
                .collect()
        };
        let mut configured = b.step(configure(&[]), dir);
        // A project whose tests fetch GoogleTest or Catch2 at configure time (`FetchContent`,
        // on by default) fails here for want of the network: configured once more, afresh,
        // with its tests switched off, as the programs do not need them.
        if !configured {
            let mut off = super::cmake::tests_off("");
            for text in &texts {
                off.extend(super::cmake::tests_off(text).into_iter().filter(|o| !off.contains(o)).collect::<Vec<_>>());
            }
            // What the failed configure left, its fetched sources too.
            let afresh = || {
                let _ = std::fs::remove_file(shipped.join("CMakeCache.txt"));
                let _ = std::fs::remove_dir_all(shipped.join("CMakeFiles"));
                let _ = std::fs::remove_dir_all(shipped.join("_deps"));
            };
            afresh();
            configured = b.step(configure(&off), dir);
            if configured {
                b.built.notes.push(format!(
                    "{}: CMake's first configure failed, and the project was configured again with its tests \
                     switched off ({}), which the programs do not need (a test framework fetched at configure \
                     time needs the network, which the grader has none of)",
                    relative(work, &dir.join("CMakeLists.txt")),
                    off.join(" ")
                ));
            }
            // A library the programs themselves fetch (`FetchContent_Declare(fmt GIT_REPOSITORY
            // …)`): taken from this machine where it is installed (CMake 3.24's
            // `FETCHCONTENT_TRY_FIND_PACKAGE_MODE`, `find_package` first), as no network
            // reaches it.
            if !configured && fetches {
                afresh();
                let mut installed = off.clone();
                installed.push("-DFETCHCONTENT_TRY_FIND_PACKAGE_MODE=ALWAYS".into());
                configured = b.step(configure(&installed), dir);
                if configured {
                    b.built.notes.push(format!(
                        "{}: CMake could not fetch what the project fetches at configure time (the grader has no \
                         network), and it was configured again with those libraries taken from this machine's \
                         (-DFETCHCONTENT_TRY_FIND_PACKAGE_MODE=ALWAYS) and its tests switched off",
                        relative(work, &dir.join("CMakeLists.txt"))
                    ));
                }
            }
        }
        let built = configured && b.step(["cmake", "--build", "build", "-j", "2"].map(String::from).to_vec(), dir);
        if !built && let Some(failed) = b.built.steps.last() {
            b.built.notes.push(format!(
                "{}: CMake could not build the project ({}), so its sources were compiled one program at a time",
                relative(work, &dir.join("CMakeLists.txt")),
                failed.outcome.why_failed()
            ));
        }
    }
    // A qmake project (Qt Creator's `.pro`, often `TEMPLATE = subdirs` of a library and a
    // folder a program) where no Makefile or CMake was run, built as its README says and a TA
    // would (`qmake -r && make`), where qmake is installed: a program on Qt's own classes
    // (`QCoreApplication`, `QFile`) builds no other way. Built in its folder, as qmake's
    // in-source build puts each program beside its `.pro`.
    let qmake = ["qmake", "qmake6", "qmake-qt5"].into_iter().find(|q| on_sandbox_path(q));
    let projects: Vec<PathBuf> = files.iter().filter(|f| f.extension().is_some_and(|e| e == "pro")).cloned().collect();
    for pro in &projects {
        let Some(dir) = pro.parent() else { continue };
        let inner = projects.iter().any(|o| o != pro && o.parent().is_some_and(|d| d != dir && dir.starts_with(d)));
        if inner || made.iter().any(|m| dir.starts_with(m)) || !has_c(dir) {
            continue;
        }
        made.push(dir.to_path_buf());
        let Some(qmake) = qmake else {
            b.built.notes.push(format!(
                "{}: qmake is not installed here (Debian's qtbase5-dev), so the project was not built as Qt \
                 Creator builds it; its sources were compiled one program at a time",
                relative(work, pro)
            ));
            continue;
        };
        let name = pro.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let built = b.step(vec![qmake.to_string(), "-r".into(), name], dir)
            && b.step(vec!["make".into(), "-j".into(), "2".into()], dir);
        if !built && let Some(failed) = b.built.steps.last() {
            b.built.notes.push(format!(
                "{}: qmake and make could not build the project ({}), so its sources were compiled one program \
                 at a time",
                relative(work, pro),
                failed.outcome.why_failed()
            ));
        }
    }
    // A project of a build system the grader does not run (Meson, Bazel, SCons): said, as
    // for CMake where it is missing, so that a TA knows the programs were not built as its
    // README says. Each by the file at its top.
    const NOT_RUN: [(&str, &str); 6] = [
        ("meson.build", "Meson"),
        ("MODULE.bazel", "Bazel"),
        ("WORKSPACE", "Bazel"),
        ("WORKSPACE.bazel", "Bazel"),
        ("SConstruct", "SCons"),
        ("xmake.lua", "xmake"),
    ];
    let mut said: Vec<PathBuf> = Vec::new();
    for (marker, tool) in NOT_RUN {
        for list in files.iter().filter(|f| f.file_name().is_some_and(|n| n == marker)) {
            let dir = list.parent().unwrap_or(work);
            let top =
                !files.iter().any(|o| o != list && o.ends_with(marker) && dir.starts_with(o.parent().unwrap_or(work)));
            if top && !said.iter().any(|d| d == dir) && !made.iter().any(|m| dir.starts_with(m)) && has_c(dir) {
                said.push(dir.to_path_buf());
                b.built.notes.push(format!(
                    "{}: the grader does not run {tool}, so the project was not built as {tool} builds it; its \
                     sources were compiled one program at a time",
                    relative(work, list)
                ));
            }
        }
    }
    // A build script of the student's own where no Makefile was run (`build.sh` with a
    // `g++ -DMINIMAX_OPENING -o MiniMaxOpening morris.cpp` line a program), as its README
    // says to run it.
    if made.is_empty() {
        for script in files.iter().filter(|f| is_build_script(f)).take(2) {
            let dir = script.parent().unwrap_or(work).to_path_buf();
            let argv = vec!["bash".to_string(), s(script)];
            if !b.step(argv.clone(), &dir) {
                b.again_with_compilers(&argv, &dir);
            }
        }
    }
    let all_given = || ALL_PROGRAMS.iter().all(|p| b.built.programs.contains_key(p.name));
    // Java sources: all at once; if that fails, each program alone from its package root.
    let java: Vec<PathBuf> = files.iter().filter(|f| f.extension().is_some_and(|e| e == "java")).cloned().collect();
    // A project's unit tests are no program's, and need a test framework the machine may
    // not hold, or hold in part (a pom's `junit-jupiter` is an aggregate of jars): left
    // out, as `java` runs the programs without them.
    let (tests, java): (Vec<PathBuf>, Vec<PathBuf>) = java.into_iter().partition(|f| is_java_test(f));
    if !tests.is_empty() {
        let shown: Vec<String> = tests.iter().take(3).map(|f| relative(work, f)).collect();
        let more = if tests.len() > 3 { format!(" and {} more", tests.len() - 3) } else { String::new() };
        b.built.notes.push(format!(
            "{} unit test source{} ({}{more}) left out of the compile: the programs do not need {}",
            tests.len(),
            if tests.len() == 1 { "" } else { "s" },
            shown.join(", "),
            if tests.len() == 1 { "it" } else { "them" }
        ));
    }
    b.java_roots = module_roots(&java);
    let classes = work.join(".grade-classes");
    let mut java_ok = false;
    if !java.is_empty() && !all_given() {
        let mut argv = b.javac();
        argv.extend(["-encoding".into(), "UTF-8".into(), "-nowarn".into(), "-d".into(), s(&classes)]);
        argv.extend(b.javac_jars());
        argv.extend(java.iter().map(|f| s(f)));
        java_ok = b.compile_java(argv, work);
    }
    let found = candidates(work, started);
    // The file of each program taken.
    let mut taken: Vec<PathBuf> = Vec::new();
    for p in ALL_PROGRAMS {
        let name = p.name;
        if b.built.programs.contains_key(name) {
            continue;
        }
        let mine: Vec<&Candidate> = found.iter().filter(|c| c.program == name).collect();
        if mine.is_empty() {
            // A class named as the program in a source of another name (`Part1.java` holding
            // the non-public classes `MiniMaxOpening` and `MiniMaxGame`, each with its main).
            if let Some((class, how)) = java_ok.then(|| compiled_class_named(&classes, name, &java)).flatten() {
                let argv = vec![b.java(), "-cp".into(), b.class_path(&classes), class];
                b.found(name, argv, work, how, Vec::new());
                continue;
            }
            // A Makefile target named as the program that runs one Python script of the
            // submission with three make variables (`MiniMaxOpeningImproved:` → `$(PYTHON)
            // src/opening_improved.py $(IN) $(OUT) $(DEPTH)`): that script, given the three.
            if let Some((script, makefile)) = make_target_script(work, &files, name) {
                let c = Candidate {
                    program: p.name,
                    kind: FileKind::Python,
                    file: script,
                    how: NameMatch::Exact,
                    stale: false,
                    foreign: None,
                    shipped: false,
                    version: (false, 0),
                };
                let named = format!("the target {name} of {} runs it", relative(work, &makefile));
                if b.take(name, &c, named, Vec::new(), java_ok) {
                    taken.push(c.file.clone());
                    continue;
                }
            }
            // A runnable jar named as the program (Eclipse's "Runnable JAR file" export, one
            // per program, its class named as the student likes): `java -jar` runs it.
            if let Some((jar, how)) = runnable_jar_named(&mut b, name) {
                let how = format!("the runnable jar {} ({how}), run as `java -jar`", relative(work, &jar));
                b.found(name, vec![b.java(), "-jar".into(), s(&jar)], work, how, Vec::new());
                continue;
            }
            // A class named as the program in a jar the submission holds (built by its IDE).
            if let Some((jar, class, how)) = jar_class_named(&mut b, name) {
                let argv = vec![b.java(), "-cp".into(), b.class_path(&jar), class.clone()];
                let how = format!("Java class {class} in the jar {} ({how})", relative(work, &jar));
                b.found(name, argv, work, how, Vec::new());
            }
            continue;
        }
        // The best first; one that cannot be built gives way to the next (a source javac
        // refuses, beside the classes the student compiled).
        for c in &mine {
            let others: Vec<&&Candidate> = mine.iter().filter(|o| o.file != c.file).collect();
            // A copy in a folder named as an older one (`old/`, `Archive/`) is no doubt
            // beside a current one, nor is a program that cannot run here: the report
            // names them as passed over.
            let same_kind: Vec<String> = others
                .iter()
                .filter(|o| {
                    o.kind == c.kind
                        && o.stale == c.stale
                        && o.version == c.version
                        && o.foreign.is_none()
                        && c.foreign.is_none()
                        && !script_calls(&c.file, &o.file)
                })
                .map(|o| relative(work, &o.file))
                .collect();
            let doubts = if same_kind.is_empty() {
                Vec::new()
            } else {
                vec![format!(
                    "{} candidates for {name}: {}, {}; used {}",
                    same_kind.len() + 1,
                    relative(work, &c.file),
                    same_kind.join(", "),
                    relative(work, &c.file)
                )]
            };
            let stem = c.file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            let mut named = c.how.describe(&stem);
            let passed = |what: &str, which: &dyn Fn(&Candidate) -> bool| {
                let files: Vec<String> = others.iter().filter(|o| which(o)).map(|o| relative(work, &o.file)).collect();
                if files.is_empty() { String::new() } else { format!("; {what} passed over: {}", files.join(", ")) }
            };
            named.push_str(&passed("an older copy", &|o| (o.stale && !c.stale) || o.version < c.version));
            if c.foreign.is_none() {
                for (what, kind) in FOREIGN {
                    named.push_str(&passed(&format!("{what}, which cannot run here,"), &|o| o.foreign == Some(kind)));
                }
            }
            // A wrapper's program is named as what it runs, not as passed over.
            let runs: Vec<&Candidate> = others.iter().filter(|o| script_calls(&c.file, &o.file)).map(|o| **o).collect();
            if !runs.is_empty() {
                let files: Vec<String> = runs
                    .iter()
                    .map(|o| {
                        let how = if o.shipped { " (as shipped: it was not built here)" } else { "" };
                        format!("{}{how}", relative(work, &o.file))
                    })
                    .collect();
                named.push_str(&format!("; it runs {}", files.join(", ")));
            }
            if !c.shipped {
                named.push_str(&passed("a program shipped built (built here from its source instead)", &|o| {
                    o.shipped && !script_calls(&c.file, &o.file)
                }));
            }
            let mut doubts = doubts;
            if let Some(kind) = c.foreign {
                let what = FOREIGN.iter().find(|f| f.1 == kind).map_or("a program of another machine", |f| f.0);
                doubts.push(format!(
                    "{name}: the only file for it is {}, {what}, which cannot run here (no source of it was found)",
                    relative(work, &c.file)
                ));
            }
            if b.take(name, c, named, doubts, java_ok) {
                taken.push(c.file.clone());
                break;
            }
        }
    }
    let java_classes = java_ok.then_some(classes.as_path());
    entry_point_programs(&mut b, &files);
    // Read once: the READMEs (or a Word report, through `unzip`) for the commands they
    // give and for the programs they name that were not found.
    let docs = documentation(&b, &files);
    documented_programs(&mut b, &docs, java_classes);
    if b.built.programs.is_empty() {
        one_for_all(&mut b, &files, java_classes, false);
    } else if taken.len() == b.built.programs.len()
        && taken.iter().all(|f| kind_of(f) == Some(FileKind::Python) && python_runs_nothing(f))
    {
        // Python files named as the programs that only define them (`def run(inp, out,
        // depth)`), for a menu of the student's to call.
        one_for_all(&mut b, &files, java_classes, true);
    }
    named_but_missing(&mut b, &docs);
    for LibrariesWanted { programs: names, mut packages, regrade } in std::mem::take(&mut b.libraries_wanted) {
        packages.sort();
        let who = match names.as_slice() {
            [(name, shown)] => format!("{name}: {shown} imports"),
            _ => format!(
                "{}: their sources import",
                crate::words::listed(&names.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>(), 8)
            ),
        };
        b.built.doubts.push(format!(
            "{who} {}, a library neither the submission nor this machine's JDK holds (one its build tool fetched): \
             {regrade}",
            packages.join(", ")
        ));
    }
    // C or C++ that did not build for a library this machine lacks (Boost, {fmt}): which
    // one, and its package, where the student's machine had it installed.
    if b.built.programs.len() < crate::classroom::ALL_PROGRAMS.len() {
        let messages: Vec<&str> = b.built.steps.iter().map(|st| st.outcome.stderr.as_str()).collect();
        let held = |header: &str| files.iter().any(|f| f.ends_with(header));
        let missing = super::libraries::system_libraries_missing(&messages, &held);
        if !missing.is_empty() {
            let what: Vec<String> = missing.iter().map(|l| format!("{} (`{}`)", l.what, l.package)).collect();
            let packages: Vec<&str> = missing.iter().map(|l| l.package).collect();
            b.built.doubts.push(format!(
                "its C/C++ build failed for want of {}, which its code uses and this machine lacks (the student's \
                 machine had it installed): install it (`sudo apt install {}`) and grade this student again with `--only`",
                crate::words::listed(&what, 4),
                packages.join(" ")
            ));
        }
    }
    b.built
}

/// The console commands a `pyproject.toml` declares (`[project.scripts]`, Poetry's
/// `[tool.poetry.scripts]`): each command's name, and the `module:function` it runs.
fn declared_scripts(text: &str) -> Vec<(String, String, &'static str)> {
    let Ok(doc) = text.parse::<toml::Table>() else { return Vec::new() };
    let tables = [
        (doc.get("project").and_then(|p| p.get("scripts")), "[project.scripts]"),
        (doc.get("tool").and_then(|t| t.get("poetry")).and_then(|p| p.get("scripts")), "[tool.poetry.scripts]"),
    ];
    let mut out = Vec::new();
    for (table, section) in tables {
        let Some(table) = table.and_then(toml::Value::as_table) else { continue };
        for (name, target) in table {
            // Poetry also writes `{ reference = "pkg.cli:main", type = "console" }`.
            let target = target
                .as_str()
                .or_else(|| target.get("reference").or_else(|| target.get("callable")).and_then(toml::Value::as_str));
            if let Some(target) = target {
                // `module:function [extra]`: the extras are no part of what it runs.
                let target = target.split('[').next().unwrap_or("").trim();
                if target.contains(':') {
                    out.push((name.clone(), target.to_string(), section));
                }
            }
        }
    }
    out
}

/// The console commands a `setup.py` declares (setuptools' `entry_points={"console_scripts":
/// ["MiniMaxOpening=morrisvariant.programs:minimax_opening", …]}`) or a `setup.cfg` (its
/// `console_scripts =` lines): each command, what it runs, and where it was declared. Read
/// as text, never run: every quoted `name = module:function` of a `setup.py` that names
/// `console_scripts`, every such line of a `setup.cfg` after `console_scripts =`.
fn declared_setup_scripts(text: &str, cfg: bool) -> Vec<(String, String, &'static str)> {
    let entry = |t: &str| -> Option<(String, String)> {
        let (name, target) = t.split_once('=')?;
        let (name, target) = (name.trim(), target.split('[').next().unwrap_or("").trim());
        let (module, function) = target.split_once(':')?;
        (plain_word(name, &['-']) && plain_word(module.trim(), &[]) && plain_word(function.trim(), &[]))
            .then(|| (name.to_string(), target.to_string()))
    };
    let mut out = Vec::new();
    if cfg {
        let mut inside = false;
        for line in text.lines() {
            let t = line.trim();
            if let Some(rest) = t.strip_prefix("console_scripts") {
                inside = rest.trim_start().starts_with('=');
                if let Some((name, target)) = entry(rest.trim_start().trim_start_matches('=')) {
                    out.push((name, target, "setup.cfg's console_scripts"));
                }
            } else if inside && (line.starts_with([' ', '\t'])) {
                if let Some((name, target)) = entry(t) {
                    out.push((name, target, "setup.cfg's console_scripts"));
                }
            } else {
                inside = false;
            }
        }
    } else if text.contains("console_scripts") {
        for (i, quoted) in text.split(['"', '\'']).enumerate() {
            if let Some((name, target)) = (i % 2 == 1).then(|| entry(quoted)).flatten() {
                out.push((name, target, "setup.py's console_scripts"));
            }
        }
    }
    out
}

/// Whether a console command's name, module or function is letters, digits, `_` and `.`
/// only (and `more`): what goes into a generated Python line as it is.
fn plain_word(w: &str, more: &[char]) -> bool {
    !w.is_empty() && w.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '.' || more.contains(&c))
}

/// Programs a Python project declares as console commands in its `pyproject.toml`
/// (`minimax-opening = "morris_variant.cli:minimax_opening"`, run by `poetry run
/// minimax-opening …` or after `pip install .`), its `setup.py` or its `setup.cfg`, where no
/// file is named for them: the
/// function called as the command would call it, its package found beside the file or in
/// its `src/`, the three arguments in `sys.argv`, and what it returns the exit status. No
/// install is needed (nor possible: the grader has no network for the build backend).
fn entry_point_programs(b: &mut Builder<'_>, files: &[PathBuf]) {
    let work = b.root;
    let declaring = ["pyproject.toml", "setup.py", "setup.cfg"];
    for project in files.iter().filter(|f| f.file_name().is_some_and(|n| declaring.iter().any(|d| n == *d))) {
        let Some(text) = crate::files::read_text_lossy(project, crate::files::SMALL_TEXT) else { continue };
        let dir = project.parent().unwrap_or(work).to_path_buf();
        let declared = match project.file_name().and_then(|n| n.to_str()) {
            Some("setup.py") => declared_setup_scripts(&text, false),
            Some("setup.cfg") => declared_setup_scripts(&text, true),
            _ => declared_scripts(&text),
        };
        for (command, target, section) in declared {
            let Some((module, function)) = target.split_once(':') else { continue };
            let (module, function) = (module.trim(), function.trim());
            let named = super::names::program_of(&command)
                .or_else(|| super::names::program_of(function.rsplit('.').next().unwrap_or(function)));
            let Some((spec, _)) = named else { continue };
            // Each goes into the Python line as it is: words and dots only (and the command's
            // dashes).
            if b.built.programs.contains_key(spec.name)
                || !plain_word(module, &[])
                || !plain_word(function, &[])
                || !plain_word(&command, &['-'])
            {
                continue;
            }
            let path = module.replace('.', "/");
            let Some(root) = [dir.clone(), dir.join("src")]
                .into_iter()
                .find(|r| r.join(format!("{path}.py")).is_file() || r.join(&path).join("__init__.py").is_file())
            else {
                continue;
            };
            let (first, rest) = function.split_once('.').map_or((function, ""), |(f, r)| (f, r));
            let attribute = if rest.is_empty() { String::new() } else { format!(".{rest}") };
            let code = format!(
                "import sys; sys.argv[0] = {command:?}; from {module} import {first}; sys.exit({first}{attribute}())"
            );
            let argv = vec!["env".into(), format!("PYTHONPATH={}", s(&root)), b.python.clone(), "-c".into(), code];
            let how = format!(
                "the console command `{command}` that {} declares in {section}, `{target}`: the function called as \
                 an installed `{command}` would call it, {} on PYTHONPATH (no file is named for it)",
                relative(work, project),
                if root == dir { "the project's folder".to_string() } else { relative(work, &root) }
            );
            b.found(spec.name, argv, &dir, how, Vec::new());
        }
    }
}

/// A doubt for each program not found that a README names, where others were found: the
/// student may have said how to run it in a way this did not read (before TA trial 18, one
/// jar for all eight, `java -jar morris.jar MiniMaxOpening …` in a code block, had seven
/// programs missing and 28.42, unflagged). Where none was found, the submission is flagged
/// for that already.
fn named_but_missing(b: &mut Builder<'_>, docs: &[(PathBuf, String)]) {
    if b.built.programs.is_empty() {
        return;
    }
    let work = b.root;
    for p in ALL_PROGRAMS {
        if b.built.programs.contains_key(p.name) {
            continue;
        }
        let named = docs.iter().find_map(|(readme, text)| {
            let line = text.lines().position(|l| {
                l.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
                    .any(|w| super::names::program_of(w).is_some_and(|(q, _)| q.name == p.name))
            })?;
            Some(format!("{} (line {})", relative(work, readme), line + 1))
        });
        if let Some(at) = named {
            b.built.doubts.push(format!(
                "{} was not found, though {at} names it: a TA should see how it is meant to be run",
                p.name
            ));
        }
    }
}

/// Whether a Python file only defines things, running nothing when started: every line at
/// its top level an import, a `def`, a `class`, a decorator, a docstring or an assignment
/// that calls nothing (a table of neighbours); no `if __name__`, no call, no loop. A
/// module for a menu of the student's to call, not a program.
fn python_runs_nothing(file: &Path) -> bool {
    let Ok(text) = crate::files::read_text(file, crate::files::SMALL_TEXT) else { return false };
    const QUOTES: [&str; 2] = ["\"\"\"", "'''"];
    let mut depth = 0i32;
    let mut in_string: Option<&str> = None;
    for line in text.lines() {
        let top = depth == 0 && in_string.is_none() && !line.starts_with([' ', '\t']);
        let trimmed = line.trim();
        if top && !trimmed.is_empty() && !trimmed.starts_with('#') {
            let defines = ["import ", "from ", "def ", "class ", "@", "async def "]
                .iter()
                .chain(&QUOTES)
                .any(|w| trimmed.starts_with(w));
            let assigns = !trimmed.contains('(')
                && trimmed.split_once('=').is_some_and(|(name, value)| {
                    !name.trim().is_empty()
                        && !value.starts_with('=')
                        && name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == ':' || c == ' ' || c == ',')
                });
            if !(defines || assigns) {
                return false;
            }
        }
        // A triple-quoted string (a docstring) opened or closed on this line.
        for quote in QUOTES {
            if trimmed.matches(quote).count() % 2 == 1 {
                in_string = match in_string {
                    Some(q) if q == quote => None,
                    None => Some(quote),
                    other => other,
                };
            }
        }
        if in_string.is_none() {
            let opened = line.matches(['(', '[', '{']).count() as i32;
            let closed = line.matches([')', ']', '}']).count() as i32;
            depth = (depth + opened - closed).max(0);
        }
    }
    true
}

/// What the submission's jars hold, each asked of `unzip` once.
fn jar_listings<'b>(b: &'b mut Builder<'_>) -> &'b [JarListing] {
    if b.jar_listings.is_none() {
        let listings = b
            .jars
            .iter()
            .map(|jar| {
                let (classes, runnable) = jar_contents(b, jar);
                JarListing { jar: jar.clone(), classes, runnable }
            })
            .collect();
        b.jar_listings = Some(listings);
    }
    b.jar_listings.as_deref().unwrap_or_default()
}

/// The classes a jar holds, by their binary names (`morris.MiniMaxOpening`), and whether it
/// names a class to run in its manifest (`java -jar` runs it).
fn jar_contents(b: &Builder<'_>, jar: &Path) -> (Vec<String>, bool) {
    let ask = |argv: Vec<String>| {
        b.runner.run(&RunSpec {
            argv,
            dir: b.root.to_path_buf(),
            time_limit: b.limit,
            output_limit: 4 << 20,
            writable: None,
            stdin: None,
        })
    };
    let listing = ask(vec!["unzip".into(), "-Z1".into(), s(jar)]);
    let classes = listing
        .stdout
        .lines()
        .filter_map(|l| l.trim().strip_suffix(".class"))
        .filter(|c| !c.contains('$') && !c.starts_with("META-INF"))
        .map(|c| c.replace('/', "."))
        .collect();
    let manifest = ask(vec!["unzip".into(), "-p".into(), s(jar), "META-INF/MANIFEST.MF".into()]);
    let runnable = manifest.stdout.lines().any(|l| l.trim_start().to_ascii_lowercase().starts_with("main-class:"));
    (classes, runnable)
}

/// A runnable jar of the submission named as `program` (`MiniMaxGameBlack.jar`, its manifest
/// naming the class to run), and how its name matched.
fn runnable_jar_named(b: &mut Builder<'_>, program: &str) -> Option<(PathBuf, String)> {
    let mut found: Vec<(u8, PathBuf, String)> = jar_listings(b)
        .iter()
        .filter(|l| l.runnable)
        .filter_map(|l| {
            let stem = l.jar.file_stem()?.to_str()?;
            let (_, named) = super::names::program_of(stem).filter(|(p, _)| p.name == program)?;
            Some((named.rank(), l.jar.clone(), named.describe(stem)))
        })
        .collect();
    found.sort();
    found.into_iter().next().map(|(_, jar, how)| (jar, how))
}

/// A class named as `program` in one of the jars the submission holds: the jar, the class's
/// binary name, and how its name matched.
fn jar_class_named(b: &mut Builder<'_>, program: &str) -> Option<(PathBuf, String, String)> {
    let mut found: Vec<(u8, PathBuf, String, String)> = Vec::new();
    for listing in jar_listings(b) {
        for class in &listing.classes {
            let simple = class.rsplit('.').next().unwrap_or(class);
            if let Some((_, named)) = super::names::program_of(simple).filter(|(p, _)| p.name == program) {
                found.push((named.rank(), listing.jar.clone(), class.clone(), named.describe(simple)));
            }
        }
    }
    found.sort();
    found.into_iter().next().map(|(_, jar, class, how)| (jar, class, how))
}

/// A class compiled into `classes` from the submission's Java `sources` that is named as
/// `program` and has a `main` of its own, though no source is named so: a student's
/// `Part1.java` holding the non-public classes `MiniMaxOpening` and `MiniMaxGame`, or a
/// nested `Morris.MiniMaxOpening`. Its binary name (`Morris$MiniMaxOpening`) and how it was
/// found, for the report; the best named first.
fn compiled_class_named(classes: &Path, program: &str, sources: &[PathBuf]) -> Option<(String, String)> {
    let mut found: Vec<(u8, String, String)> = walk(classes)
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "class"))
        .filter_map(|f| {
            let binary = f.strip_prefix(classes).ok()?.with_extension("").to_string_lossy().replace('/', ".");
            let simple = binary.rsplit(['.', '$']).next()?.to_string();
            let (spec, named) = super::names::program_of(&simple)?;
            let bytes = std::fs::read(f).ok()?;
            let has = |what: &[u8]| bytes.windows(what.len()).any(|w| w == what);
            (spec.name == program && has(b"main") && has(b"([Ljava/lang/String;)V")).then_some(())?;
            let declared = sources
                .iter()
                .find(|s| {
                    crate::files::read_text(s, crate::files::SMALL_TEXT).is_ok_and(|text| {
                        text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                            .collect::<Vec<_>>()
                            .windows(2)
                            .any(|w| w[0] == "class" && w[1] == simple)
                    })
                })
                .map(|s| format!(", declared in {}", relative(classes.parent().unwrap_or(classes), s)))
                .unwrap_or_default();
            let how = format!(
                "Java class {binary}{declared} ({}; a class in a source of another name)",
                named.describe(&simple)
            );
            Some((named.rank(), binary, how))
        })
        .collect();
    found.sort();
    found.into_iter().next().map(|(_, binary, how)| (binary, how))
}

/// The texts a submission says how to run its programs in: its READMEs, or, where it has
/// none, its Word reports (`Project2_Report.docx`, Word's `~$` lock files passed over), each
/// with its file. A report's body is read by `unzip` in the sandbox, as a jar's manifest is.
fn documentation(b: &Builder<'_>, files: &[PathBuf]) -> Vec<(PathBuf, String)> {
    let readmes: Vec<(PathBuf, String)> = files
        .iter()
        .filter(|f| super::readme::is_readme(f))
        .filter_map(|f| Some((f.clone(), crate::files::read_text(f, crate::files::SMALL_TEXT).ok()?)))
        .collect();
    if !readmes.is_empty() {
        return readmes;
    }
    files
        .iter()
        .filter(|f| super::docx::is_report(f))
        .take(3)
        .filter_map(|f| {
            let body = b.runner.run(&RunSpec {
                argv: vec!["unzip".into(), "-p".into(), s(f), "word/document.xml".into()],
                dir: b.root.to_path_buf(),
                time_limit: b.limit,
                output_limit: 8 << 20,
                writable: None,
                stdin: None,
            });
            body.succeeded().then(|| (f.clone(), super::docx::text_of(&body.stdout)))
        })
        .collect()
}

/// The programs no file is named for, run as a README gives their commands
/// ([`super::readme`]: a student's two programs with flags for the phase, the colour and
/// the estimation, `python3 minimax.py --phase opening --black board1.txt board2.txt 2`),
/// from the README's folder, as its commands are written to be run.
fn documented_programs(b: &mut Builder<'_>, docs: &[(PathBuf, String)], java_classes: Option<&Path>) {
    let work = b.root;
    for (readme, text) in docs {
        let dir = readme.parent().unwrap_or(work).to_path_buf();
        let documented = super::readme::documented(text);
        // The commands it gives, then, for one program for all eight whose README gives a
        // few (`java -jar app.jar MiniMaxOpening …`, "PROGRAM is one of …"), the others by
        // the same command with their own names in its place, spelt as it spells its own,
        // as a TA would type them.
        let mut commands: Vec<(&'static str, Vec<String>, &super::readme::Documented, bool)> =
            documented.iter().map(|d| (d.program, d.before.clone(), d, false)).collect();
        if let Some((d, at)) = documented.iter().find_map(|d| d.name_at.map(|at| (d, at))) {
            for p in ALL_PROGRAMS {
                if let Some(name) = spelled_like(&d.before[at], d.program, p.name) {
                    let mut before = d.before.clone();
                    before[at] = name;
                    commands.push((p.name, before, d, true));
                }
            }
        }
        for (program, before, d, borrowed) in commands {
            if b.built.programs.contains_key(program) {
                continue;
            }
            let Some(argv) = documented_argv(b, &dir, &before, java_classes) else { continue };
            let compiled_here = before.first().is_some_and(|w| w == "java")
                && java_classes.is_some_and(|c| argv.iter().any(|w| w.starts_with(&s(c))));
            let how = format!(
                "`{} INPUT OUTPUT DEPTH{}`, as {} gives it{} on line {}{} (no file is named for it){}",
                crate::words::shell_line(&before),
                d.after.iter().map(|w| format!(" {w}")).collect::<String>(),
                relative(work, readme),
                if borrowed { format!(" for {}", d.program) } else { String::new() },
                d.line,
                if borrowed { ", with this program's name in its place" } else { "" },
                if compiled_here {
                    "; its class path not handed in, the classes compiled here from its sources"
                } else {
                    ""
                }
            );
            b.found(program, argv, &dir, how, Vec::new());
            if let Some(p) = b.built.programs.get_mut(program) {
                p.after.clone_from(&d.after);
            }
        }
    }
}

/// `program`'s name spelt as `word` spells `given`'s (`ABGame`, `abgame`, `ab-game`,
/// `ab_game`, `MINIMAX_OPENING`), where it is one of those ways.
fn spelled_like(word: &str, given: &str, program: &str) -> Option<String> {
    // The handout's names in their words, MiniMax one word and AB one.
    let words = |name: &str| -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let mut rest = name;
        while !rest.is_empty() {
            let take = ["MiniMax", "AB"].iter().find(|w| rest.starts_with(*w)).map_or_else(
                || rest[1..].find(|c: char| c.is_ascii_uppercase()).map_or(rest.len(), |i| i + 1),
                |w| w.len(),
            );
            out.push(rest[..take].to_ascii_lowercase());
            rest = &rest[take..];
        }
        out
    };
    let (mine, theirs) = (words(given), words(program));
    if word == given {
        return Some(program.to_string());
    }
    for joint in ["", "-", "_"] {
        for (upper, form) in [(false, mine.join(joint)), (true, mine.join(joint).to_ascii_uppercase())] {
            if word == form {
                let out = theirs.join(joint);
                return Some(if upper { out.to_ascii_uppercase() } else { out });
            }
        }
    }
    None
}

/// The command a README's words before the three arguments make here: its Python run by
/// this machine's, its Java's class path the classes compiled here where the folder it
/// names was not handed in (`java -cp bin Part1 opening`, `bin/` left out of the zip), a
/// program of its folder line-buffered; `None` where the script or program it names is not
/// in the folder.
fn documented_argv(b: &Builder<'_>, dir: &Path, before: &[String], java_classes: Option<&Path>) -> Option<Vec<String>> {
    let inside = |w: &str| {
        let path = dir.join(w.trim_start_matches("./"));
        (!w.contains("..") && path.is_file()).then_some(path)
    };
    let first = before.first()?.to_ascii_lowercase();
    if first.starts_with("python") || first == "py" {
        let script = before.get(1)?;
        if script != "-m" {
            inside(script)?;
        }
        let mut argv = vec![b.python.clone()];
        argv.extend(before[1..].iter().cloned());
        Some(argv)
    } else if first == "java" {
        let mut argv = before.to_vec();
        argv[0] = b.java();
        let path_at =
            argv.iter().position(|w| matches!(w.as_str(), "-cp" | "-classpath" | "--class-path")).map(|i| i + 1);
        if let (Some(at), Some(classes)) = (path_at, java_classes)
            && argv.get(at).is_some_and(|p| p.split(':').all(|part| !dir.join(part).exists()))
        {
            argv[at] = b.class_path(classes);
        }
        Some(argv)
    } else if matches!(first.as_str(), "sh" | "bash") {
        Some(before.to_vec())
    } else {
        let mut argv = line_buffered(&inside(&before[0])?);
        argv.extend(before[1..].iter().cloned());
        Some(argv)
    }
}

/// A submission with no program named for any of the eight may hold one program for all
/// of them, told which by a word (`python3 main.py MiniMaxOpening in.txt out.txt 3`). An
/// entry file ([`super::names::ENTRY_STEMS`]: a Python file, a compiled Java class, an
/// executable), else a few files of the shallowest folder holding any (a single
/// `project2.py` with a sub-command a program), else a runnable jar (Gradle's), none of a
/// test's, whose usage (with no arguments, or `--help`) names at least four of the eight
/// is taken for each program it names, with the word its usage spells the program with
/// put where the usage puts it ([`super::forms::mode_place`]: as the option it names,
/// `-p ABGame`; after the three; first, as where it says nothing). Nothing is guessed: a
/// usage that names none leaves the programs missing.
fn one_for_all(b: &mut Builder<'_>, files: &[PathBuf], java_classes: Option<&Path>, only_menu: bool) {
    let work = b.root;
    let is_entry = |f: &PathBuf| {
        f.file_stem()
            .and_then(|s| s.to_str())
            .is_some_and(|s| super::names::ENTRY_STEMS.contains(&s.to_ascii_lowercase().as_str()))
    };
    // Not a test's (`tests/run.sh` runs the programs on its boards, naming each), nor an
    // older copy's; looking for a menu beside files named as the programs that run
    // nothing, not those.
    let runnable: Vec<&PathBuf> = files
        .iter()
        .filter(|f| kind_of(f).is_some() && !is_stale(work, f))
        .filter(|f| !only_menu || program_named(work, f).is_none())
        .filter(|f| {
            !f.strip_prefix(work)
                .unwrap_or(f)
                .components()
                .any(|c| name_words(c.as_os_str()).iter().any(|w| w.starts_with("test")))
        })
        .collect();
    let by_depth = |f: &&PathBuf| (f.components().count(), (*f).clone());
    let mut entries: Vec<&PathBuf> = runnable.iter().copied().filter(|f| is_entry(f)).collect();
    entries.sort_by_key(by_depth);
    entries.truncate(3);
    // Then the files of the shallowest folder that holds any (a single `project2.py` with
    // a sub-command for each program), a few.
    let mut others: Vec<&PathBuf> = runnable.iter().copied().filter(|f| !is_entry(f)).collect();
    others.sort_by_key(by_depth);
    if let Some(top) = others.first().map(|f| f.components().count()) {
        entries.extend(others.into_iter().take_while(|f| f.components().count() == top).take(4));
    }
    // Each with its folder and how the report shows it.
    let mut commands: Vec<(Vec<String>, &Path, String)> = entries
        .into_iter()
        .filter_map(|entry| {
            let argv = match kind_of(entry) {
                Some(FileKind::Python) => vec![b.python.clone(), s(entry)],
                Some(FileKind::JavaSource) => {
                    vec![b.java(), "-cp".into(), b.class_path(java_classes?), java_class(entry)]
                }
                Some(FileKind::Executable) => line_buffered(entry),
                _ => return None,
            };
            Some((argv, entry.as_path(), relative(work, entry)))
        })
        .collect();
    // A runnable jar (its manifest's `Main-Class`), as Gradle's `application` builds one.
    let runnable_jars: Vec<PathBuf> = jar_listings(b).iter().filter(|l| l.runnable).map(|l| l.jar.clone()).collect();
    for jar in &runnable_jars {
        commands.push((vec![b.java(), "-jar".into(), s(jar)], jar, format!("java -jar {}", relative(work, jar))));
    }
    for (argv, entry, shown) in commands {
        let dir = entry.parent().unwrap_or(work).to_path_buf();
        let mut said = String::new();
        for extra in [None, Some("--help")] {
            let mut run = argv.clone();
            run.extend(extra.map(str::to_string));
            let out = b.runner.run(&RunSpec {
                argv: run,
                dir: dir.clone(),
                time_limit: b.limit.min(Duration::from_secs(10)),
                output_limit: 16 * 1024,
                writable: Some(work.to_path_buf()),
                stdin: None,
            });
            said.push_str(&format!("{}\n{}\n", out.stdout, out.stderr));
        }
        // A console menu (`1. MiniMaxOpening` … `0. Quit`): each program its choice.
        let menu = super::menu::programs_in_menu(&said);
        if !menu.is_empty() {
            if only_menu {
                let files: Vec<String> = b.built.programs.values().map(|p| p.how.clone()).collect();
                b.built.notes.push(format!(
                    "the files named as the programs only define them, running nothing when started ({}): the \
                     programs were reached through the menu of {shown}",
                    files.join("; ")
                ));
                b.built.programs.clear();
            }
            for (name, m) in menu {
                let how = format!(
                    "`{shown}`: one program for all eight behind a console menu, `{}` typed to choose it{}",
                    m.choose,
                    m.quit.as_deref().map(|q| format!(", `{q}` to leave")).unwrap_or_default()
                );
                b.found(name, argv.clone(), &dir, how, Vec::new());
                if let Some(p) = b.built.programs.get_mut(name) {
                    p.menu = Some(m);
                }
            }
            return;
        }
        // A script that ran the programs on its own boards (`examples/run_all.sh`, printing
        // each one's name and answer) is no usage: its answers' boards say so.
        if !said.to_ascii_lowercase().contains("usage") && said.lines().any(|l| !super::read::boards_in(l).is_empty()) {
            continue;
        }
        let mut words: Vec<(&'static str, String)> = Vec::new();
        for word in said.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-')) {
            if let Some((p, _)) = super::names::program_of(word)
                && !words.iter().any(|(n, _)| *n == p.name)
            {
                words.push((p.name, word.to_string()));
            }
        }
        if words.len() < 4 || only_menu {
            continue;
        }
        // Where its usage puts the word: first (`main.py ab-game IN OUT DEPTH`) unless it
        // names an option for it (argparse's `-p {MiniMaxOpening,…}`) or puts it last
        // (`morris.py <input> <output> <depth> <program>`); called otherwise, every call
        // is refused and correct work gets 0.
        let at = super::forms::mode_place(&said).unwrap_or(super::forms::ModeAt::First);
        for (name, word) in words {
            let mut program = argv.clone();
            let chosen = at.words(&word);
            let told = chosen.join(" ");
            let (after, how) = match &at {
                super::forms::ModeAt::First => (
                    Vec::new(),
                    format!("`{shown} {told}`: one program for all eight, told which by a word its usage names"),
                ),
                super::forms::ModeAt::Option { .. } if !at.is_last() => (
                    Vec::new(),
                    format!("`{shown} {told}`: one program for all eight, told which by the option its usage names"),
                ),
                _ => (
                    chosen.clone(),
                    format!(
                        "`{shown} INPUT OUTPUT DEPTH {told}`: one program for all eight, told which by a word its usage \
                         puts after the three"
                    ),
                ),
            };
            if after.is_empty() {
                program.extend(chosen);
            }
            // A program found otherwise before keeps its own command.
            let fresh = !b.built.programs.contains_key(name);
            b.found(name, program, &dir, how, Vec::new());
            if let Some(p) = b.built.programs.get_mut(name).filter(|_| fresh) {
                p.after = after;
            }
        }
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_tests_and_the_source_roots_of_a_build_of_modules() {
        let dir = std::env::temp_dir().join(format!("morris-java-modules-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let put = |path: &str, text: &str| {
            let f = dir.join(path);
            std::fs::create_dir_all(f.parent().unwrap()).unwrap();
            std::fs::write(&f, text).unwrap();
            f
        };
        let core = put("core/src/main/java/edu/m/core/Board.java", "package edu.m.core;\npublic class Board {}\n");
        let program = put(
            "programs/src/main/java/edu/m/programs/ABGame.java",
            "package edu.m.programs;\nimport edu.m.core.Board;\npublic class ABGame {}\n",
        );
        let jupiter = put(
            "core/src/test/java/edu/m/core/BoardTest.java",
            "package edu.m.core;\n\nimport static org.junit.jupiter.api.Assertions.assertEquals;\nimport org.junit.jupiter.api.Test;\n",
        );
        let junit4 = put("test/SearchTest.java", "import junit.framework.TestCase;\npublic class SearchTest {}\n");
        let not_a_test =
            put("src/Tester.java", "// a test of org.junit's kind, without it\nimport org.junitx.Thing;\n");
        assert!(is_java_test(&jupiter) && is_java_test(&junit4));
        assert!(!is_java_test(&core) && !is_java_test(&not_a_test));
        assert_eq!(
            module_roots(&[core.clone(), program.clone()]),
            vec![dir.join("core/src/main/java"), dir.join("programs/src/main/java")]
        );
        // One module, or sources in no module's layout: no other roots.
        assert!(module_roots(std::slice::from_ref(&program)).is_empty());
        assert!(module_roots(&[program, not_a_test]).is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_main_in_a_comment_or_a_string_is_no_main() {
        let dir = scratch("has-main");
        let shared = put(
            &dir,
            "morris.cpp",
            b"// the common main()\n/* main(argc, argv) */\nint run(int n) { puts(\"main(\"); return n; }\n",
        );
        assert!(!has_main(&shared));
        let program = put(
            &dir,
            "ABGame.cpp",
            b"#include \"morris.hpp\" // run()\nint main(int c, char** v) { return run(c); }\n",
        );
        assert!(has_main(&program));
        // A quote inside a character literal or an escaped one ends no string early.
        let tricky = put(
            &dir,
            "Tricky.java",
            b"class T { char q = '\"'; String s = \"\\\" x\"; public static void main(String[] a) {} }\n",
        );
        assert!(has_main(&tricky));
        assert_eq!(code_alone("a /* b\nc */ d // e\nf"), "a     \n     d     \nf");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_wrapper_script_and_the_program_it_runs_are_one_program() {
        let dir = scratch("wrapper-calls");
        let wrapper = dir.join("ABGame");
        std::fs::write(&wrapper, "#!/bin/bash\ncd \"$(dirname \"$0\")/src\" && ./bin/ab_game \"$@\"\n").unwrap();
        assert!(script_calls(&wrapper, &dir.join("src/bin/ab_game")));
        // A name inside a longer one, and a file that is no script, call nothing.
        assert!(!script_calls(&wrapper, &dir.join("src/bin/ab_gam")));
        assert!(!script_calls(&wrapper, &dir.join("src/bin/game")));
        std::fs::write(&wrapper, "./bin/ab_game\n").unwrap();
        assert!(!script_calls(&wrapper, &dir.join("src/bin/ab_game")));
        let _ = std::fs::remove_dir_all(&dir);
    }
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn the_python_a_submission_says_it_needs() {
        let dir = scratch("stated-python");
        let readme = dir.join("README.md");
        std::fs::write(&readme, "# Morris\n\n**Requires Python 3.14.** I wrote this for 3.14 on purpose.\n\n    python3.14 MiniMaxOpening.py b1 b2 2\n").unwrap();
        let (v, said) = stated_python(&dir, std::slice::from_ref(&readme)).unwrap();
        assert_eq!(v, (3, 14));
        assert_eq!(said, "README.md: \"Requires Python 3.14.\"");
        let pinned = dir.join(".python-version");
        std::fs::write(&pinned, "3.15.0a1\n").unwrap();
        assert_eq!(stated_python(&dir, &[readme.clone(), pinned]).unwrap().0, (3, 15));
        let pyproject = dir.join("pyproject.toml");
        std::fs::write(&pyproject, "[project]\nname = \"m\"\nrequires-python = \">=3.13\"\n").unwrap();
        assert_eq!(
            stated_python(&dir, &[pyproject]).unwrap(),
            ((3, 13), "pyproject.toml: \"requires-python = \">=3.13\"\"".to_string())
        );
        // Versions not named with Python, and files that are neither, say nothing.
        let notes = dir.join("notes.txt");
        std::fs::write(&notes, "Python 3.14 someday\n").unwrap();
        std::fs::write(&readme, "Tested on version 3.14 of my own code.\n").unwrap();
        assert_eq!(stated_python(&dir, &[readme, notes]), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A fresh folder for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("morris-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// `bytes` written to `name` in `dir`, not executable.
    fn put(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
        let p = dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o644)).unwrap();
        p
    }

    #[test]
    fn links_to_the_submission_s_own_files_are_copies_and_others_are_left_out() {
        use std::os::unix::fs::symlink;
        let top = scratch("links");
        let _ = std::fs::remove_dir_all(&top);
        let (sub, work) = (top.join("sub"), top.join("work"));
        std::fs::create_dir_all(sub.join("lib")).unwrap();
        put(&sub, "MiniMaxOpening.py", b"print('white or black by argv[0]')\n");
        put(&top, "outside.txt", b"not the student's\n");
        symlink("MiniMaxOpening.py", sub.join("MiniMaxOpeningBlack.py")).unwrap();
        symlink("../MiniMaxOpening.py", sub.join("lib/again.py")).unwrap();
        symlink("../outside.txt", sub.join("out.txt")).unwrap();
        symlink("/etc/passwd", sub.join("passwd")).unwrap();
        symlink("lib", sub.join("folder")).unwrap();
        symlink("missing.py", sub.join("dangling.py")).unwrap();
        let check = |work: &Path| {
            let same = std::fs::read(sub.join("MiniMaxOpening.py")).unwrap();
            for copy in ["MiniMaxOpeningBlack.py", "lib/again.py"] {
                let meta = std::fs::symlink_metadata(work.join(copy)).unwrap();
                assert!(meta.is_file(), "{copy} is a file of its own");
                assert_eq!(std::fs::read(work.join(copy)).unwrap(), same);
            }
            for gone in ["out.txt", "passwd", "folder", "dangling.py"] {
                assert!(std::fs::symlink_metadata(work.join(gone)).is_err(), "{gone} left out");
            }
            let mut links = links_copied(work);
            links.sort();
            assert_eq!(links, ["MiniMaxOpeningBlack.py -> MiniMaxOpening.py", "lib/again.py -> MiniMaxOpening.py"]);
        };
        // A folder handed in, copied; an archive's, unpacked in place.
        copy_dir(&sub, &work).unwrap();
        check(&work);
        drop_links(&sub);
        check(&sub);
        let _ = std::fs::remove_dir_all(&top);
    }

    #[test]
    fn a_virtual_environment_handed_in_is_no_student_s_code() {
        let dir = scratch("venv");
        for folder in ["venv/lib/python3.11/site-packages/pip", "env2/Lib/site-packages/numpy", "web/node_modules/x"] {
            std::fs::create_dir_all(dir.join(folder)).expect("a folder");
        }
        put(&dir, "venv/pyvenv.cfg", b"home = /usr/bin\n");
        put(&dir, "venv/lib/python3.11/site-packages/pip/__main__.py", b"print(1)\n");
        put(&dir, "env2/Lib/site-packages/numpy/core.py", b"X = 1\n");
        put(&dir, "web/node_modules/x/index.js", b"1\n");
        put(&dir, "MiniMaxOpening.py", b"print(1)\n");
        let found: Vec<String> = walk(&dir).iter().map(|f| relative(&dir, f)).collect();
        assert_eq!(found, ["MiniMaxOpening.py"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn sources_saved_as_text_by_notepad_get_their_names_back() {
        let dir = scratch("notepad");
        std::fs::create_dir_all(dir.join("lib")).expect("a folder");
        put(&dir, "ABGame.py.txt", b"import board\n");
        put(&dir, "lib/board.py.TXT", b"X = 1\n");
        put(&dir, "MiniMaxGame.py", b"print(1)\n");
        put(&dir, "MiniMaxGame.py.txt", b"print(0)\n");
        put(&dir, "sample_run.txt", b"Board Position: x\n");
        put(&dir, "notes.md.txt", b"# notes\n");
        // Its extension replaced: named as a program, its text a source of a language.
        put(&dir, "ABOpening.txt", b"import sys\nfrom board import run\n\nrun(sys.argv)\n");
        put(
            &dir,
            "MiniMaxOpeningBlack.txt",
            b"public class MiniMaxOpeningBlack {\n  public static void main(String[] a) {}\n}\n",
        );
        put(&dir, "MiniMaxGameBlack.txt", b"#include <stdio.h>\nint main(int c, char **v) { return 0; }\n");
        put(&dir, "MiniMaxOpeningImproved.txt", b"Board Position: xxxxxxxxxxxxxxxxxxxxxx\nMINIMAX estimate: 1\n");
        assert_eq!(
            hidden_extensions(&dir),
            ["ABGame.py.txt", "ABOpening.txt", "MiniMaxGameBlack.txt", "MiniMaxOpeningBlack.txt", "lib/board.py.TXT"]
        );
        for (renamed, kept) in [
            ("ABOpening.py", "ABOpening.txt"),
            ("MiniMaxOpeningBlack.java", "MiniMaxOpeningBlack.txt"),
            ("MiniMaxGameBlack.c", "MiniMaxGameBlack.txt"),
        ] {
            assert!(dir.join(renamed).is_file() && !dir.join(kept).exists(), "{renamed}");
        }
        assert!(dir.join("MiniMaxOpeningImproved.txt").is_file(), "sample output stays text");
        assert!(dir.join("ABGame.py").is_file() && dir.join("lib/board.py").is_file());
        assert_eq!(std::fs::read(dir.join("MiniMaxGame.py")).expect("kept"), b"print(1)\n", "a copy beside stays one");
        assert!(dir.join("MiniMaxGame.py.txt").is_file() && dir.join("notes.md.txt").is_file());
        assert!(dir.join("sample_run.txt").is_file());
        // The module a renamed program imports, renamed with it; prose stays text.
        let modules = scratch("notepad-modules");
        put(&modules, "MiniMaxGame.txt", b"import sys\nimport board\n\nboard.run(sys.argv)\n");
        put(&modules, "board.txt", b"import sys\n\ndef run(argv):\n    pass\n");
        put(&modules, "README.txt", b"Run: python3 MiniMaxGame.py in out 3\n");
        assert_eq!(hidden_extensions(&modules), ["MiniMaxGame.txt", "board.txt"]);
        assert!(modules.join("board.py").is_file() && modules.join("README.txt").is_file());
        let _ = std::fs::remove_dir_all(&modules);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_zip_of_a_folder_of_its_own_name_unpacks_one_level_deep() {
        let dir = scratch("namesake");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("project/project/src")).unwrap();
        put(&dir.join("project/project"), "ABGame.py", b"print(1)\n");
        put(&dir.join("project/project/src"), "board.py", b"");
        lift_lone_namesake(&dir.join("project"));
        assert!(dir.join("project/ABGame.py").is_file() && dir.join("project/src/board.py").is_file());
        assert!(!dir.join("project/project").exists() && !dir.join(".project.lifting").exists());
        // Another name, or something beside the folder: left as unpacked.
        std::fs::create_dir_all(dir.join("final/hw2")).unwrap();
        lift_lone_namesake(&dir.join("final"));
        assert!(dir.join("final/hw2").is_dir());
        std::fs::create_dir_all(dir.join("final/__MACOSX/final")).unwrap();
        lift_lone_namesake(&dir.join("final"));
        assert!(dir.join("final/hw2").is_dir() && dir.join("final/__MACOSX").is_dir());
        std::fs::create_dir_all(dir.join("lab/lab")).unwrap();
        put(&dir.join("lab"), "notes.txt", b"mine\n");
        lift_lone_namesake(&dir.join("lab"));
        assert!(dir.join("lab/lab").is_dir() && dir.join("lab/notes.txt").is_file());
        // A Mac's zip of its folder: `__MACOSX` and `.DS_Store` beside it are Finder's, not
        // the student's: lifted all the same (before, reported as `hw/hw/ABGame.py`).
        std::fs::create_dir_all(dir.join("hw/hw")).unwrap();
        std::fs::create_dir_all(dir.join("hw/__MACOSX/hw")).unwrap();
        put(&dir.join("hw/__MACOSX/hw"), "._ABGame.py", b"\0\x05\x16\x07");
        put(&dir.join("hw"), ".DS_Store", b"\0\0\0\x01Bud1");
        put(&dir.join("hw/hw"), "ABGame.py", b"print(1)\n");
        lift_lone_namesake(&dir.join("hw"));
        assert!(dir.join("hw/ABGame.py").is_file(), "not lifted");
        assert!(!dir.join("hw/hw").exists() && !dir.join("hw/__MACOSX").exists() && !dir.join("hw/.DS_Store").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn folders_each_a_submission_are_a_class_and_a_project_s_parts_are_not() {
        let dir = scratch("each-a-submission");
        let _ = std::fs::remove_dir_all(&dir);
        // `folder: file …` below `dir/name`.
        let make = |name: &str, layout: &[(&str, &[&str])]| {
            let root = dir.join(name);
            std::fs::create_dir_all(&root).unwrap();
            for (folder, files) in layout {
                std::fs::create_dir_all(root.join(folder)).unwrap();
                for f in *files {
                    put(&root.join(folder), f, b"import sys\nprint(sys.argv)\n");
                }
            }
            root
        };
        let found = |root: &Path| {
            let f = find_submissions(&[root.to_path_buf()]).unwrap();
            let ids: Vec<String> = f.submissions.iter().map(|s| s.net_id.clone()).collect();
            (ids, f.told.join("\n"))
        };
        // Two students, each one program for all eight and its module: no file named for a
        // program, so no name in common; before, one student "submissions", zlin dropped.
        let one_for_all: &[&str] = &["morris_variant.py", "board.py"];
        let two = make("submissions", &[("alee", one_for_all), ("zlin", one_for_all)]);
        let (ids, told) = found(&two);
        assert_eq!(ids, ["alee", "zlin"], "{told}");
        assert!(told.contains("for a class of 2 submissions, a folder each (alee, zlin)"), "{told}");
        // And beside a student whose files are named for the programs.
        let mixed = make("mixed", &[("alee", one_for_all), ("zlin", one_for_all), ("fchen", &["MiniMaxGame.py"])]);
        assert_eq!(found(&mixed).0, ["alee", "fchen", "zlin"]);
        // One student's project, its parts named as parts are: one student, nothing to tell.
        let projects: [&[&str]; 9] = [
            &["src", "bin"],
            &["bin", "boards", "src"],
            &["examples", "morris", "tests"],
            &["morris_variant", "tests"],
            &["cmake-build-debug", "examples", "include", "src", "tests"],
            &["build", "dist", "nbproject", "src", "test"],
            &["Project2_v1", "Project2_v2_FINAL"],
            &["ABGame", "ABOpening", "Common", "TestBoards"],
            &["Part I - MiniMax", "Part II - AlphaBeta", "__pycache__"],
        ];
        for (i, folders) in projects.iter().enumerate() {
            let layout: Vec<(&str, &[&str])> = folders.iter().map(|f| (*f, one_for_all)).collect();
            let root = make(&format!("xyz{i}"), &layout);
            assert_eq!(found(&root), (vec![format!("xyz{i}")], String::new()), "{folders:?}");
        }
        // A project's root: a program or a Makefile at its top, its folders whatever.
        let top = make("modeflag", &[("", &["morris.py"]), ("engine", one_for_all), ("solver", one_for_all)]);
        assert_eq!(found(&top), (vec!["modeflag".to_string()], String::new()));
        // Students' folders beside a project's part: one student, and the TA is told which
        // folders may be students', to grade one by one.
        let unsure = make("unsure", &[("alee", one_for_all), ("zlin", one_for_all), ("src", one_for_all)]);
        let (ids, told) = found(&unsure);
        assert_eq!(ids, ["unsure"]);
        assert!(
            told.contains("for one student's submission, as it holds src/ beside them, though its folders alee, zlin")
                && told.contains("unsure/alee"),
            "{told}"
        );
        // Folders holding nothing the grader runs (boards, a report) are no students.
        let notes = make("notes", &[("alee", one_for_all), ("zlin", &[])]);
        put(&notes.join("zlin"), "report.pdf", b"%PDF");
        assert_eq!(found(&notes), (vec!["notes".to_string()], String::new()));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_link_that_failed_alone_is_told_from_a_compile_that_failed() {
        // What g++ prints when a source of the program is missing from its command.
        let link = "/usr/bin/ld: /tmp/ccc7HUzW.o: in function `main':\n\
                    ab_game.cpp:(.text.startup+0x1): undefined reference to `launch()'\n\
                    collect2: error: ld returned 1 exit status\n";
        assert!(link_only_failure(link));
        assert!(link_only_failure(
            "ld.lld: error: undefined symbol: launch()\ncollect2: error: ld returned 1 exit status"
        ));
        // A compile error, with or without a failed link after it: a newer standard may help.
        let compile = "e.cpp: In function ‘int main()’:\ne.cpp:1:27: error: ‘span’ is not a member of ‘std’\n";
        assert!(!link_only_failure(compile));
        assert!(!link_only_failure(&format!("{compile}{link}")));
        assert!(!link_only_failure("g++: error: launch.cpp: No such file or directory\n"));
        assert!(!link_only_failure(""));
    }

    #[test]
    fn a_script_or_program_without_its_executable_bit_is_still_one() {
        let dir = scratch("kind");
        let file = |name: &str, bytes: &[u8]| put(&dir, name, bytes);
        let script = file("MiniMaxOpening.sh", b"#!/bin/sh\nexec python3 q6.py \"$@\"\n");
        let elf = file("ABGame", b"\x7fELF\x02\x01\x01\0");
        let text = file("MiniMaxGame", b"not a program\n");
        assert_eq!(kind_of(&script), Some(FileKind::Executable));
        assert_eq!(kind_of(&elf), Some(FileKind::Executable));
        assert!(is_executable(&script) && is_executable(&elf));
        assert_eq!(kind_of(&text), None);
        assert!(!is_executable(&text));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn programs_for_other_machines_are_known_by_their_first_bytes() {
        let dir = scratch("foreign");
        let file = |name: &str, bytes: &[u8]| put(&dir, name, bytes);
        let mut arm = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x02\0".to_vec();
        arm.extend(if std::env::consts::ARCH == "aarch64" { 62u16 } else { 183u16 }.to_le_bytes());
        for (bytes, want) in [
            (b"\xcf\xfa\xed\xfe\x0c\0\0\x01".to_vec(), Some(Foreign::Mac)),
            (b"\xca\xfe\xba\xbe\0\0\0\x02".to_vec(), Some(Foreign::Mac)),
            (b"MZ\x90\0\x03\0".to_vec(), Some(Foreign::Windows)),
            (arm, Some(Foreign::OtherProcessor)),
            (b"#!/bin/sh\necho hi\n".to_vec(), None),
        ] {
            assert_eq!(foreign_program(&head(&file("ABGame", &bytes))), want, "{bytes:?}");
        }
        // This machine's own programs run here.
        let own = std::env::current_exe().unwrap();
        assert_eq!(foreign_program(&head(&own)), None);
        assert!(head(&own).starts_with(ELF));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_makefile_that_names_clang_is_known() {
        assert_eq!(
            missing_compilers(
                "build.sh: line 6: g++-14: command not found\nbuild.sh: line 7: g++-14: command not found\n\
                 make: gcc-13: No such file or directory\n/bin/sh: 1: clang: not found\nmake: g++-mp-13: Command not found\n\
                 /bin/sh: 1: python4: not found\nABGame.c:3:10: fatal error: board.h: No such file or directory"
            ),
            vec![
                ("g++-14".to_string(), "g++"),
                ("gcc-13".to_string(), "gcc"),
                ("clang".to_string(), "gcc"),
                ("g++-mp-13".to_string(), "g++")
            ]
        );
        assert_eq!(compiler_standing_for("clang++-17"), Some("g++"));
        // A Makefile target named as a program that runs one script with three variables.
        let dir = std::env::temp_dir().join(format!("morris-make-target-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::write(dir.join("src/opening_improved.py"), "print()\n").unwrap();
        let makefile = dir.join("Makefile");
        std::fs::write(
            &makefile,
            "PYTHON ?= python3\nMiniMaxOpeningImproved:\n\t$(PYTHON) src/opening_improved.py $(IN) $(OUT) $(DEPTH)\n\n\
             ABGame:\n\t$(PYTHON) src/game_ab.py board1.txt out.txt 2\n\nMiniMaxGame := x\n",
        )
        .unwrap();
        let files = vec![makefile.clone(), dir.join("src/opening_improved.py")];
        assert_eq!(
            make_target_script(&dir, &files, "MiniMaxOpeningImproved"),
            Some((dir.join("src/opening_improved.py"), makefile))
        );
        assert_eq!(make_target_script(&dir, &files, "ABGame"), None, "fixed files, no variables");
        assert_eq!(make_target_script(&dir, &files, "MiniMaxGame"), None, "a variable, no target");
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(compiler_standing_for("g++"), Some("g++"));
        assert_eq!(compiler_standing_for("javac"), None);
        assert!(lacks_clang("make: clang++: No such file or directory\nmake: *** [Makefile:9: ABGame] Error 127"));
        assert!(lacks_clang("/bin/sh: 1: clang: not found"));
        assert!(!lacks_clang("ABGame.c:3:10: fatal error: board.h: No such file or directory"));
    }

    #[test]
    fn a_script_saved_on_windows_runs_here() {
        let dir = scratch("crlf");
        let script = put(
            &dir,
            "MiniMaxOpening.sh",
            b"#!/bin/sh\r\ncd \"$(dirname \"$0\")\"\r\npython3 MiniMaxOpening.py \"$@\"\r\n",
        );
        let said = script_for_here(&script, false).expect("a CRLF script is mended");
        assert!(said.contains("CRLF"), "{said}");
        let text = std::fs::read_to_string(&script).unwrap();
        assert_eq!(text, "#!/bin/sh\ncd \"$(dirname \"$0\")\"\npython3 MiniMaxOpening.py \"$@\"\n");
        assert_eq!(script_for_here(&script, false), None, "nothing more to mend");
        let python = put(&dir, "ABGame.sh", b"#!/bin/sh\r\npython ABGame.py \"$@\"\r\n");
        let said = script_for_here(&python, true).unwrap();
        assert!(said.contains("CRLF") && said.contains("python3"), "{said}");
        assert_eq!(std::fs::read_to_string(&python).unwrap(), "#!/bin/sh\npython3 ABGame.py \"$@\"\n");
        // A Python source is run by python3, which reads CRLF: left as it is.
        let py = put(&dir, "ABOpening.py", b"print(1)\r\n");
        assert_eq!(script_for_here(&py, true), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_python_file_that_only_defines_its_program_runs_nothing() {
        let dir = scratch("defines");
        let module = "\"\"\"MiniMaxOpening for the menu.\n\nCall run().\"\"\"\nimport os\nfrom board import (\n    Board,\n    moves,\n)\n\nNEIGHBOURS = [\n    [1, 3, 19],\n]\nDEPTH: int = 2\n\n\n@cache\ndef run(inp, out, depth):\n    print(inp)\n\n\nclass Search:\n    pass\n";
        assert!(python_runs_nothing(&put(&dir, "MiniMaxOpening.py", module.as_bytes())));
        for program in [
            format!("{module}run('a', 'b', 2)\n"),
            format!("{module}if __name__ == \"__main__\":\n    run(*sys.argv[1:])\n"),
            format!("{module}board = read(sys.argv[1])\n"),
            "import sys\nprint(sys.argv)\n".to_string(),
            "for a in range(3):\n    pass\n".to_string(),
        ] {
            assert!(!python_runs_nothing(&put(&dir, "MiniMaxGame.py", program.as_bytes())), "{program}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn names_windows_zipped_in_the_dos_code_page_are_read_as_it() {
        use std::os::unix::ffi::OsStrExt;
        let dir = scratch("cp437");
        // `Projeto Inteligência Artificial/Código/ABGame.py` as cp437 bytes.
        let top = dir.join(std::ffi::OsStr::from_bytes(b"Projeto Intelig\x88ncia Artificial"));
        let code = top.join(std::ffi::OsStr::from_bytes(b"C\xa2digo"));
        std::fs::create_dir_all(&code).unwrap();
        put(&code, "ABGame.py", b"print(1)\n");
        put(&dir, "README.txt", b"-\n");
        assert_eq!(CP437_HIGH.chars().count(), 0x80);
        assert_eq!(utf8_names(&dir), 2);
        assert!(dir.join("Projeto Inteligência Artificial/Código/ABGame.py").is_file());
        assert_eq!(utf8_names(&dir), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn names_with_backslashes_between_folders_are_put_in_those_folders() {
        let dir = scratch("backslashes");
        put(&dir, "Project2\\ABGame.py", b"print(1)\n");
        put(&dir, "Project2\\common\\board.py", b"B = 1\n");
        // Never above its own folder, never over another file.
        put(&dir, "Project2\\..\\..\\up.py", b"print(2)\n");
        put(&dir, "kept.py", b"print(3)\n");
        let odd = put(&dir, "\\kept.py", b"print(4)\n");
        assert_eq!(backslash_paths(&dir), 3);
        assert!(dir.join("Project2/ABGame.py").is_file());
        assert_eq!(std::fs::read(dir.join("Project2/common/board.py")).unwrap(), b"B = 1\n");
        assert_eq!(std::fs::read(dir.join("Project2/up.py")).unwrap(), b"print(2)\n");
        assert_eq!(std::fs::read(dir.join("kept.py")).unwrap(), b"print(3)\n");
        assert!(odd.is_file());
        assert_eq!(backslash_paths(&dir), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_module_kept_in_another_folder_is_put_on_python_s_path() {
        assert_eq!(
            python_imports(
                "import os, sys\nimport board.rules as r  # x\nfrom morris_lib import run\nfrom . import x\n    import copy\n"
            ),
            ["os", "sys", "board", "morris_lib", "copy"]
        );
        // A docstring's words are no imports.
        assert_eq!(
            python_imports(
                "\"\"\"Reads a board.\n\nimport the board from a file, then\nfrom here on search.\n\"\"\"\nimport json\nx = '''a'''\nimport re\n"
            ),
            ["json", "re"]
        );
        let dir = scratch("pythonpath");
        for sub in ["src", "lib", "old/lib", "pkg/board"] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
        }
        let program = put(
            &dir.join("src"),
            "ABGame.py",
            b"import sys, random\nfrom morris_lib import run\nimport board\nimport near\n",
        );
        put(&dir.join("src"), "near.py", b"X = 1\n");
        put(&dir.join("lib"), "morris_lib.py", b"def run(): pass\n");
        put(&dir.join("old/lib"), "morris_lib.py", b"def run(): pass\n");
        put(&dir.join("pkg/board"), "__init__.py", b"");
        // lib/ (nearer the top than old/lib/) for morris_lib, pkg/ for the package board;
        // nothing for the module beside the program or for the standard library's.
        let python_files = |dir: &Path| python_files(&walk(dir));
        assert_eq!(
            python_path_for(&program, &python_files(&dir)),
            [(dir.join("lib"), "morris_lib".to_string()), (dir.join("pkg"), "board".to_string())]
        );
        let alone = put(&dir, "MiniMaxGame.py", b"import sys\nimport near2\n");
        assert!(python_path_for(&alone, &python_files(&dir)).is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn copies_kept_by_version_the_newest_taken() {
        let work = Path::new("/w");
        let v = |p: &str| version_of(work, Path::new(p));
        assert!(v("/w/Project2_v2_FINAL/ABGame.java") > v("/w/Project2_v1/ABGame.java"));
        assert!(v("/w/Project2_v3/ABGame.java") > v("/w/Project2_v2/ABGame.java"));
        assert!(v("/w/attempt 2/ABGame.py") > v("/w/attempt 1/ABGame.py"));
        assert!(v("/w/final/ABGame.py") > v("/w/version 7/ABGame.py"));
        // A course's or a project's number is no version.
        assert_eq!(v("/w/Project2/ABGame.py"), v("/w/cs4365/ABGame.py"));
        let dir = scratch("versions");
        for folder in ["Project2_v1", "Project2_v2_FINAL"] {
            std::fs::create_dir_all(dir.join(folder)).unwrap();
            put(&dir.join(folder), "ABGame.py", b"print(1)\n");
        }
        let found = candidates(&dir, SystemTime::now());
        let ab: Vec<(&Path, bool)> =
            found.iter().filter(|c| c.program == "ABGame").map(|c| (c.file.as_path(), c.stale)).collect();
        assert_eq!(
            ab,
            [
                (dir.join("Project2_v2_FINAL/ABGame.py").as_path(), false),
                (dir.join("Project2_v1/ABGame.py").as_path(), true)
            ]
        );
        // Folders named as attempts are older copies by their word, and the later attempt
        // still comes first.
        for folder in ["attempt 1", "attempt 2"] {
            std::fs::create_dir_all(dir.join(folder)).unwrap();
            put(&dir.join(folder), "MiniMaxGame.py", b"print(1)\n");
        }
        let found = candidates(&dir, SystemTime::now());
        let first = found.iter().find(|c| c.program == "MiniMaxGame").map(|c| c.file.clone());
        assert_eq!(first, Some(dir.join("attempt 2/MiniMaxGame.py")));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn cargo_s_own_copies_of_its_programs_are_no_candidates() {
        assert!(is_cargo_copy(Path::new("p/target/release/deps/ABGame-cbc59dcb3328add3")));
        assert!(!is_cargo_copy(Path::new("p/target/release/ABGame")));
        assert!(!is_cargo_copy(Path::new("p/deps/ABGame-final")));
        assert!(!is_cargo_copy(Path::new("p/build/ABGame-cbc59dcb3328add3")));
    }

    #[test]
    fn a_programs_name_spelt_as_a_readme_spells_another() {
        let like = |word: &str, given: &str| spelled_like(word, given, "MiniMaxGameBlack");
        assert_eq!(like("MiniMaxOpening", "MiniMaxOpening").as_deref(), Some("MiniMaxGameBlack"));
        assert_eq!(like("minimaxopening", "MiniMaxOpening").as_deref(), Some("minimaxgameblack"));
        assert_eq!(like("ab-game", "ABGame").as_deref(), Some("minimax-game-black"));
        assert_eq!(like("MINIMAX_OPENING", "MiniMaxOpening").as_deref(), Some("MINIMAX_GAME_BLACK"));
        // A spelling of its own (`mmo`) says nothing of the others'.
        assert_eq!(like("mmo", "MiniMaxOpening"), None);
    }

    #[test]
    fn console_commands_a_pyproject_declares() {
        let text = r#"
[project]
name = "hw"
[project.scripts]
minimax-opening = "hw.cli:minimax_opening"
ab-game = "hw.cli:Commands.ab_game [fast]"
[tool.poetry.scripts]
minimax-game = { reference = "hw.cli:minimax_game", type = "console" }
not-a-command = "no function named"
"#;
        let found: Vec<(String, String, &str)> = declared_scripts(text);
        let want = [
            ("ab-game", "hw.cli:Commands.ab_game", "[project.scripts]"),
            ("minimax-opening", "hw.cli:minimax_opening", "[project.scripts]"),
            ("minimax-game", "hw.cli:minimax_game", "[tool.poetry.scripts]"),
        ];
        assert_eq!(found.len(), want.len(), "{found:?}");
        for (f, w) in found.iter().zip(want) {
            assert_eq!((f.0.as_str(), f.1.as_str(), f.2), w);
        }
        assert!(declared_scripts("not [toml").is_empty());
    }

    #[test]
    fn console_commands_a_setup_script_declares() {
        let setup = r#"
from setuptools import setup, find_packages
setup(
    name="morrisvariant",
    packages=find_packages(),
    entry_points={
        "console_scripts": [
            "MiniMaxOpening=morrisvariant.programs:minimax_opening",
            'ABGame = morrisvariant.programs:ab_game [fast]',
            "not a command",
        ],
    },
)
"#;
        let found = declared_setup_scripts(setup, false);
        let names: Vec<(&str, &str)> = found.iter().map(|(n, t, _)| (n.as_str(), t.as_str())).collect();
        assert_eq!(
            names,
            vec![
                ("MiniMaxOpening", "morrisvariant.programs:minimax_opening"),
                ("ABGame", "morrisvariant.programs:ab_game")
            ]
        );
        assert!(declared_setup_scripts("setup(name='x', version='1.0')", false).is_empty());
        let cfg = "[metadata]\nname = hw\n\n[options.entry_points]\nconsole_scripts =\n    minimax-game = hw.cli:minimax_game\n    ab-opening=hw.cli:ab_opening\n\n[options]\nzip_safe = False\n";
        let found = declared_setup_scripts(cfg, true);
        let names: Vec<&str> = found.iter().map(|(n, _, _)| n.as_str()).collect();
        assert_eq!(names, vec!["minimax-game", "ab-opening"], "{found:?}");
        assert!(found.iter().all(|(_, _, s)| *s == "setup.cfg's console_scripts"));
    }

    #[test]
    fn build_scripts_of_the_students_own() {
        let dir = scratch("build-scripts");
        let script = |name: &str, text: &str| is_build_script(&put(&dir, name, text.as_bytes()));
        assert!(script("build.sh", "#!/bin/bash\ng++ -O2 -DMINIMAX_OPENING -o MiniMaxOpening morris.cpp\n"));
        assert!(script("compile_all.sh", "javac *.java\n"));
        assert!(script("Build.sh", "CXX=g++\n$CXX -o ABGame ABGame.cpp\n"));
        // The compiler as a default the caller may change (cdw230908, TA trial 22).
        assert!(script("build.sh", "CC=${CC:-gcc}\n$CC $CFLAGS -o bin/ab_game ab_game.c\n"));
        assert!(!script("build.sh", "echo nothing to compile\n"));
        assert!(!script("run.sh", "gcc -o a a.c && ./a\n"));
        assert!(!script("build.bat", "g++ -o a a.cpp\n"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn older_copies_are_known_by_their_folders() {
        let work = Path::new("/w");
        for (path, stale) in [
            ("/w/old/MiniMaxOpening.py", true),
            ("/w/Project2 - Copy/src/ABGame.java", true),
            ("/w/backup_v1/MiniMaxGame.py", true),
            ("/w/src/MiniMaxOpening.py", false),
            ("/w/final/MiniMaxOpening.py", false),
            ("/w/old_MiniMaxOpening.py", true),
            ("/w/AI Project 2/MiniMaxGame - Copy.java", true),
            ("/w/src/ABGame_v2.py", false),
            ("/w/src/Copyright.py", false),
            ("/w/bold/MiniMaxOpening.py", false),
        ] {
            assert_eq!(is_stale(work, Path::new(path)), stale, "{path}");
        }
    }

    #[test]
    fn wrappers_call_python3() {
        assert_eq!(
            with_python3("#!/bin/sh\npython MiniMaxOpening.py \"$@\"\n"),
            "#!/bin/sh\npython3 MiniMaxOpening.py \"$@\"\n"
        );
        assert_eq!(with_python3("#!/usr/bin/env python\nprint(1)\n"), "#!/usr/bin/env python3\nprint(1)\n");
        assert_eq!(with_python3("#!/usr/bin/python2\n"), "#!/usr/bin/python3\n");
        assert_eq!(with_python3("cd src && python ab.py $1 $2 $3"), "cd src && python3 ab.py $1 $2 $3");
        for same in
            ["python3 ab.py\n", "# run with python ab.py\n", "echo pythonic\n", "mypython x\n", "python3.11 ab.py\n"]
        {
            assert_eq!(with_python3(same), same);
        }
    }

    #[test]
    fn archives_by_their_names() {
        let of = |name: &str| archive_of(Path::new(name));
        assert_eq!(of("abc123.zip"), Some((Archive::Zip, "abc123".into())));
        assert_eq!(of("abc123.TAR.GZ"), Some((Archive::Tar, "abc123".into())));
        assert_eq!(of("hw2.tgz"), Some((Archive::Tar, "hw2".into())));
        assert_eq!(of("proj.v2.tar.xz"), Some((Archive::Tar, "proj.v2".into())));
        assert_eq!(of("p2.rar"), Some((Archive::Other("RAR"), "p2".into())));
        assert_eq!(of("p2.7z"), Some((Archive::Other("7-Zip"), "p2".into())));
        for name in ["MiniMaxOpening.py", ".zip", "notes.gz", "zip"] {
            assert_eq!(of(name), None, "{name}");
        }
        assert_eq!(net_id_of(Path::new("class/abc123.tar.gz")), "abc123");
    }

    #[test]
    fn sources_saved_on_windows_are_made_utf8() {
        let dir = scratch("utf8");
        let file = |name: &str, bytes: &[u8]| put(&dir, name, bytes);
        let bom = file("A.java", b"\xef\xbb\xbfclass A {}\n");
        assert!(utf8_source(&bom).unwrap().starts_with("byte order mark taken off"));
        assert_eq!(std::fs::read(&bom).unwrap(), b"class A {}\n");
        let latin = file("b.py", b"# Ren\xe9 \x93quoted\x94\nprint(1)\n");
        assert!(utf8_source(&latin).unwrap().starts_with("re-encoded from Windows-1252"));
        assert_eq!(std::fs::read_to_string(&latin).unwrap(), "# René “quoted”\nprint(1)\n");
        // A Chinese student's Java in GBK: compiled as Windows-1252 before TA trial 22, its
        // labels printed as mojibake (`脳路`).
        let gbk = file(
            "G.java",
            &[
                &b"class G { String s = \""[..],
                &b"\xbe\xb2\xcc\xac\xb9\xc0\xd6\xb5\xc6\xc0\xb9\xc0\xb5\xc4\xbe\xd6\xc3\xe6\xca\xfd"[..],
                b"\"; }\n",
            ]
            .concat(),
        );
        assert!(utf8_source(&gbk).unwrap().starts_with("re-encoded from GBK"));
        assert_eq!(std::fs::read_to_string(&gbk).unwrap(), "class G { String s = \"静态估值评估的局面数\"; }\n");
        let declared = file("c.py", b"# -*- coding: latin-1 -*-\n# Ren\xe9\n");
        assert_eq!(utf8_source(&declared), None, "a Python source that declares its coding is its own");
        for (name, bytes) in
            [("d.py", &b"\xef\xbb\xbfprint(1)\n"[..]), ("e.c", b"// Ren\xe9\n"), ("F.java", b"class F {}\n")]
        {
            let p = file(name, bytes);
            assert_eq!(utf8_source(&p), None, "{name}");
            assert_eq!(std::fs::read(&p).unwrap(), bytes, "{name} unchanged");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
