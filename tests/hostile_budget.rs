//! Budgets under hostile input, through the real binary: what a command will allocate is
//! estimated from its input and refused with one line (`--max-memory`, `--max-cells`), never
//! an abort; endless or random streams stop at once; flags cannot start unbounded work.
//! Every run here is bounded by a watchdog (killed and failed after a minute), not timed.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn mg() -> Command {
    Command::new(env!("CARGO_BIN_EXE_mazegraph"))
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn bad(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/bad")
        .join(name)
}

/// Waits for `child`, killing it (and failing) after a minute.
fn bounded(mut child: Child, what: &str) -> Output {
    let t0 = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        if t0.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("{what}: still running after a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn run(mut cmd: Command, what: &str) -> Output {
    let child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    bounded(child, what)
}

/// Exit status 2 and one error line holding `fragment`.
fn refused(out: &Output, fragment: &str, what: &str) {
    let e = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{what}: {e}");
    assert_eq!(e.lines().count(), 1, "{what}: {e}");
    assert!(e.starts_with("mazegraph: error: "), "{what}: {e}");
    assert!(e.contains(fragment), "{what}: {e}");
}

#[test]
fn a_png_bomb_is_refused_from_its_size_by_every_command() {
    let bomb = bad("png_bomb_inflates_to_20000x20000.png");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.md");
    let b = s(&bomb);
    let commands: Vec<Vec<&str>> = vec![
        vec!["stats", b],
        vec!["equal", b, b],
        vec!["attractor", b],
        vec!["gamebook", b, "-o", s(&out)],
        vec!["convert", b, "--to", "adj"],
        vec!["convert", b, "--junctions", "--to", "dot"],
        vec!["solve", b, "--method", "dijkstra"],
    ];
    for args in commands {
        let mut c = mg();
        c.args(&args).args(["--max-memory", "1G"]);
        let o = run(c, &format!("{args:?}"));
        refused(
            &o,
            "more than the memory budget of 1.0 GiB",
            &format!("{args:?}"),
        );
        assert!(o.stdout.is_empty());
    }
    assert!(!out.exists());
}

/// `mazegraph stats FILE` in a shell whose address space is limited to about 1.5 GB.
fn stats_under_ulimit(file: &Path) -> Command {
    let script = format!(
        "ulimit -v 1500000 && exec '{}' stats '{}'",
        env!("CARGO_BIN_EXE_mazegraph"),
        s(file)
    );
    let mut c = Command::new("sh");
    c.args(["-c", &script]);
    c
}

/// Under an address-space limit the default budget shrinks to fit it: the same bomb is refused
/// with one line instead of an abort when the allocation fails.
#[test]
fn under_a_ulimit_the_default_budget_fits_the_limit() {
    let bomb = bad("png_bomb_inflates_to_20000x20000.png");
    let o = run(stats_under_ulimit(&bomb), "stats under ulimit -v");
    refused(&o, "more than the memory budget", "stats under ulimit -v");
    // A small maze still works under the same limit.
    let dir = tempfile::tempdir().unwrap();
    let m = dir.path().join("m.txt");
    fs::write(&m, "#S#\n#.#\n#G#\n").unwrap();
    let o = run(stats_under_ulimit(&m), "small stats under ulimit -v");
    assert!(o.status.success(), "{o:?}");
}

#[test]
fn endless_or_random_streams_stop_at_once() {
    for dev in ["/dev/zero", "/dev/urandom"] {
        if fs::metadata(dev).is_err() {
            continue;
        }
        for from in [
            "txt",
            "json",
            "adj",
            "graph.json",
            "dot",
            "png",
            "jpeg",
            "bmp",
            "gif",
            "webp",
        ] {
            let mut c = mg();
            c.args(["convert", dev, "--from", from, "--to", "adj"]);
            let o = run(c, &format!("{dev} as {from}"));
            refused(&o, dev, &format!("{dev} as {from}"));
        }
        for from in ["pg", "game.json", "game.dot"] {
            let mut c = mg();
            c.args(["solve-game", dev, "--from", from]);
            let o = run(c, &format!("{dev} as {from}"));
            refused(&o, dev, &format!("{dev} as {from}"));
        }
    }
}

#[test]
fn an_endless_valid_stream_stops_at_the_budget() {
    let mut child = mg()
        .args(["convert", "-", "--from", "txt", "--to", "adj"])
        .args(["--max-memory", "32M"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let row = "#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#\n".repeat(1024);
        // Until the reader leaves.
        while stdin.write_all(row.as_bytes()).is_ok() {}
    });
    let o = bounded(child, "endless text on stdin");
    feeder.join().unwrap();
    refused(&o, "still going after 32.0 MiB", "endless text on stdin");
}

#[test]
fn far_apart_coordinates_do_not_make_gigabytes_of_wall() {
    let dir = tempfile::tempdir().unwrap();
    let far = dir.path().join("far.adj");
    fs::write(
        &far,
        "{(0, 0): [(0, 1)], (0, 1): [(0, 0)], (60000, 60000): [(60000, 60001)], (60000, 60001): [(60000, 60000)]}\n",
    )
    .unwrap();
    let mut c = mg();
    c.args(["convert", s(&far), "--to", "txt", "--layout", "coordinates"]);
    let o = run(c, "far apart at their coordinates");
    refused(&o, "almost all wall", "far apart at their coordinates");
    // The automatic layout falls back to the seed's row layout, a small maze.
    let mut c = mg();
    c.args(["convert", s(&far), "--to", "txt", "-q"]);
    let o = run(c, "far apart, automatic layout");
    assert!(o.status.success(), "{o:?}");
    assert!(o.stdout.len() < 10_000, "{}", o.stdout.len());
}

#[test]
fn flags_cannot_ask_for_unbounded_work() {
    let dir = tempfile::tempdir().unwrap();
    let m = dir.path().join("m.txt");
    fs::write(&m, "#S###\n#...#\n###G#\n").unwrap();
    // Output pixels are bounded like cells.
    let mut c = mg();
    c.args(["render", s(&m), "--scale", "65535", "-o"])
        .arg(dir.path().join("big.png"));
    let o = run(c, "render --scale 65535");
    refused(&o, "lower --scale, or raise --max-cells", "render --scale");
    assert!(!dir.path().join("big.png").exists());
    // A mask is sized after the check, not before.
    let mask = dir.path().join("mask.png");
    let o = run(
        {
            let mut c = mg();
            c.args(["render", s(&m), "-o", s(&mask)]);
            c
        },
        "a mask",
    );
    assert!(o.status.success(), "{o:?}");
    let mut c = mg();
    c.args(["generate", "--mask", s(&mask), "--size", "100000x100000"])
        .args(["--seed", "1", "--to", "json"]);
    let o = run(c, "generate --mask --size huge");
    refused(&o, "more than the limit", "generate --mask --size huge");
    // Four billion runs would keep terabytes of samples.
    let mut c = mg();
    c.args(["experiment", "--size", "3x3", "--runs", "4000000000", "-q"]);
    let o = run(c, "experiment --runs 4e9");
    refused(&o, "more than the memory budget", "experiment --runs 4e9");
    // A million threads asked: as many as there are cores and inputs.
    let mut c = mg();
    c.args(["solve", s(&m), s(&m), "-j", "1000000"]);
    let o = run(c, "solve -j 1000000");
    assert!(o.status.success(), "{o:?}");
    assert_eq!(String::from_utf8_lossy(&o.stdout).lines().count(), 2);
}
