//! `morris analyze FILE`: where a game was decided, move by move (see
//! [`morris::analysis`]).

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;

use crate::cmd::common::RuleArgs;
use morris::analysis::{self, AnalyzeSettings, Class, GameAnalysis, Glyph, MoveReport, Verdict};
use morris::engine::{EngineOptions, EvalChoice, SearchLimits};
use morris::protocol::parse_seconds_f64;
use morris::referee::outcome::game_text::{GameText, SETBOARD, read_games};
use morris::rules::{Color, Ruleset};

/// Arguments of `morris analyze`.
#[derive(clap::Args, Debug)]
pub struct AnalyzeArgs {
    /// A game record of `morris match`/`tournament` (--record FILE) or of the board, or a
    /// move list (D2 F4 ... A7-D7,B2; numbered as the board copies it, `1. D2 F4`, after
    /// an optional `setboard POSITION` line); `-` reads standard input
    pub file: PathBuf,
    /// With a plain move list: the position it starts from, a position text (board
    /// string, side to move, stones in hand, no-removal count), e.g. "WWWxBBxxxBxxxxxxxxxxxxxx white"
    #[arg(long, value_name = "POSITION")]
    pub start: Option<String>,
    /// With a record file: only this game (default: every game in it)
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
    /// Endgame tables for exact values (`morris tablebase build`)
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
    /// Search each position the tables do not decide for this long instead of to a
    /// fixed depth (the values, and so the marks, then depend on the machine's speed)
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds_f64, conflicts_with = "depth")]
    pub movetime: Option<f64>,
    /// Search each such position to this depth, on one thread and a cleared table, as the
    /// board's replays do (default 8, the same as `morris serve --analysis-depth`)
    #[arg(long, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: Option<u32>,
    /// Transposition table size in MiB (with --movetime)
    #[arg(long = "hash", default_value_t = 64, value_name = "MB")]
    pub hash_mb: usize,
    /// Print only the marked moves and the summary
    #[arg(long)]
    pub brief: bool,
    /// The rules the game was played under.
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// The games of the input, read by the project's one reader of game texts (a record file,
/// a plain or numbered move list, a `setboard` line before it): with `--game N`, game N
/// of a record.
fn read_inputs(args: &AnalyzeArgs) -> anyhow::Result<Vec<GameText>> {
    let limit = morris::files::GAMES_TEXT;
    let text = if args.file.as_os_str() == "-" {
        morris::files::read_text_from(std::io::stdin(), limit).context("cannot read standard input")?
    } else {
        morris::files::read_text(&args.file, limit).with_context(|| format!("cannot read {}", args.file.display()))?
    };
    let games = read_games(&text).map_err(|e| anyhow::anyhow!("{}: {e}", args.file.display()))?;
    let from_record = games.iter().any(|g| g.record.is_some());
    if !from_record && args.game.is_some() {
        anyhow::bail!("--game needs a record file; {} holds a plain move list", args.file.display());
    }
    if args.start.is_some() && (from_record || games.iter().any(|g| g.start.is_some())) {
        anyhow::bail!(
            "--start goes with a plain move list without a '{SETBOARD}' line; {} says where its games start",
            args.file.display()
        );
    }
    let chosen: Vec<GameText> = games
        .into_iter()
        .filter(|g| args.game.is_none_or(|n| g.record.as_ref().is_some_and(|r| r.number == n)))
        .map(|mut g| {
            if g.record.is_none() {
                g.title = "the game".to_string();
                g.start = g.start.or_else(|| args.start.clone());
            }
            g
        })
        .collect();
    if chosen.is_empty() {
        match args.game {
            Some(n) => anyhow::bail!("{} has no game {n}", args.file.display()),
            None => anyhow::bail!("{} holds no game", args.file.display()),
        }
    }
    Ok(chosen)
}

