//! Dead-end filling: "every dead end is a wall", iterated until nothing changes.
//!
//! A path cell with at most one open neighbour that is not a terminal is a dead end: it is
//! filled, which may turn its one neighbour into a dead end, and so on. What remains is the
//! unique fixed point: on a perfect maze exactly the solution path; on a maze with cycles, the
//! solution plus the cycles and every corridor between them and the path (the cells whose
//! removal by peeling is impossible). Any simple path between the terminals survives, so the
//! shortest path through what is left is a shortest path of the maze.
//!
//! On the grid the engine keeps no counts at all: the cells left are one bit per cell (a copy
//! of the grid's path bits), and a cell's open-neighbour count is recounted from those bits
//! when needed. The grid is scanned once in order; each dead end found starts a walk that
//! fills it and moves to its one neighbour while that neighbour is a dead end in turn. A cell's
//! count only drops when a neighbour is filled, and that is exactly when the walk looks at it,
//! so one scan reaches the fixed point. 2-D grids are scanned row by row, 64 cells at a time
//! with bit operations that find the cells with at most one open neighbour, and walks carry
//! their row and column (no division per cell); without portals, horizontal bands of the grid
//! are filled in parallel, one thread per core. A grid drawn as rooms and walls (odd sides,
//! every cell with two even coordinates a wall, as every generated maze and most maze
//! pictures) is walked room to room: the cell between two rooms has no other neighbour, so a
//! walk that fills a room fills the passage after it and goes on two cells a step (1.6× fewer
//! instructions per cell). On a [`Graph`] the same peeling runs over the compressed neighbour
//! lists with a count per vertex and a work stack ([`fill_graph`]).

use super::bfs::{layers, walk_back};
use super::{Links, Method, Solution};
use crate::graph::Graph;
use crate::maze::Maze;
use fixedbitset::FixedBitSet;
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// The cells left by dead-end filling of `maze`'s path cells; `terminals` are never filled.
///
/// Portals count as open neighbours. Complexity: O(cells · dimensions) time; one bit per cell
/// (the result), plus one bit per cell marking portal ends when there are portals (2-D grids
/// without portals use one thread per core, each filling a band of rows).
///
/// ```
/// use mazegraph::{solve::dead_end::fill, Maze};
/// let m = Maze::from_text_rows(&[
///     "#.#####",
///     "#.....#",
///     "#.#.#.#",
///     "#...#.#",
///     "#.###.#",
/// ]).unwrap();
/// let (s, g) = m.terminals().unwrap();
/// let kept = fill(&m, &[s, g]);
/// // the loop through (3, 1)..(3, 3) stays; the spur at (4, 1) and the branch (2, 3) do not
/// assert!(kept.contains(m.shape().index(&[3, 2]).unwrap()));
/// assert!(!kept.contains(m.shape().index(&[4, 1]).unwrap()));
/// ```
pub fn fill(maze: &Maze, terminals: &[usize]) -> FixedBitSet {
    fill_counting(maze, &Links::new(maze), terminals).0
}

/// [`fill`] with the maze's `links`, also returning the number of cells filled, and whether
/// the maze is a 2-D grid of rooms and walls without portals ([`is_rooms`]: then so are the
/// cells left).
fn fill_counting(maze: &Maze, links: &Links, terminals: &[usize]) -> (FixedBitSet, usize, bool) {
    if maze.shape().ndim() == 2 {
        // Bands of at least 64 rows; inside a pool already solving many mazes, one thread.
        let threads = crate::par::threads_here().min(maze.shape().dims()[0] / 64);
        return fill_2d(maze, links, terminals, threads);
    }
    let mut kept = maze.grid().bits().clone();
    let filled = fill_nd(maze, links, terminals, &mut kept);
    (kept, filled, false)
}

fn fill_nd(maze: &Maze, links: &Links, terminals: &[usize], kept: &mut FixedBitSet) -> usize {
    let mut filled = 0;
    for i in maze.grid().paths() {
        crate::stop::check();
        let mut c = i;
        while kept.contains(c) && !terminals.contains(&c) {
            let mut degree = 0;
            let mut next = c;
            links.for_each(c, |j| {
                if kept.contains(j) {
                    degree += 1;
                    next = j;
                }
            });
            if degree > 1 {
                break;
            }
            kept.remove(c);
            filled += 1;
            if degree == 0 {
                break;
            }
            c = next;
        }
    }
    filled
}

const B: usize = usize::BITS as usize;

