//! Reading a program's output as a careful TA reads it.
//!
//! The handout asks for three lines (`Board Position: …`, `Positions evaluated by static
//! estimation: …`, `MINIMAX estimate: …`) but says its sample is "given just to
//! illustrate the format", and real programs word them their own way: `Best move:`,
//! `Output board is:`, `Number of positions evaluated =`, `Positions Evaluated By AB :`,
//! `AB estimate:`, `Static estimation:`. So a line is read by what it names, not by its
//! exact words:
//!
//! - **the board**: a run of exactly 22 letters of `W`, `B`, `x` (`X` too) standing alone
//!   on a line of stdout, or failing that a list of them printed as it is (`['x', 'W', …]`);
//!   a line that names it the input (`Input board`, `Initial`, `Given`) is passed over;
//!   with none in stdout, the output file's;
//! - **the count**: a line naming positions, nodes or leaves *and* evaluating, examining
//!   or visiting them (or `evaluations`, `evals`), read as the first whole number after
//!   its label;
//! - **the estimate**: any other line naming an estimate, estimation, value or score, or
//!   MINIMAX / alpha-beta, read as a number after its label: an integer, a float with a
//!   whole value (`9987.0`), `inf`, `Infinity`, `∞` (signed), Java's `Integer.MIN_VALUE`
//!   / `MAX_VALUE` (their names, or their numbers), and any number of 100,000 or more
//!   (no estimate of the handout's comes near: they are a program's stand-in for ±∞).
//!
//! Whatever could be read two ways (two different boards, two counts, two estimates, two
//! numbers on one line) is read the most likely way and listed in [`Reading::doubts`],
//! which flags the case for a TA's look. [`Reading::handout_wording`] says whether the
//! three lines were the handout's own, for a class file that deducts for other wording.

use std::borrow::Cow;

use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take_while, take_while_m_n, take_while1};
use nom::character::complete::{char, digit1, one_of, satisfy};
use nom::combinator::{not, opt, recognize};
use nom::multi::many1;
use nom::{IResult, Parser};

use crate::classroom::search::Value;

/// What a program printed, as far as it could be read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// The chosen board (stdout's, or the output file's when stdout has none).
    pub board: Option<String>,
    /// The board was read from the output file: stdout had none.
    pub board_from_file: bool,
    /// The positions evaluated.
    pub evals: Option<u64>,
    /// The estimate (±∞ as [`Value`]'s infinities).
    pub value: Option<Value>,
    /// The lines read for board, count and estimate, as printed (escaped).
    pub lines: Vec<String>,
    /// All three lines were there in the handout's own words and order of parts.
    pub handout_wording: bool,
    /// Where the reading had to choose: a TA should look.
    pub doubts: Vec<String>,
    /// The count read was printed with its thousands grouped by dots, as no decimal can be
    /// (`4.674`): the program groups so, and its `10.000` is ten thousand.
    pub count_grouped_by_dots: bool,
    /// A labelled number looked grouped by plain spaces (`Positions evaluated: 4 674`):
    /// the program may group so ([`Grouping::of`]).
    pub spaced_thousands: bool,
    /// The count or the estimate read had four digits or more with nothing grouping them
    /// (`4674`): the program does not group thousands by spaces.
    pub ungrouped_thousands: bool,
}

/// How a program groups the thousands of its numbers where one output alone cannot tell:
/// decided from all its outputs together ([`Grouping::of`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Grouping {
    /// By dots (`4.674`, as German and Italian write them): its `10.000` is ten thousand,
    /// which reads as a whole decimal too.
    pub dots: bool,
    /// By plain spaces (`4 674`, the SI's way): a labelled `6 912` is one number, which
    /// reads as two too (`MINIMAX estimate: 952 950`).
    pub spaces: bool,
}

impl Grouping {
    /// The grouping that a program's outputs (stdout and the output file of each call)
    /// show: dots where any count is grouped by them as no decimal can be; spaces where
    /// some labelled number looks grouped by them and no count or estimate of four digits
    /// or more is printed without them.
    pub fn of<'a>(outputs: impl IntoIterator<Item = (&'a str, Option<&'a str>)>) -> Grouping {
        let readings: Vec<Reading> = outputs.into_iter().map(|(stdout, file)| read_output(stdout, file)).collect();
        Grouping {
            dots: readings.iter().any(|r| r.count_grouped_by_dots),
            spaces: readings.iter().any(|r| r.spaced_thousands) && !readings.iter().any(|r| r.ungrouped_thousands),
        }
    }
}

/// Letters of a board string.
fn is_board_char(c: char) -> bool {
    matches!(c, 'W' | 'B' | 'x' | 'X')
}

/// A file whose first line is a board alone and whose later lines hold more (the count
/// and estimate written after it, so that the file tells the whole result): the board and
/// the rest, trimmed. A program that reads a board file's first line reads the board.
#[must_use]
pub fn board_line_then_more(text: &str) -> Option<(&str, &str)> {
    let (first, rest) = text.split_once('\n')?;
    let (first, rest) = (first.trim(), rest.trim());
    let len = crate::rules::CLASSROOM.topology.len();
    (first.chars().count() == len && first.chars().all(is_board_char) && !rest.is_empty()).then_some((first, rest))
}

