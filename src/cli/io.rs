//! Reading inputs and writing outputs safely: formats from extensions or `--from`/`--to`,
//! parse errors as `file:line: message`, outputs written to a temporary file beside the target
//! and renamed only on success, inputs never overwritten without `--force`.

use super::out::note;
use super::Global;
use anyhow::{anyhow, bail, Context, Result};
use mazegraph::format::{Format, Item};
use mazegraph::picture;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

/// Reads `path` (`-` is standard input, which needs `from`) as an item. For a picture whose
/// lattice was detected (not drawn one pixel per cell), says what was found on stderr unless
/// `--quiet`.
pub fn read_item(path: &Path, from: Option<Format>, global: &Global) -> Result<(Item, Format)> {
    read_item_noted(path, from, global).map(|(item, format, _)| (item, format))
}

/// A picture an item was read from: its bytes and where its cells lie, so that results can be
/// drawn on it.
pub struct Source {
    /// The picture file's bytes.
    pub bytes: Vec<u8>,
    /// Where the maze's cells lie in it.
    pub lattice: picture::Lattice,
    /// What was found ([`picture::Picture::describe`]).
    pub found: String,
}

/// [`read_item`], also giving the picture it was read from, if any.
pub fn read_item_noted(
    path: &Path,
    from: Option<Format>,
    global: &Global,
) -> Result<(Item, Format, Option<Source>)> {
    let opts = &global.read_options();
    let stdin = path == Path::new("-");
    let format = match from {
        Some(f) => f,
        None if stdin => bail!("reading standard input needs --from FORMAT"),
        None => Format::from_path(path).map_err(|e| anyhow!("{e}"))?,
    };
    let mut bytes = Vec::new();
    if stdin {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .context("cannot read standard input")?;
    } else {
        bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    }
    if format.is_picture() {
        let pic = if format == Format::Png {
            picture::read_png(&bytes, opts)
        } else {
            picture::read(&bytes, opts)
        }
        .map_err(|e| located(path, e))?;
        let mut pic = pic;
        if global.marks {
            let (start, goal) = pic
                .marked_terminals
                .clone()
                .map_err(|why| anyhow!("{}: --marks: {why}", display_name(path)))?;
            pic.maze
                .set_terminals(Some(start), Some(goal))
                .map_err(|e| located(path, e))?;
        }
        let found = pic.describe();
        if !global.quiet && !pic.lattice.pixel {
            note!("{}: {found}", display_name(path));
        }
        let source = Source {
            bytes,
            lattice: pic.lattice,
            found,
        };
        return Ok((Item::Maze(pic.maze), format, Some(source)));
    }
    let item = format.read(&bytes, opts).map_err(|e| located(path, e))?;
    Ok((item, format, None))
}

/// The maze or graph format named by a `--from` that may also name a game format (already
/// ruled out by the caller); `None` when not given.
pub fn maze_format(from: Option<&str>) -> Result<Option<Format>> {
    from.map(Format::from_name)
        .transpose()
        .map_err(|e| anyhow!("{e}"))
}

/// The format to write: `to` when given, else the one named by the output's extension (through
/// `from_name`); with neither, an error listing `choices` (e.g. "png|svg").
pub fn output_format<T, E: std::fmt::Display>(
    to: Option<T>,
    output: Option<&Path>,
    from_name: impl Fn(&str) -> Result<T, E>,
    choices: &str,
) -> Result<T> {
    match (to, output) {
        (Some(f), _) => Ok(f),
        (None, Some(p)) => {
            let ext = p
                .extension()
                .map(|e| e.to_string_lossy().into_owned())
                .unwrap_or_default();
            from_name(&ext).map_err(|e| anyhow!("{}: {e}; name the format with --to", p.display()))
        }
        (None, None) => bail!("say which format to write with --to {choices} (or give -o FILE)"),
    }
}

/// A library error about input `path`, as one line: `path:line: message` for parse errors.
pub fn located(path: &Path, e: mazegraph::Error) -> anyhow::Error {
    let name = display_name(path);
    match e {
        mazegraph::Error::Parse { line, message, .. } if line > 0 => {
            anyhow!("{name}:{line}: {message}")
        }
        mazegraph::Error::Parse { message, .. } => anyhow!("{name}: {message}"),
        other => anyhow!("{name}: {other}"),
    }
}

/// A path as messages name it (`<stdin>` for `-`).
fn display_name(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// Where a command's result goes.
pub struct Output {
    path: Option<PathBuf>,
}

impl Output {
    /// Output to `path`, or standard output when `None`. Refuses to replace any of `inputs`
    /// unless `force`.
    pub fn new(path: Option<&Path>, inputs: &[&Path], force: bool) -> Result<Output> {
        if let Some(p) = path {
            if !force && inputs.iter().any(|i| same_file(i, p)) {
                bail!(
                    "refusing to overwrite the input {} (use --force, or another -o)",
                    p.display()
                );
            }
        }
        Ok(Output {
            path: path.map(Path::to_path_buf),
        })
    }

    /// The format the output path names, or `to`, or an error asking for `--to`.
    pub fn format(&self, to: Option<Format>) -> Result<Format> {
        match (to, &self.path) {
            (Some(f), _) => Ok(f),
            (None, Some(p)) => Format::from_path(p).map_err(|e| anyhow!("{e}")),
            (None, None) => bail!("say which format to write with --to FORMAT (or give -o FILE)"),
        }
    }

    /// Runs `write` into the destination. Files are written to a temporary file in the same
    /// directory and renamed over the target only when `write` succeeds.
    pub fn write_with(
        &self,
        binary: bool,
        write: impl FnOnce(&mut dyn Write) -> mazegraph::Result<()>,
    ) -> Result<()> {
        match &self.path {
            None => {
                let stdout = std::io::stdout();
                if binary && stdout.is_terminal() {
                    bail!("not writing binary output to a terminal: give -o FILE or redirect");
                }
                let mut w = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
                let stdout_error = |e: std::io::Error| {
                    anyhow::Error::new(e).context("cannot write to standard output")
                };
                match write(&mut w) {
                    Err(mazegraph::Error::Io(e)) => return Err(stdout_error(e)),
                    other => other?,
                }
                w.flush().map_err(stdout_error)
            }
            Some(p) => {
                let dir = match p.parent() {
                    Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
                    _ => PathBuf::from("."),
                };
                let mut builder = tempfile::Builder::new();
                builder.prefix(".mazegraph-");
                // Temporary files are private (0600) by default; an output file gets the usual
                // mode (0666 less the umask, applied by the system when the file is created).
                #[cfg(unix)]
                {
                    use std::os::unix::fs::PermissionsExt;
                    builder.permissions(std::fs::Permissions::from_mode(0o666));
                }
                let tmp = builder
                    .tempfile_in(&dir)
                    .with_context(|| format!("cannot create a file in {}", dir.display()))?;
                {
                    let mut w = std::io::BufWriter::with_capacity(1 << 16, tmp.as_file());
                    write(&mut w).map_err(|e| anyhow!("{}: {e}", p.display()))?;
                    w.flush()
                        .with_context(|| format!("cannot write {}", p.display()))?;
                }
                tmp.persist(p)
                    .map_err(|e| anyhow!("cannot write {}: {}", p.display(), e.error))?;
                Ok(())
            }
        }
    }
}

/// True when `a` and `b` name the same existing file (or the same path once resolved).
fn same_file(a: &Path, b: &Path) -> bool {
    if a == Path::new("-") {
        return false;
    }
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}
