//! Standings a TA can hand out: the crosstable and standings as text, Markdown, one
//! self-contained HTML file and CSV; a knockout's bracket (text, Markdown, HTML); and one
//! page per entrant (Markdown and HTML) with each of its games, its illegal moves and
//! where they were played, its think times, what it used (CPU on its turns and on its
//! opponents', peak memory, OOM kills; flagged where it may not ponder and did), its
//! forfeits by kind and the last lines of its stderr.
//!
//! Pure: games in ([`RecordedGame`], the record file's form, so a tournament just played
//! and its record file read back make the same pages), file names and contents out.
//! Writing them is [`write_pages`](super::conduct::write_pages)'s.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::bracket::{Bout, Decision, Round};
use super::resume::Fingerprint;
use crate::referee::outcome::record::RecordedGame;
use crate::referee::outcome::result::Forfeit;
use crate::referee::outcome::stats::{STANDINGS_COLUMNS, Standings, UsageTally};
use crate::referee::outcome::usage::{EngineUsage, PONDER_FLOOR_PER_GAME, PonderPolicy};
use crate::rules::Color;
use crate::table::{TextTable, escape, html_page};

/// At most this many stderr lines of one engine in one game are shown on its page.
pub const STDERR_LINES_SHOWN: usize = 20;

/// A knockout's course, for the bracket pages.
#[derive(Clone, Debug, Default)]
pub struct Bracket {
    /// The rounds decided so far.
    pub rounds: Vec<Round>,
    /// The champion, once there is one.
    pub champion: Option<usize>,
}

/// The tournament the pages show: its title, entrants, games and bracket.
#[derive(Clone, Debug)]
pub struct TournamentView<'a> {
    /// A title line: the tournament, its format and seed.
    pub title: String,
    /// The entrants, by index (the bracket's indices).
    pub names: &'a [String],
    /// Every game, in number order.
    pub games: &'a [RecordedGame],
    /// The knockout's bracket, for a knockout.
    pub bracket: Option<&'a Bracket>,
    /// Who may think on the opponent's time (the flag on the pages).
    pub ponder: &'a PonderPolicy,
}

/// One file to write: its path under the output directory and its contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    /// Relative path (`standings.html`, `entrants/alice.md`).
    pub path: PathBuf,
    /// The contents.
    pub text: String,
}

/// The pages' title: the tournament's format and seed, and the file it came from.
#[must_use]
pub fn replay_title(fingerprint: &Fingerprint, source: Option<&Path>) -> String {
    let from = source.and_then(Path::file_name).map_or(String::new(), |f| format!(" ({})", f.to_string_lossy()));
    match (fingerprint.get("format"), fingerprint.get("seed")) {
        (Some(format), Some(seed)) => format!("Tournament: {format}, seed {seed}{from}"),
        _ => format!("Games{from}"),
    }
}

/// The file name of an entrant's pages (without extension): letters, digits, `-`, `_`
/// and `.` kept, every other byte as `_xx`, so two names never share a file.
#[must_use]
pub fn file_stem(name: &str) -> String {
    let mut out = String::new();
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.') {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "_{b:02x}");
        }
    }
    if out.starts_with('.') { format!("_{out}") } else { out }
}

fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}

/// The entrants in standing order: by score, then by Elo, then in their own order.
fn ranked(standings: &Standings, names: &[String]) -> Vec<String> {
    let mut order: Vec<String> = names.to_vec();
    for n in standings.names() {
        if !order.contains(n) {
            order.push(n.clone());
        }
    }
    let key = |n: &String| {
        let t = standings.tally(n);
        let games = f64::from(t.games().max(1));
        (t.score(), t.score() / games)
    };
    // A stable sort keeps the entrants' own order among equal scores.
    order.sort_by(|a, b| {
        let (ka, kb) = (key(a), key(b));
        kb.0.total_cmp(&ka.0).then(kb.1.total_cmp(&ka.1))
    });
    order
}

/// The standings table: rank, engine, the [`STANDINGS_COLUMNS`] that have a place in
/// it, and the ponder flag.
fn standings_table(standings: &Standings, order: &[String], ponder: &PonderPolicy) -> TextTable {
    let columns = || STANDINGS_COLUMNS.iter().filter_map(|c| c.table.map(|head| (head, c.cell)));
    let head: Vec<&str> =
        ["rank", "engine"].into_iter().chain(columns().map(|(head, _)| head)).chain(["ponder"]).collect();
    let numeric: Vec<bool> = [true, false].into_iter().chain(columns().map(|_| true)).chain([false]).collect();
    let mut t = TextTable::new(&head, &numeric);
    for (i, name) in order.iter().enumerate() {
        let s = standings.tally(name);
        let mut row = vec![(i + 1).to_string(), name.clone()];
        row.extend(columns().map(|(_, cell)| cell(&s)));
        row.push(ponder_word(ponder, name, &s.usage).to_string());
        t.rows.push(row);
    }
    t
}

