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
        const H: f64 = 0.3;
        let t = self.maze.tiling();
        let gaps = self.maze.openings();
        let mut out = Vec::new();
        let mut sides = Vec::with_capacity(4);
        // North, east, south, west, as (row, col) steps: the order of a weave room's sides.
        let dirs: [(i64, i64); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];
        for v in 0..t.room_count() as u32 {
            let l = t.label(v);
            let [x, y] = t.centre(v);
            sides.clear();
            t.sides(v, &mut sides);
            let room = |k: i64, (dr, dc): (i64, i64)| t.room(&[l[0] + k * dr, l[1] + k * dc]);
            for (d, &(dr, dc)) in dirs.iter().enumerate() {
                let open_to = |u: Option<u32>| u.is_some_and(|u| self.maze.is_open(v, u));
                let beside = open_to(room(1, (dr, dc)));
                let tunnel_out = open_to(room(2, (dr, dc)));
                let under = match (room(1, (dr, dc)), room(-1, (dr, dc))) {
                    (Some(a), Some(b)) => self.maze.is_open(a, b),
                    _ => false,
                };
                let gap = sides
                    .get(d)
                    .is_some_and(|s| gaps.iter().flatten().any(|g| g == s));
                let (dx, dy) = (dc as f64, dr as f64);
                let (px, py) = (-dy, dx);
                let at = |along: f64, across: f64| {
                    [x + dx * along + px * across, y + dy * along + py * across]
                };
                if !(beside || tunnel_out || gap) {
                    out.push(super::line(at(H, -H), at(H, H), None));
                }
                if beside || tunnel_out || under || gap {
                    out.push(super::line(at(H, -H), at(0.5, -H), None));
                    out.push(super::line(at(H, H), at(0.5, H), None));
                }
            }
        }
        out
    }

    /// The path's polyline in pixels: from the entrance (outside the start room, when it has
    /// one) through the room centres and the middles of the walls between them to the exit.
    fn path_stroke(&self, path: &[u32]) -> Stroke {
        let t = self.maze.tiling();
        let mid = side_middle;
        let [entrance, exit] = self.maze.openings();
        let mut pts = Vec::with_capacity(path.len() + 2);
        if path.first() == Some(&self.maze.start()) {
            pts.extend(entrance.as_ref().map(mid));
        }
        // Centre to centre through the middle of the wall between them: the path goes
        // through the opening, never across a wall's end.
        let mut sides = Vec::with_capacity(8);
        for (i, &v) in path.iter().enumerate() {
            if i > 0 {
                let u = path[i - 1];
                sides.clear();
                t.sides(u, &mut sides);
                pts.extend(sides.iter().find(|s| s.neighbour == Some(v)).map(mid));
            }
            pts.push(t.centre(v));
        }
        if path.last() == Some(&self.maze.goal()) {
            pts.extend(exit.as_ref().map(mid));
        }
        pts.into_iter().map(|p| self.px(p)).collect()
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
        let (w, h) = self.size;
        let mut rgb = vec![0u8; w * h * 3];
        for px in rgb.chunks_exact_mut(3) {
            px.copy_from_slice(&palette::OPEN);
        }
        let mut cover = vec![0u8; w * h];
        let ww = self.wall_width();
        for s in self.walls() {
            crate::stop::check();
            stroke(&mut cover, w, h, &self.side_stroke(&s), ww / 2.0);
        }
        composite(&mut rgb, &mut cover, palette::WALL);
        if let Some(path) = self.path {
            stroke(
                &mut cover,
                w,
                h,
                &self.path_stroke(path),
                self.path_width() / 2.0,
            );
            composite(&mut rgb, &mut cover, palette::PATH);
        }
        let t = self.maze.tiling();
        for (room, colour, radius) in self.discs() {
            let c = self.px(t.centre(room));
            stroke(&mut cover, w, h, &[c, c], radius);
            composite(&mut rgb, &mut cover, colour);
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
        let _ = write!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n\
             <rect width=\"{w}\" height=\"{h}\" fill=\"{}\"/>\n\
             <path fill=\"none\" stroke=\"{}\" stroke-width=\"{:.2}\" stroke-linecap=\"round\" stroke-linejoin=\"round\" d=\"",
            palette::hex(palette::OPEN),
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
        if let Some(path) = self.path {
            let _ = write!(
                s,
                "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"{:.2}\" stroke-linecap=\"round\" stroke-linejoin=\"round\" points=\"",
                palette::hex(palette::PATH),
                self.path_width()
            );
            for (i, p) in self.path_stroke(path).iter().enumerate() {
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
        s.push_str("</svg>\n");
        out.write_all(s.as_bytes())?;
        out.flush()?;
        Ok(())
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
fn stroke(cover: &mut [u8], w: usize, h: usize, pts: &[Point], hw: f64) {
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

/// Paints `colour` over `rgb` by `cover`, then clears `cover` for the next layer.
fn composite(rgb: &mut [u8], cover: &mut [u8], colour: Rgb) {
    for (px, c) in rgb.chunks_exact_mut(3).zip(cover.iter_mut()) {
        if *c > 0 {
            let a = u32::from(*c);
            for k in 0..3 {
                px[k] =
                    ((u32::from(px[k]) * (255 - a) + u32::from(colour[k]) * a + 127) / 255) as u8;
            }
            *c = 0;
        }
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
