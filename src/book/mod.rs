//! Puzzle books: numbered mazes laid out on printed pages, a title on each page, the start and
//! goal marked, followed by answer pages with each solution drawn; written as one PDF
//! ([`pdf`]) or one SVG per page ([`svg`]).
//!
//! A page is a list of [`Mark`]s in points (1/72 inch) from its top-left corner: filled
//! rectangles, stroked polylines, discs and lines of text. Both writers draw exactly those
//! marks, as vectors: a square maze's walls are filled rectangles (one path, so that no seam
//! shows between them), a tiled maze's walls round-ended strokes ([`TiledPicture::strokes`]),
//! the solution a stroke in the solution's blue ([`palette::PATH`]), the start and goal discs
//! in their green and red. Text lies in the page's margins and in the band above each maze,
//! never on a maze, so that a printed page reads back through [`crate::picture`].
//!
//! The mazes themselves are chosen by [`choose`]: one seed per maze derived from the book's
//! seed, optionally kept only when the maze has the difficulty asked for.
//!
//! ```
//! use mazegraph::book::{pages, BookMaze, Layout, Paper};
//! use mazegraph::generate::{generate, rng_from_seed, Lattice, Options, Algorithm};
//! let lattice = Lattice::new(&[8, 8], &Default::default()).unwrap();
//! let mazes: Vec<BookMaze> = (0..3)
//!     .map(|s| BookMaze::Square(generate(&lattice, &Options::new(Algorithm::Kruskal), &mut rng_from_seed(s)).unwrap()))
//!     .collect();
//! let layout = Layout { paper: Paper::A4, per_page: 2, answers_per_page: 4, title: "Mazes".into() };
//! let labels: Vec<String> = (1..=3).map(|i| i.to_string()).collect();
//! let book = pages(&mazes, &labels, &layout).unwrap();
//! assert_eq!(book.len(), 3); // two pages of mazes, one of answers
//! let mut pdf = Vec::new();
//! mazegraph::book::pdf::write(&book, "Mazes", &mut pdf).unwrap();
//! assert!(pdf.starts_with(b"%PDF-"));
//! ```

pub mod choose;
pub mod pdf;
pub mod svg;
mod text;

use crate::error::{Error, Result};
use crate::palette::{self, Rgb};
use crate::tiling::draw::TiledPicture;
use crate::tiling::{Point, TiledMaze};
use crate::Maze;

/// A paper size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 inches.
    Letter,
}

impl Paper {
    /// Width and height in points (1/72 inch), portrait.
    pub fn size(self) -> Point {
        match self {
            Paper::A4 => [595.276, 841.89],
            Paper::Letter => [612.0, 792.0],
        }
    }

    /// The paper's name: `a4` or `letter`.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }
}

impl std::str::FromStr for Paper {
    type Err = Error;
    fn from_str(s: &str) -> Result<Paper> {
        match s.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            _ => Err(Error::InvalidArgument(format!(
                "unknown paper {s:?}: a4 or letter"
            ))),
        }
    }
}

/// Where text is anchored on its baseline point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// The text starts at the point.
    Left,
    /// The text is centred on the point.
    Centre,
}

/// One thing drawn on a page, in points from the page's top-left corner.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// Rectangles `[x, y, width, height]` filled in one colour, as one shape.
    Rects {
        /// The rectangles.
        rects: Vec<[f64; 4]>,
        /// Their colour.
        colour: Rgb,
    },
    /// Polylines stroked with round ends and joins.
    Lines {
        /// The polylines.
        lines: Vec<Vec<Point>>,
        /// The stroke width.
        width: f64,
        /// Their colour.
        colour: Rgb,
    },
    /// A filled disc.
    Disc {
        /// Its centre.
        centre: Point,
        /// Its radius.
        radius: f64,
        /// Its colour.
        colour: Rgb,
    },
    /// A line of text in the book's font (DejaVu Sans), black.
    Text {
        /// The baseline point, as `align` says.
        at: Point,
        /// The font size in points.
        size: f64,
        /// The text.
        text: String,
        /// How the text lies on `at`.
        align: Align,
    },
}

