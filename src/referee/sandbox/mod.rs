//! The referee's second floor: running a program the referee does not trust.
//!
//! What a program may use (`limits`), which program a command runs and what of the file
//! system it needs (`program`), what this machine offers (`host`: the tools installed and
//! working, root or not, the CPUs), the engines' cgroups (`cgroup`), the sandbox that runs
//! it (`jail`: what is in force, and the `Jail` a run holds), the chain of `exec`s that
//! starts it with bubblewrap's command line (`chain`), and the started program, owned
//! (`child`: its process group and cgroups, killed and removed on drop, and its usage
//! sampled from them). It knows nothing of the protocol, of moves or of games: the engine
//! (`referee::engine`) and the grader (`crate::grade`) sit on top of it. It imports only
//! the first floor (`outcome`, for the usage figures) and the crate's basics.

mod cgroup;
mod chain;
pub mod child;
mod host;
pub mod jail;
pub mod limits;
pub mod program;

pub(crate) use host::find_program;
