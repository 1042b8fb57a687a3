//! The tournament engine's line protocol (`protocol.md`): reads lines, parses them
//! (`parse`), drives the [`Engine`] and prints replies (`format`). The loop only translates: no search logic
//! and no rules here, only the state `protocol.md` §3 defines (which colour the engine
//! plays, the time per move, whether to print `info`).

mod command;
mod error;
mod format;
mod parse;
mod wire;

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context as _;

pub use command::{Command, Response};
pub use error::{CommandError, LineError, MoveRefusal};
pub use format::{format_board, format_response};
pub use parse::{MAX_SECONDS, REPLY_WORDS, echo, parse_line, parse_seconds};
pub use wire::{FromEngine, ToEngine, WIRE_BOARD};

use crate::cli::RuleArgs;
use crate::engine::{Engine, EngineOptions, EvalChoice, Limits};
use crate::rules::{Color, Game, Move, MoveList, Position, Setup};

/// The longest line the engine reads, in bytes; the rest of a longer line is skipped
/// (`protocol.md` §5).
pub const MAX_LINE: usize = 4096;
/// The shortest time the engine is given for a move, when the budget is already spent.
const MIN_THINK: Duration = Duration::from_millis(1);

/// Options of the engine (the binary with no subcommand; `protocol.md` §1).
#[derive(clap::Args, Debug, Clone)]
pub struct EngineArgs {
    /// The side the engine plays: white (moves at once) or black
    #[arg(long, default_value = "white", value_name = "SIDE")]
    pub color: Color,
    /// Seconds per move, fractions allowed (e.g. 1.5), measured from reading the opponent's move
    #[arg(long, default_value = "1.0", value_name = "SECONDS", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub movetime: Duration,
    /// Start from the position after these moves, e.g. "D2 F4 B4" (empty: the start position)
    #[arg(long, default_value = "", value_name = "MOVES")]
    pub opening: String,
    /// Also stop each search at this depth in plies (a classroom-style opponent)
    #[arg(long, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: Option<u32>,
    /// Transposition table size in MiB
    #[arg(long = "hash", default_value_t = 64, value_name = "MB")]
    pub hash_mb: usize,
    /// Static evaluation: the engine's own, or the classroom handout's
    #[arg(long, value_enum, default_value = "strong")]
    pub eval: EvalChoice,
    /// Search threads
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: u16,
    /// Directory of endgame databases to consult
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
    #[command(flatten)]
    /// The rule options of rules.md
    pub rules: RuleArgs,
}

/// What the loop keeps besides the engine: the settings commands can change.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The side the engine plays.
    pub color: Color,
    /// The time per move.
    pub movetime: Duration,
    /// A depth limit for every search.
    pub depth: Option<u32>,
    /// Whether to print `info` lines.
    pub info: bool,
}

impl EngineArgs {
    /// The engine and loop settings these options describe (loading databases, playing
    /// the opening).
    ///
    /// # Errors
    /// An illegal `--opening`, or databases that cannot be loaded.
    pub fn build(&self) -> anyhow::Result<(Engine, Settings)> {
        let rules = self.rules.ruleset();
        let game = crate::rules::notation::game_after(rules, &self.opening).context("--opening")?;
        let oracle = match &self.tablebase {
            Some(dir) => {
                let tb = crate::perfect::open_oracle(dir, rules)
                    .with_context(|| format!("--tablebase {}", dir.display()))?;
                Some(tb as std::sync::Arc<dyn crate::search::Oracle>)
            }
            None => None,
        };
        let options = EngineOptions {
            hash_mb: self.hash_mb,
            threads: usize::from(self.threads),
            oracle,
            ..EngineOptions::for_eval(self.eval)
        };
        let mut engine = Engine::new(options, *game.start());
        engine.set_game(game);
        let settings = Settings { color: self.color, movetime: self.movetime, depth: self.depth, info: false };
        Ok((engine, settings))
    }
}

