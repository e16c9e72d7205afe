//! Hostile output paths and signals through the real `mazegraph` binary (issue 17, "Files"):
//! real files, real FIFOs and devices, real signals. How outputs are written is described in
//! `src/files.rs`.
//!
//! - Same file as an input, by device and inode: standard input redirected from the output
//!   (`convert - -o c.txt < c.txt`), a hard link to an input, are refused with one error line
//!   (naming `<stdin>`) unless `--force`; a piped standard input is no input file.
//! - Outputs that are not regular files are written in place: a FIFO (a reader thread gets the
//!   content, the FIFO stays a FIFO; a reader that leaves early is success), a full device (one
//!   error line, exit 2, still a character device), a null device, a symbolic link to a device.
//!   As root the devices are private copies made with `mknod` (so that a regression cannot
//!   replace the machine's `/dev/null`); otherwise `/dev/null` and `/dev/full` themselves.
//! - `/dev/stdout` with standard output appended to a file: appended (same inode, nothing
//!   renamed).
//! - A symbolic link to a regular file stays a link (the file it points to is replaced); a
//!   link to nothing is refused; a directory is refused; as root, another user's link in a
//!   sticky world-writable directory (a link planted in `/tmp`) is not followed.
//! - Signals: `SIGINT`, `SIGTERM`, `SIGHUP` and `SIGKILL` sent while `generate --huge` writes a
//!   PNG leave no file in the output's directory — with `O_TMPFILE` temporaries and with named
//!   ones (`MAZEGRAPH_NO_O_TMPFILE`, removed by the signal thread; `SIGKILL` cannot be caught,
//!   so there the assertion is skipped, as it is when the file system lacks `O_TMPFILE`). The
//!   process dies by the signal sent. A signal ignored when the process starts stays ignored.
//! - Two outputs (`stats -o` and `--tree`, `experiment -o` and `--chart`): when the second
//!   fails (a full device, a missing directory) neither is written or changed; two outputs
//!   naming the same file are refused.

use std::fs;
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::*;

/// A small maze in the text format.
const MAZE: &str = "#.###\n#...#\n###.#\n";

/// Checks a refusal: exit status 2 and one line `mazegraph: error: …` on standard error.
fn refused(out: &std::process::Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(err.starts_with("mazegraph: error: "), "{err:?}");
    assert!(!err.contains("panicked"), "{err:?}");
    err
}

/// The binary as a `std::process::Command` (for standard input from a file, and spawning).
fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_mazegraph"))
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// A device to write to in `dir`: as root a private character device `major:minor` made with
/// mknod (None if that fails), else a symbolic link to `system` (harmless: without root nothing
/// can replace it).
fn device(dir: &Path, name: &str, major_minor: (u32, u32), system: &str) -> Option<PathBuf> {
    let path = dir.join(name);
    if is_root() {
        let made = Command::new("mknod")
            .arg(&path)
            .arg("c")
            .arg(major_minor.0.to_string())
            .arg(major_minor.1.to_string())
            .status()
            .is_ok_and(|s| s.success());
        if !made {
            eprintln!("note: mknod failed: device tests skipped");
            return None;
        }
    } else {
        std::os::unix::fs::symlink(system, &path).unwrap();
    }
    Some(path)
}

/// What `path` leads to is still a character device with this device number.
fn still_device(path: &Path, rdev: u64) {
    let m = fs::metadata(path).unwrap();
    assert!(m.file_type().is_char_device(), "{}", path.display());
    assert_eq!(m.rdev(), rdev);
}

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().unwrap().success();
    assert!(ok, "mkfifo {}", path.display());
}

