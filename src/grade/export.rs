//! Where the grades go besides `grades.csv`:
//!
//! - **Canvas**: `canvas.csv`, in the gradebook's import form: the columns `Student`,
//!   `ID`, `SIS User ID`, `SIS Login ID`, `Section`, then the assignment's column (the
//!   class file's `canvas_column`, `Name (id)` as Canvas exports it, or a new column
//!   `Morris Variant`). Canvas matches a row to a student by `ID`, `SIS User ID` or
//!   `SIS Login ID`. From a Canvas download the Canvas user ID goes in `ID`; from a
//!   Gradescope export each submitter has a row, named, with their email before the `@`
//!   in `SIS Login ID`; otherwise the net ID goes in `SIS Login ID` (and stands as the name).
//! - **Gradescope's score import**: `gradescope.csv` (`Name`, `SID`, `Email`, `Score`), a
//!   row per submitter of a Gradescope export (a group's members each get the group's
//!   score); Gradescope matches a row by its email or SID.
//! - **Gradescope**: an autograder's `results.json` per student (`gradescope/NETID.json`),
//!   a test per case with its score, `max_score` and output, so the same cases can run
//!   inside Gradescope (`morris grade /autograder/submission --gradescope
//!   /autograder/results/results.json`, `scripts/gradescope/`). The tests' scores add up
//!   to the parts; the part-level rules (alpha-beta's savings, Part IV's moves and match)
//!   and the deductions are tests of their own; `score` is the total.

use super::check::CaseResult;
use super::report::{points, sorted};
use super::{PARTS, StudentGrade};
use crate::table::TextTable;

/// The assignment's column when the class file names none.
pub const DEFAULT_CANVAS_COLUMN: &str = "Morris Variant";

/// A student of Canvas's gradebook export (Grades, Export): the columns that name them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GradebookRow {
    /// `Student`: the sortable name, `Smith, John`.
    pub student: String,
    /// `ID`: the Canvas user ID.
    pub id: String,
    /// `SIS User ID`.
    pub sis_user: String,
    /// `SIS Login ID` (a net ID or an email).
    pub sis_login: String,
    /// `Section`.
    pub section: String,
}

/// A Canvas gradebook export: its students and its assignments.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Gradebook {
    /// The students (its `Points Possible` row and rows without an `ID` left out).
    pub rows: Vec<GradebookRow>,
    /// Its assignments' columns, `Name (id)` as Canvas heads them, each with its `Points
    /// Possible` where the export gives it.
    pub assignments: Vec<(String, Option<f64>)>,
}

impl Gradebook {
    /// The column `canvas.csv` fills: the class file's `column`, or else a new column;
    /// and, for the TA, where the export has assignments and none was named, which they
    /// are. The export's only assignment is not taken for this one: it may be a quiz, and
    /// filling it would overwrite its grades.
    #[must_use]
    pub fn column(&self, column: Option<&str>) -> (String, Option<String>) {
        if let Some(c) = column {
            // Canvas fills the assignment whose ID the column names (else whose title it is),
            // and creates a new assignment for a column that names none.
            let said = (!self.assignments.is_empty() && self.assignment(c).is_none()).then(|| {
                format!(
                    "canvas_column {c:?} names none of the gradebook's assignments ({}): Canvas's import would \
                     create it as a new assignment",
                    self.assignments.iter().map(|(n, _)| format!("{n:?}")).collect::<Vec<_>>().join(", ")
                )
            });
            return (c.to_string(), said);
        }
        let said = (!self.assignments.is_empty()).then(|| {
            format!(
                "canvas.csv adds a new column {DEFAULT_CANVAS_COLUMN:?}; to fill one of the gradebook's assignments \
                 ({}), name it in the class file: canvas_column = {:?}",
                self.assignments.iter().map(|(n, _)| format!("{n:?}")).collect::<Vec<_>>().join(", "),
                self.assignments[0].0
            )
        });
        (DEFAULT_CANVAS_COLUMN.to_string(), said)
    }

