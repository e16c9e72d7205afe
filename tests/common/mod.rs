//! Helpers shared by the CLI tests (each test file uses the ones it needs).
#![allow(dead_code)]

use assert_cmd::Command;
use std::fs;
use std::path::{Path, PathBuf};

/// The `mazegraph` binary built by cargo for the tests.
pub fn mg() -> Command {
    Command::cargo_bin("mazegraph").expect("the binary is built")
}

/// The path of a file shipped in data/.
pub fn data(name: &str) -> String {
    format!("{}/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Writes `text` to `dir/name` and returns its path.
pub fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    fs::write(&p, text).unwrap();
    p
}

/// A path as a command-line argument.
pub fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The names in a directory, sorted.
pub fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The standard output of a run that must succeed (its stderr in the failure message).
pub fn stdout(args: &[&str]) -> String {
    let out = mg().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The one error line of a run that must fail with status 2 and print nothing on stdout;
/// notes (`mazegraph: note: …`, what a reader dropped) may come before it.
pub fn error(args: &[&str]) -> String {
    let out = mg().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?} should fail");
    assert!(out.stdout.is_empty(), "{args:?} wrote on stdout");
    let err = String::from_utf8(out.stderr).unwrap();
    let errors: Vec<&str> = err
        .lines()
        .filter(|l| !l.starts_with("mazegraph: note: "))
        .collect();
    assert_eq!(errors.len(), 1, "{err}");
    format!("{}\n", errors[0])
}

/// A Python with networkx: `MAZEGRAPH_PYTHON`, else the CI's venv (.ci/venv); `None` (the
/// caller then says it skipped) when neither has networkx.
pub fn python_with_networkx() -> Option<String> {
    python_with("networkx")
}

/// A Python that can import `module`: `MAZEGRAPH_PYTHON`, else the CI's venv (.ci/venv);
/// `None` (the caller then says it skipped) when neither can.
pub fn python_with(module: &str) -> Option<String> {
    let venv = format!("{}/.ci/venv/bin/python", env!("CARGO_MANIFEST_DIR"));
    let candidates = std::env::var("MAZEGRAPH_PYTHON").into_iter().chain([venv]);
    candidates.into_iter().find(|p| {
        std::process::Command::new(p)
            .args(["-c", &format!("import {module}")])
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

/// Runs tests/py/check_exchange.py on `dir` (files written by mazegraph) with `python`;
/// panics with its report when a tool reads a file differently. Returns the report.
pub fn check_exchange(python: &str, dir: &Path) -> String {
    run_check(python, "check_exchange.py", &[s(dir)])
}

/// Runs the script tests/py/`name` with `python` and `args`; prints its report (standard
/// output) and panics with it and its standard error when it fails. Returns the report.
pub fn run_check(python: &str, name: &str, args: &[&str]) -> String {
    let script = format!("{}/tests/py/{name}", env!("CARGO_MANIFEST_DIR"));
    let o = std::process::Command::new(python)
        .arg(&script)
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    println!("{text}");
    assert!(
        o.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    text
}
