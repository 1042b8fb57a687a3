//! Matches, tournaments and protocol checks between engine processes.
//!
//! The referee starts engine programs (`process`), relays and checks every move with
//! `rules` (`game`), schedules games (`runner`, `tournament`), writes records (`record`),
//! computes results (`stats`), reads every game text the project writes (`game_text`)
//! and checks other people's engines (`check`). It knows
//! engines only through the line protocol of protocol.md; it never calls our own search.
//! It takes plain settings ([`GameSettings`](game::GameSettings),
//! [`CheckSettings`](check::CheckSettings), one [`TimeControl`]) and returns records,
//! standings and reports; the command lines of `morris match`, `tournament` and `check`,
//! and their printing, are `cmd`'s.

pub mod check;
pub mod child;
pub mod error;
pub mod game;
pub mod game_text;
pub mod limits;
pub mod openings;
pub mod pages;
pub mod process;
pub mod program;
pub mod record;
pub mod resume;
pub mod roster;
pub mod runner;
pub mod sandbox;
pub mod sprt;
pub mod stats;
pub mod time_control;
pub mod tournament;
pub mod usage;

pub use error::{OpeningError, RefereeError};
pub use time_control::{GameClock, TimeControl};
