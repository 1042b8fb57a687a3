//! `morris grade SUBMISSION...`: grades a class's submissions of the classroom handout
//! (see [`morris::grade`]) and writes the grade sheet and one report per student.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;

use anyhow::Context as _;
use clap::Args;
use rayon::prelude::*;

use crate::cmd::progress::Bar;
use morris::grade::class_file::{ClassFile, read_class_file};
use morris::grade::submission::find_submissions;
use morris::grade::{Settings, cases, grade_student, report};
use morris::progress::Progress as _;

/// Arguments of `morris grade`.
#[derive(Args, Debug)]
pub struct GradeArgs {
    /// Submissions: a folder or a zip per student (named with the net ID), or a folder of them
    #[arg(required = true, value_name = "SUBMISSION")]
    submissions: Vec<PathBuf>,
    /// The class file (limits, cases, commands for unusual layouts)
    #[arg(long, value_name = "FILE")]
    class: Option<PathBuf>,
    /// Folder for the grade sheet (grades.csv), the reports and the work folders
    #[arg(long, short, value_name = "DIR", default_value = "grades")]
    out: PathBuf,
    /// Students graded at once
    #[arg(long, short, default_value_t = 2)]
    jobs: usize,
    /// Grade again students already graded in --out
    #[arg(long)]
    force: bool,
    /// The programs' sandbox and limits (as for the engines of `morris tournament`)
    #[command(flatten)]
    sandbox: super::referee::SandboxArgs,
}

/// Runs `morris grade`.
///
/// # Errors
/// A bad class file, a missing submission, an unwritable output folder.
pub fn run(args: &GradeArgs) -> anyhow::Result<ExitCode> {
    let class = match &args.class {
        Some(p) => read_class_file(p).map_err(|e| anyhow::anyhow!("bad class file {e}"))?,
        None => ClassFile::default(),
    };
    let limits = args.sandbox.over(morris::referee::limits::EngineLimits::default())?;
    morris::grade::run::use_sandbox(args.sandbox.sandbox(limits));
    let submissions = find_submissions(&args.submissions)?;
    if submissions.is_empty() {
        anyhow::bail!(
            "no submissions found in {}",
            args.submissions.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
        );
    }
    let reports = args.out.join("reports");
    std::fs::create_dir_all(&reports).with_context(|| format!("cannot create {}", reports.display()))?;
    let settings = Settings::new(class, args.out.clone());
    let calls = cases::calls_of(&cases::class_cases(&settings.class));
    let bar = Bar::new(submissions.len() as u64, "{bar:30} {pos}/{len} students {elapsed_precise} {msg}", "students");
    let grades = Mutex::new(Vec::new());
    let pool = rayon::ThreadPoolBuilder::new().num_threads(args.jobs.max(1)).build()?;
    pool.install(|| {
        submissions.par_iter().for_each(|sub| {
            let earlier = if args.force { None } else { report::load(&reports, &sub.net_id) };
            let g = match earlier {
                Some(g) => g,
                None => {
                    bar.stage(format!("grading {}", sub.net_id));
                    let g = grade_student(sub, &calls, &settings);
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
    let grades = grades.into_inner().unwrap_or_default();
    let sheet = args.out.join("grades.csv");
    std::fs::write(&sheet, report::grade_sheet(&grades))
        .with_context(|| format!("cannot write {}", sheet.display()))?;
    println!(
        "{} students graded on {} calls each; grade sheet {}, reports in {}",
        grades.len(),
        calls.len(),
        sheet.display(),
        reports.display()
    );
    Ok(ExitCode::SUCCESS)
}
