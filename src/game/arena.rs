//! Games played in a maze: a pursuer (the *wolf*) and an evader (the *sheep*) move in turn
//! through the maze; the wolf wins when it catches the sheep. The maze becomes the *arena* of
//! their game, a [`Game`] on the positions (wolf's cell, sheep's cell, whose turn), and the
//! wolf's attractor of the capture positions solves it: from where the wolf forces a capture,
//! in how many moves, and both pieces' strategies.
//!
//! # Rules
//!
//! - Each piece stands on a path cell. A **move** takes the piece whose turn it is to a
//!   neighbouring path cell (across a shared face, or through a portal), or, when its rule
//!   allows ([`Rules`]), leaves it where it is (a *pass*, which counts as a move). A piece
//!   with no neighbour at all (a path cell walled in on every side) stays where it is even
//!   when it may not pass: every position has a move, so nobody loses by being stuck.
//! - The pieces move **in turn**, one at a time; who moves first is part of the position.
//! - **Capture**: the wolf catches the sheep when both stand on the same cell, whoever moved
//!   there: the wolf stepping onto the sheep, or the sheep stepping onto the wolf (which it
//!   does only when it must). Since one piece moves at a time, the pieces never cross each
//!   other on a corridor between two cells: swapping places takes two moves, and the first of
//!   them already lands on the other piece. So capture on meeting is the only rule needed.
//! - The wolf wins when a capture happens; the sheep wins when it escapes forever.
//!
//! # The arena
//!
//! With the maze's `P` path cells numbered in row-major order (the vertices of
//! [`Graph::from_maze`]), position `(w, s, t)` — the wolf on cell number `w`, the sheep on `s`,
//! `t` = 0 when the wolf moves and 1 when the sheep does — is vertex `(w·P + s)·2 + t` of the
//! game: a dense index, no hashing. Vertex `(w, s, 0)` belongs to player 0 (the wolf) and has
//! an edge to `(w', s, 1)` for each move `w → w'`; `(w, s, 1)` belongs to player 1 (the
//! sheep) and has an edge to `(w, s', 0)` for each move `s → s'`. A capture position `(c, c,
//! t)` is absorbing (its only edge a self-loop) with priority 0; every other position has
//! priority 1. So the arena is also a parity game (player 0 wins a play whose largest
//! priority seen infinitely often is even): any game solver, e.g. `mazegraph solve-game` on
//! the arena written as `.game.json`, finds the same winner as the attractor.
//!
//! # Solving
//!
//! [`Pursuit::new`] computes the attractor of player 0 (the wolf) of the capture positions
//! ([`attractor()`]). A position is in it exactly when the wolf can force a capture from
//! there; its **rank** is the number of moves (of both pieces, passes included: *plies*)
//! until the capture when the wolf hurries and the sheep delays as long as it can:
//! rank 0 at a capture, `1 + min` over the successors at a wolf's position, `1 + max` at a
//! sheep's. [`Pursuit::capture_time`] returns it. Strategies ([`Pursuit::best_move`]):
//!
//! - the **wolf**, inside the attractor, moves to a position of rank one less (the
//!   attractor's strategy; among several, the one that leaves it nearest to the sheep);
//!   outside it (where the sheep wins anyway) it moves as near to the sheep as it can;
//! - the **sheep**, outside the attractor, moves to a position outside it (one exists at each
//!   of its positions there: the complement of an attractor is a trap for the attracting
//!   player, so this is a winning safety strategy), the one farthest from the wolf; inside,
//!   it moves to a successor of largest rank (delaying the capture as long as possible),
//!   farthest from the wolf among those.
//!
//! Distances for the tie-breaks are breadth-first distances in the maze, computed from the
//! other piece's cell when a move is asked for (O(P) a move).
//!
//! # Cost
//!
//! `V = 2P²` positions and `E = Σ` over positions of the mover's choices, about `V·(d + 1)`
//! for an average degree `d` (`+ 1` when passing is allowed). The arena is built straight
//! into compressed rows (successors, then predecessors by transposition) in O(V + E) time;
//! the attractor is O(V + E). Memory at the peak is about `29·V + 8·E` bytes
//! ([`Arena::bytes_needed`], checked against [`Limits::max_bytes`] before anything is
//! allocated): 30×30 rooms (a 61×61 maze, about 1 800 path cells) give 6.5 million positions
//! and about 320 MB at the peak (under a second); the arena of 40×40 rooms (3 200 path
//! cells, 20 million positions) takes about 1 GB (BENCHMARKS.md, "The wolf and the sheep").
//! The solved [`Pursuit`] keeps the arena and 4 bytes of rank per position.
//!
//! ```
//! use mazegraph::game::arena::{Piece, Position, Pursuit, Rules};
//! use mazegraph::grid::Limits;
//! use mazegraph::Maze;
//! // A loop around a pillar, with a corridor hanging off it.
//! let maze = Maze::from_text_rows(&[
//!     "#####",
//!     "#...#",
//!     "#.#.#",
//!     "#...#",
//!     "##.##",
//! ]).unwrap();
//! let cell = |r, c| maze.shape().index(&[r, c]).unwrap();
//! let p = Pursuit::solve(&maze, Rules::default(), &Limits::default()).unwrap();
//! // The sheep runs around the pillar forever when it starts opposite the wolf…
//! let apart = Position { wolf: cell(1, 1), sheep: cell(3, 3), turn: Piece::Wolf };
//! assert_eq!(p.capture_time(apart).unwrap(), None);
//! // …but is caught when it starts in the dead end, below the wolf's corner: the wolf steps
//! // to (3, 2), the mouth of the dead end, then catches it in two more moves.
//! let trapped = Position { wolf: cell(3, 3), sheep: cell(4, 2), turn: Piece::Wolf };
//! assert_eq!(p.capture_time(trapped).unwrap(), Some(3));
//! let next = p.best_move(trapped).unwrap().unwrap();
//! assert_eq!((next.wolf, next.sheep, next.turn), (cell(3, 2), cell(4, 2), Piece::Sheep));
//! ```

