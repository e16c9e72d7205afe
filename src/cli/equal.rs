//! `mazegraph equal`: are two mazes (or graphs) equal, i.e. do they have the same graph?

use super::budget::Work;
use super::convert::parse_format;
use super::io::{located, read_item};
use super::out::outln;
use super::Global;
use anyhow::Result;
use mazegraph::convert::{canonical_graph, room_difference};
use mazegraph::format::Format;
use mazegraph::format::Item;
use std::path::PathBuf;
use std::process::ExitCode;

/// Exit 0 when two inputs have the same graph, 1 with the first difference otherwise.
#[derive(clap::Args)]
#[command(
    after_help = "Two mazes are equal iff they have the same graph: same path cells (by
coordinates) and same adjacencies and portals. Terminals and surrounding walls do not count.
A junction graph is compared through the maze it draws. A maze and a graph of rooms (vertices
(r, c) for room r, c) are compared as graphs of rooms: the openings in a maze's frame are not
rooms, so they do not count, and the verdict says how many were left out.

Examples:
  mazegraph equal maze.png maze.adj && echo same
  mazegraph equal a.json b.txt"
)]
pub struct Args {
    /// First input.
    a: PathBuf,
    /// Second input.
    b: PathBuf,
    /// Format of both inputs, when the extensions do not say it.
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    from: Option<Format>,
    /// The global --force means nothing here (equal writes no files): hidden, refused.
    #[arg(long, hide = true)]
    force: bool,
}

pub fn run(args: Args, global: &Global) -> Result<ExitCode> {
    if args.force {
        anyhow::bail!("equal writes no files: --force means nothing here");
    }
    let opts = global.read_options();
    let (a, _) = read_item(&args.a, args.from, Work::Equal, global)?;
    let ga = canonical_graph(&a, &opts.limits).map_err(|e| located(&args.a, e))?;
    // A maze is kept (a bit a cell) in case the other input is a room graph.
    let maze_a = match a {
        Item::Maze(m) => Some(m),
        Item::Graph(_) => None,
    };
    let (b, _) = read_item(&args.b, args.from, Work::Equal, global)?;
    let by_rooms = match (&maze_a, &b) {
        (Some(m), Item::Graph(g)) => {
            room_difference(g, m, &opts.limits).map(|d| (d, g, m.openings().len()))
        }
        (None, Item::Maze(m)) => {
            room_difference(&ga, m, &opts.limits).map(|d| (d, &ga, m.openings().len()))
        }
        _ => None,
    };
    if let Some((d, rooms, openings)) = by_rooms {
        let counts = || (rooms.vertex_count(), rooms.edge_count());
        let note = match openings {
            0 => String::new(),
            1 => " (the maze's 1 opening in its frame is not a room)".to_string(),
            n => format!(" (the maze's {n} openings in its frame are not rooms)"),
        };
        return report(&args, d, ("rooms", &note), counts, global);
    }
    let gb = canonical_graph(&b, &opts.limits).map_err(|e| located(&args.b, e))?;
    report(
        &args,
        ga.difference(&gb),
        ("vertices", ""),
        || (ga.vertex_count(), ga.edge_count()),
        global,
    )
}

/// Prints the verdict: `equal: N vertices, M edges` (rooms, when compared by rooms, and a
/// note) or the first difference.
fn report(
    args: &Args,
    difference: Option<String>,
    (what, note): (&str, &str),
    counts: impl Fn() -> (usize, usize),
    global: &Global,
) -> Result<ExitCode> {
    match difference {
        None => {
            if !global.quiet {
                let (v, e) = counts();
                outln!("equal: {v} {what}, {e} edges{note}")?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Some(d) => {
            outln!(
                "not equal: {d} (first = {}, second = {})",
                args.a.display(),
                args.b.display()
            )?;
            Ok(ExitCode::from(1))
        }
    }
}
