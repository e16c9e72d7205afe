//! Inline display in Jupyter notebooks run by the [evcxr](https://github.com/evcxr/evcxr) Rust
//! kernel.
//!
//! evcxr shows the value of a cell's last expression through its type's `evcxr_display(&self)`
//! method when it has one: the method prints `EVCXR_BEGIN_CONTENT <mime type>`, the content,
//! and `EVCXR_END_CONTENT`. This module gives such methods to
//!
//! - [`Maze`]: its picture ([`crate::render`]), portals marked;
//! - [`Shown`]: a maze with overlays, a [`Solution`] of any method or an attractor shaded by
//!   rank (`Shown::new(&maze).solution(&s)`, or [`Solution::shown_on`]);
//! - [`Graph`]: drawn by Graphviz ([`crate::draw`]; a cell graph at its cells' places) when
//!   it is installed, else a text summary;
//! - [`Gallery`]: several mazes side by side, captioned;
//! - [`TiledMaze`] (hexagons, triangles, rings, octagons, weaves): its picture
//!   ([`crate::tiling::draw`]); [`TiledShown`] adds its solution or any path of rooms;
//! - [`Report`] (the seeds' experiment, [`crate::experiment`]): its chart; [`Markdown`] shows
//!   its table ([`Report::to_markdown`]) rendered;
//! - [`Game`] and [`GameView`] (a game with its attractor, its vertices named and placed as
//!   maze cells): drawn by Graphviz (`dot`, or `neato -n` at the cells' places).
//!
//! Pictures are SVG for small mazes (at most [`SVG_MAX_CELLS`] cells) and PNG (base64) above,
//! scaled to about [`TARGET_PIXELS`] pixels across. Every `evcxr_display` has a twin,
//! `evcxr_content`, that returns the printed text instead (for tests and other front ends).
//! Errors are shown, never panicked on: a picture that cannot be drawn is shown as
//! `text/plain` with the reason.
//!
//! ```
//! use mazegraph::Maze;
//! let maze = Maze::from_text_rows(&["#.#", "#.#"]).unwrap();
//! let shown = maze.evcxr_content();
//! assert!(shown.starts_with("EVCXR_BEGIN_CONTENT image/svg+xml\n<svg"));
//! assert!(shown.ends_with("</svg>\nEVCXR_END_CONTENT\n"));
//! ```

use crate::draw::{dot_of_graph, run_graphviz, Dot, DrawFormat, Engine};
use crate::error::{Error, Result};
use crate::experiment::Report;
use crate::game::{Attractor, Game, Oriented};
use crate::graph::Graph;
use crate::maze::Maze;
use crate::render::{self, rgb, Overlay, Picture, RenderOptions};
use crate::solve::Solution;
use crate::tiling::{draw::TiledPicture, TiledMaze, Tiles};

/// MIME type of SVG pictures.
pub const SVG: &str = "image/svg+xml";
/// MIME type of PNG pictures (sent base64-encoded).
pub const PNG: &str = "image/png";
/// MIME type of plain text.
pub const TEXT: &str = "text/plain";
/// MIME type of Markdown (notebooks render it).
pub const MARKDOWN: &str = "text/markdown";

/// Mazes of at most this many cells are shown as SVG, larger ones as PNG.
pub const SVG_MAX_CELLS: usize = 4096;
/// Pictures are scaled (a whole number of pixels per cell, 1 to 16) to about this width or height.
pub const TARGET_PIXELS: usize = 480;
/// Pictures of more pixels than this are not shown inline.
pub const MAX_PIXELS: usize = 16 << 20;
/// Graphs and games with more vertices than this are summarised, not drawn.
pub const DRAW_MAX_VERTICES: usize = 2000;

/// The text evcxr reads as one display item: `EVCXR_BEGIN_CONTENT mime`, the content, and
/// `EVCXR_END_CONTENT`, each on its own line.
///
/// ```
/// use mazegraph::display::{envelope, TEXT};
/// assert_eq!(envelope(TEXT, "hi"), "EVCXR_BEGIN_CONTENT text/plain\nhi\nEVCXR_END_CONTENT\n");
/// ```
pub fn envelope(mime: &str, content: &str) -> String {
    let nl = if content.ends_with('\n') { "" } else { "\n" };
    format!("EVCXR_BEGIN_CONTENT {mime}\n{content}{nl}EVCXR_END_CONTENT\n")
}

/// Standard base64 (RFC 4648, with `=` padding), as notebooks take PNG pictures.
///
/// Complexity: O(n).
///
/// ```
/// assert_eq!(mazegraph::display::base64(b"maze"), "bWF6ZQ==");
/// ```
pub fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Draws `dot` with Graphviz ([`crate::draw::run_graphviz`], [`Engine::Auto`]) as SVG text
/// from `<svg` on (no XML prolog).
///
/// Errors: Graphviz missing or failing, more than [`DRAW_MAX_VERTICES`] vertices.
pub fn graphviz_svg(dot: &Dot) -> Result<String> {
    let bytes = run_graphviz(dot, Engine::Auto, DrawFormat::Svg, DRAW_MAX_VERTICES)?;
    let text = String::from_utf8_lossy(&bytes);
    match text.find("<svg") {
        Some(at) => Ok(text[at..].to_string()),
        None => Err(Error::Unsupported("Graphviz wrote no SVG".to_string())),
    }
}

/// Text shown in place of a picture that cannot be drawn.
fn failure(what: &str, e: &Error) -> String {
    envelope(TEXT, &format!("cannot show {what}: {e}"))
}

