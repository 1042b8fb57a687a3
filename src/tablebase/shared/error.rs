//! Why a table could not be used: one error type for every file kind, the solvers and
//! the probes.

use std::path::PathBuf;

use super::sector::Subspace;

/// Why a table could not be used. A table that fails any check is never believed.
#[derive(Debug, thiserror::Error)]
pub enum TablebaseError {
    /// The file could not be read or written.
    #[error("{}: {}", .path.display(), crate::files::io_reason(.cause))]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong (named `cause`, not `source`, so it is printed once).
        cause: std::io::Error,
    },
    /// The file does not start with the table magic.
    #[error("{0}: not a morris table (bad magic bytes)")]
    Magic(PathBuf),
    /// The file has another format version.
    #[error("{path}: table format version {found}, this program reads version {expected}")]
    Version {
        /// The file.
        path: PathBuf,
        /// The version in the file.
        found: u32,
        /// The version this program writes for that kind of file.
        expected: u32,
    },
    /// The table was built for other rules.
    #[error("{path}: built for rules '{found}', expected '{expected}'")]
    Ruleset {
        /// The file.
        path: PathBuf,
        /// The rules in the header.
        found: String,
        /// The rules asked for.
        expected: String,
    },
    /// The table holds another subspace than its name says.
    #[error("{path}: holds subspace {found}, expected {expected}")]
    Subspace {
        /// The file.
        path: PathBuf,
        /// The subspace in the header.
        found: Subspace,
        /// The subspace asked for.
        expected: Subspace,
    },
    /// The file's header is truncated, inconsistent or fails its checksum.
    #[error("{path}: corrupted table ({reason})")]
    CorruptedTable {
        /// The file.
        path: PathBuf,
        /// What did not match.
        reason: String,
    },
    /// One block fails its checksum or does not unpack to its length.
    #[error("{path}: corrupted block {block} of the {stream} stream ({reason})")]
    CorruptedBlock {
        /// The file.
        path: PathBuf,
        /// `class` or `distance`.
        stream: &'static str,
        /// The block number.
        block: u64,
        /// What did not match.
        reason: String,
    },
    /// The table directory does not exist.
    #[error("there is no table directory {}: build tables into it with `morris tablebase build --dir {}`", .0.display(), .0.display())]
    NoDirectory(PathBuf),
    /// The table directory is a file.
    #[error("{} is a file, not a table directory", .0.display())]
    NotADirectory(PathBuf),
    /// A directory stands where a table file should be.
    #[error("{} is a directory, not a table file", .0.display())]
    NotAFile(PathBuf),
    /// A table that is needed is not in the directory.
    #[error("table {subspace} is missing from {dir} (build it with `morris tablebase build`)")]
    MissingTable {
        /// The directory searched.
        dir: PathBuf,
        /// The subspace.
        subspace: Subspace,
    },
    /// The directory holds no placing cell (a placing verify or count needs one).
    #[error("{} has no placing tables (build them with tablebase build --placing)", .0.display())]
    NoPlacingTables(PathBuf),
    /// The directory holds no placing cell of this game and profile (a pack needs them).
    #[error("no placing cell of a {stones}-stone game under {profile} in {}", .dir.display())]
    NoPlacingSet {
        /// The directory.
        dir: PathBuf,
        /// Stones a side of the game.
        stones: u8,
        /// The rule profile.
        profile: super::value::RuleProfile,
    },
    /// The rules are not ones the tables cover.
    #[error("tables cover only the standard board, flying at 3, removal when-all-in-mills: not '{0}'")]
    UnsupportedRules(String),
    /// A distance or a subspace exceeded what the solver counts.
    #[error("subspace {0}: too large for the solver (a distance over 32,766 plies or over 2^30 positions)")]
    DistanceOverflow(Subspace),
    /// A solve stopped after saving its state, as asked (it resumes from the file).
    #[error("subspace {0}: stopped after saving the solve (it resumes from its checkpoint)")]
    Stopped(Subspace),
    /// The solver's un-move generation disagreed with its move generation (a bug).
    #[error("subspace {0}: un-moves do not match moves (a solver bug)")]
    UnmoveMismatch(Subspace),
}
