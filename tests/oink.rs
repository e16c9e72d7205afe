//! Round trips with Oink (Tom van Dijk's parity game solver, built from source), when it is
//! installed: our `.pg` files load in Oink and solve to the regions our solver finds, Oink's
//! `.sol` solutions check against the game as written, and Oink's `--dot` output reads back as
//! the same game (owners and edges; priorities renumbered by Oink, keeping order and parity).
//!
//! Oink is the program named by `MAZEGRAPH_OINK`, else `oink` on the `PATH`. Without it each
//! test prints a note and passes (CI cannot fetch Oink; see `.ci/run`):
//!
//! ```sh
//! MAZEGRAPH_OINK=/path/to/oink cargo test --test oink
//! ```

use mazegraph::game::format::{dot, pg};
use mazegraph::game::{check, solve, Game, Objective, Player, Solution};
use mazegraph::grid::Limits;
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::*;

#[path = "common/families.rs"]
mod families;
use families::{random_game, random_total_game, Rng};

/// The Oink binary, or `None` with a note on stderr.
fn oink(test: &str) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("MAZEGRAPH_OINK") {
        let p = PathBuf::from(p);
        assert!(p.is_file(), "MAZEGRAPH_OINK={} is not a file", p.display());
        return Some(p);
    }
    let found = std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .map(|d| d.join("oink"))
            .find(|p| p.is_file())
    });
    if found.is_none() {
        eprintln!(
            "note: {test}: Oink not found (set MAZEGRAPH_OINK or put `oink` on the PATH); skipped"
        );
    }
    found
}

/// Runs Oink with `args`; panics with its output when it fails.
fn run_oink(oink: &Path, args: &[&str]) {
    let out = Command::new(oink).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "oink {args:?} failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn winners(s: &Solution, n: usize) -> Vec<Player> {
    (0..n as u32).map(|v| s.winner(v)).collect()
}

/// A random game, half of them with vertices without successors, some with names that Oink's
/// reader and PGSolver's grammar find hard (quotes, backslashes, spaces, semicolons) and a
/// start.
fn game(seed: u64) -> Game {
    let mut r = Rng(seed.wrapping_mul(0x9e37_79b9) | 1);
    let n = 1 + r.below(40) as usize;
    let prios = 1 + r.below(12) as u32;
    let mut g = if seed.is_multiple_of(2) {
        random_game(seed, n, prios, 3)
    } else {
        random_total_game(seed, n, prios, 3)
    };
    if seed.is_multiple_of(3) {
        let names = (0..n)
            .map(|v| match v % 4 {
                0 => String::new(),
                1 => format!("say \"v{v}\""),
                2 => format!("a\\b; {v}"),
                _ => format!("v{v}"),
            })
            .collect();
        g.set_names(Some(names)).unwrap();
    }
    if seed.is_multiple_of(5) {
        g.set_start(Some(r.below(n as u64) as u32)).unwrap();
    }
    g
}

