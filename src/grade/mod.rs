//! `morris grade`: grading students' submissions of the classroom handout's eight programs
//! against morris's own (`crate::classroom`, called as a library), as a careful TA would.
//!
//! - [`run`]: the single place a process is started, in the sandbox.
//! - [`class_file`]: `grade.toml`, limits, cases, deductions, commands for odd layouts.
//! - [`submission`]: finding, unpacking, building submissions, finding the programs by
//!   their names as students write them ([`names`]).
//! - [`forms`]: the command line a program asks for, when it refuses the handout's.
//! - [`cases`]: the cases and their exact answers (both readings of the Black programs);
//!   [`fewest`]: the fewest positions a correct alpha-beta can evaluate on a case.
//! - [`read`]: a program's output read by what its lines name, not their exact words.
//! - [`mod@check`]: one call checked; [`report`]: the reports and the grade sheet;
//!   [`class_summary`]: the class at a glance; [`export`]: Canvas and Gradescope.
//!
//! Parts and weights are the handout's: I MiniMax 45 (MiniMaxOpening, MiniMaxGame),
//! II alpha-beta 35 (ABOpening, ABGame), III Black 10, IV improved estimation 10.

mod c23;
pub mod cases;
pub mod check;
pub mod class_file;
pub mod class_summary;
mod cmake;
mod cython;
mod docx;
pub mod export;
pub mod fewest;
pub mod forms;
mod ipython;
pub mod libraries;
pub mod lms;
pub mod menu;
pub mod names;
mod notebook;
mod others;
pub mod packages;
pub mod read;
pub mod readme;
pub mod report;
pub mod run;
pub mod similar;
pub mod submission;
pub mod toolchain;
mod visual_cpp;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use cases::Call;
use check::{CaseResult, Invocation, check, fault, invoke};
use class_file::ClassFile;
use forms::Form;
use run::{ProgramRunner, RunSpec};
use submission::{Built, Program, Submission, build, unpack};

use crate::classroom::{ALL_PROGRAMS, Algorithm, ProgramPhase, ProgramSpec, decide};
use crate::rules::{CLASSROOM, Color, MoveList, Position};

/// The handout's parts: name and weight.
pub const PARTS: [(&str, f64); 4] =
    [("I MiniMax", 45.0), ("II alpha-beta", 35.0), ("III Black", 10.0), ("IV improved", 10.0)];

/// Timeouts after which a program's remaining calls are not run (and score 0).
pub const MAX_TIMEOUTS: u32 = 2;

/// Settings of a grading run.
#[derive(Clone, Debug)]
pub struct GradeSettings {
    /// The class file.
    pub class: ClassFile,
    /// Where reports, the grade sheet and work folders go (absolute).
    pub out: PathBuf,
    /// Starts every process, in the sandbox.
    pub runner: ProgramRunner,
    /// Per call.
    pub run_limit: Duration,
    /// Per build step.
    pub build_limit: Duration,
    /// Match depth and ply cap (0: no match).
    pub match_depth: u32,
    /// Match ply cap.
    pub match_plies: u32,
    /// Install the Python packages a submission's programs import and this machine lacks
    /// ([`packages`]); false: `--no-install`, or the class file's `install = false`.
    pub install: bool,
}

impl GradeSettings {
    /// Settings from a class file, with its limits or the defaults. `out` is made
    /// absolute: the programs run in folders of their own, where a relative path to
    /// their work copy would name nothing.
    #[must_use]
    pub fn new(class: ClassFile, out: &Path, runner: ProgramRunner) -> GradeSettings {
        let out = std::path::absolute(out).unwrap_or_else(|_| out.to_path_buf());
        GradeSettings {
            runner,
            run_limit: Duration::from_secs_f64(class.run_seconds.unwrap_or(30.0).max(0.1)),
            build_limit: Duration::from_secs_f64(class.build_seconds.unwrap_or(120.0).max(0.1)),
            match_depth: class.match_depth.unwrap_or(2).max(1),
            match_plies: class.match_plies.unwrap_or(40),
            install: class.install.unwrap_or(true),
            class,
            out,
        }
    }
}

/// The improved programs' match against the handout estimate.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct MatchResult {
    /// Points of the improved side (win 1, draw ½).
    pub score: f64,
    /// Games played.
    pub games: u32,
    /// Games the improved side lost (on the board, by a failed or illegal answer, or
    /// behind in stones at the ply limit).
    #[serde(default)]
    pub losses: u32,
    /// One line per game.
    pub lines: Vec<String>,
}

/// One student's grade.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct StudentGrade {
    /// Net ID.
    pub net_id: String,
    /// Who, as the course site the submission came from knows the student.
    #[serde(default)]
    pub who: lms::Who,
    /// Points per part, in [`PARTS`] order.
    pub parts: [f64; 4],
    /// Points taken off the sum of the parts, each with its reason (the class file's).
    #[serde(default)]
    pub deductions: Vec<(String, f64)>,
    /// The sum of the parts less the deductions.
    pub total: f64,
    /// Every call.
    pub cases: Vec<CaseResult>,
    /// Build steps: command, how it ended, stderr tail.
    pub build: Vec<(String, String, String)>,
    /// Program name to how it was found (missing ones absent).
    pub found: Vec<(String, String)>,
    /// Program name to the command line it was called with, where not the handout's.
    #[serde(default)]
    pub forms: Vec<(String, String)>,
    /// Notes per part.
    pub notes: Vec<String>,
    /// What works and what does not, a line per program.
    #[serde(default)]
    pub summary: Vec<String>,
    /// Where the grader had to choose: a TA should look.
    #[serde(default)]
    pub doubts: Vec<String>,
    /// The match.
    pub matched: Option<MatchResult>,
    /// Seconds taken.
    pub seconds: f64,
    /// What the grade was made from ([`basis`]): an earlier run's grade is kept only
    /// while it is the same (empty in reports written before 2026-12-01: graded again).
    #[serde(default)]
    pub basis: String,
}

impl StudentGrade {
    /// Flagged for a TA's look: a doubt, or an answer read only one way among several.
    #[must_use]
    pub fn flagged(&self) -> bool {
        !self.doubts.is_empty()
    }
}

/// The part (an index into [`PARTS`]) of the program named `name`.
#[must_use]
pub fn part_of_program(name: &str) -> Option<usize> {
    ALL_PROGRAMS.iter().find(|p| p.name == name).map(part_of)
}

fn part_of(spec: &ProgramSpec) -> usize {
    match (spec.algorithm, spec.side, spec.estimator) {
        (_, _, crate::classroom::Estimator::Improved) => 3,
        (Algorithm::AlphaBeta, _, _) => 1,
        (_, Color::Black, _) => 2,
        _ => 0,
    }
}

/// How one program is called, decided at its first call.
#[derive(Clone, Debug)]
struct Calling {
    form: Form,
    decided: bool,
    timeouts: u32,
    /// The program as run from another folder than its own ([`from_another_folder`]).
    moved: Option<Program>,
}

/// A program that could not open a file of its own by a path relative to the folder it is
/// run from (`open('data/lines.txt')` in `src/MiniMaxGame.py`, its README running it as
/// `python3 src/MiniMaxGame.py …` from the project's folder): run again, on `call`, from
/// the folder of the submission `work` that holds the file, the nearest above its own
/// where one is. The file is the first relative path the program's words name that is no
/// file from its own folder and is one in the submission, else the first its sources quote
/// (a program that fails later for the file it did not find, naming none). The program so
/// moved, its invocation and what names the file, where that gave an answer.
fn from_another_folder(
    settings: &GradeSettings,
    program: &Program,
    form: &Form,
    first: &Invocation,
    call: &Call,
    scratch: &Path,
    work: &Path,
) -> Option<(Program, Invocation, String)> {
    let said = format!("{}\n{}", first.outcome.stderr, first.outcome.stdout);
    let files = submission::walk(work);
    let elsewhere = |paths: Vec<String>| {
        paths
            .into_iter()
            .filter(|p| !program.dir.join(p).exists())
            .find_map(|p| folder_holding(&files, &program.dir, &p).map(|d| (d, p)))
    };
    let named = elsewhere(read::relative_paths_named(&said))
        .map(|(d, p)| (d, format!("`{p}` it named when run from its own folder")));
    let (dir, what) = named.or_else(|| {
        // Named by none of its words: the paths its sources quote (its own first).
        let mut sources: Vec<&PathBuf> = files.iter().filter(|f| submission::is_source(f)).collect();
        sources.sort_by_key(|f| !program.argv.iter().any(|a| Path::new(a) == f.as_path()));
        let quoted = sources
            .into_iter()
            .filter_map(|f| crate::files::read_text_lossy(f, crate::files::SMALL_TEXT))
            .flat_map(|text| read::relative_paths_quoted(&text))
            .collect();
        elsewhere(quoted).map(|(d, p)| (d, format!("`{p}` its sources open (it failed naming no file)")))
    })?;
    let moved = Program { dir, ..program.clone() };
    let inv = answer(settings, &moved, form, call, scratch)?;
    Some((moved, inv, what))
}

