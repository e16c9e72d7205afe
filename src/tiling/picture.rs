//! Reading a tiled maze back from its picture, checked against the pixels.
//!
//! A PNG of a tiled maze written by mazegraph names its tiling and size in a text chunk
//! (`mazegraph-tiling: sigma 6x8`): that says which rooms and walls to look for, not what the
//! maze is. The maze is read from the pixels: the scale is the one whose picture has the
//! image's size; each wall is closed when its middle is dark (a wall's black, not the blue of
//! a solution drawn through an opening); the start and goal are the rooms under the green and
//! red discs. Then the maze read is drawn again at that scale and compared with the image
//! where it leaves no doubt: pixels its walls cover must be dark in the image, pixels no wall
//! touches must not (a wall's anti-aliased edge is left out, as it darkens differently over
//! the fills of dead ends or an attractor's shades). A picture edited, cropped or rescaled
//! since, whose walls are not the ones read, is refused rather than misread.
//!
//! Complexity: O(pixels + rooms · degree) time; a second picture's memory for the check.

use super::draw::{picture_size, side_middle, TiledPicture};
use super::{Point, Side, TiledMaze, Tiles, Tiling};
use crate::error::{Error, Result};

/// The most pixels per room tried when looking for the picture's scale.
const MAX_SCALE: usize = 4096;

/// Reads the maze on `tiling` drawn in the `width` × `height` RGB picture `rgb`.
///
/// ```
/// use mazegraph::generate::{rng_from_seed, Algorithm, Options};
/// use mazegraph::tiling::{draw::TiledPicture, picture, TiledMaze, Tiling};
/// let t = Tiling::new("delta", &[5, 7], &Default::default()).unwrap();
/// let m = TiledMaze::generate(t.clone(), &Options::new(Algorithm::Wilson), &mut rng_from_seed(1)).unwrap();
/// let path = m.solution();
/// let pic = TiledPicture::new(&m, 16.0, path.as_deref());
/// let (w, h) = pic.size();
/// assert_eq!(picture::read(w, h, &pic.raster(), t).unwrap(), m);
/// ```
pub fn read(width: usize, height: usize, rgb: &[u8], tiling: Tiling) -> Result<TiledMaze> {
    if rgb.len() != width.saturating_mul(height).saturating_mul(3) {
        return Err(Error::InvalidArgument(format!(
            "{} bytes for a {width}×{height} RGB picture",
            rgb.len()
        )));
    }
    let scales: Vec<usize> = (1..=MAX_SCALE)
        .filter(|&s| picture_size(&tiling, s as f64) == (width, height))
        .collect();
    if scales.is_empty() {
        return Err(Error::NoLattice(format!(
            "the picture says it is a {} maze of size {}, but no scale draws one {width}×{height} pixels (cropped or resized since?)",
            tiling.name(),
            tiling.size_text()
        )));
    }
    let dark = |x: usize, y: usize| {
        let k = 3 * (y * width + x);
        rgb[k].max(rgb[k + 1]).max(rgb[k + 2]) < 128
    };
    // A game piece's dark mark (the wolf's disc, and its anti-aliased rim) is not a wall's ink.
    let wolf = near_wolf(width, height, rgb);
    let dark_count = (0..width * height)
        .filter(|&i| dark(i % width, i / width))
        .count();
    let mut maze = TiledMaze::closed(tiling);
    let mut worst = 0;
    for &scale in &scales {
        // Near a wolf's disc only a wall's black is a wall: the disc's rim is dark too.
        let ink = |x: usize, y: usize| {
            if wolf.contains(y * width + x) {
                let k = 3 * (y * width + x);
                rgb[k].max(rgb[k + 1]).max(rgb[k + 2]) < 40
            } else {
                dark(x, y)
            }
        };
        if let Tiling::Weave(_) = maze.tiling() {
            read_weave(&mut maze, scale as f64, width, height, &ink);
        } else {
            read_walls(&mut maze, scale as f64, width, height, &ink);
        }
        let found = read_terminals(&mut maze, scale as f64, width, height, rgb);
        if !wolf.is_clear() && found.contains(&false) {
            return Err(Error::NoLattice(
                "a game piece's mark hides the maze's start or goal in this picture; read the maze from its file".into(),
            ));
        }
        let again = TiledPicture::new(&maze, scale as f64, None).raster();
        // Pixels the walls drawn again cover half or more must be dark (over any fill), and
        // pixels they leave untouched (white, or a start or goal disc) must not. A wall's
        // faint anti-aliased edge is left out: over a filled room (dead ends, an attractor's
        // shades) it darkens sooner than over white.
        let differ = (0..width * height)
            .filter(|&i| {
                let px = &again[3 * i..3 * i + 3];
                // Half covered or more: dark over any fill.
                let covered = px.iter().all(|&c| c < 128);
                let untouched = px == crate::palette::OPEN
                    || px == crate::palette::START
                    || px == crate::palette::GOAL;
                let dark = dark(i % width, i / width);
                (covered && !dark) || (untouched && dark && !wolf.contains(i))
            })
            .count();
        if differ <= 2 + dark_count / 200 {
            return Ok(maze);
        }
        worst = differ;
    }
    let t = maze.tiling();
    Err(Error::NoLattice(format!(
        "the picture says it is a {} maze of size {} drawn by mazegraph, but {worst} of its pixels differ from the maze read from it (edited since?)",
        t.name(),
        t.size_text()
    )))
}

