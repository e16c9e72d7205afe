//! What the fuzz targets check, shared by all of them.
//!
//! - [`read`]: any bytes given to a reader give an error or an item that satisfies the model's
//!   invariants (sorted vertices, sorted symmetric neighbour lists without self-loops,
//!   terminals and portals on path cells).
//! - [`roundtrip`]: read → convert → write → read gives back an equal item.
//! - [`read_game`], [`roundtrip_game`]: the same for games (PGSolver, game JSON, game DOT).
//!
//! A panic (failed check, or any panic inside the library), a hang or an allocation past
//! libFuzzer's memory limit is a finding.

use mazegraph::convert::{to_graph, to_maze, GraphKind};
use mazegraph::format::{Format, Holds, Item, ReadOptions};
use mazegraph::game::format::GameFormat;
use mazegraph::game::Game;
use mazegraph::graph::{Graph, GraphBuilder, Label, Vertices};
use mazegraph::grid::Limits;
use mazegraph::layout::Layout;
use mazegraph::{Error, Maze};

/// The readers' limit while fuzzing: 2²⁴ cells (2 MiB of grid bits), so that a header that
/// asks for more must be refused before allocation, and what is allowed stays fast.
pub const READ_LIMITS: Limits = Limits::cells(1 << 24);

/// The round trip's limit: small, since conversions may turn a tiny graph into a maze as
/// large as this (and the maze is then written out in full).
pub const ROUNDTRIP_LIMITS: Limits = Limits::cells(1 << 16);

/// Reads `data` as `format`; checks the result's invariants when it is read.
pub fn read(format: Format, data: &[u8]) {
    let opts = ReadOptions {
        limits: READ_LIMITS,
        ..Default::default()
    };
    match format.read(data, &opts) {
        Ok(item) => check_item(&item),
        Err(e) => check_error(&e),
    }
}

/// Reads `data` as a generator mask (a PNG, one pixel per room).
pub fn read_mask(data: &[u8]) {
    match mazegraph::generate::mask::Mask::from_png(data, &READ_LIMITS) {
        Ok(mask) => {
            assert!(mask.shape().len() as u64 <= READ_LIMITS.max_cells);
            assert_eq!(mask.bits().len(), mask.shape().len());
        }
        Err(e) => check_error(&e),
    }
}

/// An error must print (formatting must not panic) and be non-empty.
fn check_error(e: &Error) {
    assert!(!e.to_string().is_empty(), "empty error message: {e:?}");
}

/// Checks the invariants of a maze or graph read from a file.
pub fn check_item(item: &Item) {
    match item {
        Item::Maze(m) => check_maze(m),
        Item::Graph(g) => check_graph(g),
    }
}

fn check_maze(m: &Maze) {
    assert!(m.validate().is_ok(), "reader returned an invalid maze");
    assert_eq!(m.grid().bits().len(), m.shape().len());
    if let Some((s, g)) = m.terminals() {
        assert!(s != g && m.grid().is_path(s) && m.grid().is_path(g));
    }
}

fn check_graph(g: &Graph) {
    let n = g.vertex_count();
    assert!(n <= u32::MAX as usize);
    let mut prev = None;
    let mut entries = 0usize;
    for v in 0..n as u32 {
        let label = g.label(v);
        if let Some(p) = prev.replace(label.clone()) {
            assert!(p < label, "vertices not strictly sorted: {p} then {label}");
        }
        if let Some(c) = g.cell(v) {
            let shape = g.shape().expect("cell vertices have a shape");
            assert!(c < shape.len(), "cell {c} outside its shape");
        }
        assert_eq!(g.find(&label), Some(v), "find({label}) is not {v}");
        let ns = g.neighbours(v);
        entries += ns.len();
        assert!(ns.windows(2).all(|w| w[0] < w[1]), "unsorted neighbours");
        for (k, &u) in ns.iter().enumerate() {
            assert!((u as usize) < n, "neighbour out of range");
            assert!(u != v, "self-loop");
            let back = g.neighbours(u);
            let Ok(pos) = back.binary_search(&v) else {
                panic!("edge {v} -> {u} has no reverse")
            };
            if let (Some(w), Some(wb)) = (g.neighbour_weights(v), g.neighbour_weights(u)) {
                assert_eq!(w.len(), ns.len());
                assert!(w[k] > 0.0, "zero weight");
                assert_eq!(w[k], wb[pos], "asymmetric weight");
            }
        }
    }
    assert_eq!(entries, 2 * g.edge_count());
    for t in [g.start(), g.goal()].into_iter().flatten() {
        assert!((t as usize) < n, "terminal out of range");
    }
}

