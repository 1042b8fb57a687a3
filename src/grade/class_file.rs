//! The class file, `grade.toml`: limits, cases added to (or replacing) the built-in ones,
//! the match's length, and commands for students whose layout is unusual. Every field is
//! optional; an unknown one is an error, so a misspelt key is not silently ignored.
//!
//! ```toml
//! run_seconds = 30          # per program call (in proportion for calls over 25,000 positions)
//! build_seconds = 120       # per build step
//! replace_cases = false     # true: only the cases below
//! match_depth = 2           # the improved programs' match, at equal depth
//! match_plies = 40          # then a game goes to the side with more stones (level: a draw)
//! wording_deduction = 0     # points off for output in words other than the handout's
//! command_deduction = 0     # points off for a command line other than the handout's
//! late_deduction = 0        # points off for a submission Canvas marked late
//! canvas_column = "Project 2 (1234)"   # the assignment's column in Canvas's gradebook
//! points = 50               # what it is worth in Canvas and Gradescope (totals scaled from 100)
//!
//! [[case]]
//! phase = "opening"         # or "game"
//! board = "xxxxxxxWxxxxxxBxxxxxxx"
//! depth = 3
//!
//! [student.xyz1234]         # a net ID
//! build = [["make", "all"]] # run in the submission's folder, in order
//! [student.xyz1234.programs]
//! MiniMaxOpening = ["java", "-cp", "out", "mm.Opening"]   # the three arguments are appended
//! ```
//! A `grade.toml` inside a submission may hold `build` and `programs` for that student.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

/// The whole class file.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassFile {
    /// Time limit of one program call, in seconds.
    pub run_seconds: Option<f64>,
    /// Time limit of one build step, in seconds.
    pub build_seconds: Option<f64>,
    /// Drop the built-in cases and grade by `case` alone.
    #[serde(default)]
    pub replace_cases: bool,
    /// Depth of the improved programs' match.
    pub match_depth: Option<u32>,
    /// Plies after which a match game goes to the side with more stones, a draw where
    /// they are level (0: no match).
    pub match_plies: Option<u32>,
    /// Points off the total for output worded otherwise than the handout's (default 0).
    pub wording_deduction: Option<f64>,
    /// Points off the total for a command line other than the handout's (default 0).
    pub command_deduction: Option<f64>,
    /// Points off the total for a submission Canvas's download marks late (default 0).
    pub late_deduction: Option<f64>,
    /// The assignment's column in Canvas's gradebook, `Name (id)` as Canvas exports it
    /// (default `Morris Variant`).
    pub canvas_column: Option<String>,
    /// What the assignment is worth in Canvas and Gradescope (default 100, or with
    /// `--gradebook` the `Points Possible` of the column filled): `canvas.csv` and
    /// `gradescope.csv` scale each total of 100 to it. The grade sheet and reports keep
    /// the handout's 100 points.
    pub points: Option<f64>,
    /// Install the Python packages a submission's programs import and this machine lacks,
    /// as its `requirements.txt` (or `Pipfile`, `pyproject.toml`, …) declares them (default
    /// true; `morris grade --no-install` says false too).
    pub install: Option<bool>,
    /// Cases to add.
    #[serde(default, rename = "case")]
    pub cases: Vec<CaseEntry>,
    /// Commands per net ID.
    #[serde(default, rename = "student")]
    pub students: BTreeMap<String, StudentCommands>,
}

/// One case of the class file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaseEntry {
    /// `opening` or `game`.
    pub phase: String,
    /// The board string, White to move (the Black programs get it colour-swapped).
    pub board: String,
    /// Plies.
    pub depth: u32,
    /// Grade only the alpha-beta program on it (a deep case).
    #[serde(default)]
    pub alpha_beta_only: bool,
}

/// How to build and run one student's programs.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StudentCommands {
    /// Build steps, each an argv, run in order in the submission's folder.
    #[serde(default)]
    pub build: Vec<Vec<String>>,
    /// Program name to argv (input, output and depth are appended).
    #[serde(default)]
    pub programs: BTreeMap<String, Vec<String>>,
}

