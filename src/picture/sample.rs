//! Stage 6, **sample with evidence**: each cell of a lattice hypothesis read from the tones,
//! with how clear the reading is.
//!
//! Rooms are read by the middle half of their rectangle (wall if half its pixels are), posts by
//! any wall pixel in their rectangle grown by a pixel, wall segments line by line along the
//! passage, across a wall line grown by a pixel when it is thin (a line of anti-aliased grey
//! counts when it is a third of the way to the wall colour), within a band around the line's
//! place when it is thin (a pen stroke that wobbles); a thick line's middle half may slide
//! within that band (a stroke off the line fitted to its row). A picture drawn one pixel per
//! cell is read pixel by pixel.
//!
//! Complexity: O(cells × pixels sampled per cell), at most the picture's size; memory the grid.

use super::lattice::Lattice;
use super::tones::{is_wall, tone_at, Tones, LIGHT, MARK, MID};
use crate::grid::{Grid, Limits, Shape};

/// Tones below this count as wall in thin lines and posts (a third of the way from the passage
/// colour to the wall colour).
const THIN_WALL: u8 = 170;

/// The pixel range sampled across a span `[s, e)`. Without `grow` (rooms, and wall segments
/// along their passage): the pixels whose centres lie in the span's middle half, at least the
/// one at its centre. With `grow` (across a wall line, posts): the middle half when the span is
/// at least 4 pixels wide, else every pixel it touches, and one more each side when it is
/// thinner than 2 pixels (a thin line a little off its fitted place). Never outside `extent`,
/// the maze's own span (so a frame is not read with the margin's blur). The flag says "thin".
pub fn window(s: f64, e: f64, extent: (f64, f64), grow: bool) -> (usize, usize, bool) {
    let len = e - s;
    let (min, max) = (
        extent.0.floor().max(0.0) as usize,
        extent.1.ceil().max(0.0) as usize,
    );
    let clamp = |v: f64| (v.max(0.0) as usize).clamp(min, max);
    if !grow || len >= 4.0 {
        let centre = clamp(((s + e) / 2.0).floor());
        let lo = clamp((s + 0.25 * len - 0.5).ceil()).min(centre);
        let hi = clamp((e - 0.25 * len - 0.5).floor() + 1.0).max(centre + 1);
        (lo, hi.min(max.max(lo + 1)), false)
    } else {
        let (mut lo, mut hi) = (clamp(s.floor()), clamp(e.ceil()));
        if len < 2.0 {
            lo = lo.saturating_sub(1).max(min);
            hi = (hi + 1).min(max);
        }
        (lo, hi.max(lo + 1), true)
    }
}

/// The tone limit for wall pixels in a wall line `len` pixels thick: lines thinner than 2 pixels
/// are grey once anti-aliased, and count from [`THIN_WALL`] (a third of the way to the wall
/// colour), or from the lattice's own limit ([`Bands`]) when that is looser (faint lines on
/// clean paper); lines up to 4 pixels, blurred, may have no pixel past the midpoint, and count
/// from the midpoint or the lattice's own limit when that is looser; thicker ones have a pixel
/// past the midpoint.
fn limit_for(len: f64, bands: &Bands) -> u8 {
    if len < 2.0 {
        bands.thin.max(THIN_WALL)
    } else if len < 4.0 {
        bands.thin.max(MID)
    } else {
        MID
    }
}
/// How far a thin wall line's band reaches beyond the line each side ([`wall_share`]): a sixth
/// of the pitch (at least a pixel), never past a quarter of the passages beside it; for the
/// lines along the rows and those along the columns. And the lattice's own limit for thin
/// lines' wall pixels (see `limit_for`): halfway between its frame's ink and its rooms' (a faint
/// grey hairline, a blurred line in a photo are read at their own level). Computed once per
/// lattice.
#[derive(Clone, Copy, Debug)]
pub struct Bands {
    rows: f64,
    cols: f64,
    thin: u8,
    flat: bool,
}

impl Bands {
    /// The bands of `lat`'s wall lines on tones `t`, and its limit for thin lines' wall pixels.
    ///
    /// Complexity: O(rows + columns + rooms sampled + the frame's length).
    pub fn of(t: &Tones, lat: &Lattice) -> Bands {
        let grow = |spans: &[(f64, f64)]| {
            let pitch = Lattice::pitch(spans);
            let (_, passage) = Lattice::widths(spans);
            (pitch / 6.0).max(1.0).min(passage / 4.0).max(0.0)
        };
        Bands {
            rows: grow(&lat.rows),
            cols: grow(&lat.cols),
            thin: thin_limit(t, lat),
            // Only on a picture drawn flat is a thin line spread over two rows of pixels read
            // as a line ([`split_meets`]); a photo's grain and blur make such pairs anywhere.
            flat: super::verify::graded(t) <= super::verify::FLAT,
        }
    }

    /// How far the bands of the wall lines along the rows reach, in pixels.
    pub fn rows(&self) -> f64 {
        self.rows
    }

    /// How far the bands of the wall lines along the columns reach, in pixels.
    pub fn cols(&self) -> f64 {
        self.cols
    }

