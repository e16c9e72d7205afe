//! The graph formats `adj` and `graph.json`: golden files, round trips (2-D, n-D, portals,
//! weighted and named graphs), error lines, hostile input, and Python's `ast.literal_eval`.
//!
//! Golden files live in tests/golden/; `MAZEGRAPH_BLESS=1 cargo test --test graph_formats`
//! rewrites them from the current writers (then review the diff).

use mazegraph::format::{adj, graph_json, Format, Item, ReadOptions};
use mazegraph::graph::{GraphBuilder, Label, Vertices};
use mazegraph::grid::{Grid, Shape};
use mazegraph::{Error, Graph, Maze};
use proptest::prelude::*;

#[path = "common/arb.rs"]
mod arb;
use arb::arb_maze;
use std::path::{Path, PathBuf};
use std::process::Command;

const SEED: &str = "{(0, 4): [(1, 4)], (1, 0): [(1, 1)], (1, 1): [(1, 0), (1, 2)], (1, 2): [(1, 1), (1, 3)], (1, 3): [(1, 2), (1, 4)], (1, 4): [(0, 4), (1, 3), (1, 5)], (1, 5): [(1, 4), (1, 6)], (1, 6): [(1, 5), (1, 7)], (1, 7): [(1, 6), (1, 8)], (1, 8): [(1, 7), (1, 9)], (1, 9): [(1, 8)]}";

fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

/// Compares `text` with a golden file (or rewrites it when blessing).
fn check_golden(name: &str, text: &str) {
    let path = golden(name);
    if std::env::var_os("MAZEGRAPH_BLESS").is_some() {
        std::fs::write(&path, text).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text, want, "{name} differs from the golden file");
}

fn opts() -> ReadOptions {
    ReadOptions::default()
}

