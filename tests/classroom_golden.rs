//! Golden outputs of the eight classroom programs: a few cases worked out by hand (the
//! reasoning is in the comments), then `tests/data/classroom/golden.txt` (every program,
//! depths 1-4, opening and game boards: flying with three stones, a blocked side, every
//! opponent stone in a mill, a side with two stones), whose handout-program lines at
//! depths 1-3 are first checked against the naive reference.

use crate::reference;

use morris::classroom::board_file::parse_board;
use morris::classroom::{ALL_PROGRAMS, Algorithm, Estimator, ProgramPhase, ProgramSpec, decide};
use morris::rules::Color;

fn lines(spec: &ProgramSpec, board: &str, depth: u32) -> String {
    decide(spec, parse_board(board, "test").unwrap(), depth).map_or_else(|| "no move".to_string(), |o| o.lines())
}

fn spec(name: &str) -> ProgramSpec {
    *ALL_PROGRAMS.iter().find(|s| s.name == name).unwrap_or_else(|| panic!("no program {name}"))
}

fn expect(name: &str, board: &str, depth: u32, out: &str, evals: u64, value: &str) {
    let want = format!(
        "Board Position: {out}\nPositions evaluated by static estimation: {evals}.\nMINIMAX estimate: {value}.\n"
    );
    assert_eq!(lines(&spec(name), board, depth), want, "{name} {board} depth {depth}");
}

#[test]
fn empty_board_by_hand() {
    // Depth 1: White may place on any of the 22 empty points, each leaf is 1 − 0 = 1; all
    // tie, so the first point in board order (a0) is kept. 22 leaves.
    expect("MiniMaxOpening", "xxxxxxxxxxxxxxxxxxxxxx", 1, "Wxxxxxxxxxxxxxxxxxxxxx", 22, "1");
    expect("ABOpening", "xxxxxxxxxxxxxxxxxxxxxx", 1, "Wxxxxxxxxxxxxxxxxxxxxx", 22, "1");
    // Depth 2: 22 · 21 = 462 leaves, each 1 − 1 = 0; a0 again.
    expect("MiniMaxOpening", "xxxxxxxxxxxxxxxxxxxxxx", 2, "Wxxxxxxxxxxxxxxxxxxxxx", 462, "0");
    // Alpha-beta, depth 2: the first MIN node (after a0) sees all 21 replies (all 0,
    // never ≤ α = −∞); then α = 0 and every later MIN node stops at its first reply
    // (0 ≤ 0): 21 + 21 · 1 = 42.
    expect("ABOpening", "xxxxxxxxxxxxxxxxxxxxxx", 2, "Wxxxxxxxxxxxxxxxxxxxxx", 42, "0");
    // Black: the swapped board is the same empty board; White's a0 swapped back is Black's.
    expect("MiniMaxOpeningBlack", "xxxxxxxxxxxxxxxxxxxxxx", 1, "Bxxxxxxxxxxxxxxxxxxxxx", 22, "1");
}

#[test]
fn opening_mills_by_hand() {
    // White d0 g0, Black c4 d4 e4 (a mill) b5: 16 empty points, one leaf each; a0 closes
    // a0 d0 g0 and may remove only b5 (the others stand in a mill): 3 − 3 = 0, every other
    // placement 3 − 4 = −1. Best a0×b5, 16 leaves.
    expect("MiniMaxOpening", "xWWxxxxxxxxxxBBBBxxxxx", 1, "WWWxxxxxxxxxxBBBxxxxxx", 16, "0");
    // Add Black a6: c4 b5 a6 is a mill too, so every Black stone is in a mill and a0 is
    // added once with nothing removed (GenerateRemove's last line): 15 leaves, all
    // 3 − 5 = −2, a0 first.
    expect("MiniMaxOpening", "xWWxxxxxxxxxxBBBBxxBxx", 1, "WWWxxxxxxxxxxBBBBxxBxx", 15, "-2");
}

