//! One session: the loop that reads a line, answers it and lets the engine move; the
//! messages, announcements and commands. The person's move entry, step by step, is
//! [`entry`]'s. Legality is `rules`', the choice of moves the engine's.

mod entry;

use std::io::{BufRead, Write};

use super::draw;
use super::input::{self, Line, PlayCommand};
use super::{PlayConfig, PlayError};
use crate::engine::{Engine, SearchOutcome, format_score};
use crate::lines::{MAX_LINE, ReadLine, read_line};
use crate::rules::{Color, DrawReason, Move, MoveList, Outcome, Phase, Position, WinReason};
use crate::topology::{Point, PointSet};

/// Where the person is within a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum EntryStage {
    /// Nothing chosen yet.
    Start,
    /// A stone picked; its destination next.
    To(Point),
    /// A move that closes a mill, waiting for the stone it removes.
    Remove(Move),
}

/// What a typed line leads to.
pub(super) enum Flow {
    /// Read the next line.
    Continue,
    /// The person leaves.
    Quit,
}

/// The kinds of message, each with its colour.
#[derive(Copy, Clone)]
pub(super) enum Tone {
    /// Plain information.
    Info,
    /// A mistake of the person's.
    Mistake,
    /// A mill, a phase change, the end.
    News,
}

/// The engine (which holds the game), where the output goes and where the person is
/// within a move.
pub(super) struct TerminalGame<'c, W: Write> {
    pub(super) engine: Engine,
    pub(super) out: W,
    pub(super) config: &'c PlayConfig,
    pub(super) stage: EntryStage,
    pub(super) last_search: Option<SearchOutcome>,
    /// Whether the board changed since it was last drawn.
    pub(super) stale: bool,
}

