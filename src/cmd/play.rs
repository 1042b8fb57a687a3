//! `morris play`: a person plays the engine in the terminal ([`morris::play`]), or with
//! `--board-out` the engine makes one move in the terminal-play assignment's board-file mode (docs/assignments.md).

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;

use super::common::{BoardChoice, EvalArg, RuleArgs, parse_in_hand, value_enum_mirror};
use morris::engine::{EngineOptions, SearchLimits, format_score};
use morris::play::draw::Style;
use morris::play::file_mode::{self, FileMode, FileModeReport};
use morris::play::{PlayConfig, PlayError, run_with};
use morris::protocol::parse_seconds_f64;
use morris::rules::{Color, Position};

/// Exit status when the side to move has no move (the game in the file is over).
pub const EXIT_GAME_OVER: u8 = 2;

value_enum_mirror! {
    /// The side a person plays.
    Side => Color {
        /// White, who moves first
        White,
        /// Black
        Black,
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
    #[arg(long, value_name = "S", value_parser = parse_seconds_f64, allow_negative_numbers = true)]
    pub movetime: Option<f64>,
    /// Search depth limit in plies (small is weak and fast)
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
    /// The engine's evaluation
    #[arg(long, value_enum, default_value = "strong")]
    pub eval: EvalArg,
    /// Show the engine's score and depth after each of its moves
    #[arg(long)]
    pub show_score: bool,
    /// Board: standard (the tournament assignment's, docs/assignments.md) or classroom22 (the handout's 22 points)
    #[arg(long, default_value = "standard")]
    pub board: BoardChoice,
    /// Start from the position after these moves (white-space separated, e.g. "D2 F4 B4")
    #[arg(long, default_value = "", value_name = "MOVES")]
    pub moves: String,
    /// Colour the board and messages with ANSI escapes: auto (on a terminal), always or
    /// never
    #[arg(long, alias = "color", value_enum, default_value = "auto", value_name = "WHEN")]
    pub ansi: ColorWhen,
    /// Read the start position from this file: one board string of W, B and x in board
    /// order (the terminal-play assignment's, docs/assignments.md; on the standard board a0 d0 g0 b1 ... g6, rows from the bottom)
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
    #[arg(long, value_name = "W,B", default_value = "0,0", value_parser = parse_in_hand, requires = "board_in")]
    pub in_hand: (u8, u8),
    /// The rule options.
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Runs `morris play`: an interactive game on stdin/stdout, or with `--board-out` one
/// engine move in the terminal-play assignment's file mode.
///
/// # Errors
/// Bad options, an unreadable or invalid `--board-in`, a `--moves` move that does not
/// parse or is illegal, or an output error; each as one line.
pub fn run(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let rules = args.rules.ruleset_on(args.board);
    let limits = SearchLimits {
        movetime: match (args.movetime, args.depth) {
            (Some(s), _) => Some(Duration::from_secs_f64(s)),
            (None, Some(_)) => None,
            (None, None) => Some(Duration::from_secs(1)),
        },
        depth: args.depth,
        ..SearchLimits::default()
    };
    let engine = EngineOptions::for_eval(args.eval.into());
    if let Some(out) = &args.board_out {
        let spec = FileMode {
            board_in: args.board_in.clone().unwrap_or_default(),
            board_out: out.clone(),
            rules,
            side_to_move: args.to_move.into(),
            in_hand: args.in_hand,
            limits,
            engine,
        };
        return report_file_mode(&file_mode::run(&spec)?, &spec, args.show_score);
    }
    let start = match &args.board_in {
        Some(path) => file_mode::read_position(path, rules, args.to_move.into(), args.in_hand)?,
        None => Position::start(rules),
    };
    let game = morris::rules::notation::game_from(start, &args.moves).context("--moves")?;
    let color = match args.ansi {
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
    match run_with(stdin, stdout, game, &config) {
        Err(PlayError::Io(e)) => super::output::closed_is_quiet(Err(e)),
        Err(e) => Err(e.into()),
        Ok(_) => Ok(ExitCode::SUCCESS),
    }
}

/// Prints what a file-mode run did: the engine's move (and with `show_score` its score
/// line) on stdout, or on stderr that the game in the file is over.
fn report_file_mode(report: &FileModeReport, spec: &FileMode, show_score: bool) -> anyhow::Result<ExitCode> {
    match report {
        FileModeReport::GameOver { position, outcome } => {
            eprintln!(
                "morris: {}: no move for {}: the game is over ({outcome}); {} left untouched",
                spec.board_in.display(),
                position.side_to_move(),
                spec.board_out.display()
            );
            Ok(ExitCode::from(EXIT_GAME_OVER))
        }
        FileModeReport::Moved { position, best, result } => {
            say!("{}", best.display(position.topology()));
            if show_score {
                say!("score {} depth {} nodes {}", format_score(result.score), result.depth, result.nodes);
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}
