//! CLI tests for `mazegraph stats`: the table, JSON, the DOT tree, graph inputs and errors.

use std::fs;

mod common;
use common::*;

/// A braid (a cycle, no dead end) of 2x2 rooms.
const BRAID: &str = "#.###\n#...#\n#.#.#\n#...#\n###.#\n";

#[test]
fn table_is_aligned_and_names_the_class() {
    let out = mg()
        .args(["stats", &data("perfect15x20.png")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0].split_whitespace().collect::<Vec<_>>(),
        ["class", "perfect"]
    );
    // Values start in one column.
    let col = |l: &str| {
        l.find("  ")
            .map(|i| i + l[i..].len() - l[i..].trim_start().len())
    };
    let first = col(lines[0]).unwrap();
    assert!(lines.iter().all(|l| col(l) == Some(first)), "{text}");
    assert!(text.contains("rooms              15x20"), "{text}");
    assert!(
        text.contains("closed walls       266 (a perfect maze: 266)"),
        "{text}"
    );
    assert!(text.contains("cyclomatic number  0"), "{text}");
}

#[test]
fn json_parses_and_has_every_figure() {
    let dir = tempfile::tempdir().unwrap();
    let maze = write(dir.path(), "braid.txt", BRAID);
    let out = mg().args(["stats", s(&maze), "--json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["class"], "braid");
    assert_eq!(v["cyclomatic"], 1);
    assert_eq!(v["dead_ends"], 0);
    assert_eq!(v["solution_length"], 6);
    assert_eq!(v["lattice"]["rooms"], serde_json::json!([2, 2]));
    assert_eq!(v["degree_histogram"]["3"], 2);
    assert!(v["dead_end_branches"].is_null());
    // -o FILE.json writes the same JSON, nothing on standard output.
    let dest = dir.path().join("stats.json");
    let out = mg()
        .args(["stats", s(&maze), "-o", s(&dest)])
        .output()
        .unwrap();
    assert!(out.status.success() && out.stdout.is_empty());
    let w: serde_json::Value = serde_json::from_str(&fs::read_to_string(&dest).unwrap()).unwrap();
    assert_eq!(v, w);
}

#[test]
fn graph_input_has_no_wall_figures() {
    let out = mg()
        .args(["stats", &data("seed.adj"), "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["class"], "perfect");
    assert!(v["walls"].is_null() && v["lattice"].is_null() && v["cells"].is_null());
    assert_eq!(v["path_cells"], 11);
}

#[test]
fn a_graph_of_rooms_is_said_to_count_rooms() {
    // maze-dataset's tokens: rooms, where solve counts cells (twice the steps).
    let out = mg()
        .args(["stats", "tests/foreign/md_dfs_5x5.tokens"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("is a graph of rooms"), "{err}");
    // A graph of cells is not.
    let out = mg().args(["stats", &data("seed.adj")]).output().unwrap();
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn n_d_maze_with_a_portal() {
    let out = mg()
        .args(["stats", &data("cube.json"), "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["shape"], serde_json::json!([7, 7, 7]));
    assert_eq!(v["portals"], 1);
    assert_eq!(v["lattice"]["rooms"], serde_json::json!([3, 3, 3]));
    // The carving is perfect; the portal adds the one cycle.
    assert_eq!(v["cyclomatic"], 1);
    assert_eq!(
        v["lattice"]["closed_walls"],
        v["lattice"]["perfect_closed_walls"]
    );
}

#[test]
fn tree_is_dot_that_graphviz_and_we_read() {
    let dir = tempfile::tempdir().unwrap();
    let tree = dir.path().join("tree.dot");
    let out = mg()
        .args([
            "stats",
            &data("perfect15x20.png"),
            "--tree",
            s(&tree),
            "--quiet",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let dot = fs::read_to_string(&tree).unwrap();
    assert!(dot.starts_with("graph tree {") && dot.contains("rankdir=TB"));
    assert!(dot.contains("xlabel=\"entrance\"") && dot.contains("xlabel=\"exit\""));
    assert_eq!(dot.lines().filter(|l| l.contains(" -- ")).count(), 49);
    // Our own DOT reader takes it back: a tree of 49 corridors.
    let out = mg()
        .args(["convert", s(&tree), "--to", "adj"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Graphviz, when installed, lays it out.
    if let Ok(o) = std::process::Command::new("dot").arg("-V").output() {
        if o.status.success() {
            let svg = dir.path().join("tree.svg");
            let st = std::process::Command::new("dot")
                .args(["-Tsvg", s(&tree), "-o", s(&svg)])
                .status()
                .unwrap();
            assert!(st.success());
            assert!(fs::read_to_string(&svg).unwrap().contains("<svg"));
        }
    }
}

#[test]
fn cycles_are_dashed_in_the_tree() {
    let dir = tempfile::tempdir().unwrap();
    let maze = write(dir.path(), "braid.txt", BRAID);
    let tree = dir.path().join("t.gv");
    mg().args(["stats", s(&maze), "--tree", s(&tree)])
        .assert()
        .success();
    assert_eq!(
        fs::read_to_string(&tree)
            .unwrap()
            .matches("style=dashed")
            .count(),
        1
    );
}

#[test]
fn errors_are_one_line_with_status_2() {
    let dir = tempfile::tempdir().unwrap();
    let bad = write(dir.path(), "bad.txt", "#.#\n#x#\n");
    let out = mg().args(["stats", s(&bad)]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("mazegraph: error: ") && err.contains("bad.txt:2"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
    // The output may not replace the input.
    let maze = write(dir.path(), "m.txt", BRAID);
    let out = mg()
        .args(["stats", s(&maze), "-o", s(&maze)])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(fs::read_to_string(&maze).unwrap(), BRAID);
}

#[test]
fn help_has_examples() {
    for cmd in ["stats", "experiment"] {
        let out = mg().args([cmd, "--help"]).output().unwrap();
        assert!(out.status.success());
        assert!(
            String::from_utf8(out.stdout).unwrap().contains("Examples:"),
            "{cmd}"
        );
    }
}

#[test]
fn terminals_in_json_are_coordinates_or_names_not_strings() {
    // `stats --json` gave "start": "(0, 1)", a string a program must parse.
    let out = mg()
        .args(["stats", &data("seed.txt"), "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["start"], serde_json::json!([0, 4]));
    assert_eq!(v["goal"], serde_json::json!([1, 9]));
    let g = tempfile::tempdir().unwrap();
    let adj = g.path().join("g.adj");
    std::fs::write(&adj, "{'in': ['x'], 'x': ['out']}\n").unwrap();
    let out = mg()
        .args([
            "stats",
            adj.to_str().unwrap(),
            "--start",
            "in",
            "--goal",
            "out",
            "--json",
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["start"].as_str(), v["goal"].as_str()),
        (Some("in"), Some("out"))
    );
}
