//! Pictures of tiled mazes, PNG and SVG, at any scale: walls as line segments and arcs with
//! round ends (so that they meet cleanly at every corner), the outer boundary closed but for
//! the entrance and the exit, and overlays: a path through the room centres and the start and
//! goal as discs, in the colours of [`crate::palette`] (one colour, one meaning).
//!
//! The PNG is drawn with coverage anti-aliasing: each layer (walls, path) keeps, per pixel,
//! the largest coverage of its strokes, so that strokes meeting at a corner do not darken it.
//!
//! ```
//! use mazegraph::generate::{rng_from_seed, Algorithm, Options};
//! use mazegraph::tiling::{draw::TiledPicture, TiledMaze, Tiling};
//! let t = Tiling::new("sigma", &[4, 5], &Default::default()).unwrap();
//! let m = TiledMaze::generate(t, &Options::new(Algorithm::Backtracker), &mut rng_from_seed(1)).unwrap();
//! let path = m.solution();
//! let pic = TiledPicture::new(&m, 20.0, path.as_deref());
//! let (w, h) = pic.size();
//! assert!(w > 100 && h > 60);
//! let mut svg = Vec::new();
//! pic.write_svg(&mut svg).unwrap();
//! assert!(String::from_utf8(svg).unwrap().starts_with("<svg"));
//! ```

use super::{Point, Side, TiledMaze, Tiles};
use crate::error::{Error, Result};
use crate::legend::{Entry, Legend, Swatch};
use crate::palette::{self, Rgb};
use std::fmt::Write as _;
use std::io::Write;

/// A tiled maze drawn at a scale, with an optional path.
pub struct TiledPicture<'a> {
    maze: &'a TiledMaze,
    scale: f64,
    path: Option<&'a [u32]>,
    /// Rooms marked with a disc of a colour, over the start and goal (a game's pieces).
    marks: Vec<(u32, Rgb)>,
    /// Rooms filled with a colour, under the walls (dead ends filled, attractor ranks).
    fills: Vec<(u32, Rgb)>,
    /// A legend strip under the maze, and the colour of each of its palette indices.
    legend: Option<(Legend, ColourOf)>,
    lo: Point,
    margin: f64,
    size: (usize, usize),
}

/// A tiled maze's picture as strokes ([`TiledPicture::strokes`]), in pixels from the
/// picture's top-left corner; strokes have round ends and joins.
#[derive(Clone, Debug)]
pub struct Strokes {
    /// The walls, each a polyline.
    pub walls: Vec<Vec<Point>>,
    /// The walls' stroke width.
    pub wall_width: f64,
    /// The path drawn over the maze, if any (in [`palette::PATH`]).
    pub path: Option<Vec<Point>>,
    /// The path's stroke width.
    pub path_width: f64,
    /// The start and goal discs' centres and colours ([`palette::START`], [`palette::GOAL`]).
    pub discs: [(Point, Rgb); 2],
    /// The discs' radius.
    pub disc_radius: f64,
}

/// The RGB colour of a legend's palette index.
pub type ColourOf = fn(u8) -> Rgb;

/// One stroke: a polyline in pixels.
type Stroke = Vec<Point>;

