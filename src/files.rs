//! How the command line writes output files, hardened against hostile paths and signals.
//!
//! - **What an output path names** decides how it is written, looked at when the command starts
//!   (to refuse early) and again when it writes (that look decides). Symbolic links are
//!   followed (on Linux by the kernel, `O_PATH`, so `fs.protected_symlinks` applies as it would
//!   to a shell's `>`); a link to nothing is refused rather than written through, and so is
//!   another user's link in a sticky directory that everyone may write to (a link planted in
//!   `/tmp`), whatever `fs.protected_symlinks` says.
//!   - Nothing yet, or a regular file: *replaced*. The content goes to a temporary file in the
//!     directory of the file the path resolves to, which is renamed over it only once complete.
//!     A symbolic link stays a link: the file it points to is replaced.
//!   - A device, a FIFO or a socket (`/dev/null`, `/dev/full`, a named pipe): written *in
//!     place*, opened for writing only (no creating, no truncating, never renamed over). A FIFO
//!     blocks until it has a reader, like a shell's `>`; a reader that leaves early (`EPIPE`) is
//!     success, as on standard output.
//!   - This process's own standard output or error, named by a path (`/dev/stdout`, or the file
//!     standard output was redirected to, compared by device and inode): written through that
//!     descriptor, so that `>>` appends and nothing is renamed.
//!   - A directory, or a path with no file name: refused.
//! - **Inputs are never replaced** without `--force`: an output that is the same file as an
//!   input — by device and inode, so under any spelling, through a symbolic or a hard link, and
//!   standard input when it is a regular file (`convert - -o c.txt < c.txt`) — is refused.
//! - **Temporaries do not outlive the process.** On Linux a temporary is opened with `O_TMPFILE`:
//!   it has no name while written, and the kernel frees it if the process dies, even by
//!   `SIGKILL`. Once complete it gets a fresh random name (`.mazegraph-…`) with `linkat` through
//!   `/proc/self/fd` and is renamed over the target at once: a named temporary exists for a few
//!   system calls. Where `O_TMPFILE` is missing (the file system or the system has none, or no
//!   `/proc`) the temporary is created with a name. Every named temporary is listed in a
//!   process-wide registry; on `SIGINT`, `SIGTERM` or `SIGHUP` a thread (signal-hook's pipe: no
//!   work in the signal handler itself) removes them all, then the signal kills the process as
//!   it would have (exit status 128 + signal). A signal that was ignored when the process started
//!   (`nohup`, a background job's `SIGINT`) stays ignored. Files are created with mode 0666 less
//!   the umask, like any new file; nothing is synced to disk.
//! - **Several outputs of one command are committed together** ([`Outputs`]): every file output
//!   is first written in full to its temporary; then the in-place outputs (standard output,
//!   devices, FIFOs), which cannot be taken back, are written in order; only when all of that
//!   succeeded are the temporaries renamed over their targets, back to back, while the registry
//!   is locked (a signal waits until the renames are done). An existing target renamed over
//!   before the last one is first hard-linked to a backup name, so that if a later rename fails
//!   it is put back. So a failure anywhere leaves every *file* output as it was; an in-place
//!   output already written keeps what it received (a stream cannot be unwritten), which is why
//!   those come after the files and why a command writes at most one of them in practice. Two
//!   outputs naming the same file are refused.
//!
//! Testing aid: with `MAZEGRAPH_NO_O_TMPFILE` set in the environment, temporaries are created
//! with names, as on a file system without `O_TMPFILE` (the signal cleanup then has work to do).