    /// The export's assignment that Canvas's import fills for the column `column`: the one
    /// with the ID in its parentheses (`Project 2 (70002)` is `Project 2: Morris Variant
    /// (70002)`, as Canvas matches them), else the one of that very name.
    #[must_use]
    pub fn assignment(&self, column: &str) -> Option<&(String, Option<f64>)> {
        match assignment_id(column) {
            Some(id) => self.assignments.iter().find(|(n, _)| assignment_id(n) == Some(id)),
            None => self.assignments.iter().find(|(n, _)| n == column),
        }
    }

    /// The `Points Possible` of the assignment `column` fills, if the export gives it.
    #[must_use]
    pub fn points_of(&self, column: &str) -> Option<f64> {
        self.assignment(column).and_then(|(_, p)| *p)
    }
}

/// The assignment ID of a gradebook column headed `Name (digits)`, as Canvas heads them.
fn assignment_id(head: &str) -> Option<&str> {
    head.strip_suffix(')')
        .and_then(|h| h.rsplit_once(" ("))
        .filter(|(name, id)| !name.is_empty() && !id.is_empty() && id.chars().all(|c| c.is_ascii_digit()))
        .map(|(_, id)| id)
}

/// A number as Canvas's gradebook writes it in the user's locale: `50.00`, or `50,00` where
/// the decimal mark is a comma; the last `.` or `,` is the decimal mark, as Canvas's import
/// reads it.
fn canvas_number(cell: &str) -> Option<f64> {
    use nom::Parser;
    use nom::character::complete::{char, digit1, one_of};
    use nom::combinator::{all_consuming, opt};
    use nom::multi::separated_list1;
    let (_, (minus, parts)) =
        all_consuming((opt(char::<&str, nom::error::Error<&str>>('-')), separated_list1(one_of(".,"), digit1)))
            .parse(cell.trim())
            .ok()?;
    let (fraction, whole) = parts.split_last()?;
    let text = if whole.is_empty() { (*fraction).to_string() } else { format!("{}.{fraction}", whole.concat()) };
    text.parse::<f64>().ok().map(|n| if minus.is_some() { -n } else { n })
}

/// A Canvas gradebook export: its students and its assignments' columns.
///
/// # Errors
/// Unreadable, not CSV, or without the `Student` and `ID` columns, as one line.
pub fn read_gradebook(path: &std::path::Path) -> Result<Gradebook, String> {
    let shown = path.display();
    let text = crate::files::read_text(path, crate::files::SMALL_TEXT)
        .map_err(|e| format!("{shown}: {}", crate::files::io_reason(&e)))?;
    let text = text.trim_start_matches('\u{feff}');
    // Canvas exports with commas, or with semicolons for a user who asks for them or whose
    // locale writes decimals with a comma (its import reads either).
    let header = |delimiter: u8| -> Result<(csv::Reader<&[u8]>, Vec<String>), String> {
        let mut reader = csv::ReaderBuilder::new().flexible(true).delimiter(delimiter).from_reader(text.as_bytes());
        let head = reader.headers().map_err(|e| format!("{shown}: not a CSV file ({e})"))?;
        let head = head.iter().map(|h| h.trim().to_string()).collect();
        Ok((reader, head))
    };
    let names_students = |head: &[String]| {
        let has = |name: &str| head.iter().any(|h| h == name);
        has("ID") && (has("Student") || (has("LastName") && has("FirstName")))
    };
    let (mut reader, head) = match header(b',')? {
        comma if names_students(&comma.1) => comma,
        comma => header(b';').ok().filter(|semi| names_students(&semi.1)).unwrap_or(comma),
    };
    let at = |name: &str| head.iter().position(|h| h == name);
    let Some(id) = at("ID").filter(|_| names_students(&head)) else {
        return Err(format!(
            "{shown}: not a Canvas gradebook export (no `Student` and `ID` columns; its header is {:?})",
            head.iter().take(6).cloned().collect::<Vec<_>>().join(",")
        ));
    };
    let mut rows = Vec::new();
    let mut assignments: Vec<(String, Option<f64>)> =
        head.iter().filter(|h| assignment_id(h).is_some()).map(|h| (h.clone(), None)).collect();
    for (n, record) in reader.records().enumerate() {
        let record = record.map_err(|e| format!("{shown}: row {}: {e}", n + 2))?;
        let cell = |i: Option<usize>| i.and_then(|i| record.get(i)).unwrap_or("").trim().to_string();
        // `Points Possible` stands in the first column, its points under each assignment.
        if record.iter().any(|c| c.trim() == "Points Possible") {
            for (name, points) in &mut assignments {
                *points = canvas_number(&cell(at(name))).filter(|p| *p > 0.0);
            }
            continue;
        }
        // Canvas's export heads the name `Student` (`Smith, John`), or, where the course
        // shows first and last names apart, `LastName` and `FirstName`.
        let student = match at("Student") {
            Some(i) => cell(Some(i)),
            None => format!("{}, {}", cell(at("LastName")), cell(at("FirstName"))),
        };
        let row = GradebookRow {
            student,
            id: cell(Some(id)),
            sis_user: cell(at("SIS User ID")),
            sis_login: cell(at("SIS Login ID")),
            section: cell(at("Section")),
        };
        if !row.id.is_empty() {
            rows.push(row);
        }
    }
    Ok(Gradebook { rows, assignments })
}

