//! What a TA hands in: the grade sheet (CSV: net ID, the four parts, total) and one
//! Markdown report per student with every case (expected, got, command, time, stderr).
//! Each grade is also kept as JSON beside its report, so a rerun that skips a student
//! still puts the student on the sheet.

use std::fmt::Write as _;
use std::path::Path;

use super::{PARTS, StudentGrade};

/// The grade sheet's header line.
pub const SHEET_HEADER: &str = "net_id,part1_minimax_45,part2_alphabeta_35,part3_black_10,part4_improved_10,total";

/// The grade sheet for `grades`, sorted by net ID.
#[must_use]
pub fn grade_sheet(grades: &[StudentGrade]) -> String {
    let mut sorted: Vec<&StudentGrade> = grades.iter().collect();
    sorted.sort_by(|a, b| a.net_id.cmp(&b.net_id));
    let mut out = format!("{SHEET_HEADER}\n");
    for g in sorted {
        let id = if g.net_id.contains([',', '"']) {
            format!("\"{}\"", g.net_id.replace('"', "\"\""))
        } else {
            g.net_id.clone()
        };
        let _ = writeln!(out, "{id},{},{},{},{},{}", g.parts[0], g.parts[1], g.parts[2], g.parts[3], g.total);
    }
    out
}

fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', "<br>")
}

/// One student's report.
#[must_use]
pub fn student_report(g: &StudentGrade) -> String {
    let mut r = format!("# Grade report: {}\n\n", g.net_id);
    let _ = writeln!(r, "| part | points | of |\n|---|---|---|");
    for ((name, weight), points) in PARTS.iter().zip(g.parts) {
        let _ = writeln!(r, "| {name} | {points} | {weight} |");
    }
    let _ = writeln!(r, "| **total** | **{}** | 100 |\n", g.total);
    let _ = writeln!(r, "Graded in {:.1} s.\n", g.seconds);
    if !g.notes.is_empty() {
        let _ = writeln!(r, "## Notes\n");
        for n in &g.notes {
            let _ = writeln!(r, "- {n}");
        }
        r.push('\n');
    }
    let _ = writeln!(r, "## Programs found\n");
    for p in crate::classroom::ALL_PROGRAMS {
        let how = g.found.iter().find(|(k, _)| k == p.name).map_or("**missing**", |(_, h)| h.as_str());
        let _ = writeln!(r, "- {}: {how}", p.name);
    }
    if !g.build.is_empty() {
        let _ = writeln!(r, "\n## Build\n");
        for (cmd, ended, stderr) in &g.build {
            let _ = writeln!(r, "- `{cmd}`: {ended}");
            if !stderr.trim().is_empty() && ended != "exit 0" {
                let _ = writeln!(r, "\n```text\n{stderr}\n```\n");
            }
        }
    }
    if let Some(m) = &g.matched {
        let _ = writeln!(r, "\n## Match of the improved programs against the handout estimate\n");
        let _ = writeln!(r, "Score {} of {}.\n", m.score, m.games);
        for l in &m.lines {
            let _ = writeln!(r, "- {l}");
        }
    }
    let _ = writeln!(r, "\n## Cases\n");
    let _ = writeln!(r, "| program | case | depth | score | expected | got | notes | time | ended |");
    let _ = writeln!(r, "|---|---|---|---|---|---|---|---|---|");
    for c in &g.cases {
        let _ = writeln!(
            r,
            "| {} | {} `{}` | {} | {} | {} | {} | {} | {:.2} s | {} |",
            c.program,
            cell(&c.label),
            c.board,
            c.depth,
            c.score,
            cell(&c.expected),
            cell(&c.got),
            cell(&c.notes.join("; ")),
            c.seconds,
            cell(&c.ended)
        );
    }
    let _ = writeln!(r, "\n## Commands and stderr\n");
    for c in &g.cases {
        let _ = writeln!(r, "- {} ({}, depth {}): `{}`", c.program, c.label, c.depth, c.command);
        if !c.stderr.trim().is_empty() {
            let _ = writeln!(
                r,
                "\n  ```text\n{}\n  ```",
                c.stderr.lines().map(|l| format!("  {l}")).collect::<Vec<_>>().join("\n")
            );
        }
    }
    r
}

/// Writes the student's report and JSON record into `dir`.
///
/// # Errors
/// The files cannot be written.
pub fn save(dir: &Path, g: &StudentGrade) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join(format!("{}.md", g.net_id)), student_report(g))?;
    let json = serde_json::to_string(g).map_err(std::io::Error::other)?;
    std::fs::write(dir.join(format!("{}.json", g.net_id)), json)
}

/// A student's grade from an earlier run, if its record is there and readable.
#[must_use]
pub fn load(dir: &Path, net_id: &str) -> Option<StudentGrade> {
    let text = crate::files::read_text(&dir.join(format!("{net_id}.json")), crate::files::SMALL_TEXT).ok()?;
    serde_json::from_str(&text).ok()
}