impl<'a> TiledPicture<'a> {
    /// The picture of `maze` at `scale` pixels per room (neighbouring centres are a room
    /// apart), with `path` (rooms, start first) drawn over it when given. O(1): nothing is
    /// drawn until written, and [`TiledPicture::size`] can be checked first.
    pub fn new(maze: &'a TiledMaze, scale: f64, path: Option<&'a [u32]>) -> TiledPicture<'a> {
        let scale = scale.max(1.0);
        let [lo, _] = maze.tiling().bounds();
        TiledPicture {
            maze,
            scale,
            path,
            marks: Vec::new(),
            fills: Vec::new(),
            legend: None,
            lo,
            margin: margin(scale),
            size: picture_size(maze.tiling(), scale),
        }
    }

    /// The picture with `room` marked by a disc of `colour` (an agent, a game's piece), drawn
    /// over the start and goal and earlier marks, a little larger than theirs. A room
    /// outside the tiling is ignored. O(1).
    pub fn mark(mut self, room: u32, colour: Rgb) -> TiledPicture<'a> {
        if (room as usize) < self.maze.tiling().room_count() {
            self.marks.push((room, colour));
        }
        self
    }

    /// The picture with `room` filled with `colour` under the walls and the path (a dead end
    /// filled, an attractor's rank); a later fill of the same room wins. A room outside the
    /// tiling is ignored. O(1).
    pub fn fill(mut self, room: u32, colour: Rgb) -> TiledPicture<'a> {
        if (room as usize) < self.maze.tiling().room_count() {
            self.fills.push((room, colour));
        }
        self
    }

    /// The picture with each room of `ranked` (`(room, rank)`) filled in the attractor's
    /// shades, as square pictures shade ranks ([`crate::render::Overlay::Ranks`]): rank 0
    /// darkest ([`palette::NEAR`]), the largest rank lightest ([`palette::FAR`]). O(rooms).
    pub fn ranks(mut self, ranked: &[(u32, u32)]) -> TiledPicture<'a> {
        use crate::render::{rgb, SHADE, SHADES};
        let top = ranked.iter().map(|r| r.1).max().unwrap_or(0);
        for &(room, r) in ranked {
            let k = if top == 0 {
                0
            } else {
                (f64::from(r) * f64::from(SHADES - 1) / f64::from(top)).round() as u8
            };
            self = self.fill(room, rgb(SHADE + k));
        }
        self
    }

    /// The legend entries of what every tiled picture shows: the start, the goal and, when
    /// drawn, the path (as "solution"), in the palette indices of [`crate::render::rgb`].
    pub fn legend_entries(&self) -> Vec<Entry> {
        use crate::render::{GOAL, PATH, START};
        let mut entries = vec![
            Entry::new(Swatch::Colour(START), "start"),
            Entry::new(Swatch::Colour(GOAL), "goal"),
        ];
        if self.path.is_some_and(|p| !p.is_empty()) {
            entries.push(Entry::new(Swatch::Colour(PATH), "solution"));
        }
        entries
    }

    /// The picture with `legend` drawn in a strip under the maze (its height is added to
    /// [`TiledPicture::size`]); `colour` gives the RGB of each palette index its swatches use
    /// (e.g. [`crate::render::rgb`]). The PNG records the strip's height
    /// ([`crate::legend::PNG_KEYWORD`]) so that the picture still reads back as its maze.
    pub fn with_legend(mut self, legend: Legend, colour: ColourOf) -> TiledPicture<'a> {
        self.size.1 += legend.height();
        self.legend = Some((legend, colour));
        self
    }

    /// The maze's own height in pixels, without the legend strip.
    fn maze_height(&self) -> usize {
        self.size.1 - self.legend.as_ref().map_or(0, |(l, _)| l.height())
    }

    /// The outline of `room` as a closed polygon in pixels (arcs in short chords): its sides
    /// chained end to end, each turned round where its far end meets the last point.
    fn outline(&self, room: u32, sides: &mut Vec<Side>) -> Vec<Point> {
        sides.clear();
        self.maze.tiling().sides(room, sides);
        let mut pts: Vec<Point> = Vec::with_capacity(sides.len() * 2);
        let d2 = |p: Point, q: Point| (p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2);
        for s in sides.iter() {
            let mut seg = self.side_stroke(s);
            if let (Some(&end), Some(&first), Some(&last)) = (pts.last(), seg.first(), seg.last()) {
                if d2(last, end) < d2(first, end) {
                    seg.reverse();
                }
                pts.extend_from_slice(&seg[1..]);
            } else {
                pts.extend_from_slice(&seg);
            }
        }
        pts
    }

    /// Paints discs for `marks` (room, colour) over `rgb`, this picture's own raster
    /// ([`TiledPicture::raster`]), as [`TiledPicture::mark`] draws them: for the frames of an
    /// animation, drawn once and marked frame by frame. Rooms outside the tiling are ignored.
    ///
    /// Complexity: O(marks · disc's pixels).
    pub fn paint_marks(&self, rgb: &mut [u8], marks: &[(u32, Rgb)]) {
        let (w, h) = (self.size.0, self.maze_height());
        let t = self.maze.tiling();
        let radius = self.disc_radius() * 1.25;
        for &(room, colour) in marks {
            if room as usize >= t.room_count() {
                continue;
            }
            let c = self.px(t.centre(room));
            let reach = radius + 1.0;
            let (x0, x1) = (
                (c[0] - reach).max(0.0) as usize,
                ((c[0] + reach).max(0.0) as usize + 1).min(w),
            );
            let (y0, y1) = (
                (c[1] - reach).max(0.0) as usize,
                ((c[1] + reach).max(0.0) as usize + 1).min(h),
            );
            for y in y0..y1 {
                for x in x0..x1 {
                    let d = (x as f64 + 0.5 - c[0]).hypot(y as f64 + 0.5 - c[1]);
                    let a = ((radius + 0.5 - d).clamp(0.0, 1.0) * 255.0).round() as u32;
                    if a > 0 {
                        blend(&mut rgb[(y * w + x) * 3..(y * w + x) * 3 + 3], colour, a);
                    }
                }
            }
        }
    }

    /// The discs drawn over the picture: the start, the goal, then the marks, each with its
    /// radius in pixels.
    fn discs(&self) -> Vec<(u32, Rgb, f64)> {
        let r = self.disc_radius();
        let mut out = vec![
            (self.maze.start(), palette::START, r),
            (self.maze.goal(), palette::GOAL, r),
        ];
        out.extend(self.marks.iter().map(|&(room, c)| (room, c, r * 1.25)));
        out
    }

    /// Width and height in pixels.
    pub fn size(&self) -> (usize, usize) {
        self.size
    }

    /// The pixel position of a point in room units.
    pub fn px(&self, p: Point) -> Point {
        [
            (p[0] - self.lo[0]) * self.scale + self.margin,
            (p[1] - self.lo[1]) * self.scale + self.margin,
        ]
    }

    fn wall_width(&self) -> f64 {
        (self.scale * 0.12).max(1.0)
    }

    fn path_width(&self) -> f64 {
        (self.scale * 0.22).max(1.0)
    }

    fn disc_radius(&self) -> f64 {
        // Inside every room's incircle (a triangle's is 0.29 rooms) clear of its walls, so
        // that a picture reads back ([`super::picture`]).
        (self.scale * 0.2).max(1.5)
    }

    /// The walls to draw, each once: closed walls between rooms (seen from the smaller room)
    /// and the outer boundary but for the entrance and exit.
    fn walls(&self) -> Vec<Side> {
        let t = self.maze.tiling();
        if let super::Tiling::Weave(_) = t {
            return self.inset_walls();
        }
        let gaps = self.maze.openings();
        let mut out = Vec::new();
        let mut sides = Vec::with_capacity(8);
        for v in 0..t.room_count() as u32 {
            sides.clear();
            t.sides(v, &mut sides);
            for s in &sides {
                let keep = match s.neighbour {
                    Some(u) => u > v && !self.maze.is_open(v, u),
                    None => !gaps.iter().flatten().any(|g| g == s),
                };
                if keep {
                    out.push(*s);
                }
            }
        }
        out
    }

    /// A weave's walls, each room drawn inset (a square a little smaller than its cell) with
    /// corridors out to its cell's edge where it opens: a passage straight through a crossing
    /// keeps the walls of its corridor, and the tunnel under it shows as corridors meeting those
    /// walls from both sides.
    fn inset_walls(&self) -> Vec<Side> {
        let t = self.maze.tiling();
        let mut out = Vec::new();
        for v in 0..t.room_count() as u32 {
            let at = weave_frame(t.centre(v));
            for (d, way) in self.weave_ways(v).iter().enumerate() {
                if !way.corridor {
                    out.push(super::line(at(d, INSET, -INSET), at(d, INSET, INSET), None));
                }
                if way.corridor || way.under {
                    out.push(super::line(at(d, INSET, -INSET), at(d, 0.5, -INSET), None));
                    out.push(super::line(at(d, INSET, INSET), at(d, 0.5, INSET), None));
                }
            }
        }
        out
    }

    /// Each of a weave room's four ways out (north, east, south, west): whether a corridor of
    /// its own leads there (to a neighbour, a tunnel's far end, or the entrance or exit), and
    /// whether a tunnel passes under the room that way.
    fn weave_ways(&self, v: u32) -> [WeaveWay; 4] {
        let t = self.maze.tiling();
        let gaps = self.maze.openings();
        let l = t.label(v);
        let mut sides = Vec::with_capacity(4);
        t.sides(v, &mut sides);
        let room = |k: i64, (dr, dc): (i64, i64)| t.room(&[l[0] + k * dr, l[1] + k * dc]);
        let open_to = |u: Option<u32>| u.is_some_and(|u| self.maze.is_open(v, u));
        std::array::from_fn(|d| {
            let step = WEAVE_STEPS[d];
            let gap = sides
                .get(d)
                .is_some_and(|s| gaps.iter().flatten().any(|g| g == s));
            let under = match (room(1, step), room(-1, step)) {
                (Some(a), Some(b)) => self.maze.is_open(a, b),
                _ => false,
            };
            WeaveWay {
                corridor: open_to(room(1, step)) || open_to(room(2, step)) || gap,
                under,
            }
        })
    }

    /// The areas of `room` a fill covers, each a closed polygon in pixels: the room's outline
    /// (arcs in short chords), or a weave room's inset square and its corridors.
    fn fill_areas(&self, room: u32, sides: &mut Vec<Side>) -> Vec<Vec<Point>> {
        let t = self.maze.tiling();
        if let super::Tiling::Weave(_) = t {
            let at = weave_frame(t.centre(room));
            let px = |p: Point| self.px(p);
            let mut out = vec![[0, 1, 2, 3].map(|d| px(at(d, INSET, -INSET))).to_vec()];
            for (d, way) in self.weave_ways(room).iter().enumerate() {
                if way.corridor {
                    out.push(
                        [(INSET, -INSET), (0.5, -INSET), (0.5, INSET), (INSET, INSET)]
                            .map(|(a, c)| px(at(d, a, c)))
                            .to_vec(),
                    );
                }
            }
            return out;
        }
        vec![self.outline(room, sides)]
    }

    /// The path's polyline in pixels: from the entrance (outside the start room, when it has
    /// one) through the room centres and the middles of the walls between them to the exit
    /// ([`TiledPicture::path_pieces`] joined: straight on through a weave's tunnels).
    fn path_stroke(&self, path: &[u32]) -> Stroke {
        self.path_pieces(path).concat()
    }

    /// The path as drawn, in pieces: centre to centre through the middle of the wall between
    /// them (the path goes through the opening, never across a wall's end), broken where it
    /// goes through a weave's tunnel, under the room between (hidden there, as the tunnel is).
    fn path_pieces(&self, path: &[u32]) -> Vec<Stroke> {
        let t = self.maze.tiling();
        let mid = side_middle;
        let [entrance, exit] = self.maze.openings();
        let mut pieces = Vec::new();
        let mut pts = Vec::with_capacity(path.len() + 2);
        if path.first() == Some(&self.maze.start()) {
            pts.extend(entrance.as_ref().map(mid));
        }
        let mut sides = Vec::with_capacity(8);
        for (i, &v) in path.iter().enumerate() {
            if i > 0 {
                let u = path[i - 1];
                if t.under(u, v).is_some() {
                    // Out of u to its cell's edge, and in again at v's.
                    let (a, b) = (t.centre(u), t.centre(v));
                    let half = [(b[0] - a[0]) / 4.0, (b[1] - a[1]) / 4.0];
                    pts.push([a[0] + half[0], a[1] + half[1]]);
                    pieces.push(std::mem::take(&mut pts));
                    pts.push([b[0] - half[0], b[1] - half[1]]);
                } else {
                    sides.clear();
                    t.sides(u, &mut sides);
                    pts.extend(sides.iter().find(|s| s.neighbour == Some(v)).map(mid));
                }
            }
            pts.push(t.centre(v));
        }
        if path.last() == Some(&self.maze.goal()) {
            pts.extend(exit.as_ref().map(mid));
        }
        pieces.push(pts);
        pieces
            .into_iter()
            .map(|piece| piece.into_iter().map(|p| self.px(p)).collect())
            .collect()
    }

    /// A side as a polyline in pixels (an arc in short chords).
    fn side_stroke(&self, s: &Side) -> Stroke {
        if !s.arc {
            return vec![self.px(s.a), self.px(s.b)];
        }
        let r = s.a[0].hypot(s.a[1]);
        let (t0, delta) = arc_angles(s);
        let steps = ((delta.abs() * r * self.scale / 3.0).ceil() as usize).clamp(2, 4096);
        (0..=steps)
            .map(|i| {
                let t = t0 + delta * i as f64 / steps as f64;
                self.px(super::polar(r, t))
            })
            .collect()
    }

    /// The picture as vector strokes in pixels, for a page writer of its own (the puzzle
    /// book's PDF and SVG pages): the walls as polylines (arcs in short chords), the path's
    /// polyline when the picture has one, and the start and goal discs, with their widths.
    ///
    /// Complexity: O(rooms + walls).
    pub fn strokes(&self) -> Strokes {
        let t = self.maze.tiling();
        Strokes {
            walls: self.walls().iter().map(|s| self.side_stroke(s)).collect(),
            wall_width: self.wall_width(),
            path: self.path.map(|p| self.path_stroke(p)),
            path_width: self.path_width(),
            discs: [
                (self.px(t.centre(self.maze.start())), palette::START),
                (self.px(t.centre(self.maze.goal())), palette::GOAL),
            ],
            disc_radius: self.disc_radius(),
        }
    }

    /// The picture's pixels, RGB, row by row.
    ///
    /// Complexity: O(pixels + strokes' pixels) time; 4 bytes per pixel.
    pub fn raster(&self) -> Vec<u8> {
        let (w, full) = self.size;
        let h = self.maze_height();
        let mut rgb = vec![0u8; w * full * 3];
        for px in rgb.chunks_exact_mut(3) {
            px.copy_from_slice(&palette::OPEN);
        }
        let mut sides = Vec::with_capacity(8);
        let mut acc = Vec::new();
        for &(room, colour) in &self.fills {
            crate::stop::check();
            for area in self.fill_areas(room, &mut sides) {
                fill_polygon(&mut rgb, w, h, &area, colour, &mut acc);
            }
        }
        let mut cover = vec![0u8; w * h];
        let ww = self.wall_width();
        for s in self.walls() {
            crate::stop::check();
            stroke(&mut cover, w, h, &self.side_stroke(&s), ww / 2.0);
        }
        composite(&mut rgb, &mut cover, palette::WALL);
        if let Some(path) = self.path {
            for piece in self.path_pieces(path) {
                stroke(&mut cover, w, h, &piece, self.path_width() / 2.0);
            }
            composite(&mut rgb, &mut cover, palette::PATH);
        }
        let t = self.maze.tiling();
        for (room, colour, radius) in self.discs() {
            let c = self.px(t.centre(room));
            stroke(&mut cover, w, h, &[c, c], radius);
            if !self.fills.is_empty() {
                // Hard-edged over fills: a red rim blended into a dark blue shade would be as
                // dark as a wall's ink, and the picture would not read back.
                cover
                    .iter_mut()
                    .for_each(|c| *c = if *c >= 128 { 255 } else { 0 });
            }
            composite(&mut rgb, &mut cover, colour);
        }
        if let Some((legend, colour)) = &self.legend {
            let mut row = vec![0u8; w];
            for y in 0..legend.height() {
                legend.row(y, &mut row, crate::render::BACKGROUND, crate::render::WALL);
                let line = &mut rgb[(h + y) * w * 3..(h + y + 1) * w * 3];
                for (px, &i) in line.chunks_exact_mut(3).zip(&row) {
                    px.copy_from_slice(&colour(i));
                }
            }
        }
        rgb
    }

    /// Writes the picture as PNG (RGB, anti-aliased), with a text chunk
    /// `mazegraph-tiling: NAME SIZE` by which it is read back ([`super::picture`]).
    ///
    /// Complexity: as [`TiledPicture::raster`].
    pub fn write_png(&self, out: &mut dyn Write) -> Result<()> {
        let (w, h) = self.size;
        let rgb = self.raster();
        let t = self.maze.tiling();
        let encoding = |e: png::EncodingError| Error::Io(std::io::Error::other(e.to_string()));
        let mut enc = png::Encoder::new(out, w as u32, h as u32);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        enc.add_text_chunk(
            "mazegraph-tiling".into(),
            format!("{} {}", t.name(), t.size_text()),
        )
        .map_err(encoding)?;
        if let Some((legend, _)) = &self.legend {
            enc.add_text_chunk(
                crate::legend::PNG_KEYWORD.to_string(),
                legend.height().to_string(),
            )
            .map_err(encoding)?;
        }
        let mut writer = enc.write_header().map_err(encoding)?;
        writer.write_image_data(&rgb).map_err(encoding)?;
        writer.finish().map_err(encoding)
    }

    /// Writes the picture as SVG: the walls one `path` of lines and arcs with round ends,
    /// the solution a `polyline`, the terminals `circle`s. Coordinates in pixels, two decimals.
    ///
    /// Complexity: O(rooms + walls) time.
    pub fn write_svg(&self, out: &mut dyn Write) -> Result<()> {
        let (w, h) = self.size;
        let mut s = String::with_capacity(1 << 16);
        let _ = writeln!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n\
             <rect width=\"{w}\" height=\"{h}\" fill=\"{}\"/>",
            palette::hex(palette::OPEN),
        );
        // The fills first, under the walls.
        let mut sides = Vec::with_capacity(8);
        for &(room, colour) in &self.fills {
            let _ = write!(s, "<path fill=\"{}\" d=\"", palette::hex(colour));
            for area in self.fill_areas(room, &mut sides) {
                for (i, p) in area.iter().enumerate() {
                    let _ = write!(
                        s,
                        "{}{:.2} {:.2}",
                        if i == 0 { "M" } else { "L" },
                        p[0],
                        p[1]
                    );
                }
                s.push('Z');
            }
            s.push_str("\"/>\n");
            if s.len() > 1 << 16 {
                out.write_all(s.as_bytes())?;
                s.clear();
            }
        }
        let _ = write!(
            s,
            "<path fill=\"none\" stroke=\"{}\" stroke-width=\"{:.2}\" stroke-linecap=\"round\" stroke-linejoin=\"round\" d=\"",
            palette::hex(palette::WALL),
            self.wall_width()
        );
        for side in self.walls() {
            let (a, b) = (self.px(side.a), self.px(side.b));
            let _ = write!(s, "M{:.2} {:.2}", a[0], a[1]);
            if side.arc {
                let r = side.a[0].hypot(side.a[1]) * self.scale;
                let sweep = u8::from(arc_angles(&side).1 > 0.0);
                let _ = write!(s, "A{r:.2} {r:.2} 0 0 {sweep} {:.2} {:.2}", b[0], b[1]);
            } else {
                let _ = write!(s, "L{:.2} {:.2}", b[0], b[1]);
            }
            if s.len() > 1 << 16 {
                out.write_all(s.as_bytes())?;
                s.clear();
            }
        }
        s.push_str("\"/>\n");
        // One polyline a piece of the path (a weave's tunnels break it).
        for piece in self.path.map(|p| self.path_pieces(p)).unwrap_or_default() {
            let _ = write!(
                s,
                "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"{:.2}\" stroke-linecap=\"round\" stroke-linejoin=\"round\" points=\"",
                palette::hex(palette::PATH),
                self.path_width()
            );
            for (i, p) in piece.iter().enumerate() {
                let _ = write!(s, "{}{:.2},{:.2}", if i > 0 { " " } else { "" }, p[0], p[1]);
            }
            s.push_str("\"/>\n");
        }
        let t = self.maze.tiling();
        for (room, colour, radius) in self.discs() {
            let c = self.px(t.centre(room));
            let _ = writeln!(
                s,
                "<circle cx=\"{:.2}\" cy=\"{:.2}\" r=\"{radius:.2}\" fill=\"{}\"/>",
                c[0],
                c[1],
                palette::hex(colour)
            );
        }
        if let Some((legend, colour)) = &self.legend {
            let mut bytes = Vec::new();
            let _ = writeln!(
                s,
                "<rect y=\"{}\" width=\"{w}\" height=\"{}\" fill=\"{}\"/>",
                self.maze_height(),
                legend.height(),
                palette::hex(colour(crate::render::BACKGROUND))
            );
            legend.write_svg(
                &mut bytes,
                self.maze_height(),
                &|i| palette::hex(colour(i)),
                crate::render::WALL,
            )?;
            s.push_str(&String::from_utf8_lossy(&bytes));
        }
        s.push_str("</svg>\n");
        out.write_all(s.as_bytes())?;
        out.flush()?;
        Ok(())
    }
}

