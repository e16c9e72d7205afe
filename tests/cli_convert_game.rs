//! CLI tests of `convert` with games, on the real binary: games between pg, game JSON and game
//! DOT; mazes and graphs to their reachability games; Oink's DOT; the attractor DOT for plain
//! `neato`; and every refusal one line with exit status 2.

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

/// Runs, expects exit status 2 and one error line containing `fragment`, and no output file.
fn refused(args: &[&str], fragment: &str) {
    let (code, out, err) = run(args);
    assert_eq!(code, 2, "{args:?}: {out}{err}");
    assert!(out.is_empty(), "{args:?}: {out}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("mazegraph: error: "), "{args:?}: {err}");
    assert!(err.contains(fragment), "{args:?}: {err}");
}

/// A maze with a dead end at (2, 3) and a corridor from (0, 1) to the goal (4, 1).
const MAZE: &str = "#.###\n#..##\n##..#\n#..##\n#.###\n";

fn p(dir: &Path, name: &str) -> String {
    dir.join(name).to_str().unwrap().to_string()
}

#[test]
fn games_between_the_three_formats() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let g = data("game.pg");
    for (out, to) in [
        ("a.game.json", None),
        ("a.game.dot", None),
        ("a.txt", Some("pg")),
    ] {
        let mut args = vec!["convert", &g];
        if let Some(t) = to {
            args.extend(["--to", t]);
        }
        let o = p(d, out);
        args.extend(["-o", &o]);
        let (code, _, err) = run(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
    }
    // each back to game JSON: the same game
    let json = fs::read_to_string(d.join("a.game.json")).unwrap();
    for from in ["a.game.dot", "a.txt"] {
        let mut args = vec!["convert", "--to", "game.json"];
        let f = p(d, from);
        args.push(&f);
        if from == "a.txt" {
            args.extend(["--from", "pg"]);
        }
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{from}: {err}");
        assert_eq!(out, json, "{from}");
    }
    // pg written by convert is data/game.pg itself but for the header (largest id)
    let pg = fs::read_to_string(d.join("a.txt")).unwrap();
    let orig = fs::read_to_string(&g).unwrap();
    assert_eq!(pg.replacen("parity 7;", "parity 8;", 1), orig);
    // standard input
    let out = mg()
        .args(["convert", "-", "--from", "pg", "--to", "game.dot"])
        .write_stdin(orig)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .contains("0 [shape=diamond, owner=0, priority=0, vertex_name=\"home\""));
}