use super::{attractor, check_size, Game, Player, NONE};
use crate::error::{Error, Result};
use crate::graph::Graph;
use crate::grid::{try_filled, try_with_capacity, Limits};
use crate::maze::Maze;

/// One of the two pieces. The wolf is player 0 of the arena, the sheep player 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// The pursuer (player 0): wins by catching the sheep.
    Wolf,
    /// The evader (player 1): wins by never being caught.
    Sheep,
}

impl Piece {
    /// Its player in the arena.
    pub fn player(self) -> Player {
        match self {
            Piece::Wolf => Player::Zero,
            Piece::Sheep => Player::One,
        }
    }

    /// The other piece.
    pub fn other(self) -> Piece {
        match self {
            Piece::Wolf => Piece::Sheep,
            Piece::Sheep => Piece::Wolf,
        }
    }

    /// `"wolf"` or `"sheep"`.
    pub fn name(self) -> &'static str {
        match self {
            Piece::Wolf => "wolf",
            Piece::Sheep => "sheep",
        }
    }

    /// The piece named `"wolf"` or `"sheep"` (any case).
    ///
    /// ```
    /// use mazegraph::game::arena::Piece;
    /// assert_eq!(Piece::from_name("Sheep").unwrap(), Piece::Sheep);
    /// assert!(Piece::from_name("goat").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<Piece> {
        match name.trim().to_ascii_lowercase().as_str() {
            "wolf" => Ok(Piece::Wolf),
            "sheep" => Ok(Piece::Sheep),
            _ => Err(Error::Unsupported(format!(
                "{name:?} is not a piece (wolf or sheep)"
            ))),
        }
    }

    /// 0 for the wolf, 1 for the sheep: the last bit of a position's vertex.
    fn bit(self) -> u32 {
        match self {
            Piece::Wolf => 0,
            Piece::Sheep => 1,
        }
    }
}

/// The flat index of the cell at `coords` where `piece` is to stand, checked: inside the
/// maze and a path cell.
///
/// ```
/// use mazegraph::game::arena::{place, Piece};
/// use mazegraph::Maze;
/// let m = Maze::from_text_rows(&["#.#", "#.#"]).unwrap();
/// assert_eq!(place(&m, Piece::Wolf, &[1, 1]).unwrap(), 4);
/// let e = place(&m, Piece::Sheep, &[0, 0]).unwrap_err().to_string();
/// assert_eq!(e, "the sheep cannot stand on (0, 0): it is a wall");
/// assert!(place(&m, Piece::Wolf, &[2, 1]).is_err());
/// ```
pub fn place(maze: &Maze, piece: Piece, coords: &[i64]) -> Result<usize> {
    let shape = maze.shape();
    let name = piece.name();
    let i = shape.index_signed(coords).ok_or_else(|| {
        Error::InvalidArgument(format!(
            "the {name} cannot stand on {}: it is outside the maze, whose shape is {}",
            crate::grid::fmt_coords(coords),
            shape
                .dims()
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join("×")
        ))
    })?;
    if !maze.grid().is_path(i) {
        return Err(Error::InvalidArgument(format!(
            "the {name} cannot stand on {}: it is a wall",
            shape.fmt_index(i)
        )));
    }
    Ok(i)
}

