//! Generation speed in rooms per second: every fast generator on 5000×5000 rooms (25 M),
//! the slow random-walk ones on 1000×1000, and a 3-D box. Run with `cargo bench --bench
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
}

criterion_group!(benches, bench);
criterion_main!(benches);
