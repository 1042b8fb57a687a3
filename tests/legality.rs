//! Legality: `is_legal` agrees with the generator for every candidate move on sampled
//! positions; notation round-trips; the incremental Zobrist key equals the key computed
//! from scratch; and every error a user can meet has its message checked.

use morris::rules::notation::{parse_board_string, parse_move, parse_point, parse_position};
use morris::rules::{CLASSROOM, Color, Game, Move, MoveList, Position, RemovalRule, Ruleset, STANDARD};
use morris::topology::{Point, STANDARD24};
use proptest::prelude::*;

/// A small deterministic generator (xorshift), so sampled games are the same every run.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn rulesets() -> Vec<&'static Ruleset> {
    vec![
        &STANDARD,
        Ruleset { removal: RemovalRule::Never, ..STANDARD.clone() }.into_static(),
        &CLASSROOM,
        Ruleset { removal: RemovalRule::WhenAllInMills, ..CLASSROOM.clone() }.into_static(),
    ]
}

/// Positions along random games, every ply of each, until the game ends.
fn sampled_positions(rules: &'static Ruleset, games: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    let mut list = MoveList::new();
    for _ in 0..games {
        let mut pos = Position::start(rules);
        for _ in 0..120 {
            out.push(pos);
            pos.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            pos = pos.play_unchecked(list[rng.below(list.len())]);
        }
    }
    out
}