/// Which piece may pass (stay where it is as its move). By default both may, as in the
/// classic game of cops and robbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The wolf may stay on its cell as its move.
    pub wolf_passes: bool,
    /// The sheep may stay on its cell as its move.
    pub sheep_passes: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            wolf_passes: true,
            sheep_passes: true,
        }
    }
}

impl Rules {
    /// The rules where only the pieces named by `who` may pass: `"both"`, `"wolf"`, `"sheep"`
    /// or `"none"`.
    ///
    /// ```
    /// use mazegraph::game::arena::Rules;
    /// let r = Rules::passing("sheep").unwrap();
    /// assert!(r.sheep_passes && !r.wolf_passes);
    /// assert_eq!(r.passing_name(), "sheep");
    /// ```
    pub fn passing(who: &str) -> Result<Rules> {
        let (wolf_passes, sheep_passes) = match who.trim().to_ascii_lowercase().as_str() {
            "both" => (true, true),
            "wolf" => (true, false),
            "sheep" => (false, true),
            "none" => (false, false),
            _ => {
                return Err(Error::Unsupported(format!(
                    "{who:?}: who may pass is both, wolf, sheep or none"
                )))
            }
        };
        Ok(Rules {
            wolf_passes,
            sheep_passes,
        })
    }

    /// `"both"`, `"wolf"`, `"sheep"` or `"none"`, as [`Rules::passing`] reads it.
    pub fn passing_name(self) -> &'static str {
        match (self.wolf_passes, self.sheep_passes) {
            (true, true) => "both",
            (true, false) => "wolf",
            (false, true) => "sheep",
            (false, false) => "none",
        }
    }

    fn passes(self, piece: Piece) -> bool {
        match piece {
            Piece::Wolf => self.wolf_passes,
            Piece::Sheep => self.sheep_passes,
        }
    }
}

/// A position of the game: the two pieces' cells (flat indices of the maze's grid) and the
/// piece whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The wolf's cell.
    pub wolf: usize,
    /// The sheep's cell.
    pub sheep: usize,
    /// Who moves next.
    pub turn: Piece,
}

impl Position {
    /// True when the wolf has caught the sheep (both on one cell).
    pub fn is_capture(&self) -> bool {
        self.wolf == self.sheep
    }
}

/// The game of a wolf and a sheep in a maze: see the [module](self) documentation.
#[derive(Clone, Debug)]
pub struct Arena {
    graph: Graph,
    rules: Rules,
    game: Game,
}

/// Bytes at the peak per arena position (owners, priorities, offsets both ways, the
/// attractor's counters, order, moves and region, the ranks) and per edge (both directions).
const BYTES_PER_POSITION: u64 = 30;
const BYTES_PER_EDGE: u64 = 8;

impl Arena {
    /// Builds the arena of `maze` under `rules`.
    ///
    /// Complexity: O(V + E) time and about `29·V + 8·E` bytes (module docs), with
    /// `V = 2P²` for `P` path cells.
    ///
    /// Errors: [`Error::OverBudget`] when that memory is over `limits.max_bytes` (checked
    /// before anything large is allocated), [`Error::Unsupported`] past 2³¹ − 1 positions or
    /// 2³² − 1 edges (about 32 000 path cells: a limit of the representation, which no budget
    /// raises), [`Error::InvalidMaze`] for a maze without path cells.
    pub fn new(maze: &Maze, rules: Rules, limits: &Limits) -> Result<Arena> {
        let p = maze.grid().count_paths() as u64;
        // Positions first: the graph of the maze itself is small next to them.
        representable(p, p.saturating_mul(p).saturating_mul(2), 0)?;
        Arena::on_graph(Graph::from_maze(maze), rules, limits)
    }