#[test]
fn pg_routes_dead_ends_to_sinks_and_escapes_quotes() {
    let dir = tempfile::tempdir().unwrap();
    let j = write(
        dir.path(),
        "g.game.json",
        r#"{"vertices": [{"id": 0, "owner": 1, "priority": 2, "successors": [1], "name": "say \"hi\" \\o/"}, {"id": 1, "owner": 0, "priority": 3}]}"#,
    );
    let (code, out, err) = run(&["convert", s(&j), "--to", "pg"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "parity 2;\n0 2 1 1 \"say \\x22hi\\x22 \\\\o/\";\n1 3 0 2;\n2 1 0 2 \"sink: player 0 loses\";\n"
    );
    // read back: the name as it was
    let back = write(dir.path(), "b.pg", &out);
    let (code, out, _) = run(&["convert", s(&back), "--to", "game.json"]);
    assert_eq!(code, 0);
    assert!(out.contains(r#""name": "say \"hi\" \\o/""#), "{out}");
}

#[test]
fn maze_and_graph_to_reachability_games() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let m = write(d, "m.txt", MAZE);
    let pg = p(d, "m.pg");
    let (code, _, err) = run(&["convert", s(&m), "-o", &pg]);
    assert_eq!(code, 0, "{err}");
    let text = fs::read_to_string(&pg).unwrap();
    assert!(
        text.starts_with("parity 8;\nstart 0;\n0 0 0 1 \"(0, 1)\";\n"),
        "{text}"
    );
    // player 0 wins the cells on the shortest solution (7 of the 8), as `attractor` says
    let (code, out, _) = run(&["solve-game", &pg]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with(
            "player 0 wins 7 of 9 vertices, player 1 wins 2; from the start (0, 1): player 0"
        ),
        "{out}"
    );
    // as game DOT: drawn at the cells, for plain `neato` too; it reads back as the same game
    let gd = p(d, "m.game.dot");
    assert_eq!(run(&["convert", s(&m), "-o", &gd]).0, 0);
    let dot = fs::read_to_string(&gd).unwrap();
    assert!(dot.contains("graph [inputscale=72];"), "{dot}");
    assert!(dot.contains("0 [shape=diamond, owner=0, priority=0, vertex_name=\"(0, 1)\", initial=true, peripheries=2, color=\"#00aa00\", pos=\"72,288!\""), "{dot}");
    let (code, out, _) = run(&["convert", &gd, "--to", "pg"]);
    assert_eq!((code, out), (0, text.clone()));
    // the goal moved into the dead end: a different game
    let (code, out, _) = run(&["convert", s(&m), "--goal", "2,3", "--to", "game.json"]);
    assert_eq!(code, 0);
    assert!(
        out.contains(r#""id": 4, "owner": 0, "priority": 0, "successors": [4], "name": "(2, 3)""#),
        "{out}"
    );
    // the junction graph: fewer vertices, the same winner at the start
    let (code, out, err) = run(&["convert", s(&m), "--junctions", "--to", "pg"]);
    assert_eq!(code, 0, "{err}");
    let j = write(d, "j.pg", &out);
    let (_, said, _) = run(&["solve-game", s(&j)]);
    assert!(said.contains("from the start (0, 1): player 0"), "{said}");
    // a graph with terminals (node-link JSON keeps them), and one given them by --start/--goal
    let gj = p(d, "m.graph.json");
    assert_eq!(run(&["convert", s(&m), "-o", &gj]).0, 0);
    let (code, out, _) = run(&["convert", &gj, "--to", "pg"]);
    assert_eq!(code, 0);
    assert_eq!(out, text);
    let adj = p(d, "m.adj");
    assert_eq!(run(&["convert", s(&m), "-o", &adj]).0, 0);
    refused(
        &["convert", &adj, "--to", "pg"],
        "m.adj: the graph has no start and goal, which its game needs: give them with --start and --goal",
    );
    let (code, out, err) = run(&[
        "convert", &adj, "--start", "0,1", "--goal", "4,1", "--to", "pg",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, text);
}

#[test]
fn oink_dot_reads_with_its_priorities() {
    let dir = tempfile::tempdir().unwrap();
    // As `oink --dot` writes a game: the priority is the label.
    let oink = "digraph G {\n0 [ shape=\"diamond\", label=\"3\"];\n0 -> 1;\n1 [ shape=\"box\", label=\"2\"];\n1 -> 0;\n1 -> 1;\n}\n";
    let f = write(dir.path(), "oink.game.dot", oink);
    let (code, out, err) = run(&["convert", s(&f), "--to", "pg"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "parity 1;\n0 3 0 1;\n1 2 1 0,1;\n");
    // the same under any name, with --from
    let g = write(dir.path(), "oink.dot", oink);
    let (code, out2, _) = run(&["convert", s(&g), "--from", "game.dot", "--to", "pg"]);
    assert_eq!((code, out2), (0, out));
    let h = write(
        dir.path(),
        "half.game.dot",
        "digraph G {\n0 [ shape=\"diamond\", label=\"3\"];\n1 [ shape=\"box\"];\n0 -> 1;\n}\n",
    );
    refused(
        &["convert", s(&h), "--to", "pg"],
        "node 1 has no priority: other nodes give theirs as their label (as Oink's --dot writes), but its label is missing; give it priority=N",
    );
}

#[test]
fn maze_flags_and_maze_formats_with_games_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let g = data("game.pg");
    let m = write(dir.path(), "m.txt", MAZE);
    let x = p(dir.path(), "x.dot");
    refused(
        &["convert", &g, "-o", &x],
        "game.pg is a game and dot is a maze or graph format: write the game as pg, game.json or game.dot (here --to game.dot, or -o NAME.game.dot)",
    );
    assert!(!Path::new(&x).exists());
    refused(
        &["convert", &g, "--to", "txt"],
        "(here --to pg, or -o NAME.pg)",
    );
    refused(
        &["convert", &g, "--to", "json"],
        "(here --to game.json, or -o NAME.game.json)",
    );
    refused(
        &["convert", &g],
        "say which game format to write with --to pg|game.json|game.dot",
    );
    let out = mg()
        .args(["convert", "-", "--from", "pg", "--to", "adj"])
        .write_stdin(fs::read(&g).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "mazegraph: error: <stdin> is a game and adj is a maze or graph format: write the game as pg, game.json or game.dot (here --to pg, or -o NAME.pg)\n"
    );
    for flag in [
        &["--start", "0,1"][..],
        &["--goal", "0,1"],
        &["--junctions"],
        &["--layout", "row"],
        &["--rooms"],
    ] {
        let mut args = vec!["convert", g.as_str(), "--to", "pg"];
        args.extend(flag);
        refused(&args, "is for mazes and graphs, and");
    }
    refused(
        &["convert", s(&m), "--rooms", "--to", "pg"],
        "--rooms writes a maze's room graph, not a game: write it to a graph format (-o rooms.graph.json), then convert that file to a game",
    );
    refused(
        &["convert", s(&m), "--layout", "row", "--to", "pg"],
        "--layout places a graph in a maze; a game keeps the graph's vertices (drop --layout)",
    );
    refused(
        &["convert", s(&m), "--to", "nope"],
        "games: pg, game.json, game.dot",
    );
    let mut empty = write(dir.path(), "e.game.json", r#"{"vertices": []}"#);
    refused(
        &["convert", s(&empty), "--to", "pg"],
        "a game without vertices cannot be written as pg",
    );
    empty = write(dir.path(), "e.pg", "");
    refused(
        &["convert", s(&empty), "--to", "game.json"],
        "e.pg: no vertex: an empty file is not a parity game",
    );
}

/// Whether a Graphviz program is installed.
fn graphviz(tool: &str) -> bool {
    std::process::Command::new(tool)
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn attractor_dot_lays_out_with_plain_neato() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.txt", MAZE);
    let (code, out, _) = run(&["attractor", s(&m), "--to", "dot"]);
    assert_eq!(code, 0);
    assert!(out.contains("graph [inputscale=72];"), "{out}");
    if !graphviz("neato") {
        eprintln!("note: neato not installed; the layout check is skipped");
        return;
    }
    let f = write(dir.path(), "a.dot", &out);
    for args in [&["-Tplain"][..], &["-n2", "-Tplain"]] {
        let o = std::process::Command::new("neato")
            .args(args)
            .arg(&f)
            .output()
            .unwrap();
        assert!(o.status.success());
        // `graph scale width height` in inches: 5×5 cells one inch apart
        let first = String::from_utf8(o.stdout).unwrap();
        let dims: Vec<f64> = first
            .lines()
            .next()
            .unwrap()
            .split(' ')
            .skip(2)
            .map(|x| x.parse().unwrap())
            .collect();
        assert!(dims[0] < 10.0 && dims[1] < 10.0, "neato {args:?}: {first}");
    }
}

/// The game DOT and the attractor DOT load in networkx (nx_pydot, nx_agraph) and pydot,
/// whichever are installed (tests/py/check_exchange.py): the vertex name is no longer the
/// attribute `name`, which pydot cannot take.
#[test]
fn python_graph_tools_read_game_and_attractor_dot() {
    let Some(python) = python_with_networkx() else {
        println!("note: no Python with networkx (MAZEGRAPH_PYTHON or .ci/venv); skipping");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.txt", MAZE);
    let d = |name: &str| p(dir.path(), name);
    let j = write(
        dir.path(),
        "q.game.json",
        r#"{"start": 1, "vertices": [{"id": 0, "owner": 1, "priority": 2, "successors": [1], "name": "say \"hi\" \\o/"}, {"id": 1, "owner": 0, "priority": 3, "successors": [0], "name": "two\nlines"}]}"#,
    );
    for args in [
        vec!["convert", &data("game.pg"), "-o", &d("game.game.dot")],
        vec!["convert", s(&j), "-o", &d("names.game.dot")],
        vec!["convert", s(&m), "-o", &d("maze.game.dot")],
        vec![
            "attractor",
            s(&m),
            "--to",
            "dot",
            "-o",
            &d("maze_attractor.dot"),
        ],
        vec![
            "attractor",
            &data("game.pg"),
            "--target",
            "0",
            "-o",
            &d("game_attractor.dot"),
        ],
    ] {
        let (code, _, err) = run(&args);
        assert!(code == 0 || code == 1, "{args:?}: {err}");
    }
    let text = check_exchange(&python, dir.path());
    assert!(text.matches("ok").count() >= 5, "{text}");
}
