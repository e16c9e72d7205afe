//! Standard output and standard error under hostile conditions, through the real binary: a
//! reader that leaves (a closed pipe) is success, a full disk (`/dev/full`) is one error line
//! and exit status 2, never a panic; usage errors and names holding newlines stay one line.

use std::fs;
use std::process::{Command, Stdio};

/// The real binary, as a plain `std::process::Command` (pipes and signals need the child).
fn mg() -> Command {
    Command::new(env!("CARGO_BIN_EXE_mazegraph"))
}

fn s(p: &std::path::Path) -> &str {
    p.to_str().unwrap()
}

/// Every command that prints a result on standard output, with a small maze `m`.
fn printing_commands(m: &str) -> Vec<Vec<String>> {
    let v = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    vec![
        v(&["solve", m]),
        v(&["solve", m, "--json"]),
        v(&["solve", m, "--to", "txt"]),
        v(&["equal", m, m]),
        v(&["stats", m]),
        v(&["stats", m, "--json"]),
        v(&["convert", m, "--to", "adj"]),
        v(&["attractor", m]),
        v(&["render", m, "--to", "svg"]),
        v(&[
            "generate", "--size", "150x150", "--seed", "1", "--to", "txt",
        ]),
        v(&["--help"]),
        v(&["solve", "--help"]),
    ]
}

fn maze(dir: &std::path::Path) -> String {
    let m = dir.join("m.txt");
    let out = mg()
        .args([
            "generate",
            "--size",
            "20x20",
            "--seed",
            "3",
            "-q",
            "-o",
            s(&m),
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    s(&m).to_string()
}

fn assert_no_panic(stderr: &[u8], what: &str) {
    let e = String::from_utf8_lossy(stderr);
    assert!(
        !e.contains("panicked") && !e.contains("RUST_BACKTRACE"),
        "{what}: {e}"
    );
}

#[test]
fn a_closed_pipe_is_success() {
    let dir = tempfile::tempdir().unwrap();
    let m = maze(dir.path());
    for args in printing_commands(&m) {
        let mut child = mg()
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The reader leaves before reading anything.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_no_panic(&out.stderr, &format!("{args:?}"));
        assert_eq!(out.status.code(), Some(0), "{args:?}: {:?}", out);
        assert!(out.stderr.is_empty(), "{args:?}: {:?}", out);
    }
}

#[test]
fn a_full_disk_is_one_error_line() {
    if fs::metadata("/dev/full").is_err() {
        eprintln!("no /dev/full here; skipping");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let m = maze(dir.path());
    for args in printing_commands(&m) {
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = mg().args(&args).stdout(Stdio::from(full)).output().unwrap();
        assert_no_panic(&out.stderr, &format!("{args:?}"));
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        let e = String::from_utf8(out.stderr).unwrap();
        assert_eq!(e.lines().count(), 1, "{args:?}: {e}");
        assert!(
            e.starts_with("mazegraph: error: ") && e.contains("No space left"),
            "{args:?}: {e}"
        );
    }
}

#[test]
fn a_file_size_limit_is_one_error_line_and_no_output() {
    // Under `ulimit -f` a write past the limit raised SIGXFSZ, which killed the process with no
    // word (exit 153); it is an error like a full disk now, and the output is not left.
    let dir = tempfile::tempdir().unwrap();
    let bin = assert_cmd::cargo::cargo_bin("mazegraph");
    let out_path = dir.path().join("big.txt");
    for to_file in [true, false] {
        let target = if to_file {
            format!("-o {} --seed 1", out_path.display())
        } else {
            format!("--to txt --seed 1 > {}", out_path.display())
        };
        let script = format!(
            "ulimit -f 64; exec {} generate --size 300x300 -q {target}",
            bin.display()
        );
        let out = std::process::Command::new("sh")
            .args(["-c", &script])
            .output()
            .unwrap();
        assert_no_panic(&out.stderr, &script);
        assert_eq!(out.status.code(), Some(2), "{script}: {out:?}");
        let e = String::from_utf8(out.stderr).unwrap();
        assert_eq!(e.lines().count(), 1, "{script}: {e}");
        assert!(e.contains("File too large"), "{script}: {e}");
        if to_file {
            assert!(
                !out_path.exists(),
                "{script}: a half-written output was left"
            );
        }
    }
}

#[test]
fn a_closed_or_full_stderr_does_not_change_the_result() {
    let dir = tempfile::tempdir().unwrap();
    let m = maze(dir.path());
    // A note (the random seed) goes to a standard error nobody reads; the maze still comes.
    let mut child = mg()
        .args(["generate", "--size", "5x5", "--to", "txt"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stderr.take());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 11);
    if let Ok(full) = fs::OpenOptions::new().write(true).open("/dev/full") {
        let out = mg()
            .args(["solve", &m])
            .stderr(Stdio::from(full))
            .output()
            .unwrap();
        assert!(out.status.success());
        assert!(String::from_utf8(out.stdout).unwrap().contains("path of"));
    }
}

fn one_error_line(mut cmd: Command) -> String {
    let out = cmd.output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(out.stdout.is_empty());
    let e = String::from_utf8(out.stderr).unwrap();
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.starts_with("mazegraph: error: "), "{e}");
    e
}

#[test]
fn usage_errors_are_one_line_with_the_prefix() {
    let mut c = mg();
    c.args(["solve", "--bogus"]);
    let e = one_error_line(c);
    assert!(
        e.contains("'--bogus'") && e.contains("mazegraph solve --help"),
        "{e}"
    );
    let mut c = mg();
    c.arg("sovle");
    let e = one_error_line(c);
    assert!(e.contains("'sovle'") && e.contains("'solve'"), "{e}");
    let mut c = mg();
    c.args(["generate", "--size"]);
    one_error_line(c);
    let mut c = mg();
    c.args(["solve-game", "x.pg", "--player", "7"]);
    one_error_line(c);
}

#[test]
fn names_with_newlines_stay_on_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("two\nlines.txt");
    fs::write(&bad, "#S#\n#x#\n#G#\n").unwrap();
    let mut c = mg();
    c.args(["convert", s(&bad), "--to", "adj"]);
    let e = one_error_line(c);
    assert!(e.contains("two\\nlines.txt"), "{e}");
    let mut c = mg();
    c.args(["solve", "missing\n\u{1b}[31mred.txt"]);
    let e = one_error_line(c);
    assert!(e.contains("missing\\n\\u{1b}[31mred.txt"), "{e}");
    // The batch mode prints one error line per bad maze, escaped the same way.
    let good = maze(dir.path());
    let out = mg()
        .args(["solve", &good, s(&bad), "-j", "2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8(out.stderr).unwrap();
    assert_eq!(e.lines().count(), 1, "{e}");
}

#[test]
fn a_replaced_output_keeps_its_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.txt");
    let m = maze(dir.path());
    fs::write(&out, "old").unwrap();
    fs::set_permissions(&out, fs::Permissions::from_mode(0o640)).unwrap();
    let run = mg().args(["convert", &m, "-o", s(&out)]).output().unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let meta = fs::metadata(&out).unwrap();
    assert_eq!(meta.permissions().mode() & 0o7777, 0o640);
    assert_eq!(fs::read(&out).unwrap(), fs::read(&m).unwrap());
}
