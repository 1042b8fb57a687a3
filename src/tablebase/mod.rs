//! The game solved by the engine itself: perfect-play tables of the placing phase (from
//! the empty board) and the moving phase (3 to 9 stones a side), by retrograde analysis,
//! under either rule profile (the game's no-removal rule, or none).
//!
//! Layers, each using only those below it (and `rules`, `topology`, `progress`, and the
//! `search::Oracle` trait); nothing here prints, the command layer does:
//!
//! | layer | modules | what it is |
//! |---|---|---|
//! | reports | [`stats`], [`mod@bench`] | what a directory's tables hold, and what opening and probing them costs |
//! | probing and checking | [`probe`], [`batch`], [`verify`], [`bundled`] | read-only access for the search ([`Tablebase`], an [`Oracle`](crate::search::Oracle)), rows of positions answered in order, the independent check of stored values (each table's, and a whole directory's), and the 3- and 4-stone tables the binary carries |
//! | build driver | [`driver`] ([`driver::cells`], [`driver::placing`], [`driver::job`]) | what to build, in which order, with how much memory; resumable builds, one-cell jobs, and a whole build phase after phase |
//! | solvers | [`solve::moving`], [`solve::placing`] | one moving pair by retrograde analysis; one placing cell from the next ply |
//! | shared | [`shared`]: [`sector`](shared::sector), [`index`](shared::index), [`value`](shared::value), [`container`](shared::container), [`store`](shared::store), [`packed`](shared::packed), [`fast`](shared::fast), [`cell`](shared::cell), [`error`](shared::error) | subspaces and moves, position indices, what a value means, the one file container and the file kinds in it |
//!
//! The probing layer and the driver sit side by side: the engine opens tables without
//! anything of the build, and a build never probes. Every long job takes a
//! [`Progress`](crate::progress::Progress) and returns a report whose `Display` is what
//! the command line prints.

pub mod batch;
pub mod bench;
pub mod bundled;
pub mod driver;
pub mod probe;
pub mod shared;
pub mod solve;
pub mod stats;
pub mod verify;

pub use driver::cells::Cell;
pub use driver::{BuildOptions, BuildPlan, BuildReport, CellError, build, build_cell, plan, plan_build};
pub use probe::{Tablebase, open_oracle};
pub use shared::error::TablebaseError;
pub use shared::index::{ALL_POSITIONS, canonical_positions};
pub use shared::sector::{Subspace, is_possible, rules_text};
pub use shared::store::{FullBoardCounts, Table, full_board_counts};
pub use shared::value::{RuleProfile, TableValue, Wdl};
