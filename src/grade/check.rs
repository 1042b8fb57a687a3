//! One program call checked against morris's answer: the output read as a TA reads it
//! ([`super::read`]), the output file, the conventions `docs/classroom.md` names, and the
//! case's score.

use std::path::Path;
use std::time::Duration;

use super::cases::{Call, root_choices};
use super::forms::Form;
use super::read::{Grouping, Reading, board_line_then_more, read_output, read_output_as, visible};
use super::run::{ProgramRunner, RunOutcome, RunSpec};
use super::submission::Program;
use crate::classroom::search::Value;
use crate::classroom::{Algorithm, ProgramOutput};

/// What went wrong in a case, one word each, for the summaries.
pub mod fault {
    /// The estimate differs.
    pub const ESTIMATE: &str = "estimate";
    /// The board chosen is not a best move.
    pub const BOARD: &str = "board";
    /// The count differs (or alpha-beta counted more than MiniMax, or fewer than any
    /// correct alpha-beta can).
    pub const COUNT: &str = "count";
    /// The output file does not hold the board.
    pub const FILE: &str = "output file";
    /// Nothing readable was printed.
    pub const OUTPUT: &str = "no answer read";
    /// The call ran out of time.
    pub const TIMEOUT: &str = "timed out";
    /// Killed by a signal.
    pub const CRASH: &str = "crashed";
    /// The program could not be started or was not found.
    pub const MISSING: &str = "not run";
}

/// The words of a count fault for an alpha-beta count below any tree search's.
pub const BELOW_FEWEST: &str = "fewer than any correct alpha-beta can";

/// The note of a case whose answer was printed into the output file, nothing on the screen.
pub const IN_FILE_NOTE: &str =
    "nothing on the screen: the board, the count and the estimate were printed into the output file, and read there";

/// The note of a case whose output file was written elsewhere, under its name.
pub const STRAY_NOTE: &str = "no file at the output path given";

/// The note of a case whose output file began with a byte order mark.
pub const BOM_NOTE: &str = "the output file begins with a byte order mark (UTF-8 with BOM, as Python's \
                            encoding=\"utf-8-sig\" and Windows editors write it): read without it, no deduction";

/// A checked call, for the report and the grade.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct CaseResult {
    /// Program name.
    pub program: String,
    /// The board case's label.
    pub label: String,
    /// The board given.
    pub board: String,
    /// Plies.
    pub depth: u32,
    /// The command run.
    pub command: String,
    /// Seconds taken.
    pub seconds: f64,
    /// How the process ended.
    pub ended: String,
    /// Last lines of stderr (control bytes shown escaped).
    pub stderr: String,
    /// Expected, in the three lines' form.
    pub expected: String,
    /// Got, in the three lines' form, plus the output file.
    pub got: String,
    /// The lines read, as printed.
    #[serde(default)]
    pub read: Vec<String>,
    /// Score from 0 to 1.
    pub score: f64,
    /// What was right and wrong, and conventions recognised.
    pub notes: Vec<String>,
    /// What went wrong, a word each ([`fault`]).
    #[serde(default)]
    pub faults: Vec<String>,
    /// Where the reading had to choose: a TA should look.
    #[serde(default)]
    pub doubts: Vec<String>,
    /// All three lines in the handout's own words.
    #[serde(default)]
    pub handout_wording: bool,
    /// Fewer positions evaluated than MiniMax (alpha-beta only).
    pub saved: bool,
    /// The board chosen differs from the handout estimate's (Improved only).
    pub differs: bool,
    /// The Black programs' other reading (White's estimate minimised): its score and notes.
    #[serde(default)]
    pub other_reading: Option<OtherReading>,
}

/// A Black call graded by the handout's other reading.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct OtherReading {
    /// Expected under it.
    pub expected: String,
    /// Score under it.
    pub score: f64,
    /// Notes under it.
    pub notes: Vec<String>,
    /// Faults under it.
    pub faults: Vec<String>,
}

fn value_text_of(v: Option<Value>) -> String {
    v.map_or_else(|| "?".into(), |v| v.to_string())
}

/// One call as run: how it ended, the command as shown, the output file's text.
#[derive(Clone, Debug)]
pub struct Invocation {
    /// How the process ended.
    pub outcome: RunOutcome,
    /// The command, as a shell would show it.
    pub command: String,
    /// The output file's text, if it was written (without a byte order mark).
    pub file: Option<String>,
    /// The output file began with a byte order mark (UTF-8 with BOM), read without it.
    pub file_bom: bool,
    /// What the output file holds after a first line that is a board alone (the count and
    /// estimate written after it): `file` is that line.
    pub file_more: Option<String>,
    /// Where a program that wrote no output file wrote a file of its name instead (its
    /// path's folders left off), as the report shows it.
    pub stray: Option<Stray>,
}

/// Where a called program may write: the grader's whole copy of its submission, in which
/// `scratch` (the calls' folder) lies. On the student's machine a program writes a log or a
/// cache beside itself, and reads a module or a weights file from the folder above its own
/// (`sys.path.append("..")`); shown only its own folder, read-only, it failed there.
#[must_use]
pub fn submission_copy(scratch: &Path) -> std::path::PathBuf {
    scratch.parent().unwrap_or(scratch).to_path_buf()
}

/// The folders of `scratch` that a call's input file and output path lie in: one each, so
/// that only a program writing the path it was given writes the output file. In one folder,
/// a program that writes `dirname(input)/basename(output)` (the output path taken apart
/// and joined to the input's folder) wrote the very file the grader reads, and earned the
/// output file's marks it would lose on any TA's command line.
#[must_use]
pub fn call_folders(scratch: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    (scratch.join("input"), scratch.join("output"))
}

/// The name of a call's input file, in its folder ([`call_folders`], or the program's own).
pub const INPUT_NAME: &str = "board_in.txt";
/// The name of a call's output file.
const OUTPUT_NAME: &str = "board_out.txt";

/// Whether `dir` is a folder inside `root` once links are followed. The grader writes a
/// call's files in folders the programs could write to before (a build step, an earlier
/// call): one a program made a link out of the submission's copy (`boards -> /etc`) gets
/// none of them.
fn confined(dir: &Path, root: &Path) -> bool {
    match (dir.canonicalize(), root.canonicalize()) {
        (Ok(dir), Ok(root)) => dir.starts_with(root),
        _ => false,
    }
}

