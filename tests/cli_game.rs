//! CLI tests of `attractor` and `solve-game`: run the real binary.

use std::fs;
use std::path::Path;

mod common;
use common::*;

/// Runs and returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = mg().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A maze with a dead end at (1, 3)..(2, 3) and a loop-free corridor to the goal (3, 1).
const MAZE: &str = "#.###\n#..##\n##..#\n#..##\n#.###\n";

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn maze_attractor_as_json_and_summary() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.txt", MAZE);
    let (code, out, _) = run(&["attractor", &m, "--to", "json"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "{\"player\": 0, \"target\": [[4, 1]],\n\
         \"attractor\": [[4, 1], [3, 1], [3, 2], [2, 2], [1, 2], [1, 1], [0, 1]],\n\
         \"rank\": {\"(4, 1)\": 0, \"(3, 1)\": 1, \"(3, 2)\": 2, \"(2, 2)\": 3, \"(1, 2)\": 4, \"(1, 1)\": 5, \"(0, 1)\": 6},\n\
         \"strategy\": {\"(3, 1)\": [4, 1], \"(3, 2)\": [3, 1], \"(2, 2)\": [3, 2], \"(1, 2)\": [2, 2], \"(1, 1)\": [1, 2], \"(0, 1)\": [1, 1]}}\n"
    );
    let (code, out, _) = run(&["attractor", &m]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "attractor of player 0: 7 of 8 vertices (target: 1 vertex), largest rank 6; start (0, 1) at rank 6\n"
    );
    // Moving the goal into the dead end.
    let (code, out, _) = run(&["attractor", &m, "--goal", "2,3", "--to", "json"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("{\"player\": 0, \"target\": [[2, 3]]"),
        "{out}"
    );
}

#[test]
fn unsolvable_maze_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.txt", "#.###\n#.###\n#####\n###.#\n###.#\n");
    let (code, out, _) = run(&["attractor", &m]);
    assert_eq!(code, 1);
    assert!(out.ends_with("start (0, 1) is not in it\n"), "{out}");
}

