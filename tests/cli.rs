//! CLI tests: run the real `mazegraph` binary.

use std::fs;
use std::path::Path;

mod common;
use common::*;

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

#[cfg(unix)]
#[test]
fn outputs_get_the_usual_file_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("m.json");
    mg().args(["convert", &data("seed.txt"), "-o", p.to_str().unwrap()])
        .assert()
        .success();
    let mode = fs::metadata(&p).unwrap().permissions().mode() & 0o777;
    // 0666 less the umask: readable by others under the usual 022 umask, never 0600-only.
    assert_ne!(mode, 0o600, "{mode:o}");
    assert_eq!(mode & 0o600, 0o600);
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

/// The seed's example: adjacency list → maze → the same text, byte for byte.
#[test]
fn the_seed_example_round_trips_byte_for_byte() {
    let seed = fs::read_to_string(data("seed.adj")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let maze = dir.path().join("seed.txt");
    mg().args(["convert", &data("seed.adj"), "-o", maze.to_str().unwrap()])
        .assert()
        .success();
    assert_eq!(
        fs::read_to_string(&maze).unwrap(),
        "####.#####\n..........\n"
    );
    let out = mg()
        .args(["convert", maze.to_str().unwrap(), "--to", "adj"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), seed);
}

/// The seed's graph → augmented maze: vertices on a row, one portal per edge, exactly the
/// seed's printed result.
#[test]
fn the_seed_row_layout_gives_the_seed_augmented_maze() {
    let dir = tempfile::tempdir().unwrap();
    let maze = dir.path().join("row.txt");
    mg().args([
        "convert",
        &data("seed.adj"),
        "--layout",
        "row",
        "-o",
        maze.to_str().unwrap(),
    ])
    .assert()
    .success();
    let out = mg()
        .args(["convert", maze.to_str().unwrap(), "--to", "adj"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "{(5, 2): [(5, 22)], (5, 6): [(5, 10)], (5, 10): [(5, 6), (5, 14)], (5, 14): [(5, 10), (5, 18)], \
         (5, 18): [(5, 14), (5, 22)], (5, 22): [(5, 2), (5, 18), (5, 26)], (5, 26): [(5, 22), (5, 30)], \
         (5, 30): [(5, 26), (5, 34)], (5, 34): [(5, 30), (5, 38)], (5, 38): [(5, 34), (5, 42)], (5, 42): [(5, 38)]}\n"
    );
    mg().args(["equal", &data("seed.adj"), maze.to_str().unwrap()])
        .assert()
        .code(1);
}

/// Named vertices cannot be placed at coordinates: the row layout is used, with a note.
#[test]
fn named_graphs_become_augmented_mazes() {
    let dir = tempfile::tempdir().unwrap();
    let g = dir.path().join("g.adj");
    fs::write(&g, "{'a': ['b', 'c'], 'b': ['c']}").unwrap();
    let out = mg()
        .args(["convert", g.to_str().unwrap(), "--to", "txt"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("row layout"));
    let txt = String::from_utf8(out.stdout).unwrap();
    assert!(txt.contains("+ (5, 2) -> (5, 6)"), "{txt}");
    assert_eq!(txt.matches("+ ").count(), 3);
}

/// Every maze in data/ converts to every format it fits and back to an equal maze.
#[test]
fn data_converts_to_every_format_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut checked = 0;
    for entry in fs::read_dir(format!("{}/data", env!("CARGO_MANIFEST_DIR"))).unwrap() {
        let src = entry.unwrap().path();
        // Games (data/*.pg) are not mazes or graphs.
        if mazegraph::format::Format::from_path(&src).is_err() {
            continue;
        }
        for ext in ["png", "txt", "json", "adj", "graph.json", "dot"] {
            let dest = dir.path().join(format!("out.{ext}"));
            let out = mg()
                .args([
                    "convert",
                    src.to_str().unwrap(),
                    "-o",
                    dest.to_str().unwrap(),
                ])
                .output()
                .unwrap();
            if !out.status.success() {
                let err = String::from_utf8(out.stderr).unwrap();
                // Only the documented refusals: 2-D-only formats and portals in PNG.
                assert!(
                    err.contains("holds 2-D mazes") || err.contains("cannot hold portals"),
                    "{} -> {ext}: {err}",
                    src.display()
                );
                continue;
            }
            mg().args(["equal", src.to_str().unwrap(), dest.to_str().unwrap()])
                .assert()
                .code(0);
            checked += 1;
        }
    }
    assert!(checked >= 15, "{checked}");
}

#[test]
fn svg_and_pdf_point_to_render_and_draw() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("x.pdf");
    for args in [
        vec!["convert", "data/seed.txt", "--to", "svg"],
        vec!["convert", "data/seed.txt", "-o", pdf.to_str().unwrap()],
    ] {
        let out = mg()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("pictures come from 'mazegraph render' (a maze) or 'mazegraph draw'"),
            "{err}"
        );
    }
}