//! Output files written safely, whatever the path names and whatever signal comes: the one
//! discipline of the command line's `-o` and the Python package's `write` methods (feature
//! `files`).
//!
//! - **What an output path names** decides how it is written, looked at before the work (to
//!   refuse early, [`check`]) and again when it is written (that look decides). Symbolic links
//!   are followed (on Linux by the kernel, `O_PATH`, so `fs.protected_symlinks` applies as it
//!   would to a shell's `>`); a link to nothing is refused rather than written through, and so
//!   is another user's link in a sticky directory that everyone may write to (a link planted
//!   in `/tmp`), whatever `fs.protected_symlinks` says.
//!   - Nothing yet, or a regular file: *replaced*. The content goes to a temporary file in the
//!     directory of the file the path resolves to, which is renamed over it only once complete.
//!     A symbolic link stays a link: the file it points to is replaced. A replaced file keeps
//!     its permission bits (the temporary gets them before any content); a new file has mode
//!     0666 less the umask, like any new file. Nothing is synced to disk.
//!   - A device, a FIFO or a socket (`/dev/null`, `/dev/full`, a named pipe): written *in
//!     place*, opened for writing only (no creating, no truncating, never renamed over). A FIFO
//!     blocks until it has a reader, like a shell's `>`; a reader that leaves early (`EPIPE`) is
//!     success, as on standard output.
//!   - This process's own standard output or error, named by a path (`/dev/stdout`, or the file
//!     standard output was redirected to, compared by device and inode): written through that
//!     descriptor, so that `>>` appends and nothing is renamed.
//!   - A directory, or a path with no file name: refused.
//! - **Inputs are not replaced**: [`check`] refuses an output that is the same file as one of
//!   the inputs it is given — by device and inode, so under any spelling, through a symbolic or
//!   a hard link, and standard input (`-`) when it is a regular file.
//! - **Temporaries do not outlive the process.** On Linux a temporary is opened with
//!   `O_TMPFILE`: it has no name while written, and the kernel frees it if the process dies,
//!   even by `SIGKILL`. Once complete it gets a fresh random name (`.mazegraph-…`) with `linkat`
//!   through `/proc/self/fd` and is renamed over the target at once: a named temporary exists
//!   for a few system calls. Where `O_TMPFILE` is missing (the file system or the system has
//!   none, or no `/proc`) the temporary is created with a name. Every named temporary is listed
//!   in a process-wide registry and removed when its write fails. A *program* may call
//!   [`install_signal_cleanup`]: then on `SIGINT`, `SIGTERM` or `SIGHUP` a thread removes them
//!   all and the signal ends the process as it would have. A library or an interpreter (the
//!   Python package) does not: Ctrl-C stays its own, and [`Outputs::commit_with`] lets it stop
//!   before anything is committed.
//! - **Several outputs are committed together** ([`Outputs`]): every file output is first
//!   written in full to its temporary; then the caller's check ([`Outputs::commit_with`]) runs;
//!   then the in-place outputs (devices, FIFOs, streams), which cannot be taken back, are
//!   written in order; only when all of that succeeded are the temporaries renamed over their
//!   targets, back to back, while the registry is locked (the signal cleanup waits until the
//!   renames are done). An existing target renamed over before the last one is first
//!   hard-linked to a backup name, so that if a later rename fails it is put back. So a failure
//!   anywhere leaves every *file* output as it was; an in-place output already written keeps
//!   what it received (a stream cannot be unwritten), which is why those come after the files.
//!   Two outputs naming the same file are refused.
//!
//! Errors ([`OutputError`]) name the path as the caller gave it, never a temporary.
//!
//! ```
//! use mazegraph::files::{self, Outputs};
//! use std::io::Write;
//!
//! let dir = tempfile::tempdir()?;
//! let (maze, notes) = (dir.path().join("maze.txt"), dir.path().join("notes.txt"));
//! files::write(&maze, |w| Ok(w.write_all(b"#.#\n#.#\n")?))?;
//! // Two outputs: both written, or neither.
//! let mut outputs: Outputs = Outputs::new();
//! outputs.add(&maze, |w| Ok(w.write_all(b"#.##\n#..#\n##.#\n")?));
//! outputs.add(&notes, |w| Ok(w.write_all(b"a small maze\n")?));
//! outputs.commit()?;
//! assert_eq!(std::fs::read_to_string(&notes)?, "a small maze\n");
//! // A failing writer changes nothing, and leaves no temporary file.
//! let failed = files::write(&maze, |_| Err(mazegraph::Error::Unsupported("no".into())));
//! assert_eq!(failed.unwrap_err().to_string(), format!("{}: no", maze.display()));
//! assert_eq!(std::fs::read_dir(dir.path())?.count(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Testing aid: with `MAZEGRAPH_NO_O_TMPFILE` set in the environment, temporaries are created
//! with names, as on a file system without `O_TMPFILE`.

pub use crate::error::OutputError;
use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};

/// A writer of one output's content.
type Writer<'a> = Box<dyn FnOnce(&mut dyn Write) -> crate::Result<()> + 'a>;

/// A stream output the caller writes itself (see [`Outputs::add_stream`]).
type Stream<'a, E> = Box<dyn FnOnce() -> Result<(), E> + 'a>;

/// The identity of a file: its device and inode numbers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Id {
    dev: u64,
    ino: u64,
}

impl Id {
    fn of(m: &Metadata) -> Id {
        Id {
            dev: m.dev(),
            ino: m.ino(),
        }
    }
}

/// One of this process's standard streams.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Std {
    Out,
    Err,
}

/// How an output path is written (see the module docs).
#[derive(Debug)]
enum Kind {
    /// Nothing yet or a regular file: a temporary renamed over `path`, the symbolic links
    /// resolved; `mode` holds the permission bits of the file replaced.
    Replace {
        path: PathBuf,
        id: Option<Id>,
        mode: Option<u32>,
    },
    /// A device, FIFO or socket: opened and written in place.
    InPlace { id: Id },
    /// This process's standard output or error under another name: written through it.
    Descriptor { stream: Std, id: Id },
}

impl Kind {
    fn id(&self) -> Option<Id> {
        match self {
            Kind::Replace { id, .. } => *id,
            Kind::InPlace { id } | Kind::Descriptor { id, .. } => Some(*id),
        }
    }
}

/// `cannot write PATH: …`.
fn io_error(path: &Path, error: io::Error) -> OutputError {
    OutputError::Write {
        path: path.to_path_buf(),
        error,
    }
}

