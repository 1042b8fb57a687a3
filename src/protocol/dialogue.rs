//! The protocol loop's state machine (`protocol.md` §3): what a line read means in the
//! game's current state, which replies it gets, and when the engine thinks. Where the
//! lines come from and how replies go out is [`super::transport`]'s.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::transport::{LineSource, Received, listen, read_input};
use super::{
    Command, CommandError, GameClocks, LineError, MAX_LINE, MoveRefusal, ProtocolSettings, Response, ToEngine, echo,
    format_response, parse_line,
};
use crate::engine::{Engine, Iteration, SearchLimits};
use crate::rules::{Game, Move, MoveList, Position, PositionTextError};

/// The shortest time the engine is given for a move, when the budget is already spent.
const MIN_THINK: Duration = Duration::from_millis(1);

/// One conversation with a GUI, a referee or a person: the engine, the settings and
/// the input.
pub(super) struct Dialogue<'e, R> {
    engine: &'e mut Engine,
    settings: ProtocolSettings,
    source: LineSource<R>,
    /// Lines read during a search, for after it.
    queue: VecDeque<Received>,
    /// The loop is to end (`quit` or end of input during a search).
    quit: bool,
}

impl<'e, R: BufRead> Dialogue<'e, R> {
    pub(super) fn new(engine: &'e mut Engine, settings: ProtocolSettings, source: LineSource<R>) -> Self {
        Dialogue { engine, settings, source, queue: VecDeque::new(), quit: false }
    }

