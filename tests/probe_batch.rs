//! `morris tablebase probe --batch`: rows in, the same rows out with values, in order, on
//! tables of a 3-stone game built here under a 12-ply rule (moving 3-3 and the placing
//! cells) and without it (the placing cells).

use crate::tables_support;

use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::OnceLock;

use morris::rules::{Ruleset, STANDARD, notation::parse_position};
use morris::search::OracleValue;
use morris::tablebase::{RuleProfile, Tablebase};

const RULE: u16 = 12;

fn tables() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| tables_support::build_both_profiles("probe-batch", 3, RULE))
}

/// Good rows of a 3-stone game: placing positions and moving ones with a count.
const ROWS: [&str; 6] = [
    "xxxxxxxxxxxxxxxxxxxxxxxx\twhite\t3\t3",
    "Wxxxxxxxxxxxxxxxxxxxxxxx\tblack\t2\t3",
    "WxxxxxxxxxxxBxxxxxxxxxxW\tblack\t1\t2",
    "WWxxxxxxxxxxxxxxxxxxxBBx\twhite\t1\t1",
    // No mill on the board: in a 3-stone game a mill would have removed a stone (and
    // `probe` refuses positions no game reaches).
    "WWxWxxxxxxxxxxxxxxxxBBxB\tblack\t0\t0",
    "WxWxxxWxxxxxxxxxxxxBxBxB\twhite\t0\t0\t7",
];

/// What the library says of a row under a profile: value and distance columns.
fn expected(tb: &Tablebase, row: &str, profile: u16) -> String {
    let fields: Vec<&str> = row.split('\t').collect();
    let rules = Ruleset { stones: 3, no_removal_plies: profile, ..STANDARD.clone() }.into_static();
    let pos = parse_position(&fields[..4].join(" "), rules).expect("a good row");
    let v = tb.value(&pos).expect("probe").expect("covered");
    if pos.in_hand(morris::rules::Color::White) + pos.in_hand(morris::rules::Color::Black) > 0 {
        return format!("{}\t", v.wdl.name());
    }
    let count = fields.get(4).map_or(0, |c| c.parse().expect("count"));
    match v.at_count(count, profile, RuleProfile::new(RULE)).expect("the tables' rule or none") {
        OracleValue::Win(d) if profile != 0 => format!("win\t{d}"),
        OracleValue::Loss(d) if profile != 0 => format!("loss\t{d}"),
        OracleValue::Win(_) => "win\t".to_string(),
        OracleValue::Loss(_) => "loss\t".to_string(),
        OracleValue::Draw => "draw\t".to_string(),
    }
}

/// `probe --batch FILE` under `profile`; with `-`, standard input is `stdin`'s text.
fn batch(profile: u16, file: &str, stdin: &str) -> Output {
    let d = tables().to_str().expect("UTF-8");
    let profile = profile.to_string();
    let input = tables().join(format!("stdin-{:?}.tsv", std::thread::current().id()));
    std::fs::write(&input, stdin).expect("write the input");
    let args = ["tablebase", "probe", "--dir", d, "--stones", "3", "--no-removal-plies", &profile, "--batch", file];
    tables_support::morris(&args, Some(&input))
}

#[test]
fn good_rows_come_back_in_order_with_their_values_under_either_profile() {
    let tb = Tablebase::open(tables()).expect("open");
    // The blind list's header line, as in shared/blind/placing-positions.tsv.
    let input = format!("board\tside\twhite_in_hand\tblack_in_hand\n{}\n", ROWS.join("\n"));
    let file = tables().join("rows.tsv");
    std::fs::write(&file, &input).expect("write rows");
    let mut answers = Vec::new();
    for profile in [RULE, 0] {
        let out = batch(profile, file.to_str().expect("UTF-8"), "");
        assert!(out.status.success() && out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).expect("UTF-8");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "board\tside\twhite_in_hand\tblack_in_hand\tvalue\tdistance");
        assert_eq!(lines.len(), ROWS.len() + 1);
        for (row, line) in ROWS.iter().zip(&lines[1..]) {
            assert_eq!(*line, format!("{row}\t{}", expected(&tb, row, profile)), "profile {profile}");
        }
        // Standard input gives the same answers.
        let piped = batch(profile, "-", &input);
        assert!(piped.status.success());
        assert_eq!(String::from_utf8(piped.stdout).expect("UTF-8"), text);
        answers.push(text);
    }
    // Distances under the rule, none without it (and values where the rule draws).
    assert_ne!(answers[0], answers[1]);
}