/// `cannot create a file in DIR: …`.
fn create_error(dir: &Path, error: io::Error) -> OutputError {
    OutputError::Create {
        dir: dir.to_path_buf(),
        error,
    }
}

/// The metadata of an open descriptor (`fstat`), `None` when it is closed.
fn fd_metadata(fd: BorrowedFd) -> Option<Metadata> {
    File::from(fd.try_clone_to_owned().ok()?).metadata().ok()
}

/// Follows `path` to what it names: its metadata and the path of the file itself (differs
/// when the last component is a symbolic link). `None` when nothing is there.
fn look(path: &Path) -> Result<Option<(Metadata, PathBuf)>, OutputError> {
    let link = match std::fs::symlink_metadata(path) {
        Ok(m) => m.file_type().is_symlink().then_some(m),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_error(path, e)),
    };
    if link.as_ref().is_some_and(|m| planted(path, m)) {
        return Err(OutputError::PlantedLink {
            path: path.to_path_buf(),
        });
    }
    let link = link.is_some();
    let dangling = |e: io::Error| {
        if link && e.kind() == io::ErrorKind::NotFound {
            OutputError::DanglingLink {
                path: path.to_path_buf(),
            }
        } else {
            io_error(path, e)
        }
    };
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{Mode, OFlags};
        use std::os::fd::AsRawFd;
        // O_PATH: the kernel follows the links (its protections apply) without opening what
        // they lead to (a FIFO would block, a device might act).
        let fd = rustix::fs::open(path, OFlags::PATH | OFlags::CLOEXEC, Mode::empty())
            .map_err(|e| dangling(e.into()))?;
        let file = File::from(fd);
        let meta = file.metadata().map_err(dangling)?;
        let resolved = if link {
            std::fs::read_link(format!("/proc/self/fd/{}", file.as_raw_fd()))
                .or_else(|_| std::fs::canonicalize(path))
                .map_err(dangling)?
        } else {
            path.to_path_buf()
        };
        Ok(Some((meta, resolved)))
    }
    #[cfg(not(target_os = "linux"))]
    {
        let meta = std::fs::metadata(path).map_err(dangling)?;
        let resolved = if link {
            std::fs::canonicalize(path).map_err(dangling)?
        } else {
            path.to_path_buf()
        };
        Ok(Some((meta, resolved)))
    }
}

/// Whether a symbolic link (`link`, its own metadata) at `path` may have been planted: it is in
/// a sticky directory that everyone may write to (`/tmp`), and neither this process's user nor
/// the directory's owner owns it. The kernel refuses to follow such links when
/// `fs.protected_symlinks` is on; this refuses them whatever that setting.
fn planted(path: &Path, link: &Metadata) -> bool {
    let Ok(dir) = std::fs::metadata(parent_dir(path)) else {
        return false;
    };
    let shared = dir.mode() & 0o1002 == 0o1002;
    let me = rustix::process::geteuid().as_raw();
    shared && link.uid() != me && link.uid() != dir.uid()
}

/// True when `path` is written in place rather than replaced: a device, a FIFO, a socket, or
/// this process's standard output or error under another name (it has no extension to tell a
/// format by).
///
/// ```
/// assert!(mazegraph::files::in_place(std::path::Path::new("/dev/null")));
/// assert!(!mazegraph::files::in_place(std::path::Path::new("maze.png")));
/// ```
pub fn in_place(path: &Path) -> bool {
    matches!(
        classify(path),
        Ok(Kind::InPlace { .. } | Kind::Descriptor { .. })
    )
}

/// What `path` names now, and so how to write it.
fn classify(path: &Path) -> Result<Kind, OutputError> {
    if path.file_name().is_none() {
        return Err(OutputError::NoFileName {
            path: path.to_path_buf(),
        });
    }
    let Some((meta, resolved)) = look(path)? else {
        return Ok(Kind::Replace {
            path: path.to_path_buf(),
            id: None,
            mode: None,
        });
    };
    let id = Id::of(&meta);
    let streams = [
        (Std::Out, fd_metadata(std::io::stdout().as_fd())),
        (Std::Err, fd_metadata(std::io::stderr().as_fd())),
    ];
    for (stream, meta) in streams {
        if meta.is_some_and(|m| Id::of(&m) == id) {
            return Ok(Kind::Descriptor { stream, id });
        }
    }
    let kind = meta.file_type();
    if kind.is_dir() {
        return Err(OutputError::Directory {
            path: path.to_path_buf(),
        });
    }
    Ok(if kind.is_file() {
        Kind::Replace {
            path: resolved,
            id: Some(id),
            mode: Some(meta.mode() & 0o777),
        }
    } else {
        Kind::InPlace { id }
    })
}

