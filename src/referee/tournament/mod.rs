//! The referee's top floor: tournaments and matches, their records and their pages.
//!
//! Why one could not go on (`error`), the formats and the knockout bracket, pure
//! (`bracket`), the roster file (`roster`), the games played `jobs` at a time (`runner`),
//! resuming and replaying from a record file (`resume`) and the standings pages (`pages`).

pub mod bracket;
pub mod error;
pub mod pages;
pub mod resume;
pub mod roster;
pub mod runner;
