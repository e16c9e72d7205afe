//! Game engine benchmarks: the attractor against a plain backward breadth-first search over
//! the same predecessor lists, on a random game of 10 M vertices and 40 M edges and on the
//! oriented 15001×15001 maze; reading a PGSolver file of 500 000 edges; the parity solvers
//! (tangle learning, priority promotion, the default, and Zielonka's algorithm) on the recursive
//! ladder, on a random game and on the shared SYNTCOMP game genbuf2 when `MAZEGRAPH_SHARED`
//! names the project's shared folder (`MAZEGRAPH_SHARED=../shared`); the wolf-and-sheep arena
//! of a maze (`GAME_BENCH_ONLY=arena`).
//!
//! `cargo bench --bench game` (about 10 minutes and 6 GB of memory); each group prints, before
//! criterion's figures, the best of 7 interleaved runs of the attractor and the BFS. Set `GAME_BENCH_SMALL=1`
//! for a quick run on games a hundred times smaller.

mod common;
use common::*;
#[path = "../tests/common/families.rs"]
mod families;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use mazegraph::game::arena::{Arena, Pursuit, Rules};
use mazegraph::game::format::pg;
use mazegraph::game::{attractor, orient, solve_parity, Game, ParityAlgorithm, Player};
use mazegraph::grid::Limits;
use std::hint::black_box;
use std::time::{Duration, Instant};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        ((self.next() >> 32) * n) >> 32
    }
}

/// `GAME_BENCH_ONLY=random|maze|pg|parity|arena` runs one group's set-up and measurements only.
fn only(group: &str) -> bool {
    std::env::var("GAME_BENCH_ONLY").map_or(true, |g| g == group)
}

fn small() -> bool {
    std::env::var_os("GAME_BENCH_SMALL").is_some()
}

/// A random game: `n` vertices, `m` edges with uniform random ends, owners by coin flip (or
/// all player 0), no priorities.
fn random_game(n: usize, m: usize, one_player: bool, seed: u64) -> Game {
    let mut r = Rng(seed);
    let owners = (0..n)
        .map(|_| {
            if one_player || r.below(2) == 0 {
                Player::Zero
            } else {
                Player::One
            }
        })
        .collect();
    let edges: Vec<(u32, u32)> = (0..m)
        .map(|_| (r.below(n as u64) as u32, r.below(n as u64) as u32))
        .collect();
    Game::new(owners, vec![0; n], &edges).expect("a valid game")
}

/// The reference point: a plain backward BFS from `target` over the same predecessor rows,
/// with a visited bitmap. Returns the number of vertices reached.
fn backward_bfs(game: &Game, target: &[u32]) -> usize {
    let (off, pred) = game.predecessor_csr();
    let mut seen = vec![0u64; game.vertex_count().div_ceil(64)];
    let mut queue: Vec<u32> = Vec::with_capacity(game.vertex_count());
    for &t in target {
        let (w, b) = (t as usize / 64, t as usize % 64);
        if seen[w] & (1 << b) == 0 {
            seen[w] |= 1 << b;
            queue.push(t);
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head] as usize;
        head += 1;
        for &u in &pred[off[v] as usize..off[v + 1] as usize] {
            let (w, b) = (u as usize / 64, u as usize % 64);
            if seen[w] & (1 << b) == 0 {
                seen[w] |= 1 << b;
                queue.push(u);
            }
        }
    }
    queue.len()
}

/// Interleaved runs of `a` and `b` (so that load from other processes hits both alike); prints
/// the best time of each and their ratio.
fn side_by_side(
    what: &str,
    reps: usize,
    mut a: impl FnMut() -> usize,
    mut b: impl FnMut() -> usize,
) {
    let (mut ta, mut tb) = (f64::MAX, f64::MAX);
    for _ in 0..reps {
        let t = Instant::now();
        black_box(a());
        ta = ta.min(t.elapsed().as_secs_f64());
        let t = Instant::now();
        black_box(b());
        tb = tb.min(t.elapsed().as_secs_f64());
    }
    eprintln!(
        "  {what}: attractor {:.1} ms, backward BFS {:.1} ms, ratio {:.2} (best of {reps}, interleaved)",
        ta * 1e3,
        tb * 1e3,
        ta / tb
    );
}

fn timed<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let t = Instant::now();
    let out = f();
    eprintln!("  {what}: {:.2} s", t.elapsed().as_secs_f64());
    out
}

