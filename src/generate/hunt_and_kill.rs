//! Hunt-and-kill: a random walk that only enters unvisited rooms (the *kill*); when it is
//! stuck, scan the rooms in row-major order for an unvisited one beside a visited one (the
//! *hunt*), join them, and walk on from there. Like the backtracker, but without a stack.

use super::lattice::{below, Lattice, MAX_DIMS};
use crate::grid::Grid;
use rand::Rng;

/// Carves a perfect maze by hunt-and-kill.
///
/// Complexity: O(rooms · axes) for the walks; the hunts resume from the first unvisited
/// room, so a hunt only rescans the partly visited band ahead of it (worst case
/// O(rooms²/width), typically a few rows). One bit per cell.
///
/// ```
/// use mazegraph::generate::{hunt_and_kill::hunt_and_kill, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[6, 6], &Default::default()).unwrap();
/// assert!(lat.is_perfect(&hunt_and_kill(&lat, &mut rng_from_seed(11))));
/// ```
pub fn hunt_and_kill(lattice: &Lattice, rng: &mut impl Rng) -> Grid {
    let mut grid = lattice.walls();
    let mut cur = lattice.random_room(rng);
    grid.set_path(cur, true);
    let mut left = lattice.room_count() - 1;
    let mut options = [0usize; 2 * MAX_DIMS];
    // Every carvable room before `cursor` is visited.
    let mut cursor = 0usize;
    while left > 0 {
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
        let mut found = None;
        let mut c = cursor;
        while let Some(u) = next_unvisited(lattice, &grid, c) {
            if c == cursor {
                cursor = u;
            }
            let mut n = 0;
            lattice.for_each_neighbour(u, |_, _, j| {
                if grid.is_path(j) {
                    options[n] = j;
                    n += 1;
                }
            });
            if n > 0 {
                found = Some((u, options[below(rng, n)]));
                break;
            }
            c = u + 1;
        }
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

/// The first carvable room at or after cell `from` that is not yet path.
fn next_unvisited(lattice: &Lattice, grid: &Grid, from: usize) -> Option<usize> {
    let allowed = lattice.allowed().as_slice();
    let path = grid.bits().as_slice();
    const B: usize = usize::BITS as usize;
    let mut w = from / B;
    if w >= allowed.len() {
        return None;
    }
    let mut word = allowed[w] & !path[w] & (usize::MAX << (from % B));
    loop {
        if word != 0 {
            return Some(w * B + word.trailing_zeros() as usize);
        }
        w += 1;
        if w >= allowed.len() {
            return None;
        }
        word = allowed[w] & !path[w];
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
