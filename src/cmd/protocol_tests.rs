//! The line protocol in-process, with the engine made by its own command line (so these
//! tests live on the binary side, with `cmd`): the sample sessions of protocol.md replayed, whole games
//! against a scripted opponent, the state machine of `undo`/`go`/`setboard`, and bad input
//! of every kind (protocol.md §5), including random bytes (proptest).

use std::cell::RefCell;
use std::io::{self, BufRead, Read, Write};
use std::rc::Rc;

use crate::cmd::engine::EngineArgs;
use clap::Parser;
use morris::engine::Engine;
use morris::protocol::{MAX_LINE, run};
use morris::rules::notation::parse_move;
use morris::rules::{Color, Game, MoveList, Position, STANDARD};
use morris::topology::STANDARD24;
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

#[derive(Parser)]
struct EngineCli {
    #[command(flatten)]
    engine: EngineArgs,
}

fn try_engine(args: &[&str]) -> anyhow::Result<(Engine, morris::protocol::ProtocolSettings)> {
    // A small table: the tests build hundreds of engines.
    let hash: &[&str] = if args.contains(&"--hash") { &[] } else { &["--hash", "1"] };
    let cli = EngineCli::try_parse_from(std::iter::once("morris").chain(hash.iter().chain(args).copied()))?;
    cli.engine.build()
}

fn engine_for(flags: &str) -> (Engine, morris::protocol::ProtocolSettings) {
    let args: Vec<&str> = flags.split_whitespace().collect();
    try_engine(&args).unwrap_or_else(|e| panic!("flags {flags:?}: {e:#}"))
}

/// Runs the loop over `input` with `flags`; the output lines and the engine afterwards.
fn session(flags: &str, input: &[u8]) -> (Vec<String>, Engine) {
    let (mut engine, settings) = engine_for(flags);
    let mut out = Vec::new();
    run(input, &mut out, &mut engine, settings).expect("in-memory I/O does not fail");
    let text = String::from_utf8(out).expect("the engine writes UTF-8");
    (text.lines().map(str::to_string).collect(), engine)
}

fn is_move_line(line: &str) -> bool {
    parse_move(line, &STANDARD24).is_ok_and(|m| m.display(&STANDARD24).to_string() == line)
}

/// Whether `line` matches `expected` as protocol.md §7 defines it.
fn matches_line(expected: &str, line: &str) -> bool {
    if !expected.contains("<move>") && !expected.ends_with("...") {
        return expected == line;
    }
    let mut want = expected.split_whitespace();
    let mut got = line.split_whitespace();
    loop {
        match (want.next(), got.next()) {
            (Some("..."), _) => return true,
            (Some("<move>"), Some(g)) if is_move_line(g) => {}
            (Some(w), Some(g)) if w == g => {}
            (None, None) => return true,
            _ => return false,
        }
    }
}

struct SampleSession {
    flags: String,
    input: String,
    expected: Vec<String>,
}

fn sample_sessions() -> Vec<SampleSession> {
    let doc = include_str!("../../protocol.md");
    let mut sessions = Vec::new();
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "```session" {
            continue;
        }
        let flags = lines.next().expect("a session starts with its flags").to_string();
        let (mut input, mut expected) = (String::new(), Vec::new());
        for l in lines.by_ref().take_while(|l| !l.starts_with("```")) {
            if let Some(sent) = l.strip_prefix('>') {
                input.push_str(sent.strip_prefix(' ').unwrap_or(sent));
                input.push('\n');
            } else if let Some(got) = l.strip_prefix("< ") {
                expected.push(got.to_string());
            } else {
                panic!("session line {l:?} starts with neither '>' nor '<'");
            }
        }
        sessions.push(SampleSession { flags, input, expected });
    }
    sessions
}