/// Every board on `line`, with the byte offset where it begins: a run of exactly 22 board
/// letters with no letter or digit joined to either end; failing any, 22 board letters
/// each standing alone, a few separators apart: a list printed as it is (Python's
/// `['x', 'W', …]`, Java's `[x, W, …]`, `x x W …`).
pub(super) fn boards_in(line: &str) -> Vec<(String, usize)> {
    let len = crate::rules::CLASSROOM.topology.len();
    let lower_x = |c: char| if c == 'X' { 'x' } else { c };
    // The line's words: maximal runs of letters and digits, with their byte offsets.
    let mut words: Vec<(usize, &str)> = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices().chain(std::iter::once((line.len(), ' '))) {
        match (c.is_alphanumeric(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                words.push((s, &line[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    let is_board = |w: &str| w.chars().count() == len && w.chars().all(is_board_char);
    let whole: Vec<(String, usize)> =
        words.iter().filter(|(_, w)| is_board(w)).map(|&(at, w)| (w.chars().map(lower_x).collect(), at)).collect();
    if !whole.is_empty() {
        return whole;
    }
    let letter = |w: &str| w.len() == 1 && w.chars().all(is_board_char);
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let mut j = i;
        // Separators between two letters: a few, on one line (not a drawing's rows).
        let apart = |j: usize| {
            let gap = &line[words[j - 1].0 + 1..words[j].0];
            gap.len() <= 4 && !gap.contains('\n')
        };
        while j < words.len() && letter(words[j].1) && (j == i || apart(j)) {
            j += 1;
        }
        if j - i == len {
            out.push((words[i..j].iter().flat_map(|w| w.1.chars()).map(lower_x).collect(), words[i].0));
        }
        i = j.max(i + 1);
    }
    out
}

/// What a line is about, by the words of its label.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum LabelKind {
    Count,
    Estimate,
    Other,
}

fn kind_of(label: &str) -> LabelKind {
    let l = label.to_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| l.contains(w));
    // English first; then the stems of the words students write in Spanish, Portuguese,
    // French, Italian and German (`Posiciones evaluadas por la estimación estática`).
    let things = has(&["position", "node", "leaf", "leaves", "state", "board", "moves"])
        || has(&["posici", "posiç", "posizion", "nodo", "nodi", "nœud", "noeud", "knoten", "stellung", "hoja"])
        // Chinese, Japanese and Korean (`局面数`, `节点`, `ノード`, `노드`).
        || has(&["局面", "节点", "節點", "结点", "叶子", "葉", "盘面", "盤面", "ノード", "노드", "국면"]);
    // Whole participles where their stem names a value too: `Positions scored`, not `Board score`.
    let counted = has(&["evaluat", "examin", "visit", "explor", "expand", "count", "search", "generat", "estimated"])
        || has(&["checked", "scored", "considered", "analyzed", "analysed", "processed", "assessed"])
        || has(&["evalua", "avalia", "valuta", "évalu", "bewert", "ausgewert", "untersucht", "anzahl", "cantidad"])
        || has(&[
            "评估", "評估", "评价", "評價", "評価", "估值", "估计", "估計", "计算", "計算", "평가", "数", "數", "개수",
        ]);
    // A label of nothing but things and how many (`Positions:`, `Leaf nodes:`, `Total
    // number of positions:`) counts them too.
    let words: Vec<&str> = l.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    let only_things = things
        && words.iter().all(|w| {
            ["number", "of", "total", "the", "no", "num", "count", "nodes", "node", "positions", "position"]
                .iter()
                .chain(&["leaves", "leaf", "states", "state", "boards"])
                .any(|t| t == w)
        });
    // A label that starts with what was done, and names no value (`Evaluated: 125`,
    // `Evaluated by static estimation: 125`, `Visited nodes: 125`).
    let done_first = words.first().is_some_and(|w| {
        ["evaluated", "examined", "visited", "explored", "expanded", "generated", "searched", "checked", "counted"]
            .contains(w)
    }) && !has(&["value", "estimate", "score", "utility", "minimax", "minmax", "alpha"]);
    let eval_count = (l.contains("eval") && has(&["count", "number", "total", "#"]))
        || (has(&["评估", "評估", "估值", "評価", "평가"]) && has(&["次数", "次數", "回数", "횟수"]));
    // How often the estimation ran: `Static estimation was called 125 times`, `Calls to
    // the evaluation function: 125`, `heuristic invoked 125 times`.
    let calls = has(&["estimat", "evaluat", "eval ", "heuristic"])
        && has(&["called", "calls", "invoked", "invocations", "applied", "times"]);
    if (things && counted)
        || only_things
        || eval_count
        || calls
        || done_first
        || has(&["evaluations", "evals", "estimations", "# of eval", "number of eval"])
    {
        LabelKind::Count
    } else if has(&[
        "estimat",
        "value",
        "result",
        "score",
        "minimax",
        "minmax",
        "mini-max",
        "alpha",
        "α",
        "utility",
        "heuristic",
        "evaluation",
        // Spanish, Portuguese, French, Italian, German (`Estimación MINIMAX`, `Wert`).
        "estim",
        "stima",
        "valor",
        "valeur",
        "wert",
        "schätz",
        // Chinese, Japanese, Korean (`估值`, `評価値`, `평가값`).
        "估",
        "评分",
        "得分",
        "値",
        "值",
        "값",
    ]) || l.split(|c: char| !c.is_alphanumeric()).any(|w| ["ab", "eval", "est", "val", "mm"].contains(&w))
    {
        LabelKind::Estimate
    } else {
        LabelKind::Other
    }
}

/// Whether a count's label names what the handout counts, the positions the static
/// estimation evaluated (`Positions evaluated by static estimation`, `Leaf nodes`,
/// `evaluations`), rather than the nodes a search visited, expanded or generated.
fn by_estimation(label: &str) -> bool {
    let l = label.to_lowercase();
    ["evaluat", "estimat", "static", "leaf", "leaves", "evals", "evalua", "estim", "avalia", "bewert", "hoja"]
        .iter()
        .any(|w| l.contains(w))
}

/// What a program may group a number's thousands with: `1,250`, `1_250`, the no-break
/// spaces of a French locale (`1 250`: Java's `%,d`, Python's `locale`), and a Swiss
/// apostrophe (`1'250`, `1’250`). Plain spaces only where a label's number is all that
/// follows it ([`spaces_grouping`]).
const THOUSANDS: &str = ",_\u{a0}\u{202f}'\u{2019}";

/// `line` with the plain spaces that group a labelled number's thousands (`Positions
/// évaluées : 4 674`, `Estimation : -10 000.`, the SI's way) made no-break ones, which
/// [`THOUSANDS`] groups by: only where the number, one to three digits not led by a 0 and
/// then groups of three, is all that follows the line's last `:` or `=` (but a full stop),
/// so that two numbers a space apart elsewhere (`print(board, count, value)`) stay two.
fn spaces_grouping(line: &str) -> Cow<'_, str> {
    let Some(at) = line.rfind([':', '=']) else { return Cow::Borrowed(line) };
    let value = line[at + 1..].trim().trim_end_matches('.').trim_end();
    if thousands_groups(value.trim_start_matches(['-', '+']), ' ').is_none() {
        return Cow::Borrowed(line);
    }
    let start = at + 1 + line[at + 1..].find(value).unwrap_or(0);
    Cow::Owned(format!("{}{}{}", &line[..start], value.replace(' ', "\u{a0}"), &line[start + value.len()..]))
}

/// A number's text without its thousands' separators, for `parse`.
fn ungrouped(text: &str) -> String {
    text.chars().filter(|c| !THOUSANDS.contains(*c)).collect()
}

/// Drops the `items` read on lines before `answer` (`at` holds each one's line) where one
/// was read at or after it: whether any was dropped so.
fn drop_progress<T>(items: &mut Vec<T>, at: &[usize], answer: usize) -> bool {
    if !at.iter().any(|&i| i >= answer) || at.iter().all(|&i| i >= answer) {
        return false;
    }
    let mut lines = at.iter();
    items.retain(|_| lines.next().is_none_or(|&i| i >= answer));
    true
}

/// A depth's name and its number (`depth 3`, `Iteration: 2`, `ply=4`), from the start of `i`.
fn depth_number(i: &str) -> IResult<&str, &str> {
    let words = alt((
        tag_no_case("depth"),
        tag_no_case("iteration"),
        tag_no_case("ply"),
        tag_no_case("level"),
        tag_no_case("tiefe"),
        tag_no_case("profundidad"),
        tag_no_case("profondeur"),
        tag_no_case("profundidade"),
        tag("深度"),
    ));
    let spaces = || take_while(|c: char| c == ' ');
    let (i, _) = (words, spaces(), opt(one_of(":=#")), spaces()).parse(i)?;
    digit1(i)
}

/// The depth a line names (`Depth 3: 9240 positions evaluated`, `[iteration 2]`,
/// `ply=4`), if it names one.
fn named_depth(line: &str) -> Option<u32> {
    line.char_indices()
        .filter(|&(i, _)| !line[..i].chars().next_back().is_some_and(char::is_alphanumeric))
        .find_map(|(i, _)| depth_number(&line[i..]).ok().and_then(|(_, d)| d.parse().ok()))
}

/// Keeps only the last of `items` where each one's line (`line_of`) names a depth and the
/// depths rise (`Depth 1: 22 positions evaluated`, `Depth 2: 462 …`, `Depth 3: 9240 …`): a
/// search that deepens and prints each depth's answer, the last the depth asked for.
fn keep_deepest<T>(items: &mut Vec<T>, line_of: impl Fn(&T) -> &str) {
    let depths: Option<Vec<u32>> = items.iter().map(|t| named_depth(line_of(t))).collect();
    if depths.is_some_and(|d| d.len() > 1 && d.windows(2).all(|w| w[0] < w[1])) {
        items.drain(..items.len() - 1);
    }
}

/// A number's value: as a decimal where that is whole (`952`, `952.0`, `1.000`), else as
/// digits grouped by dots where they are (`9.240` is 9240: a count or an estimate is whole,
/// and a German or Italian Java's `%,d` prints so), else the decimal's (`0.5`).
fn whole_or_dot_grouped(text: &str) -> Option<f64> {
    let decimal: Option<f64> = text.parse().ok();
    if decimal.is_some_and(|v| v.fract() == 0.0) {
        return decimal;
    }
    let body = text.trim_start_matches(['-', '+']);
    let groups: Vec<&str> = body.split('.').collect();
    let dotted = groups.len() > 1
        && (1..=3).contains(&groups[0].len())
        && groups[1..].iter().all(|g| g.len() == 3)
        && groups.iter().all(|g| g.chars().all(|c| c.is_ascii_digit()));
    if !dotted {
        return decimal;
    }
    let v: f64 = groups.concat().parse().ok()?;
    Some(if text.starts_with('-') { -v } else { v })
}

/// The digits of `text` without its dots where it is a whole number grouped by them
/// (`10.000`, `-1.000`, `1.234.567`): one to three digits not led by a 0, then groups of
/// three. Such text reads as a decimal too; [`read_output_as`] reads it so grouped only for
/// a program whose outputs group its counts by dots.
fn without_dot_groups(text: &str) -> Option<String> {
    let body = text.trim_start_matches(['-', '+']);
    let groups = thousands_groups(body, '.')?;
    Some(format!("{}{}", &text[..text.len() - body.len()], groups.concat()))
}

/// The groups of `body` where `sep` groups its thousands: one to three digits not led by a
/// 0, then at least one group of three.
fn thousands_groups(body: &str, sep: char) -> Option<Vec<&str>> {
    let groups: Vec<&str> = body.split(sep).collect();
    let grouped = groups.len() > 1
        && (1..=3).contains(&groups[0].len())
        && !groups[0].starts_with('0')
        && groups[1..].iter().all(|g| g.len() == 3)
        && groups.iter().all(|g| g.chars().all(|c| c.is_ascii_digit()));
    grouped.then_some(groups)
}

/// A number as printed: a sign, then an infinity's name or digits with an optional
/// fraction and exponent.
fn number(i: &str) -> IResult<&str, &str> {
    let infinity = alt((
        tag_no_case("infinity"),
        tag_no_case("inf"),
        tag("∞"),
        tag("Integer.MIN_VALUE"),
        tag("Integer.MAX_VALUE"),
        tag("INT_MIN"),
        tag("INT_MAX"),
    ));
    let exponent = (alt((char('e'), char('E'))), opt(alt((char('-'), char('+')))), digit1);
    // Digits grouped by thousands as Java's `%,d` or Python's `{:,}` prints them (`1,250`),
    // or Python's `{:_}` (`1_250`, PEP 515): one to three digits, then a separator and
    // exactly three digits, each time; four digits before a comma are a number of their own
    // (`4674,952`, a line of comma-separated values).
    let group = (one_of(THOUSANDS), take_while_m_n(3, 3, |c: char| c.is_ascii_digit()), not(digit1));
    let grouped = recognize((take_while_m_n(1, 3, |c: char| c.is_ascii_digit()), many1(recognize(group))));
    let whole = alt((grouped, digit1));
    let decimal = (whole, opt((char('.'), opt(digit1))), opt(exponent));
    // Grouped by dots, as German, Italian or Turkish write thousands (`9.240`, `1.234.567`):
    // read so only where the decimal reading is no whole number ([`whole_or_dot_grouped`]).
    let dot_group = (char('.'), take_while_m_n(3, 3, |c: char| c.is_ascii_digit()), not(digit1));
    let dotted = recognize((take_while_m_n(1, 3, |c: char| c.is_ascii_digit()), many1(recognize(dot_group))));
    recognize((opt(alt((char('-'), char('+')))), alt((infinity, dotted, recognize(decimal))))).parse(i)
}

/// The numbers in `text`, in order.
fn numbers_in(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        // A number starts a word (`x2` and `AB2` hold none), possibly after its sign.
        let joined = text.len() > rest.len() && {
            let before = text[..text.len() - rest.len()].chars().next_back();
            before.is_some_and(|c| c.is_alphanumeric() || c == '.' || c == '_')
        };
        if !joined && let Ok((after, n)) = number(rest) {
            let ends_word = after.chars().next().is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
            if ends_word && n.chars().any(|c| c.is_ascii_digit() || c.is_alphabetic() || c == '∞') {
                out.push(n);
                rest = after;
                continue;
            }
        }
        let mut chars = rest.chars();
        chars.next();
        rest = chars.as_str();
    }
    out
}

/// A count from its printed form (`125`, `125.`, `125.0`).
fn whole_count(text: &str) -> Option<u64> {
    let v: f64 = whole_or_dot_grouped(&ungrouped(text.trim_start_matches('+')))?;
    (v >= 0.0 && v.fract() == 0.0 && v < 1e18).then_some(v as u64)
}

/// An estimate from its printed form; `None` for a number that is no whole value.
#[must_use]
pub fn parse_value(text: &str) -> Option<Value> {
    let t = text.trim();
    let negative = t.starts_with('-');
    let body = t.trim_start_matches(['-', '+']).to_ascii_lowercase();
    let infinite = |negative: bool| Some(if negative { Value::NEG_INFINITY } else { Value::INFINITY });
    match body.as_str() {
        "inf" | "infinity" | "∞" | "int_max" | "integer.max_value" => return infinite(negative),
        "int_min" | "integer.min_value" => return infinite(!negative),
        _ => {}
    }
    let v: f64 = whole_or_dot_grouped(&ungrouped(t))?;
    if v.abs() >= STAND_IN_FOR_INFINITY {
        return infinite(v < 0.0);
    }
    if v.fract() != 0.0 {
        return None;
    }
    Some(Value::finite(v as i32))
}

/// No handout estimate reaches this; a program printing it means ±∞ (Java's
/// `Integer.MIN_VALUE`, `1e9`, `Double.MAX_VALUE`).
pub const STAND_IN_FOR_INFINITY: f64 = 100_000.0;

/// A line's label and what follows it: split after the last `:` or `=`, or else before
/// the first number.
fn labelled(line: &str) -> (&str, &str) {
    let tail = after_label(line);
    let label = &line[..line.len() - tail.len()];
    if label.is_empty() {
        let at = numbers_in(line).first().and_then(|n| line.find(n)).unwrap_or(line.len());
        (&line[..at], &line[at..])
    } else {
        (label, tail)
    }
}

/// What a part of a line says: its label, the numbers after it, and where the first of
/// them stands.
struct Said<'a> {
    label: &'a str,
    found: Vec<&'a str>,
    /// The text between the label and the first number.
    before: &'a str,
    /// The label and the words just after the first number, to a bracket or a comma: what
    /// is counted may follow its number (`Evaluated:  6912 positions`, `I evaluated 6912
    /// positions with the static estimation function`).
    named: String,
}

