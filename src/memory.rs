//! The process's memory: large arrays read at random (the transposition table, the
//! placing solver's layers) are advised into transparent huge pages before they are first
//! written, and [`ProcessMemory`] is what Linux counts of the process (`/proc/self/status`,
//! read here and nowhere else in the crate).
//!
//! Two of the crate's three `unsafe` calls are here (the other maps table files, in
//! `tablebase::shared::packed`): on Linux, `madvise(MADV_HUGEPAGE)` on the array's own,
//! still untouched memory; and [`prefetch`], the processor's hint to bring a value into
//! its cache, for the solvers that read arrays far larger than the caches at random. This machine's
//! kernel backs anonymous memory with 2 MiB pages only where a program asks (transparent
//! huge pages set to `madvise`), and with 4 KiB pages a random read of an array of
//! hundreds of MB misses the address translation caches as well as the data caches.
//! Measured on the 2-core machine:
//! - the transposition table, default 64 MiB (`scripts/stop-latency.py`): `quit` during
//!   a search to process exit 3.8 ms mean, 8.9 ms worst before, 1.3 ms and 3.4 ms after
//!   (5.7 and 7.7 ms before, 1.4 and 3.3 ms after, with the other core busy), because the
//!   kernel frees 32 pages at exit instead of 16,384; a 1 GiB table is ready 0.14 s
//!   sooner, and a depth-14 search with it runs up to 8 % faster;
//! - the placing solver's layers: a 6-stone game's placing layers 2.64 → 2.73–2.80 M
//!   positions/s on one core (docs/tablebase.md). The moving solver's arrays gained
//!   nothing measurable on a 5-stone game, so they are left as they are.

/// Asks the kernel to back the allocated, still untouched memory of `v` with transparent
/// huge pages where it can (Linux; a no-op elsewhere and when the kernel declines: the
/// advice is a hint, so its result is ignored). Call it between reserving and filling.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
pub fn advise_huge_pages<T>(v: &Vec<T>) {
    const PAGE: usize = 4096;
    let start = v.as_ptr() as usize;
    let end = start + v.capacity() * std::mem::size_of::<T>();
    let (start, end) = ((start + PAGE - 1) & !(PAGE - 1), end & !(PAGE - 1));
    if end > start {
        // SAFETY: the range lies inside the vector's own allocation, page-aligned, and
        // MADV_HUGEPAGE changes only how the kernel backs those pages, never their contents.
        let _ = unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
    }
}

/// Does nothing where there is no `madvise`.
#[cfg(not(target_os = "linux"))]
pub fn advise_huge_pages<T>(_v: &Vec<T>) {}

/// Asks the processor to bring `value` into its cache, without waiting: the solvers
/// name the entries they will read next, so that their cache misses overlap instead of
/// coming one after the other (figures in docs/tablebase.md).
///
/// An `unsafe` call: the prefetch instruction, which never faults and reads nothing the
/// program sees. A no-op off x86-64.
#[inline]
#[allow(unsafe_code)]
pub fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `_mm_prefetch` is a hint; the address is that of a live value, and SSE,
    // which it needs, is part of every x86-64 processor.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(std::ptr::from_ref(value).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

/// `n` values from `fill`, in memory advised for huge pages before its first write.
#[must_use]
pub fn huge_vec<T>(n: usize, mut fill: impl FnMut() -> T) -> Vec<T> {
    let mut v = Vec::with_capacity(n);
    advise_huge_pages(&v);
    v.extend((0..n).map(|_| fill()));
    v
}

/// The process's memory as Linux counts it (`/proc/self/status`), in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProcessMemory {
    /// Its own (anonymous) resident pages (`RssAnon`).
    pub own: u64,
    /// Resident pages of mapped files (`RssFile`): they belong to the page cache and are
    /// shared with every process that maps the same files (the tables).
    pub mapped_files: u64,
    /// The peak resident set so far (`VmHWM`).
    pub peak: u64,
}

impl ProcessMemory {
    /// The figures now; `None` where `/proc` does not say (not Linux, or a kernel too old
    /// to split the resident set).
    #[must_use]
    pub fn now() -> Option<ProcessMemory> {
        ProcessMemory::from_status(&std::fs::read_to_string(STATUS).ok()?)
    }

    /// The figures of a `/proc/<pid>/status` text.
    #[must_use]
    pub fn from_status(status: &str) -> Option<ProcessMemory> {
        Some(ProcessMemory {
            own: status_bytes(status, "RssAnon")?,
            mapped_files: status_bytes(status, "RssFile")?,
            peak: status_bytes(status, "VmHWM")?,
        })
    }
}

/// Where Linux tells a process about itself.
const STATUS: &str = "/proc/self/status";

/// The process's peak resident set so far (`VmHWM`), in bytes, where `/proc` says it.
#[must_use]
pub fn peak_resident_bytes() -> Option<u64> {
    status_bytes(&std::fs::read_to_string(STATUS).ok()?, "VmHWM")
}

/// One `kB` figure of a status text (`VmHWM:   123 kB`), in bytes.
fn status_bytes(status: &str, key: &str) -> Option<u64> {
    status.lines().find_map(|l| {
        let kb = l.strip_prefix(key)?.strip_prefix(':')?.trim().strip_suffix("kB")?.trim().parse::<u64>().ok()?;
        Some(kb * 1024)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_figures_are_read_in_bytes_and_all_three_are_needed() {
        let status = "Name:\tmorris\nVmHWM:\t  2048 kB\nVmRSS:\t  1024 kB\nRssAnon:\t   512 kB\nRssFile:\t   256 kB\n";
        assert_eq!(
            ProcessMemory::from_status(status),
            Some(ProcessMemory { own: 512 << 10, mapped_files: 256 << 10, peak: 2048 << 10 })
        );
        assert_eq!(ProcessMemory::from_status("VmHWM:\t2048 kB\nRssAnon:\t512 kB\n"), None);
        // `VmHWM` is not `VmHWMx`, and a figure without its unit is not read.
        assert_eq!(status_bytes("VmHWMx: 5 kB\nVmHWM: 7\n", "VmHWM"), None);
        if cfg!(target_os = "linux") {
            let now = ProcessMemory::now().expect("Linux says");
            assert!(now.peak >= now.own && now.own > 0);
            assert_eq!(peak_resident_bytes().map(|p| p >= now.peak), Some(true));
        }
    }

    #[test]
    fn huge_vectors_hold_what_they_were_filled_with() {
        let mut k = 0u32;
        let v = huge_vec(5 << 20, || {
            k += 1;
            k
        });
        assert_eq!(v.len(), 5 << 20);
        assert_eq!((v[0], v[(5 << 20) - 1]), (1, 5 << 20));
        assert!(huge_vec(0, || 0u8).is_empty());
    }
}