#[test]
fn the_sample_sessions_of_protocol_md_replay() {
    let sessions = sample_sessions();
    assert!(sessions.len() >= 6, "protocol.md has its sample sessions");
    for s in sessions {
        let (out, _) = session(&s.flags, s.input.as_bytes());
        let mut got = out.iter().peekable();
        for want in &s.expected {
            if want == "info ..." {
                assert!(got.next().is_some_and(|l| l.starts_with("info ")), "session {:?}: expected info", s.input);
                while got.next_if(|l| l.starts_with("info ")).is_some() {}
                continue;
            }
            let line = got.next().unwrap_or_else(|| panic!("session {:?}: missing {want:?}; got {out:#?}", s.input));
            assert!(matches_line(want, line), "session {:?}: expected {want:?}, got {line:?}; all: {out:#?}", s.input);
        }
        assert_eq!(got.next(), None, "session {:?}: more output than expected: {out:#?}", s.input);
    }
}

/// The engine's output, shared with the scripted opponent that reads it.
#[derive(Clone, Default)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// An opponent that reads the engine's output as it is written, checks every engine move
/// against its own copy of the game, and answers with random legal moves; end of input
/// after the `result` line.
struct Opponent {
    engine_out: Shared,
    seen: usize,
    game: Game,
    color: Color,
    pending: Vec<u8>,
    at: usize,
    rng: SmallRng,
    result: Option<String>,
    engine_moves: usize,
}

impl Opponent {
    fn new(engine_out: Shared, color: Color, seed: u64) -> Opponent {
        Opponent {
            engine_out,
            seen: 0,
            game: Game::new(Position::start(&STANDARD)),
            color,
            pending: Vec::new(),
            at: 0,
            rng: SmallRng::seed_from_u64(seed),
            result: None,
            engine_moves: 0,
        }
    }

    fn read_engine(&mut self) {
        let out = self.engine_out.0.borrow();
        let text = std::str::from_utf8(&out[self.seen..]).expect("UTF-8 output");
        let Some(end) = text.rfind('\n') else { return };
        for line in text[..end].lines() {
            assert!(self.result.is_none(), "a line after the result: {line:?}");
            if let Some(result) = line.strip_prefix("result ") {
                let outcome = self.game.outcome().expect("a result only when the game is over");
                assert_eq!(result, outcome.to_string());
                self.result = Some(result.to_string());
            } else {
                assert!(is_move_line(line), "not a move line: {line:?}");
                assert_ne!(self.game.position().side_to_move(), self.color, "engine moved on our turn");
                let m = parse_move(line, &STANDARD24).expect("a move line");
                self.game.play(m).unwrap_or_else(|e| panic!("engine move {line} is illegal: {e}"));
                self.engine_moves += 1;
            }
        }
        self.seen += end + 1;
    }
}

impl Read for Opponent {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.fill_buf()?.len().min(buf.len());
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Opponent {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at == self.pending.len() {
            self.read_engine();
            self.pending.clear();
            self.at = 0;
            if self.result.is_none() {
                let pos = *self.game.position();
                assert_eq!(pos.side_to_move(), self.color, "the engine waits for input on its own turn");
                assert!(self.game.outcome().is_none(), "game over without a result line");
                let mut list = MoveList::new();
                pos.legal_moves(&mut list);
                let m = list.as_slice()[self.rng.random_range(0..list.len())];
                self.game.play(m).expect("a generated move is legal");
                // Lower case and extra blanks: the engine must not mind.
                self.pending = format!("  {}\r\n", m.display(&STANDARD24).to_string().to_lowercase()).into_bytes();
            }
        }
        Ok(&self.pending[self.at..])
    }

    fn consume(&mut self, amount: usize) {
        self.at += amount;
    }
}

fn play_against_opponent(engine_color: &str, seed: u64) -> Opponent {
    let (mut engine, settings) = engine_for(&format!("--color {engine_color} --depth 1"));
    let out = Shared::default();
    let mut opponent = Opponent::new(out.clone(), !settings.color, seed);
    run(&mut opponent, out, &mut engine, settings).expect("in-memory I/O");
    opponent.read_engine();
    assert!(opponent.result.is_some(), "the game ended with a result line");
    assert_eq!(engine.game().position(), opponent.game.position(), "engine and opponent agree on the game");
    opponent
}

#[test]
fn whole_games_as_white_and_as_black_end_in_a_result() {
    for seed in 0..3 {
        for color in ["white", "black"] {
            let opponent = play_against_opponent(color, seed);
            assert!(opponent.engine_moves > 0);
        }
    }
}