impl<'a> Said<'a> {
    fn of(part: &'a str) -> Said<'a> {
        let (label, tail) = labelled(part);
        let found = numbers_in(tail);
        let (before, after) =
            found.first().and_then(|n| tail.find(n).map(|at| (&tail[..at], &tail[at + n.len()..]))).unwrap_or(("", ""));
        let unit = after.split(['(', ',', ';', '[']).next().unwrap_or("");
        Said { label, found, before, named: format!("{label} {unit}") }
    }

    /// What the number is, and the words that say so. A number right after a word that
    /// says it is something else (`MINIMAX depth 3` in a title line, `MiniMaxOpening
    /// (depth 3)`, `depth=3`) is neither the count nor the estimate.
    fn kind(&self) -> (LabelKind, &str) {
        let (kind, label) = match kind_of(self.label) {
            LabelKind::Other if kind_of(&self.named) == LabelKind::Count => (LabelKind::Count, self.named.as_str()),
            k => (k, self.label),
        };
        // The words just before the number, its label's own last words where nothing
        // stands between them (`MiniMaxOpening (depth 3)`, `[MiniMaxGame] depth=3`).
        if kind != LabelKind::Other && names_another_number(&format!("{} {}", self.label, self.before)) {
            (LabelKind::Other, label)
        } else {
            (kind, label)
        }
    }
}

/// `line` in parts, where it names more than one thing: split at `|`, `;`, a tab, `, `, ` / `
/// or two spaces and more outside brackets (a board printed as a list keeps its commas),
/// when at least two of the
/// parts are each a board or a label with its number. Otherwise the line whole, so that a
/// label holding a comma (`Estimate for depth 3, White: 9987`) stays one.
fn parts_of(line: &str) -> Vec<&str> {
    // A line that is one object, as JSON or a printed dictionary has it (`{"board": "…",
    // "positions_evaluated": 125, "estimate": 9987}`), or a record printed whole (Python's
    // dataclass or named tuple, `Result(board='…', evaluated=125, estimate=9987)`; Java's
    // record, `Result[board=…, evaluated=125, estimate=9987]`), in parts inside its brackets.
    let whole = line;
    let line = object_inside(line).unwrap_or(line);
    let mut parts = Vec::new();
    let (mut depth, mut from) = (0i32, 0);
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        // The full-width comma and semicolon and the ideographic comma of Chinese and
        // Japanese text (`棋盘：W…，局面数：4674，估值：952`).
        if depth == 0
            && let Some(sep) = ["，", "；", "、"].iter().find(|s| bytes[i..].starts_with(s.as_bytes()))
        {
            parts.push(&line[from..i]);
            from = i + sep.len();
            continue;
        }
        match b {
            b'[' | b'(' | b'{' => depth += 1,
            b']' | b')' | b'}' => depth -= 1,
            b'|' | b';' | b'\t' if depth == 0 => {
                parts.push(&line[from..i]);
                from = i + 1;
            }
            b',' if depth == 0 && bytes.get(i + 1) == Some(&b' ') => {
                parts.push(&line[from..i]);
                from = i + 1;
            }
            // ` / ` between two things, and a run of spaces that a `printf` aligned them
            // with (`Positions evaluated: 4674    MINIMAX estimate: 952`).
            b'/' if depth == 0 && i > 0 && bytes[i - 1] == b' ' && bytes.get(i + 1) == Some(&b' ') => {
                parts.push(&line[from..i]);
                from = i + 1;
            }
            b' ' if depth == 0 && bytes.get(i + 1) == Some(&b' ') => {
                parts.push(&line[from..i]);
                from = i + 1;
            }
            // One space between a board or a number and a capital that starts the next
            // thing (`Board Position: W… Positions evaluated by static estimation: 4674 MINIMAX
            // estimate: 952`, Java's `print` of the three with a space between).
            b' ' if depth == 0 && ends_a_thing(&line[from..i]) && line[i + 1..].starts_with(char::is_uppercase) => {
                parts.push(&line[from..i]);
                from = i + 1;
            }
            // One space between a `key=value` and the next (`evals=9240 value=3`,
            // `board:W… evals:9240 est:3`).
            b' ' if depth == 0 && line[from..i].contains(['=', ':']) && keyed_number(&line[i + 1..]).is_ok() => {
                parts.push(&line[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&line[from..]);
    let names_one = |p: &&str| {
        let said = Said::of(p);
        !boards_in(p).is_empty() || (said.kind().0 != LabelKind::Other && !said.found.is_empty())
    };
    // A remark in brackets after a board or a number says a thing of its own (`Board
    // Position: …  [4674 positions evaluated]`, `MINIMAX estimate = 952 (4674 leaves)`); a
    // board printed as a list keeps its brackets, and a remark that names nothing
    // (`(for White)`, `(depth 3)`) stays with its line.
    let parts: Vec<&str> = parts
        .into_iter()
        .flat_map(|p| match trailing_group(p) {
            // The group's inside may name several things itself (`Board Position: …
            // (static evaluations: 4674, MINIMAX estimate: 952)`): in parts too.
            Some((head, inner)) if names_one(&head) && boards_in(inner).is_empty() && names_one(&inner) => {
                std::iter::once(head).chain(parts_of(inner)).collect()
            }
            Some((head, inner)) if head.trim().is_empty() && boards_in(inner).is_empty() => parts_of(inner),
            _ => vec![p],
        })
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    if parts.iter().filter(|p| names_one(p)).count() >= 2 { parts } else { vec![whole] }
}

/// What `line` holds inside its brackets where it is one object or record printed whole:
/// a name or none, then `(`, `[` or `{`, fields named by `=` or `:`, and the bracket's
/// close at its end.
fn object_inside(line: &str) -> Option<&str> {
    let line = line.trim();
    let open = line.find(['(', '[', '{'])?;
    let named = line[..open].chars().all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '$'));
    let close = match &line[open..=open] {
        "(" => ')',
        "[" => ']',
        _ => '}',
    };
    let inner = line[open + 1..].strip_suffix(close)?;
    (named && inner.contains(['=', ':']) && !inner.contains(['{', '}'])).then_some(inner)
}

/// Whether `text` ends with a number or a board, a full stop after it or not.
fn ends_a_thing(text: &str) -> bool {
    let text = text.trim_end_matches('.');
    let len = crate::rules::CLASSROOM.topology.len();
    let board = text.chars().rev().take_while(|c| is_board_char(*c)).count() == len
        && !text.chars().rev().nth(len).is_some_and(char::is_alphanumeric);
    text.ends_with(|c: char| c.is_ascii_digit()) || board
}

/// A word joined to its number by `=` or `:` (`value=3`, `evals:9240`, `est= -2`), from
/// the start of `i`.
fn keyed_number(i: &str) -> IResult<&str, &str> {
    let key = take_while1(|c: char| c.is_alphanumeric() || c == '_' || c == '-');
    let (i, _) = (key, one_of("=:"), take_while(|c: char| c == ' '), opt(one_of("-+"))).parse(i)?;
    digit1(i)
}

/// `part` as what comes before a bracketed group that ends it, and the group's inside:
/// `("Board: …", "4674 positions evaluated")` for `Board: …  [4674 positions evaluated].`
fn trailing_group(part: &str) -> Option<(&str, &str)> {
    let end = part.trim_end_matches(|c: char| c.is_whitespace() || c == '.');
    let close = end.len().checked_sub(1)?;
    let closing = end.as_bytes()[close];
    let opening = match closing {
        b']' => b'[',
        b')' => b'(',
        _ => return None,
    };
    let mut depth = 0;
    for (i, &b) in end.as_bytes().iter().enumerate().rev() {
        if b == closing {
            depth += 1;
        } else if b == opening {
            depth -= 1;
            if depth == 0 {
                return Some((&end[..i], &end[i + 1..close]));
            }
        }
    }
    None
}

/// The part of a line after its label: after the last `:` or `=` that a number follows
/// (not one in a remark after it: `MINIMAX estimate: -48.   (estimate is for Black:
/// positive = good for Black)`), else after the last; with neither, the whole line.
fn after_label(line: &str) -> &str {
    let marks: Vec<usize> = line.match_indices([':', '=']).map(|(i, _)| i).collect();
    let numbered = marks.iter().rev().find(|&&i| !numbers_in(&line[i + 1..]).is_empty());
    match numbered.or(marks.last()) {
        Some(&i) => &line[i + 1..],
        None => line,
    }
}

/// The levels a logger names a line with.
const LOG_LEVELS: [&str; 11] =
    ["TRACE", "DEBUG", "INFO", "NOTICE", "WARN", "WARNING", "ERROR", "CRITICAL", "SEVERE", "FINE", "FINER"];

/// A date (`2026-12-02`, `2026/12/02`), a time of day (`11:41:19`, `11:41:19,124` as
/// Python's `logging` prints it, `11:41:19.124`), or both, with a `T` between them and a
/// zone after them or not, from the start of `i`.
fn timestamp(i: &str) -> IResult<&str, &str> {
    let digits = |n: usize| take_while_m_n(n, n, |c: char| c.is_ascii_digit());
    let date = (digits(4), one_of("-/"), digits(2), one_of("-/"), digits(2));
    let time = || {
        let fraction = (one_of(".,"), take_while1(|c: char| c.is_ascii_digit()));
        let zone = alt((tag("Z"), recognize((one_of("+-"), digits(2), opt(char(':')), digits(2)))));
        (
            take_while_m_n(1, 2, |c: char| c.is_ascii_digit()),
            char(':'),
            digits(2),
            opt((char(':'), digits(2))),
            opt(fraction),
            opt(zone),
        )
    };
    let both = (date, opt((one_of("T "), time())));
    recognize(alt((recognize(both), recognize(time())))).parse(i)
}

/// `line` without what a logger put before its message: a timestamp (in brackets or
/// not), then a level and the logger's name up to the separator after them
/// (`2026-12-02 11:41:19,124 - root - INFO - `, `[2026-12-02T11:41:19Z INFO  morris] `,
/// `11:41:19.124 [main] INFO  Search - `), or a level first (`INFO:root:`, Python's
/// default, and `INFO: `, Java's). Otherwise the line as it is. The times' digits and
/// commas would be read as numbers (`19,124` as 19124).
fn without_log_prefix(line: &str) -> &str {
    let is_level = |w: &str| LOG_LEVELS.contains(&w.trim_matches(|c: char| !c.is_ascii_alphabetic()));
    let trimmed = line.trim_start();
    // A level first: `INFO:root:message`, `INFO: message`, `WARNING:__main__:message`.
    if let Some((first, rest)) = trimmed.split_once(':')
        && LOG_LEVELS.contains(&first)
    {
        let rest = match rest.split_once(':') {
            Some((name, after)) if !name.is_empty() && !name.contains(char::is_whitespace) => after,
            _ => rest,
        };
        return rest.trim_start();
    }
    // A timestamp first, bare or at the start of a bracket.
    let bracket = trimmed.starts_with('[');
    let Ok((mut rest, _)) = timestamp(if bracket { &trimmed[1..] } else { trimmed }) else { return line };
    if bracket {
        // The bracket may hold the level and the name too: `[… INFO  morris]`.
        let Some(close) = rest.find(']') else { return line };
        let inside = &rest[..close];
        rest = &rest[close + 1..];
        if inside.split_whitespace().any(is_level) {
            return rest.trim_start_matches([' ', '-', '|', ':']);
        }
    }
    // Then up to four words (a thread in brackets, the logger's name), one of them the
    // level, each followed by a space or a separator: all of them go.
    let words: Vec<(usize, &str)> = rest
        .split_inclusive(|c: char| c.is_whitespace() || c == '|')
        .scan(0, |at, w| {
            let start = *at;
            *at += w.len();
            Some((start, w))
        })
        .filter(|(_, w)| !w.trim_matches(|c: char| c.is_whitespace() || c == '|' || c == '-').is_empty())
        .take(4)
        .collect();
    match words.iter().position(|(_, w)| is_level(w)) {
        Some(i) => {
            let (at, w) = words[i];
            let after = rest[at + w.len()..].trim_start_matches([' ', '-', '|', ':']);
            // A logger's name after the level, then ` - ` or `: ` (`INFO  Search - …`).
            match after.split_once(" - ") {
                Some((name, message)) if !name.contains(char::is_whitespace) => message,
                _ => after,
            }
        }
        None => rest.trim_start_matches([' ', '-', '|', ':', ']']),
    }
}

/// `text` with control bytes shown (`\x00`, `\u{7f}`), so a report stays readable text.
#[must_use]
pub fn visible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() && c != '\n' && c != '\t' {
            let n = u32::from(c);
            if n < 0x100 {
                out.push_str(&format!("\\x{n:02x}"));
            } else {
                out.push_str(&format!("\\u{{{n:x}}}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether the text just before a number (`… MINIMAX depth `) names it as something other
/// than a count or an estimate: the depth, a time.
fn names_another_number(before: &str) -> bool {
    let last = before.split(|c: char| !c.is_alphanumeric()).rfind(|w| !w.is_empty()).unwrap_or("");
    OTHER_NUMBERS.contains(&last.to_lowercase().as_str())
}

/// What a number after the first of a line is, by the words between it and the number
/// before it and the words just after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Further {
    /// A depth or a time (`MINIMAX estimate: 952 (depth 3)`, `… 952, 0.41 s`).
    Other,
    /// The count (`Best move value 952 after evaluating 4674 positions`).
    Count,
    /// The estimate (`Evaluated 4674 positions, the best worth 952`).
    Estimate,
    /// Nothing the words say.
    Unknown,
}

/// What each number after the first of `found` (the numbers of `line`, in order) is.
fn further_numbers(line: &str, found: &[&str]) -> Vec<Further> {
    let mut at = 0;
    let mut ends = Vec::with_capacity(found.len());
    for n in found {
        let Some(i) = line[at..].find(n) else { return vec![Further::Unknown; found.len().saturating_sub(1)] };
        ends.push((at + i, at + i + n.len()));
        at += i + n.len();
    }
    ends.windows(2)
        .map(|w| {
            let (between, after) = (&line[w[0].1..w[1].0], &line[w[1].1..]);
            let next = after.split(|c: char| !c.is_alphanumeric()).find(|w| !w.is_empty()).unwrap_or("");
            let next = next.to_lowercase();
            if names_another_number(between)
                || after.starts_with('%')
                || OTHER_NUMBERS.contains(&next.as_str())
                || ["s", "sec", "secs", "second"].contains(&next.as_str())
            {
                return Further::Other;
            }
            let own = after.split(|c: char| c.is_ascii_digit()).next().unwrap_or("");
            match kind_of(&format!("{between} {own}")) {
                LabelKind::Count => Further::Count,
                LabelKind::Estimate => Further::Estimate,
                LabelKind::Other => Further::Unknown,
            }
        })
        .collect()
}

/// The words just before a number that make it no count and no estimate: a depth, a time.
const OTHER_NUMBERS: [&str; 9] = ["depth", "ply", "plies", "level", "iteration", "time", "took", "seconds", "ms"];

/// Whether a label no reading names (`局面数`, a word this does not know) says its number
/// is something other than an answer: a word of [`OTHER_NUMBERS`] anywhere in it, or a
/// time's, a move's or a player's.
fn names_no_answer(label: &str) -> bool {
    label.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).any(|w| {
        let w = w.to_lowercase();
        OTHER_NUMBERS.contains(&w.as_str())
            || [
                "second",
                "sec",
                "secs",
                "elapsed",
                "runtime",
                "duration",
                "memory",
                "seed",
                "move",
                "moves",
                "legal",
                "available",
                "turn",
                "player",
                "round",
                "step",
                "version",
                "part",
                "project",
                "program",
                "game",
                "test",
                "case",
            ]
            .contains(&w.as_str())
    })
}

/// Whether `line` is one of the handout's three lines, in its words.
#[must_use]
pub fn is_handout_wording(line: &str) -> bool {
    HANDOUT_LABELS.iter().any(|label| is_handout_line(line, label))
}

/// The labels of the handout's three lines.
const HANDOUT_LABELS: [&str; 3] = ["Board Position:", "Positions evaluated by static estimation:", "MINIMAX estimate:"];

/// Whether `line` is the handout's own words for the line `label` begins (a trailing period
/// or none).
fn is_handout_line(line: &str, label: &str) -> bool {
    line.trim_end().strip_prefix(label).is_some_and(|rest| {
        let rest = rest.trim().trim_end_matches('.');
        !rest.is_empty() && !rest.contains(char::is_whitespace)
    })
}

/// The top-level module a Python traceback says could not be imported
/// (`ModuleNotFoundError: No module named 'numpy.linalg'` is `numpy`).
#[must_use]
pub fn missing_module(stderr: &str) -> Option<String> {
    let (_, rest) = stderr.split_once("ModuleNotFoundError: No module named ")?;
    let name = rest.lines().next()?.trim().trim_matches(['\'', '"']);
    let top = name.split('.').next()?;
    (!top.is_empty() && top.chars().all(|c| c.is_alphanumeric() || c == '_')).then(|| top.to_string())
}

/// The relative paths a program's words name (`FileNotFoundError: [Errno 2] No such file
/// or directory: 'data/lines.txt'`, `java.io.FileNotFoundException: data/mills.txt (No such
/// file or directory)`, `Error: cannot open data/mills.txt`): each word, its quotes and
/// brackets taken off, that holds a `/` or ends in an extension. Absolute paths, paths out
/// of the folder (`..`) and addresses are none.
#[must_use]
pub fn relative_paths_named(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in text.split(|c: char| {
        c.is_whitespace() || matches!(c, '\'' | '"' | '`' | '(' | ')' | '[' | ']' | '<' | '>' | ',' | ';')
    }) {
        if let Some(path) = relative_path(word.trim_end_matches(['.', ':', '!']))
            && !out.iter().any(|p| p == path)
        {
            out.push(path.to_string());
        }
    }
    out
}

/// The folder a program put before the path it was given (`File not found:
/// boards/tmp/…/board_in.txt`, from `new File("boards", args[0])`; `No such file or directory:
/// 'boards//tmp/…'`, from `"boards/" + path`): the relative folder in a word of its output
/// that ends in `given` (absolute), its leading `/` kept or not. None where the program named
/// the path as given, or a folder out of its own (`..`).
#[must_use]
pub fn folder_put_before(text: &str, given: &str) -> Option<String> {
    let bare = given.trim_start_matches('/');
    if bare.is_empty() {
        return None;
    }
    for line in text.lines() {
        let mut from = 0;
        while let Some(i) = line[from..].find(bare) {
            let at = from + i;
            from = at + bare.len();
            let before = &line[..at];
            let start = before
                .rfind(|c: char| c.is_ascii_whitespace() || matches!(c, '\'' | '"' | '`' | '(' | '[' | '<' | ':' | '='))
                .map_or(0, |k| k + 1);
            let folder = before[start..].trim_end_matches('/');
            let inside = !folder.is_empty()
                && std::path::Path::new(folder).components().all(|c| matches!(c, std::path::Component::Normal(_)));
            if inside && !folder.starts_with(['/', '\\', '~']) {
                return Some(folder.to_string());
            }
        }
    }
    None
}

/// The relative paths a program's source names in its string literals
/// (`config.read("config/settings.ini")`, `new FileReader("data/mills.txt")`): each literal
/// on one line, in double or single quotes, that is itself a relative path as
/// [`relative_paths_named`] takes one. For a program that fails without naming the file it
/// could not open (Python's `configparser` reads a missing file as an empty one and fails
/// later on a section it lacks).
#[must_use]
pub fn relative_paths_quoted(source: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in source.lines() {
        for quote in ['"', '\''] {
            let parts: Vec<&str> = line.split(quote).collect();
            // The odd parts are inside quotes, where a quote closes them.
            for literal in parts.iter().skip(1).step_by(2).take((parts.len() - 1) / 2) {
                if let Some(path) = relative_path(literal)
                    && !out.iter().any(|p| p == path)
                {
                    out.push(path.to_string());
                }
            }
        }
    }
    out
}

/// `word` if it is shaped as a relative path inside its folder: it holds a `/` or ends in
/// an extension, and is no absolute path, no path out of the folder (`..`) and no address.
fn relative_path(word: &str) -> Option<&str> {
    let extension = word.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty() && (1..=5).contains(&ext.len()) && ext.chars().all(|c| c.is_ascii_alphanumeric())
    });
    let shaped = (word.contains('/') || extension) && !word.contains(':') && !word.starts_with(['/', '\\', '~']);
    let inside = std::path::Path::new(word).components().all(|c| matches!(c, std::path::Component::Normal(_)));
    (shaped && inside && !word.contains(char::is_whitespace)).then_some(word)
}

/// The Java release a class was compiled for, where the JVM refused it as newer than
/// itself (`UnsupportedClassVersionError: … (class file version 65.0), this version of
/// the Java Runtime only recognizes class file versions up to 61.0`): 65 is Java 21.
#[must_use]
pub fn newer_java(stderr: &str) -> Option<u32> {
    let (_, rest) = stderr.split_once("UnsupportedClassVersionError")?;
    let (_, after) = rest.split_once("class file version ")?;
    let major: u32 = after.split(['.', ')', ' ']).next()?.parse().ok()?;
    (major > 44).then_some(major - 44)
}

/// Whether the program failed before any of its own code could read its arguments or its
/// input: python3 refused to compile the script or a module it imports at its top level
/// (a `SyntaxError`, `IndentationError` or `TabError` with no traceback, or one whose
/// every frame is a module's top level, `in <module>`: the imports), a module it imports
/// is not installed, or the JVM refused the class as compiled for a newer Java or could
/// not find it. No other command line or typed answer can change that, so none is tried.
#[must_use]
pub fn refused_before_running(stderr: &str) -> bool {
    let top_level_only = stderr
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("File \"").and_then(|f| f.rsplit_once(", in ")))
        .all(|(_, function)| function.trim_end() == "<module>");
    let compile_error = top_level_only
        && stderr.lines().any(|l| ["SyntaxError:", "IndentationError:", "TabError:"].iter().any(|e| l.starts_with(e)));
    compile_error
        || missing_module(stderr).is_some()
        || newer_java(stderr).is_some()
        || stderr.contains("Error: Could not find or load main class")
}

/// Whether python3 refused a program as Python 2: a `print` statement (`SyntaxError:
/// Missing parentheses in call to 'print'`).
#[must_use]
pub fn python2(stderr: &str) -> bool {
    stderr.contains("SyntaxError: Missing parentheses in call to 'print'")
}

/// Methods of a newer Java's library than 17's, which a student's JDK 21 has
/// (`List.getFirst()`, the sequenced collections; `StringBuilder.repeat`, `Math.clamp`).
const NEWER_JAVA_METHODS: [&str; 10] = [
    "getFirst",
    "getLast",
    "removeFirst",
    "removeLast",
    "addFirst",
    "addLast",
    "reversed",
    "repeat",
    "clamp",
    "newHashMap",
];

/// The newer Java library methods javac could not find, as its errors name them
/// (`symbol:   method getFirst()` on a `List`): a student's JDK 21 has them.
#[must_use]
pub fn newer_java_methods(javac_stderr: &str) -> Vec<String> {
    let lines: Vec<&str> = javac_stderr.lines().collect();
    let mut out: Vec<String> = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let Some(rest) = l.trim_start().strip_prefix("symbol:").map(str::trim_start) else { continue };
        let Some(method) = rest.strip_prefix("method ").and_then(|m| m.split('(').next()) else { continue };
        let on = lines.get(i + 1).map_or("", |n| n.trim_start());
        let library =
            ["List", "ArrayList", "LinkedHashSet", "LinkedHashMap", "Deque", "StringBuilder", "Math", "HashMap"]
                .iter()
                .any(|t| on.contains(&format!("type {t}")) || on.contains(&format!("class {t}")));
        if NEWER_JAVA_METHODS.contains(&method) && library && !out.iter().any(|m| m == method) {
            out.push(method.to_string());
        }
    }
    out
}