#[test]
fn maze_attractor_png_shades_by_rank() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.txt", MAZE);
    let png_path = dir.path().join("a.png");
    let (code, _, err) = run(&["attractor", &m, "-o", png_path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let mut decoder =
        png::Decoder::new(std::io::BufReader::new(fs::File::open(&png_path).unwrap()));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    // 40 pixels a cell (the most the default scale gives), and a legend strip under the maze
    assert_eq!(info.width, 5 * 40);
    assert!(info.height > 5 * 40 + 8, "{}", info.height);
    assert_eq!(info.color_type, png::ColorType::Rgb);
    let px = |r: usize, c: usize| -> [u8; 3] {
        let i = (r * info.width as usize + c) * 3;
        [buf[i], buf[i + 1], buf[i + 2]]
    };
    let centre = |r: usize, c: usize| px(r * 40 + 20, c * 40 + 20);
    use mazegraph::palette::{FAR, GOAL, NEAR, OPEN, START, WALL};
    assert_eq!(centre(0, 0), WALL); // wall
    assert_eq!(centre(2, 3), OPEN); // the dead end: path, not attracted
    assert_eq!(centre(4, 1), GOAL); // the goal (rank 0), marked
    assert_eq!(centre(0, 1), START); // the start (the largest rank), marked
    let near = |c: [u8; 3], to: [u8; 3]| (0..3).all(|i| c[i].abs_diff(to[i]) < 40);
    assert!(
        near(centre(3, 1), NEAR),
        "next to the goal: nearly the darkest shade"
    );
    assert!(
        near(centre(1, 1), FAR),
        "next to the start: nearly the lightest"
    );
    // without the legend: the maze alone
    let (code, _, _) = run(&[
        "attractor",
        &m,
        "--no-legend",
        "-o",
        png_path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    let decoder = png::Decoder::new(std::io::BufReader::new(fs::File::open(&png_path).unwrap()));
    let info = decoder.read_info().unwrap().info().clone();
    assert_eq!((info.width, info.height), (5 * 40, 5 * 40));
}

#[test]
fn maze_attractor_dot_draws_strategy() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.txt", MAZE);
    let (code, out, _) = run(&["attractor", &m, "--to", "dot"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("digraph game {"));
    assert!(out.contains("label=\"(0, 1)\\nrank 6\""), "{out}");
    // the strategy's edges in the solution's blue, the target outlined in the goal's red
    assert_eq!(out.matches("[color=\"#2171b5\", penwidth=2.5]").count(), 6);
    assert_eq!(out.matches("color=\"#dc1e1e\", penwidth=2").count(), 1);
    // the edge into the dead end is not part of the strategy
    assert!(out.contains("label=\"(2, 3)\"]"), "{out}");
}

#[test]
fn game_attractor_by_names_and_priority() {
    let g = data("game.pg");
    let (code, out, err) = run(&["attractor", &g, "--target", "swamp", "--to", "json"]);
    assert_eq!(code, 1, "{err}"); // the start (home) is not attracted
    assert!(
        out.starts_with("{\"player\": 0, \"target\": [5],\n"),
        "{out}"
    );
    assert!(out.contains("\"rank\": {\"5\": 0, \"3\": 1"), "{out}");
    assert!(out.contains("\"strategy\": {\"3\": 5"), "{out}");
    let (code, out, _) = run(&[
        "attractor",
        &g,
        "--player",
        "1",
        "--priority",
        "3",
        "-t",
        "0",
    ]);
    assert_eq!(code, 0);
    assert!(out.starts_with("attractor of player 1: "), "{out}");
    assert!(out.ends_with("; start home at rank 0\n"), "{out}");
}

#[test]
fn game_errors_are_clear() {
    let dir = tempfile::tempdir().unwrap();
    let bad = write(
        dir.path(),
        "bad.pg",
        "parity 2;\n0 1 0 1;\n1 2 1 0;\n2 x 0 0;\n",
    );
    let (code, _, err) = run(&["attractor", &bad, "-t", "0"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        format!("mazegraph: error: {bad}:4: expected a priority, found 'x'\n")
    );
    let owner = write(dir.path(), "owner.pg", "parity 1;\n0 1 0 1;\n1 2 2 0;\n");
    let (code, _, err) = run(&["solve-game", &owner]);
    assert_eq!(code, 2);
    assert!(
        err.contains("owner.pg:3: the owner must be 0 or 1, not 2"),
        "{err}"
    );
    let missing = write(
        dir.path(),
        "missing.pg",
        "parity 1;\n0 1 0 1,5;\n1 2 1 0;\n",
    );
    let (code, _, err) = run(&["solve-game", &missing]);
    assert_eq!(code, 2);
    assert!(
        err.contains("missing.pg:2: vertex 0 has successor 5, which is not declared"),
        "{err}"
    );
    let (code, _, err) = run(&["attractor", &data("game.pg"), "--target", "nowhere"]);
    assert_eq!(code, 2);
    assert!(err.contains("\"nowhere\" is neither a vertex id"), "{err}");
    let (code, _, err) = run(&["attractor", &data("game.pg"), "--target", "99"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("\"99\" is neither a vertex id (0 to 7)"),
        "{err}"
    );
    let (code, _, err) = run(&["attractor", &data("game.pg")]);
    assert_eq!(code, 2);
    assert!(err.contains("--target"), "{err}");
    let m = write(dir.path(), "m.txt", MAZE);
    let (code, _, err) = run(&["attractor", &m, "--target", "3"]);
    assert_eq!(code, 2);
    assert!(err.contains("for a maze the target is its goal"), "{err}");
}

#[test]
fn solve_check_and_refuse_wrong_claims() {
    let dir = tempfile::tempdir().unwrap();
    let g = data("game.pg");
    let (code, out, _) = run(&["solve-game", &g]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with(
            "player 0 wins 4 of 8 vertices, player 1 wins 4; from the start home: player 0"
        ),
        "{out}"
    );
    let sol = dir.path().join("game.sol");
    let s = sol.to_str().unwrap();
    assert_eq!(run(&["solve-game", &g, "-o", s]).0, 0);
    let text = fs::read_to_string(&sol).unwrap();
    assert!(text.starts_with("paritysol 7;\n0 0 2;\n"), "{text}");
    let (code, out, _) = run(&["solve-game", &g, "--check", s]);
    assert_eq!((code, out.starts_with("correct: ")), (0, true), "{out}");
    // Claim that player 1 wins the start.
    let wrong = text.replace("0 0 2;", "0 1;");
    let w = write(dir.path(), "wrong.sol", &wrong);
    let (code, out, _) = run(&["solve-game", &g, "--check", &w]);
    assert_eq!(code, 1);
    assert!(out.starts_with("wrong: "), "{out}");
}

#[test]
fn solve_other_objectives_as_json() {
    let g = data("game.pg");
    let (code, out, err) = run(&[
        "solve-game",
        &g,
        "--objective",
        "reach",
        "--target",
        "swamp",
        "--to",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("{\"winner\": {\"0\": [3, 5]"), "{out}");
    for obj in ["buchi", "safety"] {
        let (code, out, err) = run(&["solve-game", &g, "--objective", obj, "--priority", "2"]);
        assert_eq!(code, 0, "{obj}: {err}");
        assert!(out.contains("verified"), "{out}");
    }
    let (code, _, err) = run(&["solve-game", &g, "--objective", "buchi"]);
    assert_eq!(code, 2);
    assert!(err.contains("needs its vertices"), "{err}");
}

#[test]
fn game_formats_through_the_cli() {
    // solve-game reads game JSON and DOT too
    let dir = tempfile::tempdir().unwrap();
    let j = write(
        dir.path(),
        "g.game.json",
        r#"{"vertices": [{"id": 0, "owner": 0, "priority": 2, "successors": [1]}, {"id": 1, "owner": 1, "priority": 1, "successors": [0, 1]}]}"#,
    );
    let (code, out, _) = run(&["solve-game", &j]);
    assert_eq!(code, 0);
    assert!(out.starts_with("player 0 wins 0 of 2 vertices"), "{out}");
    let d = write(
        dir.path(),
        "g.game.dot",
        "digraph { a [shape=diamond, priority=2]; b [shape=box, priority=1]; a -> b; b -> a; }",
    );
    let (code, out, _) = run(&["solve-game", &d]);
    assert_eq!(code, 0);
    assert!(out.starts_with("player 0 wins 2 of 2 vertices"), "{out}");
}

#[test]
fn reading_a_game_is_held_to_the_memory_budget() {
    // Counted as the game is read, before its vectors grow: one line, exit 2.
    let (code, _, err) = run(&["solve-game", &data("game.pg"), "--max-memory", "300"]);
    assert_eq!(code, 2);
    assert!(err.contains("reading this game ("), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn help_has_examples() {
    for cmd in ["attractor", "solve-game"] {
        let (code, out, _) = run(&[cmd, "--help"]);
        assert_eq!(code, 0);
        assert!(out.contains("Examples:"), "{cmd}");
    }
}

#[test]
fn every_method_is_held_to_the_memory_budget() {
    // The solvers' arrays are counted from the game's size before they are made: the same
    // refusal for every method, one line, exit 2 (630 B: the reading, counted at 626 B, fits;
    // the solving, 640 B for 8 vertices, not).
    let g = data("game.pg");
    for method in ["pp", "tangle", "rtl", "fpj", "zielonka"] {
        let (code, out, err) = run(&["solve-game", &g, "--method", method, "--max-memory", "630"]);
        assert_eq!(code, 2, "{method}: {out}{err}");
        assert!(err.contains("solving a game of"), "{method}: {err}");
        assert!(
            err.contains("--max-memory") && err.lines().count() == 1,
            "{err}"
        );
    }
}

#[test]
fn parity_solver_flag() {
    let dir = tempfile::tempdir().unwrap();
    let g = data("game.pg");
    let mut sols = Vec::new();
    for algo in [
        "tangle",
        "rtl",
        "recursive-tangle",
        "zielonka",
        "tl",
        "zlk",
        "pp",
        "priority-promotion",
        "fpj",
        "fixpoint-justifications",
        "portfolio",
        "auto",
    ] {
        let sol = dir.path().join(format!("{algo}.sol"));
        let (code, _, err) = run(&[
            "solve-game",
            &g,
            "--method",
            algo,
            "-o",
            sol.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{algo}: {err}");
        let (code, out, _) = run(&["solve-game", &g, "--check", sol.to_str().unwrap()]);
        assert_eq!(
            (code, out.starts_with("correct: ")),
            (0, true),
            "{algo}: {out}"
        );
        let text = fs::read_to_string(&sol).unwrap();
        // the same winners (strategies may differ)
        let winners: Vec<String> = text
            .lines()
            .skip(1)
            .map(|l| l.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
            .collect();
        sols.push(winners);
    }
    assert!(sols.windows(2).all(|w| w[0] == w[1]));
    // the default races priority promotion and recursive tangle learning (which may hand over
    // to tangle learning): the output of one of them
    let default = dir.path().join("default.sol");
    assert_eq!(
        run(&["solve-game", &g, "-o", default.to_str().unwrap()]).0,
        0
    );
    let written = fs::read_to_string(&default).unwrap();
    let of = |m: &str| fs::read_to_string(dir.path().join(format!("{m}.sol"))).unwrap();
    assert!(
        written == of("pp") || written == of("rtl") || written == of("tangle"),
        "{written}"
    );
    let (_, help, _) = run(&["solve-game", "--help"]);
    assert!(help.contains("--method <ALGORITHM>"), "{help}");
    assert!(
        help.contains("tangle")
            && help.contains("rtl")
            && help.contains("zielonka")
            && help.contains("pp"),
        "{help}"
    );
    // only for parity games, and not with --check
    let (code, _, err) = run(&[
        "solve-game",
        &g,
        "--objective",
        "buchi",
        "--priority",
        "2",
        "--method",
        "zielonka",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--method is for parity games"), "{err}");
    let (code, _, err) = run(&[
        "solve-game",
        &g,
        "--check",
        default.to_str().unwrap(),
        "--method",
        "tangle",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--method does not apply"), "{err}");
    // --parity-solver is an alias of --method
    let (code, _, err) = run(&["solve-game", &g, "--parity-solver", "pp"]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run(&["solve-game", &g, "--parity-solver", "npp"]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid value 'npp'"), "{err}");
}

#[test]
fn a_solution_written_to_a_device_is_pgsolvers_format() {
    // `-o /dev/null` has no extension to tell a format by: a device or a pipe takes `sol`.
    let game = format!("{}/data/game.pg", env!("CARGO_MANIFEST_DIR"));
    let (code, _, err) = run(&["solve-game", &game, "-o", "/dev/null"]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run(&["solve-game", &game, "-o", "/dev/stdout", "-q"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("paritysol"), "{out}");
    // A regular file without a known extension is still refused.
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("solution");
    let (code, _, err) = run(&["solve-game", &game, "-o", plain.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot tell the solution format"), "{err}");
}
