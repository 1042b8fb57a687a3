//! What an engine process may use: memory, processes, file size, open files, and whether
//! it runs in a sandbox. Plain, validated values; [`super::jail`] applies them.
//!
//! Sizes are written as a number and a unit (`2GiB`, `512 MiB`, `64M`, `1000000`): `KiB`,
//! `MiB`, `GiB`, `TiB` and the single letters `K`, `M`, `G`, `T` are powers of 1024 (as
//! `ulimit` and container tools read them), `KB`, `MB`, `GB`, `TB` powers of 1000, and a
//! bare number or `B` is bytes.

use nom::branch::alt;
use nom::bytes::complete::tag_no_case;
use nom::character::complete::{digit1, space0};
use nom::combinator::{all_consuming, map_res, opt, value};
use nom::{IResult, Parser};

use crate::words::format_size;

/// One mebibyte.
const MIB: u64 = 1 << 20;

/// The least memory an engine may be given: below this even an interpreter cannot start,
/// so a smaller value is a slip (`memory = 2` meaning 2 GiB), not a choice.
pub const MIN_MEMORY: u64 = MIB;

/// The least number of open files: stdin, stdout and stderr.
pub const MIN_OPEN_FILES: u64 = 3;

/// The least CPU quota, in CPUs: the kernel's least quota is 1 ms per 100 ms period.
pub const MIN_CPUS: f64 = 0.01;

/// Checks a CPU quota in CPUs' worth of time (`--engine-cpus`, a roster's `limits.cpus`).
///
/// # Errors
/// Not a finite number of at least [`MIN_CPUS`].
pub fn check_cpus(cpus: f64) -> Result<f64, LimitError> {
    if cpus.is_finite() && cpus >= MIN_CPUS { Ok(cpus) } else { Err(LimitError::Cpus(cpus.to_string())) }
}

/// The resources each engine process may use while it plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineLimits {
    /// Memory, in bytes: resident through a cgroup, address space (with a margin) where
    /// no cgroup can be made ([`super::jail::MemoryGuard`]).
    pub memory: u64,
    /// Processes (and threads) of the engine's user at once.
    pub processes: u64,
    /// The largest file it may write, in bytes.
    pub file_size: u64,
    /// File descriptors open at once.
    pub open_files: u64,
    /// Whether it runs in the sandbox (its folder read-only, nothing else of ours visible).
    pub sandbox: bool,
}

impl Default for EngineLimits {
    /// 2 GiB of memory, 128 processes, 64 MiB files, 256 open files, in the sandbox: room
    /// for a JVM or a Python interpreter with a transposition table, and no more.
    fn default() -> Self {
        EngineLimits { memory: 2048 * MIB, processes: 128, file_size: 64 * MIB, open_files: 256, sandbox: true }
    }
}

/// Why a limit is not usable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    /// A size that does not read as a number and a unit.
    #[error("'{0}' is not a size: expected a number and a unit, such as 2GiB, 512MiB or 64M")]
    Size(String),
    /// A size too large to count in bytes.
    #[error("'{0}' is more bytes than can be counted")]
    Overflow(String),
    /// A CPU quota that is not a number of CPUs of at least [`MIN_CPUS`].
    #[error("'{0}' is not a number of CPUs of at least 0.01 (e.g. 1 or 0.5)")]
    Cpus(String),
    /// A value below what an engine needs to run at all.
    #[error("{what} {value} is below the least usable, {least}")]
    TooSmall {
        /// Which limit.
        what: &'static str,
        /// The value given, as given.
        value: String,
        /// The least usable value, in words.
        least: String,
    },
}

/// The unit of a size and its factor.
fn unit(input: &str) -> IResult<&str, u64> {
    // Longest first, so `MiB` is not read as `M` followed by `iB`.
    alt((
        value(1 << 10, tag_no_case("KiB")),
        value(1 << 20, tag_no_case("MiB")),
        value(1 << 30, tag_no_case("GiB")),
        value(1 << 40, tag_no_case("TiB")),
        value(1_000, tag_no_case("KB")),
        value(1_000_000, tag_no_case("MB")),
        value(1_000_000_000, tag_no_case("GB")),
        value(1_000_000_000_000, tag_no_case("TB")),
        value(1 << 10, tag_no_case("K")),
        value(1 << 20, tag_no_case("M")),
        value(1 << 30, tag_no_case("G")),
        value(1 << 40, tag_no_case("T")),
        value(1, tag_no_case("B")),
    ))
    .parse(input)
}

