//! Maze generation in n dimensions: one file per algorithm, each a plain function taking a
//! [`Lattice`] (the rooms that may be carved) and `&mut impl Rng`, returning the carved
//! cell [`Grid`].
//!
//! A maze of rooms r0×r1×… is a cell grid of (2r0+1)×(2r1+1)×…, rooms at odd coordinates,
//! the outer frame wall. [`generate`] carves with an [`Algorithm`], optionally adds loops or
//! removes dead ends ([`imperfect`]), then opens an entrance in the frame just before the
//! first room along axis 0 (above the top-left room in 2-D) and an exit just after the last
//! room (below the bottom-right room): they are the maze's first and last border openings,
//! so its default terminals. Shaped mazes ([`Mask`]) follow the same rule, with the first
//! and last rooms of the mask (the mask is cropped so that they touch the frame).
//!
//! Seeded generation is reproducible everywhere: [`rng_from_seed`] is rand's portable
//! Xoshiro256++, and integers are drawn with [`lattice::below`], which does not depend on
//! the platform's word size.
//!
//! | algorithm | file | perfect | n-D | masks |
//! |---|---|---|---|---|
//! | recursive backtracker | [`backtracker`] | yes | yes | yes |
//! | random path merging (Kruskal) | [`kruskal`] | yes | yes | yes |
//! | random-weight minimum spanning tree (Prim) | [`prim`] | yes | yes | yes |
//! | breadth-first spanning tree | [`bfs`] | yes | yes | yes |
//! | random wall removal until the exit is reached | [`wall_removal`] | no | yes | yes |
//! | the seed-003 growth rule | [`growth`] | yes | yes | yes |
//! | Wilson (uniform spanning tree) | [`wilson`] | yes | yes | yes |
//! | Aldous–Broder (uniform spanning tree) | [`aldous_broder`] | yes | yes | yes |
//! | Eller | [`eller`] | yes | 2-D | no |
//! | hunt-and-kill | [`hunt_and_kill`] | yes | yes | yes |
//! | growing tree | [`growing_tree`] | yes | yes | yes |
//! | binary tree | [`binary_tree`] | yes | yes | no |
//! | sidewinder | [`sidewinder`] | yes | 2-D | no |
//! | recursive division | [`division`] | yes | yes | no |
//!
//! The growing generators (the backtracker, Kruskal, Prim, breadth-first, growth, Wilson,
//! Aldous–Broder, hunt-and-kill, the growing tree) can also start from a tree already carved
//! ([`carve_from`]); [`solution`] uses it to build a maze around a solution given in advance.
//! Shapes ([`Mask`]) include spirals and any rule in polar coordinates.
//!
//! Mazes of other room shapes (hexagons, triangles, rings, octagons: [`crate::tiling`]) are
//! carved by the generators of [`graph`], which take any graph's adjacency.
//!
//! Huge 2-D mazes are made by [`huge`]: a coarse map whose cells are sub-mazes generated in
//! parallel, streamed to a 1-bit PNG.
//!
//! ```
//! use mazegraph::generate::{generate, rng_from_seed, Algorithm, Lattice, Options};
//! let lattice = Lattice::new(&[4, 6], &Default::default()).unwrap();
//! let maze = generate(&lattice, &Options::new(Algorithm::Kruskal), &mut rng_from_seed(7)).unwrap();
//! assert_eq!(maze.shape().dims(), &[9, 13]);
//! assert_eq!(Lattice::new(&[4, 6], &Default::default()).unwrap().passage_count(maze.grid()), 23);
//! let (s, g) = maze.terminals().unwrap();
//! assert_eq!((maze.shape().coords(s), maze.shape().coords(g)), (vec![0, 1], vec![8, 11]));
//! ```

pub mod aldous_broder;
pub mod backtracker;
pub mod bfs;
pub mod binary_tree;
pub mod division;
pub mod eller;
pub mod figure;
pub mod graph;
pub mod growing_tree;
pub mod growth;
pub mod huge;
pub mod hunt_and_kill;
pub mod imperfect;
pub mod kruskal;
pub mod lattice;
pub mod mask;
pub mod prim;
pub mod sidewinder;
pub mod solution;
pub mod wall_removal;
pub mod wilson;