    /// The lattice's own limit for the wall pixels of thin lines, as [`is_wall`] takes it.
    pub fn thin(&self) -> u8 {
        self.thin
    }
}

/// The tone limit of thin lines' wall pixels ([`Bands::of`]), as a distance from the wall colour
/// ([`is_wall`]'s `limit`): halfway between the rooms' tone (the median at the centres of at
/// most 4,096 rooms) and the frame's lines' (the median, every third pixel along the frame, of
/// the most ink across it; the frame is wall but at its openings, which the median passes over).
fn thin_limit(t: &Tones, lat: &Lattice) -> u8 {
    let (rows, cols) = (lat.rows.len(), lat.cols.len());
    if lat.pixel || rows < 3 || cols < 3 {
        return MID;
    }
    let w = lat.width;
    let median = |mut v: Vec<u8>| {
        v.sort_unstable();
        v.get(v.len() / 2).copied()
    };
    // Ink: the distance from the passage colour.
    let ink = |v: u8| if lat.dark_walls { LIGHT - v } else { v };
    let rooms = (rows / 2) * (cols / 2);
    let step = rooms.div_ceil(4096).max(1);
    let paper: Vec<u8> = (0..rooms)
        .step_by(step)
        .filter_map(|k| {
            let (i, j) = (2 * (k / (cols / 2)) + 1, 2 * (k % (cols / 2)) + 1);
            let (x, y) = lat.centre(i, j)?;
            let v = tone_at(&t.tone, w, x as usize, y as usize);
            (v != MARK).then(|| ink(v))
        })
        .collect();
    let mut line = Vec::new();
    let (ext_x, ext_y) = (Lattice::extent(&lat.cols), Lattice::extent(&lat.rows));
    for (spans, ext, along_x) in [(&lat.rows, ext_x, true), (&lat.cols, ext_y, false)] {
        for &(a, b) in [spans.first(), spans.last()].into_iter().flatten() {
            let (lo, hi) = ((a - 1.0).max(0.0) as usize, (b + 1.0).max(0.0) as usize);
            let mut p = ext.0.max(0.0) as usize;
            while (p as f64) < ext.1 && line.len() < 8192 {
                line.extend(most_ink(t, lat, p, lo..hi, along_x));
                p += 3;
            }
        }
    }
    let (Some(paper), Some(line)) = (median(paper), median(line)) else {
        return MID;
    };
    let threshold = (f64::from(paper) + f64::from(line.max(paper))) / 2.0;
    (f64::from(LIGHT) - threshold)
        .round()
        .clamp(0.0, f64::from(LIGHT)) as u8
}

/// The limit ([`is_wall`]'s) of ink clearly off the paper: from the rooms' centres' tones (at
/// most 4,096, spread over the maze), their median and median absolute deviation, the larger
/// of 24 and six deviations away from the median, towards the walls' colour.
pub fn faint(t: &Tones, lat: &Lattice) -> u8 {
    let (rows, cols) = (lat.rows.len(), lat.cols.len());
    let rooms = (rows / 2) * (cols / 2);
    if rooms == 0 {
        return MID;
    }
    let step = rooms.div_ceil(4096).max(1);
    let ink = |v: u8| if lat.dark_walls { LIGHT - v } else { v };
    let mut inks: Vec<u8> = (0..rooms)
        .step_by(step)
        .filter_map(|k| {
            let (i, j) = (2 * (k / (cols / 2)) + 1, 2 * (k % (cols / 2)) + 1);
            let (x, y) = lat.centre(i, j)?;
            let v = tone_at(&t.tone, lat.width, x as usize, y as usize);
            (v != MARK).then(|| ink(v))
        })
        .collect();
    if inks.len() < 4 {
        return MID;
    }
    inks.sort_unstable();
    let paper = f64::from(inks[inks.len() / 2]);
    let mut dev: Vec<f64> = inks.iter().map(|&v| (f64::from(v) - paper).abs()).collect();
    dev.sort_by(|a, b| a.total_cmp(b));
    let spread = dev[dev.len() / 2] * 1.4826;
    let at = (paper + (6.0 * spread).max(24.0)).min(f64::from(LIGHT));
    (f64::from(LIGHT) - at).round().clamp(0.0, f64::from(LIGHT)) as u8
}

/// True when, across the band of the thin-lined wall segment `(i, j)`, most lines hold ink past
/// `faint` ([`faint`]): a line runs along it, however light.
fn faint_wall(t: &Tones, lat: &Lattice, bands: &Bands, faint: u8, i: usize, j: usize) -> bool {
    let (mut n, mut k) = (0usize, 0usize);
    segment_lines(t, lat, (bands.rows, bands.cols), i, j, |most| {
        n += 1;
        k += usize::from(most > LIGHT - faint);
    });
    n >= 3 && 2 * k > n
}