#[test]
fn white_moves_first_and_black_waits() {
    let (out, engine) = session("--color white --depth 1", b"");
    assert_eq!(out.len(), 1);
    assert!(is_move_line(&out[0]));
    assert_eq!(engine.game().len(), 1);
    let (out, engine) = session("--color black --depth 1", b"");
    assert!(out.is_empty());
    assert_eq!(engine.game().len(), 0);
}

#[test]
fn the_opening_flag_starts_after_its_moves() {
    let (mut engine, settings) = try_engine(&["--color", "black", "--depth", "1", "--opening", "D2 F4 B4"]).unwrap();
    let mut out = Vec::new();
    run(&b""[..], &mut out, &mut engine, settings).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(is_move_line(out.trim_end()), "Black is to move after three moves and moves at once: {out:?}");
    assert_eq!(engine.game().len(), 4);
    let error = try_engine(&["--opening", "D2 D2"]).err().expect("an illegal opening is refused");
    assert_eq!(format!("{error:#}"), "--opening: move 2 (D2) of the move list: D2 is occupied");
    let error = try_engine(&["--opening", ""]).map(|(e, _)| e.game().len()).expect("empty opening = start");
    assert_eq!(error, 0);
}

#[test]
fn bad_flags_are_refused_with_a_clear_message() {
    for (args, needle) in [
        (&["--movetime", "0"][..], "out of range"),
        (&["--movetime", "abc"][..], "not a number of seconds"),
        (&["--color", "red"][..], "not a colour"),
        (&["--depth", "0"][..], "--depth"),
    ] {
        let error = try_engine(args).err().unwrap_or_else(|| panic!("{args:?} is refused"));
        assert!(error.to_string().contains(needle), "{args:?}: {error}");
    }
    let error = try_engine(&["--tablebase", "/nonexistent/tables"]).err().expect("missing tables are an error");
    assert!(format!("{error:#}").starts_with("--tablebase /nonexistent/tables: "), "{error:#}");
    let (_, settings) = try_engine(&["--movetime", "0.25"]).unwrap();
    assert_eq!(settings.movetime, std::time::Duration::from_millis(250));
}

/// The number of plies in the engine's game after a session.
fn plies(engine: &Engine) -> usize {
    engine.game().len()
}

#[test]
fn undo_takes_back_to_the_opponents_turn() {
    // As White: the engine's first move alone cannot be taken back.
    let (out, engine) = session("--color white --depth 1", b"undo\n");
    assert_eq!(out[1], "error undo: nothing to take back");
    assert_eq!(plies(&engine), 1);
    // After a reply: both moves; the engine's opening move stays.
    let (out, engine) = session("--color white --depth 1", b"D2\nundo\n");
    if out[0] == "D2" {
        assert_eq!(out[1..], ["illegal D2: D2 is occupied", "error undo: nothing to take back"]);
    } else {
        assert!(out[2].starts_with("undone D2 "), "{out:?}");
    }
    assert_eq!(plies(&engine), 1);
    assert_eq!(engine.game().position().side_to_move(), Color::Black);
    // After the game ended on the opponent's move, only that move.
    let (out, engine) =
        session("--color black --depth 1", b"setboard xxxBxxBxBxxxxxWxxxWxWWWx white\nG4-G1,B6\nundo\nundo\n");
    assert_eq!(
        out,
        [
            "result white by reducing black to fewer than three stones",
            "undone G4-G1,B6",
            "error undo: nothing to take back"
        ]
    );
    assert_eq!(plies(&engine), 0);
}

#[test]
fn go_makes_the_engine_play_the_side_to_move() {
    let (out, engine) = session("--color black --depth 1", b"go\nD7\n");
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(is_move_line(&out[0]), "{out:?}");
    let moves: Vec<String> = engine.game().moves().map(|m| m.display(&STANDARD24).to_string()).collect();
    if out[0] == "D7" {
        // The engine took D7 itself, as White.
        assert_eq!(out[1], "illegal D7: D7 is occupied");
        assert_eq!(moves, ["D7"]);
    } else {
        // The engine played White's first move, and as White again after Black's D7.
        assert!(is_move_line(&out[1]), "{out:?}");
        assert_eq!(moves, [out[0].as_str(), "D7", out[1].as_str()]);
    }
    let (out, _) = session("--color black --depth 1", b"setboard xxxBxxBxBxxxxxWxxxWxWWWx white\nG4-G1,B6\ngo\n");
    assert_eq!(out[1], "error go: the game is over, white wins by reducing black to fewer than three stones");
}