/// 2-D filling. Rows are scanned `B` cells at a time with bit operations, which find the
/// cells with at most one open grid neighbour; only those start a walk.
///
/// Without portals, a wide enough grid is cut into horizontal bands filled in parallel, one
/// thread per core: a band's walks stop at its edge, two rows of the grid between bands are
/// left to a last sequential pass, and no word of the bitset is written by two threads. The
/// words are atomics read and written with relaxed ordering (plain loads and stores).
fn fill_2d(
    maze: &Maze,
    links: &Links,
    terminals: &[usize],
    threads: usize,
) -> (FixedBitSet, usize, bool) {
    let dims = maze.shape().dims();
    let (h, w) = (dims[0], dims[1]);
    let grid = maze.grid().bits();
    // The cells left, filled in place: one copy of the grid (at 10¹⁰ cells, 1.25 GB).
    let mut kept = grid.clone();
    let words = as_atomic(kept.as_mut_slice());
    let plane = Plane {
        words,
        h,
        w,
        terminals,
        terminal_bits: terminals.iter().fold(0, |m, &t| m | 1 << (t % B)),
        links,
        rooms: !links.has_portals() && is_rooms(grid.as_slice(), h, w),
    };
    let threads = if links.has_portals() || w < B {
        1
    } else {
        threads.min(h / 4).max(1)
    };
    let filled = if threads == 1 {
        plane.scan(0..h, 0..h)
    } else {
        let cuts: Vec<usize> = (1..threads).map(|k| k * h / threads).collect();
        let mut bands = Vec::with_capacity(threads);
        let mut from = 0;
        for &m in &cuts {
            bands.push(from..m - 1);
            from = m + 1;
        }
        bands.push(from..h);
        let parallel: usize = std::thread::scope(|s| {
            let plane = &plane;
            let handles: Vec<_> = bands
                .into_iter()
                .map(|band| s.spawn(move || plane.scan(band.clone(), band)))
                .collect();
            handles.into_iter().map(|t| t.join().unwrap_or(0)).sum()
        });
        // The two rows at each cut, with walks free to go anywhere.
        parallel
            + cuts
                .iter()
                .map(|&m| plane.scan(m - 1..m + 1, 0..h))
                .sum::<usize>()
    };
    let rooms = plane.rooms;
    (kept, filled, rooms)
}

// `AtomicUsize` has the size of `usize`; its alignment is its size, and must be `usize`'s
// for [`as_atomic`] to view one as the other.
const _: () = assert!(std::mem::align_of::<AtomicUsize>() == std::mem::align_of::<usize>());

/// The words of a bitset seen as atomics, for [`fill_2d`]'s threads (std's
/// `AtomicUsize::from_mut_slice`, not yet stable).
fn as_atomic(words: &mut [usize]) -> &[AtomicUsize] {
    // SAFETY: `AtomicUsize` has the same size and bit validity as `usize`, and the same
    // alignment (asserted above); the exclusive borrow means no other access to the words
    // while the atomics live, and every access through them is atomic.
    unsafe { &*(words as *mut [usize] as *const [AtomicUsize]) }
}

/// A 2-D grid's bits being filled, shared by the threads of [`fill_2d`].
struct Plane<'a, 'b> {
    words: &'a [AtomicUsize],
    h: usize,
    w: usize,
    terminals: &'a [usize],
    /// Bit `t % B` set for every terminal `t`: a cell whose bit is clear is no terminal,
    /// without a look at the list.
    terminal_bits: usize,
    links: &'a Links<'b>,
    /// Rooms and walls ([`is_rooms`]), no portals: walks go room to room.
    rooms: bool,
}

/// True when a `h` × `w` grid (row-major bits) is drawn as rooms and walls: both sides odd and
/// every cell at two even coordinates a wall. Then a path cell at odd coordinates is a room
/// and any other path cell a passage with at most two neighbours, the rooms on either side.
fn is_rooms(words: &[usize], h: usize, w: usize) -> bool {
    if h.is_multiple_of(2) || w.is_multiple_of(2) || h < 3 || w < 3 {
        return false;
    }
    // Even columns of a row starting at bit p: the mask of bits k with (p + k - p0) even.
    const EVEN: usize = usize::MAX / 3; // 0b…0101
    (0..h).step_by(2).all(|r| {
        let start = r * w;
        let mut col = 0;
        while col < w {
            let p = start + col;
            let len = (w - col).min(B);
            let mask = if len == B { !0 } else { (1usize << len) - 1 };
            // bit k of the chunk is column col + k; col is even, so even k are even columns
            if crate::grid::load_bits(words, p) & mask & EVEN != 0 {
                return false;
            }
            col += len;
        }
        true
    })
}

impl Plane<'_, '_> {
    #[inline(always)]
    fn bit(&self, i: usize) -> usize {
        (self.words[i / B].load(Relaxed) >> (i % B)) & 1
    }

    /// The `B` bits starting at bit `p` (bits past the end read as 0).
    #[inline]
    fn chunk(&self, p: usize) -> usize {
        let (k, sh) = (p / B, p % B);
        let lo = self.words.get(k).map_or(0, |w| w.load(Relaxed) >> sh);
        if sh == 0 {
            lo
        } else {
            lo | self
                .words
                .get(k + 1)
                .map_or(0, |w| w.load(Relaxed) << (B - sh))
        }
    }

    /// True when cell `i` is a terminal (never filled).
    #[inline(always)]
    fn is_terminal(&self, i: usize) -> bool {
        (self.terminal_bits >> (i % B)) & 1 == 1 && self.terminals.contains(&i)
    }