/// Calls `f` with the most ink (a tone's distance from the passage colour) across the band of
/// wall segment `(i, j)` of a thin-lined lattice, on each line across it in the middle half of
/// the passage it closes (lines of marks only are skipped); `grow` is how far the bands reach
/// beyond the rows' and the columns' lines.
fn segment_lines(
    t: &Tones,
    lat: &Lattice,
    grow: (f64, f64),
    i: usize,
    j: usize,
    mut f: impl FnMut(u8),
) {
    let (Some(&(y0, y1)), Some(&(x0, x1))) = (lat.rows.get(i), lat.cols.get(j)) else {
        return;
    };
    let (ext_x, ext_y) = (Lattice::extent(&lat.cols), Lattice::extent(&lat.rows));
    let line_is_row = i.is_multiple_of(2);
    let (along, across, grow) = if line_is_row {
        ((x0, x1, ext_x), (y0, y1, ext_y), grow.0)
    } else {
        ((y0, y1, ext_y), (x0, x1, ext_x), grow.1)
    };
    let (la, lb, _) = window(along.0, along.1, along.2, false);
    let (mut ca, mut cb, thin) = window(across.0, across.1, across.2, true);
    if !thin {
        return;
    }
    let (lo, hi) = (
        (across.0 - grow).floor().max(0.0) as usize,
        ((across.1 + grow).ceil().max(0.0) as usize).min(span(t, lat, line_is_row)),
    );
    ca = ca.min(lo);
    cb = cb.max(hi);
    for l in la..lb {
        if let Some(m) = most_ink(t, lat, l, ca..cb, line_is_row) {
            f(m);
        }
    }
}

/// The picture's size across a wall line: its height for a line along the rows, else its
/// width. A thin line's band may reach past the lattice's extent (a frame drawn by hand
/// wobbles outwards), not past the picture.
fn span(t: &Tones, lat: &Lattice, line_is_row: bool) -> usize {
    if line_is_row {
        t.tone.len() / lat.width.max(1)
    } else {
        lat.width
    }
}

/// The most ink (a tone's distance from `lat`'s passage colour) on the line of pixels at `at`
/// across `across`: the column `x = at` when `along_x`, else the row `y = at`; marks hold
/// none. `None` when the line holds only marks.
fn most_ink(
    t: &Tones,
    lat: &Lattice,
    at: usize,
    across: std::ops::Range<usize>,
    along_x: bool,
) -> Option<u8> {
    across
        .map(|q| {
            let (x, y) = if along_x { (at, q) } else { (q, at) };
            tone_at(&t.tone, lat.width, x, y)
        })
        .filter(|&v| v != MARK)
        .map(|v| if lat.dark_walls { LIGHT - v } else { v })
        .max()
}

/// How far a wall share may be from 0 or 1 and still be a clear reading: shares between
/// `DOUBT` and `1 − DOUBT` are doubtful.
pub const DOUBT: f64 = 0.3;