#[test]
fn standard_input_that_is_the_output_is_refused_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let maze = write(dir.path(), "c.txt", MAZE);
    let from_maze = || Stdio::from(fs::File::open(&maze).unwrap());
    let out = bin()
        .args(["convert", "-", "--from", "txt", "-o", s(&maze)])
        .stdin(from_maze())
        .output()
        .unwrap();
    let err = refused(&out);
    assert!(
        err.contains("refusing to overwrite the input <stdin>"),
        "{err}"
    );
    assert!(err.contains("--force"), "{err}");
    assert_eq!(fs::read_to_string(&maze).unwrap(), MAZE);
    // Under another name too: a relative spelling from another directory.
    let out = bin()
        .current_dir(dir.path())
        .args(["convert", "-", "--from", "txt", "-o", "./c.txt"])
        .stdin(from_maze())
        .output()
        .unwrap();
    refused(&out);
    assert_eq!(fs::read_to_string(&maze).unwrap(), MAZE);
    // --force lets it through: the maze is read whole, then replaced.
    let out = bin()
        .args(["convert", "-", "--from", "txt", "-o", s(&maze), "--force"])
        .stdin(from_maze())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(fs::read_to_string(&maze).unwrap(), MAZE);
    // A pipe is no file: nothing to protect.
    let other = dir.path().join("other.txt");
    mg().args(["convert", "-", "--from", "txt", "-o", s(&other)])
        .write_stdin(MAZE)
        .assert()
        .code(0);
    assert_eq!(listing(dir.path()), ["c.txt", "other.txt"]);
}

#[test]
fn a_hard_link_to_an_input_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let maze = write(dir.path(), "m.txt", MAZE);
    let hard = dir.path().join("h.txt");
    fs::hard_link(&maze, &hard).unwrap();
    let out = bin()
        .args(["convert", s(&maze), "-o", s(&hard)])
        .output()
        .unwrap();
    let err = refused(&out);
    assert!(err.contains("h.txt is the same file"), "{err}");
    assert_eq!(fs::read_to_string(&maze).unwrap(), MAZE);
    assert_eq!(fs::metadata(&maze).unwrap().nlink(), 2);
}

#[test]
fn a_fifo_gets_the_content_and_stays_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("out.adj");
    mkfifo(&fifo);
    let seed = data("seed.txt");
    let expected = mg()
        .args(["convert", &seed, "--to", "adj"])
        .output()
        .unwrap()
        .stdout;
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut got = Vec::new();
            fs::File::open(&fifo)
                .unwrap()
                .read_to_end(&mut got)
                .unwrap();
            got
        })
    };
    let out = bin()
        .args(["convert", &seed, "-o", s(&fifo)])
        .output()
        .unwrap();
    // Checked before joining: a FIFO renamed over would leave the reader blocked for ever.
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(reader.join().unwrap(), expected);
    assert_eq!(listing(dir.path()), ["out.adj"]);
    // A reader that leaves early (EPIPE) is success, like `| head`: a maze larger than a pipe's
    // buffer.
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut some = [0u8; 10];
            fs::File::open(&fifo)
                .unwrap()
                .read_exact(&mut some)
                .unwrap();
        })
    };
    let out = bin()
        .args([
            "generate", "--size", "300x300", "--seed", "1", "--to", "txt",
        ])
        .args(["-q", "-o", s(&fifo)])
        .output()
        .unwrap();
    reader.join().unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(out.stderr.is_empty(), "{out:?}");
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(listing(dir.path()), ["out.adj"]);
}

#[test]
fn devices_are_written_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let seed = data("seed.txt");
    let Some(full) = device(dir.path(), "full.adj", (1, 7), "/dev/full") else {
        return;
    };
    let Some(null) = device(dir.path(), "null.adj", (1, 3), "/dev/null") else {
        return;
    };
    let full_rdev = fs::metadata(&full).unwrap().rdev();
    let null_rdev = fs::metadata(&null).unwrap().rdev();
    // A full device: one error line, exit 2, the device untouched.
    let out = bin()
        .args(["convert", &seed, "-o", s(&full)])
        .output()
        .unwrap();
    let err = refused(&out);
    assert!(err.contains("No space left on device"), "{err}");
    still_device(&full, full_rdev);
    // A symbolic link to it: the same, and the link stays a link.
    let link = dir.path().join("link.adj");
    std::os::unix::fs::symlink(&full, &link).unwrap();
    let out = bin()
        .args(["convert", &seed, "-o", s(&link)])
        .output()
        .unwrap();
    refused(&out);
    assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
    still_device(&full, full_rdev);
    // A null device takes it all.
    mg().args(["convert", &seed, "-o", s(&null)])
        .assert()
        .code(0);
    still_device(&null, null_rdev);
    // Binary output too (not refused as "a terminal"), and nothing else appears.
    mg().args(["convert", &seed, "--to", "png", "-o", s(&null)])
        .assert()
        .code(0);
    still_device(&null, null_rdev);
    assert_eq!(listing(dir.path()), ["full.adj", "link.adj", "null.adj"]);
}

