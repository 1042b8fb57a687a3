//! `morris grade SUBMISSION...`: grades a class's submissions of the classroom handout
//! (see [`morris::grade`]) and writes the grade sheet, one report per student, the class
//! summary, and the grades for Canvas and Gradescope.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

use anyhow::Context as _;
use clap::Args;
use rayon::prelude::*;

use crate::cmd::progress::Bar;
use morris::files::write_whole;
use morris::grade::class_file::{ClassFile, read_class_file};
use morris::grade::class_summary::{self, RunFacts};
use morris::grade::run::{ProgramRunner, RunSpec};
use morris::grade::submission::{OUTPUT_MARK, Submission, check_paths, find_submissions, open_class_zips};
use morris::grade::{GradeSettings, cases, export, grade_student, part_of_program, report, similar};
use morris::progress::Progress as _;
use morris::words::{count, listed};

/// Arguments of `morris grade`.
#[derive(Args, Debug)]
pub struct GradeArgs {
    /// Submissions: a folder or a zip per student (named with the net ID), a folder of them, or
    /// a class as Canvas's "Download Submissions" or Gradescope's "Export Submissions" gives it
    #[arg(required = true, value_name = "SUBMISSION")]
    submissions: Vec<PathBuf>,
    /// The class file (limits, cases, deductions, commands for unusual layouts)
    #[arg(long, value_name = "FILE")]
    class: Option<PathBuf>,
    /// Folder for the grade sheet (grades.csv), the reports, the summary, code alike
    /// (similarity.md), the exports for Canvas and Gradescope and the work folders
    #[arg(long, short, value_name = "DIR", default_value = "grades")]
    out: PathBuf,
    /// Students graded at once
    #[arg(long, short, default_value_t = 2)]
    jobs: usize,
    /// Grade again students already graded in --out
    #[arg(long)]
    force: bool,
    /// Grade (again) only this student; the others keep their earlier grades (repeatable, or
    /// several parted by commas: --only ab123,cd456)
    #[arg(long, value_name = "NETID", value_delimiter = ',')]
    only: Vec<String>,
    /// Canvas's gradebook export (Grades, Export): canvas.csv then has a row for each of its
    /// students, with their own name, IDs and section, matched by Canvas ID, login, SIS ID
    /// or name
    #[arg(long, value_name = "CSV")]
    gradebook: Option<PathBuf>,
    /// Install no Python packages: a program importing one this machine lacks (numpy, click)
    /// then fails, and the report names it. By default what the programs import and a
    /// submission declares (requirements.txt, Pipfile, pyproject.toml) is installed into its
    /// copy from PyPI (or pip's configured index), wheels only
    #[arg(long)]
    no_install: bool,
    /// Also write this one student's Gradescope results.json here (inside Gradescope's
    /// autograder: /autograder/results/results.json)
    #[arg(long, value_name = "FILE")]
    gradescope: Option<PathBuf>,
    /// The programs' sandbox and limits (as for the engines of `morris tournament`)
    #[command(flatten)]
    sandbox: super::referee::SandboxArgs,
}

/// The students whose grades lie in `reports` but who are none of `submissions`.
fn others_graded(reports: &Path, submissions: &[Submission]) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(reports) else { return Vec::new() };
    let mut others: Vec<String> = entries
        .flatten()
        .filter_map(|e| e.file_name().to_str().and_then(|n| n.strip_suffix(".json")).map(str::to_string))
        .filter(|id| !submissions.iter().any(|s| &s.net_id == id))
        .collect();
    others.sort();
    others
}

