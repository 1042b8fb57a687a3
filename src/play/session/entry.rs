//! The person's move, typed whole or step by step as in the terminal-play assignment (docs/assignments.md): a placement or a
//! stone to pick, then its destination, then the stone a mill removes. Each step is
//! checked by `rules` (`check_move`, `destinations`, `removable`) and only a complete,
//! legal move reaches the game.

use std::io::Write;

use super::{EntryStage, PlayError, TerminalGame, Tone, sentence};
use crate::rules::notation::parse_move;
use crate::rules::{IllegalMove, Move, Phase};
use crate::topology::{Point, PointSet};

impl<W: Write> TerminalGame<'_, W> {
    pub(super) fn parse(&mut self, text: &str) -> Result<Option<Move>, PlayError> {
        match parse_move(text, self.position().topology()) {
            Ok(m) => Ok(Some(m)),
            Err(e) => {
                self.say(Tone::Mistake, &sentence(&e.to_string()))?;
                Ok(None)
            }
        }
    }

    /// A line at the start of a move: a whole move, a placement, or a stone to pick.
    pub(super) fn start_text(&mut self, text: &str) -> Result<(), PlayError> {
        let Some(m) = self.parse(text)? else { return Ok(()) };
        let placing = self.position().phase(self.person()) == Phase::Placing;
        if !placing && m.from().is_none() && m.remove().is_none() {
            return self.pick(m.to());
        }
        self.try_move(m)
    }

    /// The person names a stone to move.
    pub(super) fn pick(&mut self, p: Point) -> Result<(), PlayError> {
        let pos = self.position();
        let me = self.person();
        let msg = match pos.stone_at(p) {
            None => {
                format!("{} is empty: name one of your stones that can move: {}.", self.name(p), self.movable_list())
            }
            Some(c) if c != me => {
                format!(
                    "{} is a {c} stone, and you play {me}: name one of yours: {}.",
                    self.name(p),
                    self.movable_list()
                )
            }
            Some(_) => {
                let to = pos.destinations(p);
                if to.is_empty() {
                    format!(
                        "The stone on {} cannot move: every point next to it is taken. Stones that can move: {}.",
                        self.name(p),
                        self.movable_list()
                    )
                } else {
                    self.stage = EntryStage::To(p);
                    let list = self.destination_list(p);
                    return Ok(self.say(Tone::Info, &format!("{} can go to {list}.", self.name(p)))?);
                }
            }
        };
        Ok(self.say(Tone::Mistake, &msg)?)
    }

    pub(super) fn movable_list(&self) -> String {
        let pos = self.position();
        let movable: PointSet = pos.stones(self.person()).iter().filter(|&p| !pos.destinations(p).is_empty()).collect();
        self.names(movable)
    }

    pub(super) fn destination_list(&self, from: Point) -> String {
        let pos = self.position();
        if pos.phase(self.person()) == Phase::Flying {
            format!("any empty point ({})", self.names(pos.destinations(from)))
        } else {
            self.names(pos.destinations(from))
        }
    }

    /// A line once a stone is picked: its destination, another stone, or a whole move.
    pub(super) fn destination_text(&mut self, from: Point, text: &str) -> Result<(), PlayError> {
        let Some(m) = self.parse(text)? else { return Ok(()) };
        if m.from().is_some() || m.remove().is_some() {
            self.stage = EntryStage::Start;
            return self.try_move(m);
        }
        let to = m.to();
        if to == from {
            let msg =
                format!("That is the stone you picked: name where it goes ({}), or back.", self.destination_list(from));
            return Ok(self.say(Tone::Mistake, &msg)?);
        }
        if self.position().stone_at(to) == Some(self.person()) {
            return self.pick(to);
        }
        self.try_move(Move::new(Some(from), to, None))
    }

    /// A line while a mill waits for its removal.
    pub(super) fn remove_text(&mut self, pending: Move, text: &str) -> Result<(), PlayError> {
        let Some(m) = self.parse(text)? else { return Ok(()) };
        if m.from().is_some() || m.remove().is_some() {
            let msg = self.must_remove_message();
            return Ok(self.say(Tone::Mistake, &msg)?);
        }
        self.try_move(pending.with_remove(Some(m.to())))
    }

    pub(super) fn must_remove_message(&self) -> String {
        let pos = self.position();
        format!(
            "You closed a mill and must remove a {} stone: one of {} (or back).",
            !self.person(),
            self.names(pos.removable())
        )
    }

    /// Plays `m` if the rules allow it; a mill without its removal asks for one.
    pub(super) fn try_move(&mut self, m: Move) -> Result<(), PlayError> {
        let pos = self.position();
        match pos.check_move(m) {
            Ok(()) => self.person_moves(m),
            Err(IllegalMove::MustRemove { .. }) => {
                self.stage = EntryStage::Remove(m);
                let text = format!(
                    "Mill! {} closes a mill. Remove which {} stone? You may take {}.",
                    self.text(m),
                    !self.person(),
                    self.names(pos.removable())
                );
                Ok(self.say(Tone::News, &text)?)
            }
            Err(e) => {
                let msg = sentence(&e.to_string());
                Ok(self.say(Tone::Mistake, &msg)?)
            }
        }
    }

    pub(super) fn person_moves(&mut self, m: Move) -> Result<(), PlayError> {
        let before = self.position();
        if let Err(e) = self.engine.play(m) {
            self.stage = EntryStage::Start;
            return Ok(self.say(Tone::Mistake, &sentence(&e.to_string()))?);
        }
        self.stage = EntryStage::Start;
        self.stale = true;
        let mut text = format!("You play {}.", self.text(m));
        if let Some(r) = m.remove() {
            text.push_str(&format!(" Mill! You remove the {} stone on {}.", !self.person(), self.name(r)));
        } else if before.closes_mill(m.from(), m.to()) {
            text.push_str(" Mill! (Every engine stone is in a mill, so none is removed.)");
        }
        self.say(Tone::Info, &text)?;
        self.announce_phases(&before)
    }
}
