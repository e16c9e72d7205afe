//! Tilings: which rooms exist, which are neighbours, where they lie and how the wall between
//! two neighbours is drawn, for mazes whose rooms are not the squares of the cell grid.
//!
//! The n-D square grid stays the [`crate::grid`] cell grid (its hot paths untouched); this
//! module adds, one file each, the room shapes of *Mazes for Programmers*:
//!
//! | name | file | rooms | size | labels |
//! |---|---|---|---|---|
//! | `sigma`, `sigma-flat` | [`sigma`] | hexagons, pointy- or flat-topped | `ROWSxCOLS`, or `N` (a hexagon of side N) | `(row, col)`; `(q, r)` axial on a hexagon |
//! | `delta` | [`delta`] | triangles, up and down in turn | `ROWSxCOLS`, or `N` (a triangle of side N) | `(row, col)` |
//! | `theta` | [`theta`] | a centre disc and rings of sectors, doubling outward | `RINGS` or `RINGSxSECTORS` | `(ring, sector)`, the centre `(0, 0)` |
//! | `upsilon` | [`upsilon`] | octagons and squares in turn | `ROWSxCOLS` | `(row, col)` |
//! | `weave` | [`weave`] | squares whose passages cross, one under the other | `ROWSxCOLS` | `(row, col)` |
//!
//! Every tiling implements [`Tiles`]; [`Tiling`] holds any of them (a closed enum, one
//! `match` per method). Geometry is in *room units*: neighbouring room centres are about one
//! unit apart (a theta ring is one unit deep), `y` grows downwards as on a page. Each room
//! gives its [`Side`]s in order around it: a straight segment or an arc about the origin,
//! with the neighbour behind it or `None` on the outer boundary. The wall between two
//! neighbours is the side they share; the outer boundary is the sides with no neighbour.
//!
//! Algorithms that work on any graph take the [`Adjacency`] (compressed rows of `u32`, each
//! edge numbered once), not the tiling: [`crate::generate::graph`] carves it, and
//! [`TiledMaze`] is a tiling, its adjacency and the set of open walls.
//!
//! ```
//! use mazegraph::tiling::{Tiling, Tiles};
//! let t = Tiling::new("theta", &[4], &Default::default()).unwrap();
//! // The centre, 6 sectors in ring 1, then 12, 12 (doubling where sectors grow too wide).
//! assert_eq!(t.room_count(), 1 + 6 + 12 + 12);
//! assert_eq!(t.label(0), vec![0, 0]);
//! let mut ns = Vec::new();
//! t.neighbours(1, &mut ns); // ring 1, sector 0: the centre, two sides, two outer rooms
//! ns.sort();
//! assert_eq!(ns, vec![0, 2, 6, 7, 8]);
//! ```

pub mod adjacency;
pub mod delta;
pub mod draw;
pub mod maze;
pub mod overlay;
pub mod picture;
pub mod sigma;
pub mod solve;
pub mod theta;
pub mod upsilon;
pub mod weave;

pub use adjacency::Adjacency;
pub use delta::Delta;
pub use maze::TiledMaze;
pub use sigma::Sigma;
pub use theta::Theta;
pub use upsilon::Upsilon;
pub use weave::Weave;

use crate::error::{Error, Result};
use crate::grid::Limits;

/// A point in room units, `[x, y]`, `y` downwards.
pub type Point = [f64; 2];

/// One side of a room: the segment from `a` to `b` (or, when `arc`, the shorter circular arc
/// about the origin from `a` to `b`: theta's arcs span less than half a turn), and the room
/// behind it (`None` on the outer boundary).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Side {
    /// First end.
    pub a: Point,
    /// Second end.
    pub b: Point,
    /// True for the shorter arc about the origin from `a` to `b` (both at the same radius).
    pub arc: bool,
    /// The neighbour behind this side, if any.
    pub neighbour: Option<u32>,
}

/// What every tiling says about its rooms. Rooms are numbered `0..room_count()`.
pub trait Tiles {
    /// Number of rooms.
    fn room_count(&self) -> usize;
    /// Appends the neighbours of `room` to `out` (each once, in no particular order).
    fn neighbours(&self, room: u32, out: &mut Vec<u32>);
    /// The room's coordinates as its label says them (`(row, col)`, `(ring, sector)`, …).
    fn label(&self, room: u32) -> Vec<i64>;
    /// The room with these coordinates, if any.
    fn room(&self, label: &[i64]) -> Option<u32>;
    /// The room's centre, in room units.
    fn centre(&self, room: u32) -> Point;
    /// Appends the room's sides to `out`, in order around it.
    fn sides(&self, room: u32, out: &mut Vec<Side>);
    /// The default start and goal: the entrance and exit a person expects.
    fn terminals(&self) -> (u32, u32) {
        (0, self.room_count().saturating_sub(1) as u32)
    }
    /// The room a tunnel between neighbours `a` and `b` passes under (a weave's), `None` for
    /// neighbours that share a side.
    fn under(&self, _a: u32, _b: u32) -> Option<u32> {
        None
    }
}

