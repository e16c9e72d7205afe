//! CLI tests of `gamebook`: run the real binary on mazes written to a temporary directory.

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

/// A perfect maze: entrance (0, 1), junction (1, 1), dead end (3, 3), exit (4, 5).
const PERFECT: &str = "#.#####\n#.....#\n#.###.#\n#...#.#\n#####.#\n";
/// Two walls opened: two cycles.
const BRAID: &str = "#.#####\n#.....#\n#.#.#.#\n#.....#\n#####.#\n";

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn markdown_book() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.txt", PERFECT);
    let book = dir.path().join("book.md");
    let (code, out, err) = run(&["gamebook", &m, "-o", book.to_str().unwrap(), "--seed", "5"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.is_empty());
    assert!(
        err.starts_with("gamebook: 4 sections, 1 dead end; the exit is §"),
        "{err}"
    );
    let md = fs::read_to_string(&book).unwrap();
    assert!(md.starts_with("# Lost in a 5×7 maze\n"), "{md}");
    for n in 1..=4 {
        assert!(md.contains(&format!("<a id=\"{n}\"></a>\n\n## Section {n}\n")));
    }
    assert!(md.contains("- Go south (1 step): go to [§"));
    assert!(md.contains("- Go east (7 steps): go to [§"));
    assert!(md.contains("- Go south (4 steps): go to [§"));
    assert!(md.contains("Start again at [§1](#1)"));
    // Standard output by default, the same book; --title and --quiet.
    let (code, out, err) = run(&["gamebook", &m, "--seed", "5", "--quiet", "--title", "Lost"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, md.replacen("# Lost in a 5×7 maze", "# Lost", 1));
}

#[test]
fn json_book_and_seeds() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.txt", PERFECT);
    let a = dir.path().join("a.json");
    let (code, _, err) = run(&["gamebook", &m, "-o", a.to_str().unwrap(), "--seed", "1"]);
    assert_eq!(code, 0, "{err}");
    let text = fs::read_to_string(&a).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["seed"], 1);
    assert_eq!(v["shape"], serde_json::json!([5, 7]));
    let sections = v["sections"].as_array().unwrap();
    assert_eq!(sections.len(), 4);
    assert_eq!(sections[0]["kind"], "entrance");
    assert_eq!(sections[0]["cell"], serde_json::json!([0, 1]));
    assert_eq!(sections[0]["choices"][0]["direction"], "south");
    let kinds: Vec<&str> = sections
        .iter()
        .map(|s| s["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds.iter().filter(|k| **k == "exit").count(), 1);
    // --format json on standard output is the same; the same seed gives the same book.
    let (code, out, _) = run(&["gamebook", &m, "--format", "json", "--seed", "1", "-q"]);
    assert_eq!(code, 0);
    assert_eq!(out, text);
    // Some other seed numbers the sections differently.
    let differs = (2..20).any(|s| {
        let (_, out, _) = run(&["gamebook", &m, "--format", "json", "--seed", &s.to_string()]);
        out.replace(&format!("\"seed\": {s}"), "\"seed\": 1") != text
    });
    assert!(differs);
}

#[test]
fn refusals_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let braid = write(dir.path(), "braid.txt", BRAID);
    let (code, out, err) = run(&["gamebook", &braid]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.starts_with("mazegraph: error: ")
            && err.contains("braid.txt")
            && err.contains("2 independent cycles")
            && err.contains("stats"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
    // A graph of named vertices has no cells to walk.
    let names = write(dir.path(), "names.adj", "{'a': ['b'], 'b': ['a']}\n");
    let (code, _, err) = run(&["gamebook", &names]);
    assert_eq!(code, 2);
    assert!(err.contains("neither cell coordinates nor rooms"), "{err}");
    // An unknown book extension.
    let m = write(dir.path(), "m.txt", PERFECT);
    let (code, _, err) = run(&[
        "gamebook",
        &m,
        "-o",
        dir.path().join("b.pdf").to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--to md|html|json"), "{err}");
    // .html is a book too (it was refused though --help promised it).
    let html = dir.path().join("book.html");
    let (code, _, err) = run(&["gamebook", &m, "-o", html.to_str().unwrap(), "-q"]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&html).unwrap();
    assert!(text.starts_with("<!DOCTYPE html>") && text.contains("<section id=\"1\">"));
    // --to is the flag (--format still works).
    let (code, out, _) = run(&["gamebook", &m, "--to", "json", "-q"]);
    assert_eq!(code, 0);
    assert!(out.trim_start().starts_with('{'));
    // A start inside a wall.
    let (code, _, err) = run(&["gamebook", &m, "--start", "0,0"]);
    assert_eq!(code, 2);
    assert!(err.contains("wall"), "{err}");
}

#[test]
fn graphs_with_coordinates_and_terminals() {
    let dir = tempfile::tempdir().unwrap();
    let m = write(dir.path(), "m.txt", PERFECT);
    let adj = dir.path().join("m.adj");
    let (code, _, _) = run(&["convert", &m, "-o", adj.to_str().unwrap()]);
    assert_eq!(code, 0);
    let (code, from_graph, err) = run(&["gamebook", adj.to_str().unwrap(), "-q"]);
    assert_eq!(code, 0, "{err}");
    let (_, from_maze, _) = run(&["gamebook", &m, "-q"]);
    // The graph's maze is cropped to its cells (no surrounding walls), so only the title and
    // the size in the preface differ.
    let body = |s: &str| s.split("<a id").skip(1).collect::<Vec<_>>().join("<a id");
    assert!(!body(&from_graph).is_empty());
    assert_eq!(
        body(&from_graph).matches("## Section").count(),
        body(&from_maze).matches("## Section").count()
    );
    // Moving the exit into the dead end: the old exit is now beyond a junction's choice.
    let (code, out, _) = run(&["gamebook", &m, "--goal", "3,3", "-q", "--format", "json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let exit = v["sections"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["kind"] == "exit")
        .unwrap();
    assert_eq!(exit["cell"], serde_json::json!([3, 3]));
}

#[test]
fn help_has_examples() {
    let (code, out, _) = run(&["gamebook", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Examples:") && out.contains("mazegraph gamebook maze.txt -o book.md"));
}
