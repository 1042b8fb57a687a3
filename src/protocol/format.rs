//! [`Response`]s as the lines of `protocol.md`: moves in seed 003's notation, everything
//! else after a lower-case keyword. Also the board drawing of the `board` command, derived
//! from the topology's point names (a letter for the column, a digit for the row) and its
//! adjacency, so no board is drawn from a hand-made picture.

use std::fmt::Write as _;

use super::command::{Command, Response};
use crate::engine::format_score;
use crate::rules::notation::{format_board_string, format_move_list};
use crate::rules::{Color, Outcome, Position};
use crate::topology::{Point, Topology};

/// Characters between two neighbouring columns of the drawing.
const COLUMN_STEP: usize = 4;
/// Lines between two neighbouring rows of the drawing.
const ROW_STEP: usize = 2;

/// The text of a response: one line, or several for `board` and `help`, without the
/// final line end.
#[must_use]
pub fn format_response(response: &Response, topology: &Topology) -> String {
    match response {
        Response::Move(m) => m.display(topology).to_string(),
        Response::Result(outcome) => format!("result {outcome}"),
        Response::Info(info) => format!(
            "info depth {} score {} nodes {} time {} pv {}",
            info.depth,
            format_score(info.score),
            info.nodes,
            info.elapsed.as_millis(),
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
    for (name, args, what) in Command::HELP {
        let usage = if args.is_empty() { (*name).to_string() } else { format!("{name} {args}") };
        let _ = write!(out, "\nhelp   {usage:<36} {what}");
    }
    out
}

/// Where a point sits in the drawing: (row, column) in text cells, from its name.
fn cell(topology: &Topology, p: Point) -> Option<(usize, usize)> {
    let name = topology.point_name(p).as_bytes();
    let letter = name.first()?.to_ascii_uppercase().checked_sub(b'A')?;
    let digit = name.get(1)?.checked_sub(b'1')?;
    Some((usize::from(digit) * ROW_STEP, usize::from(letter) * COLUMN_STEP))
}

/// The drawing of a position, each line starting with `board`: the grid with stones (`W`,
/// `B`, `.` for an empty point), then the side to move, the stones, and the `setboard` line.
#[must_use]
pub fn format_board(pos: &Position, outcome: Option<Outcome>) -> String {
    let topology = pos.topology();
    let cells: Vec<(Point, (usize, usize))> =
        topology.points().filter_map(|p| cell(topology, p).map(|c| (p, c))).collect();
    let rows = cells.iter().map(|(_, (r, _))| r + 1).max().unwrap_or(0);
    let cols = cells.iter().map(|(_, (_, c))| c + 1).max().unwrap_or(0);
    let mut grid = vec![vec![' '; cols]; rows];
    // Lines first, stones on top: each edge between two points in one row or column.
    for &(p, (r, c)) in &cells {
        for &(q, (r2, c2)) in &cells {
            if p < q && topology.neighbours(p).contains(q) {
                if r == r2 {
                    (c.min(c2) + 1..c.max(c2)).for_each(|x| grid[r][x] = '-');
                } else if c == c2 {
                    (r.min(r2) + 1..r.max(r2)).for_each(|y| grid[y][c] = '|');
                }
            }
        }
    }
    for &(p, (r, c)) in &cells {
        grid[r][c] = pos.stone_at(p).map_or('.', Color::letter);
    }
    let mut out = String::from("board   ");
    for x in 0..cols.div_ceil(COLUMN_STEP) {
        let _ = write!(out, " {:<3}", char::from(b'A' + x as u8));
    }
    let mut out = out.trim_end().to_string();
    for (y, row) in grid.iter().enumerate() {
        let label = if y % ROW_STEP == 0 { format!("{:<2}", y / ROW_STEP + 1) } else { "  ".to_string() };
        let line: String = row.iter().collect();
        let _ = write!(out, "\nboard {label} {line}");
        out = out.trim_end().to_string();
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
    let _ = write!(
        out,
        "\nboard setboard {} {} {} {}",
        format_board_string(pos.to_setup().stones, topology),
        side.name(),
        pos.in_hand(w),
        pos.in_hand(b)
    );
    out
}
