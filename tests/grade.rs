//! `morris grade` on fixture submissions (tests/grade_fixtures), graded with the small
//! class file tests/grade_fixtures/grade.toml:
//!
//! - `class/`: a class written the way students write, each submission correct in
//!   substance and its own in wording, names, layout or command line (Python, Java in a
//!   package with misspelt class names, C without a Makefile, C++ with one, one handed in
//!   as a zip with a top-level folder and `__MACOSX`); each must get 100, graded from a
//!   relative `--out`;
//! - thin wrappers around morris's own programs in Python, C and Java, and deliberately
//!   broken variants of them, each losing what its fault costs.
//!
//! The fixtures need python3, gcc and javac (and bsdtar, for the 7-Zip archives). Where one
//! is missing the test fails with a
//! message, unless MORRIS_SKIP_GRADE_TOOLS=1 is set on purpose (then the submissions
//! needing it are left out, and said so).

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use morris::grade::run::{ProgramRunner, RunSpec, WALL_FACTOR, WALL_MARGIN};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/grade_fixtures")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("morris-grade-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &to.join(e.file_name()));
        } else {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

/// Whether `tool` runs; a missing tool fails the test unless skipping is asked for.
fn have(tool: &str, version_flag: &str) -> bool {
    if Command::new(tool).arg(version_flag).output().is_ok_and(|o| o.status.success()) {
        return true;
    }
    assert!(
        std::env::var("MORRIS_SKIP_GRADE_TOOLS").is_ok_and(|v| v == "1"),
        "{tool} is needed by the grade tests and was not found (install it, or set MORRIS_SKIP_GRADE_TOOLS=1 to leave its fixtures out on purpose)"
    );
    eprintln!("warning: {tool} is missing: its fixture submissions are left out (MORRIS_SKIP_GRADE_TOOLS=1)");
    false
}

/// Whether the machine holds what a variant's `NEEDS` names beside its default tools, as
/// the grader finds it: `jdk 21` (a JDK that new, for code javac refuses) or `file PATH`
/// (a library where Debian's package puts it); a missing one fails the test unless
/// skipping is asked for.
fn have_needed(needs: &str, variant: &str) -> bool {
    let (what, rest) = needs.split_once(' ').unwrap_or((needs, ""));
    let found = match what {
        "jdk" => newer_jdk_here(rest.parse().unwrap_or(u32::MAX)),
        "file" => Path::new(rest).is_file(),
        "python-headers" => python_headers_here(),
        _ => panic!("{variant}/NEEDS: {needs:?} is neither `jdk N`, `file PATH` nor `python-headers`"),
    };
    if !found {
        assert!(
            std::env::var("MORRIS_SKIP_GRADE_TOOLS").is_ok_and(|v| v == "1"),
            "the fixture {variant} needs {needs} (a JDK in /usr/lib/jvm; a file of a Debian package .ci/run installs), and it was not found (install it, or set MORRIS_SKIP_GRADE_TOOLS=1 to leave the fixture out on purpose)"
        );
        eprintln!("warning: no {needs}: the fixture {variant} is left out (MORRIS_SKIP_GRADE_TOOLS=1)");
    }
    found
}

/// Whether python3 can build a C extension: its headers (`Python.h`, Debian's python3-dev)
/// and setuptools.
fn python_headers_here() -> bool {
    let check = "import os, sys, sysconfig, setuptools\n\
                 sys.exit(not os.path.isfile(os.path.join(sysconfig.get_paths()['include'], 'Python.h')))";
    Command::new("python3").args(["-c", check]).env("PATH", grader_path()).output().is_ok_and(|o| o.status.success())
}

/// Whether the machine holds a Python 3.12 or newer where the grader looks for one
/// beside python3 (`python3.N` on `PATH`, pyenv's and uv's versions).
fn newer_python_here() -> bool {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let root = std::env::var_os("PYENV_ROOT").map(PathBuf::from);
    let path = grader_path().to_string_lossy().into_owned();
    morris::grade::toolchain::pythons(&path, home.as_deref(), root.as_deref())
        .iter()
        .any(|p| p.version.is_some_and(|v| v >= (3, 12)))
}

/// Whether the machine holds a JDK of release `at_least` or newer that is newer than
/// `javac`'s on `PATH` (the one the grader turns to when javac refuses a student's code).
fn newer_jdk_here(at_least: u32) -> bool {
    let said = Command::new("javac").arg("-version").output().map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
    let default: u32 = said
        .ok()
        .and_then(|t| t.split_whitespace().nth(1).and_then(|v| v.split('.').next()).and_then(|v| v.parse().ok()))
        .unwrap_or(0);
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let java_home = std::env::var_os("JAVA_HOME").map(PathBuf::from);
    morris::grade::toolchain::jdks(java_home.as_deref(), home.as_deref())
        .iter()
        .any(|j| j.version.is_some_and(|v| v.0 >= at_least && v.0 > default))
}

/// Builds the class: `python_ok`, `c_ok`, `java_ok` and one folder per broken variant
/// (a base language's files, then those of the variant its ALSO names if any, with the
/// variant's own on top, less those its REMOVE lists).
fn assemble(class: &Path) -> Vec<String> {
    let base = fixtures();
    let tools = [
        ("python", have("python3", "--version")),
        ("c", have("gcc", "--version")),
        ("java", have("javac", "-version")),
    ];
    let ok = |lang: &str| tools.iter().any(|(l, ok)| *l == lang && *ok);
    let mut ids = Vec::new();
    for (lang, _) in tools.iter().filter(|(_, ok)| *ok) {
        copy_dir(&base.join(lang), &class.join(format!("{lang}_ok")));
        ids.push(format!("{lang}_ok"));
    }
    for e in std::fs::read_dir(base.join("variants")).unwrap().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let lang = std::fs::read_to_string(e.path().join("BASE")).unwrap().trim().to_string();
        if !ok(&lang) || !ok("python") {
            continue;
        }
        if let Ok(needs) = std::fs::read_to_string(e.path().join("NEEDS"))
            && !have_needed(needs.trim(), &name)
        {
            continue;
        }
        let dest = class.join(&name);
        copy_dir(&base.join(&lang), &dest);
        // A variant of another variant (its ALSO names it) has that one's files under its own.
        if let Ok(also) = std::fs::read_to_string(e.path().join("ALSO")) {
            copy_dir(&base.join("variants").join(also.trim()), &dest);
        }
        copy_dir(&e.path(), &dest);
        let _ = std::fs::remove_file(dest.join("BASE"));
        let _ = std::fs::remove_file(dest.join("ALSO"));
        let _ = std::fs::remove_file(dest.join("NEEDS"));
        if let Ok(list) = std::fs::read_to_string(dest.join("REMOVE")) {
            for f in list.lines() {
                std::fs::remove_file(dest.join(f)).unwrap();
            }
            std::fs::remove_file(dest.join("REMOVE")).unwrap();
        }
        ids.push(name);
    }
    ids
}

/// The PATH the grader runs with: the system's own folder first where it holds a
/// python3. A version manager's python3 can cost several times a plain one's start
/// (pyenv's here: 50 ms against 16 ms, its site hooks importing certifi), and the
/// fixture classes start Python about 1,500 times. The students' programs are the same
/// either way; the Gradescope autograder's test keeps the caller's PATH, so a version
/// manager's shim is still met (and resolved to its interpreter) where the machine has one.
fn grader_path() -> std::ffi::OsString {
    let path = std::env::var_os("PATH").unwrap_or_default();
    if !Path::new("/usr/bin/python3").is_file() {
        return path;
    }
    let dirs = std::iter::once(PathBuf::from("/usr/bin")).chain(std::env::split_paths(&path));
    std::env::join_paths(dirs).unwrap_or(path)
}

/// `python3` as the grader finds it ([`grader_path`]).
fn grader_python() -> Command {
    let mut python = Command::new("python3");
    python.env("PATH", grader_path());
    python
}

/// Runs a tool the test needs (`jar`, `tar`), which must be installed and succeed.
fn run_tool<'a>(tool: &str, args: impl IntoIterator<Item = &'a OsStr>) {
    let done = Command::new(tool).args(args).output().unwrap_or_else(|e| panic!("{tool} is installed: {e}"));
    assert!(done.status.success(), "{tool}: {}", String::from_utf8_lossy(&done.stderr));
}

fn morris_grade(args: &[&str]) -> std::process::Output {
    morris_grade_in(&std::env::temp_dir(), args)
}

/// `morris grade ARGS` run in the folder `cwd`.
fn morris_grade_in(cwd: &Path, args: &[&str]) -> std::process::Output {
    grade_command(cwd, args).output().unwrap()
}

/// The command `morris grade ARGS`, to be run in the folder `cwd`.
fn grade_command(cwd: &Path, args: &[&str]) -> Command {
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_MiniMaxOpening")).parent().unwrap().to_path_buf();
    // The programs run in the sandbox, as a TA's would: the wrappers find our programs
    // through a variable passed on and a folder made readable.
    let mut c = Command::new(env!("CARGO_BIN_EXE_morris"));
    c.current_dir(cwd)
        .arg("grade")
        .args(args)
        .args(["--keep-env", "MORRIS_CLASSROOM_BIN", "--engine-read"])
        .arg(&bin_dir)
        .env("MORRIS_CLASSROOM_BIN", &bin_dir)
        .env("PATH", grader_path());
    c
}

/// The tests' class file (tests/grade_fixtures/grade.toml) with only the cases at `keep`
/// (counted from 0, in the file's order), as text.
fn class_file_of(keep: &[usize]) -> String {
    let text = std::fs::read_to_string(fixtures().join("grade.toml")).unwrap();
    let mut parts = text.split("[[case]]");
    let mut kept = parts.next().unwrap_or_default().to_string();
    for (i, case) in parts.enumerate() {
        if keep.contains(&i) {
            kept.push_str("[[case]]");
            kept.push_str(case);
        }
    }
    assert_eq!(kept.matches("[[case]]").count(), keep.len(), "{kept}");
    kept
}

/// `morris grade SUBMISSION --class tests/grade_fixtures/grade.toml --out OUT --jobs 2`,
/// which must succeed: the grade sheet it wrote.
fn grade_with_the_tests_class_file(submission: &Path, out: &Path) -> String {
    let class_file = fixtures().join("grade.toml");
    let args = [submission, &class_file, out].map(|p| p.to_str().unwrap().to_string());
    let done = morris_grade(&[&args[0], "--class", &args[1], "--out", &args[2], "--jobs", "2"]);
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    std::fs::read_to_string(out.join("grades.csv")).unwrap()
}

/// A student's row of the grade sheet: the four parts, deductions, total.
fn sheet_row(sheet: &str, id: &str) -> Option<Vec<f64>> {
    let line = sheet.lines().find(|l| l.split(',').next() == Some(id))?;
    Some(line.split(',').skip(1).take(6).map(|v| v.parse().unwrap()).collect())
}

/// Whether the sheet flags `id` for a TA's look.
fn flagged(sheet: &str, id: &str) -> bool {
    sheet.lines().find(|l| l.split(',').next() == Some(id)).is_some_and(|l| l.ends_with(",yes"))
}