#[test]
fn commands_that_make_it_the_engines_turn_make_it_move() {
    // setboard with the engine's side to move, also in the moving phase with Black to move.
    let (out, engine) = session("--color black --depth 1", b"setboard xxxBxxBxBxxxxxWxxxWxWWWx black\n");
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(is_move_line(&out[0]));
    assert_eq!(plies(&engine), 1);
    let (out, engine) = session("--color white --depth 1", b"new\n");
    assert_eq!(out.len(), 2);
    assert!(out.iter().all(|l| is_move_line(l)));
    assert_eq!(plies(&engine), 1);
    let (out, _) = session("--color white --depth 1", b"setboard xxxBxxBxBxxxxxWxxxWxWWWx white 9 9\n");
    // Every problem of the position is named, not only the first.
    assert_eq!(
        out[1],
        "error setboard: White has 14 stones on the board and in hand, more than the 9 the rules allow; \
         Black has 12 stones on the board and in hand, more than the 9 the rules allow"
    );
}

#[test]
fn board_shows_a_finished_game() {
    let (out, _) =
        session("--color black --depth 1", b"setboard xxxBxxBxBxxxxxWxxxWxWWWx white\nG4-G1,B6\nboard\nmoves\n");
    assert!(
        out.contains(&"board game over, white wins by reducing black to fewer than three stones".to_string()),
        "{out:#?}"
    );
    assert_eq!(out.last().unwrap(), "moves none: the game is over");
}

#[test]
fn line_ends_blank_lines_and_a_last_line_without_an_end() {
    let (out, engine) = session("--color black --depth 1", b"\r\n   \r\n\t\n d2 \r\n");
    assert_eq!(out.len(), 1);
    assert!(is_move_line(&out[0]));
    assert_eq!(plies(&engine), 2);
    let (out, engine) = session("--color black --depth 1", b"D2");
    assert_eq!(out.len(), 1);
    assert_eq!(plies(&engine), 2);
}

#[test]
fn bytes_that_are_not_utf8_get_an_error_line() {
    let (out, engine) = session("--color black --depth 1", b"D\xff2\n\xc3\n");
    assert_eq!(
        out,
        [
            "error line is not UTF-8 text (column 2): expected a move or a command",
            "error line is not UTF-8 text (column 1): expected a move or a command",
        ]
    );
    assert_eq!(plies(&engine), 0);
}

#[test]
fn a_long_line_is_refused_and_skipped_in_bounded_memory() {
    let mut input = vec![b'D'; MAX_LINE * 10];
    input.extend_from_slice(b"\nD2\n");
    input.extend(std::iter::repeat_n(b'x', MAX_LINE + 1));
    let (out, engine) = session("--color black --depth 1", &input);
    assert_eq!(out[0], format!("error line too long (more than {MAX_LINE} bytes): expected a move or a command"));
    assert!(is_move_line(&out[1]));
    assert_eq!(out[2], out[0], "a too long last line without a line end");
    assert_eq!(out.len(), 3);
    assert_eq!(plies(&engine), 2);
    // Exactly at the limit is still a line (here a malformed move).
    let mut input = vec![b' '; MAX_LINE - 2];
    input.extend_from_slice(b"D2\n");
    let (out, _) = session("--color black --depth 1", &input);
    assert!(is_move_line(&out[0]), "{out:?}");
}

#[test]
fn control_characters_are_escaped_in_the_reply() {
    let (out, _) = session("--color black --depth 1", b"D2\x1b[31m\n\x00\n");
    assert_eq!(out[0], "illegal D2\\u{1b}[31m: after D2 expected '-', ',' or the end of the move, found '\\u{1b}[31m'");
    assert_eq!(out[1], "illegal \\u{0}: '\\u{0}' is not a point: columns are A-G and rows 1-7");
}

