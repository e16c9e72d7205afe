//! Statistics speed: `stats::maze_stats` (cell graph, degrees, components, solution, branches,
//! room lattice) and the tree view, on a 2000×2000-room backtracker maze (4001² = 16 M cells)
//! and a 1000×1000-room one with loops; throughput in cells per second.
//!
//! Run: `cargo bench --bench stats`.

mod common;
use common::*;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use mazegraph::stats::{cell_graph_stats, maze_stats, tree::write_tree_dot};
use mazegraph::Graph;
use std::hint::black_box;
use std::time::Duration;

fn bench_stats(c: &mut Criterion) {
    let dfs2k = perfect_maze(2000, 0x5eed_2000);
    let loops1k = maze_with_loops(1000, 100_000, 7);

    let mut group = c.benchmark_group("stats");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for (name, maze) in [("dfs4001", &dfs2k), ("loops2001", &loops1k)] {
        group.throughput(Throughput::Elements(maze.grid().len() as u64));
        group.bench_with_input(BenchmarkId::new("maze_stats", name), maze, |b, m| {
            b.iter(|| maze_stats(black_box(m)))
        });
        let graph = Graph::from_maze(maze);
        group.bench_with_input(BenchmarkId::new("on_cell_graph", name), &graph, |b, g| {
            b.iter(|| cell_graph_stats(black_box(g), None))
        });
        group.bench_with_input(BenchmarkId::new("tree_dot", name), &graph, |b, g| {
            b.iter(|| {
                let mut out = Vec::with_capacity(1 << 24);
                write_tree_dot(black_box(g), &mut out).unwrap();
                out.len()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_stats);
criterion_main!(benches);
