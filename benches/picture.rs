//! Maze pictures (`mazegraph::picture`): lattice recovery against the plain one-pixel-per-cell
//! PNG reader.
//!
//! - `pixel/…`: a 2001×2001 one-pixel-per-cell 1-bit PNG read by `picture::read` (detection:
//!   the fast path and its check) and by `format::png::read` (no detection), side by side;
//! - `lines/…`: a 200×200-room maze drawn as a line maze (2 px walls, 18 px passages, a 20 px
//!   margin: 4042×4042 pixels, RGB PNG) recovered by `picture::read`, and the same picture
//!   decoded only (`format::png::decode_rgb`), to see what recovery adds to decoding.
//!
//! The mazes and pictures are made here, so the bench needs no data files.
//! Run: `cargo bench --bench picture`.

mod common;
use common::*;
use criterion::{criterion_group, criterion_main, Criterion};
use mazegraph::format::{png, ReadOptions};
use mazegraph::picture::{self, Raster};
use std::hint::black_box;
use std::time::Duration;

fn bench_picture(c: &mut Criterion) {
    let opts = ReadOptions::default();
    let mut g = c.benchmark_group("picture");
    g.sample_size(10).measurement_time(Duration::from_secs(8));

    let pixel = perfect_maze(1000, 0x5eed_0001);
    let mut one_bit = Vec::new();
    png::write(&pixel, &mut one_bit).unwrap();
    g.bench_function("pixel/2001/detect", |b| {
        b.iter(|| picture::read(black_box(&one_bit), &opts).unwrap())
    });
    g.bench_function("pixel/2001/png-read", |b| {
        b.iter(|| png::read(black_box(&one_bit), &opts).unwrap())
    });

    let maze = perfect_maze(200, 0x5eed_0002);
    let mut lines = Vec::new();
    Raster::line_maze(&maze, 2, 18, 20, [[0; 3], [255; 3], [255; 3]])
        .unwrap()
        .write_png(&mut lines)
        .unwrap();
    let read = picture::read(&lines, &opts).unwrap();
    assert_eq!(read.maze.grid(), maze.grid());
    g.bench_function("lines/4042/recover", |b| {
        b.iter(|| picture::read(black_box(&lines), &opts).unwrap())
    });
    g.bench_function("lines/4042/decode-only", |b| {
        b.iter(|| png::decode_rgb(black_box(&lines), &opts.limits).unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench_picture);
criterion_main!(benches);
