//! The class at a glance (`summary.md` and `summary.html` beside the grade sheet): the
//! grade distribution, each case's pass rate across the class (a case everyone fails
//! points at a wrong key or an ambiguity of the handout), the students flagged for a look,
//! how often each reading rule was needed, and the time taken.

use std::fmt::Write as _;

use super::report::{points, sorted};
use super::{PARTS, StudentGrade};
use crate::table::{TextTable, escape, html_page};

/// How the run went, for the summary's first line.
#[derive(Clone, Debug, Default)]
pub struct RunFacts {
    /// Wall-clock seconds of the whole run.
    pub seconds: f64,
    /// Students graded at once.
    pub jobs: usize,
    /// Calls per student.
    pub calls: usize,
    /// Students graded in this run (the rest kept from an earlier one).
    pub graded_now: usize,
    /// Pairs of students whose code is alike, with the larger of their shares
    /// (`similarity.md` has the files).
    pub alike: Vec<(String, String, f64)>,
}

/// The summary's tables, rendered as Markdown or HTML by [`markdown`] and [`html`].
struct Summary {
    title: String,
    facts: String,
    distribution: TextTable,
    parts: TextTable,
    cases: TextTable,
    flagged: TextTable,
    rules: TextTable,
    alike: TextTable,
}

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 { v[n / 2] } else { f64::midpoint(v[n / 2 - 1], v[n / 2]) }
}

/// How often each reading rule was needed: students (or cases) whose grade needed it.
fn rule_counts(grades: &[StudentGrade]) -> Vec<(&'static str, usize, &'static str)> {
    let students = |f: &dyn Fn(&StudentGrade) -> bool| grades.iter().filter(|g| f(g)).count();
    let cases =
        |f: &dyn Fn(&super::check::CaseResult) -> bool| grades.iter().flat_map(|g| &g.cases).filter(|c| f(c)).count();
    let note = |g: &StudentGrade, text: &str| g.notes.iter().any(|n| n.contains(text));
    let case_note = |c: &super::check::CaseResult, text: &str| c.notes.iter().any(|n| n.contains(text));
    vec![
        (
            "output read in the student's own words",
            students(&|g| g.cases.iter().any(|c| !c.read.is_empty() && !c.handout_wording)),
            "students",
        ),
        (
            "board read from the output file (none in stdout)",
            cases(&|c| case_note(c, "read from the output file")),
            "cases",
        ),
        (
            "an output file with a byte order mark (read without it)",
            cases(&|c| case_note(c, super::check::BOM_NOTE)),
            "cases",
        ),
        (
            "the answer printed into the output file, nothing on the screen",
            cases(&|c| case_note(c, super::check::IN_FILE_NOTE)),
            "cases",
        ),
        (
            "an output file written under its name elsewhere (the path's folders left off), not at the path given",
            cases(&|c| case_note(c, super::check::STRAY_NOTE)),
            "cases",
        ),
        (
            "a program found by another spelling of its name",
            students(&|g| g.found.iter().any(|(_, h)| h.contains(", spelt"))),
            "students",
        ),
        (
            "a program found with a part of the student's own in its name",
            students(&|g| g.found.iter().any(|(_, h)| h.contains("less its own"))),
            "students",
        ),
        ("a command line other than the handout's", students(&|g| !g.forms.is_empty()), "students"),
        (
            "Black programs graded by White's estimate minimised",
            students(&|g| note(g, "White's estimate minimised, the handout's other")),
            "students",
        ),
        (
            "blocked root: a convention recognised",
            cases(&|c| case_note(c, "convention recognised: blocked root")),
            "cases",
        ),
        ("count of interior nodes recognised", cases(&|c| case_note(c, "counts interior nodes")), "cases"),
        (
            "another move of the same value accepted",
            cases(&|c| case_note(c, "a different move with the same estimate")),
            "cases",
        ),
        (
            "a branch ended where the game does (graded by that reading)",
            cases(&|c| case_note(c, "a branch ends where the game does")),
            "cases",
        ),
        (
            "a program named by its folder (its part's, or its own)",
            students(&|g| g.found.iter().any(|(_, h)| h.contains("named by its folder"))),
            "students",
        ),
        (
            "C or C++ compiled as its IDE builds it (Visual C++, an include folder, a header named in another case)",
            students(&|g| {
                g.found.iter().any(|(_, h)| h.contains(" builds it: ") || h.contains("whatever their case: "))
            }),
            "students",
        ),
        (
            "C or C++ linked with its project's sources in other folders",
            students(&|g| g.found.iter().any(|(_, h)| h.contains("linked with the sources without a main"))),
            "students",
        ),
        (
            "a Java program found as a class in a source of another name",
            students(&|g| g.found.iter().any(|(_, h)| h.contains("a class in a source of another name"))),
            "students",
        ),
        (
            "a Python program run with IPython (an nbconvert export calling `get_ipython()`)",
            students(&|g| g.found.iter().any(|(_, h)| h.contains("run with IPython"))),
            "students",
        ),
        (
            "a board file given without its final newline",
            students(&|g| note(g, "board not followed by a newline")),
            "students",
        ),
        ("a doubt for a TA's look", students(&|g| g.flagged()), "students"),
    ]
}