#[test]
fn our_pg_solves_in_oink_to_our_regions_and_its_sol_and_dot_come_back() {
    let Some(oink) = oink("our_pg_solves_in_oink_to_our_regions") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (file, sol, dot_file) = (
        dir.path().join("g.pg"),
        dir.path().join("g.sol"),
        dir.path().join("g.dot"),
    );
    let mut dead_end_games = 0;
    let games = 300;
    for seed in 0..games {
        let g = game(seed);
        let n = g.vertex_count();
        let mut text = Vec::new();
        pg::write(&g, &mut text).unwrap();
        std::fs::write(&file, &text).unwrap();
        let written = pg::total(&g).unwrap().into_owned();
        if written.vertex_count() > n {
            dead_end_games += 1;
        }
        assert_eq!(pg::parse(&text, &Limits::default()).unwrap(), written);
        // Oink as users run it: the solution.
        run_oink(&oink, &[s(&file), s(&sol)]);
        let ours = solve(&g, &Objective::Parity).unwrap();
        let theirs =
            pg::parse_solution(&std::fs::read(&sol).unwrap(), written.vertex_count()).unwrap();
        assert_eq!(
            winners(&theirs, n),
            winners(&ours, n),
            "seed {seed}: Oink's regions differ\n{}",
            String::from_utf8_lossy(&text)
        );
        check(&written, &Objective::Parity, &theirs)
            .unwrap_or_else(|e| panic!("seed {seed}: Oink's solution fails our checker: {e}"));
        // Oink's DOT of the game it read (self-loops kept, so that the edges are the same).
        run_oink(&oink, &["--no-loops", "--dot", s(&dot_file), s(&file)]);
        let d = dot::parse(
            &std::fs::read_to_string(&dot_file).unwrap(),
            &Limits::default(),
        )
        .unwrap_or_else(|e| panic!("seed {seed}: Oink's DOT: {e}"));
        assert_eq!(d.vertex_count(), written.vertex_count(), "seed {seed}");
        for v in 0..d.vertex_count() as u32 {
            assert_eq!(d.owner(v), written.owner(v), "seed {seed}, vertex {v}");
            assert_eq!(
                d.successors(v),
                written.successors(v),
                "seed {seed}, vertex {v}"
            );
            for w in 0..d.vertex_count() as u32 {
                // Oink renumbers priorities, keeping their order and parity.
                let (a, b) = (written.priority(v), written.priority(w));
                let (c, e) = (d.priority(v), d.priority(w));
                assert_eq!(a.cmp(&b), c.cmp(&e), "seed {seed}: order of {v}, {w}");
                assert_eq!(a % 2, c % 2, "seed {seed}: parity of {v}");
            }
        }
        let back = solve(&d, &Objective::Parity).unwrap();
        assert_eq!(winners(&back, n), winners(&ours, n), "seed {seed}");
    }
    assert!(
        dead_end_games > games / 4,
        "{dead_end_games} games had dead ends"
    );
    eprintln!("{games} games through Oink, {dead_end_games} with vertices without successors");
}

#[test]
fn the_cli_writes_pg_oink_solves_and_reads_oink_back() {
    let Some(oink) = oink("the_cli_writes_pg_oink_solves_and_reads_oink_back") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name);
    // A maze's reachability game: player 0 wins exactly the shortest solutions.
    let maze = write(dir.path(), "m.txt", "#.###\n#..##\n##..#\n#..##\n#.###\n");
    mg().args(["convert", s(&maze), "--to", "pg", "-o", s(&p("m.pg"))])
        .assert()
        .success();
    run_oink(
        &oink,
        &["--dot", s(&p("m.dot")), s(&p("m.pg")), s(&p("m.sol"))],
    );
    let out = mg()
        .args(["solve-game", s(&p("m.pg")), "--check", s(&p("m.sol"))])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8(out.stdout).unwrap();
    // 8 cells, 7 on the solution, and a sink for the dead end (2, 3)
    assert_eq!(
        said,
        "correct: player 0 wins 7 of 9 vertices, player 1 wins 2; from the start (0, 1): player 0\n"
    );
    // and our solution loads in Oink, which verifies it
    mg().args(["solve-game", s(&p("m.pg")), "-o", s(&p("ours.sol"))])
        .assert()
        .success();
    let out = Command::new(&oink)
        .args(["--sol", s(&p("ours.sol")), "--verify", s(&p("m.pg"))])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && said.contains("solution verified"),
        "{said}"
    );
    // Oink's DOT, named as a game, converts back to pg and solves the same
    std::fs::rename(p("m.dot"), p("oink.game.dot")).unwrap();
    mg().args(["convert", s(&p("oink.game.dot")), "-o", s(&p("back.pg"))])
        .assert()
        .success();
    let out = mg()
        .args(["solve-game", s(&p("back.pg")), "--check", s(&p("m.sol"))])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    // a game through every format and back into Oink
    mg().args(["convert", &data("game.pg"), "-o", s(&p("g.game.json"))])
        .assert()
        .success();
    mg().args(["convert", s(&p("g.game.json")), "-o", s(&p("g.game.dot"))])
        .assert()
        .success();
    mg().args([
        "convert",
        s(&p("g.game.dot")),
        "--to",
        "pg",
        "-o",
        s(&p("g.pg")),
    ])
    .assert()
    .success();
    run_oink(&oink, &[s(&p("g.pg")), s(&p("g.sol"))]);
    mg().args(["solve-game", &data("game.pg"), "--check", s(&p("g.sol"))])
        .assert()
        .success();
}
