//! Other students a submission names. The handout's project is individual; a submission
//! that names another net ID (a `TEAM.md`, an `Authors:` line in a source's header, a
//! README's "written with …") is a team's work handed in once, or a classmate thanked:
//! either way a TA decides, and the second student, who handed in nothing, has no grade
//! unless someone notices. Net IDs are known by the shape of the student's own (letters
//! then digits: `abr210377` is three letters and six digits), so a class of any school's
//! IDs is read without a roster.

use std::path::Path;

/// The most of a file read for names: a header or a README says them near its top.
const READ_BYTES: u64 = 256 << 10;

/// Files whose text may name the authors: notes and sources.
const TEXT_EXTENSIONS: [&str; 12] = ["md", "txt", "rst", "py", "java", "c", "cc", "cpp", "cxx", "h", "hpp", "ipynb"];

/// The shape of a net ID: its runs of letters and digits, in order, as (letters, length).
/// `None` for an ID that is not both letters and digits (`jsmith` names every six-letter
/// word), has more than three runs, or is too short to be told from a program's words:
/// under five characters or under two digits (a folder `c2` or `hw2` graded as a student
/// would name the board's points `a0` … `g6` and every variable `w2`).
fn shape(id: &str) -> Option<Vec<(bool, usize)>> {
    if id.len() < 5 || id.chars().filter(char::is_ascii_digit).count() < 2 {
        return None;
    }
    let mut runs: Vec<(bool, usize)> = Vec::new();
    for c in id.chars() {
        if !c.is_ascii_alphanumeric() {
            return None;
        }
        let letter = c.is_ascii_alphabetic();
        match runs.last_mut() {
            Some((l, n)) if *l == letter => *n += 1,
            _ => runs.push((letter, 1)),
        }
    }
    (runs.iter().any(|r| r.0) && runs.iter().any(|r| !r.0) && runs.len() <= 3).then_some(runs)
}

/// The words of `text` shaped as `own` is, other than those in `skip` (lower-cased), each
/// once, lower-cased, with the first line naming it.
fn named_in(text: &str, own: &[(bool, usize)], skip: &[String]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        for word in line.split(|c: char| !c.is_ascii_alphanumeric()) {
            let lower = word.to_ascii_lowercase();
            if shape(word).as_deref() == Some(own) && !skip.contains(&lower) && !out.iter().any(|(w, _)| *w == lower) {
                out.push((lower, line.trim().chars().take(120).collect()));
            }
        }
    }
    out
}

/// The net IDs other than `own` and `group` (a Gradescope group's members, who handed it
/// in together) that the text files below `work` name, each with the file and line that
/// first names it.
#[must_use]
pub fn others_named(work: &Path, own: &str, group: &[String]) -> Vec<(String, String, String)> {
    let Some(own_shape) = shape(own) else { return Vec::new() };
    let mut skip: Vec<String> = group.iter().map(|g| g.to_ascii_lowercase()).collect();
    skip.push(own.to_ascii_lowercase());
    let mut out: Vec<(String, String, String)> = Vec::new();
    for file in super::submission::walk(work) {
        let ext = file.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).unwrap_or_default();
        let name = file.file_name().map(|n| n.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
        let notes = ["readme", "team", "authors", "contributors"].iter().any(|n| name.starts_with(n));
        if !(notes || TEXT_EXTENSIONS.contains(&ext.as_str())) {
            continue;
        }
        let Ok(f) = std::fs::File::open(&file) else { continue };
        let mut bytes = Vec::new();
        if std::io::Read::read_to_end(&mut std::io::Read::take(f, READ_BYTES), &mut bytes).is_err() {
            continue;
        }
        let text = String::from_utf8_lossy(&bytes);
        let shown = file.strip_prefix(work).unwrap_or(&file).to_string_lossy().into_owned();
        for (id, line) in named_in(&text, &own_shape, &skip) {
            skip.push(id.clone());
            out.push((id, shown.clone(), line));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_of_the_students_own_shape() {
        assert_eq!(shape("abr210377"), Some(vec![(true, 3), (false, 6)]));
        assert_eq!(shape("jsmith"), None, "letters alone name every word");
        assert_eq!(shape("12345678"), None);
        for short in ["c2", "hw2", "p2x", "proj2", "ab12"] {
            assert_eq!(shape(short), None, "{short} is too short a shape: every `a0`, `w2` would match");
        }
        assert_eq!(shape("jd1234"), Some(vec![(true, 2), (false, 4)]));
        let own = shape("abr210377").expect("a shape");
        let text =
            "# Team\n- abr210377 (Ana)\n- JSM210482 (Jo): search.c\nboard xxWWBxxxxxxxxxxxxxxxxx, utf8 abc12345, x1\n";
        let named = named_in(text, &own, &["abr210377".to_string()]);
        assert_eq!(named, vec![("jsm210482".to_string(), "- JSM210482 (Jo): search.c".to_string())]);
    }

    #[test]
    fn a_team_file_and_a_source_header() {
        let dir = std::env::temp_dir().join(format!("morris-others-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("src")).expect("a folder");
        std::fs::write(dir.join("TEAM.md"), "Members: abr210377, jsm210482\n").expect("written");
        std::fs::write(dir.join("src/search.c"), "/* Authors: abr210377, kpl220101 */\nint main(){}\n")
            .expect("written");
        std::fs::write(dir.join("board1.dat"), "mno210999\n").expect("written");
        let mut found = others_named(&dir, "abr210377", &[]);
        found.sort();
        let ids: Vec<&str> = found.iter().map(|(id, _, _)| id.as_str()).collect();
        assert_eq!(ids, ["jsm210482", "kpl220101"], "{found:?}");
        assert!(
            found.iter().any(|(id, file, line)| id == "jsm210482" && file == "TEAM.md" && line.contains("Members"))
        );
        // A group handed in together on Gradescope names no one else.
        assert_eq!(others_named(&dir, "abr210377", &["jsm210482".into(), "kpl220101".into()]), vec![]);
        std::fs::remove_dir_all(&dir).expect("removed");
    }
}
