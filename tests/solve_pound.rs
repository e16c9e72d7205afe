//! Solving real maze images (the "pound" set kept in the project's shared folder, not in the
//! repository). Ignored by default; run with
//! `cargo test --release --test solve_pound -- --ignored`, with `MAZEGRAPH_POUND=dir` (or
//! `MAZEGRAPH_SHARED` naming the shared folder) when the images are not in
//! `../shared/mazes/pound` beside the checkout.

use mazegraph::solve::{is_simple_path, solve, Method};
use mazegraph::Maze;
use std::path::PathBuf;

fn pound_dir() -> PathBuf {
    let candidates = [
        std::env::var_os("MAZEGRAPH_POUND").map(PathBuf::from),
        std::env::var_os("MAZEGRAPH_SHARED").map(|s| PathBuf::from(s).join("mazes/pound")),
        Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/mazes/pound")),
    ];
    candidates
        .into_iter()
        .flatten()
        .find(|d| d.join("perfect2k.png").exists())
        .expect("the pound images: set MAZEGRAPH_POUND to their folder")
}

fn load(name: &str) -> Maze {
    let bytes = std::fs::read(pound_dir().join(name)).unwrap();
    mazegraph::format::png::read(&bytes, &Default::default()).unwrap()
}

#[test]
#[ignore = "needs the shared pound images"]
fn perfect_images_keep_exactly_the_path() {
    for name in ["normal.png", "perfect2k.png", "perfect4k.png"] {
        let maze = load(name);
        let sol = solve(&maze, Method::DeadEnd).unwrap();
        let length = sol.length.expect(name);
        assert_eq!(sol.kept_count(), length + 1, "{name}");
        assert!(is_simple_path(
            &maze,
            sol.path.as_ref().unwrap(),
            sol.start,
            sol.goal
        ));
        assert_eq!(
            solve(&maze, Method::Bfs).unwrap().length,
            Some(length),
            "{name}"
        );
    }
}

#[test]
#[ignore = "needs the shared pound images"]
fn every_image_shortest_lengths_agree() {
    for name in [
        "tiny.png",
        "small.png",
        "normal.png",
        "braid200.png",
        "combo400.png",
        "logo.png",
        "perfect2k.png",
    ] {
        let maze = load(name);
        let bfs = solve(&maze, Method::Bfs).unwrap();
        let length = bfs.length.expect(name);
        for method in [
            Method::DeadEnd,
            Method::AStar,
            Method::Dijkstra,
            Method::ShortestSet,
        ] {
            let sol = solve(&maze, method).unwrap();
            assert_eq!(sol.length, Some(length), "{name}: {method}");
            assert!(is_simple_path(
                &maze,
                sol.path.as_ref().unwrap(),
                sol.start,
                sol.goal
            ));
        }
        for method in [Method::Dfs, Method::Tremaux] {
            let sol = solve(&maze, method).unwrap();
            assert!(sol.length.unwrap() >= length, "{name}: {method}");
        }
    }
}