/// Checks, before any work, that `output` can be written (see the module docs: not a
/// directory, not a link to nothing, its directory there for a new file) and is none of
/// `inputs` by device and inode (`-` stands for standard input, compared when it is a regular
/// file). An input that is not there is the output only when spelled the same.
///
/// ```
/// use mazegraph::files::{check, OutputError};
/// let dir = tempfile::tempdir()?;
/// let input = dir.path().join("maze.txt");
/// std::fs::write(&input, "#.#\n")?;
/// let other = dir.path().join(".").join("maze.txt");
/// let e = check(&other, &[input.as_path()]).unwrap_err();
/// assert!(matches!(e, OutputError::OverwritesInput { .. }));
/// assert!(check(&dir.path().join("solved.txt"), &[input.as_path()]).is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check(output: &Path, inputs: &[&Path]) -> Result<(), OutputError> {
    let kind = classify(output)?;
    if let Kind::Replace { path, id: None, .. } = &kind {
        // A new file: its directory must be there (said now rather than after the work).
        let dir = parent_dir(path);
        std::fs::metadata(&dir).map_err(|e| create_error(&dir, e))?;
    }
    let refuse = |input: &Path| OutputError::OverwritesInput {
        input: input.to_path_buf(),
        output: output.to_path_buf(),
    };
    for &input in inputs {
        if input == Path::new("-") {
            let stdin = fd_metadata(std::io::stdin().as_fd()).filter(Metadata::is_file);
            if stdin.is_some_and(|m| Some(Id::of(&m)) == kind.id()) {
                return Err(refuse(input));
            }
            continue;
        }
        let same = match std::fs::metadata(input) {
            Ok(m) => m.is_file() && Some(Id::of(&m)) == kind.id(),
            // An input that is not there fails when read; the same spelling is refused anyway.
            Err(_) => input == output,
        };
        if same {
            return Err(refuse(input));
        }
    }
    Ok(())
}

/// Where a replaced output will be: its identity when it exists, else its directory (resolved)
/// and name.
#[derive(PartialEq, Eq)]
enum Place {
    File(Id),
    Name(PathBuf),
}

/// Refuses two outputs that are the same file (the second rename would undo the first). Devices
/// and streams may be named twice: they get both contents.
pub fn distinct<'p>(outputs: impl IntoIterator<Item = &'p Path>) -> Result<(), OutputError> {
    let mut seen: Vec<(&Path, Place)> = Vec::new();
    for path in outputs {
        let place = match classify(path)? {
            Kind::Replace { id: Some(id), .. } => Place::File(id),
            Kind::Replace {
                path: p, id: None, ..
            } => {
                let dir = std::fs::canonicalize(parent_dir(&p)).unwrap_or_else(|_| parent_dir(&p));
                Place::Name(dir.join(p.file_name().unwrap_or_default()))
            }
            _ => continue,
        };
        if let Some((first, _)) = seen.iter().find(|(_, q)| *q == place) {
            return Err(OutputError::SameFile {
                first: first.to_path_buf(),
                second: path.to_path_buf(),
            });
        }
        seen.push((path, place));
    }
    Ok(())
}

/// The directory a file is in (`.` for a bare name).
fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Writes one output file (see the module docs): `write`'s content replaces the file at
/// `path` only once complete, or goes in place to a device, a FIFO or a standard stream.
/// [`Outputs`] with one output.
pub fn write(
    path: impl AsRef<Path>,
    write: impl FnOnce(&mut dyn Write) -> crate::Result<()>,
) -> Result<(), OutputError> {
    let mut outputs = Outputs::new();
    outputs.add(path, write);
    outputs.commit()
}

/// One output of [`Outputs`].
enum Item<'a, E> {
    /// A path, written as the module docs say.
    File { path: PathBuf, write: Writer<'a> },
    /// A stream the caller writes.
    Stream(Stream<'a, E>),
}

/// Outputs committed together or not at all (see the module docs). `E` is the caller's error
/// type, which [`Outputs::add_stream`] and [`Outputs::commit_with`] return; by default
/// [`OutputError`].
pub struct Outputs<'a, E = OutputError> {
    items: Vec<Item<'a, E>>,
}

impl<E> Default for Outputs<'_, E> {
    fn default() -> Self {
        Outputs { items: Vec::new() }
    }
}

