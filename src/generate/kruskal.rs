//! Random path merging (seed 000's *fusion aléatoire de chemins*, Kruskal's algorithm on
//! random weights): every wall between two rooms, in random order, is opened when its rooms
//! are not yet joined. A union-find with path compression and union by rank answers "joined?"
//! in near-constant time. Balanced trees, many short branches.

use super::lattice::{shuffle, Lattice};
use crate::error::{Error, Result};
use crate::grid::Grid;
use rand::Rng;

/// A disjoint-set forest over `0..n` with path compression and union by rank.
///
/// One `u32` per element: a parent index, or for a root the flag bit 31 and the rank, so a
/// find touches one array (one cache miss per step instead of two).
///
/// ```
/// use mazegraph::generate::kruskal::UnionFind;
/// let mut uf = UnionFind::new(4).unwrap();
/// assert!(uf.union(0, 1) && uf.union(2, 3) && !uf.union(1, 0));
/// assert_eq!(uf.find(1), uf.find(0));
/// assert_ne!(uf.find(1), uf.find(2));
/// ```
#[derive(Clone, Debug)]
pub struct UnionFind {
    slot: Vec<u32>,
}

const ROOT: u32 = 1 << 31;

impl UnionFind {
    /// `n` singletons; fails when `n` > 2³¹.
    pub fn new(n: usize) -> Result<UnionFind> {
        if n > ROOT as usize {
            return Err(Error::Unsupported(format!(
                "{n} rooms are too many for a union-find (at most 2^31)"
            )));
        }
        Ok(UnionFind {
            slot: vec![ROOT; n],
        })
    }

    /// The representative of `x`'s set; compresses the path to it.
    ///
    /// Complexity: amortized O(α(n)).
    pub fn find(&mut self, x: usize) -> usize {
        let mut root = x;
        while self.slot[root] & ROOT == 0 {
            root = self.slot[root] as usize;
        }
        let mut y = x;
        while self.slot[y] & ROOT == 0 {
            let next = self.slot[y] as usize;
            self.slot[y] = root as u32;
            y = next;
        }
        root
    }

    /// Joins the sets of `a` and `b`; false when they were already one.
    pub fn union(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        let (ka, kb) = (self.slot[ra] & !ROOT, self.slot[rb] & !ROOT);
        match ka.cmp(&kb) {
            std::cmp::Ordering::Less => self.slot[ra] = rb as u32,
            std::cmp::Ordering::Greater => self.slot[rb] = ra as u32,
            std::cmp::Ordering::Equal => {
                self.slot[rb] = ra as u32;
                self.slot[ra] += 1;
            }
        }
        true
    }
}

/// Every wall between two carvable rooms as `room index · axes + axis` (towards the upper
/// neighbour), in row-major order. Fails past 2³² walls.
pub(crate) fn internal_walls(lattice: &Lattice) -> Result<Vec<u32>> {
    let n = lattice.ndim();
    if lattice.rooms().len().saturating_mul(n) > u32::MAX as usize {
        return Err(Error::Unsupported(format!(
            "{} rooms are too many for this algorithm (at most {} walls)",
            lattice.rooms().len(),
            u32::MAX
        )));
    }
    let cs = lattice.cells().strides();
    let mut walls = Vec::with_capacity(lattice.room_count() * n);
    for c in lattice.allowed().ones() {
        crate::stop::check();
        let r = lattice.room_index(c);
        for k in 0..n {
            if lattice.is_room(c + 2 * cs[k]) {
                walls.push((r * n + k) as u32);
            }
        }
    }
    Ok(walls)
}

/// Carves a perfect maze by random path merging (Kruskal).
///
/// Complexity: O(walls · α(rooms)) time after an O(walls) shuffle; 4 bytes per wall and
/// per room. Limited to 2³² walls.
///
/// ```
/// use mazegraph::generate::{kruskal::kruskal, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[4, 5, 3], &Default::default()).unwrap();
/// let grid = kruskal(&lat, &mut rng_from_seed(2)).unwrap();
/// assert!(lat.is_perfect(&grid));
/// ```
pub fn kruskal(lattice: &Lattice, rng: &mut impl Rng) -> Result<Grid> {
    extend(lattice, lattice.walls(), rng)
}

/// Extends the forest carved in `tree` (rooms of `lattice` and passages between them,
/// without cycles; all walls is the empty forest) to a perfect maze by random path merging:
/// the forest's passages are merged first, then the other walls in random order.
///
/// Complexity: as [`kruskal`].
///
/// ```
/// use mazegraph::generate::{kruskal::extend, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[3, 5], &Default::default()).unwrap();
/// let mut tree = lat.walls();
/// Lattice::open(&mut tree, lat.room_cell(1), lat.room_cell(2)); // rooms (0, 1) and (0, 2)
/// let grid = extend(&lat, tree, &mut rng_from_seed(4)).unwrap();
/// assert!(lat.is_perfect(&grid) && grid.is_path(lat.room_cell(1) + 1));
/// ```
pub fn extend(lattice: &Lattice, mut grid: Grid, rng: &mut impl Rng) -> Result<Grid> {
    let n = lattice.ndim();
    let mut walls = internal_walls(lattice)?;
    shuffle(&mut walls, rng);
    let rs = lattice.rooms().strides();
    let cs = lattice.cells().strides();
    let mut uf = UnionFind::new(lattice.rooms().len())?;
    // The given forest's passages first.
    let mut merged = 0;
    for c in lattice.allowed().ones() {
        crate::stop::check();
        if !grid.is_path(c) {
            continue;
        }
        let r = lattice.room_index(c);
        for k in 0..n {
            if lattice.is_room(c + 2 * cs[k]) && grid.is_path(c + cs[k]) && uf.union(r, r + rs[k]) {
                merged += 1;
            }
        }
    }
    for c in lattice.allowed().ones() {
        crate::stop::check();
        grid.set_path(c, true);
    }
    let mut left = lattice.room_count().saturating_sub(1 + merged);
    for w in walls {
        crate::stop::check();
        if left == 0 {
            break;
        }
        let (r, k) = (w as usize / n, w as usize % n);
        if uf.union(r, r + rs[k]) {
            grid.set_path(lattice.room_cell(r) + cs[k], true);
            left -= 1;
        }
    }
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::super::lattice::below;
    use super::super::{rng_from_seed, testing, Algorithm};
    use super::UnionFind;

    #[test]
    fn union_find_agrees_with_naive_labels() {
        let n = 300;
        let mut uf = UnionFind::new(n).unwrap();
        let mut label: Vec<usize> = (0..n).collect();
        let mut rng = rng_from_seed(5);
        for _ in 0..400 {
            let (a, b) = (below(&mut rng, n), below(&mut rng, n));
            let joined = label[a] != label[b];
            assert_eq!(uf.union(a, b), joined);
            if joined {
                let (from, to) = (label[b], label[a]);
                label
                    .iter_mut()
                    .filter(|l| **l == from)
                    .for_each(|l| *l = to);
            }
        }
        for a in 0..n {
            for b in [0, a / 2, n - 1] {
                assert_eq!(uf.find(a) == uf.find(b), label[a] == label[b]);
            }
        }
        assert!(UnionFind::new((1 << 31) + 1).is_err());
    }

    #[test]
    fn perfect_in_1d_to_4d() {
        testing::check_perfect(
            Algorithm::Kruskal,
            &[&[1], &[7], &[6, 9], &[3, 4, 5], &[2, 3, 2, 3]],
        );
        testing::check_masked(Algorithm::Kruskal);
    }
}
