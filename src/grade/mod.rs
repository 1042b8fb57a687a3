//! `morris grade`: grading students' submissions of the classroom handout's eight programs
//! against morris's own (`crate::classroom`, called as a library).
//!
//! - [`run`]: the single place a process is started (the sandbox plugs in there).
//! - [`class_file`]: `grade.toml`, limits, cases, commands for unusual layouts.
//! - [`submission`]: finding, unpacking, building submissions, finding the programs.
//! - [`cases`]: the cases and their exact answers.
//! - [`check`]: one call checked; [`report`]: the grade sheet and the reports.
//!
//! Parts and weights are the handout's: I MiniMax 45 (MiniMaxOpening, MiniMaxGame),
//! II alpha-beta 35 (ABOpening, ABGame), III Black 10, IV improved estimation 10.

pub mod cases;
pub mod check;
pub mod class_file;
pub mod report;
pub mod run;
pub mod submission;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use cases::Call;
use check::{CaseResult, check_call};
use class_file::ClassFile;
use submission::{Built, Submission, build, unpack};

use crate::classroom::{Algorithm, ProgramPhase, ProgramSpec, decide};
use crate::rules::{CLASSROOM, Color, MoveList, Position};

/// The handout's parts: name and weight.
pub const PARTS: [(&str, f64); 4] =
    [("I MiniMax", 45.0), ("II alpha-beta", 35.0), ("III Black", 10.0), ("IV improved", 10.0)];

/// Timeouts after which a program's remaining calls are not run (and score 0).
pub const MAX_TIMEOUTS: u32 = 2;

/// Settings of a grading run.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The class file.
    pub class: ClassFile,
    /// Where reports, the grade sheet and work folders go.
    pub out: PathBuf,
    /// Per call.
    pub run_limit: Duration,
    /// Per build step.
    pub build_limit: Duration,
    /// Match depth and ply cap (0: no match).
    pub match_depth: u32,
    /// Match ply cap.
    pub match_plies: u32,
}

