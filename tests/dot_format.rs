//! The DOT format: golden file, round trips, DOT from other tools, errors, Graphviz rendering.

use mazegraph::format::{dot, Format, Item, ReadOptions};
use mazegraph::graph::{GraphBuilder, Label};
use mazegraph::grid::{Grid, Shape};
use mazegraph::{Error, Graph, Maze};
use proptest::prelude::*;

fn seed_maze() -> Maze {
    Maze::from_text_rows(&["####.#####", ".........."]).unwrap()
}

fn to_dot(g: &Graph) -> String {
    let mut out = Vec::new();
    dot::write(g, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn read(text: &str) -> Graph {
    dot::parse(text, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn counts(text: &str) -> (usize, usize) {
    let g = read(text);
    (g.vertex_count(), g.edge_count())
}

fn c(x: &[i64]) -> Label {
    Label::Coord(x.to_vec())
}

#[test]
fn golden_seed_graph() {
    let g = Graph::from_maze(&seed_maze());
    let golden = include_str!("golden/seed.dot");
    assert_eq!(to_dot(&g), golden);
    let back = read(golden);
    assert_eq!(back.difference(&g), None);
    assert_eq!(back, g);
    // The seed's adjacency: {(0, 4): [(1, 4)], (1, 0): [(1, 1)], …, (1, 9): [(1, 8)]}.
    let v = back.find(&c(&[1, 4])).unwrap();
    let ns: Vec<Label> = back.neighbours(v).iter().map(|&u| back.label(u)).collect();
    assert_eq!(ns, vec![c(&[0, 4]), c(&[1, 3]), c(&[1, 5])]);
    assert_eq!(back.label(back.start().unwrap()), c(&[0, 4]));
    assert_eq!(back.label(back.goal().unwrap()), c(&[1, 9]));
    assert_eq!(back.shape().unwrap().dims(), &[2, 10]);
}

#[test]
fn registry_reads_and_writes_dot() {
    assert_eq!(Format::from_path("maze.gv".as_ref()).unwrap(), Format::Dot);
    assert_eq!(Format::from_name("dot").unwrap(), Format::Dot);
    assert!(Format::ALL.contains(&Format::Dot));
    let g = Graph::from_maze(&seed_maze());
    let mut out = Vec::new();
    Format::Dot.write_graph(&g, &mut out).unwrap();
    match Format::Dot.read(&out, &ReadOptions::default()).unwrap() {
        Item::Graph(back) => assert_eq!(back, g),
        other => panic!("expected a graph, got {other:?}"),
    }
    assert!(Format::Dot
        .write_maze(&seed_maze(), &mut Vec::new())
        .is_err());
    let e = Format::Dot
        .read(b"graph {\n \xff }", &ReadOptions::default())
        .unwrap_err();
    assert_eq!(e.to_string(), "line 2: not UTF-8 text");
}

#[test]
fn three_d_maze_round_trips_with_positions_side_by_side() {
    let shape = Shape::new(vec![2, 3, 3]).unwrap();
    let mut grid = Grid::walls(shape);
    for i in [0, 1, 4, 7, 8, 9, 17] {
        grid.set_path(i, true);
    }
    let g = Graph::from_maze(&Maze::new(grid));
    let text = to_dot(&g);
    // (1, 0, 0): second slab, one column gap after the 3 columns of the first.
    assert!(
        text.contains(r#""1,0,0" [pos="40,20!", coord="1,0,0"]"#),
        "{text}"
    );
    let back = read(&text);
    assert_eq!(back, g);
    assert_eq!(back.shape().unwrap().dims(), &[2, 3, 3]);
}

#[test]
fn portals_and_explicit_terminals_round_trip() {
    let mut m = Maze::from_text_rows(&["#S#####", "#...#.#", "###..G#"]).unwrap();
    let s = m.shape().clone();
    m.add_portal(s.index(&[1, 1]).unwrap(), s.index(&[1, 5]).unwrap())
        .unwrap();
    let g = Graph::from_maze(&m);
    let back = read(&to_dot(&g));
    assert_eq!(back.difference(&g), None);
    assert_eq!(back, g);
    assert_eq!(back.label(back.goal().unwrap()), c(&[2, 5]));
}

#[test]
fn weighted_graph_round_trips() {
    let mut b = GraphBuilder::default();
    let ids: Vec<u32> = [[1, 0], [1, 4], [0, 4], [1, 9]]
        .iter()
        .map(|x| b.vertex(c(x)))
        .collect();
    b.edge(ids[0], ids[1], 4.0).unwrap();
    b.edge(ids[1], ids[2], 1.0).unwrap();
    b.edge(ids[1], ids[3], 5.0).unwrap();
    b.set_weighted();
    b.set_shape(vec![2, 10]);
    let g = b.finish(&Default::default()).unwrap();
    let text = to_dot(&g);
    assert!(text.contains(r#""1,4" -- "1,9" [weight=5];"#), "{text}");
    let back = read(&text);
    assert!(back.is_weighted());
    assert_eq!(back.difference(&g), None);
    assert_eq!(back, g);
    assert_eq!(back.total_weight(), 10.0);
}

#[test]
fn dot_from_other_tools_loads() {
    // networkx / pydot: tuple nodes as "(r, c)" strings.
    let nx = "strict graph \"\" {\n\"(0, 1)\";\n\"(1, 1)\";\n\"(0, 1)\" -- \"(1, 1)\";\n}\n";
    let g = read(nx);
    assert_eq!((g.vertex_count(), g.edge_count()), (2, 1));
    assert_eq!(g.shape().unwrap().dims(), &[2, 2]);
    // A digraph with chains, attributes, comments of every kind; read as undirected.
    let digraph = r#"/* a state machine */
digraph G {
  rankdir=LR; // layout
  node [shape=box, style="rounded,filled"];
# a preprocessor line
  a -> b -> c [label="step", weight=2.5];
  c -> a;
  b -> a;
}"#;
    let g = read(digraph);
    assert_eq!((g.vertex_count(), g.edge_count()), (3, 3));
    // A positive weight is kept, whole or not (networkx writes float weights so).
    assert!(g.is_weighted() && !g.has_integer_weights());
    assert_eq!(g.total_weight(), 1.0 + 2.5 + 1.0); // a -- b merged with b -> a: the lighter kept
                                                   // Graphviz's weight=0 is a layout hint: a length of 1, unless the graph says its weights
                                                   // are lengths (then it is refused, as negative and text weights always are).
    let g = read("graph { a -- b [weight=0]; b -- c [weight=3] }");
    assert_eq!(g.total_weight(), 1.0 + 3.0);
    for bad in [
        "graph { a -- b [weight=-1] }",
        "graph { a -- b [weight=\"-1\"] }",
        "graph { a -- b [weight=abc] }",
        "graph { a -- b [weight=inf] }",
        "graph { graph [maze_weighted=true]; a -- b [weight=0] }",
    ] {
        let e = dot::parse(bad, &ReadOptions::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains("not a positive number"), "{bad}: {e}");
    }
    // Clusters and nested subgraphs are flattened.
    let clusters = r#"graph {
  subgraph cluster_0 { label="left"; a -- b; subgraph inner { c } }
  subgraph "cluster 1" { d; e [color=red] }
  b -- d
}"#;
    assert_eq!(counts(clusters), (5, 2));
    // Edges from and to subgraphs, with and without the keyword.
    assert_eq!(counts("graph { {a b} -- {c d} }"), (4, 4));
    assert_eq!(counts("graph { x -- {y z} -- w }"), (4, 4));
    assert_eq!(
        counts("graph { subgraph s {p q} -- r; r -- subgraph { s t } }"),
        (5, 4)
    );
    assert_eq!(counts("digraph { {rank=same; a b} -> c -> {d} }"), (4, 3));
    // Ports are ignored.
    assert_eq!(
        counts(r#"graph { a:n -- b:s:e; a:"p":w -- c; c:sw -- b }"#),
        (3, 3)
    );
    // HTML, quoted, numeral and non-ASCII ids; string concatenation.
    let g = read(r#"graph { <<b>x</b>> -- <y>; "q\"t" -- 1 -- 2.5 -- -4; café -- "a" + "b" }"#);
    let labels: Vec<Label> = (0..g.vertex_count() as u32).map(|v| g.label(v)).collect();
    assert_eq!(
        labels,
        vec![
            Label::Int(-4),
            Label::Int(1),
            Label::Str("2.5".into()),
            Label::Str("<b>x</b>".into()),
            Label::Str("ab".into()),
            Label::Str("café".into()),
            Label::Str("q\"t".into()),
            Label::Str("y".into()),
        ]
    );
    // Keywords in any case; a Windows file.
    assert_eq!(
        counts("GRAPH G {\r\n  NODE [shape=box]\r\n  A -- B\r\n}\r\n"),
        (2, 1)
    );
    // Mixed ids: some coordinates, some names: every vertex is a name.
    let g = read(r#"graph { "1,4" -- start }"#);
    assert_eq!(g.shape(), None);
    assert_eq!(g.label(0), c(&[1, 4]));
    // Isolated nodes count; parallel edges merge.
    assert_eq!(counts("graph { a; b; c -- d; d -- c }"), (4, 1));
    assert_eq!(counts("graph {}"), (0, 0));
}

#[test]
fn malformed_dot_errors_carry_the_line() {
    let cases = [
        ("graph {\n  a -- b\n  c -- ;\n}\n", 3),
        ("graph {\n  a -- b\n", 3),
        ("graph {\n  a [label=\"x]\n}\n", 2),
        ("digraph {\n  a -> b\n  b -> [x=1]\n}", 3),
        ("graph {\n a\n}\n}", 4),
        ("nonsense", 1),
    ];
    for (text, line) in cases {
        match dot::parse(text, &ReadOptions::default()) {
            Err(Error::Parse {
                line: l,
                format,
                message,
            }) => {
                assert_eq!(format, "dot");
                assert_eq!(l, line, "{text:?}: {message}");
            }
            other => panic!("{text:?}: expected a parse error, got {other:?}"),
        }
    }
    let e = dot::parse("graph {\n a -- a\n}", &ReadOptions::default()).unwrap_err();
    assert!(e.to_string().contains("self-loop"), "{e}");
}

fn graphviz(tool: &str) -> bool {
    match std::process::Command::new(tool).arg("-V").output() {
        Ok(o) if o.status.success() => true,
        _ => {
            println!("note: Graphviz `{tool}` is not installed; skipping the rendering check");
            false
        }
    }
}

#[test]
fn neato_draws_the_maze_and_its_output_reads_back() {
    if !graphviz("neato") {
        return;
    }
    let m = Maze::from_text_rows(&[
        "#.#######",
        "#...#...#",
        "#.#.#.#.#",
        "#.#...#..",
        "#########",
    ])
    .unwrap();
    let g = Graph::from_maze(&m);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("maze.dot");
    std::fs::write(&path, to_dot(&g)).unwrap();
    let svg = std::process::Command::new("neato")
        .args(["-n2", "-Tsvg"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        svg.status.success(),
        "{}",
        String::from_utf8_lossy(&svg.stderr)
    );
    let svg = String::from_utf8(svg.stdout).unwrap();
    assert_eq!(svg.matches("class=\"node\"").count(), g.vertex_count());
    assert_eq!(svg.matches("class=\"edge\"").count(), g.edge_count());
    // Graphviz's own DOT output (positions, bounding box, line continuations) reads back.
    let out = std::process::Command::new("neato")
        .args(["-n2", "-Tdot"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let back = read(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(back.difference(&g), None);
    assert_eq!(back.shape(), g.shape());
    assert_eq!((back.start(), back.goal()), (g.start(), g.goal()));
}

/// A random maze: `dims` cells, path with probability 1/2, a few portals, maybe terminals.
fn maze_strategy() -> impl Strategy<Value = Maze> {
    let dims = prop_oneof![
        (1usize..6).prop_map(|n| vec![n]),
        (1usize..7, 1usize..7).prop_map(|(a, b)| vec![a, b]),
        (1usize..4, 1usize..4, 1usize..4).prop_map(|(a, b, c)| vec![a, b, c]),
    ];
    dims.prop_flat_map(|dims| {
        let n: usize = dims.iter().product();
        (
            Just(dims),
            proptest::collection::vec(any::<bool>(), n),
            proptest::collection::vec((0..n, 0..n), 0..4),
            any::<bool>(),
        )
    })
    .prop_map(|(dims, bits, portals, terminals)| {
        let mut grid = Grid::walls(Shape::new(dims).unwrap());
        for (i, b) in bits.iter().enumerate() {
            grid.set_path(i, *b);
        }
        let mut m = Maze::new(grid);
        for (a, b) in portals {
            if a != b && m.grid().is_path(a) && m.grid().is_path(b) {
                m.add_portal(a, b).unwrap();
            }
        }
        let paths: Vec<usize> = m.grid().paths().collect();
        if terminals && paths.len() >= 2 {
            m.set_terminals(Some(paths[paths.len() - 1]), Some(paths[0]))
                .unwrap();
        }
        m
    })
}

fn name_strategy() -> impl Strategy<Value = Label> {
    prop_oneof![
        any::<i64>().prop_map(Label::Int),
        // Strings that do not read as integers or tuples (those are documented to).
        "[a-zA-Z_][ -~\n\"\\\\é]{0,8}".prop_map(Label::Str),
        proptest::collection::vec(-3i64..3, 1..4).prop_map(Label::Coord),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn cell_graphs_round_trip(m in maze_strategy()) {
        let g = Graph::from_maze(&m);
        let back = read(&to_dot(&g));
        prop_assert_eq!(back.difference(&g), None);
        prop_assert_eq!(back, g);
    }

    #[test]
    fn weighted_cell_graphs_round_trip(m in maze_strategy(), seed in any::<u64>()) {
        // The cell graph's edges with pseudo-random lengths, through the builder.
        let g0 = Graph::from_maze(&m);
        let mut b = GraphBuilder::default();
        let ids: Vec<u32> = (0..g0.vertex_count() as u32).map(|v| b.vertex(g0.label(v))).collect();
        for (k, (u, v, _)) in g0.edges().enumerate() {
            let w = 1.0 + (seed.wrapping_mul(k as u64 + 1) >> 60) as f64;
            b.edge(ids[u as usize], ids[v as usize], w).unwrap();
        }
        b.set_weighted();
        b.set_shape(m.shape().dims().to_vec());
        let g = b.finish(&Default::default()).unwrap();
        let back = read(&to_dot(&g));
        prop_assert_eq!(back.difference(&g), None);
        prop_assert_eq!(back, g);
    }

    #[test]
    fn arbitrary_text_is_an_error_or_a_graph_never_a_panic(
        body in "[ab1_{}\\[\\];=,:<>\"\\\\ \n/*#+.-]{0,60}",
        head in prop_oneof![Just("graph {"), Just("digraph G {"), Just("graph { graph [maze_shape=\"2,2\"]; \"0,0\"; ")],
    ) {
        for text in [body.clone(), format!("{head}{body}}}")] {
            let _ = dot::parse(&text, &ReadOptions::default());
        }
    }

    #[test]
    fn named_graphs_round_trip(
        names in proptest::collection::btree_set(name_strategy(), 0..8),
        edges in proptest::collection::vec((0usize..8, 0usize..8), 0..12),
        weighted in any::<bool>(),
    ) {
        let names: Vec<Label> = names.into_iter().collect();
        let mut b = GraphBuilder::default();
        let ids: Vec<u32> = names.iter().map(|l| b.vertex(l.clone())).collect();
        for (k, (x, y)) in edges.into_iter().enumerate() {
            if x < ids.len() && y < ids.len() && x != y {
                b.edge(ids[x], ids[y], if weighted { 1.0 + k as f64 } else { 1.0 }).unwrap();
            }
        }
        if let (Some(first), Some(last)) = (names.first(), names.last()) {
            b.set_terminals(Some(first.clone()), Some(last.clone()));
        }
        let g = b.finish(&Default::default()).unwrap();
        let text = to_dot(&g);
        let back = read(&text);
        prop_assert_eq!(back.difference(&g), None, "{}", text);
        prop_assert_eq!(back, g);
    }
}
