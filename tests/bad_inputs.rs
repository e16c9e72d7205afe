//! Hostile and broken input through the real `mazegraph` binary.
//!
//! - The corpus in `tests/bad/` (one file per case, named after what is wrong, the expected
//!   error in `tests/bad/expected.tsv`), read by `convert` (`solve-game` for games), `equal`
//!   and from standard input: every file must give exit status 2 and exactly one line
//!   `mazegraph: error: FILE…: message`, write nothing and leave no temporary file.
//! - Resource limits: `--max-cells` caps cells, vertices and edges; the error says how to
//!   raise it, and raising it lets the same file through.
//! - Nothing lost: a failed conversion (while reading or while writing) leaves an existing
//!   output untouched and no temporary file; an output that names an input is refused unless
//!   `--force`.
//! - Exit statuses: 0 success, 1 a negative answer, 2 bad input or usage, as `--help` says.
//! - Regressions found by fuzzing (`fuzz/`, `scripts/fuzz.sh`) are corpus files.
//! - A property test (library level): every reader, on valid documents of every format with
//!   random bytes flipped, inserted, deleted or cut off, errs or returns a well-formed item.
//!
//! Hostile *output* paths (devices, FIFOs, links, standard input as the output) and signals
//! during a write are in `tests/hostile_files.rs`.

use std::fs;
use std::path::PathBuf;

mod common;
use common::*;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn bad_dir() -> PathBuf {
    root().join("tests/bad")
}

/// One line of `tests/bad/expected.tsv`.
struct Case {
    file: String,
    options: Vec<String>,
    error: String,
}

fn corpus() -> Vec<Case> {
    let manifest = fs::read_to_string(bad_dir().join("expected.tsv")).unwrap();
    manifest
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            assert_eq!(
                cols.len(),
                3,
                "expected.tsv: three tab-separated columns: {l:?}"
            );
            Case {
                file: cols[0].to_string(),
                options: match cols[1] {
                    "-" => Vec::new(),
                    o => o.split(' ').map(str::to_string).collect(),
                },
                error: cols[2].to_string(),
            }
        })
        .collect()
}

/// Game files (`.pg`, `.gm`, `.game.json`, `.game.dot`) go through `solve-game`.
fn is_game(file: &str) -> bool {
    [".pg", ".gm", ".game.json", ".game.dot"]
        .iter()
        .any(|e| file.ends_with(e))
}

/// The command line that reads `input` and writes `output`: `convert`, or `solve-game` for a
/// game.
fn reading<'a>(file: &str, input: &'a str, output: &'a str) -> Vec<&'a str> {
    if is_game(file) {
        vec!["solve-game", input, "-o", output]
    } else {
        vec!["convert", input, "-o", output]
    }
}

/// Formats holding mazes are converted to a graph format and the others to a maze format, so
/// that a reader problem cannot hide behind "same format"; games are solved.
fn output_name(file: &str) -> &'static str {
    if is_game(file) {
        return "out.sol";
    }
    if file.ends_with(".png") || file.ends_with(".txt") || file.ends_with(".maze") {
        "out.adj"
    } else if file.ends_with(".graph.json") {
        "out.txt"
    } else if file.ends_with(".json") {
        "out.adj"
    } else {
        "out.json"
    }
}

