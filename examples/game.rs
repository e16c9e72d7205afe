//! Mazes as games: a perfect maze oriented away from its start (one cannot walk back) is a
//! one-player reachability game, and the attractor of its goal is exactly its solution path;
//! then a parity game given as a PGSolver `.pg` string, solved by priority promotion (the
//! default parity solver) and checked.
//!
//! Run: `cargo run --example game [OUT_DIR]` (default: `$TMPDIR/mazegraph-examples`).

use mazegraph::format::ReadOptions;
use mazegraph::game::format::GameFormat;
use mazegraph::game::{attractor, check, orient, solve, Objective, Player};
use mazegraph::solve::dead_end;
use mazegraph::Maze;
use std::error::Error;
use std::path::Path;

mod common;
use common::*;

/// A small parity game: `id priority owner successors "name";` (max-parity, as PGSolver:
/// player 0 wins a play whose largest priority seen infinitely often is even).
const PARITY_GAME: &str = "parity 4;
0 2 0 1,2 \"north\";
1 3 1 0,4 \"east\";
2 4 0 2 \"south\";
3 1 0 3,4 \"west\";
4 1 1 4 \"centre\";
";

fn main() -> Result<(), Box<dyn Error>> {
    let out = out_dir()?;
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/perfect15x20.png");
    let maze = Maze::open(&path)?;

    // The maze as a game, and the attractor of its goal for the one player.
    let oriented = orient(&maze)?;
    let attr = attractor(&oriented.game, Player::Zero, &[oriented.goal])?;
    let (start, goal) = maze.require_terminals()?;
    let solution = dead_end::solve(&maze, start, goal);
    println!(
        "perfect15x20.png as a game: {} vertices, {} moves; the goal's attractor has {} \
         vertices (the start at rank {}); dead-end filling keeps {} cells",
        oriented.game.vertex_count(),
        oriented.game.edge_count(),
        attr.len(),
        attr.rank(oriented.start)
            .map_or("none".to_string(), |r| r.to_string()),
        solution.kept_count(),
    );
    if attr.len() != solution.kept_count() || !attr.contains(oriented.start) {
        return Err("the attractor should be the solution path".into());
    }
    // Where the attractor's strategy leads from the start: the solution, step by step.
    let mut v = oriented.start;
    let mut steps = 0;
    while let Some(next) = attr.strategy(v) {
        v = next;
        steps += 1;
    }
    println!("  following the strategy: {steps} moves from the start to the goal");

    // A parity game from a .pg string.
    let game = GameFormat::Pg.read(PARITY_GAME.as_bytes(), &ReadOptions::default())?;
    let sol = solve(&game, &Objective::Parity)?;
    check(&game, &Objective::Parity, &sol).map_err(|e| format!("{e:?}"))?;
    for p in [Player::Zero, Player::One] {
        let names: Vec<&str> = sol
            .region(p)
            .iter()
            .map(|&v| game.name(v).unwrap_or("?"))
            .collect();
        println!("  parity game: player {} wins from {names:?}", p.index());
    }
    // North escapes to the even loop at south; east and west fall into centre's odd loop.
    if sol.region(Player::Zero) != [0, 2] {
        return Err("player 0 should win from north and south only".into());
    }
    game.save(out.join("example.pg"))?;
    println!("written to {}", out.display());
    Ok(())
}