/// A page: its size in points and what is drawn on it, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// Width and height in points.
    pub size: Point,
    /// The marks, drawn in order (later over earlier).
    pub marks: Vec<Mark>,
}

/// A maze of a book: a square-grid maze (2-D) or a tiled one.
#[derive(Clone, Debug)]
pub enum BookMaze {
    /// A 2-D maze of the cell grid, with its terminals (openings on the border).
    Square(Maze),
    /// A maze of hexagons, triangles, rings or octagons.
    Tiled(TiledMaze),
}

/// The thickness of a square maze's walls, in rooms (a room and a wall make one).
const WALL: f64 = 0.25;

impl BookMaze {
    /// The maze's difficulty score ([`crate::stats::difficulty::score`]); `None` without a
    /// solution.
    ///
    /// Complexity: O(cells) (its statistics).
    pub fn score(&self) -> Option<f64> {
        let stats = match self {
            BookMaze::Square(m) => crate::stats::maze_stats(m),
            BookMaze::Tiled(m) => crate::stats::graph_stats(&m.to_graph()),
        };
        crate::stats::difficulty::score(&stats)
    }

    /// Width and height of the drawing at one unit per room.
    fn extent(&self) -> Point {
        match self {
            BookMaze::Square(m) => {
                let d = m.shape().dims();
                [(d[1] / 2) as f64 + WALL, (d[0] / 2) as f64 + WALL]
            }
            BookMaze::Tiled(m) => {
                let (w, h) = TiledPicture::new(m, 100.0, None).size();
                [w as f64 / 100.0, h as f64 / 100.0]
            }
        }
    }

    /// The maze drawn to fill `frame` (`[x, y, width, height]`, keeping its proportions,
    /// centred across, at the top), with its solution when `answer`.
    fn draw(&self, frame: [f64; 4], answer: bool) -> Result<Vec<Mark>> {
        match self {
            BookMaze::Square(m) => draw_square(m, frame, answer),
            BookMaze::Tiled(m) => Ok(draw_tiled(m, frame, answer)),
        }
    }
}

/// The offset and scale that fit `extent` in `frame`, centred across, at its top (right under
/// its label).
fn fit(extent: Point, frame: [f64; 4]) -> (Point, f64) {
    let s = (frame[2] / extent[0]).min(frame[3] / extent[1]);
    let o = [frame[0] + (frame[2] - extent[0] * s) / 2.0, frame[1]];
    (o, s)
}

/// A square maze's walls as filled rectangles (runs of wall cells along each row), its start
/// and goal discs in the rooms inside its openings, and its solution through the cell centres.
fn draw_square(m: &Maze, frame: [f64; 4], answer: bool) -> Result<Vec<Mark>> {
    let dims = m.shape().dims();
    let &[rows, cols] = dims else {
        return Err(Error::Unsupported(format!(
            "a book page holds 2-D mazes, not {}",
            crate::grid::axes(dims.len())
        )));
    };
    let (o, s) = fit([(cols / 2) as f64 + WALL, (rows / 2) as f64 + WALL], frame);
    // Where cell line k starts and how wide it is, in rooms: walls WALL wide, rooms the rest.
    let start = |k: usize| (k / 2) as f64 + if k % 2 == 1 { WALL } else { 0.0 };
    let width = |k: usize| if k % 2 == 1 { 1.0 - WALL } else { WALL };
    let grid = m.grid();
    let mut rects = Vec::new();
    for r in 0..rows {
        crate::stop::check();
        let mut c = 0;
        while c < cols {
            if grid.is_path(r * cols + c) {
                c += 1;
                continue;
            }
            let c0 = c;
            while c < cols && !grid.is_path(r * cols + c) {
                c += 1;
            }
            rects.push([
                o[0] + start(c0) * s,
                o[1] + start(r) * s,
                (start(c - 1) + width(c - 1) - start(c0)) * s,
                width(r) * s,
            ]);
        }
    }
    let mut marks = vec![Mark::Rects {
        rects,
        colour: palette::WALL,
    }];
    let centre = |i: usize| {
        let (r, c) = (i / cols, i % cols);
        [
            o[0] + (start(c) + width(c) / 2.0) * s,
            o[1] + (start(r) + width(r) / 2.0) * s,
        ]
    };
    let path = m.terminals().and_then(|(a, b)| {
        crate::solve::solve_between(m, crate::solve::Method::Bfs, a, b)
            .ok()?
            .path
    });
    if let Some(path) = path {
        if answer {
            marks.push(Mark::Lines {
                lines: vec![path.iter().map(|&i| centre(i)).collect()],
                width: 0.35 * (1.0 - WALL) * s,
                colour: palette::PATH,
            });
        }
        // The discs in the rooms: the first and last room of the path (an opening on the
        // border is a gap in the wall, too thin for a mark).
        let room = |i: usize| (i / cols) % 2 == 1 && (i % cols) % 2 == 1;
        let first = path.iter().copied().find(|&i| room(i));
        let last = path.iter().rev().copied().find(|&i| room(i));
        for (cell, colour) in [(first, palette::START), (last, palette::GOAL)] {
            if let Some(cell) = cell {
                marks.push(Mark::Disc {
                    centre: centre(cell),
                    radius: 0.3 * (1.0 - WALL) * s,
                    colour,
                });
            }
        }
    }
    Ok(marks)
}

