//! `morris`: a Nine Men's Morris engine and toolkit.
//!
//! # Glossary (used everywhere in this crate)
//! - *point*: a place a stone may stand; *line*: three points in a row; *mill*: a line
//!   filled by one side's stones.
//! - *stone*, *in hand* / *on board*; a side *places*, *slides*, *flies*, and *removes*
//!   an opponent stone when it closes a mill.
//! - *phase*: `Placing | Moving | Flying`. The classroom handout's "opening" is Placing
//!   and its "midgame/endgame" is Moving/Flying.
//! - *nodes*: positions visited by a search; *evals*: static evaluations (the handout's
//!   "positions evaluated").
//!
//! # Modules, in dependency order
//! Each module uses only modules listed above it; nothing points back up.
//! - [`words`]: counts in messages (`1 ply`, `0 plies`) and shell words for commands shown.
//! - [`table`]: a table as text, Markdown, HTML and CSV, and a whole HTML page: the one
//!   home of the escaping the pages and reports need.
//! - [`files`]: files written whole (temporary file, then rename).
//! - [`memory`]: large arrays advised for huge pages (the tables' solvers), and the process's memory as
//!   Linux counts it.
//! - [`progress`]: how long jobs report how far they got (drawn by the command line).
//! - [`topology`]: both boards as data (points, lines, adjacency, symmetries).
//! - [`rules`]: positions, moves, generation, play, notation, Zobrist keys, games.
//! - [`perft`]: move-path counts, the rules' checksum.
//! - [`eval`]: the static evaluations.
//! - [`time`]: time management, from a move time or a game clock to deadlines.
//! - [`search`]: the tournament engine's search, and the `Oracle` trait through which
//!   it consults perfect-play tables.
//! - [`engine`]: the engine façade over game, search and tables (no I/O).
//! - [`lines`]: reading a line of bounded length, for everything that reads lines.
//! - [`protocol`]: the stdin/stdout line protocol of `protocol.md`.
//! - [`classroom`]: the eight programs of the Morris Variant handout.
//! - [`play`]: a person plays the engine in a terminal.
//! - [`tablebase`]: perfect-play tables of the whole game, from the empty board through the
//!   moving phase, by retrograde analysis (an `Oracle` for the search).
//! - [`referee`]: matches, tournaments and protocol checks between engine processes; the
//!   record format and the one reader of game texts (`referee::outcome::game_text`).
//! - [`grade`]: grading students' submissions of the eight programs against [`classroom`].
//! - [`analysis`]: where a game was decided, by the tables and the engine.
//! - [`tune`]: the evaluation's weights fitted to the tables' values (Texel's method),
//!   from games the engine plays against itself.
//! - [`serve`]: a local web server: play, study and replay on a board in a browser.
//!
//! The command lines (`src/cmd/`, one file per subcommand: clap, printing, `anyhow`,
//! progress bars) are the `morris` binary's own module, and the classroom programs' is
//! `src/classroom_cli.rs`, beside their mains: the library has no command line. Every
//! module above takes plain settings and returns reports and typed errors.

#![deny(missing_docs)]

pub mod analysis;
pub mod classroom;
pub mod engine;
pub mod eval;
pub mod files;
pub mod grade;
pub mod lines;
pub mod memory;
pub mod perft;
pub mod play;
pub mod progress;
pub mod protocol;
pub mod referee;
pub mod rules;
pub mod search;
pub mod serve;
pub mod table;
pub mod tablebase;
pub mod time;
pub mod topology;
pub mod tune;
pub mod words;