/// The evidence that cell `(i, j)` of a (not one-pixel-per-cell) lattice is wall, from 0 (clear
/// passage) to 1 (clear wall):
///
/// - a **room**, and every cell of a lattice of blocks ([`Lattice::blocks`]): the share of wall
///   pixels in the middle half of its rectangle;
/// - a **post**: 1 when any pixel of its rectangle (grown by a pixel when thin) is wall, else 0;
/// - a **wall segment**: the share of the lines across it, in the middle half of the passage
///   it closes, that meet the wall: for a thin line (under 4 pixels), a line meets it when a
///   wall pixel lies in a band around the line's place (the line grown by a sixth of the pitch,
///   at least a pixel, each side: a pen stroke that wobbles or thickens); for a thick one, when
///   most pixels of its middle half are wall, the middle half at its place or slid within the
///   same band (a hand-drawn stroke off the line fitted to its whole row). Lines of marks only
///   are left out, and so are lines where a stroke crosses a thin line's place (ink past the
///   band on both sides: a letter, a solution line through a door; or past it on the frame's
///   outer side: an arrow drawn onto an entrance); where a quarter of a frame segment's lines
///   are so crossed, the frame's line is looked for at its own place only, not in the band.
///
/// `bands` are [`Bands::of`] the lattice, computed once.
///
/// Complexity: O(pixels sampled in the cell).
pub fn wall_share(t: &Tones, lat: &Lattice, bands: &Bands, i: usize, j: usize) -> f64 {
    let (Some(&(y0, y1)), Some(&(x0, x1))) = (lat.rows.get(i), lat.cols.get(j)) else {
        return 1.0;
    };
    let (ext_x, ext_y) = (Lattice::extent(&lat.cols), Lattice::extent(&lat.rows));
    let dw = lat.dark_walls;
    let w = lat.width;
    // A block of a grid of blocks is read as a room is.
    let kind = if lat.blocks {
        (false, false)
    } else {
        (i.is_multiple_of(2), j.is_multiple_of(2))
    };
    match kind {
        (true, true) => {
            // Post: any wall pixel in its rectangle (grown by one pixel when thin).
            let (ya, yb, _) = window(y0, y1, ext_y, true);
            let (xa, xb, _) = window(x0, x1, ext_x, true);
            let limit = limit_for((y1 - y0).min(x1 - x0), bands);
            let any =
                (ya..yb).any(|y| (xa..xb).any(|x| is_wall(tone_at(&t.tone, w, x, y), dw, limit)));
            f64::from(u8::from(any))
        }
        (false, false) => {
            let (ya, yb, _) = window(y0, y1, ext_y, false);
            let (xa, xb, _) = window(x0, x1, ext_x, false);
            let (mut n, mut k) = (0usize, 0usize);
            for y in ya..yb {
                for x in xa..xb {
                    let v = tone_at(&t.tone, w, x, y);
                    if v != MARK {
                        k += usize::from(is_wall(v, dw, MID));
                        n += 1;
                    }
                }
            }
            if n == 0 {
                0.0
            } else {
                k as f64 / n as f64
            }
        }
        (line_is_row, _) => {
            // A wall segment: lines along the passage, each crossing the wall line.
            let (along, across, grow) = if line_is_row {
                ((x0, x1, ext_x), (y0, y1, ext_y), bands.rows)
            } else {
                ((y0, y1, ext_y), (x0, x1, ext_x), bands.cols)
            };
            let (la, lb, _) = window(along.0, along.1, along.2, false);
            let (ta, tb, thin) = window(across.0, across.1, across.2, true);
            // The band: the line grown each side ([`Bands`]); a thick line's middle half
            // slides within it.
            let (lo, hi) = (
                (across.0 - grow).floor().max(0.0) as usize,
                ((across.1 + grow).ceil().max(0.0) as usize).min(span(t, lat, line_is_row)),
            );
            let slide = (ta.saturating_sub(lo), hi.saturating_sub(tb));
            let (ca, cb) = if thin {
                (ta.min(lo), tb.max(hi))
            } else {
                (ta, tb)
            };
            let limit = limit_for(across.1 - across.0, bands);
            let (before, after, frame) = if thin {
                let k = if line_is_row { i } else { j };
                let (b, a, frame) = crossing_checks(lat, line_is_row, k, (ca, cb));
                (b, a.filter(|&c| c < span(t, lat, line_is_row)), frame)
            } else {
                (None, None, false)
            };
            let px = |l: usize, c: usize| {
                let (x, y) = if line_is_row { (l, c) } else { (c, l) };
                tone_at(&t.tone, w, x, y)
            };
            // The lines across, but those of marks only, and those where a stroke crosses the
            // wall's place: ink past the band on both sides (a letter, a solution line through
            // a door), or on the outer side of the frame (an arrow drawn onto an entrance).
            let ink_at =
                |l: usize, c: Option<usize>| c.is_some_and(|c| is_wall(px(l, c), dw, limit));
            let marks_only = |l: usize| (ca..cb).all(|c| px(l, c) == MARK);
            let crossing = |l: usize| {
                if frame {
                    ink_at(l, before) || ink_at(l, after)
                } else {
                    ink_at(l, before) && ink_at(l, after)
                }
            };
            // On the frame, the lines whose ink is all a drawing brought onto an opening (an
            // arrow's head reaching into the band from outside or from the passage inside).
            let drawn = if frame {
                drawing_onto_opening(
                    &px,
                    |v| is_wall(v, dw, limit),
                    (along.0, along.1),
                    span(t, lat, !line_is_row),
                    ca..cb,
                    span(t, lat, line_is_row),
                )
            } else {
                Vec::new()
            };
            let seen = (la..lb).filter(|&l| !marks_only(l) && drawn.binary_search(&l).is_err());
            let crossed = seen.clone().filter(|&l| crossing(l)).count();
            let lines = seen.clone().count() - crossed;
            // Where a drawing comes onto the frame from outside, the frame's line is looked
            // for at its own place only: the band's reach is where the drawing lies.
            let (ca, cb) = if frame && 4 * crossed >= lines + crossed && crossed > 0 {
                (ta, tb)
            } else {
                (ca, cb)
            };
            let walls = seen
                .filter(|&l| !crossing(l))
                .filter(|&l| {
                    let px = |c: usize| px(l, c);
                    if thin {
                        (ca..cb).any(|c| is_wall(px(c), dw, limit))
                            || (bands.flat && split_meets(&px, ca..cb, dw, limit))
                    } else {
                        thick_meets(&px, ca..cb, slide, |v| is_wall(v, dw, MID))
                    }
                })
                .count();
            if lines == 0 {
                0.0
            } else {
                walls as f64 / lines as f64
            }
        }
    }
}

