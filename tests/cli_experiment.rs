//! CLI tests for `mazegraph experiment`: determinism whatever -j, the table formats, the
//! chart files, and bad arguments.

use std::fs;

mod common;
use common::*;

fn experiment(extra: &[&str]) -> std::process::Output {
    let mut args = vec!["experiment", "--size", "6x7", "--runs", "8", "--seed", "5"];
    args.extend_from_slice(extra);
    mg().args(&args).output().unwrap()
}

#[test]
fn same_seed_same_table_whatever_the_threads() {
    let one = experiment(&["-j", "1"]);
    let two = experiment(&["-j", "2"]);
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(one.stdout, two.stdout);
    let other = mg()
        .args(["experiment", "--size", "6x7", "--runs", "8", "--seed", "6"])
        .output()
        .unwrap();
    assert_ne!(one.stdout, other.stdout);
}

#[test]
fn markdown_has_a_row_per_generator() {
    let out = experiment(&[
        "--algorithms",
        "backtracker,kruskal,wall-removal,growing-tree:random",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("| ")).collect();
    assert_eq!(rows.len(), 5, "{text}"); // header + 4
    assert!(rows[1].starts_with("| backtracker | yes |"));
    assert!(rows[3].starts_with("| wall-removal | no |"));
    assert!(rows[4].starts_with("| growing-tree:random | yes |"));
    // Every row has the header's number of cells.
    let cells = |l: &str| l.matches('|').count();
    assert!(rows.iter().all(|r| cells(r) == cells(rows[0])));
}

#[test]
fn csv_and_json_shapes() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("t.csv");
    let out = experiment(&["--algorithms", "prim,bfs", "-o", s(&csv)]);
    assert!(out.status.success() && out.stdout.is_empty());
    let text = fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    let width = lines[0].split(',').count();
    assert_eq!(width, 5 + 4 * 6);
    assert!(lines.iter().all(|l| l.split(',').count() == width));
    assert!(lines[1].starts_with("prim,true,6x7,8,5,8,"));
    let out = experiment(&["--algorithms", "prim,bfs", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["dims"], serde_json::json!([6, 7]));
    assert_eq!((v["runs"].as_u64(), v["seed"].as_u64()), (Some(8), Some(5)));
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1]["algorithm"], "bfs");
    let sol = &rows[0]["solution_length"];
    assert_eq!(sol["n"], 8);
    for k in ["mean", "median", "stdev", "min", "max"] {
        assert!(sol[k].is_number(), "{k}");
    }
    assert!(sol["min"].as_f64() <= sol["mean"].as_f64());
}

#[test]
fn charts_are_svg_and_decodable_png() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("c.svg");
    let png = dir.path().join("c.png");
    let out = experiment(&[
        "--algorithms",
        "backtracker,kruskal",
        "--chart",
        s(&svg),
        "--quiet",
    ]);
    assert!(out.status.success());
    let text = fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.contains("kruskal") && text.contains("<rect"));
    let out = experiment(&["--algorithms", "backtracker,kruskal", "--chart", s(&png)]);
    assert!(out.status.success());
    let decoder = png::Decoder::new(std::io::Cursor::new(fs::read(&png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert!(info.width >= 600 && info.height >= 100);
    // Not a blank picture: some dark pixels (text, bars).
    assert!(buf.iter().any(|&b| b < 100));
}

#[test]
fn n_d_sizes_leave_out_2d_generators() {
    let out = mg()
        .args([
            "experiment",
            "--size",
            "3x3x3",
            "--runs",
            "2",
            "--format",
            "csv",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let two_d_only = ["eller", "sidewinder"];
    let want = mazegraph::generate::Algorithm::all()
        .into_iter()
        .filter(|a| !two_d_only.contains(&a.name()))
        .count();
    assert_eq!(text.lines().count(), 1 + want);
    assert!(two_d_only.iter().all(|a| !text.contains(a)));
    assert!(text.contains("\nbacktracker,true,3x3x3,2,0,"));
    let out = mg()
        .args([
            "experiment",
            "--size",
            "3x3x3",
            "--runs",
            "2",
            "-a",
            "eller",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("2-D"));
}

#[test]
fn bad_arguments_are_errors() {
    for args in [
        &["experiment", "--size", "0x5"][..],
        &["experiment", "--runs", "0"],
        &["experiment", "-a", "zigzag", "--runs", "1"],
        &[
            "experiment",
            "--runs",
            "1",
            "--size",
            "3x3",
            "--chart",
            "c.gif",
        ],
        &["experiment", "--runs", "1", "--size", "3x3", "-o", "t.xlsx"],
        &[
            "experiment",
            "--size",
            "100000x100000",
            "--max-cells",
            "1000",
        ],
    ] {
        let out = mg().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!String::from_utf8(out.stderr).unwrap().is_empty());
    }
}
