//! A class as the course sites hand it over, read without the TA sorting it first:
//!
//! - **Canvas**'s "Download Submissions": one flat folder (or the zip itself) of every
//!   student's files, each renamed `name_USERID_FILEID_File.py` (`name_LATE_USERID_…` when
//!   handed in late; a file uploaded again under a name already used gets `-1`, `-2`
//!   before its extension). The files are grouped by the Canvas user ID, given back the
//!   names the student gave them (so `import board` and `public class ABGame` still work),
//!   and the user ID goes into canvas.csv's `ID` column, by which Canvas matches a row.
//! - **Gradescope**'s "Export Submissions": a folder (or its zip) holding
//!   `submission_metadata.yml` and a folder `submission_N/` per submission; the metadata
//!   names each one's submitters (name, SID, email; several for a group). A submission is
//!   named by its first submitter's email before the `@` (the net ID, at most schools),
//!   and `gradescope.csv` gives every submitter their score.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use nom::IResult;
use nom::Parser;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{char, digit1, space0};
use nom::combinator::{opt, rest};
use nom::sequence::terminated;

/// One submitter of a Gradescope submission.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Submitter {
    /// Full name.
    pub name: String,
    /// Student ID (may be empty).
    pub sid: String,
    /// Email (may be empty).
    pub email: String,
}

/// Who a submission is, as the course site knows it; empty for a folder named by net ID.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Who {
    /// The Canvas user ID (from a Canvas download).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub canvas_id: Option<String>,
    /// Canvas marked the files late.
    #[serde(default)]
    pub late: bool,
    /// Gradescope's submitters (from a Gradescope export).
    #[serde(default)]
    pub submitters: Vec<Submitter>,
}

impl Who {
    /// In words, for the report; empty when nothing is known.
    #[must_use]
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(id) = &self.canvas_id {
            parts.push(format!("Canvas user {id}"));
        }
        for s in &self.submitters {
            let mut one = s.name.clone();
            if !s.email.is_empty() {
                one.push_str(&format!(" <{}>", s.email));
            }
            if !s.sid.is_empty() {
                one.push_str(&format!(" (SID {})", s.sid));
            }
            parts.push(format!("Gradescope submitter {}", one.trim()));
        }
        if self.late {
            parts.push("handed in late (Canvas marked the files LATE)".into());
        }
        parts.join("; ")
    }
}

/// A file of a Canvas download, its name taken apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CanvasFile {
    /// Canvas's short form of the student's name (`smithjohn`).
    pub student: String,
    /// Marked `LATE`.
    pub late: bool,
    /// The Canvas user ID.
    pub user_id: String,
    /// The file's own ID (absent for a text entry).
    pub file_id: Option<u64>,
    /// The name the student gave the file, less Canvas's `-1` for a name uploaded again.
    pub name: String,
}

/// `name_[LATE_]USERID_[FILEID_]rest`.
fn canvas_name(input: &str) -> IResult<&str, (&str, bool, &str, Option<&str>, &str)> {
    let (input, (student, _, late, user_id, _, file_id, rest)) = (
        take_while1(char::is_alphanumeric),
        char('_'),
        opt(terminated(tag("LATE"), char('_'))),
        digit1,
        char('_'),
        opt(terminated(digit1, char('_'))),
        rest,
    )
        .parse(input)?;
    Ok((input, (student, late.is_some(), user_id, file_id, rest)))
}

/// A file name less Canvas's copy number: `ABGame-1.java` is `ABGame.java`.
#[must_use]
pub fn without_copy_number(name: &str) -> String {
    let (stem, ext) = match name.rfind('.') {
        Some(i) if i > 0 => name.split_at(i),
        _ => (name, ""),
    };
    match stem.rsplit_once('-') {
        Some((base, n)) if !base.is_empty() && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
            format!("{base}{ext}")
        }
        _ => name.to_string(),
    }
}

/// The parts of a Canvas download's file name, if it is one.
#[must_use]
pub fn canvas_file(file_name: &str) -> Option<CanvasFile> {
    let (_, (student, late, user_id, file_id, rest)) = canvas_name(file_name).ok()?;
    if rest.is_empty() {
        return None;
    }
    Some(CanvasFile {
        student: student.to_lowercase(),
        late,
        user_id: user_id.to_string(),
        file_id: file_id.and_then(|f| f.parse().ok()),
        name: without_copy_number(rest),
    })
}

/// One student of a Canvas download: the net ID given, who, and the files with the names
/// to give them.
pub type CanvasStudent = (String, Who, Vec<(PathBuf, String)>);

