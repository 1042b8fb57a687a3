//! What the page is sent: the board's geometry (from the topology, so the page draws any
//! board without knowing one), positions as board strings, moves in the tournament notation (docs/assignments.md),
//! scores and perfect-play values in words. Serialization only: no rule is decided here.

use serde::{Deserialize, Serialize};

use crate::engine::WIN_SCORE;
use crate::rules::notation::format_board_string;
use crate::rules::{Board, Color, Move, Outcome, Position, WinReason};
use crate::search::{DECIDED, OracleValue};
use crate::topology::{Point, Topology};
use crate::words::plies;

/// A point of the drawing: its name and grid coordinates (column, row from the top).
#[derive(Serialize, Clone, Debug)]
pub struct PointView {
    /// The point's name (`D2`, `a0`).
    pub name: &'static str,
    /// Column, 0 = leftmost.
    pub x: i32,
    /// Row from the top, 0 = topmost.
    pub y: i32,
}

/// A board as the page draws it: points in board order (the order of board strings),
/// the edges between neighbours, and the axis labels.
#[derive(Serialize, Clone, Debug)]
pub struct Geometry {
    /// The topology's name (`standard24`, `classroom22`).
    pub name: &'static str,
    /// The points, in board-string order.
    pub points: Vec<PointView>,
    /// Pairs of neighbouring points (indices into `points`), each once.
    pub edges: Vec<[usize; 2]>,
    /// Column labels with their x.
    pub columns: Vec<(String, i32)>,
    /// Row labels with their y.
    pub rows: Vec<(String, i32)>,
    /// The largest x and y.
    pub size: (i32, i32),
}

/// Whether a board numbers its rows from the bottom (the classroom handout) rather than
/// from the top (the standard board of docs/assignments.md, row 1 at the top).
fn rows_from_bottom(topology: &Topology) -> bool {
    topology.name() == "classroom22"
}

/// The drawing of `topology`: coordinates from the point names (a column letter and a
/// row digit), edges from the adjacency.
#[must_use]
pub fn geometry(topology: &Topology) -> Geometry {
    let coords = |p: Point| {
        let b = topology.point_name(p).as_bytes();
        (i32::from(b[0].to_ascii_lowercase()) - i32::from(b'a'), i32::from(b[1]) - i32::from(b'0'))
    };
    let (min_row, max_row) =
        topology.points().map(|p| coords(p).1).fold((i32::MAX, i32::MIN), |(lo, hi), r| (lo.min(r), hi.max(r)));
    let flip = rows_from_bottom(topology);
    let y_of = |row: i32| if flip { max_row - row } else { row - min_row };
    let points: Vec<PointView> = topology
        .points()
        .map(|p| {
            let (x, row) = coords(p);
            PointView { name: topology.point_name(p), x, y: y_of(row) }
        })
        .collect();
    let mut edges = Vec::new();
    for p in topology.points() {
        for q in topology.neighbours(p) {
            if p.index() < q.index() {
                edges.push([p.index(), q.index()]);
            }
        }
    }
    let mut columns: Vec<(String, i32)> = Vec::new();
    let mut rows: Vec<(String, i32)> = Vec::new();
    for p in topology.points() {
        let name = topology.point_name(p);
        let (x, row) = coords(p);
        let (col_label, row_label) = (name[..1].to_string(), name[1..].to_string());
        if !columns.iter().any(|(l, _)| *l == col_label) {
            columns.push((col_label, x));
        }
        if !rows.iter().any(|(l, _)| *l == row_label) {
            rows.push((row_label, y_of(row)));
        }
    }
    columns.sort_by_key(|c| c.1);
    rows.sort_by_key(|r| r.1);
    let size = (points.iter().map(|p| p.x).max().unwrap_or(0), points.iter().map(|p| p.y).max().unwrap_or(0));
    Geometry { name: topology.name(), points, edges, columns, rows, size }
}

/// A position as the page shows it.
#[derive(Serialize, Clone, Debug)]
pub struct PositionView {
    /// The board string (`W`, `B`, `x` per point in board order).
    pub stones: String,
    /// `white` or `black`.
    pub side_to_move: &'static str,
    /// Stones in hand, White's then Black's.
    pub in_hand: [u8; 2],
    /// Stones on the board, White's then Black's.
    pub on_board: [u32; 2],
    /// Each side's phase (`placing`, `moving`, `flying`), White's then Black's.
    pub phases: [String; 2],
}

impl PositionView {
    /// The view of `pos`.
    #[must_use]
    pub fn of(pos: &Position) -> PositionView {
        let both = |f: &dyn Fn(Color) -> u32| [f(Color::White), f(Color::Black)];
        PositionView {
            stones: format_board_string(
                crate::rules::ByColor([pos.stones(Color::White), pos.stones(Color::Black)]),
                pos.topology(),
            ),
            side_to_move: pos.side_to_move().name(),
            in_hand: [pos.in_hand(Color::White), pos.in_hand(Color::Black)],
            on_board: both(&|c| pos.stones(c).len()),
            phases: [pos.phase(Color::White).to_string(), pos.phase(Color::Black).to_string()],
        }
    }
}

