//! `morris play` driven in-process through `run_with`: scripted sessions from set-up
//! positions, every mistake message, undo, the commands, announcements and the end.
//! The engine searches to depth 1, and no test depends on which move it picks.

use morris::play::{PlayConfig, run_with};
use morris::rules::notation::parse_move;
use morris::rules::{ByColor, Color, Game, Move, Outcome, STANDARD, Setup, WinReason};
use morris::rules::{CLASSROOM, Ruleset};
use morris::topology::{PointSet, STANDARD24};

fn stones(names: &str, rules: &'static Ruleset) -> PointSet {
    names.split_whitespace().map(|n| rules.topology.point_named(n).unwrap()).collect()
}

/// A game from a set-up position: White's and Black's stones, hands, side to move.
fn setup(white: &str, black: &str, hands: (u8, u8), side: Color) -> Game {
    setup_on(&STANDARD, white, black, hands, side)
}

fn setup_on(rules: &'static Ruleset, white: &str, black: &str, hands: (u8, u8), side: Color) -> Game {
    let setup = Setup {
        rules,
        stones: ByColor([stones(white, rules), stones(black, rules)]),
        in_hand: ByColor([hands.0, hands.1]),
        side_to_move: side,
    };
    Game::new(setup.into_position().unwrap())
}

fn after(moves: &str) -> Game {
    morris::rules::notation::game_after(&STANDARD, moves).unwrap()
}

/// Plays a session with the person as `person`; returns the final game and the transcript.
fn session(game: Game, person: Color, input: &str) -> (Game, String) {
    let mut config = PlayConfig::new(person, 1);
    config.engine.hash_mb = 1;
    let mut out = Vec::new();
    let game = run_with(input.as_bytes(), &mut out, game, &config).unwrap();
    (game, String::from_utf8(out).unwrap())
}

fn mv(text: &str) -> Move {
    parse_move(text, &STANDARD24).unwrap()
}

fn moves(game: &Game) -> Vec<Move> {
    game.moves().collect()
}

#[track_caller]
fn assert_says(transcript: &str, text: &str) {
    assert!(transcript.contains(text), "expected {text:?} in the transcript:\n{transcript}");
}

#[test]
fn every_mistake_while_placing_gets_its_own_message_and_changes_nothing() {
    let start = after("A1 A7");
    let (game, out) =
        session(start.clone(), Color::White, "D4\nH2\nd2x\nD2 F4\nhello\nA1\nA7\nA1-A4\nD2,A7\nC3-C4,A7\n\n");
    assert_eq!(moves(&game), moves(&start), "no bad line may change the game");
    assert_says(&out, "D4 is not a point on this board: column D has D1, D2, D3, D5, D6, D7.");
    assert_says(&out, "H2 is not a point: columns are A-G and rows 1-7.");
    assert_says(&out, "After d2 expected '-', ',' or the end of the move, found 'x'.");
    assert_says(&out, "After D2 expected '-', ',' or the end of the move, found 'F4'.");
    assert_says(
        &out,
        "'hello' is not a command or a move: type a move (a point such as E5, or E5,D5 to place and remove), or help.",
    );
    assert_says(&out, "A1 is occupied.");
    assert_says(&out, "A7 is occupied.");
    assert_says(&out, "White still has 8 stones in hand: place one, e.g. D7.");
    assert_says(&out, "This move closes no mill, so it removes no stone: play D2.");
    assert_says(&out, "Type a move (a point such as E5, or E5,D5 to place and remove), or help.");
    assert_says(&out, "End of input: the game is left unfinished. Bye.");
}

#[test]
fn a_mill_while_placing_asks_which_stone_to_remove() {
    // White A1 D1, Black A7 D7 G7 (a mill) and B6; White's G1 closes A1-D1-G1.
    let start = setup("A1 D1", "A7 D7 G7 B6", (5, 5), Color::White);
    let input = "G1\nA1\nA7\nC3\n\nA1-D1\nmoves\nB6\n";
    let (game, out) = session(start, Color::White, input);
    assert_says(&out, "Mill! G1 closes a mill. Remove which Black stone? You may take B6.");
    assert_says(&out, "Remove which Black stone> ");
    assert_says(&out, "A1 is not a Black stone: a mill removes one of Black's stones.");
    assert_says(&out, "A7 is in a mill and Black has stones outside mills.");
    assert_says(&out, "C3 is not a Black stone: a mill removes one of Black's stones.");
    assert_says(&out, "You closed a mill and must remove a Black stone: one of B6 (or back).");
    assert_says(&out, "You may remove B6.");
    assert_says(&out, "You play G1,B6. Mill! You remove the Black stone on B6.");
    assert_says(&out, "The engine (Black) is thinking...");
    assert_says(&out, "The engine plays ");
    let played = moves(&game);
    assert_eq!(played[0], mv("G1,B6"));
    assert_eq!(played.len(), 2, "the engine replied once, then the input ended");
}

#[test]
fn a_whole_move_with_its_removal_is_played_at_once() {
    let start = setup("A1 D1", "A7 D7", (6, 6), Color::White);
    let (game, out) = session(start, Color::White, "g1,a7\n");
    assert_says(&out, "You play G1,A7. Mill! You remove the Black stone on A7.");
    assert_eq!(moves(&game)[0], mv("G1,A7"));
}