/// A maze as a notebook shows it: overlays drawn by [`crate::render`], then cells painted by
/// the solution or attractor given here.
///
/// ```
/// use mazegraph::{display::Shown, solve::{solve, Method}, Maze};
/// let maze = Maze::from_text_rows(&["#.###", "#...#", "###.#"]).unwrap();
/// let s = solve(&maze, Method::Bfs).unwrap();
/// let text = Shown::new(&maze).solution(&s).scale(10).evcxr_content();
/// assert!(text.contains(r##"<rect x="10" y="10" width="10" height="10" fill="#2171b5"/>"##));
/// ```
#[derive(Clone, Debug)]
pub struct Shown<'a> {
    maze: &'a Maze,
    overlays: Vec<Overlay>,
    /// (cell, colour), painted in order over the picture.
    paint: Vec<(usize, [u8; 3])>,
    /// The cell of each game vertex, and an attractor to shade.
    attractor: Option<(&'a [u32], &'a Attractor)>,
    scale: Option<usize>,
}

impl<'a> Shown<'a> {
    /// The maze alone (its portals marked).
    pub fn new(maze: &'a Maze) -> Shown<'a> {
        let overlays = if maze.portals().is_empty() {
            Vec::new()
        } else {
            vec![Overlay::Portals]
        };
        Shown {
            maze,
            overlays,
            paint: Vec::new(),
            attractor: None,
            scale: None,
        }
    }

    /// Adds a [`crate::render`] overlay: [`Overlay::Filled`] (what dead-end filling fills),
    /// [`Overlay::Attractor`] (the cells on shortest solutions, shaded by distance to the goal), …
    pub fn overlay(mut self, overlay: Overlay) -> Shown<'a> {
        if !self.overlays.contains(&overlay) {
            self.overlays.push(overlay);
        }
        self
    }

