//! Command-line interface: argument parsing (clap derive), one module per command, and the one
//! place where errors become `mazegraph: error: …` and exit codes.

mod attractor;
mod book;
mod budget;
mod convert;
mod convert_game;
mod dataset;
mod draw;
mod equal;
mod experiment;
mod files;
mod gamebook;
mod generate;
mod io;
pub(crate) mod out;
mod progress;
mod pursuit;
mod render;
mod serve;
mod solve;
mod solve_game;
mod stats;
mod tiled;

use clap::{Parser, Subcommand};
use mazegraph::convert::Terminal;
use std::process::ExitCode;

/// Exit statuses, documented in `--help`.
const EXIT_HELP: &str =
    "Exit status: 0 success; 1 a negative answer (not equal, no solution); 2 bad input or usage.";

#[derive(Parser)]
#[command(
    name = "mazegraph",
    version,
    about = "Mazes as graphs and games: convert, compare, solve and draw n-dimensional mazes",
    long_about = "Mazes as graphs and games.\n\nA maze is an n-dimensional grid of wall and path cells (PNG, text, JSON), \
possibly with portals; its graph has a vertex per path cell (adjacency list, node-link JSON, DOT). \
Two mazes are equal iff their graphs are.",
    after_help = EXIT_HELP,
    propagate_version = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    #[command(flatten)]
    global: Global,
}

/// Options every command takes.
#[derive(clap::Args, Clone, Debug)]
pub struct Global {
    /// Print nothing but results and errors (no progress bars, no notes).
    #[arg(long, short, global = true)]
    pub quiet: bool,
    /// Refuse inputs with more cells (or graph vertices) than this, before allocating.
    #[arg(long, global = true, value_name = "N", default_value_t = mazegraph::grid::DEFAULT_MAX_CELLS)]
    pub max_cells: u64,
    /// Refuse work that would allocate more memory than this, before allocating (e.g. 4G,
    /// 512M; default: three quarters of the memory this process may use).
    #[arg(long, global = true, value_name = "BYTES", value_parser = budget::parse_bytes)]
    pub max_memory: Option<u64>,
    /// How maze pictures map to cells: auto (detect the lattice), pixel (one pixel per cell),
    /// or PITCH[,WALL] in pixels (e.g. 18 or 14.3,2).
    #[arg(long, global = true, value_name = "auto|pixel|PITCH[,WALL]", default_value = "auto", value_parser = parse_cells)]
    pub cells: mazegraph::picture::Cells,
    /// What to do with walls of a maze picture whose evidence is unsure (a stroke covering about
    /// half a wall): refuse the picture (default), or read them by their majority, as walls or
    /// as openings.
    #[arg(long, global = true, value_name = "refuse|majority|wall|open", default_value = "refuse", value_parser = parse_doubtful)]
    pub doubtful: mazegraph::picture::Doubtful,
    /// Read only this rectangle of a maze picture, in pixels from its top-left corner (a page
    /// with several mazes, or a maze among drawings): left, top, width, height.
    #[arg(long, global = true, value_name = "X,Y,W,H", value_parser = parse_region)]
    pub region: Option<mazegraph::picture::Region>,
    /// Read this frame of an animated maze picture (GIF, APNG): N from 1, or last. Without it
    /// an animation is read only when all its frames are alike.
    #[arg(long, global = true, value_name = "N|last", value_parser = parse_frame)]
    pub frame: Option<mazegraph::picture::Frame>,
    /// Take the start and goal of a maze picture from its two coloured marks (small dots of
    /// distinct colours in two rooms; the greener is the start).
    #[arg(long, global = true)]
    pub marks: bool,
    /// Allow an output file to replace one of the inputs.
    #[arg(long, global = true)]
    pub force: bool,
}

/// The global picture-reading options (`--cells`, `--doubtful`, `--region`, `--frame`, `--marks`), named again by
/// the commands that read no maze picture (`generate`, `experiment`, `solve-game`): hidden, so
/// that their help does not list them (clap gives a command's own argument precedence over a
/// global one of the same name), and refused with one line when given.
/// Their types and parsers are the global ones' (clap shares one value between them); the
/// defaults count as not given.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct NoPictureOptions {
    #[arg(long, hide = true, value_parser = parse_cells)]
    cells: Option<mazegraph::picture::Cells>,
    #[arg(long, hide = true, value_parser = parse_doubtful)]
    doubtful: Option<mazegraph::picture::Doubtful>,
    #[arg(long, hide = true, value_parser = parse_region)]
    region: Option<mazegraph::picture::Region>,
    #[arg(long, hide = true, value_parser = parse_frame)]
    frame: Option<mazegraph::picture::Frame>,
    #[arg(long, hide = true)]
    marks: bool,
}