impl<'a, E: From<OutputError>> Outputs<'a, E> {
    /// No outputs yet.
    pub fn new() -> Outputs<'a, E> {
        Outputs::default()
    }

    /// Adds the file at `path`, whose content `write` writes. Nothing is written before
    /// [`Outputs::commit`]; a non-I/O error of `write` comes back as
    /// [`OutputError::Content`].
    pub fn add(
        &mut self,
        path: impl AsRef<Path>,
        write: impl FnOnce(&mut dyn Write) -> crate::Result<()> + 'a,
    ) -> &mut Outputs<'a, E> {
        self.items.push(Item::File {
            path: path.as_ref().to_path_buf(),
            write: Box::new(write),
        });
        self
    }

    /// Adds an output the caller writes itself (its standard output): run after the files are
    /// written to their temporaries, in order with the in-place outputs, before the renames.
    /// Its error stops the commit (no file is replaced).
    pub fn add_stream(
        &mut self,
        write: impl FnOnce() -> Result<(), E> + 'a,
    ) -> &mut Outputs<'a, E> {
        self.items.push(Item::Stream(Box::new(write)));
        self
    }

    /// Writes every output: the files to temporaries, then the in-place outputs in order, then
    /// the temporaries renamed over their targets. On any error no file output is changed.
    pub fn commit(self) -> Result<(), E> {
        self.commit_with(|| Ok(()))
    }

    /// [`Outputs::commit`], running `before` once every file output is written to its
    /// temporary and before anything that cannot be taken back (the in-place outputs, the
    /// renames). Its error stops the commit: no output is written, no temporary is left. An
    /// interpreter checks there for a pending Ctrl-C (Python's `check_signals`), so that an
    /// interrupted write changes nothing.
    pub fn commit_with(self, before: impl FnOnce() -> Result<(), E>) -> Result<(), E> {
        let paths = self.items.iter().filter_map(|item| match item {
            Item::File { path, .. } => Some(path.as_path()),
            Item::Stream(_) => None,
        });
        distinct(paths)?;
        // Every path looked at before any work.
        let mut planned = Vec::with_capacity(self.items.len());
        for item in self.items {
            let kind = match &item {
                Item::File { path, .. } => Some(classify(path)?),
                Item::Stream(_) => None,
            };
            planned.push((item, kind));
        }
        let mut staged: Vec<Staged> = Vec::new();
        let mut streams = Vec::new();
        for (item, kind) in planned {
            match (item, kind) {
                (
                    Item::File { path, write },
                    Some(Kind::Replace {
                        path: target, mode, ..
                    }),
                ) => staged.push(stage(path, target, mode, write)?),
                (item, kind) => streams.push((item, kind)),
            }
        }
        before()?;
        for (item, kind) in streams {
            match (item, kind) {
                (Item::Stream(write), _) => write()?,
                (Item::File { path, write }, Some(Kind::Descriptor { stream, .. })) => {
                    reader_left_is_done(write_descriptor(&path, stream, write))?
                }
                (Item::File { path, write }, _) => {
                    reader_left_is_done(write_in_place(&path, write))?
                }
            }
        }
        Ok(rename_all(&mut staged)?)
    }
}

/// A stream whose reader left (`EPIPE`) is done: the other outputs still count.
fn reader_left_is_done(written: Result<(), OutputError>) -> Result<(), OutputError> {
    match written {
        Err(OutputError::Write { error, .. }) if error.kind() == io::ErrorKind::BrokenPipe => {
            Ok(())
        }
        other => other,
    }
}

/// A file output written to its temporary, waiting to be renamed over `target`.
struct Staged {
    /// The path as the user gave it, for messages.
    shown: PathBuf,
    /// The file to replace (links resolved).
    target: PathBuf,
    temp: Temp,
}

/// Writes `write`'s content to a new temporary beside `target`, with the permission bits
/// `mode` when given.
fn stage(
    shown: PathBuf,
    target: PathBuf,
    mode: Option<u32>,
    write: Writer,
) -> Result<Staged, OutputError> {
    let dir = parent_dir(&target);
    let temp = Temp::create(&dir, mode).map_err(|e| create_error(&dir, e))?;
    write_to(&shown, &temp.file, write)?;
    Ok(Staged {
        shown,
        target,
        temp,
    })
}

/// Runs `write` into `sink` through a buffer, errors naming `shown`.
fn write_to(shown: &Path, sink: impl Write, write: Writer) -> Result<(), OutputError> {
    let mut w = BufWriter::with_capacity(1 << 16, sink);
    write(&mut w).map_err(|e| match e {
        crate::Error::Io(e) => io_error(shown, e),
        other => OutputError::Content {
            path: shown.to_path_buf(),
            error: Box::new(other),
        },
    })?;
    w.flush().map_err(|e| io_error(shown, e))
}

/// Writes a device, FIFO or socket in place: opened for writing only, never created, truncated
/// or renamed over.
fn write_in_place(shown: &Path, write: Writer) -> Result<(), OutputError> {
    let file = OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_NOCTTY)
        .open(shown)
        .map_err(|e| io_error(shown, e))?;
    // Swapped for a regular file since it was looked at: writing in place would leave the
    // old content's tail.
    if file.metadata().is_ok_and(|m| m.is_file()) {
        return Err(OutputError::Changed {
            path: shown.to_path_buf(),
        });
    }
    write_to(shown, &file, write)
}

/// Writes through this process's standard output or error (named by `shown`).
fn write_descriptor(shown: &Path, stream: Std, write: Writer) -> Result<(), OutputError> {
    // What was printed before comes first.
    let _ = std::io::stdout().flush();
    let fd = match stream {
        Std::Out => std::io::stdout().as_fd().try_clone_to_owned(),
        Std::Err => std::io::stderr().as_fd().try_clone_to_owned(),
    };
    let file = File::from(fd.map_err(|e| io_error(shown, e))?);
    write_to(shown, &file, write)
}

/// A temporary file being written: anonymous (`O_TMPFILE`, `name` is `None`) or named and
/// listed in the registry.
struct Temp {
    file: File,
    name: Option<PathBuf>,
}

