//! What this machine offers the sandbox: which of its tools are installed and work here,
//! whether the referee runs as root, and the CPUs it may use. [`Sandbox::probe`] asks
//! these once and chooses the fallbacks ([`super::jail`] says which are in force).
//!
//! It knows nothing of engines or of the chain that starts them.
//!
//! [`Sandbox::probe`]: super::jail::Sandbox::probe

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Whether this process runs as root.
pub(super) fn is_root() -> bool {
    // The owner of /proc/self is the process's effective uid.
    use std::os::unix::fs::MetadataExt;
    fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

/// The CPUs this process may run on (`Cpus_allowed_list`), or 0..cores.
pub(super) fn own_cpus() -> Vec<usize> {
    let status = fs::read_to_string("/proc/self/status").unwrap_or_default();
    let listed = status.lines().find_map(|l| l.strip_prefix("Cpus_allowed_list:")).map(parse_cpu_list);
    match listed {
        Some(cpus) if !cpus.is_empty() => cpus,
        _ => (0..std::thread::available_parallelism().map_or(1, std::num::NonZero::get)).collect(),
    }
}

/// The CPUs of a kernel CPU list such as `0-3,6,8-9`.
pub(super) fn parse_cpu_list(text: &str) -> Vec<usize> {
    let mut cpus = Vec::new();
    for part in text.trim().split(',').filter(|p| !p.is_empty()) {
        let (low, high) = part.split_once('-').unwrap_or((part, part));
        if let (Ok(low), Ok(high)) = (low.trim().parse::<usize>(), high.trim().parse::<usize>()) {
            cpus.extend(low..=high.min(low + 4096));
        }
    }
    cpus
}

/// `name` found on `PATH` (or the system's folders).
pub(super) fn find_program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/bin", "/bin", "/usr/sbin", "/sbin"].map(PathBuf::from))
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// Whether bubblewrap can make its namespaces here (it cannot in some containers).
pub(super) fn bwrap_works(bwrap: &Path) -> bool {
    Command::new(bwrap)
        .args(["--ro-bind", "/", "/", "--unshare-net", "--unshare-pid", "--die-with-parent", "--", "/bin/true"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kernel_cpu_list_reads() {
        assert_eq!(parse_cpu_list("0-3,6,8-9\n"), [0, 1, 2, 3, 6, 8, 9]);
        assert_eq!(parse_cpu_list(""), Vec::<usize>::new());
        assert!(!own_cpus().is_empty());
    }
}
