//! The real programs against the naive reference of `classroom_support/reference.rs`
//! (the handout's pseudo-code on `Vec<char>` boards): board, estimate and count must
//! agree exactly on many random boards, for MiniMax and alpha-beta, White and Black.

use crate::reference;

use morris::classroom::board_file::parse_board;
use morris::classroom::board_file::start_position;
use morris::classroom::{
    AB_GAME, AB_OPENING, Algorithm, MINIMAX_GAME, MINIMAX_GAME_BLACK, MINIMAX_OPENING, MINIMAX_OPENING_BLACK,
    ProgramPhase, ProgramSpec, decide,
};
use morris::rules::{Color, MoveList};
use reference::{LINES, NEIGHBOURS, Rng, generate_black, generate_white, index, random_board, reference};

fn check(spec: &ProgramSpec, board: &str, depth: u32) {
    let stones = parse_board(board, "random").unwrap();
    let got = decide(spec, stones, depth).map(|o| (o.board, o.evals, o.value.to_string()));
    let opening = spec.phase == ProgramPhase::Opening;
    let black = spec.side == Color::Black;
    let want = reference(board, depth, opening, black, spec.algorithm == Algorithm::AlphaBeta);
    assert_eq!(got, want, "{} on {board} at depth {depth}", spec.name);
}

#[test]
fn reference_tables_match_the_spec_geometry() {
    // Every line runs along edges of the neighbour table; adjacency is symmetric.
    for (p, ns) in NEIGHBOURS.iter().enumerate() {
        for &q in *ns {
            assert!(NEIGHBOURS[q].contains(&p));
        }
    }
    for line in LINES {
        let [a, b, c] = line.map(index);
        assert!(NEIGHBOURS[a].contains(&b) && NEIGHBOURS[b].contains(&c), "{line:?}");
    }
}

#[test]
fn programs_agree_with_the_naive_reference_on_random_boards() {
    let mut rng = Rng(0x5eed_c1a5_5eed_0001);
    let programs = [MINIMAX_OPENING, MINIMAX_GAME, AB_OPENING, AB_GAME, MINIMAX_OPENING_BLACK, MINIMAX_GAME_BLACK];
    for _ in 0..60 {
        for spec in &programs {
            let (w, b) = match spec.phase {
                // Opening: anything from an empty board to a crowded one.
                ProgramPhase::Opening => (rng.below(9), rng.below(9)),
                // Game: 2 to 9 stones a side, often three (flying) or two (lost).
                ProgramPhase::Game => (2 + rng.below(8), 2 + rng.below(8)),
            };
            let board = random_board(&mut rng, w, b);
            let max_depth = match (spec.phase, w.min(b) <= 3) {
                (ProgramPhase::Game, true) => 2,
                _ => 3,
            };
            for depth in 1..=max_depth {
                check(spec, &board, depth);
            }
        }
    }
}

/// The boards a position's generator produces, in its order, as board strings.
fn real_children(board: &str, opening: bool, side: Color) -> Vec<String> {
    let stones = parse_board(board, "random").unwrap();
    let phase = if opening { ProgramPhase::Opening } else { ProgramPhase::Game };
    let pos = start_position(stones, phase).with_side_to_move(side);
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    assert_eq!(moves.len() as u32, pos.count_generated_moves(), "count_generated_moves on {board}");
    moves.iter().map(|&m| pos.play_unchecked(m).board_string()).collect()
}

fn as_strings(boards: Vec<reference::Board>) -> Vec<String> {
    boards.into_iter().map(|b| b.into_iter().collect()).collect()
}

#[test]
fn generation_order_and_colour_swap_match_the_handout() {
    // Generating with Black to move gives exactly the handout's swap procedure (swap, White
    // generator, swap back), in the same order; White's order is the pseudo-code's; and
    // count_generated_moves is numBlackMoves, including the all-in-mills case.
    let mut rng = Rng(0xc01_0525);
    let mut boards: Vec<String> = (0..400)
        .map(|i| {
            let (w, b) = if i % 2 == 0 { (rng.below(10), rng.below(10)) } else { (2 + rng.below(4), 2 + rng.below(4)) };
            random_board(&mut rng, w, b)
        })
        .collect();
    // Every stone of one side in mills; a side with three; a side with two.
    boards.extend(
        ["xWWxxxxxxxxxxBBBBxxBxx", "BBBxxxxxxxxxxWWWWxxWxx", "WWxWxxxxxxxxxBBBBxxxxx", "WWxWxWxxxxxxxBxxBxxxxx"]
            .map(String::from),
    );
    for board in &boards {
        for opening in [true, false] {
            let b: reference::Board = board.chars().collect();
            assert_eq!(real_children(board, opening, Color::White), as_strings(generate_white(&b, opening)), "{board}");
            assert_eq!(real_children(board, opening, Color::Black), as_strings(generate_black(&b, opening)), "{board}");
        }
    }
}

#[test]
fn alpha_beta_agrees_with_minimax_and_never_evaluates_more() {
    let mut rng = Rng(0xab_ab_ab);
    for round in 0..120 {
        let opening = round % 2 == 0;
        let (w, b) = if opening { (rng.below(9), rng.below(9)) } else { (3 + rng.below(7), 3 + rng.below(7)) };
        let board = random_board(&mut rng, w, b);
        let stones = parse_board(&board, "random").unwrap();
        // Flying multiplies the tree: keep depth 4 to boards where nobody flies.
        let max_depth = if opening || w.min(b) > 3 { 4 } else { 3 };
        let (mm, ab) = if opening { (MINIMAX_OPENING, AB_OPENING) } else { (MINIMAX_GAME, AB_GAME) };
        for depth in 1..=max_depth {
            let m = decide(&mm, stones, depth);
            let a = decide(&ab, stones, depth);
            match (m, a) {
                (Some(m), Some(a)) => {
                    assert_eq!((&m.board, m.best, m.value), (&a.board, a.best, a.value), "{board} depth {depth}");
                    assert!(a.evals <= m.evals, "{board} depth {depth}: {} > {}", a.evals, m.evals);
                }
                (None, None) => {}
                other => panic!("{board} depth {depth}: {other:?}"),
            }
        }
    }
}