impl Temp {
    /// A new temporary in `dir`, with the permission bits `mode` when given: anonymous where
    /// the system allows, else named and registered.
    fn create(dir: &Path, mode: Option<u32>) -> io::Result<Temp> {
        let temp = Temp::open(dir)?;
        if let Some(mode) = mode {
            // Before any content: a private file's content is never more readable.
            temp.file
                .set_permissions(std::fs::Permissions::from_mode(mode))?;
        }
        Ok(temp)
    }

    /// A new temporary in `dir` with mode 0666 less the umask.
    fn open(dir: &Path) -> io::Result<Temp> {
        #[cfg(target_os = "linux")]
        if anonymous_temporaries() {
            use rustix::fs::{Mode, OFlags};
            use rustix::io::Errno;
            let flags = OFlags::WRONLY | OFlags::TMPFILE | OFlags::CLOEXEC;
            match rustix::fs::open(dir, flags, Mode::from_raw_mode(0o666)) {
                Ok(fd) => {
                    return Ok(Temp {
                        file: File::from(fd),
                        name: None,
                    })
                }
                // No O_TMPFILE here (EISDIR: a kernel that predates it).
                Err(Errno::OPNOTSUPP | Errno::ISDIR | Errno::INVAL) => {}
                Err(e) => return Err(e.into()),
            }
        }
        let mut registry = lock();
        for _ in 0..100 {
            let path = dir.join(fresh_name());
            match OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o666)
                .open(&path)
            {
                Ok(file) => {
                    registry.push(path.clone());
                    return Ok(Temp {
                        file,
                        name: Some(path),
                    });
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
        Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "no free temporary file name",
        ))
    }

    /// The temporary's name, giving an anonymous one a fresh name first (registered in
    /// `registry`, which the caller holds).
    fn named(&mut self, dir: &Path, registry: &mut Vec<PathBuf>) -> io::Result<PathBuf> {
        if let Some(name) = &self.name {
            return Ok(name.clone());
        }
        #[cfg(target_os = "linux")]
        {
            use rustix::fs::{linkat, AtFlags, CWD};
            use std::os::fd::AsRawFd;
            let fd = format!("/proc/self/fd/{}", self.file.as_raw_fd());
            for _ in 0..100 {
                let path = dir.join(fresh_name());
                match linkat(CWD, &fd, CWD, &path, AtFlags::SYMLINK_FOLLOW) {
                    Ok(()) => {
                        registry.push(path.clone());
                        self.name = Some(path.clone());
                        return Ok(path);
                    }
                    Err(rustix::io::Errno::EXIST) => continue,
                    Err(e) => return Err(e.into()),
                }
            }
        }
        let _ = (dir, registry);
        Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "no free temporary file name",
        ))
    }

    /// Removes the temporary's name, if it has one (the caller holds `registry`).
    fn discard(&mut self, registry: &mut Vec<PathBuf>) {
        if let Some(name) = self.name.take() {
            let _ = std::fs::remove_file(&name);
            registry.retain(|p| *p != name);
        }
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        if self.name.is_some() {
            let mut registry = lock();
            self.discard(&mut registry);
        }
    }
}

/// Renames every staged temporary over its target, all or none (see the module docs).
fn rename_all(staged: &mut [Staged]) -> Result<(), OutputError> {
    if staged.is_empty() {
        return Ok(());
    }
    let mut registry = lock();
    let result = rename_locked(staged, &mut registry);
    // Whatever happened, no temporary keeps a name: renamed, or removed.
    for s in staged.iter_mut() {
        s.temp.discard(&mut registry);
    }
    result
}

/// [`rename_all`] with the registry held.
fn rename_locked(staged: &mut [Staged], registry: &mut Vec<PathBuf>) -> Result<(), OutputError> {
    let mut names = Vec::with_capacity(staged.len());
    for s in staged.iter_mut() {
        let dir = parent_dir(&s.target);
        let name = s
            .temp
            .named(&dir, registry)
            .map_err(|e| create_error(&dir, e))?;
        names.push(name);
    }
    // Each target must still be a regular file or nothing (not a directory or a FIFO made
    // while we wrote).
    for s in staged.iter() {
        if std::fs::metadata(&s.target).is_ok_and(|m| !m.is_file()) {
            return Err(OutputError::NoLongerRegular {
                path: s.shown.clone(),
            });
        }
    }
    // Backups of the existing targets but the last one, to put back should a rename fail.
    let last = staged.len() - 1;
    let mut backups: Vec<Option<PathBuf>> = Vec::with_capacity(staged.len());
    let mut existed = Vec::with_capacity(staged.len());
    for (i, s) in staged.iter().enumerate() {
        let exists = std::fs::symlink_metadata(&s.target).is_ok();
        existed.push(exists);
        let backup = if exists && i < last {
            // Without hard links (some file systems), no backup: best effort.
            let b = parent_dir(&s.target).join(fresh_name());
            std::fs::hard_link(&s.target, &b).ok().map(|()| {
                registry.push(b.clone());
                b
            })
        } else {
            None
        };
        backups.push(backup);
    }
    let mut failure = None;
    for (i, (s, name)) in staged.iter_mut().zip(&names).enumerate() {
        match std::fs::rename(name, &s.target) {
            Ok(()) => {
                // The name is the target's now.
                registry.retain(|p| p != name);
                s.temp.name = None;
            }
            Err(e) => {
                failure = Some((i, e));
                break;
            }
        }
    }
    let mut lost = Vec::new();
    if let Some((failed, _)) = &failure {
        for i in 0..*failed {
            let target = &staged[i].target;
            let restored = match &backups[i] {
                Some(b) => std::fs::rename(b, target).is_ok(),
                None if !existed[i] => std::fs::remove_file(target).is_ok(),
                None => false,
            };
            if restored {
                if let Some(b) = &backups[i] {
                    registry.retain(|p| p != b);
                }
                backups[i] = None;
            } else {
                lost.push(staged[i].shown.clone());
            }
        }
    }
    for b in backups.into_iter().flatten() {
        let _ = std::fs::remove_file(&b);
        registry.retain(|p| *p != b);
    }
    match failure {
        None => Ok(()),
        Some((failed, error)) if lost.is_empty() => Err(io_error(&staged[failed].shown, error)),
        Some((failed, error)) => Err(OutputError::PartlyReplaced {
            replaced: lost,
            path: staged[failed].shown.clone(),
            error,
        }),
    }
}