/// The folder from which `path` names one of `files`: the nearest above `program_dir`
/// that does, else the shallowest (the project's folder, where a Java program's classes
/// were compiled elsewhere).
fn folder_holding(files: &[PathBuf], program_dir: &Path, path: &str) -> Option<PathBuf> {
    let depth = Path::new(path).components().count();
    let holders: Vec<&Path> =
        files.iter().filter(|f| f.ends_with(path)).filter_map(|f| f.ancestors().nth(depth)).collect();
    let above = holders.iter().filter(|d| program_dir.starts_with(d)).max_by_key(|d| d.components().count());
    let shallowest = holders.iter().min_by_key(|d| (d.components().count(), d.to_path_buf()));
    above.or(shallowest).map(|d| d.to_path_buf())
}

/// `program` run on `call` with `form`: its invocation, where that gave an answer (a board
/// read from its output).
fn answer(settings: &GradeSettings, program: &Program, form: &Form, call: &Call, scratch: &Path) -> Option<Invocation> {
    let inv =
        invoke(&settings.runner, program, form, scratch, &call.board, call.depth, call.time_limit(settings.run_limit));
    read::read_output(&inv.outcome.stdout, inv.file.as_deref()).board.is_some().then_some(inv)
}

/// A Java program whose classes were compiled for a newer Java than `java`'s on `PATH`
/// (`UnsupportedClassVersionError`, class file version 65: a student's JDK 21, its classes
/// or runnable jars handed in built): run again with the machine's newest JDK's `java`
/// where that one is new enough. The program so run, its invocation and the words for the
/// report, where that one loaded its classes.
fn on_a_newer_jdk(
    settings: &GradeSettings,
    program: &Program,
    form: &Form,
    first: &Invocation,
    call: &Call,
    scratch: &Path,
) -> Option<(Program, Invocation, String)> {
    let needs = read::newer_java(&first.outcome.stderr)?;
    if program.argv.first().is_none_or(|java| java != "java") {
        return None;
    }
    let jdk = submission::newer_jdk(&settings.runner, call.time_limit(settings.run_limit))
        .filter(|j| j.version.is_some_and(|v| v.0 >= needs))?;
    let mut argv = program.argv.clone();
    argv[0] = jdk.path.join("bin/java").display().to_string();
    let newer = Program { argv, ..program.clone() };
    // Kept once it loads the classes, whatever it then answers: its answers are the grade.
    let inv =
        invoke(&settings.runner, &newer, form, scratch, &call.board, call.depth, call.time_limit(settings.run_limit));
    if read::newer_java(&inv.outcome.stderr).is_some() {
        return None;
    }
    let words = format!(
        "run with JDK {} ({}), the newest of this machine's: its classes were compiled for Java {needs}, which the \
         default java cannot load",
        jdk.version.map_or(0, |v| v.0),
        jdk.path.display()
    );
    Some((newer, inv, words))
}

/// A program that opens every file it is given in a folder of its own (`new File("boards",
/// args[0])`, its README: "board files must be in the boards/ folder"), as its words show
/// (`File not found: boards/tmp/…/board_in.txt`): asked again with the files' names alone,
/// the files in that folder, as its author ran it. The form, the folder, the words that named
/// it, and the invocation, where that gave an answer.
fn files_in_its_folder(
    settings: &GradeSettings,
    program: &Program,
    form: &Form,
    first: &Invocation,
    call: &Call,
    scratch: &Path,
) -> Option<(Form, String, String, Invocation)> {
    let given = check::call_folders(scratch).0.join(check::INPUT_NAME).display().to_string();
    let said = format!("{}\n{}", first.outcome.stdout, first.outcome.stderr);
    let folder = read::folder_put_before(&said, &given)?;
    let line = said.lines().rfind(|l| l.contains(given.trim_start_matches('/'))).unwrap_or_default();
    let form = Form { in_folder: Some(folder.clone()), ..form.clone() };
    let inv = answer(settings, program, &form, call, scratch)?;
    Some((form, folder, read::visible(line.trim()), inv))
}

/// A program that gave no answer to the handout's call, asked again with the input file's
/// board not followed by a newline: one that takes the newline for a 23rd character
/// (`len(open(f).read()) != 22`, its author's test boards made in an editor that ends no
/// file with one) answers then.
fn bare_input(settings: &GradeSettings, program: &Program, call: &Call, scratch: &Path) -> Option<(Form, Invocation)> {
    let form = Form { bare_input: true, ..Form::handout() };
    let inv = answer(settings, program, &form, call, scratch)?;
    Some((form, inv))
}

/// A program that refused the handout's command line with a usage error: the form its
/// own usage line names (or its `--help`'s), else the usual ones, tried on `call` in
/// turn; the first that is not refused, with why it was tried and its invocation.
fn other_form(
    settings: &GradeSettings,
    program: &Program,
    first: &Invocation,
    call: &Call,
    scratch: &Path,
) -> Option<(Form, String, Invocation)> {
    let mut tries: Vec<(Form, String)> = Vec::new();
    let said = format!("{}\n{}", first.outcome.stdout, first.outcome.stderr);
    if let Some(f) = forms::from_usage(&said) {
        tries.push((f, "as its usage line asks".into()));
    } else {
        let mut argv = program.argv.clone();
        argv.push("--help".into());
        let help = settings.runner.run(&RunSpec {
            argv,
            dir: program.dir.clone(),
            time_limit: settings.run_limit.min(Duration::from_secs(10)),
            output_limit: 16 * 1024,
            writable: Some(check::submission_copy(scratch)),
            stdin: None,
        });
        if let Some(f) = forms::from_usage(&format!("{}\n{}", help.stdout, help.stderr)) {
            tries.push((f, "as its --help asks".into()));
        }
    }
    tries.extend(Form::guesses().into_iter().map(|f| (f, "a usual form, tried after the handout's".to_string())));
    let mut seen = vec![Form::handout()];
    for (form, why) in tries {
        if seen.contains(&form) {
            continue;
        }
        seen.push(form.clone());
        let inv = invoke(
            &settings.runner,
            program,
            &form,
            scratch,
            &call.board,
            call.depth,
            call.time_limit(settings.run_limit),
        );
        let o = &inv.outcome;
        if !o.timed_out && o.start_error.is_none() && !forms::is_usage_error(o.status, &o.stdout, &o.stderr) {
            return Some((form, why, inv));
        }
    }
    None
}

/// A program that gave no answer to the handout's command line, and did not say why in a
/// usage line, may read the three in an order of its own (`depth = int(sys.argv[1])`, as
/// its README says: a `ValueError` on our file's name) or ask for them at prompts
/// (`input("Enter the input file: ")`, a `Scanner` on `System.in`), and on an empty stdin
/// fail (`EOFError`). Each other order on its command line, then the answers typed in each
/// order ([`Form::orders`]), on `call`, until one gives an answer; none once one times
/// out, and none typed for a program that answers with nothing typed.
fn unasked_form(
    settings: &GradeSettings,
    program: &Program,
    call: &Call,
    scratch: &Path,
) -> Option<(Form, Invocation)> {
    let run = |form: &Form| {
        invoke(&settings.runner, program, form, scratch, &call.board, call.depth, call.time_limit(settings.run_limit))
    };
    let answered = |inv: &Invocation| read::read_output(&inv.outcome.stdout, inv.file.as_deref()).board.is_some();
    for form in Form::orders(false).into_iter().skip(1) {
        let inv = run(&form);
        if inv.outcome.timed_out {
            return None;
        }
        if answered(&inv) {
            return Some((form, inv));
        }
    }
    // A program that answers with no arguments and nothing typed runs on defaults of its
    // own (a `board1.txt` it ships): what it prints then says nothing of our case.
    let bare = run(&Form::of(Vec::new()));
    if bare.outcome.timed_out || answered(&bare) {
        return None;
    }
    for form in Form::typed_forms() {
        let inv = run(&form);
        if inv.outcome.timed_out {
            return None;
        }
        if answered(&inv) {
            return Some((form, inv));
        }
    }
    None
}