    /// The bits of cells `i - 1`, `i` and `i + 1`, all inside the grid, as bits 0, 1 and 2.
    #[inline(always)]
    fn three(&self, i: usize) -> usize {
        let (k, sh) = ((i - 1) / B, (i - 1) % B);
        let lo = self.words[k].load(Relaxed) >> sh;
        if sh <= B - 3 {
            lo & 7
        } else {
            // Cell i + 1 is in word k + 1.
            (lo | self.words[k + 1].load(Relaxed) << (B - sh)) & 7
        }
    }

    /// Clears bit `i`. Only one thread ever writes a given word, so load-then-store is exact.
    #[inline(always)]
    fn clear(&self, i: usize) {
        let word = &self.words[i / B];
        word.store(word.load(Relaxed) & !(1usize << (i % B)), Relaxed);
    }

    /// Finds the dead ends of `rows` and walks from each, within the rows of `band`.
    fn scan(&self, rows: Range<usize>, band: Range<usize>) -> usize {
        let (h, w) = (self.h, self.w);
        let mut filled = 0;
        for r in rows {
            crate::stop::check();
            let mut col = 0;
            while col < w {
                let p = r * w + col;
                let len = (w - col).min(B);
                let mask = if len == B { !0 } else { (1usize << len) - 1 };
                let cur = self.chunk(p) & mask;
                if cur != 0 {
                    let up = if r > 0 { self.chunk(p - w) } else { 0 };
                    let down = if r + 1 < h { self.chunk(p + w) } else { 0 };
                    let left = (cur << 1) | if col > 0 { self.bit(p - 1) } else { 0 };
                    let right = (cur >> 1)
                        | if col + B < w {
                            self.bit(p + B) << (B - 1)
                        } else {
                            0
                        };
                    let two = (up & down) | (left & right) | ((up | down) & (left | right));
                    let mut dead = cur & !two;
                    while dead != 0 {
                        let k = dead.trailing_zeros() as usize;
                        dead &= dead - 1;
                        let at = (p + k, r, col + k);
                        filled += if self.rooms {
                            self.walk_rooms(at, &band)
                        } else if self.links.has_portals() {
                            self.walk::<true>(at, &band)
                        } else {
                            self.walk::<false>(at, &band)
                        };
                    }
                }
                col += len;
            }
        }
        filled
    }

    /// Fills dead ends starting at cell `at` = (i, r, c) if it is one, following the chain
    /// while it stays in the rows of `band`; returns the number filled.
    #[inline]
    fn walk<const PORTALS: bool>(&self, at: (usize, usize, usize), band: &Range<usize>) -> usize {
        let mut filled = 0;
        let mut next = Some(at);
        while let Some(at) = next {
            let (f, n) = self.step::<PORTALS>(at, band);
            filled += f;
            next = n;
        }
        filled
    }

    /// One step of a walk: fills cell `i` = (r, c) if it is still a dead end (1 filled) and
    /// gives its one open neighbour when that is in the rows of `band`. The four neighbour
    /// tests are computed without branches, so the only branch that depends on the maze is
    /// "is this still a dead end", which is almost always yes.
    #[inline(always)]
    fn step<const PORTALS: bool>(
        &self,
        (i, r, c): (usize, usize, usize),
        band: &Range<usize>,
    ) -> (usize, Option<(usize, usize, usize)>) {
        let (h, w) = (self.h, self.w);
        if self.bit(i) == 0 || self.is_terminal(i) {
            return (0, None);
        }
        // Out-of-grid neighbours read the cell itself, then are masked off.
        let up = usize::from(r > 0) & self.bit(if r > 0 { i - w } else { i });
        let left = usize::from(c > 0) & self.bit(if c > 0 { i - 1 } else { i });
        let right = usize::from(c + 1 < w) & self.bit(if c + 1 < w { i + 1 } else { i });
        let down = usize::from(r + 1 < h) & self.bit(if r + 1 < h { i + w } else { i });
        let mut degree = up + left + right + down;
        // With exactly one open neighbour, this is it.
        let mut next = (
            i.wrapping_add((down.wrapping_sub(up)).wrapping_mul(w))
                .wrapping_add(right)
                .wrapping_sub(left),
            r.wrapping_add(down).wrapping_sub(up),
            c.wrapping_add(right).wrapping_sub(left),
        );
        if PORTALS && degree <= 1 && self.links.is_portal(i) {
            self.links.for_each_portal(i, |j| {
                if self.bit(j) == 1 {
                    degree += 1;
                    next = (j, j / w, j % w);
                }
            });
        }
        if degree > 1 {
            return (0, None);
        }
        self.clear(i);
        if degree == 0 || !band.contains(&next.1) {
            return (1, None);
        }
        (1, Some(next))
    }

