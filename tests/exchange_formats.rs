//! The exchange formats GraphML, GML and edge lists: the files networkx and igraph write
//! (`tests/foreign/`, with the counts and shortest paths of `MANIFEST.json`), round trips of
//! mazes and named graphs (property tests), the notes readers give, and the writers' refusals.

use mazegraph::format::{edges, gml, graphml, Format, Item, ReadOptions};
use mazegraph::graph::{GraphBuilder, Label};
use mazegraph::{Graph, Maze};
use proptest::prelude::*;

#[path = "common/arb.rs"]
mod arb;
use arb::arb_maze;
use std::collections::{BinaryHeap, VecDeque};
use std::path::{Path, PathBuf};

const EXCHANGE: [Format; 3] = [Format::GraphMl, Format::Gml, Format::Edges];

fn foreign(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/foreign")
        .join(name)
}

fn read_noted(path: &Path) -> (Graph, Vec<String>) {
    let f = Format::from_path(path).unwrap();
    let bytes = std::fs::read(path).unwrap();
    match f.read_noted(&bytes, &ReadOptions::default()) {
        Ok((Item::Graph(g), notes)) => (g, notes),
        Ok(_) => panic!("{}: not a graph", path.display()),
        Err(e) => panic!("{}: {e}", path.display()),
    }
}

/// A label as MANIFEST.json writes it: a list is a coordinate, a string is read as the
/// readers read labels (`"0,0"` is a coordinate).
fn manifest_label(v: &serde_json::Value) -> Label {
    match v {
        serde_json::Value::Array(a) => {
            Label::Coord(a.iter().map(|x| x.as_i64().unwrap()).collect())
        }
        serde_json::Value::Number(n) => Label::Int(n.as_i64().unwrap()),
        serde_json::Value::String(s) => {
            if s.contains(',') {
                Label::Coord(s.split(',').map(|x| x.trim().parse().unwrap()).collect())
            } else {
                Label::Str(s.clone())
            }
        }
        other => panic!("unexpected label {other}"),
    }
}

/// Edges on a shortest path (breadth first).
fn hops(g: &Graph, s: u32, t: u32) -> Option<usize> {
    let mut dist = vec![usize::MAX; g.vertex_count()];
    dist[s as usize] = 0;
    let mut q = VecDeque::from([s]);
    while let Some(u) = q.pop_front() {
        for &v in g.neighbours(u) {
            if dist[v as usize] == usize::MAX {
                dist[v as usize] = dist[u as usize] + 1;
                q.push_back(v);
            }
        }
    }
    (dist[t as usize] != usize::MAX).then(|| dist[t as usize])
}

/// Weight of a lightest path (Dijkstra).
fn lightest(g: &Graph, s: u32, t: u32) -> Option<f64> {
    #[derive(PartialEq)]
    struct E(f64, u32);
    impl Eq for E {}
    impl PartialOrd for E {
        fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
            Some(self.cmp(o))
        }
    }
    impl Ord for E {
        fn cmp(&self, o: &Self) -> std::cmp::Ordering {
            o.0.total_cmp(&self.0)
        }
    }
    let mut dist = vec![f64::INFINITY; g.vertex_count()];
    dist[s as usize] = 0.0;
    let mut heap = BinaryHeap::from([E(0.0, s)]);
    while let Some(E(d, u)) = heap.pop() {
        if d > dist[u as usize] {
            continue;
        }
        let ws = g.neighbour_weights(u);
        for (k, &v) in g.neighbours(u).iter().enumerate() {
            let nd = d + ws.map_or(1.0, |w| w[k]);
            if nd < dist[v as usize] {
                dist[v as usize] = nd;
                heap.push(E(nd, v));
            }
        }
    }
    dist[t as usize].is_finite().then(|| dist[t as usize])
}