/// Runs `mazegraph ARGS`, returning the exit code and standard error.
fn run(args: &[&str]) -> (Option<i32>, String) {
    let out = mg().args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Checks the shape of a refusal: status 2, one line, `mazegraph: error: `, no panic.
fn refusal(what: &str, code: Option<i32>, err: &str) -> Result<(), String> {
    if code != Some(2) {
        return Err(format!(
            "{what}: exit status {code:?}, not 2; stderr: {err:?}"
        ));
    }
    if err.lines().count() != 1 || !err.starts_with("mazegraph: error: ") {
        return Err(format!("{what}: not one 'mazegraph: error:' line: {err:?}"));
    }
    if err.contains("panicked") || err.contains("RUST_BACKTRACE") {
        return Err(format!("{what}: panicked: {err:?}"));
    }
    Ok(())
}

#[test]
fn every_file_in_the_corpus_has_an_expected_error_and_every_case_a_file() {
    let listed: Vec<String> = corpus().into_iter().map(|c| c.file).collect();
    let mut files = listing(&bad_dir());
    files.retain(|f| f != "expected.tsv" && f != "make_binary.py");
    let mut sorted = listed.clone();
    sorted.sort();
    let dupes: Vec<_> = sorted.windows(2).filter(|w| w[0] == w[1]).collect();
    assert!(dupes.is_empty(), "listed twice: {dupes:?}");
    let unlisted: Vec<_> = files.iter().filter(|f| !sorted.contains(f)).collect();
    let missing: Vec<_> = sorted.iter().filter(|f| !files.contains(f)).collect();
    assert!(
        unlisted.is_empty() && missing.is_empty(),
        "files without a line in expected.tsv: {unlisted:?}; lines without a file: {missing:?}"
    );
    assert!(files.len() >= 100, "the corpus lost files: {}", files.len());
}

#[test]
fn the_corpus_is_refused_with_the_expected_error_and_nothing_written() {
    let mut failures = Vec::new();
    for case in corpus() {
        let dir = tempfile::tempdir().unwrap();
        let input = bad_dir().join(&case.file);
        let output = dir.path().join(output_name(&case.file));
        let mut args = reading(
            &case.file,
            input.to_str().unwrap(),
            output.to_str().unwrap(),
        );
        args.extend(case.options.iter().map(String::as_str));
        let (code, err) = run(&args);
        if let Err(e) = refusal(&case.file, code, &err) {
            failures.push(e);
            continue;
        }
        // A fragment starting with ':' follows the file name (`FILE:LINE: …`, `FILE: …`).
        let want = if case.error.starts_with(':') {
            format!("{}{}", input.display(), case.error)
        } else {
            case.error.clone()
        };
        if !err.contains(&want) {
            failures.push(format!(
                "{}: expected {want:?}\n   got {:?}",
                case.file,
                err.trim_end()
            ));
        }
        let left = listing(dir.path());
        if !left.is_empty() {
            failures.push(format!("{}: left files behind: {left:?}", case.file));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_corpus_is_refused_by_equal_too() {
    // `equal` reads both sides; a bad side is bad input (2), never "not equal" (1).
    let seed = root().join("data/seed.txt");
    let mut failures = Vec::new();
    for case in corpus().into_iter().filter(|c| !is_game(&c.file)) {
        let input = bad_dir().join(&case.file);
        let mut args = vec!["equal", seed.to_str().unwrap(), input.to_str().unwrap()];
        args.extend(case.options.iter().map(String::as_str));
        let (code, err) = run(&args);
        if let Err(e) = refusal(&case.file, code, &err) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_corpus_from_standard_input_names_stdin() {
    // The same bytes through `-` with --from: errors name <stdin>, never panic.
    let mut failures = Vec::new();
    for case in corpus() {
        let Some(format) = [
            "game.json",
            "game.dot",
            "pg",
            "png",
            "txt",
            "graph.json",
            "json",
            "adj",
            "dot",
            "graphml",
            "gml",
            "edges",
            "edgelist",
        ]
        .into_iter()
        .find(|f| case.file.ends_with(&format!(".{f}"))) else {
            continue;
        };
        let bytes = fs::read(bad_dir().join(&case.file)).unwrap();
        let mut args = vec!["convert", "-", "--from", format, "--to", "json"];
        if format == "json" || format == "png" || format == "txt" {
            args[5] = "adj";
        }
        if is_game(&case.file) {
            args = vec!["solve-game", "-", "--from", format, "--to", "json"];
        }
        args.extend(case.options.iter().map(String::as_str));
        let out = mg().args(&args).write_stdin(bytes).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        if let Err(e) = refusal(&case.file, out.status.code(), &err) {
            failures.push(e);
        } else if !err.contains("<stdin>") {
            failures.push(format!("{}: does not name <stdin>: {err:?}", case.file));
        }
        if !out.stdout.is_empty() {
            failures.push(format!("{}: wrote to stdout", case.file));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn raising_max_cells_lets_the_capped_files_through() {
    let dir = tempfile::tempdir().unwrap();
    for (file, enough) in [
        ("adj_too_many_edges.adj", "90"),
        ("graph_json_too_many_edges.graph.json", "190"),
        ("graph_json_too_many_edges_before_nodes.graph.json", "190"),
        ("dot_subgraph_product_too_many_edges.dot", "900"),
    ] {
        let out = dir.path().join("out.adj");
        let input = bad_dir().join(file);
        mg().args(["convert", input.to_str().unwrap(), "-o"])
            .arg(&out)
            .args(["--max-cells", enough])
            .assert()
            .code(0);
        let text = fs::read_to_string(&out).unwrap();
        assert!(text.starts_with('{'), "{file}: {text}");
        // One below is refused again: the cap is exact.
        let below = (enough.parse::<u64>().unwrap() - 1).to_string();
        let (code, err) = run(&[
            "convert",
            input.to_str().unwrap(),
            "--to",
            "adj",
            "--max-cells",
            &below,
        ]);
        refusal(file, code, &err).unwrap();
        assert!(err.contains("raise it with --max-cells"), "{file}: {err}");
    }
    // Cells: a 3x5 maze needs 15.
    let maze = root().join("data/portals.txt");
    let (code, err) = run(&[
        "convert",
        maze.to_str().unwrap(),
        "--to",
        "json",
        "--max-cells",
        "3",
    ]);
    refusal("portals.txt", code, &err).unwrap();
    assert!(err.contains("raise it with --max-cells"), "{err}");
}

#[test]
fn a_failed_conversion_keeps_the_old_output_and_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.png");
    fs::write(&out, b"precious").unwrap();
    // Failing while reading.
    let bad = bad_dir().join("json_wrong_cells_length.json");
    let (code, err) = run(&[
        "convert",
        bad.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    refusal("read", code, &err).unwrap();
    assert_eq!(fs::read(&out).unwrap(), b"precious");
    assert_eq!(listing(dir.path()), ["out.png"]);
    // Failing while writing, after the temporary file exists: a 3-D maze cannot be a PNG.
    let cube = root().join("data/cube.json");
    let (code, err) = run(&[
        "convert",
        cube.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    refusal("write", code, &err).unwrap();
    assert!(err.contains("png holds 2-D mazes"), "{err}");
    assert_eq!(fs::read(&out).unwrap(), b"precious");
    assert_eq!(listing(dir.path()), ["out.png"]);
    // Portals cannot go into a PNG either.
    let portals = root().join("data/portals.txt");
    let (code, err) = run(&[
        "convert",
        portals.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    refusal("portals", code, &err).unwrap();
    assert_eq!(fs::read(&out).unwrap(), b"precious");
    assert_eq!(listing(dir.path()), ["out.png"]);
    // A directory that does not exist: an error, nothing created anywhere.
    let nowhere = dir.path().join("no/such/dir/out.json");
    let seed = root().join("data/seed.txt");
    let (code, err) = run(&[
        "convert",
        seed.to_str().unwrap(),
        "-o",
        nowhere.to_str().unwrap(),
    ]);
    refusal("missing dir", code, &err).unwrap();
    assert_eq!(listing(dir.path()), ["out.png"]);
    // And success replaces it whole.
    mg().args([
        "convert",
        seed.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ])
    .assert()
    .code(0);
    assert!(fs::read(&out).unwrap().starts_with(b"\x89PNG"));
    assert_eq!(listing(dir.path()), ["out.png"]);
}

#[test]
fn an_output_naming_an_input_is_refused_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("sub");
    fs::create_dir(&sub).unwrap();
    let maze = sub.join("m.txt");
    let text = "#.###\n#...#\n###.#\n";
    fs::write(&maze, text).unwrap();
    // The same file under other spellings.
    let dotted = dir.path().join("sub/../sub/./m.txt");
    for out in [maze.clone(), dotted] {
        let (code, err) = run(&[
            "convert",
            maze.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ]);
        refusal("same file", code, &err).unwrap();
        assert!(err.contains("refusing to overwrite the input"), "{err}");
        assert!(err.contains("--force"), "{err}");
        assert_eq!(fs::read_to_string(&maze).unwrap(), text);
    }
    #[cfg(unix)]
    {
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink(&maze, &link).unwrap();
        let (code, err) = run(&[
            "convert",
            link.to_str().unwrap(),
            "-o",
            maze.to_str().unwrap(),
        ]);
        refusal("symlink", code, &err).unwrap();
        assert_eq!(fs::read_to_string(&maze).unwrap(), text);
    }
    // With --force the input is replaced (atomically, by rename): here by its JSON.
    let json = sub.join("m.json");
    fs::write(&json, "{\"shape\": [1, 2], \"cells\": \"..\"}").unwrap();
    mg().args([
        "convert",
        json.to_str().unwrap(),
        "-o",
        json.to_str().unwrap(),
        "--force",
    ])
    .assert()
    .code(0);
    assert!(fs::read_to_string(&json)
        .unwrap()
        .starts_with("{\"shape\": [1, 2], \"cells\": \"..\", \"start\": null"));
    assert_eq!(listing(&sub), ["m.json", "m.txt"]);
}

#[test]
fn exit_statuses_are_documented_and_kept() {
    let out = mg().arg("--help").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(
        help.contains(
            "Exit status: 0 success; 1 a negative answer (not equal, no solution); 2 bad input or usage."
        ),
        "{help}"
    );
    let seed = root().join("data/seed.txt");
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("other.txt");
    fs::write(&other, "####.#####\n.........#\n").unwrap();
    // 0: equal; 1: not equal; 2: bad input, missing file, usage.
    mg().args(["equal", seed.to_str().unwrap(), seed.to_str().unwrap()])
        .assert()
        .code(0);
    mg().args(["equal", seed.to_str().unwrap(), other.to_str().unwrap()])
        .assert()
        .code(1);
    let missing = dir.path().join("missing.txt");
    let (code, err) = run(&["equal", seed.to_str().unwrap(), missing.to_str().unwrap()]);
    refusal("missing file", code, &err).unwrap();
    assert!(err.contains("cannot read"), "{err}");
    mg().args(["convert", "--no-such-option"]).assert().code(2);
    mg().args(["no-such-command"]).assert().code(2);
    mg().args(["convert", seed.to_str().unwrap(), "--max-cells", "many"])
        .assert()
        .code(2);
}

#[test]
fn generate_refuses_huge_sizes_and_bad_masks_before_allocating() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.txt");
    let png = dir.path().join("out.png");
    for (args, out) in [
        (vec!["generate", "--size", "100000x100000"], &out),
        // Streamed, a huge maze is bounded by the memory of its coarse map and one band.
        (
            vec!["generate", "--huge", "--size", "100000000x100000000"],
            &png,
        ),
        (
            vec!["generate", "--size", "1000x1000", "--max-cells", "1000"],
            &out,
        ),
    ] {
        let o = mg().args(&args).arg("-o").arg(out).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        let flag = if args.contains(&"--huge") {
            "raise it with --max-memory"
        } else {
            "raise it with --max-cells"
        };
        assert!(err.contains(flag), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // A mask is a PNG read from a file: the corpus's broken PNGs are refused the same way.
    for file in [
        "png_truncated_in_image_data.png",
        "png_claims_1e6_by_1e6_pixels.png",
        "png_not_a_png.png",
        "png_empty_file.png",
    ] {
        let mask = bad_dir().join(file);
        let o = mg()
            .args(["generate", "--mask", mask.to_str().unwrap(), "-o"])
            .arg(&out)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{file}: {err}");
        assert!(err.contains("mazegraph: error: "), "{file}: {err}");
        assert!(!err.contains("panicked"), "{file}: {err}");
    }
    // A palette of 7 bytes (not whole RGB triples): the png crate's palette expansion
    // panicked on it (found by fuzzing).
    let seven = dir.path().join("seven.png");
    {
        let file = fs::File::create(&seven).unwrap();
        let mut enc = png::Encoder::new(file, 2, 1);
        enc.set_color(png::ColorType::Indexed);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_palette(vec![0, 0, 0, 255, 255, 255, 15]);
        let mut w = enc.write_header().unwrap();
        w.write_image_data(&[0, 1]).unwrap();
        w.finish().unwrap();
    }
    let o = mg()
        .args(["generate", "--mask", seven.to_str().unwrap(), "-o"])
        .arg(&out)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("invalid palette: 7 bytes"), "{err}");
    fs::remove_file(&seven).unwrap();
    assert!(listing(dir.path()).is_empty(), "{:?}", listing(dir.path()));
}

/// Library-level property tests: every reader, on a valid document of its format that has
/// been truncated, had bytes flipped, inserted or deleted, returns an error or an item, never
/// panics; an item it returns is well formed. A cheap, deterministic cousin of the fuzz
/// targets in `fuzz/` that runs with `cargo test`.
mod mutated_documents {
    use super::root;
    use mazegraph::format::{Format, Item, ReadOptions};
    use mazegraph::grid::Limits;
    use mazegraph::{Graph, Maze};
    use proptest::prelude::*;
    use std::fs;

    /// Valid documents of every format, made here (no files needed).
    fn documents() -> Vec<(Format, Vec<u8>)> {
        let maze = Maze::from_text_rows(&[
            "#S#######",
            "#.....#.#",
            "#.###.#.#",
            "#...#...#",
            "###.###.G",
        ])
        .unwrap();
        let mut with_portal = maze.clone();
        with_portal.add_portal(10, 16).unwrap();
        let cells = Graph::from_maze(&with_portal);
        let junctions = mazegraph::junction::junction_graph(&maze);
        let mut docs = Vec::new();
        for f in [Format::Png, Format::Txt, Format::Json] {
            let mut out = Vec::new();
            let m = if f == Format::Png {
                &maze
            } else {
                &with_portal
            };
            f.write_maze(m, &mut out).unwrap();
            docs.push((f, out));
        }
        for f in [Format::Adj, Format::GraphJson, Format::Dot] {
            for g in [&cells, &junctions] {
                let mut out = Vec::new();
                f.write_graph(g, &mut out).unwrap();
                docs.push((f, out));
            }
        }
        for f in [Format::GraphMl, Format::Gml, Format::Edges] {
            for g in [&cells, &junctions] {
                let mut out = Vec::new();
                // An edge list refuses a graph with an isolated vertex: nothing to mutate.
                if f.write_graph(g, &mut out).is_ok() {
                    docs.push((f, out));
                }
            }
        }
        // maze-dataset's files (tests/foreign/).
        for (f, name) in [
            (Format::Txt, "md_dfs_4x6.txt"),
            (Format::Json, "md_dfs_4x6_adjlist.json"),
            (Format::Json, "md_dfs_4x6.mazedataset.json"),
            (Format::Tokens, "md_dfs_4x6.tokens"),
            (Format::Tokens, "md_dfs_4x6.tokens_indexed"),
        ] {
            docs.push((
                f,
                fs::read(root().join("tests/foreign").join(name)).unwrap(),
            ));
        }
        // Graphs with names, as other tools write them.
        docs.push((
            Format::Adj,
            b"{'a': ['b', 7], (1, -2): {'a': 3}, 7: []}".to_vec(),
        ));
        docs.push((
            Format::GraphJson,
            br#"{"directed": true, "nodes": [{"id": "a"}, {"id": [1, 2]}, {"id": 3}],
                "links": [{"source": "a", "target": [1, 2], "weight": 2}]}"#
                .to_vec(),
        ));
        docs.push((
            Format::Dot,
            b"strict digraph { a -> b -> c; {d e} -- f [weight=2]; subgraph s { g } }".to_vec(),
        ));
        docs.push((
            Format::GraphMl,
            br#"<?xml version="1.0"?><graphml><key id="w" for="edge" attr.name="weight"><default>2</default></key>
<key id="n" for="node" attr.name="name"/><graph edgedefault="directed"><node id="n0"><data key="n">0,1</data></node>
<node id="b"/><edge source="n0" target="b"/><edge source="b" target="n0" directed="false"><data key="w">0.5</data></edge></graph></graphml>"#
                .to_vec(),
        ));
        docs.push((
            Format::Gml,
            b"Creator \"x\"\ngraph [ directed 1 node [ id 0 label \"(0,1)\" graphics [ x 1 ] ] node [ id 1 name \"a&amp;b\" ]\n edge [ source 0 target 1 weight 2.5 ] start \"(0,1)\" ]".to_vec(),
        ));
        docs.push((
            Format::Edges,
            b"# start: 0,1\n(0, 1) (1, 1) {'weight': 2, 'c': [1, {2: 3}]}\nx y 3\n".to_vec(),
        ));
        docs
    }

    #[derive(Clone, Debug)]
    enum Edit {
        Truncate(usize),
        Flip(usize, u8),
        Insert(usize, u8),
        Delete(usize),
    }

    fn edit() -> impl Strategy<Value = Edit> {
        prop_oneof![
            any::<usize>().prop_map(Edit::Truncate),
            (any::<usize>(), 1..=255u8).prop_map(|(i, x)| Edit::Flip(i, x)),
            (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Insert(i, b)),
            any::<usize>().prop_map(Edit::Delete),
        ]
    }

    fn apply(doc: &mut Vec<u8>, e: &Edit) {
        let n = doc.len().max(1);
        match *e {
            Edit::Truncate(i) => doc.truncate(i % n),
            Edit::Flip(i, x) => {
                if let Some(b) = doc.get_mut(i % n) {
                    *b ^= x;
                }
            }
            Edit::Insert(i, b) => doc.insert(i % (doc.len() + 1), b),
            Edit::Delete(i) => {
                if !doc.is_empty() {
                    doc.remove(i % doc.len());
                }
            }
        }
    }

    fn well_formed(item: &Item) {
        match item {
            Item::Maze(m) => assert!(m.validate().is_ok()),
            Item::Graph(g) => {
                let n = g.vertex_count() as u32;
                let mut entries = 0;
                for v in 0..n {
                    let ns = g.neighbours(v);
                    entries += ns.len();
                    assert!(ns.windows(2).all(|w| w[0] < w[1]));
                    for &u in ns {
                        assert!(u < n && u != v && g.neighbours(u).binary_search(&v).is_ok());
                    }
                }
                assert_eq!(entries, 2 * g.edge_count());
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1024))]

        #[test]
        fn readers_never_panic_on_mutated_documents(
            pick in any::<prop::sample::Index>(),
            edits in prop::collection::vec(edit(), 1..6),
        ) {
            let docs = documents();
            let (_, doc) = &docs[pick.index(docs.len())];
            let mut bytes = doc.clone();
            for e in &edits {
                apply(&mut bytes, e);
            }
            let opts = ReadOptions { limits: Limits::cells(1 << 20), ..Default::default() };
            // Each reader on these bytes, not only the format they came from.
            for f in Format::ALL {
                match f.read(&bytes, &opts) {
                    Ok(item) => well_formed(&item),
                    Err(e) => prop_assert!(!e.to_string().is_empty()),
                }
            }
        }
    }
}