    /// Sets the pixels per cell side (default: about [`TARGET_PIXELS`] across in all), taken
    /// into [`render::SCALES`], the command line's range; a picture over [`MAX_PIXELS`] is
    /// refused when drawn.
    pub fn scale(mut self, scale: usize) -> Shown<'a> {
        let (low, high) = (*render::SCALES.start(), *render::SCALES.end());
        self.scale = Some(scale.clamp(usize::from(low), usize::from(high)));
        self
    }

    /// Paints a solution of any method: the cells it keeps (see [`crate::solve`]) light
    /// yellow, its path blue, the start green and the goal red ([`crate::palette`]). Cells outside the maze are
    /// ignored.
    pub fn solution(mut self, s: &Solution) -> Shown<'a> {
        let n = self.maze.grid().len();
        let kept = render::KEPT;
        self.paint.extend(
            s.kept
                .ones()
                .filter(|&c| c < n && self.maze.grid().is_path(c))
                .map(|c| (c, rgb(kept))),
        );
        if let Some(p) = &s.path {
            self.paint.extend(p.iter().map(|&c| (c, rgb(render::PATH))));
        }
        self.paint.push((s.start, rgb(render::START)));
        self.paint.push((s.goal, rgb(render::GOAL)));
        self.paint.retain(|&(c, _)| c < n);
        self
    }

    /// Shades the cells of an attractor of the maze's orientation ([`crate::game::orient()`])
    /// by rank, as [`Overlay::Attractor`] does for the goal's attractor but for any player and
    /// target ([`Picture::set_attractor`]).
    ///
    /// Errors: a game not oriented from a maze (no cells). A game oriented from another maze
    /// is an error when shown.
    pub fn attractor(mut self, oriented: &'a Oriented, a: &'a Attractor) -> Result<Shown<'a>> {
        if oriented.cells.len() != oriented.game.vertex_count() {
            return Err(Error::Unsupported(
                "the attractor is not of a game oriented from a maze".to_string(),
            ));
        }
        self.attractor = Some((&oriented.cells, a));
        Ok(self)
    }

    /// The picture's layout at the chosen scale, and that scale.
    fn picture(&self) -> Result<(Picture<'a>, usize)> {
        // The layout alone at a scale: without overlays nothing is solved, O(1).
        let size = |scale: usize| -> Result<(usize, usize)> {
            let opts = RenderOptions {
                scale,
                overlays: Vec::new(),
            };
            Picture::new(self.maze, &opts).map(|p| (p.width(), p.height()))
        };
        let scale = match self.scale {
            Some(s) => s,
            None => {
                // The largest scale that fits (slice gaps and labels do not grow with it).
                let mut s = 16;
                while s > 1 && size(s).is_ok_and(|(w, h)| w.max(h) > TARGET_PIXELS) {
                    s -= 1;
                }
                s
            }
        };
        let (w, h) = size(scale)?;
        if w.saturating_mul(h) > MAX_PIXELS {
            return Err(Error::Unsupported(format!(
                "a {w}×{h} picture is too large to show inline (render it to a file)"
            )));
        }
        let opts = RenderOptions {
            scale,
            overlays: self.overlays.clone(),
        };
        let mut p = Picture::new(self.maze, &opts)?;
        if let Some((cells, a)) = self.attractor {
            p.set_attractor(cells, a)?;
        }
        Ok((p, scale))
    }

    /// The squares drawn over picture `p` (at `s` pixels a cell): `(x, y, side, colour)` of
    /// each painted cell, then, with the portals overlay, the portal marks the paint covered
    /// (inset as [`crate::render`] draws them).
    fn squares(&self, p: &Picture, s: usize) -> Vec<(usize, usize, usize, [u8; 3])> {
        let mut out: Vec<_> = self
            .paint
            .iter()
            .map(|&(c, colour)| {
                let (x, y) = p.cell_origin(c);
                (x, y, s, colour)
            })
            .collect();
        if self.overlays.contains(&Overlay::Portals) {
            let ends = self.maze.portal_index();
            let mut covered: Vec<usize> = self.paint.iter().map(|e| e.0).collect();
            covered.sort_unstable();
            covered.dedup();
            let m = if s >= 3 { (s / 4).max(1) } else { 0 };
            for c in covered.into_iter().filter(|&c| ends.has(c)) {
                let (x, y) = p.cell_origin(c);
                out.push((x + m, y + m, s - 2 * m, rgb(p.colour_of(c))));
            }
        }
        out
    }

    /// The picture as SVG: [`Picture::write_svg`] and a square per painted cell.
    ///
    /// Complexity: O(cells).
    pub fn svg(&self) -> Result<String> {
        let (p, s) = self.picture()?;
        let mut out = Vec::new();
        p.write_svg(&mut out)?;
        let mut svg = String::from_utf8_lossy(&out).into_owned();
        let end = svg.rfind("</svg>").unwrap_or(svg.len());
        svg.truncate(end);
        for (x, y, s, [r, g, b]) in self.squares(&p, s) {
            svg.push_str(&format!(
                "<rect x=\"{x}\" y=\"{y}\" width=\"{s}\" height=\"{s}\" fill=\"#{r:02x}{g:02x}{b:02x}\"/>\n"
            ));
        }
        svg.push_str("</svg>\n");
        Ok(svg)
    }

    /// The picture as an 8-bit RGB PNG: [`Picture::for_each_row`] into a canvas, then the
    /// painted cells.
    ///
    /// Complexity: O(pixels) time and memory.
    pub fn png(&self) -> Result<Vec<u8>> {
        let (w, h, canvas) = self.rgb()?;
        let mut out = Vec::new();
        let png_err = |e: png::EncodingError| Error::Unsupported(format!("png: {e}"));
        let too_big = || Error::Unsupported("the picture is too large".to_string());
        let w32 = u32::try_from(w).map_err(|_| too_big())?;
        let h32 = u32::try_from(h).map_err(|_| too_big())?;
        let mut enc = png::Encoder::new(&mut out, w32, h32);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut writer = enc.write_header().map_err(png_err)?;
        writer.write_image_data(&canvas).map_err(png_err)?;
        writer.finish().map_err(png_err)?;
        Ok(out)
    }

    /// Paints `cell` in `colour` over the picture (an agent, a game's piece), after what is
    /// painted already. A cell outside the maze is ignored.
    pub fn paint(mut self, cell: usize, colour: [u8; 3]) -> Shown<'a> {
        if cell < self.maze.grid().len() {
            self.paint.push((cell, colour));
        }
        self
    }

    /// The picture's pixels: width, height and RGB bytes row by row, what [`Shown::png`]
    /// encodes.
    ///
    /// Complexity: O(pixels) time and memory.
    ///
    /// ```
    /// use mazegraph::{display::Shown, palette, Maze};
    /// let maze = Maze::from_text_rows(&["#.###", "#...#", "###.#"]).unwrap();
    /// let (w, h, rgb) = Shown::new(&maze).scale(4).paint(7, palette::WOLF).rgb().unwrap();
    /// assert_eq!((w, h, rgb.len()), (20, 12, 20 * 12 * 3));
    /// let i = ((4 + 1) * w + 2 * 4 + 1) * 3; // inside cell (1, 2), the 7th
    /// assert_eq!(rgb[i..i + 3], palette::WOLF);
    /// ```
    pub fn rgb(&self) -> Result<(usize, usize, Vec<u8>)> {
        let (p, s) = self.picture()?;
        let (w, h) = (p.width(), p.height());
        let mut canvas = vec![0u8; w * h * 3];
        p.for_each_row(|y, row| {
            for (x, &i) in row.iter().enumerate() {
                canvas[(y * w + x) * 3..][..3].copy_from_slice(&rgb(i));
            }
            Ok(())
        })?;
        for (x0, y0, side, colour) in self.squares(&p, s) {
            for y in y0..(y0 + side).min(h) {
                for x in x0..(x0 + side).min(w) {
                    canvas[(y * w + x) * 3..][..3].copy_from_slice(&colour);
                }
            }
        }
        Ok((w, h, canvas))
    }

    /// What [`Shown::evcxr_display`] prints: SVG up to [`SVG_MAX_CELLS`] cells, else PNG.
    pub fn evcxr_content(&self) -> String {
        let shown = if self.maze.grid().len() <= SVG_MAX_CELLS {
            self.svg().map(|svg| envelope(SVG, &svg))
        } else {
            self.png().map(|png| envelope(PNG, &base64(&png)))
        };
        shown.unwrap_or_else(|e| failure("the maze", &e))
    }

    /// Shows the picture in an evcxr notebook.
    pub fn evcxr_display(&self) {
        print!("{}", self.evcxr_content());
    }
}

/// Several pictures side by side with captions, as one SVG (so every notebook viewer shows
/// it): each maze is a nested `<svg>` (or an embedded PNG above [`SVG_MAX_CELLS`] cells).
///
/// ```
/// use mazegraph::{display::Gallery, Maze};
/// let a = Maze::from_text_rows(&["#.#", "#.#"]).unwrap();
/// let b = Maze::from_text_rows(&["#.##", "#..#", "##.#"]).unwrap();
/// let g = Gallery::new().with("a", a.shown().scale(10)).with("b", b.shown().scale(10));
/// let svg = g.svg().unwrap();
/// assert_eq!(svg.matches("<svg").count(), 3);
/// assert!(svg.contains(">b</text>"));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Gallery<'a> {
    items: Vec<(String, Shown<'a>)>,
}