/// Any tiling: a closed set, one variant per file.
#[derive(Clone, Debug, PartialEq)]
pub enum Tiling {
    /// Hexagons ([`sigma`]).
    Sigma(Sigma),
    /// Triangles ([`delta`]).
    Delta(Delta),
    /// Rings of sectors ([`theta`]).
    Theta(Theta),
    /// Octagons and squares ([`upsilon`]).
    Upsilon(Upsilon),
    /// A square grid whose passages may cross ([`weave`]).
    Weave(Weave),
}

/// The tiling names [`Tiling::new`] takes, in the order help lists them.
pub const NAMES: [&str; 6] = ["sigma", "sigma-flat", "delta", "theta", "upsilon", "weave"];

macro_rules! each {
    ($self:expr, $t:ident => $e:expr) => {
        match $self {
            Tiling::Sigma($t) => $e,
            Tiling::Delta($t) => $e,
            Tiling::Theta($t) => $e,
            Tiling::Upsilon($t) => $e,
            Tiling::Weave($t) => $e,
        }
    };
}

impl Tiling {
    /// The tiling `name` (one of [`NAMES`]) of this size (`[rows, cols]`, or one number for
    /// the board of its own shape; theta: `[rings]` or `[rings, sectors]`). Sizes that the
    /// tiling cannot hold, and room counts over `limits`, are refused before anything is
    /// allocated (the room count is computed with checked arithmetic).
    pub fn new(name: &str, size: &[usize], limits: &Limits) -> Result<Tiling> {
        let t = match name.to_ascii_lowercase().as_str() {
            "sigma" | "hex" => Tiling::Sigma(Sigma::new(size, false, limits)?),
            "sigma-flat" | "hex-flat" => Tiling::Sigma(Sigma::new(size, true, limits)?),
            "delta" | "triangle" => Tiling::Delta(Delta::new(size, limits)?),
            "theta" | "circle" => Tiling::Theta(Theta::new(size, limits)?),
            "upsilon" | "octagon" => Tiling::Upsilon(Upsilon::new(size, limits)?),
            "weave" => Tiling::Weave(Weave::new(size, limits)?),
            _ => {
                return Err(Error::Unsupported(format!(
                    "unknown tiling {name:?} (known: {})",
                    NAMES.join(", ")
                )))
            }
        };
        if t.room_count() < 2 {
            // Start and goal are rooms: one room would be both.
            let bigger = match (&t, size.len()) {
                (Tiling::Theta(_), _) | (_, 1) => "2",
                _ => "1x2",
            };
            return Err(Error::InvalidArgument(format!(
                "a maze of 1 room would have its start on its goal: give a size of 2 rooms or \
                 more (e.g. {bigger})"
            )));
        }
        Ok(t)
    }

    /// The tiling's name, as [`Tiling::new`] takes it.
    pub fn name(&self) -> &'static str {
        match self {
            Tiling::Sigma(s) if s.is_flat() => "sigma-flat",
            Tiling::Sigma(_) => "sigma",
            Tiling::Delta(_) => "delta",
            Tiling::Theta(_) => "theta",
            Tiling::Upsilon(_) => "upsilon",
            Tiling::Weave(_) => "weave",
        }
    }

    /// The size as [`Tiling::new`] takes it.
    pub fn size(&self) -> Vec<usize> {
        each!(self, t => t.size())
    }

    /// The size as text: `30x40`, `8`.
    pub fn size_text(&self) -> String {
        self.size()
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join("x")
    }

    /// The smallest box `[min, max]` holding every room, in room units.
    pub fn bounds(&self) -> [Point; 2] {
        each!(self, t => t.bounds())
    }
}

impl Tiles for Tiling {
    fn room_count(&self) -> usize {
        each!(self, t => t.room_count())
    }
    #[inline]
    fn neighbours(&self, room: u32, out: &mut Vec<u32>) {
        each!(self, t => t.neighbours(room, out))
    }
    fn label(&self, room: u32) -> Vec<i64> {
        each!(self, t => t.label(room))
    }
    fn room(&self, label: &[i64]) -> Option<u32> {
        each!(self, t => t.room(label))
    }
    fn centre(&self, room: u32) -> Point {
        each!(self, t => t.centre(room))
    }
    fn sides(&self, room: u32, out: &mut Vec<Side>) {
        each!(self, t => t.sides(room, out))
    }
    fn terminals(&self) -> (u32, u32) {
        each!(self, t => t.terminals())
    }
    fn under(&self, a: u32, b: u32) -> Option<u32> {
        each!(self, t => t.under(a, b))
    }
}

