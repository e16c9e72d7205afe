//! Solving speed: dead-end filling alone, every method, and PNG → solved PNG end to end.
//!
//! Mazes are generated here: randomized depth-first perfect mazes (2001² and 4001² cells)
//! and a braid made from one by opening a wall in twenty. When `MAZEGRAPH_SHARED` names the
//! project's shared folder, the real `mazes/pound/perfect2k.png` and `perfect4k.png` are
//! benched end to end too.
//!
//! Run: `cargo bench --bench solve` (add `MAZEGRAPH_SHARED=/work/shared` for the real images).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use mazegraph::format::{png, ReadOptions};
use mazegraph::grid::{Grid, Shape};
use mazegraph::solve::{dead_end, render, solve, Method};
use mazegraph::Maze;
use std::hint::black_box;
use std::time::Duration;

/// A small xorshift generator: the bench needs repeatable randomness, not quality.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A perfect maze of `rooms`×`rooms` rooms by iterative randomized depth-first search, with an
/// opening on the top and bottom rows.
fn perfect_maze(rooms: usize, seed: u64) -> Maze {
    let side = 2 * rooms + 1;
    let mut grid = Grid::walls(Shape::new(vec![side, side]).unwrap());
    let mut visited = vec![false; rooms * rooms];
    let mut rng = XorShift(seed | 1);
    let cell = |r: usize, c: usize| (2 * r + 1) * side + 2 * c + 1;
    let mut stack = vec![0usize];
    visited[0] = true;
    grid.set_path(cell(0, 0), true);
    while let Some(&room) = stack.last() {
        let (r, c) = (room / rooms, room % rooms);
        let mut next = [0usize; 4];
        let mut n = 0;
        for (ok, to) in [
            (r > 0, room.wrapping_sub(rooms)),
            (r + 1 < rooms, room + rooms),
            (c > 0, room.wrapping_sub(1)),
            (c + 1 < rooms, room + 1),
        ] {
            if ok && !visited[to] {
                next[n] = to;
                n += 1;
            }
        }
        if n == 0 {
            stack.pop();
            continue;
        }
        let to = next[rng.below(n)];
        visited[to] = true;
        grid.set_path((cell(r, c) + cell(to / rooms, to % rooms)) / 2, true);
        grid.set_path(cell(to / rooms, to % rooms), true);
        stack.push(to);
    }
    grid.set_path(1, true);
    grid.set_path(side * side - 2, true);
    Maze::new(grid)
}

/// The maze with one interior wall in `one_in` opened between two rooms: cycles everywhere.
fn braided(mut maze: Maze, one_in: usize, seed: u64) -> Maze {
    let side = maze.shape().dims()[0];
    let mut rng = XorShift(seed | 1);
    for r in 1..side - 1 {
        for c in 1..side - 1 {
            // walls between two rooms: one coordinate odd, the other even
            if (r + c) % 2 == 1 && rng.below(one_in) == 0 {
                maze.grid_mut().set_path(r * side + c, true);
            }
        }
    }
    maze
}

fn bench_solve(c: &mut Criterion) {
    let dfs2k = perfect_maze(1000, 0x5eed_1000);
    let dfs4k = perfect_maze(2000, 0x5eed_2000);
    let braid2k = braided(dfs2k.clone(), 20, 7);

    let mut fill = c.benchmark_group("dead_end_fill");
    fill.sample_size(10)
        .measurement_time(Duration::from_secs(3));
    for (name, maze) in [
        ("dfs2001", &dfs2k),
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