fn build(grades: &[StudentGrade], facts: &RunFacts) -> Summary {
    let n = grades.len();
    let totals: Vec<f64> = grades.iter().map(|g| g.total).collect();
    let mean = if n == 0 { 0.0 } else { totals.iter().sum::<f64>() / n as f64 };
    let minutes = (facts.seconds / 60.0).floor();
    let facts_line = format!(
        "{n} students, {} calls each; mean {}, median {}, lowest {}, highest {}; graded in {} min {:.0} s with --jobs {} ({} graded in this run{}).",
        facts.calls,
        points(mean),
        points(median(totals.clone())),
        points(totals.iter().copied().fold(f64::INFINITY, f64::min).min(100.0)),
        points(totals.iter().copied().fold(0.0, f64::max)),
        minutes,
        facts.seconds - minutes * 60.0,
        facts.jobs,
        facts.graded_now,
        match n.saturating_sub(facts.graded_now) {
            0 => String::new(),
            kept => format!(", {kept} kept from an earlier one"),
        }
    );
    let mut distribution = TextTable::new(&["total", "students", ""], &[false, true, false]);
    let bands: [(f64, f64, &str); 7] = [
        (100.0, 100.01, "100"),
        (90.0, 100.0, "90 to under 100"),
        (80.0, 90.0, "80 to under 90"),
        (70.0, 80.0, "70 to under 80"),
        (50.0, 70.0, "50 to under 70"),
        (0.01, 50.0, "above 0, under 50"),
        (0.0, 0.01, "0"),
    ];
    for (lo, hi, name) in bands {
        let count = totals.iter().filter(|&&t| t >= lo && t < hi).count();
        distribution.rows.push(vec![name.to_string(), count.to_string(), "#".repeat(count)]);
    }
    let mut parts = TextTable::new(&["part", "of", "mean", "full marks"], &[false, true, true, true]);
    for (i, (name, weight)) in PARTS.iter().enumerate() {
        let mean = if n == 0 { 0.0 } else { grades.iter().map(|g| g.parts[i]).sum::<f64>() / n as f64 };
        let full = grades.iter().filter(|g| g.parts[i] >= *weight).count();
        parts.rows.push(vec![(*name).to_string(), weight.to_string(), points(mean), format!("{full} of {n}")]);
    }
    // Each case of each program: how many students got it right, of those whose
    // submission had a program at all (an empty upload fails every case, for no case's
    // fault, and would make "not run" every case's most common fault).
    let with_programs: Vec<&StudentGrade> = grades.iter().filter(|g| !g.found.is_empty()).collect();
    let mut keys: Vec<(String, String, u32)> = Vec::new();
    for g in &with_programs {
        for c in &g.cases {
            let k = (c.program.clone(), c.label.clone(), c.depth);
            if !keys.contains(&k) {
                keys.push(k);
            }
        }
    }
    let mut cases = TextTable::new(
        &["program", "case", "depth", "right", "pass rate", "most common fault"],
        &[false, false, true, true, true, false],
    );
    for (program, label, depth) in keys {
        let all: Vec<&super::check::CaseResult> = with_programs
            .iter()
            .flat_map(|g| &g.cases)
            .filter(|c| c.program == program && c.label == label && c.depth == depth)
            .collect();
        let right = all.iter().filter(|c| c.score >= 1.0).count();
        let mut faults: Vec<(&str, usize)> = Vec::new();
        for f in all.iter().flat_map(|c| &c.faults) {
            match faults.iter_mut().find(|(k, _)| k == f) {
                Some((_, count)) => *count += 1,
                None => faults.push((f, 1)),
            }
        }
        faults.sort_by_key(|f| std::cmp::Reverse(f.1));
        let rate = if all.is_empty() { 0.0 } else { 100.0 * right as f64 / all.len() as f64 };
        cases.rows.push(vec![
            program,
            label,
            depth.to_string(),
            format!("{right} of {}", all.len()),
            format!("{rate:.0} %{}", if rate < 50.0 && all.len() >= 3 { " (look at the case)" } else { "" }),
            faults.first().map_or_else(String::new, |(k, c)| format!("{k} ({c})")),
        ]);
    }
    let mut flagged = TextTable::new(&["net ID", "total", "what to look at"], &[false, true, false]);
    for g in sorted(grades).into_iter().filter(|g| g.flagged()) {
        let more = if g.doubts.len() > 1 { format!(" (and {} more)", g.doubts.len() - 1) } else { String::new() };
        flagged.rows.push(vec![g.net_id.clone(), points(g.total), format!("{}{more}", g.doubts[0])]);
    }
    let mut rules = TextTable::new(&["reading rule", "needed by", ""], &[false, true, false]);
    for (rule, count, of) in rule_counts(grades) {
        rules.rows.push(vec![rule.to_string(), count.to_string(), of.to_string()]);
    }
    let mut alike = TextTable::new(&["students", "shared"], &[false, true]);
    for (a, b, share) in &facts.alike {
        alike.rows.push(vec![format!("{a} ~ {b}"), format!("{:.0} %", share * 100.0)]);
    }
    Summary {
        alike,
        title: format!("Class summary: {n} students"),
        facts: facts_line,
        distribution,
        parts,
        cases,
        flagged,
        rules,
    }
}

