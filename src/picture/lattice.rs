//! Where a maze's cells lie in a picture: the [`Lattice`] every lattice hypothesis proposes
//! ([`super::hypotheses`]), the sampler reads ([`super::sample`]) and the overlay draws on
//! ([`super::overlay`]).
//!
//! A maze picture is a lattice: along each axis, *wall lines* alternate with *passages*, inside
//! a margin of any width. Cell `(i, j)` of the project's grid is the rectangle where the `i`-th
//! span down meets the `j`-th span across: rooms are passage × passage, posts are wall line ×
//! wall line, and the cells between are wall segments, wall or open.

/// Where the maze's cells lie in the picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Lattice {
    /// Picture width in pixels.
    pub width: usize,
    /// Picture height in pixels.
    pub height: usize,
    /// The pixel span `[start, end)` of each row of cells, top to bottom (2R + 1 of them for
    /// R rows of rooms; even rows are wall lines).
    pub rows: Vec<(f64, f64)>,
    /// The pixel span of each column of cells, left to right.
    pub cols: Vec<(f64, f64)>,
    /// True when walls are the darker of the picture's two colours.
    pub dark_walls: bool,
    /// True when the picture is drawn one pixel per cell.
    pub pixel: bool,
    /// True when every cell is a block of its own, read whole (a grid of equal squares, each
    /// wall or passage: a grid world, a maze of tiles), with no wall lines, rooms or posts
    /// apart ([`super::hypotheses::blocks`]).
    pub blocks: bool,
    /// For a maze read from a straightened picture (a photo taken at an angle): the map from
    /// the straightened picture's pixels, where `rows` and `cols` lie, to the picture's own.
    /// `None` when the spans are the picture's own pixels.
    pub warp: Option<super::warp::Homography>,
}

impl Lattice {
    /// The lattice of a picture drawn one pixel per cell, dark walls.
    pub fn pixel(width: usize, height: usize) -> Lattice {
        Lattice {
            width,
            height,
            rows: (0..height).map(|y| (y as f64, y as f64 + 1.0)).collect(),
            cols: (0..width).map(|x| (x as f64, x as f64 + 1.0)).collect(),
            dark_walls: true,
            pixel: true,
            blocks: false,
            warp: None,
        }
    }

    /// The lattice of wall lines and passages with these spans (not one pixel per cell, not
    /// blocks, not straightened) in a picture `width × height`.
    pub fn of_spans(
        width: usize,
        height: usize,
        rows: Vec<(f64, f64)>,
        cols: Vec<(f64, f64)>,
        dark_walls: bool,
    ) -> Lattice {
        Lattice {
            width,
            height,
            rows,
            cols,
            dark_walls,
            pixel: false,
            blocks: false,
            warp: None,
        }
    }

    /// The point `(x, y)` of the lattice's pixels (the straightened picture's, when it was
    /// straightened) in the picture's own pixels.
    pub fn to_picture(&self, x: f64, y: f64) -> (f64, f64) {
        match &self.warp {
            Some(h) => h.map(x, y),
            None => (x, y),
        }
    }

    /// The lattice moved by `(dx, dy)` pixels into a picture `width × height`: a lattice found
    /// in a crop, placed in the picture it was cropped from (a straightened lattice's map is
    /// moved instead of its spans).
    pub fn shifted(mut self, dx: usize, dy: usize, width: usize, height: usize) -> Lattice {
        self.width = width;
        self.height = height;
        if let Some(w) = self.warp {
            self.warp = Some(w.then_shift(dx as f64, dy as f64));
            return self;
        }
        for s in &mut self.rows {
            *s = (s.0 + dy as f64, s.1 + dy as f64);
        }
        for s in &mut self.cols {
            *s = (s.0 + dx as f64, s.1 + dx as f64);
        }
        self
    }

    /// The maze's size, for a person: `"12×9 rooms"`, or `"41×31 cells"` at one pixel per cell
    /// or a block per cell.
    pub fn rooms(&self) -> String {
        if self.pixel || self.blocks {
            format!("{}×{} cells", self.cols.len(), self.rows.len())
        } else {
            format!("{}×{} rooms", self.rows.len() / 2, self.cols.len() / 2)
        }
    }