#[test]
fn game_by_hand() {
    // White a0 d0 b1 has three stones and flies: 3 · 15 empty points = 45 moves, each with
    // one leaf (a mill may remove only b5). d0→c2 (a0 b1 c2) and b1→g0 (a0 d0 g0) close
    // mills: then Black has c4 d4 e4, flies to 16 points with no mill to close: 3 · 16 = 48
    // moves, estimate 0 − 48. Any other move leaves 4 against 3: about −1000. d0→c2 comes
    // first (source d0 before b1).
    expect("MiniMaxGame", "WWxWxxxxxxxxxBBBBxxxxx", 1, "WxxWxxWxxxxxxBBBxxxxxx", 45, "-48");
    // Black has two stones: every leaf is 10000. White a0 d0 b1 f1 slides 10 ways, and two
    // of them close a mill with 2 removal choices each (f1→g0: a0 d0 g0; d0→d1: b1 d1 f1):
    // 12 leaves. The first move, a0→a6, is kept.
    expect("MiniMaxGame", "WWxWxWxxxxxxxBxxBxxxxx", 1, "xWxWxWxxxxxxxBxxBxxWxx", 12, "10000");
    // d5→d6 leaves Black a0 g0 a6 g6 with no move: 10000, and no earlier move does.
    expect("MiniMaxGame", "BWBWxWxxxxxxWxxxWWWBxB", 1, "BWBWxWxxxxxxWxxxWxWBWB", 20, "10000");
    // The position after it, colours swapped: White is blocked at the root.
    assert_eq!(lines(&spec("MiniMaxGame"), "WBWBxBxxxxxxBxxxBxBWBW", 1), "no move");
    assert_eq!(lines(&spec("MiniMaxGameBlack"), "BWBWxWxxxxxxWxxxWxWBWB", 3), "no move");
}

#[test]
fn infinities_print_as_inf() {
    // One empty point, g6, and no mill through it for White (g3, f5, a6 are Black's):
    // White fills it, then Black (a MIN node below the root) has no move: +∞, and no leaf
    // is ever estimated.
    let board = "WBWBWBWBWBWBBBWBWBBBWx";
    expect("MiniMaxOpening", board, 1, "WBWBWBWBWBWBBBWBWBBBWW", 1, "-2");
    expect("MiniMaxOpening", board, 2, "WBWBWBWBWBWBBBWBWBBBWW", 0, "inf");
    expect("ABOpening", board, 2, "WBWBWBWBWBWBBBWBWBBBWW", 0, "inf");
    expect("MiniMaxOpening", board, 3, "WBWBWBWBWBWBBBWBWBBBWW", 0, "inf");
    // Two empty points, d6 and g6, and no mill for either side through them: White places,
    // Black fills the last point, and then White (MAX) has no move: −∞ at depth 3, 0
    // leaves; at depth 2 the two leaves are 10 − 12 = −2; the first move (d6) is kept.
    let board = "WBWBWBWBWBWBBBWWWBBBxx";
    expect("MiniMaxOpening", board, 1, "WBWBWBWBWBWBBBWWWBBBWx", 2, "-1");
    expect("MiniMaxOpening", board, 2, "WBWBWBWBWBWBBBWWWBBBWx", 2, "-2");
    expect("MiniMaxOpening", board, 3, "WBWBWBWBWBWBBBWWWBBBWx", 0, "-inf");
    // Alpha-beta: the first MIN node's −∞ is ≤ α = −∞, a cut; the same value and move.
    expect("ABOpening", board, 3, "WBWBWBWBWBWBBBWWWBBBWx", 0, "-inf");
}

struct Case {
    program: String,
    depth: u32,
    input: String,
    output: String,
    evals: u64,
    value: String,
}

fn golden_cases() -> Vec<Case> {
    let text = include_str!("data/classroom/golden.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(f.len(), 6, "bad golden line {l:?}");
            Case {
                program: f[0].to_string(),
                depth: f[1].parse().unwrap(),
                input: f[2].to_string(),
                output: f[3].to_string(),
                evals: f[4].parse().unwrap(),
                value: f[5].to_string(),
            }
        })
        .collect()
}

#[test]
fn golden_file_agrees_with_the_naive_reference() {
    let mut checked = 0;
    for c in golden_cases() {
        let s = spec(&c.program);
        // The reference is slow: depth ≤ 3, and depth 3 only without flying.
        let flying = c.input.matches('W').count() <= 3 || c.input.matches('B').count() <= 3;
        if s.estimator == Estimator::Improved
            || c.depth > 3
            || (c.depth == 3 && flying && s.phase == ProgramPhase::Game)
        {
            continue;
        }
        let want = reference::reference(
            &c.input,
            c.depth,
            s.phase == ProgramPhase::Opening,
            s.side == Color::Black,
            s.algorithm == Algorithm::AlphaBeta,
        );
        assert_eq!(want, Some((c.output.clone(), c.evals, c.value.clone())), "{} {} {}", c.program, c.depth, c.input);
        checked += 1;
    }
    assert!(checked > 80, "only {checked} golden cases checked against the reference");
}

#[test]
fn programs_reproduce_the_golden_file() {
    let cases = golden_cases();
    assert!(cases.len() >= 200);
    for c in cases {
        expect(&c.program, &c.input, c.depth, &c.output, c.evals, &c.value);
    }
}
