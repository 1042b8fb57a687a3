//! The engines' cgroups: where they can be made (v2, or v1's `memory`, `pids`, `cpuset`,
//! `cpu` and `cpuacct` hierarchies), one engine's made with its limits, its core and its
//! CPU quota, and every process in them killed and the cgroups removed at its end.
//!
//! Only folders and files under `/sys/fs/cgroup`: joining them is the chain's first step
//! ([`super::chain`]), reading their counters the [`Jail`](super::jail)'s.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use rustix::process::{Pid, Signal, kill_process};

use super::host::parse_cpu_list;
use super::limits::EngineLimits;

/// Where the engines' cgroups are made.
#[derive(Clone, Debug)]
pub(super) enum CgroupBase {
    /// A cgroup v2 folder with the memory and pids controllers enabled for its children,
    /// and cpuset and cpu where the kernel has them.
    V2 { base: PathBuf, cpuset: bool, cpu: bool },
    /// Folders of v1's memory and pids hierarchies, and of its cpuset, cpu and cpuacct
    /// ones where they are mounted (cpu and cpuacct are often one hierarchy: then one
    /// folder serves both).
    V1 { memory: PathBuf, pids: PathBuf, cpuset: Option<PathBuf>, cpu: Option<PathBuf>, cpuacct: Option<PathBuf> },
}

/// Where one engine runs: the CPU its cpuset holds and its CPU quota, if any.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub(super) struct CpuPlace {
    /// The CPU (as the kernel numbers it) the engine is held on.
    pub(super) cpu: Option<usize>,
    /// CPUs' worth of time per period (`--engine-cpus`).
    pub(super) quota: Option<f64>,
}

/// The CFS period the CPU quota is given in: 100 ms, the kernel's default.
const CPU_PERIOD_US: u64 = 100_000;

static NEXT_CGROUP: AtomicU32 = AtomicU32::new(0);

impl CgroupBase {
    /// A base this process can make engine cgroups in, if any.
    pub(super) fn probe() -> Option<CgroupBase> {
        let base = if Path::new("/sys/fs/cgroup/cgroup.controllers").exists() {
            CgroupBase::probe_v2()?
        } else {
            CgroupBase::probe_v1()?
        };
        base.sweep();
        // Make one, to be sure; a cpuacct folder (the accounting), then a cpuset, that
        // cannot be made is left out.
        let mut base = base;
        let first = base.allowed_cpus().first().copied();
        let place = CpuPlace { cpu: first, quota: None };
        for attempt in 0.. {
            match base.create(EngineLimits::default(), place) {
                Ok(made) => {
                    remove(&made);
                    return Some(base);
                }
                Err(_) if attempt == 0 => base.drop_cpuacct(),
                Err(_) if attempt == 1 => base.drop_cpuset(),
                Err(_) => return None,
            }
        }
        None
    }

    /// v2: a `morris` folder at the root of the hierarchy with memory and pids enabled
    /// (the root is the one cgroup that may have both processes and controlled children),
    /// and cpuset and cpu where they can be.
    fn probe_v2() -> Option<CgroupBase> {
        let root = Path::new("/sys/fs/cgroup");
        let controllers = fs::read_to_string(root.join("cgroup.controllers")).ok()?;
        if !(controllers.contains("memory") && controllers.contains("pids")) {
            return None;
        }
        fs::write(root.join("cgroup.subtree_control"), "+memory +pids").ok()?;
        let base = root.join("morris");
        if !base.exists() {
            fs::create_dir(&base).ok()?;
        }
        fs::write(base.join("cgroup.subtree_control"), "+memory +pids").ok()?;
        let enabled = |controller: &str| {
            let on = format!("+{controller}");
            controllers.split_whitespace().any(|c| c == controller)
                && fs::write(root.join("cgroup.subtree_control"), &on).is_ok()
                && fs::write(base.join("cgroup.subtree_control"), &on).is_ok()
        };
        let cpuset = enabled("cpuset");
        let cpu = enabled("cpu");
        Some(CgroupBase::V2 { base, cpuset, cpu })
    }

    /// v1: this process's own folders of the memory and pids hierarchies (and of cpuset
    /// and cpu, where mounted).
    fn probe_v1() -> Option<CgroupBase> {
        let own = fs::read_to_string("/proc/self/cgroup").ok()?;
        let path_of = |controller: &str| -> Option<PathBuf> {
            let line =
                own.lines().find(|l| l.split(':').nth(1).is_some_and(|c| c.split(',').any(|c| c == controller)))?;
            let rel = line.splitn(3, ':').nth(2)?.trim_start_matches('/');
            let dir = Path::new("/sys/fs/cgroup").join(controller).join(rel);
            dir.join("cgroup.procs").exists().then_some(dir)
        };
        Some(CgroupBase::V1 {
            memory: path_of("memory")?,
            pids: path_of("pids")?,
            cpuset: path_of("cpuset"),
            cpu: path_of("cpu"),
            // What CPU time each engine used (`cpuacct.usage`).
            cpuacct: path_of("cpuacct"),
        })
    }

