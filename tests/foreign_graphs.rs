//! Graphs written by networkx (tests/foreign, made by tests/py/make_foreign.py) through the
//! real binary: room layouts both ways, neighbour shapes of Python reprs, names as terminals,
//! real weights, and refusals that say where to go.

mod common;
use common::{check_exchange, error, mg, python_with_networkx, s, stdout, write};
use std::path::PathBuf;

fn foreign(name: &str) -> String {
    format!("{}/tests/foreign/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn a_networkx_spanning_tree_is_drawn_as_rooms_and_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let txt: PathBuf = dir.path().join("maze.txt");
    mg().args([
        "convert",
        &foreign("nx_maze_edges.graph.json"),
        "-o",
        s(&txt),
    ])
    .assert()
    .success();
    let text = std::fs::read_to_string(&txt).unwrap();
    let rows: Vec<&str> = text.lines().take_while(|l| l.starts_with('#')).collect();
    // 6 x 8 rooms: 13 x 17 cells, rooms at odd cells.
    assert_eq!((rows.len(), rows[0].len()), (13, 17), "{text}");
    // Solved between the rooms (0, 0) and (5, 7): 12 room steps, 24 cell steps.
    let out = stdout(&[
        "solve",
        &foreign("nx_maze_edges.graph.json"),
        "--start",
        "0,0",
        "--goal",
        "5,7",
    ]);
    assert!(out.contains("path of 24 steps"), "{out}");
    // room:R,C names the same rooms (on a maze, the cell 2R+1, 2C+1).
    let out = stdout(&[
        "solve",
        &foreign("nx_maze_edges.graph.json"),
        "--start",
        "room:0,0",
        "--goal",
        "room:5,7",
    ]);
    assert!(out.contains("path of 24 steps"), "{out}");
    let out = stdout(&[
        "solve",
        s(&txt),
        "--start",
        "room:0,0",
        "--goal",
        "room:5,7",
    ]);
    assert!(out.contains("path of 24 steps"), "{out}");
    // Back to the room graph: the very graph networkx wrote.
    let back = dir.path().join("back.adj");
    mg().args(["convert", s(&txt), "--rooms", "-o", s(&back)])
        .assert()
        .success();
    mg().args(["equal", s(&back), &foreign("nx_maze_dict_of_lists.adj")])
        .assert()
        .success();
    // A maze on a room lattice and a room graph are compared by rooms, either way round.
    let out = stdout(&["equal", s(&txt), &foreign("nx_maze_edges.graph.json")]);
    assert_eq!(out, "equal: 48 rooms, 47 edges\n");
    let out = stdout(&["equal", &foreign("nx_maze_dict_of_sets.adj"), s(&txt)]);
    assert_eq!(out, "equal: 48 rooms, 47 edges\n");
    // Openings in a maze's frame are not rooms: equal as rooms, and said so.
    let open = write(
        dir.path(),
        "open.txt",
        "#.###\n#...#\n#.###\n#...#\n###.#\n",
    );
    let rooms =
        "{(0, 0): [(0, 1), (1, 0)], (0, 1): [(0, 0)], (1, 0): [(0, 0), (1, 1)], (1, 1): [(1, 0)]}";
    let rooms = write(dir.path(), "rooms.adj", rooms);
    let out = stdout(&["equal", s(&open), s(&rooms)]);
    assert_eq!(
        out,
        "equal: 4 rooms, 3 edges (the maze's 2 openings in its frame are not rooms)\n"
    );
    // Explicit layouts: rooms, and the row layout when asked.
    let out = stdout(&[
        "convert",
        &foreign("nx_maze_edges.graph.json"),
        "--layout",
        "rooms",
        "--to",
        "txt",
    ]);
    assert_eq!(out, text);
}

#[test]
fn python_reprs_of_networkx_graphs_read_alike() {
    let want = stdout(&[
        "convert",
        &foreign("nx_maze_dict_of_lists.adj"),
        "--to",
        "adj",
    ]);
    for f in [
        "nx_maze_dict_of_sets.adj",
        "nx_maze_dict_of_tuples.adj",
        "nx_maze_dict_of_dicts.adj",
    ] {
        assert_eq!(
            stdout(&["convert", &foreign(f), "--to", "adj"]),
            want,
            "{f}"
        );
    }
    // With weights: the same edges, each with its weight.
    let w = stdout(&[
        "convert",
        &foreign("nx_maze_dict_of_dicts_weighted.adj"),
        "--to",
        "adj",
    ]);
    assert!(w.starts_with("{(0, 0): {(0, 1): "), "{w}");
}

#[test]
fn vertices_are_named_as_terminals() {
    let out = stdout(&[
        "stats",
        &foreign("nx_lesmis.graph.json"),
        "--start",
        "Napoleon",
        "--goal",
        "Brujon",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // Whole-number weights add up as lengths (networkx: 4 edges, weight 8).
    assert_eq!(v["solution_length"], 8);
    let out = stdout(&[
        "stats",
        &foreign("nx_float_weights.graph.json"),
        "--start",
        "A",
        "--goal",
        "E",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["solution_weight"], 5.75);
    // Terminals the file names (graph attributes) are used as they are.
    let out = stdout(&["solve", &foreign("nx_terminals.graph.json")]);
    assert!(out.contains("path of 3 steps"), "{out}");
    // A name that is not a vertex: one line with examples of names.
    let e = error(&[
        "stats",
        &foreign("nx_lesmis.graph.json"),
        "--start",
        "Nobody",
    ]);
    assert!(
        e.contains("start \"Nobody\" is not a vertex (the vertices are named like 'Anzelma'"),
        "{e}"
    );
    // A maze's cells have no names.
    let e = error(&["solve", &common::data("seed.txt"), "--start", "entrance"]);
    assert!(
        e.contains("a maze's cells are named by coordinates like 3,4"),
        "{e}"
    );
}

#[test]
fn weighted_graphs_that_are_not_mazes_are_solved_on_the_graph() {
    let out = stdout(&[
        "solve",
        &foreign("nx_lesmis.graph.json"),
        "--start",
        "Napoleon",
        "--goal",
        "Brujon",
    ]);
    // networkx: 4 edges, weight 8.
    assert!(
        out.contains("lightest path (Dijkstra on the graph): 4 edges, weight 8,"),
        "{out}"
    );
    assert!(out.contains("'Napoleon' - 'Myriel'"), "{out}");
    let out = stdout(&[
        "solve",
        &foreign("nx_float_weights.graph.json"),
        "--start",
        "A",
        "--goal",
        "E",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["weight"].as_f64(), v["solved"].as_bool()),
        (Some(5.75), Some(true))
    );
    assert_eq!(v["path"][0], "A");
    // Weighted rooms: a maze cannot hold the weights, the graph is solved as it is.
    let out = stdout(&[
        "solve",
        &foreign("nx_maze_weighted.graph.json"),
        "--start",
        "0,0",
        "--goal",
        "5,7",
    ]);
    assert!(out.contains("12 edges, weight 54"), "{out}");
    // Unreachable: exit 1, a message.
    let out = mg()
        .args([
            "solve",
            &foreign("nx_float_weights.graph.json"),
            "--start",
            "A",
            "--goal",
            "lonely",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("cannot be reached"));
}

#[test]
fn graphs_that_are_not_mazes_convert_between_graph_formats() {
    for to in ["dot", "adj", "graph.json"] {
        let out = stdout(&["convert", &foreign("nx_lesmis.graph.json"), "--to", to]);
        assert!(out.contains("Napoleon"), "{to}");
    }
    let out = stdout(&[
        "convert",
        &foreign("nx_float_weights.graph.json"),
        "--to",
        "adj",
    ]);
    assert!(out.contains(": 2.5"), "{out}");
}

#[test]
fn refusals_lead_somewhere() {
    // Weights cannot be drawn in a maze: write a graph format.
    let e = error(&["convert", &foreign("nx_lesmis.graph.json"), "--to", "txt"]);
    assert!(
        e.contains("write it to a graph format (adj, graph.json, dot, graphml, gml, edges)"),
        "{e}"
    );
    let e = error(&[
        "convert",
        &foreign("nx_maze_weighted.graph.json"),
        "--to",
        "txt",
    ]);
    assert!(e.contains("a maze has no place for edge weights"), "{e}");
    // Walking methods need corridors.
    let e = error(&[
        "solve",
        &foreign("nx_multigraph.graph.json"),
        "--start",
        "0",
        "--goal",
        "3",
        "--method",
        "dfs",
    ]);
    assert!(e.contains("the shortest-path methods"), "{e}");
    // A weighted graph's solution has no picture.
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("x.png");
    let e = error(&[
        "solve",
        &foreign("nx_float_weights.graph.json"),
        "--start",
        "A",
        "--goal",
        "E",
        "-o",
        s(&png),
    ]);
    assert!(e.contains("write .json"), "{e}");
    assert!(!png.exists());
    // --rooms on a maze that is not on a room lattice.
    let e = error(&[
        "convert",
        &common::data("seed.txt"),
        "--rooms",
        "--to",
        "adj",
    ]);
    assert!(e.contains("not drawn on a room lattice"), "{e}");
    let e = error(&[
        "convert",
        &foreign("nx_lesmis.graph.json"),
        "--rooms",
        "--to",
        "adj",
    ]);
    assert!(e.contains("--rooms: not a room graph"), "{e}");
    // The attractor of a graph that is no maze has no picture either.
    let e = error(&[
        "attractor",
        &foreign("nx_lesmis.graphml"),
        "--start",
        "Napoleon",
        "--goal",
        "Brujon",
        "-o",
        s(&png),
    ]);
    assert!(e.contains("write the attractor as json or dot"), "{e}");
    assert!(!png.exists());
}

#[test]
fn the_attractor_of_a_room_graph_is_drawn_on_its_maze() {
    // maze-dataset's adjacency list of a 5×5 maze: laid out as render lays it out.
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("a.png");
    mg().args([
        "attractor",
        &foreign("md_dfs_5x5_adjlist.json"),
        "--start",
        "room:0,0",
        "--goal",
        "room:4,4",
        "-o",
        s(&png),
    ])
    .assert()
    .success();
    let img = image::open(&png).unwrap().to_rgb8();
    // 11×11 cells, about 640 pixels across at most, with a legend strip below.
    assert_eq!(img.width() % 11, 0);
    assert!(img.height() > img.width());
    // The start is green, the goal red (the palette's meanings).
    let px = |x: u32, y: u32| img.get_pixel(x, y).0;
    let cell = img.width() / 11;
    let centre = |r: u32, c: u32| px(c * cell + cell / 2, r * cell + cell / 2);
    assert_eq!(centre(1, 1), mazegraph::palette::START);
    assert_eq!(centre(9, 9), mazegraph::palette::GOAL);
}

#[test]
fn what_a_reader_drops_is_said_on_stderr() {
    for (file, note) in [
        (
            "nx_digraph.graph.json",
            "nx_digraph.graph.json: the graph is directed: 8 edges are read as 6 undirected edges",
        ),
        (
            "nx_multigraph.graph.json",
            "nx_multigraph.graph.json: 2 parallel edges merged into the edge they repeat (the lighter kept)",
        ),
    ] {
        let out = mg()
            .args(["convert", &foreign(file), "--to", "adj"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with("mazegraph: note: /"), "{err}");
        assert!(err.ends_with(&format!("/{note}\n")), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        // --quiet silences notes, never the output.
        let out = mg()
            .args(["convert", &foreign(file), "--to", "adj", "-q"])
            .output()
            .unwrap();
        assert!(out.stderr.is_empty() && !out.stdout.is_empty());
    }
    // An undirected simple graph gives no note.
    let out = mg()
        .args(["convert", &foreign("nx_lesmis.graph.json"), "--to", "adj"])
        .output()
        .unwrap();
    assert!(out.stderr.is_empty());
}

#[test]
fn python_graph_tools_read_what_we_write() {
    let Some(python) = python_with_networkx() else {
        println!("note: no Python with networkx (MAZEGRAPH_PYTHON or .ci/venv); skipping");
        return;
    };
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(foreign("MANIFEST.json")).unwrap()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let inputs = [
        "nx_maze_edges.graph.json",
        "nx_lesmis.graph.json",
        "nx_float_weights.graph.json",
        "nx_multigraph.graph.json",
        "nx_terminals.graph.json",
    ];
    let formats: Vec<mazegraph::format::Format> = mazegraph::format::Format::ALL
        .into_iter()
        .filter(|f| f.holds() == mazegraph::format::Holds::Graph && f.is_writable())
        .filter(|f| f.name() != "adj") // read by ast.literal_eval in tests/graph_formats.rs
        .collect();
    for input in inputs {
        let entry = manifest["files"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["file"] == input)
            .unwrap();
        let mut expect = serde_json::json!({
            "vertices": entry["vertices"],
            "edges": entry["undirected_simple_edges"],
            "start": entry["start"],
            "goal": entry["goal"],
            "hops": entry["hops_undirected"],
        });
        if !entry["weight_undirected"].is_null() {
            expect["weight"] = entry["weight_undirected"].clone();
        }
        let stem = input.trim_end_matches(".graph.json");
        for f in &formats {
            let out = dir.path().join(format!("{stem}.{}", f.extensions()[0]));
            let o = mg()
                .args(["convert", &foreign(input), "-q", "-o", s(&out)])
                .output()
                .unwrap();
            if !o.status.success() {
                // A format that cannot hold this graph says so in one line; nothing written.
                let err = String::from_utf8_lossy(&o.stderr);
                assert_eq!(err.lines().count(), 1, "{input} -> {f}: {err}");
                assert!(!out.exists());
                continue;
            }
            let side = format!("{}.expect.json", out.display());
            std::fs::write(side, expect.to_string()).unwrap();
        }
    }
    check_exchange(&python, dir.path());
}
