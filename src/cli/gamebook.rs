//! `mazegraph gamebook`: write a perfect maze as a gamebook (Markdown or JSON).

use super::budget::Work;
use super::convert::parse_format;
use super::io::{located, read_item, Output, OutputArg};
use super::out::note;
use super::{parse_coords, Coords, Global};
use anyhow::{anyhow, bail, Result};
use mazegraph::convert::set_terminals;
use mazegraph::format::{Format, Item};
use mazegraph::gamebook::{build, build_tiled, SectionKind};
use mazegraph::layout::{graph_to_maze, Layout};
use std::path::PathBuf;
use std::process::ExitCode;

/// Write a perfect maze as a gamebook: numbered sections, choices, endings.
#[derive(clap::Args)]
#[command(
    after_help = "A perfect maze is a tree, hence the skeleton of a gamebook. Section 1 is the \
entrance; every junction, dead end and the exit gets a section, numbered by a seeded shuffle so \
that the numbers do not give the path away. Each section says where you stand and lists the \
corridors leading on, with the direction of their first step (north/east/south/west in 2-D, \
'along axis K, +/−' otherwise, 'through the portal') and their length in steps. The way back is \
not offered: a dead end is an ending that sends the reader back to §1, and the exit is the happy \
ending. A maze with cycles, or with cells the entrance cannot reach, is refused (exit 2). Graphs \
are read at their vertices' cell coordinates.

Examples:
  mazegraph generate -a kruskal --size 8x8 --seed 3 -o maze.txt
  mazegraph gamebook maze.txt -o book.md
  mazegraph gamebook maze.txt --seed 42 --to json -o book.json
  mazegraph gamebook maze.png -o book.html             # one page, sections as links
  mazegraph gamebook cube.json --title 'The cube' > cube-book.md"
)]
pub struct Args {
    /// The maze (or a graph whose vertices are cell coordinates); `-` for standard input.
    input: PathBuf,
    /// The book to write (.md, .html or .json); standard output when absent or `-`.
    #[arg(short, long, default_value = "-", hide_default_value = true)]
    output: OutputArg,
    /// Input format, when the extension does not say it.
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    from: Option<Format>,
    /// Book format; by default the output's extension (.html, .json), else Markdown.
    #[arg(
        long = "to",
        visible_alias = "format",
        value_enum,
        value_name = "FORMAT"
    )]
    to: Option<BookFormat>,
    /// Seed of the section numbering: the same seed gives the same book on every platform.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// The book's title (default: "Lost in a R×C maze").
    #[arg(long)]
    title: Option<String>,
    /// The entrance, e.g. 1,0 (default: the explicit start, or the first opening).
    #[arg(long, value_name = "R,C|room:R,C|NAME", value_parser = parse_coords, allow_hyphen_values = true)]
    start: Option<Coords>,
    /// The exit (default: the explicit goal, or the last opening).
    #[arg(long, value_name = "R,C|room:R,C|NAME", value_parser = parse_coords, allow_hyphen_values = true)]
    goal: Option<Coords>,
}

/// Book formats.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum BookFormat {
    /// Markdown: a title, "Section N" headings with anchors, choices as links.
    Md,
    /// HTML: one page, a section per anchor, choices as links.
    Html,
    /// JSON: the sections, their kinds, cells, texts and choices.
    Json,
}

/// Runs `mazegraph gamebook`.
pub fn run(args: Args, global: &Global) -> Result<ExitCode> {
    let format = match (args.to, args.output.path()) {
        (Some(f), _) => f,
        (None, Some(p)) => match p.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("json") => BookFormat::Json,
            Some(e) if ["html", "htm"].contains(&e.to_ascii_lowercase().as_str()) => {
                BookFormat::Html
            }
            Some(e) if ["md", "markdown"].contains(&e.to_ascii_lowercase().as_str()) => {
                BookFormat::Md
            }
            _ => bail!(
                "{}: say which book format to write with --to md|html|json",
                p.display()
            ),
        },
        (None, None) => BookFormat::Md,
    };
    let output = Output::new(args.output.path(), &[&args.input], global.force)?;
    let mut book = match super::tiled::read(&args.input, args.from, global)? {
        Some(mut maze) => {
            super::tiled::set_terminals(
                &mut maze,
                &args.input,
                args.start.as_ref(),
                args.goal.as_ref(),
            )?;
            build_tiled(&maze, args.seed).map_err(|e| located(&args.input, e))?
        }
        None => square_book(&args, global)?,
    };
    if let Some(t) = args.title {
        book.title = t;
    }
    output.write_with(false, |w| {
        match format {
            BookFormat::Md => book.write_markdown(w)?,
            BookFormat::Html => book.write_html(w)?,
            BookFormat::Json => {
                serde_json::to_writer_pretty(&mut *w, &book).map_err(std::io::Error::from)?;
                w.write_all(b"\n")?;
            }
        }
        Ok(())
    })?;
    if !global.quiet {
        let dead_ends = book
            .sections
            .iter()
            .filter(|s| s.kind == SectionKind::DeadEnd)
            .count();
        note!(
            "gamebook: {} sections, {dead_ends} dead end{}; the exit is §{}, {} sections from §1",
            book.sections.len(),
            if dead_ends == 1 { "" } else { "s" },
            book.exit().unwrap_or(0),
            book.solution().len().saturating_sub(1)
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The book of a square maze, or of a graph drawn as one.
fn square_book(args: &Args, global: &Global) -> Result<mazegraph::gamebook::Gamebook> {
    let opts = global.read_options();
    let (mut item, _) = read_item(&args.input, args.from, Work::Gamebook, global)?;
    if args.start.is_some() || args.goal.is_some() {
        set_terminals(&mut item, args.start.as_ref(), args.goal.as_ref())
            .map_err(|e| located(&args.input, e))?;
    }
    let maze = match item {
        Item::Maze(m) => m,
        Item::Graph(g) => {
            let placed = graph_to_maze(&g, Layout::Auto, &opts.limits).map_err(|e| {
                anyhow!(
                    "{}: a gamebook needs a maze, or a graph drawn as one (cells or rooms): {e}",
                    args.input.display()
                )
            })?;
            if placed.layout == Layout::Row {
                bail!(
                    "{}: a gamebook needs a maze, or a graph drawn as one: these vertices are \
                     neither cell coordinates nor rooms one step apart",
                    args.input.display()
                );
            }
            placed.maze
        }
    };
    build(&maze, args.seed).map_err(|e| located(&args.input, e))
}
