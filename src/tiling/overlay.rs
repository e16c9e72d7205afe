//! What a tiled maze's pictures show over it, computed on its graph: the rooms dead-end
//! filling keeps, and the attractor of the goal in the maze oriented away from its start
//! (the rooms on shortest solutions, each ranked by its distance to the goal), both by room.
//!
//! ```
//! use mazegraph::generate::{rng_from_seed, Algorithm, Options};
//! use mazegraph::game::Player;
//! use mazegraph::tiling::{overlay, TiledMaze, Tiling};
//! let t = Tiling::new("theta", &[4], &Default::default()).unwrap();
//! let m = TiledMaze::generate(t, &Options::new(Algorithm::Wilson), &mut rng_from_seed(2)).unwrap();
//! let path = m.solution().unwrap();
//! // A perfect maze: dead-end filling keeps the path alone, and so does the attractor.
//! assert_eq!(overlay::kept(&m).count_ones(..), path.len());
//! let ranks = overlay::attractor_ranks(&m, Player::Zero).unwrap();
//! assert_eq!(ranks.len(), path.len());
//! assert!(ranks.contains(&(m.goal(), 0)) && ranks.contains(&(m.start(), path.len() as u32 - 1)));
//! // The strategy walks the solution from the start to the goal.
//! let a = overlay::attractor(&m, Player::Zero).unwrap();
//! let next = |r: u32| a.iter().find(|x| x.room == r).and_then(|x| x.next);
//! assert_eq!(next(path[0]), Some(path[1]));
//! ```

use super::{TiledMaze, Tiles};
use crate::error::Result;
use crate::game::{orient_graph, Player};
use fixedbitset::FixedBitSet;

/// The rooms dead-end filling keeps (every room on a way from the start to the goal, and the
/// cycles between), by room number ([`crate::solve::dead_end::fill_graph`] on the maze's
/// graph).
///
/// Complexity: O(rooms · log rooms + walls).
pub fn kept(maze: &TiledMaze) -> FixedBitSet {
    let g = maze.to_graph();
    let rooms = maze.graph_rooms();
    let (s, goal) = (g.start().unwrap_or(0), g.goal().unwrap_or(0));
    let kept = crate::solve::dead_end::fill_graph(&g, &[s, goal]);
    let mut out = FixedBitSet::with_capacity(maze.tiling().room_count());
    out.extend(kept.ones().map(|v| rooms[v] as usize));
    out
}

/// One room of an attractor ([`attractor`]): its rank, and the room the attracting player
/// moves to from it (its strategy; none at the target or where the player does not move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ranked {
    /// The room.
    pub room: u32,
    /// Its rank: the steps from it to the goal when the attracting player hurries.
    pub rank: u32,
    /// The strategy's move from it.
    pub next: Option<u32>,
}

/// The attractor for `player` of the goal in the maze oriented away from its start
/// ([`crate::game::orient_graph`], [`crate::game::attractor()`]), room by room. For player
/// 0, whose one-player game it is, that is every room on a shortest solution, its rank the
/// steps from it to the goal (nothing when the goal cannot be reached), its strategy the next
/// room on the way; player 1, who never moves, attracts the rooms from which every way leads
/// to the goal.
///
/// Complexity: O(rooms · log rooms + walls).
pub fn attractor(maze: &TiledMaze, player: Player) -> Result<Vec<Ranked>> {
    let g = maze.to_graph();
    let rooms = maze.graph_rooms();
    let oriented = orient_graph(&g)?;
    let a = crate::game::attractor(&oriented.game, player, &[oriented.goal])?;
    Ok((0..g.vertex_count() as u32)
        .filter_map(|v| {
            Some(Ranked {
                room: rooms[v as usize],
                rank: a.rank(v)?,
                next: a.strategy(v).map(|u| rooms[u as usize]),
            })
        })
        .collect())
}

/// [`attractor`]'s `(room, rank)` pairs.
///
/// Complexity: as [`attractor`].
pub fn attractor_ranks(maze: &TiledMaze, player: Player) -> Result<Vec<(u32, u32)>> {
    Ok(attractor(maze, player)?
        .into_iter()
        .map(|r| (r.room, r.rank))
        .collect())
}