/// Runs `program` with `form`'s arguments on `board`, its input file and output path in
/// folders of their own below `scratch` ([`call_folders`]).
#[must_use]
pub fn invoke(
    runner: &ProgramRunner,
    program: &Program,
    form: &Form,
    scratch: &Path,
    board: &str,
    depth: u32,
    limit: Duration,
) -> Invocation {
    // A program that opens its files in a folder of its own is given their names alone, the
    // files in that folder: one folder for both, as its author's own runs had them.
    let (input_dir, output_dir) = match &form.in_folder {
        Some(folder) => (program.dir.join(folder), program.dir.join(folder)),
        None => call_folders(scratch),
    };
    let _ = std::fs::create_dir_all(&input_dir);
    let _ = std::fs::create_dir_all(&output_dir);
    let input_file = input_dir.join(INPUT_NAME);
    let output = output_dir.join(OUTPUT_NAME);
    let copy = submission_copy(scratch);
    let ours = confined(&input_dir, &copy) && confined(&output_dir, &copy);
    if ours {
        let _ = std::fs::remove_file(&output);
        // What an earlier call wrote beside its input is no answer to this one.
        let _ = std::fs::remove_file(input_dir.join(OUTPUT_NAME));
        let _ = std::fs::write(&input_file, if form.bare_input { board.to_string() } else { format!("{board}\n") });
    }
    let named = |path: &Path| {
        if form.in_folder.is_some() {
            path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        } else {
            path.display().to_string()
        }
    };
    let (input, output_text) = (named(&input_file), named(&output));
    let mut full = program.argv.clone();
    full.extend(form.args(&input, &output_text, depth));
    full.extend(program.after.iter().cloned());
    let typed = form.typed_text(&input, &output_text, depth);
    let stdin = match &program.menu {
        Some(menu) => Some(menu.typed(typed.as_deref())),
        None => typed,
    };
    let writable = Some(copy);
    let spec = RunSpec {
        argv: full.clone(),
        dir: program.dir.clone(),
        time_limit: limit,
        output_limit: 64 * 1024,
        writable,
        stdin: stdin.clone(),
    };
    let started = std::time::SystemTime::now();
    let outcome = runner.run(&spec);
    let file = ours.then(|| crate::files::read_text(&output, crate::files::SMALL_TEXT).ok()).flatten();
    if ours && form.in_folder.is_some() {
        // The student's folder as it was: the next call's files are its own.
        let _ = std::fs::remove_file(&input_file);
        let _ = std::fs::remove_file(&output);
    }
    // Python's `encoding="utf-8-sig"` and Windows editors begin the file with a byte order
    // mark: the board after it is the board (a program reading the file as UTF-8 with BOM,
    // as morris's own do, reads it so), and cost as much as no file before 2026-12-01.
    let bom = crate::rules::notation::BYTE_ORDER_MARK;
    let file_bom = file.as_deref().is_some_and(|t| t.starts_with(bom));
    let file = file.map(|t| t.strip_prefix(bom).unwrap_or(&t).trim().to_string());
    let (file, file_more) = match file.as_deref().and_then(board_line_then_more) {
        Some((board, more)) => (Some(board.to_string()), Some(more.to_string())),
        None => (file, None),
    };
    let mut command = crate::words::shell_line(&full);
    if let Some(typed) = stdin {
        // As a TA would type it again: the answers piped in.
        let answers: Vec<String> = typed.lines().map(str::to_string).collect();
        command = format!("printf '%s\\n' {} | {command}", crate::words::shell_line(&answers));
    }
    let stray = if file.is_none() { stray_output(&program.dir, &input_dir, &output, started) } else { None };
    Invocation { outcome, command, file, file_bom, file_more, stray }
}

