//! `mazegraph book`: a puzzle book of mazes with answer pages, as a PDF or one SVG per page.

use super::generate::{algorithm_values, fresh_seed, parse_size, Size};
use super::io::{display_name, Output, OutputArg};
use super::out::note;
use super::Global;
use anyhow::{anyhow, bail, Context, Result};
use mazegraph::book::choose::{choose, spread, Kind, MAX_TRIES, SAMPLE};
use mazegraph::book::{pages, BookMaze, Layout, Paper, MAX_PER_PAGE};
use mazegraph::generate::{Algorithm, Lattice, Options};
use mazegraph::stats::difficulty::Difficulty;
use mazegraph::tiling::{Tiles, Tiling};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Make a puzzle book: numbered mazes on printable pages, then their answers.
#[derive(clap::Args)]
#[command(
    after_help = "The book is the mazes, --per-page to a page under the --title, each \
numbered, its start (green) and goal (red) marked; then the answer pages, the solutions drawn in \
blue, --answers-per-page to a page. Every page is vector drawing (walls as filled or stroked \
paths, not pictures); the PDF embeds the text's font (DejaVu Sans, cut to the letters used).

-o FILE.pdf writes one PDF (--to pdf without -o: to standard output). -o FILE.svg writes one SVG per \
page: FILE-01.svg, FILE-02.svg, … (numbered from 1, as many digits as the last page needs); \
--to says the format when the extension does not.

Maze i is made from a seed derived from --seed S, so the same command makes the same book. \
--difficulty keeps only mazes of a grade: a sample of 60 mazes of the same kind is drawn, its \
lowest third of difficulty scores is easy, its highest hard (mazegraph::stats::difficulty); \
then mazes are made until each has its grade. Several grades split the book in equal runs, \
in the order given: --difficulty easy,hard (or --difficulty easy --difficulty hard) makes \
the first half easy and the second hard.

Examples:
  mazegraph book -o book.pdf --count 20 --size 15x15 --difficulty easy,hard --seed 1
  mazegraph book -o book.pdf --count 12 --per-page 4 --paper letter --title \"Rainy day\"
  mazegraph book -o hex.pdf --tiling sigma --size 8 --count 6 --per-page 2
  mazegraph book -o pages/book.svg --count 4 --mazes pages  # SVG pages and each maze's JSON"
)]
pub struct Args {
    /// The book: FILE.pdf (one PDF) or FILE.svg (one SVG per page, FILE-01.svg, …); standard
    /// output (a PDF, with --to pdf) when absent or `-`.
    #[arg(
        short,
        long,
        value_name = "FILE",
        default_value = "-",
        hide_default_value = true
    )]
    output: OutputArg,
    /// The book's format, when the output's extension does not say it.
    #[arg(long, value_name = "pdf|svg", value_parser = ["pdf", "svg"])]
    to: Option<String>,
    /// Mazes in the book.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    count: u64,
    /// The paper.
    #[arg(long, value_name = "a4|letter", default_value = "a4", value_parser = parse_paper)]
    paper: Paper,
    /// Mazes on a page.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = per_page_parser())]
    per_page: u64,
    /// Solutions on an answer page (default: four times --per-page, at most 36).
    #[arg(long, value_name = "N", value_parser = per_page_parser())]
    answers_per_page: Option<u64>,
    /// The title at the top of every page (the answer pages add "answers").
    #[arg(long, value_name = "TEXT", default_value = "Mazes")]
    title: String,
    /// Rooms of each maze, e.g. 15x20 (default 15x15; a tiling's own sizes with --tiling,
    /// required there).
    #[arg(short, long, value_name = "R0xR1", value_parser = parse_size)]
    size: Option<Size>,
    /// The algorithm (backtracker unless said, kruskal for --tiling weave).
    #[arg(short, long,
          value_parser = clap::builder::PossibleValuesParser::new(algorithm_values()))]
    algorithm: Option<String>,
    /// Rooms of another shape: sigma, sigma-flat, delta, theta, upsilon, weave (as `generate`).
    #[arg(long, value_name = "TILING", value_parser = clap::builder::PossibleValuesParser::new(mazegraph::tiling::NAMES))]
    tiling: Option<String>,
    /// Open K more walls in each maze after carving.
    #[arg(long, value_name = "K", default_value_t = 0)]
    loops: usize,
    /// Remove every dead end (braid mazes).
    #[arg(long)]
    braid: bool,
    /// The book's seed: maze i's seed is derived from it. Drawn and said when absent.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Keep only mazes of these grades (easy, medium, hard), comma-separated or repeated;
    /// several split the book in equal runs, in order.
    #[arg(long, value_name = "GRADE", value_delimiter = ',', value_parser = parse_difficulty)]
    difficulty: Vec<Difficulty>,
    /// Also write each maze as JSON in this directory (maze-01.json, …; made if missing),
    /// e.g. to compare a printed page with `mazegraph equal`.
    #[arg(long, value_name = "DIR")]
    mazes: Option<PathBuf>,
    /// The picture options mean nothing here (hidden, refused).
    #[command(flatten)]
    no_pictures: super::NoPictureOptions,
}