/// A tiled maze drawn by its own picture's strokes ([`TiledPicture::strokes`]), scaled into
/// `frame`.
fn draw_tiled(m: &TiledMaze, frame: [f64; 4], answer: bool) -> Vec<Mark> {
    let path = if answer { m.solution() } else { None };
    let probe = TiledPicture::new(m, 100.0, None).size();
    let scale = 100.0 * (frame[2] / probe.0 as f64).min(frame[3] / probe.1 as f64);
    let pic = TiledPicture::new(m, scale, path.as_deref());
    let (w, _) = pic.size();
    let o = [frame[0] + (frame[2] - w as f64) / 2.0, frame[1]];
    let at = |p: Point| [p[0] + o[0], p[1] + o[1]];
    let st = pic.strokes();
    let mut marks = vec![Mark::Lines {
        lines: st
            .walls
            .iter()
            .map(|l| l.iter().map(|&p| at(p)).collect())
            .collect(),
        width: st.wall_width,
        colour: palette::WALL,
    }];
    if let Some(p) = st.path {
        marks.push(Mark::Lines {
            lines: vec![p.into_iter().map(at).collect()],
            width: st.path_width,
            colour: palette::PATH,
        });
    }
    for (c, colour) in st.discs {
        marks.push(Mark::Disc {
            centre: at(c),
            radius: st.disc_radius,
            colour,
        });
    }
    marks
}

/// How a book is laid out.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// The paper.
    pub paper: Paper,
    /// Mazes on a page of puzzles, 1 to [`MAX_PER_PAGE`].
    pub per_page: usize,
    /// Solutions on a page of answers, 1 to [`MAX_PER_PAGE`].
    pub answers_per_page: usize,
    /// The title at the top of every page (the answer pages add "answers"), set smaller when
    /// it is too long for the page; none when empty.
    pub title: String,
}

/// The most mazes on one page.
pub const MAX_PER_PAGE: usize = 36;

/// The page margin, in points (half an inch).
const MARGIN: f64 = 36.0;
/// The title's size, in points.
const TITLE: f64 = 16.0;
/// The size of a maze's label, in points.
const LABEL: f64 = 10.0;

/// The pages of a book: the mazes `per_page` to a page, each under its label (e.g. its
/// number), then their solutions `answers_per_page` to a page under the same labels. Every
/// page of a part has the same grid of slots (a book of fewer mazes than a page holds, the
/// grid of its mazes).
///
/// Complexity: O(cells of all mazes).
pub fn pages(mazes: &[BookMaze], labels: &[String], layout: &Layout) -> Result<Vec<Page>> {
    for (n, what) in [
        (layout.per_page, "mazes a page"),
        (layout.answers_per_page, "answers a page"),
    ] {
        if !(1..=MAX_PER_PAGE).contains(&n) {
            return Err(Error::InvalidArgument(format!(
                "{n} {what}: from 1 to {MAX_PER_PAGE}"
            )));
        }
    }
    if labels.len() != mazes.len() {
        return Err(Error::InvalidArgument(format!(
            "{} labels for {} mazes",
            labels.len(),
            mazes.len()
        )));
    }
    let mut out = Vec::new();
    let answers = match layout.title.as_str() {
        "" => "Answers".to_string(),
        t => format!("{t} — answers"),
    };
    for (answer, per, title) in [
        (false, layout.per_page, layout.title.as_str()),
        (true, layout.answers_per_page, answers.as_str()),
    ] {
        // A book shorter than a page gets the grid of its mazes alone.
        let per = per.min(mazes.len()).max(1);
        for (k, chunk) in mazes.chunks(per).enumerate() {
            let first = k * per;
            out.push(page(
                chunk,
                &labels[first..first + chunk.len()],
                per,
                title,
                answer,
                layout.paper,
            )?);
        }
    }
    Ok(out)
}

