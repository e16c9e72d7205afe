//! Generation speed in rooms per second: every fast generator on 5000×5000 rooms (25 M),
//! the slow random-walk ones on 1000×1000, a 3-D box, and the rows of a huge maze. Run with `cargo bench --bench
//! generate`; set `MAZEGRAPH_BENCH_SIDE` to change the big side.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use mazegraph::generate::{carve, rng_from_seed, Algorithm, Lattice, Pick};
use std::time::Duration;

fn bench(c: &mut Criterion) {
    let side: usize = std::env::var("MAZEGRAPH_BENCH_SIDE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5000);
    let mut group = c.benchmark_group("generate");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(100));
    group.measurement_time(Duration::from_secs(10));
    let fast = [
        Algorithm::Backtracker,
        Algorithm::Kruskal,
        Algorithm::Prim,
        Algorithm::Bfs,
        Algorithm::Growth,
        Algorithm::Eller,
        Algorithm::HuntAndKill,
        Algorithm::GrowingTree(Pick::Newest),
        Algorithm::GrowingTree(Pick::Random),
        Algorithm::BinaryTree,
        Algorithm::Sidewinder,
        Algorithm::Division,
        Algorithm::WallRemoval,
    ];
    let cases: Vec<(Algorithm, Vec<usize>)> = fast
        .iter()
        .map(|&a| (a, vec![side, side]))
        .chain([
            (Algorithm::Wilson, vec![side / 5, side / 5]),
            (Algorithm::AldousBroder, vec![side / 5, side / 5]),
            (
                Algorithm::Backtracker,
                vec![side / 20, side / 20, side / 20],
            ),
            (Algorithm::Kruskal, vec![side / 20, side / 20, side / 20]),
        ])
        .collect();
    for (algorithm, dims) in cases {
        let lat = Lattice::new(&dims, &Default::default()).expect("bench size");
        group.throughput(Throughput::Elements(lat.room_count() as u64));
        let id = format!(
            "{}{}",
            algorithm.name(),
            match algorithm {
                Algorithm::GrowingTree(Pick::Random) => "-random",
                _ => "",
            }
        );
        let size = dims
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join("x");
        group.bench_with_input(BenchmarkId::new(id, size), &lat, |b, lat| {
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                carve(algorithm, lat, &mut rng_from_seed(seed)).expect("carves")
            })
        });
    }
    group.finish();

    // Huge mazes: the rows of a 4000×4000-room maze stitched from 256² blocks (every core),
    // packed as 1-bit PNG rows; nothing written.
    let mut huge = c.benchmark_group("huge_rows");
    huge.sample_size(10)
        .measurement_time(Duration::from_secs(5));
    let spec = mazegraph::generate::huge::Huge {
        rooms: [4000, 4000],
        block: mazegraph::generate::huge::DEFAULT_BLOCK,
        algorithm: Algorithm::Backtracker,
        seed: 1,
    };
    huge.throughput(Throughput::Elements(16_000_000));
    huge.bench_function("backtracker_4000x4000", |b| {
        b.iter(|| {
            let mut rows = 0usize;
            mazegraph::generate::huge::for_each_row(&spec, |_| {
                rows += 1;
                Ok(())
            })
            .unwrap();
            rows
        })
    });
    huge.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