    fn next_input(&mut self) -> Received {
        if let Some(item) = self.queue.pop_front() {
            return item;
        }
        match &mut self.source {
            LineSource::Direct { input, buf } => read_input(input, buf),
            LineSource::Thread { rx, .. } => {
                rx.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner).recv().unwrap_or(Received::Eof)
            }
        }
    }

    /// The loop: the first move if it is the engine's, then line after line.
    pub(super) fn serve(mut self, mut output: impl Write, started: Instant) -> io::Result<()> {
        self.after_setup(&mut output, started)?;
        loop {
            if self.quit {
                return Ok(());
            }
            let item = self.next_input();
            let read_at = match &item {
                Received::Line(_, at) => *at,
                _ => Instant::now(),
            };
            let reply = match item {
                Received::Eof => return Ok(()),
                Received::Failed(e) => return Err(e),
                Received::SearchDone => continue,
                Received::TooLong => Err(LineError::TooLong { max: MAX_LINE }),
                Received::Line(buf, _) => match std::str::from_utf8(&buf) {
                    Err(e) => Err(LineError::NotUtf8 { column: e.valid_up_to() + 1 }),
                    Ok(text) => {
                        log::debug!("read {text:?}");
                        match parse_line(text, self.topology()) {
                            Ok(ToEngine::Blank) => Ok(()),
                            Ok(ToEngine::Command(Command::Quit)) => return Ok(()),
                            Ok(ToEngine::Command(c)) => self.command(c, &mut output, read_at)?,
                            Ok(ToEngine::Move(m)) => self.opponent_move(m, echo(text.trim()), &mut output, read_at)?,
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
        let me = self.engine.game().position().side_to_move();
        let limits = match self.settings.clock {
            // The clock has run since the line was read: the time manager gets what is left.
            Some(c) => SearchLimits {
                clock: Some(crate::time::Clock {
                    remaining: c.remaining[me].saturating_sub(since.elapsed()),
                    increment: c.increment[me],
                }),
                depth: self.settings.depth,
                ..SearchLimits::default()
            },
            None => {
                let budget = self.settings.movetime.saturating_sub(since.elapsed()).max(MIN_THINK);
                SearchLimits { movetime: Some(budget), depth: self.settings.depth, ..SearchLimits::default() }
            }
        };
        let topology = self.topology();
        let result = self.search(&limits, out, false)?;
        if self.quit {
            log::info!("quit during the search");
            return Ok(());
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
        if let Some(c) = &mut self.settings.clock {
            // The engine keeps its own clock until a `clock` command says otherwise.
            // A referee also charges what the engine cannot see (crate::time::MOVE_OVERHEAD).
            let used = since.elapsed() + crate::time::MOVE_OVERHEAD;
            c.remaining[me] = c.remaining[me].saturating_sub(used) + c.increment[me];
        }
        log::info!("played {} after {:?}", m.display(topology), since.elapsed());
        if let Some(outcome) = self.engine.game().outcome() {
            self.write(out, &Response::Result(outcome))?;
        } else if self.settings.ponder
            && result.pv.first() == Some(&m)
            && let Some(&reply) = result.pv.get(1)
        {
            self.ponder(reply, out)?;
        }
        Ok(())
    }

    /// Runs a search under `limits`, listening to the input meanwhile if it is read on
    /// another thread (see [`listen`]); `info` lines go to `out` unless pondering.
    fn search(
        &mut self,
        limits: &SearchLimits,
        out: &mut impl Write,
        ponder: bool,
    ) -> io::Result<crate::engine::SearchOutcome> {
        let topology = self.topology();
        let show_info = self.settings.info && !ponder;
        let mut write_error = None;
        let mut on_info = |info: &Iteration| {
            if show_info && write_error.is_none() {
                let line = format_response(&Response::Info(info.clone()), topology);
                if let Err(e) = writeln!(out, "{line}").and_then(|()| out.flush()) {
                    write_error = Some(e);
                }
            }
        };
        let result = self.while_listening(ponder, |engine| engine.think_unless_stopped(limits, &mut on_info));
        if let Some(e) = write_error {
            return Err(e);
        }
        Ok(result)
    }

    /// Runs `work` (a search, a perft) with the engine's stop flag lowered, listening to
    /// the input meanwhile if it is read on another thread (see [`listen`]): `isready` is
    /// answered at once, `stop` raises the flag, `quit` and end of input raise it and end
    /// the loop, and other lines wait for afterwards (`protocol.md` §3).
    fn while_listening<T>(&mut self, ponder: bool, work: impl FnOnce(&mut Engine) -> T) -> T {
        let topology = self.topology();
        let Dialogue { engine, source, queue, quit, .. } = self;
        let stop = engine.stop_flag();
        // Lowered here, before a listener can raise it: a stop read from now on counts.
        stop.store(false, Ordering::Relaxed);
        match source {
            LineSource::Direct { .. } => work(engine),
            LineSource::Thread { rx, wake, out: side } => {
                let stop = &stop;
                let (result, heard) = std::thread::scope(|scope| {
                    let listener = scope.spawn(move || listen(rx, stop, side.as_mut(), topology, ponder));
                    let result = work(engine);
                    // The listener holds the receiver until it reads this.
                    let _ = wake.send(Received::SearchDone);
                    (result, listener.join())
                });
                if let Ok(heard) = heard {
                    queue.extend(heard.queued);
                    *quit |= heard.quit;
                }
                result
            }
        }
    }

    /// `perft DEPTH`, stoppable: while it counts, `isready`, `stop` and `quit` are
    /// answered as during a search; a stopped count is an `error perft` line (none after
    /// `quit`).
    fn perft(&mut self, position: &Position, depth: u32) -> Result<Response, CommandError> {
        let count =
            self.while_listening(false, |engine| crate::perft::perft_until(position, depth, &engine.stop_flag()));
        match count {
            Some(count) => Ok(Response::Perft { depth, count }),
            None => {
                Err(CommandError::NotNow { command: "perft", reason: "stopped before the count was done".to_string() })
            }
        }
    }

    /// Thinks on the opponent's time (`--ponder`): on the position after `reply`, the reply
    /// the last search expected, until a line arrives. The table keeps what was found, so
    /// when the opponent plays `reply` the next search starts from it (a ponder hit).
    fn ponder(&mut self, reply: Move, out: &mut impl Write) -> io::Result<()> {
        if !matches!(self.source, LineSource::Thread { .. }) || !self.queue.is_empty() {
            return Ok(());
        }
        if self.engine.play(reply).is_err() {
            return Ok(());
        }
        let result = self.search(&SearchLimits::default(), out, true);
        self.engine.undo();
        if let Ok(r) = &result {
            log::info!("pondered {} to depth {} in {:?}", reply.display(self.topology()), r.depth, r.elapsed);
        }
        result.map(|_| ())
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
            Command::Perft(depth) => match self.perft(&position, depth) {
                Ok(response) => response,
                Err(_) if self.quit => return Ok(Ok(())),
                Err(e) => return Ok(Err(e.into())),
            },
            Command::IsReady => Response::ReadyOk,
            Command::Undo => match self.undo() {
                Ok(moves) => Response::Undone(moves),
                Err(e) => return Ok(Err(e.into())),
            },
            Command::MoveTime(t) => {
                self.settings.movetime = t;
                self.settings.clock = None;
                return Ok(Ok(()));
            }
            Command::Info(on) => {
                self.settings.info = on;
                return Ok(Ok(()));
            }
            Command::Ponder(on) => {
                self.settings.ponder = on;
                return Ok(Ok(()));
            }
            Command::Quit | Command::Stop => return Ok(Ok(())),
            Command::Clock { remaining, increment } => {
                self.settings.clock = Some(GameClocks { remaining, increment });
                return Ok(Ok(()));
            }
            Command::New => {
                self.engine.new_game();
                return self.after_setup(out, since).map(Ok);
            }
            Command::Go => {
                if let Some(outcome) = game.outcome() {
                    let reason = format!("the game is over, {}", super::format::describe_outcome(outcome));
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
            Command::SetBoard(text) => {
                match text.into_position(position.rules()) {
                    Ok(start) => self.engine.set_game(Game::with_quiet_plies(start, text.plies())),
                    Err(PositionTextError::Setup(e)) => return Ok(Err(CommandError::Setup(e).into())),
                    Err(e) => return Ok(Err(CommandError::Position(Box::new(e)).into())),
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