#[test]
fn back_forgets_a_half_made_mill() {
    let start = setup("A1 D1", "A7 D7", (6, 6), Color::White);
    let (game, out) = session(start, Color::White, "G1\nback\nback\nB2\n");
    assert_says(&out, "Start your move again.");
    assert_says(&out, "Nothing to go back from.");
    assert_eq!(moves(&game)[0], mv("B2"));
}

/// White A1 (blocked by its own D1 and Black's A4), D1, G4, B4; Black A4 A7 D7 B6 F6.
fn moving_position() -> Game {
    setup("A1 D1 G4 B4", "A4 A7 D7 B6 F6", (0, 0), Color::White)
}

#[test]
fn sliding_step_by_step_names_a_stone_then_its_destination() {
    let input = "A7\nC3\nA1\nC3,A7\nD1\nA7\nG7\nD1\nB4\nD1\nmoves\nG1\n";
    let (game, out) = session(moving_position(), Color::White, input);
    assert_says(&out, "Your move, White: which stone slides> ");
    assert_says(&out, "A7 is a Black stone, and you play White: name one of yours: B4, D1, G4.");
    assert_says(&out, "C3 is empty: name one of your stones that can move: B4, D1, G4.");
    assert_says(
        &out,
        "The stone on A1 cannot move: every point next to it is taken. Stones that can move: B4, D1, G4.",
    );
    assert_says(&out, "White has no stones in hand: move a stone along a line, e.g. ");
    assert_says(&out, "D1 can go to D2, G1.");
    assert_says(&out, "Move D1 to> ");
    assert_says(&out, "A7 is occupied.");
    assert_says(&out, "D1 and G7 are not adjacent (D1 can move to D2, G1).");
    assert_says(&out, "That is the stone you picked: name where it goes (D2, G1), or back.");
    assert_says(&out, "B4 can go to B2, C4.");
    assert_says(&out, "You play D1-G1.");
    let played = moves(&game);
    assert_eq!(played[0], mv("D1-G1"));
    assert_eq!(played.len(), 2);
}

#[test]
fn a_slide_that_closes_a_mill_removes_and_the_engine_starts_to_fly() {
    // White slides D2-D1 to close A1-D1-G1; Black drops from 4 stones to 3.
    let start = setup("A1 G1 D2 B4", "A7 G7 F6 C5", (0, 0), Color::White);
    let (game, out) = session(start, Color::White, "D2\nD1\nF6\n");
    assert_says(&out, "Mill! D2-D1 closes a mill. Remove which Black stone? You may take A7, C5, F6, G7.");
    assert_says(&out, "You play D2-D1,F6. Mill! You remove the Black stone on F6.");
    assert_says(&out, "== The engine (Black) is down to three stones and flies. ==");
    assert_eq!(moves(&game)[0], mv("D2-D1,F6"));
}

#[test]
fn flying_lets_a_stone_go_to_any_empty_point() {
    let start = setup("A1 D1 B4", "A7 D7 B6 F6 C5", (0, 0), Color::White);
    let (game, out) = session(start, Color::White, "A1\nE3\n");
    assert_says(&out, "Your move, White: which stone flies> ");
    assert_says(&out, "A1 can go to any empty point (");
    assert_says(&out, "You play A1-E3.");
    assert_eq!(moves(&game)[0], mv("A1-E3"));
}

#[test]
fn the_last_placements_announce_the_moving_phase() {
    let white = "A1 G1 B4 F4 C5 E5 D6 D2";
    let black = "A7 G7 B2 F2 C3 E3 D1 D7";
    let start = setup(white, black, (1, 1), Color::White);
    let (game, out) = session(start, Color::White, "A4\n");
    assert_says(&out, "== All your stones are placed: now slide them along the lines. ==");
    assert_says(&out, "== The engine (Black) has placed all its stones and now slides. ==");
    assert_eq!(game.len(), 2);
}

#[test]
fn closing_a_mill_against_three_stones_wins() {
    let start = setup("A1 G1 D2 B4", "A7 G7 F6", (0, 0), Color::White);
    let (game, out) = session(start, Color::White, "D2-D1,A7\nD1\n");
    assert_says(&out, "You win!! The engine (Black) has only 2 stones left.");
    assert_says(&out, "Result: white by reducing black to fewer than three stones.");
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::White, reason: WinReason::FewerThanThree }));
    assert!(!out.contains("Move D1 to"), "the session ends with the game; later input is not read");
}

#[test]
fn a_blocked_person_loses() {
    // White A1 D1 G1 B6 cannot move: A4 D2 G4 B4 D6 are Black's.
    let start = setup("A1 D1 G1 B6", "A4 D2 G4 B4 D6", (0, 0), Color::White);
    let (game, out) = session(start, Color::White, "A1\n");
    assert_says(&out, "You lose!! You (White) cannot move: every stone is blocked.");
    assert_eq!(game.len(), 0);
}