/// The students of a Canvas download in `dir`, if it is one: at least half of its files
/// (and one at the least) named as Canvas names them. A student's files that come to one
/// name keep it for the latest upload (the highest file ID); the others keep Canvas's name.
/// Two students with one short name are told apart by their user IDs (`leejohn_12345`).
#[must_use]
pub fn canvas_download(dir: &Path) -> Option<Vec<CanvasStudent>> {
    let files: Vec<PathBuf> = visible_files(dir);
    let named: Vec<(PathBuf, CanvasFile)> =
        files.iter().filter_map(|p| Some((p.clone(), canvas_file(p.file_name()?.to_str()?)?))).collect();
    if named.is_empty() || named.len() * 2 < files.len() {
        return None;
    }
    let mut by_user: BTreeMap<String, Vec<(PathBuf, CanvasFile)>> = BTreeMap::new();
    for (p, f) in named {
        by_user.entry(f.user_id.clone()).or_default().push((p, f));
    }
    let mut short_names: BTreeMap<String, usize> = BTreeMap::new();
    for files in by_user.values() {
        *short_names.entry(files[0].1.student.clone()).or_default() += 1;
    }
    let mut out = Vec::new();
    for (user, mut files) in by_user {
        let short = files[0].1.student.clone();
        let net_id = if short_names[&short] > 1 { format!("{short}_{user}") } else { short };
        // Latest upload first: it gets the name the student gave.
        files.sort_by_key(|f| std::cmp::Reverse(f.1.file_id));
        let mut taken: Vec<String> = Vec::new();
        let mut named = Vec::new();
        for (path, f) in &files {
            let canvas_own = path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            let usable = !(taken.contains(&f.name) || f.name == "." || f.name == "..");
            let name = if usable { f.name.clone() } else { canvas_own };
            taken.push(name.clone());
            named.push((path.clone(), name));
        }
        let who = Who { canvas_id: Some(user), late: files.iter().any(|(_, f)| f.late), submitters: Vec::new() };
        out.push((net_id, who, named));
    }
    Some(out)
}

/// The files directly in `dir`, hidden ones left out, sorted.
fn visible_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> =
        super::submission::visible_children(dir).into_iter().filter(|p| p.is_file()).collect();
    files.sort();
    files
}

/// The name of Gradescope's metadata file in an export.
pub const GRADESCOPE_METADATA: &str = "submission_metadata.yml";

/// One line's `key: value` (Ruby's YAML writes the keys as symbols, `:name:`).
fn key_value(line: &str) -> IResult<&str, (&str, &str)> {
    let (input, (_, key, _, _, value)) =
        (opt(char(':')), take_while1(|c: char| c.is_alphanumeric() || c == '_'), char(':'), space0, rest)
            .parse(line)?;
    Ok((input, (key, value)))
}

/// A YAML scalar as written: plain, `'single'` (`''` a quote) or `"double"` quoted.
fn scalar(value: &str) -> String {
    let v = value.trim();
    if v.len() >= 2 && v.starts_with('\'') && v.ends_with('\'') {
        return v[1..v.len() - 1].replace("''", "'");
    }
    if v.len() >= 2 && v.starts_with('"') && v.ends_with('"') {
        return v[1..v.len() - 1].replace("\\\"", "\"").replace("\\\\", "\\");
    }
    if v == "~" || v == "null" { String::new() } else { v.to_string() }
}

/// The submissions of a Gradescope `submission_metadata.yml`: each folder's name and its
/// submitters. Only what names the submitters is read; the rest (scores, autograder
/// results, however deep) is passed over.
///
/// # Errors
/// A line where a submission's name should be that is not one, as `line N: …`.
pub fn gradescope_metadata(text: &str) -> Result<Vec<(String, Vec<Submitter>)>, String> {
    let mut out: Vec<(String, Vec<Submitter>)> = Vec::new();
    // The indentation of a submission's fields, and of `:submitters:` while in its list.
    let mut fields_at: Option<usize> = None;
    let mut in_submitters: Option<usize> = None;
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed == "---" {
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        if indent == 0 {
            let Ok((_, (key, value))) = key_value(trimmed) else {
                return Err(format!(
                    "line {}: expected a submission's folder (`submission_N:`), found {trimmed:?}",
                    n + 1
                ));
            };
            if !value.trim().is_empty() {
                return Err(format!("line {}: {key} should name a submission's fields, not hold {value:?}", n + 1));
            }
            out.push((key.to_string(), Vec::new()));
            (fields_at, in_submitters) = (None, None);
            continue;
        }
        let Some((_, submitters)) = out.last_mut() else {
            return Err(format!("line {}: indented before any submission's folder", n + 1));
        };
        let item = trimmed.strip_prefix("- ").or_else(|| (trimmed == "-").then_some(""));
        match in_submitters {
            Some(at) if indent >= at && item.is_some() => {
                submitters.push(Submitter::default());
                set_field(submitters, item.unwrap_or_default());
            }
            Some(at) if indent > at => set_field(submitters, trimmed),
            _ => {
                in_submitters = None;
                let at = *fields_at.get_or_insert(indent);
                if let (true, Ok((_, ("submitters", _)))) = (indent == at, key_value(trimmed)) {
                    in_submitters = Some(indent);
                }
            }
        }
    }
    Ok(out)
}