/// The ponder column: `flagged` for an engine that may not ponder and did (more than its
/// share of its CPU on its opponents' turns), `no` where it may not, else `yes`.
fn ponder_word(ponder: &PonderPolicy, name: &str, usage: &UsageTally) -> &'static str {
    if ponder.flags(name, usage.opponent_share(), usage.opponent_per_game()) {
        "flagged"
    } else if ponder.forbidden.iter().any(|n| n == name) {
        "no"
    } else {
        "yes"
    }
}

/// A game's CPU figures and peak memory for the entrant's games table.
fn usage_cells(u: &EngineUsage) -> [String; 4] {
    let s = |d: Option<Duration>| d.map_or("-".to_string(), |d| format!("{:.3}", d.as_secs_f64()));
    [
        s(u.own),
        s(u.opponent),
        u.peak_memory.map_or("-".to_string(), |b| format!("{:.1}", b as f64 / f64::from(1u32 << 20))),
        u.oom_killed.map_or("-".to_string(), |k| if k { "yes" } else { "no" }.to_string()),
    ]
}

/// The crosstable: the row engine's points/games against each column engine.
fn crosstable(standings: &Standings, order: &[String]) -> TextTable {
    let mut head: Vec<String> = vec!["".to_string(), "engine".to_string()];
    head.extend((1..=order.len()).map(|i| i.to_string()));
    head.push("total".to_string());
    let head_refs: Vec<&str> = head.iter().map(String::as_str).collect();
    let mut numeric = vec![true, false];
    numeric.extend(std::iter::repeat_n(true, order.len() + 1));
    let mut t = TextTable::new(&head_refs, &numeric);
    for (i, name) in order.iter().enumerate() {
        let mut row = vec![(i + 1).to_string(), name.clone()];
        for other in order {
            row.push(if other == name {
                "x".to_string()
            } else {
                match standings.pair(name, other) {
                    (_, 0) => ".".to_string(),
                    (points, games) => format!("{points}/{games}"),
                }
            });
        }
        row.push(standings.tally(name).score().to_string());
        t.rows.push(row);
    }
    t
}

/// The bracket's lines: per round its bouts, the odd one out's bout, who advances; then
/// the champion.
#[must_use]
pub fn bracket_lines(bracket: &Bracket, names: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    for round in &bracket.rounds {
        lines.extend(round_lines(round, names));
    }
    match bracket.champion {
        Some(c) => lines.push(format!("Champion: {}", names[c])),
        None => lines.push("Unfinished: the next round's games are not in the record yet".to_string()),
    }
    lines
}

/// One knockout round's lines, as `morris tournament` prints them.
#[must_use]
pub fn round_lines(round: &Round, names: &[String]) -> Vec<String> {
    let mut lines = vec![format!("Round {}", round.number)];
    lines.extend(round.bouts.iter().map(|b| format!("  {}", bout_text(b, names))));
    if let Some(b) = &round.odd_bout {
        lines.push(format!("  odd one out: {}", bout_text(b, names)));
    }
    let advancing: Vec<&str> = round.advancing.iter().map(|&i| names[i].as_str()).collect();
    lines.push(format!("  advance: {}", advancing.join(", ")));
    lines
}

fn bout_text(b: &Bout, names: &[String]) -> String {
    let mut how = format!("{}-{}", b.points.0, b.points.1);
    if b.tiebreak_pairs > 0 {
        how.push_str(&format!(" after {} tie-break pair(s)", b.tiebreak_pairs));
    }
    if b.decision == Decision::Coin {
        how.push_str(", level: coin");
    }
    format!("{} vs {}: {how} -> {}", names[b.a], names[b.b], names[b.winner])
}

