//! Finding the maze on a page: apart from its title, labels, arrows, caption, the grid paper it
//! is drawn on or the table a photographed sheet lies on, and the four sides of its frame.
//!
//! The maze is the large connected structure of walls inside its frame; text and arrows are
//! small separate marks. The steps, on the tones of [`super::tone`]:
//!
//! 1. **Ink**: for each of the two colours in turn, the pixels of that class, taken in blocks
//!    (a picture is looked at with at most 1,200 blocks on its long side, a block holding ink
//!    when any of its pixels does) and dilated by a block or two, so that pen strokes that
//!    stop a pixel or two short of each other still touch;
//! 2. **Components**: the connected components of the ink (imageproc's labelling, 8-connected);
//!    the maze is the component with the largest bounding box among those that do not touch the
//!    picture's border (a margin, a page, a table around it), at least an eighth of the picture
//!    each way. The colour whose maze is larger is the ink (the other one's largest enclosed
//!    region is at most the inside of the frame);
//! 3. **Set aside**: every other component that is not inside the maze's box is a mark: text,
//!    an arrow, the surroundings. Components inside the box are walls of the maze (islands of a
//!    maze with loops);
//! 4. **Frame**: each side of the maze's outline is fitted by a straight line (the line through
//!    two of its points that most others lie near, then least squares on those, so that the
//!    openings, where the outline steps in by a corridor, and the ends of the sides beside it
//!    are outliers); the four lines' crossings are the frame's corners,
//!    from which [`super::warp::Homography`] straightens a photographed maze. A side that no
//!    line fits (a round or diamond-shaped maze) gives no corners.
//!
//! Complexity: O(width × height) for the blocks, O(blocks) for the labelling, and
//! O(rows + columns of the maze's box) for the outline.

use super::tone::{Tones, LIGHT, MARK, MID};
use super::Region;
use image::{GrayImage, Luma};
use imageproc::region_labelling::{connected_components, Connectivity};

/// The maze found on a page.
#[derive(Clone, Debug)]
pub struct Found {
    /// True when the maze's walls are of the darker colour's class.
    pub dark_ink: bool,
    /// The maze's bounding box.
    pub maze: Region,
    /// Marks set aside: the bounding boxes of the other components, outside the maze's box.
    pub set_aside: Vec<Region>,
    /// The frame's outer corners (top-left, top-right, bottom-right, bottom-left), when each
    /// side of the maze's outline is a straight line (`None`: no frame was found, and the box
    /// is only where the maze's ink lies).
    pub corners: Option<[(f64, f64); 4]>,
    /// The largest tilt of a side, in pixels from one end of the side to the other (0 for a
    /// frame drawn upright).
    pub tilt: f64,
    /// Block size (pixels a side) and the block labels, to tell which pixels are the maze's.
    block: usize,
    labels: Vec<u32>,
    /// Per label: part of the maze.
    member: Vec<bool>,
    blocks_w: usize,
    /// The labels set aside, sorted.
    outside: Vec<u32>,
    /// The boxes (in blocks, inclusive) of the maze's components.
    parts: Vec<[usize; 4]>,
}

impl Found {
    /// True when pixel `(x, y)` lies in a block of the maze's component.
    fn in_maze(&self, x: usize, y: usize) -> bool {
        let (bx, by) = (x / self.block, y / self.block);
        let l = self
            .labels
            .get(by * self.blocks_w + bx)
            .copied()
            .unwrap_or(0);
        l != 0 && self.member.get(l as usize) == Some(&true)
    }

