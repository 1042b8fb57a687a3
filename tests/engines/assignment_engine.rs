//! An engine written to the tournament assignment alone (quoted in `docs/referee.md`), for the
//! tests of `morris check`: it knows no draw (a game ends only when a side is reduced to
//! two stones or is blocked), removes only stones that stand in no mill (so a mill against
//! stones that all stand in mills removes nothing), prints nothing but its moves, and
//! ignores a move it cannot play. It picks its moves without chance: a capture if it can,
//! else the first move in generation order, so it shuttles a stone to and fro and games
//! against it reach repetitions.
//!
//! `assignment_engine --color white|black [--movetime S] [--fault illegal|after-win]`
//!
//! `--fault illegal` plays the slide A1-D1 as its fourth move (illegal while placing);
//! `--fault after-win` plays one more move after it has reduced its opponent to two stones.

use std::io::{self, BufRead, Write};

use morris::rules::notation::parse_move;
use morris::rules::{Color, Game, MoveList, Outcome, Position, RemovalRule, Ruleset, STANDARD, WinReason};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| args.iter().position(|a| a == flag).and_then(|k| args.get(k + 1)).cloned();
    let color = if value("--color").as_deref() == Some("black") { Color::Black } else { Color::White };
    let fault = value("--fault").unwrap_or_default();
    // The assignment's rules: no draw rule, and a mill removes only a stone in no mill.
    let rules: &'static Ruleset =
        Box::leak(Box::new(Ruleset { removal: RemovalRule::Never, repetition: 0, no_removal_plies: 0, ..STANDARD }));
    let topology = rules.topology;
    let mut game = Game::new(Position::start(rules));
    let mut out = io::stdout().lock();
    let mut played = 0;
    let mut extra_move_done = false;
    let mut lines = io::stdin().lock().lines();
    loop {
        let outcome = game.outcome();
        let over = outcome.is_some();
        let won = outcome == Some(Outcome::Win { winner: color, reason: WinReason::FewerThanThree });
        if won && fault == "after-win" && !extra_move_done {
            // Plays on regardless: its own side's first move in the final position.
            let mut list = MoveList::new();
            game.position().with_side_to_move(color).generate_moves(&mut list);
            if let Some(m) = list.as_slice().first() {
                let _ = writeln!(out, "{}", m.display(topology));
                let _ = out.flush();
            }
            extra_move_done = true;
        }
        if !over && game.position().side_to_move() == color {
            let mut list = MoveList::new();
            game.position().legal_moves(&mut list);
            let moves = list.as_slice();
            let Some(&m) = moves.iter().find(|m| m.remove().is_some()).or_else(|| moves.first()) else { return };
            played += 1;
            let text =
                if fault == "illegal" && played == 4 { "A1-D1".to_string() } else { m.display(topology).to_string() };
            game.play_unchecked(m);
            if writeln!(out, "{text}").and_then(|()| out.flush()).is_err() {
                return;
            }
            continue;
        }
        let Some(Ok(line)) = lines.next() else { return };
        if let Ok(m) = parse_move(line.trim(), topology) {
            // A move it cannot play is ignored: the assignment says nothing about it.
            let _ = game.play(m);
        }
    }
}