#[test]
fn foreign_files_read_as_their_producers_say() {
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(foreign("MANIFEST.json")).unwrap()).unwrap();
    let mut seen = 0;
    for entry in manifest["files"].as_array().unwrap() {
        let file = entry["file"].as_str().unwrap();
        if ![".graphml", ".gml", ".edgelist"]
            .iter()
            .any(|e| file.ends_with(e))
        {
            continue;
        }
        seen += 1;
        let (g, notes) = read_noted(&foreign(file));
        let lost = entry["notes"]
            .as_str()
            .is_some_and(|n| n.contains("isolated vertex is LOST"));
        let want_vertices = entry["vertices"].as_u64().unwrap() as usize - usize::from(lost);
        assert_eq!(g.vertex_count(), want_vertices, "{file}: vertices");
        assert_eq!(
            g.edge_count() as u64,
            entry["undirected_simple_edges"].as_u64().unwrap(),
            "{file}: edges"
        );
        assert_eq!(
            g.is_weighted(),
            entry["weighted"].as_bool().unwrap(),
            "{file}: weighted"
        );
        // Notes: exactly the changes the manifest says the file needs.
        let directed = entry["directed"].as_bool().unwrap();
        let multi = entry["edges"] != entry["undirected_simple_edges"] && !directed;
        assert_eq!(
            notes.iter().any(|n| n.starts_with("the graph is directed")),
            directed,
            "{file}: {notes:?}"
        );
        assert_eq!(
            notes.iter().any(|n| n.contains("parallel edge")),
            multi,
            "{file}: {notes:?}"
        );
        // Terminals: named in the file, or the probe pair of the manifest.
        let label = |key: &str| {
            let name = format!("{key}_name");
            manifest_label(if entry.get(&name).is_some() {
                &entry[&name]
            } else {
                &entry[key]
            })
        };
        let (s, t) = (label("start"), label("goal"));
        let (sv, tv) = (g.find(&s).unwrap(), g.find(&t).unwrap());
        if entry["terminals_named_in_file"].as_bool().unwrap() {
            assert_eq!(
                (g.start(), g.goal()),
                (Some(sv), Some(tv)),
                "{file}: terminals"
            );
        }
        assert_eq!(
            hops(&g, sv, tv),
            Some(entry["hops_undirected"].as_u64().unwrap() as usize),
            "{file}: hops"
        );
        if let Some(w) = entry["weight_undirected"].as_f64() {
            assert_eq!(lightest(&g, sv, tv), Some(w), "{file}: weight");
        }
    }
    assert!(
        seen >= 19,
        "only {seen} GraphML, GML and edge-list files in the manifest"
    );
}

#[test]
fn the_same_maze_from_every_producer_is_one_graph() {
    // networkx's tuple ids, igraph's names, networkx's GML labels and tuple edge lists: all
    // read as the same coordinates.
    let (g, _) = read_noted(&foreign("nx_maze.graphml"));
    for other in [
        "igraph_maze.graphml",
        "nx_maze.gml",
        "igraph_maze.gml",
        "nx_maze_tuples.edgelist",
    ] {
        let (h, _) = read_noted(&foreign(other));
        assert_eq!(g.difference(&h), None, "nx_maze.graphml vs {other}");
    }
    assert_eq!(g.shape().unwrap().dims(), &[6, 8]);
}

#[test]
fn registry_names_extensions_and_notes() {
    for (ext, f) in [
        ("a.graphml", Format::GraphMl),
        ("a.GML", Format::Gml),
        ("a.edges", Format::Edges),
        ("a.edgelist", Format::Edges),
        ("a.el", Format::Edges),
    ] {
        assert_eq!(Format::from_path(Path::new(ext)).unwrap(), f);
        assert!(Format::ALL.contains(&f));
    }
    for name in ["graphml", "gml", "edges", "edgelist"] {
        assert!(Format::from_name(name).is_ok(), "{name}");
    }
    // Formats without notes give none; `read` is `read_noted` without them.
    let (item, notes) = Format::Adj
        .read_noted(b"{1: [2], 2: [1, 1]}", &ReadOptions::default())
        .unwrap();
    assert!(notes.is_empty());
    assert_eq!(
        Format::Adj
            .read(b"{1: [2], 2: [1, 1]}", &ReadOptions::default())
            .unwrap(),
        item
    );
}

#[test]
fn writers_refuse_what_reads_back_differently() {
    let mut b = GraphBuilder::default();
    let x = b.vertex(Label::Str("(1, 2)".into()));
    let y = b.vertex(Label::Str("a".into()));
    b.edge(x, y, 1.0).unwrap();
    let g = b.finish(&Default::default()).unwrap();
    for f in EXCHANGE {
        let e = f.write_graph(&g, &mut Vec::new()).unwrap_err().to_string();
        assert!(e.contains("would read back as (1, 2)"), "{f}: {e}");
    }
    let lone = Graph::from_maze(&Maze::from_text_rows(&["..#.", "####"]).unwrap());
    assert_eq!(
        Format::Edges.write_graph(&lone, &mut Vec::new()).unwrap_err().to_string(),
        "an edge list cannot hold the isolated vertex (0, 3) (it names vertices only in edges); write graphml, gml, graph.json or adj"
    );
    assert!(Format::GraphMl.write_graph(&lone, &mut Vec::new()).is_ok());
}