/// The bracket as a table: round, bout, points, winner.
fn bracket_table(bracket: &Bracket, names: &[String]) -> TextTable {
    let mut t = TextTable::new(&["round", "bout", "points", "how", "winner"], &[true, false, true, false, false]);
    for round in &bracket.rounds {
        let odd = round.odd_bout.iter().map(|b| (b, true));
        for (b, is_odd) in round.bouts.iter().map(|b| (b, false)).chain(odd) {
            let mut how = Vec::new();
            if is_odd {
                how.push("odd one out".to_string());
            }
            if b.tiebreak_pairs > 0 {
                how.push(format!("{} tie-break pair(s)", b.tiebreak_pairs));
            }
            if b.decision == Decision::Coin {
                how.push("level: coin".to_string());
            }
            t.rows.push(vec![
                round.number.to_string(),
                format!("{} vs {}", names[b.a], names[b.b]),
                format!("{}-{}", b.points.0, b.points.1),
                how.join(", "),
                names[b.winner].clone(),
            ]);
        }
    }
    t
}

/// One entrant's games, from its side.
struct EntrantGames<'a> {
    name: &'a str,
    games: Vec<(&'a RecordedGame, Color)>,
}

impl EntrantGames<'_> {
    fn table(&self) -> TextTable {
        let mut t = TextTable::new(
            &[
                "game",
                "opponent",
                "colour",
                "result",
                "termination",
                "reason",
                "plies",
                "cpu own s",
                "cpu opp s",
                "peak MiB",
                "oom",
                "opening",
                "moves",
            ],
            &[true, false, false, false, false, false, true, true, true, true, false, false, false],
        );
        for (g, side) in &self.games {
            let result = match g.result() {
                Some(r) if r.score(*side) > 0.75 => "win",
                Some(r) if r.score(*side) < 0.25 => "loss",
                Some(_) => "draw",
                None => "?",
            };
            t.rows.push(vec![
                g.number.to_string(),
                g.name(!*side).to_string(),
                side.name().to_string(),
                result.to_string(),
                g.termination.clone(),
                g.reason.clone(),
                g.moves.split_whitespace().count().to_string(),
            ]);
            let row = t.rows.last_mut().expect("just pushed");
            row.extend(usage_cells(&g.usage[*side as usize]));
            row.extend([g.opening.clone(), g.moves.clone()]);
        }
        t
    }

    /// Forfeits by kind: (word, count), every kind listed.
    fn forfeits(&self) -> Vec<(&'static str, usize)> {
        Forfeit::ALL
            .into_iter()
            .map(|k| (k.word(), self.games.iter().filter(|(g, side)| g.forfeit() == Some((*side, k))).count()))
            .collect()
    }

    /// The games it lost by an illegal or malformed move: the game, the reason, and the
    /// moves up to the move (opening included).
    fn illegal(&self) -> Vec<(usize, String, String)> {
        self.games
            .iter()
            .filter(|(g, side)| {
                matches!(g.forfeit(), Some((loser, Forfeit::Illegal | Forfeit::Malformed)) if loser == *side)
            })
            .map(|(g, _)| {
                let before = format!("{} {}", g.opening, g.moves).split_whitespace().collect::<Vec<_>>().join(" ");
                (g.number, g.reason.clone(), if before.is_empty() { "(the start)".to_string() } else { before })
            })
            .collect()
    }

    fn think(&self) -> (usize, Option<Duration>, Option<Duration>) {
        let all: Vec<Duration> =
            self.games.iter().flat_map(|(g, side)| g.think[*side as usize].iter().copied()).collect();
        let count = all.len();
        let mean = (count > 0).then(|| all.iter().sum::<Duration>() / u32::try_from(count).unwrap_or(u32::MAX));
        (count, mean, all.iter().max().copied())
    }

    /// (game, the last stderr lines) for each game where it wrote some.
    fn stderr(&self) -> Vec<(usize, Vec<String>)> {
        self.games
            .iter()
            .filter(|(g, side)| !g.stderr_tail[*side as usize].is_empty())
            .map(|(g, side)| {
                let lines = &g.stderr_tail[*side as usize];
                (g.number, lines[lines.len().saturating_sub(STDERR_LINES_SHOWN)..].to_vec())
            })
            .collect()
    }
}

