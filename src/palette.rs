//! The colours of every picture, one colour for one meaning.
//!
//! Maze pictures ([`render`](mod@crate::render), solution PNGs, results drawn on the original
//! picture, notebook displays), graph and game pictures ([`draw`](mod@crate::draw), DOT files)
//! and the tree view all take their colours from here:
//!
//! | meaning | colour |
//! |---|---|
//! | walls | black |
//! | open path cells | white |
//! | the start | green |
//! | the goal | red |
//! | on a solution: the path, the attractor (shaded by rank, the goal's end darkest), strategy edges | blue |
//! | filled dead ends, cells a search never reached | grey |
//! | kept cells off the path (loops and their accesses, cells reached) | light yellow |
//! | portal pairs | eight colours, none of them green, red or blue |
//! | the wolf of `pursuit` (pictures and the playground) | dark brown |
//! | the sheep of `pursuit` | pink |
//!
//! Blue is the solution because the attractor of a maze's goal *is* the set of cells on
//! shortest solutions: the path and the attractor are one idea and share a colour. The goal is
//! red, as in most maze pictures, and shows on the darkest shade of blue. The wolf and the
//! sheep are pieces, not places: they have colours of their own, not the goal's red and the
//! start's green (by default they stand on the start and the goal); the wolf shows on the blues
//! of its attractor and the sheep on white passages.
//!
//! ```
//! use mazegraph::palette::{hex, GOAL, PATH, START};
//! assert_eq!(hex(START), "#00aa00");
//! assert_eq!(hex(GOAL), "#dc1e1e");
//! assert_eq!(PATH, mazegraph::palette::NEAR);
//! ```

/// An RGB colour, 8 bits a channel.
pub type Rgb = [u8; 3];

/// Walls.
pub const WALL: Rgb = [0, 0, 0];
/// Open path cells.
pub const OPEN: Rgb = [255, 255, 255];
/// Path cells that are not kept: filled dead ends, cells a search never reached.
pub const FILLED: Rgb = [190, 190, 190];
/// Kept cells off the path (cycles and their accesses, cells reached, …).
pub const KEPT: Rgb = [255, 236, 150];
/// The start cell (and the entrance of a tree view, the start vertex of a graph).
pub const START: Rgb = [0, 170, 0];
/// The goal cell (and the exit of a tree view, the goal vertex of a graph).
pub const GOAL: Rgb = [220, 30, 30];
/// Attracted cells at rank 0 (the goal's end of a solution): the darkest shade of the
/// solution's blue.
pub const NEAR: Rgb = [0x21, 0x71, 0xb5];
/// Attracted cells at the largest rank: the lightest shade, still clearly blue next to the
/// white of the other path cells.
pub const FAR: Rgb = [0x9e, 0xca, 0xe1];
/// Cells of a solution path, and a strategy's edges: the solution's blue.
pub const PATH: Rgb = NEAR;
/// The background between the slices of an n-D picture and behind labels.
pub const BACKGROUND: Rgb = [225, 228, 236];
/// The wolf of a pursuit ([`arena_picture`](crate::game::arena_picture), the playground's wolf
/// game): dark brown, far from every other meaning and from the blues it stands on.
pub const WOLF: Rgb = [0x55, 0x37, 0x1e];
/// The sheep of a pursuit: pink, far from every other meaning and from the white passages.
pub const SHEEP: Rgb = [0xf5, 0x8c, 0xd2];
/// Portal pairs: pair `k` has colour `PORTALS[k % 8]`. None is green, red or blue, which mean
/// start, goal and solution.
pub const PORTALS: [Rgb; 8] = [
    [230, 25, 200],
    [0, 190, 200],
    [255, 140, 0],
    [120, 60, 200],
    [140, 200, 0],
    [160, 90, 40],
    [0, 110, 90],
    [150, 150, 0],
];

/// The colour `k` steps of `steps` from [`NEAR`] to [`FAR`] (linear, rounded to nearest;
/// `k` past the last step gives `FAR`).
///
/// ```
/// use mazegraph::palette::{shade, FAR, NEAR};
/// assert_eq!(shade(0, 10), NEAR);
/// assert_eq!(shade(9, 10), FAR);
/// ```
pub fn shade(k: u32, steps: u32) -> Rgb {
    let top = steps.saturating_sub(1).max(1);
    let k = k.min(top);
    let mut c = [0u8; 3];
    for i in 0..3 {
        let (a, b) = (u32::from(NEAR[i]), u32::from(FAR[i]));
        c[i] = ((a * (top - k) + b * k + top / 2) / top) as u8;
    }
    c
}

/// `#rrggbb`, as SVG, HTML and Graphviz write colours.
pub fn hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// True when white text reads better than black on `c` (Rec. 601 luminance below 55%).
///
/// ```
/// use mazegraph::palette::{is_dark, FAR, NEAR};
/// assert!(is_dark(NEAR) && !is_dark(FAR));
/// ```
pub fn is_dark(c: Rgb) -> bool {
    299 * u32::from(c[0]) + 587 * u32::from(c[1]) + 114 * u32::from(c[2]) < 140_000
}

/// A pale tint of `c` (three quarters white), for filled shapes under black text.
///
/// ```
/// use mazegraph::palette::{tint, WALL};
/// assert_eq!(tint(WALL), [191, 191, 191]);
/// ```
pub fn tint(c: Rgb) -> Rgb {
    c.map(|v| ((u32::from(v) + 3 * 255) / 4) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The city-block distance between two colours.
    fn dist(a: Rgb, b: Rgb) -> i32 {
        (0..3)
            .map(|i| (i32::from(a[i]) - i32::from(b[i])).abs())
            .sum()
    }

    /// The meanings stay apart: no portal colour is within reach of start, goal or the blues.
    #[test]
    fn portal_colours_are_far_from_the_colours_that_mean_something() {
        for p in PORTALS {
            for m in [START, GOAL, NEAR, FAR, PATH, FILLED, KEPT, WALL, OPEN] {
                assert!(dist(p, m) > 90, "{p:?} is too close to {m:?}");
            }
        }
        assert!(dist(GOAL, NEAR) > 200 && dist(START, NEAR) > 200);
    }

    /// The pieces have colours of their own: far from every other meaning, from each other and
    /// from every shade of the attractor they stand on.
    #[test]
    fn the_wolf_and_the_sheep_are_far_from_every_other_colour() {
        let others = [WALL, OPEN, FILLED, KEPT, START, GOAL, BACKGROUND]
            .into_iter()
            .chain(PORTALS)
            .chain((0..200).map(|k| shade(k, 200)));
        for other in others {
            for piece in [WOLF, SHEEP] {
                assert!(
                    dist(piece, other) > 90,
                    "{piece:?} is too close to {other:?}"
                );
            }
        }
        assert!(dist(WOLF, SHEEP) > 200);
    }
}
