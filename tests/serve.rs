//! `morris serve` at the HTTP level: every endpoint, with good requests and bad ones
//! (malformed, oversized, unknown game, illegal move), against a server started in this
//! process; the perfect-play view and replay verdicts against small tables built here;
//! searches that no page watches are stopped; and the binary prints its URL.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use morris::rules::notation::parse_move;
use morris::rules::{Game, MoveList, Position, STANDARD};
use morris::search::OracleValue;
use morris::serve::{ServeConfig, ServerHandle, start};
use morris::tablebase::{BuildOptions, RuleProfile, Subspace, Tablebase, build, plan, plan_build};
use serde_json::{Value, json};

/// A server on a free port with quick searches.
fn server_with(tweak: impl FnOnce(&mut ServeConfig)) -> ServerHandle {
    let mut config = ServeConfig::new(0);
    config.movetime = Duration::from_millis(100);
    config.hash_mb = 1;
    config.analysis_depth = 4;
    tweak(&mut config);
    start(config).expect("server starts")
}

fn server() -> ServerHandle {
    server_with(|_| {})
}

/// One request: status and JSON body (`Value::Null` when the body is not JSON).
fn call(server: &ServerHandle, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
    let url = format!("http://{}{path}", server.addr());
    let response = crate::http::request(method, &url, body.map(str::as_bytes)).expect("the server answers");
    (response.status, response.json().unwrap_or(Value::Null))
}

fn post(server: &ServerHandle, path: &str, body: &Value) -> (u16, Value) {
    call(server, "POST", path, Some(&body.to_string()))
}

fn error(reply: &(u16, Value)) -> String {
    reply.1["error"].as_str().unwrap_or_else(|| panic!("an error body: {reply:?}")).to_string()
}

/// A new game; returns its id and state.
fn new_game(server: &ServerHandle, body: &Value) -> (String, Value) {
    let (status, state) = post(server, "/api/games", body);
    assert_eq!(status, 201, "{state}");
    (state["id"].as_str().expect("id").to_string(), state)
}

/// Polls until `done` holds for the game's state (at most 20 s).
fn wait_for(server: &ServerHandle, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut version = 0;
    loop {
        let (status, state) = call(server, "GET", &format!("/api/games/{id}?after={version}&wait=2"), None);
        assert_eq!(status, 200, "{state}");
        if done(&state) {
            return state;
        }
        assert!(Instant::now() < deadline, "timed out waiting; last state {state}");
        version = state["version"].as_u64().expect("version");
    }
}

fn moves(state: &Value) -> Vec<String> {
    state["moves"].as_array().expect("moves").iter().map(|m| m.as_str().unwrap_or("").to_string()).collect()
}

fn stones(state: &Value) -> String {
    state["position"]["stones"].as_str().expect("stones").to_string()
}

#[test]
fn the_page_is_served_whole_with_nothing_from_elsewhere() {
    let s = server();
    let url = format!("http://{}/", s.addr());
    let response = crate::http::call("GET", &url).expect("page");
    assert_eq!(response.status, 200);
    let kind = response.header("content-type").unwrap_or("").to_string();
    assert!(kind.starts_with("text/html"), "{kind}");
    let page = response.text();
    assert!(page.contains("<svg id=\"board\""), "the board is an SVG");
    // Nothing is fetched from the internet: the only URL is the SVG namespace.
    let urls: Vec<&str> = page.match_indices("http").map(|(i, _)| &page[i..(i + 30).min(page.len())]).collect();
    assert!(urls.iter().all(|u| u.starts_with("http://www.w3.org/2000/svg")), "{urls:?}");
    assert!(!page.contains("<link") && !page.contains("src=\""), "no external files");
    assert_eq!(call(&s, "GET", "/index.html", None).0, 200);
}

#[test]
fn a_click_places_a_stone_and_the_engine_replies() {
    let s = server();
    let (id, state) = new_game(&s, &json!({}));
    assert_eq!(state["turn"], "human");
    assert_eq!(state["choices"].as_array().map(Vec::len), Some(24), "every empty point may be clicked");
    assert_eq!(state["geometry"]["points"].as_array().map(Vec::len), Some(24));
    let (status, reply) = post(&s, &format!("/api/games/{id}/input"), &json!({"clicks": ["d2"]}));
    assert_eq!(status, 200, "{reply}");
    assert_eq!(reply["status"], "played");
    assert_eq!(moves(&reply["state"])[0], "D2");
    let after = wait_for(&s, &id, |st| moves(st).len() == 2);
    let search = &after["last_search"];
    assert!(search["depth"].as_u64().unwrap_or(0) >= 1, "{search}");
    assert!(!search["score"].as_str().unwrap_or("").is_empty());
    assert_eq!(search["best"].as_str(), Some(moves(&after)[1].as_str()), "the engine played its search's move");
    assert_eq!(after["turn"], "human");
    assert_eq!(stones(&after).matches('W').count(), 1);
    assert_eq!(stones(&after).matches('B').count(), 1);
}

#[test]
fn illegal_clicks_and_moves_are_refused_with_the_protocols_reasons() {
    let s = server();
    let (id, _) = new_game(&s, &json!({"human": "both"}));
    let input = |clicks: Value| post(&s, &format!("/api/games/{id}/input"), &json!({ "clicks": clicks }));
    let play = |text: &str| post(&s, &format!("/api/games/{id}/move"), &json!({ "move": text }));
    assert_eq!(input(json!(["D2"])).0, 200);
    // The same sentences the rules core gives the protocol.
    let occupied = input(json!(["D2"]));
    assert_eq!((occupied.0, error(&occupied).as_str()), (422, "D2 is occupied"));
    let mut game = Game::new(Position::start(&STANDARD));
    game.play(parse_move("D2", STANDARD.topology).unwrap()).unwrap();
    let protocol_reason = game.position().check_move(parse_move("D2", STANDARD.topology).unwrap()).unwrap_err();
    assert_eq!(error(&occupied), protocol_reason.to_string());
    assert_eq!(
        error(&input(json!(["D4"]))),
        "D4: D4 is not a point on this board: column D has D1, D2, D3, D5, D6, D7"
    );
    let bad = play("D2-H2");
    assert_eq!((bad.0, error(&bad).as_str()), (422, "H2 is not a point: columns are A-G and rows 1-7"));
    assert_eq!(error(&play("d2-f2")), "Black still has 9 stones in hand: place one, e.g. A7");
    assert_eq!(error(&play("D3,G1")), "this move closes no mill, so it removes no stone: play D3");
    assert_eq!(input(json!([])).0, 400);
    assert_eq!(input(json!(["A1", "A4", "A7", "D1"])).0, 400);
    // Nothing changed.
    let (_, state) = call(&s, "GET", &format!("/api/games/{id}"), None);
    assert_eq!(moves(&state), vec!["D2"]);
}

