//! The adjacency of a tiling's rooms in compressed rows of `u32`, each undirected edge (each
//! wall between two rooms) numbered once: what graph algorithms take instead of the tiling.

use super::Tiles;

/// Compressed sparse rows: the sorted neighbours of room `v` are
/// `targets[offsets[v]..offsets[v + 1]]`, and `edge_ids` (parallel to `targets`) gives each
/// entry's edge number; edge `e` joins `ends[e][0] < ends[e][1]`. Edges are numbered in
/// the order of their smaller end, then of the larger one.
///
/// ```
/// use mazegraph::tiling::{Adjacency, Tiling};
/// let t = Tiling::new("delta", &[2, 2], &Default::default()).unwrap();
/// let adj = Adjacency::of(&t);
/// assert_eq!((adj.room_count(), adj.edge_count()), (4, 3));
/// assert_eq!(adj.neighbours(0), &[1, 2]);
/// assert_eq!(adj.ends(0), [0, 1]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjacency {
    offsets: Vec<u32>,
    targets: Vec<u32>,
    edge_ids: Vec<u32>,
    ends: Vec<[u32; 2]>,
}

impl Adjacency {
    /// The adjacency of a tiling (whose room count was checked against the limits when it
    /// was made).
    ///
    /// Complexity: O(rooms · degree · log degree) time; 4 bytes per room, 8 per neighbour
    /// entry and 8 per edge.
    pub fn of(t: &impl Tiles) -> Adjacency {
        let n = t.room_count();
        let mut offsets = Vec::with_capacity(n + 1);
        let mut targets = Vec::with_capacity(n * 4);
        let mut buf = Vec::with_capacity(8);
        offsets.push(0u32);
        for v in 0..n as u32 {
            crate::stop::check();
            buf.clear();
            t.neighbours(v, &mut buf);
            buf.sort_unstable();
            targets.extend_from_slice(&buf);
            offsets.push(targets.len() as u32);
        }
        Adjacency::from_rows(offsets, targets)
    }

    /// The adjacency from compressed rows (sorted, symmetric, no self-loops), numbering its
    /// edges.
    pub(crate) fn from_rows(offsets: Vec<u32>, targets: Vec<u32>) -> Adjacency {
        let n = offsets.len().saturating_sub(1);
        let mut edge_ids = vec![0u32; targets.len()];
        let mut ends = Vec::with_capacity(targets.len() / 2);
        for v in 0..n {
            let (lo, hi) = (offsets[v] as usize, offsets[v + 1] as usize);
            for k in lo..hi {
                let u = targets[k];
                if u as usize > v {
                    edge_ids[k] = ends.len() as u32;
                    ends.push([v as u32, u]);
                } else {
                    // Numbered from u's row already: find v there.
                    let (ulo, uhi) = (
                        offsets[u as usize] as usize,
                        offsets[u as usize + 1] as usize,
                    );
                    let row = &targets[ulo..uhi];
                    let j = row.partition_point(|&x| (x as usize) < v);
                    edge_ids[k] = edge_ids[ulo + j];
                }
            }
        }
        Adjacency {
            offsets,
            targets,
            edge_ids,
            ends,
        }
    }

    /// Number of rooms.
    pub fn room_count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Number of edges (walls between two rooms).
    pub fn edge_count(&self) -> usize {
        self.ends.len()
    }

    /// The sorted neighbours of room `v`.
    #[inline]
    pub fn neighbours(&self, v: u32) -> &[u32] {
        &self.targets[self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize]
    }

    /// The edge numbers of room `v`'s walls, parallel to [`Adjacency::neighbours`].
    #[inline]
    pub fn edges(&self, v: u32) -> &[u32] {
        &self.edge_ids[self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize]
    }

    /// The two rooms of edge `e`, the smaller first.
    #[inline]
    pub fn ends(&self, e: u32) -> [u32; 2] {
        self.ends[e as usize]
    }

    /// The edge between `a` and `b`, if they are neighbours.
    pub fn edge_between(&self, a: u32, b: u32) -> Option<u32> {
        let row = self.neighbours(a);
        let k = row.binary_search(&b).ok()?;
        Some(self.edges(a)[k])
    }

    /// The number of neighbours of room `v`.
    #[inline]
    pub fn degree(&self, v: u32) -> usize {
        (self.offsets[v as usize + 1] - self.offsets[v as usize]) as usize
    }

    /// The raw rows: offsets and targets.
    pub fn rows(&self) -> (&[u32], &[u32]) {
        (&self.offsets, &self.targets)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_are_numbered_once_and_seen_from_both_ends() {
        for t in crate::tiling::tests::small() {
            let adj = Adjacency::of(&t);
            let mut seen = vec![0; adj.edge_count()];
            for v in 0..adj.room_count() as u32 {
                for (&u, &e) in adj.neighbours(v).iter().zip(adj.edges(v)) {
                    let [a, b] = adj.ends(e);
                    assert_eq!((a, b), (v.min(u), v.max(u)));
                    seen[e as usize] += 1;
                }
            }
            assert!(seen.iter().all(|&k| k == 2));
        }
    }
}
