//! `mazegraph equal`: are two mazes (or graphs) equal, i.e. do they have the same graph?

use super::budget::Work;
use super::convert::parse_format;
use super::io::{located, read_item};
use super::out::outln;
use super::Global;
use anyhow::Result;
use mazegraph::convert::canonical_graph;
use mazegraph::format::Format;
use std::path::PathBuf;
use std::process::ExitCode;

/// Exit 0 when two inputs have the same graph, 1 with the first difference otherwise.
#[derive(clap::Args)]
#[command(
    after_help = "Two mazes are equal iff they have the same graph: same path cells (by
coordinates) and same adjacencies and portals. Terminals and surrounding walls do not count.
A junction graph is compared through the maze it draws.

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
}

pub fn run(args: Args, global: &Global) -> Result<ExitCode> {
    let opts = global.read_options();
    let (a, _) = read_item(&args.a, args.from, Work::Equal, global)?;
    let ga = canonical_graph(&a, &opts.limits).map_err(|e| located(&args.a, e))?;
    drop(a);
    let (b, _) = read_item(&args.b, args.from, Work::Equal, global)?;
    let gb = canonical_graph(&b, &opts.limits).map_err(|e| located(&args.b, e))?;
    match ga.difference(&gb) {
        None => {
            if !global.quiet {
                outln!(
                    "equal: {} vertices, {} edges",
                    ga.vertex_count(),
                    ga.edge_count()
                )?;
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