/// A size: digits, optional blanks, an optional unit.
fn size(input: &str) -> IResult<&str, (u64, u64)> {
    (map_res(digit1, str::parse::<u64>), space0, opt(unit)).map(|(n, _, u)| (n, u.unwrap_or(1))).parse(input)
}

/// Reads a size such as `2GiB`, `512 MiB`, `64M` or `1000` (bytes).
///
/// # Errors
/// Not a number and a known unit, or more bytes than a `u64` holds.
pub fn parse_size(text: &str) -> Result<u64, LimitError> {
    let trimmed = text.trim();
    let Ok((_, (n, factor))) = all_consuming(size).parse(trimmed) else {
        return Err(LimitError::Size(text.to_string()));
    };
    n.checked_mul(factor).ok_or_else(|| LimitError::Overflow(text.to_string()))
}

impl EngineLimits {
    /// Checks that an engine can run at all under these limits.
    ///
    /// # Errors
    /// The first limit below its least usable value.
    pub fn validate(&self) -> Result<(), LimitError> {
        let too_small = |what, value: String, least: String| Err(LimitError::TooSmall { what, value, least });
        if self.memory < MIN_MEMORY {
            return too_small("memory", format_size(self.memory), format_size(MIN_MEMORY));
        }
        if self.processes < 1 {
            return too_small("processes", self.processes.to_string(), "1".to_string());
        }
        if self.open_files < MIN_OPEN_FILES {
            return too_small(
                "open_files",
                self.open_files.to_string(),
                format!("{MIN_OPEN_FILES} (stdin, stdout and stderr)"),
            );
        }
        Ok(())
    }

    /// The limits in one line, as the plan and the record file show them.
    #[must_use]
    pub fn describe(&self) -> String {
        format!(
            "memory {}, processes {}, file size {}, open files {}, sandbox {}",
            format_size(self.memory),
            self.processes,
            format_size(self.file_size),
            self.open_files,
            if self.sandbox { "on" } else { "off" }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_with_binary_and_decimal_units() {
        assert_eq!(parse_size("2GiB"), Ok(2 << 30));
        assert_eq!(parse_size(" 512 MiB "), Ok(512 << 20));
        assert_eq!(parse_size("64M"), Ok(64 << 20));
        assert_eq!(parse_size("64mb"), Ok(64_000_000));
        assert_eq!(parse_size("1000"), Ok(1000));
        assert_eq!(parse_size("7B"), Ok(7));
        assert_eq!(parse_size("3k"), Ok(3072));
        for bad in ["", "GiB", "2 GiBs", "-1M", "1.5G", "2 gigabytes"] {
            assert!(matches!(parse_size(bad), Err(LimitError::Size(_))), "{bad:?}");
        }
        assert!(matches!(parse_size("99999999999TiB"), Err(LimitError::Overflow(_))));
    }

    #[test]
    fn sizes_print_in_the_largest_whole_unit() {
        assert_eq!(format_size(2 << 30), "2GiB");
        assert_eq!(format_size(1536 << 10), "1536KiB");
        assert_eq!(format_size(100), "100B");
        for s in ["2GiB", "64MiB", "3KiB", "5B"] {
            assert_eq!(format_size(parse_size(s).unwrap()), s);
        }
    }

    #[test]
    fn defaults_are_valid_and_too_little_is_refused() {
        let d = EngineLimits::default();
        assert_eq!((d.memory, d.processes, d.file_size, d.open_files), (2 << 30, 128, 64 << 20, 256));
        assert!(d.validate().is_ok());
        assert!(d.describe().starts_with("memory 2GiB, processes 128, file size 64MiB, open files 256"));
        let e = EngineLimits { memory: 2, ..d }.validate().unwrap_err().to_string();
        assert_eq!(e, "memory 2B is below the least usable, 1MiB");
        assert!(EngineLimits { processes: 0, ..d }.validate().is_err());
        assert!(EngineLimits { open_files: 2, ..d }.validate().is_err());
    }
}