/// `.mazegraph-` and 16 random hexadecimal digits.
fn fresh_name() -> String {
    use rand::TryRng;
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let random = rand::rngs::SysRng.try_next_u64().unwrap_or_else(|_| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        nanos ^ (u64::from(std::process::id()) << 32) ^ COUNTER.fetch_add(1, Ordering::Relaxed)
    });
    format!(".mazegraph-{random:016x}")
}

/// Whether temporaries may be anonymous (`O_TMPFILE`, named later through `/proc/self/fd`).
#[cfg(target_os = "linux")]
fn anonymous_temporaries() -> bool {
    static ALLOWED: OnceLock<bool> = OnceLock::new();
    *ALLOWED.get_or_init(|| {
        std::env::var_os("MAZEGRAPH_NO_O_TMPFILE").is_none() && Path::new("/proc/self/fd").is_dir()
    })
}

/// The named temporaries of this process, removed on a terminating signal once
/// [`install_signal_cleanup`] was called.
static REGISTRY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The registry, locked (also when a thread panicked holding it: the list stays valid).
fn lock() -> MutexGuard<'static, Vec<PathBuf>> {
    REGISTRY.lock().unwrap_or_else(PoisonError::into_inner)
}

/// For programs: starts a thread that, on `SIGINT`, `SIGTERM` or `SIGHUP`, removes the named
/// temporaries of this process's outputs (waiting for renames under way), then lets the signal
/// end the process as it would have (exit status 128 + signal). A signal ignored when this is
/// called (`nohup`, a background job's `SIGINT`) stays ignored. Once per process; later calls
/// return the first one's result.
///
/// Not for libraries or interpreters: it takes over Ctrl-C (the Python package does not call
/// it, and checks for Ctrl-C itself with [`Outputs::commit_with`]). Without it a temporary has
/// a name only where `O_TMPFILE` is missing, and otherwise for the few system calls before its
/// rename, so a signal rarely leaves one.
pub fn install_signal_cleanup() -> io::Result<()> {
    static WATCHING: OnceLock<Result<(), String>> = OnceLock::new();
    WATCHING
        .get_or_init(|| watch_signals().map_err(|e| e.to_string()))
        .clone()
        .map_err(io::Error::other)
}

/// For programs: a write past the file-size limit (`ulimit -f`) fails with an error (`EFBIG`,
/// "File too large") instead of killing the process by `SIGXFSZ` with no word of its own, so
/// that it is reported as any full disk is: one line, exit status 2, no output left half
/// written. A `SIGXFSZ` already ignored stays so. Not for libraries: it changes the process's
/// signal dispositions.
pub fn ignore_file_size_signal() {
    // SAFETY: setting a signal's disposition to SIG_IGN installs no handler and touches no
    // memory of ours.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// Starts the thread that, on `SIGINT`, `SIGTERM` or `SIGHUP`, removes the named temporaries
/// and lets the signal end the process. Signals ignored at start stay ignored.
fn watch_signals() -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let watched: Vec<i32> = [SIGINT, SIGTERM, SIGHUP]
        .into_iter()
        .filter(|&s| !ignored(s))
        .collect();
    let mut signals = signal_hook::iterator::Signals::new(&watched)?;
    std::thread::Builder::new()
        .name("mazegraph-signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                // Held until the process ends: no temporary is named or renamed meanwhile.
                let mut registry = lock();
                for path in registry.drain(..) {
                    let _ = std::fs::remove_file(path);
                }
                // Ends the process by the signal (aborts should raising it fail).
                let _ = signal_hook::low_level::emulate_default_handler(signal);
                std::process::exit(128 + signal);
            }
        })?;
    Ok(())
}

