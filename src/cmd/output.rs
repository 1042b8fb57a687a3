//! Printing to standard output for the commands: `say!` and `say_part!` are `println!` and
//! `print!` that return an error instead of panicking when standard output fails. When
//! the reader has gone away (`morris tablebase probe … | head -1`), the error is
//! [`StdoutClosed`], and `main` ends the program quietly on it.

use std::io;
use std::ops::ControlFlow;

/// Standard output was closed by its reader (a broken pipe): nothing more can be said,
/// and there is nothing to complain about.
#[derive(Debug, thiserror::Error)]
#[error("standard output was closed")]
pub struct StdoutClosed;

/// The result of a write to standard output, as the commands report it: a broken pipe
/// becomes [`StdoutClosed`], any other failure says it was standard output that failed.
///
/// # Errors
/// When `written` is an error.
pub fn stdout_result<T>(written: io::Result<T>) -> anyhow::Result<T> {
    written.map_err(|e| {
        if e.kind() == io::ErrorKind::BrokenPipe {
            anyhow::Error::new(StdoutClosed)
        } else {
            anyhow::Error::new(e).context("writing to standard output")
        }
    })
}

/// `result` of a loop that reads and writes (the engine): a broken pipe becomes
/// [`StdoutClosed`], other errors pass unchanged.
///
/// # Errors
/// When `result` is an error.
pub fn closed_is_quiet<T>(result: io::Result<T>) -> anyhow::Result<T> {
    result.map_err(|e| {
        if e.kind() == io::ErrorKind::BrokenPipe { anyhow::Error::new(StdoutClosed) } else { anyhow::Error::new(e) }
    })
}

/// Whether `error` is, or was caused by, standard output going away.
#[must_use]
pub fn is_stdout_closed(error: &anyhow::Error) -> bool {
    error.chain().any(|c| c.is::<StdoutClosed>())
}

/// Standard output for a library's callback, which cannot return an error: each text is
/// written at once, and the first failure is kept (the callback can then ask the library
/// to stop) for [`Lines::finish`] to report as [`stdout_result`] does.
#[derive(Debug, Default)]
pub struct Lines {
    failed: Option<io::Error>,
}

impl Lines {
    /// Writes `text` (whole lines, each ending in a line break); `Break` once standard
    /// output has failed.
    pub fn print(&mut self, text: impl std::fmt::Display) -> ControlFlow<()> {
        if self.failed.is_none()
            && let Err(e) = io::Write::write_fmt(&mut io::stdout(), format_args!("{text}"))
        {
            self.failed = Some(e);
        }
        if self.failed.is_some() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    }

    /// The first failure, if any.
    ///
    /// # Errors
    /// When a write failed.
    pub fn finish(self) -> anyhow::Result<()> {
        self.failed.map_or(Ok(()), |e| stdout_result(Err(e)))
    }
}

/// `println!` that returns (with `?`) instead of panicking when standard output fails.
macro_rules! say {
    () => {
        $crate::cmd::output::stdout_result(::std::io::Write::write_all(&mut ::std::io::stdout(), b"\n"))?
    };
    ($($arg:tt)*) => {
        $crate::cmd::output::stdout_result(::std::io::Write::write_fmt(
            &mut ::std::io::stdout(),
            format_args!("{}\n", format_args!($($arg)*)),
        ))?
    };
}

/// `print!` that returns (with `?`) instead of panicking when standard output fails.
macro_rules! say_part {
    ($($arg:tt)*) => {
        $crate::cmd::output::stdout_result(::std::io::Write::write_fmt(&mut ::std::io::stdout(), format_args!($($arg)*)))?
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_pipe_is_told_apart_from_other_failures() {
        let broken = stdout_result::<()>(Err(io::Error::from(io::ErrorKind::BrokenPipe))).unwrap_err();
        assert!(is_stdout_closed(&broken));
        let full = stdout_result::<()>(Err(io::Error::from(io::ErrorKind::StorageFull))).unwrap_err();
        assert!(!is_stdout_closed(&full));
        assert_eq!(format!("{full:#}").split(':').next(), Some("writing to standard output"));
    }
}