#[cfg(feature = "transform")]
pub use figure::{check_images, transformed_lattice};
pub use figure::{shaped_lattice, Figure};
pub use growing_tree::Pick;
pub use lattice::Lattice;
pub use mask::Mask;
#[cfg(feature = "transform")]
pub use mask::Transform;
pub use solution::{generate_with_solution, read_drawn_path, read_rooms, PathError, RoomList};

use crate::error::{Error, Result};
use crate::grid::Grid;
use crate::maze::Maze;
use rand::{Rng, SeedableRng};

/// The seeded random number generator of mazegraph: rand's Xoshiro256++, which rand
/// documents as portable (the same stream on every platform and release).
pub type MazeRng = rand::rngs::Xoshiro256PlusPlus;

/// The generator for a seed: the same seed gives the same maze everywhere.
pub fn rng_from_seed(seed: u64) -> MazeRng {
    MazeRng::seed_from_u64(seed)
}

/// A maze generation algorithm.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Algorithm {
    /// Randomized depth-first search, iterative ([`backtracker`]).
    Backtracker,
    /// Random path merging with a union-find ([`kruskal`]).
    Kruskal,
    /// Minimum spanning tree of random wall weights ([`prim`]).
    Prim,
    /// Breadth-first spanning tree with random neighbour order ([`bfs`]).
    Bfs,
    /// Random wall removal until entrance and exit are joined; not perfect ([`wall_removal`]).
    WallRemoval,
    /// The seed-003 rule: a wall with exactly one path neighbour may become path ([`growth`]).
    Growth,
    /// Loop-erased random walks: a uniform spanning tree ([`wilson`]).
    Wilson,
    /// Random walk: a uniform spanning tree ([`aldous_broder`]).
    AldousBroder,
    /// Row by row with set merging, 2-D ([`eller`]).
    Eller,
    /// Random walks and scans for unvisited rooms ([`hunt_and_kill`]).
    HuntAndKill,
    /// Growing tree with a pick policy ([`growing_tree`]).
    GrowingTree(Pick),
    /// Every room opens towards a lower neighbour ([`binary_tree`]).
    BinaryTree,
    /// Runs along rows, one opening up per run, 2-D ([`sidewinder`]).
    Sidewinder,
    /// Recursive division of the open box ([`division`]).
    Division,
}

impl Algorithm {
    /// The command-line names, in the order help lists them.
    pub const NAMES: [&'static str; 14] = [
        "backtracker",
        "kruskal",
        "prim",
        "bfs",
        "wall-removal",
        "growth",
        "wilson",
        "aldous-broder",
        "eller",
        "hunt-and-kill",
        "growing-tree",
        "binary-tree",
        "sidewinder",
        "division",
    ];

    /// The names of the algorithms that can grow a maze from a given tree ([`carve_from`]),
    /// hence around a solution given in advance ([`solution`]).
    pub const GROW_FROM_TREE: [&'static str; 9] = [
        "backtracker",
        "kruskal",
        "prim",
        "bfs",
        "growth",
        "wilson",
        "aldous-broder",
        "hunt-and-kill",
        "growing-tree",
    ];

