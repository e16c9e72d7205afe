//! CLI tests of `dataset`: shards written, split jobs writing the same files, refusals, and
//! the shards read by pyarrow, pandas (and polars, Hugging Face `datasets` when installed).

use std::path::Path;

mod common;
use common::*;

/// A Python with pyarrow and pandas: `MAZEGRAPH_PYTHON`, else the CI's venv (.ci/venv).
fn python_with_pyarrow() -> Option<String> {
    let venv = format!("{}/.ci/venv/bin/python", env!("CARGO_MANIFEST_DIR"));
    let candidates = std::env::var("MAZEGRAPH_PYTHON").into_iter().chain([venv]);
    candidates.into_iter().find(|p| {
        std::process::Command::new(p)
            .args(["-c", "import pyarrow, pandas"])
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

fn dataset(dir: &Path, extra: &[&str]) {
    let mut args = vec!["dataset", "-o", s(dir)];
    args.extend_from_slice(extra);
    let out = mg().args(&args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn shards_of_a_split_job_are_the_shards_of_one_job() {
    let tmp = tempfile::tempdir().unwrap();
    let (whole, part) = (tmp.path().join("whole"), tmp.path().join("part"));
    dataset(
        &whole,
        &[
            "-n",
            "50",
            "--size",
            "6x7",
            "--shard-rows",
            "20",
            "--seed",
            "100",
        ],
    );
    assert_eq!(
        listing(&whole),
        [
            "part-00000.parquet",
            "part-00001.parquet",
            "part-00002.parquet"
        ]
    );
    // The first part and the rest, as two jobs writing into one directory.
    dataset(
        &part,
        &[
            "-n",
            "20",
            "--size",
            "6x7",
            "--shard-rows",
            "20",
            "--seed",
            "100",
        ],
    );
    dataset(
        &part,
        &[
            "-n",
            "30",
            "--size",
            "6x7",
            "--shard-rows",
            "20",
            "--seed",
            "120",
            "--first-shard",
            "1",
        ],
    );
    for name in listing(&whole) {
        assert_eq!(
            std::fs::read(whole.join(&name)).unwrap(),
            std::fs::read(part.join(&name)).unwrap(),
            "{name}"
        );
    }
    // Another seed, other mazes.
    let other = tmp.path().join("other");
    dataset(
        &other,
        &[
            "-n",
            "20",
            "--size",
            "6x7",
            "--shard-rows",
            "20",
            "--seed",
            "101",
        ],
    );
    assert_ne!(
        std::fs::read(whole.join("part-00000.parquet")).unwrap(),
        std::fs::read(other.join("part-00000.parquet")).unwrap()
    );
}

#[test]
fn impossible_datasets_are_one_line_and_write_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("d");
    let e = error(&["dataset", "-o", s(&dir), "--count", "1000000000000"]);
    assert!(e.contains("needs at least") && e.contains("on disk"), "{e}");
    let e = error(&["dataset", "-o", s(&dir), "--count", "0"]);
    assert!(e.contains("no mazes"), "{e}");
    let e = error(&[
        "dataset",
        "-o",
        s(&dir),
        "-n",
        "2",
        "--seed",
        "18446744073709551615",
    ]);
    assert!(e.contains("run past"), "{e}");
    let e = error(&["dataset", "-o", s(&dir), "-n", "5", "--shard-rows", "0"]);
    assert!(e.contains("no rows"), "{e}");
    let e = error(&[
        "dataset",
        "-o",
        s(&dir),
        "-n",
        "5",
        "-a",
        "eller",
        "--size",
        "3x3x3",
    ]);
    assert!(e.contains("eller"), "{e}");
    let e = error(&["dataset", "-o", s(&dir), "-n", "5", "--max-memory", "1K"]);
    assert!(e.contains("memory budget"), "{e}");
    let e = error(&[
        "dataset",
        "-o",
        s(&dir),
        "-n",
        "5",
        "--difficulty",
        "extreme",
    ]);
    assert!(e.contains("extreme"), "{e}");
    assert!(!dir.exists(), "nothing made");
    // A file where the directory should be.
    let file = write(tmp.path(), "file", "x");
    let e = error(&["dataset", "-o", s(&file), "-n", "5"]);
    assert!(e.contains("file"), "{e}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
}

#[test]
fn a_difficulty_filter_tries_more_seeds() {
    let tmp = tempfile::tempdir().unwrap();
    let out = mg()
        .args([
            "dataset",
            "-o",
            s(tmp.path()),
            "-n",
            "30",
            "--size",
            "5x5",
            "--difficulty",
            "easy",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("dataset: 30 mazes in 1 shard")
            && err.contains("seeds tried for easy ones"),
        "{err}"
    );
    let quiet = tempfile::tempdir().unwrap();
    let out = mg()
        .args(["dataset", "-q", "-o", s(quiet.path()), "-n", "3"])
        .output()
        .unwrap();
    assert!(out.status.success() && out.stderr.is_empty() && out.stdout.is_empty());
}

#[test]
fn python_reads_the_shards() {
    let Some(python) = python_with_pyarrow() else {
        println!(
            "note: no Python with pyarrow and pandas (MAZEGRAPH_PYTHON or .ci/venv); skipping"
        );
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    dataset(
        tmp.path(),
        &[
            "-n",
            "120",
            "--size",
            "7x9",
            "--shard-rows",
            "50",
            "--seed",
            "5",
        ],
    );
    let script = format!("{}/tests/py/check_dataset.py", env!("CARGO_MANIFEST_DIR"));
    let o = std::process::Command::new(&python)
        .args([&script, s(tmp.path()), "120", "5", "7", "9"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    println!("{text}");
    assert!(
        o.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // The first row's grid is the maze `generate` makes from its seed.
    let last = text.lines().last().unwrap();
    let rows: serde_json::Value = serde_json::from_str(last).unwrap();
    let want = stdout(&["generate", "--size", "7x9", "--seed", "5", "--to", "txt"]);
    let got: Vec<&str> = rows["first"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert_eq!(got, want.lines().collect::<Vec<_>>());
}