/// Runs `morris grade`.
///
/// # Errors
/// A bad class file, a missing submission, an unwritable output folder.
pub fn run(args: &GradeArgs) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    // A missing path or a file that is no archive: said before the output folder is made.
    check_paths(&args.submissions)?;
    let class = match &args.class {
        Some(p) => read_class_file(p).map_err(|e| anyhow::anyhow!("bad class file {e}"))?,
        None => ClassFile::default(),
    };
    let limits = args.sandbox.over(morris::referee::sandbox::limits::EngineLimits::default())?;
    let runner = ProgramRunner::new(args.sandbox.sandbox(limits));
    let roster = args.gradebook.as_deref().map(export::read_gradebook).transpose().map_err(|e| anyhow::anyhow!(e))?;
    let mut settings = GradeSettings::new(class, &args.out, runner);
    settings.install &= !args.no_install;
    // The call's files lie in the output folder: a student's wrapper that passes them on
    // unquoted (`python3 ABGame.py $1 $2 $3`) splits a path with a space and fails, though
    // it runs for a TA who types short names.
    if settings.out.to_string_lossy().contains(char::is_whitespace) {
        eprintln!(
            "morris grade: warning: the output folder {} has a space in its path; a student's script that passes its arguments on unquoted ($1) will split the file names and fail: give --out a folder without spaces",
            settings.out.display()
        );
    }
    // The output folder is marked first: graded from inside the class's folder, a rerun
    // must not take it for a student's submission.
    let reports = settings.out.join("reports");
    std::fs::create_dir_all(&reports).with_context(|| format!("cannot create {}", reports.display()))?;
    write_whole(
        &settings.out.join(OUTPUT_MARK),
        b"morris grade's output: reports, grades and work copies, not a submission\n",
    )?;
    // Every program runs in OUT/work: where the sandbox cannot start one there (as root
    // without bubblewrap, in a folder private to root), every student would get 0.
    let work = settings.out.join("work");
    std::fs::create_dir_all(&work).with_context(|| format!("cannot create {}", work.display()))?;
    let probe = settings.runner.run(&RunSpec {
        argv: vec!["true".into()],
        dir: work.clone(),
        time_limit: std::time::Duration::from_secs(10),
        output_limit: 1024,
        writable: None,
        stdin: None,
    });
    if let Some(why) = probe.start_error {
        anyhow::bail!("cannot run the students' programs in {}: {why}", work.display());
    }
    // A class zip from Canvas or Gradescope is unpacked first, into the output folder.
    let paths =
        open_class_zips(&args.submissions, &settings.out.join("downloads"), settings.build_limit, &settings.runner)
            .map_err(|e| anyhow::anyhow!(e))?;
    let found = find_submissions(&paths)?;
    // A folder read by its folders' names alone: what was taken as what, so that no student
    // is dropped unseen (a class taken for one student) nor a project split unseen.
    for told in &found.told {
        eprintln!("morris grade: {told}");
    }
    let submissions = found.submissions;
    if submissions.is_empty() {
        anyhow::bail!(
            "no submissions found in {}",
            args.submissions.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
        );
    }
    for id in &args.only {
        if !submissions.iter().any(|s| &s.net_id == id) {
            let ids: Vec<&str> = submissions.iter().map(|s| s.net_id.as_str()).collect();
            anyhow::bail!("--only {id}: no such student among the {} submissions ({})", ids.len(), listed(&ids, 8));
        }
    }
    // The sheet is written for this run's students: an output folder holding the grades
    // of others (a class graded into it before, and now one student's folder given
    // alone) would lose them from the sheet and the exports.
    if args.only.is_empty() {
        let others = others_graded(&reports, &submissions);
        if !others.is_empty() {
            anyhow::bail!(
                "{} holds the grades of {} not among these submissions ({}): their grades would leave the sheet \
                 and the exports; give these submissions another --out, or regrade one student with the class's \
                 submissions and --only NETID",
                settings.out.display(),
                count(others.len() as u64, "student", "students"),
                listed(&others, 5)
            );
        }
    }
    if args.gradescope.is_some() && submissions.len() != 1 {
        anyhow::bail!("--gradescope writes one student's results: give one submission, not {}", submissions.len());
    }
    let calls = cases::calls_of(&cases::class_cases(&settings.class));
    let bar = Bar::new(submissions.len() as u64, "{bar:30} {pos}/{len} students {elapsed_precise} {msg}", "students");
    let grades = Mutex::new(Vec::new());
    let graded_now = std::sync::atomic::AtomicUsize::new(0);
    let stale = std::sync::atomic::AtomicUsize::new(0);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(args.jobs.max(1)).build()?;
    pool.install(|| {
        submissions.par_iter().for_each(|sub| {
            let named = args.only.contains(&sub.net_id);
            let again = args.force || named;
            let basis = morris::grade::basis(sub, &settings.class);
            let earlier = if again { None } else { report::load(&reports, &sub.net_id) };
            // A grade made from another class file, upload or grader is made again; with
            // --only, the others keep theirs as they are.
            let earlier = earlier.filter(|g| {
                let same = g.basis == basis || !args.only.is_empty();
                if !same {
                    stale.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
                same
            });
            let g = match earlier {
                Some(g) => g,
                // With --only, the others keep an earlier grade or stay off the sheet.
                None if !args.only.is_empty() && !named => {
                    bar.advance(1);
                    return;
                }
                None => {
                    bar.stage(format!("grading {}", sub.net_id));
                    let mut g = grade_student(sub, &calls, &settings);
                    g.basis = basis;
                    graded_now.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if let Err(e) = report::save(&reports, &g) {
                        bar.println(&format!("morris grade: cannot write the report of {}: {e}", sub.net_id));
                    }
                    if let Some(note) = g.notes.first().filter(|_| g.found.is_empty()) {
                        bar.println(&format!("morris grade: {}: {note}", sub.net_id));
                    }
                    g
                }
            };
            bar.advance(1);
            if let Ok(mut all) = grades.lock() {
                all.push(g);
            }
        });
    });
    bar.finish();
    let stale = stale.into_inner();
    if stale > 0 {
        eprintln!(
            "morris grade: {} made from another class file, upload or version of the grader: graded again",
            count(stale as u64, "earlier grade was", "earlier grades were")
        );
    }
    let grades = grades.into_inner().unwrap_or_default();
    let out = &settings.out;
    let write = |name: &str, text: &str| write_whole(&out.join(name), text.as_bytes());
    write("grades.csv", &report::grade_sheet(&grades))?;
    let (column, why) = match &roster {
        Some(book) => book.column(settings.class.canvas_column.as_deref()),
        None => {
            (settings.class.canvas_column.clone().unwrap_or_else(|| export::DEFAULT_CANVAS_COLUMN.to_string()), None)
        }
    };
    if let Some(why) = why {
        eprintln!("morris grade: {why}");
    }
    // What the assignment is worth: the class file's, else its column's in the gradebook.
    let worth =
        settings.class.points.or_else(|| roster.as_ref().and_then(|book| book.points_of(&column))).unwrap_or(100.0);
    match &roster {
        Some(book) => {
            let import = export::canvas_csv_for(&grades, &book.rows, Some(&column), worth);
            write("canvas.csv", &import.csv)?;
            if !import.unmatched.is_empty() {
                eprintln!(
                    "morris grade: {} graded but not in the gradebook, so not in canvas.csv: {}",
                    import.unmatched.len(),
                    import.unmatched.join(", ")
                );
            }
            if !import.ungraded.is_empty() {
                eprintln!(
                    "morris grade: {} of the gradebook without a grade here, left out of canvas.csv (an empty cell \
                     would clear what Canvas holds for them): {}",
                    count(import.ungraded.len() as u64, "student", "students"),
                    import.ungraded.join("; ")
                );
            }
        }
        None => write("canvas.csv", &export::canvas_csv(&grades, Some(&column), worth))?,
    }
    let gradescope_csv = export::gradescope_csv(&grades, worth);
    match &gradescope_csv {
        Some(csv) => write("gradescope.csv", csv)?,
        // An earlier run's, for other students, would not match this run's sheet.
        None => {
            let _ = std::fs::remove_file(out.join("gradescope.csv"));
        }
    }
    let gradescope_dir = out.join("gradescope");
    std::fs::create_dir_all(&gradescope_dir).with_context(|| format!("cannot create {}", gradescope_dir.display()))?;
    for g in &grades {
        let json = serde_json::to_string_pretty(&export::gradescope(g, &part_of_program, worth))?;
        write_whole(&gradescope_dir.join(format!("{}.json", g.net_id)), json.as_bytes())?;
        if let Some(path) = &args.gradescope {
            write_whole(path, json.as_bytes())?;
        }
    }
    // Code alike across the class (the handout tests every program for plagiarism): the
    // work copies of everyone on the sheet, those graded earlier included.
    let copies: Vec<(String, PathBuf)> = grades
        .iter()
        .map(|g| (g.net_id.clone(), out.join("work").join(&g.net_id)))
        .filter(|(_, w)| w.is_dir())
        .collect();
    let alike = similar::alike(&copies);
    write("similarity.md", &similar::markdown(&alike, copies.len()))?;
    let facts = RunFacts {
        seconds: started.elapsed().as_secs_f64(),
        jobs: args.jobs.max(1),
        calls: calls.len(),
        graded_now: graded_now.into_inner(),
        alike: alike.iter().map(|a| (a.students.0.clone(), a.students.1.clone(), a.share.0.max(a.share.1))).collect(),
    };
    write("summary.md", &class_summary::markdown(&grades, &facts))?;
    write("summary.html", &class_summary::html(&grades, &facts))?;
    let flagged = grades.iter().filter(|g| g.flagged()).count();
    let kept = grades.len() - facts.graded_now;
    println!(
        "{} on {} calls each in {:.0} s ({} graded in this run{}; {flagged} flagged for a look); grade sheet {}, summary {}, reports in {}, Canvas {}, Gradescope {}{}; {} in {}",
        count(grades.len() as u64, "student", "students"),
        calls.len(),
        facts.seconds,
        facts.graded_now,
        if kept > 0 { format!(", {kept} kept from an earlier run") } else { String::new() },
        out.join("grades.csv").display(),
        out.join("summary.html").display(),
        reports.display(),
        out.join("canvas.csv").display(),
        gradescope_dir.display(),
        if gradescope_csv.is_some() { format!(" and {}", out.join("gradescope.csv").display()) } else { String::new() },
        count(alike.len() as u64, "pair", "pairs") + " of submissions with code alike",
        out.join("similarity.md").display()
    );
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::GradeArgs;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        grade: GradeArgs,
    }

    #[test]
    fn students_to_grade_again_by_commas_or_one_at_a_time() {
        let cli = Cli::try_parse_from(["grade", "class", "--only", "ab123,cd456", "--only", "ef789"]).unwrap();
        assert_eq!(cli.grade.only, ["ab123", "cd456", "ef789"]);
    }
}
