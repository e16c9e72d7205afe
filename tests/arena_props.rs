//! Property tests of the wolf-and-sheep arena (`mazegraph::game::arena`) against an
//! independent reference: value iteration (Bellman's equations, not an attractor) over a
//! `HashMap` of positions, with the maze's moves found from coordinates. Who wins from where
//! and the capture times must agree; the strategies, replayed from every position against
//! every reply of the other piece, must keep their promise: the wolf catches the sheep within
//! the promised moves, the sheep is never caught where it was promised to escape.

use mazegraph::game::arena::{Arena, Piece, Position, Pursuit, Rules};
use mazegraph::game::{solve, Objective, Player};
use mazegraph::generate::{generate, rng_from_seed, Algorithm, Lattice, Options};
use mazegraph::grid::Limits;
use mazegraph::Maze;
use proptest::prelude::*;
use std::collections::HashMap;

#[path = "common/arb.rs"]
mod arb;

const INF: u32 = u32::MAX;

/// Each path cell's moves for a piece: the cells one step away along one axis, the portal
/// ends, and the cell itself when the piece may pass or cannot move at all.
fn moves_of(maze: &Maze, passes: bool) -> HashMap<usize, Vec<usize>> {
    let shape = maze.shape();
    let cells: Vec<usize> = maze.grid().paths().collect();
    let coords: Vec<Vec<usize>> = cells.iter().map(|&c| shape.coords(c)).collect();
    let mut out = HashMap::new();
    for (i, &a) in cells.iter().enumerate() {
        let mut to: Vec<usize> = Vec::new();
        for (j, &b) in cells.iter().enumerate() {
            let diff: usize = coords[i]
                .iter()
                .zip(&coords[j])
                .map(|(x, y)| x.abs_diff(*y))
                .sum();
            if diff == 1 {
                to.push(b);
            }
        }
        for &(x, y) in maze.portals() {
            if x == a {
                to.push(y);
            }
            if y == a {
                to.push(x);
            }
        }
        if passes || to.is_empty() {
            to.push(a);
        }
        to.sort_unstable();
        to.dedup();
        out.insert(a, to);
    }
    out
}

/// Every position and its successors (none after a capture).
fn positions(maze: &Maze, rules: Rules) -> HashMap<Position, Vec<Position>> {
    let wolf = moves_of(maze, rules.wolf_passes);
    let sheep = moves_of(maze, rules.sheep_passes);
    let cells: Vec<usize> = maze.grid().paths().collect();
    let mut out = HashMap::new();
    for &w in &cells {
        for &s in &cells {
            for turn in [Piece::Wolf, Piece::Sheep] {
                let pos = Position {
                    wolf: w,
                    sheep: s,
                    turn,
                };
                let next = if w == s {
                    Vec::new()
                } else if turn == Piece::Wolf {
                    wolf[&w]
                        .iter()
                        .map(|&w2| Position {
                            wolf: w2,
                            sheep: s,
                            turn: Piece::Sheep,
                        })
                        .collect()
                } else {
                    sheep[&s]
                        .iter()
                        .map(|&s2| Position {
                            wolf: w,
                            sheep: s2,
                            turn: Piece::Wolf,
                        })
                        .collect()
                };
                out.insert(pos, next);
            }
        }
    }
    out
}

/// Moves to capture with the wolf minimising and the sheep maximising, by value iteration
/// from "never" (`INF`) down to the fixed point: 0 at a capture, 1 + min (wolf) or 1 + max
/// (sheep) of the successors' values. Where `fixed` gives a piece's move, that piece has only
/// that move. The values only decrease and are whole numbers, so the iteration ends; any fixed
/// point is the game's value (the wolf's argmin guarantees at most it, the sheep's argmax at
/// least it, and INF means the sheep can always stay at INF).
fn values(
    graph: &HashMap<Position, Vec<Position>>,
    fixed: Option<(Piece, &HashMap<Position, Position>)>,
) -> HashMap<Position, u32> {
    let mut val: HashMap<Position, u32> = graph
        .keys()
        .map(|p| (*p, if p.is_capture() { 0 } else { INF }))
        .collect();
    loop {
        let mut changed = false;
        for (pos, next) in graph {
            if pos.is_capture() {
                continue;
            }
            let options: Vec<u32> = match fixed {
                Some((piece, strategy)) if piece == pos.turn => vec![val[&strategy[pos]]],
                _ => next.iter().map(|n| val[n]).collect(),
            };
            let best = if pos.turn == Piece::Wolf {
                *options.iter().min().unwrap()
            } else {
                *options.iter().max().unwrap()
            };
            let v = if best == INF { INF } else { best + 1 };
            if v != val[pos] {
                assert!(v < val[pos], "value iteration must only decrease");
                val.insert(*pos, v);
                changed = true;
            }
        }
        if !changed {
            return val;
        }
    }
}