fn not_run(call: &Call, why: String) -> CaseResult {
    CaseResult {
        program: call.spec.name.into(),
        label: call.label.clone(),
        board: call.board.clone(),
        depth: call.depth,
        command: "(not run)".into(),
        ended: "not run".into(),
        faults: vec![fault::MISSING.into()],
        notes: vec![why],
        ..CaseResult::default()
    }
}

/// What a student's grade is made from, as a checksum: the grader's build (a checksum of
/// the morris program itself), the class file (but for where the grades go:
/// `canvas_column`, `points`), the submission's name (a late mark is in it) and every file
/// of it. A rerun keeps an earlier grade only while this is the same, so a changed class
/// file (a late deduction set), a student's new upload or a new build of morris (a reading
/// mended) is graded again, not kept.
#[must_use]
pub fn basis(sub: &Submission, class: &class_file::ClassFile) -> String {
    basis_of(sub, class, grader_build())
}

/// A checksum of the running grader's own program, read once a run: the package's
/// version alone stayed the same through every change of the reading rules, so a TA who
/// updated morris and ran the class again kept the grades the old rules gave (2026-12-02).
/// The version where the program cannot be read.
fn grader_build() -> u64 {
    static BUILD: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *BUILD.get_or_init(|| {
        use std::hash::Hasher;
        use std::io::Read;
        let mut h = std::collections::hash_map::DefaultHasher::new();
        h.write(env!("CARGO_PKG_VERSION").as_bytes());
        if let Ok(mut f) = std::env::current_exe().and_then(std::fs::File::open) {
            let mut buf = vec![0u8; 1 << 20];
            while let Ok(n) = f.read(&mut buf) {
                if n == 0 {
                    break;
                }
                h.write(&buf[..n]);
            }
        }
        h.finish()
    })
}

/// [`basis`] made by the grader build `build`.
fn basis_of(sub: &Submission, class: &class_file::ClassFile, build: u64) -> String {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    build.hash(&mut h);
    // Of the commands per student, this student's alone: another's changed is not this one's.
    let own = class.students.get(&sub.net_id).map(|c| (sub.net_id.clone(), c.clone())).into_iter().collect();
    let grading = class_file::ClassFile { canvas_column: None, points: None, students: own, ..class.clone() };
    format!("{grading:?}").hash(&mut h);
    sub.net_id.hash(&mut h);
    sub.path.file_name().hash(&mut h);
    let mut file = |path: &Path, name: &str| {
        name.hash(&mut h);
        match std::fs::read(path) {
            Ok(bytes) => bytes.hash(&mut h),
            Err(e) => e.kind().to_string().hash(&mut h),
        }
    };
    if !sub.files.is_empty() {
        // A Canvas download's file names carry its late mark and the upload's number.
        for (path, name) in &sub.files {
            let original = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            file(path, &format!("{original}\n{name}"));
        }
    } else if sub.path.is_dir() {
        for path in submission::walk(&sub.path) {
            let name = path.strip_prefix(&sub.path).unwrap_or(&path).to_string_lossy().into_owned();
            file(&path, &name);
        }
    } else {
        file(&sub.path, "");
    }
    format!("{:016x}", h.finish())
}

