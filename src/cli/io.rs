//! Reading inputs and writing outputs safely: formats from extensions or `--from`/`--to`,
//! parse errors as `file:line: message`, outputs written to a temporary file beside the target
//! and renamed only on success, inputs never overwritten without `--force`.

use super::budget::{self, Work};
use super::out::note;
use super::Global;
use anyhow::{anyhow, bail, Context, Result};
use mazegraph::format::{Format, Item};
use mazegraph::picture;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

/// Reads `path` (`-` is standard input, which needs `from`) as an item, for `work`: when the
/// work would take more memory than the budget (`--max-memory`), says so before doing it. For
/// a picture whose lattice was detected (not drawn one pixel per cell), says what was found on
/// stderr unless `--quiet`.
pub fn read_item(
    path: &Path,
    from: Option<Format>,
    work: Work,
    global: &Global,
) -> Result<(Item, Format)> {
    read_item_noted(path, from, work, global).map(|(item, format, _)| (item, format))
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
    /// How sure the reading is, what was set aside ([`picture::Picture::reading`]).
    pub reading: picture::Reading,
}

/// [`read_item`], also giving the picture it was read from, if any.
pub fn read_item_noted(
    path: &Path,
    from: Option<Format>,
    work: Work,
    global: &Global,
) -> Result<(Item, Format, Option<Source>)> {
    let (item, format, source) = read_any(path, from, global)?;
    budget::check(&item, work, &global.read_options().limits).map_err(|e| located(path, e))?;
    Ok((item, format, source))
}

fn read_any(
    path: &Path,
    from: Option<Format>,
    global: &Global,
) -> Result<(Item, Format, Option<Source>)> {
    let opts = &global.read_options();
    let stdin = path == Path::new("-");
    let format = match from {
        Some(f) => f,
        None if stdin => bail!("reading standard input needs --from FORMAT"),
        None => Format::from_path(path).map_err(|e| not_a_maze(path).unwrap_or(anyhow!("{e}")))?,
    };
    let (bytes, stopped) = read_input(path, Expect::of(format), &opts.limits)?;
    // A stream that stopped early is refused even if its start happened to parse.
    let stopped = || stopped.clone().map_or(Ok(()), |why| Err(anyhow!(why)));
    if format == Format::Png {
        // A tiled maze's picture (its text chunk says so) is read back as its graph.
        if let Some(m) =
            mazegraph::format::tiled::read_png(&bytes, opts).map_err(|e| located(path, e))?
        {
            stopped()?;
            return Ok((Item::Graph(m.to_graph()), format, None));
        }
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
        let reading = pic.reading();
        if !global.quiet && !pic.lattice.pixel {
            note!("{}: {found}", display_name(path));
        }
        let source = Source {
            bytes,
            lattice: pic.lattice,
            found,
            reading,
        };
        stopped()?;
        return Ok((Item::Maze(pic.maze), format, Some(source)));
    }
    let (item, notes) = format
        .read_noted(&bytes, opts)
        .map_err(|e| located(path, e))?;
    stopped()?;
    if !global.quiet {
        for n in notes {
            note!("mazegraph: note: {}: {n}", display_name(path));
        }
    }
    Ok((item, format, None))
}

/// Why `path`, whose extension names no maze or graph format, is no maze file when it is
/// plainly something else: a directory, or a game (which `solve-game` reads).
fn not_a_maze(path: &Path) -> Option<anyhow::Error> {
    let name = display_name(path);
    if path.is_dir() {
        return Some(anyhow!(
            "{name} is a directory: give the maze files in it (e.g. {}/*.png)",
            path.display().to_string().trim_end_matches('/')
        ));
    }
    mazegraph::game::format::GameFormat::from_path(path)
        .ok()
        .map(|f| {
            anyhow!(
                "{name} is a game ({}): solve it with `mazegraph solve-game`, compute an \
                 attractor with `mazegraph attractor`, or convert it with `mazegraph convert`",
                f.name()
            )
        })
}

/// What an input's bytes must look like, checked as a stream is read ([`read_input`]).
#[derive(Clone, Copy, Debug)]
pub enum Expect {
    /// UTF-8 text without NUL bytes, in the named format.
    Text(&'static str),
    /// A picture starting with one of these signatures.
    Picture(&'static [&'static [u8]]),
}