/// The lines across a thin frame segment (positions along it, in order) whose ink in `band`
/// is all a drawing brought onto an opening of the frame: an arrow drawn onto an entrance
/// whose head reaches into the band. `px(l, c)` is the tone at position `l` along the segment
/// (`seg`, its span between its two posts; `along` pixels in all) and `c` across it (`across`
/// pixels in all); `ink` says which tones are wall.
///
/// The ink in the band and a pixel past it each side falls into connected pieces (8-connected).
/// A piece is such a drawing only when the evidence is clear: it leaves the band (on either
/// side: it comes from beyond it), it reaches neither post (the frame's line is no part of it),
/// and between it and each post lie at least two lines across with no ink in the band (the
/// opening shows on both sides). Anything less, and the segment is read from all its ink. The
/// lines returned are those whose ink in the band is all such drawings', and the clear line
/// just beside each drawing (its blur).
///
/// Complexity: O(segment length × band width).
fn drawing_onto_opening(
    px: &impl Fn(usize, usize) -> u8,
    ink: impl Fn(u8) -> bool,
    seg: (f64, f64),
    along: usize,
    band: std::ops::Range<usize>,
    across: usize,
) -> Vec<usize> {
    let band = band.start.min(across)..band.end.min(across);
    let a0 = (seg.0.floor().max(0.0) as usize).saturating_sub(1);
    let a1 = ((seg.1.ceil().max(0.0) as usize) + 1).min(along);
    let c0 = band.start.saturating_sub(1);
    let c1 = (band.end + 1).min(across);
    if a1 <= a0 || c1 <= c0 || band.is_empty() {
        return Vec::new();
    }
    let (nw, nh) = (a1 - a0, c1 - c0);
    let at = |l: usize, c: usize| (l - a0) * nh + (c - c0);
    let inked: Vec<bool> = (a0..a1)
        .flat_map(|l| (c0..c1).map(move |c| (l, c)))
        .map(|(l, c)| ink(px(l, c)))
        .collect();
    // The pieces: a label per ink pixel; per piece whether it leaves the band, whether it
    // reaches a post, and its first and last line along.
    const NONE: usize = usize::MAX;
    let mut label = vec![NONE; nw * nh];
    let mut pieces: Vec<(bool, bool, usize, usize)> = Vec::new();
    let at_post = |l: usize| (l as f64 + 0.5) <= seg.0 || (l as f64 + 0.5) >= seg.1;
    let mut stack = Vec::new();
    for l in a0..a1 {
        for c in c0..c1 {
            if !inked[at(l, c)] || label[at(l, c)] != NONE {
                continue;
            }
            let id = pieces.len();
            let mut piece = (false, false, l, l);
            label[at(l, c)] = id;
            stack.push((l, c));
            while let Some((l, c)) = stack.pop() {
                piece.0 |= !band.contains(&c);
                piece.1 |= at_post(l);
                piece.2 = piece.2.min(l);
                piece.3 = piece.3.max(l);
                for nl in l.saturating_sub(1)..(l + 2).min(a1) {
                    for nc in c.saturating_sub(1)..(c + 2).min(c1) {
                        if nl >= a0 && nc >= c0 && inked[at(nl, nc)] && label[at(nl, nc)] == NONE {
                            label[at(nl, nc)] = id;
                            stack.push((nl, nc));
                        }
                    }
                }
            }
            pieces.push(piece);
        }
    }
    // The lines with no ink in the band, off the posts: the opening.
    let clear: Vec<usize> = (a0..a1)
        .filter(|&l| !at_post(l) && band.clone().all(|c| !inked[at(l, c)]))
        .collect();
    let drawing: Vec<bool> = pieces
        .iter()
        .map(|&(leaves, post, first, last)| {
            leaves
                && !post
                && clear.iter().filter(|&&l| l < first).count() >= 2
                && clear.iter().filter(|&&l| l > last).count() >= 2
        })
        .collect();
    // A clear line just beside a drawing holds its blur (a JPEG's fringe, light pixels that
    // two together read as a line): it goes with the drawing.
    let fringe = |l: usize| {
        clear.binary_search(&l).is_ok()
            && pieces
                .iter()
                .zip(&drawing)
                .any(|(p, &d)| d && (l + 1 == p.2 || l == p.3 + 1))
    };
    (a0..a1)
        .filter(|&l| {
            let mut any = false;
            for c in band.clone() {
                if inked[at(l, c)] {
                    any = true;
                    if !drawing[label[at(l, c)]] {
                        return false;
                    }
                }
            }
            any || fringe(l)
        })
        .collect()
}

/// Where to look past a thin wall line's band (`band`, across the line) for a stroke that
/// crosses it: the pixel just before and just after the band, each only where it lies in the
/// passage beside the line, a pixel clear of the next wall line (`None` elsewhere). For a line
/// of the frame (`.2`), only its outer side, outside the maze.
fn crossing_checks(
    lat: &Lattice,
    line_is_row: bool,
    k: usize,
    band: (usize, usize),
) -> (Option<usize>, Option<usize>, bool) {
    let spans = if line_is_row { &lat.rows } else { &lat.cols };
    let (ca, cb) = band;
    if k == 0 {
        return (ca.checked_sub(1), None, true);
    }
    if k + 1 >= spans.len() {
        return (None, Some(cb), true);
    }
    let before = ca.checked_sub(1).filter(|&p| {
        k.checked_sub(2)
            .and_then(|b| spans.get(b))
            .is_some_and(|s| p as f64 >= s.1 + 1.0)
    });
    let after = Some(cb).filter(|&p| {
        spans
            .get(k + 2)
            .is_some_and(|s| (p + 1) as f64 <= s.0 - 1.0)
    });
    (before, after, false)
}

