//! What trips a newcomer in the first hour (issue 27): usage, help texts, notes and pictures
//! a person can read. Each test runs the real binary.

mod common;
use common::*;

/// The whole of standard error of a run that must fail with status 2, with nothing on stdout.
fn failure(args: &[&str]) -> String {
    let out = mg().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?} should fail");
    assert!(out.stdout.is_empty(), "{args:?} wrote on stdout");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn a_bare_mazegraph_prints_its_commands_as_usage() {
    let err = failure(&[]);
    assert!(err.lines().count() > 10, "{err}");
    assert!(!err.contains("error:"), "{err}");
    assert!(err.contains("Usage: mazegraph"), "{err}");
    for command in ["convert", "solve", "generate", "render", "draw"] {
        assert!(
            err.lines()
                .any(|l| l.trim_start().starts_with(&format!("{command} "))),
            "{command}: {err}"
        );
    }
    // The global options are --help's; the usage says where to find them.
    assert!(!err.contains("--max-memory"), "{err}");
    assert!(err.contains("mazegraph --help"), "{err}");
    // Only global options, no command: the same usage.
    assert_eq!(failure(&["--quiet"]), err);
}

#[test]
fn usage_errors_are_one_line_that_keeps_its_meaning() {
    let e = error(&["solve"]);
    assert_eq!(
        e,
        "mazegraph: error: the input is missing: mazegraph solve <INPUTS>... \
         (see 'mazegraph solve --help')\n"
    );
    let e = error(&["equal", "a.png"]);
    assert!(e.contains("the input B is missing"), "{e}");
    assert!(e.contains("(see 'mazegraph equal --help')"), "{e}");
    let e = error(&["render"]);
    assert!(e.contains("the input is missing: mazegraph render"), "{e}");
    assert!(!e.contains(';'), "{e}");
    // A bad value points to the help of the command it was given to, the values in one phrase.
    let e = error(&["-q", "generate", "-a", "foo"]);
    assert!(
        e.contains("invalid value 'foo' for '--algorithm <ALGORITHM>' [possible values: "),
        "{e}"
    );
    assert!(e.contains("(see 'mazegraph generate --help')"), "{e}");
    let e = error(&["solve", "x.png", "-m", "fast"]);
    assert!(e.contains("(see 'mazegraph solve --help')"), "{e}");
    // An unknown command lists the commands.
    let e = error(&["frob"]);
    assert!(
        e.contains("'frob'") && e.contains("convert, equal, solve"),
        "{e}"
    );
}

#[test]
fn generate_help_says_what_each_algorithm_makes() {
    let help = stdout(&["generate", "--help"]);
    for name in mazegraph::generate::Algorithm::NAMES {
        let line = help
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("- {name}:")))
            .unwrap_or_else(|| panic!("{name} has no line in generate --help:\n{help}"));
        let about = line.split_once(':').unwrap().1.trim();
        assert!(about.len() > 20, "{name}: {line}");
    }
    let wall_removal = help
        .lines()
        .skip_while(|l| !l.contains("- wall-removal:"))
        .take(2)
        .collect::<String>();
    assert!(
        wall_removal.contains("NOT perfect") && wall_removal.contains("disconnected"),
        "{wall_removal}"
    );
}

#[test]
fn a_huge_maze_says_its_size_when_piped() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("h.png");
    let out = mg()
        .args([
            "generate",
            "--huge",
            "--size",
            "40x60",
            "--seed",
            "1",
            "-o",
            s(&png),
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "one note, no progress bar: {err}");
    assert!(err.contains("121×81 pixels"), "{err}");
    let quiet = mg()
        .args(["generate", "--huge", "--size", "40x60", "-q", "-o", s(&png)])
        .output()
        .unwrap();
    assert!(quiet.status.success() && quiet.stderr.is_empty());
}

#[test]
fn words_a_newcomer_reads() {
    // A* counts the cells it expanded, not "kept".
    let out = mg()
        .args(["solve", &data("perfect15x20.png"), "-m", "astar"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        said.contains("expanded") && !said.contains("kept"),
        "{said}"
    );
    // A refusal is one line, without a seed note before it.
    let e = error(&["generate", "-a", "eller", "--size", "5x5x5", "--to", "json"]);
    assert!(e.contains("2-D") && !e.contains("seed"), "{e}");
}

#[test]
fn the_notebook_script_has_a_usage_text() {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = std::process::Command::new("bash")
        .arg(format!("{root}/scripts/notebooks.sh"))
        .arg("--help")
        .output()
        .unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.starts_with("Usage: scripts/notebooks.sh"), "{help}");
    assert!(help.contains("--update") && help.contains("NOTEBOOK_CELL_TIMEOUT"));
    assert!(!help.contains("set -euo") && !help.contains("# "), "{help}");
}