impl Expect {
    /// What a maze or graph format's files look like.
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

/// The bytes of an input (`-` is standard input), within the memory budget, and why reading
/// stopped early, if it did.
///
/// A regular file's size is checked before it is read. Anything else (standard input, a pipe,
/// a device such as `/dev/zero`) is read in chunks, each checked as it comes: a picture must
/// start with its format's signature, text must be UTF-8 without NUL bytes, and the whole must
/// stay within the budget — so endless or random bytes stop at once, not after filling the
/// memory. What was read up to the bad chunk is returned with the reason: the format's reader,
/// given it, says what is wrong in its own words and with its line number, and the caller
/// refuses the input with the reason if the reader did not.
pub fn read_input(
    path: &Path,
    expect: Expect,
    limits: &mazegraph::grid::Limits,
) -> Result<(Vec<u8>, Option<String>)> {
    let name = display_name(path);
    if path != Path::new("-") {
        let file =
            std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
        let meta = file
            .metadata()
            .with_context(|| format!("cannot read {}", path.display()))?;
        if meta.is_file() {
            limits
                .check_bytes(&format!("reading {name}"), meta.len())
                .map_err(|e| anyhow!("{e}"))?;
            let mut bytes = mazegraph::grid::try_with_capacity(meta.len() as usize)
                .map_err(|e| anyhow!("{name}: {e}"))?;
            (&file)
                .read_to_end(&mut bytes)
                .with_context(|| format!("cannot read {}", path.display()))?;
            return Ok((bytes, None));
        }
        return read_stream(file, &name, expect, limits.max_bytes);
    }
    read_stream(std::io::stdin().lock(), &name, expect, limits.max_bytes)
}

/// Reads a stream in chunks, checking each (see [`read_input`]).
fn read_stream(
    mut from: impl Read,
    name: &str,
    expect: Expect,
    max_bytes: u64,
) -> Result<(Vec<u8>, Option<String>)> {
    const CHUNK: usize = 1 << 16;
    let mut bytes: Vec<u8> = Vec::new();
    // Bytes already known to be valid UTF-8 (a character may straddle two chunks).
    let mut checked = 0;
    loop {
        let start = bytes.len();
        if (start + CHUNK) as u64 > max_bytes {
            bail!(
                "{name}: still going after {} read, the memory budget (raise it with --max-memory)",
                mazegraph::error::human_bytes(start as u64)
            );
        }
        bytes.resize(start + CHUNK, 0);
        let n = loop {
            match from.read(&mut bytes[start..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(anyhow::Error::new(e).context(format!("cannot read {name}"))),
            }
        };
        bytes.truncate(start + n);
        match expect {
            Expect::Picture(signatures) => {
                let head = &bytes[..bytes.len().min(8)];
                let fits = |sig: &[u8]| {
                    head.len().min(sig.len()) == 0
                        || sig.starts_with(&head[..head.len().min(sig.len())])
                };
                if !signatures.iter().any(|sig| fits(sig)) {
                    return Ok((
                        bytes,
                        Some(format!(
                            "{name}: not a picture of this format (no signature)"
                        )),
                    ));
                }
            }
            Expect::Text(format) => {
                if let Some(at) = bytes[start..].iter().position(|&b| b == 0) {
                    let why = format!(
                        "{name}: not {format} text: a NUL byte at byte {}",
                        start + at
                    );
                    return Ok((bytes, Some(why)));
                }
                match std::str::from_utf8(&bytes[checked..]) {
                    Ok(_) => checked = bytes.len(),
                    // Incomplete at the end: the rest of the character is in the next chunk.
                    Err(e) if e.error_len().is_none() && n > 0 => checked += e.valid_up_to(),
                    Err(e) => {
                        let why = format!(
                            "{name}: not UTF-8 text at byte {}",
                            checked + e.valid_up_to()
                        );
                        return Ok((bytes, Some(why)));
                    }
                }
            }
        }
        if n == 0 {
            return Ok((bytes, None));
        }
    }
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
pub fn display_name(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// The value of a command's `-o/--output`: a file, or standard output when it is `-` or left
/// out, as inputs take `-` for standard input. The commands declare it
/// `#[arg(short, long, default_value = "-", hide_default_value = true)] output: OutputArg`, so
/// that `-o -` and no `-o` are one case: the format then comes from `--to`, or the command
/// does what it does without a file (a summary, or a refusal asking for `--to`).
#[derive(Clone, Debug)]
pub struct OutputArg(Option<PathBuf>);

impl OutputArg {
    /// The file to write; `None` for standard output.
    pub fn path(&self) -> Option<&Path> {
        self.0.as_deref()
    }
}

impl From<PathBuf> for OutputArg {
    fn from(path: PathBuf) -> OutputArg {
        OutputArg((path != Path::new("-")).then_some(path))
    }
}

impl clap::builder::ValueParserFactory for OutputArg {
    type Parser =
        clap::builder::MapValueParser<clap::builder::PathBufValueParser, fn(PathBuf) -> OutputArg>;
    fn value_parser() -> Self::Parser {
        use clap::builder::TypedValueParser;
        clap::builder::PathBufValueParser::new().map(OutputArg::from)
    }
}

/// Where a command's result goes.
pub struct Output {
    path: Option<PathBuf>,
}

impl Output {
    /// Output to `path`, or standard output when `None`. Refuses to replace any of `inputs`
    /// (`-` is standard input) unless `force`, and paths that cannot be an output (see
    /// [`super::files`]).
    pub fn new(path: Option<&Path>, inputs: &[&Path], force: bool) -> Result<Output> {
        if let Some(p) = path {
            super::files::check(p, inputs, force)?;
        }
        Ok(Output {
            path: path.map(Path::to_path_buf),
        })
    }

    /// The output's path; `None` for standard output.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The format the output path names, or `to`, or an error asking for `--to`.
    pub fn format(&self, to: Option<Format>) -> Result<Format> {
        match (to, &self.path) {
            (Some(f), _) => Ok(f),
            (None, Some(p)) => Format::from_path(p).map_err(|e| {
                let ext = p.extension().map(|e| e.to_string_lossy().into_owned());
                match ext.and_then(|x| super::convert::picture_hint(&x)) {
                    Some(hint) => anyhow!("{}: {hint}", display_name(p)),
                    None => anyhow!("{e}"),
                }
            }),
            (None, None) => bail!("say which format to write with --to FORMAT (or give -o FILE)"),
        }
    }

    /// Runs `write` into the destination: standard output, or the file as [`super::files`]
    /// says (a temporary renamed over the target only when `write` succeeds, a device or FIFO
    /// written in place).
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
            // One output is a transaction of one (see `super::files`).
            Some(_) => {
                let mut outputs = super::files::Outputs::new();
                outputs.add(self, binary, write);
                outputs.commit()
            }
        }
    }
}
