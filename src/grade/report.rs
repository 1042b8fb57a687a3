//! What a TA hands in: the grade sheet (CSV: net ID, the four parts, deductions, total,
//! flagged) and one Markdown report per student: the total, what works and what does
//! not, what to look at, then every case (expected, got, the lines read, command, time,
//! stderr), with control bytes a program printed shown escaped.
//! Each grade is also kept as JSON beside its report, so a rerun that skips a student
//! still puts the student on the sheet.

use std::fmt::Write as _;
use std::path::Path;

use super::read::visible;
use super::{PARTS, StudentGrade};
use crate::table::TextTable;

/// The grade sheet's columns.
pub const SHEET_HEADER: [&str; 8] = [
    "net_id",
    "part1_minimax_45",
    "part2_alphabeta_35",
    "part3_black_10",
    "part4_improved_10",
    "deductions",
    "total",
    "flagged",
];

/// `grades` sorted by net ID.
#[must_use]
pub fn sorted(grades: &[StudentGrade]) -> Vec<&StudentGrade> {
    let mut sorted: Vec<&StudentGrade> = grades.iter().collect();
    sorted.sort_by(|a, b| a.net_id.cmp(&b.net_id));
    sorted
}

/// Points as a person writes them: `45`, `43.7`.
#[must_use]
pub fn points(p: f64) -> String {
    // `+ 0.0` turns an empty sum's −0 into 0.
    format!("{}", (p * 100.0).round() / 100.0 + 0.0)
}

/// The grade sheet for `grades` (CSV), sorted by net ID: the parts, the deductions, the
/// total, and `yes` where a TA should look.
#[must_use]
pub fn grade_sheet(grades: &[StudentGrade]) -> String {
    let mut t = TextTable::new(&SHEET_HEADER, &[false, true, true, true, true, true, true, false]);
    for g in sorted(grades) {
        let deducted: f64 = g.deductions.iter().map(|(_, p)| p).sum();
        let mut row = vec![g.net_id.clone()];
        row.extend(g.parts.iter().map(|&p| points(p)));
        row.extend([points(deducted), points(g.total), if g.flagged() { "yes" } else { "" }.to_string()]);
        t.rows.push(row);
    }
    t.csv()
}

/// A Markdown table cell: control bytes shown, `|` escaped, line breaks as `<br>`.
fn cell(text: &str) -> String {
    visible(text).replace('|', "\\|").replace('\n', "<br>")
}

/// One student's report: the total, a summary of what works and what does not, what to
/// look at, then the parts, notes, programs, build, match and every case.
#[must_use]
pub fn student_report(g: &StudentGrade) -> String {
    let mut r = format!("# Grade report: {}\n\n", visible(&g.net_id));
    let who = g.who.describe();
    if !who.is_empty() {
        let _ = writeln!(r, "{}.\n", visible(&who));
    }
    let deducted: f64 = g.deductions.iter().map(|(_, p)| p).sum();
    let _ = writeln!(
        r,
        "**Total {} of 100**{}{}. Graded in {:.1} s.\n",
        points(g.total),
        if deducted > 0.0 {
            format!(" ({} less {} deducted)", points(g.parts.iter().sum()), points(deducted))
        } else {
            String::new()
        },
        if g.flagged() {
            format!(
                "; **flagged for a TA's look** ({} below)",
                crate::words::count(g.doubts.len() as u64, "doubt", "doubts")
            )
        } else {
            String::new()
        },
        g.seconds
    );
    if !g.summary.is_empty() {
        let _ = writeln!(r, "## Summary\n");
        for l in &g.summary {
            let _ = writeln!(r, "- {}", visible(l));
        }
        r.push('\n');
    }
    if g.flagged() {
        let _ = writeln!(r, "## For a TA's look\n");
        for d in &g.doubts {
            let _ = writeln!(r, "- {}", visible(d));
        }
        r.push('\n');
    }
    let _ = writeln!(r, "## Parts\n\n| part | points | of |\n|---|---|---|");
    for ((name, weight), p) in PARTS.iter().zip(g.parts) {
        let _ = writeln!(r, "| {name} | {} | {weight} |", points(p));
    }
    for (why, p) in &g.deductions {
        let _ = writeln!(r, "| deduction: {} | -{} | |", cell(why), points(*p));
    }
    let _ = writeln!(r, "| **total** | **{}** | 100 |\n", points(g.total));
    if !g.notes.is_empty() {
        let _ = writeln!(r, "## Notes\n");
        for n in &g.notes {
            let _ = writeln!(r, "- {}", visible(n));
        }
        r.push('\n');
    }
    let _ = writeln!(r, "## Programs found\n");
    for p in crate::classroom::ALL_PROGRAMS {
        let how = g.found.iter().find(|(k, _)| k == p.name).map_or("**missing**".to_string(), |(_, h)| visible(h));
        let form = g.forms.iter().find(|(k, _)| k == p.name).map(|(_, f)| format!("; called as {}", visible(f)));
        let _ = writeln!(r, "- {}: {how}{}", p.name, form.unwrap_or_default());
    }
    if !g.build.is_empty() {
        let _ = writeln!(r, "\n## Build\n");
        for (cmd, ended, stderr) in &g.build {
            let _ = writeln!(r, "- `{}`: {ended}", visible(cmd));
            if !stderr.trim().is_empty() && ended != "exit 0" {
                let _ = writeln!(r, "\n```text\n{}\n```\n", visible(stderr));
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
    let _ = writeln!(r, "| program | case | depth | score | expected | got | read | notes | time | ended |");
    let _ = writeln!(r, "|---|---|---|---|---|---|---|---|---|---|");
    for c in &g.cases {
        let _ = writeln!(
            r,
            "| {} | {} `{}` | {} | {} | {} | {} | {} | {} | {:.2} s | {} |",
            c.program,
            cell(&c.label),
            c.board,
            c.depth,
            c.score,
            cell(&c.expected),
            cell(&c.got),
            cell(&c.read.iter().map(|l| format!("`{l}`")).collect::<Vec<_>>().join("<br>")),
            cell(&c.notes.join("; ")),
            c.seconds,
            cell(&c.ended)
        );
    }
    let _ = writeln!(r, "\n## Commands and stderr\n");
    for c in &g.cases {
        let _ = writeln!(r, "- {} ({}, depth {}): `{}`", c.program, c.label, c.depth, visible(&c.command));
        if !c.stderr.trim().is_empty() {
            let _ = writeln!(
                r,
                "\n  ```text\n{}\n  ```",
                visible(&c.stderr).lines().map(|l| format!("  {l}")).collect::<Vec<_>>().join("\n")
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
    let whole = |name: String, bytes: &[u8]| {
        crate::files::write_whole(&dir.join(name), bytes).map_err(|e| std::io::Error::other(e.to_string()))
    };
    whole(format!("{}.md", g.net_id), student_report(g).as_bytes())?;
    let json = serde_json::to_string(g).map_err(std::io::Error::other)?;
    whole(format!("{}.json", g.net_id), json.as_bytes())
}

/// A student's grade from an earlier run, if its record is there and readable.
#[must_use]
pub fn load(dir: &Path, net_id: &str) -> Option<StudentGrade> {
    let text = crate::files::read_text(&dir.join(format!("{net_id}.json")), crate::files::SMALL_TEXT).ok()?;
    serde_json::from_str(&text).ok()
}