impl<'a> Gallery<'a> {
    /// An empty gallery.
    pub fn new() -> Gallery<'a> {
        Gallery::default()
    }

    /// Adds a picture under `caption`, right of the others.
    pub fn with(mut self, caption: &str, shown: Shown<'a>) -> Gallery<'a> {
        self.items.push((caption.to_string(), shown));
        self
    }

    /// The gallery as one SVG, pictures top-aligned 16 pixels apart, captions above them.
    ///
    /// Complexity: that of the pictures.
    pub fn svg(&self) -> Result<String> {
        const GAP: usize = 16;
        const CAPTION: usize = 18;
        let mut body = String::new();
        let (mut x, mut height) = (0usize, 0usize);
        for (caption, shown) in &self.items {
            let (w, h, inner) = if shown.maze.grid().len() <= SVG_MAX_CELLS {
                let (p, _) = shown.picture()?;
                (p.width(), p.height(), shown.svg()?)
            } else {
                let (p, _) = shown.picture()?;
                let (w, h) = (p.width(), p.height());
                let png = base64(&shown.png()?);
                let image = format!(
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\"><image width=\"{w}\" height=\"{h}\" href=\"data:image/png;base64,{png}\"/></svg>\n"
                );
                (w, h, image)
            };
            body.push_str(&format!(
                "<text x=\"{x}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"13\">{}</text>\n",
                CAPTION - 5,
                crate::format::graphml::escape(caption)
            ));
            // The nested picture, moved right and down: its own `<svg` gets x and y.
            let rest = inner.strip_prefix("<svg").unwrap_or(&inner);
            body.push_str(&format!("<svg x=\"{x}\" y=\"{CAPTION}\""));
            body.push_str(rest);
            x += w + GAP;
            height = height.max(h + CAPTION);
        }
        let width = x.saturating_sub(GAP);
        Ok(format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n{body}</svg>\n"
        ))
    }

    /// What [`Gallery::evcxr_display`] prints.
    pub fn evcxr_content(&self) -> String {
        match self.svg() {
            Ok(svg) => envelope(SVG, &svg),
            Err(e) => failure("the gallery", &e),
        }
    }

    /// Shows the gallery in an evcxr notebook.
    pub fn evcxr_display(&self) {
        print!("{}", self.evcxr_content());
    }
}

impl Maze {
    /// What [`Maze::evcxr_display`] prints: the maze's picture, as [`Shown::new`] draws it.
    pub fn evcxr_content(&self) -> String {
        Shown::new(self).evcxr_content()
    }

    /// Shows the maze's picture in an evcxr notebook ([`crate::display`]).
    pub fn evcxr_display(&self) {
        print!("{}", self.evcxr_content());
    }

    /// The maze ready to show with overlays, a solution or an attractor ([`Shown`]).
    pub fn shown(&self) -> Shown<'_> {
        Shown::new(self)
    }
}

/// A tiled maze as a notebook shows it ([`TiledPicture`]: walls, entrance and exit, the
/// start and goal as discs), with a path of rooms drawn over it when given: SVG up to
/// [`SVG_MAX_CELLS`] rooms, PNG above, about [`TARGET_PIXELS`] across.
///
/// ```
/// use mazegraph::generate::{rng_from_seed, Algorithm, Options};
/// use mazegraph::tiling::{TiledMaze, Tiling};
/// let t = Tiling::new("theta", &[5], &Default::default()).unwrap();
/// let m = TiledMaze::generate(t, &Options::new(Algorithm::Wilson), &mut rng_from_seed(1)).unwrap();
/// let shown = m.shown().solution().evcxr_content();
/// assert!(shown.starts_with("EVCXR_BEGIN_CONTENT image/svg+xml\n<svg"));
/// assert!(shown.contains("<polyline")); // the solution
/// ```
pub struct TiledShown<'a> {
    maze: &'a TiledMaze,
    path: Option<Vec<u32>>,
}

impl<'a> TiledShown<'a> {
    /// The maze alone.
    pub fn new(maze: &'a TiledMaze) -> TiledShown<'a> {
        TiledShown { maze, path: None }
    }

    /// With its solution (a shortest path from the start to the goal, when there is one).
    pub fn solution(mut self) -> TiledShown<'a> {
        self.path = self.maze.solution();
        self
    }

    /// With `rooms` (a path, start first) drawn over it.
    pub fn path(mut self, rooms: &[u32]) -> TiledShown<'a> {
        self.path = Some(rooms.to_vec());
        self
    }

    /// What [`TiledShown::evcxr_display`] prints.
    ///
    /// Complexity: O(rooms) for SVG; O(pixels) for PNG.
    pub fn evcxr_content(&self) -> String {
        let t = self.maze.tiling();
        let [lo, hi] = t.bounds();
        let across = (hi[0] - lo[0]).max(hi[1] - lo[1]).max(1.0);
        let scale = (TARGET_PIXELS as f64 / across).floor().clamp(2.0, 40.0);
        let picture = TiledPicture::new(self.maze, scale, self.path.as_deref());
        let (w, h) = picture.size();
        let mut out = Vec::new();
        if t.room_count() <= SVG_MAX_CELLS {
            return match picture.write_svg(&mut out) {
                Ok(()) => envelope(SVG, &String::from_utf8_lossy(&out)),
                Err(e) => failure("the tiled maze", &e),
            };
        }
        if w.saturating_mul(h) > MAX_PIXELS {
            return envelope(
                TEXT,
                &format!(
                    "a {} maze of {} rooms: its {w}×{h} picture is too large to show inline",
                    t.name(),
                    t.room_count()
                ),
            );
        }
        match picture.write_png(&mut out) {
            Ok(()) => envelope(PNG, &base64(&out)),
            Err(e) => failure("the tiled maze", &e),
        }
    }

    /// Shows the tiled maze in an evcxr notebook.
    pub fn evcxr_display(&self) {
        print!("{}", self.evcxr_content());
    }
}