    /// The algorithm's command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Backtracker => "backtracker",
            Algorithm::Kruskal => "kruskal",
            Algorithm::Prim => "prim",
            Algorithm::Bfs => "bfs",
            Algorithm::WallRemoval => "wall-removal",
            Algorithm::Growth => "growth",
            Algorithm::Wilson => "wilson",
            Algorithm::AldousBroder => "aldous-broder",
            Algorithm::Eller => "eller",
            Algorithm::HuntAndKill => "hunt-and-kill",
            Algorithm::GrowingTree(_) => "growing-tree",
            Algorithm::BinaryTree => "binary-tree",
            Algorithm::Sidewinder => "sidewinder",
            Algorithm::Division => "division",
        }
    }

    /// The algorithm with this name (growing tree with the newest pick).
    pub fn from_name(name: &str) -> Result<Algorithm> {
        Ok(match name.to_ascii_lowercase().replace('_', "-").as_str() {
            "backtracker" | "dfs" => Algorithm::Backtracker,
            "kruskal" => Algorithm::Kruskal,
            "prim" => Algorithm::Prim,
            "bfs" => Algorithm::Bfs,
            "wall-removal" => Algorithm::WallRemoval,
            "growth" => Algorithm::Growth,
            "wilson" => Algorithm::Wilson,
            "aldous-broder" => Algorithm::AldousBroder,
            "eller" => Algorithm::Eller,
            "hunt-and-kill" => Algorithm::HuntAndKill,
            "growing-tree" => Algorithm::GrowingTree(Pick::Newest),
            "binary-tree" => Algorithm::BinaryTree,
            "sidewinder" => Algorithm::Sidewinder,
            "division" => Algorithm::Division,
            _ => {
                return Err(Error::Unsupported(format!(
                    "unknown algorithm {name:?} (known: {})",
                    Algorithm::NAMES.join(", ")
                )))
            }
        })
    }

    /// Every algorithm (growing tree once per pick policy but `Mixed`).
    pub fn all() -> Vec<Algorithm> {
        let mut v: Vec<Algorithm> = Algorithm::NAMES
            .iter()
            .filter_map(|n| Algorithm::from_name(n).ok())
            .collect();
        v.push(Algorithm::GrowingTree(Pick::Random));
        v.push(Algorithm::GrowingTree(Pick::Oldest));
        v.push(Algorithm::GrowingTree(Pick::Mixed(0.5)));
        v
    }

    /// True when the algorithm makes perfect mazes (one path between any two rooms).
    pub fn is_perfect(self) -> bool {
        self != Algorithm::WallRemoval
    }

    /// Checks that the algorithm can carve this lattice: Eller and sidewinder are 2-D only;
    /// they, the binary tree and recursive division need the full box (no mask).
    pub fn check(self, lattice: &Lattice) -> Result<()> {
        let two_d = matches!(self, Algorithm::Eller | Algorithm::Sidewinder);
        if two_d && lattice.ndim() != 2 {
            return Err(Error::Unsupported(format!(
                "{} makes 2-D mazes only, not {}-D ones (kruskal, wilson or backtracker work in any dimension)",
                self.name(),
                lattice.ndim()
            )));
        }
        let boxed = two_d || matches!(self, Algorithm::BinaryTree | Algorithm::Division);
        if boxed && !lattice.is_full() {
            return Err(Error::Unsupported(format!(
                "{} needs the whole box of rooms and cannot follow a shape (use another algorithm)",
                self.name()
            )));
        }
        Ok(())
    }
}

/// Carves `lattice` with `algorithm`: rooms and passages, no entrance or exit.
pub fn carve(algorithm: Algorithm, lattice: &Lattice, rng: &mut impl Rng) -> Result<Grid> {
    algorithm.check(lattice)?;
    Ok(match algorithm {
        Algorithm::Backtracker => backtracker::backtracker(lattice, rng),
        Algorithm::Kruskal => kruskal::kruskal(lattice, rng)?,
        Algorithm::Prim => prim::prim(lattice, rng),
        Algorithm::Bfs => bfs::bfs(lattice, rng),
        Algorithm::WallRemoval => wall_removal::wall_removal(lattice, rng)?,
        Algorithm::Growth => growth::growth(lattice, rng),
        Algorithm::Wilson => wilson::wilson(lattice, rng)?,
        Algorithm::AldousBroder => aldous_broder::aldous_broder(lattice, rng),
        Algorithm::Eller => eller::eller(lattice, rng)?,
        Algorithm::HuntAndKill => hunt_and_kill::hunt_and_kill(lattice, rng),
        Algorithm::GrowingTree(pick) => growing_tree::growing_tree(lattice, pick, rng),
        Algorithm::BinaryTree => binary_tree::binary_tree(lattice, rng)?,
        Algorithm::Sidewinder => sidewinder::sidewinder(lattice, rng)?,
        Algorithm::Division => division::division(lattice, rng)?,
    })
}