    /// The walk of a grid of rooms and walls ([`is_rooms`]) from cell `at`: a passage is
    /// stepped through as one cell, then the walk goes room to room. Filling a room whose one
    /// open neighbour is a passage leaves that passage with at most one neighbour (the room
    /// beyond), so it is filled in the same step, and the walk goes on from the room beyond.
    /// A room's four neighbours are always inside the grid (its coordinates are odd).
    #[inline]
    fn walk_rooms(&self, at: (usize, usize, usize), band: &Range<usize>) -> usize {
        let (mut i, mut r, mut c) = at;
        let mut filled = 0;
        if r % 2 == 0 || c % 2 == 0 {
            // A passage: one ordinary step, onto a room if the chain goes on.
            let (f, next) = self.step::<false>(at, band);
            match next {
                Some(n) => (i, r, c) = n,
                None => return f,
            }
            filled = f;
        }
        let (h, w) = (self.h, self.w);
        loop {
            // The room and its left and right neighbours, from one word (two at a word's end).
            let row = self.three(i);
            if row & 2 == 0 || self.is_terminal(i) {
                return filled;
            }
            let up = self.bit(i - w);
            let down = self.bit(i + w);
            let left = row & 1;
            let right = row >> 2;
            let degree = up + down + left + right;
            if degree > 1 {
                return filled;
            }
            self.clear(i);
            filled += 1;
            if degree == 0 {
                return filled;
            }
            let dr = down.wrapping_sub(up);
            let dc = right.wrapping_sub(left);
            let step = dr.wrapping_mul(w).wrapping_add(dc);
            // The passage, inside the grid (a room's neighbour).
            let (x, xr) = (i.wrapping_add(step), r.wrapping_add(dr));
            if !band.contains(&xr) || self.is_terminal(x) {
                return filled;
            }
            self.clear(x);
            filled += 1;
            // The room beyond, unless the passage is on the border.
            let (yr, yc) = (xr.wrapping_add(dr), c.wrapping_add(dc).wrapping_add(dc));
            if yr >= h || yc >= w || !band.contains(&yr) {
                return filled;
            }
            (i, r, c) = (x.wrapping_add(step), yr, yc);
        }
    }
}

/// Dead-end filling on any graph: the vertices left, as a bitset over vertex ids;
/// `terminals` are never removed.
///
/// Complexity: O(V + E) time; a 4-byte count per vertex, a work stack, one bit per vertex.
///
/// ```
/// use mazegraph::{solve::dead_end::fill_graph, Graph, Maze};
/// let m = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "#...#", "###.#"]).unwrap();
/// let g = Graph::from_maze(&m);
/// let kept = fill_graph(&g, &[g.start().unwrap(), g.goal().unwrap()]);
/// assert_eq!(kept.count_ones(..), 10); // the ring of 8 cells and both terminals
/// ```
pub fn fill_graph(graph: &Graph, terminals: &[u32]) -> FixedBitSet {
    let n = graph.vertex_count();
    let mut kept = FixedBitSet::with_capacity(n);
    kept.insert_range(..);
    let mut count: Vec<u32> = (0..n as u32)
        .map(|v| graph.degree(v).min(u32::MAX as usize) as u32)
        .collect();
    let mut stack: Vec<u32> = (0..n as u32)
        .filter(|&v| count[v as usize] <= 1 && !terminals.contains(&v))
        .collect();
    while let Some(v) = stack.pop() {
        crate::stop::check();
        if !kept.contains(v as usize) {
            continue;
        }
        kept.remove(v as usize);
        for &u in graph.neighbours(v) {
            if kept.contains(u as usize) {
                let c = &mut count[u as usize];
                *c -= 1;
                // Pushed once, when the count reaches 1; a count reaching 0 was already pushed.
                if *c == 1 && !terminals.contains(&u) {
                    stack.push(u);
                }
            }
        }
    }
    kept
}

/// Dead-end filling, then a shortest path through the cells left (breadth-first, inside them).
/// `visited` counts the cells filled.
///
/// Complexity: O(cells) time; one bit per cell for the cells left, two bits per cell touched
/// by the final search (only the cells left are searched).
///
/// ```
/// use mazegraph::{solve::dead_end, Maze};
/// let m = Maze::from_text_rows(&["#.###", "#...#", "#.#.#", "#...#", "###.#"]).unwrap();
/// let (s, g) = m.terminals().unwrap();
/// let sol = dead_end::solve(&m, s, g);
/// assert_eq!(sol.length, Some(6));
/// assert_eq!(sol.kept_count(), 10); // the ring and both accesses to it
/// ```
pub fn solve(maze: &Maze, start: usize, goal: usize) -> Solution {
    let links = Links::new(maze);
    let (kept, filled, rooms) = fill_counting(maze, &links, &[start, goal]);
    let path = walk_corridor(maze, &links, &kept, (start, goal), rooms).or_else(|| {
        let l = layers(&links, maze.grid().len(), start, goal, Some(&kept));
        l.dist.map(|d| walk_back(&links, &l.crumbs, goal, d))
    });
    Solution::new(Method::DeadEnd, (start, goal), path, kept, filled)
}

#[inline(always)]
fn bit_at(words: &[usize], i: usize) -> usize {
    (words[i / B] >> (i % B)) & 1
}

