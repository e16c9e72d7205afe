//! CLI tests for `mazegraph solve`: run the real binary on data/ and on mazes made here.

use std::fs;

mod common;
use common::*;

/// A perfect maze: exactly one way from S to G, with dead ends.
const PERFECT: &str = "#S#######\n#.#.....#\n#.#.###.#\n#...#...#\n#####.###\n#.....#.#\n#.###.#.#\n#...#...#\n#######G#\n";

#[test]
fn default_is_dead_end_with_a_summary_line() {
    let out = mg().args(["solve", &data("seed.txt")]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("seed.txt: dead-end: path of 6 steps, 7 cells kept"),
        "{text}"
    );
}

#[test]
fn a_written_solution_says_where_the_time_went() {
    let dir = tempfile::tempdir().unwrap();
    let maze = write(dir.path(), "perfect.txt", PERFECT);
    let png = dir.path().join("solved.png");
    let out = mg()
        .args(["solve", s(&maze), "-o", s(&png)])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    // "…, 0.000 s (read 0.000 s, written 0.001 s)": solving, then reading and writing.
    let times = text
        .split(" s (read ")
        .nth(1)
        .unwrap_or_else(|| panic!("{text}"));
    let (read, written) = times
        .trim_end()
        .trim_end_matches(" s)")
        .split_once(" s, written ")
        .unwrap();
    assert!(
        read.parse::<f64>().is_ok() && written.parse::<f64>().is_ok(),
        "{text}"
    );
    // Without a file, only the solving time.
    let out = mg().args(["solve", s(&maze)]).output().unwrap();
    assert!(!String::from_utf8(out.stdout).unwrap().contains("written"));
}

#[test]
fn text_output_marks_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let maze = write(dir.path(), "perfect.txt", PERFECT);
    let out = mg()
        .args(["solve", s(&maze), "--to", "txt"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "#S#######\n#o#ooooo#\n#o#o###o#\n#ooo#ooo#\n#####o###\n#....o#.#\n#.###o#.#\n#...#ooo#\n#######G#\n"
    );
}

#[test]
fn json_output_has_path_length_and_kept_cells() {
    let dir = tempfile::tempdir().unwrap();
    let maze = write(dir.path(), "perfect.txt", PERFECT);
    let dest = dir.path().join("solution.json");
    mg().args(["solve", s(&maze), "-o", s(&dest), "--method", "bfs"])
        .assert()
        .code(0);
    let v: serde_json::Value = serde_json::from_str(&fs::read_to_string(&dest).unwrap()).unwrap();
    assert_eq!(v["method"], "bfs");
    assert_eq!(v["length"], 22);
    let path = v["path"].as_array().unwrap();
    assert_eq!(path.len(), 23);
    assert_eq!(path[0], serde_json::json!([0, 1]));
    assert_eq!(path[22], serde_json::json!([8, 7]));
    assert_eq!(v["start"], serde_json::json!([0, 1]));
    assert!(v["kept"].as_array().unwrap().len() >= 23);
    assert_eq!(v["visited"], v["kept_count"]);
}

#[test]
fn png_output_colours_the_solution() {
    let dir = tempfile::tempdir().unwrap();
    let maze = write(dir.path(), "perfect.txt", PERFECT);
    let dest = dir.path().join("solution.png");
    let decode = |args: &[&str]| {
        mg().args(["solve", s(&maze), "-o", s(&dest)])
            .args(args)
            .assert()
            .code(0);
        let mut dec = png::Decoder::new(std::io::Cursor::new(fs::read(&dest).unwrap()));
        dec.set_transformations(png::Transformations::EXPAND);
        let mut reader = dec.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        (info.width, info.height, buf)
    };
    // By default a picture a person can read: 9 cells of 40 pixels (at most 40 a cell), with a
    // legend under the maze.
    let (w, h, _) = decode(&[]);
    assert_eq!(w, 360);
    assert!(h > 360 + 8, "{h}");
    let (w, h, _) = decode(&["--no-legend"]);
    assert_eq!((w, h), (360, 360));
    let (w, h, big) = decode(&["--scale", "3", "--no-legend"]);
    assert_eq!((w, h), (27, 27));
    let (w, h, buf) = decode(&["--scale", "1", "--no-legend"]);
    assert_eq!((w, h), (9, 9));
    // Scale 3 is scale 1 with every pixel a 3×3 square.
    for r in 0..27 {
        for c in 0..27 {
            let (k, j) = (3 * (r * 27 + c), 3 * ((r / 3) * 9 + c / 3));
            assert_eq!(big[k..k + 3], buf[j..j + 3], "pixel ({r}, {c})");
        }
    }
    let px = |r: usize, c: usize| -> [u8; 3] {
        let k = 3 * (r * 9 + c);
        [buf[k], buf[k + 1], buf[k + 2]]
    };
    use mazegraph::solve::render::{GOAL, PATH, SHADED, START, WALL};
    assert_eq!(px(0, 0), WALL);
    assert_eq!(px(0, 1), START);
    assert_eq!(px(8, 7), GOAL);
    assert_eq!(px(3, 2), PATH);
    assert_eq!(px(5, 1), SHADED); // a filled dead end
}