    /// The drawings the maze found is made of, when it is several side by side: its
    /// components grouped while their boxes overlap, the groups at least a quarter of the
    /// maze's box each way (two mazes on one page, taken for one maze's parts); in the
    /// picture's pixels, one region a group, left to right and top to bottom. Fewer than two
    /// for one maze.
    pub fn side_by_side(&self) -> Vec<Region> {
        // Region's end is exclusive; a box in blocks, inclusive: touching boxes overlap.
        let mut groups: Vec<Region> = self
            .parts
            .iter()
            .map(|g| Region {
                x0: g[0],
                y0: g[1],
                x1: g[2],
                y1: g[3],
            })
            .collect();
        Region::merge_near(&mut groups, 0);
        let (mw, mh) = (
            self.maze.width().div_ceil(self.block),
            self.maze.height().div_ceil(self.block),
        );
        let mut big: Vec<Region> = groups
            .into_iter()
            .filter(|g| 4 * (g.x1 + 1 - g.x0) >= mw && 4 * (g.y1 + 1 - g.y0) >= mh)
            .map(|g| Region {
                x0: g.x0 * self.block,
                y0: g.y0 * self.block,
                x1: (g.x1 + 1) * self.block,
                y1: (g.y1 + 1) * self.block,
            })
            .collect();
        big.sort_by_key(|r| (r.y0, r.x0));
        big
    }

    /// True when pixel `(x, y)` lies in a block of a component set aside (not the maze's, not
    /// inside the maze's box).
    pub fn is_set_aside(&self, x: usize, y: usize) -> bool {
        let (bx, by) = (x / self.block, y / self.block);
        match self.labels.get(by * self.blocks_w + bx) {
            Some(&l) if l != 0 => self.outside.binary_search(&l).is_ok(),
            _ => false,
        }
    }
}

/// Is tone `v` ink, for ink of the dark class or of the light one?
fn ink(v: u8, dark: bool) -> bool {
    v != MARK && ((v < MID) == dark)
}

/// One colour's components.
struct Labelled {
    labels: Vec<u32>,
    /// Per label (index = label): bounding box in blocks `[x0, y0, x1, y1]` (inclusive), and
    /// whether it touches the picture's border.
    boxes: Vec<([usize; 4], bool)>,
    /// Per label: blocks of ink.
    counts: Vec<usize>,
    /// Per block: holds ink (before the dilation).
    ink: Vec<u8>,
}

/// The blocks holding ink of the dark class and of the light class (255), in one pass.
fn blocks(t: &Tones, width: usize, height: usize, block: usize) -> [Vec<u8>; 2] {
    let (bw, bh) = (width.div_ceil(block), height.div_ceil(block));
    let (mut dark, mut light) = (vec![0u8; bw * bh], vec![0u8; bw * bh]);
    for (y, row) in t.tone.chunks_exact(width).enumerate().take(height) {
        let range = (y / block) * bw..(y / block + 1) * bw;
        let (d, l) = (&mut dark[range.clone()], &mut light[range]);
        for (x, &v) in row.iter().enumerate() {
            if v != MARK {
                let k = x / block;
                if v < MID {
                    d[k] = 255;
                } else {
                    l[k] = 255;
                }
            }
        }
    }
    [dark, light]
}

/// `cells` (`w × h`, 0 or 255) dilated by `r` cells each way (a square, the L∞ ball): a
/// separable maximum, along rows then columns. O(cells × r).
fn dilate(cells: &[u8], w: usize, h: usize, r: usize) -> Vec<u8> {
    let mut along = vec![0u8; cells.len()];
    for (src, dst) in cells.chunks_exact(w).zip(along.chunks_exact_mut(w)) {
        for (x, d) in dst.iter_mut().enumerate() {
            *d = src[x.saturating_sub(r)..(x + r + 1).min(w)]
                .iter()
                .copied()
                .max()
                .unwrap_or(0);
        }
    }
    let mut out = vec![0u8; cells.len()];
    for y in 0..h {
        let (lo, hi) = (y.saturating_sub(r), (y + r + 1).min(h));
        for x in 0..w {
            out[y * w + x] = (lo..hi).map(|yy| along[yy * w + x]).max().unwrap_or(0);
        }
    }
    out
}