fn bench_random(c: &mut Criterion) {
    if !only("random") {
        return;
    }
    let (n, m) = if small() {
        (100_000, 400_000)
    } else {
        (10_000_000, 40_000_000)
    };
    let mut group = c.benchmark_group(format!("random_game_{n}v_{m}e"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8));
    for one_player in [false, true] {
        let game = timed("build the random game", || {
            random_game(n, m, one_player, 0x5eed)
        });
        let mut r = Rng(7);
        let target: Vec<u32> = (0..n / 1000).map(|_| r.below(n as u64) as u32).collect();
        let a = attractor(&game, Player::Zero, &target).expect("targets exist");
        let reached = backward_bfs(&game, &target);
        eprintln!(
            "  {} owners: attractor {} vertices (max rank {}), backward BFS reaches {}",
            if one_player { "all-0" } else { "mixed" },
            a.len(),
            a.max_rank(),
            reached
        );
        drop(a);
        side_by_side(
            if one_player {
                "one player"
            } else {
                "two players"
            },
            7,
            || attractor(&game, Player::Zero, &target).map_or(0, |a| a.len()),
            || backward_bfs(&game, &target),
        );
        let label = if one_player {
            "one_player"
        } else {
            "two_players"
        };
        group.bench_with_input(BenchmarkId::new("attractor", label), &target, |b, t| {
            b.iter(|| black_box(attractor(&game, Player::Zero, t).map(|a| a.len())))
        });
        group.bench_with_input(BenchmarkId::new("backward_bfs", label), &target, |b, t| {
            b.iter(|| black_box(backward_bfs(&game, t)))
        });
    }
    group.finish();
}