#[test]
fn a_mill_asks_for_a_stone_to_remove_and_undo_takes_moves_back() {
    let s = server();
    let (id, _) = new_game(&s, &json!({"human": "both"}));
    for m in ["A7", "B6", "D7", "D6"] {
        assert_eq!(post(&s, &format!("/api/games/{id}/move"), &json!({ "move": m })).0, 200);
    }
    let input = |clicks: Value| post(&s, &format!("/api/games/{id}/input"), &json!({ "clicks": clicks }));
    let (status, need) = input(json!(["G7"]));
    assert_eq!(status, 200);
    assert_eq!(need["status"], "need");
    assert_eq!(need["stage"], "remove");
    assert_eq!(need["clicks"], json!(["G7"]));
    assert_eq!(need["highlight"], json!(["B6", "D6"]));
    assert_eq!(error(&input(json!(["G7", "A1"]))), "A1 is not a Black stone: a mill removes one of Black's stones");
    let (status, played) = input(json!(["G7", "D6"]));
    assert_eq!(status, 200, "{played}");
    assert_eq!(moves(&played["state"]).last().map(String::as_str), Some("G7,D6"));
    assert_eq!(played["state"]["last_move"]["remove"], "D6");
    assert_eq!(stones(&played["state"]).matches('B').count(), 1);
    // Two people at the board: undo takes back one move.
    let (status, undone) = post(&s, &format!("/api/games/{id}/undo"), &json!({}));
    assert_eq!(status, 200);
    assert_eq!(undone["undone"], json!(["G7,D6"]));
    assert_eq!(stones(&undone["state"]).matches('B').count(), 2);
}

#[test]
fn undo_takes_back_the_persons_move_and_the_engines_reply() {
    let s = server();
    let (id, _) = new_game(&s, &json!({}));
    post(&s, &format!("/api/games/{id}/input"), &json!({"clicks": ["D2"]}));
    wait_for(&s, &id, |st| moves(st).len() == 2);
    let (status, undone) = post(&s, &format!("/api/games/{id}/undo"), &json!({}));
    assert_eq!(status, 200, "{undone}");
    assert_eq!(undone["undone"].as_array().map(Vec::len), Some(2));
    assert!(moves(&undone["state"]).is_empty());
    let again = post(&s, &format!("/api/games/{id}/undo"), &json!({}));
    assert_eq!((again.0, error(&again).as_str()), (409, "nothing to take back"));
}

#[test]
fn the_engine_may_play_white_and_a_person_waits_for_it() {
    let s = server_with(|c| c.movetime = Duration::from_millis(400));
    let (id, state) = new_game(&s, &json!({"human": "black"}));
    assert_eq!(state["turn"], "engine");
    let early = post(&s, &format!("/api/games/{id}/input"), &json!({"clicks": ["D2"]}));
    assert_eq!((early.0, error(&early).as_str()), (409, "it is the engine's turn (White): wait for its move"));
    let after = wait_for(&s, &id, |st| moves(st).len() == 1);
    assert_eq!(after["turn"], "human");
    // Settings: the engine takes over Black too, and plays on by itself.
    let (status, _) = post(&s, &format!("/api/games/{id}/settings"), &json!({"engine_black": true, "movetime": 0.05}));
    assert_eq!(status, 200);
    wait_for(&s, &id, |st| moves(st).len() >= 4);
    let (status, state) =
        post(&s, &format!("/api/games/{id}/settings"), &json!({"engine_black": false, "engine_white": false}));
    assert_eq!(status, 200);
    assert_eq!(state["engine_sides"], json!([false, false]));
}

#[test]
fn a_hint_is_shown_and_not_played() {
    let s = server();
    let (id, _) = new_game(&s, &json!({"human": "both", "strength": "casual"}));
    let (status, _) = post(&s, &format!("/api/games/{id}/hint"), &json!({}));
    assert_eq!(status, 200);
    let state = wait_for(&s, &id, |st| !st["hint"].is_null());
    assert!(moves(&state).is_empty(), "a hint is not played");
    let hint = state["hint"]["move"]["text"].as_str().expect("hint move").to_string();
    // A hint is the full engine's best, whatever the strength the engine plays at (it
    // was a 3-ply search at casual strength).
    let depth = state["hint"]["search"]["depth"].as_u64().unwrap_or(0);
    assert!(depth > 3, "the hint searched {depth} plies at casual strength");
    assert_eq!(post(&s, &format!("/api/games/{id}/move"), &json!({ "move": hint })).0, 200, "the hint is legal");
}

/// Issue #34: a resignation ended the game on the board while its record still said
/// `unfinished`. Now the record is a finished game (result, termination `resign`, the
/// reason), which the one reader of game texts, the replay and a new game read back;
/// undo takes the resignation back, and the record with it.
#[test]
fn a_resignation_is_recorded_as_a_finished_game() {
    let s = server();
    let (id, _) = new_game(&s, &json!({"human": "both"}));
    for m in ["D2", "F4"] {
        assert_eq!(post(&s, &format!("/api/games/{id}/move"), &json!({ "move": m })).0, 200);
    }
    let unfinished = |state: &Value| state["export"]["record"].as_str().is_some_and(|r| r.contains("\tunfinished\t"));
    assert!(unfinished(&call(&s, "GET", &format!("/api/games/{id}"), None).1));
    let (status, state) = post(&s, &format!("/api/games/{id}/resign"), &json!({}));
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["outcome"], "Black wins by White's resignation");
    let record = state["export"]["record"].as_str().expect("a record").to_string();
    let fields: Vec<&str> = record.lines().nth(1).expect("a game line").split('\t').collect();
    assert_eq!(fields[3..9], ["black", "resign", "2", "-", "D2 F4", "white resigns"], "{record}");
    let games = morris::referee::outcome::game_text::read_games(&record).expect("the record reads");
    assert!(games[0].is_finished());
    assert_eq!(games[0].recorded_end().as_deref(), Some("Black wins by White's resignation"));
    // The replay ends as the game did; a new game starts from its last position.
    let (status, replay) = post(&s, "/api/replays", &json!({ "text": record }));
    assert_eq!(status, 201, "{replay}");
    let plies = replay["plies"].as_array().expect("plies");
    assert_eq!(plies.len(), 3);
    assert_eq!(plies[2]["outcome"], "Black wins by White's resignation");
    let (_, from) = new_game(&s, &json!({ "from": record, "human": "both" }));
    assert_eq!(moves(&from), ["D2", "F4"]);
    // Taken back, it is unfinished again.
    let (status, undone) = post(&s, &format!("/api/games/{id}/undo"), &json!({}));
    assert_eq!(status, 200, "{undone}");
    assert!(undone["state"]["outcome"].is_null());
    assert!(unfinished(&undone["state"]), "{}", undone["state"]["export"]);
}

/// A game starts from what the page exports (a move list, after a `setboard` line for
/// a set-up start) and exports it again unchanged; bad starts are refused with why.
#[test]
fn a_new_game_starts_from_exported_text_and_bad_starts_say_why() {
    let s = server();
    let text = "setboard WWWxxxxxxxxxxxxxxxxxxBBB black 0 0\n1... A1-A4\n";
    let (_, state) = new_game(&s, &json!({"human": "both", "from": text}));
    assert_eq!(state["moves"], json!(["A1-A4"]));
    assert_eq!(state["export"]["moves"], text);
    assert_eq!(state["export"]["record"], Value::Null);
    assert_eq!(state["export"]["position"], "WWWxxxxxxBxxxxxxxxxxxxBB white 0 0");
    let (_, state) = new_game(&s, &json!({"human": "both", "from": "1. D2 F4"}));
    let record = state["export"]["record"].as_str().expect("a record from the start");
    let (_, again) = new_game(&s, &json!({"human": "both", "from": record}));
    assert_eq!(again["moves"], json!(["D2", "F4"]));
    assert_eq!(again["history"].as_array().map(Vec::len), Some(3), "the start and two positions");
    // Take back to a past position.
    let id = again["id"].as_str().expect("id");
    let reply = post(&s, &format!("/api/games/{id}/takeback"), &json!({"plies": 9}));
    assert_eq!(error(&reply), "cannot take back to ply 9: the game has 2 plies");
    let (status, back) = post(&s, &format!("/api/games/{id}/takeback"), &json!({"plies": 1}));
    assert_eq!(status, 200);
    assert_eq!((back["undone"].clone(), back["state"]["moves"].clone()), (json!(["F4"]), json!(["D2"])));
    assert_eq!(post(&s, &format!("/api/games/{id}/takeback"), &json!({"plies": -1})).0, 400);
    for (from, status, want) in [
        ("setboard WWW", 400, "setboard WWW: "),
        ("D2 D2", 422, "move 2 (D2) is illegal here: D2 is occupied"),
        ("setboard WWWxxxxxxxxxxxxxxxxxxBBB purple", 400, "after the board string expected"),
        (&"D2 ".repeat(2001), 400, "more than the 2000 a game may start from"),
    ] {
        let reply = post(&s, "/api/games", &json!({ "from": from }));
        assert_eq!(reply.0, status, "{from}: {reply:?}");
        assert!(error(&reply).contains(want), "{from}: {}", error(&reply));
    }
}