impl NoPictureOptions {
    /// Refuses the options given, naming `command`.
    pub fn refuse(&self, command: &str) -> anyhow::Result<()> {
        use mazegraph::picture::{Cells, Doubtful};
        let given = [
            ("--cells", self.cells.is_some_and(|c| c != Cells::Auto)),
            (
                "--doubtful",
                self.doubtful.is_some_and(|d| d != Doubtful::Refuse),
            ),
            ("--region", self.region.is_some()),
            ("--frame", self.frame.is_some()),
            ("--marks", self.marks),
        ];
        match given.iter().find(|(_, on)| *on) {
            Some((flag, _)) => {
                anyhow::bail!("{command} reads no maze picture: {flag} means nothing here")
            }
            None => Ok(()),
        }
    }
}

impl Global {
    pub fn read_options(&self) -> mazegraph::format::ReadOptions {
        mazegraph::format::ReadOptions {
            limits: mazegraph::grid::Limits {
                max_cells: self.max_cells,
                max_bytes: self.max_memory.unwrap_or_else(budget::default_max_memory),
            },
            picture: mazegraph::picture::Options {
                cells: self.cells,
                doubtful: self.doubtful,
                region: self.region,
                frame: self.frame.unwrap_or_default(),
            },
        }
    }
}

#[derive(Subcommand)]
enum Command {
    Convert(convert::Args),
    Equal(equal::Args),
    Solve(solve::Args),
    Generate(generate::Args),
    Attractor(attractor::Args),
    Pursuit(pursuit::Args),
    SolveGame(solve_game::Args),
    Render(render::Args),
    Draw(draw::Args),
    Gamebook(gamebook::Args),
    Book(book::Args),
    Dataset(dataset::Args),
    Stats(stats::Args),
    Experiment(experiment::Args),
    Serve(serve::Args),
}

/// Parses the command line, runs the command, prints any error as one line.
pub fn main() -> ExitCode {
    // A write past `ulimit -f` is an error line, not a death by SIGXFSZ.
    mazegraph::files::ignore_file_size_signal();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    let result = match cli.command {
        Command::Convert(a) => convert::run(a, &cli.global),
        Command::Equal(a) => equal::run(a, &cli.global),
        Command::Solve(a) => solve::run(a, &cli.global),
        Command::Generate(a) => generate::run(a, &cli.global),
        Command::Attractor(a) => attractor::run(a, &cli.global),
        Command::Pursuit(a) => pursuit::run(a, &cli.global),
        Command::SolveGame(a) => solve_game::run(a, &cli.global),
        Command::Render(a) => render::run(a, &cli.global),
        Command::Draw(a) => draw::run(a, &cli.global),
        Command::Gamebook(a) => gamebook::run(a, &cli.global),
        Command::Book(a) => book::run(a, &cli.global),
        Command::Dataset(a) => dataset::run(a, &cli.global),
        Command::Stats(a) => stats::run(a, &cli.global),
        Command::Experiment(a) => experiment::run(a, &cli.global),
        Command::Serve(a) => serve::run(a, &cli.global),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            if is_broken_pipe(&e) {
                return ExitCode::SUCCESS;
            }
            out::note!("{}", out::error_line(&format!("{e:#}")));
            ExitCode::from(2)
        }
    }
}

/// Help and version go to standard output (exit 0, quietly if the reader left). A bare
/// `mazegraph` (no command) prints the command list on standard error, as usage, and exits 2;
/// any other usage error is one line, `mazegraph: error: …`, and exit 2.
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        use std::io::Write;
        let text = e.render().to_string();
        let mut out = std::io::stdout().lock();
        return match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            Err(w) if w.kind() != std::io::ErrorKind::BrokenPipe => {
                out::note!(
                    "{}",
                    out::error_line(&format!("cannot write to standard output: {w}"))
                );
                ExitCode::from(2)
            }
            _ => ExitCode::SUCCESS,
        };
    }
    let command = subcommand_named(std::env::args().skip(1));
    let bare = matches!(
        e.kind(),
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand
    );
    if bare && command.is_none() {
        out::note!("{}", command_list());
        return ExitCode::from(2);
    }
    let rendered = e.render().to_string();
    out::note!(
        "{}",
        out::error_line(&usage_message(e.kind(), &rendered, command.as_deref()))
    );
    ExitCode::from(2)
}

/// The usage a bare `mazegraph` prints: what it is, how to call it, its commands, where to read
/// more (the global options are left to `--help`).
fn command_list() -> String {
    use clap::CommandFactory;
    let mut cmd = Cli::command().help_template(
        "{about-with-newline}\n{usage-heading} {usage}\n\nCommands:\n{subcommands}\n\n\
         'mazegraph COMMAND --help' shows a command's options and examples;\n\
         'mazegraph --help' the options every command takes.",
    );
    cmd.render_help().to_string().trim_end().to_string()
}

/// The first argument naming a command (`solve` in `mazegraph -q solve x.png`), whose help a
/// usage error points to.
fn subcommand_named(args: impl Iterator<Item = String>) -> Option<String> {
    use clap::CommandFactory;
    let cli = Cli::command();
    args.take_while(|a| a != "--").find(|a| {
        cli.get_subcommands()
            .any(|c| c.get_name() == a && c.get_name() != "help")
    })
}