#[test]
fn every_shortest_method_agrees_and_others_find_a_path() {
    for method in ["dead-end", "bfs", "astar", "dijkstra", "shortest-set"] {
        let out = mg()
            .args(["solve", &data("portals.txt"), "-m", method, "--json"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{method}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["length"], 11, "{method}");
        assert_eq!(v["solved"], true);
    }
    for method in ["dfs", "tremaux"] {
        mg().args(["solve", &data("cube.json"), "-m", method])
            .assert()
            .code(0);
    }
}

#[test]
fn no_solution_exits_1_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let maze = write(dir.path(), "walled.txt", "#S###\n#..##\n#####\n##..G\n");
    let dest = dir.path().join("solution.png");
    let out = mg()
        .args(["solve", s(&maze), "-o", s(&dest)])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("no solution: the goal (3, 4) cannot be reached from the start (0, 1)"),
        "{text}"
    );
    assert!(!dest.exists());
    // nothing left behind either (no temporary file)
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn wall_follower_fails_on_an_island_and_refuses_3d() {
    let dir = tempfile::tempdir().unwrap();
    // the goal (3, 3) is inside an island: a wall ring not connected to the border
    let maze = write(
        dir.path(),
        "island.txt",
        "#S#####\n#.....#\n#.###.#\n#.#G..#\n#.###.#\n#.....#\n#######\n",
    );
    let out = mg()
        .args(["solve", s(&maze), "-m", "wall-follower", "--hand", "left"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stdout).unwrap().contains("island"));
    mg().args(["solve", s(&maze), "-m", "bfs"]).assert().code(0);
    let out = mg()
        .args(["solve", &data("cube.json"), "-m", "wall-follower"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("needs a 2-D maze"));
}

#[test]
fn bad_terminals_are_clear_errors_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let dest = dir.path().join("out.json");
    let cases: [(&str, &[&str], &str); 4] = [
        ("closed.txt", &[], "0 openings"),
        ("one.txt", &[], "1 opening"),
        ("open.txt", &["--start", "0,0"], "start (0, 0) is a wall"),
        ("open.txt", &["--goal", "9,9"], "goal (9, 9) is outside"),
    ];
    write(dir.path(), "closed.txt", "###\n#.#\n###\n");
    write(dir.path(), "one.txt", "#.#\n#.#\n###\n");
    write(dir.path(), "open.txt", "#.#\n#.#\n#.#\n");
    for (name, extra, message) in cases {
        let out = mg()
            .args(["solve", s(&dir.path().join(name)), "-o", s(&dest)])
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with("mazegraph: error: "), "{err}");
        assert!(err.contains(message), "{name}: {err}");
        assert!(!dest.exists());
    }
    let out = mg()
        .args([
            "solve",
            &data("seed.txt"),
            "-o",
            s(&dir.path().join("x.dot")),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("known: json, png, txt"));
}

#[test]
fn many_mazes_in_parallel_one_line_each_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), "good.txt", PERFECT);
    let walled = write(dir.path(), "walled.txt", "#S###\n#..##\n#####\n##..G\n");
    let broken = write(dir.path(), "broken.txt", "#x#\n");
    let out = mg()
        .args(["solve", s(&good), &data("cube.json"), s(&walled), "-j", "2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].contains("good.txt: dead-end: path of 22 steps, 23 cells kept"));
    assert!(lines[1].contains("cube.json: dead-end: path of 3 steps"));
    assert!(lines[2].contains("walled.txt: dead-end: no solution"));

    let out = mg()
        .args(["solve", s(&good), s(&broken), "--json", "-m", "astar"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).unwrap();
    let v: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["length"], 22);
    assert_eq!(v[0]["method"], "astar");
    assert!(v[1]["error"]
        .as_str()
        .unwrap()
        .contains("broken.txt:1: unexpected character 'x'"));

    // -o takes one input
    mg().args(["solve", s(&good), s(&good), "-o", "x.png"])
        .assert()
        .code(2);
}

#[test]
fn help_has_examples() {
    let out = mg().args(["solve", "--help"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Examples:"));
    assert!(text.contains("shortest-set"));
}

#[test]
fn summaries_say_what_was_counted() {
    // Dead-end filling counted "visited" cells, which meant nothing there.
    for (method, unit) in [
        ("dead-end", "cells filled"),
        ("bfs", "cells reached"),
        ("astar", "cells expanded"),
        ("dijkstra", "junctions settled"),
        ("tremaux", "steps walked"),
    ] {
        let out = mg()
            .args(["solve", &data("seed.txt"), "-m", method])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains(unit) && !text.contains("visited"),
            "{method}: {text}"
        );
    }
}

#[test]
fn weights_that_add_up_past_f64_are_refused_not_unsolvable() {
    // Connected, every weight finite, but the path's sum is infinite: "no solution" (exit 1)
    // would be a wrong answer; it is one error line (exit 2).
    let dir = tempfile::tempdir().unwrap();
    let edges = write(dir.path(), "big.edges", "0 1 1e308\n1 2 1e308\n");
    let out = mg()
        .args(["solve", s(&edges), "--start", "0", "--goal", "2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("add up past the largest number"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}
