//! Solving speed: dead-end filling alone (room to room, and cell by cell on the same maze
//! made not to be rooms and walls), every method, and PNG → solved PNG end to end.
//!
//! Mazes are generated here: randomized depth-first perfect mazes (2001² and 4001² cells)
//! and a braid made from one by opening a wall in twenty. When `MAZEGRAPH_SHARED` names the
//! project's shared folder, the real `mazes/pound/perfect2k.png` and `perfect4k.png` are
//! benched end to end too.
//!
//! Run: `cargo bench --bench solve` (add `MAZEGRAPH_SHARED=../shared`, the shared folder, for
//! the real images).

mod common;
use common::*;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use mazegraph::format::{png, ReadOptions};
use mazegraph::solve::{dead_end, render, solve, Method};
use std::hint::black_box;
use std::time::Duration;

fn bench_solve(c: &mut Criterion) {
    let dfs2k = perfect_maze(1000, 0x5eed_1000);
    let dfs4k = perfect_maze(2000, 0x5eed_2000);
    // about one interior wall in twenty opened, as a braid-like maze with cycles everywhere
    let braid2k = maze_with_loops(1000, 100_000, 7);
    // The same maze with one cell at two even coordinates opened: no longer rooms and walls,
    // so filling walks it cell by cell (the room-to-room walk against the general one).
    let mut cells2k = dfs2k.clone();
    {
        let mut grid = cells2k.grid().clone();
        grid.set_path(2 * 2001 + 2, true);
        let (s, g) = cells2k.terminals().unwrap();
        cells2k = mazegraph::Maze::new(grid);
        cells2k.set_terminals(Some(s), Some(g)).unwrap();
    }

    let mut fill = c.benchmark_group("dead_end_fill");
    fill.sample_size(10)
        .measurement_time(Duration::from_secs(3));
    for (name, maze) in [
        ("dfs2001", &dfs2k),
        ("dfs2001_cell_walk", &cells2k),
        ("dfs4001", &dfs4k),
        ("braid2001", &braid2k),
    ] {
        let (s, g) = maze.terminals().unwrap();
        fill.throughput(Throughput::Elements(maze.grid().len() as u64));
        fill.bench_with_input(BenchmarkId::from_parameter(name), maze, |b, m| {
            b.iter(|| dead_end::fill(black_box(m), &[s, g]))
        });
    }
    fill.finish();

    let mut methods = c.benchmark_group("solve_2001");
    methods
        .sample_size(10)
        .measurement_time(Duration::from_secs(2));
    for method in Method::ALL {
        for (name, maze) in [("dfs", &dfs2k), ("braid", &braid2k)] {
            methods.bench_with_input(BenchmarkId::new(method.name(), name), maze, |b, m| {
                b.iter(|| solve(black_box(m), method).unwrap())
            });
        }
    }
    methods.finish();

    // PNG bytes in, solved PNG bytes out: decode, fill, path, render.
    let mut cases: Vec<(String, Vec<u8>)> = Vec::new();
    for (name, maze) in [("dfs2001", &dfs2k), ("dfs4001", &dfs4k)] {
        let mut bytes = Vec::new();
        png::write(maze, &mut bytes).unwrap();
        cases.push((name.to_string(), bytes));
    }
    if let Ok(shared) = std::env::var("MAZEGRAPH_SHARED") {
        for name in ["perfect2k", "perfect4k"] {
            let path = std::path::Path::new(&shared).join(format!("mazes/pound/{name}.png"));
            match std::fs::read(&path) {
                Ok(bytes) => cases.push((name.to_string(), bytes)),
                Err(e) => eprintln!("skipping {}: {e}", path.display()),
            }
        }
    }
    let opts = ReadOptions::default();
    let mut e2e = c.benchmark_group("png_to_solved_png");
    e2e.sample_size(10).measurement_time(Duration::from_secs(3));
    for (name, bytes) in &cases {
        let mut out = Vec::with_capacity(bytes.len() * 4);
        e2e.bench_with_input(BenchmarkId::from_parameter(name), bytes, |b, bytes| {
            b.iter(|| {
                let maze = png::read(black_box(bytes), &opts).unwrap();
                let sol = solve(&maze, Method::DeadEnd).unwrap();
                out.clear();
                render::write_png(&maze, &sol, &mut out).unwrap();
                out.len()
            })
        });
    }
    e2e.finish();
}

criterion_group!(benches, bench_solve);
criterion_main!(benches);