/// The summary as Markdown.
#[must_use]
pub fn markdown(grades: &[StudentGrade], facts: &RunFacts) -> String {
    let s = build(grades, facts);
    let mut out = format!("# {}\n\n{}\n\n", s.title, s.facts);
    let _ = write!(out, "## Grade distribution\n\n{}\n## Parts\n\n{}\n", s.distribution.markdown(), s.parts.markdown());
    if s.flagged.rows.is_empty() {
        out.push_str("## Flagged for a look\n\nNone.\n\n");
    } else {
        let _ = write!(out, "## Flagged for a look\n\n{}\n", s.flagged.markdown());
    }
    let _ = write!(
        out,
        "## Cases\n\nEach case of each program: how many students got it right, of those whose submission held a program. A case most of the class fails points at a wrong key or an ambiguity of the handout.\n\n{}\n## Reading rules\n\nHow often the grader needed each rule beyond the handout's exact form (docs/classroom.md, \"What the grader reads\").\n\n{}",
        s.cases.markdown(),
        s.rules.markdown()
    );
    let _ = write!(out, "\n## Code alike\n\n{ALIKE}\n\n");
    out.push_str(&if s.alike.rows.is_empty() { "None.\n".to_string() } else { s.alike.markdown() });
    out
}

/// What the summary's section on code alike says before its pairs.
const ALIKE: &str = "Pairs of submissions whose code is alike, a pointer for reading (similarity.md has the files to read side by side; nothing is deducted for it).";

/// The summary as one self-contained HTML page; net IDs link to their reports.
#[must_use]
pub fn html(grades: &[StudentGrade], facts: &RunFacts) -> String {
    let s = build(grades, facts);
    let link = |r: usize, c: usize| (c == 0).then(|| format!("reports/{}.md", s.flagged.rows[r][0]));
    let body = format!(
        "<h1>{}</h1>\n<p>{}</p>\n<h2>Grade distribution</h2>\n{}<h2>Parts</h2>\n{}<h2>Flagged for a look</h2>\n{}<h2>Cases</h2>\n<p>How many students got each case right, of those whose submission held a program. A case most of the class fails points at a wrong key or an ambiguity of the handout.</p>\n{}<h2>Reading rules</h2>\n{}<h2>Code alike</h2>\n<p>{}</p>\n{}",
        escape(&s.title),
        escape(&s.facts),
        s.distribution.html(&|_, _| None),
        s.parts.html(&|_, _| None),
        if s.flagged.rows.is_empty() { "<p>None.</p>\n".to_string() } else { s.flagged.html(&link) },
        s.cases.html(&|_, _| None),
        s.rules.html(&|_, _| None),
        escape(ALIKE),
        if s.alike.rows.is_empty() { "<p>None.</p>\n".to_string() } else { s.alike.html(&|_, _| None) },
    );
    html_page(&s.title, &body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::check::CaseResult;

    fn case(score: f64, fault: &str) -> CaseResult {
        CaseResult {
            program: "ABGame".into(),
            label: "game 1".into(),
            depth: 3,
            score,
            faults: if fault.is_empty() { Vec::new() } else { vec![fault.into()] },
            ..CaseResult::default()
        }
    }

    /// An empty upload fails every case for no case's fault: the cases' table counts only
    /// the students whose submission held a program.
    #[test]
    fn the_cases_table_leaves_out_submissions_without_a_program() {
        let ran = |id: &str, score: f64, fault: &str| StudentGrade {
            net_id: id.into(),
            found: vec![("ABGame".into(), "ABGame.py".into())],
            cases: vec![case(score, fault)],
            ..StudentGrade::default()
        };
        let empty =
            |id: &str| StudentGrade { net_id: id.into(), cases: vec![case(0.0, "not run")], ..StudentGrade::default() };
        let grades = [ran("a1", 1.0, ""), ran("b2", 0.0, "estimate"), empty("c3"), empty("d4")];
        let facts = RunFacts { seconds: 1.0, jobs: 1, calls: 1, graded_now: 4, alike: Vec::new() };
        let text = markdown(&grades, &facts);
        let row = text.lines().find(|l| l.contains("game 1")).expect("the case's row");
        assert!(row.contains("1 of 2") && row.contains("estimate (1)") && !row.contains("not run"), "{row}");
    }
}