/// How surely `g` is the gradebook's `row`, if it is (lower is surer): by Canvas ID (0); by
/// login, or its part before the `@`, against the net ID or a Gradescope submitter's email
/// (1); by SIS ID against the net ID or a submitter's SID (2); by the short name a Canvas
/// download gives, `Smith, John` as `smithjohn` (3).
fn match_rank(g: &StudentGrade, row: &GradebookRow) -> Option<u8> {
    let lower = |s: &str| s.trim().to_lowercase();
    if let Some(id) = &g.who.canvas_id {
        return (*id == row.id).then_some(0);
    }
    let login = lower(&row.sis_login);
    let login_local = login.split('@').next().unwrap_or_default().to_string();
    let names_login = |who: &str| !who.trim().is_empty() && (lower(who) == login || lower(who) == login_local);
    let sis = lower(&row.sis_user);
    let is_sis = |who: &str| !sis.is_empty() && lower(who) == sis;
    let emails = g.who.submitters.iter().map(|s| s.email.as_str());
    if names_login(&g.net_id)
        || emails.clone().any(|e| names_login(e) || names_login(e.split('@').next().unwrap_or("")))
    {
        return Some(1);
    }
    if is_sis(&g.net_id) || g.who.submitters.iter().any(|s| is_sis(&s.sid)) {
        return Some(2);
    }
    let short: String = row.student.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect();
    (lower(&g.net_id) == short).then_some(3)
}

/// The Canvas gradebook import for `grades`: a row per student of the gradebook export
/// `roster` that a grade names, in its order, with their own name, IDs and section, each
/// with the grade that names them most surely (Canvas ID, login, SIS ID, name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CanvasImport {
    /// The CSV.
    pub csv: String,
    /// The grades that matched no student of the export (by net ID).
    pub unmatched: Vec<String>,
    /// The students of the export without a grade here (by their `Student` name), left out
    /// of the CSV: Canvas's import posts every cell that differs from the grade it holds,
    /// so an empty cell would clear a grade entered by hand (`0`, `EX`) or imported before.
    pub ungraded: Vec<String>,
}

/// The Canvas gradebook import for `grades` against the export `roster` ([`CanvasImport`]).
#[must_use]
pub fn canvas_csv_for(
    grades: &[StudentGrade],
    roster: &[GradebookRow],
    column: Option<&str>,
    worth: f64,
) -> CanvasImport {
    let mut t = canvas_table(column, worth);
    let grades = sorted(grades);
    let mut used = vec![false; grades.len()];
    let mut ungraded = Vec::new();
    for row in roster {
        // The surest match; of equally sure ones, the first by net ID.
        let found = (0..grades.len()).filter_map(|i| match_rank(grades[i], row).map(|r| (r, i))).min();
        let Some((_, i)) = found else {
            ungraded.push(row.student.clone());
            continue;
        };
        used[i] = true;
        t.rows.push(vec![
            row.student.clone(),
            row.id.clone(),
            row.sis_user.clone(),
            row.sis_login.clone(),
            row.section.clone(),
            scaled(grades[i].total, worth),
        ]);
    }
    let unmatched = grades.iter().zip(&used).filter(|(_, used)| !**used).map(|(g, _)| g.net_id.clone()).collect();
    CanvasImport { csv: t.csv(), unmatched, ungraded }
}