#[test]
fn new_game_settings_choose_board_side_time_and_strength() {
    let s = server();
    let (id, state) =
        new_game(&s, &json!({"board": "classroom22", "human": "both", "movetime": 2.5, "strength": "club"}));
    assert_eq!(state["board"], "classroom22");
    assert_eq!(state["geometry"]["points"].as_array().map(Vec::len), Some(22));
    assert_eq!(state["movetime"], 2.5);
    assert_eq!(state["strength"], "club");
    assert_eq!(post(&s, &format!("/api/games/{id}/move"), &json!({"move": "d1"})).0, 200);
    let (status, state) = post(&s, &format!("/api/games/{id}/new"), &json!({"board": "standard"}));
    assert_eq!(status, 200);
    assert_eq!(state["board"], "standard");
    assert!(moves(&state).is_empty());
    assert_eq!(state["movetime"], 2.5, "what is not given stays");
    for bad in [json!({"movetime": 0}), json!({"movetime": 1000}), json!({"board": "hex"}), json!({"colour": "red"})] {
        let reply = post(&s, "/api/games", &bad);
        assert_eq!(reply.0, 400, "{bad} → {reply:?}");
    }
    assert!(error(&post(&s, "/api/games", &json!({"movetime": 0}))).contains("out of range"));
}

#[test]
fn bad_requests_get_a_4xx_with_one_line() {
    let s = server();
    let (id, _) = new_game(&s, &json!({}));
    let cases: Vec<(&str, String, Option<&str>, u16)> = vec![
        ("GET", "/nowhere".into(), None, 404),
        ("GET", "/api/games/0123456789abcdef".into(), None, 404),
        ("POST", "/api/games/0123456789abcdef/undo".into(), Some("{}"), 404),
        ("GET", "/api/replays/00ff".into(), None, 404),
        ("GET", "/api/games/not-hex".into(), None, 404),
        ("POST", "/".into(), Some("{}"), 405),
        ("GET", "/api/games".into(), None, 405),
        ("DELETE", format!("/api/games/{id}"), None, 405),
        ("GET", format!("/api/games/{id}/undo"), None, 405),
        ("PUT", "/api/replays".into(), None, 405),
        ("POST", format!("/api/games/{id}/input"), Some("{\"clicks\": "), 400),
        ("POST", format!("/api/games/{id}/input"), Some("[]"), 400),
        ("POST", format!("/api/games/{id}/input"), Some("{}"), 400),
        ("POST", format!("/api/games/{id}/input"), Some("{\"clicks\": [\"D2\"], \"extra\": 1}"), 400),
        ("POST", format!("/api/games/{id}/input"), Some("{\"clicks\": [3]}"), 400),
        ("POST", format!("/api/games/{id}/move"), None, 400),
        ("POST", format!("/api/games/{id}/undo"), Some("{\"steps\": 2}"), 400),
        ("POST", format!("/api/games/{id}/undo?x=1"), Some("{}"), 400),
        ("GET", format!("/api/games/{id}?after=soon"), None, 400),
        ("GET", format!("/api/games/{id}?wait=3600"), None, 400),
        ("GET", format!("/api/games/{id}?colour=red"), None, 400),
        ("POST", "/api/replays".into(), Some("{\"text\": 5}"), 400),
    ];
    for (method, path, body, want) in cases {
        let reply = call(&s, method, &path, body);
        assert_eq!(reply.0, want, "{method} {path} {body:?} → {reply:?}");
        let reason = error(&reply);
        assert!(!reason.is_empty() && !reason.contains('\n'), "one line: {reason:?}");
    }
    // The game is intact and the server still serves.
    let (status, state) = call(&s, "GET", &format!("/api/games/{id}"), None);
    assert_eq!(status, 200);
    assert!(moves(&state).is_empty());
}

/// Each path names its target, and any other is refused with the reason a person reads:
/// no such page, no such game or replay (ids are hex, lower-cased), the method to use, a
/// query where none is taken.
#[test]
fn paths_name_their_targets_and_others_are_refused_with_a_reason() {
    let s = server();
    let route = |method: &str, path: &str| {
        let reply = call(&s, method, path, None);
        (reply.0, reply.1["error"].as_str().unwrap_or("").to_string())
    };
    assert_eq!(route("GET", "/").0, 200);
    assert_eq!(route("HEAD", "/index.html").0, 200);
    assert_eq!(
        route("POST", "/api/games/00FF/undo"),
        (404, "no game 00ff (it may have expired, or the server was restarted)".into())
    );
    assert_eq!(
        route("POST", "/api/replays/ab/close").1,
        "no replay ab (it may have expired, or the server was restarted)"
    );
    for bad in [
        "/x",
        "/api/games/zz",
        "/api/games/00/undo/",
        "/api/games/00/fly",
        "//",
        "/index.htm",
        "/api/games/0123456789abcdef0123456789abcdef0",
    ] {
        assert_eq!(route("GET", bad), (404, format!("no page {bad}")), "{bad}");
    }
    assert_eq!(route("DELETE", "/api/games/00"), (405, "DELETE /api/games/00: use GET".into()));
    assert_eq!(route("GET", "/api/games/00/resign").1, "GET /api/games/00/resign: use POST");
    assert_eq!(route("POST", "/api/games?x=1"), (400, "/api/games takes no query".into()));
}

/// Sends raw bytes and returns the status line's code (0 when the server closed the
/// connection without an answer).
fn raw(server: &ServerHandle, bytes: &[u8]) -> u16 {
    let mut stream = TcpStream::connect(server.addr()).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
    // The server may answer (and close) before reading everything: ignore write errors.
    let _ = stream.write_all(bytes);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer);
    text.split_whitespace().nth(1).and_then(|code| code.parse().ok()).unwrap_or(0)
}