#[test]
fn a_bad_row_gets_its_line_number_and_the_rest_are_answered() {
    let long = "x".repeat(10_000);
    let bad: [(&str, &str); 7] = [
        ("xxxxxxxxxxxxxxxxxxxxxxxx\tblue\t3\t3", "the side to move (white or black), found 'blue'"),
        ("xxxxxxxxxxxxxxxxxxxxxxxx\twhite\t3", "3 columns"),
        (
            "xxxxxxxxxxxxxxxxxxxxxxxx\twhite\t3\t3\tseven",
            "no-removal count (plies since the last removal, 0 to 65535), found 'seven'",
        ),
        ("xxxxxxxxxxxxxxxxxxxxxxxx\twhite\t3\t3\t4", "fresh count"),
        ("WWxxxxxxxxxxxxxxxxxxxxxx\twhite\t0\t0", "the game is over"),
        ("xxxxxxxxxxxxxxxxxxxxxxxx\tblack\t3\t3", "stones in hand"),
        (long.as_str(), "longer than 4096 bytes"),
    ];
    for (row, reason) in bad {
        // Line 1 good, line 2 bad, line 3 good (no header).
        let input = format!("{}\n{row}\n{}\n", ROWS[0], ROWS[4]);
        let out = batch(RULE, "-", &input);
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 3, "{stdout}");
        assert!(lines[0].starts_with(ROWS[0]) && !lines[0].contains("error"));
        assert!(
            lines[1].ends_with("\terror\t") && lines[1].len() <= 4096 + 8,
            "{}",
            &lines[1][..60.min(lines[1].len())]
        );
        assert!(lines[2].starts_with(ROWS[4]) && !lines[2].contains("error"));
        let first = stderr.lines().next().unwrap_or_default();
        assert!(first.starts_with("line 2: ") && first.contains(reason), "{row:.40}: {stderr}");
        assert_eq!(stderr.lines().count(), 2, "one line per bad row and a summary: {stderr}");
    }
}

#[test]
fn a_missing_file_is_one_clear_line() {
    let out = batch(RULE, "/nonexistent/rows.tsv", "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && stderr.lines().count() == 1 && stderr.contains("/nonexistent/rows.tsv"),
        "{stderr}"
    );
}

/// A row no game reaches (a mill each, and no stone lost in a 3-stone game) is answered,
/// since the tables value it, with the reason as a note on standard error.
#[test]
fn a_row_no_game_reaches_is_answered_with_a_note() {
    let out = batch(RULE, "-", &format!("{}\nWWWxxxxxxxxxxxxxxxxxxBBB\tblack\t0\t0\n", ROWS[0]));
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines.len() == 2 && !lines[1].contains("error"), "{stdout}");
    assert_eq!(
        stderr.trim(),
        "line 2: note: no game reaches this position: White's 1 mill on the board took at least 1 move that each \
         removed a Black stone, but Black has lost none"
    );
}

/// Placing cells carried in memory (as the binary carries its tables) answer as their
/// directory does, up to the last ply carried; past it they have no value to give, and the
/// engine's root filter leaves the choice to its search.
#[test]
fn carried_placing_cells_answer_as_their_directory_up_to_their_last_ply() {
    use morris::rules::{MoveList, Position};
    use morris::search::Oracle;
    const LAST_PLY: u8 = 2;
    let mut files: Vec<(&'static str, &'static [u8])> = Vec::new();
    for entry in std::fs::read_dir(tables()).expect("the tables' dir") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).expect("a UTF-8 name").to_string();
        let ply = name.strip_prefix('p').and_then(|n| n.split('-').next()).and_then(|p| p.parse::<u8>().ok());
        if ply.is_some_and(|p| p <= LAST_PLY) && name.ends_with(&format!(".s3.r{RULE}.ptb")) {
            let bytes: &'static [u8] = Box::leak(std::fs::read(&path).expect("read a cell").into_boxed_slice());
            files.push((Box::leak(name.into_boxed_str()), bytes));
        }
    }
    assert_eq!(files.len(), 1 + 2 + 4, "the cells of plies 0, 1 and 2: {files:?}");
    let carried = Tablebase::carried(&files).expect("carried cells open");
    let full = Tablebase::open(tables()).expect("the directory opens");
    let rules = Ruleset { stones: 3, no_removal_plies: RULE, ..STANDARD.clone() }.into_static();
    // Every position of plies 0 and 1: its moves lead into carried cells.
    let mut frontier = vec![Position::start(rules)];
    for ply in 0..=LAST_PLY {
        let mut next = Vec::new();
        for pos in &frontier {
            let (from_carried, from_dir) = (carried.root_moves(pos, None), full.root_moves(pos, None));
            assert!(from_dir.is_some(), "{pos:?}");
            if ply < LAST_PLY {
                assert_eq!(from_carried, from_dir, "ply {ply}: {pos:?}");
                assert_eq!(carried.placing_value(pos).expect("a value"), full.placing_value(pos).expect("a value"));
            } else {
                // Its moves lead to ply 3, not carried.
                assert_eq!(from_carried, None, "ply {ply}: {pos:?}");
            }
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            next.extend(list.as_slice().iter().map(|&m| pos.play_unchecked(m)));
        }
        frontier = next;
    }
    // A damaged carried cell (the start's) is named when it is first read, and probing it
    // is an error, not a wrong value.
    let first = files.iter().position(|(n, _)| n.starts_with("p0-")).expect("the start's cell");
    let mut damaged = files.clone();
    let mut bytes = damaged[first].1.to_vec();
    bytes[30] ^= 1;
    damaged[first].1 = Box::leak(bytes.into_boxed_slice());
    let broken = Tablebase::carried(&damaged).expect("cells are checked when first read");
    let e = broken.placing_value(&Position::start(rules)).expect_err("a damaged header");
    assert!(e.to_string().contains(&format!("carried/{}", damaged[first].0)), "{e}");
}