#[test]
fn dev_stdout_is_written_through_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let seed = data("seed.txt");
    let expected = mg()
        .args(["convert", &seed, "--to", "adj"])
        .output()
        .unwrap()
        .stdout;
    // `>> log`: appended to, never renamed over.
    let log = write(dir.path(), "log", "first\n");
    let inode = fs::metadata(&log).unwrap().ino();
    let append = fs::OpenOptions::new().append(true).open(&log).unwrap();
    let out = bin()
        .args(["convert", &seed, "--to", "adj", "-o", "/dev/stdout"])
        .stdout(append)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let mut want = b"first\n".to_vec();
    want.extend_from_slice(&expected);
    assert_eq!(fs::read(&log).unwrap(), want);
    assert_eq!(fs::metadata(&log).unwrap().ino(), inode);
    assert_eq!(listing(dir.path()), ["log"]);
    // A pipe.
    let out = bin()
        .args(["convert", &seed, "--to", "adj", "-o", "/dev/stdout"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(out.stdout, expected);
}

#[test]
fn a_symbolic_link_to_a_file_stays_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let sub = d.join("sub");
    fs::create_dir(&sub).unwrap();
    let real = write(&sub, "real.json", "old");
    let link = d.join("link.json");
    std::os::unix::fs::symlink("sub/real.json", &link).unwrap();
    mg().args(["convert", &data("seed.txt"), "-o", s(&link)])
        .assert()
        .code(0);
    assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(
        fs::read_link(&link).unwrap(),
        Path::new("sub/real.json"),
        "the link is unchanged"
    );
    assert!(fs::read_to_string(&real).unwrap().starts_with('{'));
    assert_eq!(listing(d), ["link.json", "sub"]);
    assert_eq!(listing(&sub), ["real.json"]);
    // A link to nothing is not written through.
    let dangling = d.join("dangling.json");
    std::os::unix::fs::symlink("sub/nothing.json", &dangling).unwrap();
    let out = bin()
        .args(["convert", &data("seed.txt"), "-o", s(&dangling)])
        .output()
        .unwrap();
    let err = refused(&out);
    assert!(err.contains("symbolic link to nothing"), "{err}");
    assert_eq!(listing(&sub), ["real.json"]);
    // Nor is a directory.
    let out = bin()
        .args(["convert", &data("seed.txt"), "--to", "adj", "-o", s(&sub)])
        .output()
        .unwrap();
    let err = refused(&out);
    assert!(err.contains("is a directory"), "{err}");
}

