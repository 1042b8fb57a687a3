//! The referee's first floor: what games come to, with no process in sight.
//!
//! The result of a game and how it ended (`result`), the time control and the protocol's
//! seconds (`time_control`), what an engine used as figures (`usage`), the record file
//! (`record`), the one reader of every game text the project writes (`game_text`),
//! openings (`openings`), standings and Elo (`stats`) and the sequential test (`sprt`).
//! Nothing here starts, samples or talks to a process: it imports the rules and the crate's
//! basics, and its own siblings in the order below.

pub mod game_text;
pub mod openings;
pub mod record;
pub mod result;
pub mod sprt;
pub mod stats;
pub mod time_control;
pub mod usage;