#[test]
fn every_command_that_writes_takes_to_output_and_quiet() {
    // One flag for one idea: the output format is --to everywhere (gamebook and experiment
    // said --format, stats only --json; those spellings still work).
    for cmd in [
        "convert",
        "solve",
        "render",
        "draw",
        "generate",
        "stats",
        "gamebook",
        "experiment",
        "attractor",
        "solve-game",
        "book",
    ] {
        let out = mg().args([cmd, "--help"]).output().unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        for flag in ["-o, --output", "--to <", "-q, --quiet"] {
            assert!(help.contains(flag), "{cmd} --help lacks {flag}:\n{help}");
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let m = dir.path().join("m.txt");
    std::fs::write(&m, "#S###\n#...#\n###G#\n").unwrap();
    for (cmd, format) in [("stats", "json"), ("gamebook", "json")] {
        let out = mg()
            .args([cmd, m.to_str().unwrap(), "--to", format, "-q"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{cmd}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(String::from_utf8_lossy(&out.stdout)
            .trim_start()
            .starts_with('{'));
    }
}

#[test]
fn a_game_or_a_directory_given_as_a_maze_says_what_it_is() {
    let out = mg().args(["solve", &data("game.pg")]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("is a game (pg): solve it with `mazegraph solve-game`"),
        "{err}"
    );
    let dir = tempfile::tempdir().unwrap();
    let out = mg().args(["stats", s(dir.path())]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("is a directory: give the maze files in it"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// `-o -` is standard output in every command that has `-o`, as `-` is standard input: with
/// `--to` it writes what `--to` without `-o` writes, without `--to` it does what leaving out
/// `-o` does (a summary, or the one-line refusal asking for `--to`), and it never makes a file
/// named `-`.
#[test]
fn dash_output_is_standard_output_in_every_command() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "m.txt",
        "#S#######\n#.#.....#\n#.#.###.#\n#...#...#\n#####.###\n#.....#.#\n#.###.#.#\n#...#...#\n#######G#\n",
    );
    fs::copy(data("game.pg"), dir.path().join("game.pg")).unwrap();
    let before = listing(dir.path());
    let mut runs: Vec<Vec<&str>> = vec![
        vec!["solve", "m.txt"],
        vec!["solve", "m.txt", "--to", "json"],
        vec!["solve", "m.txt", "--to", "png"],
        vec!["convert", "m.txt"],
        vec!["convert", "m.txt", "--to", "json"],
        vec!["convert", "game.pg", "--to", "game.json"],
        vec!["generate", "--size", "3x3", "--seed", "1"],
        vec!["generate", "--size", "3x3", "--seed", "1", "--to", "txt"],
        vec![
            "generate", "--huge", "--size", "3x3", "--seed", "1", "--to", "png",
        ],
        vec!["attractor", "m.txt"],
        vec!["attractor", "m.txt", "--to", "json"],
        vec!["pursuit", "m.txt", "--wolf", "1,1"],
        vec!["pursuit", "m.txt", "--wolf", "1,1", "--to", "png"],
        vec!["solve-game", "game.pg"],
        // One method: the default's strategies are those of whichever racer answers first.
        vec!["solve-game", "game.pg", "--to", "sol", "--method", "pp"],
        vec!["render", "m.txt"],
        vec!["render", "m.txt", "--to", "svg"],
        vec!["stats", "m.txt"],
        vec!["stats", "m.txt", "--to", "json"],
        vec!["gamebook", "m.txt", "--seed", "1"],
        vec![
            "book", "--to", "pdf", "--count", "1", "--size", "3x3", "--seed", "1",
        ],
        vec!["book", "--count", "1"],
        vec!["experiment", "--size", "3x3", "--runs", "2", "--seed", "1"],
        vec!["draw", "m.txt"],
    ];
    if mazegraph::draw::graphviz_installed() {
        runs.push(vec!["draw", "m.txt", "--to", "svg"]);
    }
    // Timings differ from run to run: digits are compared as digits.
    let shape = |b: &[u8]| -> Vec<u8> {
        b.iter()
            .map(|&c| if c.is_ascii_digit() { b'0' } else { c })
            .collect()
    };
    for args in &runs {
        let run = |extra: &[&str]| {
            mg().current_dir(dir.path())
                .args(args)
                .args(["-q"])
                .args(extra)
                .output()
                .unwrap()
        };
        let (without, dash) = (run(&[]), run(&["-o", "-"]));
        assert_eq!(dash.status.code(), without.status.code(), "{args:?}");
        let timed = args.len() == 2 || args[0] == "pursuit" && args.len() == 4;
        if timed {
            assert_eq!(shape(&dash.stdout), shape(&without.stdout), "{args:?}");
        } else {
            assert_eq!(dash.stdout, without.stdout, "{args:?}");
        }
        assert_eq!(
            String::from_utf8_lossy(&dash.stderr),
            String::from_utf8_lossy(&without.stderr),
            "{args:?}"
        );
        assert_eq!(listing(dir.path()), before, "{args:?} -o - made a file");
    }
    // Every command with -o is above.
    let help = stdout(&["--help"]);
    let commands = help
        .split("Commands:")
        .nth(1)
        .unwrap()
        .split("Options:")
        .next()
        .unwrap();
    // A command's line starts with two spaces; its wrapped description with more.
    let named = commands
        .lines()
        .filter_map(|l| l.strip_prefix("  "))
        .filter(|rest| !rest.starts_with(' '));
    for cmd in named {
        let cmd = cmd.split_whitespace().next().unwrap_or_default();
        if cmd.is_empty() || cmd == "help" {
            continue;
        }
        if stdout(&[cmd, "--help"]).contains("-o, --output") {
            assert!(
                runs.iter().any(|r| r[0] == cmd) || cmd == "dataset",
                "{cmd} -o - is not tested"
            );
        }
    }
    // A dataset is a directory of shards: `-o -` is refused in one line, and makes nothing.
    let out = mg()
        .current_dir(dir.path())
        .args(["dataset", "-o", "-", "-n", "2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("give -o DIR"), "{err}");
    assert_eq!(listing(dir.path()), before, "dataset -o - made a file");
}

/// With `-o -` the figures already take standard output: `--tree -` then needs `-o FILE`.
#[test]
fn only_one_output_goes_to_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let m = data("seed.txt");
    let e = error(&["stats", &m, "--tree", "-"]);
    assert!(
        e.contains("only one output can go to standard output"),
        "{e}"
    );
    let figures = dir.path().join("figures.txt");
    let tree = stdout(&["stats", &m, "--tree", "-", "-o", s(&figures)]);
    assert!(tree.starts_with("graph tree {"), "{tree}");
    assert!(fs::read_to_string(&figures).unwrap().contains("perfect"));
    assert_eq!(listing(dir.path()), ["figures.txt"]);
}
