//! CLI tests: run the real `mazegraph` binary.

use assert_cmd::Command;
use std::fs;
use std::path::Path;

fn mg() -> Command {
    Command::cargo_bin("mazegraph").expect("the binary is built")
}

fn data(name: &str) -> String {
    format!("{}/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn convert_txt_to_json_on_stdout() {
    let out = mg()
        .args(["convert", &data("seed.txt"), "--to", "json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "{\"shape\": [2, 10], \"cells\": \"####.#####..........\", \"start\": null, \"goal\": null, \"portals\": []}\n"
    );
}

#[test]
fn explicit_terminals_are_written() {
    let out = mg()
        .args([
            "convert",
            &data("seed.txt"),
            "--to",
            "txt",
            "--start",
            "1,0",
            "--goal",
            "(0, 4)",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "####G#####\nS.........\n"
    );
}

#[test]
fn equal_and_not_equal() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("other.txt");
    fs::write(&other, "####.#####\n.........#\n").unwrap();
    let bordered = dir.path().join("bordered.txt");
    fs::write(&bordered, "####.#####\n..........\n##########\n").unwrap();
    mg().args(["equal", &data("seed.txt"), bordered.to_str().unwrap()])
        .assert()
        .code(0);
    let out = mg()
        .args(["equal", &data("seed.txt"), other.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .starts_with("not equal: vertex (1, 9) is only in the first"));
}

#[test]
fn parse_errors_name_file_and_line_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    fs::write(&bad, "#.#\n#x#\n").unwrap();
    let target = dir.path().join("out.json");
    let out = mg()
        .args([
            "convert",
            bad.to_str().unwrap(),
            "-o",
            target.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with(&format!(
            "mazegraph: error: {}:2: unexpected character 'x'",
            bad.display()
        )),
        "{err}"
    );
    assert!(!target.exists());
    // no temporary file left behind either
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn never_overwrites_the_input_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("m.txt");
    fs::write(&p, "#.#\n#.#\n").unwrap();
    let out = mg()
        .args(["convert", p.to_str().unwrap(), "-o", p.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("refusing to overwrite"));
    mg().args([
        "convert",
        p.to_str().unwrap(),
        "-o",
        p.to_str().unwrap(),
        "--force",
    ])
    .assert()
    .success();
    assert_eq!(fs::read_to_string(&p).unwrap(), "#.#\n#.#\n");
}

#[test]
fn unknown_extension_and_too_large_are_clear() {
    let out = mg()
        .args(["convert", "maze.xyz", "--to", "txt"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("cannot tell the format of maze.xyz"));
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("big.json");
    fs::write(&p, r#"{"shape": [100000, 100000, 100000], "cells": ""}"#).unwrap();
    let out = mg()
        .args(["convert", p.to_str().unwrap(), "--to", "txt"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("raise it with --max-cells"));
    assert!(Path::new(&data("seed.txt")).exists());
}

#[test]
fn help_has_examples() {
    for cmd in ["convert", "equal"] {
        let out = mg().args([cmd, "--help"]).output().unwrap();
        assert!(out.status.success());
        assert!(
            String::from_utf8(out.stdout).unwrap().contains("Examples:"),
            "{cmd}"
        );
    }
}
