//! The board as a person sees it: a drawing per board shape, coordinates on both axes,
//! the last move marked, and a side panel (stones in hand and on board, whose turn).
//!
//! The drawings are layout templates keyed by [`Topology::name`]: `o` marks a point,
//! and its name is the column letter under it followed by the row label beside it, so
//! the template holds only geometry and every name is looked up in the topology. A
//! board without a template is listed row by row instead. Colour is ANSI, on request;
//! this module knows nothing of terminals, prompts or the engine.

use crate::rules::{Color, Move, Position};
use crate::topology::{Point, Topology};

/// Seed 003's standard board, row 1 at the top (`rules.md`).
const STANDARD24: &str = r"
 1 o-----------o-----------o
   |           |           |
 2 |   o-------o-------o   |
   |   |       |       |   |
 3 |   |   o---o---o   |   |
   |   |   |       |   |   |
 4 o---o---o       o---o---o
   |   |   |       |   |   |
 5 |   |   o---o---o   |   |
   |   |       |       |   |
 6 |   o-------o-------o   |
   |           |           |
 7 o-----------o-----------o
   A   B   C   D   E   F   G";

/// The classroom board, row 0 at the bottom (`variant-board.md`).
const CLASSROOM22: &str = r"
 6 o-----------------o-----------------o
   | \               |               / |
 5 |   o-------------o-------------o   |
   |   | \           |           / |   |
 4 |   |   o---------o---------o   |   |
   |   |   |                   |   |   |
 3 |   o---o                   o---o---o
   |   |   |                   |   |   |
 2 |   |   o-------------------o   |   |
   |   |  /                     \  |   |
 1 |   o-------------o-------------o   |
   |  /              |              \  |
 0 o-----------------o-----------------o
   a   b   c         d         e   f   g";

/// The template of a board, if it has one.
fn template(topology: &Topology) -> Option<&'static str> {
    match topology.name() {
        "standard24" => Some(STANDARD24),
        "classroom22" => Some(CLASSROOM22),
        _ => None,
    }
}

/// Width of the row-label column at the start of each template line.
const LABEL: usize = 3;

/// How to draw: with ANSI colour or as plain text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Style {
    /// Whether to use ANSI colour escapes.
    pub color: bool,
}

impl Style {
    /// `text` wrapped in the ANSI style `code` (`1;31`), or as is without colour.
    #[must_use]
    pub fn paint(self, code: &str, text: &str) -> String {
        if self.color { format!("\x1b[{code}m{text}\x1b[0m") } else { text.to_string() }
    }

    /// The letter of a stone of `c`, coloured.
    fn stone(self, c: Color) -> String {
        self.paint(stone_code(c), &c.letter().to_string())
    }
}

/// ANSI style of each side's stones: bold bright white and bold bright red.
#[must_use]
pub fn stone_code(c: Color) -> &'static str {
    match c {
        Color::White => "1;97",
        Color::Black => "1;91",
    }
}

const MARK_CODE: &str = "1;92";
const LINE_CODE: &str = "2";
const EMPTY: char = '.';

/// One character cell of the drawing.
#[derive(Clone)]
enum Cell {
    /// A line, a label or a blank.
    Plain(char),
    /// A point, with whoever stands on it.
    Point(Option<Color>),
    /// A mark beside a point of the last move (`[`, `]`, `(`, `)`).
    Mark(char),
    /// A point emptied by the last move's removal.
    Removed,
}

/// The points of `template` with their (row, column) in the drawing, or the first name
/// the topology does not know.
fn template_points(template: &str, topology: &Topology) -> Result<Vec<(usize, usize, Point)>, String> {
    let lines: Vec<&str> = template.lines().filter(|l| !l.is_empty()).collect();
    let Some((letters, rows)) = lines.split_last() else { return Err("an empty template".to_string()) };
    let letters: Vec<char> = letters.chars().skip(LABEL).collect();
    let mut out = Vec::new();
    for (r, line) in rows.iter().enumerate() {
        let label = line.chars().take(LABEL).collect::<String>();
        for (c, ch) in line.chars().skip(LABEL).enumerate() {
            if ch != 'o' {
                continue;
            }
            let name = format!("{}{}", letters.get(c).copied().unwrap_or('?'), label.trim());
            let p = topology.point_named(&name).ok_or(name)?;
            out.push((r, c, p));
        }
    }
    Ok(out)
}

/// Checks that a board's template names every point of the topology exactly once
/// (the templates are data; this is their test).
///
/// # Errors
/// What is wrong with the template, or that the board has none.
pub fn check_template(topology: &Topology) -> Result<(), String> {
    let template = template(topology).ok_or_else(|| format!("no drawing for board {}", topology.name()))?;
    let points = template_points(template, topology).map_err(|name| format!("{name} is not a point"))?;
    for p in topology.points() {
        let n = points.iter().filter(|&&(_, _, q)| q == p).count();
        if n != 1 {
            return Err(format!("{} appears {n} times", topology.point_name(p)));
        }
    }
    Ok(())
}