/// The packages javac could not find (`error: package com.google.common.collect does not
/// exist`), each once, in the order named: a library the student's build tool (Maven,
/// Gradle, an IDE) fetched and the submission does not hold.
#[must_use]
pub fn missing_java_packages(javac_stderr: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for l in javac_stderr.lines() {
        let Some(at) = l.find("error: package ") else { continue };
        let Some(package) = l[at + "error: package ".len()..].strip_suffix(" does not exist") else { continue };
        if !package.is_empty() && !out.iter().any(|p| p == package) {
            out.push(package.to_string());
        }
    }
    out
}

/// Whether a Python program's stderr shows python3 before 3.12 refusing an f-string that
/// 3.12's grammar (PEP 701) reads: quotes or a backslash reused inside its braces.
#[must_use]
pub fn newer_python(stderr: &str) -> bool {
    stderr.lines().any(|l| {
        l.starts_with("SyntaxError: f-string")
            && ["unmatched", "expecting '}'", "backslash", "single '}'", "empty expression"]
                .iter()
                .any(|w| l.contains(w))
    })
}

/// Words that mark a board line as the input echoed, not the answer.
const INPUT_WORDS: [&str; 12] = [
    "input", "initial", "given", "original", "before", "current", "read", "entrada", "inicial", "eingabe", "entrée",
    "iniziale",
];

/// `stdout` with the lines a program ran together parted again: a student who forgot the
/// `\n` after `printf("Board Position: %s", board)` and after the count prints `Board
/// Position: xx…xxPositions evaluated by static estimation: 4674.MINIMAX estimate: 952.`
/// on one line. A line is broken after a run of exactly a board's letters that starts a
/// word and runs straight into a capital that is no board letter, and after a number
/// (standing after a space, a colon or `=`) that runs, with or without its full stop,
/// straight into a capital.
fn unglue(stdout: &str) -> String {
    let len = crate::rules::CLASSROOM.topology.len();
    let mut out = String::with_capacity(stdout.len());
    for line in stdout.split_inclusive('\n') {
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        let mut cuts: Vec<usize> = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let starts_word = i == 0 || !chars[i - 1].1.is_alphanumeric();
            // A board's letters running into a capital.
            if starts_word && is_board_char(chars[i].1) {
                let run = chars[i..].iter().take_while(|(_, c)| is_board_char(*c)).count();
                if run == len
                    && let Some(&(at, next)) = chars.get(i + run)
                    && next.is_uppercase()
                {
                    cuts.push(at);
                }
                i += run.max(1);
                continue;
            }
            // A number running into a capital (`4674.MINIMAX`, `4674MINIMAX`).
            if i > 0 && matches!(chars[i - 1].1, ' ' | ':' | '=') && chars[i].1.is_ascii_digit() {
                let digits = chars[i..].iter().take_while(|(_, c)| c.is_ascii_digit()).count();
                let dot = usize::from(chars.get(i + digits).is_some_and(|(_, c)| *c == '.'));
                if let Some(&(at, next)) = chars.get(i + digits + dot)
                    && next.is_uppercase()
                {
                    cuts.push(at);
                }
                i += digits;
                continue;
            }
            i += 1;
        }
        let mut from = 0;
        for at in cuts {
            out.push_str(&line[from..at]);
            out.push('\n');
            from = at;
        }
        out.push_str(&line[from..]);
    }
    out
}

/// A terminal's control sequence (`ESC [ 92 m`, the colour a student paints a value
/// with): ESC, `[`, parameter bytes, intermediate bytes and one final byte (ECMA-48).
fn control_sequence(i: &str) -> IResult<&str, &str> {
    recognize((
        tag("\x1b["),
        take_while(|c: char| ('\x30'..='\x3f').contains(&c)),
        take_while(|c: char| ('\x20'..='\x2f').contains(&c)),
        satisfy(|c| ('\x40'..='\x7e').contains(&c)),
    ))
    .parse(i)
}

/// `text` without the colour codes a student printed around a board or a number
/// (`Board Position: \x1b[92mWxx…\x1b[0m`, `estimate: \x1b[96m-2013\x1b[0m`): a terminal
/// shows only what they wrap, and so is it read.
fn without_colours(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\x1b') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        rest = match control_sequence(rest) {
            Ok((after, _)) => after,
            // A lone escape stays, to be shown in the report as `\x1b`.
            Err(_) => {
                out.push('\x1b');
                &rest[1..]
            }
        };
    }
    out.push_str(rest);
    out
}

/// Reads `stdout` (and `file`, the output file's text, if it was written).
#[must_use]
pub fn read_output(stdout: &str, file: Option<&str>) -> Reading {
    read_output_as(stdout, file, Grouping::default())
}