fn check(maze: &Maze, rules: Rules) -> Result<(), TestCaseError> {
    let pursuit = Pursuit::solve(maze, rules, &Limits::default()).unwrap();
    let graph = positions(maze, rules);
    let reference = values(&graph, None);
    prop_assert_eq!(
        pursuit.arena().game().vertex_count(),
        graph.len(),
        "one vertex per position"
    );
    // Who wins, and in how many moves.
    for (pos, &v) in &reference {
        let got = pursuit.capture_time(*pos).unwrap();
        prop_assert_eq!(got, (v != INF).then_some(v), "at {:?}", pos);
        let mut moves = pursuit.arena().moves(*pos).unwrap();
        moves.sort_by_key(|p| (p.wolf, p.sheep));
        let mut want = graph[pos].clone();
        want.sort_by_key(|p| (p.wolf, p.sheep));
        prop_assert_eq!(moves, want, "moves from {:?}", pos);
    }
    // The strategies: legal moves, and each keeps its promise against every reply.
    let strategy: HashMap<Position, Position> = graph
        .keys()
        .filter(|p| !p.is_capture())
        .map(|p| (*p, pursuit.best_move(*p).unwrap().unwrap()))
        .collect();
    for (pos, m) in &strategy {
        prop_assert!(graph[pos].contains(m), "{:?} → {:?} is not a move", pos, m);
    }
    let wolf_plays = values(&graph, Some((Piece::Wolf, &strategy)));
    let sheep_plays = values(&graph, Some((Piece::Sheep, &strategy)));
    for (pos, &v) in &reference {
        if v == INF {
            // The sheep's strategy is never caught, whatever the wolf does.
            prop_assert_eq!(sheep_plays[pos], INF, "the sheep is caught from {:?}", pos);
        } else {
            // The wolf's strategy catches within v moves, whatever the sheep does; the sheep's
            // delays the capture to exactly v, whatever the wolf does.
            prop_assert_eq!(wolf_plays[pos], v, "the wolf is slow from {:?}", pos);
            prop_assert_eq!(sheep_plays[pos], v, "the sheep is quick from {:?}", pos);
        }
    }
    // A play of both strategies: a capture in exactly v moves, or a cycle without one.
    for (pos, &v) in reference.iter().take(50) {
        let play = pursuit.play(*pos, 10_000).unwrap();
        if v == INF {
            prop_assert!(!play.caught && play.repeats_from.is_some());
            prop_assert!(play.positions.iter().all(|p| !p.is_capture()));
        } else {
            prop_assert!(play.caught);
            prop_assert_eq!(play.positions.len() - 1, v as usize);
        }
    }
    // The arena is also a parity game: a solver of those finds the same winners.
    let won = solve(pursuit.arena().game(), &Objective::Parity).unwrap();
    for v in 0..pursuit.arena().game().vertex_count() as u32 {
        let pos = pursuit.arena().position(v);
        prop_assert_eq!(won.winner(v) == Player::Zero, reference[&pos] != INF);
    }
    Ok(())
}

fn rules(k: u8) -> Rules {
    Rules {
        wolf_passes: k & 1 != 0,
        sheep_passes: k & 2 != 0,
    }
}

/// Small generated mazes (2-D, 2×2 to 4×3 rooms), some with loops, some with portals.
fn small_maze() -> impl Strategy<Value = Maze> {
    (
        2usize..5,
        2usize..4,
        0usize..4,
        0usize..3,
        any::<u64>(),
        prop::sample::select(vec!["backtracker", "kruskal", "prim", "wilson"]),
    )
        .prop_map(|(r, c, loops, portals, seed, algorithm)| {
            let lattice = Lattice::new(&[r, c], &Limits::default()).unwrap();
            let opts = Options {
                algorithm: Algorithm::from_name(algorithm).unwrap(),
                // A perfect maze of r×c rooms has (r − 1)(c − 1) closed inner walls.
                loops: loops.min((r - 1) * (c - 1)),
                braid: false,
            };
            let mut rng = rng_from_seed(seed);
            let mut maze = generate(&lattice, &opts, &mut rng).unwrap();
            let cells: Vec<usize> = maze.grid().paths().collect();
            for k in 0..portals {
                let a = cells[(seed as usize / 7 + 13 * k) % cells.len()];
                let b = cells[(seed as usize / 3 + 29 * k + 5) % cells.len()];
                if a != b {
                    maze.add_portal(a, b).unwrap();
                }
            }
            maze
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    #[test]
    fn generated_mazes_agree_with_value_iteration(maze in small_maze(), k in 0u8..4) {
        check(&maze, rules(k))?;
    }

    /// Any grid of 1 to 4 axes, walled-in cells and portals included.
    #[test]
    fn odd_mazes_agree_with_value_iteration(
        maze in arb::arb_maze().prop_filter("small", |m| (1..=30).contains(&m.grid().count_paths())),
        k in 0u8..4,
    ) {
        check(&maze, rules(k))?;
    }
}

#[test]
fn a_cycle_of_four_saves_the_sheep_and_a_tree_does_not() {
    let ring = Maze::from_text_rows(&["....", ".##.", "...."]).unwrap();
    let p = Pursuit::solve(&ring, Rules::default(), &Limits::default()).unwrap();
    let c = |r, col| ring.shape().index(&[r, col]).unwrap();
    let far = Position {
        wolf: c(0, 0),
        sheep: c(2, 3),
        turn: Piece::Wolf,
    };
    assert_eq!(p.capture_time(far).unwrap(), None);
    // Without passing, parity decides on an even cycle: the wolf never closes in either.
    let p = Pursuit::solve(&ring, Rules::passing("none").unwrap(), &Limits::default()).unwrap();
    assert_eq!(p.capture_time(far).unwrap(), None);
    // A tree: the wolf walks toward the sheep, which runs out of room.
    let tree = Maze::from_text_rows(&["....", ".#.#", ".#.."]).unwrap();
    let a = Arena::new(&tree, Rules::default(), &Limits::default()).unwrap();
    let n = a.game().vertex_count();
    let p = Pursuit::new(a).unwrap();
    assert_eq!(p.wolf_wins_count(), n);
}
