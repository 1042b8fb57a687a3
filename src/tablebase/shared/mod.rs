//! The bottom layer of the tables, shared by both solvers, the build driver and the
//! probes: what a position's index is ([`index`], over the subspaces of [`sector`]), what
//! a stored value means ([`value`]), the one file [`container`] and the file kinds in it
//! ([`store`]: the moving tables; [`packed`]: 2-bit code files, which hold the moving
//! tables' [`fast`] form and the placing [`cell`]s; [`modeled`]: the carried cells' densest form), the one error type ([`error`]) and the maps keyed by the tables' small keys ([`small_keys`]).
//! Nothing here solves, plans or prints.

pub mod cell;
pub mod container;
pub mod dictionary;
pub mod error;
pub mod fast;
pub mod index;
pub mod modeled;
pub mod packed;
pub mod sector;
pub mod small_keys;
pub mod store;
pub mod value;

use std::path::Path;

use error::TablebaseError;

/// A rayon pool of `threads` workers (at least one) for work on the tables in `dir`.
///
/// # Errors
/// The operating system refuses the threads ([`TablebaseError::Io`] on `dir`).
pub fn worker_pool(threads: usize, dir: &Path) -> Result<rayon::ThreadPool, TablebaseError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| TablebaseError::Io { path: dir.to_path_buf(), cause: std::io::Error::other(e.to_string()) })
}