/// Grades one submission on `calls`.
#[must_use]
pub fn grade_student(sub: &Submission, calls: &[Call], settings: &GradeSettings) -> StudentGrade {
    let start = Instant::now();
    let work = settings.out.join("work").join(&sub.net_id);
    let mut g = StudentGrade { net_id: sub.net_id.clone(), who: sub.who.clone(), ..StudentGrade::default() };
    let mut built = match unpack(sub, &work, settings.build_limit, &settings.runner) {
        Ok(()) => build(
            &work,
            settings.class.students.get(&sub.net_id),
            settings.build_limit,
            &settings.runner,
            settings.install,
        ),
        Err(e) => Built { fatal: Some(e), ..Built::default() },
    };
    g.build = built
        .steps
        .iter()
        .map(|s| (s.command.clone(), s.outcome.describe(), read::visible(&s.outcome.stderr_tail(8))))
        .collect();
    g.found = built.programs.iter().map(|(k, p)| (k.clone(), p.how.clone())).collect();
    for p in built.programs.values() {
        g.doubts.extend(p.doubts.iter().cloned());
    }
    g.doubts.extend(built.doubts.iter().cloned());
    let group: Vec<String> = sub
        .who
        .submitters
        .iter()
        .flat_map(|s| [s.email.split('@').next().unwrap_or("").to_string(), s.sid.clone()])
        .filter(|w| !w.is_empty())
        .collect();
    for (id, file, line) in others::others_named(&work, &sub.net_id, &group) {
        g.doubts.push(format!(
            "the submission names {id}, a net ID not its own ({file}: `{}`): the project is individual, so a team's \
             work handed in once, or a classmate named; the grade is {}'s alone, and {id} has none from it",
            read::visible(&line),
            sub.net_id
        ));
    }
    if built.programs.is_empty() && built.fatal.is_none() {
        let failed = built.steps.iter().filter(|s| !s.outcome.succeeded()).count();
        g.doubts.push(nothing_found(&work, failed));
    }
    if let Some(f) = &built.fatal {
        g.notes.push(f.clone());
        // A 0 for a submission that could not be used is worth a look: the machine may
        // lack what unpacks it, or the student may have uploaded the wrong file.
        g.doubts.push(format!("the submission could not be used: {f}"));
    }
    g.notes.extend(built.notes.iter().cloned());
    let scratch = work.join(".grade-calls");
    let mut calling: HashMap<&str, Calling> = HashMap::new();
    // Each call's invocation, or why it was not run: all are run before any is read, since
    // how a program writes its numbers shows in all its outputs together.
    let mut ran: Vec<Result<(&Call, Invocation), CaseResult>> = Vec::new();
    for call in calls {
        let name = call.spec.name;
        let Some(program) = built.programs.get(name) else {
            ran.push(Err(not_run(call, format!("{name} was not found in the submission"))));
            continue;
        };
        // A program behind a menu asks for the three: typed from the first.
        let first = if program.menu.is_some() { Form::typed_forms().swap_remove(0) } else { Form::handout() };
        let state = calling.entry(name).or_insert(Calling { form: first, decided: false, timeouts: 0, moved: None });
        let moved = state.moved.clone();
        let program = moved.as_ref().unwrap_or(program);
        // A program that has timed out twice is not run again: each call would cost the
        // whole time limit, and a class with a few hanging programs would take hours.
        if state.timeouts >= MAX_TIMEOUTS {
            ran.push(Err(not_run(call, format!("not run: {name} timed out {MAX_TIMEOUTS} times already"))));
            continue;
        }
        let mut inv = invoke(
            &settings.runner,
            program,
            &state.form,
            &scratch,
            &call.board,
            call.depth,
            call.time_limit(settings.run_limit),
        );
        if !state.decided {
            state.decided = true;
            let o = &inv.outcome;
            let answered = read::read_output(&o.stdout, inv.file.as_deref()).board.is_some();
            // A program refused before it ran (a syntax error, a module not installed)
            // fails the same way on every command line: the search for another is
            // skipped (fifteen runs of each such program; its cases are still run).
            let searchable = !o.timed_out && o.start_error.is_none() && !read::refused_before_running(&o.stderr);
            if !answered
                && let Some((newer, other, words)) =
                    on_a_newer_jdk(settings, program, &state.form, &inv, call, &scratch)
            {
                g.notes.push(format!("{name}: {words}"));
                state.moved = Some(newer);
                inv = other;
            } else if forms::is_usage_error(o.status, &o.stdout, &o.stderr)
                && read::read_output(&o.stdout, None).board.is_none()
                && let Some((form, why, other)) = other_form(settings, program, &inv, call, &scratch)
            {
                g.forms.push((name.to_string(), format!("`{name} {form}` ({why}; it refused `{}`)", Form::handout())));
                state.form = form;
                inv = other;
            } else if !answered
                && searchable
                && let Some((moved, other, what)) =
                    from_another_folder(settings, program, &state.form, &inv, call, &scratch, &work)
            {
                g.notes.push(format!(
                    "{name}: run from `{}`, the folder that holds the {what} (it opens it by a path relative to \
                     the folder it is run from)",
                    submission::relative(&work, &moved.dir)
                ));
                state.moved = Some(moved);
                inv = other;
            } else if !answered
                && searchable
                && let Some((form, folder, line, other)) =
                    files_in_its_folder(settings, program, &state.form, &inv, call, &scratch)
            {
                g.forms.push((
                    name.to_string(),
                    format!(
                        "`{name} {form}` with the files' names alone, the files in its folder `{folder}/` (it opens \
                         every file it is given there: `{line}`)"
                    ),
                ));
                state.form = form;
                inv = other;
            } else if !answered
                && searchable
                && let Some((form, other)) = bare_input(settings, program, call, &scratch)
            {
                // Not another command line: the same call, on a file written otherwise.
                g.notes.push(format!(
                    "{name}: given its input file's board not followed by a newline (it gave no answer to a file \
                     whose board line ends in one, as editors write it)"
                ));
                state.form = form;
                inv = other;
            } else if !answered
                && searchable
                && let Some((form, other)) = unasked_form(settings, program, call, &scratch)
            {
                let said = if form.typed {
                    format!("`{name}` {form} (it asks for them instead of reading `{}`)", Form::handout())
                } else {
                    format!("`{name} {form}` (its own order of the three; `{}` gave no answer)", Form::handout())
                };
                g.forms.push((name.to_string(), said));
                state.form = form;
                inv = other;
            }
        }
        if inv.outcome.timed_out && inv.outcome.start_error.is_none() {
            state.timeouts += 1;
        }
        ran.push(Ok((call, inv)));
    }
    // How the program groups thousands, where one output alone cannot tell: by dots
    // (`Anzahl der bewerteten Stellungen: 4.674`, so its `10.000` is ten thousand) or by
    // plain spaces (`Positions évaluées : 6 912`, one number).
    let grouping =
        read::Grouping::of(ran.iter().flatten().map(|(_, inv)| (inv.outcome.stdout.as_str(), inv.file.as_deref())));
    if grouping.dots {
        g.notes.push(
            "convention recognised: thousands grouped by dots (`4.674`), so its `10.000` is read as 10000".into(),
        );
    }
    if grouping.spaces {
        g.notes.push("convention recognised: thousands grouped by spaces (`4 674`), read as one number".into());
    }
    g.cases
        .extend(ran.into_iter().map(|r| r.map_or_else(|not_run| not_run, |(call, inv)| check(call, &inv, grouping))));
    decide_black_reading(&mut g);
    silent_failures_are_no_blocked_root(&mut g);
    no_case_answered(&mut g);
    below_the_fewest(&mut g, &work);
    for c in &g.cases {
        for d in &c.doubts {
            g.doubts.push(format!("{} ({}, depth {}): {d}", c.program, c.label, c.depth));
        }
    }
    // Programs that failed for what this machine lacks rather than for their substance:
    // a TA's look, with the regrade named.
    let id = g.net_id.clone();
    let or_install = if settings.install {
        ""
    } else {
        ", or grade again without `--no-install`, which installs what a submission declares into its copy"
    };
    g.doubts.extend(worded(missing_modules(&g.cases, &work), |module, programs| {
        format!(
            "{programs} failed for want of the Python module `{module}`, which is not installed here (nor in the \
             submission): install it (`python3 -m pip install {module}`) and grade again with `--only {id}`{or_install}"
        )
    }));
    // Classes compiled by a newer Java than this machine's (the student's JDK 21, its
    // sources refused by our javac or absent).
    g.doubts.extend(worded(by_cause(&g.cases, |c| read::newer_java(&c.stderr)), |version, programs| {
        format!(
            "{programs} failed as compiled for Java {version}, newer than this machine's: grade again with `--only \
             {id}` where Java {version} is installed"
        )
    }));
    // Python 2 (`print "..."`): python3 refuses the whole file; a TA decides whether the
    // class allows it (and runs python2) or not.
    g.doubts.extend(worded(by_cause(&g.cases, |c| read::python2(&c.stderr).then_some(())), |(), programs| {
        format!(
            "{programs} written for Python 2 (python3 refuses its `print` statements): the class's rules decide; where \
             Python 2 is allowed, run it with python2 (the class file's `programs`) and grade again with `--only {id}`"
        )
    }));
    // Programs slow rather than wrong, perhaps: out of time on some cases, right on
    // every other. The limit is CPU time, but a program's CPU time grows when the other
    // core is busy too: on 2026-11-30 eight of the independent class's 37 submissions,
    // graded at `--jobs 2` on two cores, ran out of their 30 s on a depth-4 case; graded
    // again alone, one got 100 and three still ran out (docs/classroom.md; that case was
    // a tree ten times the handout's, since replaced, and a call's time now grows with
    // its positions: `Call::time_limit`).
    // The limit the call had (its program's: the same case asks more of one than another).
    let limit_of = |c: &CaseResult| {
        let limit = calls
            .iter()
            .find(|k| k.label == c.label && k.spec.name == c.program)
            .map_or(settings.run_limit, |k| k.time_limit(settings.run_limit));
        (limit.as_secs_f64() * 10.0).round() / 10.0
    };
    g.doubts.extend(worded(
        by_cause(&g.cases, |c| slow_not_wrong(&g.cases, c).then(|| (c.label.clone(), limit_of(c)))),
        |(label, limit), programs| {
            format!(
                "{programs} ran out of time ({limit} s of CPU) on {label} and answered every other case right: slow \
             rather than wrong, perhaps, on this machine; worth a look (grade again with `--only {id}` and `--jobs \
             1`, or with a longer `run_seconds` in the class file)"
            )
        },
    ));
    // An f-string that Python 3.12 reads (PEP 701: its quotes reused inside it,
    // `f"{d["a"]}"`) and an older python3 refuses: the student's Python may be newer.
    g.doubts.extend(worded(by_cause(&g.cases, |c| read::newer_python(&c.stderr).then_some(())), |(), programs| {
        format!(
            "{programs} failed on an f-string that Python 3.12 and newer read and this machine's older python3 refuses \
             (its quotes reused inside it): if the student ran Python 3.12 or newer, grade again with `--only {id}` \
             where it is installed"
        )
    }));
    // Each program as it was run (its form, and its folder where it was moved), for the
    // parts' own calls (the improved programs' match).
    let mut forms: HashMap<&str, Form> = HashMap::new();
    for (name, c) in calling {
        if let Some(moved) = c.moved {
            built.programs.insert(name.to_string(), moved);
        }
        forms.insert(name, c.form);
    }
    score_parts(&mut g, calls, &built, &forms, &work, settings);
    deduct(&mut g, &settings.class);
    g.summary = summary_lines(&g);
    g.seconds = start.elapsed().as_secs_f64();
    g
}

/// One doubt per cause of [`by_cause`]'s, worded by `say` from the cause and the programs
/// that failed for it (joined: `MiniMaxGame, ABGame`).
fn worded<K>(found: Vec<(K, Vec<String>)>, say: impl Fn(K, String) -> String) -> Vec<String> {
    found.into_iter().map(|(k, programs)| say(k, programs.join(", "))).collect()
}

/// Whether the case's program was stopped at the time limit.
fn timed_out(case: &CaseResult) -> bool {
    case.ended.starts_with("timed out")
}

