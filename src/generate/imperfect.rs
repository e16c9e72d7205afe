//! Imperfect mazes from carved ones: [`add_loops`] opens extra walls (each one closes a
//! cycle in a perfect maze) and [`braid`] removes dead ends (a *braid* maze, seed 003).

use super::lattice::{below, shuffle, Lattice, MAX_DIMS};
use crate::error::{Error, Result};
use crate::grid::Grid;
use rand::Rng;

/// Opens `k` closed walls between two rooms, chosen uniformly at random; in a perfect maze
/// each one adds exactly one cycle. Fails, changing nothing, when fewer than `k` walls are
/// closed.
///
/// Complexity: O(k) expected when walls are plentiful, otherwise O(cells).
///
/// ```
/// use mazegraph::generate::{backtracker::backtracker, imperfect::add_loops, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[5, 5], &Default::default()).unwrap();
/// let mut rng = rng_from_seed(1);
/// let mut grid = backtracker(&lat, &mut rng);
/// add_loops(&lat, &mut grid, 3, &mut rng).unwrap();
/// assert_eq!(lat.passage_count(&grid), 24 + 3);
/// assert!(add_loops(&lat, &mut grid, 100, &mut rng).is_err());
/// ```
pub fn add_loops(lattice: &Lattice, grid: &mut Grid, k: usize, rng: &mut impl Rng) -> Result<()> {
    let total = lattice.internal_wall_count();
    let closed = total - lattice.passage_count(grid);
    if k > closed {
        return Err(Error::InvalidMaze(format!(
            "cannot open {k} more walls: only {closed} walls between rooms are closed"
        )));
    }
    let n = lattice.ndim();
    let cs = lattice.cells().strides();
    let box_walls = lattice.rooms().len().saturating_mul(n);
    if k.saturating_mul(4) <= closed && closed.saturating_mul(4) >= box_walls {
        // Plenty of closed walls: draw (room, axis) pairs until k closed ones are hit.
        let mut opened = 0;
        while opened < k {
            crate::stop::check();
            let c = lattice.room_cell(below(rng, lattice.rooms().len()));
            let axis = below(rng, n);
            let (w, j) = (c + cs[axis], c + 2 * cs[axis]);
            if lattice.is_room(c) && lattice.is_room(j) && !grid.is_path(w) {
                grid.set_path(w, true);
                opened += 1;
            }
        }
    } else {
        let mut walls = Vec::with_capacity(closed);
        for c in lattice.allowed().ones() {
            crate::stop::check();
            lattice.for_each_neighbour(c, |d, w, _| {
                if d % 2 == 1 && !grid.is_path(w) {
                    walls.push(w);
                }
            });
        }
        // A partial Fisher–Yates shuffle: the first k are a uniform sample.
        for i in 0..k {
            let j = i + below(rng, walls.len() - i);
            walls.swap(i, j);
            grid.set_path(walls[i], true);
        }
    }
    Ok(())
}

/// Removes dead ends: every room with one open side (openings in the frame count) opens one
/// more wall to a neighbouring room, preferring a neighbour that is a dead end too (which
/// fixes both with one wall). Dead ends are visited in random order. A room whose only
/// neighbour in the maze is the one it is joined to stays a dead end. Returns the number of
/// walls opened.
///
/// Complexity: O(cells) time; 8 bytes per dead end.
///
/// ```
/// use mazegraph::generate::{imperfect::braid, kruskal::kruskal, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[6, 6], &Default::default()).unwrap();
/// let mut rng = rng_from_seed(2);
/// let mut grid = kruskal(&lat, &mut rng).unwrap();
/// assert!(braid(&lat, &mut grid, &mut rng) > 0);
/// let dead = lat.allowed().ones().filter(|&c| grid.path_degree(c) == 1).count();
/// assert_eq!(dead, 0);
/// ```
pub fn braid(lattice: &Lattice, grid: &mut Grid, rng: &mut impl Rng) -> usize {
    let degree = |grid: &Grid, c: usize| {
        let mut d = 0;
        for &s in lattice.cells().strides() {
            d += usize::from(grid.is_path(c - s)) + usize::from(grid.is_path(c + s));
        }
        d
    };
    let mut dead: Vec<usize> = lattice
        .allowed()
        .ones()
        .filter(|&c| degree(grid, c) == 1)
        .collect();
    shuffle(&mut dead, rng);
    let mut opened = 0;
    let mut best = [0usize; 2 * MAX_DIMS];
    let mut other = [0usize; 2 * MAX_DIMS];
    for c in dead {
        crate::stop::check();
        if degree(grid, c) != 1 {
            continue;
        }
        let (mut nb, mut no) = (0, 0);
        lattice.for_each_neighbour(c, |_, w, j| {
            if !grid.is_path(w) {
                if degree(grid, j) == 1 {
                    best[nb] = w;
                    nb += 1;
                } else {
                    other[no] = w;
                    no += 1;
                }
            }
        });
        let w = if nb > 0 {
            best[below(rng, nb)]
        } else if no > 0 {
            other[below(rng, no)]
        } else {
            continue;
        };
        grid.set_path(w, true);
        opened += 1;
    }
    opened
}

#[cfg(test)]
mod tests {
    use super::super::{carve, rng_from_seed, Algorithm, Mask};
    use super::*;
    use crate::grid::Limits;

    #[test]
    fn loops_add_exactly_k_passages_in_both_regimes() {
        let lat = Lattice::new(&[7, 8], &Limits::default()).unwrap();
        let closed = 6 * 7;
        for k in [1, 5, 20, closed] {
            let mut rng = rng_from_seed(k as u64);
            let mut g = carve(Algorithm::Wilson, &lat, &mut rng).unwrap();
            add_loops(&lat, &mut g, k, &mut rng).unwrap();
            assert_eq!(lat.passage_count(&g), 55 + k);
        }
        let mut g = carve(Algorithm::Prim, &lat, &mut rng_from_seed(0)).unwrap();
        let before = g.clone();
        assert!(add_loops(&lat, &mut g, closed + 1, &mut rng_from_seed(0)).is_err());
        assert_eq!(g, before);
    }

    #[test]
    fn braid_leaves_no_dead_end_but_forced_ones() {
        let l = Limits::default();
        let lats = [
            Lattice::new(&[9, 9], &l).unwrap(),
            Lattice::new(&[3, 4, 3], &l).unwrap(),
            Lattice::from_mask(&Mask::triangle(&[6, 11]).unwrap(), &l).unwrap(),
        ];
        for lat in &lats {
            let mut rng = rng_from_seed(4);
            let mut g = carve(Algorithm::Backtracker, lat, &mut rng).unwrap();
            braid(lat, &mut g, &mut rng);
            for c in lat.allowed().ones() {
                if g.path_degree(c) == 1 {
                    let mut nbs = 0;
                    lat.for_each_neighbour(c, |_, _, _| nbs += 1);
                    assert_eq!(nbs, 1, "dead end left at {:?}", lat.cells().coords(c));
                }
            }
        }
    }
}