    /// Builds the arena of a maze given as its graph: the rooms of a tiled maze
    /// ([`crate::tiling::TiledMaze::to_graph`]), or any graph whose vertices are places. A
    /// position's `wolf` and `sheep` are then the vertices' cells when the graph's vertices
    /// are grid cells ([`Graph::cell`]), else the vertex numbers themselves.
    ///
    /// Complexity and errors as [`Arena::new`].
    ///
    /// ```
    /// use mazegraph::game::arena::{Arena, Piece, Position, Pursuit, Rules};
    /// use mazegraph::generate::{rng_from_seed, Algorithm, Options};
    /// use mazegraph::tiling::{TiledMaze, Tiling};
    /// let t = Tiling::new("theta", &[2], &Default::default()).unwrap();
    /// let m = TiledMaze::generate(t, &Options::new(Algorithm::Kruskal), &mut rng_from_seed(1)).unwrap();
    /// let arena = Arena::on_graph(m.to_graph(), Rules::default(), &Default::default()).unwrap();
    /// assert_eq!(arena.cells(), 7); // the centre and six rooms round it
    /// // A perfect maze is a tree: the wolf catches the sheep from everywhere.
    /// let p = Pursuit::new(arena).unwrap();
    /// assert_eq!(p.wolf_wins_count(), 2 * 7 * 7);
    /// ```
    pub fn on_graph(graph: Graph, rules: Rules, limits: &Limits) -> Result<Arena> {
        let p = graph.vertex_count() as u64;
        if p == 0 {
            return Err(Error::InvalidMaze(
                "the maze has no path cell for the wolf and the sheep to stand on".into(),
            ));
        }
        let positions = p.saturating_mul(p).saturating_mul(2);
        representable(p, positions, 0)?;
        let moves = [Piece::Wolf, Piece::Sheep].map(|piece| move_table(&graph, rules, piece));
        let edges = edge_count(&moves, p);
        representable(p, positions, edges)?;
        limits.check_bytes(
            &format!(
                "the arena of a wolf and a sheep in a maze of {p} path cells ({positions} positions)"
            ),
            bytes_for(p, edges),
        )?;
        let game = build(p as usize, &moves, edges as usize)?;
        Ok(Arena { graph, rules, game })
    }

    /// The memory [`Arena::new`] and [`Pursuit::new`] need at their peak for `maze` under
    /// `rules`, in bytes (the estimate checked against the budget). O(cells).
    ///
    /// ```
    /// use mazegraph::game::arena::{Arena, Rules};
    /// use mazegraph::Maze;
    /// let m = Maze::from_text_rows(&["#...#"]).unwrap();
    /// // 3 cells: 18 positions
    /// assert!(Arena::bytes_needed(&m, Rules::default()) > 18 * 20);
    /// ```
    pub fn bytes_needed(maze: &Maze, rules: Rules) -> u64 {
        Arena::bytes_needed_on(&Graph::from_maze(maze), rules)
    }

    /// [`Arena::bytes_needed`] for the arena of a maze given as its graph
    /// ([`Arena::on_graph`]). O(vertices + edges).
    pub fn bytes_needed_on(graph: &Graph, rules: Rules) -> u64 {
        let p = graph.vertex_count() as u64;
        let moves = [Piece::Wolf, Piece::Sheep].map(|piece| move_table(graph, rules, piece));
        bytes_for(p, edge_count(&moves, p))
    }

    /// The game: vertex `(w·P + s)·2 + t` is the position of the wolf on path cell number
    /// `w`, the sheep on `s`, `t` = 0 for the wolf's turn, 1 for the sheep's.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The graph of the maze's path cells (their numbering is the arena's).
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The rules the arena was built with.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Number of path cells `P`.
    pub fn cells(&self) -> usize {
        self.graph.vertex_count()
    }

    /// The vertex of a position. Errors: a piece outside the maze's path cells.
    pub fn vertex(&self, pos: Position) -> Result<u32> {
        let find = |piece: Piece, cell: usize| {
            self.vertex_of(cell).ok_or_else(|| {
                let shape = self.graph.shape().cloned();
                let at = shape
                    .as_ref()
                    .filter(|s| cell < s.len())
                    .map(|s| s.fmt_index(cell));
                Error::InvalidMaze(match at {
                    Some(at) => format!("the {} cannot stand on {at}: it is a wall", piece.name()),
                    None => format!("the {} is outside the maze", piece.name()),
                })
            })
        };
        let w = find(Piece::Wolf, pos.wolf)?;
        let s = find(Piece::Sheep, pos.sheep)?;
        Ok(self.index(w, s, pos.turn.bit()))
    }

    /// The position of a vertex (which must be one: `v < 2P²`).
    pub fn position(&self, v: u32) -> Position {
        let (w, s, t) = self.split(v);
        Position {
            wolf: self.cell(w),
            sheep: self.cell(s),
            turn: if t == 0 { Piece::Wolf } else { Piece::Sheep },
        }
    }

    /// The positions the piece to move may go to from `pos` (empty after a capture, where the
    /// game is over). Errors as [`Arena::vertex`].
    pub fn moves(&self, pos: Position) -> Result<Vec<Position>> {
        let v = self.vertex(pos)?;
        if pos.is_capture() {
            return Ok(Vec::new());
        }
        Ok(self
            .game
            .successors(v)
            .iter()
            .map(|&u| self.position(u))
            .collect())
    }

