//! What trips a newcomer in the first hour (issue 27): usage, help texts, notes and pictures
//! a person can read. Each test runs the real binary.


mod common;
use common::*;

/// The whole of standard error of a run that must fail with status 2, with nothing on stdout.
fn failure(args: &[&str]) -> String {
    let out = mg().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?} should fail");
    assert!(out.stdout.is_empty(), "{args:?} wrote on stdout");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn a_bare_mazegraph_prints_its_commands_as_usage() {
    let err = failure(&[]);
    assert!(err.lines().count() > 10, "{err}");
    assert!(!err.contains("error:"), "{err}");
    assert!(err.contains("Usage: mazegraph"), "{err}");
    for command in ["convert", "solve", "generate", "render", "draw"] {
        assert!(
            err.lines()
                .any(|l| l.trim_start().starts_with(&format!("{command} "))),
            "{command}: {err}"
        );
    }
    // The global options are --help's; the usage says where to find them.
    assert!(!err.contains("--max-memory"), "{err}");
    assert!(err.contains("mazegraph --help"), "{err}");
    // Only global options, no command: the same usage.
    assert_eq!(failure(&["--quiet"]), err);
}

#[test]
fn usage_errors_are_one_line_that_keeps_its_meaning() {
    let e = error(&["solve"]);
    assert_eq!(
        e,
        "mazegraph: error: the input is missing: mazegraph solve <INPUTS>... \
         (see 'mazegraph solve --help')\n"
    );
    let e = error(&["equal", "a.png"]);
    assert!(e.contains("the input B is missing"), "{e}");
    assert!(e.contains("(see 'mazegraph equal --help')"), "{e}");
    let e = error(&["render"]);
    assert!(e.contains("the input is missing: mazegraph render"), "{e}");
    assert!(!e.contains(';'), "{e}");
    // A bad value points to the help of the command it was given to, the values in one phrase.
    let e = error(&["-q", "generate", "-a", "foo"]);
    assert!(
        e.contains("invalid value 'foo' for '--algorithm <ALGORITHM>' [possible values: "),
        "{e}"
    );
    assert!(e.contains("(see 'mazegraph generate --help')"), "{e}");
    let e = error(&["solve", "x.png", "-m", "fast"]);
    assert!(e.contains("(see 'mazegraph solve --help')"), "{e}");
    // An unknown command lists the commands.
    let e = error(&["frob"]);
    assert!(
        e.contains("'frob'") && e.contains("convert, equal, solve"),
        "{e}"
    );
}
