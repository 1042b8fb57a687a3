//! The referee's top floor: tournaments and matches, their records and their pages.
//!
//! Why one could not go on (`error`), the formats and the knockout bracket, pure
//! (`bracket`), the roster file (`roster`), what decides a tournament's games and the
//! fingerprint its record file keeps of them (`terms`), resuming and replaying from a
//! record file (`resume`), the standings pages (`pages`), the games played `jobs` at a time
//! (`runner`), the waves of a tournament on a Slurm cluster (`waves`) and the conduct of
//! a whole tournament (`conduct`): plan, play, resume, report. The command line parses,
//! calls these, and prints what they return.

pub mod bracket;
pub mod conduct;
pub mod error;
pub mod pages;
pub mod resume;
pub mod roster;
pub mod runner;
pub mod terms;
pub mod waves;