/// Kills the child when dropped (a failing test leaves no long `generate` behind).
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `generate --huge` writing a PNG into `dir` for a long while (about a minute in a debug
/// build, seconds in a release build), once it has its output file open: returns the child and
/// whether its temporary has a name (`None` if it never opened one in time).
fn long_write(dir: &Path, named: bool, ignore_int: bool) -> (Running, Option<bool>) {
    let mut cmd = if ignore_int {
        // As `nohup` does for SIGHUP: the signal ignored from the start.
        let mut c = Command::new("sh");
        c.args(["-c", "trap '' INT; exec \"$0\" \"$@\""])
            .arg(env!("CARGO_BIN_EXE_mazegraph"));
        c
    } else {
        bin()
    };
    cmd.args([
        "generate",
        "--huge",
        "--size",
        "8000x8000",
        "--seed",
        "1",
        "-q",
    ])
    .arg("-o")
    .arg(dir.join("out.png"))
    .stdin(Stdio::null())
    .stdout(Stdio::null())
    .stderr(Stdio::null());
    // The child starts with the default action for the signals sent here, whatever this test
    // inherited: a test run in the background of a non-interactive shell has SIGINT ignored,
    // and an ignored signal stays ignored across exec (the ignoring case is tested below).
    // SAFETY: `signal` is async-signal-safe, and nothing else runs between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                libc::signal(signal, libc::SIG_DFL);
            }
            Ok(())
        });
    }
    if named {
        cmd.env("MAZEGRAPH_NO_O_TMPFILE", "1");
    } else {
        cmd.env_remove("MAZEGRAPH_NO_O_TMPFILE");
    }
    let child = Running(cmd.spawn().unwrap());
    let fds = PathBuf::from(format!("/proc/{}/fd", child.0.id()));
    let dir = fs::canonicalize(dir).unwrap();
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(30) {
        let open = fs::read_dir(&fds).into_iter().flatten().flatten();
        for fd in open {
            if let Ok(target) = fs::read_link(fd.path()) {
                if target.starts_with(&dir) {
                    // An O_TMPFILE shows as `DIR/#INODE (deleted)`.
                    let name = target.file_name().unwrap_or_default().to_string_lossy();
                    return (child, Some(name.starts_with(".mazegraph-")));
                }
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    (child, None)
}

/// Sends `signal` to the child.
fn send(child: &Running, signal: &str) {
    let ok = Command::new("kill")
        .args(["-s", signal, &child.0.id().to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill -s {signal}");
}

#[test]
fn signals_leave_no_temporary_file() {
    let signals = [
        ("INT", libc::SIGINT),
        ("TERM", libc::SIGTERM),
        ("HUP", libc::SIGHUP),
        ("KILL", libc::SIGKILL),
    ];
    for named in [false, true] {
        for (name, number) in signals {
            let dir = tempfile::tempdir().unwrap();
            let (mut child, temp) = long_write(dir.path(), named, false);
            let Some(has_name) = temp else {
                panic!("SIG{name}: the output's temporary never appeared");
            };
            assert!(
                child.0.try_wait().unwrap().is_none(),
                "SIG{name}: finished before the signal"
            );
            send(&child, name);
            let status = child.0.wait().unwrap();
            assert_eq!(status.signal(), Some(number), "SIG{name}: {status:?}");
            if name == "KILL" && has_name {
                eprintln!(
                    "note: SIGKILL with a named temporary ({}): nothing can remove it, \
                     assertion skipped",
                    if named {
                        "MAZEGRAPH_NO_O_TMPFILE"
                    } else {
                        "no O_TMPFILE on this file system"
                    }
                );
                continue;
            }
            assert_eq!(named, has_name, "SIG{name}: temporary named: {has_name}");
            assert_eq!(
                listing(dir.path()),
                Vec::<String>::new(),
                "SIG{name}, named: {named}"
            );
        }
    }
}

#[test]
fn a_signal_ignored_at_start_stays_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, temp) = long_write(dir.path(), true, true);
    assert_eq!(temp, Some(true), "the named temporary appears");
    send(&child, "INT");
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        child.0.try_wait().unwrap().is_none(),
        "an ignored SIGINT ended the process"
    );
    send(&child, "TERM");
    let status = child.0.wait().unwrap();
    assert_eq!(status.signal(), Some(libc::SIGTERM), "{status:?}");
    assert_eq!(listing(dir.path()), Vec::<String>::new());
}

#[test]
fn two_outputs_are_written_together_or_not_at_all() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let maze = data("seed.txt");
    let tree = write(d, "tree.dot", "precious");
    let figures = write(d, "figures.json", "precious");
    let table = write(d, "table.md", "precious");
    let precious = |p: &Path| assert_eq!(fs::read_to_string(p).unwrap(), "precious");
    if let (Some(full_json), Some(full_svg)) = (
        device(d, "full.json", (1, 7), "/dev/full"),
        device(d, "full.svg", (1, 7), "/dev/full"),
    ) {
        // stats: the tree is written to its temporary, then the figures fail on a full device:
        // the tree is not renamed into place.
        let out = bin()
            .args(["stats", &maze, "--tree", s(&tree), "-o", s(&full_json)])
            .output()
            .unwrap();
        let err = refused(&out);
        assert!(err.contains("No space left on device"), "{err}");
        precious(&tree);
        let new = d.join("new.dot");
        let out = bin()
            .args(["stats", &maze, "--tree", s(&new), "-o", s(&full_json)])
            .output()
            .unwrap();
        refused(&out);
        assert!(!new.exists());
        // The tree on the full device, the figures to standard output: nothing printed.
        let out = bin()
            .args(["stats", &maze, "--tree", s(&full_json)])
            .output()
            .unwrap();
        refused(&out);
        assert!(out.stdout.is_empty(), "{out:?}");
        // experiment: the table to a file, the chart to a full device.
        let out = bin()
            .args([
                "experiment",
                "--size",
                "3x3",
                "--runs",
                "1",
                "-a",
                "backtracker",
            ])
            .args(["-o", s(&table), "--chart", s(&full_svg)])
            .output()
            .unwrap();
        refused(&out);
        precious(&table);
    }
    // A directory that does not exist: refused before the work, nothing written.
    let out = bin()
        .args(["stats", &maze, "-o", s(&figures), "--tree"])
        .arg(d.join("no/such/dir/tree.dot"))
        .output()
        .unwrap();
    let err = refused(&out);
    assert!(err.contains("cannot create a file in"), "{err}");
    precious(&figures);
    let out = bin()
        .args([
            "experiment",
            "--size",
            "3x3",
            "--runs",
            "1",
            "-a",
            "backtracker",
        ])
        .args(["-o", s(&table), "--chart"])
        .arg(d.join("no/chart.svg"))
        .output()
        .unwrap();
    refused(&out);
    precious(&table);
    // Two outputs that are one file, under two spellings.
    let out = bin()
        .current_dir(d)
        .args([
            "stats",
            &maze,
            "-o",
            "figures.json",
            "--tree",
            "./figures.json",
        ])
        .output()
        .unwrap();
    let err = refused(&out);
    assert!(err.contains("are the same file"), "{err}");
    precious(&figures);
    // And when all is well, both are replaced.
    mg().args(["stats", &maze, "-o", s(&figures), "--tree", s(&tree)])
        .assert()
        .code(0);
    assert!(fs::read_to_string(&figures).unwrap().starts_with('{'));
    assert!(fs::read_to_string(&tree).unwrap().starts_with("graph tree"));
    mg().args([
        "experiment",
        "--size",
        "3x3",
        "--runs",
        "1",
        "-a",
        "backtracker",
    ])
    .args(["-o", s(&table), "--chart"])
    .arg(d.join("chart.svg"))
    .assert()
    .code(0);
    assert!(fs::read_to_string(&table)
        .unwrap()
        .starts_with("Mazes of 3x3"));
    let names = listing(d);
    assert!(
        names.iter().all(|n| !n.starts_with(".mazegraph-")),
        "{names:?}"
    );
}

#[test]
fn another_users_link_in_a_shared_directory_is_not_followed() {
    if !is_root() {
        eprintln!("note: not root, cannot give a link to another user: skipped");
        return;
    }
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let shared = dir.path().join("shared");
    fs::create_dir(&shared).unwrap();
    fs::set_permissions(&shared, fs::Permissions::from_mode(0o1777)).unwrap();
    let victim = write(dir.path(), "victim.json", "precious");
    let planted = shared.join("out.json");
    std::os::unix::fs::symlink(&victim, &planted).unwrap();
    std::os::unix::fs::lchown(&planted, Some(65534), Some(65534)).unwrap();
    let out = bin()
        .args(["convert", &data("seed.txt"), "-o", s(&planted)])
        .output()
        .unwrap();
    let err = refused(&out);
    assert!(err.contains("another user's symbolic link"), "{err}");
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
    // The user's own link there is followed.
    let mine = shared.join("mine.json");
    std::os::unix::fs::symlink(&victim, &mine).unwrap();
    mg().args(["convert", &data("seed.txt"), "-o", s(&mine)])
        .assert()
        .code(0);
    assert!(fs::read_to_string(&victim).unwrap().starts_with('{'));
}