/// A total of the handout's 100 points as an assignment `worth` points writes it.
fn scaled(total: f64, worth: f64) -> String {
    points(total * worth / 100.0)
}

/// Canvas's import table for the assignment's `column` worth `worth` points: its header
/// and `Points Possible` row.
fn canvas_table(column: Option<&str>, worth: f64) -> TextTable {
    let column = column.unwrap_or(DEFAULT_CANVAS_COLUMN);
    let mut t = TextTable::new(
        &["Student", "ID", "SIS User ID", "SIS Login ID", "Section", column],
        &[false, false, false, false, false, true],
    );
    let mut possible = vec![String::new(); 6];
    possible[0] = "Points Possible".into();
    possible[5] = points(worth);
    t.rows.push(possible);
    t
}

/// The Canvas gradebook import file for `grades`.
#[must_use]
pub fn canvas_csv(grades: &[StudentGrade], column: Option<&str>, worth: f64) -> String {
    let mut t = canvas_table(column, worth);
    for g in sorted(grades) {
        let score = scaled(g.total, worth);
        if let Some(id) = &g.who.canvas_id {
            t.rows.push(vec![g.net_id.clone(), id.clone(), String::new(), String::new(), String::new(), score]);
        } else if !g.who.submitters.is_empty() {
            for s in &g.who.submitters {
                let login = s.email.split('@').next().unwrap_or_default().to_lowercase();
                t.rows.push(vec![s.name.clone(), String::new(), String::new(), login, String::new(), score.clone()]);
            }
        } else {
            t.rows.push(vec![g.net_id.clone(), String::new(), String::new(), g.net_id.clone(), String::new(), score]);
        }
    }
    t.csv()
}

/// Gradescope's score import for `grades`, if any came from a Gradescope export: a row per
/// submitter.
#[must_use]
pub fn gradescope_csv(grades: &[StudentGrade], worth: f64) -> Option<String> {
    if grades.iter().all(|g| g.who.submitters.is_empty()) {
        return None;
    }
    let mut t = TextTable::new(&["Name", "SID", "Email", "Score"], &[false, false, false, true]);
    for g in sorted(grades) {
        for s in &g.who.submitters {
            t.rows.push(vec![s.name.clone(), s.sid.clone(), s.email.clone(), scaled(g.total, worth)]);
        }
    }
    Some(t.csv())
}

/// One test of a Gradescope `results.json`.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize, PartialEq)]
pub struct GradescopeTest {
    /// What it checks.
    pub name: String,
    /// Points got.
    pub score: f64,
    /// Points possible.
    pub max_score: f64,
    /// What was expected and got, and why.
    pub output: String,
    /// How Gradescope renders `output`: always `text`, since a student's output may hold
    /// `<` and `*` that its default (`simple_format`, HTML) or Markdown would eat.
    pub output_format: String,
    /// Shown to the student.
    pub visibility: String,
}

impl GradescopeTest {
    fn new(name: String, max_score: f64, output: String) -> GradescopeTest {
        GradescopeTest {
            name,
            score: 0.0,
            max_score,
            output,
            output_format: "text".into(),
            visibility: "visible".into(),
        }
    }
}

/// A Gradescope autograder's `results.json`.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize, PartialEq)]
pub struct GradescopeResults {
    /// The total (it overrides the tests' sum, as Gradescope documents).
    pub score: f64,
    /// Seconds the grading took.
    pub execution_time: f64,
    /// Shown above the tests: the summary.
    pub output: String,
    /// How Gradescope renders `output`: `text`, as each test's.
    pub output_format: String,
    /// Everything shown to the student.
    pub visibility: String,
    /// A test per case and per part-level rule.
    pub tests: Vec<GradescopeTest>,
}