/// One page: the title at the top, a grid of `per` slots (the columns and rows that give the
/// mazes the most room), each slot a label band above its maze.
fn page(
    mazes: &[BookMaze],
    labels: &[String],
    per: usize,
    title: &str,
    answer: bool,
    paper: Paper,
) -> Result<Page> {
    let size = paper.size();
    let mut marks = Vec::new();
    if !title.is_empty() {
        // A long title is set smaller, to fit between the margins.
        let width = text::Font::load()?.width(title, 1.0);
        let fits = (size[0] - 2.0 * MARGIN) / width.max(1e-9);
        marks.push(Mark::Text {
            at: [size[0] / 2.0, MARGIN + TITLE],
            size: TITLE.min(fits),
            text: title.to_string(),
            align: Align::Centre,
        });
    }
    let top = MARGIN + TITLE * 2.0;
    let area = [MARGIN, top, size[0] - 2.0 * MARGIN, size[1] - top - MARGIN];
    // The slots are as for a full page, so that every page of a book has the same grid.
    let extent = mazes.first().map_or([1.0, 1.0], BookMaze::extent);
    let gap = 14.0;
    let band = LABEL * 1.8;
    let (cols, rows) = (1..=per)
        .map(|c| (c, per.div_ceil(c)))
        .max_by(|&(c1, r1), &(c2, r2)| {
            let scale = |c: usize, r: usize| {
                let w = (area[2] - gap * (c - 1) as f64) / c as f64;
                let h = (area[3] - gap * (r - 1) as f64) / r as f64 - band;
                (w / extent[0]).min(h / extent[1])
            };
            scale(c1, r1).total_cmp(&scale(c2, r2))
        })
        .unwrap_or((1, 1));
    let w = (area[2] - gap * (cols - 1) as f64) / cols as f64;
    let h = (area[3] - gap * (rows - 1) as f64) / rows as f64;
    // A label and its maze, centred in the slot's height.
    let drawn_h = extent[1] * (w / extent[0]).min((h - band) / extent[1]);
    let dy = (h - band - drawn_h) / 2.0;
    for (i, (maze, label)) in mazes.iter().zip(labels).enumerate() {
        let (c, r) = (i % cols, i / cols);
        let x = area[0] + c as f64 * (w + gap);
        let y = area[1] + r as f64 * (h + gap) + dy;
        let frame = [x, y + band, w, drawn_h];
        let drawn = maze.draw(frame, answer)?;
        // The label above the maze's left edge.
        let (o, _) = fit(maze.extent(), frame);
        marks.push(Mark::Text {
            at: [o[0], y + LABEL],
            size: LABEL,
            text: label.clone(),
            align: Align::Left,
        });
        marks.extend(drawn);
    }
    Ok(Page { size, marks })
}