    /// The capture positions' vertices (both pieces on one cell, either turn), in increasing
    /// order: the target of the wolf's attractor.
    pub fn captures(&self) -> Vec<u32> {
        let p = self.cells() as u32;
        (0..p)
            .flat_map(|c| [self.index(c, c, 0), self.index(c, c, 1)])
            .collect()
    }

    /// The game with each vertex named after its position, e.g. `w(1,1) s(3,3) wolf` (for
    /// files of small arenas: names take tens of bytes a position).
    pub fn named_game(&self) -> Game {
        let mut game = self.game.clone();
        let shape = self.graph.shape().cloned();
        let fmt = |c: usize| match &shape {
            Some(s) => s
                .coords(c)
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(","),
            // A graph's vertex: its coordinates when it has them (a tiled maze's room).
            None => match self.graph.label(c as u32) {
                crate::graph::Label::Coord(xs) => {
                    xs.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
                }
                other => other.to_string(),
            },
        };
        let names = (0..game.vertex_count() as u32)
            .map(|v| {
                let p = self.position(v);
                format!("w({}) s({}) {}", fmt(p.wolf), fmt(p.sheep), p.turn.name())
            })
            .collect();
        // One name per vertex: cannot fail.
        let _ = game.set_names(Some(names));
        game
    }

    #[inline]
    fn index(&self, w: u32, s: u32, t: u32) -> u32 {
        (w * self.cells() as u32 + s) * 2 + t
    }

    #[inline]
    fn split(&self, v: u32) -> (u32, u32, u32) {
        let p = self.cells() as u32;
        let ws = v / 2;
        (ws / p, ws % p, v % 2)
    }

    /// The cell of vertex `k`: its grid cell, or `k` itself when the graph's vertices are
    /// not cells ([`Arena::on_graph`]).
    #[inline]
    fn cell(&self, k: u32) -> usize {
        self.graph.cell(k).unwrap_or(k as usize)
    }

    /// The vertex of the maze's graph ([`Arena::graph`]) where a piece stands on `cell` (a
    /// position's `wolf` or `sheep`), if any: the path cell's number, or for an arena on a
    /// graph of places ([`Arena::on_graph`]) `cell` itself.
    pub fn vertex_of(&self, cell: usize) -> Option<u32> {
        match self.graph.shape() {
            Some(_) => self.graph.find_cell(cell),
            None => (cell < self.cells()).then_some(cell as u32),
        }
    }
}

/// Each cell's moves for `piece` as compressed sorted rows: its neighbours, with itself merged in (sorted) when the piece
/// may pass or has no neighbour.
fn move_table(graph: &Graph, rules: Rules, piece: Piece) -> (Vec<u32>, Vec<u32>) {
    let n = graph.vertex_count();
    let mut off = Vec::with_capacity(n + 1);
    let mut to = Vec::with_capacity(2 * n + 1);
    off.push(0u32);
    for v in 0..n as u32 {
        let ns = graph.neighbours(v);
        let stay = rules.passes(piece) || ns.is_empty();
        let mut placed = !stay;
        for &u in ns {
            if !placed && v < u {
                to.push(v);
                placed = true;
            }
            to.push(u);
        }
        if !placed {
            to.push(v);
        }
        off.push(to.len() as u32);
    }
    (off, to)
}

/// [`Error::Unsupported`] when an arena of `positions` positions and `edges` moves (for `p`
/// path cells) is past what a game holds (2³¹ − 1 vertices, 2³² − 1 edges): a limit of the
/// representation, which no budget raises.
fn representable(p: u64, positions: u64, edges: u64) -> Result<()> {
    if check_size(positions, edges).is_ok() {
        return Ok(());
    }
    Err(Error::Unsupported(format!(
        "the arena of a wolf and a sheep in a maze of {p} path cells has {positions} positions{}; \
         an arena holds at most 2^31-1 positions and 2^32-1 moves (a maze of at most about \
         32 000 path cells, fewer with many junctions): take a smaller maze",
        if edges > 0 {
            format!(" and {edges} moves")
        } else {
            String::new()
        }
    )))
}

/// The arena's edges: `Σ_{w ≠ s} (moves(w) + moves(s))` plus one self-loop per capture.
fn edge_count(moves: &[(Vec<u32>, Vec<u32>); 2], p: u64) -> u64 {
    // Each cell of the wolf meets the P − 1 other cells of the sheep, and vice versa.
    let all = (moves[0].1.len() + moves[1].1.len()) as u64;
    all.saturating_mul(p - 1).saturating_add(2 * p)
}

fn bytes_for(p: u64, edges: u64) -> u64 {
    let v = p.saturating_mul(p).saturating_mul(2);
    v.saturating_mul(BYTES_PER_POSITION)
        .saturating_add(edges.saturating_mul(BYTES_PER_EDGE))
}

