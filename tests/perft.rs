//! perft: the cases of `tests/data/perft.txt`, each checked with the fast generator at
//! its full depth and against a naive reference generator, written independently of
//! `topology`/`rules`, at small depths (counts and the very positions each move reaches).

use crate::reference as classroom_spec;

use morris::perft::perft;
use morris::rules::notation::{format_board_string, parse_position};
use morris::rules::{CLASSROOM, Color, MoveList, Position, RemovalRule, Ruleset, STANDARD};
use morris::topology::{CLASSROOM22, STANDARD24, Topology};

/// A board for the reference: adjacency lists and lines as point-index triples, in the
/// board-string order. Built without the crate's topology code.
struct RefBoard {
    neighbours: Vec<Vec<usize>>,
    lines: Vec<[usize; 3]>,
}

/// The standard board from its geometry: three rings of eight points (corner, middle,
/// corner, ...), the four sides of each ring are lines, and the middles of the sides
/// line up across the rings. Names come from coordinates; the board-string order of
/// docs/assignments.md (rows from the bottom, left to right) gives the indices.
fn standard_reference() -> RefBoard {
    let order: Vec<String> = {
        let mut pts: Vec<(usize, usize)> = Vec::new(); // (col, row) with row 0 at the top
        for r in 0..3 {
            let (lo, hi) = (r, 6 - r);
            pts.extend([(lo, lo), (3, lo), (hi, lo), (hi, 3), (hi, hi), (3, hi), (lo, hi), (lo, 3)]);
        }
        let mut sorted = pts.clone();
        sorted.sort_by_key(|&(c, r)| (std::cmp::Reverse(r), c));
        sorted.iter().map(|&(c, r)| format!("{}{}", (b'A' + c as u8) as char, r + 1)).collect()
    };
    let ring_point = |r: usize, k: usize| {
        let (lo, hi) = (r, 6 - r);
        let (c, row) = [(lo, lo), (3, lo), (hi, lo), (hi, 3), (hi, hi), (3, hi), (lo, hi), (lo, 3)][k % 8];
        let name = format!("{}{}", (b'A' + c as u8) as char, row + 1);
        order.iter().position(|n| *n == name).unwrap()
    };
    let mut neighbours = vec![Vec::new(); 24];
    let mut lines = Vec::new();
    for r in 0..3 {
        for k in 0..8 {
            let (a, b) = (ring_point(r, k), ring_point(r, k + 1));
            neighbours[a].push(b);
            neighbours[b].push(a);
        }
        for side in 0..4 {
            lines.push([ring_point(r, 2 * side), ring_point(r, 2 * side + 1), ring_point(r, 2 * side + 2)]);
        }
    }
    for k in [1, 3, 5, 7] {
        for r in 0..2 {
            let (a, b) = (ring_point(r, k), ring_point(r + 1, k));
            neighbours[a].push(b);
            neighbours[b].push(a);
        }
        lines.push([ring_point(0, k), ring_point(1, k), ring_point(2, k)]);
    }
    for n in &mut neighbours {
        n.sort_unstable();
    }
    RefBoard { neighbours, lines }
}

/// The classroom board straight from the tables of shared/spec/variant-board.md (the
/// classroom tests' naive reference holds them).
fn classroom_reference() -> RefBoard {
    use classroom_spec::{LINES, NAMES, NEIGHBOURS};
    let index = |name: &str| NAMES.iter().position(|n| *n == name).unwrap();
    RefBoard {
        neighbours: NEIGHBOURS.iter().map(|n| n.to_vec()).collect(),
        lines: LINES.iter().map(|l| [index(l[0]), index(l[1]), index(l[2])]).collect(),
    }
}

/// A reference position: one char per point ('W', 'B', 'x'), hands, side to move.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct RefPos {
    cells: Vec<char>,
    hands: [u32; 2],
    white_to_move: bool,
}

fn in_line_of(board: &RefBoard, cells: &[char], p: usize) -> bool {
    board.lines.iter().any(|l| l.contains(&p) && l.iter().all(|&q| cells[q] == cells[p]))
}