/// The path when what is left is a single corridor from start to goal (always so on a perfect
/// maze): every step has exactly one way on. `None` as soon as it is not. `rooms`: the maze is
/// a grid of rooms and walls ([`fill_counting`] says), walked room to room.
fn walk_corridor(
    maze: &Maze,
    links: &Links,
    kept: &FixedBitSet,
    (start, goal): (usize, usize),
    rooms: bool,
) -> Option<Vec<usize>> {
    let count = crate::grid::count_ones(kept.as_slice());
    if maze.shape().ndim() == 2 && !links.has_portals() {
        let dims = maze.shape().dims();
        let words = kept.as_slice();
        // Two threads, unless a pool is already solving many mazes or there is one core.
        if count >= TWO_ENDED && crate::par::threads_here() > 1 {
            if let Some(path) = two_ended(words, (dims[0], dims[1]), (start, goal), count, rooms) {
                return Some(path);
            }
        }
        let mut path = Vec::with_capacity(count);
        path.push(start);
        return corridor_2d(words, (dims[0], dims[1]), (start, goal), rooms, &mut path)
            .map(|_| path);
    }
    let mut path = Vec::with_capacity(count);
    path.push(start);
    let (mut prev, mut c) = (usize::MAX, start);
    while c != goal {
        let (mut ways, mut next) = (0, c);
        links.for_each(c, |j| {
            if j != prev && kept.contains(j) {
                ways += 1;
                next = j;
            }
        });
        // With one way on at every step the walk cannot come back to a cell: that cell would
        // have had a second way on.
        if ways != 1 {
            return None;
        }
        path.push(next);
        (prev, c) = (c, next);
    }
    Some(path)
}

/// The fewest cells left for [`walk_corridor`] to walk a 2-D corridor from both ends at once
/// ([`two_ended`]): below, a thread costs more than it saves.
const TWO_ENDED: usize = 1 << 18;

/// Where a corridor walk puts its cells: a growing vector, or the slots of one half of a path
/// (filled from its end when walked from the goal), which says when it is full.
trait Cells {
    /// Puts cell `i` next; false when there is no room left (nothing put).
    fn put(&mut self, i: usize) -> bool;
}

impl Cells for Vec<usize> {
    #[inline(always)]
    fn put(&mut self, i: usize) -> bool {
        self.push(i);
        true
    }
}

/// One half of a path: `slots` filled from the front, or from the back when `back`.
struct Half<'a> {
    slots: &'a mut [usize],
    filled: usize,
    back: bool,
}

impl Cells for Half<'_> {
    #[inline(always)]
    fn put(&mut self, i: usize) -> bool {
        let n = self.slots.len();
        if self.filled == n {
            return false;
        }
        let at = if self.back {
            n - 1 - self.filled
        } else {
            self.filled
        };
        self.slots[at] = i;
        self.filled += 1;
        true
    }
}

/// A 2-D corridor of `count` cells (`words` the cells left) walked from both ends at once, on
/// two threads, into the two halves of one path: the start's half from the front, the goal's
/// from the back. The halves join when each end's last cell is the other's one way on; `None`
/// when they do not (the cells left are more than one corridor: the caller walks from the start
/// alone). Each thread writes, and so first touches, its own half of the path's memory.
///
/// The walk is a chain of dependent reads, and a fresh path is a page fault every 512 cells:
/// two walkers take about half the time of one.
fn two_ended(
    words: &[usize],
    (h, w): (usize, usize),
    (start, goal): (usize, usize),
    count: usize,
    rooms: bool,
) -> Option<Vec<usize>> {
    // Each half needs a cell before its last one (for the join below).
    if count < 4 {
        return None;
    }
    // Zeroed memory is mapped lazily: each half is touched by its own walker.
    let mut path = vec![0usize; count];
    let half = count.div_ceil(2);
    let (front, back) = path.split_at_mut(half);
    let walk = |slots: &mut [usize], (from, to): (usize, usize), back: bool| {
        let mut cells = Half {
            slots,
            filled: 0,
            back,
        };
        cells.put(from);
        let done = corridor_2d(words, (h, w), (from, to), rooms, &mut cells)?;
        // Each walker fills its half and stops there: reaching the other end first means
        // the cells left are not one corridor of `count` cells.
        (!done && cells.filled == cells.slots.len()).then_some(())
    };
    let (ahead, behind) = std::thread::scope(|s| {
        let behind = s.spawn(|| walk(back, (goal, start), true));
        let ahead = walk(front, (start, goal), false);
        (ahead, behind.join().ok().flatten())
    });
    ahead?;
    behind?;
    // Each end's one way on (the cells left around its last cell but the one before it) must
    // be the other end's last cell.
    let one_way_on = |i: usize, before: usize| {
        let (r, c) = (i / w, i % w);
        let mut ways = [(r > 0).then(|| i - w), (r + 1 < h).then(|| i + w)]
            .into_iter()
            .chain([(c > 0).then(|| i - 1), (c + 1 < w).then(|| i + 1)])
            .flatten()
            .filter(|&j| j != before && bit_at(words, j) == 1);
        match (ways.next(), ways.next()) {
            (Some(j), None) => Some(j),
            _ => None,
        }
    };
    let (a, b) = (path[half - 1], path[half]);
    let meets =
        one_way_on(a, path[half - 2]) == Some(b) && one_way_on(b, path[half + 1]) == Some(a);
    meets.then_some(path)
}