fn case_output(c: &CaseResult) -> String {
    let mut out = format!("command: {}\nexpected: {}\ngot: {}\n", c.command, c.expected, c.got);
    if !c.notes.is_empty() {
        out.push_str(&format!("notes: {}\n", c.notes.join("; ")));
    }
    out.push_str(&format!("ended: {} in {:.2} s\n", c.ended, c.seconds));
    out
}

fn round(p: f64) -> f64 {
    (p * 10_000.0).round() / 10_000.0
}

/// Scores to the 1/10,000 a `results.json` shows, each between 0 and its `max`, adding up
/// to `target` (the part's points as the grade sheet rounds them) where the maxima allow:
/// what rounding each test, and the part's own rounding to the cent, leaves over goes to
/// the tests with the most room for it. Rounded apart, a part-level test got 5.0029 of 5
/// (a part of 7.65 less its cases' 2.6471), and a student's tests added up to 99.9998.
fn fitted(exact: &[f64], max: &[f64], target: f64) -> Vec<f64> {
    let units = |p: f64| (p * 10_000.0).round() as i64;
    let max: Vec<i64> = max.iter().map(|m| units(*m).max(0)).collect();
    let mut got: Vec<i64> = exact.iter().zip(&max).map(|(v, m)| units(*v).clamp(0, *m)).collect();
    let mut left = units(target) - got.iter().sum::<i64>();
    while left != 0 {
        let room = |i: usize| if left > 0 { max[i] - got[i] } else { got[i] };
        let Some(i) = (0..got.len()).filter(|&i| room(i) > 0).max_by_key(|&i| (room(i), std::cmp::Reverse(i))) else {
            break;
        };
        let step = left.signum() * left.abs().min(room(i));
        got[i] += step;
        left -= step;
    }
    got.into_iter().map(|u| u as f64 / 10_000.0).collect()
}

/// The `results.json` of one student's grade for an assignment worth `worth` points (each
/// score of the handout's 100 scaled to it, as in `canvas.csv`: Gradescope takes `score`
/// as it is, against the points the assignment is set to): `part_of_program` names each
/// program's part.
#[must_use]
pub fn gradescope(g: &StudentGrade, part_of_program: &dyn Fn(&str) -> Option<usize>, worth: f64) -> GradescopeResults {
    let k = worth / 100.0;
    let mut tests = Vec::new();
    for (part, (name, weight)) in PARTS.iter().enumerate() {
        let weight = weight * k;
        let part_points = g.parts[part] * k;
        let mine: Vec<&CaseResult> = g.cases.iter().filter(|c| part_of_program(&c.program) == Some(part)).collect();
        if mine.is_empty() {
            continue;
        }
        // The cases carry the part's points, less what a part-level rule holds back.
        let rule_share = match part {
            1 => 0.1,
            3 => 0.5,
            _ => 0.0,
        };
        let each = weight * (1.0 - rule_share) / mine.len() as f64;
        let mut part_tests: Vec<GradescopeTest> = Vec::new();
        let mut exact: Vec<f64> = Vec::new();
        for c in &mine {
            part_tests.push(GradescopeTest::new(
                format!("{name}: {} on {} (depth {})", c.program, c.label, c.depth),
                round(each),
                case_output(c),
            ));
            exact.push(each * c.score);
        }
        let from_cases: f64 = exact.iter().sum();
        if rule_share > 0.0 {
            let what = if part == 1 {
                "alpha-beta saves positions on at least two cases"
            } else {
                "a different move from the handout estimate on two boards, no worse in the match, and the match"
            };
            let notes: Vec<&str> =
                g.notes.iter().filter(|n| n.starts_with(&format!("Part {name}"))).map(String::as_str).collect();
            part_tests.push(GradescopeTest::new(
                format!("{name}: {what}"),
                round(weight * rule_share),
                notes.join("\n"),
            ));
            exact.push(part_points - from_cases);
        }
        // The maxima too add up to the part's weight (17 cases of 10/17 each are 9.9994 rounded
        // apart, and full marks could not add up to the part's 10).
        let rounded: Vec<f64> = part_tests.iter().map(|t| t.max_score).collect();
        let max = fitted(&rounded, &vec![weight; rounded.len()], weight);
        for (t, (score, max)) in part_tests.iter_mut().zip(fitted(&exact, &max, part_points).into_iter().zip(&max)) {
            t.score = score;
            t.max_score = *max;
        }
        tests.extend(part_tests);
    }
    for (why, p) in &g.deductions {
        tests
            .push(GradescopeTest { score: round(-p * k), ..GradescopeTest::new("deduction".into(), 0.0, why.clone()) });
    }
    let mut output = g.summary.join("\n");
    if g.flagged() {
        output.push_str(&format!("\n\nFor a TA's look:\n{}", g.doubts.join("\n")));
    }
    GradescopeResults {
        score: round(g.total * k),
        execution_time: (g.seconds * 10.0).round() / 10.0,
        output,
        output_format: "text".into(),
        visibility: "visible".into(),
        tests,
    }
}