/// The pixels within two of one in the wolf's colour ([`crate::palette::WOLF`]).
fn near_wolf(width: usize, height: usize, rgb: &[u8]) -> fixedbitset::FixedBitSet {
    let mut out = fixedbitset::FixedBitSet::with_capacity(width * height);
    let wolf = crate::palette::WOLF;
    for (i, px) in rgb.chunks_exact(3).enumerate() {
        if (0..3).all(|j| px[j].abs_diff(wolf[j]) < 24) {
            let (x, y) = (i % width, i / width);
            for yy in y.saturating_sub(2)..(y + 3).min(height) {
                out.insert_range(yy * width + x.saturating_sub(2)..yy * width + (x + 3).min(width));
            }
        }
    }
    out
}

/// Opens each wall whose middle is not dark (within a pixel of it).
fn read_walls(
    maze: &mut TiledMaze,
    scale: f64,
    width: usize,
    height: usize,
    dark: &dyn Fn(usize, usize) -> bool,
) {
    let closed = TiledMaze::closed(maze.tiling().clone());
    let pic = TiledPicture::new(&closed, scale, None);
    let t = maze.tiling().clone();
    let mut sides: Vec<Side> = Vec::with_capacity(8);
    for v in 0..t.room_count() as u32 {
        sides.clear();
        t.sides(v, &mut sides);
        for s in &sides {
            let Some(u) = s.neighbour.filter(|&u| u > v) else {
                continue;
            };
            let near_dark = dark_near(pic.px(side_middle(s)), width, height, dark);
            let _ = maze.set_open(v, u, !near_dark);
        }
    }
}

/// True when a pixel within one of `p` (pixels) is dark.
fn dark_near(p: Point, width: usize, height: usize, dark: &dyn Fn(usize, usize) -> bool) -> bool {
    (-1i64..=1).any(|dy| {
        (-1i64..=1).any(|dx| {
            let (x, y) = (p[0] + dx as f64, p[1] + dy as f64);
            if x < 0.0 || y < 0.0 {
                return false;
            }
            let (xi, yi) = (x as usize, y as usize);
            let centre = (xi as f64 + 0.5 - p[0]).hypot(yi as f64 + 0.5 - p[1]);
            xi < width && yi < height && centre <= 1.0 && dark(xi, yi)
        })
    })
}