/// Every page of `view`.
#[must_use]
pub fn pages(view: &TournamentView<'_>) -> Vec<Page> {
    let mut standings = Standings::with_names(view.names);
    for g in view.games {
        standings.add_recorded(g);
    }
    let order = ranked(&standings, view.names);
    let table = standings_table(&standings, &order, view.ponder);
    let cross = crosstable(&standings, &order);
    let played = view.games.len();
    let subtitle = format!("{played} game{} played", if played == 1 { "" } else { "s" });
    let entrant_link = |name: &str, ext: &str| format!("entrants/{}.{ext}", file_stem(name));
    let mut out = Vec::new();

    // Text.
    let mut text = format!(
        "{}\n{subtitle}\n\nStandings\n{}\nCrosstable (points/games of the row against the column)\n{}",
        view.title,
        table.text(),
        cross.text()
    );
    if let Some(b) = view.bracket {
        text.push_str("\nBracket\n");
        for l in bracket_lines(b, view.names) {
            let _ = writeln!(text, "{l}");
        }
    }
    out.push(Page { path: "standings.txt".into(), text });

    // Markdown.
    let mut md = format!("# {}\n\n{subtitle}\n\n## Standings\n\n", view.title);
    let mut linked = TextTable { rows: table.rows.clone(), head: table.head.clone(), numeric: table.numeric.clone() };
    for row in &mut linked.rows {
        row[1] = format!("[{}]({})", row[1], entrant_link(&row[1], "md"));
    }
    md.push_str(&linked.markdown());
    md.push_str("\n## Crosstable\n\nPoints/games of the row engine against the column engine.\n\n");
    md.push_str(&cross.markdown());
    if let Some(b) = view.bracket {
        md.push_str("\n## Bracket\n\n");
        md.push_str(&bracket_table(b, view.names).markdown());
        md.push_str(&format!("\n{}\n", bracket_lines(b, view.names).last().cloned().unwrap_or_default()));
    }
    out.push(Page { path: "standings.md".into(), text: md });

    // HTML.
    let link_standings = |_: usize, col: usize, row: &[String]| (col == 1).then(|| entrant_link(&row[1], "html"));
    let mut body = format!("<h1>{}</h1>\n<p>{}</p>\n<h2>Standings</h2>\n", escape(&view.title), escape(&subtitle));
    body.push_str(&table.html(&|r, c| link_standings(r, c, &table.rows[r])));
    body.push_str("<h2>Crosstable</h2>\n<p>Points/games of the row engine against the column engine.</p>\n");
    body.push_str(&cross.html(&|r, c| link_standings(r, c, &cross.rows[r])));
    if let Some(b) = view.bracket {
        body.push_str("<h2>Bracket</h2>\n");
        body.push_str(&bracket_table(b, view.names).html(&|_, _| None));
        let _ = writeln!(body, "<p>{}</p>", escape(&bracket_lines(b, view.names).last().cloned().unwrap_or_default()));
    }
    out.push(Page { path: "standings.html".into(), text: html_page(&view.title, &body) });

    // CSV.
    out.push(Page { path: "standings.csv".into(), text: table.csv() });
    out.push(Page { path: "crosstable.csv".into(), text: cross.csv() });

    // The bracket on its own.
    if let Some(b) = view.bracket {
        let lines = bracket_lines(b, view.names);
        let bt = bracket_table(b, view.names);
        out.push(Page { path: "bracket.txt".into(), text: format!("{}\n{}\n", view.title, lines.join("\n")) });
        let last = lines.last().cloned().unwrap_or_default();
        out.push(Page {
            path: "bracket.md".into(),
            text: format!("# {}: bracket\n\n{}\n{last}\n", view.title, bt.markdown()),
        });
        let body =
            format!("<h1>{}: bracket</h1>\n{}<p>{}</p>\n", escape(&view.title), bt.html(&|_, _| None), escape(&last));
        out.push(Page { path: "bracket.html".into(), text: html_page(&view.title, &body) });
    }

    // One page per entrant.
    for (rank, name) in order.iter().enumerate() {
        let games: Vec<(&RecordedGame, Color)> =
            view.games.iter().filter_map(|g| g.side_of(name).map(|side| (g, side))).collect();
        let e = EntrantGames { name, games };
        out.extend(entrant_pages(view, &standings, &e, rank + 1));
    }
    out
}