/// Runs the protocol loop on stdin/stdout until end of input or `quit`.
///
/// # Errors
/// Bad options (see [`EngineArgs::build`]), or stdin/stdout failing.
pub fn run_stdio(args: &EngineArgs) -> anyhow::Result<ExitCode> {
    // A harness may time White's first move from the moment it starts the process, so
    // that move's clock starts before the tables are allocated and loaded.
    let started = Instant::now();
    let (mut engine, settings) = args.build()?;
    log::info!("engine plays {} under {}", settings.color.name(), engine.game().position().rules().describe());
    run_from(io::stdin().lock(), io::stdout().lock(), &mut engine, settings, started)?;
    Ok(ExitCode::SUCCESS)
}

/// Runs the protocol loop over `input` and `output` until end of input or `quit`, driving
/// `engine` (whose game is the starting position; if the engine is to move, it moves first).
///
/// # Errors
/// Only reading or writing failing; bad input is answered on `output`, never an error.
pub fn run(input: impl BufRead, output: impl Write, engine: &mut Engine, settings: Settings) -> io::Result<()> {
    run_from(input, output, engine, settings, Instant::now())
}

/// [`run`], with the clock of a first engine move (at the start position or after
/// `--opening`) running since `started`.
///
/// # Errors
/// Only reading or writing failing.
pub fn run_from(
    mut input: impl BufRead,
    mut output: impl Write,
    engine: &mut Engine,
    settings: Settings,
    started: Instant,
) -> io::Result<()> {
    let mut session = Session { engine, settings };
    session.after_setup(&mut output, started)?;
    let mut buf = Vec::with_capacity(256);
    loop {
        let read = read_line(&mut input, &mut buf, MAX_LINE)?;
        let read_at = Instant::now();
        let reply = match read {
            ReadLine::Eof => return Ok(()),
            ReadLine::TooLong => Err(LineError::TooLong { max: MAX_LINE }),
            ReadLine::Line => match std::str::from_utf8(&buf) {
                Err(e) => Err(LineError::NotUtf8 { column: e.valid_up_to() + 1 }),
                Ok(text) => {
                    log::debug!("read {text:?}");
                    match parse_line(text, session.topology()) {
                        Ok(ToEngine::Blank) => Ok(()),
                        Ok(ToEngine::Command(Command::Quit)) => return Ok(()),
                        Ok(ToEngine::Command(c)) => session.command(c, &mut output, read_at)?,
                        Ok(ToEngine::Move(m)) => session.opponent_move(m, echo(text.trim()), &mut output, read_at)?,
                        Err(e) => Err(e),
                    }
                }
            },
        };
        if let Err(e) = reply {
            writeln!(output, "{} {e}", e.keyword())?;
        }
        output.flush()?;
    }
}

/// What [`read_line`] found.
enum ReadLine {
    /// A line (in the buffer, without its line end).
    Line,
    /// A line longer than the limit (skipped up to its end).
    TooLong,
    /// The end of the input.
    Eof,
}

/// Reads one line into `buf` (without `\n` or `\r\n`), holding at most `max` bytes of it in
/// memory: a longer line is consumed to its end and reported as [`ReadLine::TooLong`].
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>, max: usize) -> io::Result<ReadLine> {
    buf.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            // End of input: a last line without a line end still counts.
            return Ok(if !any {
                ReadLine::Eof
            } else if too_long {
                ReadLine::TooLong
            } else {
                ReadLine::Line
            });
        }
        any = true;
        let (used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let content = &chunk[..if done { used - 1 } else { used }];
        if !too_long {
            if buf.len() + content.len() > max {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(content);
            }
        }
        input.consume(used);
        if done {
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
            return Ok(if too_long { ReadLine::TooLong } else { ReadLine::Line });
        }
    }
}

/// The loop's state: the engine and the settings.
struct Session<'e> {
    engine: &'e mut Engine,
    settings: Settings,
}