/// Half the side of a weave room's inset square, in rooms.
pub(crate) const INSET: f64 = 0.3;

/// North, east, south, west as (row, col) steps: the order of a weave room's sides.
pub(crate) const WEAVE_STEPS: [(i64, i64); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];

/// One way out of a weave room ([`TiledPicture::weave_ways`]).
#[derive(Clone, Copy)]
struct WeaveWay {
    /// A corridor of the room's own leads this way.
    corridor: bool,
    /// A tunnel passes under the room this way.
    under: bool,
}

/// The point `along` rooms from a weave room's centre `c` in direction `d`
/// ([`WEAVE_STEPS`]) and `across` to its side.
fn weave_frame(c: Point) -> impl Fn(usize, f64, f64) -> Point {
    move |d, along, across| {
        let (dr, dc) = WEAVE_STEPS[d];
        let (dx, dy) = (dc as f64, dr as f64);
        [
            c[0] + dx * along - dy * across,
            c[1] + dy * along + dx * across,
        ]
    }
}

/// The margin round a picture at `scale` pixels per room.
fn margin(scale: f64) -> f64 {
    (scale / 2.0).max(2.0).ceil()
}

/// Width and height in pixels of a picture of `tiling` at `scale` pixels per room (as
/// [`TiledPicture::size`], without a maze).
pub fn picture_size(tiling: &super::Tiling, scale: f64) -> (usize, usize) {
    let scale = scale.max(1.0);
    let [lo, hi] = tiling.bounds();
    let m = margin(scale);
    let side = |k: usize| ((hi[k] - lo[k]) * scale + 2.0 * m).ceil() as usize;
    (side(0), side(1))
}