/// True when two neighbouring pixels of `band` (one line of pixels across a thin wall line,
/// `px` of a position) hold together as much ink as one pixel at `limit` does: a line of one
/// pixel that a screenshot scaled down spread over two rows of pixels, each too light alone,
/// with paper on both sides (a quarter of their ink at most: not a grey margin or a shadow).
/// Marks hold no ink.
///
/// Complexity: O(band).
fn split_meets(
    px: &impl Fn(usize) -> u8,
    band: std::ops::Range<usize>,
    dark_walls: bool,
    limit: u8,
) -> bool {
    let ink = |v: u8| -> u32 {
        if v == MARK {
            0
        } else if dark_walls {
            u32::from(LIGHT.saturating_sub(v))
        } else {
            u32::from(v)
        }
    };
    let need = u32::from(LIGHT - limit.min(LIGHT));
    band.clone().zip(band.clone().skip(1)).any(|(a, b)| {
        let pair = ink(px(a)) + ink(px(b));
        // A line, not a grey area (a margin, a shadow): paper on both sides of the pair.
        let side = |c: Option<usize>| c.map_or(0, |c| ink(px(c)));
        pair > need && 4 * side(a.checked_sub(1)) <= pair && 4 * side(Some(b + 1)) <= pair
    })
}

/// True when the middle half `window` of a thick wall line, on one line of pixels across it
/// (`px` of a position), is mostly wall, at its place or slid by up to `slide` (before, after)
/// pixels: a stroke drawn by hand wobbles off the line fitted to the whole row of walls. Marks
/// are left out of the count.
///
/// Complexity: O(window + slide).
fn thick_meets(
    px: &impl Fn(usize) -> u8,
    window: std::ops::Range<usize>,
    slide: (usize, usize),
    wall: impl Fn(u8) -> bool,
) -> bool {
    let (a, b) = (window.start - slide.0, window.end + slide.1);
    let len = window.len();
    // Running counts over the window's positions from `a` to `b - len`.
    let (mut k, mut seen) = (0usize, 0usize);
    let add = |c: usize, k: &mut usize, seen: &mut usize, d: isize| {
        let v = px(c);
        if v != MARK {
            *seen = seen.wrapping_add_signed(d);
            if wall(v) {
                *k = k.wrapping_add_signed(d);
            }
        }
    };
    for c in a..a + len {
        add(c, &mut k, &mut seen, 1);
    }
    let mut start = a;
    loop {
        if seen > 0 && 2 * k >= seen {
            return true;
        }
        if start + len >= b {
            return false;
        }
        add(start, &mut k, &mut seen, -1);
        add(start + len, &mut k, &mut seen, 1);
        start += 1;
    }
}

/// A maze sampled from a picture, with the evidence of its walls.
#[derive(Clone, Debug)]
pub struct Sampled {
    /// The maze's cells (1 = path).
    pub grid: Grid,
    /// The cells whose reading is in doubt (a wall share between [`DOUBT`] and `1 − DOUBT`),
    /// in index order; they are read by the majority of their evidence.
    pub doubtful: Vec<usize>,
    /// The wall segments read open along which a faint line runs nonetheless ([`faint`]), in
    /// index order: walls fainter than the limit, or smudges; the caller decides (and keeps
    /// here those it leaves in doubt, also in `doubtful`).
    pub faint: Vec<usize>,
    /// How clear the least clear reading is, from 0 (a share of one half) to 1 (every cell all
    /// wall or all passage): twice the smallest distance of a share to one half, over the cells
    /// read by their evidence (not those [`Sampled::set_apart`]).
    pub confidence: f64,
    /// The posts with no ink of their own (flat indices, in order), whatever lies beside them.
    pub inkless_posts: Vec<usize>,
    /// The least clear readings (at most [`UNSURE`]), least clear first: each cell's flat
    /// index and the distance of its share to one half.
    unsure: Vec<(usize, f64)>,
    /// When cells were left out of `unsure`: the distance of the last kept, which no cell left
    /// out is under.
    floor: Option<f64>,
}

/// How many of the least clear readings a [`Sampled`] keeps, to say its confidence again when
/// cells are set apart.
pub const UNSURE: usize = 64;

impl Sampled {
    /// Sets apart the cells for which `apart` is true: cells read by a convention or found
    /// outside the maze rather than by their evidence (a line maze's rooms are passage whatever
    /// ink lies there, blank corners outside a stepped outline are no part of it). The
    /// confidence is then that of the other cells: a label in a room, read as passage by the
    /// convention, says nothing of how clear the walls were.
    ///
    /// Complexity: O([`UNSURE`]).
    pub fn set_apart(&mut self, apart: impl Fn(usize) -> bool) {
        self.unsure.retain(|&(i, _)| !apart(i));
        self.confidence = confidence(&self.unsure, self.floor);
    }
}

/// The confidence of a reading whose least clear cells are `unsure` (least clear first), no
/// cell left out of them being under `floor`: twice the least distance to one half, 1 when no
/// cell counts.
fn confidence(unsure: &[(usize, f64)], floor: Option<f64>) -> f64 {
    match (unsure.first(), floor) {
        (Some(&(_, d)), _) | (None, Some(d)) => 2.0 * d,
        (None, None) => 1.0,
    }
}

