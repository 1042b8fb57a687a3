//! `morris grade` on fixture submissions (tests/grade_fixtures): thin wrappers around
//! morris's own programs in Python, C and Java, and deliberately broken variants, graded
//! with the small class file tests/grade_fixtures/grade.toml.
//!
//! The fixtures need python3, gcc and javac. Where one is missing the test fails with a
//! message, unless MORRIS_SKIP_GRADE_TOOLS=1 is set on purpose (then the submissions
//! needing it are left out, and said so).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use morris::grade::run::{RunSpec, run};

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
        std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
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

/// Builds the class: `python_ok`, `c_ok`, `java_ok` and one folder per broken variant
/// (a base language's files with the variant's own on top, less those its REMOVE lists).
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
        let dest = class.join(&name);
        copy_dir(&base.join(&lang), &dest);
        copy_dir(&e.path(), &dest);
        let _ = std::fs::remove_file(dest.join("BASE"));
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

fn morris_grade(args: &[&str]) -> std::process::Output {
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_MiniMaxOpening")).parent().unwrap().to_path_buf();
    // The programs run in the sandbox, as a TA's would: the wrappers find our programs
    // through a variable passed on and a folder made readable.
    Command::new(env!("CARGO_BIN_EXE_morris"))
        .arg("grade")
        .args(args)
        .args(["--keep-env", "MORRIS_CLASSROOM_BIN", "--engine-read"])
        .arg(&bin_dir)
        .env("MORRIS_CLASSROOM_BIN", &bin_dir)
        .output()
        .unwrap()
}

fn sheet_row(sheet: &str, id: &str) -> Option<Vec<f64>> {
    let line = sheet.lines().find(|l| l.split(',').next() == Some(id))?;
    Some(line.split(',').skip(1).map(|v| v.parse().unwrap()).collect())
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
    let started = Instant::now();
    let done = morris_grade(&args);
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    let sheet = std::fs::read_to_string(out.join("grades.csv")).unwrap();
    assert!(sheet.starts_with("net_id,part1_minimax_45,part2_alphabeta_35,part3_black_10,part4_improved_10,total\n"));
    let report = |id: &str| std::fs::read_to_string(out.join("reports").join(format!("{id}.md"))).unwrap();
    let row = |id: &str| sheet_row(&sheet, id);
    for id in &ids {
        let r = row(id).unwrap_or_else(|| panic!("{id} is not on the sheet:\n{sheet}"));
        assert!((r[..4].iter().sum::<f64>() - r[4]).abs() < 0.02, "{id}: {r:?}");
    }
    for lang in ["python", "c", "java"] {
        if let Some(r) = row(&format!("{lang}_ok")) {
            assert_eq!(r, vec![45.0, 35.0, 10.0, 10.0, 100.0], "{lang}_ok:\n{}", report(&format!("{lang}_ok")));
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
            ("missing", 1, "ABGame was not found"),
            ("no_compile", 0, "expected ‘;’"),
        ];
        for (id, part, note) in broken {
            let Some(r) = row(id) else { continue };
            assert!(r[part] < ok[part], "{id} should lose points in part {}: {r:?}", part + 1);
            let rep = report(id);
            assert!(rep.contains(note) || rep.contains(&note.replace(['‘', '’'], "'")), "{id}: no {note:?} in\n{rep}");
        }
        if let Some(r) = row("equal_move") {
            assert_eq!(r[0], 45.0, "{}", report("equal_move"));
            assert!(report("equal_move").contains("a different move with the same estimate"));
        }
    }
    // Three calls of three seconds time out: the whole class stays well under a minute.
    assert!(started.elapsed() < Duration::from_secs(120), "{:?}", started.elapsed());

    // A rerun skips the students graded, and keeps them on the sheet.
    let again = Instant::now();
    let done = morris_grade(&args);
    assert!(done.status.success());
    assert!(again.elapsed() < Duration::from_secs(10), "{:?}", again.elapsed());
    assert_eq!(std::fs::read_to_string(out.join("grades.csv")).unwrap(), sheet);
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

    let bad_toml = dir.join("grade.toml");
    std::fs::write(&bad_toml, "run_seconds = \"soon\"\n").unwrap();
    let done = morris_grade(&[dir.to_str().unwrap(), "--class", bad_toml.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&done.stderr);
    assert!(!done.status.success());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("bad class file") && err.contains("grade.toml"), "{err}");

    let zip = dir.join("abc123.zip");
    std::fs::write(&zip, "this is not a zip").unwrap();
    let out = dir.join("out");
    let done = morris_grade(&[zip.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&done.stderr);
    assert!(err.lines().any(|l| l.contains("abc123") && l.contains("not a usable zip file")), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let sheet = std::fs::read_to_string(out.join("grades.csv")).unwrap();
    assert!(sheet.contains("abc123,0,0,0,0,0"), "{sheet}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_timeout_kills_the_whole_process_group() {
    let started = Instant::now();
    let outcome = run(&RunSpec {
        argv: vec!["sh".into(), "-c".into(), "echo started; sleep 100 & sleep 100".into()],
        dir: std::env::temp_dir(),
        time_limit: Duration::from_millis(300),
        output_limit: 1024,
        writable: None,
    });
    // The background `sleep` holds stdout too: only killing the group ends the read.
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    assert!(outcome.timed_out);
    assert_eq!(outcome.stdout, "started\n");
    let missing = run(&RunSpec {
        argv: vec!["no-such-program-anywhere".into()],
        dir: std::env::temp_dir(),
        time_limit: Duration::from_secs(5),
        output_limit: 1024,
        writable: None,
    });
    assert!(missing.start_error.is_some(), "{missing:?}");
}