/// The board of `pos` as lines of text, `last` marked: its destination in `[ ]`, the
/// point it left in `( )`, and the stone it removed as `(x)`. `panel` lines are written
/// to the right of the board, from its first row on.
#[must_use]
pub fn board_lines(pos: &Position, last: Option<Move>, panel: &[String], style: Style) -> Vec<String> {
    let topology = pos.topology();
    let Some(points) = template(topology).and_then(|t| template_points(t, topology).ok().map(|p| (t, p))) else {
        return listed_board(pos, panel, style);
    };
    let (template, points) = points;
    let lines: Vec<&str> = template.lines().filter(|l| !l.is_empty()).collect();
    let Some((letter_line, rows)) = lines.split_last() else { return listed_board(pos, panel, style) };
    // One spare cell each side of the body, so a mark fits beside an edge point.
    let width =
        rows.iter().chain([letter_line]).map(|l| l.chars().count().saturating_sub(LABEL)).max().unwrap_or(0) + 2;
    let mut grid: Vec<Vec<Cell>> = rows
        .iter()
        .map(|line| {
            let mut cells = vec![Cell::Plain(' ')];
            cells.extend(line.chars().skip(LABEL).map(Cell::Plain));
            cells.resize(width, Cell::Plain(' '));
            cells
        })
        .collect();
    for &(r, c, p) in &points {
        grid[r][c + 1] = Cell::Point(pos.stone_at(p));
    }
    if let Some(m) = last {
        let mut mark = |p: Point, open: char, close: char, removed: bool| {
            if let Some(&(r, c, _)) = points.iter().find(|&&(_, _, q)| q == p) {
                grid[r][c] = Cell::Mark(open);
                grid[r][c + 2] = Cell::Mark(close);
                if removed {
                    grid[r][c + 1] = Cell::Removed;
                }
            }
        };
        if let Some(from) = m.from() {
            mark(from, '(', ')', false);
        }
        if let Some(r) = m.remove() {
            mark(r, '(', ')', true);
        }
        mark(m.to(), '[', ']', false);
    }
    let letters: String = format!(" {}", letter_line.chars().skip(LABEL).collect::<String>());
    let letters = format!("{:LABEL$} {letters:width$}", "");
    let mut out = vec![letters.trim_end().to_string()];
    for (r, (line, cells)) in rows.iter().zip(&grid).enumerate() {
        let label: String = line.chars().take(LABEL).collect::<String>().trim().to_string();
        let body = render_row(cells, style);
        let panel_line = panel.get(r).map_or("", String::as_str);
        let text = format!("{label:>LABEL$} {body} {label:<LABEL$}  {panel_line}");
        out.push(text.trim_end().to_string());
    }
    for extra in panel.iter().skip(rows.len()) {
        out.push(format!("{:w$}{extra}", "", w = 2 * LABEL + width + 4));
    }
    out.push(letters.trim_end().to_string());
    out
}

/// A cell's character and ANSI style.
fn look(cell: &Cell) -> (char, Option<&'static str>) {
    match cell {
        Cell::Plain(' ') => (' ', None),
        Cell::Plain(c) => (*c, Some(LINE_CODE)),
        Cell::Point(Some(c)) => (c.letter(), Some(stone_code(*c))),
        Cell::Point(None) => (EMPTY, None),
        Cell::Mark(c) => (*c, Some(MARK_CODE)),
        Cell::Removed => ('x', Some(MARK_CODE)),
    }
}

/// A row of cells as text, one escape per run of equally styled cells.
fn render_row(cells: &[Cell], style: Style) -> String {
    let mut out = String::new();
    let mut run: Option<&str> = None;
    for cell in cells {
        let (c, code) = look(cell);
        let code = if style.color { code } else { None };
        if code != run {
            if run.is_some() {
                out.push_str("\x1b[0m");
            }
            if let Some(code) = code {
                out.push_str(&format!("\x1b[{code}m"));
            }
            run = code;
        }
        out.push(c);
    }
    if run.is_some() {
        out.push_str("\x1b[0m");
    }
    out
}

/// A board without a drawing: its points row by row (by the digit of their names).
fn listed_board(pos: &Position, panel: &[String], style: Style) -> Vec<String> {
    let topology = pos.topology();
    let mut rows: Vec<(char, Vec<String>)> = Vec::new();
    for p in topology.points() {
        let name = topology.point_name(p);
        let row = name.chars().last().unwrap_or('?');
        let stone = pos.stone_at(p).map_or(EMPTY.to_string(), |c| style.stone(c));
        let entry = format!("{name}:{stone}");
        match rows.iter_mut().find(|(r, _)| *r == row) {
            Some((_, list)) => list.push(entry),
            None => rows.push((row, vec![entry])),
        }
    }
    let mut out: Vec<String> = rows.into_iter().map(|(_, list)| list.join(" ")).collect();
    out.extend(panel.iter().cloned());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{CLASSROOM, STANDARD};
    use crate::topology::{CLASSROOM22, STANDARD24};

    #[test]
    fn templates_name_every_point_once() {
        assert_eq!(check_template(&STANDARD24), Ok(()));
        assert_eq!(check_template(&CLASSROOM22), Ok(()));
    }

    #[test]
    fn last_move_is_marked_and_coordinates_are_on_both_axes() {
        let game = crate::cli::game_after(&STANDARD, "A1 A4 D1 A7 G1,A4").unwrap();
        let lines = board_lines(game.position(), game.last_move(), &[], Style { color: false });
        assert_eq!(lines[0].trim(), "A   B   C   D   E   F   G");
        assert_eq!(lines[1], "  1  W-----------W----------[W] 1");
        assert_eq!(lines[7], "  4 (x)--.---.       .---.---.  4");
        assert_eq!(lines[13], "  7  B-----------.-----------.  7");
        let classroom = crate::rules::Position::start(&CLASSROOM);
        let lines = board_lines(&classroom, None, &[], Style { color: false });
        assert_eq!(lines[1], "  6  .-----------------.-----------------.  6");
        assert_eq!(lines[13], "  0  .-----------------.-----------------.  0");
    }
}