/// Extends the tree carved in `tree` (rooms of `lattice` and passages between them, at least
/// one room, connected and without cycles) to a perfect maze with `algorithm`: every room is
/// carved, the tree stays as it is and the other rooms hang off it. The algorithms that can
/// are those of [`Algorithm::GROW_FROM_TREE`]; the others are refused with an error naming
/// them.
///
/// ```
/// use mazegraph::generate::{carve_from, rng_from_seed, Algorithm, Lattice};
/// let lat = Lattice::new(&[5, 5], &Default::default()).unwrap();
/// let mut tree = lat.walls();
/// Lattice::open(&mut tree, lat.room_cell(0), lat.room_cell(1));
/// let grid = carve_from(Algorithm::Prim, &lat, tree.clone(), &mut rng_from_seed(3)).unwrap();
/// assert!(lat.is_perfect(&grid));
/// let e = carve_from(Algorithm::Division, &lat, tree, &mut rng_from_seed(3)).unwrap_err();
/// assert!(e.to_string().contains("cannot grow from a given tree"));
/// ```
pub fn carve_from(
    algorithm: Algorithm,
    lattice: &Lattice,
    tree: Grid,
    rng: &mut impl Rng,
) -> Result<Grid> {
    algorithm.check(lattice)?;
    if tree.shape() != lattice.cells() {
        return Err(Error::InvalidMaze(format!(
            "the tree's grid has {:?} cells, the lattice {:?}",
            tree.shape().dims(),
            lattice.cells().dims()
        )));
    }
    Ok(match algorithm {
        Algorithm::Backtracker => backtracker::extend(lattice, tree, rng),
        Algorithm::Kruskal => kruskal::extend(lattice, tree, rng)?,
        Algorithm::Prim => prim::extend(lattice, tree, rng),
        Algorithm::Bfs => bfs::extend(lattice, tree, rng),
        Algorithm::Growth => growth::extend(lattice, tree, rng),
        Algorithm::Wilson => wilson::extend(lattice, tree, rng)?,
        Algorithm::AldousBroder => aldous_broder::extend(lattice, tree, rng),
        Algorithm::HuntAndKill => hunt_and_kill::extend(lattice, tree, rng),
        Algorithm::GrowingTree(pick) => growing_tree::extend(lattice, tree, pick, rng),
        Algorithm::WallRemoval
        | Algorithm::Eller
        | Algorithm::BinaryTree
        | Algorithm::Sidewinder
        | Algorithm::Division => {
            return Err(Error::Unsupported(format!(
                "{} cannot grow from a given tree (a solution given in advance); these can: {}",
                algorithm.name(),
                Algorithm::GROW_FROM_TREE.join(", ")
            )))
        }
    })
}

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// The carving algorithm.
    pub algorithm: Algorithm,
    /// Extra walls to open after carving (each adds a cycle to a perfect maze).
    pub loops: usize,
    /// Remove every dead end (a braid maze).
    pub braid: bool,
}

impl Options {
    /// A perfect maze by `algorithm` (no loops, no braiding).
    pub fn new(algorithm: Algorithm) -> Options {
        Options {
            algorithm,
            loops: 0,
            braid: false,
        }
    }
}

/// Generates a maze: carves `lattice`, opens `loops` extra walls, braids if asked, and opens
/// the entrance and the exit (see the module docs).
///
/// Complexity: that of the algorithm (O(cells) for most), plus O(cells) for the rest.
pub fn generate(lattice: &Lattice, opts: &Options, rng: &mut impl Rng) -> Result<Maze> {
    let mut grid = carve(opts.algorithm, lattice, rng)?;
    if opts.loops > 0 {
        imperfect::add_loops(lattice, &mut grid, opts.loops, rng)?;
    }
    if opts.braid {
        imperfect::braid(lattice, &mut grid, rng);
    }
    lattice.open_terminals(&mut grid);
    Ok(Maze::new(grid))
}

