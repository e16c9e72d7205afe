//! The library's error type.

/// Everything that can go wrong in mazegraph's library. The binary prints these as one line,
/// `mazegraph: error: …`, prefixing parse errors with the file name.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// A text input is malformed; `line` counts from 1 (0 when no line applies).
    #[error("{}{message}", if *.line > 0 { format!("line {}: ", .line) } else { String::new() })]
    Parse {
        /// Name of the format being read (`txt`, `json`, `adj`, …).
        format: &'static str,
        /// 1-based line of the problem, 0 when unknown.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A binary input (PNG) is corrupt or truncated.
    #[error("{format}: {message}")]
    Corrupt {
        /// Name of the format being read.
        format: &'static str,
        /// What is wrong.
        message: String,
    },
    /// The input is larger than the configured limit.
    #[error("the input needs {} cells, vertices or edges, more than the limit of {limit} (raise it with --max-cells)", if *.cells == u64::MAX { "more than 2^64".to_string() } else { .cells.to_string() })]
    TooLarge {
        /// Cells, vertices or edges requested (`u64::MAX` when the count itself overflows).
        cells: u64,
        /// The limit in force.
        limit: u64,
    },
    /// An operation would allocate more than the memory budget ([`crate::grid::Limits::max_bytes`]).
    #[error("{what} needs about {}, more than the memory budget of {} (raise it with --max-memory)", human_bytes(*.bytes), human_bytes(*.limit))]
    OverBudget {
        /// What would allocate it.
        what: String,
        /// The estimate, in bytes.
        bytes: u64,
        /// The budget in force.
        limit: u64,
    },
    /// The system refused memory the operation had planned for (a `ulimit`, a container's limit).
    #[error("out of memory: the system refused {} (lower the input's size or raise the process's memory limit)", human_bytes(*.bytes))]
    OutOfMemory {
        /// The refused allocation, in bytes.
        bytes: u64,
    },
    /// The maze is inconsistent (portal at a wall, terminal outside the grid, …).
    #[error("invalid maze: {0}")]
    InvalidMaze(String),
    /// The graph cannot be used as asked.
    #[error("invalid graph: {0}")]
    InvalidGraph(String),
    /// A value the caller gave does not fit the input (a piece placed on a wall or outside
    /// the maze, …); the input itself is fine.
    #[error("{0}")]
    InvalidArgument(String),
    /// The file name or format name is not known (the message lists the known formats).
    #[error("{0}")]
    UnknownFormat(String),
    /// No maze lattice fits a picture (noise, a photo, one colour, a circular maze); the
    /// message says what was found.
    #[error("no maze lattice fits this picture: {0}")]
    NoLattice(String),
    /// A picture reads more than one way (several mazes on one page, or the whole picture and
    /// the maze found on it read as different mazes): the message names them and how to choose.
    #[error("{0}")]
    Ambiguous(String),
    /// A maze was found in a picture, but some of its walls are in doubt (a stroke covering
    /// about half of a wall): the message says how many, where, and how to read them anyway.
    #[error("{0}")]
    Doubtful(String),
    /// The format cannot hold this content (a 3-D maze as PNG, portals in a PNG, …).
    #[error("{0}")]
    Unsupported(String),
    /// The work was stopped on request before it finished ([`crate::stop`]: Ctrl-C in
    /// Python).
    #[error("interrupted")]
    Interrupted,
    /// A file opened or saved by path ([`crate::io`]) could not be: the error, said as the
    /// command line says it (`maze.txt:3: …`, `maze.png: …`).
    #[error("{}", in_file(path, error))]
    File {
        /// The file.
        path: std::path::PathBuf,
        /// What went wrong.
        error: Box<Error>,
    },
    /// An output file could not be written ([`crate::files`]): the error names the path as the
    /// caller gave it, never a temporary.
    #[error(transparent)]
    Output(#[from] OutputError),
}

/// Why an output file could not be written or was refused ([`crate::files`]). Every message
/// names the path the caller gave (never a temporary file) and is one line, as the command
/// line prints it after `mazegraph: error: `. When it is returned, no file output was changed
/// (except with [`OutputError::PartlyReplaced`], which says which were).
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// Looking at, opening, writing or renaming the output failed: `cannot write PATH: …`.
    #[error("cannot write {}: {error}", path.display())]
    Write {
        /// The output.
        path: std::path::PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// A new file cannot be made in the output's directory (it is missing, or not writable):
    /// `cannot create a file in DIR: …`.
    #[error("cannot create a file in {}: {error}", dir.display())]
    Create {
        /// The directory.
        dir: std::path::PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// The writer of the content failed, other than by I/O: `PATH: …`.
    #[error("{}: {error}", path.display())]
    Content {
        /// The output.
        path: std::path::PathBuf,
        /// The writer's error.
        error: Box<Error>,
    },
    /// The path has no file name (`/`, `..`).
    #[error("{}: an output needs a file name", path.display())]
    NoFileName {
        /// The output.
        path: std::path::PathBuf,
    },
    /// The path names a directory.
    #[error("{} is a directory: give a file name", path.display())]
    Directory {
        /// The output.
        path: std::path::PathBuf,
    },
    /// The path is a symbolic link to nothing, which is not written through.
    #[error("{} is a symbolic link to nothing: not writing through it", path.display())]
    DanglingLink {
        /// The output.
        path: std::path::PathBuf,
    },
    /// The path is another user's symbolic link in a sticky directory that everyone may write
    /// to (a link planted in `/tmp`), which is not followed.
    #[error("{} is another user's symbolic link in a shared directory (sticky, writable by all): not writing through it", path.display())]
    PlantedLink {
        /// The output.
        path: std::path::PathBuf,
    },
    /// A device or FIFO written in place became a regular file while being opened.
    #[error("{} changed while being opened: try again", path.display())]
    Changed {
        /// The output.
        path: std::path::PathBuf,
    },
    /// A regular file to replace became something else (a directory, a FIFO) while its
    /// content was written.
    #[error("{} is no longer a regular file: nothing written", path.display())]
    NoLongerRegular {
        /// The output.
        path: std::path::PathBuf,
    },
    /// The output is the same file as an input (by device and inode).
    #[error("refusing to overwrite the input {}", overwrites(input, output))]
    OverwritesInput {
        /// The input as given (`-`: standard input).
        input: std::path::PathBuf,
        /// The output as given.
        output: std::path::PathBuf,
    },
    /// Two outputs are the same file.
    #[error("{} and {} are the same file: give each output its own", first.display(), second.display())]
    SameFile {
        /// The output named first.
        first: std::path::PathBuf,
        /// The output named second.
        second: std::path::PathBuf,
    },
    /// Renaming a temporary over `path` failed after the outputs in `replaced` were replaced
    /// and could not be put back.
    #[error("{} already replaced: cannot write {}: {error}", list(replaced), path.display())]
    PartlyReplaced {
        /// The outputs already replaced.
        replaced: Vec<std::path::PathBuf>,
        /// The output whose rename failed.
        path: std::path::PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// The check run before anything is committed said stop ([`crate::files::Outputs::commit_with`]):
    /// nothing was written.
    #[error("interrupted: nothing written")]
    Interrupted,
}

/// `INPUT` when the output is spelled the same, else `INPUT: OUTPUT is the same file`
/// (standard input, `-`, is `<stdin>`).
fn overwrites(input: &std::path::Path, output: &std::path::Path) -> String {
    let input = if input == std::path::Path::new("-") {
        "<stdin>".to_string()
    } else {
        input.display().to_string()
    };
    let output = output.display().to_string();
    if input == output {
        input
    } else {
        format!("{input}: {output} is the same file")
    }
}

/// Paths separated by commas.
fn list(paths: &[std::path::PathBuf]) -> String {
    let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    shown.join(", ")
}

/// `path:line: message` for a parse error at a line, else `path: error`.
fn in_file(path: &std::path::Path, error: &Error) -> String {
    let name = path.display();
    match error {
        Error::Parse { line, message, .. } if *line > 0 => format!("{name}:{line}: {message}"),
        Error::Parse { message, .. } => format!("{name}: {message}"),
        other => format!("{name}: {other}"),
    }
}

impl Error {
    /// A parse error at `line` (1-based) of a text format.
    pub fn parse(format: &'static str, line: usize, message: impl Into<String>) -> Error {
        Error::Parse {
            format,
            line,
            message: message.into(),
        }
    }
}

/// `Result` with mazegraph's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// A byte count as people read it: `512 B`, `3.4 MiB`, `1.0 GiB`.
///
/// ```
/// assert_eq!(mazegraph::error::human_bytes(1536), "1.5 KiB");
/// assert_eq!(mazegraph::error::human_bytes(u64::MAX), "16.0 EiB");
/// ```
pub fn human_bytes(n: u64) -> String {
    const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    if n < 1024 {
        return format!("{n} B");
    }
    let mut x = n as f64 / 1024.0;
    let mut u = 0;
    while x >= 1024.0 && u + 1 < UNITS.len() {
        x /= 1024.0;
        u += 1;
    }
    format!("{x:.1} {}", UNITS[u])
}

/// A PNG encoder's error as ours: an I/O error stays one (a full disk, a closed pipe), any
/// other is [`Error::Unsupported`] ("png: …"). The writers of solution pictures, huge mazes,
/// image data and charts share it.
pub(crate) fn png_writing(e: png::EncodingError) -> Error {
    match e {
        png::EncodingError::IoError(io) => Error::Io(io),
        other => Error::Unsupported(format!("png: {other}")),
    }
}

/// `s` with every control character written as an escape (`\n`, `\t`, `\u{1b}`), so that a
/// message holding a file name with a newline stays one line (the CLI's error line, the
/// Python package's `MazeError`).
///
/// ```
/// assert_eq!(mazegraph::error::one_line("a\nb"), "a\\nb");
/// ```
pub fn one_line(s: &str) -> String {
    if !s.chars().any(char::is_control) {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}