impl Session<'_> {
    fn topology(&self) -> &'static crate::topology::Topology {
        self.engine.game().position().topology()
    }

    fn write(&self, out: &mut impl Write, response: &Response) -> io::Result<()> {
        writeln!(out, "{}", format_response(response, self.topology()))
    }

    /// After the game was set up or changed: the result if it is over, else the engine's
    /// move if it is the engine's turn (`protocol.md` §3: a line read is always the
    /// opponent's move).
    fn after_setup(&mut self, out: &mut impl Write, since: Instant) -> io::Result<()> {
        if let Some(outcome) = self.engine.game().outcome() {
            self.write(out, &Response::Result(outcome))?;
        } else if self.engine.game().position().side_to_move() == self.settings.color {
            self.engine_move(out, since)?;
        }
        out.flush()
    }

    /// The opponent's move `m` (written `text`), read at `since`.
    fn opponent_move(
        &mut self,
        m: Move,
        text: String,
        out: &mut impl Write,
        since: Instant,
    ) -> io::Result<Result<(), LineError>> {
        let side = self.engine.game().position().side_to_move();
        if side == self.settings.color && self.engine.game().outcome().is_none() {
            // Cannot happen (the engine moves whenever it is its turn), but a move for the
            // engine's side must never be taken from the opponent.
            return Ok(Err(LineError::Move { text, reason: MoveRefusal::EnginesTurn(side) }));
        }
        if let Some(outcome) = self.engine.game().outcome() {
            // Said here rather than by the rules core, whose reason names a loser even
            // after a draw.
            return Ok(Err(LineError::Move { text, reason: MoveRefusal::GameOver(outcome) }));
        }
        if let Err(e) = self.engine.play(m) {
            return Ok(Err(LineError::Move { text, reason: e.into() }));
        }
        self.after_setup(out, since)?;
        Ok(Ok(()))
    }

    /// Thinks, plays and prints the engine's move, then the result if the game is over.
    fn engine_move(&mut self, out: &mut impl Write, since: Instant) -> io::Result<()> {
        // protocol.md §3: the budget runs from reading the opponent's line to the flush.
        let budget = self.settings.movetime.saturating_sub(since.elapsed()).max(MIN_THINK);
        let limits = Limits { movetime: Some(budget), depth: self.settings.depth, nodes: None };
        let topology = self.topology();
        let show_info = self.settings.info;
        let mut write_error = None;
        let result = self.engine.think(&limits, &mut |info| {
            if show_info && write_error.is_none() {
                let line = format_response(&Response::Info(info.clone()), topology);
                if let Err(e) = writeln!(out, "{line}").and_then(|()| out.flush()) {
                    write_error = Some(e);
                }
            }
        });
        if let Some(e) = write_error {
            return Err(e);
        }
        log::info!(
            "depth {} score {} nodes {} time {:?}",
            result.depth,
            crate::engine::format_score(result.score),
            result.nodes,
            result.elapsed
        );
        let position = *self.engine.game().position();
        let chosen = result.best.filter(|&m| position.is_legal(m)).or_else(|| {
            // A search that returns no (legal) move must not stall the game.
            log::warn!("the search returned no legal move; playing the first one");
            let mut list = MoveList::new();
            position.legal_moves(&mut list);
            list.first().copied()
        });
        let Some(m) = chosen else {
            // Only a finished game has no move, and then the engine is not asked to move.
            return Ok(());
        };
        if self.engine.play(m).is_err() {
            return Ok(());
        }
        self.write(out, &Response::Move(m))?;
        out.flush()?;
        log::info!("played {} after {:?}", m.display(topology), since.elapsed());
        if let Some(outcome) = self.engine.game().outcome() {
            self.write(out, &Response::Result(outcome))?;
        }
        Ok(())
    }

    /// Carries out a command read at `since`.
    fn command(&mut self, command: Command, out: &mut impl Write, since: Instant) -> io::Result<Result<(), LineError>> {
        let game = self.engine.game();
        let position = *game.position();
        let response = match command {
            Command::Help => Response::Help,
            Command::Board => Response::Board(position, game.outcome()),
            Command::Moves => Response::Moves(game.outcome().is_none().then(|| {
                let mut list = MoveList::new();
                position.legal_moves(&mut list);
                list.to_vec()
            })),
            Command::Eval => Response::Eval { score: self.engine.evaluate(), side: position.side_to_move() },
            Command::Perft(depth) => Response::Perft { depth, count: crate::perft::perft(&position, depth) },
            Command::IsReady => Response::ReadyOk,
            Command::Undo => match self.undo() {
                Ok(moves) => Response::Undone(moves),
                Err(e) => return Ok(Err(e.into())),
            },
            Command::MoveTime(t) => {
                self.settings.movetime = t;
                return Ok(Ok(()));
            }
            Command::Info(on) => {
                self.settings.info = on;
                return Ok(Ok(()));
            }
            Command::Quit => return Ok(Ok(())),
            Command::New => {
                self.engine.new_game();
                return self.after_setup(out, since).map(Ok);
            }
            Command::Go => {
                if let Some(outcome) = game.outcome() {
                    let reason = format!("the game is over, {}", format::describe_outcome(outcome));
                    return Ok(Err(CommandError::NotNow { command: "go", reason }.into()));
                }
                self.settings.color = position.side_to_move();
                return self.after_setup(out, since).map(Ok);
            }
            Command::Position { moves } => {
                let mut game = Game::new(Position::start(position.rules()));
                for (i, m) in moves.into_iter().enumerate() {
                    if let Err(e) = game.play(m) {
                        let text = m.display(position.topology()).to_string();
                        let error = CommandError::BadMove { command: "position", index: i + 1, text, reason: e.into() };
                        return Ok(Err(error.into()));
                    }
                }
                self.engine.set_game(game);
                return self.after_setup(out, since).map(Ok);
            }
            Command::SetBoard { stones, side, in_hand } => {
                let setup = Setup { rules: position.rules(), stones, in_hand, side_to_move: side };
                match setup.into_position() {
                    Ok(start) => self.engine.set_game(Game::new(start)),
                    Err(e) => return Ok(Err(CommandError::Setup(e).into())),
                }
                return self.after_setup(out, since).map(Ok);
            }
        };
        self.write(out, &response).map(Ok)
    }

    /// Takes back moves up to and including the opponent's last one (`protocol.md` §4).
    fn undo(&mut self) -> Result<Vec<Move>, CommandError> {
        let opponent = !self.settings.color;
        let mut game = self.engine.game().clone();
        let mut taken = Vec::new();
        while let Some(m) = game.undo() {
            taken.push(m);
            if game.position().side_to_move() == opponent {
                for _ in 0..taken.len() {
                    self.engine.undo();
                }
                taken.reverse();
                return Ok(taken);
            }
        }
        Err(CommandError::NotNow { command: "undo", reason: "nothing to take back".to_string() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line `read_line` finds in `data`, read through a buffer of `capacity` bytes.
    fn lines(data: &[u8], capacity: usize, max: usize) -> Vec<Option<Vec<u8>>> {
        let mut input = io::BufReader::with_capacity(capacity, data);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        loop {
            match read_line(&mut input, &mut buf, max).unwrap() {
                ReadLine::Eof => return out,
                ReadLine::TooLong => out.push(None),
                ReadLine::Line => out.push(Some(buf.clone())),
            }
            assert!(buf.capacity() <= max.max(64) * 2, "memory stays bounded");
        }
    }

    #[test]
    fn lines_are_split_whatever_the_chunks() {
        let data = b"D2\r\n\nabcdefghij\nF4\r\nlast";
        for capacity in [1, 2, 3, 7, 64] {
            let got = lines(data, capacity, 8);
            let want: Vec<Option<Vec<u8>>> =
                vec![Some(b"D2".to_vec()), Some(vec![]), None, Some(b"F4".to_vec()), Some(b"last".to_vec())];
            assert_eq!(got, want, "capacity {capacity}");
        }
        assert!(lines(b"", 4, 8).is_empty());
        assert_eq!(lines(b"\n", 4, 8), vec![Some(vec![])]);
        assert_eq!(lines(b"123456789", 4, 8), vec![None]);
    }
}