/// Every position one move away, by the rules as docs/assignments.md states them.
fn reference_children(board: &RefBoard, pos: &RefPos, removal: RemovalRule) -> Vec<RefPos> {
    let (me, them) = if pos.white_to_move { ('W', 'B') } else { ('B', 'W') };
    let side = usize::from(!pos.white_to_move);
    let on_board = pos.cells.iter().filter(|&&c| c == me).count() as u32;
    if on_board + pos.hands[side] < 3 {
        return Vec::new();
    }
    let n = pos.cells.len();
    let mut steps: Vec<(Option<usize>, usize)> = Vec::new();
    for to in (0..n).filter(|&t| pos.cells[t] == 'x') {
        if pos.hands[side] > 0 {
            steps.push((None, to));
        }
    }
    if pos.hands[side] == 0 {
        for from in (0..n).filter(|&f| pos.cells[f] == me) {
            for to in 0..n {
                let reachable = on_board == 3 || board.neighbours[from].contains(&to);
                if pos.cells[to] == 'x' && reachable {
                    steps.push((Some(from), to));
                }
            }
        }
    }
    let mut out = Vec::new();
    for (from, to) in steps {
        let mut next = pos.clone();
        if let Some(f) = from {
            next.cells[f] = 'x';
        } else {
            next.hands[side] -= 1;
        }
        next.cells[to] = me;
        next.white_to_move = !pos.white_to_move;
        if in_line_of(board, &next.cells, to) {
            let theirs: Vec<usize> = (0..n).filter(|&q| next.cells[q] == them).collect();
            let free: Vec<usize> = theirs.iter().copied().filter(|&q| !in_line_of(board, &next.cells, q)).collect();
            let targets = match (free.is_empty(), removal) {
                (false, _) => free,
                (true, RemovalRule::WhenAllInMills) => theirs,
                (true, RemovalRule::Never) => Vec::new(),
            };
            if targets.is_empty() {
                out.push(next.clone());
            }
            for q in targets {
                let mut removed = next.clone();
                removed.cells[q] = 'x';
                out.push(removed);
            }
        } else {
            out.push(next);
        }
    }
    out
}

fn reference_perft(board: &RefBoard, pos: &RefPos, removal: RemovalRule, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    reference_children(board, pos, removal).iter().map(|c| reference_perft(board, c, removal, depth - 1)).sum()
}

fn to_reference(pos: &Position) -> RefPos {
    RefPos {
        cells: format_board_string(
            morris::rules::ByColor([pos.stones(Color::White), pos.stones(Color::Black)]),
            pos.topology(),
        )
        .chars()
        .collect(),
        hands: [u32::from(pos.in_hand(Color::White)), u32::from(pos.in_hand(Color::Black))],
        white_to_move: pos.side_to_move() == Color::White,
    }
}

struct Case {
    rules: &'static Ruleset,
    position: Position,
    depth: u32,
    count: u64,
    line: String,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/perft.txt");
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(fields.len(), 4, "bad perft line: {line}");
        let base = match fields[0] {
            "standard" => &STANDARD,
            "classroom22" => &CLASSROOM,
            other => panic!("unknown board {other}"),
        };
        let removal: RemovalRule = fields[1].parse().unwrap();
        let rules = Ruleset { removal, ..base.clone() }.into_static();
        let position = if fields[2] == "start" {
            Position::start(rules)
        } else if let Some(moves) = fields[2].strip_prefix("moves ") {
            *morris::rules::notation::game_after(rules, moves).unwrap().position()
        } else {
            parse_position(fields[2], rules).unwrap()
        };
        let (depth, count) = fields[3].split_once(' ').unwrap();
        out.push(Case {
            rules,
            position,
            depth: depth.parse().unwrap(),
            count: count.parse().unwrap(),
            line: line.into(),
        });
    }
    out
}

#[test]
fn perft_cases_match_the_data_file() {
    let cases = cases();
    assert!(cases.len() >= 30);
    for case in &cases {
        assert_eq!(perft(&case.position, case.depth), case.count, "{}", case.line);
    }
}

#[test]
fn perft_agrees_with_the_reference_generator() {
    for case in cases() {
        let board = if case.rules.topology == &STANDARD24 { standard_reference() } else { classroom_reference() };
        let reference = to_reference(&case.position);
        let depth = case.depth.min(if case.position.in_hand(Color::White) > 0 { 2 } else { 3 });
        assert_eq!(
            perft(&case.position, depth),
            reference_perft(&board, &reference, case.rules.removal, depth),
            "depth {depth}: {}",
            case.line
        );
        // The positions each move reaches, not just their number.
        let mut list = MoveList::new();
        case.position.legal_moves(&mut list);
        let mut ours: Vec<RefPos> = list.iter().map(|&m| to_reference(&case.position.play_unchecked(m))).collect();
        let mut theirs = reference_children(&board, &reference, case.rules.removal);
        ours.sort();
        theirs.sort();
        assert_eq!(ours, theirs, "{}", case.line);
    }
}

#[test]
fn reference_boards_are_the_crates_boards() {
    for (topology, board) in [(&STANDARD24, standard_reference()), (&CLASSROOM22, classroom_reference())] {
        check_board(topology, &board);
    }
}

fn check_board(topology: &Topology, board: &RefBoard) {
    for p in topology.points() {
        let ours: Vec<usize> = topology.neighbours(p).iter().map(|q| q.index()).collect();
        assert_eq!(ours, board.neighbours[p.index()], "{} {}", topology.name(), topology.point_name(p));
    }
    let mut ours: Vec<u32> = topology.lines().iter().map(|l| l.0).collect();
    let mut theirs: Vec<u32> = board.lines.iter().map(|l| l.iter().map(|&i| 1u32 << i).sum()).collect();
    ours.sort_unstable();
    theirs.sort_unstable();
    assert_eq!(ours, theirs, "{}", topology.name());
}