/// Whether `case` ran out of time while its program answered every other case it ran
/// (at least one) right. An alpha-beta program that saved no position on any of them is
/// not slow but searching the whole MiniMax tree, which its part's grade already says:
/// its timeout on a deep case is that, not a doubt.
fn slow_not_wrong(cases: &[CaseResult], case: &CaseResult) -> bool {
    let others: Vec<&CaseResult> =
        cases.iter().filter(|c| c.program == case.program && c.command != "(not run)" && !timed_out(c)).collect();
    let alpha_beta = ALL_PROGRAMS.iter().any(|p| p.name == case.program && p.algorithm == Algorithm::AlphaBeta);
    timed_out(case)
        && !others.is_empty()
        && others.iter().all(|c| c.score >= 1.0)
        && (!alpha_beta || others.iter().any(|c| c.saved))
}

/// The causes `cause` finds in `cases` (a module missing, a Java too old), each with the
/// programs that failed for it, in the order first met.
fn by_cause<K: PartialEq>(cases: &[CaseResult], cause: impl Fn(&CaseResult) -> Option<K>) -> Vec<(K, Vec<String>)> {
    let mut out: Vec<(K, Vec<String>)> = Vec::new();
    for c in cases {
        let Some(k) = cause(c) else { continue };
        match out.iter_mut().find(|(m, _)| *m == k) {
            Some((_, programs)) if !programs.contains(&c.program) => programs.push(c.program.clone()),
            Some(_) => {}
            None => out.push((k, vec![c.program.clone()])),
        }
    }
    out
}

/// The Python modules a submission's programs failed to import that are none of its own
/// files (`numpy` on a machine without it): the machine's want, not the student's fault
/// where the class allows the module. Each with the programs that failed for it.
fn missing_modules(cases: &[CaseResult], work: &Path) -> Vec<(String, Vec<String>)> {
    let mut out = by_cause(cases, |c| read::missing_module(&c.stderr));
    // The submission's files are looked at only when a module was missing.
    if !out.is_empty() {
        let files = submission::walk(work);
        out.retain(|(module, _)| {
            !files.iter().any(|f| {
                f.file_stem().is_some_and(|s| s == module.as_str())
                    || f.parent().and_then(Path::file_name).is_some_and(|d| d == module.as_str())
            })
        });
    }
    out
}

/// Languages a submission may be written in that the handout does not allow (Java,
/// Python, C/C++), by their sources' extensions.
const OTHER_LANGUAGES: [(&str, &str); 9] = [
    ("js", "JavaScript"),
    ("ts", "TypeScript"),
    ("go", "Go"),
    ("cs", "C#"),
    ("kt", "Kotlin"),
    ("rs", "Rust"),
    ("rb", "Ruby"),
    ("swift", "Swift"),
    ("scala", "Scala"),
];

/// Why a TA should look at a submission in which none of the eight programs was found:
/// what it holds instead (a wrong upload, Jupyter notebooks, another language), and how
/// many of the build's commands failed (`failed`: sources there, not built).
fn nothing_found(work: &Path, failed: usize) -> String {
    let files: Vec<PathBuf> = submission::walk(work);
    let shown: Vec<String> =
        files.iter().take(8).map(|f| f.strip_prefix(work).unwrap_or(f).display().to_string()).collect();
    let ext = |f: &PathBuf| f.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).unwrap_or_default();
    let mut why = Vec::new();
    if files.iter().any(|f| ext(f) == "ipynb") {
        why.push(
            "Jupyter notebooks, which the handout's command line cannot run (their code cells may hold the programs)"
                .to_string(),
        );
    }
    // A build tool's own files are no sources (CMake's `CMakeFiles/…/compiler_depend.ts`, a
    // time stamp, is no TypeScript).
    let generated = |f: &PathBuf| f.components().any(|c| c.as_os_str() == "CMakeFiles");
    for (e, language) in OTHER_LANGUAGES {
        if files.iter().any(|f| ext(f) == e && !generated(f)) {
            why.push(format!("{language} sources, a language the handout does not list (Java, Python, C/C++)"));
        }
    }
    let held = match files.len() {
        0 => "nothing".to_string(),
        n if n > shown.len() => format!("{} and {} more", shown.join(", "), n - shown.len()),
        _ => shown.join(", "),
    };
    let why = if why.is_empty() { String::new() } else { format!(": {}", why.join("; ")) };
    let built = match failed {
        0 => String::new(),
        1 => " or built (a build command failed: its last lines are in the report)".to_string(),
        n => format!(" or built ({n} build commands failed: their last lines are in the report)"),
    };
    format!("none of the eight programs was found{built}; the submission holds {held}{why}")
}

/// A program that answered none of its cases but a root without a move, where printing
/// nothing and ending with a status of its own is the spec's convention
/// ([`check::SILENT_BLOCKED_ROOT`]; or a message and the unchanged board in the output
/// file, [`check::SAID_BLOCKED_ROOT`]), only failed there as everywhere: the marks are taken
/// back (a program that fails every call is not thereby right about a blocked root).
fn silent_failures_are_no_blocked_root(g: &mut StudentGrade) {
    let silent = |c: &CaseResult| c.notes.iter().any(|n| check::is_boardless_blocked_root(n));
    let programs: Vec<String> = g.cases.iter().filter(|c| silent(c)).map(|c| c.program.clone()).collect();
    for p in programs {
        let others: Vec<&CaseResult> = g.cases.iter().filter(|c| c.program == p && !silent(c)).collect();
        if others.is_empty() || others.iter().any(|c| c.score > 0.0) {
            continue;
        }
        for c in g.cases.iter_mut().filter(|c| c.program == p && silent(c)) {
            c.score = 0.0;
            c.notes.retain(|n| !check::is_boardless_blocked_root(n));
            c.notes.push(format!(
                "no board printed, as a convention for a root without a move has it; but {p} answered none of its \
                 other cases either, so this says nothing of the blocked root: no marks"
            ));
            c.faults.push(fault::OUTPUT.into());
        }
    }
}

/// An alpha-beta with a transposition table evaluates a position that two move orders
/// reach once, and may evaluate fewer positions than any search of the tree can (TA trial
/// 17's student: 3,521 where a tree search needs 4,169, its value and move right). Where
/// the sources name such a table, the count is the table's: its marks are given back, with
/// a note; where they do not, a count so low is a miscount or a table unnamed, and a TA
/// decides (a doubt, the marks kept off).
fn below_the_fewest(g: &mut StudentGrade, work: &Path) {
    let below = |c: &CaseResult| c.notes.iter().any(|n| n.contains(check::BELOW_FEWEST));
    if !g.cases.iter().any(below) {
        return;
    }
    let Some(file) = names_a_transposition_table(work) else {
        let cases: Vec<String> =
            g.cases.iter().filter(|c| below(c)).map(|c| format!("{} ({})", c.program, c.label)).collect();
        g.doubts.push(format!(
            "alpha-beta counts below what any search of the tree evaluates in {}: a miscount, or a transposition \
             table the sources do not name; the count's marks are off",
            crate::words::listed(&cases, 3)
        ));
        return;
    };
    for c in g.cases.iter_mut().filter(|c| below(c)) {
        if c.faults.iter().any(|f| f == fault::COUNT) {
            c.score = (c.score + 0.2).min(1.0);
            c.faults.retain(|f| f != fault::COUNT);
        }
        c.notes.push(format!(
            "fewer than a search of the tree evaluates, as a transposition table allows ({file} names one): counted"
        ));
    }
}

/// The first source below `work` that names a transposition table (`transposition`,
/// `zobrist`), relative to `work`.
fn names_a_transposition_table(work: &Path) -> Option<String> {
    submission::walk(work).into_iter().find_map(|f| {
        if !submission::is_source(&f) || f.starts_with(work.join(".grade-calls")) {
            return None;
        }
        let text = crate::files::read_text_lossy(&f, crate::files::SMALL_TEXT)?.to_lowercase();
        (text.contains("transposition") || text.contains("zobrist"))
            .then(|| f.strip_prefix(work).unwrap_or(&f).display().to_string())
    })
}