fn set_field(submitters: &mut [Submitter], text: &str) {
    let (Some(s), Ok((_, (key, value)))) = (submitters.last_mut(), key_value(text)) else { return };
    match key {
        "name" => s.name = scalar(value),
        "sid" => s.sid = scalar(value),
        "email" => s.email = scalar(value),
        _ => {}
    }
}

/// A name usable as a file's: letters, digits, `.`, `-`, `_` kept, anything else `_`.
fn file_safe(name: &str) -> String {
    let s: String =
        name.chars().map(|c| if c.is_alphanumeric() || matches!(c, '.' | '-' | '_') { c } else { '_' }).collect();
    if s.is_empty() || s.starts_with('.') { format!("_{s}") } else { s }
}

/// The net ID a Gradescope submission is graded under: its first submitter's email before
/// the `@`, else the SID, else the folder's name.
#[must_use]
pub fn gradescope_net_id(folder: &str, submitters: &[Submitter]) -> String {
    let first = submitters.first();
    let local = first.and_then(|s| s.email.split('@').next()).filter(|l| !l.trim().is_empty());
    let sid = first.map(|s| s.sid.as_str()).filter(|s| !s.trim().is_empty());
    file_safe(&local.or(sid).unwrap_or(folder).trim().to_lowercase())
}

/// One submission of a Gradescope export: its folder, the net ID given, who.
pub type ExportedSubmission = (PathBuf, String, Who);

/// The submissions of a Gradescope export in `dir`, if it is one (it holds
/// [`GRADESCOPE_METADATA`]): folder, net ID and who, for each folder the metadata names
/// (and any `submission_…` folder it does not, named by itself).
///
/// # Errors
/// The metadata cannot be read or parsed, as one line naming the file.
pub fn gradescope_export(dir: &Path) -> Option<Result<Vec<ExportedSubmission>, String>> {
    let meta = dir.join(GRADESCOPE_METADATA);
    if !meta.is_file() {
        return None;
    }
    let shown = meta.display();
    let text = match crate::files::read_text(&meta, crate::files::GAMES_TEXT) {
        Ok(t) => t,
        Err(e) => return Some(Err(format!("{shown}: {}", crate::files::io_reason(&e)))),
    };
    let listed = match gradescope_metadata(&text) {
        Ok(l) => l,
        Err(e) => return Some(Err(format!("{shown}: {e}"))),
    };
    let mut out = Vec::new();
    let mut ids: Vec<String> = Vec::new();
    let mut add = |folder: PathBuf, name: &str, submitters: Vec<Submitter>| {
        let mut id = gradescope_net_id(name, &submitters);
        if ids.contains(&id) {
            id = format!("{id}_{}", file_safe(name));
        }
        ids.push(id.clone());
        out.push((folder, id, Who { submitters, ..Who::default() }));
    };
    for (name, submitters) in &listed {
        let folder = dir.join(name);
        if folder.is_dir() {
            add(folder, name, submitters.clone());
        } else {
            log::warn!("{shown} names {name}, which is not a folder beside it: left out");
        }
    }
    let Ok(entries) = std::fs::read_dir(dir) else { return Some(Ok(out)) };
    let mut unlisted: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            p.is_dir() && name.starts_with("submission_") && !listed.iter().any(|(l, _)| *l == name)
        })
        .collect();
    unlisted.sort();
    for folder in unlisted {
        let name = folder.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        add(folder, &name, Vec::new());
    }
    Some(Ok(out))
}