/// The middle of a side (of an arc: on the arc).
pub(crate) fn side_middle(s: &Side) -> Point {
    let m = [(s.a[0] + s.b[0]) / 2.0, (s.a[1] + s.b[1]) / 2.0];
    if s.arc {
        let (r, d) = (s.a[0].hypot(s.a[1]), m[0].hypot(m[1]));
        if d > 0.0 {
            return [m[0] * r / d, m[1] * r / d];
        }
    }
    m
}

/// An arc's start angle and signed sweep (radians, clockwise on the page positive), the
/// short way from `a` to `b`.
fn arc_angles(s: &Side) -> (f64, f64) {
    let angle = |p: Point| p[0].atan2(-p[1]);
    let t0 = angle(s.a);
    let mut d = angle(s.b) - t0;
    let pi = std::f64::consts::PI;
    while d > pi {
        d -= 2.0 * pi;
    }
    while d <= -pi {
        d += 2.0 * pi;
    }
    (t0, d)
}

/// Raises `cover` to each pixel's coverage by the polyline `pts` drawn `hw` pixels either
/// side of its centre line, with round ends.
pub(crate) fn stroke(cover: &mut [u8], w: usize, h: usize, pts: &[Point], hw: f64) {
    for seg in pts.windows(2) {
        let (a, b) = (seg[0], seg[1]);
        let reach = hw + 1.0;
        let x0 = (a[0].min(b[0]) - reach).floor().max(0.0) as usize;
        let y0 = (a[1].min(b[1]) - reach).floor().max(0.0) as usize;
        let x1 = ((a[0].max(b[0]) + reach).ceil().max(0.0) as usize).min(w);
        let y1 = ((a[1].max(b[1]) + reach).ceil().max(0.0) as usize).min(h);
        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
        let len2 = dx * dx + dy * dy;
        for y in y0..y1 {
            let py = y as f64 + 0.5;
            for x in x0..x1 {
                let px = x as f64 + 0.5;
                let t = if len2 > 0.0 {
                    (((px - a[0]) * dx + (py - a[1]) * dy) / len2).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                let d = (px - a[0] - t * dx).hypot(py - a[1] - t * dy);
                let c = (hw + 0.5 - d).clamp(0.0, 1.0);
                if c > 0.0 {
                    let c = (c * 255.0).round() as u8;
                    let k = y * w + x;
                    cover[k] = cover[k].max(c);
                }
            }
        }
    }
}

/// Fills the closed polygon `pts` (pixels) with `colour` in the top `h` rows of the `w`-wide
/// RGB picture, anti-aliased: four scanlines a pixel row, each crossing's span counted to the
/// fraction of a pixel it covers (even-odd rule). `acc` is scratch space.
///
/// Complexity: O(rows of the polygon · (edges + its width)).
fn fill_polygon(
    rgb: &mut [u8],
    w: usize,
    h: usize,
    pts: &[Point],
    colour: Rgb,
    acc: &mut Vec<f32>,
) {
    const SUB: usize = 4;
    if pts.len() < 3 {
        return;
    }
    let (mut y0, mut y1, mut x0, mut x1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for p in pts {
        y0 = y0.min(p[1]);
        y1 = y1.max(p[1]);
        x0 = x0.min(p[0]);
        x1 = x1.max(p[0]);
    }
    let (ya, yb) = (
        y0.floor().max(0.0) as usize,
        (y1.ceil().max(0.0) as usize).min(h),
    );
    let (xa, xb) = (
        x0.floor().max(0.0) as usize,
        (x1.ceil().max(0.0) as usize).min(w),
    );
    if xa >= xb {
        return;
    }
    let mut xs = Vec::with_capacity(8);
    for y in ya..yb {
        acc.clear();
        acc.resize(xb - xa, 0.0);
        for k in 0..SUB {
            let sy = y as f64 + (k as f64 + 0.5) / SUB as f64;
            xs.clear();
            for (i, a) in pts.iter().enumerate() {
                let b = pts[(i + 1) % pts.len()];
                if (a[1] <= sy) != (b[1] <= sy) {
                    xs.push(a[0] + (sy - a[1]) / (b[1] - a[1]) * (b[0] - a[0]));
                }
            }
            xs.sort_unstable_by(f64::total_cmp);
            for span in xs.chunks_exact(2) {
                let (l, r) = (span[0].max(xa as f64), span[1].min(xb as f64));
                let mut x = l.floor() as usize;
                while (x as f64) < r {
                    let cover = (r.min(x as f64 + 1.0) - l.max(x as f64)) as f32;
                    acc[x - xa] += cover / SUB as f32;
                    x += 1;
                }
            }
        }
        for (x, &c) in (xa..xb).zip(acc.iter()) {
            if c > 0.0 {
                let a = (c.min(1.0) * 255.0).round() as u32;
                blend(&mut rgb[(y * w + x) * 3..(y * w + x) * 3 + 3], colour, a);
            }
        }
    }
}

/// Paints `colour` over `rgb` by `cover`, then clears `cover` for the next layer.
fn composite(rgb: &mut [u8], cover: &mut [u8], colour: Rgb) {
    for (px, c) in rgb.chunks_exact_mut(3).zip(cover.iter_mut()) {
        if *c > 0 {
            blend(px, colour, u32::from(*c));
            *c = 0;
        }
    }
}

/// Paints `colour` over the RGB pixel `px` at coverage `a` (0 to 255), rounded.
#[inline]
fn blend(px: &mut [u8], colour: Rgb, a: u32) {
    for k in 0..3 {
        px[k] = ((u32::from(px[k]) * (255 - a) + u32::from(colour[k]) * a + 127) / 255) as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{rng_from_seed, Algorithm, Options};

    #[test]
    fn a_mark_is_a_disc_of_its_colour_at_its_room() {
        let t = crate::tiling::Tiling::new("sigma", &[4, 5], &Default::default()).unwrap();
        let m = TiledMaze::generate(t, &Options::new(Algorithm::Kruskal), &mut rng_from_seed(1))
            .unwrap();
        let room = 7;
        let plain = TiledPicture::new(&m, 20.0, None);
        let marked = TiledPicture::new(&m, 20.0, None).mark(room, palette::WOLF);
        let [x, y] = marked.px(m.tiling().centre(room));
        let at = |rgb: &[u8]| {
            let i = (y as usize * marked.size().0 + x as usize) * 3;
            [rgb[i], rgb[i + 1], rgb[i + 2]]
        };
        assert_eq!(at(&marked.raster()), palette::WOLF);
        assert_eq!(at(&plain.raster()), palette::OPEN);
        // A room outside the tiling is ignored; the SVG has one more circle.
        let ignored = TiledPicture::new(&m, 20.0, None).mark(10_000, palette::WOLF);
        assert_eq!(ignored.raster(), plain.raster());
        let mut svg = Vec::new();
        marked.write_svg(&mut svg).unwrap();
        assert_eq!(
            String::from_utf8(svg).unwrap().matches("<circle").count(),
            3
        );
    }

    #[test]
    fn every_tiling_draws_with_closed_walls_but_two_openings() {
        for t in crate::tiling::tests::small() {
            let m = TiledMaze::generate(
                t.clone(),
                &Options::new(Algorithm::Kruskal),
                &mut rng_from_seed(3),
            )
            .unwrap();
            let pic = TiledPicture::new(&m, 12.0, None);
            let walls = pic.walls();
            // Closed walls between rooms: all but the open ones, plus the boundary less two.
            let mut boundary = 0;
            let mut sides = Vec::new();
            for v in 0..t.room_count() as u32 {
                sides.clear();
                t.sides(v, &mut sides);
                boundary += sides.iter().filter(|s| s.neighbour.is_none()).count();
            }
            let gaps = m.openings().iter().flatten().count();
            let inner = m.adjacency().edge_count() - m.open_count();
            assert_eq!(walls.len(), inner + boundary - gaps, "{t:?}");
            let mut png = Vec::new();
            pic.write_png(&mut png).unwrap();
            assert!(png.starts_with(b"\x89PNG"));
        }
    }
}