#[test]
fn the_draw_rule_ends_the_game() {
    let rules = Ruleset { no_removal_plies: 1, ..STANDARD.clone() }.into_static();
    let start = setup_on(rules, "A1 D1 G4 B4", "A4 A7 D7 B6 F6", (0, 0), Color::White);
    let (game, out) = session(start, Color::White, "D1-G1\n");
    assert_says(&out, "Draw: 1 ply of sliding and flying in a row without a removal.");
    assert_eq!(game.len(), 1);
}

#[test]
fn undo_takes_back_the_persons_move_and_the_engines_reply() {
    let (game, out) = session(Game::new(*after("").position()), Color::White, "undo\nA1\nundo\nundo\n");
    assert_says(&out, "Nothing to undo: you have not moved yet.");
    assert_says(&out, "Took back your move A1 and the engine's reply ");
    assert!(game.is_empty(), "both moves were taken back");
    // Playing Black, the engine's first move stays.
    let (game, out) = session(after(""), Color::Black, "undo\n");
    assert_says(&out, "Nothing to undo: you have not moved yet.");
    assert_eq!(game.len(), 1);
    // Undo in the middle of a move drops the half-made move too. A quiet position (no
    // mill in one for either side), so the engine's reply cannot change the script.
    let start = setup("A1 G1 C3 E3", "A7 G7 C5 E5", (0, 0), Color::White);
    let (game, out) = session(start, Color::White, "C3-D3\nE3\nundo\nA1-A4\n");
    assert_says(&out, "Took back your move C3-D3 and the engine's reply ");
    assert_eq!(moves(&game)[0], mv("A1-A4"));
}

#[test]
fn commands_work_at_every_prompt() {
    let start = setup("A1 D1", "A7 D7", (6, 6), Color::White);
    let input = "help\nscore\nhint\nboard\nmoves\nG1\nhint\nhelp\nboard\nquit\n";
    let (game, out) = session(start.clone(), Color::White, input);
    assert_says(&out, "Commands (at every prompt)");
    assert_says(&out, "The engine has not searched yet. Static evaluation now: ");
    assert_says(&out, "Hint: ");
    assert_says(&out, "21 legal moves: ");
    assert_says(&out, "You leave the game. Bye.");
    assert_eq!(out.matches("Thinking about a hint...").count(), 2);
    // Initial drawing plus two `board` commands.
    assert_eq!(out.matches("  7  B-----------B-----------.  7").count(), 3);
    assert!(game.is_empty() && moves(&game) == moves(&start), "commands do not move");
    // quit while a stone is picked, and score after an engine move.
    let (game, out) = session(moving_position(), Color::White, "D1\nquit\n");
    assert_says(&out, "You leave the game. Bye.");
    assert!(game.is_empty());
    let (_, out) = session(after(""), Color::White, "A1\nscore\n");
    assert_says(&out, "The engine's last search: score ");
}

#[test]
fn the_board_shows_coordinates_stones_and_the_last_move() {
    let (_, out) = session(after("A1 A7 D1 D7 G1,D7"), Color::Black, "");
    assert_says(&out, "     A   B   C   D   E   F   G");
    assert_says(&out, "  1  W-----------W----------[W] 1");
    assert_says(&out, "  7  B----------(x)----------.  7");
    assert_says(&out, "White (engine) 6 in hand, 3 on board, placing");
    assert_says(&out, "Black (you)    7 in hand, 1 on board, placing");
    assert_says(&out, "Engine: G1, removing D7");
    assert_says(&out, "Black to move (your turn), placing");
    assert!(!out.contains('\x1b'), "no colour unless asked");
}

#[test]
fn the_classroom_board_is_drawn_with_its_own_names() {
    let start = setup_on(&CLASSROOM, "", "", (9, 9), Color::White);
    let (game, out) = session(start, Color::White, "d2\na0\n");
    assert_says(&out, "d2 is not a point on this board: column d has d0, d1, d4, d5, d6.");
    assert_says(&out, "     a   b   c         d         e   f   g");
    assert_says(&out, "  0  .-----------------.-----------------.  0");
    assert_says(&out, "You play a0.");
    assert_eq!(game.moves().next().map(|m| m.display(CLASSROOM.topology).to_string()), Some("a0".to_string()));
}

#[test]
fn colour_is_ansi_when_asked() {
    let mut config = PlayConfig::new(Color::White, 1);
    config.style.color = true;
    let mut out = Vec::new();
    run_with("".as_bytes(), &mut out, after("A1"), &config).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_says(&out, "\x1b[1;97mW\x1b[0m");
    assert_says(&out, "\x1b[1;91mB\x1b[0m");
}

#[test]
fn a_finished_game_can_be_taken_back() {
    let start = setup("A1 G1 D2 B4", "A7 G7 F6", (0, 0), Color::White);
    let (game, out) = session(start, Color::White, "D2-D1,A7\nundo\nD2\n");
    assert_says(&out, "You win!!");
    assert_says(&out, "Type undo to take back your last move, or Enter to leave> undo");
    assert_says(&out, "Took back your move D2-D1,A7.");
    assert_says(&out, "D2 can go to B2, D1, D3, F2.");
    assert!(game.is_empty());
}
