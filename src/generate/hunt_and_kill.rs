//! Hunt-and-kill: a random walk that only enters unvisited rooms (the *kill*); when it is
//! stuck, scan the rooms in row-major order for an unvisited one beside a visited one (the
//! *hunt*), join them, and walk on from there. Like the backtracker, but without a stack.

use super::lattice::{below, Lattice, MAX_DIMS};
use crate::grid::Grid;
use rand::Rng;

/// Carves a perfect maze by hunt-and-kill.
///
/// Complexity: O(rooms · axes) for the walks; the hunts resume from the first unvisited
/// room and test 64 cells per step with word operations, so a hunt only rescans the partly
/// visited band ahead of it (worst case O(cells / 64) per hunt). One bit per cell.
///
/// ```
/// use mazegraph::generate::{hunt_and_kill::hunt_and_kill, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[6, 6], &Default::default()).unwrap();
/// assert!(lat.is_perfect(&hunt_and_kill(&lat, &mut rng_from_seed(11))));
/// ```
pub fn hunt_and_kill(lattice: &Lattice, rng: &mut impl Rng) -> Grid {
    let mut grid = lattice.walls();
    let start = lattice.random_room(rng);
    grid.set_path(start, true);
    run(lattice, grid, start, lattice.room_count() - 1, rng)
}

/// Extends the tree carved in `tree` (rooms of `lattice` and passages between them, at least
/// one room, connected and without cycles) to a perfect maze: the first walk starts from a random room of the tree;
/// the hunts find the rooms beside it.
///
/// Complexity: as [`hunt_and_kill`].
///
/// ```
/// use mazegraph::generate::{hunt_and_kill::extend, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[4, 4], &Default::default()).unwrap();
/// let mut tree = lat.walls();
/// Lattice::open(&mut tree, lat.room_cell(0), lat.room_cell(4));
/// let grid = extend(&lat, tree, &mut rng_from_seed(3));
/// assert!(lat.is_perfect(&grid) && grid.is_path(lat.room_cell(0) + 9));
/// ```
pub fn extend(lattice: &Lattice, mut grid: Grid, rng: &mut impl Rng) -> Grid {
    let (start, left) = super::tree_walk_start(lattice, &mut grid, rng);
    run(lattice, grid, start, left, rng)
}

/// Walks and hunts from `cur` until `left` more rooms are carved.
fn run(
    lattice: &Lattice,
    mut grid: Grid,
    mut cur: usize,
    mut left: usize,
    rng: &mut impl Rng,
) -> Grid {
    let mut options = [0usize; 2 * MAX_DIMS];
    // Every carvable room before word `cursor` is visited.
    let mut cursor = 0usize;
    while left > 0 {
        crate::stop::check();
        // Kill: walk into unvisited rooms.
        let mut n = 0;
        lattice.for_each_neighbour(cur, |_, _, j| {
            if !grid.is_path(j) {
                options[n] = j;
                n += 1;
            }
        });
        if n > 0 {
            let next = options[below(rng, n)];
            Lattice::open(&mut grid, cur, next);
            left -= 1;
            cur = next;
            continue;
        }
        // Hunt: the first unvisited room with a visited neighbour.
        let found = hunt(lattice, &grid, &mut cursor).map(|u| {
            let mut n = 0;
            lattice.for_each_neighbour(u, |_, _, j| {
                if grid.is_path(j) {
                    options[n] = j;
                    n += 1;
                }
            });
            (u, options[below(rng, n)])
        });
        match found {
            Some((u, v)) => {
                Lattice::open(&mut grid, v, u);
                left -= 1;
                cur = u;
            }
            None => break,
        }
    }
    grid
}

const B: usize = usize::BITS as usize;

/// The first unvisited room with a visited neighbour, scanning 64 cells at a time: a word of
/// candidates is `allowed & !path & (path shifted by ±2·stride along each axis)`. Stepping
/// two cells from a room lands on a room or on the frame (never path while carving), so
/// shifted bits never pair a room with a cell that is not its neighbour. `cursor` is the
/// first word that may hold an unvisited room; it only moves forward.
fn hunt(lattice: &Lattice, grid: &Grid, cursor: &mut usize) -> Option<usize> {
    let allowed = lattice.allowed().as_slice();
    let path = grid.bits().as_slice();
    let strides = lattice.cells().strides();
    let mut w = *cursor;
    let mut advancing = true;
    while w < allowed.len() {
        crate::stop::check();
        let unvisited = allowed[w] & !path[w];
        if unvisited == 0 {
            if advancing {
                *cursor = w + 1;
            }
            w += 1;
            continue;
        }
        advancing = false;
        let base = (w * B) as isize;
        let mut beside = 0;
        for &s in strides {
            let off = 2 * s as isize;
            beside |= bits_at(path, base + off) | bits_at(path, base - off);
        }
        let found = unvisited & beside;
        if found != 0 {
            return Some(w * B + found.trailing_zeros() as usize);
        }
        w += 1;
    }
    None
}

/// The `B` bits of `words` starting at bit `pos` (bits outside the slice read 0).
#[inline]
fn bits_at(words: &[usize], pos: isize) -> usize {
    let q = pos.div_euclid(B as isize);
    let r = pos.rem_euclid(B as isize) as usize;
    let word = |i: isize| -> usize {
        usize::try_from(i)
            .ok()
            .and_then(|i| words.get(i))
            .copied()
            .unwrap_or(0)
    };
    if r == 0 {
        word(q)
    } else {
        (word(q) >> r) | (word(q + 1) << (B - r))
    }
}

#[cfg(test)]
mod tests {
    use super::super::{testing, Algorithm};

    #[test]
    fn perfect_in_1d_to_4d() {
        testing::check_perfect(
            Algorithm::HuntAndKill,
            &[&[1], &[7], &[6, 9], &[3, 4, 5], &[2, 3, 2, 3]],
        );
        testing::check_masked(Algorithm::HuntAndKill);
    }
}
