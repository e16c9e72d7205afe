//! Parity game families shared by the unit tests, the property tests and the benches (the same
//! games as `scripts/parity_families.py`), and the seeded random games of the property tests
//! and the Oink round trips.

#![allow(dead_code)] // each user takes part of this module

use mazegraph::game::{Game, Player};

/// Friedmann's recursive ladder (PGSolver's `recursiveladder`) with `levels` ≥ 2 levels:
/// 5·levels vertices, on which Zielonka's algorithm takes exponential time (see
/// `scripts/parity_families.py`).
pub fn recursive_ladder(levels: usize) -> Game {
    let height = levels.max(2) + 1;
    let n = 5 * height - 5;
    let mut owners = vec![Player::Zero; n];
    let mut prios = vec![0u32; n];
    let mut edges: Vec<(u32, u32)> = Vec::new();
    for i in 0..height {
        let base = 5 * i as i64 - 2;
        let p = 3 * (i as u32 + 1) + 2;
        let (first, last, before_last) = (i == 0, i == height - 1, i == height - 2);
        let side = i % 2;
        let rail = 1 - side as u32;
        let mut put = |j: i64, pr: u32, pl: usize, targets: &[i64]| {
            let v = (base + j) as usize;
            prios[v] = pr;
            owners[v] = if (side + pl).is_multiple_of(2) {
                Player::Zero
            } else {
                Player::One
            };
            for &t in targets {
                edges.push((v as u32, (base + t) as u32));
            }
        };
        if !first {
            put(0, rail, 1, &[-2, 1]);
            put(1, rail, 0, if last { &[0] } else { &[0, 2] });
        }
        if !last {
            put(2, p, 1, &[6, 3]);
            let mut t = Vec::new();
            if !first {
                t.push(-2);
            }
            if !before_last {
                t.push(8);
            }
            t.push(4);
            put(3, p - 1, 0, &t);
            put(4, p - 2, 1, &[3, 6]);
        }
    }
    Game::new(owners, prios, &edges).expect("a valid game")
}

/// Jurdziński's game of height `h` ≥ 1 and width `w` ≥ 1 (PGSolver's `jurdzinskigame h w`,
/// as `scripts/parity_families.py jurdzinski` writes it): 2w+1 + (h−1)(3w+1) vertices, level
/// by level; level 0 alternates L(0,j) (player 0, priority 0) and R(0,j) (player 1, priority
/// 1), level i ≥ 1 has L(i,j) (player 1, 2i), A(i,j) (player 0, 2i+1) and R(i,j) (player 0,
/// 2i). Priority promotion and tangle learning redo whole regions on it; fixpoint iteration
/// with justifications does not.
pub fn jurdzinski(h: usize, w: usize) -> Game {
    let (h, w) = (h.max(1), w.max(1));
    // Vertex ids level by level: L(i,j) [A(i,j)] R(i,j) for j < w, then L(i,w).
    let per = |i: usize| if i == 0 { 2 * w + 1 } else { 3 * w + 1 };
    let base = |i: usize| {
        if i == 0 {
            0
        } else {
            2 * w + 1 + (i - 1) * (3 * w + 1)
        }
    };
    let step = |i: usize| if i == 0 { 2 } else { 3 };
    let l = |i: usize, j: usize| (base(i) + step(i) * j) as u32;
    let a = |i: usize, j: usize| (base(i) + 3 * j + 1) as u32;
    let r = |i: usize, j: usize| (base(i) + step(i) * j + step(i) - 1) as u32;
    let n = base(h - 1) + per(h - 1);
    let mut owners = vec![Player::Zero; n];
    let mut prios = vec![0; n];
    let mut edges = Vec::new();
    for i in 0..h {
        let even = 2 * i as u32;
        for j in 0..=w {
            let lv = l(i, j) as usize;
            owners[lv] = if i == 0 { Player::Zero } else { Player::One };
            prios[lv] = even;
            if j > 0 {
                edges.push((l(i, j), r(i, j - 1)));
            }
            if j == w {
                continue;
            }
            if i > 0 {
                let av = a(i, j);
                owners[av as usize] = Player::Zero;
                prios[av as usize] = even + 1;
                edges.push((l(i, j), av));
                edges.push((av, r(i, j)));
            }
            edges.push((l(i, j), r(i, j)));
            let rv = r(i, j);
            owners[rv as usize] = if i == 0 { Player::One } else { Player::Zero };
            prios[rv as usize] = if i == 0 { 1 } else { even };
            edges.push((rv, l(i, j)));
            edges.push((rv, l(i, j + 1)));
            if i == 0 {
                edges.extend((1..h).map(|k| (rv, r(k, j))));
            } else {
                edges.push((rv, r(0, j)));
            }
        }
    }
    Game::new(owners, prios, &edges).expect("a valid game")
}

/// A small deterministic generator, so that one proptest seed drives a whole structure.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Random owners and priorities below `prios` for `n` vertices.
pub fn random_vertices(r: &mut Rng, n: usize, prios: u32) -> (Vec<Player>, Vec<u32>) {
    let owners = (0..n)
        .map(|_| {
            if r.below(2) == 0 {
                Player::Zero
            } else {
                Player::One
            }
        })
        .collect();
    let priorities = (0..n).map(|_| r.below(prios as u64) as u32).collect();
    (owners, priorities)
}

/// A random game: `n` vertices, random owners, priorities below `prios`, 0 to `max_out`
/// successors (so some dead ends), self-loops possible.
pub fn random_game(seed: u64, n: usize, prios: u32, max_out: u64) -> Game {
    let mut r = Rng(seed | 1);
    let (owners, priorities) = random_vertices(&mut r, n, prios);
    let mut edges = Vec::new();
    for v in 0..n as u32 {
        for _ in 0..r.below(max_out + 1) {
            edges.push((v, r.below(n as u64) as u32));
        }
    }
    Game::new(owners, priorities, &edges).unwrap()
}

/// A random total game, as PGSolver's `randomgame n p 1 max_out`: every vertex has 1 to
/// `max_out` distinct successors.
pub fn random_total_game(seed: u64, n: usize, prios: u32, max_out: u64) -> Game {
    let mut r = Rng(seed | 1);
    let (owners, priorities) = random_vertices(&mut r, n, prios);
    let mut edges = Vec::new();
    for v in 0..n as u32 {
        for _ in 0..1 + r.below(max_out) {
            edges.push((v, r.below(n as u64) as u32));
        }
    }
    Game::new(owners, priorities, &edges).unwrap()
}