/// A move in notation and in parts, so the page can mark its points.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct MoveView {
    /// The move in the tournament notation (docs/assignments.md).
    pub text: String,
    /// The point left, for slides and flights.
    pub from: Option<&'static str>,
    /// The point arrived at.
    pub to: &'static str,
    /// The stone removed, if the move closes a mill.
    pub remove: Option<&'static str>,
}

impl MoveView {
    /// The view of `m` on `topology`.
    #[must_use]
    pub fn of(m: Move, topology: &Topology) -> MoveView {
        let name = |p: Point| topology.point_name(p);
        MoveView {
            text: m.display(topology).to_string(),
            from: m.from().map(name),
            to: name(m.to()),
            remove: m.remove().map(name),
        }
    }
}

/// A finished game in words: `White wins by blocking Black`, `Drawn by repetition`.
#[must_use]
pub fn outcome_words(outcome: Outcome) -> String {
    // The protocol's reasons name colours in lower case (`by blocking black`); the page
    // writes them as names.
    match outcome {
        Outcome::Win { winner, reason: WinReason::FewerThanThree } => {
            format!("{winner} wins by reducing {} to fewer than three stones", !winner)
        }
        Outcome::Win { winner, reason: WinReason::Blocked } => format!("{winner} wins by blocking {}", !winner),
        Outcome::Draw(_) => format!("Drawn {}", outcome.reason()),
    }
}

/// A search score (for `side`, the side to move) in words: `White is ahead by 1.25
/// stones`, `Black wins in 7 plies`, `about level`.
#[must_use]
pub fn score_words(score: i32, side: Color) -> String {
    if score >= DECIDED {
        format!("{side} wins in {}", plies((WIN_SCORE - score).unsigned_abs()))
    } else if score <= -DECIDED {
        format!("{} wins in {}", !side, plies((WIN_SCORE + score).unsigned_abs()))
    } else if score.abs() < 10 {
        "about level".to_string()
    } else {
        let (ahead, by) = if score > 0 { (side, score) } else { (!side, -score) };
        format!("{ahead} is ahead by {:.2} stones", f64::from(by) / 100.0)
    }
}

/// A perfect-play value for `side` (the side it belongs to) in words: `White wins in 7
/// plies`, `draw`, `Black loses in 4 plies`.
#[must_use]
pub fn value_words(value: OracleValue, side: Color) -> String {
    match value {
        // Distance 0: the game is over (a finished game's value).
        OracleValue::Win(0) => format!("{side} has won"),
        OracleValue::Loss(0) => format!("{side} has lost"),
        OracleValue::Win(n) => format!("{side} wins in {}", plies(n)),
        OracleValue::Loss(n) => format!("{side} loses in {}", plies(n)),
        OracleValue::Draw => "draw".to_string(),
    }
}

/// A perfect-play value known only as win, draw or loss (the placing tables keep no
/// distance), for `side`, in words: `White wins`, `draw`, `Black loses`.
#[must_use]
pub fn class_words(value: OracleValue, side: Color) -> String {
    match value {
        OracleValue::Win(_) => format!("{side} wins"),
        OracleValue::Loss(_) => format!("{side} loses"),
        OracleValue::Draw => "draw".to_string(),
    }
}

/// A perfect-play value as the page colours it: kind (`win`, `draw`, `loss`) and distance.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueView {
    /// `win`, `draw` or `loss`, for the side it belongs to.
    pub kind: &'static str,
    /// Plies to the end with best play (0 for a draw); `None` for a win or loss whose
    /// distance the tables do not keep (a move that leaves a stone in hand).
    pub plies: Option<u16>,
}

impl ValueView {
    /// The view of `value`.
    #[must_use]
    pub fn of(value: OracleValue) -> ValueView {
        match value {
            OracleValue::Win(n) => ValueView { kind: "win", plies: Some(n) },
            OracleValue::Loss(n) => ValueView { kind: "loss", plies: Some(n) },
            OracleValue::Draw => ValueView { kind: "draw", plies: Some(0) },
        }
    }

    /// The view of `value` with its distance only when `has_distance` (see
    /// [`super::verdict::has_distance`]).
    #[must_use]
    pub fn with_distance(value: OracleValue, has_distance: bool) -> ValueView {
        let view = ValueView::of(value);
        if has_distance || view.kind == "draw" { view } else { ValueView { plies: None, ..view } }
    }
}

/// The two boards, as the page names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardName {
    /// The standard 24-point board.
    Standard,
    /// The classroom 22-point board.
    Classroom22,
}

impl From<BoardName> for Board {
    fn from(board: BoardName) -> Board {
        match board {
            BoardName::Standard => Board::Standard,
            BoardName::Classroom22 => Board::Classroom22,
        }
    }
}

