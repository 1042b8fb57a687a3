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
pub(crate) fn find_program(name: &str) -> Option<PathBuf> {
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

/// The program that makes an engine an unprivileged uid, the last link of the chain
/// before it (when the referee is root): it sets the real, effective and saved uid and gid
/// to the engine's and drops every supplementary group; the kernel then clears the
/// permitted, effective and ambient capabilities, as it does when root becomes another uid.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum UidDropper {
    /// `unshare --setuid N --setgid N` (util-linux 2.36 or later) without a namespace: it
    /// takes the numbers as numbers, where `setpriv` first looks each up as a user name
    /// through NSS (reading `/etc/passwd`, loading `libnss_systemd` and the libraries it
    /// needs): 1.5 ms against 4.3 ms, at a load of 9 on 2 cores. It leaves the inheritable
    /// capabilities as they are, so it is chosen only where the referee has none.
    Unshare,
    /// `setpriv --reuid N --regid N --clear-groups --inh-caps=-all`: where `unshare` is
    /// older or the referee has inheritable capabilities.
    Setpriv,
}

impl UidDropper {
    /// The arguments that run the rest of the command line as `uid` (and the group of the
    /// same number).
    pub(super) fn args(self, uid: u32) -> Vec<String> {
        let uid = uid.to_string();
        let words: Vec<&str> = match self {
            UidDropper::Unshare => vec!["unshare", "--setuid", &uid, "--setgid", &uid, "--"],
            UidDropper::Setpriv => {
                vec!["setpriv", "--reuid", &uid, "--regid", &uid, "--clear-groups", "--inh-caps=-all", "--"]
            }
        };
        words.into_iter().map(str::to_string).collect()
    }
}

/// The way engines are made an unprivileged uid here, if any: [`UidDropper::Unshare`]
/// where it works and this process has no inheritable capability, else `setpriv` where
/// it is installed.
pub(super) fn uid_dropper() -> Option<UidDropper> {
    let status = fs::read_to_string("/proc/self/status").unwrap_or_default();
    let inheritable = status.lines().find_map(|l| l.strip_prefix("CapInh:")).map(str::trim);
    let none_inheritable = inheritable.is_some_and(|caps| u64::from_str_radix(caps, 16) == Ok(0));
    // An old `unshare` refuses `--setuid`: try it as the engines will use it.
    let works = |dropper: UidDropper| {
        let mut words = dropper.args(NOBODY);
        words.push("true".to_string());
        find_program(&words[0]).is_some()
            && Command::new(&words[0])
                .args(&words[1..])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
    };
    if none_inheritable && works(UidDropper::Unshare) {
        Some(UidDropper::Unshare)
    } else if find_program("setpriv").is_some() {
        Some(UidDropper::Setpriv)
    } else {
        None
    }
}

/// The uid (and gid) the dropper is tried with: the kernel's overflow id, `nobody`.
const NOBODY: u32 = 65_534;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kernel_cpu_list_reads() {
        assert_eq!(parse_cpu_list("0-3,6,8-9\n"), [0, 1, 2, 3, 6, 8, 9]);
        assert_eq!(parse_cpu_list(""), Vec::<usize>::new());
        assert!(!own_cpus().is_empty());
    }

    #[test]
    fn each_dropper_sets_the_uid_the_gid_and_the_groups() {
        assert_eq!(UidDropper::Unshare.args(61_234).join(" "), "unshare --setuid 61234 --setgid 61234 --");
        assert_eq!(
            UidDropper::Setpriv.args(61_234).join(" "),
            "setpriv --reuid 61234 --regid 61234 --clear-groups --inh-caps=-all --"
        );
    }
}
