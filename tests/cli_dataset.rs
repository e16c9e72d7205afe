//! CLI tests of `dataset`: shards written, split jobs writing the same files, refusals, and
//! the shards read by pyarrow, pandas (and polars, Hugging Face `datasets` when installed).

use std::path::Path;

mod common;
use common::*;

/// A Python with pyarrow and pandas: `MAZEGRAPH_PYTHON`, else the CI's venv (.ci/venv).
fn python_with_pyarrow() -> Option<String> {
    python_with("pyarrow, pandas")
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

/// Every row of a shard is held until it is written: by default, larger mazes make shards of
/// fewer rows (memory within about 256 MiB), said on stderr; `--shard-rows` still decides.
#[test]
fn the_default_shard_is_smaller_for_larger_mazes() {
    let dir = tempfile::tempdir().unwrap();
    let refused = |size: &str| {
        error(&[
            "dataset",
            "-o",
            s(dir.path()),
            "-n",
            "1000000",
            "--size",
            size,
            "--max-memory",
            "64K",
        ])
    };
    // The estimate is of the default rows: all 100 000 for small mazes, fewer for larger.
    assert!(
        refused("5x5").contains("a shard of 100000 rows (--shard-rows gives fewer)"),
        "{}",
        refused("5x5")
    );
    let e = refused("70x70");
    let rows: usize = e
        .split("a shard of ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|r| r.parse().ok())
        .unwrap_or_else(|| panic!("{e}"));
    assert!((100..1000).contains(&rows), "{e}");
    // Two shards, the first of the default rows, said on stderr.
    let out = dir.path().join("big");
    let n = (rows + 1).to_string();
    let run = mg()
        .args(["dataset", "-o", s(&out), "-n", &n, "--size", "70x70"])
        .output()
        .unwrap();
    assert!(run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(
        err.contains(&format!("note: {rows} rows a shard (about")),
        "{err}"
    );
    assert_eq!(listing(&out), ["part-00000.parquet", "part-00001.parquet"]);
    assert_eq!(metadata(&out)["rows"], rows);
    // With --shard-rows, that many, and nothing said.
    let given = dir.path().join("given");
    let run = mg()
        .args([
            "dataset",
            "-o",
            s(&given),
            "-n",
            "3",
            "--size",
            "70x70",
            "--shard-rows",
            "2",
        ])
        .output()
        .unwrap();
    assert!(run.status.success());
    assert!(!String::from_utf8_lossy(&run.stderr).contains("rows a shard"));
    assert_eq!(metadata(&given)["rows"], 2);
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
    let e = error(&["dataset", "-o", s(&dir), "-n", "5", "--max-memory", "64K"]);
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
    let text = run_check(
        &python,
        "check_dataset.py",
        &[s(tmp.path()), "120", "5", "7", "9"],
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

/// The rows of every shard in `dir`, in order, as `(column, value)` lists.
fn shard_rows(dir: &Path) -> Vec<Vec<(String, parquet::record::Field)>> {
    use parquet::file::reader::{FileReader, SerializedFileReader};
    let mut rows = Vec::new();
    for name in listing(dir) {
        let file = std::fs::File::open(dir.join(name)).unwrap();
        let reader = SerializedFileReader::new(file).unwrap();
        for row in reader.get_row_iter(None).unwrap() {
            let row = row.unwrap();
            rows.push(
                row.get_column_iter()
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect(),
            );
        }
    }
    rows
}

/// The metadata `mazegraph` of the first shard in `dir`.
fn metadata(dir: &Path) -> serde_json::Value {
    use parquet::file::reader::{FileReader, SerializedFileReader};
    let shard = dir.join("part-00000.parquet");
    let reader = SerializedFileReader::new(std::fs::File::open(&shard).unwrap()).unwrap();
    let meta = reader
        .metadata()
        .file_metadata()
        .key_value_metadata()
        .unwrap();
    let kv = meta.iter().find(|kv| kv.key == "mazegraph").unwrap();
    serde_json::from_str(kv.value.as_deref().unwrap()).unwrap()
}

/// The field `key` of a row.
fn field<'a>(row: &'a [(String, parquet::record::Field)], key: &str) -> &'a parquet::record::Field {
    &row.iter().find(|(k, _)| k == key).unwrap().1
}

/// An integer field (`None` for a null).
fn int(row: &[(String, parquet::record::Field)], key: &str) -> Option<i64> {
    use parquet::record::Field;
    match field(row, key) {
        Field::Int(v) => Some(i64::from(*v)),
        Field::ULong(v) => Some(*v as i64),
        Field::Null => None,
        other => panic!("{key}: {other:?}"),
    }
}

/// A list of integers (`None` for a null).
fn ints(row: &[(String, parquet::record::Field)], key: &str) -> Option<Vec<i64>> {
    use parquet::record::Field;
    match field(row, key) {
        Field::ListInternal(list) => Some(
            list.elements()
                .iter()
                .map(|f| match f {
                    Field::Int(v) => i64::from(*v),
                    other => panic!("{key}: {other:?}"),
                })
                .collect(),
        ),
        Field::Null => None,
        other => panic!("{key}: {other:?}"),
    }
}

#[test]
fn tiled_rows_are_the_mazes_generate_makes() {
    use mazegraph::tiling::{Tiles, Tiling};
    use parquet::record::Field;
    let tmp = tempfile::tempdir().unwrap();
    for (k, (tiling, size, extra)) in [
        ("sigma", "4x5", &[][..]),
        ("theta", "4", &[][..]),
        ("delta", "5", &["-a", "wilson"][..]),
        ("upsilon", "3x4", &["--loops", "2"][..]),
        ("weave", "4x4", &[][..]),
        ("sigma-flat", "3", &["-a", "prim", "--braid"][..]),
    ]
    .into_iter()
    .enumerate()
    {
        let dir = tmp.path().join(format!("d{k}"));
        let mut args = vec![
            "-n",
            "4",
            "--seed",
            "40",
            "--shard-rows",
            "3",
            "--tiling",
            tiling,
            "--size",
            size,
        ];
        args.extend_from_slice(extra);
        dataset(&dir, &args);
        let rows = shard_rows(&dir);
        assert_eq!(rows.len(), 4, "{tiling}");
        let sizes: Vec<usize> = size.split('x').map(|d| d.parse().unwrap()).collect();
        let board = Tiling::new(tiling, &sizes, &Default::default()).unwrap();
        let label = |v: i64| board.label(v as u32);
        // The metadata names every room.
        let labels: Vec<Vec<i64>> =
            serde_json::from_value(metadata(&dir)["labels"].clone()).unwrap();
        assert_eq!(labels.len(), board.room_count());
        assert!(labels
            .iter()
            .enumerate()
            .all(|(k, l)| *l == label(k as i64)));
        for (i, row) in rows.iter().enumerate() {
            let seed = (40 + i).to_string();
            assert_eq!(int(row, "seed"), Some(40 + i as i64));
            assert_eq!(field(row, "tiling"), &Field::Str(tiling.to_string()));
            assert_eq!(int(row, "rooms"), Some(board.room_count() as i64));
            assert_eq!(ints(row, "size").unwrap().len(), sizes.len());
            assert_eq!(field(row, "grid"), &Field::Null);
            assert_eq!(field(row, "shape"), &Field::Null);
            assert_eq!(field(row, "tokens"), &Field::Null);
            // The maze `generate --tiling` makes from this row's seed, as tiled maze JSON.
            let mut gen = vec![
                "generate", "--tiling", tiling, "--size", size, "--seed", &seed, "--to", "json",
            ];
            gen.extend_from_slice(extra);
            let json: serde_json::Value = serde_json::from_str(&stdout(&gen)).unwrap();
            let labels = |v: &serde_json::Value| -> Vec<i64> {
                v.as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_i64().unwrap())
                    .collect()
            };
            let mut want: Vec<[Vec<i64>; 2]> = json["open"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| {
                    let mut pair = [labels(&w[0]), labels(&w[1])];
                    pair.sort();
                    pair
                })
                .collect();
            let mut got: Vec<[Vec<i64>; 2]> = ints(row, "edges")
                .unwrap()
                .chunks(2)
                .map(|p| {
                    let mut pair = [label(p[0]), label(p[1])];
                    pair.sort();
                    pair
                })
                .collect();
            want.sort();
            got.sort();
            assert_eq!(got, want, "{tiling} seed {seed}");
            let (start, goal) = (int(row, "start").unwrap(), int(row, "goal").unwrap());
            assert_eq!(label(start), labels(&json["start"]), "{tiling}");
            assert_eq!(label(goal), labels(&json["goal"]), "{tiling}");
            // The figures are those `stats` gives the same maze.
            let file = tmp.path().join(format!("m{k}-{i}.json"));
            std::fs::write(&file, serde_json::to_string(&json).unwrap()).unwrap();
            let stats: serde_json::Value =
                serde_json::from_str(&stdout(&["stats", s(&file), "--json"])).unwrap();
            for key in [
                "path_cells",
                "dead_ends",
                "junctions",
                "solution_length",
                "decisions",
            ] {
                assert_eq!(int(row, key), stats[key].as_i64(), "{tiling} {key}");
            }
            let solution = ints(row, "solution").unwrap();
            assert_eq!(
                (solution.first(), solution.last()),
                (Some(&start), Some(&goal))
            );
            assert_eq!(
                solution.len() as i64 - 1,
                int(row, "solution_length").unwrap()
            );
        }
    }
}

#[test]
fn square_rows_keep_the_grid_and_leave_the_tiling_columns_null() {
    use parquet::record::Field;
    let tmp = tempfile::tempdir().unwrap();
    dataset(tmp.path(), &["-n", "2", "--size", "3x4"]);
    for row in shard_rows(tmp.path()) {
        assert_eq!(field(&row, "tiling"), &Field::Null);
        assert_eq!(field(&row, "edges"), &Field::Null);
        assert_eq!(ints(&row, "size"), Some(vec![3, 4]));
        assert_eq!(ints(&row, "shape"), Some(vec![7, 9]));
        assert_eq!(int(&row, "rooms"), Some(12));
        assert!(matches!(field(&row, "grid"), Field::Bytes(_)));
        assert!(matches!(field(&row, "tokens"), Field::Str(_)));
    }
}

#[test]
fn tiled_datasets_are_refused_as_generate_refuses_them() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("d");
    let run = |extra: &[&str]| {
        let mut args = vec!["dataset", "-o", s(&dir), "-n", "5"];
        args.extend_from_slice(extra);
        error(&args)
    };
    let e = run(&["--tiling", "weave", "-a", "backtracker", "--size", "4x4"]);
    assert!(e.contains("kruskal"), "{e}");
    let e = run(&["--tiling", "theta", "-a", "eller"]);
    assert!(e.contains("eller"), "{e}");
    let e = run(&["--tiling", "sigma", "--size", "3x3x3"]);
    assert!(e.contains("sigma"), "{e}");
    let e = run(&["--tiling", "pentagon"]);
    assert!(e.contains("pentagon"), "{e}");
    let e = run(&[
        "--tiling",
        "delta",
        "--size",
        "2000x2000",
        "--max-memory",
        "1M",
    ]);
    assert!(e.contains("memory budget"), "{e}");
    assert!(!dir.exists(), "nothing made");
}

#[test]
fn a_difficulty_filter_keeps_hard_tiled_mazes() {
    let tmp = tempfile::tempdir().unwrap();
    let out = mg()
        .args([
            "dataset",
            "-o",
            s(tmp.path()),
            "-n",
            "12",
            "--tiling",
            "delta",
            "--size",
            "6",
            "--difficulty",
            "hard",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("seeds tried for hard ones"), "{err}");
    let json = metadata(tmp.path());
    assert_eq!(json["tiling"], "delta");
    let hard_from = json["grader"][1].as_f64().unwrap();
    let rows = shard_rows(tmp.path());
    assert_eq!(rows.len(), 12);
    let mut seeds = Vec::new();
    for row in &rows {
        let parquet::record::Field::Double(d) = field(row, "difficulty") else {
            panic!("a score")
        };
        assert!(*d >= hard_from, "{d} < {hard_from}");
        seeds.push(int(row, "seed").unwrap());
    }
    // Some seeds were skipped: not every maze is hard.
    assert!(seeds.last().unwrap() - seeds[0] + 1 > 12, "{seeds:?}");
}

#[test]
fn python_reads_tiled_shards() {
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
            "30",
            "--tiling",
            "theta",
            "--size",
            "5",
            "--shard-rows",
            "12",
            "--seed",
            "9",
        ],
    );
    let rooms = mazegraph::tiling::Tiling::new("theta", &[5], &Default::default())
        .map(|t| mazegraph::tiling::Tiles::room_count(&t))
        .unwrap()
        .to_string();
    let text = run_check(
        &python,
        "check_tiled_dataset.py",
        &[s(tmp.path()), "30", "9", "theta", &rooms],
    );
    // What pandas read is what the parquet crate reads.
    let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    let want = ints(&shard_rows(tmp.path())[0], "edges").unwrap();
    let got: Vec<i64> = last["first"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    assert_eq!(got, want);
}