/// Why a class file cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {reason}")]
pub struct ClassFileError {
    /// The file.
    pub path: String,
    /// What is wrong, on one line.
    pub reason: String,
}

/// Parses TOML text into `T`, with a one-line reason.
fn parse<T: for<'de> Deserialize<'de>>(text: &str, path: &Path) -> Result<T, ClassFileError> {
    toml::from_str(text).map_err(|e| ClassFileError {
        path: path.display().to_string(),
        reason: e.to_string().split_whitespace().collect::<Vec<_>>().join(" "),
    })
}

/// Reads a class file.
///
/// # Errors
/// Unreadable file, TOML syntax, an unknown key, a wrong type, a bad case.
pub fn read_class_file(path: &Path) -> Result<ClassFile, ClassFileError> {
    let text = crate::files::read_text(path, crate::files::SMALL_TEXT)
        .map_err(|e| ClassFileError { path: path.display().to_string(), reason: crate::files::io_reason(&e) })?;
    let class: ClassFile = parse(&text, path)?;
    for (key, points) in [
        ("wording_deduction", class.wording_deduction),
        ("command_deduction", class.command_deduction),
        ("late_deduction", class.late_deduction),
    ] {
        if let Some(p) = points
            && !(0.0..=100.0).contains(&p)
        {
            return Err(ClassFileError {
                path: path.display().to_string(),
                reason: format!("{key} must be 0 to 100 points, got {p}"),
            });
        }
    }
    if let Some(p) = class.points
        && !(p > 0.0 && p <= 10_000.0)
    {
        return Err(ClassFileError {
            path: path.display().to_string(),
            reason: format!("points must be above 0 and at most 10000, got {p}"),
        });
    }
    for (i, case) in class.cases.iter().enumerate() {
        let bad = |reason: String| ClassFileError { path: path.display().to_string(), reason };
        if case.phase != "opening" && case.phase != "game" {
            return Err(bad(format!("case {}: phase must be \"opening\" or \"game\", got {:?}", i + 1, case.phase)));
        }
        crate::classroom::board_file::parse_board(&case.board, "the class file")
            .map_err(|e| bad(format!("case {}: {e}", i + 1)))?;
        if !(1..=8).contains(&case.depth) {
            return Err(bad(format!("case {}: depth must be 1 to 8, got {}", i + 1, case.depth)));
        }
    }
    Ok(class)
}

/// Reads a submission's own `grade.toml` (`build` and `programs`).
///
/// # Errors
/// As [`read_class_file`].
pub fn read_student_file(path: &Path) -> Result<StudentCommands, ClassFileError> {
    let text = crate::files::read_text(path, crate::files::SMALL_TEXT)
        .map_err(|e| ClassFileError { path: path.display().to_string(), reason: crate::files::io_reason(&e) })?;
    parse(&text, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The class file at `text`, read as `morris grade --class` reads it.
    fn read(text: &str) -> Result<ClassFile, ClassFileError> {
        let path = std::env::temp_dir().join(format!("morris-class-file-{}-{}.toml", std::process::id(), text.len()));
        std::fs::write(&path, text).unwrap();
        let read = read_class_file(&path);
        std::fs::remove_file(&path).unwrap();
        read
    }

    #[test]
    fn points_and_deductions_are_read_within_their_bounds() {
        let class = read("points = 50\nlate_deduction = 10\n").unwrap();
        assert_eq!((class.points, class.late_deduction), (Some(50.0), Some(10.0)));
        let err = read("points = 0\n").unwrap_err().to_string();
        assert!(err.contains("points must be above 0"), "{err}");
        let err = read("late_deduction = 120\n").unwrap_err().to_string();
        assert!(err.contains("late_deduction must be 0 to 100 points, got 120"), "{err}");
        let err = read("point = 50\n").unwrap_err().to_string();
        assert!(err.contains("unknown field"), "{err}");
    }
}