/// A submission whose programs were found and run but answered no case at all is worth a
/// look before its 0 stands: a program taken for the wrong file, a way of calling it the
/// grader does not know, a machine that lacks what it needs. The doubt names the first
/// failure, as the program said it.
fn no_case_answered(g: &mut StudentGrade) {
    let ran: Vec<&CaseResult> = g.cases.iter().filter(|c| c.command != "(not run)").collect();
    if ran.is_empty() || ran.iter().any(|c| c.score > 0.0 || !c.read.is_empty()) {
        return;
    }
    let first = ran.iter().find(|c| !c.stderr.trim().is_empty()).unwrap_or(&ran[0]);
    let said = first.stderr.lines().rev().find(|l| !l.trim().is_empty()).map_or_else(
        || first.ended.clone(),
        |l| format!("{}, `{}`", first.ended, l.trim().chars().take(160).collect::<String>()),
    );
    g.doubts.push(format!(
        "programs were found but none answered any of its {} cases (e.g. {}: {said}): worth a look before the 0 \
         stands",
        ran.len(),
        first.program
    ));
}

/// The Black programs' estimate is read from either side, as real submissions split: the
/// colour swap's (Black's point of view, variant-board.md), or White's estimate minimised
/// ([`cases::other_reading`]). The reading that fits more of the submission's Black cases
/// grades them all, and the report says which and why.
fn decide_black_reading(g: &mut StudentGrade) {
    let black: Vec<usize> = (0..g.cases.len()).filter(|&i| g.cases[i].other_reading.is_some()).collect();
    if black.is_empty() {
        return;
    }
    let swap: f64 = black.iter().map(|&i| g.cases[i].score).sum();
    let other: f64 = black.iter().filter_map(|&i| g.cases[i].other_reading.as_ref()).map(|o| o.score).sum();
    let fits = |score: &dyn Fn(&CaseResult) -> f64| black.iter().filter(|&&i| score(&g.cases[i]) >= 1.0).count();
    let swap_fits = fits(&|c| c.score);
    let other_fits = fits(&|c| c.other_reading.as_ref().map_or(0.0, |o| o.score));
    if other > swap {
        for &i in &black {
            let c = &mut g.cases[i];
            if let Some(o) = c.other_reading.take() {
                c.score = o.score;
                c.notes = o.notes;
                c.faults = o.faults;
                c.expected = format!("{} (White's estimate minimised)", o.expected);
            }
        }
        g.notes.push(format!(
            "Part III: the Black programs print White's estimate minimised, the handout's other reading (decided from its answers: {other_fits} of {} Black cases fit it, {swap_fits} fit the colour swap's); graded by it",
            black.len()
        ));
    } else if other_fits > 0 && swap_fits < black.len() {
        g.notes.push(format!(
            "Part III: graded by the colour swap's reading ({swap_fits} of {} Black cases fit it, {other_fits} fit White's estimate minimised)",
            black.len()
        ));
    }
}

/// The parts' points from the cases.
fn score_parts(
    g: &mut StudentGrade,
    calls: &[Call],
    built: &Built,
    forms: &HashMap<&str, Form>,
    work: &Path,
    settings: &GradeSettings,
) {
    for (part, (name, weight)) in PARTS.iter().enumerate() {
        let mine: Vec<&CaseResult> = g
            .cases
            .iter()
            .filter(|c| calls.iter().any(|k| k.spec.name == c.program && part_of(&k.spec) == part))
            .collect();
        let mean = if mine.is_empty() { 0.0 } else { mine.iter().map(|c| c.score).sum::<f64>() / mine.len() as f64 };
        let mut points = weight * mean;
        // A part none of whose programs was found has nothing to say of its rules.
        let ran = mine.iter().any(|c| g.found.iter().any(|(name, _)| *name == c.program));
        if part == 1 && ran {
            let saved = mine.iter().filter(|c| c.saved).count();
            if saved < 2 {
                points *= 0.9;
                g.notes.push(format!("Part {name}: alpha-beta saved positions on {saved} case(s), the handout asks for at least two (-10% of the part)"));
            } else {
                g.notes.push(format!("Part {name}: alpha-beta saved positions on {saved} cases"));
            }
        }
        if part == 3 {
            let differs = mine.iter().filter(|c| c.differs).count();
            let mut share = 0.5 * mean;
            // The match, where an improved program was found: a missing one's plies are
            // played by the handout estimate, so the other is still put to the test.
            let found =
                ["MiniMaxOpeningImproved", "MiniMaxGameImproved"].iter().any(|p| built.programs.contains_key(*p));
            let matched = (settings.match_plies > 0 && found)
                .then(|| play_match(built, forms, &work.join(".grade-match"), settings));
            // No worse than the handout estimate: no more of the match's games lost than won
            // (at least half its points).
            let no_worse = matched.as_ref().map(|m| m.games > 0 && m.score * 2.0 >= f64::from(m.games));
            if let Some(m) = &matched {
                g.notes.push(format!(
                    "Part {name}: match against the handout estimate at depth {}: {} of {} points ({} lost; a game \
                     at the {}-ply limit goes to the side ahead in stones)",
                    settings.match_depth, m.score, m.games, m.losses, settings.match_plies
                ));
            }
            // An estimate that chose as the handout's on every case's board is the handout's:
            // its match is the handout estimate against itself, and half its points say
            // nothing of an improvement (a copy left unchanged had 7 of 10 for it).
            if no_worse == Some(true) && differs > 0 {
                share += 0.2;
            } else if no_worse == Some(true) && ran {
                g.notes.push(format!(
                    "Part {name}: the match's points need a move other than the handout estimate's on at least one \
                     board; on every case's board it chose as the handout estimate: no marks for the match"
                ));
            }
            // Another move than the handout estimate's is an improvement only where it is no
            // worse: a sign flipped or a constant estimate also chooses otherwise, and loses.
            // With the match turned off (`match_plies = 0`) nothing tells, and the moves alone count.
            let moves_count = no_worse.unwrap_or(settings.match_plies == 0);
            if differs >= 2 && moves_count {
                share += 0.3;
            }
            if ran {
                let why = match no_worse {
                    _ if differs < 2 => "",
                    Some(false) => ", but it lost more games of the match than it won: no improvement, no marks for it",
                    None if !moves_count => ", but no match was played to show it no worse: no marks for it",
                    _ => "",
                };
                g.notes.push(format!(
                    "Part {name}: a different move from the handout estimate on {differs} board(s) (at least two \
                     asked, and no more games of the match lost than won){why}"
                ));
            }
            g.matched = matched;
            points = weight * share;
        }
        g.parts[part] = (points * 100.0).round() / 100.0;
    }
}

/// The class file's deductions: for output in words other than the handout's, and for a
/// command line other than the handout's; each named with an example.
fn deduct(g: &mut StudentGrade, class: &ClassFile) {
    let wording = g.cases.iter().find(|c| !c.read.is_empty() && !c.handout_wording);
    if let Some(c) = wording {
        let example =
            c.read.iter().find(|l| !read::is_handout_wording(l)).or(c.read.first()).cloned().unwrap_or_default();
        let points = class.wording_deduction.unwrap_or(0.0);
        let why = format!("output in its own words, not the handout's (e.g. `{example}` from {})", c.program);
        if points > 0.0 {
            g.deductions.push((why, points));
        } else {
            g.notes.push(format!("{why}: read as the handout's lines, no deduction"));
        }
    }
    if let Some((program, form)) = g.forms.first().cloned() {
        let points = class.command_deduction.unwrap_or(0.0);
        let why = format!("a command line other than the handout's (e.g. {program} called as {form})");
        if points > 0.0 {
            g.deductions.push((why, points));
        } else {
            g.notes.push(format!("{why}: no deduction"));
        }
    }
    if g.who.late {
        let points = class.late_deduction.unwrap_or(0.0);
        let why = "handed in late (Canvas marked the files LATE)".to_string();
        if points > 0.0 {
            g.deductions.push((why, points));
        } else {
            g.notes.push(format!("{why}: no deduction (the class file's late_deduction)"));
        }
    }
    let sum: f64 = g.parts.iter().sum::<f64>() - g.deductions.iter().map(|(_, p)| p).sum::<f64>();
    g.total = (sum.max(0.0) * 100.0).round() / 100.0;
}