    /// The lattice, for a person: `"12×9 rooms, pitch 18 px, walls 4 px, margin 30 px"` (with
    /// `", light walls"`, `", straightened"` when so), `"one pixel per cell (41×31 cells)"`,
    /// or `"blocks of 12 px (41×31 cells), margin 4 px"`.
    pub fn describe(&self) -> String {
        let l = self;
        if l.pixel {
            return format!(
                "one pixel per cell ({}×{} cells)",
                l.cols.len(),
                l.rows.len()
            );
        }
        let px = pixels;
        let both = |a: f64, b: f64| {
            if (a - b).abs() < 0.15 {
                px((a + b) / 2.0)
            } else {
                format!("{}×{}", px(b), px(a))
            }
        };
        let margins = [
            l.rows.first().map_or(0.0, |s| s.0),
            l.width as f64 - l.cols.last().map_or(0.0, |s| s.1),
            l.height as f64 - l.rows.last().map_or(0.0, |s| s.1),
            l.cols.first().map_or(0.0, |s| s.0),
        ]
        .map(|m| m.round().max(0.0) as usize);
        let (lo, hi) = (
            margins.iter().min().copied().unwrap_or(0),
            margins.iter().max().copied().unwrap_or(0),
        );
        let margin = if lo == hi {
            format!("{lo} px")
        } else {
            format!("{lo}–{hi} px")
        };
        let mut s = if l.blocks {
            let side = |s: &[(f64, f64)]| Lattice::extent(s).1 - Lattice::extent(s).0;
            format!(
                "blocks of {} px ({}×{} cells), margin {margin}",
                both(
                    side(&l.rows) / l.rows.len().max(1) as f64,
                    side(&l.cols) / l.cols.len().max(1) as f64
                ),
                l.cols.len(),
                l.rows.len(),
            )
        } else {
            let (wy, _) = Lattice::widths(&l.rows);
            let (wx, _) = Lattice::widths(&l.cols);
            format!(
                "{}×{} rooms, pitch {} px, walls {} px, margin {margin}",
                l.rows.len() / 2,
                l.cols.len() / 2,
                both(Lattice::pitch(&l.rows), Lattice::pitch(&l.cols)),
                both(wy, wx),
            )
        };
        if !l.dark_walls {
            s += ", light walls";
        }
        if l.warp.is_some() {
            s += ", straightened";
        }
        s
    }

    /// The centre of cell `(row, col)` in pixel coordinates `(x, y)`.
    pub fn centre(&self, row: usize, col: usize) -> Option<(f64, f64)> {
        let (y0, y1) = *self.rows.get(row)?;
        let (x0, x1) = *self.cols.get(col)?;
        Some(((x0 + x1) / 2.0, (y0 + y1) / 2.0))
    }

    /// The span along an axis from the first cell's start to the last one's end.
    pub fn extent(s: &[(f64, f64)]) -> (f64, f64) {
        (
            s.first().map_or(0.0, |f| f.0),
            s.last().map_or(0.0, |l| l.1),
        )
    }

    /// Mean width of the wall lines and of the passages along `spans` (the frame, first and
    /// last spans, is left out when there are other wall lines: it may be thicker).
    pub fn widths(spans: &[(f64, f64)]) -> (f64, f64) {
        let n = spans.len();
        let mean = |keep: &dyn Fn(usize) -> bool| {
            let v: Vec<f64> = (0..n)
                .filter(|&i| keep(i))
                .map(|i| spans[i].1 - spans[i].0)
                .collect();
            if v.is_empty() {
                0.0
            } else {
                v.iter().sum::<f64>() / v.len() as f64
            }
        };
        let inner = |i: usize| i.is_multiple_of(2) && i > 0 && i + 1 < n;
        let wall = if n > 4 {
            mean(&inner)
        } else {
            mean(&|i| i % 2 == 0)
        };
        (wall, mean(&|i| i % 2 == 1))
    }

    /// The pitch (wall line + passage) along `spans`.
    pub fn pitch(spans: &[(f64, f64)]) -> f64 {
        if spans.len() < 3 {
            return spans.first().map(|(a, b)| b - a).unwrap_or(0.0);
        }
        // Distance between the starts of the second and the last passages, over their count.
        let passages: Vec<f64> = spans.iter().skip(1).step_by(2).map(|s| s.0).collect();
        match (passages.first(), passages.last()) {
            (Some(a), Some(b)) if passages.len() > 1 => (b - a) / (passages.len() - 1) as f64,
            _ => spans.iter().map(|(a, b)| b - a).sum::<f64>() / 2.0,
        }
    }
}

/// A length in pixels as the reader says it: whole when within 0.05 of a whole number, else
/// to a tenth ("30", "32.6").
pub fn pixels(v: f64) -> String {
    if (v - v.round()).abs() < 0.05 {
        format!("{}", v.round())
    } else {
        format!("{v:.1}")
    }
}
