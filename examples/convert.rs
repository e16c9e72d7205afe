//! Convert mazes to graphs: a PNG maze and the seed's text maze become the seed's adjacency
//! list (a Python dict literal) and Graphviz DOT (the cell graph, and the much smaller
//! junction graph with edge lengths); the adjacency list is read back and checked equal to
//! the maze ("two mazes are equal iff they have the same graph").
//!
//! Run: `cargo run --example convert [OUT_DIR]` (default: `$TMPDIR/mazegraph-examples`).

use mazegraph::junction::junction_graph;
use mazegraph::{Graph, Maze};
use std::error::Error;
use std::path::Path;

mod common;
use common::*;

fn main() -> Result<(), Box<dyn Error>> {
    let out = out_dir()?;
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    for name in ["perfect15x20.png", "seed.txt"] {
        // The format comes from the extension, when reading and when saving.
        let maze = Maze::open(data.join(name))?;
        let graph = Graph::from_maze(&maze);
        let junctions = junction_graph(&maze);
        let stem = name.split('.').next().unwrap_or(name);

        let adj = out.join(format!("{stem}.adj"));
        graph.save(&adj)?;
        graph.save(out.join(format!("{stem}.dot")))?;
        junctions.save(out.join(format!("{stem}.junctions.dot")))?;

        // Back from the adjacency list: the same graph, hence an equal maze.
        let back = Graph::open(&adj)?;
        if let Some(diff) = graph.difference(&back) {
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