fn bench_maze(c: &mut Criterion) {
    if !only("maze") {
        return;
    }
    let rooms = if small() { 750 } else { 7500 };
    let maze = timed("generate the perfect maze", || perfect_maze(rooms, 0xa11ce));
    let side = 2 * rooms + 1;
    let o = timed("orient", || orient(&maze).expect("openings"));
    eprintln!(
        "  {side}×{side} maze: {} path cells, {} oriented edges, solution {} steps",
        o.game.vertex_count(),
        o.game.edge_count(),
        o.dist[o.goal as usize]
    );
    let mut group = c.benchmark_group(format!("maze_{side}x{side}"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    group.bench_function("orient", |b| {
        b.iter(|| black_box(orient(&maze).map(|o| o.game.edge_count())))
    });
    let goal = [o.goal];
    side_by_side(
        "goal",
        7,
        || attractor(&o.game, Player::Zero, &goal).map_or(0, |a| a.len()),
        || backward_bfs(&o.game, &goal),
    );
    group.bench_function("attractor_of_goal", |b| {
        b.iter(|| black_box(attractor(&o.game, Player::Zero, &goal).map(|a| a.len())))
    });
    group.bench_function("backward_bfs_from_goal", |b| {
        b.iter(|| black_box(backward_bfs(&o.game, &goal)))
    });
    // The attractor of every dead end (all cells but the solution's interior can reach one):
    // a sweep over most of the graph.
    let dead_ends: Vec<u32> = (0..o.game.vertex_count() as u32)
        .filter(|&v| o.game.out_degree(v) == 0)
        .collect();
    side_by_side(
        "dead ends",
        7,
        || attractor(&o.game, Player::Zero, &dead_ends).map_or(0, |a| a.len()),
        || backward_bfs(&o.game, &dead_ends),
    );
    group.bench_function("attractor_of_dead_ends", |b| {
        b.iter(|| black_box(attractor(&o.game, Player::Zero, &dead_ends).map(|a| a.len())))
    });
    group.bench_function("backward_bfs_from_dead_ends", |b| {
        b.iter(|| black_box(backward_bfs(&o.game, &dead_ends)))
    });
    group.finish();
}

fn bench_parse(c: &mut Criterion) {
    if !only("pg") {
        return;
    }
    let game = random_game(125_000, 500_000, false, 3);
    let mut text = Vec::new();
    pg::write(&game, &mut text).expect("in memory");
    eprintln!("  .pg of {} edges: {} bytes", game.edge_count(), text.len());
    let mut group = c.benchmark_group("pg");
    group.sample_size(20);
    group.bench_function("parse_500k_edges", |b| {
        b.iter(|| black_box(pg::parse(&text, &Limits::default()).map(|g| g.edge_count())))
    });
    // genbuf2 from the shared folder named by MAZEGRAPH_SHARED; skipped when unset or missing.
    let genbuf = std::env::var_os("MAZEGRAPH_SHARED").and_then(|shared| {
        let path = std::path::Path::new(&shared).join("games/syntcomp/genbuf2.pg");
        std::fs::read(&path)
            .map_err(|e| eprintln!("skipping genbuf2: {}: {e}", path.display()))
            .ok()
    });

    if let Some(bytes) = genbuf {
        let g = pg::parse(&bytes, &Limits::default()).expect("genbuf2 parses");
        group.bench_function("parse_genbuf2", |b| {
            b.iter(|| black_box(pg::parse(&bytes, &Limits::default()).map(|g| g.edge_count())))
        });
        for (name, algo) in ALGORITHMS {
            group.bench_function(format!("{name}_genbuf2"), |b| {
                b.iter(|| black_box(solve_parity(&g, algo).map(|s| s.len())))
            });
        }
    }
    group.finish();
}

const ALGORITHMS: [(&str, ParityAlgorithm); 3] = [
    ("tangle", ParityAlgorithm::TangleLearning),
    ("pp", ParityAlgorithm::PriorityPromotion),
    ("zielonka", ParityAlgorithm::Zielonka),
];

/// A random parity game as PGSolver's `randomgame n n 1 5`: priorities up to n, 1 to 5
/// successors.
fn random_parity_game(n: usize, seed: u64) -> Game {
    let mut r = Rng(seed);
    let owners = (0..n)
        .map(|_| {
            if r.below(2) == 0 {
                Player::Zero
            } else {
                Player::One
            }
        })
        .collect();
    let prios = (0..n).map(|_| r.below(n as u64 + 1) as u32).collect();
    let mut edges = Vec::new();
    for v in 0..n as u32 {
        for _ in 0..1 + r.below(5) {
            edges.push((v, r.below(n as u64) as u32));
        }
    }
    Game::new(owners, prios, &edges).expect("a valid game")
}

/// Both parity algorithms on the recursive ladder (Zielonka's only where it is exponential but
/// still quick: 20 levels) and on random games.
fn bench_parity(c: &mut Criterion) {
    if !only("parity") {
        return;
    }
    let mut group = c.benchmark_group("parity");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    let cases = [
        ("ladder_100", families::recursive_ladder(20), true),
        ("ladder_2000", families::recursive_ladder(400), false),
        (
            "ladder_20000",
            families::recursive_ladder(if small() { 400 } else { 4000 }),
            false,
        ),
        (
            "random_100000",
            random_parity_game(if small() { 10_000 } else { 100_000 }, 11),
            true,
        ),
    ];
    for (label, game, zielonka_too) in &cases {
        for (name, algo) in ALGORITHMS {
            if algo == ParityAlgorithm::Zielonka && !zielonka_too {
                continue;
            }
            group.bench_function(BenchmarkId::new(name, label), |b| {
                b.iter(|| black_box(solve_parity(game, algo).map(|s| s.len())))
            });
        }
    }
    group.finish();
}

/// The wolf and the sheep (`game::arena`): building the arena of a maze of 10×10 rooms with
/// loops (211 path cells, 89 042 positions) and solving it, and the 30×30-room arena once
/// (6.5 million positions; BENCHMARKS.md, "The wolf and the sheep").
fn bench_arena(c: &mut Criterion) {
    if !only("arena") {
        return;
    }
    let big = maze_with_loops(30, 90, 7);
    let won = timed("30×30 rooms with loops: arena and attractor", || {
        Pursuit::solve(&big, Rules::default(), &Limits::default()).map(|p| p.wolf_wins_count())
    });
    eprintln!("  the wolf wins from {won:?} positions");
    let maze = maze_with_loops(10, 10, 7);
    let mut group = c.benchmark_group("arena_21x21");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    group.bench_function("build", |b| {
        b.iter(|| {
            black_box(
                Arena::new(&maze, Rules::default(), &Limits::default())
                    .map(|a| a.game().edge_count()),
            )
        })
    });
    group.bench_function("build_and_solve", |b| {
        b.iter(|| {
            black_box(
                Pursuit::solve(&maze, Rules::default(), &Limits::default())
                    .map(|p| p.wolf_wins_count()),
            )
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    bench_parse,
    bench_parity,
    bench_random,
    bench_maze,
    bench_arena
);
criterion_main!(benches);