/// A random room of the tree carved in `grid` ([`tree_rooms`]) to start a walk from, and the
/// number of rooms still to carve: how the walking generators extend a tree.
pub(crate) fn tree_walk_start(
    lattice: &Lattice,
    grid: &mut Grid,
    rng: &mut impl Rng,
) -> (usize, usize) {
    let tree = tree_rooms(lattice, grid, rng);
    let start = tree[lattice::below(rng, tree.len())];
    (start, lattice.room_count().saturating_sub(tree.len()))
}

/// The rooms of the tree carved in `grid` (the path rooms of `lattice`), in row-major order;
/// when there is none, a random room is carved and is the tree.
pub(crate) fn tree_rooms(lattice: &Lattice, grid: &mut Grid, rng: &mut impl Rng) -> Vec<usize> {
    // The grid's path cells are few (a tree) or none: iterate those, not every room.
    let rooms: Vec<usize> = grid.bits().intersection(lattice.allowed()).collect();
    if !rooms.is_empty() {
        return rooms;
    }
    let c = lattice.random_room(rng);
    grid.set_path(c, true);
    vec![c]
}

#[cfg(test)]
pub(crate) mod testing {
    //! Shared checks for the algorithm tests.
    use super::*;
    use crate::grid::Limits;

    /// Carves boxes of a few shapes with a few seeds; checks perfect and reproducible.
    pub fn check_perfect(algorithm: Algorithm, dims_list: &[&[usize]]) {
        for dims in dims_list {
            let lat = Lattice::new(dims, &Limits::default()).unwrap();
            for seed in 0..4 {
                let g = carve(algorithm, &lat, &mut rng_from_seed(seed)).unwrap();
                assert!(lat.is_perfect(&g), "{algorithm:?} {dims:?} seed {seed}");
                let again = carve(algorithm, &lat, &mut rng_from_seed(seed)).unwrap();
                assert_eq!(g, again, "{algorithm:?} not reproducible");
            }
        }
    }

    /// Same on a diamond mask.
    pub fn check_masked(algorithm: Algorithm) {
        let mask = Mask::diamond(&[9, 7]).unwrap();
        let lat = Lattice::from_mask(&mask, &Limits::default()).unwrap();
        for seed in 0..3 {
            let g = carve(algorithm, &lat, &mut rng_from_seed(seed)).unwrap();
            assert!(lat.is_perfect(&g), "{algorithm:?} masked seed {seed}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Limits;

    #[test]
    fn names_roundtrip_and_unknown_is_refused() {
        for n in Algorithm::NAMES {
            assert_eq!(Algorithm::from_name(n).unwrap().name(), n);
        }
        let e = Algorithm::from_name("zigzag").unwrap_err().to_string();
        assert!(
            e.contains("unknown algorithm") && e.contains("wilson"),
            "{e}"
        );
    }

    #[test]
    fn restrictions_are_clear_errors() {
        let l = Limits::default();
        let cube = Lattice::new(&[3, 3, 3], &l).unwrap();
        let e = carve(Algorithm::Eller, &cube, &mut rng_from_seed(1)).unwrap_err();
        assert!(e.to_string().contains("2-D mazes only"), "{e}");
        let diamond = Lattice::from_mask(&Mask::diamond(&[5, 5]).unwrap(), &l).unwrap();
        let e = carve(Algorithm::Division, &diamond, &mut rng_from_seed(1)).unwrap_err();
        assert!(e.to_string().contains("whole box"), "{e}");
    }

    #[test]
    fn generate_opens_entrance_and_exit() {
        let lat = Lattice::new(&[3, 4], &Limits::default()).unwrap();
        let maze = generate(&lat, &Options::new(Algorithm::Prim), &mut rng_from_seed(0)).unwrap();
        assert_eq!(maze.openings().len(), 2);
        let (s, g) = maze.terminals().unwrap();
        assert_eq!(maze.shape().coords(s), vec![0, 1]);
        assert_eq!(maze.shape().coords(g), vec![6, 7]);
        // Terminals do not change perfection.
        assert!(lat.is_perfect(maze.grid()));
    }
}
