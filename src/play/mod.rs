//! A person plays the engine in a terminal: `morris play`.
//!
//! The loop reads lines from any `BufRead` and writes to any `Write`, so a terminal, a
//! pipe and the tests drive the same code ([`run_with`]). A move may be typed whole
//! (`D3,G1`, `A7-D7`) or step by step as in seed 000: name a stone, see where it can
//! go, pick the destination, and name the stone to remove when a mill closes. Only a
//! complete move that `rules` accepts changes the game, so a bad line never does.
//!
//! The play modules own the conversation; the rules (legality, mills, phases, outcomes)
//! are `rules`' and the choice of moves is the engine's. This file holds the options and
//! the entry points; `session` the loop, messages and commands (`session::entry` the
//! person's move, step by step); `draw` the board; `input` the command words and option
//! values; `file_mode` seed 000's board-file mode.

pub mod draw;
mod file_mode;
pub mod input;
mod session;

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;

use crate::cmd::common::{BoardChoice, RuleArgs};
use crate::engine::{Engine, EngineOptions, Limits};
use crate::rules::{Color, Game, Position};
use draw::Style;

/// The side a person plays.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// White, who moves first
    White,
    /// Black
    Black,
}

impl From<Side> for Color {
    fn from(side: Side) -> Color {
        match side {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

/// When to colour the output.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorWhen {
    /// When stdout is a terminal and `NO_COLOR` is not set
    Auto,
    /// Always
    Always,
    /// Never
    Never,
}

/// Options of `morris play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Your colour (White moves first); the engine plays the other
    #[arg(long = "as", value_name = "COLOR", default_value = "white")]
    pub side: Side,
    /// Seconds the engine thinks per move (default 1, or no limit when --depth is given)
    #[arg(long, value_name = "S", value_parser = crate::protocol::parse_seconds_f64, allow_negative_numbers = true)]
    pub movetime: Option<f64>,
    /// Search depth limit in plies (small is weak and fast)
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
    /// The engine's evaluation
    #[arg(long, value_enum, default_value = "strong")]
    pub eval: crate::cmd::common::EvalArg,
    /// Show the engine's score and depth after each of its moves
    #[arg(long)]
    pub show_score: bool,
    /// Board: standard (seed 003) or classroom22 (the handout's 22 points)
    #[arg(long, default_value = "standard")]
    pub board: BoardChoice,
    /// Start from the position after these moves (white-space separated, e.g. "D2 F4 B4")
    #[arg(long, default_value = "", value_name = "MOVES")]
    pub moves: String,
    /// Colour the output: auto, always or never
    #[arg(long, value_enum, default_value = "auto", value_name = "WHEN")]
    pub color: ColorWhen,
    /// Read the start position from this file: one board string of W, B and x in board
    /// order (seed 000; on the standard board a0 d0 g0 b1 ... g6, rows from the bottom)
    #[arg(long, value_name = "FILE")]
    pub board_in: Option<PathBuf>,
    /// File mode: the engine makes one move from --board-in and writes the board string
    /// after it to this file, prints the move and exits
    #[arg(long, value_name = "FILE", requires = "board_in")]
    pub board_out: Option<PathBuf>,
    /// With --board-in: the side to move
    #[arg(long, value_name = "COLOR", default_value = "white", requires = "board_in")]
    pub to_move: Side,
    /// With --board-in: White's and Black's stones in hand (0,0 = moving phase)
    #[arg(long, value_name = "W,B", default_value = "0,0", value_parser = input::parse_in_hand, requires = "board_in")]
    pub in_hand: (u8, u8),
    /// The rule options.
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// How a session is played: who is who, how long the engine thinks, how it looks.
#[derive(Clone)]
pub struct PlayConfig {
    /// The person's colour.
    pub person: Color,
    /// The engine's limits per move (and per hint).
    pub limits: Limits,
    /// The engine's options.
    pub engine: EngineOptions,
    /// Print the engine's score and depth after each of its moves.
    pub show_score: bool,
    /// ANSI colour.
    pub style: Style,
    /// Write each line read after its prompt (when the input is not a terminal, so that
    /// a transcript reads like a session).
    pub echo: bool,
}

impl PlayConfig {
    /// A plain-text session for `person` with the engine searching to `depth`.
    #[must_use]
    pub fn new(person: Color, depth: u32) -> PlayConfig {
        PlayConfig {
            person,
            limits: Limits { depth: Some(depth), ..Limits::default() },
            engine: EngineOptions::default(),
            show_score: false,
            style: Style { color: false },
            echo: true,
        }
    }
}

/// Runs `morris play`: an interactive game on stdin/stdout, or with `--board-out` one
/// engine move in seed 000's file mode.
///
/// # Errors
/// Bad options, an unreadable or invalid `--board-in`, a `--moves` move that does not
/// parse or is illegal, or an output error; each as one line.
pub fn run(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let rules = args.rules.ruleset_on(args.board);
    let limits = Limits {
        movetime: match (args.movetime, args.depth) {
            (Some(s), _) => Some(Duration::from_secs_f64(s)),
            (None, Some(_)) => None,
            (None, None) => Some(Duration::from_secs(1)),
        },
        depth: args.depth,
        ..Limits::default()
    };
    let engine = EngineOptions::for_eval(args.eval.into());
    if let Some(out) = &args.board_out {
        let spec = file_mode::FileMode {
            board_in: args.board_in.clone().unwrap_or_default(),
            board_out: out.clone(),
            rules,
            side_to_move: args.to_move.into(),
            in_hand: args.in_hand,
            limits,
            engine,
            show_score: args.show_score,
        };
        return file_mode::run(&spec);
    }
    let start = match &args.board_in {
        Some(path) => file_mode::read_position(path, rules, args.to_move.into(), args.in_hand)?,
        None => Position::start(rules),
    };
    let game = crate::rules::notation::game_from(start, &args.moves).context("--moves")?;
    let color = match args.color {
        ColorWhen::Always => true,
        ColorWhen::Never => false,
        ColorWhen::Auto => std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    };
    let config = PlayConfig {
        person: args.side.into(),
        limits,
        engine,
        show_score: args.show_score,
        style: Style { color },
        echo: !std::io::stdin().is_terminal(),
    };
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    run_with(stdin, stdout, game, &config)?;
    Ok(ExitCode::SUCCESS)
}

/// Plays one game between the person typing on `input` and the engine, writing to
/// `output`, from `game`. Returns the game as it stands when the session ends: over,
/// quit, or at the end of the input.
///
/// # Errors
/// Only output errors (and an engine that returns no move in a live position).
pub fn run_with(input: impl BufRead, output: impl Write, game: Game, config: &PlayConfig) -> anyhow::Result<Game> {
    let mut engine = Engine::new(config.engine.clone(), *game.start());
    engine.set_game(game);
    let mut session =
        session::Session { engine, out: output, config, stage: session::Stage::Start, last_search: None, stale: true };
    session.play(input)?;
    Ok(session.engine.game().clone())
}