/// The components of one class's ink blocks (`small`, from [`blocks`]).
fn label(small: Vec<u8>, bw: usize, bh: usize, block: usize) -> Labelled {
    let grow = if block == 1 { 2 } else { 1 };
    let img =
        GrayImage::from_raw(bw as u32, bh as u32, dilate(&small, bw, bh, grow)).unwrap_or_default();
    let lab = connected_components(&img, Connectivity::Eight, Luma([0u8]));
    let labels = lab.into_raw();
    let n = labels.iter().copied().max().unwrap_or(0) as usize;
    let mut boxes = vec![([usize::MAX, usize::MAX, 0, 0], false); n + 1];
    let mut counts = vec![0usize; n + 1];
    // Boxes of the ink itself: the dilation joins strokes but does not move a box's sides.
    for (i, &l) in labels.iter().enumerate() {
        if l == 0 || small[i] == 0 {
            continue;
        }
        let (x, y) = (i % bw, i / bw);
        counts[l as usize] += 1;
        let (b, touch) = &mut boxes[l as usize];
        b[0] = b[0].min(x);
        b[1] = b[1].min(y);
        b[2] = b[2].max(x);
        b[3] = b[3].max(y);
        *touch |= x == 0 || y == 0 || x + 1 == bw || y + 1 == bh;
    }
    Labelled {
        labels,
        boxes,
        counts,
        ink: small,
    }
}

