//! Convert mazes to graphs: a PNG maze and the seed's text maze become the seed's adjacency
//! list (a Python dict literal) and Graphviz DOT (the cell graph, and the much smaller
//! junction graph with edge lengths); the adjacency list is read back and checked equal to
//! the maze ("two mazes are equal iff they have the same graph").
//!
//! Run: `cargo run --example convert [OUT_DIR]` (default: `$TMPDIR/mazegraph-examples`).

use mazegraph::convert::difference;
use mazegraph::format::{Format, Item, ReadOptions};
use mazegraph::junction::junction_graph;
use mazegraph::Graph;
use std::error::Error;
use std::path::Path;

mod common;
use common::*;

fn main() -> Result<(), Box<dyn Error>> {
    let out = out_dir()?;
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let opts = ReadOptions::default();
    for name in ["perfect15x20.png", "seed.txt"] {
        let path = data.join(name);
        // The format comes from the extension; reading gives a maze (or a graph).
        let item = Format::from_path(&path)?.read(&std::fs::read(&path)?, &opts)?;
        let Item::Maze(maze) = &item else {
            return Err(format!("{name} is not a maze").into());
        };
        let graph = Graph::from_maze(maze);
        let junctions = junction_graph(maze);
        let stem = name.split('.').next().unwrap_or(name);

        let mut adj = Vec::new();
        Format::Adj.write_graph(&graph, &mut adj)?;
        std::fs::write(out.join(format!("{stem}.adj")), &adj)?;
        let mut dot = Vec::new();
        Format::Dot.write_graph(&graph, &mut dot)?;
        std::fs::write(out.join(format!("{stem}.dot")), &dot)?;
        let mut jdot = Vec::new();
        Format::Dot.write_graph(&junctions, &mut jdot)?;
        std::fs::write(out.join(format!("{stem}.junctions.dot")), &jdot)?;

        // Back from the adjacency list: the same graph, hence an equal maze.
        let back = Format::Adj.read(&adj, &opts)?;
        if let Some(diff) = difference(&item, &back, &opts.limits)? {
            return Err(format!("{name}: the adjacency list differs: {diff}").into());
        }
        println!(
            "{name}: {} cells, graph of {} vertices and {} edges, junction graph of {} \
             vertices (total length {}); {stem}.adj reads back equal",
            maze.shape().len(),
            graph.vertex_count(),
            graph.edge_count(),
            junctions.vertex_count(),
            junctions.total_weight(),
        );
    }
    // The seed's own example, printed as the seed prints it.
    let seed = std::fs::read_to_string(out.join("seed.adj"))?;
    println!("seed.txt as an adjacency list: {}", seed.trim_end());
    println!("written to {}", out.display());
    Ok(())
}
