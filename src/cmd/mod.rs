//! The command layer: one file per subcommand, each holding its clap arguments, the
//! printing and the `anyhow` errors, over library modules that take plain settings and
//! return reports and typed errors.

pub mod analyze;
pub mod tablebase;