/// What an entrant used, in one sentence for its page (and its ponder flag).
fn usage_line(name: &str, u: &UsageTally, ponder: &PonderPolicy) -> String {
    let mut parts = Vec::new();
    match u.cpu_per_move() {
        Some(d) => parts.push(format!(
            "CPU time: mean {:.2} ms per move on its own turns over {} moves",
            d.as_secs_f64() * 1000.0,
            u.moves
        )),
        None => parts.push("CPU time: not measured".to_string()),
    }
    if let Some(d) = u.opponent_cpu() {
        let share = u.opponent_share().map_or(String::new(), |s| format!(" ({:.0}% of its CPU)", s * 100.0));
        parts.push(format!("{:.3} s on its opponents' turns{share}", d.as_secs_f64()));
    }
    parts.push(match u.peak_memory {
        Some(b) => format!("peak memory {:.1} MiB", b as f64 / f64::from(1u32 << 20)),
        None => "peak memory not measured".to_string(),
    });
    if u.oom_games > 0 {
        parts.push(u.oom_words());
    }
    let mut line = format!("{}.", parts.join("; "));
    if ponder.flags(name, u.opponent_share(), u.opponent_per_game()) {
        line.push_str(&format!(
            " Flagged: it may not think on its opponent's time, and used more than {:.0}% of its CPU there \
             (more than {:.2} s a game).",
            ponder.share * 100.0,
            PONDER_FLOOR_PER_GAME.as_secs_f64()
        ));
    }
    line
}

fn entrant_pages(view: &TournamentView<'_>, standings: &Standings, e: &EntrantGames<'_>, rank: usize) -> Vec<Page> {
    let t = standings.tally(e.name);
    let (count, mean, max) = e.think();
    let d = |x: Option<Duration>| x.map_or("-".to_string(), |d| format!("{} ms", ms(d)));
    let summary = format!(
        "Rank {rank}: {} games, {} wins, {} draws, {} losses, {} points.",
        t.games(),
        t.wins,
        t.draws,
        t.losses,
        t.score()
    );
    let think = format!(
        "Time per move: mean {}, max {} over {count} timed replies (each game's first reply, which includes start-up, is not timed).",
        d(mean),
        d(max)
    );
    let used = usage_line(e.name, &t.usage, view.ponder);
    let forfeits = e.forfeits();
    let forfeit_line = forfeits.iter().map(|(k, n)| format!("{k} {n}")).collect::<Vec<_>>().join(", ");
    let illegal = e.illegal();
    let stderr = e.stderr();
    let games = e.table();
    let stem = file_stem(e.name);

    let mut md = format!(
        "# {}\n\n{}\n\n[Standings](../standings.md)\n\n{summary}\n\n{think}\n\n{used}\n\nForfeits: {forfeit_line}.\n\n## Games\n\n",
        e.name, view.title
    );
    md.push_str(&games.markdown());
    md.push_str("\n## Illegal moves\n\n");
    if illegal.is_empty() {
        md.push_str("None.\n");
    }
    for (n, reason, before) in &illegal {
        let _ = writeln!(md, "- game {n}: {reason}\n  - the moves before it: `{before}`");
    }
    md.push_str("\n## Stderr (last lines)\n\n");
    if stderr.is_empty() {
        md.push_str("Nothing recorded.\n");
    }
    for (n, lines) in &stderr {
        let _ = writeln!(md, "Game {n}:\n\n```text\n{}\n```\n", lines.join("\n").replace("```", "'''"));
    }

    let mut body = format!(
        "<h1>{}</h1>\n<p>{}</p>\n<p><a href=\"../standings.html\">Standings</a></p>\n<p>{}</p>\n<p>{}</p>\n<p>{}</p>\n<p>Forfeits: {}.</p>\n<h2>Games</h2>\n",
        escape(e.name),
        escape(&view.title),
        escape(&summary),
        escape(&think),
        escape(&used),
        escape(&forfeit_line)
    );
    body.push_str(&games.html(&|_, _| None));
    body.push_str("<h2>Illegal moves</h2>\n");
    if illegal.is_empty() {
        body.push_str("<p>None.</p>\n");
    } else {
        body.push_str("<ul>\n");
        for (n, reason, before) in &illegal {
            let _ = writeln!(
                body,
                "<li>game {n}: {}<br>the moves before it: <code>{}</code></li>",
                escape(reason),
                escape(before)
            );
        }
        body.push_str("</ul>\n");
    }
    body.push_str("<h2>Stderr (last lines)</h2>\n");
    if stderr.is_empty() {
        body.push_str("<p>Nothing recorded.</p>\n");
    }
    for (n, lines) in &stderr {
        let _ = writeln!(body, "<p>Game {n}:</p>\n<pre>{}</pre>", escape(&lines.join("\n")));
    }
    vec![
        Page { path: PathBuf::from("entrants").join(format!("{stem}.md")), text: md },
        Page { path: PathBuf::from("entrants").join(format!("{stem}.html")), text: html_page(e.name, &body) },
    ]
}