impl<W: Write> TerminalGame<'_, W> {
    fn position(&self) -> Position {
        *self.engine.game().position()
    }

    fn person(&self) -> Color {
        self.config.person
    }

    fn name(&self, p: Point) -> &'static str {
        self.position().topology().point_name(p)
    }

    /// Point names in reading order (A1, A4, B2, ...), comma separated.
    fn names(&self, set: PointSet) -> String {
        let mut names: Vec<&str> = set.iter().map(|p| self.name(p)).collect();
        names.sort_unstable();
        names.join(", ")
    }

    fn text(&self, m: Move) -> String {
        m.display(self.position().topology()).to_string()
    }

    /// `You (White)` or `The engine (Black)`.
    fn who(&self, c: Color) -> String {
        if c == self.person() { format!("You ({c})") } else { format!("The engine ({c})") }
    }

    fn say(&mut self, tone: Tone, text: &str) -> std::io::Result<()> {
        let style = self.config.style;
        let line = match tone {
            Tone::Info => text.to_string(),
            Tone::Mistake => style.paint("33", text),
            Tone::News => style.paint("1", text),
        };
        writeln!(self.out, "{line}")
    }

    pub(super) fn play(&mut self, mut input: impl BufRead) -> Result<(), PlayError> {
        let person = self.person();
        let example = self.example_move();
        let welcome = format!("You play {person}. Type a move ({example}), or help.");
        self.say(Tone::Info, &welcome)?;
        loop {
            if let Some(outcome) = self.engine.game().outcome() {
                self.draw()?;
                self.announce_end(outcome)?;
                // A lost game may be taken back; anything else ends the session.
                if self.last_own_move().is_none() {
                    return Ok(());
                }
                let Some(line) =
                    self.read_line(&mut input, "Type undo to take back your last move, or Enter to leave")?
                else {
                    return Ok(());
                };
                if input::parse_line(&line) != Line::Command(PlayCommand::Undo) {
                    self.say(Tone::Info, "Bye.")?;
                    return Ok(());
                }
                self.undo()?;
                continue;
            }
            if self.position().side_to_move() != person {
                self.engine_moves()?;
                continue;
            }
            if self.stale {
                self.draw()?;
            }
            let prompt = self.prompt();
            let Some(line) = self.read_line(&mut input, &prompt)? else {
                self.say(Tone::Info, "End of input: the game is left unfinished. Bye.")?;
                return Ok(());
            };
            if let Flow::Quit = self.handle(&line)? {
                self.say(Tone::Info, "You leave the game. Bye.")?;
                return Ok(());
            }
        }
    }

    /// Prompts and reads one line; `None` at the end of the input. A line longer than
    /// [`MAX_LINE`] bytes is skipped in bounded memory, said so, and asked for again.
    fn read_line(&mut self, input: &mut impl BufRead, prompt: &str) -> Result<Option<String>, PlayError> {
        let mut bytes = Vec::new();
        loop {
            write!(self.out, "{prompt}> ")?;
            self.out.flush()?;
            match read_line(input, &mut bytes, MAX_LINE)? {
                ReadLine::Eof => {
                    writeln!(self.out)?;
                    return Ok(None);
                }
                ReadLine::Line => break,
                ReadLine::TooLong => {
                    writeln!(self.out)?;
                    self.say(
                        Tone::Mistake,
                        &format!("That line is longer than {MAX_LINE} bytes: type a move, or help."),
                    )?;
                }
            }
        }
        // Invalid UTF-8 becomes U+FFFD and then a "not a point" message, never an error.
        let line = String::from_utf8_lossy(&bytes).into_owned();
        if self.config.echo {
            writeln!(self.out, "{}", line.trim_end())?;
        }
        Ok(Some(line))
    }

    /// What to type, with point names of this board (`a point such as E5`).
    fn example_move(&self) -> String {
        let pos = self.position();
        let topology = pos.topology();
        let p = topology.points().nth(topology.len() / 3).unwrap_or(Point::new(0));
        let q = topology.neighbours(p).first().unwrap_or(p);
        let (p, q) = (topology.point_name(p), topology.point_name(q));
        match pos.phase(self.person()) {
            Phase::Placing => format!("a point such as {p}, or {p},{q} to place and remove"),
            Phase::Moving | Phase::Flying => format!("a stone such as {p}, or a whole move such as {p}-{q}"),
        }
    }

    fn prompt(&self) -> String {
        let pos = self.position();
        match self.stage {
            EntryStage::Start => match pos.phase(self.person()) {
                Phase::Placing => format!("Your move, {}: place a stone", self.person()),
                Phase::Moving => format!("Your move, {}: which stone slides", self.person()),
                Phase::Flying => format!("Your move, {}: which stone flies", self.person()),
            },
            EntryStage::To(from) => format!("Move {} to", self.name(from)),
            EntryStage::Remove(_) => format!("Remove which {} stone", !self.person()),
        }
    }

    fn draw(&mut self) -> std::io::Result<()> {
        let pos = self.position();
        let game = self.engine.game();
        let style = self.config.style;
        let mut panel = Vec::new();
        for c in Color::ALL {
            let who = if c == self.person() { "you" } else { "engine" };
            let label = format!("{} ({who})", style.paint(draw::stone_code(c), &c.to_string()));
            let pad = " ".repeat(14usize.saturating_sub(c.to_string().len() + who.len() + 3));
            panel.push(format!(
                "{label}{pad} {} in hand, {} on board, {}",
                pos.in_hand(c),
                pos.stones(c).len(),
                pos.phase(c)
            ));
        }
        panel.push(String::new());
        let recent: Vec<(Color, Move)> = self.recent_moves(2);
        for (c, m) in &recent {
            let who = if *c == self.person() { "You" } else { "Engine" };
            panel.push(format!("{who}: {}", self.describe(*m)));
        }
        if recent.is_empty() {
            panel.push("No moves yet.".to_string());
        }
        panel.push(String::new());
        match game.outcome() {
            Some(_) => panel.push("Game over.".to_string()),
            None => {
                let side = pos.side_to_move();
                let whose = if side == self.person() { "your" } else { "the engine's" };
                panel.push(format!("{side} to move ({whose} turn), {}", pos.phase(side)));
            }
        }
        writeln!(self.out)?;
        for line in draw::board_lines(&pos, game.last_move(), &panel, style) {
            writeln!(self.out, "{line}")?;
        }
        writeln!(self.out)?;
        self.stale = false;
        Ok(())
    }

    /// The last `n` moves with who made them, oldest first.
    fn recent_moves(&self, n: usize) -> Vec<(Color, Move)> {
        let game = self.engine.game();
        let moves: Vec<Move> = game.moves().collect();
        let first = game.start().side_to_move();
        let mover = |i: usize| if i.is_multiple_of(2) { first } else { !first };
        let skip = moves.len().saturating_sub(n);
        moves.iter().enumerate().skip(skip).map(|(i, &m)| (mover(i), m)).collect()
    }

    /// A move in words: `D6`, `D7-D6, removing A4`.
    fn describe(&self, m: Move) -> String {
        let mut text = match m.from() {
            Some(from) => format!("{}-{}", self.name(from), self.name(m.to())),
            None => self.name(m.to()).to_string(),
        };
        if let Some(r) = m.remove() {
            text.push_str(&format!(", removing {}", self.name(r)));
        }
        text
    }

    fn handle(&mut self, text: &str) -> Result<Flow, PlayError> {
        match input::parse_line(text) {
            Line::Empty => {
                let msg = match self.stage {
                    EntryStage::Remove(_) => self.must_remove_message(),
                    EntryStage::To(from) => {
                        format!("Name where {} goes: {} (or back).", self.name(from), self.destination_list(from))
                    }
                    EntryStage::Start => format!("Type a move ({}), or help.", self.example_move()),
                };
                self.say(Tone::Mistake, &msg)?;
            }
            Line::UnknownWord(word) => {
                let msg =
                    format!("'{word}' is not a command or a move: type a move ({}), or help.", self.example_move());
                self.say(Tone::Mistake, &msg)?;
            }
            Line::Command(c) => return self.command(c),
            Line::Text(t) => match self.stage {
                EntryStage::Start => self.start_text(t)?,
                EntryStage::To(from) => self.destination_text(from, t)?,
                EntryStage::Remove(m) => self.remove_text(m, t)?,
            },
        }
        Ok(Flow::Continue)
    }

    fn engine_moves(&mut self) -> Result<(), PlayError> {
        let before = self.position();
        let engine_side = before.side_to_move();
        self.say(Tone::Info, &format!("The engine ({engine_side}) is thinking..."))?;
        self.out.flush()?;
        let result = self.engine.think(&self.config.limits, &mut |_| {});
        let Some(m) = result.best else { return Err(PlayError::NoEngineMove) };
        self.engine.play(m).map_err(|error| PlayError::IllegalEngineMove { text: self.text(m), error })?;
        self.stale = true;
        let mut text = format!("The engine plays {}.", self.text(m));
        if let Some(r) = m.remove() {
            text.push_str(&format!(" Mill! It removes your stone on {}.", self.name(r)));
        } else if before.closes_mill(m.from(), m.to()) {
            text.push_str(" Mill! (Every stone of yours is in a mill, so none is removed.)");
        }
        self.say(if m.remove().is_some() { Tone::News } else { Tone::Info }, &text)?;
        if self.config.show_score {
            let line = format!("({})", search_line(&result));
            self.say(Tone::Info, &line)?;
        }
        self.last_search = Some(result);
        self.announce_phases(&before)
    }

    /// Says which side moved on to sliding or flying with the last move.
    fn announce_phases(&mut self, before: &Position) -> Result<(), PlayError> {
        let after = self.position();
        for c in Color::ALL {
            let (was, now) = (before.phase(c), after.phase(c));
            if was == now {
                continue;
            }
            let you = c == self.person();
            let text = match now {
                Phase::Moving if you => "== All your stones are placed: now slide them along the lines. ==".to_string(),
                Phase::Moving => format!("== {} has placed all its stones and now slides. ==", self.who(c)),
                Phase::Flying if you => {
                    "== You are down to three stones: you may fly to any empty point! ==".to_string()
                }
                Phase::Flying => format!("== {} is down to three stones and flies. ==", self.who(c)),
                Phase::Placing => continue,
            };
            self.say(Tone::News, &text)?;
        }
        Ok(())
    }

    fn announce_end(&mut self, outcome: Outcome) -> Result<(), PlayError> {
        let rules = self.position().rules();
        let text = match outcome {
            Outcome::Win { winner, reason } => {
                let loser = self.who(!winner);
                let why = match reason {
                    WinReason::FewerThanThree => {
                        format!("{loser} has only {} stones left.", self.position().material(!winner))
                    }
                    WinReason::Blocked => format!("{loser} cannot move: every stone is blocked."),
                };
                let headline = if winner == self.person() { "You win!!" } else { "You lose!!" };
                format!("{headline} {why}")
            }
            Outcome::Draw(DrawReason::Repetition) => {
                format!("Draw: the same position has occurred {} times.", rules.repetition)
            }
            Outcome::Draw(DrawReason::NoRemoval) => {
                format!(
                    "Draw: {} of sliding and flying in a row without a removal.",
                    crate::words::plies(rules.no_removal_plies)
                )
            }
        };
        self.say(Tone::News, &text)?;
        self.say(Tone::Info, &format!("Result: {} {}.", outcome.result_word(), outcome.reason()))?;
        Ok(())
    }

    fn command(&mut self, c: PlayCommand) -> Result<Flow, PlayError> {
        match c {
            PlayCommand::Quit => return Ok(Flow::Quit),
            PlayCommand::Help => {
                let help = self.help();
                self.say(Tone::Info, &help)?;
            }
            PlayCommand::Board => self.draw()?,
            PlayCommand::Back => {
                let msg =
                    if self.stage == EntryStage::Start { "Nothing to go back from." } else { "Start your move again." };
                self.stage = EntryStage::Start;
                self.say(Tone::Info, msg)?;
            }
            PlayCommand::Moves => {
                let text = self.moves_text();
                self.say(Tone::Info, &text)?;
            }
            PlayCommand::Undo => self.undo()?,
            PlayCommand::Hint => {
                self.say(Tone::Info, "Thinking about a hint...")?;
                self.out.flush()?;
                let result = self.engine.think(&self.config.limits, &mut |_| {});
                let text = match result.best {
                    Some(m) => {
                        let score = format_score(result.score);
                        format!("Hint: {} (score {score} for you, depth {}).", self.text(m), result.depth)
                    }
                    None => "The engine sees no move here.".to_string(),
                };
                self.say(Tone::Info, &text)?;
            }
            PlayCommand::Score => {
                let eval = format_score(self.engine.evaluate());
                let text = match &self.last_search {
                    Some(r) => format!(
                        "The engine's last search: {}. Static evaluation now: {eval} for the side to move.",
                        search_line(r)
                    ),
                    None => {
                        format!("The engine has not searched yet. Static evaluation now: {eval} for the side to move.")
                    }
                };
                self.say(Tone::Info, &text)?;
            }
        }
        Ok(Flow::Continue)
    }

    fn moves_text(&self) -> String {
        let pos = self.position();
        match self.stage {
            EntryStage::Start => {
                let mut list = MoveList::new();
                pos.legal_moves(&mut list);
                let texts: Vec<String> = list.iter().map(|&m| self.text(m)).collect();
                // Wrapped, so that a flying position's hundred moves stay readable.
                let mut text = format!("{} legal moves:", texts.len());
                let mut width = text.len();
                for t in &texts {
                    if width + 1 + t.len() > 88 {
                        text.push_str("\n ");
                        width = 1;
                    }
                    text.push(' ');
                    text.push_str(t);
                    width += 1 + t.len();
                }
                text
            }
            EntryStage::To(from) => format!("{} can go to {}.", self.name(from), self.destination_list(from)),
            EntryStage::Remove(_) => format!("You may remove {}.", self.names(pos.removable())),
        }
    }

    /// Takes back moves up to and including the person's last one.
    fn undo(&mut self) -> Result<(), PlayError> {
        let moves = self.recent_moves(usize::MAX);
        let Some(last_own) = self.last_own_move() else {
            return Ok(self.say(Tone::Mistake, "Nothing to undo: you have not moved yet.")?);
        };
        let taken: Vec<String> = moves[last_own..].iter().map(|&(_, m)| self.text(m)).collect();
        for _ in last_own..moves.len() {
            self.engine.undo();
        }
        self.stage = EntryStage::Start;
        self.stale = true;
        let text = match taken.as_slice() {
            [own] => format!("Took back your move {own}."),
            [own, reply] => format!("Took back your move {own} and the engine's reply {reply}."),
            _ => format!("Took back {}.", taken.join(" ")),
        };
        Ok(self.say(Tone::Info, &text)?)
    }

    /// The index of the person's last move in the game, if they have moved.
    fn last_own_move(&self) -> Option<usize> {
        self.recent_moves(usize::MAX).iter().rposition(|&(c, _)| c == self.person())
    }

    fn help(&self) -> String {
        let topology = self.position().topology();
        let range = topology.name_range();
        format!(
            "Points are named {range} (column letter, row digit), as drawn around the board.\n\
             Moves: place D2 | slide or fly A7-D7 | with a removal D3,G1 or A7-D7,B2.\n\
             Or step by step: name one of your stones, then where it goes; when you close a mill,\n\
             name the opponent stone to remove (one not in a mill, unless all are).\n\
             Commands (at every prompt): moves (what you may type now), hint (ask the engine),\n\
             undo (take back your last move and the reply), board, score (the engine's last\n\
             score and depth), back (start the move again), help, quit."
        )
    }
}

/// `score +1.00 for the engine, depth 5, 1234 nodes, 0.21 s`.
fn search_line(r: &SearchOutcome) -> String {
    format!(
        "score {} for the engine, depth {}, {} nodes, {:.2} s",
        format_score(r.score),
        r.depth,
        r.nodes,
        r.elapsed.as_secs_f64()
    )
}

/// A message as a sentence: capital first letter (unless it is a point name such as
/// `d2`, whose case belongs to the board), full stop at the end.
fn sentence(text: &str) -> String {
    let starts_with_point = text.chars().nth(1).is_some_and(|c| c.is_ascii_digit());
    let mut chars = text.chars();
    let mut out: String = match chars.next() {
        Some(c) if !starts_with_point => c.to_uppercase().collect(),
        Some(c) => c.to_string(),
        None => String::new(),
    };
    out.push_str(chars.as_str());
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}