/// Bytes of memory a tiled maze of `rooms` rooms of up to `degree` neighbours needs (its
/// adjacency, open walls and a generator's work arrays), for the budget.
pub fn bytes_needed(rooms: u64, degree: u64) -> u64 {
    // offsets 4, targets and edge ids 8 per entry, ends 8 per edge (half an entry), the
    // generator's arrays (about 16 per room).
    rooms.saturating_mul(20 + degree.saturating_mul(12))
}

/// Checks a room count (`None`: it overflowed) and the memory it needs against `limits`.
pub(crate) fn check_rooms(rooms: Option<u64>, degree: u64, limits: &Limits) -> Result<usize> {
    let rooms = rooms.unwrap_or(u64::MAX);
    limits.check(rooms)?;
    // Edges count too: each room has up to `degree` walls, each shared by two rooms.
    limits.check(rooms.saturating_mul(degree) / 2)?;
    limits.check_bytes(
        &format!("a tiled maze of {rooms} rooms"),
        bytes_needed(rooms, degree),
    )?;
    if rooms >= u64::from(u32::MAX / 8) {
        return Err(Error::TooLarge {
            cells: rooms,
            limit: u64::from(u32::MAX / 8),
        });
    }
    usize::try_from(rooms).map_err(|_| Error::TooLarge {
        cells: rooms,
        limit: limits.max_cells,
    })
}

/// Two dimensions `[rows, cols]` from a size, or the error naming the tiling.
pub(crate) fn two(name: &str, size: &[usize]) -> Result<(usize, usize)> {
    match *size {
        [r, c] if r >= 1 && c >= 1 => Ok((r, c)),
        _ => Err(Error::InvalidArgument(format!(
            "{name} takes --size ROWSxCOLS (at least 1x1), not {}",
            size.iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join("x")
        ))),
    }
}

/// The point at `radius` and `angle` (radians, clockwise from the top).
pub(crate) fn polar(radius: f64, angle: f64) -> Point {
    [radius * angle.sin(), -radius * angle.cos()]
}

