//! A gamebook from a perfect maze (seed 003: a perfect maze is a tree, hence the skeleton of a
//! gamebook): generate a maze, number its junctions, dead ends and exit as sections, and write
//! the book as Markdown (ready to read, sections linked) and as JSON (for a program that
//! dresses the sections in prose).
//!
//! Run: `cargo run --example gamebook [OUT_DIR]` (default: `$TMPDIR/mazegraph-examples`).

use mazegraph::gamebook::{build, SectionKind};
use mazegraph::generate::{generate, rng_from_seed, Algorithm, Lattice, Options};
use mazegraph::grid::Limits;
use std::error::Error;

mod common;
use common::*;

fn main() -> Result<(), Box<dyn Error>> {
    let out = out_dir()?;
    let lattice = Lattice::new(&[8, 8], &Limits::default())?;
    let maze = generate(
        &lattice,
        &Options::new(Algorithm::Kruskal),
        &mut rng_from_seed(2026),
    )?;
    let mut book = build(&maze, 11)?;
    book.title = "The labyrinth of the eight rooms".into();
    std::fs::write(out.join("gamebook.md"), book.to_markdown())?;
    std::fs::write(
        out.join("gamebook.json"),
        serde_json::to_string_pretty(&book)?,
    )?;

    let count = |kind| book.sections.iter().filter(|s| s.kind == kind).count();
    println!(
        "{}: {} sections ({} junctions, {} dead ends, 1 exit)",
        book.title,
        book.sections.len(),
        count(SectionKind::Junction),
        count(SectionKind::DeadEnd)
    );
    let way_out: Vec<String> = book.solution().iter().map(|n| format!("§{n}")).collect();
    println!("the way out: {}", way_out.join(" → "));
    if let Some(first) = book.section(1) {
        println!("§1: {}", first.text);
        for c in &first.choices {
            println!("  - {c}: go to §{}", c.section);
        }
    }
    // A braid maze (no dead ends, so cycles) has no gamebook.
    let braid = generate(
        &lattice,
        &Options {
            braid: true,
            ..Options::new(Algorithm::Kruskal)
        },
        &mut rng_from_seed(2026),
    )?;
    if let Err(e) = build(&braid, 11) {
        println!("a braid maze is refused: {e}");
    }
    println!("written to {}", out.display());
    Ok(())
}