impl TiledMaze {
    /// What [`TiledMaze::evcxr_display`] prints: its picture, as [`TiledShown`] draws it.
    pub fn evcxr_content(&self) -> String {
        TiledShown::new(self).evcxr_content()
    }

    /// Shows the tiled maze's picture in an evcxr notebook ([`crate::display`]).
    pub fn evcxr_display(&self) {
        print!("{}", self.evcxr_content());
    }

    /// The tiled maze ready to show with its solution or a path ([`TiledShown`]).
    pub fn shown(&self) -> TiledShown<'_> {
        TiledShown::new(self)
    }
}

impl Solution {
    /// This solution over its maze, to show in a notebook: [`Shown::solution`].
    pub fn shown_on<'a>(&self, maze: &'a Maze) -> Shown<'a> {
        Shown::new(maze).solution(self)
    }
}

impl Graph {
    /// A one-line summary: vertex and edge counts, weights, terminals.
    ///
    /// ```
    /// use mazegraph::{Graph, Maze};
    /// let g = Graph::from_maze(&Maze::from_text_rows(&["#.#", "#.#"]).unwrap());
    /// assert_eq!(g.summary(), "graph: 2 vertices, 1 edge, start (0, 1), goal (1, 1)");
    /// ```
    pub fn summary(&self) -> String {
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let mut s = format!(
            "graph: {}, {}",
            plural(self.vertex_count(), "vertex", "vertices"),
            plural(self.edge_count(), "edge", "edges")
        );
        if self.is_weighted() {
            s.push_str(&format!(" (total length {})", self.total_weight()));
        }
        if let Some(v) = self.start() {
            s.push_str(&format!(", start {}", self.label(v)));
        }
        if let Some(v) = self.goal() {
            s.push_str(&format!(", goal {}", self.label(v)));
        }
        s
    }

    /// What [`Graph::evcxr_display`] prints: the graph drawn by Graphviz as SVG
    /// ([`crate::draw`]: a cell graph at its cells' places), or [`Graph::summary`] and the
    /// reason when it cannot be drawn (Graphviz not installed, more than
    /// [`DRAW_MAX_VERTICES`] vertices).
    pub fn evcxr_content(&self) -> String {
        match dot_of_graph(self).and_then(|dot| graphviz_svg(&dot)) {
            Ok(svg) => envelope(SVG, &svg),
            Err(e) => envelope(TEXT, &format!("{} (not drawn: {e})", self.summary())),
        }
    }

    /// Shows the graph in an evcxr notebook ([`crate::display`]).
    pub fn evcxr_display(&self) {
        print!("{}", self.evcxr_content());
    }
}

/// A game as a notebook draws it: optionally an attractor (filled vertices, ranks, strategy
/// edges in red, as [`crate::game::format::dot`] writes it) and, for a maze's orientation, the
/// cells' coordinates as labels and their places as positions.
///
/// ```
/// use mazegraph::{display::GameView, game::{attractor, orient, Player}, Maze};
/// let maze = Maze::from_text_rows(&["#.###", "#...#", "###.#"]).unwrap();
/// let o = orient(&maze).unwrap();
/// let a = attractor(&o.game, Player::Zero, &[o.goal]).unwrap();
/// let dot = GameView::new(&o.game).attractor(&a).cells(&maze, &o).dot().unwrap();
/// assert!(dot.contains("(1, 2)") && dot.contains("pos="));
/// ```
#[derive(Clone, Copy)]
pub struct GameView<'a> {
    game: &'a Game,
    attractor: Option<&'a Attractor>,
    cells: Option<(&'a Maze, &'a Oriented)>,
}