/// A side from `a` to `b` (straight) with its neighbour.
pub(crate) fn line(a: Point, b: Point, neighbour: Option<u32>) -> Side {
    Side {
        a,
        b,
        arc: false,
        neighbour,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Every tiling of a few small sizes.
    pub(crate) fn small() -> Vec<Tiling> {
        let l = Limits::default();
        let mut v = Vec::new();
        for (name, size) in [
            ("sigma", vec![4, 5]),
            ("sigma", vec![1, 2]),
            ("sigma", vec![3]),
            ("sigma-flat", vec![5, 3]),
            ("sigma-flat", vec![2]),
            ("delta", vec![3, 6]),
            ("delta", vec![4]),
            ("theta", vec![2]),
            ("theta", vec![5]),
            ("theta", vec![4, 3]),
            ("upsilon", vec![4, 5]),
            ("upsilon", vec![1, 2]),
        ] {
            v.push(Tiling::new(name, &size, &l).unwrap());
        }
        v
    }

    fn key(p: Point) -> (i64, i64) {
        ((p[0] * 1e6).round() as i64, (p[1] * 1e6).round() as i64)
    }

    /// A side without its direction, for comparison.
    fn seg(s: &Side) -> ((i64, i64), (i64, i64), bool) {
        let (a, b) = (key(s.a), key(s.b));
        (a.min(b), a.max(b), s.arc)
    }

    /// Neighbours are symmetric, distinct, not the room itself; labels round trip; every
    /// wall is a side of exactly its two rooms, seen from both with the other as neighbour;
    /// every side with no neighbour is on the boundary only once.
    pub(crate) fn check(t: &Tiling) {
        let n = t.room_count();
        let mut ns = Vec::new();
        let mut sides = Vec::new();
        let mut seen: HashMap<_, Vec<(u32, Option<u32>)>> = HashMap::new();
        for r in 0..n as u32 {
            ns.clear();
            t.neighbours(r, &mut ns);
            let mut sorted = ns.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), ns.len(), "{t:?} room {r}: {ns:?}");
            for &m in &ns {
                assert_ne!(m, r);
                assert!((m as usize) < n);
                let mut back = Vec::new();
                t.neighbours(m, &mut back);
                assert!(back.contains(&r), "{t:?}: {r} -> {m} not symmetric");
            }
            assert_eq!(t.room(&t.label(r)), Some(r), "{t:?} label {:?}", t.label(r));
            sides.clear();
            t.sides(r, &mut sides);
            let mut behind: Vec<u32> = sides.iter().filter_map(|s| s.neighbour).collect();
            behind.sort();
            behind.dedup();
            // A weave's tunnels have no side: they pass under the room between.
            let beside: Vec<u32> = sorted
                .iter()
                .copied()
                .filter(|&m| t.under(r, m).is_none())
                .collect();
            assert_eq!(
                behind, beside,
                "{t:?} room {r}: sides and neighbours differ"
            );
            for s in &sides {
                seen.entry(seg(s)).or_default().push((r, s.neighbour));
            }
            // The sides go round the room: each ends where the next starts.
            for k in 0..sides.len() {
                let next = sides[(k + 1) % sides.len()];
                assert_eq!(key(sides[k].b), key(next.a), "{t:?} room {r} side {k}");
            }
        }
        for (s, rooms) in &seen {
            match rooms.as_slice() {
                [(a, Some(b)), (c, Some(d))] => assert!(a == d && b == c, "{t:?} {s:?}"),
                [(_, None)] => {}
                other => panic!("{t:?}: side {s:?} of {other:?}"),
            }
        }
        let (s, g) = t.terminals();
        assert!((s as usize) < n && (g as usize) < n);
        assert!(n == 1 || s != g);
    }

    #[test]
    fn every_small_tiling_is_consistent() {
        for t in small() {
            check(&t);
        }
    }

    /// The bounds of the rooms' corners, from every room's sides (for tilings without a closed form).
    fn corner_bounds(t: &impl Tiles, rooms: impl Iterator<Item = u32>) -> [Point; 2] {
        let mut lo = [f64::INFINITY; 2];
        let mut hi = [f64::NEG_INFINITY; 2];
        let mut sides = Vec::new();
        for r in rooms {
            sides.clear();
            t.sides(r, &mut sides);
            for s in &sides {
                for p in [s.a, s.b] {
                    for k in 0..2 {
                        lo[k] = lo[k].min(p[k]);
                        hi[k] = hi[k].max(p[k]);
                    }
                }
            }
        }
        if lo[0] > hi[0] {
            return [[0.0; 2]; 2];
        }
        [lo, hi]
    }

    #[test]
    fn bounds_are_the_corners_box() {
        for t in small() {
            let [lo, hi] = corner_bounds(&t, 0..t.room_count() as u32);
            let [blo, bhi] = t.bounds();
            for k in 0..2 {
                if let Tiling::Theta(_) = t {
                    // Arcs bulge past their corners: the box is the outer circle's.
                    assert!(blo[k] <= lo[k] + 1e-9 && bhi[k] >= hi[k] - 1e-9);
                } else {
                    assert!((lo[k] - blo[k]).abs() < 1e-9, "{t:?}: {lo:?} {blo:?}");
                    assert!((hi[k] - bhi[k]).abs() < 1e-9, "{t:?}: {hi:?} {bhi:?}");
                }
            }
        }
    }

    #[test]
    fn unknown_names_and_bad_sizes_are_refused() {
        let l = Limits::default();
        assert!(Tiling::new("pentagon", &[3, 3], &l).is_err());
        assert!(Tiling::new("upsilon", &[3], &l).is_err());
        assert!(Tiling::new("sigma", &[0, 3], &l).is_err());
        // One room would be both start and goal: every tiling refuses it, and takes two.
        for (name, one, two) in [
            ("sigma", &[1][..], &[1, 2][..]),
            ("sigma-flat", &[1, 1], &[2]),
            ("delta", &[1], &[2]),
            ("theta", &[1], &[2]),
            ("upsilon", &[1, 1], &[1, 2]),
            ("weave", &[1, 1], &[1, 2]),
        ] {
            let e = Tiling::new(name, one, &l).unwrap_err().to_string();
            assert!(e.contains("start on its goal"), "{name}: {e}");
            let t = Tiling::new(name, two, &l).unwrap();
            let (start, goal) = t.terminals();
            assert_ne!(start, goal, "{name} {two:?}");
        }
        assert!(Tiling::new("delta", &[3, 3, 3], &l).is_err());
        let big = Tiling::new("sigma", &[usize::MAX, usize::MAX], &l).unwrap_err();
        assert!(matches!(big, Error::TooLarge { .. }), "{big}");
        assert!(Tiling::new("sigma", &[1000, 1000], &Limits::cells(1000)).is_err());
    }

    proptest::proptest! {
        #[test]
        fn random_sizes_are_consistent(kind in 0usize..6, a in 1usize..7, b in 1usize..7, one in proptest::bool::ANY) {
            let name = NAMES[kind];
            let size = if one && name != "upsilon" && name != "weave" { vec![a] } else { vec![a, b] };
            let size = if name == "theta" && size.len() == 2 { vec![a, b + 2] } else { size };
            match Tiling::new(name, &size, &Limits::default()) {
                Ok(t) => check(&t),
                // One room: refused, since its start would be its goal.
                Err(e) => proptest::prop_assert!(e.to_string().contains("start on its goal"), "{e}"),
            }
        }
    }
}