#[cfg(test)]
mod gradebook_tests {
    use super::*;
    use crate::grade::lms::{Submitter, Who};

    #[test]
    fn a_test_never_scores_above_its_max_and_the_tests_add_up_to_the_total() {
        // Part IV as trial 11's student had it: half its cases at 0.5 (the output file
        // missed), the part-level rule full; its points rounded to the cent as the grade
        // sheet has them, 7.65, where its cases carry 2.6471: 5.0029 was left for a rule
        // worth 5. And Part I at 0.9 a case over 17 cases, which no 1/10,000 divides.
        let case = |program: &str, i: usize, score: f64| CaseResult {
            program: program.into(),
            label: format!("case {i}"),
            score,
            ..CaseResult::default()
        };
        let mut g = StudentGrade { net_id: "leeandrew".into(), ..StudentGrade::default() };
        // Part III full, over 17 cases of 10/17 each, which rounded apart add up to 9.9994.
        let improved: Vec<f64> = (0..17).map(|i| if i < 8 { 1.0 } else { 0.5 }).collect();
        let minimax: Vec<f64> = (0..17).map(|i| if i % 3 == 0 { 0.9 } else { 1.0 }).collect();
        for (i, s) in improved.iter().enumerate() {
            g.cases.push(case(if i % 2 == 0 { "MiniMaxOpeningImproved" } else { "MiniMaxGameImproved" }, i, *s));
        }
        for (i, s) in minimax.iter().enumerate() {
            g.cases.push(case("MiniMaxGame", i, *s));
            g.cases.push(case("MiniMaxGameBlack", i, 1.0));
        }
        let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
        let cents = |p: f64| (p * 100.0).round() / 100.0;
        g.parts = [cents(45.0 * mean(&minimax)), 0.0, 10.0, cents(10.0 * (0.5 * mean(&improved) + 0.5))];
        g.deductions.push(("late".into(), 1.5));
        g.total = cents(g.parts.iter().sum::<f64>() - 1.5);
        // Out of the handout's 100, and for an assignment worth 50 or 30 (`points`), as
        // Gradescope takes `score` against the points the assignment is set to.
        for worth in [100.0, 50.0, 30.0] {
            let k = worth / 100.0;
            let results = gradescope(&g, &crate::grade::part_of_program, worth);
            for t in &results.tests {
                assert!(t.score <= t.max_score || t.max_score == 0.0, "{}: {} of {}", t.name, t.score, t.max_score);
                assert!(t.score >= 0.0 || t.name == "deduction", "{}: {}", t.name, t.score);
            }
            let rule = results.tests.iter().find(|t| t.name.starts_with("IV improved: a different move")).unwrap();
            // Full marks; worth 5 of 100, or 2.5 of 50 less what the cases' rounding took.
            assert_eq!(rule.score, rule.max_score);
            assert!((rule.max_score - 5.0 * k).abs() < 0.001, "{worth}: the rule is worth {}", rule.max_score);
            if worth == 100.0 {
                assert_eq!(rule.max_score, 5.0);
            }
            assert!((results.score - g.total * k).abs() < 1e-6, "{worth}: a score of {}", results.score);
            let sum: f64 = results.tests.iter().map(|t| t.score).sum();
            assert!((sum - results.score).abs() < 1e-6, "the tests add up to {sum}, the total is {}", results.score);
            let max: f64 = results.tests.iter().map(|t| t.max_score).sum();
            assert!((max - 65.0 * k).abs() < 1e-6, "{worth}: the tests are worth {max} (Part II has no case here)");
            for (part, name) in [(0, "I "), (2, "III "), (3, "IV ")] {
                let of_part = |f: fn(&GradescopeTest) -> f64| -> f64 {
                    results.tests.iter().filter(|t| t.name.starts_with(name)).map(f).sum()
                };
                let (got, max) = (of_part(|t| t.score), of_part(|t| t.max_score));
                assert!((got - g.parts[part] * k).abs() < 1e-6, "part {name}: {got} of {}", g.parts[part] * k);
                assert!((max - PARTS[part].1 * k).abs() < 1e-6, "part {name}: at most {max} of {}", PARTS[part].1 * k);
            }
        }
    }