/// What works and what does not, a line per program: `MiniMaxGame: 6 of 9 cases right;
/// board wrong in 3 (three White stones hop, …)`.
fn summary_lines(g: &StudentGrade) -> Vec<String> {
    let mut out = Vec::new();
    for p in ALL_PROGRAMS {
        let mine: Vec<&CaseResult> = g.cases.iter().filter(|c| c.program == p.name).collect();
        if mine.is_empty() {
            continue;
        }
        let right = mine.iter().filter(|c| c.score >= 1.0).count();
        if right == mine.len() {
            out.push(format!("{}: all {} cases right", p.name, mine.len()));
            continue;
        }
        if !g.found.iter().any(|(name, _)| name == p.name) {
            out.push(format!("{}: not found, so none of its {} cases ran", p.name, mine.len()));
            continue;
        }
        let mut kinds: Vec<&str> = Vec::new();
        for c in &mine {
            for f in &c.faults {
                if !kinds.contains(&f.as_str()) {
                    kinds.push(f);
                }
            }
        }
        let what: Vec<String> = kinds
            .iter()
            .map(|k| {
                let labels: Vec<&str> =
                    mine.iter().filter(|c| c.faults.iter().any(|f| f == k)).map(|c| c.label.as_str()).collect();
                let mut shown: Vec<&str> = Vec::new();
                for l in &labels {
                    if !shown.contains(l) {
                        shown.push(l);
                    }
                }
                let more = if shown.len() > 4 { format!(", … {} more", shown.len() - 4) } else { String::new() };
                shown.truncate(4);
                format!("{k} wrong in {} of {} ({}{more})", labels.len(), mine.len(), shown.join(", "))
            })
            .collect();
        let deeper = mine.iter().filter(|c| c.notes.iter().any(|n| n.starts_with(check::DEEPER))).count();
        let deeper = if deeper >= 2 {
            format!("; {deeper} of the wrong answers are {} (a depth off by one?)", check::DEEPER)
        } else {
            String::new()
        };
        out.push(format!("{}: {right} of {} cases right; {}{deeper}", p.name, mine.len(), what.join("; ")));
    }
    out
}

/// The improved programs against the handout's MiniMax at equal depth: two games from
/// the empty board, the improved side White once and Black once (as Black through the
/// colour swap, like the Black programs), each program called in the form it asked for;
/// where one of the two improved programs is missing, the handout estimate plays its
/// plies. A failed or illegal answer loses the game; a game that reaches the ply limit
/// goes to the side ahead in stones, and is a draw only where they are level.
#[must_use]
pub fn play_match(built: &Built, forms: &HashMap<&str, Form>, scratch: &Path, settings: &GradeSettings) -> MatchResult {
    let mut m = MatchResult::default();
    for improved_side in Color::ALL {
        let game = play_game(built, forms, scratch, settings, improved_side);
        m.games += 1;
        m.score += game.result;
        if game.result == 0.0 {
            m.losses += 1;
        }
        m.lines.push(format!(
            "improved as {improved_side}: {} after {} plies{}, final board {}",
            match game.result {
                1.0 => "win",
                0.5 => "draw",
                _ => "loss",
            },
            game.plies,
            game.how,
            game.board
        ));
    }
    m
}

/// How one game of the match ended, for the improved side.
struct GameEnd {
    /// 1 a win, ½ a draw, 0 a loss.
    result: f64,
    /// Plies played.
    plies: u32,
    /// The final position's board.
    board: String,
    /// How it was decided, where not on the board (`, the ply limit: 9 stones against 3`).
    how: String,
}

/// A game that reached the ply limit, decided by the stones each side has (on the board
/// and in hand): the side ahead wins it, equal is a draw. An estimate that loses stones
/// does not draw by lasting.
fn at_ply_limit(pos: &Position, improved: Color, plies: u32) -> GameEnd {
    let board = pos.board_string();
    if let Some(winner) = pos.winner() {
        return GameEnd { result: if winner == improved { 1.0 } else { 0.0 }, plies, board, how: String::new() };
    }
    let (ours, theirs) = (pos.material(improved), pos.material(!improved));
    let result = match ours.cmp(&theirs) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => 0.0,
    };
    GameEnd { result, plies, board, how: format!(" (the ply limit: {ours} stones against {theirs})") }
}

/// `pos`'s board string, colours swapped when `swap`.
fn board_as(pos: &Position, swap: bool) -> String {
    let stones = pos.all_stones();
    crate::rules::notation::format_board_string(if swap { stones.swapped() } else { stones }, CLASSROOM.topology)
}