/// [`walk_corridor`] on a 2-D grid without portals (`words` the cells left, `path` holding
/// the start): cell by cell, or, when `rooms` says the cells left are rooms and walls
/// ([`is_rooms`]), room to room from the first room on. `Some(true)` at the goal,
/// `Some(false)` when `path` is full first, `None` as soon as a step has no single way on.
fn corridor_2d(
    words: &[usize],
    (h, w): (usize, usize),
    (start, goal): (usize, usize),
    rooms: bool,
    path: &mut impl Cells,
) -> Option<bool> {
    let (mut r, mut c) = (start / w, start % w);
    let mut prev = usize::MAX;
    let mut i = start;
    while i != goal {
        if rooms && r % 2 == 1 && c % 2 == 1 {
            return walk_rooms_corridor(words, (h, w), (i, r, c), prev, goal, path);
        }
        // The cell we came from counts as closed.
        let open = |j: usize| usize::from(j != prev) & bit_at(words, j);
        let up = usize::from(r > 0) & open(if r > 0 { i - w } else { i });
        let left = usize::from(c > 0) & open(if c > 0 { i - 1 } else { i });
        let right = usize::from(c + 1 < w) & open(if c + 1 < w { i + 1 } else { i });
        let down = usize::from(r + 1 < h) & open(if r + 1 < h { i + w } else { i });
        if up + left + right + down != 1 {
            return None;
        }
        prev = i;
        i = i
            .wrapping_add((down.wrapping_sub(up)).wrapping_mul(w))
            .wrapping_add(right)
            .wrapping_sub(left);
        r = r.wrapping_add(down).wrapping_sub(up);
        c = c.wrapping_add(right).wrapping_sub(left);
        if !path.put(i) {
            return Some(false);
        }
    }
    Some(true)
}