/// One position's value on the value graph, for White.
#[derive(Serialize, Clone, Copy, Debug, PartialEq)]
pub struct GraphPoint {
    /// Stones ahead for White, within ±[`GRAPH_CAP`] (a win is the cap).
    pub white: f64,
    /// Whether it is exact (tables, or a finished game) rather than a search's score.
    pub exact: bool,
}

/// How far the value graph reaches, in stones: a win or loss is drawn at the edge.
pub const GRAPH_CAP: f64 = 10.0;

impl GraphPoint {
    /// A search score for `side`, in stones for White.
    #[must_use]
    pub fn of_score(score: i32, side: Color) -> GraphPoint {
        let stones = (f64::from(score) / 100.0).clamp(-GRAPH_CAP, GRAPH_CAP);
        GraphPoint { white: if side == Color::White { stones } else { -stones }, exact: false }
    }

    /// An exact value for `side`: a win or loss at the edge.
    #[must_use]
    pub fn of_value(value: crate::search::OracleValue, side: Color) -> GraphPoint {
        let v = match value {
            crate::search::OracleValue::Win(_) => GRAPH_CAP,
            crate::search::OracleValue::Draw => 0.0,
            crate::search::OracleValue::Loss(_) => -GRAPH_CAP,
        };
        GraphPoint { white: if side == Color::White { v } else { -v }, exact: true }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::{CLASSROOM22, STANDARD24};

    #[test]
    fn standard_board_has_row_one_on_top_and_its_edges_once() {
        let g = geometry(&STANDARD24);
        let at = |name: &str| g.points.iter().find(|p| p.name == name).map(|p| (p.x, p.y));
        assert_eq!(at("A1"), Some((0, 0)));
        assert_eq!(at("G7"), Some((6, 6)));
        assert_eq!(at("D2"), Some((3, 1)));
        // 16 lines of two edges each, 8 of them sharing no edge: 32 edges.
        assert_eq!(g.edges.len(), 32);
        assert_eq!(g.size, (6, 6));
        assert_eq!(g.rows.first().map(|r| r.0.as_str()), Some("1"));
    }

    #[test]
    fn classroom_board_has_row_zero_at_the_bottom_and_diagonals() {
        let g = geometry(&CLASSROOM22);
        let at = |name: &str| g.points.iter().find(|p| p.name == name).map(|p| (p.x, p.y));
        assert_eq!(at("a0"), Some((0, 6)));
        assert_eq!(at("g6"), Some((6, 0)));
        let index = |name: &str| g.points.iter().position(|p| p.name == name).unwrap_or(usize::MAX);
        assert!(g.edges.contains(&[index("a0"), index("b1")]), "the a0-b1 diagonal is drawn");
        assert_eq!(g.rows.first().map(|r| r.0.as_str()), Some("6"));
    }

    #[test]
    fn scores_and_values_read_as_words() {
        assert_eq!(score_words(125, Color::White), "White is ahead by 1.25 stones");
        assert_eq!(score_words(-250, Color::White), "Black is ahead by 2.50 stones");
        assert_eq!(score_words(3, Color::Black), "about level");
        assert_eq!(score_words(WIN_SCORE - 7, Color::Black), "Black wins in 7 plies");
        assert_eq!(score_words(-(WIN_SCORE - 4), Color::Black), "White wins in 4 plies");
        assert_eq!(value_words(OracleValue::Win(1), Color::White), "White wins in 1 ply");
        assert_eq!(value_words(OracleValue::Loss(8), Color::Black), "Black loses in 8 plies");
        // One ply, and a game already over (the end of a replay).
        assert_eq!(score_words(WIN_SCORE - 1, Color::Black), "Black wins in 1 ply");
        assert_eq!(value_words(OracleValue::Win(1), Color::White), "White wins in 1 ply");
        assert_eq!(value_words(OracleValue::Loss(0), Color::Black), "Black has lost");
        let won = Outcome::Win { winner: Color::White, reason: WinReason::FewerThanThree };
        assert_eq!(outcome_words(won), "White wins by reducing Black to fewer than three stones");
        let blocked = Outcome::Win { winner: Color::Black, reason: WinReason::Blocked };
        assert_eq!(outcome_words(blocked), "Black wins by blocking White");
        assert_eq!(value_words(OracleValue::Draw, Color::Black), "draw");
        // A placing position's value: a class, no distance.
        assert_eq!(class_words(OracleValue::Win(0), Color::Black), "Black wins");
        assert_eq!(class_words(OracleValue::Loss(0), Color::White), "White loses");
        assert_eq!(ValueView::with_distance(OracleValue::Loss(1), false), ValueView { kind: "loss", plies: None });
        assert_eq!(ValueView::with_distance(OracleValue::Loss(9), true), ValueView { kind: "loss", plies: Some(9) });
        assert_eq!(ValueView::with_distance(OracleValue::Draw, false), ValueView { kind: "draw", plies: Some(0) });
    }
}