    /// Whether engines are held on their CPU by a cpuset.
    pub(super) fn has_cpuset(&self) -> bool {
        match self {
            CgroupBase::V2 { cpuset, .. } => *cpuset,
            CgroupBase::V1 { cpuset, .. } => cpuset.is_some(),
        }
    }

    /// Whether a CPU quota can be set.
    pub(super) fn has_cpu_quota(&self) -> bool {
        match self {
            CgroupBase::V2 { cpu, .. } => *cpu,
            CgroupBase::V1 { cpu, .. } => cpu.is_some(),
        }
    }

    fn drop_cpuacct(&mut self) {
        if let CgroupBase::V1 { cpuacct, .. } = self {
            *cpuacct = None;
        }
    }

    fn drop_cpuset(&mut self) {
        match self {
            CgroupBase::V2 { cpuset, .. } => *cpuset = false,
            CgroupBase::V1 { cpuset, .. } => *cpuset = None,
        }
    }

    /// The CPUs engines' cpusets may hold: the parent's effective ones.
    pub(super) fn allowed_cpus(&self) -> Vec<usize> {
        let text = match self {
            CgroupBase::V2 { base, cpuset: true, .. } => fs::read_to_string(base.join("cpuset.cpus.effective")).ok(),
            CgroupBase::V1 { cpuset: Some(dir), .. } => fs::read_to_string(dir.join("cpuset.effective_cpus"))
                .or_else(|_| fs::read_to_string(dir.join("cpuset.cpus")))
                .ok(),
            _ => None,
        };
        text.map(|t| parse_cpu_list(&t)).unwrap_or_default()
    }

    /// The memory nodes engines' cpusets hold: the parent's (a cpuset needs both).
    fn mems(&self) -> String {
        let text = match self {
            CgroupBase::V2 { base, .. } => fs::read_to_string(base.join("cpuset.mems.effective")),
            CgroupBase::V1 { cpuset: Some(dir), .. } => fs::read_to_string(dir.join("cpuset.effective_mems"))
                .or_else(|_| fs::read_to_string(dir.join("cpuset.mems"))),
            CgroupBase::V1 { .. } => Ok(String::new()),
        };
        text.map(|t| t.trim().to_string()).ok().filter(|t| !t.is_empty()).unwrap_or_else(|| "0".to_string())
    }

    /// The folders engine cgroups are made in.
    fn folders(&self) -> Vec<&Path> {
        match self {
            CgroupBase::V2 { base, .. } => vec![base],
            CgroupBase::V1 { memory, pids, cpuset, cpu, cpuacct } => {
                [Some(memory), Some(pids), cpuset.as_ref(), cpu.as_ref(), cpuacct.as_ref()]
                    .into_iter()
                    .flatten()
                    .map(PathBuf::as_path)
                    .collect()
            }
        }
    }

