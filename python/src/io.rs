//! Files: reading an input within the memory budget, naming it in errors as the CLI does
//! (`FILE:LINE: message`), and writing an output as the CLI does.

use crate::detached;
use mazegraph::files::{OutputError, Outputs};
use mazegraph::format::Format;
use mazegraph::grid::Limits;
use pyo3::prelude::*;
use std::io::{Read, Write};
use std::path::Path;

/// A library error about input `path`, as the CLI's one line: `path:line: message` for parse
/// errors, `path: message` otherwise.
pub fn located(path: &Path, e: mazegraph::Error) -> String {
    let name = path.display();
    match e {
        mazegraph::Error::Parse { line, message, .. } if line > 0 => {
            format!("{name}:{line}: {message}")
        }
        mazegraph::Error::Parse { message, .. } => format!("{name}: {message}"),
        other => format!("{name}: {other}"),
    }
}

/// What an input's bytes must look like, checked as a stream is read (the CLI's `Expect`).
#[derive(Clone, Copy, Debug)]
pub enum Expect {
    /// UTF-8 text without NUL bytes, in the named format.
    Text(&'static str),
    /// A picture starting with one of these signatures.
    Picture(&'static [&'static [u8]]),
}

impl Expect {
    /// What files of a maze or graph format look like.
    pub fn of(format: Format) -> Expect {
        const PNG: &[u8] = b"\x89PNG\r\n\x1a\n";
        const JPEG: &[u8] = b"\xff\xd8\xff";
        match format {
            Format::Png => Expect::Picture(&[PNG]),
            Format::Jpeg => Expect::Picture(&[JPEG]),
            Format::Bmp => Expect::Picture(&[b"BM"]),
            Format::Gif => Expect::Picture(&[b"GIF87a", b"GIF89a"]),
            Format::Webp => Expect::Picture(&[b"RIFF"]),
            other => Expect::Text(other.name()),
        }
    }
}

/// The bytes of the file at `path`, and why reading stopped early if it did, as the CLI reads
/// an input. A regular file larger than the memory budget is refused before it is read.
/// Anything else (a pipe, a device) is read in chunks up to the budget, and stopped at once by
/// a NUL byte in a text format or a picture without its signature, so `/dev/zero` or
/// `/dev/urandom` never fills the memory: the reader, given what was read, says what is wrong
/// in its own words, and the caller refuses the input with the reason if the reader did not.
pub fn read_bytes(
    path: &Path,
    expect: Expect,
    limits: &Limits,
) -> Result<(Vec<u8>, Option<String>), String> {
    let cannot = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
    let name = path.display().to_string();
    let mut file = std::fs::File::open(path).map_err(cannot)?;
    let meta = file.metadata().map_err(cannot)?;
    if meta.is_file() {
        limits
            .check_bytes(&format!("reading {name}"), meta.len())
            .map_err(|e| e.to_string())?;
        let mut bytes = mazegraph::grid::try_with_capacity(meta.len() as usize)
            .map_err(|e| format!("{name}: {e}"))?;
        file.read_to_end(&mut bytes).map_err(cannot)?;
        return Ok((bytes, None));
    }
    const CHUNK: usize = 1 << 16;
    let mut bytes: Vec<u8> = Vec::new();
    loop {
        let start = bytes.len();
        if (start + CHUNK) as u64 > limits.max_bytes {
            return Err(format!(
                "{name}: still going after {} read, the memory budget (raise it with max_memory=)",
                mazegraph::error::human_bytes(start as u64)
            ));
        }
        bytes.resize(start + CHUNK, 0);
        let n = loop {
            match file.read(&mut bytes[start..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(cannot(e)),
            }
        };
        bytes.truncate(start + n);
        match expect {
            Expect::Text(format) => {
                if let Some(at) = bytes[start..].iter().position(|&b| b == 0) {
                    let why = format!(
                        "{name}: not {format} text: a NUL byte at byte {}",
                        start + at
                    );
                    return Ok((bytes, Some(why)));
                }
            }
            Expect::Picture(signatures) => {
                let head = &bytes[..bytes.len().min(8)];
                let fits = |sig: &[u8]| sig.starts_with(&head[..head.len().min(sig.len())]);
                if !signatures.iter().any(|sig| fits(sig)) {
                    let why = format!("{name}: not a picture of this format (no signature)");
                    return Ok((bytes, Some(why)));
                }
            }
        }
        if n == 0 {
            return Ok((bytes, None));
        }
    }
}

/// Writes `path` as `mazegraph -o` does ([`mazegraph::files`]): a regular file is replaced
/// only once `write` succeeded (through an anonymous temporary beside it, keeping its mode and
/// its symbolic link), a device, a FIFO or a standard stream is written in place. Runs on the
/// work's thread without the GIL ([`detached`]): a Ctrl-C that the calling thread has seen
/// (it looks every 50 ms) before the commit raises `KeyboardInterrupt` and leaves the file as
/// it was. Errors name `path` and are `MazeError`s with the CLI's line.
pub fn write_file(
    py: Python<'_>,
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> mazegraph::Result<()> + Send,
) -> PyResult<()> {
    detached(py, || {
        let mut outputs: Outputs = Outputs::new();
        outputs.add(path, write);
        // The work runs on a thread of its own under a stop flag, which the calling thread
        // raises on Ctrl-C (`detached`): once raised, nothing is committed.
        let before_commit = || {
            if mazegraph::stop::raised() {
                Err(OutputError::Interrupted)
            } else {
                Ok(())
            }
        };
        outputs
            .commit_with(before_commit)
            .map_err(|e| e.to_string())
    })
}