/// clap's rendered usage error as one line that keeps its meaning: a missing input names what
/// is missing and the command's usage; otherwise clap's message and tips; then where to read
/// more (the help of the command named on the command line).
fn usage_message(kind: clap::error::ErrorKind, rendered: &str, command: Option<&str>) -> String {
    use clap::error::ErrorKind;
    let mut parts: Vec<String> = Vec::new();
    let mut usage = None;
    let mut missing: Vec<&str> = Vec::new();
    for l in rendered.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(m) = l.strip_prefix("error:") {
            parts.push(m.trim().to_string());
        } else if let Some(t) = l.strip_prefix("tip:") {
            parts.push(t.trim().to_string());
        } else if let Some(u) = l.strip_prefix("Usage:") {
            usage = Some(u.trim());
        } else if l.starts_with("For more information") {
        } else if kind == ErrorKind::MissingRequiredArgument {
            missing.push(l);
        } else if l.starts_with('[') {
            // `[possible values: …]` belongs to the message before it.
            match parts.last_mut() {
                Some(p) => *p = format!("{p} {l}"),
                None => parts.push(l.to_string()),
            }
        } else {
            parts.push(l.to_string());
        }
    }
    let more = match command {
        Some(c) => format!("see 'mazegraph {c} --help'"),
        None => String::from("see 'mazegraph --help'"),
    };
    if kind == ErrorKind::MissingRequiredArgument && !missing.is_empty() {
        let what = missing_words(&missing);
        return match usage {
            Some(u) => format!("{what}: {u} ({more})"),
            None => format!("{what} ({more})"),
        };
    }
    if kind == ErrorKind::InvalidSubcommand && !rendered.contains("tip:") {
        use clap::CommandFactory;
        let names: Vec<String> = Cli::command()
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .filter(|n| n != "help")
            .collect();
        parts.push(format!("the commands are {}", names.join(", ")));
    }
    format!("{} ({more})", parts.join("; "))
}

/// "the input is missing", "the inputs A and B are missing", "--size <SIZE> is missing": what
/// clap lists as not provided (`<INPUT>`, `<INPUTS>...`, `--size <SIZE>`), in words.
fn missing_words(missing: &[&str]) -> String {
    let Some((last, first)) = missing.split_last() else {
        return "an argument is missing".to_string();
    };
    let inputs: Vec<&str> = missing
        .iter()
        .filter_map(|m| m.strip_prefix('<'))
        .map(|m| m.trim_end_matches("...").trim_end_matches('>'))
        .collect();
    if inputs.len() == missing.len() {
        match inputs.as_slice() {
            [one] if one.starts_with("INPUT") => "the input is missing".to_string(),
            [one] => format!("the input {one} is missing"),
            [first @ .., last] => format!("the inputs {} and {last} are missing", first.join(", ")),
            [] => "an argument is missing".to_string(),
        }
    } else {
        if first.is_empty() {
            format!("{last} is missing")
        } else {
            format!("{} and {last} are missing", first.join(", "))
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            || c.downcast_ref::<mazegraph::Error>().is_some_and(
                |m| matches!(m, mazegraph::Error::Io(io) if io.kind() == std::io::ErrorKind::BrokenPipe),
            )
    })
}

/// The threads to start for `-j asked` over `work` independent pieces: one per core when 0,
/// and never more than the cores or the pieces (a flag must not start a million threads).
pub fn threads(asked: usize, work: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let want = if asked == 0 { cores } else { asked.min(cores) };
    want.min(work).max(1)
}

/// `--scale`'s parser: pixels per cell side in the library's range
/// ([`mazegraph::render::SCALES`], the Python package's too).
fn scale_parser() -> clap::builder::RangedI64ValueParser<u16> {
    let scales = mazegraph::render::SCALES;
    clap::value_parser!(u16).range(i64::from(*scales.start())..=i64::from(*scales.end()))
}

fn parse_doubtful(s: &str) -> Result<mazegraph::picture::Doubtful, String> {
    s.parse()
}

fn parse_region(s: &str) -> Result<mazegraph::picture::Region, String> {
    s.parse()
}

fn parse_frame(s: &str) -> Result<mazegraph::picture::Frame, String> {
    s.parse()
}

fn parse_cells(s: &str) -> Result<mazegraph::picture::Cells, String> {
    s.parse()
}

/// A `--start`/`--goal` value: coordinates or a vertex's name ([`Terminal`]).
pub type Coords = Terminal;

/// Parses `r,c[,…]` (or `(r, c)`) into cell coordinates; `room:r,c[,…]` names a room in room
/// coordinates, the cell `(2r + 1, 2c + 1, …)`; anything else is a graph vertex's name
/// ([`Terminal::parse_option`]).
pub fn parse_coords(s: &str) -> Result<Coords, String> {
    Terminal::parse_option(s)
}