/// An upper bound on the bytes a book of `mazes` mazes of `cells` cells each takes to lay out
/// and write (its marks, then its PDF or SVG text, with answers): for budgets, before any maze
/// is made.
pub fn bytes_needed(mazes: u64, cells: u64) -> u64 {
    // A wall rectangle (32 bytes as a mark, about 30 as text) per wall cell at most, twice
    // (the puzzle and its answer), plus a page's fixed parts.
    mazes
        .saturating_mul(cells.saturating_mul(2 * 64).saturating_add(4096))
        .saturating_add(1 << 20)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, rng_from_seed, Algorithm, Lattice, Options};

    fn square(seed: u64) -> BookMaze {
        let l = Lattice::new(&[6, 9], &Default::default()).unwrap();
        BookMaze::Square(
            generate(
                &l,
                &Options::new(Algorithm::Wilson),
                &mut rng_from_seed(seed),
            )
            .unwrap(),
        )
    }

    fn layout(per: usize) -> Layout {
        Layout {
            paper: Paper::Letter,
            per_page: per,
            answers_per_page: 6,
            title: "T".into(),
        }
    }

    #[test]
    fn mazes_stay_inside_their_page_margins() {
        let mazes: Vec<BookMaze> = (0..7).map(square).collect();
        let labels: Vec<String> = (1..=7).map(|i| i.to_string()).collect();
        let book = pages(&mazes, &labels, &layout(4)).unwrap();
        assert_eq!(book.len(), 2 + 2);
        for p in &book {
            for m in &p.marks {
                if let Mark::Rects { rects, .. } = m {
                    for r in rects {
                        assert!(r[0] >= MARGIN - 1e-9 && r[1] >= MARGIN - 1e-9);
                        assert!(r[0] + r[2] <= p.size[0] - MARGIN + 1e-9);
                        assert!(r[1] + r[3] <= p.size[1] - MARGIN + 1e-9);
                    }
                }
            }
        }
    }

    #[test]
    fn answers_draw_the_solution_in_the_solution_colour() {
        let mazes = vec![square(1)];
        let book = pages(&mazes, &["1".into()], &layout(1)).unwrap();
        let blue = |p: &Page| {
            p.marks
                .iter()
                .any(|m| matches!(m, Mark::Lines { colour, .. } if *colour == palette::PATH))
        };
        assert!(!blue(&book[0]));
        assert!(blue(&book[1]));
        // Start and goal on both.
        for p in &book {
            let discs: Vec<Rgb> = p
                .marks
                .iter()
                .filter_map(|m| match m {
                    Mark::Disc { colour, .. } => Some(*colour),
                    _ => None,
                })
                .collect();
            assert_eq!(discs, vec![palette::START, palette::GOAL]);
        }
    }

    #[test]
    fn one_maze_a_page_fills_the_width() {
        let book = pages(&[square(2)], &["1".into()], &layout(1)).unwrap();
        let rects = book[0]
            .marks
            .iter()
            .find_map(|m| match m {
                Mark::Rects { rects, .. } => Some(rects),
                _ => None,
            })
            .unwrap();
        let right = rects.iter().map(|r| r[0] + r[2]).fold(0.0, f64::max);
        let left = rects.iter().map(|r| r[0]).fold(f64::MAX, f64::min);
        assert!((right - left - (612.0 - 2.0 * MARGIN)).abs() < 1e-6);
    }

    #[test]
    fn a_long_title_fits_the_page() {
        let mut l = layout(1);
        l.title = "A very long title for a book of mazes, much too long for one line".repeat(3);
        let book = pages(&[square(4)], &["1".into()], &l).unwrap();
        let Mark::Text { size, text, .. } = &book[0].marks[0] else {
            panic!("the title first")
        };
        let width = text::Font::load().unwrap().width(text, *size);
        assert!(
            *size < TITLE && width <= 612.0 - 2.0 * MARGIN + 1e-6,
            "{size} {width}"
        );
        l.title = String::new();
        let book = pages(&[square(4)], &["1".into()], &l).unwrap();
        assert!(matches!(&book[1].marks[0], Mark::Text { text, .. } if text == "Answers"));
        assert!(!matches!(&book[0].marks[0], Mark::Text { size, .. } if *size == TITLE));
    }

    #[test]
    fn bad_layouts_are_refused() {
        let m = [square(3)];
        assert!(pages(&m, &["1".into()], &layout(0)).is_err());
        assert!(pages(&m, &["1".into()], &layout(MAX_PER_PAGE + 1)).is_err());
        assert!(pages(&m, &[], &layout(1)).is_err());
        assert!("a5".parse::<Paper>().is_err());
        assert_eq!("Letter".parse::<Paper>().unwrap(), Paper::Letter);
    }
}