/// A weave's passages, from its inset rooms ([`super::draw`]): a room whose inset side
/// towards a neighbour is not drawn has a corridor that way. Two rooms whose corridors face
/// each other are open to each other; a corridor that meets the next room's drawn side goes
/// under it, to the room beyond when that one's corridor faces back (a tunnel). Every passage
/// starts closed.
fn read_weave(
    maze: &mut TiledMaze,
    scale: f64,
    width: usize,
    height: usize,
    dark: &dyn Fn(usize, usize) -> bool,
) {
    use super::draw::{INSET, WEAVE_STEPS as STEPS};
    let t = maze.tiling().clone();
    *maze = TiledMaze::closed(t.clone());
    let closed = TiledMaze::closed(t.clone());
    let pic = TiledPicture::new(&closed, scale, None);
    // The inset side of room v towards direction d is drawn.
    let side = |v: u32, d: usize| {
        let c = t.centre(v);
        let (dr, dc) = STEPS[d];
        let p = [c[0] + dc as f64 * INSET, c[1] + dr as f64 * INSET];
        dark_near(pic.px(p), width, height, dark)
    };
    for v in 0..t.room_count() as u32 {
        let l = t.label(v);
        for (d, &(dr, dc)) in STEPS.iter().enumerate() {
            let at = |k: i64| t.room(&[l[0] + k * dr, l[1] + k * dc]);
            let (Some(u), back) = (at(1), (d + 2) % 4) else {
                continue;
            };
            if side(v, d) {
                continue;
            }
            if !side(u, back) {
                if v < u {
                    let _ = maze.set_open(v, u, true);
                }
            } else if let Some(w) = at(2).filter(|&w| w > v && !side(w, back)) {
                let _ = maze.set_open(v, w, true);
            }
        }
    }
}

