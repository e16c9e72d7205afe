//! PNG decode and encode of maze-sized images.
//!
//! The mazes are generated here (a randomized depth-first perfect maze, 2001×2001 and
//! 4001×4001 cells, like the well-known perfect2k/perfect4k images), so the bench needs no
//! data files. When `MAZEGRAPH_SHARED` names the project's shared folder, the real
//! `mazes/pound/perfect2k.png` and `perfect4k.png` are benched too.
//!
//! Run: `cargo bench --bench png` (add `MAZEGRAPH_SHARED=../shared`, the shared folder, for
//! the real images).

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

    // The image data of a solution picture (4-bit palette, one pixel per cell): our parallel
    // Huffman deflate (format::deflate) against the png crate's fast mode on the same rows.
    let maze = perfect_maze(2000, 0x5eed_2000);
    let sol = mazegraph::solve::solve(&maze, mazegraph::solve::Method::DeadEnd).unwrap();
    let mut solved = Vec::new();
    mazegraph::solve::render::write_png(&maze, &sol, &mut solved).unwrap();
    let mut dec = ::png::Decoder::new(std::io::Cursor::new(&solved))
        .read_info()
        .unwrap();
    let mut raw = vec![0; dec.output_buffer_size().unwrap()];
    let info = dec.next_frame(&mut raw).unwrap();
    let (w, h, line) = (info.width, info.height, info.line_size);
    let ours = |out: &mut Vec<u8>| {
        let mut enc = ::png::Encoder::new(out, w, h);
        enc.set_color(::png::ColorType::Indexed);
        enc.set_depth(::png::BitDepth::Four);
        enc.set_palette(vec![0; 18]);
        let mut writer = enc.write_header().unwrap();
        let mut data = mazegraph::format::deflate::ImageData::new(&mut writer, line);
        data.write_rows(0..h as usize, |y, row| {
            row.copy_from_slice(&raw[y * line..(y + 1) * line])
        })
        .unwrap();
        data.finish().unwrap();
        writer.finish().unwrap();
    };
    let fast = |out: &mut Vec<u8>| {
        let mut enc = ::png::Encoder::new(out, w, h);
        enc.set_color(::png::ColorType::Indexed);
        enc.set_depth(::png::BitDepth::Four);
        enc.set_palette(vec![0; 18]);
        enc.set_compression(::png::Compression::Fast);
        let mut writer = enc.write_header().unwrap();
        writer.write_image_data(&raw).unwrap();
        writer.finish().unwrap();
    };
    let mut data = c.benchmark_group("solution_image_data_4001");
    data.sample_size(20)
        .measurement_time(Duration::from_secs(3))
        .throughput(Throughput::Bytes(raw.len() as u64));
    for (name, f) in [
        ("huffman_parallel", &ours as &dyn Fn(&mut Vec<u8>)),
        ("png_fast", &fast),
    ] {
        let mut out = Vec::new();
        f(&mut out);
        eprintln!(
            "solution 4001² via {name}: {} bytes of rows, {} bytes of PNG",
            raw.len(),
            out.len()
        );
        data.bench_function(name, |b| {
            b.iter(|| {
                out.clear();
                f(&mut out);
                out.len()
            })
        });
    }
    data.finish();
}

criterion_group!(benches, bench_png);
criterion_main!(benches);