/// Finds the maze on the page: see the module's documentation. `None` when no component
/// clear of the border is large enough (a maze drawn to the picture's edges, a block maze
/// without a margin): the whole picture is then the maze. When the largest has no frame of
/// four straight sides (a round maze, a wall of a maze that touches the picture's edges), its
/// [`Found::corners`] are `None`.
///
/// `margins` (top, right, bottom, left) are bands of a third colour already set apart
/// ([`super::tones::flatten_margins`]): the island check's rays stop at them.
///
/// Complexity: O(width × height) for the blocks, O(blocks) for the labelling and the outline.
pub fn find(t: &Tones, width: usize, height: usize, margins: [usize; 4]) -> Option<Found> {
    if width < 16 || height < 16 || t.tone.len() != width * height {
        return None;
    }
    let block = width.max(height).div_ceil(1200).max(1);
    let (bw, bh) = (width.div_ceil(block), height.div_ceil(block));
    let mut best: Option<(usize, bool, Labelled, u32)> = None;
    let [dark_blocks, light_blocks] = blocks(t, width, height, block);
    // Both colours' components at once; a colour in more than three blocks of four is the
    // ground the maze is drawn on, not its ink (and labelling it is the slow part).
    let ground = |b: &[u8]| 4 * b.iter().filter(|&&v| v != 0).count() > 3 * b.len();
    let (dark_lab, light_lab) = crate::par::beside(
        || (!ground(&dark_blocks)).then(|| label(dark_blocks, bw, bh, block)),
        || (!ground(&light_blocks)).then(|| label(light_blocks, bw, bh, block)),
    );
    let labelled = [(true, dark_lab), (false, light_lab)];
    for (dark, lab) in labelled.into_iter().filter_map(|(d, l)| Some((d, l?))) {
        let pick = lab
            .boxes
            .iter()
            .enumerate()
            .filter(|(l, (b, touch))| *l > 0 && !touch && b[0] <= b[2])
            .map(|(l, (b, _))| (l, (b[2] + 1 - b[0]) * (b[3] + 1 - b[1]), b))
            // Walls leave room for passages: a solid region (a sheet of paper) is no maze.
            .filter(|&(l, area, _)| 4 * lab.counts[l] <= 3 * area)
            .filter(|(_, _, b)| (b[2] + 1 - b[0]) * 8 >= bw && (b[3] + 1 - b[1]) * 8 >= bh)
            .max_by_key(|&(_, area, _)| area);
        if let Some((l, area, _)) = pick {
            if best.as_ref().is_none_or(|b| area > b.0) {
                best = Some((area, dark, lab, l as u32));
            }
        }
    }
    if best.is_none() {
        trace!("locate: no component clear of the border is large enough");
    }
    let (_, dark_ink, lab, label) = best?;
    let [top, right, bottom, left] = margins;
    let inner = [
        left / block,
        top / block,
        (width - right.min(width)).div_ceil(block).min(bw),
        (height - bottom.min(height)).div_ceil(block).min(bh),
    ];
    if enclosed(&lab, label as usize, bw, inner) {
        trace!("locate: the largest component is enclosed by a structure at the border");
        return None;
    }
    // The maze: the chosen component, and every component at least half of whose box lies in
    // the maze's box (islands), or that lies within a third of the box and spans three
    // quarters of it (the frame's other part beyond an opening or a gap), growing the box.
    let mut b = lab.boxes[label as usize].0;
    let mut member = vec![false; lab.boxes.len()];
    member[label as usize] = true;
    loop {
        let mut grew = false;
        for (l, (o, touch)) in lab.boxes.iter().enumerate() {
            if l == 0 || member[l] || *touch || o[0] > o[2] {
                continue;
            }
            let ix = (o[2].min(b[2]) + 1).saturating_sub(o[0].max(b[0]));
            let iy = (o[3].min(b[3]) + 1).saturating_sub(o[1].max(b[1]));
            let (ow, oh) = (o[2] + 1 - o[0], o[3] + 1 - o[1]);
            let (bw_, bh_) = (b[2] + 1 - b[0], b[3] + 1 - b[1]);
            // A long piece beside the box (a side of the frame beyond an opening at a corner):
            // within a third of it, as long as three quarters of it.
            let gap_x = o[0].saturating_sub(b[2]).max(b[0].saturating_sub(o[2]));
            let gap_y = o[1].saturating_sub(b[3]).max(b[1].saturating_sub(o[3]));
            let near = 3 * gap_x <= bw_ && 3 * gap_y <= bh_;
            let long = 4 * ow >= 3 * bw_ || 4 * oh >= 3 * bh_;
            if 2 * ix * iy >= ow * oh || (near && long) {
                member[l] = true;
                b = [
                    b[0].min(o[0]),
                    b[1].min(o[1]),
                    b[2].max(o[2]),
                    b[3].max(o[3]),
                ];
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    let maze = Region {
        x0: b[0] * block,
        y0: b[1] * block,
        x1: ((b[2] + 1) * block).min(width),
        y1: ((b[3] + 1) * block).min(height),
    };
    let mut outside = Vec::new();
    let mut set_aside = Vec::new();
    for (l, (o, _)) in lab.boxes.iter().enumerate() {
        if l == 0 || member[l] || o[0] > o[2] {
            continue;
        }
        outside.push(l as u32);
        set_aside.push(Region {
            x0: o[0] * block,
            y0: o[1] * block,
            x1: ((o[2] + 1) * block).min(width),
            y1: ((o[3] + 1) * block).min(height),
        });
    }
    let parts = (0..lab.boxes.len())
        .filter(|&l| member[l])
        .map(|l| lab.boxes[l].0)
        .collect();
    let mut found = Found {
        dark_ink,
        maze,
        set_aside,
        corners: None,
        tilt: 0.0,
        block,
        labels: lab.labels,
        member,
        blocks_w: bw,
        outside,
        parts,
    };
    // A maze on a page has a frame: four straight sides.
    let (corners, tilt) = frame(t, width, &found);
    trace!(
        "locate: box {:?}, corners {corners:?}, tilt {tilt:.1}",
        found.maze
    );
    found.corners = corners;
    found.tilt = tilt;
    Some(found)
}

/// True when the component `label` is enclosed by walls of a structure that reaches the
/// picture's border (an island of a maze drawn to the picture's edges), rather than by
/// surroundings (a table under a sheet, which is ink all the way to the border): from three
/// points on each side of its box, a scan outwards that meets such a structure's ink and then
/// finds less than four fifths ink from there to the border (or to a margin of a third colour
/// set apart: `inner` is the box inside them, in blocks), or less than four blocks, counts for
/// walls; most scans must.
fn enclosed(lab: &Labelled, label: usize, bw: usize, inner: [usize; 4]) -> bool {
    let [x_lo, y_lo, x_hi, y_hi] = inner;
    let b = lab.boxes[label].0;
    let touches = |i: usize| {
        let l = lab.labels[i] as usize;
        l != 0 && lab.ink[i] != 0 && lab.boxes.get(l).is_some_and(|o| o.1)
    };
    let mut walls = 0;
    let mut scans = 0;
    for k in 1..=3 {
        let x = b[0] + (b[2] - b[0]) * k / 4;
        let y = b[1] + (b[3] - b[1]) * k / 4;
        let rays: [Vec<usize>; 4] = [
            (y_lo..b[1]).rev().map(|yy| yy * bw + x).collect(),
            (b[3] + 1..y_hi).map(|yy| yy * bw + x).collect(),
            (x_lo..b[0]).rev().map(|xx| y * bw + xx).collect(),
            (b[2] + 1..x_hi).map(|xx| y * bw + xx).collect(),
        ];
        for ray in rays {
            scans += 1;
            if let Some(hit) = ray.iter().position(|&i| touches(i)) {
                let rest = &ray[hit..];
                let ink = rest.iter().filter(|&&i| lab.ink[i] != 0).count();
                if 5 * ink < 4 * rest.len() || rest.len() < 4 {
                    walls += 1;
                }
            }
        }
    }
    2 * walls > scans
}

/// The frame's corners from the maze's outline, and the largest tilt of a side.
fn frame(t: &Tones, width: usize, f: &Found) -> (Option<[(f64, f64); 4]>, f64) {
    let m = f.maze;
    let is = |x: usize, y: usize| ink(t.tone[y * width + x], f.dark_ink) && f.in_maze(x, y);
    // Outline points of each side: (position along the side, distance across), at most 600.
    let step = |n: usize| n.div_ceil(600).max(1);
    let mut sides: [Vec<(f64, f64)>; 4] = Default::default();
    for y in (m.y0..m.y1).step_by(step(m.height())) {
        if let Some(x) = (m.x0..m.x1).find(|&x| is(x, y)) {
            sides[3].push((y as f64 + 0.5, x as f64));
        }
        if let Some(x) = (m.x0..m.x1).rev().find(|&x| is(x, y)) {
            sides[1].push((y as f64 + 0.5, x as f64 + 1.0));
        }
    }
    for x in (m.x0..m.x1).step_by(step(m.width())) {
        if let Some(y) = (m.y0..m.y1).find(|&y| is(x, y)) {
            sides[0].push((x as f64 + 0.5, y as f64));
        }
        if let Some(y) = (m.y0..m.y1).rev().find(|&y| is(x, y)) {
            sides[2].push((x as f64 + 0.5, y as f64 + 1.0));
        }
    }
    let mut lines = [(0.0, 0.0); 4];
    let mut tilt = 0.0f64;
    for (k, pts) in sides.iter().enumerate() {
        let span = if k % 2 == 0 { m.width() } else { m.height() } as f64;
        let Some((a, c, share)) = fit_line(pts, span) else {
            return (None, 0.0);
        };
        trace!(
            "locate: side {k}: {:.0}% of the outline on a line of slope {a:.4}",
            100.0 * share
        );
        if share < 0.35 {
            return (None, 0.0);
        }
        tilt = tilt.max((a * span).abs());
        lines[k] = (a, c);
    }
    // Top and bottom: y = a·x + c; left and right: x = a·y + c.
    let cross = |h: (f64, f64), v: (f64, f64)| {
        // y = ah x + ch, x = av y + cv  =>  x = av (ah x + ch) + cv
        let x = (v.0 * h.1 + v.1) / (1.0 - v.0 * h.0);
        (x, h.0 * x + h.1)
    };
    let corners = [
        cross(lines[0], lines[3]),
        cross(lines[0], lines[1]),
        cross(lines[2], lines[1]),
        cross(lines[2], lines[3]),
    ];
    let ok = corners.iter().all(|c| c.0.is_finite() && c.1.is_finite());
    (ok.then_some(corners), tilt)
}

/// A straight line `v = a·t + c` through most of `pts` (`(t, v)` pairs): of the lines through
/// two of at most 40 points spread over them (an eighth of the span apart or more), the one
/// with the most points within `max(2, 0.8% of span)` of it (a consensus, so that a third of
/// outliers or more, the openings and the ends of the sides beside it, do not tilt it), then
/// least squares on those points, twice. Returns `(a, c, share of points within the
/// tolerance)`; `None` when under 60% of the points are within it and they do not reach within
/// 15% of both ends of the points' range (a line through one end's outliers).
pub fn fit_line(pts: &[(f64, f64)], span: f64) -> Option<(f64, f64, f64)> {
    if pts.len() < 8 {
        return None;
    }
    let tol = (0.008 * span).max(2.0);
    let every = pts.len().div_ceil(40);
    let sample: Vec<(f64, f64)> = pts.iter().step_by(every).copied().collect();
    let inliers = |a: f64, c: f64| {
        pts.iter()
            .filter(|p| (p.1 - a * p.0 - c).abs() <= tol)
            .count()
    };
    let mut best: Option<(usize, f64, f64)> = None;
    for (i, p) in sample.iter().enumerate() {
        for q in &sample[i + 1..] {
            if (q.0 - p.0).abs() < span / 8.0 {
                continue;
            }
            let a = (q.1 - p.1) / (q.0 - p.0);
            let c = p.1 - a * p.0;
            let n = inliers(a, c);
            if best.is_none_or(|b| n > b.0) {
                best = Some((n, a, c));
            }
        }
    }
    let (_, mut a, mut c) = best?;
    let mut share = 0.0;
    for _ in 0..2 {
        let inl: Vec<&(f64, f64)> = pts
            .iter()
            .filter(|p| (p.1 - a * p.0 - c).abs() <= tol)
            .collect();
        share = inl.len() as f64 / pts.len() as f64;
        if inl.len() < 4 {
            return None;
        }
        let n = inl.len() as f64;
        let (st, sv) = inl.iter().fold((0.0, 0.0), |s, p| (s.0 + p.0, s.1 + p.1));
        let (mt, mv) = (st / n, sv / n);
        let (mut stt, mut stv) = (0.0, 0.0);
        for p in &inl {
            stt += (p.0 - mt) * (p.0 - mt);
            stv += (p.0 - mt) * (p.1 - mv);
        }
        if stt <= 0.0 {
            return None;
        }
        a = stv / stt;
        c = mv - a * mt;
    }
    let (lo, hi) = pts.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |r, p| {
        (r.0.min(p.0), r.1.max(p.0))
    });
    let (ilo, ihi) = pts
        .iter()
        .filter(|p| (p.1 - a * p.0 - c).abs() <= tol)
        .fold((f64::INFINITY, f64::NEG_INFINITY), |r, p| {
            (r.0.min(p.0), r.1.max(p.0))
        });
    // A line through a minority of the points must span the side: not one end's outliers.
    if share < 0.6 && (ilo > lo + 0.15 * (hi - lo) || ihi < hi - 0.15 * (hi - lo)) {
        return None;
    }
    Some((a, c, share))
}

/// The tones of `region`, with the ink of the marks set aside painted as passage (the other
/// colour's tone), so that only the maze is read.
pub fn isolate(t: &Tones, width: usize, found: &Found, region: Region) -> Tones {
    let passage = if found.dark_ink { LIGHT } else { 0 };
    let mut tone = Vec::with_capacity(region.width() * region.height());
    let mut marks = 0usize;
    for y in region.y0..region.y1 {
        for x in region.x0..region.x1 {
            let mut v = t.tone[y * width + x];
            if ink(v, found.dark_ink) && found.is_set_aside(x, y) {
                v = passage;
            }
            marks += usize::from(v == MARK);
            tone.push(v);
        }
    }
    Tones {
        dark: t.dark,
        light: t.light,
        tone,
        marks,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_fitted_through_outliers() {
        // A side tilted by 2 px over 200, with an opening where the outline steps in by 15.
        let pts: Vec<(f64, f64)> = (0..200)
            .map(|t| {
                let v = 10.0 + 0.01 * t as f64;
                (t as f64, if (80..95).contains(&t) { v + 15.0 } else { v })
            })
            .collect();
        let (a, c, share) = fit_line(&pts, 200.0).unwrap();
        assert!(
            (a - 0.01).abs() < 1e-6 && (c - 10.0).abs() < 1e-6,
            "{a} {c}"
        );
        assert!((share - 185.0 / 200.0).abs() < 1e-9);
    }
}