impl<'a> GameView<'a> {
    /// The game alone.
    pub fn new(game: &'a Game) -> GameView<'a> {
        GameView {
            game,
            attractor: None,
            cells: None,
        }
    }

    /// Colours an attractor of the game.
    pub fn attractor(mut self, a: &'a Attractor) -> GameView<'a> {
        self.attractor = Some(a);
        self
    }

    /// Names the vertices of a maze's orientation by their cells' coordinates and, for a 2-D
    /// maze, draws them at their cells' places. Ignored when the orientation has no cells or
    /// the game is not its game.
    pub fn cells(mut self, maze: &'a Maze, oriented: &'a Oriented) -> GameView<'a> {
        if oriented.cells.len() == self.game.vertex_count()
            && oriented
                .cells
                .iter()
                .all(|&c| (c as usize) < maze.grid().len())
        {
            self.cells = Some((maze, oriented));
        }
        self
    }

    /// The game as Graphviz DOT ([`crate::game::format::dot::write`]).
    pub fn dot(&self) -> Result<String> {
        use crate::game::format::dot::{write, Style};
        let label = |v: u32| -> String {
            match self.cells {
                Some((m, o)) => m.shape().fmt_index(o.cells[v as usize] as usize),
                None => self.game.label(v),
            }
        };
        let pos = |v: u32| -> (f64, f64) {
            match self.cells {
                Some((m, o)) if m.shape().ndim() == 2 => {
                    let c = m.shape().coords(o.cells[v as usize] as usize);
                    let rows = m.shape().dims()[0];
                    (c[1] as f64 * 72.0, (rows - 1 - c[0]) as f64 * 72.0)
                }
                _ => (0.0, 0.0),
            }
        };
        let placed = matches!(self.cells, Some((m, _)) if m.shape().ndim() == 2);
        let style = Style {
            label: if self.cells.is_some() {
                Some(&label)
            } else {
                None
            },
            attractor: self.attractor,
            pos: if placed { Some(&pos) } else { None },
        };
        let mut out = Vec::new();
        write(self.game, &style, &mut out)?;
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    /// What [`GameView::evcxr_display`] prints: the drawing by Graphviz as SVG (`dot`, `sfdp`
    /// for games with many cycles, or `neato -n` for a 2-D maze's game at its cells' places), else a summary and the reason
    /// (Graphviz not installed, more than [`DRAW_MAX_VERTICES`] vertices).
    pub fn evcxr_content(&self) -> String {
        let drawn = self.dot().and_then(|text| {
            graphviz_svg(&Dot {
                positioned: text.contains("pos="),
                vertices: self.game.vertex_count(),
                edges: self.game.edge_count(),
                text,
            })
        });
        let e = match drawn {
            Ok(svg) => return envelope(SVG, &svg),
            Err(e) => e,
        };
        let mut s = format!(
            "game: {} vertices, {} edges, largest priority {}",
            self.game.vertex_count(),
            self.game.edge_count(),
            self.game.max_priority()
        );
        if let Some(a) = self.attractor {
            s.push_str(&format!(
                "; attractor of player {}: {} vertices, largest rank {}",
                a.player(),
                a.len(),
                a.max_rank()
            ));
        }
        envelope(TEXT, &format!("{s} (not drawn: {e})"))
    }

    /// Shows the game in an evcxr notebook ([`crate::display`]).
    pub fn evcxr_display(&self) {
        print!("{}", self.evcxr_content());
    }
}

impl Game {
    /// What [`Game::evcxr_display`] prints: [`GameView::evcxr_content`] of the game alone.
    pub fn evcxr_content(&self) -> String {
        GameView::new(self).evcxr_content()
    }

    /// Shows the game in an evcxr notebook ([`crate::display`]).
    pub fn evcxr_display(&self) {
        print!("{}", self.evcxr_content());
    }
}

impl Report {
    /// What [`Report::evcxr_display`] prints: the chart ([`Report::chart_svg`]) as SVG.
    pub fn evcxr_content(&self) -> String {
        match self.chart_svg() {
            Ok(svg) => envelope(SVG, &svg),
            Err(e) => failure("the chart", &e),
        }
    }

    /// Shows the report's chart in an evcxr notebook ([`crate::display`]).
    pub fn evcxr_display(&self) {
        print!("{}", self.evcxr_content());
    }
}

/// Markdown text that a notebook shows rendered, e.g. `Markdown(report.to_markdown())`.
///
/// ```
/// use mazegraph::display::Markdown;
/// let table = Markdown("| a |\n|---|\n| 1 |".to_string());
/// assert!(table.evcxr_content().starts_with("EVCXR_BEGIN_CONTENT text/markdown\n| a |"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Markdown(pub String);

impl Markdown {
    /// What [`Markdown::evcxr_display`] prints.
    pub fn evcxr_content(&self) -> String {
        envelope(MARKDOWN, &self.0)
    }

    /// Shows the text rendered in an evcxr notebook.
    pub fn evcxr_display(&self) {
        print!("{}", self.evcxr_content());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{attractor, orient, Player};
    use crate::grid::{Grid, Shape};
    use crate::solve::{solve, Method};

    /// The mime type and content of one envelope.
    fn open(text: &str) -> (&str, &str) {
        let rest = text.strip_prefix("EVCXR_BEGIN_CONTENT ").unwrap();
        let (mime, rest) = rest.split_once('\n').unwrap();
        let content = rest.strip_suffix("\nEVCXR_END_CONTENT\n").unwrap();
        (mime, content)
    }

    fn decode_base64(s: &str) -> Vec<u8> {
        let val = |c: u8| match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => panic!("not base64: {c}"),
        };
        let mut out = Vec::new();
        for q in s.as_bytes().chunks(4) {
            let pad = q.iter().filter(|&&c| c == b'=').count();
            let n = q
                .iter()
                .map(|&c| if c == b'=' { 0 } else { u32::from(val(c)) })
                .fold(0u32, |n, v| n << 6 | v);
            out.extend_from_slice(&n.to_be_bytes()[1..4 - pad]);
        }
        out
    }

    fn maze() -> Maze {
        Maze::from_text_rows(&[
            "#.#####", //
            "#...#.#", //
            "#.#...#", //
            "#.#.###", //
            "###.###",
        ])
        .unwrap()
    }

    #[test]
    fn base64_matches_rfc_4648_vectors() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(decode_base64(&base64(&all)), all);
    }

    #[test]
    fn envelope_keeps_one_final_newline() {
        assert_eq!(
            envelope(SVG, "<svg/>\n"),
            "EVCXR_BEGIN_CONTENT image/svg+xml\n<svg/>\nEVCXR_END_CONTENT\n"
        );
    }

    #[test]
    fn small_maze_is_svg_scaled_to_the_target() {
        let m = maze();
        let (mime, svg) = open_owned(&m.evcxr_content());
        assert_eq!(mime, SVG);
        let scale = (TARGET_PIXELS / 7).min(16);
        assert!(svg.contains(&format!("width=\"{}\" height=\"{}\"", 7 * scale, 5 * scale)));
    }

    fn open_owned(text: &str) -> (String, String) {
        let (m, c) = open(text);
        (m.to_string(), c.to_string())
    }

    #[test]
    fn solution_paints_path_and_terminals() {
        let m = maze();
        let s = solve(&m, Method::Bfs).unwrap();
        let svg = s.shown_on(&m).scale(2).svg().unwrap();
        // (1, 2) is on the path: blue; the start (0, 1) green, the goal (4, 3) red.
        assert!(svg.contains(r##"<rect x="4" y="2" width="2" height="2" fill="#2171b5"/>"##));
        assert!(svg.contains(r##"<rect x="2" y="0" width="2" height="2" fill="#00aa00"/>"##));
        assert!(svg.contains(r##"<rect x="6" y="8" width="2" height="2" fill="#dc1e1e"/>"##));
        assert!(svg.ends_with("</svg>\n"));
    }

    #[test]
    fn big_maze_is_png_with_painted_cells() {
        let mut grid = Grid::walls(Shape::new(vec![3, 2000]).unwrap());
        for c in 0..2000 {
            grid.set_path(2000 + c, true);
        }
        let m = Maze::new(grid);
        let s = solve(&m, Method::DeadEnd).unwrap();
        let (mime, content) = open_owned(&s.shown_on(&m).evcxr_content());
        assert_eq!(mime, PNG);
        let bytes = decode_base64(&content);
        let dec = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut r = dec.read_info().unwrap();
        let mut buf = vec![0; r.output_buffer_size().unwrap()];
        let info = r.next_frame(&mut buf).unwrap();
        assert_eq!((info.width, info.height), (2000, 3));
        let px = |x: usize, y: usize| &buf[(y * 2000 + x) * 3..][..3];
        assert_eq!(px(0, 0), rgb(render::WALL));
        assert_eq!(px(0, 1), rgb(render::START));
        assert_eq!(px(500, 1), rgb(render::PATH));
        assert_eq!(px(1999, 1), rgb(render::GOAL));
    }

    #[test]
    fn attractor_shades_by_rank() {
        let m = maze();
        let o = orient(&m).unwrap();
        let a = attractor(&o.game, Player::Zero, &[o.goal]).unwrap();
        let shown = Shown::new(&m).attractor(&o, &a).unwrap().scale(1);
        let (p, _) = shown.picture().unwrap();
        let cell = |r, c| m.shape().index(&[r, c]).unwrap();
        // The goal (4, 3) at rank 0 and the start (0, 1) are marked over their shades; the
        // cells next to them are nearly the darkest and the lightest shade.
        assert_eq!(p.colour_of(cell(4, 3)), render::GOAL);
        assert_eq!(p.colour_of(cell(0, 1)), render::START);
        assert!((render::SHADE..render::SHADE + 40).contains(&p.colour_of(cell(3, 3))));
        let lightest = render::SHADE + render::SHADES - 1;
        assert!((lightest - 40..=lightest).contains(&p.colour_of(cell(1, 1))));
        assert_eq!(p.colour_of(cell(1, 5)), render::OPEN); // a dead end
        let svg = shown.svg().unwrap();
        assert!(svg.contains(r##"<rect x="3" y="4" width="1" height="1" fill="#dc1e1e"/>"##));
        // Another maze's orientation: shown as an error, no panic.
        let small = Maze::from_text_rows(&["#.#", "#.#"]).unwrap();
        let shown = Shown::new(&small).attractor(&o, &a).unwrap();
        assert!(open(&shown.evcxr_content()).1.starts_with("cannot show"));
        let mut not_from_maze = o.clone();
        not_from_maze.cells.clear();
        assert!(Shown::new(&m).attractor(&not_from_maze, &a).is_err());
    }

    #[test]
    fn portal_marks_stay_over_a_solution() {
        let mut m = maze();
        m.add_portal(22, 12).unwrap(); // (3,1) <-> (1,5)
        let s = solve(&m, Method::DeadEnd).unwrap();
        let shown = s.shown_on(&m).scale(4);
        let svg = shown.svg().unwrap();
        // (3, 1) is kept (the portal closes a cycle): light yellow, then its mark inset by 1.
        let kept = rgb(render::KEPT);
        let portal = rgb(render::PORTAL);
        let hex = |[r, g, b]: [u8; 3]| format!("#{r:02x}{g:02x}{b:02x}");
        let cell = format!(
            r#"<rect x="4" y="12" width="4" height="4" fill="{}"/>"#,
            hex(kept)
        );
        let mark = format!(
            r#"<rect x="5" y="13" width="2" height="2" fill="{}"/>"#,
            hex(portal)
        );
        let (at_cell, at_mark) = (svg.find(&cell).unwrap(), svg.rfind(&mark).unwrap());
        assert!(at_cell < at_mark);
        let png = shown.png().unwrap();
        let dec = png::Decoder::new(std::io::Cursor::new(png));
        let mut r = dec.read_info().unwrap();
        let mut buf = vec![0; r.output_buffer_size().unwrap()];
        let info = r.next_frame(&mut buf).unwrap();
        let px = |x: usize, y: usize| &buf[(y * info.width as usize + x) * 3..][..3];
        assert_eq!((px(4, 12), px(5, 13)), (&kept[..], &portal[..]));
    }

    #[test]
    fn auto_scale_is_the_largest_that_fits() {
        // 7×7 slices of 7×9 cells: 63s + 6·max(s, 3) across, 7·(7s + max(7, 2s)) + 6·max(s, 3)
        // down (labels grow with the cells).
        let m = Maze::new(Grid::walls(Shape::new(vec![7, 7, 7, 9]).unwrap()));
        let (p, s) = Shown::new(&m).picture().unwrap();
        assert_eq!((s, p.width(), p.height()), (6, 414, 414));
        let huge = Maze::new(Grid::walls(Shape::new(vec![5000, 5000]).unwrap()));
        assert!(Shown::new(&huge).picture().is_err());
    }

    #[test]
    fn n_d_slices_paint_at_their_places() {
        let mut grid = Grid::walls(Shape::new(vec![2, 2, 2]).unwrap());
        for c in 0..8 {
            grid.set_path(c, true);
        }
        let mut m = Maze::new(grid);
        m.set_terminals(Some(0), Some(7)).unwrap();
        let s = solve(&m, Method::Bfs).unwrap();
        let shown = s.shown_on(&m).scale(4);
        let svg = shown.svg().unwrap();
        // Cell (1, 1, 1): second slice (8 px + a 4 px gap), under its 8 px label.
        assert!(svg.contains(r##"<rect x="16" y="12" width="4" height="4" fill="#dc1e1e"/>"##));
        assert!(shown.png().is_ok());
    }

    #[test]
    fn gallery_places_pictures_side_by_side() {
        let m = maze();
        let mut grid = Grid::walls(Shape::new(vec![3, 2000]).unwrap());
        grid.set_path(2001, true);
        let big = Maze::new(grid);
        let g = Gallery::new()
            .with("small <1>", m.shown().scale(2))
            .with("big", big.shown());
        let (mime, svg) = open_owned(&g.evcxr_content());
        assert_eq!(mime, SVG);
        assert!(svg
            .starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"2030\" height=\"28\""));
        assert!(svg.contains(">small &lt;1&gt;</text>"));
        assert!(svg.contains("<svg x=\"0\" y=\"18\" xmlns="));
        assert!(svg.contains("<svg x=\"30\" y=\"18\" xmlns="));
        assert!(svg.contains("href=\"data:image/png;base64,iVBOR"));
        let bad = Maze::from_text_rows(&["###"]).unwrap();
        let g = Gallery::new().with("no terminals", bad.shown().overlay(Overlay::Solution));
        assert!(open(&g.evcxr_content())
            .1
            .starts_with("cannot show the gallery"));
    }

    #[test]
    fn report_shows_its_chart() {
        use crate::experiment::{run, Config};
        use crate::generate::Algorithm;
        let mut c = Config::new(vec![4, 4], 3);
        c.algorithms = vec![Algorithm::Backtracker, Algorithm::Kruskal];
        let report = run(&c).unwrap();
        let (mime, svg) = open_owned(&report.evcxr_content());
        assert_eq!(mime, SVG);
        assert!(svg.starts_with("<svg") && svg.contains("kruskal"));
    }

    #[test]
    fn errors_are_shown_as_text() {
        let m = Maze::from_text_rows(&["###", "#.#", "###"]).unwrap();
        let shown = Shown::new(&m).overlay(Overlay::Solution).evcxr_content();
        let (mime, text) = open(&shown);
        assert_eq!(mime, TEXT);
        assert!(text.starts_with("cannot show the maze"));
    }

    #[test]
    fn graph_is_drawn_or_summarised() {
        let g = Graph::from_maze(&maze());
        let text = g.evcxr_content();
        let (mime, content) = open(&text);
        if crate::draw::graphviz_installed() {
            assert_eq!(mime, SVG);
            assert!(content.starts_with("<svg"));
        } else {
            assert_eq!(mime, TEXT);
            assert!(content.starts_with(&g.summary()));
        }
        assert_eq!(
            g.summary(),
            "graph: 12 vertices, 11 edges, start (0, 1), goal (4, 3)"
        );
    }

    #[test]
    fn game_is_drawn_or_summarised() {
        let g = Game::new(
            vec![Player::Zero, Player::One],
            vec![0, 1],
            &[(0, 1), (1, 0)],
        )
        .unwrap();
        let a = attractor(&g, Player::Zero, &[1]).unwrap();
        let view = GameView::new(&g).attractor(&a);
        let (mime, content) = open_owned(&view.evcxr_content());
        if crate::draw::graphviz_installed() {
            assert_eq!(mime, SVG);
            assert!(content.contains("<svg"));
        } else {
            assert_eq!(mime, TEXT);
            assert!(content.contains("attractor of player 0: 2 vertices"));
        }
        // Too big to draw: summarised with the reason.
        let n = DRAW_MAX_VERTICES as u32 + 1;
        let edges: Vec<(u32, u32)> = (0..n).map(|v| (v, (v + 1) % n)).collect();
        let big = Game::new(vec![Player::Zero; n as usize], vec![0; n as usize], &edges).unwrap();
        let a = attractor(&big, Player::Zero, &[0]).unwrap();
        let (mime, content) = open_owned(&GameView::new(&big).attractor(&a).evcxr_content());
        assert_eq!(mime, TEXT);
        assert!(content.starts_with("game: 2001 vertices, 2001 edges, largest priority 0; attractor of player 0: 2001 vertices"));
        assert!(content.contains("not drawn: "));
    }

    #[test]
    fn tiled_mazes_show_as_svg_then_png() {
        use crate::generate::{rng_from_seed, Algorithm, Options};
        use crate::tiling::Tiling;
        let opts = Options::new(Algorithm::Kruskal);
        let small = Tiling::new("sigma", &[4, 5], &Default::default()).unwrap();
        let m = TiledMaze::generate(small, &opts, &mut rng_from_seed(1)).unwrap();
        let (mime, content) = open_owned(&m.evcxr_content());
        assert_eq!(mime, SVG);
        assert!(!content.contains("<polyline"));
        let path = m.solution().unwrap();
        let (_, content) = open_owned(&m.shown().path(&path[..2]).evcxr_content());
        assert!(content.contains("<polyline"));
        // Above SVG_MAX_CELLS rooms: a PNG, read back by the picture reader.
        let big = Tiling::new("delta", &[50, 100], &Default::default()).unwrap();
        let m = TiledMaze::generate(big, &opts, &mut rng_from_seed(1)).unwrap();
        let (mime, content) = open_owned(&m.shown().solution().evcxr_content());
        assert_eq!(mime, PNG);
        let png = decode_base64(&content);
        assert!(png.starts_with(b"\x89PNG"));
    }
}