#[test]
fn is_legal_agrees_with_the_generator_for_every_candidate() {
    for rules in rulesets() {
        let positions = sampled_positions(rules, 6, 0x5EED ^ rules.topology.len() as u64);
        let points: Vec<Option<Point>> = std::iter::once(None).chain(rules.topology.points().map(Some)).collect();
        let mut list = MoveList::new();
        let mut checked = 0;
        for pos in positions.iter().step_by(3) {
            pos.legal_moves(&mut list);
            for &from in &points {
                for to in rules.topology.points() {
                    for &remove in &points {
                        let m = Move::new(from, to, remove);
                        assert_eq!(pos.is_legal(m), list.contains(&m), "{pos:?} {}", m.display(rules.topology));
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 100_000);
    }
}

#[test]
fn every_generated_move_round_trips_through_notation() {
    for rules in rulesets() {
        let topo = rules.topology;
        let mut list = MoveList::new();
        for pos in sampled_positions(rules, 4, 77) {
            pos.legal_moves(&mut list);
            assert_eq!(list.len() as u32, pos.count_legal_moves());
            for &m in list.iter() {
                let text = m.display(topo).to_string();
                assert_eq!(parse_move(&text, topo), Ok(m), "{text}");
                assert_eq!(parse_move(&format!("  {}\t", text.to_lowercase()), topo), Ok(m));
                assert_eq!(Move::from_bits(m.to_bits()), m);
            }
            let text = pos.to_string();
            assert_eq!(parse_position(&text, rules).as_ref(), Ok(&pos), "{text}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Play random games: the incrementally updated key always equals the key computed
    /// from scratch, and equal keys along a game mean equal positions.
    #[test]
    fn incremental_zobrist_matches_recomputed(choices in prop::collection::vec(any::<u16>(), 1..150), board in 0usize..4) {
        let rules = rulesets()[board];
        let mut game = Game::new(Position::start(rules));
        let mut list = MoveList::new();
        for c in choices {
            game.position().legal_moves(&mut list);
            if list.is_empty() { break; }
            let m = list[c as usize % list.len()];
            game.play_unchecked(m);
            let pos = *game.position();
            prop_assert_eq!(pos.key(), pos.compute_key());
            prop_assert_eq!(pos.swapped().swapped(), pos);
        }
    }

    /// Any text at all: parsing never panics, and whatever parses prints back the same.
    #[test]
    fn move_parser_never_panics(text in ".{0,12}") {
        if let Ok(m) = parse_move(&text, &STANDARD24) {
            prop_assert_eq!(parse_move(&m.display(&STANDARD24).to_string(), &STANDARD24), Ok(m));
        }
        let _ = parse_board_string(&text, &STANDARD24);
        let _ = parse_position(&text, &STANDARD);
    }
}

fn std_move(text: &str) -> Move {
    parse_move(text, &STANDARD24).unwrap()
}

fn after(moves: &str) -> Position {
    *morris::rules::notation::game_after(&STANDARD, moves).unwrap().position()
}

fn illegal(pos: &Position, text: &str) -> String {
    pos.play(std_move(text)).unwrap_err().to_string()
}

#[test]
fn syntax_errors_name_what_was_typed_and_what_was_expected() {
    let err = |t: &str| parse_move(t, &STANDARD24).unwrap_err().to_string();
    assert_eq!(err("H9"), "H9 is not a point: columns are A-G and rows 1-7");
    assert_eq!(err("D2-H2"), "H2 is not a point: columns are A-G and rows 1-7");
    assert_eq!(err("D22"), "D22 is not a point: columns are A-G and rows 1-7");
    assert_eq!(err("D4"), "D4 is not a point on this board: column D has D1, D2, D3, D5, D6, D7");
    assert_eq!(err("d4-d3"), "D4 is not a point on this board: column D has D1, D2, D3, D5, D6, D7");
    assert_eq!(err("   "), "empty move: type a point such as E5");
    assert_eq!(err("D2 F2"), "after D2 expected '-', ',' or the end of the move, found 'F2'");
    assert_eq!(err("D2-F2x"), "after D2-F2 expected ',' or the end of the move, found 'x'");
    // A capture written the way chess writes it: the point before the x is read as one.
    assert_eq!(err("G1xD2"), "after G1 expected '-', ',' or the end of the move, found 'xD2'");
    assert_eq!(err("D2F2"), "after D2 expected '-', ',' or the end of the move, found 'F2'");
    assert_eq!(err("D2-F2;"), "after D2-F2 expected ',' or the end of the move, found ';'");
    assert_eq!(err("D3,G1,A1"), "after D3,G1 expected the end of the move, found ',A1'");
    assert_eq!(err("D2-"), "a point is missing after D2-: columns are A-G and rows 1-7");
    assert_eq!(err("D2--F2"), "'-' is not a point: columns are A-G and rows 1-7");
    assert_eq!(err("D8"), "D8 is not a point: columns are A-G and rows 1-7");
    assert_eq!(err("\u{0}"), "'\\u{0}' is not a point: columns are A-G and rows 1-7");
    assert_eq!(parse_point("a0", &morris::topology::CLASSROOM22).map(Point::index), Ok(0));
    assert_eq!(
        parse_move("a3", &morris::topology::CLASSROOM22).unwrap_err().to_string(),
        "a3 is not a point on this board: column a has a0, a6"
    );
    assert_eq!(
        parse_move("h1", &morris::topology::CLASSROOM22).unwrap_err().to_string(),
        "h1 is not a point: columns are a-g and rows 0-6"
    );
}

#[test]
fn illegal_moves_say_which_rule_they_break() {
    let start = Position::start(&STANDARD);
    assert_eq!(illegal(&after("F2"), "F2"), "F2 is occupied");
    assert_eq!(illegal(&start, "D2-F2"), "White still has 9 stones in hand: place one, e.g. A7");
    assert_eq!(illegal(&start, "D2,G1"), "this move closes no mill, so it removes no stone: play D2");
    // White A1 D1 against Black A7 D7: G1 closes a mill.
    let mill = after("A1 A7 D1 D7");
    assert_eq!(illegal(&mill, "G1"), "this move closes a mill: name a stone to remove, e.g. G1,A7");
    assert_eq!(illegal(&mill, "G1,A1"), "A1 is not a Black stone: a mill removes one of Black's stones");
    // Black in a mill on A7 D7 G7 with a stone outside it on B4.
    let guarded = after("A1 A7 D1 D7 B2 G7,B2 C3 B4");
    assert_eq!(illegal(&guarded, "G1,D7"), "D7 is in a mill and Black has stones outside mills");
    assert!(guarded.is_legal(std_move("G1,B4")));

    // Moving phase: the blocked-white position of tests/data/perft.txt, Black to move.
    let moving = parse_position("BBBxxxxxxWBxxBWBxBxBxWWW black 0 0", &STANDARD).unwrap();
    assert_eq!(illegal(&moving, "E4"), "Black has no stones in hand: move a stone along a line, e.g. D7-D6");
    assert_eq!(illegal(&moving, "A1-A4"), "A1 is not a Black stone: move one of Black's own stones");
    assert_eq!(illegal(&moving, "D2-E4"), "D2 and E4 are not adjacent (D2 can move to B2, D3, F2)");
    assert_eq!(illegal(&moving, "G7-G4"), "G4 is occupied");
    assert_eq!(illegal(&moving, "D7-D7"), "D7-D7 goes nowhere: a stone must move to another point");
    let white = parse_position("BBBxxxxxxWBxxBWBxBxBxWWW white 0 0", &STANDARD).unwrap();
    assert_eq!(illegal(&white, "A1-A4"), "the game is over: White has lost");
}

#[test]
fn never_rule_removes_nothing_when_all_stones_are_in_mills() {
    let never = Ruleset { removal: RemovalRule::Never, ..STANDARD.clone() }.into_static();
    let pos = parse_position("BBBxxxxxxxxxxxxxxxWxxWWx white 6 6", never).unwrap();
    assert!(pos.is_legal(std_move("G1")));
    assert_eq!(
        pos.play(std_move("G1,A7")).unwrap_err().to_string(),
        "every Black stone is in a mill, so this mill removes nothing: play G1"
    );
    let default = parse_position("BBBxxxxxxxxxxxxxxxWxxWWx white 6 6", &STANDARD).unwrap();
    assert!(default.is_legal(std_move("G1,A7")));
    assert!(!default.is_legal(std_move("G1")));
}

#[test]
fn board_and_position_text_errors() {
    let err = |t: &str| parse_board_string(t, &STANDARD24).unwrap_err().to_string();
    assert_eq!(err("WBx"), "a board string has 24 letters (W, B or x), this one has 3");
    assert_eq!(err("WBxQ"), "letter 4 of the board string is 'Q': expected W, B or x");
    assert_eq!(err(&"x".repeat(25)), "a board string has 24 letters (W, B or x), this one has 25");
    let perr = |t: &str| parse_position(t, &STANDARD).unwrap_err().to_string();
    assert_eq!(
        perr(&format!("{} purple", "x".repeat(24))),
        "after the board string expected the side to move (white or black), found 'purple'"
    );
    assert_eq!(
        perr(&format!("{} white 9 9", "W".repeat(24))),
        "White has 33 stones on the board and in hand, more than the 9 the rules allow"
    );
    assert_eq!(
        perr(&format!("{} black 3 3", "x".repeat(24))),
        "stones in hand do not fit alternate placing: with Black to move White must have one fewer in hand than Black's (or both none)"
    );
}

#[test]
fn game_detects_wins_and_draws() {
    // A blocked side loses.
    let blocked = parse_position("BBBxxxxxxWBxxBWBxBxBxWWW white 0 0", &STANDARD).unwrap();
    let outcome = Game::new(blocked).outcome().unwrap();
    assert_eq!(outcome.to_string(), "black by blocking white");
    // Shuffling back and forth repeats the position: a draw on the third occurrence.
    let pos = parse_position("BBxxxxxxBxBxxBBWxxxxxWWx white 0 0", &STANDARD).unwrap();
    let mut game = Game::new(pos);
    for text in ["C3-C5", "E5-D5", "C5-C3", "D5-E5", "C3-C5", "E5-D5", "C5-C3"] {
        assert_eq!(game.outcome(), None);
        game.play(std_move(text)).unwrap();
    }
    assert_eq!(game.repetitions(), 2);
    game.play(std_move("D5-E5")).unwrap();
    assert_eq!(game.outcome().map(|o| o.to_string()), Some("draw by repetition".to_string()));
    assert_eq!(game.play(std_move("C3-C5")).unwrap_err().to_string(), "the game is over: drawn by repetition");
    assert_eq!(game.undo(), Some(std_move("D5-E5")));
    assert_eq!(game.outcome(), None);
    // The no-removal counter.
    let short = Ruleset { no_removal_plies: 4, repetition: 0, ..STANDARD.clone() }.into_static();
    let mut game = Game::new(parse_position("BBxxxxxxBxBxxBBWxxxxxWWx white 0 0", short).unwrap());
    for text in ["C3-C5", "E5-D5", "C5-C3", "D5-E5"] {
        assert_eq!(game.outcome(), None);
        game.play(std_move(text)).unwrap();
    }
    assert_eq!(game.outcome().map(|o| o.reason()), Some("by the no-removal rule".to_string()));
    // Fewer than three stones.
    let two = parse_position("BBxxxxxxxxxxxxxWxxxxxWWx black 0 0", &STANDARD).unwrap();
    assert_eq!(
        Game::new(two).outcome().map(|o| o.to_string()),
        Some("white by reducing black to fewer than three stones".into())
    );
    assert_eq!(two.side_to_move(), Color::Black);
}