#[test]
fn eof_and_quit_end_the_loop_at_once() {
    let (out, engine) = session("--color black --depth 1", b"quit\nD2\n");
    assert!(out.is_empty());
    assert_eq!(plies(&engine), 0);
}

#[test]
fn info_lines_come_before_the_move_and_only_when_asked() {
    let (out, _) = session("--color black --depth 2", b"info on\nD2\ninfo off\nundo\nD2\n");
    let first_move = out.iter().position(|l| is_move_line(l)).expect("a move");
    assert!(first_move > 0 && out[..first_move].iter().all(|l| l.starts_with("info depth ")), "{out:#?}");
    assert!(out[first_move..].iter().all(|l| !l.starts_with("info")), "{out:#?}");
}

#[test]
fn every_line_is_a_move_or_starts_with_a_lower_case_keyword() {
    let input = b"help\nboard\nmoves\neval\nperft 1\nisready\nD2\nfoo\nD9\nundo\n";
    let (out, _) = session("--color black --depth 1", input);
    for line in out {
        assert!(is_move_line(&line) || line.starts_with(|c: char| c.is_ascii_lowercase()), "{line:?}");
    }
}

fn line_strategy() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..48),
        "[A-Ga-g0-9,\\- ]{0,10}".prop_map(String::into_bytes),
        "[ -~]{0,24}".prop_map(String::into_bytes),
        "\\PC{0,12}".prop_map(String::into_bytes),
        ("(movetime|info|setboard|position|board) ", "[ -~]{0,30}").prop_map(|(a, b)| format!("{a}{b}").into_bytes()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// No line panics; a line changes the game only if it is a legal move (then the engine
    /// replies) or a command that sets up positions.
    #[test]
    fn random_lines_never_panic_nor_change_the_position(line in line_strategy()) {
        let text = String::from_utf8_lossy(&line);
        let first = text.split(char::is_whitespace).find(|w| !w.is_empty()).unwrap_or("").to_ascii_lowercase();
        // A deep perft takes hours.
        prop_assume!(first != "perft");
        // Set-up commands change the game by design: for them only "no panic" is checked.
        let sets_up = matches!(first.as_str(), "new" | "go" | "undo" | "position" | "setboard" | "quit");
        let start = Game::new(Position::start(&STANDARD));
        let legal = std::str::from_utf8(&line)
            .ok()
            .filter(|t| !t.contains('\n'))
            .and_then(|t| parse_move(t, &STANDARD24).ok())
            .filter(|&m| start.position().is_legal(m));
        let mut input = line.clone();
        input.push(b'\n');
        let (out, engine) = session("--color black --depth 1", &input);
        match legal {
            _ if sets_up => {}
            Some(m) => {
                prop_assert_eq!(plies(&engine), 2);
                prop_assert_eq!(engine.game().moves().next(), Some(m));
            }
            None if !line.contains(&b'\n') => {
                prop_assert_eq!(plies(&engine), 0);
                prop_assert!(out.len() <= 1 || first == "help" || first == "board", "{:?}", out);
            }
            None => {}
        }
    }
}

#[test]
fn another_engines_reply_lines_are_ignored() {
    let input = b"result white by blocking black\nerror unknown command 'x'\nillegal D2: x\nreadyok\nundone D2\n";
    let (out, engine) = session("--color black --depth 1", input);
    assert!(out.is_empty(), "{out:?}");
    assert_eq!(plies(&engine), 0);
}

#[test]
fn refused_set_up_commands_leave_the_game_alone() {
    let input = b"position startpos moves D2 F4\nposition startpos moves D2 D2\nsetboard WWWWWWWWWWxxxxxxxxxxxxxx\n\
setboard xxxxxxxxxxxxxxxxxxxxxxxx black 9 9\nperft 0\nmovetime 1e9\nboard\n";
    let (out, engine) = session("--color black --depth 1", input);
    assert_eq!(plies(&engine), 2, "{out:#?}");
    assert_eq!(out.len(), 5 + 16, "five errors and the board: {out:#?}");
    assert!(out[..5].iter().all(|l| l.starts_with("error ")), "{out:#?}");
    assert_eq!(out.last().unwrap(), "board setboard xxxxxxxxxxxxxBxxxxxWxxxx white 8 8");
}