#[test]
fn oversized_and_malformed_requests_are_refused_and_the_server_carries_on() {
    let s = server();
    let (id, _) = new_game(&s, &json!({}));
    // A body over the limit, announced and sent.
    let big = "x".repeat(morris::serve::http::MAX_BODY + 10);
    let reply = call(&s, "POST", "/api/replays", Some(&big));
    assert_eq!(reply.0, 413, "{reply:?}");
    assert!(error(&reply).contains("more than the 1048576 accepted"), "{}", error(&reply));
    // Announced only: refused without reading it.
    let head = format!(
        "POST /api/games/{id}/input HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000000\r\nConnection: close\r\n\r\n"
    );
    assert_eq!(raw(&s, head.as_bytes()), 413);
    let long_url =
        format!("GET /api/games/{id}?after={} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "1".repeat(5000));
    assert_eq!(raw(&s, long_url.as_bytes()), 414);
    let fat_header =
        format!("GET / HTTP/1.1\r\nHost: x\r\nX-Junk: {}\r\nConnection: close\r\n\r\n", "j".repeat(40_000));
    assert_eq!(raw(&s, fat_header.as_bytes()), 431);
    assert_eq!(raw(&s, b"THIS IS NOT HTTP\r\n\r\n"), 400);
    assert_eq!(raw(&s, b"GET / HTTP/1.1\r\nNo colon here\r\n\r\n"), 400);
    let not_utf8 =
        b"POST /api/replays HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nConnection: close\r\n\r\n\xff\xfe\xfd\xfc";
    assert_eq!(raw(&s, not_utf8), 400);
    // A half-sent request that stops: the server is not stuck.
    {
        let mut stream = TcpStream::connect(s.addr()).expect("connect");
        let _ = stream.write_all(b"POST /api/games HTTP/1.1\r\nContent-Length: 100\r\n\r\n{");
    }
    let (status, _) = call(&s, "GET", &format!("/api/games/{id}"), None);
    assert_eq!(status, 200, "the server still serves");
}

#[test]
fn a_full_server_whose_games_are_all_in_play_says_so() {
    let s = server_with(|c| c.max_sessions = 2);
    new_game(&s, &json!({}));
    let (second, _) = new_game(&s, &json!({}));
    let full = post(&s, "/api/games", &json!({}));
    assert_eq!(full.0, 503);
    assert!(error(&full).starts_with("the server is full: 2 games and replays are open"), "{}", error(&full));
    assert!(error(&full).ends_with("you are first in line; try again in 5 s"), "{}", error(&full));
    assert_eq!((full.1["place"].as_u64(), full.1["retry_after"].as_u64()), (Some(1), Some(5)));
    assert_eq!(post(&s, &format!("/api/games/{second}/close"), &json!({})).0, 200);
    assert_eq!(s.sessions(), 1);
    assert_eq!(post(&s, "/api/games", &json!({ "ticket": full.1["ticket"] })).0, 201);
}

/// Issue #34: on a full server, tabs that asked for a game got one in no order (whoever
/// asked again just as a place came free). A refusal now gives a ticket, and places go
/// to tickets first come, first served; a tab without one waits behind them.
#[test]
fn a_full_server_serves_waiting_tabs_in_the_order_they_asked() {
    let s = server_with(|c| c.max_sessions = 2);
    let (one, _) = new_game(&s, &json!({}));
    let (two, _) = new_game(&s, &json!({}));
    let first = post(&s, "/api/games", &json!({}));
    let second = post(&s, "/api/games", &json!({}));
    assert_eq!((first.0, second.0), (503, 503));
    assert_eq!((first.1["place"].as_u64(), second.1["place"].as_u64()), (Some(1), Some(2)));
    assert!(error(&second).contains("1 in line before you"), "{}", error(&second));
    let (t1, t2) = (first.1["ticket"].clone(), second.1["ticket"].clone());
    assert!(t1.is_string() && t2.is_string() && t1 != t2);
    // A place comes free: the second tab asks first, and waits for the first.
    assert_eq!(post(&s, &format!("/api/games/{one}/close"), &json!({})).0, 200);
    let again = post(&s, "/api/games", &json!({ "ticket": t2 }));
    assert_eq!((again.0, again.1["place"].as_u64(), &again.1["ticket"]), (503, Some(2), &t2));
    let newcomer = post(&s, "/api/games", &json!({}));
    assert_eq!((newcomer.0, newcomer.1["place"].as_u64()), (503, Some(3)), "no jumping the line");
    assert_eq!(post(&s, "/api/games", &json!({ "ticket": t1 })).0, 201, "the first tab gets the place");
    assert_eq!(post(&s, &format!("/api/games/{two}/close"), &json!({})).0, 200);
    assert_eq!(post(&s, "/api/games", &json!({ "ticket": t2 })).0, 201, "then the second");
    // An unknown (or expired) ticket is a new place at the back, not an error.
    let stale = post(&s, "/api/games", &json!({ "ticket": "0123abcd" }));
    assert_eq!((stale.0, stale.1["place"].as_u64()), (503, Some(2)));
}

#[test]
fn a_full_server_makes_room_by_closing_the_game_idle_longest() {
    let s = server_with(|c| {
        c.max_sessions = 2;
        c.evict_after = Duration::from_secs(1);
    });
    let (idle, _) = new_game(&s, &json!({"human": "both"}));
    let (busy, _) = new_game(&s, &json!({"human": "both"}));
    std::thread::sleep(Duration::from_millis(1100));
    // Polls do not count as play: the idle game's page still asks about it.
    assert_eq!(call(&s, "GET", &format!("/api/games/{idle}"), None).0, 200);
    assert_eq!(post(&s, &format!("/api/games/{busy}/move"), &json!({"move": "D2"})).0, 200);
    let (third, _) = new_game(&s, &json!({"human": "both"}));
    assert_eq!(s.sessions(), 2);
    let gone = call(&s, "GET", &format!("/api/games/{idle}"), None);
    assert_eq!(gone.0, 410, "{gone:?}");
    assert!(error(&gone).contains("was closed to make room for a new one"), "{}", error(&gone));
    assert_eq!(call(&s, "GET", &format!("/api/games/{busy}"), None).0, 200);
    // Both games left were played within `evict_after`: the next one waits.
    assert_eq!(post(&s, &format!("/api/games/{third}/move"), &json!({"move": "D2"})).0, 200);
    let refused = post(&s, "/api/games", &json!({}));
    assert_eq!(refused.0, 503);
    // A game whose page went away gives way at once, whatever its age.
    assert_eq!(post(&s, &format!("/api/games/{busy}/leave"), &json!({})).0, 200);
    new_game(&s, &json!({ "ticket": refused.1["ticket"] }));
    assert_eq!(call(&s, "GET", &format!("/api/games/{busy}"), None).0, 410);
    assert_eq!(call(&s, "GET", &format!("/api/games/{third}"), None).0, 200);
    assert_eq!(call(&s, "GET", "/api/games/0123456789abcdef", None).0, 404, "never was: 404");
}

#[test]
fn a_game_whose_page_went_away_is_dropped_in_seconds_and_a_reload_keeps_it() {
    let s = server_with(|c| c.leave_grace = Duration::from_millis(500));
    // The engine plays itself; the page goes away (its beacon: an empty POST).
    let (closed, _) = new_game(&s, &json!({"human": "none", "movetime": 5}));
    let (reloaded, _) = new_game(&s, &json!({"human": "both"}));
    let started = Instant::now();
    assert_eq!(call(&s, "POST", &format!("/api/games/{closed}/leave"), None).0, 200);
    assert_eq!(call(&s, "POST", &format!("/api/games/{reloaded}/leave"), None).0, 200);
    // A reload asks for its game again at once and keeps it.
    assert_eq!(call(&s, "GET", &format!("/api/games/{reloaded}"), None).0, 200);
    while s.sessions() > 1 {
        assert!(started.elapsed() < Duration::from_secs(5), "the closed page's game is dropped");
        std::thread::sleep(Duration::from_millis(20));
    }
    let survived = started.elapsed();
    assert!(survived >= Duration::from_millis(500), "not before the grace: {survived:?}");
    assert_eq!(call(&s, "GET", &format!("/api/games/{closed}"), None).0, 404);
    assert!(settles(&s, Duration::from_secs(10)), "its search stopped");
    std::thread::sleep(Duration::from_millis(700));
    assert_eq!(call(&s, "GET", &format!("/api/games/{reloaded}"), None).0, 200, "the reloaded game stays");
}

/// The kernel's timer on the server's end of the connection from local port `client`:
/// the `tr` column of `/proc/net/tcp` (0 none, 1 retransmit, 2 keepalive, ...).
fn server_socket_timer(server_port: u16, client_port: u16) -> Option<u8> {
    let table = std::fs::read_to_string("/proc/net/tcp").ok()?;
    let port = |field: &str| field.rsplit(':').next().and_then(|p| u16::from_str_radix(p, 16).ok());
    table.lines().skip(1).find_map(|line| {
        let f: Vec<&str> = line.split_whitespace().collect();
        (port(f[1]) == Some(server_port) && port(f[2]) == Some(client_port))
            .then(|| f[5].split(':').next().and_then(|t| u8::from_str_radix(t, 16).ok()))
            .flatten()
    })
}

#[test]
fn idle_connections_are_probed_so_a_vanished_client_frees_its_thread() {
    let s = server_with(|c| c.idle_connection = Duration::from_secs(7));
    let idle = TcpStream::connect(s.addr()).expect("connect");
    let client_port = idle.local_addr().expect("address").port();
    let timer = (0..100).find_map(|_| {
        std::thread::sleep(Duration::from_millis(20));
        server_socket_timer(s.addr().port(), client_port)
    });
    assert_eq!(timer, Some(2), "the server's end of an idle connection has its keepalive timer running");
    drop(idle);
}

/// Opens a connection and sends a long poll for a version of game `id` newer than its
/// `state`'s (waiting `wait` s), without reading the answer.
fn open_poll(server: &ServerHandle, id: &str, state: &Value, wait: u32) -> TcpStream {
    let mut stream = TcpStream::connect(server.addr()).expect("connect");
    let after = state["version"].as_u64().expect("version");
    let poll = format!("GET /api/games/{id}?after={after}&wait={wait} HTTP/1.1\r\nHost: x\r\n\r\n");
    stream.write_all(poll.as_bytes()).expect("send the poll");
    stream
}

/// The status of the answer on `stream` (0: closed without one), waiting at most `limit`.
fn status_within(stream: &mut TcpStream, limit: Duration) -> u16 {
    stream.set_read_timeout(Some(limit)).expect("timeout");
    let mut head = [0u8; 12];
    match stream.read_exact(&mut head) {
        Ok(()) => String::from_utf8_lossy(&head[9..12]).parse().unwrap_or(0),
        Err(_) => 0,
    }
}

/// Waits until `done` holds, looking every 5 ms for at most `limit`: whether it did.
fn within(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + limit;
    while !done() {
        if Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    true
}

/// Waits until the server has at most `n` connections open, at most `limit`.
fn connections_fall_to(s: &ServerHandle, n: usize, limit: Duration) -> bool {
    within(limit, || s.connections() <= n)
}

#[test]
fn many_waiting_polls_hold_no_thread_and_do_not_block_the_page() {
    // 300 polls: more than the 256 request threads the server once had, which all went
    // to waiting polls and left every other request a 503.
    let s = server();
    let (id, state) = new_game(&s, &json!({"human": "both"}));
    let polls: Vec<TcpStream> = (0..300).map(|_| open_poll(&s, &id, &state, 30)).collect();
    let started = Instant::now();
    while s.connections() < 300 {
        assert!(started.elapsed() < Duration::from_secs(20), "the polls are accepted: {}", s.connections());
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(call(&s, "GET", "/", None).0, 200, "the page is served while 300 polls wait");
    assert_eq!(post(&s, &format!("/api/games/{id}/move"), &json!({"move": "D2"})).0, 200);
    // The move woke every poll: each is answered.
    for mut poll in polls {
        assert_eq!(status_within(&mut poll, Duration::from_secs(20)), 200);
    }
    assert_eq!(s.refused(), 0);
}

#[test]
fn at_the_connection_cap_waiting_polls_give_way_to_new_requests() {
    let s = server_with(|c| c.max_connections = 16);
    let (id, state) = new_game(&s, &json!({"human": "both"}));
    let mut polls: Vec<TcpStream> = Vec::new();
    let before = s.admitted();
    for i in 0..40 {
        polls.push(open_poll(&s, &id, &state, 30));
        // One at a time, so that each is waiting before the next arrives: admitted by the
        // server (not merely queued in its listening socket: on a loaded machine polls
        // piled up there, and arriving together they found every place taken, some by
        // displaced polls still closing, and were refused), read (a fixed 10 ms was too
        // little for a loaded machine's server to read 16 polls), and the poll it
        // displaced closed.
        let open = (i + 1).min(16);
        let read = within(Duration::from_secs(20), || {
            s.admitted() == before + i as u64 + 1 && s.busy_connections() == 0 && s.connections() == open
        });
        assert!(read, "{} connections open, {} in their request after 20 s", s.connections(), s.busy_connections());
    }
    // Every request is answered: the page, a move, and each poll (the older ones at
    // once, with the state they had, as if their time were up).
    assert_eq!(call(&s, "GET", "/", None).0, 200);
    assert_eq!(post(&s, &format!("/api/games/{id}/move"), &json!({"move": "D2"})).0, 200);
    for mut poll in polls {
        assert_eq!(status_within(&mut poll, Duration::from_secs(20)), 200);
    }
    assert_eq!(s.refused(), 0, "nothing refused: every connection could give way");
    assert!(connections_fall_to(&s, 0, Duration::from_secs(20)), "{} left open", s.connections());
}

#[test]
fn when_every_connection_is_busy_a_new_one_is_refused_until_they_end() {
    let s = server_with(|c| {
        c.max_connections = 16;
        // Long enough that none of the sixteen can time out before the seventeenth
        // arrives, however loaded the machine (2 s was not, in a fresh clone's CI);
        // the timeout itself is the slow-clients test's business.
        c.body_timeout = Duration::from_secs(120);
    });
    // Sixteen bodies that never arrive take every place, none of which may give way.
    let slow: Vec<TcpStream> = (0..16)
        .map(|_| {
            let mut stream = TcpStream::connect(s.addr()).expect("connect");
            stream.write_all(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{").expect("send");
            stream
        })
        .collect();
    let started = Instant::now();
    while s.connections() < 16 {
        assert!(started.elapsed() < Duration::from_secs(20), "accepted: {}", s.connections());
        std::thread::sleep(Duration::from_millis(20));
    }
    let refused = call_raw_status(&s);
    assert_eq!(refused, 503, "refused at once, with a status");
    assert!(s.refused() >= 1);
    // Their clients give up: every place is free again.
    drop(slow);
    assert!(connections_fall_to(&s, 0, Duration::from_secs(20)), "{} left open", s.connections());
    let before = s.refused();
    for _ in 0..20 {
        assert_eq!(call(&s, "GET", "/", None).0, 200, "nothing refused once they have gone");
    }
    assert_eq!(s.refused(), before);
}

/// The status a new connection gets for `GET /`.
fn call_raw_status(s: &ServerHandle) -> u16 {
    let mut stream = TcpStream::connect(s.addr()).expect("connect");
    let _ = stream.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    status_within(&mut stream, Duration::from_secs(30))
}

#[test]
fn slow_clients_are_cut_off_and_the_server_carries_on() {
    let s = server_with(|c| {
        c.head_timeout = Duration::from_secs(1);
        c.body_timeout = Duration::from_secs(1);
    });
    let (id, _) = new_game(&s, &json!({"human": "both"}));
    // A body shorter than its Content-Length: 408, and the connection is closed.
    let mut short = TcpStream::connect(s.addr()).expect("connect");
    let head = format!("POST /api/games/{id}/move HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{{\"mo");
    short.write_all(head.as_bytes()).expect("send");
    let started = Instant::now();
    assert_eq!(status_within(&mut short, Duration::from_secs(30)), 408);
    let mut rest = Vec::new();
    let _ = short.read_to_end(&mut rest);
    assert!(String::from_utf8_lossy(&rest).contains("did not arrive within 1 s"), "{}", String::from_utf8_lossy(&rest));
    assert!(started.elapsed() < Duration::from_secs(30), "closed: {:?}", started.elapsed());
    // A head that never ends: the connection is closed.
    let mut slow = TcpStream::connect(s.addr()).expect("connect");
    slow.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ").expect("send");
    assert_eq!(status_within(&mut slow, Duration::from_secs(30)), 0, "closed without an answer");
    // An idle connection is closed too, and the server serves on.
    let mut idle = TcpStream::connect(s.addr()).expect("connect");
    assert_eq!(status_within(&mut idle, Duration::from_secs(30)), 0);
    assert!(connections_fall_to(&s, 0, Duration::from_secs(20)), "{} left open", s.connections());
    assert_eq!(call(&s, "GET", &format!("/api/games/{id}"), None).0, 200);
}

/// A real `morris serve` process and the address in the URL it prints (its only line
/// on stdout, `http://ADDR/`).
fn serve_process(args: &[&str]) -> (std::process::Child, std::net::SocketAddr) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_morris"))
        .args(["serve", "--port", "0", "--hash", "1"])
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("spawn morris serve");
    let mut line = String::new();
    let mut out = std::io::BufReader::new(child.stdout.take().expect("stdout"));
    std::io::BufRead::read_line(&mut out, &mut line).expect("the URL");
    let addr = line.trim().strip_prefix("http://").and_then(|a| a.strip_suffix('/')).map(str::parse);
    let addr = addr.unwrap_or_else(|| panic!("not a URL: {line:?}")).expect("an address");
    (child, addr)
}

#[test]
fn a_huge_header_is_refused_without_being_held_in_memory() {
    let (mut child, addr) = serve_process(&[]);
    let (_, before) = memory_mib(child.id());
    // 64 MiB of one header line, sent while the server answers.
    let mut huge = TcpStream::connect(addr).expect("connect");
    huge.set_write_timeout(Some(Duration::from_secs(10))).expect("timeout");
    huge.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Huge: ").expect("send");
    let chunk = vec![b'h'; 1 << 20];
    let sent = (0..64).take_while(|_| huge.write_all(&chunk).is_ok()).count();
    let status = status_within(&mut huge, Duration::from_secs(30));
    let (_, peak) = memory_mib(child.id());
    let page = TcpStream::connect(addr).and_then(|mut page| {
        page.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")?;
        Ok(status_within(&mut page, Duration::from_secs(30)))
    });
    let _ = child.kill();
    let _ = child.wait();
    assert!(sent < 64, "the server stopped reading the header ({sent} MiB taken)");
    assert_eq!(status, 431);
    assert!(peak - before < 16.0, "the header is not held: peak {peak:.1} MiB, {before:.1} MiB before");
    assert_eq!(page.expect("the page"), 200, "the server serves on");
}

/// Waits until no search runs, at most `limit`.
fn settles(s: &ServerHandle, limit: Duration) -> bool {
    within(limit, || s.searches_running() == 0)
}

#[test]
fn a_search_nobody_watches_is_stopped() {
    let s = server_with(|c| {
        c.movetime = Duration::from_secs(60);
        c.abandon_after = Duration::from_millis(300);
    });
    // The engine plays itself at a minute a move; then the page goes quiet.
    let (id, _) = new_game(&s, &json!({"human": "none", "movetime": 60}));
    assert_eq!(s.searches_running(), 1);
    assert!(settles(&s, Duration::from_secs(10)), "the search stops when nobody polls");
    // A page that comes back resumes it and is told why it had stopped.
    let (_, state) = call(&s, "GET", &format!("/api/games/{id}"), None);
    assert!(state["message"].as_str().unwrap_or("").contains("no page was watching"), "{state}");
    assert_eq!(s.searches_running(), 1);
    // A long poll is watching: the search goes on while it waits.
    let (_, state) = call(&s, "GET", &format!("/api/games/{id}?after={}&wait=1", 1u64 << 40), None);
    assert!(!state["thinking"].is_null(), "still thinking after a watched second");
    // The page's "stop" (sent when it closes) and "close" stop it at once.
    assert_eq!(post(&s, &format!("/api/games/{id}/stop"), &json!({})).0, 200);
    assert!(settles(&s, Duration::from_secs(10)));
    call(&s, "GET", &format!("/api/games/{id}"), None);
    assert_eq!(s.searches_running(), 1, "resumed");
    assert_eq!(post(&s, &format!("/api/games/{id}/close"), &json!({})).0, 200);
    assert!(settles(&s, Duration::from_secs(10)));
    assert_eq!(call(&s, "GET", &format!("/api/games/{id}"), None).0, 404);
    s.shutdown();
}

fn record_text() -> String {
    let h = morris::referee::outcome::record::HEADER;
    format!(
        "{h}\n1\talpha\tbeta\tdraw\tply-cap\t4\t-\tD2 F4 B4 D6\tdrawn at the ply cap\t-\n\
         2\tbeta\talpha\twhite\tillegal\t3\tD2 F4\tB4 D6 D2\tblack forfeits\t-\n"
    )
}

/// Polls a replay until its analysis is done.
fn analysed(s: &ServerHandle, id: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut version = 0;
    loop {
        let (status, state) = call(s, "GET", &format!("/api/replays/{id}?after={version}&wait=2"), None);
        assert_eq!(status, 200, "{state}");
        if state["analyzing"] == false {
            return state;
        }
        assert!(Instant::now() < deadline, "analysis timed out: {state}");
        version = state["version"].as_u64().expect("version");
    }
}

#[test]
fn replays_read_referee_records_and_move_lists() {
    let s = server();
    let (status, first) = post(&s, "/api/replays", &json!({"text": record_text()}));
    assert_eq!(status, 201, "{first}");
    assert_eq!(first["games"].as_array().map(Vec::len), Some(2));
    assert_eq!(first["selected"], 1);
    assert_eq!(first["plies"].as_array().map(Vec::len), Some(5), "the start and four moves");
    assert_eq!(first["plies"][4]["move"]["text"], "D6");
    assert_eq!(first["plies"][4]["mover"], "black");
    let id = first["id"].as_str().expect("id").to_string();
    let done = analysed(&s, &id);
    assert!(done["values"].as_array().expect("values").iter().all(|v| !v["text"].is_null()), "{done}");
    assert_eq!(done["marks"].as_array().map(Vec::len), Some(4));
    // The second game's last move is illegal (D2 is taken): the replay stops before it.
    let (status, second) = post(&s, "/api/replays", &json!({"text": record_text(), "game": 2}));
    assert_eq!(status, 201);
    assert_eq!(second["plies"].as_array().map(Vec::len), Some(5));
    assert!(second["note"].as_str().unwrap_or("").contains("move 5 (D2) is illegal here: D2 is occupied"), "{second}");
    // A plain move list, with move numbers; the classroom board when only its names fit.
    let (status, list) = post(&s, "/api/replays", &json!({"text": "1. D2 F4\n2. B4"}));
    assert_eq!(status, 201);
    assert_eq!(list["plies"].as_array().map(Vec::len), Some(4));
    let (status, classroom) = post(&s, "/api/replays", &json!({"text": "a0 d0 g0"}));
    assert_eq!(status, 201);
    assert_eq!(classroom["geometry"]["name"], "classroom22");
    // Bad replays.
    for (text, game, want) in
        [("", None, "no moves found"), ("D2 X9", None, "move 2 (X9)"), ("D2 F4", Some(2), "game 2 is out of range")]
    {
        let mut body = json!({ "text": text });
        if let Some(g) = game {
            body["game"] = json!(g);
        }
        let reply = post(&s, "/api/replays", &body);
        assert!(matches!(reply.0, 400 | 422), "{reply:?}");
        assert!(error(&reply).contains(want), "{text}: {}", error(&reply));
    }
    assert_eq!(post(&s, &format!("/api/replays/{id}/close"), &json!({})).0, 200);
    assert_eq!(call(&s, "GET", &format!("/api/replays/{id}"), None).0, 404);
}

/// Tables 3-3, 3-4 and 4-3, built once.
fn tables() -> Arc<Tablebase> {
    static TB: OnceLock<Arc<Tablebase>> = OnceLock::new();
    Arc::clone(TB.get_or_init(|| {
        let dir: PathBuf = std::env::temp_dir().join(format!("morris-serve-tb-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let options = BuildOptions::new(2, RuleProfile::new(STANDARD.no_removal_plies));
        let plan = plan_build(&dir, plan(&[Subspace::new(4, 3)]), &options);
        build(&dir, &plan, &options, &(), &mut |_| {}).expect("build tables");
        let tb = Tablebase::open(&dir).expect("open tables");
        tb.wait_ready();
        let _ = std::fs::remove_dir_all(&dir);
        Arc::new(tb)
    }))
}

/// A game from the start into a position the tables cover, where the moves' values
/// differ in kind; mills are played whenever possible so stones go quickly. Returns the
/// moves and the worst move there.
fn game_into_the_tables(tb: &Tablebase) -> (Vec<String>, String) {
    let mut seed: u64 = 0x5EED;
    let mut next = move |n: usize| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        usize::try_from(seed >> 33).unwrap_or(0) % n
    };
    for _ in 0..2000 {
        let mut game = Game::new(Position::start(&STANDARD));
        let mut moves = Vec::new();
        while game.outcome().is_none() && moves.len() < 300 {
            if let Some(values) = morris::serve::verdict::move_values(Some(tb), &game) {
                let kinds: Vec<_> = values.iter().map(|(_, v)| std::mem::discriminant(v)).collect();
                if kinds.iter().any(|k| *k != kinds[0]) {
                    let worst = values.last().expect("moves").0;
                    return (moves, worst.display(STANDARD.topology).to_string());
                }
            }
            let mut list = MoveList::new();
            game.position().legal_moves(&mut list);
            let mills: Vec<_> = list.iter().copied().filter(|m| m.remove().is_some()).collect();
            let m = if mills.is_empty() { list[next(list.len())] } else { mills[next(mills.len())] };
            moves.push(m.display(STANDARD.topology).to_string());
            game.play(m).expect("legal");
        }
    }
    panic!("no game reached the tables");
}

/// Replay marks used to be noise: a timed search valued each position as deep as the
/// machine's load let it, so one record loaded three times got 1, 0 and 3 marks. The
/// analysis now searches to a fixed depth on a cleared table, so the same game gets the
/// same values and marks every time, and a mark says which evidence it rests on.
#[test]
fn a_replay_loaded_again_gets_the_same_values_and_marks() {
    let depth = 5;
    let s = server_with(|c| c.analysis_depth = depth);
    let game = morris::engine::random_game(&STANDARD, 40, 7);
    let text: Vec<String> = game.moves().map(|m| m.display(STANDARD.topology).to_string()).collect();
    let text = text.join(" ");
    let mut seen: Option<(Value, Value)> = None;
    for load in 1..=3 {
        let (status, replay) = post(&s, "/api/replays", &json!({ "text": text }));
        assert_eq!(status, 201, "{replay}");
        let id = replay["id"].as_str().expect("id");
        let done = analysed(&s, id);
        let values = done["values"].clone();
        for v in values.as_array().expect("values") {
            let t = v["text"].as_str().unwrap_or("");
            assert!(v["exact"] == true || t.ends_with(&format!("(search, depth {depth})")), "load {load}: {t}");
        }
        for m in done["marks"].as_array().expect("marks").iter().filter_map(Value::as_str) {
            assert!(m.ends_with("(exact values)") || m.contains(&format!("a depth-{depth} search")), "{m}");
        }
        let analysis = done["analysis"].as_str().unwrap_or("");
        assert!(analysis.contains(&format!("depth-{depth} search")) && analysis.contains("1.5 stones"), "{analysis}");
        let now = (values, done["marks"].clone());
        let marked = now.1.as_array().map_or(0, |m| m.iter().filter(|m| m.is_string()).count());
        eprintln!("load {load}: {marked} moves marked");
        if let Some(first) = &seen {
            assert_eq!(first, &now, "load {load} differs from the first");
        }
        seen = Some(now);
        assert_eq!(post(&s, &format!("/api/replays/{id}/close"), &json!({})).0, 200);
    }
}

#[test]
fn perfect_play_values_mark_every_move_and_replays_mark_the_one_that_threw_value_away() {
    let tb = tables();
    let (moves, worst) = game_into_the_tables(&tb);
    eprintln!("a game into the tables: {} (worst move then: {worst})", moves.join(" "));
    let s = server_with(|c| c.tables = Some(Arc::clone(&tb)));
    let (id, start) = new_game(&s, &json!({"human": "both"}));
    assert_eq!(start["tables"]["covered"], false, "the placing phase is not in the tables");
    for m in &moves {
        let reply = post(&s, &format!("/api/games/{id}/move"), &json!({ "move": m }));
        assert_eq!(reply.0, 200, "{m}: {reply:?}");
    }
    let (_, state) = call(&s, "GET", &format!("/api/games/{id}"), None);
    let tables = &state["tables"];
    assert_eq!(tables["covered"], true, "{tables}");
    let mut game = Game::new(Position::start(&STANDARD));
    for m in &moves {
        game.play(parse_move(m, STANDARD.topology).unwrap()).unwrap();
    }
    let expected = morris::serve::verdict::move_values(Some(&tb), &game).expect("covered");
    let shown = tables["moves"].as_array().expect("moves");
    assert_eq!(shown.len(), expected.len(), "every legal move is marked");
    for ((m, v), shown) in expected.iter().zip(shown) {
        assert_eq!(shown["move"]["text"], m.display(STANDARD.topology).to_string());
        let (kind, plies) = match v {
            OracleValue::Win(n) => ("win", *n),
            OracleValue::Loss(n) => ("loss", *n),
            OracleValue::Draw => ("draw", 0),
        };
        assert_eq!(
            (shown["value"]["kind"].as_str(), shown["value"]["plies"].as_u64()),
            (Some(kind), Some(u64::from(plies)))
        );
    }
    let value = morris::serve::verdict::exact_value(Some(&tb), &game).expect("covered");
    let side = game.position().side_to_move();
    assert_eq!(tables["value"], morris::serve::view::value_words(value, side));
    // The replay of the same game plus its worst move marks that move, and only moves
    // that lose value are marked.
    let text = format!("{} {worst}", moves.join(" "));
    let (status, replay) = post(&s, "/api/replays", &json!({ "text": text }));
    assert_eq!(status, 201, "{replay}");
    let done = analysed(&s, replay["id"].as_str().expect("id"));
    let marks = done["marks"].as_array().expect("marks");
    let last = marks.last().expect("a mark per move");
    assert!(last.as_str().unwrap_or("").contains("turned a"), "the worst move is marked: {last}");
    let n = done["values"].as_array().map_or(0, Vec::len);
    assert_eq!(done["values"][n - 2]["exact"], true, "the table's value is exact");
}

/// Issue #34: the hint takes the tables' best move where they value every move, and no
/// test held it to that. A 3-against-3 position whose moves the tables value
/// differently (built here: 3-3, 3-4 and 4-3) is set up; the hint must keep the
/// position's value, come at once, and say it comes from the tables.
#[test]
fn a_hint_from_the_tables_keeps_the_value_and_says_so() {
    let tb = tables();
    let mut seed: u64 = 0x3333;
    let mut next = move |n: usize| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        usize::try_from(seed >> 33).unwrap_or(0) % n
    };
    // A position with a win and moves that let it go: the best move is known.
    let (text, best) = (0..5000)
        .find_map(|_| {
            let mut board = ['x'; 24];
            for stone in ['W', 'W', 'W', 'B', 'B', 'B'] {
                let free: Vec<usize> = (0..24).filter(|&i| board[i] == 'x').collect();
                board[free[next(free.len())]] = stone;
            }
            let text = format!("{} white 0 0", board.iter().collect::<String>());
            let pos = morris::rules::notation::parse_position(&text, &STANDARD).ok()?;
            pos.check_reachable().ok()?;
            let values = morris::serve::verdict::move_values(Some(&tb), &Game::new(pos))?;
            let best = values.first()?.1;
            (matches!(best, OracleValue::Win(_)) && values.iter().any(|(_, v)| *v != best)).then_some((text, values))
        })
        .expect("a 3-3 position with a win that some moves let go");
    let best_value = best[0].1;
    let s = server_with(|c| c.tables = Some(Arc::clone(&tb)));
    let (id, state) = new_game(&s, &json!({ "from": format!("setboard {text}"), "human": "both" }));
    assert_eq!(state["position"]["side_to_move"], "white", "{text}");
    let (status, state) = post(&s, &format!("/api/games/{id}/hint"), &json!({}));
    assert_eq!(status, 200, "{state}");
    // No search: the hint is in the answer itself.
    let hint = &state["hint"];
    assert_eq!(hint["source"], "tables", "{hint}");
    assert_eq!(hint["search"]["depth"], 0);
    assert!(state["thinking"].is_null(), "no search for a hint the tables give");
    let shown = hint["move"]["text"].as_str().expect("a move");
    let value = best.iter().find(|(m, _)| m.display(STANDARD.topology).to_string() == shown).map(|(_, v)| *v);
    assert_eq!(value, Some(best_value), "{text}: the hint {shown} keeps the value {best_value:?}");
    let words = morris::serve::view::value_words(best_value, morris::rules::Color::White);
    assert_eq!(hint["search"]["score"], words, "{hint}");
    assert_eq!(post(&s, &format!("/api/games/{id}/move"), &json!({ "move": shown })).0, 200, "the hint is legal");
}

#[test]
fn the_binary_prints_its_url_and_serves_the_page() {
    // The URL is read from its first line of output.
    let (mut child, addr) = serve_process(&[]);
    assert!(addr.ip().is_loopback(), "{addr}");
    let url = format!("http://{addr}/");
    let page = crate::http::call("GET", &url).map(|r| r.text());
    let _ = child.kill();
    let _ = child.wait();
    assert!(page.expect("page").contains("<svg id=\"board\""));
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_morris"))
        .args(["serve", "--tablebase", "/nonexistent/morris-tables"])
        .output()
        .expect("run");
    assert!(!bad.status.success());
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(stderr.contains("--tablebase /nonexistent/morris-tables"), "{stderr}");
    let slow = std::process::Command::new(env!("CARGO_BIN_EXE_morris"))
        .args(["serve", "--movetime", "100"])
        .output()
        .expect("run");
    assert!(!slow.status.success());
    assert_eq!(String::from_utf8_lossy(&slow.stderr).trim(), "morris: --movetime 100: expected 0.05 to 60 seconds");
}

/// The resident memory of process `pid`, in MiB (`VmRSS`, and the peak `VmHWM`).
fn memory_mib(pid: u32) -> (f64, f64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// Memory of a real `morris serve` process with one, twenty and sixty-four open games
/// (the default `--max-games`), each after the engine's first reply (so each game's
/// engine and table exist).
#[test]
#[ignore = "a measurement: run with --profile ci --ignored --nocapture"]
fn measure_memory_with_one_twenty_and_sixty_four_games() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_morris"))
        .args(["serve", "--port", "0", "--movetime", "0.2"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("spawn morris serve");
    let pid = child.id();
    let mut line = String::new();
    let mut out = std::io::BufReader::new(child.stdout.take().expect("stdout"));
    std::io::BufRead::read_line(&mut out, &mut line).expect("the URL");
    let base = line.trim().trim_end_matches('/').to_string();
    let post = |path: &str, body: &Value| -> Value {
        crate::http::send_json("POST", &format!("{base}{path}"), body).and_then(|r| r.json()).expect("a JSON answer")
    };
    let get = |path: &str| -> Value {
        crate::http::call("GET", &format!("{base}{path}")).and_then(|r| r.json()).expect("a JSON answer")
    };
    let play_one = || {
        let id = post("/api/games", &json!({}))["id"].as_str().expect("id").to_string();
        post(&format!("/api/games/{id}/input"), &json!({"clicks": ["D2"]}));
        let mut version = 0;
        loop {
            let state = get(&format!("/api/games/{id}?after={version}&wait=5"));
            if state["moves"].as_array().map_or(0, Vec::len) == 2 {
                break;
            }
            version = state["version"].as_u64().expect("version");
        }
    };
    let (idle, _) = memory_mib(pid);
    play_one();
    let (one, _) = memory_mib(pid);
    for _ in 1..20 {
        play_one();
    }
    let (twenty, _) = memory_mib(pid);
    for _ in 20..64 {
        play_one();
    }
    let (all, peak) = memory_mib(pid);
    let _ = child.kill();
    let _ = child.wait();
    eprintln!(
        "morris serve memory (RSS): started {idle:.1} MiB, 1 game {one:.1} MiB, 20 games {twenty:.1} MiB, \
         64 games {all:.1} MiB (peak {peak:.1} MiB): {:.2} MiB a game",
        (all - idle) / 64.0
    );
    assert!(twenty > one, "each game's engine costs memory");
}