/// The writable formats the round trip picks from (input: low 3 bits of the first byte; output: the
/// next 3 bits). Eight fit; edge lists are left out (`read_edges` fuzzes their reader; their
/// writer refuses graphs with an isolated vertex, common among fuzzed mazes).
const FORMATS: [Format; 8] = [
    Format::Png,
    Format::Txt,
    Format::Json,
    Format::Adj,
    Format::GraphJson,
    Format::Dot,
    Format::GraphMl,
    Format::Gml,
];

/// Reads `data[1..]` in the format picked by `data[0]`, converts it to the output format's
/// kind (maze or graph), writes it, reads it back and checks that it is equal: the same
/// maze (same grid for PNG, which keeps no terminals or portals), or the same graph (same
/// labels, edges and weights).
pub fn roundtrip(data: &[u8]) {
    let [sel, rest @ ..] = data else { return };
    let from = FORMATS[(sel & 7) as usize % FORMATS.len()];
    let to = FORMATS[((sel >> 3) & 7) as usize % FORMATS.len()];
    let opts = ReadOptions {
        limits: ROUNDTRIP_LIMITS,
        ..Default::default()
    };
    let Ok(item) = from.read(rest, &opts) else {
        return;
    };
    check_item(&item);
    let mut out = Vec::new();
    match to.holds() {
        Holds::Graph => {
            let Ok(g) = to_graph(&item, GraphKind::Cells, &opts.limits) else {
                return;
            };
            check_graph(&g);
            if to == Format::Dot && dot_reads_a_name_back_otherwise(&g) {
                return;
            }
            match to.write_graph(&g, &mut out) {
                Ok(()) => {}
                Err(Error::Unsupported(_)) => return,
                Err(e) => panic!("writing {to} failed: {e}"),
            }
            let back = reread(to, &out);
            let Item::Graph(g2) = back else {
                panic!("{to} read back as a maze")
            };
            if let Some(d) = g.difference(&g2) {
                panic!(
                    "{from} -> {to} -> read: {d}\n{}",
                    String::from_utf8_lossy(&out)
                );
            }
            assert_eq!(
                g.is_weighted(),
                g2.is_weighted(),
                "{to} lost or invented weights"
            );
        }
        Holds::Maze => {
            let Ok(m) = to_maze(item, Layout::Auto, &opts.limits) else {
                return;
            };
            check_maze(&m);
            match to.write_maze(&m, &mut out) {
                Ok(()) => {}
                Err(Error::Unsupported(_)) => return,
                Err(e) => panic!("writing {to} failed: {e}"),
            }
            let back = reread(to, &out);
            let Item::Maze(m2) = back else {
                panic!("{to} read back as a graph")
            };
            if to == Format::Png {
                assert_eq!(
                    m.grid(),
                    m2.grid(),
                    "{from} -> png -> read changed the grid"
                );
            } else {
                assert_eq!(m, m2, "{from} -> {to} -> read changed the maze");
            }
        }
    }
}

/// True when the graph has a string name that DOT reads back as something else: DOT quotes
/// string names, and a quoted id that looks like an integer or a tuple reads as one (a
/// limitation `format::dot` documents). Decided by the writer and reader themselves.
fn dot_reads_a_name_back_otherwise(g: &Graph) -> bool {
    let Vertices::Names(names) = g.vertices() else {
        return false;
    };
    names.iter().any(|l| {
        let Label::Str(_) = l else { return false };
        let mut b = GraphBuilder::default();
        b.vertex(l.clone());
        let Ok(one) = b.finish(&Limits::default()) else {
            return true;
        };
        let mut out = Vec::new();
        if Format::Dot.write_graph(&one, &mut out).is_err() {
            return true;
        }
        match Format::Dot.read(&out, &ReadOptions::default()) {
            Ok(Item::Graph(back)) => back.vertex_count() != 1 || back.label(0) != *l,
            _ => true,
        }
    })
}