    /// Removes the empty engine cgroups of referees that are gone (killed before they
    /// could remove their own): their names could come again with a reused pid.
    fn sweep(&self) {
        for folder in self.folders() {
            for entry in fs::read_dir(folder).into_iter().flatten().flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                let owner = name.strip_prefix("morris-").and_then(|rest| rest.split('-').next());
                if let Some(pid) = owner.filter(|pid| !Path::new("/proc").join(pid).exists()) {
                    log::debug!("removing the cgroup {name} of referee {pid}, which is gone");
                    let _ = fs::remove_dir(entry.path());
                }
            }
        }
    }

    /// A name no folder holds yet: `morris-PID-N`.
    fn fresh_name(&self) -> String {
        loop {
            let name = format!("morris-{}-{}", std::process::id(), NEXT_CGROUP.fetch_add(1, Ordering::Relaxed));
            if self.folders().iter().all(|f| !f.join(&name).exists()) {
                return name;
            }
        }
    }

    /// Makes one engine's cgroup(s) with `limits`, held on `place`'s CPU and quota where
    /// those controllers are.
    pub(super) fn create(&self, limits: EngineLimits, place: CpuPlace) -> io::Result<Vec<PathBuf>> {
        let name = self.fresh_name();
        let quota = |q: f64| {
            // At least 1 ms a period, the kernel's least.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let us = ((q * CPU_PERIOD_US as f64).round() as u64).max(1000);
            us
        };
        let made = match self {
            CgroupBase::V2 { base, cpuset, cpu } => {
                let dir = base.join(&name);
                fs::create_dir(&dir)?;
                let mut result = fs::write(dir.join("memory.max"), limits.memory.to_string())
                    .and_then(|()| fs::write(dir.join("memory.swap.max"), "0").or(Ok(())))
                    .and_then(|()| fs::write(dir.join("pids.max"), limits.processes.to_string()));
                if let (true, Some(c)) = (*cpuset, place.cpu) {
                    result = result
                        .and_then(|()| fs::write(dir.join("cpuset.mems"), self.mems()))
                        .and_then(|()| fs::write(dir.join("cpuset.cpus"), c.to_string()));
                }
                if let (true, Some(q)) = (*cpu, place.quota) {
                    result =
                        result.and_then(|()| fs::write(dir.join("cpu.max"), format!("{} {CPU_PERIOD_US}", quota(q))));
                }
                vec![(dir, result)]
            }
            CgroupBase::V1 { memory, pids, cpuset, cpu, cpuacct } => {
                let m = memory.join(&name);
                let p = pids.join(&name);
                fs::create_dir(&m)?;
                let rm = fs::write(m.join("memory.limit_in_bytes"), limits.memory.to_string()).and_then(|()| {
                    // Swap counts too where the kernel accounts it.
                    let memsw = m.join("memory.memsw.limit_in_bytes");
                    if memsw.exists() { fs::write(memsw, limits.memory.to_string()) } else { Ok(()) }
                });
                let rp = fs::create_dir(&p).and_then(|()| fs::write(p.join("pids.max"), limits.processes.to_string()));
                let mut made = vec![(m, rm), (p, rp)];
                if let (Some(folder), Some(c)) = (cpuset, place.cpu) {
                    // A v1 cpuset takes no process before it has both its CPUs and its memory nodes.
                    let s = folder.join(&name);
                    let rs = fs::create_dir(&s)
                        .and_then(|()| fs::write(s.join("cpuset.mems"), self.mems()))
                        .and_then(|()| fs::write(s.join("cpuset.cpus"), c.to_string()));
                    made.push((s, rs));
                }
                if let (Some(folder), Some(q)) = (cpu, place.quota) {
                    let c = folder.join(&name);
                    let rc = fs::create_dir(&c)
                        .and_then(|()| fs::write(c.join("cpu.cfs_period_us"), CPU_PERIOD_US.to_string()))
                        .and_then(|()| fs::write(c.join("cpu.cfs_quota_us"), quota(q).to_string()));
                    made.push((c, rc));
                }
                if let Some(folder) = cpuacct {
                    // The same folder as the cpu one where both controllers share a hierarchy.
                    let a = folder.join(&name);
                    if !made.iter().any(|(d, _)| same_dir(d, &a)) {
                        let ra = fs::create_dir(&a);
                        made.push((a, ra));
                    }
                }
                made
            }
        };
        let dirs: Vec<PathBuf> = made.iter().filter(|(d, _)| d.exists()).map(|(d, _)| d.clone()).collect();
        if let Some(e) = made.into_iter().find_map(|(_, r)| r.err()) {
            remove(&dirs);
            return Err(e);
        }
        Ok(dirs)
    }
}

/// Whether two paths name one folder (through the symbolic links that join v1
/// hierarchies, `cpu` and `cpuacct` → `cpu,cpuacct`).
fn same_dir(a: &Path, b: &Path) -> bool {
    a == b || matches!((fs::canonicalize(a), fs::canonicalize(b)), (Ok(x), Ok(y)) if x == y)
}

/// Kills every process in `cgroups` (what an engine left running included).
pub(super) fn kill_all(cgroups: &[PathBuf]) {
    for g in cgroups {
        if fs::write(g.join("cgroup.kill"), "1").is_ok() {
            continue;
        }
        // v1 (or a v2 kernel before 5.14): kill what is listed until nothing is, for at
        // most about 100 ms. A killed process is gone within a fraction of a millisecond
        // (bubblewrap's init, left to die with its parent, at every engine's end): look
        // again soon, then less often.
        let mut pause = Duration::from_micros(100);
        for _ in 0..55 {
            let pids: Vec<Pid> = fs::read_to_string(g.join("cgroup.procs"))
                .unwrap_or_default()
                .split_whitespace()
                .filter_map(|p| p.parse::<i32>().ok().and_then(Pid::from_raw))
                .collect();
            if pids.is_empty() {
                break;
            }
            for pid in pids {
                let _ = kill_process(pid, Signal::KILL);
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(2));
        }
    }
}

/// Kills every process in `cgroups` and removes them.
pub(super) fn remove(cgroups: &[PathBuf]) {
    kill_all(cgroups);
    for g in cgroups {
        // A killed process leaves its cgroup a moment after it died.
        for _ in 0..100 {
            if fs::remove_dir(g).is_ok() || !g.exists() {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}