/// The arena's game, straight into sorted compressed rows.
fn build(p: usize, moves: &[(Vec<u32>, Vec<u32>); 2], edges: usize) -> Result<Game> {
    let v = 2 * p * p;
    let mut off: Vec<u32> = try_with_capacity(v + 1)?;
    let mut succ: Vec<u32> = try_with_capacity(edges)?;
    off.push(0);
    let (wolf, sheep) = (&moves[0], &moves[1]);
    let pu = p as u32;
    for w in 0..pu {
        // A wolf's cell is a pass over every sheep's: the flag is read at each.
        crate::stop::check_now();
        let wm = &wolf.1[wolf.0[w as usize] as usize..wolf.0[w as usize + 1] as usize];
        for s in 0..pu {
            let base = (w * pu + s) * 2;
            if w == s {
                // A capture: absorbing, both turns.
                succ.push(base);
                off.push(succ.len() as u32);
                succ.push(base + 1);
                off.push(succ.len() as u32);
                continue;
            }
            // The wolf moves: (w', s, sheep's turn), increasing with w'.
            for &w2 in wm {
                succ.push((w2 * pu + s) * 2 + 1);
            }
            off.push(succ.len() as u32);
            // The sheep moves: (w, s', wolf's turn), increasing with s'.
            let sm = &sheep.1[sheep.0[s as usize] as usize..sheep.0[s as usize + 1] as usize];
            for &s2 in sm {
                succ.push((w * pu + s2) * 2);
            }
            off.push(succ.len() as u32);
        }
    }
    debug_assert_eq!(succ.len(), edges);
    let mut owners: Vec<u8> = try_filled(v, 0u8)?;
    let mut priorities: Vec<u32> = try_filled(v, 1u32)?;
    for (k, o) in owners.iter_mut().enumerate() {
        *o = (k & 1) as u8;
    }
    for c in 0..p {
        let base = (c * p + c) * 2;
        priorities[base] = 0;
        priorities[base + 1] = 0;
    }
    Ok(Game::from_csr(owners, priorities, off, succ))
}

/// The solved game: who wins from each position, in how many moves, and the strategies.
/// See the [module](self) documentation.
#[derive(Clone, Debug)]
pub struct Pursuit {
    arena: Arena,
    /// Rank (moves to capture) per vertex, [`NONE`] where the sheep escapes forever.
    ranks: Vec<u32>,
    won: usize,
}

/// What happens in a play of both strategies ([`Pursuit::play`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    /// The positions, the start first.
    pub positions: Vec<Position>,
    /// True when the last position is a capture.
    pub caught: bool,
    /// When the play goes on forever (the sheep escapes): the index in `positions` of the
    /// position the last move returns to (the plays are memoryless, so they repeat from
    /// there). `None` for a capture, or a play cut at the cap.
    pub repeats_from: Option<usize>,
}

impl Pursuit {
    /// Builds the arena of `maze` under `rules` and solves it ([`Arena::new`], then
    /// [`Pursuit::new`]).
    pub fn solve(maze: &Maze, rules: Rules, limits: &Limits) -> Result<Pursuit> {
        Pursuit::new(Arena::new(maze, rules, limits)?)
    }

    /// Solves an arena: the wolf's attractor of the capture positions, kept as a rank per
    /// position. O(V + E).
    pub fn new(arena: Arena) -> Result<Pursuit> {
        let a = attractor(arena.game(), Player::Zero, &arena.captures())?;
        let won = a.len();
        let ranks = a.ranks();
        drop(a);
        Ok(Pursuit { arena, ranks, won })
    }

    /// The arena.
    pub fn arena(&self) -> &Arena {
        &self.arena
    }

    /// Number of positions from which the wolf forces a capture (captures included).
    pub fn wolf_wins_count(&self) -> usize {
        self.won
    }

    /// The rank of every vertex of the arena's game: moves to capture, [`NONE`] where the
    /// sheep escapes.
    pub fn ranks(&self) -> &[u32] {
        &self.ranks
    }

    /// True when the wolf can force a capture from `pos`. Errors: a piece off the path cells.
    pub fn wolf_wins(&self, pos: Position) -> Result<bool> {
        Ok(self.capture_time(pos)?.is_some())
    }

    /// The winner from `pos`.
    pub fn winner(&self, pos: Position) -> Result<Piece> {
        Ok(if self.wolf_wins(pos)? {
            Piece::Wolf
        } else {
            Piece::Sheep
        })
    }

