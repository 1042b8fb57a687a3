//! The Slurm tests' runner: a script of scripts/ that starts a one-node cluster
//! (scripts/slurm-cluster.sh) runs here unless `MORRIS_SKIP_SLURM_TESTS=1` skips it on
//! purpose; where the cluster cannot run (exit 77: not root, no apt-get, daemons that do
//! not start) the test fails, saying why and how to skip it.

use std::path::Path;
use std::process::Command;

/// Runs `scripts/NAME` with `args` and fails the test unless it passed.
pub fn run_slurm_script(name: &str, args: &[&str]) {
    if std::env::var("MORRIS_SKIP_SLURM_TESTS").as_deref() == Ok("1") {
        eprintln!("MORRIS_SKIP_SLURM_TESTS=1: scripts/{name} is skipped on purpose");
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts").join(name);
    let out = Command::new("bash").arg(&script).args(args).output().expect("bash");
    let err = String::from_utf8_lossy(&out.stderr);
    match out.status.code() {
        Some(0) => eprintln!("{}", String::from_utf8_lossy(&out.stdout)),
        Some(77) => panic!(
            "scripts/{name} cannot run a Slurm cluster here ({}); set MORRIS_SKIP_SLURM_TESTS=1 to skip it on purpose",
            err.trim()
        ),
        _ => panic!("scripts/{name} failed: {err}"),
    }
}