/// Where a program that did not write the output path it was given wrote a file of that
/// name instead: its working folder (`open(os.path.basename(out))`, the path's folders
/// left off), the input file's (`dirname(input)/basename(output)`), or a folder of its own
/// one level down (`outputs/`, `results/`: a student who keeps boards out of the project's
/// top). On a TA's command line of plain names the first two land where they should, and a
/// README may say where the third goes, so the report says where it went and what it held.
/// Removed once seen: the next call's is its own.
fn stray_output(program_dir: &Path, input_dir: &Path, output: &Path, since: std::time::SystemTime) -> Option<Stray> {
    let name = output.file_name()?;
    let mut places = vec![
        (program_dir.to_path_buf(), "the program's working folder".to_string(), true),
        (input_dir.to_path_buf(), "the input file's folder".to_string(), true),
    ];
    // Its own folders, in order of name; hidden ones (the grader's `.grade-calls`, `.git`)
    // are no student's output folder.
    let mut own: Vec<(std::path::PathBuf, String, bool)> = std::fs::read_dir(program_dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .filter_map(|e| {
            let folder = e.file_name().to_str()?.to_string();
            (!folder.starts_with('.'))
                .then(|| (e.path(), format!("`{folder}/` in the program's working folder"), false))
        })
        .collect();
    own.sort();
    places.extend(own);
    places.into_iter().find_map(|(dir, went, plain_names)| {
        let stray = dir.join(name);
        let new = std::fs::metadata(&stray).and_then(|m| m.modified()).is_ok_and(|t| t >= since);
        if !(new && stray.is_file()) {
            return None;
        }
        let text = crate::files::read_text(&stray, crate::files::SMALL_TEXT).ok();
        std::fs::remove_file(&stray).ok()?;
        let bom = crate::rules::notation::BYTE_ORDER_MARK;
        let board = text.and_then(|t| t.trim_start_matches(bom).lines().next().map(|l| l.trim().to_string()));
        Some(Stray { went, board, plain_names })
    })
}

/// A file of the output's name written somewhere else: the program's working folder, the
/// input's, or a folder of the program's own one level down.
#[derive(Debug, Clone)]
pub struct Stray {
    /// Where, as the report says it.
    pub went: String,
    /// Its first line.
    pub board: Option<String>,
    /// On a TA's command line of plain names (`board1.txt board2.txt 3`, run in the
    /// program's folder) it would have been the output file.
    pub plain_names: bool,
}

/// What one reading of the handout expects of a call, and the grade under it.
struct Graded {
    score: f64,
    notes: Vec<String>,
    faults: Vec<String>,
}

impl Graded {
    fn new() -> Graded {
        Graded { score: 0.0, notes: Vec::new(), faults: Vec::new() }
    }

    fn fault(&mut self, kind: &str, note: String) {
        if !self.faults.iter().any(|f| f == kind) {
            self.faults.push(kind.to_string());
        }
        self.notes.push(note);
    }
}

fn expected_text(e: &ProgramOutput) -> String {
    format!("{} / {} evaluated / estimate {}", e.board, e.evals, e.value)
}

/// Checks one call's invocation, its numbers read as `grouping` says the program groups
/// their thousands.
#[must_use]
pub fn check(call: &Call, inv: &Invocation, grouping: Grouping) -> CaseResult {
    let outcome = &inv.outcome;
    let file = inv.file.as_deref();
    let mut reading = read_output_as(&outcome.stdout, file, grouping);
    // What a TA sees in the terminal is stdout and stderr together: a program that ends
    // well but prints its numbers to stderr (`System.err.println`, `fprintf(stderr, …)`) is
    // read there too, and the report says so.
    let mut on_stderr = false;
    if reading.evals.is_none() && reading.value.is_none() && outcome.status == Some(0) {
        let both = read_output_as(&format!("{}\n{}", outcome.stdout, outcome.stderr), file, grouping);
        if both.evals.is_some() || both.value.is_some() {
            reading = both;
            on_stderr = true;
        }
    }
    // Nothing on the screen, everything in the output file (C++'s `freopen(argv[2], "w",
    // stdout)`, Python's `sys.stdout = open(out, "w")`): a TA opens the file and reads the
    // numbers there; the file, not the board alone, still loses the file's tenth.
    let mut in_file = false;
    if reading.evals.is_none()
        && reading.value.is_none()
        && outcome.status == Some(0)
        && let Some(text) = file
    {
        let there = read_output_as(text, None, grouping);
        if there.board.is_some() && (there.evals.is_some() || there.value.is_some()) {
            reading = there;
            in_file = true;
        }
    }
    let expected = match &call.expected {
        Some(e) => expected_text(e),
        None => format!("{} unchanged / no move at the root (see conventions)", call.board),
    };
    let got = format!(
        "{}{} / {} evaluated / estimate {} / output file {}",
        reading.board.as_deref().unwrap_or("?"),
        if reading.board_from_file { " (from the output file)" } else { "" },
        reading.evals.map_or_else(|| "?".into(), |n| n.to_string()),
        value_text_of(reading.value),
        file.map_or_else(|| "(none)".to_string(), visible)
    );
    let mut r = CaseResult {
        program: call.spec.name.to_string(),
        label: call.label.clone(),
        board: call.board.clone(),
        depth: call.depth,
        command: inv.command.clone(),
        seconds: outcome.elapsed.as_secs_f64(),
        ended: outcome.describe(),
        stderr: visible(&outcome.stderr_tail(5)),
        expected,
        got,
        read: reading.lines.clone(),
        doubts: reading.doubts.clone(),
        handout_wording: reading.handout_wording,
        ..CaseResult::default()
    };
    if outcome.timed_out || outcome.start_error.is_some() {
        let kind = if outcome.timed_out { fault::TIMEOUT } else { fault::MISSING };
        r.faults.push(kind.into());
        r.notes.push(outcome.describe());
        return r;
    }
    let g = match &call.expected {
        None => blocked_root(call, outcome, &reading, file),
        Some(_) if call.spec.estimator == crate::classroom::Estimator::Improved => {
            improved(call, &reading, file, &mut r)
        }
        Some(e) => {
            let ends = [call.game_end.as_ref(), call.game_end_uncounted.as_ref()];
            exact_or_game_end(call, e, ends, &reading, file, &mut r, false)
        }
    };
    if let Some(other) = &call.other_reading {
        let mut scratch = CaseResult { expected: expected_text(&other.expected), ..r.clone() };
        let ends = [other.game_end.as_ref(), other.game_end_uncounted.as_ref()];
        let o = exact_or_game_end(call, &other.expected, ends, &reading, file, &mut scratch, true);
        r.other_reading =
            Some(OtherReading { expected: scratch.expected, score: o.score, notes: o.notes, faults: o.faults });
    }
    r.score = g.score;
    r.notes = g.notes;
    r.faults = g.faults;
    if reading.board_from_file {
        r.notes.push("no board in stdout: the board was read from the output file".into());
    }
    if in_file {
        r.notes.push(IN_FILE_NOTE.into());
    }
    if on_stderr {
        r.notes.push("printed to stderr, not stdout: read there, as a TA reads the terminal".into());
    }
    if inv.file_bom {
        r.notes.push(BOM_NOTE.into());
    }
    if let Some(more) = &inv.file_more {
        let first = more.lines().next().unwrap_or_default();
        r.notes.push(format!(
            "the output file holds more lines after the board's own (`{first}` …): its first line, the board alone, \
             is the board it wrote, as a program reading a board file's first line takes it"
        ));
    }
    if let Some(stray) = inv.stray.as_ref().filter(|_| r.faults.iter().any(|f| f == fault::FILE)) {
        let held = match (stray.board.as_deref(), reading.board.as_deref()) {
            (Some(held), Some(printed)) if held == printed => "holding the board printed".to_string(),
            (Some(held), _) if !held.is_empty() => format!("holding `{}`", super::read::visible(held)),
            _ => "empty".to_string(),
        };
        r.notes.push(format!(
            "{STRAY_NOTE}: a file of its name was written instead in {} (the path's folders left off), {held}; {}",
            stray.went,
            if stray.plain_names {
                "on a command line of plain names it would have been the output file"
            } else {
                "not where a command line of plain names puts it either"
            }
        ));
    }
    if r.score < 1.0 && outcome.status.is_none() {
        r.faults.push(fault::CRASH.into());
        r.notes.push("the program crashed (killed by a signal)".into());
    } else if outcome.status.is_none() {
        r.notes.push(
            "the program crashed (killed by a signal) after printing its answer: graded by what it printed".into(),
        );
    } else if r.score < 1.0 && outcome.status != Some(0) {
        r.notes.push(format!("exit status {}", outcome.status.unwrap_or(-1)));
    }
    r
}

/// The spec's convention for a root with no move, as the notes name it: no board printed,
/// output untouched, a status of its own. Any failure looks so; [`super`] takes the
/// marks back from a program that answered none of its other cases.
pub const SILENT_BLOCKED_ROOT: &str =
    "blocked root: no board printed, output file untouched, an exit status of its own (variant-board.md)";

/// A root with no move answered in words: no board printed but a message (stdout or
/// stderr), the unchanged board written to the output file, status 0. As with
/// [`SILENT_BLOCKED_ROOT`], [`super`] takes the marks back from a program that answered
/// none of its other cases.
pub const SAID_BLOCKED_ROOT: &str =
    "blocked root: a message and no board printed, the unchanged board written to the output file, status 0";

/// A root with no move said in words that speak of it (`No legal moves - game over`), no
/// board printed, the output file untouched, status 0: variant-board.md's convention but
/// for the status of its own. As with [`SILENT_BLOCKED_ROOT`], [`super`] takes the marks
/// back from a program that answered none of its other cases.
pub const SAID_UNTOUCHED_BLOCKED_ROOT: &str =
    "blocked root: a message that no move is left and no board printed, output file untouched, status 0";

/// Whether `note` recognises one of the conventions with no board printed
/// ([`SILENT_BLOCKED_ROOT`], [`SAID_BLOCKED_ROOT`], [`SAID_UNTOUCHED_BLOCKED_ROOT`]): what
/// any failure may look like.
#[must_use]
pub fn is_boardless_blocked_root(note: &str) -> bool {
    [SILENT_BLOCKED_ROOT, SAID_BLOCKED_ROOT, SAID_UNTOUCHED_BLOCKED_ROOT].iter().any(|c| note.ends_with(c))
}

/// Whether a program's words speak of a side without a move or of the game's end (`No
/// legal moves`, `White is blocked`, `game over`), as a message of its own does and an
/// error caught and printed (`max() arg is an empty sequence`) does not.
/// Whole words, so that `Cannot remove that stone` does not speak of a move.
fn says_no_move(outcome: &RunOutcome) -> bool {
    let words = super::names::words_of(&format!("{}\n{}", outcome.stdout, outcome.stderr));
    let said = |w: &str| words.iter().any(|x| x == w);
    let phrase = |p: &[&str]| words.windows(p.len()).any(|win| win.iter().zip(p).all(|(x, y)| x == y));
    ["move", "moves", "blocked", "gameover", "stuck", "lost", "loses"].iter().any(|w| said(w))
        || phrase(&["game", "over"])
        || phrase(&["game", "is", "over"])
}

/// A root with no move: our convention (the three lines, unchanged board, −10000), the
/// spec's (no board printed, output untouched, a status of its own), or a search
/// printing −∞ for the unchanged board. Any is full marks, named in the notes.
fn blocked_root(call: &Call, outcome: &RunOutcome, reading: &Reading, file: Option<&str>) -> Graded {
    let mut g = Graded::new();
    // The unchanged board printed, or written to the output file by a program that prints
    // none (one that draws the board) and answered with an estimate: not a failure's leftovers.
    let printed =
        |board: &str| reading.board.as_deref() == Some(board) && (!reading.board_from_file || reading.value.is_some());
    // A Black program that prints its colour-swapped search's board without swapping it
    // back prints the input board with W and B exchanged: its estimate is judged as the
    // unchanged board's, and the board loses its marks, as in its other cases.
    let exchanged = call.spec.side == crate::rules::Color::Black && printed(&super::cases::swapped(&call.board));
    let unchanged = printed(&call.board) || exchanged;
    let convention = if unchanged && reading.value == Some(crate::classroom::BLOCKED_ESTIMATE) {
        Some("blocked root: the unchanged board with estimate -10000 (docs/classroom.md)")
    } else if (reading.board.is_none() || reading.board_from_file)
        && outcome.status.is_some_and(|s| s != 0)
        && file.is_none_or(|f| f.trim() == call.board)
    {
        Some(SILENT_BLOCKED_ROOT)
    } else if reading.board_from_file
        && reading.value.is_none()
        && file.is_some_and(|f| f.trim() == call.board)
        && outcome.status == Some(0)
        && !(outcome.stdout.trim().is_empty() && outcome.stderr.trim().is_empty())
    {
        Some(SAID_BLOCKED_ROOT)
    } else if reading.board.is_none()
        && reading.value.is_none()
        && file.is_none()
        && outcome.status == Some(0)
        && says_no_move(outcome)
    {
        Some(SAID_UNTOUCHED_BLOCKED_ROOT)
    } else if unchanged && reading.value == Some(Value::NEG_INFINITY) {
        Some("blocked root: the unchanged board with estimate -inf (the search's value of a MAX node without moves)")
    } else if unchanged && reading.value.is_some_and(|v| is_root_estimate(call, v)) {
        Some(
            "blocked root: the unchanged board with the static estimate of the input board (the root estimated as a \
             leaf, as a search that ends where the game does has it)",
        )
    } else {
        None
    };
    match convention {
        Some(c) if exchanged => {
            g.score = 0.7;
            g.notes.push(format!("convention recognised: {c}"));
            g.fault(
                fault::BOARD,
                "the board printed is the unchanged board with W and B exchanged (a colour-swapped search's board, \
                 not swapped back)"
                    .into(),
            );
        }
        Some(c) => {
            g.score = 1.0;
            g.notes.push(format!("convention recognised: {c}"));
        }
        None => g.fault(fault::BOARD, "no known convention for a side to move without a move".into()),
    }
    g
}

/// Whether `value` is the static estimate of a blocked root, as a search estimating it as
/// a leaf prints it: the handout's of the board searched (for a Black program the
/// colour-swapped board, or the board as given, its other reading's). An Improved
/// program's own estimate cannot be known: any finite one.
fn is_root_estimate(call: &Call, value: Value) -> bool {
    if call.spec.estimator == crate::classroom::Estimator::Improved {
        return value.as_finite().is_some();
    }
    let estimate = super::cases::estimate_of(&call.spec);
    let fits = |spec: &crate::classroom::ProgramSpec| {
        super::cases::root_of(spec, &call.board).is_some_and(|root| value == Value::finite(estimate(&root)))
    };
    // A Black program's other reading searches the board as given, as White's would.
    fits(&call.spec)
        || (call.spec.side == crate::rules::Color::Black
            && fits(&crate::classroom::ProgramSpec { side: crate::rules::Color::White, ..call.spec }))
}

/// A Black program's estimate printed with the other sign: the handout does not say from
/// whose side the Black programs' estimate is seen, and a student who swaps, searches and
/// swaps back may print the value for the real board's White (the colour swap's negated),
/// as one who searches with Black at the root may print White's estimate minimised from
/// Black's side. The move and the count are the search's; the sign is how it is shown, so
/// it is taken only where the board, the count and the file are right (an opening's values
/// are small, and a wrong one may be the right one negated by chance).
pub const BLACK_SIGN: &str =
    "convention recognised: the Black program's estimate printed from the other side (negated); graded by it";

/// MiniMax, alpha-beta and Black programs: exact answers.
fn exact(
    call: &Call,
    e: &ProgramOutput,
    reading: &Reading,
    file: Option<&str>,
    r: &mut CaseResult,
    other: bool,
) -> Graded {
    let mut g = Graded::new();
    if reading.board.is_none() && reading.evals.is_none() && reading.value.is_none() {
        g.fault(fault::OUTPUT, "nothing read: no board, count or estimate in its output".into());
        return g;
    }
    // The board, the file and the count first: a Black program's estimate printed with
    // the other sign is taken only where they are the search's own (see [`BLACK_SIGN`]).
    let mut rest = Graded::new();
    match reading.board.as_deref() {
        Some(b) if b == e.board => rest.score += 0.3,
        Some(b) => {
            let choices = root_choices(&call.spec, &call.board, call.depth, other);
            match choices.iter().find(|(c, _)| c == b) {
                Some((_, v)) if *v == e.value => {
                    rest.score += 0.3;
                    rest.notes.push("a different move with the same estimate (the handout keeps the first in generation order): full marks".into());
                }
                Some((_, v)) => {
                    rest.fault(fault::BOARD, format!("a legal move, but worth {v}, not the best {}", e.value))
                }
                None => rest.fault(fault::BOARD, not_a_move(b, e, &choices)),
            }
        }
        None => rest.fault(fault::BOARD, "no board read".into()),
    }
    if reading.board.is_some() && file == reading.board.as_deref() {
        rest.score += 0.1;
    } else {
        rest.fault(fault::FILE, file_fault(file, reading.board.as_deref()));
    }
    rest.score += count_score(call, e.evals, reading.evals, r, &mut rest);
    let negated = call.spec.side == crate::rules::Color::Black
        && e.value != e.value.negated()
        && reading.value == Some(e.value.negated());
    if reading.value == Some(e.value) {
        g.score += 0.4;
    } else if negated && rest.faults.is_empty() {
        g.score += 0.4;
        g.notes.push(format!("{BLACK_SIGN} ({} for {})", e.value.negated(), e.value));
    } else {
        g.fault(fault::ESTIMATE, format!("estimate {} instead of {}", value_text_of(reading.value), e.value));
    }
    g.score += rest.score;
    g.notes.extend(rest.notes);
    for f in rest.faults {
        if !g.faults.contains(&f) {
            g.faults.push(f);
        }
    }
    if let Some(d) =
        call.deeper.as_ref().filter(|d| g.score < 1.0 && reading.value == Some(d.value) && d.value != e.value)
    {
        // A MiniMax count is exact, so it must be the deeper tree's too (an estimate alone
        // can match by chance: a wrong estimation once did, on one case).
        let count_fits = call.spec.algorithm != Algorithm::MiniMax || reading.evals == Some(d.evals);
        if reading.board.as_deref() == Some(d.board.as_str()) && count_fits {
            g.notes.push(format!("{DEEPER} (depth {}: {}, estimate {})", call.depth + 1, d.board, d.value));
        }
    }
    g.score = (g.score * 100.0_f64).round() / 100.0;
    g
}

/// The reading where a branch ends where the game does, as the notes name it.
pub const AT_GAME_END: &str = "convention recognised: a branch ends where the game does (a side without a move or \
                               down to two stones is estimated and counted, not searched on); graded by it";

/// [`AT_GAME_END`] with the game's end valued as won or lost, not counted.
pub const AT_GAME_END_UNCOUNTED: &str = "convention recognised: a branch ends where the game does, valued ±10000 for \
                                         the side that has won (a side down to two stones or without a move) \
                                         without a static estimation counted; graded by it";

/// A call graded by its exact answer `e`, and where that is not all right, graded again by
/// the answers where a branch ends where the game does (`ends`: counted, uncounted; the
/// readings of [`crate::classroom::search::Ends`]), keeping whichever earns more: the
/// handout is silent on it, and a program that reads it so earns the marks. The reading
/// taken is named beside the expected answer and its convention in the notes. `other`:
/// under the Black programs' other reading, whose answers `e` and `ends` then are.
fn exact_or_game_end(
    call: &Call,
    e: &ProgramOutput,
    ends: [Option<&ProgramOutput>; 2],
    reading: &Reading,
    file: Option<&str>,
    r: &mut CaseResult,
    other: bool,
) -> Graded {
    let mut g = exact(call, e, reading, file, r, other);
    let named = [("where the game ends a branch", AT_GAME_END), ("the game's end uncounted", AT_GAME_END_UNCOUNTED)];
    for (answer, (reading_name, convention)) in ends.into_iter().zip(named) {
        let Some(answer) = answer.filter(|_| g.score < 1.0) else { continue };
        let mut scratch = r.clone();
        let mut o = exact(call, answer, reading, file, &mut scratch, other);
        if o.score > g.score {
            r.saved = scratch.saved;
            r.expected = format!("{} ({reading_name}: {})", r.expected, expected_text(answer));
            o.notes.push(convention.into());
            g = o;
        }
    }
    g
}

/// The count's share of a case (0.2).
fn count_score(call: &Call, evals: u64, got: Option<u64>, r: &mut CaseResult, g: &mut Graded) -> f64 {
    let Some(got) = got else {
        g.fault(fault::COUNT, "no count of positions evaluated read".into());
        return 0.0;
    };
    let interior: u64 = call.tree.iter().sum();
    if call.spec.algorithm == Algorithm::AlphaBeta {
        r.saved = got < call.minimax_evals;
        // The floor is at most morris's own count, so only a count below it is held to it.
        if got < evals && got < call.alpha_beta_fewest() {
            // No move order reaches it: a counter restarted for each root move, a count of
            // one subtree only, a count of something else.
            g.fault(
                fault::COUNT,
                format!(
                    "alpha-beta evaluated {got}, {BELOW_FEWEST}: settling the root's value on \
                     this tree takes at least {} positions evaluated, even in the best move order (morris {evals}, \
                     MiniMax {})",
                    call.alpha_beta_fewest(),
                    call.minimax_evals
                ),
            );
            return 0.0;
        }
        if got <= call.minimax_evals {
            if got != evals {
                g.notes.push(format!(
                    "alpha-beta evaluated {got} (morris {evals}), no more than MiniMax's {}",
                    call.minimax_evals
                ));
            }
            return 0.2;
        }
        if got <= interior + 1 {
            r.saved = got < interior;
            g.notes.push(format!("convention recognised: positions evaluated counts interior nodes; {got} is no more than MiniMax's {interior} so counted"));
            return 0.2;
        }
        g.fault(fault::COUNT, format!("alpha-beta evaluated {got}, more than MiniMax's {}", call.minimax_evals));
        return 0.0;
    }
    if got == evals {
        0.2
    } else if got == interior || got == interior + 1 {
        g.notes.push("convention recognised: positions evaluated counts interior nodes (graded by it)".into());
        0.2
    } else {
        g.fault(fault::COUNT, format!("{got} positions evaluated instead of {evals}"));
        0.0
    }
}

/// Why the output file is wrong: it does not hold the board printed, or holds it in
/// another form than its 22 letters (`['W', 'x', …]`, a list written as it is), which no
/// program reading a board file could take as its input.
fn file_fault(file: Option<&str>, board: Option<&str>) -> String {
    let read = file.and_then(|f| read_output("", Some(f)).board);
    if board.is_some() && read.as_deref() == board {
        "the output file holds the board printed, but not as its letters alone (no program could read it as its input board)".into()
    } else {
        "the output file does not hold the board printed".into()
    }
}

/// The note on a wrong answer that is the answer of a search one ply deeper than asked.
pub const DEEPER: &str = "the answer of a search one ply deeper than asked";

/// Why a board printed is no move from the input board, naming the likeliest cause a TA
/// can check: the best move (or another legal one) with W and B exchanged, as a Black
/// program prints the board its colour-swapped search chose when it forgets to swap it back.
fn not_a_move(board: &str, e: &ProgramOutput, choices: &[(String, Value)]) -> String {
    let back = super::cases::swapped(board);
    if back == e.board {
        "the board printed is the best move with W and B exchanged (a colour-swapped search's board, not swapped back)"
            .into()
    } else if choices.iter().any(|(c, _)| *c == back) {
        "the board printed is a legal move with W and B exchanged (a colour-swapped search's board, not swapped back)"
            .into()
    } else {
        "the board printed is not a move from the input board".into()
    }
}

/// Improved programs: a board, a count and an estimate printed, a legal move written to
/// the file; whether it differs from the handout estimate's choice is recorded.
fn improved(call: &Call, reading: &Reading, file: Option<&str>, r: &mut CaseResult) -> Graded {
    let mut g = Graded::new();
    let handout = super::cases::handout_program(call.spec.phase, call.spec.side);
    let stones = crate::classroom::board_file::parse_board(&call.board, "case").ok();
    let theirs = stones.and_then(|s| crate::classroom::decide(&handout, s, call.depth)).map(|o| o.board);
    let (Some(b), Some(_), Some(_)) = (&reading.board, reading.evals, reading.value) else {
        g.fault(fault::OUTPUT, "not all of board, count and estimate read".into());
        return g;
    };
    let legal = root_choices(&call.spec, &call.board, 1, false).iter().any(|(c, _)| c == b);
    if !legal {
        g.fault(fault::BOARD, "the board printed is not a move from the input board".into());
        return g;
    }
    r.differs = theirs.as_deref() != Some(b.as_str());
    if r.differs {
        g.notes.push(format!("a different move from the handout estimate's {}", theirs.unwrap_or_default()));
    }
    if file == Some(b.as_str()) {
        g.score = 1.0;
    } else {
        g.score = 0.5;
        g.fault(fault::FILE, file_fault(file, reading.board.as_deref()));
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classroom::ProgramPhase;
    use crate::grade::cases::{BoardCase, calls_of};

    /// A file of the output's name written in a folder of the program's own one level down
    /// (the TA trial's out240512: `outputs/<name>`, as its README says) is found, its first
    /// line read and the file removed; hidden folders (the grader's own) are passed over, and
    /// the working folder comes first.
    #[test]
    fn an_output_written_in_a_folder_of_its_own_is_found_and_removed() {
        let root = std::env::temp_dir().join(format!("morris-stray-{}", std::process::id()));
        let (program, input) = (root.join("program"), root.join("boards"));
        for dir in [program.join("outputs"), program.join(".grade-calls"), input.clone()] {
            std::fs::create_dir_all(dir).unwrap();
        }
        let since = std::time::SystemTime::now() - std::time::Duration::from_secs(2);
        let output = root.join("calls").join("board2.txt");
        std::fs::write(program.join(".grade-calls").join("board2.txt"), "xxxxxxxxxxxxxxxxxxxxxx\n").unwrap();
        std::fs::write(program.join("outputs").join("board2.txt"), "\u{feff}xxxxxxxWxxxxxxBxxxxxxx\r\n").unwrap();
        let found = stray_output(&program, &input, &output, since).expect("found in outputs/");
        assert_eq!(found.went, "`outputs/` in the program's working folder");
        assert_eq!(found.board.as_deref(), Some("xxxxxxxWxxxxxxBxxxxxxx"));
        assert!(!found.plain_names);
        assert!(!program.join("outputs").join("board2.txt").exists(), "removed once seen");
        assert!(stray_output(&program, &input, &output, since).is_none(), "the hidden folder is not a student's");
        std::fs::write(program.join("outputs").join("board2.txt"), "x").unwrap();
        std::fs::write(program.join("board2.txt"), "").unwrap();
        let first = stray_output(&program, &input, &output, since).expect("found");
        assert_eq!((first.went.as_str(), first.board, first.plain_names), ("the program's working folder", None, true));
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn a_call_folder_linked_out_of_the_copy_gets_no_file() {
        let root = std::env::temp_dir().join(format!("morris-confined-{}", std::process::id()));
        let (copy, outside) = (root.join("copy"), root.join("outside"));
        std::fs::create_dir_all(copy.join("boards")).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::os::unix::fs::symlink(&outside, copy.join("linked")).unwrap();
        assert!(confined(&copy.join("boards"), &copy));
        assert!(!confined(&copy.join("linked"), &copy));
        assert!(!confined(&copy.join("missing"), &copy));
        let _ = std::fs::remove_dir_all(&root);
    }

    /// The call of `program` on `board` at `depth`, its answer computed as for a class.
    fn call(program: &str, phase: ProgramPhase, board: &str, depth: u32) -> Call {
        let case = BoardCase { label: "test".into(), phase, board: board.into(), depth, alpha_beta_only: false };
        calls_of(&[case]).into_iter().find(|c| c.spec.name == program).expect("the program runs the case")
    }

    /// A program that printed morris's answer with `count` as its count, and wrote the board.
    fn answered(call: &Call, count: u64) -> Invocation {
        let e = call.expected.as_ref().expect("a move");
        answered_with(call, count, e.value)
    }

    /// As [`answered`], with `value` as its estimate.
    fn answered_with(call: &Call, count: u64, value: Value) -> Invocation {
        let e = call.expected.as_ref().expect("a move");
        let stdout = format!(
            "Board Position: {}\nPositions evaluated by static estimation: {count}.\nMINIMAX estimate: {value}.\n",
            e.board
        );
        let outcome = RunOutcome { status: Some(0), stdout, ..RunOutcome::default() };
        Invocation {
            outcome,
            command: "ABOpening in out 3".into(),
            file: Some(e.board.clone()),
            file_bom: false,
            file_more: None,
            stray: None,
        }
    }

    /// A search that values the game's end at ±10000 ahead of its depth test, without
    /// counting a static estimation there, answers the built-in two-stone case with fewer
    /// positions (MiniMax 3223 of 5050): full marks in every built-in case, the reading
    /// named where nothing else fits (alpha-beta's count is taken anywhere above the floor).
    /// Before, such a search lost 0.2 wherever its tree reached the game's end.
    #[test]
    fn the_games_end_valued_without_being_counted_is_a_reading() {
        let calls = calls_of(&crate::grade::cases::builtin_cases());
        let theirs: Vec<_> = calls.iter().filter_map(|c| c.game_end_uncounted.clone().map(|o| (c, o))).collect();
        let two_stones = |c: &Call| c.label == "White closes a mill and Black falls to two stones";
        assert!(theirs.iter().filter(|(c, _)| two_stones(c)).count() == 3, "MiniMax, alpha-beta, Black");
        for (c, o) in theirs {
            let stdout = format!("{}\n{} positions evaluated\nEstimate: {}\n", o.board, o.evals, o.value);
            let outcome = RunOutcome { status: Some(0), stdout, ..RunOutcome::default() };
            let inv = Invocation {
                outcome,
                command: c.spec.name.into(),
                file: Some(o.board.clone()),
                file_bom: false,
                file_more: None,
                stray: None,
            };
            let r = check(c, &inv, Grouping::default());
            assert!((r.score - 1.0).abs() < 1e-9, "{} {}: {r:?}", c.label, c.spec.name);
            if two_stones(c) && c.spec.algorithm == Algorithm::MiniMax {
                assert!(r.notes.iter().any(|n| n == AT_GAME_END_UNCOUNTED), "{}: {:?}", c.spec.name, r.notes);
            }
        }
    }

    /// A Black program that searches with Black at the root, printing White's estimate
    /// minimised, and ends a branch where the game ends (the TA trial's lzh230518: 4747
    /// where that reading's depth alone gives 5050, on the two-stone case) is right under
    /// its two readings together: full marks by the other reading, both named. Before, the
    /// game's end was tried under the colour swap's reading only, and such a search lost
    /// the count's 0.2 there, unflagged.
    #[test]
    fn the_games_end_under_the_black_programs_other_reading() {
        let calls = calls_of(&crate::grade::cases::builtin_cases());
        let black = calls
            .iter()
            .find(|c| {
                c.label == "White closes a mill and Black falls to two stones" && c.spec.name == "MiniMaxGameBlack"
            })
            .expect("the case");
        let other = black.other_reading.as_ref().expect("the other reading");
        let theirs = other.game_end.as_ref().expect("the game's end differs there");
        assert_eq!((other.expected.evals, theirs.evals, theirs.value), (5050, 4747, Value::finite(-10000)));
        let stdout = format!("{}\n{} positions evaluated\nEstimate: {}\n", theirs.board, theirs.evals, theirs.value);
        let outcome = RunOutcome { status: Some(0), stdout, ..RunOutcome::default() };
        let inv = Invocation {
            outcome,
            command: "MiniMaxGameBlack".into(),
            file: Some(theirs.board.clone()),
            file_bom: false,
            file_more: None,
            stray: None,
        };
        let o = check(black, &inv, Grouping::default()).other_reading.expect("graded by the other reading too");
        assert!((o.score - 1.0).abs() < 1e-9, "{o:?}");
        assert!(o.notes.iter().any(|n| n == AT_GAME_END), "{:?}", o.notes);
        assert!(o.expected.contains("where the game ends a branch"), "{}", o.expected);
    }

    /// An alpha-beta count below the fewest positions any correct alpha-beta evaluates
    /// (the trial's abreset: its counter restarted for each root move, 18 for the handout's
    /// opening example, where morris evaluates 672) loses the count's 0.2 and names the
    /// floor; a count between the floor and MiniMax's is counted, as before.
    #[test]
    fn an_alpha_beta_count_below_the_fewest_possible_is_a_count_fault() {
        let ab = call("ABOpening", ProgramPhase::Opening, "xxxxxxxWxxxxxxBxxxxxxx", 3);
        let fewest = ab.alpha_beta_fewest();
        assert!(18 < fewest && fewest <= 672, "{fewest}");
        let reset = check(&ab, &answered(&ab, 18), Grouping::default());
        assert!((reset.score - 0.8).abs() < 1e-9, "{reset:?}");
        assert_eq!(reset.faults, vec![fault::COUNT.to_string()]);
        let said = format!(
            "alpha-beta evaluated 18, fewer than any correct alpha-beta can: settling the root's value on this tree \
             takes at least {fewest} positions evaluated, even in the best move order (morris 672, MiniMax 6912)"
        );
        assert!(reset.notes.contains(&said), "{:?}", reset.notes);
        for fine in [fewest, 672, 700, ab.minimax_evals] {
            let r = check(&ab, &answered(&ab, fine), Grouping::default());
            assert!((r.score - 1.0).abs() < 1e-9, "{fine}: {r:?}");
        }
        let more = check(&ab, &answered(&ab, ab.minimax_evals + ab.tree.iter().sum::<u64>() + 2), Grouping::default());
        assert_eq!(more.faults, vec![fault::COUNT.to_string()], "{more:?}");
        // The game example at depth 4: 140 where morris evaluates 4,378.
        let game = call("ABGame", ProgramPhase::Game, "xBWBxxxWxBxxxWxBBWxxWW", 4);
        assert!(140 < game.alpha_beta_fewest() && game.alpha_beta_fewest() <= 4378, "{}", game.alpha_beta_fewest());
        assert_eq!(check(&game, &answered(&game, 140), Grouping::default()).faults, vec![fault::COUNT.to_string()]);
        // MiniMax programs have no floor but their own count.
        assert_eq!(call("MiniMaxGame", ProgramPhase::Game, "xBWBxxxWxBxxxWxBBWxxWW", 4).alpha_beta_fewest(), 0);
    }

    /// A program that says in words that the side to move has no move, prints no board,
    /// leaves the output file untouched and exits 0 (the TA trial's C++ student: `No legal
    /// moves - game over`) answered the blocked root: full marks, as for variant-board.md's
    /// status of its own. An error it caught and printed, status 0, is no answer.
    #[test]
    fn a_blocked_root_said_in_words_with_the_file_untouched_is_a_convention() {
        let blocked = call("MiniMaxGame", ProgramPhase::Game, "WBWBxBxxxxxxBxxxBxBWBW", 3);
        assert!(blocked.expected.is_none());
        let ran = |stdout: &str| {
            let outcome = RunOutcome { status: Some(0), stdout: stdout.into(), ..RunOutcome::default() };
            check(
                &blocked,
                &Invocation {
                    outcome,
                    command: "MiniMaxGame in out 3".into(),
                    file: None,
                    file_bom: false,
                    file_more: None,
                    stray: None,
                },
                Grouping::default(),
            )
        };
        let said = ran("No legal moves - game over\n");
        assert!((said.score - 1.0).abs() < 1e-9, "{said:?}");
        assert!(said.notes.iter().any(|n| n.ends_with(SAID_UNTOUCHED_BLOCKED_ROOT)), "{:?}", said.notes);
        let caught = ran("Error: max() arg is an empty sequence\n");
        assert!(caught.score < 1e-9, "{caught:?}");
        // Words, not letters: `remove` does not speak of a move.
        let caught = ran("Cannot remove: no stone of the opponent found\n");
        assert!(caught.score < 1e-9, "{caught:?}");
        let said = ran("WHITE IS BLOCKED. GAME OVER.\n");
        assert!((said.score - 1.0).abs() < 1e-9, "{said:?}");
    }

    /// A Black program that swaps, searches and swaps back, printing the value negated (for
    /// the real board's White; the trial's ngb210202: -1988 for 1988 on the game example at
    /// depth 4) has the colour swap's move and count: full marks, the sign named. Before,
    /// its estimate lost 0.4 of each game case, and the opening's, where the negation is
    /// White's estimate minimised, drew its whole part to that reading, whose game boards
    /// differ: 7 of part III's 10 for a search right in every case.
    #[test]
    fn a_black_estimate_printed_with_the_other_sign_is_graded_by_its_search() {
        let black = call("MiniMaxGameBlack", ProgramPhase::Game, "xBWBxxxWxBxxxWxBBWxxWW", 4);
        let e = black.expected.clone().expect("a move");
        assert_eq!((e.value, e.evals), (Value::finite(1988), 32787));
        let r = check(&black, &answered_with(&black, e.evals, e.value.negated()), Grouping::default());
        assert!((r.score - 1.0).abs() < 1e-9, "{r:?}");
        assert!(r.notes.iter().any(|n| n.starts_with(BLACK_SIGN)), "{:?}", r.notes);
        // Not where the count is wrong too: the sign is taken for a search otherwise right.
        let r = check(&black, &answered_with(&black, e.evals + 1, e.value.negated()), Grouping::default());
        assert_eq!(r.faults, vec![fault::ESTIMATE.to_string(), fault::COUNT.to_string()], "{r:?}");
        // White's own programs have one side: a negated estimate is wrong there.
        let white = call("MiniMaxGame", ProgramPhase::Game, "xBWBxxxWxBxxxWxBBWxxWW", 4);
        let w = white.expected.clone().expect("a move");
        let r = check(&white, &answered_with(&white, w.evals, w.value.negated()), Grouping::default());
        assert_eq!(r.faults, vec![fault::ESTIMATE.to_string()], "{r:?}");
    }
}
