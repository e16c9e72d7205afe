//! The growing tree: keep a list of active rooms; pick one (by a [`Pick`] policy), open the
//! wall to a random unvisited neighbour and add it to the list, or drop the room when it has
//! none. Picking the newest gives the backtracker's long corridors; picking at random gives
//! Prim-like short branches; mixing tunes between them.

use super::lattice::{below, shuffle, Lattice, MAX_DIMS};
use crate::grid::Grid;
use rand::Rng;
use std::collections::VecDeque;

/// Which active room the growing tree extends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Pick {
    /// The most recently added (depth-first, like the backtracker).
    Newest,
    /// A uniformly random one (a random pick moves the newest room into its place).
    Random,
    /// The oldest one (breadth-first-like).
    Oldest,
    /// The newest with this probability, else a random one.
    Mixed(f64),
}

impl Pick {
    /// Parses `newest`, `random`, `oldest`, `mixed` (½) or `mixed:P` with P in [0, 1].
    pub fn from_name(s: &str) -> Option<Pick> {
        match s.to_ascii_lowercase().as_str() {
            "newest" => Some(Pick::Newest),
            "random" => Some(Pick::Random),
            "oldest" => Some(Pick::Oldest),
            "mixed" => Some(Pick::Mixed(0.5)),
            other => {
                let p: f64 = other.strip_prefix("mixed:")?.parse().ok()?;
                (0.0..=1.0).contains(&p).then_some(Pick::Mixed(p))
            }
        }
    }
}

/// Carves a perfect maze by the growing tree with pick policy `pick`.
///
/// Complexity: O(rooms · axes) time; the active list holds up to all rooms (8 bytes each).
///
/// ```
/// use mazegraph::generate::{growing_tree::growing_tree, rng_from_seed, Lattice, Pick};
/// let lat = Lattice::new(&[5, 6], &Default::default()).unwrap();
/// assert!(lat.is_perfect(&growing_tree(&lat, Pick::Mixed(0.75), &mut rng_from_seed(12))));
/// ```
pub fn growing_tree(lattice: &Lattice, pick: Pick, rng: &mut impl Rng) -> Grid {
    let mut grid = lattice.walls();
    grid.set_path(lattice.random_room(rng), true);
    extend(lattice, grid, pick, rng)
}

/// Extends the tree carved in `tree` (rooms of `lattice` and passages between them, at least
/// one room, connected and without cycles) to a perfect maze: the active list starts with the tree's rooms in random
/// order.
///
/// Complexity: as [`growing_tree`].
///
/// ```
/// use mazegraph::generate::{growing_tree::extend, rng_from_seed, Lattice, Pick};
/// let lat = Lattice::new(&[4, 4], &Default::default()).unwrap();
/// let mut tree = lat.walls();
/// Lattice::open(&mut tree, lat.room_cell(5), lat.room_cell(9));
/// let grid = extend(&lat, tree, Pick::Random, &mut rng_from_seed(3));
/// assert!(lat.is_perfect(&grid) && grid.is_path(lat.room_cell(5) + 9));
/// ```
pub fn extend(lattice: &Lattice, mut grid: Grid, pick: Pick, rng: &mut impl Rng) -> Grid {
    let mut tree = super::tree_rooms(lattice, &mut grid, rng);
    shuffle(&mut tree, rng);
    let mut active = VecDeque::from(tree);
    let mut options = [0usize; 2 * MAX_DIMS];
    // Threshold on a 53-bit draw for the mixed policy.
    let newest_below = match pick {
        Pick::Mixed(p) => (p.clamp(0.0, 1.0) * (1u64 << 53) as f64) as u64,
        _ => 0,
    };
    while !active.is_empty() {
        crate::stop::check();
        let len = active.len();
        let i = match pick {
            Pick::Newest => len - 1,
            Pick::Oldest => 0,
            Pick::Random => below(rng, len),
            Pick::Mixed(_) => {
                if (rng.next_u64() >> 11) < newest_below {
                    len - 1
                } else {
                    below(rng, len)
                }
            }
        };
        let c = active[i];
        let mut n = 0;
        lattice.for_each_neighbour(c, |_, _, j| {
            if !grid.is_path(j) {
                options[n] = j;
                n += 1;
            }
        });
        if n > 0 {
            let j = options[below(rng, n)];
            Lattice::open(&mut grid, c, j);
            active.push_back(j);
        } else if i == 0 {
            active.pop_front();
        } else {
            active.swap_remove_back(i);
        }
    }
    grid
}

#[cfg(test)]
mod tests {
    use super::super::{testing, Algorithm};
    use super::Pick;

    #[test]
    fn perfect_in_1d_to_4d_for_every_pick() {
        for pick in [Pick::Newest, Pick::Random, Pick::Oldest, Pick::Mixed(0.3)] {
            testing::check_perfect(
                Algorithm::GrowingTree(pick),
                &[&[1], &[7], &[6, 9], &[3, 4, 5], &[2, 3, 2, 3]],
            );
            testing::check_masked(Algorithm::GrowingTree(pick));
        }
    }

    #[test]
    fn pick_names() {
        assert_eq!(Pick::from_name("mixed:0.25"), Some(Pick::Mixed(0.25)));
        assert_eq!(Pick::from_name("Newest"), Some(Pick::Newest));
        assert_eq!(Pick::from_name("mixed:2"), None);
        assert_eq!(Pick::from_name("last"), None);
    }
}
