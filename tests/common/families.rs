//! Parity game families shared by the unit tests, the property tests and the benches (the same
//! games as `scripts/parity_families.py`).

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