/// [`read_output`], for a program whose thousands are grouped as `grouping` says.
#[must_use]
pub fn read_output_as(stdout: &str, file: Option<&str>, grouping: Grouping) -> Reading {
    let regrouped = |n: &str| if grouping.dots { without_dot_groups(n) } else { None };
    let whole_count = |n: &str| whole_count(regrouped(n).as_deref().unwrap_or(n));
    let parse_value = |n: &str| parse_value(regrouped(n).as_deref().unwrap_or(n));
    // A count printed as no decimal can be (`4.674`): grouped by dots.
    let dotted = |n: &str| without_dot_groups(n).is_some() && !n.parse::<f64>().is_ok_and(|v| v.fract() == 0.0);
    let file = file.map(without_colours);
    let file = file.as_deref();
    let stdout: String = without_colours(stdout).lines().map(without_log_prefix).collect::<Vec<_>>().join("\n");
    let stdout = unglue(&stdout);
    let mut r = Reading::default();
    let spaced: String = stdout.split_inclusive('\n').map(spaces_grouping).collect();
    r.spaced_thousands = spaced != stdout;
    let stdout = if grouping.spaces { spaced.as_str() } else { stdout.as_str() };
    let mut boards: Vec<(String, String)> = Vec::new();
    // The line of stdout each board, count and estimate was read on, and the doubts of
    // estimate lines: a search's progress printed before the answer is passed over.
    let mut board_at: Vec<usize> = Vec::new();
    // Each count, its line, whether its label names the static estimation, and its text.
    let mut counts: Vec<(u64, String, bool, String)> = Vec::new();
    let mut count_at: Vec<usize> = Vec::new();
    let mut estimates: Vec<(Option<Value>, String, String)> = Vec::new();
    let mut estimate_at: Vec<usize> = Vec::new();
    let mut estimate_doubts: Vec<(usize, String)> = Vec::new();
    let mut handout = [false; 3];
    // A label whose number stands alone on the next line (`MINIMAX estimate:` then `9987`).
    let mut waiting: Option<LabelKind> = None;
    // After the answer's board, numbers whose label names nothing this reads (none, or
    // words in a language it does not know: `静态估值函数评估的局面数: 4674`), each alone
    // in its part, and numbers printed after the board on its line with no words
    // (`print(board, count, value)`): read by the handout's order where they are exactly
    // what the labels left unread.
    let mut unnamed: Vec<(&str, &str)> = Vec::new();
    let mut seen_board = false;
    // Such numbers before any board: never read by order (a title's `Round 2`), but a
    // doubt where an answer is missing and a board follows them (the lines may be in an
    // order of the student's own).
    let mut unnamed_before: Vec<(&str, &str)> = Vec::new();
    for (at, raw) in stdout.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        // A line that names several things (`Positions evaluated: 125, MINIMAX estimate:
        // 9987`, a board and its numbers on one line) is read a part at a time.
        // The parts to read, in order; a sentence's words after its board are read as a
        // part of their own (`White plays to W… with estimate 1 after 6912 static
        // evaluations.`).
        let mut parts: std::collections::VecDeque<&str> = parts_of(line).into();
        while let Some(part) = parts.pop_front() {
            let carried = waiting.take();
            let found = boards_in(part);
            if !found.is_empty() {
                // The label is the words just before the board: a prompt printed before it on
                // the same line (`Enter the input file: Board Position: W…`, a program that
                // asked for its files) is not part of it.
                let before = part[..found[0].1].trim_end();
                let label = before.trim_end_matches([':', '=']).rsplit([':', '=']).next().unwrap_or("").to_lowercase();
                if !INPUT_WORDS.iter().any(|w| label.contains(w)) {
                    let after = &part[found[found.len() - 1].1..];
                    for (b, _) in found {
                        boards.push((b, line.to_string()));
                        board_at.push(at);
                    }
                    handout[0] |= is_handout_line(line, HANDOUT_LABELS[0]);
                    seen_board = true;
                    // A line of comma-separated values (`…,453,952`): each field one number,
                    // though two fields would read as one grouped by thousands.
                    let rest = after.trim_start_matches(|c: char| is_board_char(c) || c == '\'' || c == '"');
                    let numbers: Vec<&str> = if rest.starts_with(',') && !rest.starts_with(", ") {
                        rest.split(',')
                            .skip(1)
                            .filter_map(|f| match numbers_in(f).as_slice() {
                                [one] => Some(*one),
                                _ => None,
                            })
                            .collect()
                    } else {
                        numbers_in(after)
                    };
                    let mut words = after.to_string();
                    for n in &numbers {
                        words = words.replacen(n, " ", 1);
                    }
                    if !words.chars().any(|c| c.is_alphabetic() && !is_board_char(c)) {
                        unnamed.extend(numbers.into_iter().map(|n| (n, line)));
                    } else if !numbers.is_empty() {
                        parts.push_front(rest);
                    }
                }
                continue;
            }
            let said = Said::of(part);
            let Said { found, .. } = &said;
            let (kind, label) = match carried {
                Some(k) if said.label.trim().is_empty() => (k, said.label),
                _ => said.kind(),
            };
            if let ([only], LabelKind::Other, None) = (found.as_slice(), kind, carried)
                && !names_no_answer(&format!("{} {}", said.label, said.before))
            {
                if seen_board { &mut unnamed } else { &mut unnamed_before }.push((only, line));
            }
            if found.is_empty() && kind != LabelKind::Other {
                waiting = Some(kind);
            }
            match kind {
                LabelKind::Count => {
                    if let Some((n, text)) = found.iter().find_map(|n| whole_count(n).map(|c| (c, *n))) {
                        counts.push((n, line.to_string(), by_estimation(label), text.to_string()));
                        count_at.push(at);
                        handout[1] |= is_handout_line(line, HANDOUT_LABELS[1]);
                    }
                    // The estimate said after the count, in words of its own.
                    for (f, n) in further_numbers(part, found).into_iter().zip(found.iter().skip(1)) {
                        if f == Further::Estimate {
                            estimates.push((parse_value(n), (*n).to_string(), line.to_string()));
                            estimate_at.push(at);
                        }
                    }
                }
                LabelKind::Estimate => {
                    if let Some(&first) = found.first() {
                        let further = further_numbers(part, found);
                        // A number no words name is a doubt unless it repeats the estimate
                        // (`MINIMAX estimate: 952 (White ahead by 952)`).
                        let unknown = further
                            .iter()
                            .zip(found.iter().skip(1))
                            .any(|(f, n)| *f == Further::Unknown && parse_value(n) != parse_value(first));
                        if unknown {
                            estimate_doubts.push((
                                at,
                                format!("two numbers on the estimate line `{}`: read {first}", visible(line)),
                            ));
                        }
                        // The count said after the estimate, in words of its own.
                        for (f, n) in further.into_iter().zip(found.iter().skip(1)) {
                            if f == Further::Count
                                && let Some(c) = whole_count(n)
                            {
                                counts.push((c, line.to_string(), true, (*n).to_string()));
                                count_at.push(at);
                            }
                        }
                        let value = parse_value(first);
                        if value.is_none() {
                            estimate_doubts.push((at, format!("the estimate {first} is not a whole number")));
                        }
                        estimates.push((value, first.to_string(), line.to_string()));
                        estimate_at.push(at);
                        handout[2] |= is_handout_line(line, HANDOUT_LABELS[2]);
                    }
                }
                LabelKind::Other => {}
            }
        }
    }
    // The board: one distinct board is it; of several, the one the output file holds, or
    // else the last printed.
    let mut distinct: Vec<&(String, String)> = Vec::new();
    for b in &boards {
        if !distinct.iter().any(|d| d.0 == b.0) {
            distinct.push(b);
        }
    }
    let file_board = file.and_then(|f| boards_in(f.trim()).into_iter().next()).map(|(b, _)| b);
    let chosen = match distinct.as_slice() {
        [] => None,
        [one] => Some(*one),
        many => {
            let pick = many.iter().find(|d| Some(&d.0) == file_board.as_ref()).unwrap_or(&many[many.len() - 1]);
            // Printed last and written to the output file: the answer, the others a search's
            // progress left in (`[debug] new best …`), no doubt; or printed first and written
            // to it, the others each named as something else, what the search expected after
            // it (`PV ply 2 (Black): …`).
            let last = boards.last().is_some_and(|b| b.0 == pick.0);
            let named = |b: &(String, String)| b.1.replacen(&b.0, "", 1).chars().any(char::is_alphabetic);
            let first =
                boards.first().is_some_and(|b| b.0 == pick.0) && boards.iter().filter(|b| b.0 != pick.0).all(named);
            if !((last || first) && Some(&pick.0) == file_board.as_ref()) {
                r.doubts.push(format!(
                    "{} different boards printed ({}): read {}{}",
                    many.len(),
                    many.iter().map(|d| d.0.as_str()).collect::<Vec<_>>().join(", "),
                    pick.0,
                    if Some(&pick.0) == file_board.as_ref() { ", the one in the output file" } else { ", the last" }
                ));
            }
            Some(*pick)
        }
    };
    let mut answer_at: Option<usize> = None;
    match chosen {
        Some((b, _)) => {
            // The line it was printed on last (the answer's, not a search's progress).
            let line = boards.iter().rev().find(|(c, _)| c == b).map_or("", |(_, l)| l.as_str());
            answer_at = boards.iter().zip(&board_at).rev().find(|((c, _), _)| c == b).map(|(_, &i)| i);
            r.board = Some(b.clone());
            r.lines.push(visible(line));
        }
        None => {
            if let Some(b) = file_board {
                r.board = Some(b);
                r.board_from_file = true;
            }
        }
    }
    // What no label named, read in the handout's order (the count, then the estimate)
    // where the numbers no label names are exactly as many as the answers missing: the
    // handout's lines without their labels, or in words this does not know.
    unnamed.retain(|(n, _)| parse_value(n).is_some());
    let missing = usize::from(counts.is_empty()) + usize::from(estimates.is_empty());
    if missing > 0 && unnamed.len() == missing {
        let mut unnamed = unnamed.iter();
        if counts.is_empty()
            && let Some((count, line)) = unnamed.next()
            && let Some(n) = whole_count(count)
        {
            counts.push((n, (*line).to_string(), true, (*count).to_string()));
            count_at.push(usize::MAX);
        }
        if estimates.is_empty()
            && let Some((estimate, line)) = unnamed.next()
        {
            estimates.push((parse_value(estimate), (*estimate).to_string(), (*line).to_string()));
            estimate_at.push(usize::MAX);
        }
    } else if missing > 0 && seen_board && !(unnamed.is_empty() && unnamed_before.is_empty()) {
        // Some of them may be the answer: a TA reads the lines.
        unnamed.splice(0..0, unnamed_before.into_iter().filter(|(n, _)| parse_value(n).is_some()));
        let mut lines: Vec<&str> = unnamed.iter().map(|(_, line)| *line).collect();
        lines.dedup();
        r.doubts.push(format!(
            "no {} read, and {} number{} no label names: {}",
            if missing == 2 {
                "count or estimate"
            } else if counts.is_empty() {
                "count"
            } else {
                "estimate"
            },
            unnamed.len(),
            if unnamed.len() == 1 { "" } else { "s" },
            lines.iter().take(3).map(|l| format!("`{}`", visible(l))).collect::<Vec<_>>().join(", ")
        ));
    }
    // A search's progress (`DEBUG root move 3/8: value 950 (best so far 952)`) is printed
    // before the answer: where a count or an estimate is printed with or after the answer's
    // board, those before it are passed over, and their lines' doubts with them.
    if let Some(answer) = answer_at {
        drop_progress(&mut counts, &count_at, answer);
        if drop_progress(&mut estimates, &estimate_at, answer) {
            estimate_doubts.retain(|(i, _)| *i >= answer);
        }
    }
    r.doubts.extend(estimate_doubts.into_iter().map(|(_, d)| d));
    // Of several counts, those of the positions the static estimation evaluated (the
    // handout's count) before the nodes a search visited, expanded or generated, which
    // a student may print beside it to show alpha-beta's savings.
    if counts.iter().any(|c| c.2) {
        counts.retain(|c| c.2);
    }
    keep_deepest(&mut counts, |c| c.1.as_str());
    keep_deepest(&mut estimates, |e| e.2.as_str());
    // Four digits or more with nothing grouping them (`4674`, `-10000.0`).
    let ungrouped = |t: &str| t.trim_start_matches(['-', '+']).chars().take_while(char::is_ascii_digit).count() >= 4;
    if let Some((n, line, _, text)) = counts.first() {
        r.evals = Some(*n);
        r.count_grouped_by_dots = dotted(text);
        r.ungrouped_thousands |= ungrouped(text);
        r.lines.push(visible(line));
        if counts.iter().any(|(m, _, _, _)| m != n) {
            r.doubts.push(format!(
                "{} different counts printed ({}): read the first",
                counts.len(),
                counts.iter().map(|(m, _, _, _)| m.to_string()).collect::<Vec<_>>().join(", ")
            ));
        }
    }
    if let Some((v, text, line)) = estimates.first() {
        r.value = *v;
        r.ungrouped_thousands |= ungrouped(text);
        r.lines.push(visible(line));
        let texts: Vec<&str> = estimates.iter().map(|(_, t, _)| t.as_str()).collect();
        if estimates.iter().any(|(w, _, _)| w != v) {
            r.doubts.push(format!(
                "{} different estimates printed ({}): read the first",
                texts.len(),
                texts.join(", ")
            ));
        }
    }
    r.handout_wording = handout.iter().all(|&h| h);
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    const B: &str = "xxxxxxWWWxWWxBBBBxxxxx";

    fn read(text: &str) -> Reading {
        read_output(text, None)
    }

    /// Asserts that `text` reads as the board `B`, `evals` and `value`, with no doubt.
    fn reads_clean(text: &str, evals: u64, value: i32) {
        let r = read(text);
        assert_eq!(
            (r.board.as_deref(), r.evals, r.value),
            (Some(B), Some(evals), Some(Value::finite(value))),
            "{text}"
        );
        assert!(r.doubts.is_empty(), "{text}: {:?}", r.doubts);
    }

    #[test]
    fn relative_paths_a_program_names() {
        for (said, paths) in [
            (
                "Traceback (most recent call last):\n  File \"/w/src/a.py\", line 3, in <module>\nFileNotFoundError: [Errno 2] No such file or directory: 'data/lines.txt'\n",
                vec!["data/lines.txt"],
            ),
            (
                "Exception in thread \"main\" java.io.FileNotFoundException: data/mills.txt (No such file or directory)\n\tat java.base/java.io.FileInputStream.open0(Native Method)\n",
                vec!["data/mills.txt", "java.base/java.io.FileInputStream.open0"],
            ),
            ("Error: cannot open config/mills.cfg.\n", vec!["config/mills.cfg"]),
            // The grader's own input, absolute, paths out of the folder and addresses are none.
            ("FileNotFoundError: [Errno 2] No such file or directory: '/tmp/x/board_in.txt'\n", vec![]),
            ("No such file: '../data/lines.txt'; see https://example.org/x.txt\n", vec![]),
            ("IndexError: list index out of range\n", vec![]),
        ] {
            assert_eq!(relative_paths_named(said), paths, "{said}");
        }
    }

    #[test]
    fn the_folder_a_program_puts_before_its_path() {
        let given = "/tmp/g/work/x/.grade-calls/input/board_in.txt";
        for (said, folder) in [
            (
                "File not found: boards/tmp/g/work/x/.grade-calls/input/board_in.txt  (board files in boards/)",
                Some("boards"),
            ),
            (
                "FileNotFoundError: [Errno 2] No such file or directory: 'data/boards//tmp/g/work/x/.grade-calls/input/board_in.txt'",
                Some("data/boards"),
            ),
            ("Reading /tmp/g/work/x/.grade-calls/input/board_in.txt\nFile not found", None),
            ("cannot open ../boards/tmp/g/work/x/.grade-calls/input/board_in.txt", None),
            ("nothing named", None),
        ] {
            assert_eq!(folder_put_before(said, given).as_deref(), folder, "{said}");
        }
    }

    #[test]
    fn relative_paths_a_source_quotes() {
        let source = "# settings from config/settings.ini like the lab (don't move it)\n\
            config.read(\"config/settings.ini\")\n\
            lines = open('data/lines.txt').read()  # or \"a b.txt\", 'x'\n\
            print(\"usage: MiniMaxGame.py in out depth\", file=sys.stderr)\n\
            path = os.path.join(HERE, \"/etc/morris.cfg\", '../up.txt', \"https://x.org/a.txt\")\n\
            String s = \"config/settings.ini\"; char c = '\\n'; // \"unclosed.txt\n";
        assert_eq!(relative_paths_quoted(source), vec!["config/settings.ini", "data/lines.txt"]);
    }

    #[test]
    fn a_module_python_could_not_import() {
        let tb = "Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\nModuleNotFoundError: No module named 'numpy.linalg'\n";
        assert_eq!(missing_module(tb).as_deref(), Some("numpy"));
        assert_eq!(missing_module("ModuleNotFoundError: No module named 'board'").as_deref(), Some("board"));
        assert_eq!(missing_module("ImportError: cannot import name 'x' from 'y'"), None);
        assert_eq!(missing_module("ModuleNotFoundError: No module named '../evil'"), None);
    }

    #[test]
    fn a_class_for_a_newer_java() {
        let said = "Error: LinkageError occurred while loading main class ABGame\n\tjava.lang.UnsupportedClassVersionError: ABGame has been compiled by a more recent version of the Java Runtime (class file version 65.0), this version of the Java Runtime only recognizes class file versions up to 61.0\n";
        assert_eq!(newer_java(said), Some(21));
        assert_eq!(newer_java("Exception in thread \"main\" java.lang.NullPointerException"), None);
        assert!(python2(
            "    print \"Board Position: \" + b\n    ^^^^^\nSyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)?"
        ));
        assert!(!python2("SyntaxError: invalid syntax"));
        // Refused before it ran: no command line can change that.
        let compile = "  File \"MiniMaxGame.py\", line 3\n    print \"x\"\n    ^^^^^\nSyntaxError: Missing parentheses in call to 'print'.";
        assert!(refused_before_running(compile));
        assert!(refused_before_running("Sorry: IndentationError: x\nIndentationError: unexpected indent"));
        assert!(refused_before_running(
            "Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\n    import numpy\nModuleNotFoundError: No module named 'numpy'"
        ));
        assert!(refused_before_running("Error: Could not find or load main class MiniMaxGame"));
        // A syntax error in a module imported at the top level: refused before it ran.
        assert!(refused_before_running(
            "Traceback (most recent call last):\n  File \"a.py\", line 9, in <module>\n    import helper\n  File \"helper.py\", line 2\nSyntaxError: invalid syntax"
        ));
        // One imported as a function of its own ran, or a failure of its own code:
        // another command line may yet reach an answer.
        assert!(!refused_before_running(
            "Traceback (most recent call last):\n  File \"a.py\", line 30, in <module>\n    main()\n  File \"a.py\", line 12, in main\n    import helper\n  File \"helper.py\", line 2\nSyntaxError: invalid syntax"
        ));
        assert!(!refused_before_running(
            "Traceback (most recent call last):\n  File \"a.py\", line 4, in <module>\n    depth = int(sys.argv[1])\nValueError: invalid literal for int() with base 10: 'in.txt'"
        ));
        // python3.11 on a Python 3.12 f-string (PEP 701), as it says it.
        assert!(newer_python(
            "  File \"MiniMaxGame.py\", line 40\n    print(f\"Board Position: {\"\".join(board)}\")\n                                 ^\nSyntaxError: f-string: expecting '}'\n"
        ));
        assert!(newer_python("SyntaxError: f-string: unmatched '['"));
        assert!(newer_python("SyntaxError: f-string expression part cannot include a backslash"));
        assert!(!newer_python("SyntaxError: invalid syntax"));
        // javac 17 on Java 21's List.getFirst() and reversed().
        let javac = "T.java:2: error: cannot find symbol\n        l.getFirst();\n         ^\n  symbol:   method getFirst()\n  location: variable l of type List<String>\nT.java:3: error: cannot find symbol\n  symbol:   method reversed()\n  location: variable moves of type ArrayList<int[]>\nT.java:4: error: cannot find symbol\n  symbol:   method getFirst()\n  location: variable board of type Board\n";
        assert_eq!(newer_java_methods(javac), vec!["getFirst".to_string(), "reversed".to_string()]);
        assert!(
            newer_java_methods("error: cannot find symbol\n  symbol:   method getFirst()\n  location: class Board\n")
                .is_empty()
        );
        let javac = "T.java:1: error: package com.google.common.collect does not exist\nimport com.google.common.collect.ImmutableList;\n                                ^\nT.java:2: error: package org.apache.commons.lang3 does not exist\nT.java:9: error: package com.google.common.collect does not exist\n";
        assert_eq!(missing_java_packages(javac), vec!["com.google.common.collect", "org.apache.commons.lang3"]);
        assert!(missing_java_packages("T.java:3: error: cannot find symbol").is_empty());
    }

    #[test]
    fn the_count_of_positions_evaluated_beside_the_nodes_a_search_visited() {
        // A student showing alpha-beta's savings prints the nodes it visited too, before
        // or after the handout's count: the count of positions evaluated is read, no doubt.
        for text in [
            format!(
                "Nodes expanded: 45\nPositions evaluated by static estimation: 9.\nBoard Position: {B}\nAB estimate: 3\n"
            ),
            format!(
                "Board Position: {B}\nPositions evaluated by static estimation: 9\nNodes visited: 45\nAB estimate: 3\n"
            ),
            format!("Board: {B}\nTotal nodes generated = 45\nLeaf nodes evaluated = 9\nEstimate = 3\n"),
        ] {
            let r = read(&text);
            assert_eq!(r.evals, Some(9), "{text}");
            assert!(r.doubts.is_empty(), "{text}: {:?}", r.doubts);
        }
        // Two counts of one kind are still a doubt.
        let r = read(&format!("Board Position: {B}\nPositions evaluated: 9\nNodes evaluated: 12\nAB estimate: 3\n"));
        assert_eq!(r.evals, Some(9));
        assert_eq!(r.doubts, vec!["2 different counts printed (9, 12): read the first".to_string()]);
    }

    #[test]
    fn the_handout_lines() {
        let r = read(&format!(
            "Board Position: {B}\nPositions evaluated by static estimation: 125.\nMINIMAX estimate: 9987.\n"
        ));
        assert_eq!(r.board.as_deref(), Some(B));
        assert_eq!(r.evals, Some(125));
        assert_eq!(r.value, Some(Value::finite(9987)));
        assert!(r.handout_wording);
        assert!(r.doubts.is_empty());
        assert_eq!(r.lines.len(), 3);
    }

    #[test]
    fn the_three_on_one_line_a_space_apart() {
        for text in [
            format!("Board Position: {B} Positions evaluated by static estimation: 9240 MINIMAX estimate: 3\n"),
            format!("Board Position: {B}. Positions evaluated by static estimation: 9240. MINIMAX estimate: 3.\n"),
        ] {
            let r = read(&text);
            assert_eq!((r.board.as_deref(), r.evals, r.value), (Some(B), Some(9240), Some(Value::finite(3))), "{text}");
            assert!(r.doubts.is_empty(), "{text}: {:?}", r.doubts);
        }
    }

    #[test]
    fn keys_and_values_one_space_apart() {
        // `printf("evals=%d value=%d\n", …)`: two things on one line, one space apart.
        for text in [format!("{B}\nevals=9240 value=3\n"), format!("board:{B} evals:9240 est:3\n")] {
            let r = read(&text);
            assert_eq!((r.evals, r.value), (Some(9240), Some(Value::finite(3))), "{text}");
            assert!(r.doubts.is_empty(), "{text}: {:?}", r.doubts);
        }
        // A label's own words are not split from its number.
        let r = read(&format!("{B}\nPositions evaluated by static estimation: 9240\nMINIMAX estimate: 3\n"));
        assert_eq!((r.evals, r.value), (Some(9240), Some(Value::finite(3))));
    }

    #[test]
    fn an_estimate_said_again_or_a_percentage_is_no_doubt() {
        for line in ["MINIMAX estimate: 952 (White ahead by 952, 100% sure)", "MINIMAX estimate: 952 [952]"] {
            let r = read(&format!("Board Position: {B}\nPositions evaluated: 4674\n{line}\n"));
            assert_eq!(r.value, Some(Value::finite(952)), "{line}");
            assert!(r.doubts.is_empty(), "{line}: {:?}", r.doubts);
        }
        // Another number no words name is still one.
        let r = read(&format!("Board Position: {B}\nPositions evaluated: 4674\nMINIMAX estimate: 952 (17)\n"));
        assert_eq!(r.doubts.len(), 1, "{:?}", r.doubts);
    }

    #[test]
    fn a_search_that_deepens_prints_each_depth() {
        // Iterative deepening, each depth's answer before the board: the last depth's read.
        for text in [
            format!(
                "Depth 1: 22 positions evaluated, estimate 1\nDepth 2: 462 positions evaluated, estimate 0\n\
                 Depth 3: 9240 positions evaluated, estimate 3\nBoard Position: {B}\n"
            ),
            format!(
                "[iteration 1] evals=22 value=1\n[iteration 2] evals=462 value=0\n[iteration 3] evals=9240 value=3\n{B}\n"
            ),
        ] {
            let r = read(&text);
            assert_eq!(r.evals, Some(9240), "{text}");
            assert_eq!(r.value, Some(Value::finite(3)), "{text}");
            assert!(r.doubts.is_empty(), "{text}: {:?}", r.doubts);
        }
        // Depths that do not rise are no deepening: a TA reads them.
        let r = read(&format!(
            "depth 3: 9240 positions evaluated\ndepth 2: 462 positions evaluated\nBoard: {B}\nestimate: 3\n"
        ));
        assert_eq!(r.evals, Some(9240));
        assert_eq!(r.doubts.len(), 1, "{:?}", r.doubts);
        assert_eq!(named_depth("Searched to depth=4 (ply 7)"), Some(4));
        assert_eq!(named_depth("bestdepth 3 copied"), None);
        assert_eq!(named_depth("深度 5"), Some(5));
    }

    #[test]
    fn students_wordings() {
        let cases = [
            format!("Board Position   : {B}\nPositions evaluated by static estimation  : 125\nMINMAX Estimate : 9987"),
            format!("Output Board Position : {B}\nPositions evaluated: 125\nMINIMAX estimate = 9987."),
            format!("Output board is: {B}\nNumber of positions evaluated: 125\nAB estimate: 9987"),
            format!("Best move: {B}\nPositions Evaluated By AB : 125\nStatic estimation: 9987.0"),
            format!("Board: {B}.\nnodes examined 125\nvalue 9987"),
            format!("Input board: {}\n{B}\nevaluations=125\nAlpha-Beta estimate: 9987", "x".repeat(22)),
            // What was counted after its number.
            format!("Position:   {B}\nEvaluated:  125 positions\nEstimate:   9987 (MiniMax)"),
            format!("Best move: {B}\n125 positions evaluated\nMINIMAX estimate: 9987"),
            // Terse labels (`printf("board: %s\nevals: %d\nest: %d\n", …)`).
            format!("board: {B}\nevals: 125\nest: 9987\n"),
            // A title line naming the search and its depth before the answer, in a box.
            format!(
                "== MiniMaxOpening ==  White to move, opening, MINIMAX depth 3, handout estimation\n| Board Position         : {B} |\n| Static evaluations     : 125                  |\n| MINIMAX estimate       : 9987                 |\n"
            ),
            // The three lines with no labels at all, in the handout's order.
            format!("{B}\n125\n9987\n"),
            // A remark after the number, with a colon of its own.
            format!(
                "Board Position: {B}   (Black moves c3 -> c4, depth 3)\nPositions evaluated by static estimation: 125.\nMINIMAX estimate: 9987.   (estimate is for Black: positive = good for Black)"
            ),
            // Prompts answered from stdin, printed without line breaks before the board.
            format!(
                "Enter the depth: Enter the input file name: Enter the output file: Board Position: {B}\nPositions evaluated by static estimation: 125.\nMINIMAX estimate: 9987."
            ),
            // In the student's own language (the count's label names an estimation too).
            format!(
                "Tablero inicial: {}\nPosición del tablero: {B}\nPosiciones evaluadas por la estimación estática: 125.\nEstimación MINIMAX: 9987.",
                "x".repeat(22)
            ),
            format!("Posição do tabuleiro: {B}\nPosições avaliadas: 125\nValor MINIMAX: 9987"),
            format!("Stellung: {B}\nBewertete Stellungen: 125\nMINIMAX-Wert: 9987"),
            format!("Plateau: {B}\nPositions évaluées: 125\nValeur MINIMAX: 9987"),
            // How often the estimation was called, and the value in a sentence.
            format!(
                "New board: {B} (written to out.txt)\nStatic estimation was called 125 times\nThe MINIMAX value of this move is 9987 for White"
            ),
            format!("Board: {B}\nCalls to the evaluation function: 125\nMinimax estimate: 9987"),
            format!("Board: {B}\nPositions checked: 125\nMinimax estimate: 9987"),
            format!("Board: {B}\nStatic evaluations performed: 125\nMinimax estimate: 9987"),
            format!("Board: {B}\nBoards scored: 125\nMinimax estimate: 9987"),
            format!("Board: {B}\nNumber of positions scored by the heuristic: 125\nBest value: 9987"),
            format!("Board: {B}\nEvaluation function calls - 125\nMinimax estimate - 9987"),
            format!("Resulting board: {B}\nStatic estimations done: 125\nMinimax result: 9987"),
            format!("Chosen board {B}\nEvaluated the board 125 times\nMinimax returned 9987"),
            format!("{B}\nLeaf count: 125\nRoot value: 9987"),
            format!("Board: {B} | Evaluated: 125 | Estimate: 9987"),
            format!("{{\"board\": \"{B}\", \"positions_evaluated\": 125, \"minimax_estimate\": 9987}}"),
            format!("Board Position: {B}\nEvaluated by static estimation: 125\nMINIMAX estimate: 9987"),
            format!("Board Position: {B}  [125 positions evaluated]\nMINIMAX estimate: 9987"),
            format!("Best board: {B}\nMINIMAX estimate = 9987 (125 leaves)"),
            format!("Board: {B}\nPositions evaluated: 125 (depth 3)\nMINIMAX estimate: 9987 (for White)"),
            format!("Board: {B}\nMoves evaluated: 125\nResult: 9987"),
            format!("Board: {B}\nEvaluated 125 positions, estimate 9987"),
            format!("Output: {B}\nNodes: 125\nValue: 9987"),
            // A value's label that names a board is still a value.
            format!("Board: {B}\nPositions evaluated: 125\nBoard score: 9987"),
            // Prose: the count and the estimate in one sentence, the estimate a double.
            format!(
                "White's best move leads to the board {B} (22 letters).\nI evaluated 125 positions with the static estimation function, and the MINIMAX estimate of that move is 9987.000000."
            ),
        ];
        // Every wording read wrong, named at once.
        let wrong: Vec<String> = cases
            .iter()
            .map(|text| (text, read(text)))
            .filter(|(_, r)| {
                r.board.as_deref() != Some(B)
                    || r.evals != Some(125)
                    || r.value != Some(Value::finite(9987))
                    || r.handout_wording
                    || !r.doubts.is_empty()
            })
            .map(|(text, r)| {
                format!("{text}\n  read {:?} / {:?} / {:?}; doubts {:?}", r.board, r.evals, r.value, r.doubts)
            })
            .collect();
        assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
    }

    #[test]
    fn lines_run_together() {
        // The `\n` forgotten after the board and after the count.
        for text in [
            format!("Board Position: {B}Positions evaluated by static estimation: 125.MINIMAX estimate: 9987.\n"),
            format!("Board Position: {B}Positions evaluated: 125MINIMAX estimate: 9987"),
            format!("Board Position: {B}\nPositions evaluated: 125.MINIMAX estimate: 9987.Done\n"),
        ] {
            reads_clean(&text, 125, 9987);
        }
        // Not parted: a word that only holds a board's letters, a number inside a word.
        assert_eq!(
            unglue("WxxxxxxxxxxxxxxxxxxxxxBx Total\nAB2Game x3B\n"),
            "WxxxxxxxxxxxxxxxxxxxxxBx Total\nAB2Game x3B\n"
        );
    }

    #[test]
    fn a_board_printed_as_a_list() {
        let spaced = |sep: &str| B.chars().map(String::from).collect::<Vec<_>>().join(sep);
        let python = format!("['{}']", B.chars().map(String::from).collect::<Vec<_>>().join("', '"));
        for shown in [python, format!("[{}]", spaced(", ")), spaced(" "), spaced(",")] {
            let r = read(&format!("Board Position: {shown}\nPositions evaluated: 125\nMINIMAX estimate: 9987\n"));
            assert_eq!(r.board.as_deref(), Some(B), "{shown}");
            assert!(!r.handout_wording, "{shown}");
            let r = read_output("Positions evaluated: 125\nMINIMAX estimate: 9987\n", Some(&format!("{shown}\n")));
            assert_eq!(r.board.as_deref(), Some(B), "the output file's: {shown}");
        }
        // The input echoed as a list is passed over like the input echoed as a string.
        let r = read(&format!("Input board: {}\nBoard Position: {B}\n", spaced(" ")));
        assert!(r.doubts.is_empty() && r.board.as_deref() == Some(B), "{r:?}");
        // 21 or 23 letters, or letters a drawing's rows apart, are no board.
        assert!(boards_in(&spaced(" ")[2..]).is_empty());
        assert!(boards_in(&format!("{} x", spaced(" "))).is_empty());
        assert!(boards_in(&spaced("\n")).is_empty());
        assert!(boards_in(&spaced(" ----- ")).is_empty());
    }

    #[test]
    fn more_labels_and_lines_that_name_several_things() {
        for (text, evals, value) in [
            (format!("Board Position: {B}\nPositions: 125\nEstimate: 9987"), 125, 9987),
            (format!("Board Position: {B}\nLeaf nodes: 125\nStatic evaluation: 9987"), 125, 9987),
            (format!("Board Position: {B}\nTotal number of positions: 125\nValue: 9987"), 125, 9987),
            (format!("Board Position: {B}\nStatic evaluation count: 125\nMINIMAX estimate: -9987"), 125, -9987),
            (format!("Board Position: {B}\nPositions evaluated: 125, MINIMAX estimate: 9987"), 125, 9987),
            (format!("Best move: {B} | evaluated positions: 125 | value: 9987"), 125, 9987),
            (
                format!("Board Position: {B}; Positions evaluated by static estimation: 125; MINIMAX estimate: 9987"),
                125,
                9987,
            ),
            (format!("Board Position: {B}\tevals=125\testimate=9987"), 125, 9987),
            // A label holding a comma stays one: the number after it is the estimate.
            (format!("Board Position: {B}\nPositions evaluated: 125\nEstimate for depth 3, White: 9987"), 125, 9987),
            // Thousands with a comma are one number.
            (format!("Board Position: {B}\nPositions evaluated: 1,250\nMINIMAX estimate: 9,987"), 1250, 9987),
            // And with Python's underscores (`f"{count:_}"`): the TA trial's count of 4_674
            // was read as none, 92.35 for work right in substance.
            (format!("Board Position: {B}\nPositions evaluated: 4_674\nMINIMAX estimate: -1_988"), 4674, -1988),
        ] {
            let r = read(&text);
            assert_eq!(r.board.as_deref(), Some(B), "{text}");
            assert_eq!(r.evals, Some(evals), "{text}");
            assert_eq!(r.value, Some(Value::finite(value)), "{text}");
        }
        // A list board's commas do not split its line.
        let list = format!("[{}]", B.chars().map(String::from).collect::<Vec<_>>().join(", "));
        let r = read(&format!("Board Position: {list}, estimate: 5, positions evaluated: 7"));
        assert_eq!((r.board.as_deref(), r.evals, r.value), (Some(B), Some(7), Some(Value::finite(5))));
    }

    #[test]
    fn colours_printed_with_the_answer() {
        let text = format!(
            "\x1b[1;32mBoard Position: {B}\x1b[0m\n\x1b[33mPositions evaluated by static estimation:\x1b[0m 125\n\x1b[36mMINIMAX estimate: -9987\x1b[0m\n"
        );
        let r = read(&text);
        assert_eq!((r.board.as_deref(), r.evals, r.value), (Some(B), Some(125), Some(Value::finite(-9987))), "{r:?}");
    }

    #[test]
    fn colours_around_the_values_alone() {
        // A student's colours wrap only the board and the numbers; a sign stays a sign.
        let (g, c, r) = ("\x1b[92m", "\x1b[1;96m", "\x1b[0m");
        let text = format!(
            "Board Position: {g}{B}{r}\nPositions evaluated by static estimation: {c}125{r}.\nMINIMAX estimate: {c}-2013{r}.\n"
        );
        let r = read(&text);
        assert_eq!((r.board.as_deref(), r.evals, r.value), (Some(B), Some(125), Some(Value::finite(-2013))), "{r:?}");
        assert!(r.doubts.is_empty(), "{r:?}");
        // An escape that starts no sequence is kept, and shown.
        assert_eq!(without_colours("a\x1b\x1b[0mb\x1b[31"), "a\x1bb\x1b[31");
    }

    #[test]
    fn the_count_and_estimate_on_one_line_in_any_order() {
        for line in [
            "Board Position: {B}  (static evaluations: 4674, MINIMAX estimate: 952)",
            "Board Position: {B} (static evaluations: 4674, MINIMAX estimate: 952)",
            "Board Position: {B}\nBest move value 952 after evaluating 4674 positions",
            "Board Position: {B}\nMINIMAX estimate: 952 (4674 positions evaluated)",
            "Board Position: {B}\nEvaluated 4674 positions; estimate = 952",
            "Board Position: {B}\nEvaluated 4674 positions with a best value of 952",
        ] {
            let r = read(&format!("{}\n", line.replace("{B}", B)));
            assert_eq!(
                (r.board.as_deref(), r.evals, r.value),
                (Some(B), Some(4674), Some(Value::finite(952))),
                "{line}: {r:?}"
            );
            assert!(r.doubts.is_empty(), "{line}: {:?}", r.doubts);
        }
    }

    /// TA trial 20's probes: a record printed whole, and a logger's prefix before each line
    /// (before 2026-12-02, nothing read after a record's board; `11:41:19,124` read as the
    /// count 19124 and the count line's number as the estimate).
    #[test]
    fn records_printed_whole_and_loggers_prefixes() {
        for text in [
            format!("Result(board='{B}', evaluated=4674, estimate=952)\n"),
            format!("SearchResult[board={B}, positionsEvaluated=4674, estimate=952]\n"),
            format!(
                "[2026-12-02 11:41:19,123] Board Position: {B}\n[2026-12-02 11:41:19,124] Positions evaluated by static estimation: 4674\n[2026-12-02 11:41:19,125] MINIMAX estimate: 952\n"
            ),
            format!(
                "2026-12-02 11:41:19,124 - root - INFO - Board Position: {B}\n2026-12-02 11:41:19,124 - root - INFO - Positions evaluated: 4674\n2026-12-02 11:41:19,124 - root - INFO - MINIMAX estimate: 952\n"
            ),
            format!(
                "INFO:root:Board Position: {B}\nINFO:root:Positions evaluated: 4674\nINFO:root:MINIMAX estimate: 952\n"
            ),
            format!(
                "[2026-12-02T11:41:19Z INFO  morris] Board Position: {B}\n[2026-12-02T11:41:19Z INFO  morris] Positions evaluated: 4674\n[2026-12-02T11:41:19Z INFO  morris] MINIMAX estimate: 952\n"
            ),
            format!(
                "11:41:19.124 [main] INFO  Search - Board Position: {B}\n11:41:19.125 [main] INFO  Search - Positions evaluated: 4674\n11:41:19.125 [main] INFO  Search - MINIMAX estimate: 952\n"
            ),
        ] {
            reads_clean(&text, 4674, 952);
        }
        // The answer first, then the boards the search expected after it: the file's board
        // is the first printed, no doubt (before, a doubt on every case).
        let text = format!(
            "Board Position: {B}\nPositions evaluated: 4674\nMINIMAX estimate: 952\nPV ply 1 (White): {B}\nPV ply 2 (Black): {}\n",
            B.replacen('x', "B", 1)
        );
        let r = read_output(&text, Some(B));
        assert_eq!((r.board.as_deref(), r.evals), (Some(B), Some(4674)));
        assert!(r.doubts.is_empty(), "{:?}", r.doubts);
        // One line parted by full-width commas (before, nothing read after its board).
        let r = read(&format!("棋盘：{B}，局面数：4674，估值：952\n"));
        assert_eq!((r.evals, r.value), (Some(4674), Some(Value::finite(952))), "{r:?}");
        // One sentence holding all three (before, nothing read after its board).
        for text in [
            format!("White plays to {B} with estimate 952 after 4674 static evaluations.\n"),
            format!("Best move: {B} with a MINIMAX estimate of 952 (4674 positions evaluated)\n"),
        ] {
            let r = read(&text);
            assert_eq!((r.evals, r.value), (Some(4674), Some(Value::finite(952))), "{text}: {r:?}");
        }
        // Not a logger's: a line that begins with a number stays whole.
        assert_eq!(without_log_prefix("4674 positions evaluated"), "4674 positions evaluated");
        assert_eq!(without_log_prefix("Board Position: x"), "Board Position: x");
    }

    /// TA trial 17's student who left its logger's DEBUG level on: each root move's value
    /// as searched, then the answer. Before, the first progress line's value was read
    /// (-48 for 952), flagged with a doubt a line.
    #[test]
    fn a_search_s_progress_before_the_answer_is_passed_over() {
        let text = format!(
            "[03:46:42.841] INFO  input board: xxxxxxxxWWxWWxBBBxxxxx (White 4, Black 3)\n\
             [03:46:42.842] DEBUG root move 1/8 (b3-b1): value -48 (best so far -48)\n\
             [03:46:42.842] DEBUG root move 2/8 (c3-c2): value <=-48 (best so far -48)\n\
             [03:46:42.843] DEBUG root move 3/8 (c3-c4): value 952 (best so far 952)\n\
             [03:46:42.843] DEBUG root move 5/8 (f3-e3): value <=949 (best so far 952)\n\
             [03:46:42.844] INFO  search took 2 ms\n\
             [03:46:42.844] INFO  Result board: {B}\n\
             [03:46:42.844] INFO  Static evaluations: 453\n\
             [03:46:42.844] INFO  ALPHA-BETA value: 952\n"
        );
        let r = read(&text);
        assert_eq!((r.board.as_deref(), r.evals, r.value), (Some(B), Some(453), Some(Value::finite(952))), "{r:?}");
        assert!(r.doubts.is_empty(), "{:?}", r.doubts);
        // Printed before the board, the answer's own numbers are still read.
        let r = read(&format!("Positions evaluated: 453\nMINIMAX estimate: 952\nBoard Position: {B}\n"));
        assert_eq!((r.evals, r.value), (Some(453), Some(Value::finite(952))), "{r:?}");
    }

    #[test]
    fn thousands_grouped_by_dots_as_german_and_italian_write_them() {
        for (count, estimate, evals, value) in [
            ("9.240", "952", 9240, 952),
            ("1.234.567.", "-2.013", 1_234_567, -2013),
            ("6.912", "1.000", 6912, 1),
            ("453", "952.000000", 453, 952),
        ] {
            let r = read(&format!(
                "Spielbrett: {B}\nAnzahl der statisch bewerteten Stellungen: {count}\nMINIMAX-Schätzwert: {estimate}\n"
            ));
            assert_eq!((r.evals, r.value), (Some(evals), Some(Value::finite(value))), "{count} {estimate}: {r:?}");
        }
        assert_eq!(parse_value("0.5"), None, "a fraction is no estimate");
        // A Swiss apostrophe (before 2026-12-02 read as 6).
        let r = read(&format!("Board: {B}\nPositions evaluated: 6'912\nMINIMAX estimate: -10’000\n"));
        assert_eq!((r.evals, r.value), (Some(6912), Some(Value::finite(-10000))));
        // Plain spaces grouping a labelled number (the SI's way, a French student's
        // `replace(',', ' ')`): one number where the program's outputs show it groups so
        // (before 2026-12-02 read as 6); two where it does not (`estimate: 952 950`).
        let french = |count: &str, estimate: &str| {
            format!("Position après le coup : {B}\nPositions évaluées : {count}\nEstimation MINIMAX : {estimate}.\n")
        };
        let spaced = (french("6 912", "-10 000"), None);
        let grouping = Grouping::of([(spaced.0.as_str(), spaced.1), (french("453", "952").as_str(), None)]);
        assert_eq!(grouping, Grouping { dots: false, spaces: true });
        let r = read_output_as(&spaced.0, None, grouping);
        assert_eq!((r.evals, r.value), (Some(6912), Some(Value::finite(-10000))), "{r:?}");
        let plain = french("4674", "952");
        assert!(!Grouping::of([(spaced.0.as_str(), None), (plain.as_str(), None)]).spaces);
        let r = read(&spaced.0);
        assert!(r.spaced_thousands && r.evals == Some(6), "{r:?}");
        // Numbers a space apart with no label before them stay two, whatever the grouping.
        let r = read_output_as(&format!("{B} 453 952\n"), None, grouping);
        assert_eq!((r.evals, r.value), (Some(453), Some(Value::finite(952))));
        // Whether the count shows the grouping: only where no decimal could be it.
        let grouped =
            |count: &str| read(&format!("Board: {B}\nEvaluated: {count}\nEstimate: 1\n")).count_grouped_by_dots;
        assert!(grouped("4.674") && grouped("1.234.567"));
        assert!(!grouped("4674") && !grouped("1.000") && !grouped("4,674") && !grouped("0.674"));
        // For a program that groups so (decided from all its outputs), `10.000` is ten
        // thousand, a count's `1.000` a thousand.
        for (count, estimate, evals, value) in [("235", "-10.000", 235, -10000), ("1.000", "952", 1000, 952)] {
            let text = format!("Zug: {B}\nStellungen: {count}\nSchätzung: {estimate}\n");
            let r = read_output_as(&text, None, Grouping { dots: true, spaces: false });
            assert_eq!((r.evals, r.value), (Some(evals), Some(Value::finite(value))), "{count} {estimate}: {r:?}");
        }
    }

    #[test]
    fn a_depth_or_time_after_the_estimate_is_no_doubt() {
        for (line, doubt) in [
            ("MINIMAX estimate: 952 (depth 3)", false),
            ("MINIMAX estimate: 952 at depth 3, 0.41 s", false),
            ("MINIMAX estimate: 952 [took 12 ms]", false),
            ("MINIMAX estimate: 952 (2nd best 950)", true),
            ("MINIMAX estimate: 952 950", true),
        ] {
            let r = read(&format!("Board Position: {B}\nPositions evaluated by static estimation: 125\n{line}\n"));
            assert_eq!(r.value, Some(Value::finite(952)), "{line}");
            assert_eq!(r.doubts.iter().any(|d| d.contains("two numbers")), doubt, "{line}: {:?}", r.doubts);
        }
    }

    #[test]
    fn a_title_with_the_depth_is_no_estimate() {
        for title in ["MiniMaxOpening (depth 3)", "[MiniMaxGame] depth=3 input=board1.txt output=board2.txt"] {
            let r = read(&format!(
                "{title}\nBoard Position: {B}\nPositions evaluated by static estimation: 125.\nMINIMAX estimate: 1.\n"
            ));
            assert_eq!((r.board.as_deref(), r.evals, r.value), (Some(B), Some(125), Some(Value::finite(1))), "{title}");
            assert!(r.doubts.is_empty(), "{title}: {r:?}");
        }
    }

    #[test]
    fn infinities_as_programs_print_them() {
        for (text, want) in [
            ("-inf", Value::NEG_INFINITY),
            ("inf", Value::INFINITY),
            ("-Infinity", Value::NEG_INFINITY),
            ("Infinity.", Value::INFINITY),
            ("-2147483648", Value::NEG_INFINITY),
            ("2147483647", Value::INFINITY),
            ("Integer.MIN_VALUE", Value::NEG_INFINITY),
            ("-∞", Value::NEG_INFINITY),
            ("1e9", Value::INFINITY),
            ("-10000", Value::finite(-10000)),
            ("-3.0", Value::finite(-3)),
        ] {
            let r = read(&format!(
                "Board Position: {B}\nPositions evaluated by static estimation: 0\nMINIMAX estimate: {text}"
            ));
            assert_eq!(r.value, Some(want), "{text}");
        }
    }

    #[test]
    fn a_number_on_the_line_after_its_label() {
        let r = read(&format!(
            "Board Position:\n{B}\nPositions evaluated by static estimation:\n125\nMINIMAX estimate:\n-inf\n"
        ));
        assert_eq!(r.board.as_deref(), Some(B));
        assert_eq!(r.evals, Some(125));
        assert_eq!(r.value, Some(Value::NEG_INFINITY));
    }

    #[test]
    fn the_board_from_the_output_file_when_stdout_has_none() {
        let r = read_output("Positions evaluated: 9\nEstimate: 1\n", Some(&format!("{B}\n")));
        assert_eq!(r.board.as_deref(), Some(B));
        assert!(r.board_from_file);
        assert_eq!(r.evals, Some(9));
    }

    #[test]
    fn two_boards_are_a_doubt_and_the_file_decides() {
        let other = "Wxxxxxxxxxxxxxxxxxxxxx";
        let text = format!("Board Position: {B}\n{other}\nPositions evaluated: 1\nestimate: 2\n");
        let r = read_output(&text, Some(B));
        assert_eq!(r.board.as_deref(), Some(B));
        assert_eq!(r.doubts.len(), 1, "{:?}", r.doubts);
        assert!(r.doubts[0].contains("the one in the output file"));
        let r = read_output(&text, None);
        assert_eq!(r.board.as_deref(), Some(other), "the last printed");
        assert!(r.doubts[0].contains("the last"));
    }

    /// Bare numbers are read by the handout's order only where they are exactly its two.
    #[test]
    fn unlabelled_numbers_only_as_the_handouts_two() {
        let r = read(&format!("{B}\n125\n9987\n"));
        assert_eq!((r.evals, r.value), (Some(125), Some(Value::finite(9987))));
        for text in [format!("{B}\n125\n"), format!("{B}\n3\n125\n9987\n"), "125\n9987\n".to_string()] {
            let r = read(&text);
            assert_eq!((r.evals, r.value), (None, None), "{text}");
        }
    }

    /// Labels in words this does not know, and numbers printed after the board with none:
    /// what the known labels left unread is read by the handout's order, where the
    /// numbers no label names are exactly as many.
    #[test]
    fn numbers_no_known_label_names_by_the_handouts_order() {
        let cases = [
            // Hindi: no label known.
            format!("बोर्ड की स्थिति: {B}\nमूल्यांकित स्थितियाँ: 125\nअनुमान: 9987\n"),
            // The estimate's label known, the count's not.
            format!("Plansza: {B}\nLiczba ocenionych pozycji: 125\nMINIMAX: 9987\n"),
            // `print(board, count, value)` and a tuple printed.
            format!("{B} 125 9987\n"),
            format!("('{B}', 125, 9987)\n"),
            // A time printed after, which no answer is.
            format!("Brädposition: {B}\nUtvärderade: 125\nUppskattning: 9987\nTime: 12 ms\n"),
            // Chinese, Japanese and Korean labels, read by their words.
            format!("棋盘位置: {B}\n静态估值函数评估的局面数: 125\nMINIMAX 估值: 9987\n"),
            format!("盤面: {B}\n評価したノード数: 125\n評価値: 9987\n"),
            format!("보드: {B}\n평가한 노드 개수: 125\n평가값: 9987\n"),
        ];
        for text in &cases {
            let r = read(text);
            assert_eq!((r.evals, r.value), (Some(125), Some(Value::finite(9987))), "{text}");
        }
        // Comma-separated values after a header, and two answers on a line parted by ` / `
        // or by the spaces that aligned them (before 2026-12-02: 96.03, flagged, and 37.14).
        for text in [
            format!("board,evaluated,estimate\n{B},4674,952\n"),
            format!("Board Position: {B}\nPositions evaluated by static estimation: 4674 / MINIMAX estimate: 952\n"),
            format!("Board Position: {B}\nPositions evaluated: 4674    MINIMAX estimate: 952\n"),
        ] {
            let r = read(&text);
            assert_eq!((r.evals, r.value), (Some(4674), Some(Value::finite(952))), "{text}");
        }
        // Three digits after the comma, which would read as thousands elsewhere.
        let r = read(&format!("board,evaluated,estimate\n{B},453,952\n"));
        assert_eq!((r.evals, r.value), (Some(453), Some(Value::finite(952))));
        // French thousands, grouped by no-break spaces.
        let r = read(&format!("Position : {B}\nPositions évaluées : 9\u{202f}240\nEstimation : 1\u{a0}000\n"));
        assert_eq!((r.evals, r.value), (Some(9240), Some(Value::finite(1000))));
        // More unnamed numbers than answers missing, one before the board, or one that
        // names a depth: none read by order.
        for text in [
            format!("Plansza: {B}\nGłębokość: 3\nLiczba: 125\nWynik: 9987\n"),
            format!("Runda 2\n{B}\n125\n"),
            // No board at all (a root without a move said in words): nothing to ask.
            "Zadanie 2\nBrak ruchu.\n".to_string(),
            // In an order of the student's own, the board last.
            format!("Wynik: 9987\nLiczba: 125\nPlansza: {B}\n"),
            format!("Plansza: {B}\nPositions evaluated: 125\nDepth: 3\n"),
            format!("{B} at move 12\n125\n9987\n3\n"),
        ] {
            let r = read(&text);
            assert!(r.evals.is_none() || r.value.is_none(), "{text}");
            assert_ne!(r.value, Some(Value::finite(3)), "{text}");
            // Where the unnamed numbers may hold the answer, a TA is asked to look; a depth
            // is none.
            let asked = r.doubts.iter().any(|d| d.contains("no label names"));
            assert_eq!(asked, !text.contains("Depth") && !text.contains("Brak"), "{text}: {:?}", r.doubts);
        }
    }

    /// A search's progress left in, each better move's board printed as it is found: the
    /// board printed last and written to the output file is the answer, no doubt.
    #[test]
    fn boards_printed_before_the_answer_the_file_holds() {
        let other = "Wxxxxxxxxxxxxxxxxxxxxx";
        let text = format!(
            "[debug] 9 moves at the root\n[debug] new best {other} -> 1\n[debug] new best {B} -> 3\nOutput board position: {B}\nPositions evaluated: 1\nestimate: 3\n"
        );
        let r = read_output(&text, Some(B));
        assert_eq!(r.board.as_deref(), Some(B));
        assert!(r.doubts.is_empty(), "{:?}", r.doubts);
        assert_eq!(r.lines[0], format!("Output board position: {B}"), "the line of the answer is shown");
    }

    #[test]
    fn two_estimates_are_a_doubt() {
        let r = read(&format!("Board Position: {B}\nPositions evaluated: 4\nMINIMAX estimate: 3\nAB estimate: 5\n"));
        assert_eq!(r.value, Some(Value::finite(3)));
        assert!(r.doubts.iter().any(|d| d.contains("different estimates")), "{:?}", r.doubts);
    }

    #[test]
    fn words_that_are_not_boards_or_numbers() {
        assert!(boards_in(&format!("a{B}")).is_empty());
        assert!(boards_in(&"x".repeat(23)).is_empty());
        assert_eq!(boards_in(&format!("[{B}]")), vec![(B.to_string(), 1)]);
        assert_eq!(numbers_in("AB2 estimate: -12."), vec!["-12."]);
        assert_eq!(numbers_in("x2=3"), vec!["3"]);
        assert_eq!(numbers_in("12,345,678 and 1,2,3 and 1,2345"), vec!["12,345,678", "1", "2", "3", "1", "2345"]);
        assert!(read("Thinking...\nDone.\n").board.is_none());
    }

    #[test]
    fn control_bytes_are_shown() {
        assert_eq!(visible("a\0b\x1b[0m"), "a\\x00b\\x1b[0m");
        let r = read(&format!("Board Position: {}\n", "\0".repeat(22)));
        assert!(r.board.is_none());
    }
}