fn per_page_parser() -> clap::builder::RangedU64ValueParser<u64> {
    clap::value_parser!(u64).range(1..=MAX_PER_PAGE as u64)
}

fn parse_paper(s: &str) -> Result<Paper, String> {
    s.parse().map_err(|e: mazegraph::Error| e.to_string())
}

fn parse_difficulty(s: &str) -> Result<Difficulty, String> {
    s.trim()
        .parse()
        .map_err(|e: mazegraph::stats::difficulty::UnknownDifficulty| e.to_string())
}

/// What the book is written as.
enum Written {
    Pdf,
    /// One SVG per page: the path before `.svg`, and the extension as given.
    Svg(PathBuf, String),
}

pub fn run(args: Args, global: &Global) -> Result<ExitCode> {
    args.no_pictures.refuse("book")?;
    let limits = global.read_options().limits;
    let stdout = args.output.path().is_none();
    let path = args.output.path().unwrap_or(Path::new("-")).to_path_buf();
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    let to = args.to.as_deref().or(ext.as_deref());
    let written = match to {
        Some("pdf") => Written::Pdf,
        Some("svg") if stdout => {
            bail!("SVG pages are files of their own: give -o FILE.svg (FILE-01.svg, …)")
        }
        Some("svg") => {
            // `-o book.svg` → book-01.svg, …; `-o book --to svg` the same.
            let named = ext.as_deref() == Some("svg");
            let stem = if named {
                path.with_extension("")
            } else {
                path.clone()
            };
            let e = match (named, path.extension()) {
                (true, Some(e)) => e.to_string_lossy().into_owned(),
                _ => "svg".to_string(),
            };
            Written::Svg(stem, e)
        }
        _ if stdout => bail!("say --to pdf to write the book to standard output"),
        _ => bail!(
            "{}: a book is written as FILE.pdf (one PDF) or FILE.svg (one SVG per page), or say --to pdf|svg",
            display_name(&path)
        ),
    };
    if let Written::Pdf = written {
        // Before any maze is made: the PDF's text is in its embedded font only.
        mazegraph::book::pdf::check_title(&args.title)?;
    }
    let default = mazegraph::tiling::maze::default_algorithm(args.tiling.as_deref());
    let algorithm = Algorithm::from_name(args.algorithm.as_deref().unwrap_or(default))?;
    let options = Options {
        algorithm,
        loops: args.loops,
        braid: args.braid,
    };
    // The kind of maze, checked (sizes, algorithm) before anything is made.
    let (kind, cells) = match &args.tiling {
        Some(name) => {
            let size = &args
                .size
                .as_ref()
                .context("say how many rooms with --size, e.g. --tiling sigma --size 8")?
                .0;
            mazegraph::generate::graph::check(algorithm, &format!("{name} tilings"))?;
            let tiling = Tiling::new(name, size, &limits)
                .map_err(|e| anyhow!("--tiling {name} --size {}: {e}", size_text(size)))?;
            mazegraph::tiling::maze::check_options(&tiling, &options)?;
            // A room draws as a few strokes: counted as four cells.
            let cells = (tiling.room_count() as u64).saturating_mul(4);
            (Kind::Tiled { tiling, options }, cells)
        }
        None => {
            let size = args.size.as_ref().map_or(vec![15, 15], |s| s.0.clone());
            let &[rows, cols] = size.as_slice() else {
                bail!(
                    "a book page holds 2-D mazes: give --size ROWSxCOLS, not {}",
                    size_text(&size)
                );
            };
            let cells = (2 * rows as u64 + 1).saturating_mul(2 * cols as u64 + 1);
            let lattice = Lattice::new(&size, &limits)?;
            algorithm.check(&lattice)?;
            (Kind::Square { lattice, options }, cells)
        }
    };
    // The whole book against the budgets, before the first maze: its cells (every maze held
    // until the book is written) and the memory of its pages.
    let count = args.count;
    let made = if args.difficulty.is_empty() {
        count
    } else {
        count.saturating_mul(3).saturating_add(SAMPLE as u64)
    };
    limits
        .check(count.saturating_mul(cells))
        .with_context(|| format!("a book of {count} mazes of {cells} cells"))?;
    limits.check_bytes(
        &format!("a book of {count} mazes"),
        mazegraph::book::bytes_needed(count, cells),
    )?;
    let count = usize::try_from(count).context("--count: too many mazes")?;
    let per_page = args.per_page as usize;
    let answers_per_page = args
        .answers_per_page
        .map_or((4 * per_page).min(MAX_PER_PAGE), |n| n as usize);
    let pages_count = count.div_ceil(per_page) + count.div_ceil(answers_per_page);
    // The outputs, each checked before the work.
    let digits = |n: usize| n.to_string().len().max(2);
    let page_paths: Vec<PathBuf> = match &written {
        Written::Pdf if stdout => Vec::new(),
        Written::Pdf => vec![path.clone()],
        Written::Svg(stem, ext) => (1..=pages_count)
            .map(|i| {
                let mut name = stem.clone().into_os_string();
                name.push(format!("-{i:0w$}.{ext}", w = digits(pages_count)));
                PathBuf::from(name)
            })
            .collect(),
    };
    let maze_paths: Vec<PathBuf> = match &args.mazes {
        Some(dir) => {
            if dir.exists() && !dir.is_dir() {
                bail!("--mazes {}: not a directory", display_name(dir));
            }
            // Made now, after every refusal that needs no file, so that its files can be
            // checked as outputs.
            std::fs::create_dir_all(dir)
                .with_context(|| format!("--mazes: cannot make {}", display_name(dir)))?;
            (1..=count)
                .map(|i| dir.join(format!("maze-{i:0w$}.json", w = digits(count))))
                .collect()
        }
        None => Vec::new(),
    };
    let mut outputs: Vec<Output> = Vec::new();
    if stdout {
        outputs.push(Output::new(None, &[], global.force)?);
    }
    for p in page_paths.iter().chain(&maze_paths) {
        outputs.push(Output::new(Some(p), &[], global.force)?);
    }
    let pages_out = outputs.len() - maze_paths.len();
    super::files::distinct(&outputs)?;

    let (seed, fresh) = match args.seed {
        Some(s) => (s, false),
        None => (fresh_seed(), true),
    };
    let want = spread(count, &args.difficulty);
    let bar = super::progress::Bar::new(global.quiet, made, 8, "generating mazes", "mazes");
    let chosen = choose(&kind, seed, &want, &mut |n| {
        bar.set_of(n as u64, made.max(n as u64))
    })
    .map_err(|e| match e {
        mazegraph::Error::InvalidArgument(m) if !args.difficulty.is_empty() => {
            anyhow!("{m} (each maze gets up to {MAX_TRIES} tries)")
        }
        e => e.into(),
    })?;
    drop(bar);
    if fresh && !global.quiet {
        note!("mazegraph: note: seed {seed} (give --seed {seed} to make this book again)");
    }
    let labels: Vec<String> = chosen
        .iter()
        .enumerate()
        .map(|(i, c)| match c.grade {
            Some(g) => format!("{} ({g})", i + 1),
            None => (i + 1).to_string(),
        })
        .collect();
    let mazes: Vec<BookMaze> = chosen.into_iter().map(|c| c.maze).collect();
    let layout = Layout {
        paper: args.paper,
        per_page,
        answers_per_page,
        title: args.title.clone(),
    };
    let stages = super::progress::Stages::new(global.quiet);
    stages.stage("laying out pages");
    let book = pages(&mazes, &labels, &layout)?;
    stages.stage("writing");
    let mut all = super::files::Outputs::new();
    let (page_outputs, maze_outputs) = outputs.split_at(pages_out);
    match written {
        Written::Pdf => {
            let (book, title) = (&book, args.title.as_str());
            all.add(&page_outputs[0], true, move |w| {
                mazegraph::book::pdf::write(book, title, w)
            });
        }
        Written::Svg(..) => {
            for (out, page) in page_outputs.iter().zip(&book) {
                all.add(out, false, move |w| mazegraph::book::svg::write(page, w));
            }
        }
    }
    for (out, maze) in maze_outputs.iter().zip(&mazes) {
        all.add(out, false, move |w| match maze {
            BookMaze::Square(m) => mazegraph::format::json::write(m, w),
            BookMaze::Tiled(m) => mazegraph::format::tiled::write(m, w),
        });
    }
    all.commit()?;
    drop(stages);
    Ok(ExitCode::SUCCESS)
}

fn size_text(size: &[usize]) -> String {
    size.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join("x")
}