/// Whether a zip's entries (`unzip -Z1`'s lines) are a whole class as a course site hands
/// it over: Gradescope's metadata at the top or in the one folder there, or Canvas's file
/// names for at least half of the files at its top.
#[must_use]
pub fn is_class_listing(entries: &[&str]) -> bool {
    let depth = |e: &str| e.trim_end_matches('/').matches('/').count();
    if entries
        .iter()
        .any(|e| !e.starts_with("__MACOSX") && e.rsplit('/').next() == Some(GRADESCOPE_METADATA) && depth(e) <= 1)
    {
        return true;
    }
    let top: Vec<&str> = entries.iter().copied().filter(|e| !e.ends_with('/') && depth(e) == 0).collect();
    let canvas = top.iter().filter(|e| canvas_file(e).is_some()).count();
    canvas > 0 && canvas * 2 >= top.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canvas_names_are_taken_apart() {
        let f = canvas_file("smithjohn_123456_7890123_MiniMaxOpening.py").unwrap();
        assert_eq!(
            f,
            CanvasFile {
                student: "smithjohn".into(),
                late: false,
                user_id: "123456".into(),
                file_id: Some(7_890_123),
                name: "MiniMaxOpening.py".into()
            }
        );
        let late = canvas_file("leejohn_LATE_42_77_minimax_opening-2.py").unwrap();
        assert!(late.late);
        assert_eq!((late.user_id.as_str(), late.name.as_str()), ("42", "minimax_opening.py"));
        // A name the student wrote with underscores and a leading number keeps them.
        assert_eq!(canvas_file("ab_1_2_3_board_utils.py").unwrap().name, "3_board_utils.py");
        // A text entry has no file ID.
        let text = canvas_file("smithjohn_123456_text.html").unwrap();
        assert_eq!((text.file_id, text.name.as_str()), (None, "text.html"));
        assert_eq!(canvas_file("ab_1_2_Makefile-3").unwrap().name, "Makefile", "no extension");
    }

    #[test]
    fn files_a_student_names_are_not_canvas_files() {
        for name in ["MiniMaxOpening.py", "minimax_opening.py", "Main_ABGame.java", "board_12.c", "x_12_", "README"] {
            assert_eq!(canvas_file(name), None, "{name}");
        }
        assert_eq!(without_copy_number("board-utils.py"), "board-utils.py");
        assert_eq!(without_copy_number("ABGame-12.java"), "ABGame.java");
        assert_eq!(without_copy_number("-1.py"), "-1.py");
    }

    #[test]
    fn gradescope_metadata_names_the_submitters() {
        let text = "---\n:submission_101:\n  :submitters:\n  - :name: Ana Ruiz\n    :sid: '2101'\n    :email: ar210101@school.edu\n  :created_at: 2026-10-01 10:00:00.000000000 -05:00\n  :score: 0.0\n  :results:\n    :tests:\n    - :name: 'x: y'\n      :output: |-\n        - :name: not a submitter\n:submission_102:\n  :submitters:\n    - :name: \"Bo \\\"B\\\" Li\"\n      :sid: ~\n      :email: bl@school.edu\n    - :name: Cy O'Neil\n      :email: co@school.edu\n  :score: 10.0\n";
        let got = gradescope_metadata(text).unwrap();
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].0, "submission_101");
        assert_eq!(
            got[0].1,
            vec![Submitter { name: "Ana Ruiz".into(), sid: "2101".into(), email: "ar210101@school.edu".into() }]
        );
        assert_eq!(got[1].1.len(), 2);
        assert_eq!(got[1].1[0].name, "Bo \"B\" Li");
        assert_eq!(got[1].1[0].sid, "");
        assert_eq!(got[1].1[1].name, "Cy O'Neil");
        assert_eq!(gradescope_net_id("submission_102", &got[1].1), "bl");
        assert_eq!(gradescope_net_id("submission_9", &[]), "submission_9");
        let sid_only = [Submitter { name: "A".into(), sid: "77 12".into(), email: String::new() }];
        assert_eq!(gradescope_net_id("submission_9", &sid_only), "77_12");
    }

    #[test]
    fn bad_gradescope_metadata_names_its_line() {
        let e = gradescope_metadata("submission_1:\n  :submitters: []\n- oops\n").unwrap_err();
        assert!(e.starts_with("line 3: expected a submission's folder"), "{e}");
        let e = gradescope_metadata("  :submitters:\n").unwrap_err();
        assert!(e.starts_with("line 1: indented before"), "{e}");
        let e = gradescope_metadata("submission_1: 3\n").unwrap_err();
        assert!(e.starts_with("line 1: submission_1 should name"), "{e}");
    }

    #[test]
    fn class_zips_are_told_from_a_students() {
        assert!(is_class_listing(&["assignment_7_export/", "assignment_7_export/submission_metadata.yml"]));
        assert!(is_class_listing(&["a_1_2_MiniMaxOpening.py", "b_3_4_x.zip"]));
        assert!(!is_class_listing(&["proj2/", "proj2/MiniMaxOpening.py", "proj2/a_1_2_notes.txt"]));
        assert!(!is_class_listing(&["MiniMaxOpening.py", "ABGame.py", "a_1_2_notes.txt"]));
        assert!(!is_class_listing(&["x/y/z/submission_metadata.yml"]));
    }
}