/// Runs `morris analyze`.
///
/// # Errors
/// Unreadable input, an illegal move in it, or tables that cannot be opened.
pub fn run(args: &AnalyzeArgs) -> anyhow::Result<ExitCode> {
    let rules: &'static Ruleset = args.rules.ruleset();
    let inputs = read_inputs(args)?;
    let tablebase = match &args.tablebase {
        Some(dir) => {
            Some(morris::tablebase::open_oracle(dir, rules).with_context(|| format!("--tablebase {}", dir.display()))?)
        }
        None => None,
    };
    let settings = match args.movetime {
        Some(seconds) => AnalyzeSettings {
            limits: SearchLimits { movetime: Some(Duration::from_secs_f64(seconds)), ..SearchLimits::default() },
            engine: EngineOptions {
                hash_mb: args.hash_mb,
                oracle: tablebase.clone().map(|t| t as Arc<dyn morris::search::Oracle>),
                ..EngineOptions::for_eval(EvalChoice::Strong)
            },
            tablebase,
        },
        None => AnalyzeSettings::fixed_depth(args.depth.unwrap_or(analysis::ANALYSIS_DEPTH), tablebase),
    };
    for input in &inputs {
        let game = input.play(rules).with_context(|| input.title.clone())?;
        let opening_plies = input.opening_plies;
        say!("{}", input.title);
        let show_progress = std::io::stderr().is_terminal();
        let analysis = analysis::analyze(&game, opening_plies, &settings, &mut |done, total| {
            if show_progress {
                eprint!("\ranalyzing: {done}/{total} positions");
            }
        });
        if show_progress {
            eprint!("\r{:40}\r", "");
        }
        print_game(&analysis, args.brief, input.recorded_end(), rules)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn mark(m: &MoveReport, rules: &Ruleset) -> Option<String> {
    let side = m.side;
    let text = |mv: morris::rules::Move| mv.display(rules.topology).to_string();
    let best = m.best.map(|(b, v)| format!("; best was {} ({})", text(b), short(&v, side)));
    let mark = m.mark.as_ref()?;
    let what = match (mark.glyph, mark.exact) {
        (morris::analysis::Glyph::Only, _) => mark.reason.clone(),
        (_, true) => format!("{} -> {}{}", short(&m.before, side), short(&m.after, side), best.unwrap_or_default()),
        // The reason gives the two scores the mark compares (at the same horizon); the
        // full-depth values before and after may even rise, so they are not repeated here.
        (_, false) => format!("by search: {}{}", mark.reason, best.unwrap_or_default()),
    };
    Some(format!("{} move {} by {}, {}: {what}", mark.glyph.text(), m.number, side, text(m.played)))
}

/// `win`, `draw`, `loss` for exact verdicts; the score for a search.
fn short(v: &Verdict, side: Color) -> String {
    match v.class(side) {
        Some(c) => c.name().to_string(),
        None => morris::engine::format_score(v.score(side)),
    }
}

fn print_game(a: &GameAnalysis, brief: bool, recorded_end: Option<String>, rules: &Ruleset) -> anyhow::Result<()> {
    if !brief {
        say!("{:>4}  {:5}  {:10}  {:32}  value after", "move", "side", "played", "value before");
    }
    for m in &a.moves {
        let marked = mark(m, rules);
        if !brief {
            say!(
                "{:>4}  {:5}  {:10}  {:32}  {}{}",
                m.number,
                m.side.name(),
                m.played.display(rules.topology).to_string(),
                m.before.describe(m.side),
                m.after.describe(m.side),
                if m.opening { "  (opening)" } else { "" }
            );
        }
        if let Some(text) = marked.filter(|_| !m.opening) {
            say!("  >> {text}");
        }
    }
    say!("summary:");
    for side in Color::ALL {
        let lost: Vec<&MoveReport> = a.value_losing(side).collect();
        let first = lost.first().and_then(|m| mark(m, rules)).map(|t| format!(" (first: {t})")).unwrap_or_default();
        // Every glyph a search gave is counted, each by itself ("0 search mistakes"
        // counted only ? and ?? while ?! moves were listed above it).
        let by_search = |glyph: Glyph| a.marked_by_search(side, glyph);
        say!(
            "  {}: {} value-losing move{} (exact values: ? or ??){first}; marked by a search: {} ??, {} ?, {} ?!",
            side,
            lost.len(),
            if lost.len() == 1 { "" } else { "s" },
            by_search(Glyph::Blunder),
            by_search(Glyph::Mistake),
            by_search(Glyph::Dubious)
        );
    }
    if let Some(m) = a.exact_from() {
        let phase = if m.played.is_placement() { "in the placing phase" } else { "in the moving phase" };
        // The value there says whether the game was decided before exact values reach it
        // (a placing phase a search cannot see through, or a random opening).
        let value = match m.before.class(m.side) {
            Some(Class::Win) => format!("{} wins", m.side),
            Some(Class::Loss) => format!("{} wins", !m.side),
            _ => "a draw".to_string(),
        };
        say!("  exact from move {} on ({phase}): {value}", m.number);
    }
    match (a.decided_by(), a.exact_from()) {
        (Some(m), _) => say!(
            "  decided by move {} ({}, {}): {} -> {}",
            m.number,
            m.side.name(),
            m.played.display(rules.topology),
            short(&m.before, m.side),
            short(&m.after, m.side)
        ),
        (None, Some(m)) if m.number == 1 => say!("  no move lost value: the game kept its start's value"),
        _ => {}
    }
    match a.outcome {
        Some(o) => say!("  result: {o}"),
        None => match recorded_end {
            // Ended off the board (a resignation, a forfeit): as the record says.
            Some(end) => say!("  result: {end}"),
            None => say!("  result: unfinished"),
        },
    }
    Ok(())
}
