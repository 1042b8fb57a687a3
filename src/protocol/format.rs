//! [`Response`]s as the lines of `protocol.md`: moves in the tournament notation (docs/assignments.md), everything
//! else after a lower-case keyword. Also the `board` reply, drawn by
//! [`rules::notation::diagram`](crate::rules::notation::diagram) from the board's own
//! drawing.

use std::fmt::Write as _;

use super::command::{COMMANDS, CommandSpec, Response};
use crate::engine::format_score;
use crate::rules::notation::diagram::diagram;
use crate::rules::notation::format_move_list;
use crate::rules::{Color, Outcome, Position};
use crate::topology::Topology;

/// The text of a response: one line, or several for `board` and `help`, without the
/// final line end.
#[must_use]
pub fn format_response(response: &Response, topology: &Topology) -> String {
    match response {
        Response::Move(m) => m.display(topology).to_string(),
        Response::Result(outcome) => format!("result {outcome}"),
        Response::Info(info) => format!(
            "info depth {} score {} nodes {} time {} tbhits {} estimates {} pv {}",
            info.depth,
            format_score(info.score),
            info.nodes,
            info.elapsed.as_millis(),
            info.tb_hits,
            info.estimates,
            format_move_list(&info.pv, topology)
        ),
        Response::Board(pos, outcome) => format_board(pos, *outcome),
        Response::Moves(None) => "moves none: the game is over".to_string(),
        Response::Moves(Some(moves)) => format!("moves {}", format_move_list(moves, topology)),
        Response::Undone(moves) => format!("undone {}", format_move_list(moves, topology)),
        Response::Eval { score, side } => format!("eval {} for {}", format_score(*score), side.name()),
        Response::Perft { depth, count } => format!("perft {depth} {count}"),
        Response::Help => format_help(),
        Response::ReadyOk => "readyok".to_string(),
    }
}

/// A finished game in words: `white wins by blocking black`, `drawn by repetition`.
#[must_use]
pub fn describe_outcome(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { winner, .. } => format!("{} wins {}", winner.name(), outcome.reason()),
        Outcome::Draw(_) => format!("drawn {}", outcome.reason()),
    }
}

fn format_help() -> String {
    let mut out = String::from("help commands (anything else is read as a move such as D2, D2-F2, D3,G1, A7-D7,B2):");
    for CommandSpec { name, args, help, .. } in COMMANDS {
        let usage = if args.is_empty() { (*name).to_string() } else { format!("{name} {args}") };
        let _ = write!(out, "\nhelp   {usage:<36} {help}");
    }
    out
}

/// The drawing of a position, each line starting with `board`: the board's drawing with
/// stones (`W`, `B`, `.` for an empty point, [`diagram`]), then the side to move, the
/// stones, and the `setboard` line.
#[must_use]
pub fn format_board(pos: &Position, outcome: Option<Outcome>) -> String {
    let drawing = diagram(pos);
    let mut out = format!("board    {}", drawing.letters).trim_end().to_string();
    for (label, text) in &drawing.rows {
        let line = format!("\nboard {label:<2} {text}");
        out.push_str(line.trim_end());
    }
    let side = pos.side_to_move();
    let (w, b) = (Color::White, Color::Black);
    let _ = write!(
        out,
        "\nboard {} to move ({}); in hand: white {}, black {}; on board: white {}, black {}",
        side.name(),
        pos.phase(side),
        pos.in_hand(w),
        pos.in_hand(b),
        pos.stones(w).len(),
        pos.stones(b).len()
    );
    if let Some(outcome) = outcome {
        let _ = write!(out, "\nboard game over, {}", describe_outcome(outcome));
    }
    // The position text's one writer (`Display` of a position).
    let _ = write!(out, "\nboard setboard {pos}");
    out
}
