//! PNG decode and encode of maze-sized images.
//!
//! The mazes are generated here (a randomized depth-first perfect maze, 2001×2001 and
//! 4001×4001 cells, like the well-known perfect2k/perfect4k images), so the bench needs no
//! data files. When `MAZEGRAPH_SHARED` names the project's shared folder, the real
//! `mazes/pound/perfect2k.png` and `perfect4k.png` are benched too.
//!
//! Run: `cargo bench --bench png` (add `MAZEGRAPH_SHARED=/work/shared` for the real images).

mod common;
use common::*;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use mazegraph::format::{png, ReadOptions};
use mazegraph::Maze;
use std::hint::black_box;
use std::time::Duration;

fn encode(maze: &Maze) -> Vec<u8> {
    let mut out = Vec::new();
    png::write(maze, &mut out).unwrap();
    out
}

fn bench_png(c: &mut Criterion) {
    let mut cases: Vec<(String, Vec<u8>)> = Vec::new();
    for rooms in [1000, 2000] {
        let maze = perfect_maze(rooms, 0x5eed_0000 + rooms as u64);
        cases.push((format!("dfs{}", 2 * rooms + 1), encode(&maze)));
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
    let mut read = c.benchmark_group("png_read");
    read.sample_size(20)
        .measurement_time(Duration::from_secs(3));
    for (name, bytes) in &cases {
        let cells = png::read(bytes, &opts).unwrap().grid().len() as u64;
        read.throughput(Throughput::Elements(cells));
        read.bench_with_input(BenchmarkId::from_parameter(name), bytes, |b, bytes| {
            b.iter(|| png::read(black_box(bytes), &opts).unwrap())
        });
    }
    read.finish();

    let mut write = c.benchmark_group("png_write");
    write
        .sample_size(20)
        .measurement_time(Duration::from_secs(3));
    for (name, bytes) in &cases {
        let maze = png::read(bytes, &opts).unwrap();
        let size = encode(&maze).len();
        eprintln!("{name}: input {} bytes, written {size} bytes", bytes.len());
        write.throughput(Throughput::Elements(maze.grid().len() as u64));
        let mut out = Vec::with_capacity(size * 2);
        write.bench_with_input(BenchmarkId::from_parameter(name), &maze, |b, maze| {
            b.iter(|| {
                out.clear();
                png::write(black_box(maze), &mut out).unwrap();
                out.len()
            })
        });
    }
    write.finish();
}

criterion_group!(benches, bench_png);
criterion_main!(benches);