fn text(f: Format, g: &Graph) -> Result<String, mazegraph::Error> {
    let mut out = Vec::new();
    f.write_graph(g, &mut out)?;
    Ok(String::from_utf8(out).unwrap())
}

fn parse(f: Format, t: &str) -> Graph {
    let o = ReadOptions::default();
    match f {
        Format::GraphMl => graphml::parse(t, &o),
        Format::Gml => gml::parse(t, &o),
        Format::Edges => edges::parse(t, &o),
        _ => unreachable!(),
    }
    .unwrap_or_else(|e| panic!("{f}: {e}\n{t}"))
}

/// Labels every exchange format holds: coordinates (negative too), integers, strings that
/// read as strings (XML and GML escapes included; single words for edge lists).
fn arb_label(words_only: bool) -> BoxedStrategy<Label> {
    let strings = if words_only {
        "[a-cé\u{1F600}&<>\"'][a-c0-9,é&<>\"']{0,4}".boxed()
    } else {
        "[a-c é\u{1F600}&<>\"'#\\\\\t\n\r][a-c0-9, é&<>\"'#\\[\\]\t\n\r\u{7f}]{0,4}".boxed()
    };
    prop_oneof![
        prop::collection::vec(-3i64..4, 1..4).prop_map(Label::Coord),
        (-1000i64..1000).prop_map(Label::Int),
        prop_oneof![Just(i64::MIN), Just(i64::MAX)].prop_map(Label::Int),
        strings.prop_map(Label::Str),
    ]
    .boxed()
}

/// Random named graphs, weighted (whole or fractional weights) or not, maybe with terminals.
fn arb_named_graph(words_only: bool) -> impl Strategy<Value = Graph> {
    (
        prop::collection::vec(arb_label(words_only), 1..12),
        prop::collection::vec(
            (
                any::<prop::sample::Index>(),
                any::<prop::sample::Index>(),
                1u32..40,
            ),
            0..20,
        ),
        0u8..3,
        any::<bool>(),
    )
        .prop_map(|(labels, edges, weights, terminals)| {
            let mut b = GraphBuilder::default();
            let ids: Vec<u32> = labels.iter().map(|l| b.vertex(l.clone())).collect();
            for (x, y, w) in edges {
                let (x, y) = (*x.get(&ids), *y.get(&ids));
                if x != y {
                    let w = match weights {
                        0 => 1.0,
                        1 => w as f64,
                        _ => w as f64 / 8.0,
                    };
                    b.edge(x, y, w).unwrap();
                }
            }
            if weights > 0 {
                b.set_weighted();
            }
            if terminals {
                b.set_terminals(labels.first().cloned(), labels.last().cloned());
            }
            b.finish(&Default::default()).unwrap()
        })
}

fn has_isolated(g: &Graph) -> bool {
    (0..g.vertex_count() as u32).any(|v| g.degree(v) == 0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn maze_graphs_round_trip(m in arb_maze()) {
        let g = Graph::from_maze(&m);
        for f in EXCHANGE {
            match text(f, &g) {
                Ok(t) => {
                    let back = parse(f, &t);
                    // Shape and terminals are kept too: the very same graph.
                    prop_assert_eq!(&back, &g, "{}", f);
                    prop_assert_eq!(text(f, &back).unwrap(), t);
                }
                Err(e) => {
                    prop_assert!(f == Format::Edges && has_isolated(&g), "{}: {}", f, e);
                    prop_assert!(e.to_string().contains("isolated vertex"));
                }
            }
        }
    }

    #[test]
    fn named_graphs_round_trip(g in arb_named_graph(false)) {
        for f in [Format::GraphMl, Format::Gml] {
            match text(f, &g) {
                Ok(t) => {
                    let back = parse(f, &t);
                    prop_assert_eq!(&back, &g, "{}\n{}", f, t);
                }
                // Strings such as "1,2" read back as coordinates: refused, never written.
                Err(e) => prop_assert!(e.to_string().contains("would read back as"), "{}: {}", f, e),
            }
        }
    }

    #[test]
    fn named_graphs_round_trip_as_edge_lists(g in arb_named_graph(true)) {
        match text(Format::Edges, &g) {
            Ok(t) => {
                let back = parse(Format::Edges, &t);
                prop_assert_eq!(&back, &g, "{}", t);
            }
            Err(e) => {
                let e = e.to_string();
                prop_assert!(
                    (has_isolated(&g) && e.contains("isolated vertex")) || e.contains("would read back as"),
                    "{}", e
                );
            }
        }
    }
}