impl Settings {
    /// Settings from a class file, with its limits or the defaults.
    #[must_use]
    pub fn new(class: ClassFile, out: PathBuf) -> Settings {
        Settings {
            run_limit: Duration::from_secs_f64(class.run_seconds.unwrap_or(30.0).max(0.1)),
            build_limit: Duration::from_secs_f64(class.build_seconds.unwrap_or(120.0).max(0.1)),
            match_depth: class.match_depth.unwrap_or(2).max(1),
            match_plies: class.match_plies.unwrap_or(40),
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
    /// One line per game.
    pub lines: Vec<String>,
}

/// One student's grade.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct StudentGrade {
    /// Net ID.
    pub net_id: String,
    /// Points per part, in [`PARTS`] order.
    pub parts: [f64; 4],
    /// Sum of the parts.
    pub total: f64,
    /// Every call.
    pub cases: Vec<CaseResult>,
    /// Build steps: command, how it ended, stderr tail.
    pub build: Vec<(String, String, String)>,
    /// Program name to how it was found (missing ones absent).
    pub found: Vec<(String, String)>,
    /// Notes per part.
    pub notes: Vec<String>,
    /// The match.
    pub matched: Option<MatchResult>,
    /// Seconds taken.
    pub seconds: f64,
}

fn part_of(spec: &ProgramSpec) -> usize {
    match (spec.algorithm, spec.side, spec.estimator) {
        (_, _, crate::classroom::Estimator::Improved) => 3,
        (Algorithm::AlphaBeta, _, _) => 1,
        (_, Color::Black, _) => 2,
        _ => 0,
    }
}

/// Grades one submission on `calls`.
#[must_use]
pub fn grade_student(sub: &Submission, calls: &[Call], settings: &Settings) -> StudentGrade {
    let start = Instant::now();
    let work = settings.out.join("work").join(&sub.net_id);
    let mut g = StudentGrade { net_id: sub.net_id.clone(), ..StudentGrade::default() };
    let built = match unpack(sub, &work, settings.build_limit) {
        Ok(()) => build(&work, settings.class.students.get(&sub.net_id), settings.build_limit),
        Err(e) => Built { fatal: Some(e), ..Built::default() },
    };
    g.build = built.steps.iter().map(|s| (s.command.clone(), s.outcome.describe(), s.outcome.stderr_tail(8))).collect();
    g.found = built.programs.iter().map(|(k, (_, _, how))| (k.clone(), how.clone())).collect();
    if let Some(f) = &built.fatal {
        g.notes.push(f.clone());
    }
    let scratch = work.join(".grade-calls");
    // A program that has timed out twice is not run again: each call would cost the
    // whole time limit, and a class with a few hanging programs would take hours.
    let mut timeouts: std::collections::HashMap<&str, u32> = std::collections::HashMap::new();
    for call in calls {
        let hung = timeouts.get(call.spec.name).copied().unwrap_or(0) >= MAX_TIMEOUTS;
        match built.programs.get(call.spec.name).filter(|_| !hung) {
            Some((argv, dir, _)) => {
                let r = check_call(call, argv, dir, &scratch, settings.run_limit);
                if r.ended.starts_with("timed out") {
                    *timeouts.entry(call.spec.name).or_default() += 1;
                }
                g.cases.push(r);
            }
            None => g.cases.push(CaseResult {
                program: call.spec.name.into(),
                label: call.label.clone(),
                board: call.board.clone(),
                depth: call.depth,
                command: if hung { "(not run)".into() } else { "(program not found)".into() },
                seconds: 0.0,
                ended: "not run".into(),
                stderr: String::new(),
                expected: String::new(),
                got: String::new(),
                score: 0.0,
                notes: vec![if hung {
                    format!("not run: {} timed out {MAX_TIMEOUTS} times already", call.spec.name)
                } else {
                    format!("{} was not found in the submission", call.spec.name)
                }],
                saved: false,
                differs: false,
            }),
        }
    }
    for (part, (name, weight)) in PARTS.iter().enumerate() {
        let mine: Vec<&CaseResult> = g
            .cases
            .iter()
            .filter(|c| calls.iter().any(|k| k.spec.name == c.program && part_of(&k.spec) == part))
            .collect();
        let mean = if mine.is_empty() { 0.0 } else { mine.iter().map(|c| c.score).sum::<f64>() / mine.len() as f64 };
        let mut points = weight * mean;
        if part == 1 {
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
            if differs >= 2 {
                share += 0.3;
            }
            g.notes.push(format!(
                "Part {name}: a different move from the handout estimate on {differs} board(s) (at least two asked)"
            ));
            let both = built.programs.contains_key("MiniMaxOpeningImproved")
                && built.programs.contains_key("MiniMaxGameImproved");
            if settings.match_plies > 0 && both {
                let m = play_match(&built, &work.join(".grade-match"), settings);
                g.notes.push(format!(
                    "Part {name}: match against the handout estimate at depth {}: {} of {} points",
                    settings.match_depth, m.score, m.games
                ));
                if m.games > 0 && m.score * 2.0 >= f64::from(m.games) {
                    share += 0.2;
                }
                g.matched = Some(m);
            }
            points = weight * share;
        }
        g.parts[part] = (points * 100.0).round() / 100.0;
    }
    g.total = (g.parts.iter().sum::<f64>() * 100.0).round() / 100.0;
    g.seconds = start.elapsed().as_secs_f64();
    g
}

/// The improved programs against the handout's MiniMax at equal depth: two games from
/// the empty board, the improved side White once and Black once (as Black through the
/// colour swap, like the Black programs). A failed or illegal answer loses the game.
#[must_use]
pub fn play_match(built: &Built, scratch: &Path, settings: &Settings) -> MatchResult {
    let mut m = MatchResult::default();
    for improved_side in Color::ALL {
        let (result, plies, board) = play_game(built, scratch, settings, improved_side);
        m.games += 1;
        m.score += result;
        m.lines.push(format!(
            "improved as {improved_side}: {} after {plies} plies, final board {board}",
            match result {
                1.0 => "win",
                0.5 => "draw",
                _ => "loss",
            }
        ));
    }
    m
}

fn play_game(built: &Built, scratch: &Path, settings: &Settings, improved: Color) -> (f64, u32, String) {
    let mut pos = Position::start(&CLASSROOM);
    let mut moves = MoveList::new();
    let placing = 2 * u32::from(CLASSROOM.stones);
    for ply in 0..settings.match_plies {
        let mover = pos.side_to_move();
        pos.generate_moves(&mut moves);
        let lost = moves.is_empty() || (ply >= placing && pos.material(mover) < 3);
        if lost {
            return (if mover == improved { 0.0 } else { 1.0 }, ply, pos.board_string());
        }
        let phase = if ply < placing { ProgramPhase::Opening } else { ProgramPhase::Game };
        let target = if mover == improved {
            let name = if phase == ProgramPhase::Opening { "MiniMaxOpeningImproved" } else { "MiniMaxGameImproved" };
            let Some((argv, dir, _)) = built.programs.get(name) else { return (0.0, ply, pos.board_string()) };
            let board = pos.board_string();
            let as_white = if mover == Color::Black { cases::swap_board(&board) } else { board };
            let (outcome, _, _) =
                check::invoke(argv, dir, scratch, &as_white, settings.match_depth, settings.run_limit);
            check::parse_printed(&outcome.stdout)
                .board
                .map(|b| if mover == Color::Black { cases::swap_board(&b) } else { b })
        } else {
            let spec = cases::handout_program(phase, mover);
            decide(&spec, pos.all_stones(), settings.match_depth).map(|o| o.board)
        };
        let next = target.and_then(|t| moves.iter().map(|&mv| pos.play_unchecked(mv)).find(|p| p.board_string() == t));
        match next {
            Some(p) => pos = p,
            None => return (if mover == improved { 0.0 } else { 1.0 }, ply, pos.board_string()),
        }
    }
    (0.5, settings.match_plies, pos.board_string())
}