#[test]
fn grades_the_fixture_class() {
    let dir = scratch("class");
    let class = dir.join("class");
    let ids = assemble(&class);
    let out = dir.join("out");
    let class_file = fixtures().join("grade.toml");
    let args = [
        class.to_str().unwrap(),
        "--class",
        class_file.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--jobs",
        "2",
    ];
    let done = morris_grade(&args);
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    let sheet = std::fs::read_to_string(out.join("grades.csv")).unwrap();
    assert!(sheet.starts_with(
        "net_id,part1_minimax_45,part2_alphabeta_35,part3_black_10,part4_improved_10,deductions,total,flagged\r\n"
    ));
    let report = |id: &str| std::fs::read_to_string(out.join("reports").join(format!("{id}.md"))).unwrap();
    let row = |id: &str| sheet_row(&sheet, id);
    for id in &ids {
        let r = row(id).unwrap_or_else(|| panic!("{id} is not on the sheet:\n{sheet}"));
        assert!((r[..4].iter().sum::<f64>() - r[4] - r[5]).abs() < 0.02, "{id}: {r:?}");
    }
    for lang in ["python", "c", "java"] {
        if let Some(r) = row(&format!("{lang}_ok")) {
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{lang}_ok:\n{}", report(&format!("{lang}_ok")));
        }
    }
    if let Some(ok) = row("python_ok") {
        let rep = report("python_ok");
        assert!(rep.contains("convention recognised: blocked root"), "{rep}");
        assert!(rep.contains("match against the handout estimate at depth 1"), "{rep}");
        let broken = [
            ("wrong_estimate", 0, "estimate "),
            ("ab_more", 1, "more than MiniMax"),
            ("timeout", 0, "timed out after"),
            ("crash", 0, "crashed"),
            ("wrong_file", 0, "the output file does not hold the board printed"),
            // The board written beside the input file under the output's name: the output
            // file given is never written (when both lay in one folder, it was).
            ("output_beside_input", 0, "output file wrong in"),
            ("depth_off_by_one", 0, "of the wrong answers are the answer of a search one ply deeper than asked"),
            ("black_not_swapped_back", 2, "the best move with W and B exchanged (a colour-swapped search's board"),
            ("missing", 1, "ABGame was not found"),
            ("no_compile", 0, "expected ‘;’"),
        ];
        for (id, part, note) in broken {
            if !ids.iter().any(|i| i == id) {
                continue; // its language's tool is missing, skipped on purpose (said above)
            }
            let r = row(id).unwrap_or_else(|| panic!("{id} is not on the sheet:\n{sheet}"));
            assert!(r[part] < ok[part], "{id} should lose points in part {}: {r:?}", part + 1);
            let rep = report(id);
            assert!(rep.contains(note) || rep.contains(&note.replace(['‘', '’'], "'")), "{id}: no {note:?} in\n{rep}");
        }
        // Beside the input: only the output file's tenth of each MiniMaxOpening case is lost
        // (4 of part I's 8 cases at 0.9), as for a program writing its output anywhere else.
        // Everything printed into the output file, nothing on the screen: read there, only
        // the file's tenth lost (before, 0.3 of each case: the count and the estimate unread).
        if let Some(r) = row("answer_in_file") {
            let rep = report("answer_in_file");
            assert!((r[0] - 42.75).abs() < 0.01, "{r:?}\n{rep}");
            assert!(rep.contains("were printed into the output file, and read there"), "{rep}");
        }
        // The report says where the file went, which a TA could not tell before.
        if let Some(r) = row("output_beside_input") {
            let rep = report("output_beside_input");
            assert!((r[0] - 42.75).abs() < 0.01, "{r:?}\n{rep}");
            assert!(
                rep.contains(
                    "a file of its name was written instead in the input file's folder (the path's folders left off), \
                     holding the board printed; on a command line of plain names it would have been the output file"
                ),
                "{rep}"
            );
        }
        // Its root with no move: the unchanged board exchanged, its estimate still graded.
        if ids.iter().any(|i| i == "black_not_swapped_back") {
            let rep = report("black_not_swapped_back");
            assert!(rep.contains("the unchanged board with W and B exchanged"), "{rep}");
            let r = row("black_not_swapped_back").unwrap();
            // MiniMaxGameBlack is half of part III: each of its cases keeps 0.7 (estimate, count, file).
            assert!((r[2] - 8.5).abs() < 0.01, "{r:?}");
        }
        // Two files for one program: the handout's name in the shallower folder is used,
        // and the case is flagged for a look.
        let r = row("two_candidates").expect("two_candidates is on the sheet");
        assert_eq!(r[5], 100.0, "{}", report("two_candidates"));
        assert!(flagged(&sheet, "two_candidates"), "{sheet}");
        assert!(report("two_candidates").contains(
            "2 candidates for MiniMaxOpening: MiniMaxOpening.py, experiments/MiniMaxOpening.py; used MiniMaxOpening.py"
        ));
        // An all-NUL board: shown escaped, never raw.
        let rep = report("nul_board");
        assert!(!rep.contains('\0') && rep.contains("\\x00\\x00"), "{rep}");
        assert!(row("nul_board").unwrap()[0] < ok[0]);
        // Programs that ask for the depth and files at prompts: typed in, in their order.
        // (This variant and those below keep only the programs they need, for time.)
        let r = row("prompts").expect("prompts is on the sheet (it needs only python3)");
        assert_eq!(r[0], 45.0, "{}", report("prompts"));
        assert!(
            report("prompts").contains("`MiniMaxGame` with DEPTH, INPUT, OUTPUT typed at its prompts"),
            "{}",
            report("prompts")
        );
        // One program for all eight behind a console menu, the files named as the programs
        // only defining them: each reached by its choice, its answers typed; Part I done.
        let r = row("menu").expect("menu is on the sheet (it needs only python3)");
        let rep = report("menu");
        assert_eq!(r[..4], [45.0, 0.0, 0.0, 0.0], "{rep}");
        assert!(
            rep.contains("MiniMaxGame: `menu.py`: one program for all eight behind a console menu, `2` typed to choose it, `0` to leave"),
            "{rep}"
        );
        assert!(
            rep.contains("the files named as the programs only define them, running nothing when started"),
            "{rep}"
        );
        // Programs that call a board file ending in a newline invalid (their author's
        // editor ends no file with one): given the board without it, and the report says so.
        let r = row("bare_board").expect("bare_board is on the sheet (it needs only python3)");
        let rep = report("bare_board");
        assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
        assert!(rep.contains("ABGame: given its input file's board not followed by a newline"), "{rep}");
        // Programs laid out by the handout's parts (`Part II - AlphaBeta/Opening.py`; Part
        // III's Black programs keeping Part I's names in its folder), importing from the
        // folder above and keeping a log beside themselves: named by their folders, one
        // student (not a class of four parts), run as on the student's machine.
        let r = row("part_folders").expect("part_folders is on the sheet (it needs only python3)");
        let rep = report("part_folders");
        assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
        assert!(
            rep.contains("ABOpening: Python Part II - AlphaBeta/Opening.py (`Opening` in the folder `Part II - AlphaBeta`, named by its folder)")
                && rep.contains("MiniMaxGameBlack: Python Part III - Black/MiniMaxGame.py (`MiniMaxGame` in the folder `Part III - Black`"),
            "{rep}"
        );
        // A student on Python 3.13 (an f-string reusing its quotes, PEP 701; a `type` alias,
        // PEP 695; `typing.override`): where this machine's python3 is 3.12 or newer, simply
        // graded; where it is older and the machine holds a newer one, run with that, and
        // said so (before TA trial 24: flagged); where there is none, flagged as the
        // machine's want, the regrade named.
        let r = row("python312").expect("python312 is on the sheet (it needs only python3)");
        let rep = report("python312");
        let version = grader_python().args(["-c", "import sys; print(sys.version_info >= (3, 12))"]).output().unwrap();
        let modern = String::from_utf8_lossy(&version.stdout).trim() == "True";
        // The same idioms in a uv project's console commands, run as `env PYTHONPATH=src
        // PYTHON -c …`: the newer Python's installation shown in the sandbox through `env`
        // (before TA trial 25: exit 127, its libpython not found, 0).
        let uv = report("uv_newer_scripts");
        let uv_row = row("uv_newer_scripts").expect("uv_newer_scripts is on the sheet");
        if modern || newer_python_here() {
            assert_eq!(uv_row, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{uv}");
        } else {
            assert!(flagged(&sheet, "uv_newer_scripts"), "{uv}");
        }
        if modern {
            assert_eq!(r[5], 100.0, "{rep}");
        } else if newer_python_here() {
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
            assert!(
                rep.contains("the newest of this machine's that reads the student's code")
                    && rep.contains("refuses wrap.py:10: SyntaxError: f-string: unmatched '['"),
                "{rep}"
            );
        } else {
            assert!(flagged(&sheet, "python312"), "{rep}");
            assert!(
                rep.contains("failed on an f-string that Python 3.12 and newer read")
                    && rep.contains("--only python312"),
                "{rep}"
            );
        }
        // A student who wrote for Python 3.14 on purpose and says so in the README (TA trial
        // 31, p14250610): where this machine has a Python that reads it, run with it;
        // elsewhere 0, flagged, the doubt naming the Python the README names and the newest
        // here (before: only "none answered … SyntaxError").
        let r = row("python314").expect("python314 is on the sheet");
        let rep = report("python314");
        if rep.contains("run with Python 3.1") {
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
        } else {
            assert_eq!(r[5], 0.0, "{rep}");
            assert!(flagged(&sheet, "python314"), "{rep}");
            assert!(
                rep.contains(
                    "the student's code is for Python 3.14 (README.md: \"Requires Python 3.14.\"), newer than any Python \
                     of this machine"
                ) && rep.contains("install a Python 3.14 (`python3.14` on PATH, or under pyenv)"),
                "{rep}"
            );
        }
        // The summary counts the students each of these rules served.
        let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
        for rule in [
            "| a program named by its folder (its part's, or its own)",
            "| C or C++ compiled as its IDE builds it (Visual C++, an include folder, a header named in another case)",
            "| a board file given without its final newline",
        ] {
            let line = summary.lines().find(|l| l.starts_with(rule)).unwrap_or_default();
            assert!(!line.is_empty() && !line.contains("| 0 |"), "{rule}:\n{summary}");
        }
        // Programs that ask for the three on one line (`input().split()`): typed so.
        let r = row("one_line_prompt").expect("one_line_prompt is on the sheet (it needs only python3)");
        let rep = report("one_line_prompt");
        assert_eq!(r[0], 45.0, "{rep}");
        assert!(rep.contains("`MiniMaxGame` with INPUT OUTPUT DEPTH typed on one line at its prompt"), "{rep}");
        // Programs that read the depth first, with no usage line: called in their order.
        let r = row("own_order").expect("own_order is on the sheet (it needs only python3)");
        assert_eq!(r[0], 45.0, "{}", report("own_order"));
        assert!(
            report("own_order").contains("`MiniMaxGame DEPTH INPUT OUTPUT` (its own order of the three"),
            "{}",
            report("own_order")
        );
        // The board printed and written as a Python list (`print("Board Position:", board)`,
        // `f.write(str(board))`): read, and only the output file's mark lost (no program
        // could read that file as its input).
        let rep = report("list_board");
        let r = row("list_board").expect("list_board is on the sheet (it needs only python3)");
        assert!(r[0] > 42.0 && r[0] < 45.0, "{rep}");
        assert!(rep.contains("holds the board printed, but not as its letters alone"), "{rep}");
        // Programs in `src/` that open `data/settings.txt` relative to where they are run,
        // as their README runs them from the project's folder: run from there (before
        // 2026-12-02, each failed with FileNotFoundError: 0, flagged).
        let rep = report("data_from_top");
        assert_eq!(row("data_from_top").unwrap()[0], 45.0, "{rep}");
        assert!(rep.contains("MiniMaxGame: run from `.`, the folder that holds the `data/settings.txt`"), "{rep}");
        // The same with `configparser`, which reads a missing file as an empty one: the
        // program fails later (`NoSectionError`) naming no file; the path its source
        // quotes decides (before 2026-12-02: 0, flagged).
        let rep = report("config_from_top");
        assert_eq!(row("config_from_top").unwrap()[0], 45.0, "{rep}");
        assert!(
            rep.contains("MiniMaxGame: run from `.`, the folder that holds the `config/settings.ini` its sources open"),
            "{rep}"
        );
        // The output file holding the whole result, the board on its first line alone:
        // that line is the board it wrote (before 2026-12-02 each case lost the file's tenth).
        let rep = report("board_then_lines");
        assert_eq!(row("board_then_lines").unwrap()[0], 45.0, "{rep}");
        assert!(rep.contains("the output file holds more lines after the board's own"), "{rep}");
        // Programs by short names (`mmo.py`), a README's table mapping them to the
        // handout's and its commands using them (before 2026-12-02: none found, 0).
        let rep = report("short_names");
        assert_eq!(row("short_names").unwrap()[0], 45.0, "{rep}");
        assert!(rep.contains("MiniMaxOpening: `python3 mmo.py INPUT OUTPUT DEPTH`, as README.md gives it"), "{rep}");
        // The same in a plain-text README, each file's name on its program's line
        // (`mo.py      -> MiniMaxOpening          (Part I)`; txt230419, 0 and flagged before).
        let rep = report("short_names_txt");
        assert_eq!(row("short_names_txt").unwrap()[0], 45.0, "{rep}");
        assert!(rep.contains("MiniMaxGame: `python3 mg.py INPUT OUTPUT DEPTH`, as README.txt gives it"), "{rep}");
        // Only a notebook handed in, each program a function of it called in later cells
        // (`MiniMaxGame(depth, board_in, board_out)` in its own order): a program of the
        // handout's name written for each, the cells' definitions run without their calls
        // (before 2026-12-02: no program found, 0, flagged).
        let rep = report("notebook_functions");
        assert_eq!(row("notebook_functions").unwrap()[0], 45.0, "{rep}");
        assert!(
            rep.contains("MiniMaxGame.py written to run the function `MiniMaxGame` that Project2.ipynb defines"),
            "{rep}"
        );
        // Numbers the German way, thousands grouped by dots (`4.674`): the programs' `10.000`
        // and `-10.000` are ten thousand, decided from all their outputs (ABGame's own counts
        // are under a thousand where it prints them); before 2026-12-02 they were read as
        // ten and lost the estimate's marks.
        let rep = report("dots_thousands");
        // Three of the eight handed in: Part I whole, half of Part II.
        assert_eq!(row("dots_thousands").unwrap(), vec![45.0, 17.5, 0.0, 0.0, 0.0, 62.5], "{rep}");
        assert!(rep.contains("thousands grouped by dots"), "{rep}");
        assert!(!rep.contains("instead of 10000") && !rep.contains("instead of -10000"), "{rep}");
        assert!(rep.contains("ABGame: all 4 cases right") && rep.contains("MiniMaxGame: all 4 cases right"), "{rep}");
        // The output file written as UTF-8 with a byte order mark (Python's utf-8-sig):
        // the board after it read, each case noted, nothing deducted.
        let rep = report("bom_output");
        let r = row("bom_output").expect("bom_output is on the sheet (it needs only python3)");
        assert_eq!((r[0], r[3]), (45.0, 10.0), "{rep}");
        assert!(
            rep.contains("the output file begins with a byte order mark") && !flagged(&sheet, "bom_output"),
            "{rep}"
        );
        // A shell wrapper saved on Windows (CRLF): mended in the grader's copy, and run.
        let rep = report("crlf_wrapper");
        assert_eq!(row("crlf_wrapper").unwrap()[0], 45.0, "{rep}");
        assert!(rep.contains("MiniMaxGame: executable MiniMaxGame.sh") && rep.contains("(CRLF) made LF"), "{rep}");
        // A package with relative imports (`from .common import launch`): run as a module.
        let rep = report("relative_imports");
        assert_eq!(row("relative_imports").unwrap()[0], 45.0, "{rep}");
        assert!(rep.contains("Python project2/MiniMaxGame.py, run as the module project2.MiniMaxGame"), "{rep}");
        // A root without a move said in words, the board unchanged in the output file.
        if let Some(r) = row("blocked_root_in_words") {
            let rep = report("blocked_root_in_words");
            assert_eq!(r[5], 100.0, "{rep}");
            assert!(rep.contains("convention recognised: blocked root: a message and no board printed"), "{rep}");
        }
        // Arguments refused in the student's own words (no "usage"): the usual forms tried.
        let rep = report("own_complaint");
        assert_eq!(row("own_complaint").unwrap()[0], 45.0, "{rep}");
        assert!(rep.contains("`MiniMaxGame -d DEPTH INPUT OUTPUT`"), "{rep}");
        // A switch on patterns (JDK 21): a preview in this machine's JDK, compiled and run so.
        // And one that calls Java 21's library (List.getFirst()): flagged as the machine's
        // want, the regrade named.
        // Where the machine holds a JDK 21 or newer beside javac 17, that one compiles and
        // runs ABGame instead, and ABOpening still wants Guava.
        if let Some(r) = row("java21") {
            let rep = report("java21");
            assert!(r[1] < 35.0 && flagged(&sheet, "java21"), "{rep}");
            assert!(
                rep.contains("ABOpening: ABOpening.java imports com.google.common.base, a library neither the submission nor this machine's JDK holds"),
                "{rep}"
            );
            if newer_jdk_here(21) {
                assert!(rep.contains("as the student's newer JDK would"), "{rep}");
                assert!(
                    !rep.contains("compiled and run with --enable-preview") && !rep.contains("calls getFirst()"),
                    "{rep}"
                );
            } else {
                assert!(rep.contains("class ABGame, compiled and run with --enable-preview"), "{rep}");
                assert!(
                    rep.contains("ABOpening: ABOpening.java calls getFirst() of a newer Java's library")
                        && rep.contains("where JDK 21 is installed"),
                    "{rep}"
                );
            }
        }
        // Python 2: flagged for the class's rules to decide, with the regrade named.
        let rep = report("python2");
        assert!(flagged(&sheet, "python2"), "{rep}");
        assert!(rep.contains("MiniMaxOpening written for Python 2") && rep.contains("--only python2"), "{rep}");
        // The answer printed to stderr: read there, as the terminal shows it.
        let rep = report("stderr_output");
        assert_eq!(row("stderr_output").unwrap()[0], 45.0, "{rep}");
        assert!(rep.contains("printed to stderr, not stdout"), "{rep}");
        // Every line printed with C++20's std::format, which g++ 12 has no <format> for:
        // built with the grader's stand-in where the machine's g++ lacks it. Before TA
        // trial 22, 0 for the program (`fatal error: format: No such file or directory`).
        if let Some(r) = row("cpp_format") {
            let rep = report("cpp_format");
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
            let lacks = !Command::new("g++")
                .args(["-std=c++20", "-E", "-x", "c++", "-", "-o", "/dev/null"])
                .stdin(std::process::Stdio::piped())
                .stderr(std::process::Stdio::null())
                .spawn()
                .and_then(|mut c| {
                    use std::io::Write;
                    c.stdin.take().unwrap().write_all(b"#include <format>\n")?;
                    c.wait()
                })
                .unwrap()
                .success();
            let standin = "the grader's stand-ins for <format>, which this machine's g++ lacks";
            assert_eq!(rep.contains(standin), lacks, "{rep}");
        }
        // A Cython extension its programs import (`import fastmorris`, `fastmorris.pyx`), no
        // pure-Python fallback (TA trial 28, cyt231015): built by its setup.py as its README
        // says. Before, 0 for the program (`No module named 'fastmorris'`).
        if let Some(r) = row("cython_extension") {
            let rep = report("cython_extension");
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
            assert!(
                rep.contains(
                    "fastmorris.pyx: the Cython extension its programs import was built by `python setup.py build_ext --inplace`"
                ),
                "{rep}"
            );
        }
        // C++23 from GCC 14 (TA trial 28, prt231120): `std::println` from `<print>` (its
        // stand-in written on the `<format>` one, both given where g++ lacks them) and
        // `std::expected`, the shared `runner.cpp` saying "the common main()" in a comment.
        // Before, 0 for the program: the comment's `main()` kept the shared source out of the
        // link, and `<print>`'s stand-in found no `<format>`.
        if let Some(r) = row("cpp23_print") {
            let rep = report("cpp23_print");
            assert_eq!(r[0], 45.0, "{rep}");
            assert!(rep.contains("MiniMaxGame: C++ MiniMaxGame.cpp, compiled as C++23"), "{rep}");
        }
        // C23 as GCC 15 compiles C by default (TA trial 29, cbx251020): `constexpr` constants
        // as array sizes and in `static_assert`, `bool` without <stdbool.h>, `nullptr`, `auto`;
        // the Makefile fails here (gcc 12). Before, 0 and "none of the eight programs was found".
        if let Some(r) = row("c23_gcc15") {
            let rep = report("c23_gcc15");
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
            assert!(
                rep.contains("MiniMaxGame: C MiniMaxGame.c, compiled as C23 as far as this machine's gcc 12 goes"),
                "{rep}"
            );
            assert!(rep.contains("make"), "{rep}");
        }
        // C++20 (`map::contains`), as the student's IDE was set: compiled as C++23 (a superset).
        if let Some(r) = row("cpp20") {
            let rep = report("cpp20");
            assert_eq!(r[1], 35.0, "{rep}");
            assert!(rep.contains("ABOpening: C++ ABOpening.cpp, compiled as C++23 (the handout's name)"), "{rep}");
            // Its header in the folder its CMake project names (`include_directories(include)`).
            assert!(
                rep.contains("ABGame: C++ ABGame.cpp, compiled as C++23 as its project builds it: \"programs.h\" found in include/, as its project's include folder"),
                "{rep}"
            );
            // CMake, tried first, stopped on the tests the student left out of the zip.
            if have("cmake", "--version") {
                assert!(rep.contains("CMakeLists.txt: CMake could not build the project (exit 1"), "{rep}");
            }
        }
        // A CLion project: each program's main in apps/ (named its own way), the code they
        // share in src/, its header in include/ (CMakeLists.txt links them): the linker's
        // missing names are found in the sources without a main of its project.
        if let Some(r) = row("cmake_apps") {
            let rep = report("cmake_apps");
            assert_eq!(r[1], 35.0, "{rep}");
            assert!(
                rep.contains("ABGame: C++ apps/ab_game.cpp, compiled as its project builds it: \"launch.h\" found in include/, as its project's include folder; the standard headers included first (`ab_game`, declared the program by `add_executable` in CMakeLists.txt; linked with the sources without a main of its project below its top folder: src/launch.cpp)"),
                "{rep}"
            );
            // A source named in the student's own way, which only the CMakeLists.txt names.
            assert!(
                rep.contains("ABOpening: C++ apps/pruned_first_phase.cpp, compiled as its project builds it: \"launch.h\" found in include/, as its project's include folder; the standard headers included first (`pruned_first_phase`, declared the program by `add_executable` in CMakeLists.txt;"),
                "{rep}"
            );
            // ABGame, the project's second program, built as the first was found to build
            // (with src/'s sources): one compile, not the three that found the way.
            let builds =
                |source: &str| rep.lines().filter(|l| l.starts_with("- `(in apps) g++") && l.contains(source)).count();
            assert_eq!((builds("apps/pruned_first_phase.cpp"), builds("apps/ab_game.cpp")), (3, 1), "{rep}");
            // Each build short of the last stopped on a missing header or, everything
            // compiled, on the link (`undefined reference to launch`): no C++20 build of the
            // same files was tried, as no standard brings a missing source.
            assert!(rep.contains("undefined reference to") && !rep.contains("-std=c++20"), "{rep}");
            // CMake, tried first as a TA would, refuses the Windows compiler CLion wrote in.
            if have("cmake", "--version") {
                assert!(rep.contains("CMakeLists.txt: CMake could not build the project (exit 1"), "{rep}");
            }
        }
        // One executable for the eight, built by CMake, and a script named as each program
        // that calls it (`exec "$(dirname "$0")/build/morris" MiniMaxOpening "$@"`): built as
        // its README says, the scripts run (before, the scripts found no build/morris: 0).
        if let Some(r) = row("cmake_one_binary")
            && have("cmake", "--version")
        {
            let rep = report("cmake_one_binary");
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
            assert!(rep.contains("- `(in .) cmake --build build -j 2`: exit 0"), "{rep}");
        }
        // The same, its GoogleTest tests fetched by `FetchContent` and on by default
        // (`option(MORRIS_BUILD_TESTS … ON)`): without the network the configure fails, and
        // it is configured again with its tests off (before: the scripts found no
        // build/morris, 0, flagged).
        if let Some(r) = row("cmake_fetch_tests")
            && have("cmake", "--version")
        {
            let rep = report("cmake_fetch_tests");
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
            assert!(
                rep.contains("CMakeLists.txt: CMake's first configure failed, and the project was configured again with its tests switched off (-DBUILD_TESTING=OFF -DMORRIS_BUILD_TESTS=OFF)"),
                "{rep}"
            );
        }
        // A `build.sh` whose compiler is a default (`CC=${CC:-gcc}`) building into src/bin,
        // and a wrapper named as each program running what it built: the script is run, and
        // the report says what each wrapper runs (before, as cdw230908 in TA trial 22, the
        // script was not taken for one, and a shipped binary the wrapper ran was named as
        // passed over).
        if let Some(r) = row("build_sh_wrapper") {
            let rep = report("build_sh_wrapper");
            assert_eq!(r[1], 35.0, "{rep}");
            assert!(rep.contains("ABGame: executable ABGame (the handout's name; it runs src/bin/ab_game)"), "{rep}");
            assert!(rep.contains("/build.sh`: exit 0"), "{rep}");
        }
        // One `morris.cpp` whose program is chosen by `-DAB_GAME` and the like, built by a
        // `build.sh` of `CXX=g++-14` (Homebrew's GCC on a Mac; TA trial 30, ifd231030): run
        // again with `g++-14` standing for this machine's g++. Before, 0 ("g++-14: command
        // not found"; the source compiled alone is no program).
        if let Some(r) = row("homebrew_gcc") {
            let rep = report("homebrew_gcc");
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
            assert!(
                rep.contains("`bash build.sh` called a compiler this machine does not have, so it was run again with g++-14 as this machine's g++"),
                "{rep}"
            );
        }
        // Python driven by make (TA trial 31, mkp230927): scripts in `src/` named in the
        // student's own order, two of them (`opening_improved.py`) named for no program; the
        // Makefile's targets carry the handout's names and run each script with `$(IN)
        // $(OUT) $(DEPTH)`. Before, those two were not found: 90, flagged.
        let rep = report("make_targets");
        assert_eq!(row("make_targets").unwrap(), vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
        assert!(
            rep.contains("MiniMaxOpeningImproved: Python src/opening_improved.py (the target MiniMaxOpeningImproved of Makefile runs it)"),
            "{rep}"
        );
        // Every file opened in the student's `boards/` folder (`"boards/" + sys.argv[1]`, as
        // its README says): given the names alone, the files there (before TA trial 23: no
        // answer to any call, 0, flagged).
        let rep = report("boards_folder");
        assert_eq!(row("boards_folder").unwrap(), vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
        assert!(rep.contains("with the files' names alone, the files in its folder `boards/`"), "{rep}");
        assert!(rep.contains("MiniMaxGame.py board_in.txt board_out.txt"), "{rep}");
        // Written on Windows: `import msvcrt` to wait for a key before the window closes
        // (before TA trial 23: `ModuleNotFoundError` on every call, 0, flagged, and told to
        // pip-install a module that exists only on Windows). The stand-in must also leave
        // the program's `subprocess` believing it is on Linux.
        let rep = report("windows_pause");
        assert_eq!(row("windows_pause").unwrap(), vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
        assert!(rep.contains("the grader's stand-in for Windows' `msvcrt`"), "{rep}");
        // Poetry console commands, no file named for a program (before TA trial 23: none of
        // the eight found, 0, flagged).
        let rep = report("poetry_scripts");
        assert_eq!(row("poetry_scripts").unwrap(), vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
        assert!(
            rep.contains("ABGame: the console command `ab-game` that pyproject.toml declares in [tool.poetry.scripts]"),
            "{rep}"
        );
        // A Maven project whose pom declares Commons CLI, no jar handed in: the jar from
        // the machine's Maven repository (Debian's here) on the class path, as Maven would
        // fetch it (before TA trial 24: nothing compiled, 0, flagged).
        if let Some(r) = row("maven_library") {
            let rep = report("maven_library");
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
            assert!(
                rep.contains("on the class path, as pom.xml declares them and its build tool would fetch them, from this machine's copies: commons-cli:commons-cli:1.5.0 (/usr/share/maven-repo/commons-cli/commons-cli/1.5.0/commons-cli-1.5.0.jar)"),
                "{rep}"
            );
        }
        // A JDK 21 student's code (a record pattern in a switch, List.getFirst()), which
        // javac 17 refuses: compiled and run with the machine's newest JDK (before TA trial
        // 24: nothing compiled, 0, flagged).
        if let Some(r) = row("java_newer") {
            let rep = report("java_newer");
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
            assert!(rep.contains("the newest of this machine's, as the student's newer JDK would"), "{rep}");
        }
        // Only a Colab notebook handed in, its programs in `%%writefile` cells: the files
        // written as running it would (before, no program was found: 0, flagged).
        let rep = report("colab_notebook");
        assert_eq!(row("colab_notebook").unwrap(), vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
        assert!(
            rep.contains("written from the notebook's `%%writefile` cells, as running it would write them: wrap.py, MiniMaxOpening.py"),
            "{rep}"
        );
        // The programs in src/ importing the code they share from lib/, run as the README
        // says, `PYTHONPATH=lib python3 src/MiniMaxOpening.py …` (before: 0, flagged).
        let rep = report("python_path_lib");
        assert_eq!(row("python_path_lib").unwrap(), vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
        assert!(
            rep.contains("ABGame: Python src/ABGame.py (the handout's name), run with lib on PYTHONPATH: it imports launch from there"),
            "{rep}"
        );
        // Java's two programs of a part in one file (`Part2.java` holding the non-public
        // classes ABOpening and ABGame): found by the classes compiled.
        if let Some(r) = row("classes_by_part") {
            let rep = report("classes_by_part");
            assert_eq!(r[1], 35.0, "{rep}");
            assert!(
                rep.contains("ABGame: Java class ABGame, declared in Part2.java (the handout's name; a class in a source of another name)"),
                "{rep}"
            );
        }
        // One C program for all eight, told which by the name it is called by: the links to
        // it its Makefile makes (bin/ab-game -> mvplay) are the programs.
        if let Some(r) = row("argv0_links") {
            let rep = report("argv0_links");
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
            assert!(rep.contains("ABGame: executable bin/ab-game (by its name, spelt `ab-game`)"), "{rep}");
        }
        // The whole project as one program named for the project, a sub-command a program.
        if let Some(r) = row("one_file_subcommands") {
            let rep = report("one_file_subcommands");
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
            assert!(rep.contains("ABGame: `morris_variant.py ab-game`: one program for all eight"), "{rep}");
        }
        // A C program that prints its answer and then dies (an assertion of its cleanup):
        // its output, line-buffered as on the student's terminal, is not lost in the pipe.
        if let Some(r) = row("crash_at_exit") {
            let rep = report("crash_at_exit");
            assert_eq!(r[1], 35.0, "{rep}");
            assert!(rep.contains("the program crashed (killed by a signal) after printing its answer"), "{rep}");
        }
        // A Makefile written on a Mac (`CC = clang`), the only way to build its programs
        // (one source, the program named by -DPROGRAM): run again with gcc.
        if let Some(r) = row("clang_makefile") {
            let rep = report("clang_makefile");
            assert_eq!(r[1], 35.0, "{rep}");
            assert!(rep.contains("`(in .) make -B CC=gcc CXX=g++`: exit 0"), "{rep}");
            assert!(rep.contains("Makefile calls clang, which this machine does not have"), "{rep}");
        }
        // Python programs on a C library they load with ctypes from their own folder, built by
        // the top Makefile (TA trial 37's ctp240618 as described): the Makefile is run though
        // no program is C, and without its library every program says "run make first".
        if let Some(r) = row("ctypes_library") {
            let rep = report("ctypes_library");
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
            assert!(rep.contains("`(in .) make -B`: exit 0"), "{rep}");
        }
        // A Mac's strict Makefile (TA trial 36's mcl240410: clang, `-std=c99 -Werror`, and
        // `getline`, which glibc declares under c99 only with `_POSIX_C_SOURCE`): make fails
        // with gcc too, the sources are compiled as the grader compiles any, full marks, and
        // the report says why the Makefile was left.
        if let Some(r) = row("mac_strict_c99") {
            let rep = report("mac_strict_c99");
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
            assert!(
                rep.contains("Makefile: make could not build the programs here (wrap.c:17:11: error: implicit declaration of function ‘getline’")
                    || rep.contains("Makefile: make could not build the programs here (wrap.c:17:11: error: implicit declaration of function 'getline'"),
                "{rep}"
            );
        }
        // A GNU Autotools project as `autoreconf -i` leaves it (`configure`, `Makefile.in`,
        // no Makefile), its sources needing the `config.h` that configure writes: configured,
        // then made with its build system taken as up to date (`-B` alone would remake
        // `Makefile.in` with automake; TA trial 26's atl221130: 0 before, none of its
        // programs found), in the make automake's `all` runs again too, which `-o` does not
        // reach (on a machine without automake, atl221130 got 0 again until 2026-12-04).
        if let Some(r) = row("autotools") {
            let rep = report("autotools");
            assert_eq!(r[1], 35.0, "{rep}");
            assert!(
                rep.contains("`(in .) sh ./configure`: exit 0")
                    && rep.contains("`(in .) make -B -o Makefile.in -o Makefile -o config.status -o configure -o aclocal.m4 -o config.h.in ACLOCAL=true AUTOMAKE=true AUTOCONF=true AUTOHEADER=true`: exit 0"),
                "{rep}"
            );
        }
        // C++ that includes a library the student's machine had (Boost's headers, from
        // Homebrew): where this machine has them, graded; where not, flagged with the package
        // to install (TA trial 26's bst220917: before, only "none of the eight programs was
        // found").
        if let Some(r) = row("boost_headers") {
            let rep = report("boost_headers");
            if Path::new("/usr/include/boost").is_dir() {
                assert_eq!(r[1], 35.0, "{rep}");
            } else {
                assert!(r[1] < 35.0 && flagged(&sheet, "boost_headers"), "{rep}");
                assert!(
                    rep.contains("its C/C++ build failed for want of Boost (`libboost-dev`)")
                        && rep.contains("`sudo apt install libboost-dev`"),
                    "{rep}"
                );
            }
        }
        // Two programs of a Maven project that import a library no machine here has (its
        // pom names it, no jar handed in): one doubt for both, the fetch named once (before
        // TA trial 26, one for each program: eight lines for lbk230514's Lombok).
        if let Some(r) = row("maven_missing_library") {
            let rep = report("maven_missing_library");
            assert!(r[1] < 35.0 && flagged(&sheet, "maven_missing_library"), "{rep}");
            assert!(
                rep.contains("ABOpening, ABGame: their sources import com.boardworks.boardkit, a library neither")
                    || rep
                        .contains("ABGame, ABOpening: their sources import com.boardworks.boardkit, a library neither"),
                "{rep}"
            );
            assert_eq!(rep.matches("mvn dependency:get -Dartifact=com.boardworks:boardkit:2.3.1").count(), 1, "{rep}");
        }
        // A Python program that imports tkinter at the top, for a viewer it opens only when
        // asked: where the grader's python3 was built without tkinter (Debian's without
        // python3-tk), run with another Python of the machine that has it, or with the
        // grader's stand-in (before TA trial 27: 0, `No module named 'tkinter'`, on every call).
        if let Some(r) = row("tk_viewer") {
            let rep = report("tk_viewer");
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
            let has_tk = grader_python().args(["-c", "import tkinter"]).output().is_ok_and(|o| o.status.success());
            assert!(
                has_tk
                    || rep.contains("the grader's stand-in for `tkinter`")
                    || rep.contains("python3 (3.11) was built without them"),
                "{rep}"
            );
        }
        // A CMake project whose programs link a library it fetches at configure time
        // (`FetchContent_Declare(fmt GIT_REPOSITORY …)`), which no network reaches here:
        // configured again with the library taken from the machine (TA trial 27's
        // fmt231201: 0 before, even with Debian's libfmt-dev installed).
        if let Some(r) = row("cmake_fetch_library") {
            let rep = report("cmake_fetch_library");
            assert_eq!(r[1], 35.0, "{rep}");
            assert!(rep.contains("-DFETCHCONTENT_TRY_FIND_PACKAGE_MODE=ALWAYS`: exit 0"), "{rep}");
        }
        // A Makefile that builds with AddressSanitizer: its programs start behind stdbuf's
        // preloaded library (before, each refused to run: 0 for part II).
        if let Some(r) = row("asan_makefile") {
            let rep = report("asan_makefile");
            assert_eq!(r[1], 35.0, "{rep}");
            assert!(!rep.contains("ASan runtime does not come first"), "{rep}");
        }
        // The board shown only as a drawing, its 22 letters in the output file alone; White
        // without a move answered with the unchanged board there and an estimate, status 0.
        if let Some(r) = row("drawn_board") {
            let rep = report("drawn_board");
            assert_eq!(r[1], 35.0, "{rep}");
            assert!(
                rep.contains("convention recognised: blocked root: the unchanged board with estimate -10000"),
                "{rep}"
            );
        }
        // Java shipped only as the jar its IDE built: Gradle's runnable jar, one entry point
        // told the program by its first argument; IntelliJ's artifact, classes in a package.
        if let Some(r) = row("runnable_jar") {
            let rep = report("runnable_jar");
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
            assert!(
                rep.contains("ABGame: `java -jar app/build/libs/app.jar ABGame`: one program for all eight"),
                "{rep}"
            );
        }
        if let Some(r) = row("packaged_jar") {
            let rep = report("packaged_jar");
            assert_eq!(r[1], 35.0, "{rep}");
            assert!(
                rep.contains("ABGame: Java class edu.utd.project2.ABGame in the jar out/artifacts/project2.jar (the handout's name)"),
                "{rep}"
            );
        }
        // Written in Visual Studio (`pch.h` not sent, `fopen_s`, `_tmain`, `void main`,
        // `#include "board.h"` for Board.h, INT_MIN after <iostream> alone): built as Visual
        // C++ builds it, each change named; a program on MFC's CString cannot be built here,
        // and the TA is told why.
        if let Some(r) = row("visual_studio") {
            let rep = report("visual_studio");
            assert_eq!(r[1], 35.0, "{rep}");
            assert!(
                rep.contains("ABGame: C++ Project2/ABGame/ABGame.cpp, compiled as Visual C++ builds it: the grader's stand-ins for _dupenv_s, _getch, conio.h, fopen_s, fscanf_s, getch, pch.h, sprintf_s, strcpy_s; \"board.h\" found as Project2/ABGame/Board.h; void main taken as int main"),
                "{rep}"
            );
            assert!(
                rep.contains(
                    "stand-ins for GetTickCount, SDKDDKVer.h, _countof, _ftscanf_s, _tfopen_s, _tmain, _tprintf, sprintf_s, tchar.h, windows.h"
                ),
                "{rep}"
            );
            assert!(r[2] < 10.0 && flagged(&sheet, "visual_studio"), "{rep}");
            // Each plain build stopped on a header this machine lacks (stdafx.h's
            // windows.h, pch.h, conio.h), and each build with the stand-ins on such a header
            // or on the link (Common's Launcher missing from the command): no C++20 build
            // of the same files was tried.
            assert!(rep.contains("fatal error: ") && rep.contains("undefined reference to"), "{rep}");
            assert!(!rep.contains("-std=c++20"), "{rep}");
            assert!(rep.contains("MiniMaxGameBlack: Project2/MiniMaxGameBlack/MiniMaxGameBlack.cpp was written for Visual C++ on Windows (pch.h)"), "{rep}");
            // A program of a solution whose code lies in its library project (Common), one
            // header included by two spellings (`../common/launch.h`, `Launch.h` through
            // Program.h): linked with Common's sources, the header once.
            assert_eq!(r[3], 10.0, "{rep}");
            assert!(
                rep.contains("\"../common/launch.h\" found as Project2/Common/Launch.h;")
                    && rep.contains("linked with the sources without a main of its project below Project2/: Project2/ABOpening/stdafx.cpp, Project2/Common/Launch.cpp)"),
                "{rep}"
            );
        }
        // A Visual Studio project of Unicode's character set (its template's default):
        // `_TCHAR` a `wchar_t`, `_tmain` called with wide arguments, Visual C++'s `%s` a
        // wide string in `_tprintf` and `%S` a narrow one. Built with UNICODE and the
        // grader's wmain; with TCHAR a `char` its board would print as one letter.
        if let Some(r) = row("visual_studio_unicode") {
            let rep = report("visual_studio_unicode");
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
            assert!(
                rep.contains("built with UNICODE, as MorrisVariant/ABOpening/ABOpening.vcxproj sets its character set: TCHAR a wchar_t and _T(\"…\") wide, its wmain called by the grader's main with the arguments widened"),
                "{rep}"
            );
            // A wizard's project left Unicode beside code of `char`s (`std::string input =
            // argv[1]`), which only a `char` TCHAR compiles: built so.
            let game = rep.lines().find(|l| l.starts_with("- MiniMaxGame: C++")).unwrap_or_default();
            assert!(game.contains("compiled as Visual C++ builds it") && !game.contains("UNICODE"), "{rep}");
        }
        // A Qt Creator project (`TEMPLATE = subdirs`), its ABGame on Qt's own classes
        // (`QCoreApplication`, `QProcess`): built by qmake and make, as its IDE builds it.
        if let Some(r) = row("qmake_qt") {
            let rep = report("qmake_qt");
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
            assert!(
                rep.contains("qmake -r Morris.pro`: exit 0") && rep.contains("- ABGame: executable ABGame/ABGame"),
                "{rep}"
            );
        }
        // A macOS build shipped beside its C source: built here from the source instead.
        if let Some(r) = row("mac_binary") {
            let rep = report("mac_binary");
            assert_eq!(r[1], 35.0, "{rep}");
            assert!(
                rep.contains("ABGame: C ABGame.c")
                    && rep.contains("a macOS program, which cannot run here, passed over: ABGame"),
                "{rep}"
            );
            assert!(!flagged(&sheet, "mac_binary"), "{rep}");
        }
        // A module the machine lacks: flagged as the machine's want, the regrade named.
        let rep = report("needs_module");
        assert!(flagged(&sheet, "needs_module"), "{sheet}");
        assert!(
            rep.contains("MiniMaxOpening failed for want of the Python module `morris_fixture_third_party_module`")
                && rep.contains("--only needs_module"),
            "{rep}"
        );
        // Debugging output before the answer: the answer, printed last, is still read.
        let r = row("debug_prints").expect("debug_prints is on the sheet (it needs only python3)");
        assert_eq!(r[0], 45.0, "{}", report("debug_prints"));
        // A broken program that runs on defaults of its own when given nothing: not taken
        // for one that asks for its files.
        let rep = report("own_defaults");
        assert!(row("own_defaults").unwrap()[0] < 45.0, "{rep}");
        assert!(!rep.contains("typed at its prompts"), "{rep}");
        // A shell wrapper that calls `python`: run, with `python3` where `python` is missing.
        let rep = report("sh_wrapper");
        assert_eq!(row("sh_wrapper").unwrap()[0], 45.0, "{rep}");
        assert!(rep.contains("MiniMaxOpening: executable MiniMaxOpening.sh"), "{rep}");
        let has_python = ["/usr/local/bin", "/usr/bin", "/bin"].iter().any(|d| Path::new(d).join("python").is_file());
        assert_eq!(rep.contains("MiniMaxOpening.sh: calls `python3` in the grader's copy"), !has_python, "{rep}");
        // One program for all eight, told which by a word its usage names.
        let r = row("one_for_all").expect("one_for_all is on the sheet (it needs only python3)");
        assert_eq!(r[..2], [45.0, 35.0], "{}", report("one_for_all"));
        let rep = report("one_for_all");
        assert!(rep.contains("ABGame: `main.py ab-game`: one program for all eight"), "{rep}");
        // Two programs with flags, no file named for the handout's: each program as the
        // README's table (or a heading over a command) gives it. A script that runs them
        // all on its own boards is no program for all eight: its output is answers, not a
        // usage (before, the grader took it for one, and graded its transcript).
        let r = row("readme_commands").expect("readme_commands is on the sheet (it needs only python3)");
        let rep = report("readme_commands");
        assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
        assert!(!flagged(&sheet, "readme_commands"), "{rep}");
        assert!(
            rep.contains("MiniMaxGameBlack: `python3 minimax.py --phase game --black INPUT OUTPUT DEPTH`, as README.md gives it on line 13"),
            "{rep}"
        );
        // The same two programs with no README: the commands only in a Word report's table
        // (and Word's `~$` lock file beside it), read as a TA reads them.
        let r = row("docx_report").expect("docx_report is on the sheet (it needs only python3 and unzip)");
        let rep = report("docx_report");
        assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
        assert!(
            rep.contains("MiniMaxGameBlack: `python3 minimax.py --phase game --black INPUT OUTPUT DEPTH`, as Project2_Report.docx gives it on line 10"),
            "{rep}"
        );
        // A C source saved in Windows-1252 (`colocación` in a comment): compiled as it is.
        // Before TA trial 18 it was no program (its text not UTF-8), 0 for it.
        if let Some(r) = row("cp1252_source") {
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{}", report("cp1252_source"));
        }
        // One program for all eight, each command in a README's code block naming its program
        // as the word before the files, a shell comment after it; six of the eight given.
        let rep = report("readme_code_block");
        assert_eq!(row("readme_code_block").unwrap(), vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
        assert!(
            rep.contains("ABGame: `python3 play.py ABGame INPUT OUTPUT DEPTH`, as README.md gives it on line 12"),
            "{rep}"
        );
        // Those it gives no command for, by the same command with their own names.
        assert!(
            rep.contains("ABOpening: `python3 play.py ABOpening INPUT OUTPUT DEPTH`, as README.md gives it for MiniMaxOpening on line 10, with this program's name in its place"),
            "{rep}"
        );
        // A program not found that the README names (in words this does not read as a
        // command): flagged, where before it was 0 for it and nothing said.
        let rep = report("readme_names_missing");
        assert!(flagged(&sheet, "readme_names_missing"), "{rep}");
        assert!(rep.contains("ABGame was not found, though README.md (line 5) names it"), "{rep}");
        assert!(!flagged(&sheet, "missing"), "{}", report("missing"));
        // One Java program per part, the phase its first word, its README's commands naming a
        // `bin/` it did not hand in: run with the classes compiled here.
        if let Some(r) = row("readme_parts_java") {
            let rep = report("readme_parts_java");
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
            assert!(
                rep.contains("ABGame: `java -cp bin Part2 game INPUT OUTPUT DEPTH`, as README.md gives it on line 14"),
                "{rep}"
            );
        }
        let rep = report("demo_script_only");
        assert!(
            !rep.contains("one program for all eight") && rep.contains("none of the eight programs was found"),
            "{rep}"
        );
        // The same, told which by the option its usage names (argparse's `-p {MiniMaxOpening,
        // …}`), or by a word its usage puts after the three: called so, full marks.
        for (id, told) in [
            ("mode_option", "ABGame: `morris.py -p ABGame`: one program for all eight, told which by the option"),
            ("mode_last", "ABGame: `morris.py INPUT OUTPUT DEPTH ABGame`: one program for all eight"),
        ] {
            let r = row(id).unwrap_or_else(|| panic!("{id} is not on the sheet (it needs only python3)"));
            let rep = report(id);
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
            assert!(rep.contains(told) && !flagged(&sheet, id), "{rep}");
        }
        // Every argument a named option (argparse): called as its usage line asks.
        let r = row("named_options").expect("named_options is on the sheet (it needs only python3)");
        assert_eq!(r[1], 35.0, "{}", report("named_options"));
        let rep = report("named_options");
        assert!(rep.contains("`ABGame --input INPUT --output OUTPUT --depth DEPTH` (as its usage line asks"), "{rep}");
        let r = row("equal_move").expect("equal_move is on the sheet (it needs only python3)");
        assert_eq!(r[0], 45.0, "{}", report("equal_move"));
        assert!(report("equal_move").contains("a different move with the same estimate"));
        // The Black programs' estimate negated (the value for the real board's White), the
        // move and count the colour swap's: part III whole, the sign named. Before, 7 of 10.
        let r = row("black_estimate_negated").expect("black_estimate_negated is on the sheet (it needs only python3)");
        assert_eq!(r[2], 10.0, "{}", report("black_estimate_negated"));
        assert!(report("black_estimate_negated").contains("the Black program's estimate printed from the other side"));
    }
    // A rerun skips the students graded, and keeps them on the sheet.
    let done = morris_grade(&args);
    assert!(done.status.success());
    let said = String::from_utf8_lossy(&done.stdout);
    assert!(said.contains("(0 graded in this run,"), "{said}");
    assert_eq!(std::fs::read_to_string(out.join("grades.csv")).unwrap(), sheet);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Part IV rewards an improved estimate only where it is one. Four students' Improved
/// programs (`tests/grade_fixtures/improved/`): morris's own (wrapped), one whose estimate
/// is written from Black's side (its sign flipped), one that returns 0 (`# TODO improve`),
/// one that is the handout's estimate copied and never changed; and a fifth with morris's
/// improved opening program alone, whose match is still played.
/// The first three answer every case legally and choose otherwise than the handout estimate;
/// in the match (depth 2, 40 plies, as by default) the last two lose, the constant one a
/// game it lasted to the ply limit three stones behind, which now goes to the side ahead:
/// they lose the match's 0.2 and the different moves' 0.3 (8 of 10 each before, 5 now).
#[test]
fn an_improved_estimate_that_loses_its_games_earns_no_improvement() {
    if !have("python3", "--version") {
        return;
    }
    let dir = scratch("improved");
    let class = dir.join("class");
    let base = fixtures();
    let ok = class.join("improved_ok");
    std::fs::create_dir_all(&ok).unwrap();
    for f in ["wrap.py", "MiniMaxOpeningImproved.py", "MiniMaxGameImproved.py"] {
        std::fs::copy(base.join("python").join(f), ok.join(f)).unwrap();
    }
    // morris's own opening program alone: the handout estimate plays its game plies.
    let opening_only = class.join("opening_only");
    std::fs::create_dir_all(&opening_only).unwrap();
    for f in ["wrap.py", "MiniMaxOpeningImproved.py"] {
        std::fs::copy(base.join("python").join(f), opening_only.join(f)).unwrap();
    }
    for id in ["sign_flipped", "constant", "unchanged"] {
        copy_dir(&base.join("improved/common"), &class.join(id));
        copy_dir(&base.join("improved").join(id), &class.join(id));
    }
    let class_file = class_file_of(&[1, 2, 4, 5, 6, 7])
        .replace("match_depth = 1\nmatch_plies = 4", "match_depth = 2\nmatch_plies = 40");
    assert!(class_file.contains("match_plies = 40"), "{class_file}");
    let toml = dir.join("grade.toml");
    std::fs::write(&toml, class_file).unwrap();
    let out = dir.join("out");
    let args = [&class, &toml, &out].map(|p| p.to_str().unwrap().to_string());
    let done = morris_grade(&[&args[0], "--class", &args[1], "--out", &args[2], "--jobs", "2"]);
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    let sheet = std::fs::read_to_string(out.join("grades.csv")).unwrap();
    let report = |id: &str| std::fs::read_to_string(out.join("reports").join(format!("{id}.md"))).unwrap();
    let part_iv = |id: &str| sheet_row(&sheet, id).unwrap_or_else(|| panic!("{id} is not on the sheet:\n{sheet}"))[3];
    assert_eq!(part_iv("improved_ok"), 10.0, "{}", report("improved_ok"));
    // Half of its cases, and a match it wins with its opening alone: all but the missing
    // program's half of the cases.
    let rep = report("opening_only");
    assert_eq!(part_iv("opening_only"), 7.5, "{rep}");
    assert!(rep.contains("match against the handout estimate at depth 2: 2 of 2 points (0 lost;"), "{rep}");
    for id in ["sign_flipped", "constant"] {
        let rep = report(id);
        // Every case answered legally: the half for them is kept, nothing more.
        assert_eq!(part_iv(id), 5.0, "{rep}");
        assert!(rep.contains("but it lost more games of the match than it won: no improvement, no marks"), "{rep}");
        assert!(rep.contains("0 of 2 points (2 lost;"), "{rep}");
    }
    // The handout's estimate copied and never changed: it chooses as the handout's on
    // every board, and its match against itself is no improvement (7 of 10 before, 2 of
    // them for the match's half of the points).
    let rep = report("unchanged");
    assert_eq!(part_iv("unchanged"), 5.0, "{rep}");
    assert!(rep.contains("on every case's board it chose as the handout estimate: no marks for the match"), "{rep}");
    assert!(
        report("constant").contains("loss after 40 plies (the ply limit: 7 stones against 9)"),
        "{}",
        report("constant")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// An earlier grade is kept only while what it was made from is the same: a class file
/// changed since (a late deduction set) grades everyone again; and an output folder that
/// holds other students' grades is not overwritten with a sheet that drops them.
#[test]
fn a_changed_class_file_regrades_and_another_class_does_not_take_the_folder() {
    let dir = scratch("basis");
    let class = dir.join("class");
    std::fs::create_dir_all(&class).unwrap();
    // A zip that is none: graded at once, to 0, with no program to run.
    std::fs::write(class.join("abc123.zip"), "this is not a zip").unwrap();
    let out = dir.join("grades");
    let (class_s, out_s) = (class.to_str().unwrap(), out.to_str().unwrap());
    let said = |done: &std::process::Output| {
        (String::from_utf8_lossy(&done.stdout).into_owned(), String::from_utf8_lossy(&done.stderr).into_owned())
    };
    let done = morris_grade(&[class_s, "--out", out_s]);
    assert!(done.status.success(), "{:?}", said(&done));
    assert!(said(&done).0.contains("1 student on "), "{:?}", said(&done));
    let done = morris_grade(&[class_s, "--out", out_s]);
    assert!(said(&done).0.contains("(0 graded in this run, 1 kept from an earlier run;"), "{:?}", said(&done));
    let toml = dir.join("late.toml");
    std::fs::write(&toml, "late_deduction = 10\n").unwrap();
    let done = morris_grade(&[class_s, "--out", out_s, "--class", toml.to_str().unwrap()]);
    let (stdout, stderr) = said(&done);
    assert!(stdout.contains("(1 graded in this run;"), "{stdout}");
    assert!(stderr.contains("1 earlier grade was made from another class file"), "{stderr}");
    // Another folder of submissions into the same output folder: refused, in one line.
    let other = dir.join("other");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("xyz999.zip"), "not a zip either").unwrap();
    let sheet = std::fs::read_to_string(out.join("grades.csv")).unwrap();
    let done = morris_grade(&[other.to_str().unwrap(), "--out", out_s]);
    let (_, stderr) = said(&done);
    assert!(!done.status.success());
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("holds the grades of 1 student not among these submissions (abc123)"), "{stderr}");
    assert_eq!(std::fs::read_to_string(out.join("grades.csv")).unwrap(), sheet, "the sheet is untouched");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A submission that names another net ID (a team's `TEAM.md` in an individual project)
/// is flagged with the other student and the file named: the grade is the submitter's
/// alone, and the other has none unless a TA sees it. Its own net ID is no other's.
#[test]
fn a_submission_naming_another_student_is_flagged() {
    let dir = scratch("team");
    let sub = dir.join("class").join("abr210377");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(sub.join("TEAM.md"), "# Team\n\n- abr210377 (Ana): search\n- jsm210482 (Jo): the board\n").unwrap();
    let out = dir.join("out");
    let done = morris_grade(&[sub.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    let report = std::fs::read_to_string(out.join("reports").join("abr210377.md")).unwrap();
    assert!(
        report.contains("names jsm210482, a net ID not its own (TEAM.md: `- jsm210482 (Jo): the board`)"),
        "{report}"
    );
    assert!(!report.contains("names abr210377"), "{report}");
    assert!(flagged(&std::fs::read_to_string(out.join("grades.csv")).unwrap(), "abr210377"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A build step the class file gives that fails is a TA's own mistake, or the student's
/// layout changed: flagged, with the step and how it failed.
#[test]
fn a_failing_build_step_of_the_class_file_is_flagged() {
    let dir = scratch("given-build");
    let student = dir.join("class").join("def456");
    std::fs::create_dir_all(&student).unwrap();
    std::fs::write(student.join("README.txt"), "my programs are in the zip I forgot to upload\n").unwrap();
    let toml = dir.join("grade.toml");
    std::fs::write(&toml, "[student.def456]\nbuild = [[\"make\", \"all\"]]\n").unwrap();
    let out = dir.join("grades");
    let done =
        morris_grade(&[student.to_str().unwrap(), "--out", out.to_str().unwrap(), "--class", toml.to_str().unwrap()]);
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    let sheet = std::fs::read_to_string(out.join("grades.csv")).unwrap();
    assert!(flagged(&sheet, "def456"), "{sheet}");
    let report = std::fs::read_to_string(out.join("reports/def456.md")).unwrap();
    assert!(report.contains("the build step `make all` given for this student"), "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_gets_one_line() {
    let dir = scratch("bad");
    let missing = dir.join("no-such-folder");
    let done = morris_grade(&[missing.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&done.stderr);
    assert!(!done.status.success());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("no-such-folder: no such file or folder"), "{err}");
    // Nothing is made for a path that is not there, nor for a file that is no archive.
    let (o1, notes) = (dir.join("o1"), dir.join("notes.txt"));
    std::fs::write(&notes, "grades due friday\n").unwrap();
    for bad in [&missing, &notes] {
        let done = morris_grade(&[bad.to_str().unwrap(), "--out", o1.to_str().unwrap()]);
        assert!(!done.status.success());
        assert!(!o1.exists(), "{}", String::from_utf8_lossy(&done.stderr));
    }

    let bad_toml = dir.join("grade.toml");
    std::fs::write(&bad_toml, "run_seconds = \"soon\"\n").unwrap();
    let done = morris_grade(&[dir.to_str().unwrap(), "--class", bad_toml.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&done.stderr);
    assert!(!done.status.success());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("bad class file") && err.contains("grade.toml"), "{err}");

    let zip = dir.join("abc123.zip");
    std::fs::write(&zip, "this is not a zip").unwrap();
    // An output folder with a space: said at once, as a warning (the grading goes on).
    let spaced = dir.join("my grades");
    let done = morris_grade(&[zip.to_str().unwrap(), "--out", spaced.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&done.stderr);
    assert!(err.lines().any(|l| l.contains("warning: the output folder") && l.contains("has a space")), "{err}");
    assert!(spaced.join("grades.csv").is_file(), "{err}");
    let out = dir.join("out");
    let done = morris_grade(&[zip.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&done.stderr);
    assert!(err.lines().any(|l| l.contains("abc123") && l.contains("not a usable zip file")), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let sheet = std::fs::read_to_string(out.join("grades.csv")).unwrap();
    assert!(sheet.contains("abc123,0,0,0,0,0,0,yes\r\n"), "a submission that could not be used is flagged: {sheet}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A 7-Zip archive, one renamed `.zip` (or a zip unzip cannot read), and a RAR: unpacked
/// by what they hold, with `bsdtar` (which `.ci/run` installs, as libarchive-tools).
#[test]
fn grades_7_zip_and_rar_archives_and_archives_named_as_another_kind() {
    if !have("python3", "--version") || !have("bsdtar", "--version") {
        return;
    }
    let dir = scratch("7z");
    let class = dir.join("class");
    std::fs::create_dir_all(&class).unwrap();
    for file in ["sev123.7z", "ren456.zip"] {
        let made = Command::new("bsdtar")
            .args(["--format", "7zip", "-cf"])
            .arg(class.join(file))
            .arg("-C")
            .arg(fixtures().join("python"))
            .arg(".")
            .status()
            .unwrap();
        assert!(made.success(), "bsdtar could not make {file}");
    }
    // A RAR (version 4, stored), as WinRAR writes one: made here byte by byte, no RAR
    // writer being free to install.
    let files: Vec<(String, Vec<u8>)> = std::fs::read_dir(fixtures().join("python"))
        .unwrap()
        .flatten()
        .map(|e| (e.file_name().to_string_lossy().into_owned(), std::fs::read(e.path()).unwrap()))
        .collect();
    std::fs::write(class.join("rar789.rar"), rar4_stored(&files)).unwrap();
    let out = dir.join("out");
    let sheet = grade_with_the_tests_class_file(&class, &out);
    for id in ["sev123", "ren456", "rar789"] {
        let report = std::fs::read_to_string(out.join("reports").join(format!("{id}.md"))).unwrap_or_default();
        assert_eq!(sheet_row(&sheet, id).map(|r| r[5]), Some(100.0), "{sheet}\n{report}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// CRC-32 (IEEE), as RAR's headers and files carry it.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// A RAR 4 archive of `files` (flat, stored, from a Unix host): the marker, the main
/// header, a header and the bytes for each file, the end block; each header's CRC the low
/// half of the CRC-32 of the rest of it.
fn rar4_stored(files: &[(String, Vec<u8>)]) -> Vec<u8> {
    fn block(kind: u8, flags: u16, body: &[u8]) -> Vec<u8> {
        let mut rest = vec![kind];
        rest.extend(flags.to_le_bytes());
        rest.extend(u16::try_from(7 + body.len()).unwrap().to_le_bytes());
        rest.extend(body);
        let mut out = (crc32(&rest) as u16).to_le_bytes().to_vec();
        out.extend(rest);
        out
    }
    let mut out = b"Rar!\x1a\x07\x00".to_vec();
    out.extend(block(0x73, 0, &[0; 6]));
    for (name, data) in files {
        let size = u32::try_from(data.len()).unwrap().to_le_bytes();
        let mut body = Vec::new();
        body.extend(size); // packed
        body.extend(size); // unpacked
        body.push(3); // Unix
        body.extend(crc32(data).to_le_bytes());
        body.extend(0x5B7C_0000u32.to_le_bytes()); // 2025-11-28, as DOS time
        body.push(20); // version to unpack
        body.push(0x30); // stored
        body.extend(u16::try_from(name.len()).unwrap().to_le_bytes());
        body.extend(0o100_644u32.to_le_bytes());
        body.extend(name.as_bytes());
        out.extend(block(0x74, 0x8000, &body));
        out.extend(data);
    }
    out.extend(block(0x7B, 0x4000, &[]));
    out
}

/// A class compiled by a newer Java than the grading machine's (a student's JDK 21, no
/// source to build here): run with the machine's newer JDK where it holds one, else flagged as
/// the machine's want, with the regrade named.
#[test]
fn a_class_for_a_newer_java_runs_with_a_newer_jdk_or_is_flagged() {
    if !have("javac", "-version") {
        return;
    }
    let dir = scratch("newer-java");
    let student = dir.join("jav123");
    std::fs::create_dir_all(&student).unwrap();
    let source = dir.join("ABGame.java");
    std::fs::write(
        &source,
        "public class ABGame { public static void main(String[] a) { System.out.println(a.length); } }\n",
    )
    .unwrap();
    let made = Command::new("javac").arg("-d").arg(&student).arg(&source).status().unwrap();
    assert!(made.success());
    // As JDK 21 writes it: class file version 65.
    let class = student.join("ABGame.class");
    let mut bytes = std::fs::read(&class).unwrap();
    bytes[6..8].copy_from_slice(&65u16.to_be_bytes());
    std::fs::write(&class, bytes).unwrap();
    let out = dir.join("out");
    let sheet = grade_with_the_tests_class_file(&student, &out);
    let report = std::fs::read_to_string(out.join("reports/jav123.md")).unwrap();
    if newer_jdk_here(21) {
        // Run by the machine's newer JDK, as the student's was (before TA trial 24: flagged).
        assert!(
            report.contains("ABGame: run with JDK")
                && report.contains("its classes were compiled for Java 21, which the default java cannot load")
                && !report.contains("ABGame failed as compiled for Java 21"),
            "{report}"
        );
    } else {
        assert!(flagged(&sheet, "jav123"), "{sheet}");
        assert!(
            report.contains("ABGame failed as compiled for Java 21, newer than this machine's")
                && report.contains("--only jav123"),
            "{report}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// As root without bubblewrap, the programs run as an unprivileged uid that cannot enter a
/// folder private to root: grading into one stops at once with one line, before any
/// student gets a 0 for it (every call had failed with `Permission denied`).
#[test]
fn grading_where_the_sandbox_cannot_run_programs_stops_with_one_line() {
    if !rustix::process::geteuid().is_root() {
        eprintln!("not root: no unprivileged uid to drop to, nothing to check here");
        return;
    }
    let dir = scratch("private");
    copy_dir(&fixtures().join("python"), &dir.join("abc123"));
    let private = dir.join("private");
    std::fs::create_dir_all(&private).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o700)).unwrap();
    let out = private.join("grades");
    let done = Command::new(env!("CARGO_BIN_EXE_morris"))
        .args(["grade", dir.join("abc123").to_str().unwrap(), "--out", out.to_str().unwrap()])
        .env("MORRIS_NO_BWRAP", "1")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&done.stderr);
    assert!(!done.status.success(), "{err}");
    let last = err.lines().last().unwrap_or_default();
    assert!(last.contains("cannot run the students' programs in") && last.contains("private to its owner"), "{err}");
    assert!(!out.join("grades.csv").exists(), "no sheet of zeros is written");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The time limit counts CPU time as judges' sandboxes do: a program that waits (here it
/// sleeps; on a busy machine it waits for a core) past its limit in wall-clock time but
/// uses little CPU is not stopped before its wall-clock cap, and one that computes past
/// the limit is stopped, with its CPU time in the report.
#[test]
fn the_time_limit_is_cpu_time_with_a_wall_clock_cap() {
    let spec = |script: &str| RunSpec {
        argv: vec!["sh".into(), "-c".into(), script.into()],
        dir: std::env::temp_dir(),
        time_limit: Duration::from_millis(400),
        output_limit: 1024,
        writable: None,
        stdin: None,
    };
    let waited = ProgramRunner::default().run(&spec("sleep 1; echo done"));
    assert!(waited.succeeded(), "{}", waited.describe());
    assert_eq!(waited.stdout, "done\n");
    let busy = ProgramRunner::default().run(&spec("while :; do :; done"));
    assert!(busy.timed_out, "{}", busy.describe());
    let cpu = busy.cpu.expect("the CPU time of a busy loop is measured");
    // Stopped by its CPU limit, or, on a machine too busy to give it that much CPU (a
    // load of 9 on two cores gave it 350 ms), by the wall-clock cap: never before both.
    let cap = Duration::from_millis(400) * WALL_FACTOR + WALL_MARGIN;
    assert!(cpu >= Duration::from_millis(400) || busy.elapsed >= cap, "stopped after {cpu:?} of CPU");
    assert!(busy.describe().contains("s of CPU"), "{}", busy.describe());
    let sleeper = ProgramRunner::default().run(&spec("sleep 100"));
    assert!(sleeper.timed_out, "{}", sleeper.describe());
}

#[test]
fn a_timeout_kills_the_whole_process_group() {
    let started = Instant::now();
    let outcome = ProgramRunner::default().run(&RunSpec {
        argv: vec!["sh".into(), "-c".into(), "echo started; sleep 100 & sleep 100".into()],
        dir: std::env::temp_dir(),
        time_limit: Duration::from_millis(300),
        output_limit: 1024,
        writable: None,
        stdin: None,
    });
    // The background `sleep` holds stdout too: only killing the group ends the read.
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    assert!(outcome.timed_out);
    assert_eq!(outcome.stdout, "started\n");
    let missing = ProgramRunner::default().run(&RunSpec {
        argv: vec!["no-such-program-anywhere".into()],
        dir: std::env::temp_dir(),
        time_limit: Duration::from_secs(5),
        output_limit: 1024,
        writable: None,
        stdin: None,
    });
    assert!(missing.start_error.is_some(), "{missing:?}");
}

/// The students of `tests/grade_fixtures/class/`: net ID, language, and what is their
/// own (wording, names, layout, command line), each correct in substance.
const STUDENTS: [(&str, &str, &str); 10] = [
    ("aar210001", "python", "own wording (`MINMAX Estimate :`), floats for infinity, a Windows-1252 comment"),
    ("bkl220045", "python", "argparse `--depth N`, snake_case names in src/, no board echo on a blocked root"),
    ("cmd200318", "python", "a zip with a top-level folder and __MACOSX; Black prints White's estimate minimised"),
    (
        "dpt210777",
        "python",
        "`-d N` before the files, `Main_` names in a folder, an Archive folder, stops at the game's end",
    ),
    ("ejw220102", "java", "a package under src/, misspelt class names, Integer.MIN_VALUE"),
    ("fsk210555", "java", "default package in a nested folder, -Infinity, `MINMAX estimate`, BOM and Windows-1252"),
    ("gnr200999", "c", "no Makefile, shared board.c, no trailing periods"),
    ("hqv210321", "c++", "a Makefile building bin/minimax-opening …, `Static estimation:`"),
    ("jlm220310", "java", "a folder a program, each a `Main.java` beside its own copies of the helpers"),
    ("kpw210404", "c", "a folder holding only the zip uploaded (gnr200999's sources)"),
];

/// jlm220310's submission, made from fsk210555's sources as a student who keeps each
/// program in a folder of its own lays them out: `proj2/MiniMaxOpening/Main.java` beside
/// its own `GameBoard.java` and `Estimator.java`, eight classes named `Main`.
fn folder_a_program(class: &Path) {
    let code = fixtures().join("class/fsk210555/Project2_Submission/code");
    for p in morris::classroom::ALL_PROGRAMS {
        let dir = class.join("jlm220310/proj2").join(p.name);
        std::fs::create_dir_all(&dir).unwrap();
        let source = std::fs::read_to_string(code.join(format!("{}.java", p.name))).unwrap();
        let main = source.replacen(&format!("public class {} ", p.name), "public class Main ", 1);
        assert_ne!(main, source, "{}: no class line", p.name);
        std::fs::write(dir.join("Main.java"), main).unwrap();
        for helper in ["GameBoard.java", "Estimator.java"] {
            std::fs::copy(code.join(helper), dir.join(helper)).unwrap();
        }
    }
}

/// Zips what `from` holds into `zip` (made with its folder), as students' tools do.
fn zip_folder(from: &Path, zip: &Path) {
    std::fs::create_dir_all(zip.parent().unwrap()).unwrap();
    let script = "import os, sys, zipfile\nsrc, out = sys.argv[1], sys.argv[2]\nwith zipfile.ZipFile(out, 'w') as z:\n    for root, dirs, files in os.walk(src):\n        dirs.sort()\n        for f in sorted(files):\n            p = os.path.join(root, f)\n            z.write(p, os.path.relpath(p, src))\n";
    let done = Command::new("python3").args(["-c", script]).arg(from).arg(zip).output().unwrap();
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
}

/// Files as a Windows editor saves them: aar210001's shared module and fsk210555's board
/// class with an author's name in Windows-1252 (Python 3 and javac refuse such a file),
/// fsk210555's MiniMaxOpening with Notepad's byte order mark (javac refuses it too); and
/// dpt210777's earlier attempt kept in a folder `Archive`.
fn saved_on_windows(student: &Path) {
    let latin1 = |file: &Path, comment: &[u8]| {
        let mut bytes = comment.to_vec();
        bytes.extend(std::fs::read(file).unwrap());
        std::fs::write(file, bytes).unwrap();
    };
    if student.ends_with("aar210001") {
        latin1(&student.join("variant.py"), b"# Ana Ar\xe9valo \x96 CS 6364\n");
    } else if student.ends_with("dpt210777") {
        // An earlier attempt kept in an `Archive` folder beside the one handed in: broken,
        // and first in the folder's order.
        let code = student.join("Project 2/code");
        let archive = student.join("Archive/code");
        std::fs::create_dir_all(&archive).unwrap();
        for e in std::fs::read_dir(&code).unwrap().flatten() {
            std::fs::write(archive.join(e.file_name()), "raise SystemExit('first attempt, does not work')\n").unwrap();
        }
    } else if student.ends_with("fsk210555") {
        let code = student.join("Project2_Submission/code");
        latin1(&code.join("GameBoard.java"), b"// Fabi\xe1n S\xe1nchez-Kan\xe9\n");
        latin1(&code.join("MiniMaxOpening.java"), b"\xef\xbb\xbf");
    }
}

/// The fixture class as a TA receives it: a folder per student, cmd200318 as its zip.
fn assemble_students(class: &Path) -> Vec<&'static str> {
    let base = fixtures().join("class");
    let tools = [
        ("python", "python3", "--version"),
        ("java", "javac", "-version"),
        ("c", "gcc", "--version"),
        ("c++", "g++", "--version"),
    ];
    let mut ids = Vec::new();
    for (id, lang, _) in STUDENTS {
        let (_, tool, flag) = tools.iter().find(|(l, _, _)| *l == lang).unwrap();
        if !have(tool, flag) {
            continue;
        }
        if id == "cmd200318" || id == "kpw210404" {
            // cmd200318 zipped as a Mac's Finder does: the top-level folder and __MACOSX
            // beside it; kpw210404's zip in a folder of its own, as an upload lands.
            let (from, zip) = if id == "cmd200318" {
                (base.join(id), class.join(format!("{id}.zip")))
            } else {
                (base.join("gnr200999"), class.join(id).join("Project2_final.zip"))
            };
            zip_folder(&from, &zip);
        } else if id == "jlm220310" {
            folder_a_program(class);
        } else {
            copy_dir(&base.join(id), &class.join(id));
            saved_on_windows(&class.join(id));
        }
        ids.push(id);
    }
    ids
}

#[test]
fn grades_a_class_written_the_way_students_write() {
    let dir = scratch("students");
    let ids = assemble_students(&dir.join("class"));
    let class_file = fixtures().join("grade.toml");
    // Relative paths, from the folder above the class, as a TA types them.
    let args = ["class", "--class", class_file.to_str().unwrap(), "--out", "graded", "--jobs", "2"];
    let done = morris_grade_in(&dir, &args);
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    let out = dir.join("graded");
    let sheet = std::fs::read_to_string(out.join("grades.csv")).unwrap();
    let report = |id: &str| std::fs::read_to_string(out.join("reports").join(format!("{id}.md"))).unwrap();
    for id in &ids {
        let r = sheet_row(&sheet, id).unwrap_or_else(|| panic!("{id} is not on the sheet:\n{sheet}"));
        let what = STUDENTS.iter().find(|s| s.0 == *id).unwrap().2;
        assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{id} ({what}):\n{}", report(id));
        // kpw210404 handed in gnr200999's sources, whose README names gnr200999: flagged
        // for that (since 2026-12-02), the only one.
        assert_eq!(flagged(&sheet, id), *id == "kpw210404", "{id}:\n{}", report(id));
        let rep = report(id);
        assert!(!rep.contains('\0'), "{id}: raw NUL bytes in the report");
        assert!(rep.contains("## Summary") && rep.contains("all "), "{id}: no summary:\n{rep}");
    }
    let has = |id: &str, text: &str| {
        if ids.contains(&id) {
            let rep = report(id);
            assert!(rep.contains(text), "{id}: no {text:?} in\n{rep}");
        }
    };
    has("aar210001", "output in its own words");
    has("bkl220045", "DEPTH INPUT OUTPUT` (as its usage line asks; it refused `INPUT OUTPUT DEPTH`)");
    has("bkl220045", "Python src/minimax_opening.py (by its name, spelt `minimax_opening`)");
    has("cmd200318", "White's estimate minimised, the handout's other reading");
    has("dpt210777", "called as `ABGame -d DEPTH INPUT OUTPUT`");
    has("dpt210777", "less its own `Main`");
    has("dpt210777", "convention recognised: a branch ends where the game does");
    has(
        "dpt210777",
        "convention recognised: blocked root: the unchanged board with the static estimate of the input board",
    );
    has("dpt210777", "an older copy passed over: Archive/code/Main_ABGame.py");
    has("ejw220102", "class edu.utd.ai.project2.MinMaxOpenningBlack");
    has("hqv210321", "executable bin/minimax-opening");
    has("gnr200999", "C hw2/src/MiniMaxOpening.c (the handout's name)");
    has("kpw210404", "C Project2_final/hw2/src/MiniMaxOpening.c (the handout's name)");
    has(
        "kpw210404",
        "the submission names gnr200999, a net ID not its own (Project2_final/README.txt: `Net ID: gnr200999`)",
    );
    has("aar210001", "variant.py: re-encoded from Windows-1252 to UTF-8");
    has("fsk210555", "Project2_Submission/code/MiniMaxOpening.java: byte order mark taken off");
    has("jlm220310", "Java proj2/ABGame/Main.java, class Main (`Main` in the folder `ABGame`, named by its folder)");

    // Code alike: kpw210404 handed in gnr200999's sources, jlm220310 fsk210555's laid out
    // a folder a program; the rest wrote their own.
    let alike = std::fs::read_to_string(out.join("similarity.md")).unwrap();
    let pairs: Vec<&str> = alike.lines().filter(|l| l.starts_with("| ") && l.contains(" ~ ")).collect();
    let want: Vec<&str> = [("fsk210555", "jlm220310"), ("gnr200999", "kpw210404")]
        .iter()
        .filter(|(a, b)| ids.contains(a) && ids.contains(b))
        .map(|(a, _)| *a)
        .collect();
    assert_eq!(pairs.len(), want.len(), "{alike}");
    for a in want {
        assert!(pairs.iter().any(|l| l.starts_with(&format!("| {a} ~ "))), "{alike}");
    }
    // The class at a glance, and the grades for Canvas and Gradescope.
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(summary.contains(&format!("# Class summary: {} students", ids.len())), "{summary}");
    assert!(
        summary.contains("| 100 | ") && summary.contains("## Cases") && summary.contains("## Reading rules"),
        "{summary}"
    );
    // dpt210777's search stops where the game does: the summary counts the cases it needed.
    let rule = summary.lines().find(|l| l.starts_with("| a branch ended where the game does")).unwrap_or_default();
    assert!(!rule.contains("| 0 |") && rule.ends_with("| cases |"), "{summary}");
    assert!(std::fs::read_to_string(out.join("summary.html")).unwrap().starts_with("<!DOCTYPE html>"));
    if ids.contains(&"gnr200999") && ids.contains(&"kpw210404") {
        let section = summary.split("## Code alike").nth(1).unwrap_or_default();
        assert!(section.contains("| gnr200999 ~ kpw210404 | 100 % |"), "{summary}");
    }
    let canvas = std::fs::read_to_string(out.join("canvas.csv")).unwrap();
    assert!(
        canvas.starts_with("Student,ID,SIS User ID,SIS Login ID,Section,Morris Variant\r\nPoints Possible,,,,,100\r\n"),
        "{canvas}"
    );
    for id in &ids {
        assert!(canvas.contains(&format!("{id},,,{id},,100\r\n")), "{canvas}");
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("gradescope").join(format!("{id}.json"))).unwrap())
                .unwrap();
        assert_eq!(json["score"], 100.0);
        let tests = json["tests"].as_array().unwrap();
        let sum: f64 = tests.iter().map(|t| t["score"].as_f64().unwrap()).sum();
        let max: f64 = tests.iter().map(|t| t["max_score"].as_f64().unwrap()).sum();
        assert!((sum - 100.0).abs() < 0.01 && (max - 100.0).abs() < 0.01, "{id}: tests add up to {sum} of {max}");
    }

    // Regrading one student under a class file with deductions for wording and for the
    // command line: only that student changes, and the report names each deduction.
    if ids.contains(&"bkl220045") {
        let strict = dir.join("strict.toml");
        let text = std::fs::read_to_string(&class_file).unwrap();
        std::fs::write(&strict, format!("wording_deduction = 2\ncommand_deduction = 1.5\n{text}")).unwrap();
        let args = ["class", "--class", strict.to_str().unwrap(), "--out", "graded", "--only", "bkl220045"];
        let done = morris_grade_in(&dir, &args);
        assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
        let again = std::fs::read_to_string(out.join("grades.csv")).unwrap();
        assert_eq!(sheet_row(&again, "bkl220045").unwrap(), vec![45.0, 35.0, 10.0, 10.0, 3.5, 96.5]);
        for id in ids.iter().filter(|i| **i != "bkl220045") {
            assert_eq!(sheet_row(&again, id), sheet_row(&sheet, id), "{id} changed");
        }
        let rep = report("bkl220045");
        assert!(
            rep.contains("deduction: output in its own words") && rep.contains("deduction: a command line other"),
            "{rep}"
        );
    }

    // A lone student's folder, given alone, is graded as that student.
    if let Some(&one) = ids.iter().find(|i| **i != "cmd200318") {
        let folder = format!("class/{one}");
        let done = morris_grade_in(&dir, &[&folder, "--class", class_file.to_str().unwrap(), "--out", "alone"]);
        assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
        let sheet = std::fs::read_to_string(dir.join("alone/grades.csv")).unwrap();
        assert_eq!(sheet.lines().count(), 2, "{sheet}");
        assert_eq!(sheet_row(&sheet, one).unwrap()[5], 100.0, "{sheet}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The Gradescope autograder script (`scripts/gradescope/run_autograder`) on one student,
/// in a tree laid out as Gradescope lays it out: `results.json` with a test per case.
#[test]
fn the_gradescope_autograder_grades_one_submission() {
    if !have("python3", "--version") {
        return;
    }
    let root = scratch("gradescope");
    copy_dir(&fixtures().join("class/aar210001"), &root.join("submission"));
    std::fs::create_dir_all(root.join("source")).unwrap();
    std::fs::copy(fixtures().join("grade.toml"), root.join("source/grade.toml")).unwrap();
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_morris")).parent().unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/gradescope/run_autograder");
    let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap_or_default());
    let done = Command::new("bash").arg(&script).env("AUTOGRADER", &root).env("PATH", path).output().unwrap();
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    let results: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("results/results.json")).unwrap()).unwrap();
    assert_eq!(results["score"], 100.0, "{results:#}");
    let tests = results["tests"].as_array().unwrap();
    assert!(
        tests.iter().any(|t| t["name"]
            .as_str()
            .unwrap()
            .starts_with("I MiniMax: MiniMaxOpening on class file case 2 (depth 3)")),
        "{results:#}"
    );
    let cases: Vec<&serde_json::Value> =
        tests.iter().filter(|t| t["name"].as_str().unwrap().contains(" on class file case")).collect();
    assert_eq!(cases.len(), 32, "eight board cases of four programs each");
    assert!(cases.iter().all(|t| t["output"].as_str().unwrap().contains("expected: ")), "{results:#}");
    // Shown as written: Gradescope's default renders output as HTML, where a student's
    // `<` would start a tag.
    assert_eq!(results["output_format"], "text", "{results:#}");
    assert!(tests.iter().all(|t| t["output_format"] == "text"), "{results:#}");
    let _ = std::fs::remove_dir_all(&root);
}

/// A class as Canvas's "Download Submissions" hands it over, the zip itself given: one
/// flat folder of files renamed `name_[LATE_]USERID_FILEID_File`, each student's Java
/// sources uploaded again (`ABGame-1.java`: graded under the name it had, or no class
/// would compile), a late student with an older copy of one file beside the newer, and
/// one student's own tarball. And a Gradescope export (a group submission among them): each
/// graded on its substance, named, and its grade put where each site reads it.
#[test]
fn grades_a_class_as_canvas_and_gradescope_hand_it_over() {
    if !have("python3", "--version") {
        return;
    }
    let dir = scratch("lms");
    let base = fixtures().join("class");
    let download = dir.join("canvas");
    std::fs::create_dir_all(&download).unwrap();
    let mut file_id = 100;
    let mut upload = |from: &Path, canvas_name: &dyn Fn(u32) -> String| {
        file_id += 1;
        std::fs::copy(from, download.join(canvas_name(file_id))).unwrap();
    };
    for e in std::fs::read_dir(base.join("aar210001")).unwrap().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        upload(&e.path(), &|id| format!("ruizana_LATE_5001_{id}_{name}"));
    }
    // An older upload of a file, with a lower file ID: it must not be the one graded.
    std::fs::write(download.join("ruizana_LATE_5001_99_ABGame.py"), "print('first try')\n").unwrap();
    let mut students = vec![("ruizana", "5001")];
    if have("javac", "-version") {
        let code = base.join("fsk210555/Project2_Submission/code");
        for e in std::fs::read_dir(&code).unwrap().flatten() {
            let name = e.file_name().to_string_lossy().replace(".java", "-1.java");
            upload(&e.path(), &|id| format!("kimfay_5002_{id}_{name}"));
        }
        students.push(("kimfay", "5002"));
    }
    if have("gcc", "--version") {
        // A tarball, as a student on a Mac or Linux packs it.
        let tarball = download.join("nguyengus_5003_301_hw2.tar.gz");
        let done =
            Command::new("tar").arg("-czf").arg(&tarball).arg("-C").arg(base.join("gnr200999")).arg(".").output();
        assert!(done.is_ok_and(|d| d.status.success()), "tar is needed to make a tarball");
        students.push(("nguyengus", "5003"));
    }
    zip_folder(&download, &dir.join("submissions.zip"));
    std::fs::remove_dir_all(&download).unwrap();

    let export = dir.join("assignment_77_export");
    copy_dir(&base.join("aar210001"), &export.join("submission_9001"));
    copy_dir(&base.join("aar210001"), &export.join("submission_9002"));
    let metadata = ":submission_9001:\n  :submitters:\n  - :name: Ana Ruiz\n    :sid: '2101'\n    :email: AR210001@school.edu\n  :created_at: 2026-10-01 10:00:00.000000000 -05:00\n  :score: \n:submission_9002:\n  :submitters:\n  - :name: Bo Li\n    :sid: '2102'\n    :email: bl220002@school.edu\n  - :name: Cy O'Neil\n    :sid: '2103'\n    :email: co220003@school.edu\n  :status: processed\n";
    std::fs::write(export.join("submission_metadata.yml"), metadata).unwrap();

    // What is tested is the hand-over, not the grading: half the class file's cases, 16
    // calls a student instead of 32, but two of each phase, enough for alpha-beta's
    // savings and the improved estimate's other choices to show (at least two asked).
    let class_file = dir.join("four-cases.toml");
    std::fs::write(&class_file, class_file_of(&[1, 2, 4, 6])).unwrap();
    let args = ["submissions.zip", "assignment_77_export", "--class", class_file.to_str().unwrap(), "--out", "graded"];
    let done = morris_grade_in(&dir, &args);
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    let out = dir.join("graded");
    let sheet = std::fs::read_to_string(out.join("grades.csv")).unwrap();
    let report = |id: &str| std::fs::read_to_string(out.join("reports").join(format!("{id}.md"))).unwrap();
    assert_eq!(sheet.lines().count(), 1 + students.len() + 2, "{sheet}");
    let canvas = std::fs::read_to_string(out.join("canvas.csv")).unwrap();
    for (id, user) in &students {
        let r = sheet_row(&sheet, id).unwrap_or_else(|| panic!("{id} is not on the sheet:\n{sheet}"));
        assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{id}:\n{}", report(id));
        assert!(canvas.contains(&format!("\r\n{id},{user},,,,100\r\n")), "{canvas}");
    }
    let ruiz = report("ruizana");
    assert!(ruiz.contains("Canvas user 5001; handed in late"), "{ruiz}");
    assert!(ruiz.contains("ABGame: Python ABGame.py (the handout's name)"), "{ruiz}");
    for id in ["ar210001", "bl220002"] {
        assert_eq!(sheet_row(&sheet, id).unwrap()[5], 100.0, "{id}:\n{}", report(id));
    }
    assert!(report("bl220002").contains("Gradescope submitter Cy O'Neil <co220003@school.edu> (SID 2103)"));
    assert!(
        canvas.contains("\r\nAna Ruiz,,,ar210001,,100\r\n") && canvas.contains("\r\nCy O'Neil,,,co220003,,100\r\n")
    );
    let scores = std::fs::read_to_string(out.join("gradescope.csv")).unwrap();
    assert_eq!(
        scores,
        "Name,SID,Email,Score\r\nAna Ruiz,2101,AR210001@school.edu,100\r\nBo Li,2102,bl220002@school.edu,100\r\nCy O'Neil,2103,co220003@school.edu,100\r\n"
    );

    // With the gradebook exported from Canvas, canvas.csv is a row per student of it, in
    // its order, with their own names, IDs and sections; the grades of students it does
    // not list are named on stderr. (The grades are kept from the run above: the same
    // class file, or every student would be graded again on the built-in cases.)
    let gradebook = "Student,ID,SIS User ID,SIS Login ID,Section,Quiz 1 (701)\r\n    Points Possible,,,,,10.00\r\n\"Ruiz, Ana\",5001,2101,ruiz.ana@school.edu,CS 6364.001,9\r\n\"Kim, Fay\",5002,2104,fk210004,CS 6364.001,8\r\n\"Nguyen, Gus\",5003,2105,gn210005,CS 6364.001,7\r\n\"Li, Bo\",5010,2102,bl220002@school.edu,CS 6364.002,10\r\n\"O'Neil, Cy\",5011,2103,co220003,CS 6364.002,10\r\n\"Absent, Al\",5012,2199,aa229999,CS 6364.002,\r\n";
    std::fs::write(dir.join("gradebook.csv"), gradebook).unwrap();
    let class = class_file.to_str().unwrap();
    let args = [
        "submissions.zip",
        "assignment_77_export",
        "--class",
        class,
        "--out",
        "graded",
        "--gradebook",
        "gradebook.csv",
    ];
    let done = morris_grade_in(&dir, &args);
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    assert!(String::from_utf8_lossy(&done.stdout).contains("(0 graded in this run, "), "the grades were not kept");
    let said = String::from_utf8_lossy(&done.stderr);
    assert!(said.contains("1 graded but not in the gradebook, so not in canvas.csv: ar210001"), "{said}");
    // Its one assignment is a quiz: named for the TA, not filled.
    assert!(
        said.contains("adds a new column \"Morris Variant\"") && said.contains("canvas_column = \"Quiz 1 (701)\""),
        "{said}"
    );
    // A student without a grade here is left out: an empty cell would clear what Canvas holds.
    assert!(
        said.contains("of the gradebook without a grade here, left out of canvas.csv") && said.contains("Absent, Al")
    );
    let graded =
        |id: &str, row: &str| if students.iter().any(|s| s.0 == id) { format!("{row},100\r\n") } else { String::new() };
    let want = format!(
        "Student,ID,SIS User ID,SIS Login ID,Section,Morris Variant\r\nPoints Possible,,,,,100\r\n\"Ruiz, Ana\",5001,2101,ruiz.ana@school.edu,CS 6364.001,100\r\n{}{}\"Li, Bo\",5010,2102,bl220002@school.edu,CS 6364.002,100\r\n\"O'Neil, Cy\",5011,2103,co220003,CS 6364.002,100\r\n",
        graded("kimfay", "\"Kim, Fay\",5002,2104,fk210004,CS 6364.001"),
        graded("nguyengus", "\"Nguyen, Gus\",5003,2105,gn210005,CS 6364.001")
    );
    assert_eq!(std::fs::read_to_string(out.join("canvas.csv")).unwrap(), want);
    // A late policy in the class file: the late student alone loses it.
    let late = dir.join("late.toml");
    let text = std::fs::read_to_string(&class_file).unwrap();
    std::fs::write(&late, format!("late_deduction = 10\n{text}")).unwrap();
    let again = ["submissions.zip", "--class", late.to_str().unwrap(), "--out", "graded", "--only", "ruizana"];
    let done = morris_grade_in(&dir, &again);
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    let resheet = std::fs::read_to_string(out.join("grades.csv")).unwrap();
    assert_eq!(sheet_row(&resheet, "ruizana").unwrap(), vec![45.0, 35.0, 10.0, 10.0, 10.0, 90.0]);
    assert!(report("ruizana").contains("deduction: handed in late (Canvas marked the files LATE)"));
    std::fs::write(dir.join("gradebook.csv"), "name,score\r\nx,1\r\n").unwrap();
    let done = morris_grade_in(&dir, &args);
    let said = String::from_utf8_lossy(&done.stderr);
    assert!(!done.status.success() && said.trim().lines().count() == 1, "{said}");
    assert!(said.contains("gradebook.csv: not a Canvas gradebook export (no `Student` and `ID` columns"), "{said}");

    // Metadata that cannot be read is one line naming the file and the line.
    std::fs::write(export.join("submission_metadata.yml"), "- a list\n").unwrap();
    let done = morris_grade_in(&dir, &["assignment_77_export", "--out", "bad"]);
    let said = String::from_utf8_lossy(&done.stderr);
    assert!(!done.status.success() && said.trim().lines().count() == 1, "{said}");
    assert!(said.contains("submission_metadata.yml: line 1: expected a submission's folder"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Graded from inside a student's own folder with the default `--out grades`, twice: the
/// output folder is neither copied into the work copy inside itself nor, on the rerun,
/// taken for a second copy of the programs.
#[test]
fn grading_from_inside_the_submission_leaves_its_output_alone() {
    if !have("python3", "--version") {
        return;
    }
    let dir = scratch("inside");
    let student = dir.join("aar210001");
    copy_dir(&fixtures().join("class/aar210001"), &student);
    let class_file = fixtures().join("grade.toml");
    for again in [false, true] {
        let mut args = vec![".", "--class", class_file.to_str().unwrap()];
        args.extend(again.then_some("--force"));
        let done = morris_grade_in(&student, &args);
        assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
        let sheet = std::fs::read_to_string(student.join("grades/grades.csv")).unwrap();
        assert_eq!(sheet.lines().count(), 2, "{sheet}");
        assert_eq!(sheet_row(&sheet, "aar210001"), Some(vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0]), "{sheet}");
        assert!(!flagged(&sheet, "aar210001"), "{sheet}");
        assert!(!student.join("grades/work/aar210001/grades").exists(), "the output was copied into itself");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Java student whose project keeps a library as a jar (`lib/checks.jar`, as an IDE's
/// project does): the jar is on the class path of the compile and of every call. Without
/// it, javac refused the import and the program got 0.
#[test]
fn a_jar_the_submission_holds_is_on_the_java_class_path() {
    let dir = scratch("jar");
    let student = dir.join("jrl230001");
    std::fs::create_dir_all(student.join("lib")).unwrap();
    std::fs::copy(fixtures().join("java/Wrap.java"), student.join("Wrap.java")).unwrap();
    // The library, compiled and packed as the student's IDE packed it.
    let lib = dir.join("checks");
    std::fs::create_dir_all(lib.join("edu/checks")).unwrap();
    std::fs::write(
        lib.join("edu/checks/Boards.java"),
        "package edu.checks;\npublic class Boards {\n    public static boolean valid(String[] args) { return args.length == 3; }\n}\n",
    )
    .unwrap();
    let javac =
        Command::new("javac").arg("-d").arg(lib.join("classes")).arg(lib.join("edu/checks/Boards.java")).output();
    let javac = javac.expect("javac is installed (the grading tests need a JDK)");
    assert!(javac.status.success(), "{}", String::from_utf8_lossy(&javac.stderr));
    let jar = Command::new("jar")
        .arg("cf")
        .arg(student.join("lib/checks.jar"))
        .arg("-C")
        .arg(lib.join("classes"))
        .arg(".")
        .output()
        .expect("jar is installed with javac");
    assert!(jar.status.success(), "{}", String::from_utf8_lossy(&jar.stderr));
    std::fs::write(
        student.join("ABGame.java"),
        "import edu.checks.Boards;\n\npublic class ABGame {\n    public static void main(String[] args) throws Exception {\n        if (!Boards.valid(args)) {\n            System.out.println(\"usage: ABGame <input> <output> <depth>\");\n            return;\n        }\n        Wrap.run(\"ABGame\", args);\n    }\n}\n",
    )
    .unwrap();
    let out = dir.join("out");
    let sheet = grade_with_the_tests_class_file(&student, &out);
    let report = std::fs::read_to_string(out.join("reports/jrl230001.md")).unwrap();
    let row = sheet_row(&sheet, "jrl230001").unwrap();
    assert!(report.contains("- ABGame: all 4 cases right"), "{report}");
    assert!(row[1] > 0.0, "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Java student who exported a "Runnable JAR file" from Eclipse for each program, its
/// class named in their own way (`play.SecondPlayerSliding`), the jar named as the
/// program: the jar is the program, run as `java -jar`. Before, the jar's name was not
/// read, the class's matched none of the eight, and the TA trial's Eclipse student got 80.
#[test]
fn a_runnable_jar_named_as_a_program_is_that_program() {
    let dir = scratch("eclipse_jars");
    let student = dir.join("ekw230002");
    copy_dir(&fixtures().join("java"), &student);
    let classes = dir.join("classes");
    std::fs::create_dir_all(dir.join("src/play")).unwrap();
    for (class, program) in
        [("SecondPlayerPlacing", "MiniMaxOpeningBlack"), ("SecondPlayerSliding", "MiniMaxGameBlack")]
    {
        std::fs::remove_file(student.join(format!("{program}.java"))).unwrap();
        let src = dir.join(format!("src/play/{class}.java"));
        std::fs::write(
            &src,
            format!(
                "package play;\n\npublic class {class} {{\n    public static void main(String[] args) throws Exception {{\n        \
                 String[] command = new String[args.length + 1];\n        \
                 command[0] = System.getenv(\"MORRIS_CLASSROOM_BIN\") + \"/{program}\";\n        \
                 System.arraycopy(args, 0, command, 1, args.length);\n        \
                 System.exit(new ProcessBuilder(command).inheritIO().start().waitFor());\n    }}\n}}\n"
            ),
        )
        .unwrap();
        let javac = Command::new("javac").arg("-d").arg(&classes).arg(&src).output();
        let javac = javac.expect("javac is installed (the grading tests need a JDK)");
        assert!(javac.status.success(), "{}", String::from_utf8_lossy(&javac.stderr));
        let jar = student.join(format!("{program}.jar"));
        let main_class = format!("play.{class}");
        let create = ["--create", "--file"].map(OsStr::new).into_iter().chain([jar.as_os_str()]);
        let entry = [OsStr::new("--main-class"), OsStr::new(&main_class), OsStr::new("-C"), classes.as_os_str()];
        run_tool("jar", create.chain(entry).chain([OsStr::new(".")]));
    }
    let out = dir.join("out");
    let sheet = grade_with_the_tests_class_file(&student, &out);
    let report = std::fs::read_to_string(out.join("reports/ekw230002.md")).unwrap();
    let row = sheet_row(&sheet, "ekw230002").unwrap();
    assert!(
        report.contains(
            "MiniMaxGameBlack: the runnable jar MiniMaxGameBlack.jar (the handout's name), run as `java -jar`"
        ),
        "{report}"
    );
    assert_eq!(row[2], 10.0, "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A tarball whose links point out of the grader's copy (`.grade-calls`, where the grader
/// writes each call's board, and a `lib` beside the programs): the links are left out, the
/// grader writes nothing outside its copy, and the programs are graded as ever.
#[test]
fn links_in_an_archive_cannot_lead_the_grader_out_of_its_copy() {
    let dir = scratch("links");
    let victim = dir.join("victim");
    std::fs::create_dir_all(&victim).unwrap();
    let student = dir.join("src/lnk230001");
    copy_dir(&fixtures().join("python"), &student);
    std::os::unix::fs::symlink(&victim, student.join(".grade-calls")).unwrap();
    std::os::unix::fs::symlink(&victim, student.join(".grade-visual-cpp")).unwrap();
    std::os::unix::fs::symlink(&victim, student.join("lib")).unwrap();
    let class = dir.join("class");
    std::fs::create_dir_all(&class).unwrap();
    let tar = class.join("lnk230001.tar");
    run_tool("tar", [OsStr::new("-cf"), tar.as_os_str(), OsStr::new("-C"), student.as_os_str(), OsStr::new(".")]);
    let out = dir.join("out");
    let sheet = grade_with_the_tests_class_file(&class.join("lnk230001.tar"), &out);
    let report = std::fs::read_to_string(out.join("reports/lnk230001.md")).unwrap();
    assert_eq!(sheet_row(&sheet, "lnk230001").unwrap()[5], 100.0, "{report}");
    let written: Vec<_> = std::fs::read_dir(&victim).unwrap().flatten().map(|e| e.path()).collect();
    assert!(written.is_empty(), "the grader wrote outside its copy: {written:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Code alike (similarity.md): the tokens that renaming and comments leave alone, and the
/// pairs of submissions listed.
mod similar {
    use morris::grade::similar::*;
    use std::path::PathBuf;

    const ONE: &str = r#"
def close_mill(j, board):
    # does placing at j close a mill?
    c = board[j]
    if j == 0:
        return (board[6] == c and board[18] == c)
    if j == 1:
        return (board[11] == c and board[20] == c)
    if j == 2:
        return (board[7] == c and board[15] == c)
    return False

def count(board, who):
    n = 0
    for p in board:
        if p == who:
            n += 1
    return n

def minimax(board, depth, white, stats):
    if depth == 0:
        stats["evaluated"] += 1
        return estimate(board), board
    moves = generate_add(board) if white else generate_black(board)
    best = None
    value = -INF if white else INF
    for m in moves:
        v, _ = minimax(m, depth - 1, not white, stats)
        if (white and v > value) or (not white and v < value):
            value, best = v, m
    if best is None:
        return estimate(board), board
    return value, best

def generate_add(board):
    out = []
    for loc in range(len(board)):
        if board[loc] == "x":
            b = list(board)
            b[loc] = "W"
            if close_mill(loc, b):
                generate_remove(b, out)
            else:
                out.append(b)
    return out

def generate_remove(board, out):
    removed = False
    for loc in range(len(board)):
        if board[loc] == "B" and not close_mill(loc, board):
            b = list(board)
            b[loc] = "x"
            out.append(b)
            removed = True
    if not removed:
        out.append(list(board))

def main():
    with open(sys.argv[1]) as f:
        board = list(f.read().strip())
    stats = {"evaluated": 0}
    value, best = minimax(board, int(sys.argv[3]), True, stats)
    with open(sys.argv[2], "w") as f:
        f.write("".join(best))
    print("Board Position:", "".join(best))
    print("Positions evaluated by static estimation:", stats["evaluated"])
    print("MINIMAX estimate:", value)
"#;

    #[test]
    fn renaming_and_recommenting_change_nothing() {
        let renamed = ONE
            .replace("close_mill", "isMill")
            .replace("board", "b")
            .replace("# does placing at j close a mill?", "# my own comment\n    # and another")
            .replace("    c = ", "    colour  =  ")
            .replace("== c", "== colour");
        let a = tokens(ONE, Family::Python);
        assert_eq!(a, tokens(&renamed, Family::Python));
        assert!(!fingerprints(&a).is_empty());
        let other = "def main():\n    while True:\n        print('hi')\n        break\n";
        assert_ne!(a, tokens(other, Family::Python));
        // C: comments of both kinds and the preprocessor's lines dropped.
        let c = "#include <stdio.h>\nint f(int x) { /* add */ return x + 1; } // one\n";
        let c2 = "#include \"board.h\"\nint g(int y) { return y + 2; }\n";
        assert_eq!(tokens(c, Family::C), tokens(c2, Family::C));
    }

    /// An empty class folder of this process, and a way to write a file of a student in it.
    fn class_dir(name: &str) -> (PathBuf, impl Fn(&str, &str, &str)) {
        let dir = std::env::temp_dir().join(format!("morris-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let root = dir.clone();
        let put = move |who: &str, file: &str, text: &str| {
            let p = root.join(who).join(file);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        };
        (dir, put)
    }

    #[test]
    fn a_ring_that_is_all_of_a_small_class_s_language_is_listed() {
        // Four Python students of six share one module; the other two wrote Java.
        let (dir, put) = class_dir("ring");
        for (who, name) in [("a", "morrislib.py"), ("b", "lib/morris_core.py"), ("c", "common.py"), ("d", "utils.py")] {
            put(who, name, ONE);
        }
        put("e", "ABGame.java", "class ABGame { public static void main(String[] a) { } }");
        put("f", "ABGame.java", "class ABGame { static int f(int x) { return x; } }");
        let students: Vec<(String, PathBuf)> =
            ["a", "b", "c", "d", "e", "f"].iter().map(|s| (s.to_string(), dir.join(s))).collect();
        let pairs = alike(&students);
        assert_eq!(pairs.len(), 6, "{pairs:?}");
        assert!(pairs.iter().all(|p| p.family == Family::Python && p.share.0 > 0.99), "{pairs:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_copied_submission_is_listed_and_different_ones_are_not() {
        let (dir, put) = class_dir("similar");
        let long = ONE.to_string();
        put("abc", "ABGame.py", &long);
        put("def", "src/ab_game.py", &long.replace("board", "state").replace("close_mill", "mill"));
        put("ghi", "ABGame.py", "import sys\nprint(sys.argv)\n");
        put("ghi", ".grade-classes/x.py", &long);
        put("jkl", "ABGame.java", "class ABGame { public static void main(String[] a) { } }");
        let students: Vec<(String, PathBuf)> =
            ["abc", "def", "ghi", "jkl"].iter().map(|s| (s.to_string(), dir.join(s))).collect();
        let pairs = alike(&students);
        assert_eq!(pairs.len(), 1, "{pairs:?}");
        assert_eq!(pairs[0].students, ("abc".into(), "def".into()));
        assert_eq!(pairs[0].family, Family::Python);
        assert!(pairs[0].share.0 > 0.99, "{pairs:?}");
        assert_eq!((pairs[0].files[0].0.as_str(), pairs[0].files[0].1.as_str()), ("ABGame.py", "src/ab_game.py"));
        let md = markdown(&pairs, students.len());
        assert!(md.contains("| abc ~ def | Python |"), "{md}");
        assert!(markdown(&[], 4).contains("No pair of submissions is alike."));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// A student who wrote each program as a Jupyter notebook and handed in the exports of
/// `jupyter nbconvert --to script` (TA trial 31, nbx240311): each magic became a call on
/// IPython's shell (`get_ipython().run_line_magic('run', 'wrap.py')`), so plain `python3`
/// stops at the first line with a NameError, and the README says to run them with
/// `ipython`. The grader runs them with IPython and grades what they do. Needs a python3
/// with IPython first on the test's own `PATH` (pyenv's here; Debian's has none), which the
/// grader is then given: the test installs nothing.
#[test]
fn nbconvert_exports_are_run_with_ipython() {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let ipython = Command::new("python3")
        .args(["-c", "import IPython"])
        .env("PATH", &path)
        .output()
        .is_ok_and(|o| o.status.success());
    if !ipython {
        assert!(
            std::env::var("MORRIS_SKIP_GRADE_TOOLS").is_ok_and(|v| v == "1"),
            "python3's IPython is needed by this test (pip install ipython), or set MORRIS_SKIP_GRADE_TOOLS=1"
        );
        return;
    }
    let dir = scratch("ipython");
    let student = dir.join("nbx240101");
    copy_dir(&fixtures().join("python"), &student);
    let programs: Vec<String> = std::fs::read_dir(&student)
        .unwrap()
        .filter_map(|e| e.unwrap().file_name().into_string().ok()?.strip_suffix(".py").map(str::to_string))
        .filter(|n| n != "wrap")
        .collect();
    assert_eq!(programs.len(), 8, "{programs:?}");
    for name in programs {
        let export = format!(
            "#!/usr/bin/env python\n# coding: utf-8\n\n# In[1]:\n\n\nget_ipython().run_line_magic('load_ext', \
             'autoreload')\nget_ipython().run_line_magic('autoreload', '2')\nget_ipython().run_line_magic('run', \
             'wrap.py')\n\n\n# In[2]:\n\n\nrun(\"{name}\")\n\n"
        );
        std::fs::write(student.join(format!("{name}.py")), export).unwrap();
    }
    let class_file = dir.join("class.toml");
    std::fs::write(&class_file, class_file_of(&[1, 2, 4, 6])).unwrap();
    let out = dir.join("out");
    let args = [student.to_str().unwrap(), "--class", class_file.to_str().unwrap(), "--out", out.to_str().unwrap()];
    let done = grade_command(&dir, &args).env("PATH", &path).env("PIP_NO_INDEX", "1").output().unwrap();
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    let sheet = std::fs::read_to_string(out.join("grades.csv")).unwrap();
    let rep = std::fs::read_to_string(out.join("reports/nbx240101.md")).unwrap();
    assert_eq!(sheet_row(&sheet, "nbx240101").unwrap(), vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
    assert!(!flagged(&sheet, "nbx240101"), "{rep}");
    assert!(
        rep.contains(
            "MiniMaxOpening: Python MiniMaxOpening.py, run with IPython as an nbconvert export calling `get_ipython()`"
        ),
        "{rep}"
    );
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    let row = summary.lines().find(|l| l.contains("a Python program run with IPython")).unwrap_or_default();
    assert!(row.contains("| 1 "), "{summary}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A student whose programs import a package from PyPI that the grading machine lacks,
/// declared in its requirements.txt (TA trial 26: numpy, click and rich, tabulate): the
/// grader installs it into the submission's copy and grades the programs by what they do;
/// with `--no-install`, 0, flagged, the package named. The package comes from a local
/// wheel here (pip told so by `PIP_FIND_LINKS` and `PIP_NO_INDEX`, as a TA's pip
/// configuration may name a course's own index), so the test needs no network.
#[test]
fn a_student_s_declared_packages_are_installed_into_its_copy() {
    if !have("python3", "--version") {
        return;
    }
    let pip = grader_python().args(["-m", "pip", "--version"]).output().is_ok_and(|o| o.status.success());
    if !pip {
        assert!(
            std::env::var("MORRIS_SKIP_GRADE_TOOLS").is_ok_and(|v| v == "1"),
            "python3's pip is needed by this test (apt install python3-pip), or set MORRIS_SKIP_GRADE_TOOLS=1"
        );
        return;
    }
    let dir = scratch("packages");
    let student = dir.join("pkg240101");
    copy_dir(&fixtures().join("python"), &student);
    copy_dir(&fixtures().join("packages/student"), &student);
    // What pip and venv run outside the sandbox must not be the student's: a `venv.py` and a
    // `pip/` at the submission's top, imported first by a Python that puts its working
    // folder on its path, would write here, where the sandbox cannot.
    let marker = dir.join("ran-outside-the-sandbox");
    let planted = format!("open({:?}, 'a').write(__name__ + '\\n')\n", marker.to_str().unwrap());
    std::fs::write(student.join("venv.py"), &planted).unwrap();
    std::fs::create_dir_all(student.join("pip")).unwrap();
    std::fs::write(student.join("pip/__init__.py"), &planted).unwrap();
    std::fs::write(student.join("pip/__main__.py"), &planted).unwrap();
    let wheels = fixtures().join("packages/wheels");
    let class_file = dir.join("class.toml");
    std::fs::write(&class_file, class_file_of(&[1, 2, 4, 6])).unwrap();
    let grade = |out: &str, more: &[&str]| {
        let out = dir.join(out);
        let mut args =
            vec![student.to_str().unwrap(), "--class", class_file.to_str().unwrap(), "--out", out.to_str().unwrap()];
        args.extend(more);
        let done = grade_command(&dir, &args)
            .env("PIP_FIND_LINKS", &wheels)
            .env("PIP_NO_INDEX", "1")
            .env("PIP_CACHE_DIR", dir.join("pip-cache"))
            .output()
            .unwrap();
        assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
        let sheet = std::fs::read_to_string(out.join("grades.csv")).unwrap();
        let report = std::fs::read_to_string(out.join("reports/pkg240101.md")).unwrap();
        (sheet, report)
    };
    let (sheet, rep) = grade("out", &[]);
    assert_eq!(sheet_row(&sheet, "pkg240101").unwrap(), vec![45.0, 35.0, 10.0, 10.0, 0.0, 100.0], "{rep}");
    assert!(!flagged(&sheet, "pkg240101"), "{rep}");
    assert!(
        rep.contains("installed into the copy's .grade-venv/ (wheels only, as requirements.txt declares): asciiboard>=1.0 → asciiboard 1.0.0"),
        "{rep}"
    );
    assert!(!marker.exists(), "the student's own venv.py or pip ran outside the sandbox");
    // pytest is declared but imported by no program: not installed.
    assert!(!rep.contains("pytest>=8"), "{rep}");
    let (sheet, rep) = grade("offline", &["--no-install"]);
    assert_eq!(sheet_row(&sheet, "pkg240101").unwrap()[5], 0.0, "{rep}");
    assert!(flagged(&sheet, "pkg240101"), "{rep}");
    assert!(
        rep.contains("failed for want of the Python module `asciiboard`") && rep.contains("without `--no-install`"),
        "{rep}"
    );
    // No index reachable (a closed port): the first student's pip fails, and the next is
    // not made to wait for it again.
    let class = dir.join("class");
    for id in ["pkg240101", "pkg240102"] {
        copy_dir(&student, &class.join(id));
    }
    let out = dir.join("unreachable");
    let args = [
        class.to_str().unwrap(),
        "--class",
        class_file.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--jobs",
        "1",
    ];
    let done = grade_command(&dir, &args)
        .env("PIP_INDEX_URL", "http://127.0.0.1:9/simple")
        .env("PIP_CACHE_DIR", dir.join("empty-pip-cache"))
        .env_remove("PIP_FIND_LINKS")
        .env_remove("PIP_NO_INDEX")
        .output()
        .unwrap();
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    let reports: Vec<String> = ["pkg240101", "pkg240102"]
        .iter()
        .map(|id| std::fs::read_to_string(out.join(format!("reports/{id}.md"))).unwrap())
        .collect();
    assert!(reports[0].contains("which pip could not install (exit 1: ERROR:"), "{}", reports[0]);
    assert!(reports[1].contains("as pip reached no package index earlier in this run"), "{}", reports[1]);
}