/// Width, height, RGB pixels and the legend's rows (from its text chunk) of a PNG.
fn decode(path: &std::path::Path) -> (usize, usize, Vec<[u8; 3]>, usize) {
    let mut dec = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    dec.set_transformations(png::Transformations::EXPAND);
    let mut reader = dec.read_info().unwrap();
    let legend = mazegraph::legend::legend_rows(
        &reader.info().uncompressed_latin1_text,
        reader.info().height as usize,
    );
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let (w, h) = (info.width as usize, info.height as usize);
    let px = buf[..w * h * 3]
        .chunks(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    (w, h, px, legend)
}

#[test]
fn start_and_goal_show_in_a_picture_of_small_cells() {
    use mazegraph::palette::{GOAL, START};
    let dir = tempfile::tempdir().unwrap();
    let maze = dir.path().join("m.txt");
    mg().args(["generate", "--size", "60x60", "--seed", "3", "-o", s(&maze)])
        .assert()
        .success();
    // 121 cells of 5 pixels: the start and goal each colour far more than their own cell.
    let solved = dir.path().join("solved.png");
    let rendered = dir.path().join("rendered.png");
    mg().args(["solve", s(&maze), "-o", s(&solved)])
        .assert()
        .success();
    mg().args([
        "render",
        s(&maze),
        "-o",
        s(&rendered),
        "--overlay",
        "solution",
    ])
    .assert()
    .success();
    for picture in [&solved, &rendered] {
        let (w, h, px, legend) = decode(picture);
        assert_eq!(w, 121 * 5);
        let maze_px = &px[..w * (h - legend)];
        for colour in [START, GOAL] {
            let n = maze_px.iter().filter(|&&p| p == colour).count();
            assert!(
                n > 4 * 25,
                "{}: {n} pixels of {colour:?}",
                picture.display()
            );
        }
        // Over path cells only: the picture still reads as the maze.
        mg().args(["equal", s(&maze), s(picture)])
            .assert()
            .success();
    }
}

#[test]
fn an_n_d_legend_never_dominates_its_slices() {
    let dir = tempfile::tempdir().unwrap();
    for scale in ["6", "9"] {
        let out = dir.path().join(format!("cube{scale}.png"));
        mg().args([
            "render",
            &data("cube.json"),
            "-o",
            s(&out),
            "--overlay",
            "solution",
        ])
        .args(["--scale", scale])
        .assert()
        .success();
        let (_, h, _, legend) = decode(&out);
        assert!(
            legend > 0 && legend < h - legend,
            "{scale}: {legend} of {h}"
        );
    }
}

#[test]
fn graphviz_pictures_have_a_key() {
    if !mazegraph::draw::graphviz_installed() {
        eprintln!("Graphviz is not installed: skipped");
        return;
    }
    let maze = stdout(&[
        "draw",
        &data("perfect15x20.png"),
        "--junctions",
        "--to",
        "svg",
    ]);
    assert!(maze.contains("start"), "{maze}");
    assert!(maze.contains("goal"));
    let game = stdout(&["draw", &data("game.pg"), "--to", "svg"]);
    for words in ["player 0", "player 1", "priority", "initial vertex"] {
        assert!(game.contains(words), "{words}");
    }
    // A maze of a few cells is drawn big enough to see, not as a thumbnail.
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("seed.png");
    mg().args(["draw", &data("seed.txt"), "-o", s(&png)])
        .assert()
        .success();
    let (w, _, _, _) = decode(&png);
    assert!(w >= 400, "{w}");
}

#[test]
fn a_command_lists_only_the_global_options_that_mean_something_to_it() {
    let help = |cmd: &str| {
        let out = mg().args([cmd, "--help"]).output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(!help("equal").contains("--force"));
    for cmd in ["generate", "experiment", "solve-game"] {
        let h = help(cmd);
        for flag in ["--cells", "--doubtful", "--marks"] {
            assert!(!h.contains(flag), "{cmd} --help lists {flag}");
        }
    }
    assert!(help("solve").contains("--cells") && help("solve").contains("--force"));
    // Given anyway, before or after the command: one line saying it means nothing there.
    for args in [
        &["generate", "--size", "3x3", "--cells", "5"][..],
        &["--cells", "5", "generate", "--size", "3x3"][..],
    ] {
        let out = mg().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            String::from_utf8(out.stderr).unwrap(),
            "mazegraph: error: generate reads no maze picture: --cells means nothing here\n"
        );
    }
}