    fn grade(net_id: &str, who: Who, total: f64) -> StudentGrade {
        StudentGrade { net_id: net_id.into(), who, total, ..StudentGrade::default() }
    }

    #[test]
    fn each_row_takes_the_grade_that_names_it_most_surely() {
        let canvas = grade("ruizana", Who { canvas_id: Some("5001".into()), ..Who::default() }, 90.0);
        let ana = Submitter { name: "Ana Ruiz".into(), sid: "2101".into(), email: "ar210001@school.edu".into() };
        let gradescope = grade("ar210001", Who { submitters: vec![ana], ..Who::default() }, 80.0);
        let folder = grade("bl220002", Who::default(), 70.0);
        let roster = [
            GradebookRow {
                student: "Ruiz, Ana".into(),
                id: "5001".into(),
                sis_user: "2101".into(),
                sis_login: "ana@school.edu".into(),
                section: "001".into(),
            },
            GradebookRow {
                student: "Li, Bo".into(),
                id: "5010".into(),
                sis_login: "BL220002".into(),
                ..GradebookRow::default()
            },
            GradebookRow { student: "Absent, Al".into(), id: "5012".into(), ..GradebookRow::default() },
        ];
        for grades in [
            vec![canvas.clone(), gradescope.clone(), folder.clone()],
            vec![folder.clone(), gradescope.clone(), canvas.clone()],
        ] {
            let import = canvas_csv_for(&grades, &roster, Some("P2 (7)"), 100.0);
            // Absent, Al has no grade here: his row is left out, as an empty cell would clear
            // whatever Canvas holds for him (a 0 or an EX entered by hand).
            assert_eq!(
                import.csv,
                "Student,ID,SIS User ID,SIS Login ID,Section,P2 (7)\r\nPoints Possible,,,,,100\r\n\"Ruiz, Ana\",5001,2101,ana@school.edu,001,90\r\n\"Li, Bo\",5010,,BL220002,,70\r\n"
            );
            assert_eq!(import.unmatched, vec!["ar210001".to_string()]);
            assert_eq!(import.ungraded, vec!["Absent, Al".to_string()]);
        }
        // An assignment worth 50 points: each total of 100 halved.
        let csv = canvas_csv_for(&[canvas], &roster[..1], Some("P2 (7)"), 50.0).csv;
        assert!(csv.contains("Points Possible,,,,,50\r\n\"Ruiz, Ana\",5001,2101,ana@school.edu,001,45\r\n"), "{csv}");
    }

