//! Every game text the project writes is read back by every part that reads one: the
//! board's exports (a numbered move list, with a `setboard` line for a set-up start, and
//! a record file) and the referee's record, each through `morris analyze`,
//! `match --openings` (its reader, `read_openings`) and the board's import.

use std::path::{Path, PathBuf};
use std::process::Command;

use morris::referee::outcome::openings::read_openings;
use morris::referee::outcome::record::{HEADER, format_record};
use morris::referee::outcome::result::{FinishedGame, Termination};
use morris::rules::notation::{game_after, parse_position};
use morris::rules::{ByColor, Game, STANDARD};
use morris::serve::ServeConfig;
use morris::serve::export::{move_list, record};
use morris::serve::replay::game_from_text;

fn dir() -> PathBuf {
    let d = std::env::temp_dir().join(format!("morris-game-texts-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn write(name: &str, text: &str) -> PathBuf {
    let path = dir().join(name);
    std::fs::write(&path, text).expect("write");
    path
}

/// `morris analyze` at depth 1: it reads the file and values every move; the rows of
/// the table are returned (one per move).
fn analyze(path: &Path) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_morris"))
        .args(["analyze", "--depth", "1", "--hash", "1"])
        .arg(path)
        .output()
        .expect("run morris analyze");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{}: {}{stdout}", path.display(), String::from_utf8_lossy(&out.stderr));
    stdout
        .lines()
        .filter(|l| l.split_whitespace().next().is_some_and(|w| w.parse::<u32>().is_ok()))
        .map(str::to_string)
        .collect()
}

/// The moves of `game` in notation.
fn moves(game: &Game) -> Vec<String> {
    game.moves().map(|m| m.display(STANDARD.topology).to_string()).collect()
}

#[test]
fn the_boards_exports_read_back_everywhere() {
    let game = game_after(&STANDARD, "D2 F4 B4 D6 A7 G1").expect("a game");
    let config = ServeConfig::new(0);
    let exports =
        [("moves.txt", move_list(&game)), ("record.tsv", record(&game, ["you", "engine"], None).expect("a record"))];
    assert!(exports[0].1.starts_with("1. D2 F4\n"), "numbered: {}", exports[0].1);
    for (name, text) in &exports {
        let path = write(name, text);
        let rows = analyze(&path);
        assert_eq!(rows.len(), 6, "{name}: {rows:?}");
        assert!(rows[5].contains("G1"), "{name}: {rows:?}");
        assert_eq!(read_openings(&path, &STANDARD).expect(name), ["D2 F4 B4 D6 A7 G1"], "{name}");
        let (_, imported) = game_from_text(&config, text, None, None).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!((moves(&imported), imported.position()), (moves(&game), game.position()), "{name}");
    }
    // A resigned game is recorded finished (Black gave up: White won), and every reader
    // takes it: analyze its moves, match --openings its (empty) opening, the board its game.
    let resigned = record(&game, ["you", "engine"], Some(morris::rules::Color::Black)).expect("a record");
    assert!(resigned.contains("\twhite\tresign\t6\t"), "{resigned}");
    let path = write("resigned.tsv", &resigned);
    assert_eq!(analyze(&path).len(), 6);
    assert_eq!(read_openings(&path, &STANDARD).expect("openings"), [""]);
    let (_, imported) = game_from_text(&config, &resigned, None, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(moves(&imported), moves(&game));
}

#[test]
fn a_set_up_game_reads_back_with_its_count() {
    let start = parse_position("WWWxxxxxxxxxxxxxxxxxxBBB black 0 0", &STANDARD).expect("a position");
    let mut game = Game::with_quiet_plies(start, 5);
    for m in ["A1-A4", "D7-D6"] {
        game.play(morris::rules::notation::parse_move(m, STANDARD.topology).expect("a move")).expect("legal");
    }
    let text = move_list(&game);
    assert_eq!(text, "setboard WWWxxxxxxxxxxxxxxxxxxBBB black 0 0 5\n1... A1-A4\n2. D7-D6\n");
    assert_eq!(record(&game, ["you", "engine"], None), None, "a record holds games from the start only");
    let path = write("setup.txt", &text);
    assert_eq!(analyze(&path).len(), 2);
    let (_, imported) = game_from_text(&ServeConfig::new(0), &text, None, None).expect("imports");
    assert_eq!((moves(&imported), imported.quiet_plies()), (moves(&game), 7));
    let refused = read_openings(&path, &STANDARD).expect_err("an opening starts from the start").to_string();
    assert!(refused.contains("setup.txt:1: it starts from a set-up position"), "{refused}");
}

#[test]
fn the_referees_record_reads_back_everywhere() {
    let finished = FinishedGame {
        number: 4,
        names: ByColor(["alpha".to_string(), "beta".to_string()]),
        opening: "D2 F4".to_string(),
        moves: vec!["B4".to_string(), "D6".to_string()],
        termination: Termination::PlyCap(2),
        think: ByColor::default(),
        claims: ByColor::default(),
        pids: ByColor::default(),
        clocks: None,
        stderr_tail: ByColor::default(),
    };
    let mut swapped = finished.clone();
    swapped.number = 5;
    swapped.names = ByColor(["beta".to_string(), "alpha".to_string()]);
    let text = format!("{HEADER}\n{}\n{}\n", format_record(&finished), format_record(&swapped));
    let path = write("games.tsv", &text);
    // analyze: both games, each of its four moves.
    assert_eq!(analyze(&path).len(), 8);
    // match --openings: the opening the pair was played from, once.
    assert_eq!(read_openings(&path, &STANDARD).expect("openings"), ["D2 F4"]);
    // The board: each game, by its place in the file.
    for index in [1, 2] {
        let (_, game) = game_from_text(&ServeConfig::new(0), &text, Some(index), None).expect("imports");
        assert_eq!(moves(&game), ["D2", "F4", "B4", "D6"]);
    }
}