    /// The number of moves (of both pieces, passes included) until the capture when the
    /// wolf hurries and the sheep delays it all it can; `None` when the sheep escapes forever.
    /// Errors: a piece off the path cells.
    pub fn capture_time(&self, pos: Position) -> Result<Option<u32>> {
        let v = self.arena.vertex(pos)?;
        Ok(Some(self.ranks[v as usize]).filter(|&r| r != NONE))
    }

    /// How many of `moves` moves from `pos` are the wolf's: every other one, starting with
    /// the piece whose turn it is.
    pub fn wolf_share(pos: Position, moves: u32) -> u32 {
        match pos.turn {
            Piece::Wolf => moves.div_ceil(2),
            Piece::Sheep => moves / 2,
        }
    }

    /// The move the piece whose turn it is plays from `pos` by its strategy (module docs);
    /// `None` after a capture. Errors: a piece off the path cells.
    ///
    /// Complexity: O(P) (a breadth-first search for the tie-break by distance).
    pub fn best_move(&self, pos: Position) -> Result<Option<Position>> {
        let v = self.arena.vertex(pos)?;
        if pos.is_capture() {
            return Ok(None);
        }
        let g = self.arena.game();
        let (w, s, _) = self.arena.split(v);
        let other = if pos.turn == Piece::Wolf { s } else { w };
        let dist = crate::stats::distances(&self.arena.graph, other);
        let r = self.ranks[v as usize];
        // The mover's cell after each move, and what it is worth: lower is better.
        let score = |u: u32| -> (u64, u64) {
            let (w2, s2, _) = self.arena.split(u);
            let ru = self.ranks[u as usize];
            match pos.turn {
                // Inside: a successor of rank r − 1 (others have larger ranks); then nearest.
                Piece::Wolf => (if r == NONE { 0 } else { u64::from(ru) }, dist[w2 as usize]),
                // Outside: stay outside (ranks NONE), inside: the largest rank; then farthest.
                Piece::Sheep => (u64::from(NONE - ru), u64::MAX - dist[s2 as usize]),
            }
        };
        let best = g.successors(v).iter().copied().min_by_key(|&u| score(u));
        Ok(best.map(|u| self.arena.position(u)))
    }

    /// Plays both strategies from `start` ([`Pursuit::best_move`]) until a capture, a return
    /// to a position already played (the sheep escapes forever), or `max_moves` moves.
    ///
    /// Complexity: O(moves · P).
    pub fn play(&self, start: Position, max_moves: usize) -> Result<Play> {
        self.arena.vertex(start)?;
        let mut positions = vec![start];
        let mut seen = std::collections::HashMap::new();
        seen.insert(start, 0usize);
        let mut pos = start;
        while positions.len() <= max_moves {
            crate::stop::check();
            let Some(next) = self.best_move(pos)? else {
                break;
            };
            positions.push(next);
            if let Some(&k) = seen.get(&next) {
                return Ok(Play {
                    positions,
                    caught: false,
                    repeats_from: Some(k),
                });
            }
            seen.insert(next, positions.len() - 1);
            pos = next;
        }
        Ok(Play {
            caught: pos.is_capture(),
            positions,
            repeats_from: None,
        })
    }