fn adj_text(g: &Graph) -> String {
    let mut out = Vec::new();
    adj::write(g, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn json_text(g: &Graph) -> String {
    let mut out = Vec::new();
    graph_json::write(g, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn seed_maze() -> Maze {
    Maze::from_text_rows(&["####.#####", ".........."]).unwrap()
}

/// The seed maze's junction graph, weighted by corridor length.
fn seed_junctions() -> Graph {
    let mut b = GraphBuilder::default();
    let v = |b: &mut GraphBuilder, r: i64, c: i64| b.vertex(Label::Coord(vec![r, c]));
    let (top, left, mid, right) = (
        v(&mut b, 0, 4),
        v(&mut b, 1, 0),
        v(&mut b, 1, 4),
        v(&mut b, 1, 9),
    );
    b.edge(top, mid, 1.0).unwrap();
    b.edge(left, mid, 4.0).unwrap();
    b.edge(mid, right, 5.0).unwrap();
    b.set_weighted();
    b.set_shape(vec![2, 10]);
    b.set_terminals(
        Some(Label::Coord(vec![0, 4])),
        Some(Label::Coord(vec![1, 9])),
    );
    b.finish(&Default::default()).unwrap()
}

/// A graph with every kind of label, including strings that need escapes.
fn named_graph() -> Graph {
    let mut b = GraphBuilder::default();
    let labels = [
        Label::Str("it's \"x\"\\\n\té".into()),
        Label::Int(-7),
        Label::Int(12),
        Label::Coord(vec![-1, 2]),
        Label::Coord(vec![3]),
        Label::Str("plain".into()),
    ];
    let ids: Vec<u32> = labels.iter().map(|l| b.vertex(l.clone())).collect();
    b.edge(ids[0], ids[1], 2.0).unwrap();
    b.edge(ids[1], ids[2], 1.0).unwrap();
    b.edge(ids[2], ids[3], 7.0).unwrap();
    b.edge(ids[3], ids[4], 3.0).unwrap();
    b.edge(ids[0], ids[5], 1.0).unwrap();
    b.finish(&Default::default()).unwrap()
}

/// A 3-D maze with portals and explicit terminals.
fn maze_3d() -> Maze {
    let shape = Shape::new(vec![3, 3, 4]).unwrap();
    let mut grid = Grid::walls(shape.clone());
    for c in [
        [0, 0, 0],
        [0, 0, 1],
        [0, 1, 1],
        [1, 1, 1],
        [2, 1, 1],
        [2, 1, 2],
        [2, 2, 2],
        [1, 2, 3],
        [0, 2, 3],
    ] {
        grid.set_path(shape.index(&c).unwrap(), true);
    }
    let mut m = Maze::new(grid);
    let i = |c: [usize; 3]| shape.index(&c).unwrap();
    m.add_portal(i([2, 2, 2]), i([1, 2, 3])).unwrap();
    m.add_portal(i([0, 0, 0]), i([0, 2, 3])).unwrap();
    m.set_terminals(Some(i([0, 0, 0])), Some(i([2, 2, 2])))
        .unwrap();
    m
}

#[test]
fn seed_adj_golden_byte_for_byte() {
    let text = std::fs::read_to_string(golden("seed.adj")).unwrap();
    assert_eq!(text, format!("{SEED}\n"));
    let g = adj::parse(&text, &opts()).unwrap();
    assert_eq!(adj_text(&g), text);
    // Without the trailing newline too, and from the maze itself.
    assert_eq!(adj_text(&adj::parse(SEED, &opts()).unwrap()), text);
    assert_eq!(adj_text(&Graph::from_maze(&seed_maze())), text);
}

#[test]
fn seed_graph_json_golden() {
    let g = Graph::from_maze(&seed_maze());
    let text = json_text(&g);
    check_golden("seed.graph.json", &text);
    let back = graph_json::parse(&text, &opts()).unwrap();
    // Cell graph, shape and terminals: nothing is lost.
    assert_eq!(back, g);
    assert_eq!(back.label(back.start().unwrap()), Label::Coord(vec![0, 4]));
    assert_eq!(back.label(back.goal().unwrap()), Label::Coord(vec![1, 9]));
}

#[test]
fn weighted_golden_files() {
    let g = seed_junctions();
    let a = adj_text(&g);
    assert_eq!(
        a,
        "{(0, 4): {(1, 4): 1}, (1, 0): {(1, 4): 4}, (1, 4): {(0, 4): 1, (1, 0): 4, (1, 9): 5}, (1, 9): {(1, 4): 5}}\n"
    );
    check_golden("junctions.adj", &a);
    let j = json_text(&g);
    check_golden("junctions.graph.json", &j);
    for back in [
        adj::parse(&a, &opts()).unwrap(),
        graph_json::parse(&j, &opts()).unwrap(),
    ] {
        assert!(back.is_weighted());
        assert_eq!(g.difference(&back), None);
        assert_eq!(back.total_weight(), 10.0);
    }
    assert_eq!(graph_json::parse(&j, &opts()).unwrap(), g);
}

#[test]
fn named_golden_files() {
    let g = named_graph();
    let a = adj_text(&g);
    check_golden("named.adj", &a);
    let j = json_text(&g);
    check_golden("named.graph.json", &j);
    for back in [
        adj::parse(&a, &opts()).unwrap(),
        graph_json::parse(&j, &opts()).unwrap(),
    ] {
        assert!(matches!(back.vertices(), Vertices::Names(_)));
        assert_eq!(g.difference(&back), None);
        assert_eq!(adj_text(&back), a);
        assert_eq!(json_text(&back), j);
    }
}

#[test]
fn maze_3d_with_portals_round_trips() {
    let m = maze_3d();
    let g = Graph::from_maze(&m);
    assert_eq!(g.edge_count(), 9); // 7 adjacencies, 2 portals
    let a = adj_text(&g);
    check_golden("maze3d.adj", &a);
    let from_adj = adj::parse(&a, &opts()).unwrap();
    assert_eq!(g.difference(&from_adj), None);
    let j = json_text(&g);
    check_golden("maze3d.graph.json", &j);
    assert_eq!(graph_json::parse(&j, &opts()).unwrap(), g);
}

#[test]
fn registry_reads_and_writes_both_formats() {
    assert_eq!(Format::from_path(Path::new("m.adj")).unwrap(), Format::Adj);
    assert_eq!(
        Format::from_path(Path::new("M.Graph.JSON")).unwrap(),
        Format::GraphJson
    );
    assert_eq!(
        Format::from_path(Path::new("m.json")).unwrap(),
        Format::Json
    );
    assert_eq!(Format::from_name("node-link").unwrap(), Format::GraphJson);
    let g = Graph::from_maze(&seed_maze());
    for f in [Format::Adj, Format::GraphJson] {
        let mut out = Vec::new();
        f.write_graph(&g, &mut out).unwrap();
        match f.read(&out, &opts()).unwrap() {
            Item::Graph(back) => assert_eq!(g.difference(&back), None),
            Item::Maze(_) => panic!("{f} read as a maze"),
        }
    }
    let e = Format::Txt.write_graph(&g, &mut Vec::new()).unwrap_err();
    assert!(matches!(e, Error::Unsupported(_)), "{e}");
    let e = Format::Adj
        .read(b"{(0, 4): [(1, 4)],\n(1, 4): [(0, 4)]\xff}", &opts())
        .unwrap_err();
    assert_eq!(e.to_string(), "line 2: not UTF-8 text");
}

#[test]
fn errors_carry_lines_through_the_registry() {
    let e = Format::Adj
        .read(b"{\n(0, 4): [(1, 4)],\n(1, 4): [(0, 4]\n}", &opts())
        .unwrap_err();
    assert!(matches!(e, Error::Parse { line: 3, .. }));
    assert_eq!(
        e.to_string(),
        "line 3: expected ',' or ')' after tuple element, found ']'"
    );
    let e = Format::GraphJson
        .read(
            b"{\"nodes\": [\n{\"id\": 0},\n{\"id\": 1}\n],\n\"edges\": [\n{\"source\": 0, \"target\": 1},\n{\"source\": 1, \"target\": 2}\n]}",
            &opts(),
        )
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 7: edge 1 has target 2, which is not a node id"
    );
}

// ---------------------------------------------------------------------------------------
// Python: the adjacency list is a literal that `ast.literal_eval` reads.

/// The graph as Python would see it, in JSON: `[[key, [neighbour, …]], …]` (or
/// `[[key, [[neighbour, weight], …]], …]` when weighted), tuples as lists.
fn python_view(g: &Graph) -> serde_json::Value {
    use serde_json::{json, Value};
    let label = |v: u32| match g.label(v) {
        Label::Coord(c) => json!(c),
        Label::Int(i) => json!(i),
        Label::Str(s) => json!(s),
    };
    let rows: Vec<Value> = (0..g.vertex_count() as u32)
        .map(|v| {
            let ns: Vec<Value> = g
                .neighbours(v)
                .iter()
                .enumerate()
                .map(|(k, &u)| match g.neighbour_weights(v) {
                    // Python reads a whole weight as an int.
                    Some(w) if w[k].fract() == 0.0 => json!([label(u), w[k] as i64]),
                    Some(w) => json!([label(u), w[k]]),
                    None => label(u),
                })
                .collect();
            json!([label(v), ns])
        })
        .collect();
    Value::Array(rows)
}

const PY_CHECK: &str = r#"
import ast, json, sys
text = sys.stdin.read()
d = ast.literal_eval(text)
assert isinstance(d, dict), type(d)
def j(x):
    return list(x) if isinstance(x, tuple) else x
rows = []
for k, ns in d.items():
    if isinstance(ns, dict):
        rows.append([j(k), [[j(n), w] for n, w in ns.items()]])
    else:
        rows.append([j(k), [j(n) for n in ns]])
print(json.dumps({"rows": rows, "repr_matches": repr(d) + "\n" == text}))
"#;

#[test]
fn python_literal_eval_reads_the_written_adj() {
    let python = ["python3", "python"].into_iter().find(|p| {
        Command::new(p)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    let Some(python) = python else {
        println!("note: python3 not found; skipping the ast.literal_eval check");
        return;
    };
    let mut quote = GraphBuilder::default();
    let (x, y) = (
        quote.vertex(Label::Str("it's".into())),
        quote.vertex(Label::Int(1)),
    );
    quote.edge(x, y, 1.0).unwrap();
    let cases = [
        (Graph::from_maze(&seed_maze()), true),
        (Graph::from_maze(&maze_3d()), true),
        (seed_junctions(), true),
        (named_graph(), true),
        (
            adj::parse("{(5,): [(6,)], (7,): []}", &opts()).unwrap(),
            true,
        ),
        (adj::parse("{}", &opts()).unwrap(), true),
        // Python's repr picks double quotes for a string holding only single quotes.
        (quote.finish(&Default::default()).unwrap(), false),
    ];
    for (g, same_repr) in cases {
        let text = adj_text(&g);
        let mut child = Command::new(python)
            .args(["-c", PY_CHECK])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write as _;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "python failed on {text}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(
            v["rows"],
            python_view(&g),
            "python reads {text} differently"
        );
        // Python's own repr of the dict is our text, byte for byte.
        assert_eq!(v["repr_matches"], same_repr, "repr of {text}");
    }
}

// ---------------------------------------------------------------------------------------
// Properties.

fn arb_label() -> impl Strategy<Value = Label> {
    prop_oneof![
        prop::collection::vec(-3i64..4, 1..4).prop_map(Label::Coord),
        (-1000i64..1000).prop_map(Label::Int),
        prop_oneof![Just(i64::MIN), Just(i64::MAX)].prop_map(Label::Int),
        "[a-c'\"\\\\\n\t é\u{7f}\u{1F600}]{0,4}".prop_map(Label::Str),
    ]
}

/// Random named graphs, weighted or not.
fn arb_named_graph() -> impl Strategy<Value = Graph> {
    (
        prop::collection::vec(arb_label(), 1..12),
        prop::collection::vec(
            (
                any::<prop::sample::Index>(),
                any::<prop::sample::Index>(),
                1u32..20,
            ),
            0..20,
        ),
        any::<bool>(),
    )
        .prop_map(|(labels, edges, weighted)| {
            let mut b = GraphBuilder::default();
            let ids: Vec<u32> = labels.into_iter().map(|l| b.vertex(l)).collect();
            for (x, y, w) in edges {
                let (x, y) = (*x.get(&ids), *y.get(&ids));
                if x != y {
                    b.edge(x, y, if weighted { w as f64 } else { 1.0 }).unwrap();
                }
            }
            if weighted {
                b.set_weighted();
            }
            b.finish(&Default::default()).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn maze_graphs_round_trip(m in arb_maze()) {
        let g = Graph::from_maze(&m);
        let a = adj_text(&g);
        let back = adj::parse(&a, &opts()).unwrap();
        prop_assert_eq!(g.difference(&back), None);
        prop_assert_eq!(adj_text(&back), a);
        // Graph JSON keeps shape and terminals too: the very same graph.
        let j = json_text(&g);
        let back = graph_json::parse(&j, &opts()).unwrap();
        prop_assert_eq!(&back, &g);
        prop_assert_eq!(json_text(&back), j);
    }

    #[test]
    fn named_graphs_round_trip(g in arb_named_graph()) {
        let a = adj_text(&g);
        let back = adj::parse(&a, &opts()).unwrap();
        prop_assert_eq!(g.difference(&back), None);
        prop_assert_eq!(back.is_weighted(), g.is_weighted());
        prop_assert_eq!(adj_text(&back), a);
        let j = json_text(&g);
        let back = graph_json::parse(&j, &opts()).unwrap();
        prop_assert_eq!(g.difference(&back), None);
        prop_assert_eq!(back.is_weighted(), g.is_weighted());
        prop_assert_eq!(json_text(&back), j);
    }

    #[test]
    fn adj_reader_never_panics(s in "[{}()\\[\\],: 0-9a'\"\\\\x#\n-]{0,40}") {
        let _ = adj::parse(&s, &opts());
    }

    #[test]
    fn adj_reader_survives_mangled_valid_text(g in arb_named_graph(), cut in any::<prop::sample::Index>(), junk in "[{}()\\[\\],:'\"0-9-]{0,3}") {
        let a = adj_text(&g);
        let mut k = cut.index(a.len() + 1);
        while !a.is_char_boundary(k) {
            k -= 1;
        }
        let mangled = format!("{}{junk}{}", &a[..k], &a[k..]);
        // Every parse error names a line inside the text.
        if let Err(Error::Parse { line, .. }) = adj::parse(&mangled, &opts()) {
            prop_assert!(line >= 1 && line <= mangled.lines().count().max(1));
        }
    }

    #[test]
    fn graph_json_reader_never_panics(s in "[{}\\[\\],: 0-9a\"\n.-]{0,40}|\\{\"nodes\": \\[[{}\\[\\],: 0-9\"idcoordsurcetag.-]{0,40}") {
        let _ = graph_json::parse(&s, &opts());
    }
}