fn play_game(
    built: &Built,
    forms: &HashMap<&str, Form>,
    scratch: &Path,
    settings: &GradeSettings,
    improved: Color,
) -> GameEnd {
    let mut pos = Position::start(&CLASSROOM);
    let mut moves = MoveList::new();
    let placing = 2 * u32::from(CLASSROOM.stones);
    let lost = |ply, pos: &Position, mover| GameEnd {
        result: if mover == improved { 0.0 } else { 1.0 },
        plies: ply,
        board: pos.board_string(),
        how: String::new(),
    };
    for ply in 0..settings.match_plies {
        let mover = pos.side_to_move();
        if pos.winner().is_some() {
            return lost(ply, &pos, mover);
        }
        pos.generate_moves(&mut moves);
        let phase = if ply < placing { ProgramPhase::Opening } else { ProgramPhase::Game };
        let swap = mover == Color::Black;
        let name = if phase == ProgramPhase::Opening { "MiniMaxOpeningImproved" } else { "MiniMaxGameImproved" };
        // The improved side's program, or where it is missing the handout estimate in its stead.
        let program = built.programs.get(name).filter(|_| mover == improved);
        let by_program = program.is_some();
        let target = if let Some(p) = program {
            let form = forms.get(name).cloned().unwrap_or_else(Form::handout);
            let board = board_as(&pos, swap);
            let inv = invoke(&settings.runner, p, &form, scratch, &board, settings.match_depth, settings.run_limit);
            read::read_output(&inv.outcome.stdout, inv.file.as_deref()).board
        } else {
            let spec = cases::handout_program(phase, mover);
            decide(&spec, pos.all_stones(), settings.match_depth).map(|o| o.board)
        };
        // The answer, in the colours it was given in, is one of the moves' boards.
        let next = target.and_then(|t| {
            moves.iter().map(|&mv| pos.play_unchecked(mv)).find(|p| board_as(p, swap && by_program) == t)
        });
        match next {
            Some(p) => pos = p,
            None => return lost(ply, &pos, mover),
        }
    }
    at_ply_limit(&pos, improved, settings.match_plies)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(program: &str, score: f64, note: &str) -> CaseResult {
        CaseResult { program: program.into(), score, notes: vec![note.into()], ..CaseResult::default() }
    }

    /// A grade made by another build of the grader is not kept; by the same, it is.
    #[test]
    fn the_folder_a_program_opens_its_own_file_from() {
        let files: Vec<PathBuf> = [
            "w/p/src/a.py",
            "w/p/data/lines.txt",
            "w/p/src/data/other.txt",
            "w/q/data/lines.txt",
            "w/x/y/config/c.properties",
        ]
        .iter()
        .map(PathBuf::from)
        .collect();
        // The nearest folder above the program's that holds it.
        assert_eq!(folder_holding(&files, Path::new("w/p/src"), "data/lines.txt"), Some(PathBuf::from("w/p")));
        // None above (classes compiled elsewhere): the shallowest that holds it.
        assert_eq!(folder_holding(&files, Path::new("w/.classes"), "data/lines.txt"), Some(PathBuf::from("w/p")));
        assert_eq!(
            folder_holding(&files, Path::new("w/.classes"), "config/c.properties"),
            Some(PathBuf::from("w/x/y"))
        );
        assert_eq!(folder_holding(&files, Path::new("w/p/src"), "data/missing.txt"), None);
    }

    #[test]
    fn another_build_of_the_grader_is_another_basis() {
        let sub = Submission::at("abc123".into(), PathBuf::from("/nonexistent/abc123"));
        let class = class_file::ClassFile::default();
        assert_eq!(basis(&sub, &class), basis(&sub, &class));
        assert_eq!(basis(&sub, &class), basis_of(&sub, &class, grader_build()));
        assert_ne!(basis_of(&sub, &class, 1), basis_of(&sub, &class, 2));
        assert_ne!(grader_build(), 0);
    }

    #[test]
    fn a_submission_without_any_program_says_what_it_holds() {
        let dir = std::env::temp_dir().join(format!("morris-nothing-found-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("project")).unwrap();
        for f in ["project/Project2.ipynb", "project/minimax.js", "report.pdf"] {
            std::fs::write(dir.join(f), "x").unwrap();
        }
        let said = nothing_found(&dir, 0);
        assert!(said.starts_with("none of the eight programs was found; the submission holds "), "{said}");
        assert!(said.contains("project/Project2.ipynb") && said.contains("report.pdf"), "{said}");
        assert!(said.contains("Jupyter notebooks") && said.contains("JavaScript sources"), "{said}");
        // CMake's time stamp in its build folder is no TypeScript.
        std::fs::create_dir_all(dir.join("project/build/CMakeFiles/x.dir")).unwrap();
        std::fs::write(dir.join("project/build/CMakeFiles/x.dir/compiler_depend.ts"), "# CMAKE generated\n").unwrap();
        assert!(!nothing_found(&dir, 0).contains("TypeScript"), "{}", nothing_found(&dir, 0));
        // Sources there that did not build are not a wrong upload.
        let said = nothing_found(&dir, 2);
        assert!(said.starts_with("none of the eight programs was found or built (2 build commands failed"), "{said}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_alpha_beta_count_below_any_tree_search_is_a_transposition_table_s_where_the_sources_say_so() {
        let dir = std::env::temp_dir().join(format!("morris-tt-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("morris.py"), "TABLE = {}  # plain alpha-beta\n").unwrap();
        let below = format!("alpha-beta evaluated 3521, {}: …", check::BELOW_FEWEST);
        let graded = || {
            let mut low = case("ABGame", 0.8, &below);
            low.faults.push(fault::COUNT.into());
            StudentGrade { cases: vec![case("ABGame", 1.0, "right"), low], ..StudentGrade::default() }
        };
        // Sources that name no table: the marks stay off, and a TA is asked.
        let mut g = graded();
        below_the_fewest(&mut g, &dir);
        assert!((g.cases[1].score - 0.8).abs() < 1e-9 && g.doubts.len() == 1, "{g:?}");
        assert!(g.doubts[0].contains("a miscount, or a transposition table"), "{:?}", g.doubts);
        // Sources that name one: counted, with a note.
        std::fs::write(dir.join("morris.py"), "# transposition table: board -> (value, depth, bound)\n").unwrap();
        let mut g = graded();
        below_the_fewest(&mut g, &dir);
        assert!((g.cases[1].score - 1.0).abs() < 1e-9 && g.doubts.is_empty() && g.cases[1].faults.is_empty(), "{g:?}");
        assert!(g.cases[1].notes.iter().any(|n| n.contains("morris.py names one")), "{:?}", g.cases[1].notes);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_program_that_answers_nothing_earns_nothing_for_a_silent_blocked_root() {
        let silent = format!("convention recognised: {}", check::SILENT_BLOCKED_ROOT);
        let mut g = StudentGrade {
            cases: vec![
                // ABGame answers its other cases: its silent blocked root is the spec's.
                case("ABGame", 1.0, "right"),
                case("ABGame", 1.0, &silent),
                // MiniMaxGame fails every call alike (python3 refusing a Python 2 file).
                case("MiniMaxGame", 0.0, "nothing read"),
                case("MiniMaxGame", 0.0, "nothing read"),
                case("MiniMaxGame", 1.0, &silent),
                // The same for a root answered in words, the board unchanged in the file.
                case("ABOpening", 0.0, "nothing read"),
                case("ABOpening", 1.0, &format!("convention recognised: {}", check::SAID_BLOCKED_ROOT)),
            ],
            ..StudentGrade::default()
        };
        silent_failures_are_no_blocked_root(&mut g);
        let scores: Vec<f64> = g.cases.iter().map(|c| c.score).collect();
        assert_eq!(scores, vec![1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
        assert!(g.cases[6].notes[0].contains("ABOpening answered none of its other cases"), "{:?}", g.cases[6].notes);
        assert!(g.cases[4].notes[0].contains("MiniMaxGame answered none of its other cases"), "{:?}", g.cases[4].notes);
        assert!(g.cases[4].faults.contains(&fault::OUTPUT.to_string()));
        assert_eq!(g.cases[1].notes, vec![silent.clone()]);
        // A program with no other case to tell by keeps it.
        let mut alone = StudentGrade { cases: vec![case("ABGame", 1.0, &silent)], ..StudentGrade::default() };
        silent_failures_are_no_blocked_root(&mut alone);
        assert_eq!(alone.cases[0].score, 1.0);
    }

    /// A program out of time on a case is a doubt only where every other case it ran is
    /// right (and, for alpha-beta, pruned somewhere): a wrong case, no case but timeouts,
    /// or alpha-beta that never saved a position, says nothing of slowness.
    #[test]
    fn a_program_out_of_time_on_a_case_and_right_on_every_other_is_worth_a_look() {
        let timed_out = |program: &str| CaseResult {
            command: format!("python3 {program}.py in out 4"),
            ended: "timed out after 30.3 s (30.0 s of CPU)".into(),
            ..case(program, 0.0, "nothing read")
        };
        let right = |program: &str| CaseResult { command: "python3 x.py in out 2".into(), ..case(program, 1.0, "") };
        let wrong = |program: &str| CaseResult { command: "python3 x.py in out 2".into(), ..case(program, 0.4, "") };
        let slow = [right("MiniMaxGame"), timed_out("MiniMaxGame"), right("MiniMaxGame")];
        assert!(slow_not_wrong(&slow, &slow[1]));
        assert!(!slow_not_wrong(&slow, &slow[0]), "a right case is no timeout");
        let also_wrong = [right("ABGame"), wrong("ABGame"), timed_out("ABGame")];
        assert!(!slow_not_wrong(&also_wrong, &also_wrong[2]));
        let only_timeouts = [timed_out("ABGame"), timed_out("ABGame"), right("MiniMaxGame")];
        assert!(!slow_not_wrong(&only_timeouts, &only_timeouts[0]), "another program's cases say nothing of it");
        // Alpha-beta that pruned somewhere is slow; one that never saved a position is
        // searching the whole MiniMax tree, which its part's grade says already.
        let pruned = |program: &str| CaseResult { saved: true, ..right(program) };
        let slow_ab = [pruned("ABGame"), timed_out("ABGame"), right("ABGame")];
        assert!(slow_not_wrong(&slow_ab, &slow_ab[1]));
        let never_pruned = [right("ABGame"), timed_out("ABGame"), right("ABGame")];
        assert!(!slow_not_wrong(&never_pruned, &never_pruned[1]), "no pruning is no doubt");
    }

    /// Programs found (a jar taken for them all) but no case answered: a doubt naming the
    /// first failure; one case answered, even wrongly, is none.
    #[test]
    fn programs_that_answer_no_case_at_all_are_worth_a_look() {
        let failed = |program: &str| CaseResult {
            command: format!("java -cp app.jar {program} in out 2"),
            ended: "exit 1".into(),
            stderr: "Error: Could not find or load main class MiniMaxGame\n".into(),
            ..case(program, 0.0, "nothing read")
        };
        let missing = CaseResult { command: "(not run)".into(), ..case("ABGame", 0.0, "ABGame was not found") };
        let mut g = StudentGrade { cases: vec![missing.clone(), failed("MiniMaxGame")], ..StudentGrade::default() };
        no_case_answered(&mut g);
        assert_eq!(g.doubts.len(), 1, "{:?}", g.doubts);
        assert!(
            g.doubts[0].contains("none answered any of its 1 cases (e.g. MiniMaxGame: exit 1, `Error: Could not find or load main class MiniMaxGame`)"),
            "{:?}",
            g.doubts
        );
        let answered = CaseResult { read: vec!["Board Position: x".into()], ..failed("ABOpening") };
        let mut some = StudentGrade { cases: vec![failed("MiniMaxGame"), answered], ..StudentGrade::default() };
        no_case_answered(&mut some);
        assert!(some.doubts.is_empty(), "{:?}", some.doubts);
        let mut none_ran = StudentGrade { cases: vec![missing], ..StudentGrade::default() };
        no_case_answered(&mut none_ran);
        assert!(none_ran.doubts.is_empty(), "nothing was run: nothing_found says why");
    }
}