/// The `UNSURE` least clear of `cells` (flat index, distance to one half), least clear first,
/// and the distance of the last kept when some were left out, now or before (`cut`).
fn least_clear(mut cells: Vec<(usize, f64)>, cut: bool) -> (Vec<(usize, f64)>, Option<f64>) {
    cells.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    let cut = cut || cells.len() > UNSURE;
    cells.truncate(UNSURE);
    let floor = if cut { cells.last().map(|c| c.1) } else { None };
    (cells, floor)
}

/// Samples the picture's tones on the lattice into a maze grid (1 = path), with the evidence
/// of each reading ([`wall_share`]). A post with no wall pixel of its own is wall when a wall
/// segment beside it is (strokes that stop short of where they meet).
///
/// Errors: [`crate::Error::TooLarge`] when the grid would exceed `limits`.
pub fn sample(t: &Tones, lat: &Lattice, limits: &Limits) -> crate::Result<Sampled> {
    let (rows, cols) = (lat.rows.len(), lat.cols.len());
    let shape = Shape::with_limits(vec![rows, cols], limits)?;
    let mut grid = Grid::walls(shape);
    let dw = lat.dark_walls;
    if lat.pixel {
        let bits = grid.bits_mut();
        for (i, &v) in t.tone.iter().enumerate().take(rows * cols) {
            if !is_wall(v, dw, MID) {
                bits.insert(i);
            }
        }
        return Ok(Sampled {
            grid,
            doubtful: Vec::new(),
            faint: Vec::new(),
            confidence: 1.0,
            inkless_posts: Vec::new(),
            unsure: Vec::new(),
            floor: None,
        });
    }
    let bands = Bands::of(t, lat);
    let faint = faint(t, lat);
    let mut faint_cells = Vec::new();
    let mut doubtful = Vec::new();
    let (mut unsure, mut cut): (Vec<(usize, f64)>, bool) = (Vec::new(), false);
    let mut open_posts = Vec::new();
    for i in 0..rows {
        crate::stop::check();
        for j in 0..cols {
            let share = wall_share(t, lat, &bands, i, j);
            if share > 0.0 && share < 1.0 {
                trace!(
                    "cell ({i}, {j}) share {share:.2} thin {} at {:?} x {:?}",
                    bands.thin,
                    lat.rows[i],
                    lat.cols[j]
                );
            }
            if !lat.blocks && i % 2 == 0 && j % 2 == 0 {
                if share < 0.5 {
                    open_posts.push((i, j));
                }
                continue;
            }
            let d = (share - 0.5).abs();
            unsure.push((i * cols + j, d));
            if unsure.len() >= 4 * UNSURE {
                // Only the least clear are kept (cells left out are at least as clear).
                unsure = least_clear(unsure, true).0;
                cut = true;
            }
            if d < 0.5 - DOUBT {
                doubtful.push(i * cols + j);
            } else if share < 0.5
                && !lat.blocks
                && (i + j) % 2 == 1
                && faint_wall(t, lat, &bands, faint, i, j)
            {
                // Read open, but a faint line runs along most of it: a wall too faint for the
                // limit, or a smudge; the reading cannot tell.
                trace!("cell ({i}, {j}) open, but a faint line runs along it");
                faint_cells.push(i * cols + j);
            }
            if share < 0.5 {
                grid.set_path(i * cols + j, true);
            }
        }
    }
    let inkless_posts = open_posts.iter().map(|&(i, j)| i * cols + j).collect();
    let (unsure, floor) = least_clear(unsure, cut);
    for (i, j) in open_posts {
        let wall = |a: Option<usize>, b: Option<usize>| match (a, b) {
            (Some(a), Some(b)) if a < rows && b < cols => !grid.is_path(a * cols + b),
            _ => false,
        };
        let beside = wall(i.checked_sub(1), Some(j))
            || wall(Some(i + 1), Some(j))
            || wall(Some(i), j.checked_sub(1))
            || wall(Some(i), Some(j + 1));
        if !beside {
            grid.set_path(i * cols + j, true);
        }
    }
    Ok(Sampled {
        grid,
        doubtful,
        faint: faint_cells,
        confidence: confidence(&unsure, floor),
        inkless_posts,
        unsure,
        floor,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line of pixels across a 6-pixel wall line (positions 10..16, middle half 11..14) with
    /// a 3-pixel stroke at `at`.
    fn across(at: usize) -> impl Fn(usize) -> u8 {
        move |c| if (at..at + 3).contains(&c) { 0 } else { LIGHT }
    }

    #[test]
    fn a_thin_line_spread_over_two_pixels_meets_and_a_grey_area_does_not() {
        let line = |v: &'static [u8]| move |c: usize| v.get(c).copied().unwrap_or(LIGHT);
        // Paper, a one-pixel line scaled down over two rows (ink 28 + 71), paper.
        assert!(split_meets(
            &line(&[254, 254, 226, 183, 254, 254]),
            1..5,
            true,
            170
        ));
        // One light pixel alone, and a grey margin: no line.
        assert!(!split_meets(
            &line(&[254, 254, 200, 254, 254, 254]),
            1..5,
            true,
            170
        ));
        assert!(!split_meets(
            &line(&[200, 200, 200, 200, 200, 200]),
            1..5,
            true,
            170
        ));
        // Light walls on dark paper: the same, mirrored.
        assert!(split_meets(&line(&[0, 0, 28, 71, 0, 0]), 1..5, false, 170));
    }

    /// A frame segment 20 pixels long (posts at 0..3 and 23..26) across a band 4..10 of a
    /// picture 14 pixels deep, drawn from text: `#` ink, one string per line across.
    fn segment(rows: &[&'static str]) -> impl Fn(usize, usize) -> u8 {
        let rows = rows.to_vec();
        move |l, c| match rows.get(c).and_then(|r| r.as_bytes().get(l)) {
            Some(b'#') => 0,
            _ => LIGHT,
        }
    }

    #[test]
    fn an_arrow_s_head_in_an_opening_is_a_drawing_and_a_wall_is_not() {
        let ink = |v: u8| v < MID;
        let seg = (3.0, 23.0);
        // An arrow from above (lines 0..4 are outside), its head in the band, clear of both
        // posts: its lines and their fringe are the drawing's.
        let arrow = segment(&[
            "..........##..............",
            "..........##..............",
            "..........##..............",
            "..........##..............",
            "........######............",
            "###......####...........##",
            "###.......##............##",
            "###.....................##",
        ]);
        let drawn = drawing_onto_opening(&arrow, ink, seg, 26, 4..10, 14);
        assert_eq!(drawn, (7..=14).collect::<Vec<_>>());
        // The same head joined to the frame's line: the line is wall, nothing is set aside.
        let joined = segment(&[
            "..........##..............",
            "..........##..............",
            "..........##..............",
            "..........##..............",
            "........######............",
            "##########################",
        ]);
        assert!(drawing_onto_opening(&joined, ink, seg, 26, 4..10, 14).is_empty());
        // A piece of line within the band, reaching no post but leaving no band: a broken wall.
        let broken = segment(&[
            "..........................",
            "..........................",
            "..........................",
            "..........................",
            "..........................",
            "###.....##########......##",
        ]);
        assert!(drawing_onto_opening(&broken, ink, seg, 26, 4..10, 14).is_empty());
        // Too little opening beside the drawing (one clear line): read from all its ink.
        let tight = segment(&[
            "......##..................",
            "......##..................",
            "......##..................",
            "......##..................",
            "....######................",
            "###.######..............##",
        ]);
        assert!(drawing_onto_opening(&tight, ink, seg, 26, 4..10, 14).is_empty());
        // A band running past the picture's edge is cut to it.
        assert!(drawing_onto_opening(&arrow, ink, seg, 26, 4..30, 14).len() < 26);
    }

    #[test]
    fn the_confidence_is_said_again_over_the_cells_not_set_apart() {
        let sampled = |cells: Vec<(usize, f64)>, cut: bool| {
            let (unsure, floor) = least_clear(cells, cut);
            Sampled {
                grid: Grid::walls(Shape::new(vec![1, 1]).unwrap()),
                doubtful: Vec::new(),
                faint: Vec::new(),
                confidence: confidence(&unsure, floor),
                inkless_posts: Vec::new(),
                unsure,
                floor,
            }
        };
        // Cell 3 read by a share of one half; the others clear but cell 7 (0.3 off).
        let mut cells: Vec<(usize, f64)> = (0..200).map(|i| (i, 0.5)).collect();
        cells[3].1 = 0.0;
        cells[7].1 = 0.3;
        let mut s = sampled(cells, false);
        assert_eq!(s.confidence, 0.0);
        s.set_apart(|i| i == 3);
        assert!((s.confidence - 0.6).abs() < 1e-12);
        // Every cell kept set apart: those left out are at least as clear as the last kept.
        s.set_apart(|_| true);
        assert_eq!(s.confidence, 1.0);
        let mut s = sampled(vec![(0, 0.1), (1, 0.2)], true);
        s.set_apart(|_| true);
        assert!((s.confidence - 0.4).abs() < 1e-12);
        let mut s = sampled(vec![(0, 0.1)], false);
        s.set_apart(|_| true);
        assert_eq!(s.confidence, 1.0);
    }

    #[test]
    fn a_thick_line_s_stroke_off_its_place_meets_it_within_the_band() {
        let wall = |v: u8| v < MID;
        // On its place, and slid by up to 3 pixels either way.
        assert!(thick_meets(&across(11), 11..14, (0, 0), wall));
        assert!(!thick_meets(&across(8), 11..14, (0, 0), wall));
        assert!(thick_meets(&across(8), 11..14, (3, 3), wall));
        assert!(thick_meets(&across(15), 11..14, (3, 3), wall));
        // Farther than the band: passage.
        assert!(!thick_meets(&across(19), 11..14, (3, 3), wall));
        assert!(!thick_meets(&|_| LIGHT, 11..14, (3, 3), wall));
        // Marks are not counted: a window of marks and one wall pixel is wall.
        let marked = |c: usize| match c {
            11 | 12 => MARK,
            13 => 0,
            _ => LIGHT,
        };
        assert!(thick_meets(&marked, 11..14, (0, 0), wall));
    }
}