    /// The sheep's fate from each path cell when the wolf is on `wolf` and `turn` moves
    /// first: `(cell, moves to capture)` for every path cell in row-major order, `None` where
    /// the sheep escapes (`Some(0)` on the wolf's own cell). Errors: `wolf` off the path cells.
    pub fn fate(&self, wolf: usize, turn: Piece) -> Result<Vec<(usize, Option<u32>)>> {
        let at = Position {
            wolf,
            sheep: wolf,
            turn,
        };
        self.arena.vertex(at)?;
        let p = self.arena.cells() as u32;
        let w = self.arena.vertex_of(wolf).unwrap_or(0);
        Ok((0..p)
            .map(|s| {
                let r = self.ranks[self.arena.index(w, s, turn.bit()) as usize];
                (self.arena.cell(s), Some(r).filter(|&r| r != NONE))
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn maze(rows: &[&str]) -> Maze {
        Maze::from_text_rows(rows).unwrap()
    }

    #[test]
    fn a_large_pursuit_stops_when_asked() {
        use crate::generate::{generate, rng_from_seed, Algorithm, Lattice, Options};
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::sync::Arc;
        // 40×40 rooms: an arena of about 2·6400² positions, seconds of work even in release.
        let lattice = Lattice::new(&[40, 40], &Limits::default()).unwrap();
        let opts = Options::new(Algorithm::Kruskal);
        let m = generate(&lattice, &opts, &mut rng_from_seed(3)).unwrap();
        let flag = Arc::new(AtomicBool::new(false));
        let raise = Arc::clone(&flag);
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(100));
            raise.store(true, Ordering::Relaxed);
        });
        let solved = crate::stop::run(&flag, || {
            Pursuit::solve(&m, Rules::default(), &Limits::default())
        });
        raiser.join().unwrap();
        assert!(matches!(solved, Err(crate::Error::Interrupted)));
    }

    #[test]
    fn edges_are_counted_exactly_and_rows_sorted() {
        let m = maze(&["#####", "#...#", "#.#.#", "#...#", "##.##"]);
        for who in ["both", "wolf", "sheep", "none"] {
            let rules = Rules::passing(who).unwrap();
            let a = Arena::new(&m, rules, &Limits::default()).unwrap();
            let g = a.game();
            let p = a.cells();
            assert_eq!(g.vertex_count(), 2 * p * p);
            for v in 0..g.vertex_count() as u32 {
                assert!(g.successors(v).is_sorted(), "{who} {v}");
                assert_eq!(g.owner(v).index() as u32, v & 1);
                let pos = a.position(v);
                assert_eq!(a.vertex(pos).unwrap(), v);
                for &u in g.successors(v) {
                    let q = a.position(u);
                    if pos.is_capture() {
                        assert_eq!(u, v);
                        continue;
                    }
                    assert_eq!(q.turn, pos.turn.other());
                    let (from, to, still) = match pos.turn {
                        Piece::Wolf => (pos.wolf, q.wolf, (pos.sheep, q.sheep)),
                        Piece::Sheep => (pos.sheep, q.sheep, (pos.wolf, q.wolf)),
                    };
                    assert_eq!(still.0, still.1);
                    assert!(from == to || m.shape().adjacent(from, to));
                    if from == to {
                        assert!(rules.passes(pos.turn));
                    }
                }
            }
        }
    }

    #[test]
    fn a_tree_is_always_the_wolfs() {
        // A perfect maze: the wolf walks toward the sheep, which runs out of room.
        let m = maze(&["#.###", "#...#", "#.#.#", "#.#.#"]);
        let p = Pursuit::solve(&m, Rules::default(), &Limits::default()).unwrap();
        let n = p.arena().game().vertex_count();
        assert_eq!(p.wolf_wins_count(), n);
        assert!(p.ranks().iter().all(|&r| r != NONE));
    }

    #[test]
    fn a_walled_in_cell_stays_and_walls_are_refused() {
        let m = maze(&["#.#.#"]);
        let a = Arena::new(&m, Rules::passing("none").unwrap(), &Limits::default()).unwrap();
        let pos = Position {
            wolf: 1,
            sheep: 3,
            turn: Piece::Wolf,
        };
        assert_eq!(
            a.moves(pos).unwrap(),
            vec![Position {
                turn: Piece::Sheep,
                ..pos
            }]
        );
        let p = Pursuit::new(a).unwrap();
        assert_eq!(p.capture_time(pos).unwrap(), None);
        let wall = Position { wolf: 0, ..pos };
        let e = p.capture_time(wall).unwrap_err().to_string();
        assert!(e.contains("wolf cannot stand on (0, 0)"), "{e}");
        let out = Position { sheep: 99, ..pos };
        assert!(p
            .capture_time(out)
            .unwrap_err()
            .to_string()
            .contains("outside"));
    }

    #[test]
    fn the_budget_is_checked_before_building() {
        let m = maze(&["#....#", "#....#"]);
        let tight = Limits {
            max_bytes: 1000,
            ..Limits::default()
        };
        let e = Arena::new(&m, Rules::default(), &tight).unwrap_err();
        assert!(matches!(e, Error::OverBudget { .. }), "{e}");
        assert!(Arena::bytes_needed(&m, Rules::default()) > 1000);
    }

    #[test]
    fn plays_end_in_a_capture_or_a_cycle() {
        let m = maze(&["#####", "#...#", "#.#.#", "#...#", "##.##"]);
        let p = Pursuit::solve(&m, Rules::default(), &Limits::default()).unwrap();
        let c = |r, col| m.shape().index(&[r, col]).unwrap();
        let start = Position {
            wolf: c(1, 1),
            sheep: c(3, 3),
            turn: Piece::Wolf,
        };
        let play = p.play(start, 1000).unwrap();
        assert!(!play.caught && play.repeats_from.is_some());
        let start = Position {
            wolf: c(3, 3),
            sheep: c(4, 2),
            turn: Piece::Wolf,
        };
        let play = p.play(start, 1000).unwrap();
        assert!(play.caught);
        assert_eq!(play.positions.len(), 4);
        assert_eq!(Pursuit::wolf_share(start, 3), 2);
    }
}
