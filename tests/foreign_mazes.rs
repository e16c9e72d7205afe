//! Mazes written by maze-dataset and networkx's node-link JSON saved as plain `.json`
//! (tests/foreign, made by tests/py/make_foreign.py; figures from its MANIFEST.json) through
//! the real binary: convert, solve with the length maze-dataset found, stats.
//!
//! maze-dataset counts on its lattice of rooms; mazegraph's grid has walls as cells, room
//! `(r, c)` being cell `(2r + 1, 2c + 1)`. So a solution of `hops` steps through
//! `solution_cells` rooms is `2 * hops` steps through `2 * solution_cells - 1` cells here (the
//! rooms and the passages between them), while a room graph (adjacency list, tokens) counts
//! rooms as maze-dataset does.

mod common;
use common::{error, mg, s, stdout};
use serde_json::Value;

fn foreign(name: &str) -> String {
    format!("{}/tests/foreign/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// MANIFEST.json's entries for maze-dataset's files (`md_*`).
fn maze_dataset_entries() -> Vec<Value> {
    let text = std::fs::read_to_string(foreign("MANIFEST.json")).unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    let entries: Vec<Value> = doc["files"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["file"].as_str().unwrap().starts_with("md_"))
        .cloned()
        .collect();
    assert_eq!(entries.len(), 18, "the maze-dataset files in MANIFEST.json");
    entries
}

fn name(e: &Value) -> &str {
    e["file"].as_str().unwrap()
}

/// A room `[r, c]` of the manifest as `r,c`.
fn room(v: &Value) -> String {
    let c = v.as_array().unwrap();
    format!("{},{}", c[0], c[1])
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&stdout(args)).unwrap()
}

/// maze-dataset's ASCII as mazegraph's txt writer puts it: `.` for path (its solution marks
/// `X` included), `G` for its end `E`, a newline after every row.
fn as_ours(ascii: &str, keep_terminals: bool) -> String {
    let mut out = String::new();
    for line in ascii.lines() {
        for ch in line.chars() {
            out.push(match ch {
                ' ' | 'X' => '.',
                'E' if keep_terminals => 'G',
                'S' if keep_terminals => 'S',
                'S' | 'E' => '.',
                other => other,
            });
        }
        out.push('\n');
    }
    out
}

#[test]
fn mazes_solve_twice_as_long_as_maze_dataset_counts() {
    let mut solved = 0;
    for e in maze_dataset_entries() {
        let file = name(&e);
        if !(file.ends_with(".txt") || file.ends_with(".mazedataset.json")) {
            continue;
        }
        let path = foreign(file);
        if e["hops"].is_null() {
            // A plain LatticeMaze: no terminals, and the refusal says how to name them.
            let err = error(&["solve", &path]);
            assert!(err.contains("give --start and --goal"), "{err}");
            let out = json(&[
                "solve", &path, "--start", "room:0,0", "--goal", "room:2,3", "--json",
            ]);
            assert_eq!(out["solved"], true, "{file}");
            continue;
        }
        let out = json(&["solve", &path, "--json"]);
        let (hops, rooms) = (
            e["hops"].as_u64().unwrap(),
            e["solution_cells"].as_u64().unwrap(),
        );
        assert_eq!(out["length"].as_u64(), Some(2 * hops), "{file}: {out}");
        // A perfect maze: dead-end filling keeps exactly the solution's cells.
        assert_eq!(out["kept"].as_u64(), Some(2 * rooms - 1), "{file}: {out}");
        // The same with a shortest-path method, between the manifest's rooms.
        let out = json(&[
            "solve",
            &path,
            "-m",
            "bfs",
            "--start",
            &format!("room:{}", room(&e["start"])),
            "--goal",
            &format!("room:{}", room(&e["goal"])),
            "--json",
        ]);
        assert_eq!(out["length"].as_u64(), Some(2 * hops), "{file}: {out}");
        let stats = json(&["stats", &path, "--json"]);
        let (r, c) = (
            e["grid_rows"].as_u64().unwrap(),
            e["grid_cols"].as_u64().unwrap(),
        );
        assert_eq!(
            stats["shape"],
            serde_json::json!([2 * r + 1, 2 * c + 1]),
            "{file}"
        );
        assert_eq!(stats["solution_length"].as_u64(), Some(2 * hops), "{file}");
        assert_eq!(stats["class"], "perfect", "{file}");
        // One room per lattice cell, one passage cell per edge.
        let (v, m) = (
            e["vertices"].as_u64().unwrap(),
            e["edges"].as_u64().unwrap(),
        );
        assert_eq!(stats["path_cells"].as_u64(), Some(v + m), "{file}");
        solved += 1;
    }
    assert_eq!(solved, 6);
}

#[test]
fn the_serialized_maze_is_the_ascii_maze() {
    for stem in [
        "md_dfs_5x5",
        "md_dfs_4x6",
        "md_wilson_5x5",
        "md_dfs_unsolved_3x4",
    ] {
        let ascii = std::fs::read_to_string(foreign(&format!("{stem}.txt"))).unwrap();
        let from_json = stdout(&[
            "convert",
            &foreign(&format!("{stem}.mazedataset.json")),
            "--to",
            "txt",
        ]);
        assert_eq!(from_json, as_ours(&ascii, true), "{stem}");
        let from_ascii = stdout(&["convert", &foreign(&format!("{stem}.txt")), "--to", "txt"]);
        assert_eq!(from_ascii, from_json, "{stem}");
    }
}

#[test]
fn adjacency_lists_and_tokens_are_room_graphs() {
    let mut seen = 0;
    for e in maze_dataset_entries() {
        let file = name(&e);
        let tokens = file.ends_with(".tokens") || file.ends_with(".tokens_indexed");
        if !(tokens || file.ends_with("_adjlist.json")) {
            continue;
        }
        seen += 1;
        let path = foreign(file);
        let stats = json(&["stats", &path, "--json"]);
        assert_eq!(stats["path_cells"], e["vertices"], "{file}");
        assert_eq!(stats["edges"], e["edges"], "{file}");
        assert_eq!(stats["class"], "perfect", "{file}");
        if e["hops"].is_null() {
            continue;
        }
        let hops = e["hops"].as_u64().unwrap();
        let mut solve = vec!["solve", &path, "--json"];
        let (start, goal) = (room(&e["start"]), room(&e["goal"]));
        if tokens {
            // The tokens name the origin and target; the graph counts rooms.
            assert_eq!(stats["start"], e["start"], "{file}");
            assert_eq!(stats["goal"], e["goal"], "{file}");
            assert_eq!(stats["solution_length"].as_u64(), Some(hops), "{file}");
        } else {
            // An adjacency list has no terminals: name the rooms.
            assert!(stats["start"].is_null(), "{file}");
            solve.extend(["--start", &start, "--goal", &goal]);
        }
        // `solve` lays the rooms out as a maze (rooms at odd cells): twice the steps.
        let out = json(&solve);
        assert_eq!(out["length"].as_u64(), Some(2 * hops), "{file}: {out}");
    }
    assert_eq!(seen, 10);
}

#[test]
fn room_graphs_become_the_ascii_maze() {
    for stem in [
        "md_dfs_5x5",
        "md_dfs_4x6",
        "md_wilson_5x5",
        "md_dfs_unsolved_3x4",
    ] {
        let ascii = std::fs::read_to_string(foreign(&format!("{stem}.txt"))).unwrap();
        let maze = stdout(&[
            "convert",
            &foreign(&format!("{stem}_adjlist.json")),
            "--to",
            "txt",
        ]);
        assert_eq!(maze, as_ours(&ascii, false), "{stem}");
        if stem != "md_dfs_unsolved_3x4" {
            for ext in ["tokens", "tokens_indexed"] {
                let maze = stdout(&["convert", &foreign(&format!("{stem}.{ext}")), "--to", "txt"]);
                assert_eq!(maze, as_ours(&ascii, true), "{stem}.{ext}");
            }
        }
    }
}

#[test]
fn every_maze_dataset_file_converts_to_every_graph_format() {
    let dir = tempfile::tempdir().unwrap();
    for e in maze_dataset_entries() {
        let file = name(&e);
        for to in ["adj", "graph.json", "dot"] {
            let out = dir.path().join(format!("out.{to}"));
            mg().args(["convert", &foreign(file), "-o", s(&out)])
                .assert()
                .success();
            // Back: the same graph as the room graph (or the maze's cell graph).
            mg().args(["equal", &foreign(file), s(&out)])
                .assert()
                .success();
        }
    }
}

#[test]
fn networkx_node_link_json_under_a_plain_json_name() {
    let file = foreign("nx_maze_node_link.json");
    let dot = stdout(&["convert", &file, "--to", "dot"]);
    assert!(dot.starts_with("graph "), "{dot}");
    let stats = json(&["stats", &file, "--json"]);
    assert_eq!(
        (stats["path_cells"].as_u64(), stats["edges"].as_u64()),
        (Some(48), Some(47))
    );
    // 12 room steps between (0, 0) and (5, 7) (MANIFEST.json), 24 between cells.
    let out = json(&["solve", &file, "--start", "0,0", "--goal", "5,7", "--json"]);
    assert_eq!(out["length"].as_u64(), Some(24), "{out}");
    mg().args(["equal", &file, &foreign("nx_maze_edges.graph.json")])
        .assert()
        .success();
}

#[test]
fn a_game_under_a_json_name_is_refused_and_the_advice_works() {
    let dir = tempfile::tempdir().unwrap();
    let game = common::write(
        dir.path(),
        "game.json",
        "{\"start\": 0, \"vertices\": [\n{\"id\": 0, \"owner\": 0, \"priority\": 0, \"successors\": [0]}\n]}\n",
    );
    let err = error(&["convert", s(&game), "--to", "dot"]);
    assert!(err.contains(":1: this is game JSON"), "{err}");
    assert!(
        err.contains("solve-game, attractor and convert --to pg"),
        "{err}"
    );
    mg().args(["solve-game", s(&game), "--from", "game.json"])
        .assert()
        .success();
    let pg = stdout(&["convert", s(&game), "--from", "game.json", "--to", "pg"]);
    assert!(pg.starts_with("parity 0;"), "{pg}");
}

#[test]
fn node_link_under_a_plain_json_name_keeps_its_notes() {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("digraph.json");
    std::fs::copy(foreign("nx_digraph.graph.json"), &copy).unwrap();
    let out = mg()
        .args(["convert", s(&copy), "--to", "adj"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("the graph is directed"), "{err}");
}