/// Whether `signal` is ignored (`SIG_IGN`), as `nohup` and shells' background jobs arrange.
fn ignored(signal: i32) -> bool {
    // SAFETY: `sigaction` with a null new action only reads the current one into `old`, a
    // plain C struct for which all zeroes is a valid value.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(signal, std::ptr::null(), &mut old) == 0
            && old.sa_sigaction == libc::SIG_IGN
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::FileTypeExt;

    fn staged(dir: &Path, name: &str, content: &[u8]) -> Staged {
        let target = dir.join(name);
        let write: Writer = Box::new(|w: &mut dyn Write| Ok(w.write_all(content)?));
        stage(target.clone(), target, None, write).unwrap()
    }

    fn listing(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn renames_are_all_or_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("a"), b"old a").unwrap();
        let mut all = vec![
            staged(d, "a", b"new a"),
            staged(d, "b", b"new b"),
            staged(d, "c", b"new c"),
        ];
        // The last rename fails: its target became a non-empty directory after the check
        // (here: the temporary's name is taken away instead, the same failure at rename).
        let mut registry = lock();
        let name = all[2].temp.named(d, &mut registry).unwrap();
        drop(registry);
        std::fs::remove_file(&name).unwrap();
        let e = rename_all(&mut all).unwrap_err();
        assert!(e.to_string().contains("cannot write"), "{e}");
        drop(all);
        assert_eq!(std::fs::read(d.join("a")).unwrap(), b"old a");
        assert_eq!(listing(d), ["a"]);
        assert!(lock().is_empty());
        // And with nothing failing, all are replaced.
        let mut all = vec![staged(d, "a", b"new a"), staged(d, "b", b"new b")];
        rename_all(&mut all).unwrap();
        drop(all);
        assert_eq!(std::fs::read(d.join("a")).unwrap(), b"new a");
        assert_eq!(std::fs::read(d.join("b")).unwrap(), b"new b");
        assert_eq!(listing(d), ["a", "b"]);
    }

    #[test]
    fn a_replaced_file_keeps_its_mode_and_its_link() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let file = d.join("maze.txt");
        std::fs::write(&file, b"old").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
        let link = d.join("link.txt");
        std::os::unix::fs::symlink("maze.txt", &link).unwrap();
        write(&link, |w| Ok(w.write_all(b"new")?)).unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        let meta = std::fs::metadata(&file).unwrap();
        assert_eq!(meta.mode() & 0o7777, 0o640);
        assert_eq!(std::fs::read(&file).unwrap(), b"new");
        // A read-only file stays read-only (the directory allows the rename).
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o444)).unwrap();
        write(&file, |w| Ok(w.write_all(b"newer")?)).unwrap();
        let meta = std::fs::metadata(&file).unwrap();
        assert_eq!(meta.mode() & 0o7777, 0o444);
        assert_eq!(listing(d), ["link.txt", "maze.txt"]);
    }

    #[test]
    fn a_stop_before_the_commit_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("a"), b"old a").unwrap();
        let mut streamed = false;
        let mut outputs: Outputs = Outputs::new();
        outputs.add(d.join("a"), |w| Ok(w.write_all(b"new a")?));
        outputs.add(d.join("b"), |w| Ok(w.write_all(b"new b")?));
        outputs.add_stream(|| {
            streamed = true;
            Ok(())
        });
        let e = outputs
            .commit_with(|| Err(OutputError::Interrupted))
            .unwrap_err();
        assert!(matches!(e, OutputError::Interrupted), "{e}");
        assert!(!streamed, "an in-place output written after the stop");
        assert_eq!(std::fs::read(d.join("a")).unwrap(), b"old a");
        assert_eq!(listing(d), ["a"]);
    }

    #[test]
    fn errors_name_the_given_path() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let missing = d.join("nowhere").join("maze.txt");
        let e = write(&missing, |w| Ok(w.write_all(b"x")?)).unwrap_err();
        let shown = format!("cannot create a file in {}: ", d.join("nowhere").display());
        assert!(e.to_string().starts_with(&shown), "{e}");
        let e = write(d, |w| Ok(w.write_all(b"x")?)).unwrap_err();
        assert!(matches!(e, OutputError::Directory { .. }), "{e}");
        let e = write(d.join("m.txt"), |w| {
            w.write_all(b"half")?;
            Err(crate::Error::Io(io::Error::other("disk on fire")))
        })
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("cannot write {}: disk on fire", d.join("m.txt").display())
        );
        assert_eq!(listing(d), Vec::<String>::new());
    }

    #[test]
    fn a_fifo_is_written_in_place() {
        // A FIFO of our own rather than /dev/null: as root a regression must not replace a
        // system device.
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let mode = rustix::fs::Mode::from_raw_mode(0o600);
        rustix::fs::mknodat(rustix::fs::CWD, &fifo, rustix::fs::FileType::Fifo, mode, 0).unwrap();
        assert!(in_place(&fifo));
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read(fifo).unwrap())
        };
        write(&fifo, |w| Ok(w.write_all(b"through the pipe")?)).unwrap();
        assert_eq!(reader.join().unwrap(), b"through the pipe");
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
        assert_eq!(listing(dir.path()), ["pipe"]);
    }
}