    /// A gradebook export as written to a file, read back.
    fn read_export(name: &str, text: &str) -> Result<Gradebook, String> {
        let dir = std::env::temp_dir().join(format!("morris-gradebook-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("export.csv");
        std::fs::write(&path, text).unwrap();
        let book = read_gradebook(&path);
        std::fs::remove_dir_all(&dir).unwrap();
        book
    }

    #[test]
    fn the_column_is_the_export_s_assignment_of_the_id_it_names() {
        // The TA shortened the title; Canvas's import fills the assignment by the ID in the
        // parentheses, worth 50: its points, not 100, scale the grades.
        let text = "Student,ID,SIS User ID,SIS Login ID,Section,Project 1 (70001),Project 2: Morris Variant (70002)\r\n    Points Possible,,,,,100.00,50.00\r\n";
        let book = read_export("by-id", text).unwrap();
        assert_eq!(book.points_of("Project 2 (70002)"), Some(50.0));
        assert_eq!(book.points_of("Project 2: Morris Variant (70002)"), Some(50.0));
        assert_eq!(book.column(Some("Project 2 (70002)")), ("Project 2 (70002)".to_string(), None));
        // A column that names none of them is one Canvas would create anew: the TA is told.
        let (column, said) = book.column(Some("Project 2 (70020)"));
        assert_eq!(column, "Project 2 (70020)");
        assert!(said.is_some_and(|s| s.contains("names none of the gradebook's assignments")
            && s.contains("\"Project 2: Morris Variant (70002)\"")));
        assert_eq!(book.points_of("Project 2 (70020)"), None);
    }

    #[test]
    fn an_export_is_read_in_the_form_canvas_gives_it_in_any_locale() {
        // Semicolons and decimal commas (a user whose locale writes `50,00`), the byte-order
        // mark, the `Manual Posting` row, and the names in two columns.
        let text = "\u{feff}LastName;FirstName;ID;SIS User ID;SIS Login ID;Section;Project 2 (70002);Current Score\r\n;;;;;;Manual Posting;\r\n    Points Possible;;;;;;50,00;(read only)\r\nMüller;Jürgen;50231;2021001;jm210001;CS 4365.001, Lecture;;93,64\r\n";
        let book = read_export("locale", text).unwrap();
        assert_eq!(book.assignments, vec![("Project 2 (70002)".to_string(), Some(50.0))]);
        assert_eq!(
            book.rows,
            vec![GradebookRow {
                student: "Müller, Jürgen".into(),
                id: "50231".into(),
                sis_user: "2021001".into(),
                sis_login: "jm210001".into(),
                section: "CS 4365.001, Lecture".into(),
            }]
        );
        for (cell, number) in
            [("50.00", Some(50.0)), ("12,5", Some(12.5)), ("-3", Some(-3.0)), ("(read only)", None), ("", None)]
        {
            assert_eq!(canvas_number(cell), number, "{cell}");
        }
        // Still one line for a file that is no export.
        let said = read_export("not", "name;score\r\nx;1\r\n").unwrap_err();
        assert!(said.contains("not a Canvas gradebook export (no `Student` and `ID` columns"), "{said}");
    }

    #[test]
    fn the_export_s_assignments_are_named_and_their_points_read() {
        let one = "Student,ID,SIS User ID,SIS Login ID,Section,Project 2 (123456)\n\
                   Points Possible,,,,,50.00\n\
                   \"Ruiz, Ana\",5001,2101,ana,001,\n";
        let book = read_export("one", one).unwrap();
        assert_eq!(book.rows.len(), 1);
        assert_eq!(book.assignments, vec![("Project 2 (123456)".to_string(), Some(50.0))]);
        // Its only assignment is named, not filled: it could be another assignment's.
        let (column, said) = book.column(None);
        assert_eq!(column, DEFAULT_CANVAS_COLUMN);
        assert!(said.is_some_and(|s| s.contains("canvas_column = \"Project 2 (123456)\"")));
        assert_eq!(book.column(Some("Project 2 (123456)")), ("Project 2 (123456)".to_string(), None));
        // Another column is one Canvas would create anew: the TA is told.
        assert!(book.column(Some("Other (9)")).1.is_some_and(|s| s.contains("Canvas's import would create it")));
        assert_eq!(book.points_of("Project 2 (123456)"), Some(50.0));
        let two = "Student,ID,SIS User ID,SIS Login ID,Section,Project 1 (11),Project 2 (12),Current Score\n\
                   \"Ruiz, Ana\",5001,2101,ana,001,,,\n";
        let book = read_export("two", two).unwrap();
        assert_eq!(book.assignments.len(), 2, "{:?}", book.assignments);
        let (column, said) = book.column(None);
        assert_eq!(column, DEFAULT_CANVAS_COLUMN);
        assert!(said.is_some_and(|s| s.contains("canvas_column") && s.contains("Project 1 (11)")));
    }
}
