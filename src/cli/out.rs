//! The one place where the command line writes to standard output and standard error.
//!
//! - [`outln!`] writes a result line to standard output and returns its `io::Result` wrapped
//!   in `anyhow`, so a command propagates it with `?`. A reader that went away (`EPIPE`, as in
//!   `mazegraph solve X | head -1`) ends the command with success in [`super::main`]; any other
//!   failure (`/dev/full`) becomes the usual one error line and exit status 2.
//! - [`note!`] writes a note, a warning or a summary meant for a person to standard error. Notes
//!   are best effort: when standard error cannot be written there is nobody to tell, and the
//!   command's result (a file, standard output, the exit status) still matters.
//! - [`error_line`] formats the one error line: control characters in names and paths
//!   (a newline in a file name) are escaped so that it stays one line.
//!
//! Nothing else in `src/cli` calls `println!`/`eprintln!` (they panic when the write fails).

use std::fmt;
use std::io::Write;

/// Writes one line to standard output (see the module docs).
pub fn line(args: fmt::Arguments) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_fmt(args)
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush())
        .map_err(|e| anyhow::Error::new(e).context("cannot write to standard output"))
}

/// Writes one line to standard error, ignoring failures (see the module docs).
pub fn note_line(args: fmt::Arguments) {
    let mut err = std::io::stderr().lock();
    let _ = err
        .write_fmt(args)
        .and_then(|()| err.write_all(b"\n"))
        .and_then(|()| err.flush());
}

/// `mazegraph: error: MESSAGE` with control characters escaped, so that a name holding a
/// newline cannot split the line.
pub fn error_line(message: &str) -> String {
    format!("mazegraph: error: {}", one_line(message))
}

use mazegraph::error::one_line;

/// Writes a formatted line to standard output; evaluates to `anyhow::Result<()>`.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::cli::out::line(format_args!($($arg)*))
    };
}

/// Writes a formatted line to standard error, best effort.
macro_rules! note {
    ($($arg:tt)*) => {
        $crate::cli::out::note_line(format_args!($($arg)*))
    };
}

pub(crate) use note;
pub(crate) use outln;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newlines_and_escapes_stay_on_one_line() {
        assert_eq!(one_line("a\nb\tc"), "a\\nb\\tc");
        assert_eq!(one_line("\u{1b}[31mred"), "\\u{1b}[31mred");
        assert_eq!(one_line("plain é"), "plain é");
        assert!(!error_line("x.png\n: bad").contains('\n'));
    }
}
