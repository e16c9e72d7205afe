//! Conversion speed: the cell graph and the junction graph of a maze, and the graph writers,
//! on generated perfect mazes of 2001² and 4001² cells (the size of the well-known
//! perfect2k/perfect4k images). End-to-end CLI figures against the PNG decode+encode floor
//! come from `scripts/bench_cli.py convert`.
//!
//! Run: `cargo bench --bench convert`.

mod common;
use common::*;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use mazegraph::format::Format;
use mazegraph::junction::junction_graph;
use mazegraph::{Graph, Maze};
use std::hint::black_box;
use std::time::Duration;

fn bench_convert(c: &mut Criterion) {
    let mazes: Vec<(String, Maze)> = [1000, 2000]
        .into_iter()
        .map(|r| (format!("{0}x{0}", 2 * r + 1), perfect_maze(r, r as u64)))
        .collect();
    let mut g = c.benchmark_group("graph");
    g.sample_size(10).measurement_time(Duration::from_secs(4));
    for (name, maze) in &mazes {
        g.throughput(Throughput::Elements(maze.grid().len() as u64));
        g.bench_with_input(BenchmarkId::new("cells", name), maze, |b, m| {
            b.iter(|| Graph::from_maze(black_box(m)))
        });
        g.bench_with_input(BenchmarkId::new("junctions", name), maze, |b, m| {
            b.iter(|| junction_graph(black_box(m)))
        });
    }
    g.finish();
    let mut w = c.benchmark_group("write");
    w.sample_size(10).measurement_time(Duration::from_secs(4));
    for (name, maze) in &mazes {
        let cells = Graph::from_maze(maze);
        let junctions = junction_graph(maze);
        w.throughput(Throughput::Elements(maze.grid().len() as u64));
        for (format, graph, what) in [
            (Format::Adj, &cells, "adj"),
            (Format::Dot, &junctions, "junctions-dot"),
            (Format::GraphJson, &cells, "graph-json"),
        ] {
            let mut out = Vec::new();
            w.bench_with_input(BenchmarkId::new(what, name), graph, |b, g| {
                b.iter(|| {
                    out.clear();
                    format.write_graph(black_box(g), &mut out).unwrap();
                    out.len()
                })
            });
        }
    }
    w.finish();
}

criterion_group!(benches, bench_convert);
criterion_main!(benches);