/// The rest of [`walk_corridor`] from room `i` = (r, c) of a grid of rooms and walls
/// ([`is_rooms`]), entered from cell `prev`, with `path` walked so far (ending at `i`): from a
/// room the one open passage other than `prev` is the way on, and from a passage the room
/// beyond (a passage's other neighbours are walls), so the walk goes room to room, two cells a
/// step. As [`corridor_2d`]: `Some(true)` at the goal, `Some(false)` when `path` is full,
/// `None` as soon as a step has no single way on.
fn walk_rooms_corridor(
    words: &[usize],
    (h, w): (usize, usize),
    (mut i, mut r, mut c): (usize, usize, usize),
    mut prev: usize,
    goal: usize,
    path: &mut impl Cells,
) -> Option<bool> {
    while i != goal {
        // A room's four neighbours are inside the grid (its coordinates are odd).
        let open = |j: usize| usize::from(j != prev) & bit_at(words, j);
        let (up, down, left, right) = (open(i - w), open(i + w), open(i - 1), open(i + 1));
        if up + down + left + right != 1 {
            return None;
        }
        let (dr, dc) = (down.wrapping_sub(up), right.wrapping_sub(left));
        let step = dr.wrapping_mul(w).wrapping_add(dc);
        let x = i.wrapping_add(step);
        if !path.put(x) {
            return Some(false);
        }
        if x == goal {
            break;
        }
        // The room beyond the passage, unless the passage is on the border.
        let (yr, yc) = (
            r.wrapping_add(dr).wrapping_add(dr),
            c.wrapping_add(dc).wrapping_add(dc),
        );
        let y = x.wrapping_add(step);
        if yr >= h || yc >= w || bit_at(words, y) == 0 {
            return None;
        }
        if !path.put(y) {
            return Some(false);
        }
        (prev, i, r, c) = (x, y, yr, yc);
    }
    Some(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, Shape};

    fn cells(maze: &Maze, set: &FixedBitSet) -> Vec<Vec<usize>> {
        set.ones().map(|i| maze.shape().coords(i)).collect()
    }

    #[test]
    fn perfect_maze_leaves_exactly_the_path() {
        let m = Maze::from_text_rows(&[
            "#.#######", //
            "#.#.....#", //
            "#.#.###.#", //
            "#...#...#", //
            "#####.###", //
            "#.....#.#", //
            "#.###.#.#", //
            "#...#...#", //
            "#######.#",
        ])
        .unwrap();
        let (s, g) = m.terminals().unwrap();
        let sol = solve(&m, s, g);
        assert_eq!(sol.kept_count(), sol.length.unwrap() + 1);
        let mut on_path = FixedBitSet::with_capacity(m.grid().len());
        on_path.extend(sol.path.clone().unwrap());
        assert_eq!(sol.kept, on_path);
        assert_eq!(sol.visited + sol.kept_count(), m.grid().count_paths());
    }

    #[test]
    fn cycles_and_their_accesses_stay() {
        let m = Maze::from_text_rows(&[
            "#.#######", //
            "#.......#", //
            "#.#.###.#", //
            "#.#...#.#", //
            "#.#####.#", //
            "#.......#", //
            "#####.###",
        ])
        .unwrap();
        let (s, g) = m.terminals().unwrap();
        let kept = fill(&m, &[s, g]);
        // The spur (2,3)-(3,3)-(3,4)-(3,5) is filled; everything else is the ring plus accesses.
        assert_eq!(kept.count_ones(..), m.grid().count_paths() - 4);
        assert!(!cells(&m, &kept).contains(&vec![3, 5]));
    }

    /// A random 2-D grid (xorshift), `percent` % path.
    fn random_grid(h: usize, w: usize, percent: u64, mut x: u64) -> Maze {
        let mut grid = Grid::walls(Shape::new(vec![h, w]).unwrap());
        for i in 0..h * w {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            grid.set_path(i, x % 100 < percent);
        }
        Maze::new(grid)
    }

    #[test]
    fn bands_give_the_same_fill_as_one_thread_and_the_n_d_engine() {
        for (h, w, percent, seed) in [(300, 200, 70, 1), (130, 64, 60, 2), (257, 129, 80, 3)] {
            let m = random_grid(h, w, percent, seed);
            let terminals = [w + 1, (h - 2) * w + w / 2];
            let links = Links::new(&m);
            let mut reference = m.grid().bits().clone();
            let n = fill_nd(&m, &links, &terminals, &mut reference);
            for threads in [1, 2, 3, 7] {
                let (kept, filled, _) = fill_2d(&m, &links, &terminals, threads);
                assert_eq!(kept, reference, "{h}x{w} with {threads} threads");
                assert_eq!(filled, n);
            }
        }
    }

    #[test]
    fn rooms_and_walls_are_walked_room_to_room_with_the_same_fill() {
        // Odd sides, walls at two even coordinates, everything else random: rooms may be
        // closed, passages may be stubs (on the border or against a closed room), and the
        // terminals are rooms, passages or border stubs.
        for (h, w, percent, seed) in [
            (301, 201, 70, 1),
            (131, 65, 55, 2),
            (257, 129, 85, 3),
            (65, 301, 90, 4),
        ] {
            let mut m = random_grid(h, w, percent, seed);
            let mut grid = m.grid().clone();
            for r in (0..h).step_by(2) {
                for c in (0..w).step_by(2) {
                    grid.set_path(r * w + c, false);
                }
            }
            m = Maze::new(grid);
            let words = m.grid().bits().as_slice();
            assert!(is_rooms(words, h, w));
            let links = Links::new(&m);
            for terminals in [
                vec![w + 1, (h - 2) * w + w - 2],
                vec![1, (h - 1) * w + w - 2],
                vec![2 * w + 3, w + 2, ((h / 2) | 1) * w + ((w / 2) | 1)],
            ] {
                let mut reference = m.grid().bits().clone();
                let n = fill_nd(&m, &links, &terminals, &mut reference);
                for threads in [1, 2, 3] {
                    let (kept, filled, _) = fill_2d(&m, &links, &terminals, threads);
                    assert_eq!(kept, reference, "{h}x{w} {terminals:?} {threads} threads");
                    assert_eq!(filled, n);
                }
            }
        }
        // Not rooms: an even side, or a path cell at two even coordinates.
        let m = random_grid(10, 11, 100, 5);
        assert!(!is_rooms(m.grid().bits().as_slice(), 10, 11));
        let m = Maze::from_text_rows(&["#.#", "...", "#.#"]).unwrap();
        assert!(is_rooms(m.grid().bits().as_slice(), 3, 3));
        let m = Maze::from_text_rows(&["#.#", "...", "#.."]).unwrap();
        assert!(!is_rooms(m.grid().bits().as_slice(), 3, 3));
    }

    #[test]
    fn the_path_is_walked_room_to_room_as_cell_by_cell() {
        use crate::generate::{generate, rng_from_seed, Algorithm, Lattice, Options};
        for (rooms, seed, loops) in [((40, 30), 1, 0), ((25, 61), 2, 0), ((30, 30), 3, 4)] {
            let lattice = Lattice::new(&[rooms.0, rooms.1], &Default::default()).unwrap();
            let opts = Options {
                algorithm: Algorithm::Backtracker,
                loops,
                braid: false,
            };
            let m = generate(&lattice, &opts, &mut rng_from_seed(seed)).unwrap();
            let dims = m.shape().dims();
            let (h, w) = (dims[0], dims[1]);
            // Terminals on the border (the generator's), on rooms, and on a passage.
            let passage = (0..m.grid().len())
                .find(|&i| m.grid().is_path(i) && (i / w) % 2 == 1 && (i % w) % 2 == 0 && i % w > 0)
                .unwrap();
            for (s, g) in [
                m.terminals().unwrap(),
                (w + 1, (h - 2) * w + w - 2),
                (w + 1, passage),
            ] {
                let kept = fill(&m, &[s, g]);
                let words = kept.as_slice();
                assert!(is_rooms(words, h, w));
                let walk = |rooms: bool| {
                    let mut path = vec![s];
                    corridor_2d(words, (h, w), (s, g), rooms, &mut path).map(|_| path)
                };
                let (by_rooms, by_cells) = (walk(true), walk(false));
                assert_eq!(by_rooms, by_cells, "{rooms:?} {s} {g}");
                // A perfect maze leaves one corridor; loops may leave more than one way.
                let count = kept.count_ones(..);
                if loops == 0 {
                    let path = by_rooms.clone().unwrap();
                    assert_eq!((path[0], path[path.len() - 1]), (s, g));
                    assert_eq!(path.len(), count);
                }
                // From both ends at once: the same path, or none when the single walk finds
                // none, the cells left are more than its path, or fewer than 4.
                for rooms in [true, false] {
                    let both = two_ended(words, (h, w), (s, g), count, rooms);
                    match &by_rooms {
                        Some(p) if p.len() == count && count >= 4 => {
                            assert_eq!(both.as_ref(), Some(p))
                        }
                        _ => assert_eq!(both, None, "{rooms:?} {s} {g}"),
                    }
                }
            }
        }
    }

    #[test]
    fn a_corridor_beside_a_ring_is_walked_from_the_start_alone() {
        // The fill keeps the ring (it has no dead end): the cells left are more than the
        // corridor, so the walk from both ends meets nothing and the start's walk answers.
        // The corridor is longer than the ring: each end fills its half without reaching the
        // other end, and the halves overlap rather than meet.
        let m = Maze::from_text_rows(&[
            "#.#########", //
            "#.#########", //
            "#.#########", //
            "#.###...###", //
            "#.###.#.###", //
            "#.###...###", //
            "#.#########", //
            "#.#########", //
            "#.#########", //
            "#.#########", //
            "#.#########",
        ])
        .unwrap();
        let (s, g) = m.terminals().unwrap();
        let kept = fill(&m, &[s, g]);
        assert_eq!(kept.count_ones(..), 11 + 8);
        let w = m.shape().dims()[1];
        assert_eq!(two_ended(kept.as_slice(), (11, w), (s, g), 19, false), None);
        let links = Links::new(&m);
        let path = walk_corridor(&m, &links, &kept, (s, g), false).unwrap();
        assert_eq!(path, (0..11).map(|r| r * w + 1).collect::<Vec<_>>());
    }

    #[test]
    fn any_number_of_terminals_is_kept() {
        // A cross of corridors: with its four arms as terminals nothing is filled; with two,
        // the other two arms go.
        let m = Maze::from_text_rows(&["##.##", "##.##", ".....", "##.##", "##.##"]).unwrap();
        let sh = m.shape().clone();
        let arms: Vec<usize> = [[0, 2], [2, 0], [2, 4], [4, 2]]
            .iter()
            .map(|c| sh.index(c).unwrap())
            .collect();
        assert_eq!(fill(&m, &arms).count_ones(..), 9);
        assert_eq!(fill(&m, &arms[..2]).count_ones(..), 5);
        assert_eq!(fill(&m, &arms[..1]).count_ones(..), 1);
        assert_eq!(fill(&m, &[]).count_ones(..), 0);
    }

    #[test]
    fn portals_count_as_neighbours() {
        // Two dead-end corridors joined by a portal form a way through.
        let mut m = Maze::from_text_rows(&["#.###", "#.###", "#####", "###.#", "###.#"]).unwrap();
        let sh = m.shape().clone();
        let (s, g) = m.terminals().unwrap();
        assert_eq!(fill(&m, &[s, g]).count_ones(..), 2);
        m.add_portal(sh.index(&[1, 1]).unwrap(), sh.index(&[3, 3]).unwrap())
            .unwrap();
        let sol = solve(&m, s, g);
        assert_eq!(sol.kept_count(), 4);
        assert_eq!(sol.length, Some(3));
    }

    #[test]
    fn isolated_cycles_stay_and_isolated_trees_go() {
        let m = Maze::from_text_rows(&[
            "#S#####", //
            "#.#...#", //
            "#.#.#.#", //
            "#.#...#", //
            "#.#####", //
            "#G#.#.#",
        ])
        .unwrap();
        let (s, g) = m.terminals().unwrap();
        let kept = fill(&m, &[s, g]);
        // the start column stays (6 cells), the ring of 8 stays, (5,3) and (5,5) go
        assert_eq!(kept.count_ones(..), 6 + 8);
    }

    #[test]
    fn n_dimensional_and_graph_engines_agree() {
        // A 3-D grid: a corridor along axis 0 with a side branch along axis 2.
        let shape = Shape::new(vec![4, 2, 3]).unwrap();
        let mut grid = Grid::walls(shape.clone());
        for c in [
            [0, 0, 0],
            [1, 0, 0],
            [2, 0, 0],
            [3, 0, 0],
            [2, 0, 1],
            [2, 0, 2],
        ] {
            grid.set_path(shape.index(&c).unwrap(), true);
        }
        let mut m = Maze::new(grid);
        let (s, g) = (
            shape.index(&[0, 0, 0]).unwrap(),
            shape.index(&[3, 0, 0]).unwrap(),
        );
        m.set_terminals(Some(s), Some(g)).unwrap();
        let kept = fill(&m, &[s, g]);
        assert_eq!(kept.count_ones(..), 4);
        let graph = Graph::from_maze(&m);
        let kg = fill_graph(&graph, &[graph.start().unwrap(), graph.goal().unwrap()]);
        let via_graph: Vec<usize> = kg.ones().filter_map(|v| graph.cell(v as u32)).collect();
        assert_eq!(via_graph, kept.ones().collect::<Vec<_>>());
    }
}
