//! The referee's second floor: running a program the referee does not trust.
//!
//! What a program may use (`limits`), which program a command runs and what of the file
//! system it needs (`program`), the sandbox that runs it (`jail`: bubblewrap, cgroups,
//! rlimits, and the `Jail` a run holds) and the started program, owned
//! (`child`: its process group and cgroups, killed and removed on drop, and its usage
//! sampled from them). It knows nothing of the protocol, of moves or of games: the engine
//! (`referee::engine`) and the grader (`crate::grade`) sit on top of it. It imports only
//! the first floor (`outcome`, for the usage figures) and the crate's basics.

pub mod child;
pub mod jail;
pub mod limits;
pub mod program;