/// The start and goal: the rooms nearest the middles of the green and red discs (the
/// tiling's defaults when a disc is not found); whether each disc was found.
fn read_terminals(
    maze: &mut TiledMaze,
    scale: f64,
    width: usize,
    height: usize,
    rgb: &[u8],
) -> [bool; 2] {
    let near = |k: usize, c: [u8; 3]| (0..3).all(|j| rgb[k + j].abs_diff(c[j]) < 40);
    let mut sums = [[0f64; 3]; 2];
    for y in 0..height {
        for x in 0..width {
            let k = 3 * (y * width + x);
            for (i, c) in [crate::palette::START, crate::palette::GOAL]
                .into_iter()
                .enumerate()
            {
                if near(k, c) {
                    sums[i][0] += x as f64 + 0.5;
                    sums[i][1] += y as f64 + 0.5;
                    sums[i][2] += 1.0;
                }
            }
        }
    }
    let closed = TiledMaze::closed(maze.tiling().clone());
    let pic = TiledPicture::new(&closed, scale, None);
    let t = maze.tiling();
    let nearest = |p: [f64; 2]| {
        (0..t.room_count() as u32).min_by(|&a, &b| {
            let d = |v: u32| {
                let q = pic.px(t.centre(v));
                (q[0] - p[0]).hypot(q[1] - p[1])
            };
            d(a).total_cmp(&d(b))
        })
    };
    let (mut s, mut g) = t.terminals();
    for (i, slot) in [&mut s, &mut g].into_iter().enumerate() {
        if sums[i][2] > 0.0 {
            let p = [sums[i][0] / sums[i][2], sums[i][1] / sums[i][2]];
            if let Some(v) = nearest(p) {
                *slot = v;
            }
        }
    }
    let _ = maze.set_terminals(s, g);
    [sums[0][2] > 0.0, sums[1][2] > 0.0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{rng_from_seed, Algorithm, Options};

    #[test]
    fn every_tiling_reads_back_from_its_picture_and_an_edited_one_is_refused() {
        for t in crate::tiling::tests::small() {
            for scale in [6.0, 13.0, 24.0] {
                let mut m = TiledMaze::generate(
                    t.clone(),
                    &Options::new(Algorithm::Kruskal),
                    &mut rng_from_seed(5),
                )
                .unwrap();
                let n = t.room_count() as u32;
                if n > 2 {
                    m.set_terminals(1, n - 2).unwrap();
                }
                let path = m.solution();
                let pic = TiledPicture::new(&m, scale, path.as_deref());
                let (w, h) = pic.size();
                let mut rgb = pic.raster();
                assert_eq!(read(w, h, &rgb, t.clone()).unwrap(), m, "{t:?} at {scale}");
                // A black bar across the picture: walls where the maze has none.
                if n > 4 {
                    let y = h / 2;
                    for x in 0..w {
                        rgb[3 * (y * w + x)..3 * (y * w + x) + 3].fill(0);
                    }
                    assert!(read(w, h, &rgb, t.clone()).is_err(), "{t:?} at {scale}");
                }
            }
        }
    }

    #[test]
    fn a_weave_reads_back_with_its_tunnels_and_an_edited_one_is_refused() {
        for seed in 1..6 {
            let t = Tiling::new("weave", &[7, 9], &Default::default()).unwrap();
            let m = TiledMaze::generate(
                t.clone(),
                &Options::new(Algorithm::Kruskal),
                &mut rng_from_seed(seed),
            )
            .unwrap();
            let tunnels = (0..m.adjacency().edge_count() as u32)
                .filter(|&e| m.open().contains(e as usize))
                .filter(|&e| {
                    let [a, b] = m.adjacency().ends(e);
                    t.under(a, b).is_some()
                })
                .count();
            for scale in [6.0, 13.0, 24.0] {
                let path = m.solution();
                let pic = TiledPicture::new(&m, scale, path.as_deref());
                let (w, h) = pic.size();
                let mut rgb = pic.raster();
                let got = read(w, h, &rgb, t.clone());
                assert_eq!(
                    got.as_ref().ok(),
                    Some(&m),
                    "seed {seed} ({tunnels} tunnels) at {scale}: {got:?}"
                );
                let y = h / 2;
                rgb[3 * y * w..3 * (y + 1) * w].fill(0);
                assert!(
                    read(w, h, &rgb, t.clone()).is_err(),
                    "seed {seed} at {scale}"
                );
            }
        }
    }

    #[test]
    fn pictures_with_filled_rooms_and_a_wolf_read_back() {
        for t in crate::tiling::tests::small() {
            if let crate::tiling::Tiling::Weave(_) = t {
                continue;
            }
            let mut opts = Options::new(Algorithm::Kruskal);
            opts.loops = 2;
            let m = TiledMaze::generate(t.clone(), &opts, &mut rng_from_seed(8))
                .or_else(|_| {
                    let plain = Options::new(Algorithm::Kruskal);
                    TiledMaze::generate(t.clone(), &plain, &mut rng_from_seed(8))
                })
                .unwrap();
            let ranks =
                crate::tiling::overlay::attractor_ranks(&m, crate::game::Player::Zero).unwrap();
            let kept = crate::tiling::overlay::kept(&m);
            let path = m.solution();
            for scale in [7.0, 16.0, 30.0] {
                let mut pic = TiledPicture::new(&m, scale, path.as_deref()).ranks(&ranks);
                for v in 0..t.room_count() as u32 {
                    if !kept.contains(v as usize) {
                        pic = pic.fill(v, crate::palette::FILLED);
                    }
                }
                let (w, h) = pic.size();
                // A wolf's disc nearly fills a small triangle: its rim would touch the walls.
                let beside = (0..t.room_count() as u32).find(|&v| v != m.start() && v != m.goal());
                let Some(beside) = beside.filter(|_| scale >= 16.0) else {
                    let (w, h) = pic.size();
                    let got = read(w, h, &pic.raster(), t.clone());
                    assert_eq!(got.ok().as_ref(), Some(&m), "{t:?} at {scale}");
                    continue;
                };
                let marked = pic.mark(beside, crate::palette::WOLF);
                let got = read(w, h, &marked.raster(), t.clone());
                assert_eq!(got.as_ref().ok(), Some(&m), "{t:?} at {scale}: {got:?}");
                // A wolf over the start hides it: refused, not read with another start.
                let hidden =
                    TiledPicture::new(&m, scale, None).mark(m.start(), crate::palette::WOLF);
                assert!(
                    read(w, h, &hidden.raster(), t.clone()).is_err(),
                    "{t:?} at {scale}"
                );
            }
        }
    }
}
