//! Rendering a 1000×1000-room maze (2001×2001 cells), generated here so the bench needs no
//! data files: PNG plain and with each overlay, and SVG, at one pixel a cell; PNG at scale 4.
//! Overlays are computed inside the timed loop (`Picture::new` then the writer), as
//! `mazegraph render` does.
//!
//! Run: `cargo bench --bench render`.

mod common;
use common::*;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use mazegraph::render::{Overlay, Picture, PictureFormat, RenderOptions};
use std::hint::black_box;
use std::time::Duration;

fn bench_render(c: &mut Criterion) {
    let maze = maze_with_loops(1000, 2000, 0x5eed_0001);
    let cells = maze.grid().len() as u64;
    let mut g = c.benchmark_group("render_1000x1000_rooms");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.throughput(Throughput::Elements(cells));
    let cases: [(&str, PictureFormat, usize, Vec<Overlay>); 7] = [
        ("png", PictureFormat::Png, 1, vec![]),
        (
            "png_solution",
            PictureFormat::Png,
            1,
            vec![Overlay::Solution],
        ),
        ("png_filled", PictureFormat::Png, 1, vec![Overlay::Filled]),
        (
            "png_attractor",
            PictureFormat::Png,
            1,
            vec![Overlay::Attractor],
        ),
        ("png_scale4", PictureFormat::Png, 4, vec![]),
        ("svg", PictureFormat::Svg, 1, vec![]),
        (
            "svg_solution",
            PictureFormat::Svg,
            1,
            vec![Overlay::Solution],
        ),
    ];
    for (name, format, scale, overlays) in cases {
        let opts = RenderOptions { scale, overlays };
        let mut out = Vec::new();
        Picture::new(&maze, &opts)
            .unwrap()
            .write(format, &mut out)
            .unwrap();
        eprintln!("{name}: {} bytes", out.len());
        g.bench_with_input(BenchmarkId::from_parameter(name), &opts, |b, opts| {
            b.iter(|| {
                let mut out = Vec::with_capacity(1 << 20);
                Picture::new(black_box(&maze), opts)
                    .unwrap()
                    .write(format, &mut out)
                    .unwrap();
                out.len()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench_render);
criterion_main!(benches);
