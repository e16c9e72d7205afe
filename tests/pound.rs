//! Real maze images: every PNG of the shared `mazes/pound` folder converts to every format and
//! back to an equal maze, and its junction graph redraws it. Ignored by default (tests must
//! not need files outside the repository); run with
//! `MAZEGRAPH_SHARED=../shared cargo test --release --test pound -- --ignored`.

use mazegraph::convert::{difference, to_graph, GraphKind};
use mazegraph::format::{Format, Holds, Item, ReadOptions};
use mazegraph::graph::Graph;
use std::path::PathBuf;

fn pound() -> Option<PathBuf> {
    let shared = std::env::var("MAZEGRAPH_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    let dir = shared.join("mazes/pound");
    dir.is_dir().then_some(dir)
}

#[test]
#[ignore = "needs the shared maze images"]
fn pound_images_convert_to_every_format_and_back() {
    let dir = pound().expect("set MAZEGRAPH_SHARED to the shared folder");
    let opts = ReadOptions::default();
    let mut n = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "png"))
        .collect();
    entries.sort();
    for path in entries {
        let bytes = std::fs::read(&path).unwrap();
        let item = Format::Png.read(&bytes, &opts).unwrap();
        let Item::Maze(maze) = &item else {
            unreachable!()
        };
        let openings = maze.openings().len();
        for format in Format::ALL.into_iter().filter(|f| f.is_writable()) {
            let mut buf = Vec::new();
            match format.holds() {
                Holds::Maze => format.write_maze(maze, &mut buf).unwrap(),
                Holds::Graph => match format.write_graph(&Graph::from_maze(maze), &mut buf) {
                    // An edge list cannot hold an isolated cell: refused, never dropped.
                    Err(mazegraph::Error::Unsupported(e)) if format == Format::Edges => {
                        assert!(e.contains("isolated vertex"), "{e}");
                        continue;
                    }
                    r => r.unwrap(),
                },
            }
            let back = format.read(&buf, &opts).unwrap();
            assert_eq!(
                difference(&item, &back, &opts.limits).unwrap(),
                None,
                "{} via {format}",
                path.display()
            );
        }
        let junctions = to_graph(&item, GraphKind::Junctions, &opts.limits).unwrap();
        let redrawn = Item::Graph(junctions.clone());
        assert_eq!(difference(&item, &redrawn, &opts.limits).unwrap(), None);
        eprintln!(
            "{}: {} cells, {} openings, {} path cells, junction graph {} vertices",
            path.file_name().unwrap().to_string_lossy(),
            maze.grid().len(),
            openings,
            maze.grid().count_paths(),
            junctions.vertex_count()
        );
        n += 1;
    }
    assert!(n >= 8, "{n} images");
}