/// Reads back what a writer wrote; it must read.
fn reread(to: Format, out: &[u8]) -> Item {
    // The written item may be larger than the input (a graph's maze), never past the limit
    // the conversion was held to; allow it all the same.
    let opts = ReadOptions {
        limits: Limits::cells(1 << 26),
        ..Default::default()
    };
    match to.read(out, &opts) {
        Ok(item) => {
            check_item(&item);
            item
        }
        Err(e) => panic!(
            "{to} cannot read its own output: {e}\n{}",
            String::from_utf8_lossy(&out[..out.len().min(2000)])
        ),
    }
}

/// Reads `data` as a game in `format`; checks the result's invariants when it is read.
pub fn read_game(format: GameFormat, data: &[u8]) {
    let opts = ReadOptions {
        limits: READ_LIMITS,
        ..Default::default()
    };
    match format.read(data, &opts) {
        Ok(game) => check_game(&game),
        Err(e) => check_error(&e),
    }
}

/// A game's successor and predecessor lists are sorted, in range and mirror each other.
fn check_game(g: &Game) {
    let n = g.vertex_count();
    assert!(n as u64 <= READ_LIMITS.max_cells);
    let mut edges = 0;
    for v in 0..n as u32 {
        let succ = g.successors(v);
        edges += succ.len();
        assert!(succ.windows(2).all(|w| w[0] < w[1]), "unsorted successors");
        for &w in succ {
            assert!((w as usize) < n, "successor out of range");
            assert!(
                g.predecessors(w).binary_search(&v).is_ok(),
                "{v} -> {w} not mirrored"
            );
        }
        for &u in g.predecessors(v) {
            assert!(g.has_edge(u, v), "{u} <- {v} not mirrored");
        }
        let _ = (g.owner(v), g.priority(v), g.name(v));
    }
    assert_eq!(edges, g.edge_count());
    if let Some(s) = g.start() {
        assert!((s as usize) < n, "start out of range");
    }
}

/// Reads `data[1..]` as a game in the format picked by `data[0]` (low bits), writes it in the
/// format picked by the next bits, reads it back: it must be the same game (for pg, the game
/// with its dead ends routed to sinks, as pg writes it).
pub fn roundtrip_game(data: &[u8]) {
    let [sel, rest @ ..] = data else { return };
    let all = GameFormat::ALL;
    let from = all[(sel & 3) as usize % all.len()];
    let to = all[((sel >> 2) & 3) as usize % all.len()];
    let opts = ReadOptions {
        limits: ROUNDTRIP_LIMITS,
        ..Default::default()
    };
    let Ok(game) = from.read(rest, &opts) else {
        return;
    };
    check_game(&game);
    let mut out = Vec::new();
    match to.write(&game, &mut out) {
        Ok(()) => {}
        Err(Error::Unsupported(_)) => return,
        Err(e) => panic!("writing {to} failed: {e}"),
    }
    let opts = ReadOptions {
        limits: Limits::cells(1 << 26),
        ..Default::default()
    };
    let back = match to.read(&out, &opts) {
        Ok(g) => g,
        Err(e) => panic!(
            "{to} cannot read its own output: {e}\n{}",
            String::from_utf8_lossy(&out[..out.len().min(2000)])
        ),
    };
    // pg routes vertices without successors to sinks where their owner loses (pg::total).
    let want = match to {
        GameFormat::Pg => match mazegraph::game::format::pg::total(&game) {
            Ok(t) => t.into_owned(),
            Err(e) => panic!("pg::total failed after writing: {e}"),
        },
        _ => game,
    };
    assert_eq!(want, back, "{from} -> {to} -> read changed the game");
}
