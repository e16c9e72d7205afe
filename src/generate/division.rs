//! Recursive division, in n dimensions: start from the box with every wall between rooms
//! open; split it by a wall across a random axis (weighted by the number of places to cut)
//! at a random place, leave one random door in that wall, and divide both halves the same
//! way until every part is one room thick. Long straight walls, a boxy look.
//!
//! Iterative (a stack of boxes), so no depth limit.

use super::lattice::{below, Lattice};
use crate::error::Result;
use crate::grid::Grid;
use rand::Rng;

/// Carves a perfect maze by recursive division. Refuses masks.
///
/// Complexity: O(rooms · log rooms) time for roughly square boxes (each level of division
/// walls off O(rooms / thickness) cells); one bit per cell plus the stack of boxes.
///
/// ```
/// use mazegraph::generate::{division::division, rng_from_seed, Lattice};
/// let lat = Lattice::new(&[4, 3, 5], &Default::default()).unwrap();
/// assert!(lat.is_perfect(&division(&lat, &mut rng_from_seed(13)).unwrap()));
/// ```
pub fn division(lattice: &Lattice, rng: &mut impl Rng) -> Result<Grid> {
    super::Algorithm::Division.check(lattice)?;
    let n = lattice.ndim();
    let cs = lattice.cells().strides().to_vec();
    let grid = open_box(lattice);
    let mut grid = grid;
    // Boxes as [lo_0, hi_0, lo_1, hi_1, …] in room coordinates, hi exclusive, 2n numbers a
    // box on one flat stack (no allocation per box); boxes one room thick are never pushed.
    let cuts = |b: &[usize]| -> usize { (0..n).map(|k| b[2 * k + 1] - b[2 * k] - 1).sum() };
    let whole: Vec<usize> = lattice
        .rooms()
        .dims()
        .iter()
        .flat_map(|&d| [0, d])
        .collect();
    if n == 2 {
        divide_2d(
            [whole[0], whole[1], whole[2], whole[3]],
            &cs,
            &mut grid,
            rng,
        );
        return Ok(grid);
    }
    let mut stack: Vec<usize> = Vec::new();
    if cuts(&whole) > 0 {
        stack.extend_from_slice(&whole);
    }
    let mut b = vec![0usize; 2 * n];
    let mut door = vec![0usize; n];
    let mut x = vec![0usize; n];
    while stack.len() >= 2 * n {
        crate::stop::check();
        let top = stack.len() - 2 * n;
        b.copy_from_slice(&stack[top..]);
        stack.truncate(top);
        // Axis k with probability proportional to its number of cut places.
        let mut t = below(rng, cuts(&b));
        let mut k = 0;
        while t >= b[2 * k + 1] - b[2 * k] - 1 {
            t -= b[2 * k + 1] - b[2 * k] - 1;
            k += 1;
        }
        let p = b[2 * k] + 1 + t;
        for j in 0..n {
            door[j] = b[2 * j] + below(rng, b[2 * j + 1] - b[2 * j]);
            x[j] = b[2 * j];
        }
        // Close the wall between slabs p-1 and p, except at the door.
        {
            x[k] = p;
            loop {
                let mut c = 0;
                for j in 0..n {
                    c += if j == k { 2 * p } else { 2 * x[j] + 1 } * cs[j];
                }
                if (0..n).any(|j| j != k && x[j] != door[j]) {
                    grid.set_path(c, false);
                }
                // Odometer over the axes other than k.
                let mut j = n;
                let mut done = true;
                while j > 0 {
                    j -= 1;
                    if j == k {
                        continue;
                    }
                    x[j] += 1;
                    if x[j] < b[2 * j + 1] {
                        done = false;
                        break;
                    }
                    x[j] = b[2 * j];
                }
                if done {
                    break;
                }
            }
        }
        // The low half, then the high half (popped first), as the boxes were always stacked.
        let hi_k = b[2 * k + 1];
        b[2 * k + 1] = p;
        if cuts(&b) > 0 {
            stack.extend_from_slice(&b);
        }
        b[2 * k + 1] = hi_k;
        b[2 * k] = p;
        if cuts(&b) > 0 {
            stack.extend_from_slice(&b);
        }
    }
    Ok(grid)
}

/// [`division`] of a 2-D box `[lo_0, hi_0, lo_1, hi_1]`: the same choices from the same
/// random numbers, on fixed-size boxes (the common case, about twice as fast).
fn divide_2d(whole: [usize; 4], cs: &[usize], grid: &mut Grid, rng: &mut impl Rng) {
    let cuts = |b: &[usize; 4]| (b[1] - b[0] - 1) + (b[3] - b[2] - 1);
    let mut stack: Vec<[usize; 4]> = Vec::new();
    if cuts(&whole) > 0 {
        stack.push(whole);
    }
    while let Some(mut b) = stack.pop() {
        crate::stop::check();
        let t = below(rng, cuts(&b));
        let (k, t) = if t < b[1] - b[0] - 1 {
            (0, t)
        } else {
            (1, t - (b[1] - b[0] - 1))
        };
        let p = b[2 * k] + 1 + t;
        let door = [
            b[0] + below(rng, b[1] - b[0]),
            b[2] + below(rng, b[3] - b[2]),
        ];
        // The wall is a line of cells along the other axis, a stride apart: every other bit
        // of a row (closed a word at a time, the door opened again), or one bit a row.
        let o = 1 - k;
        let base = 2 * p * cs[k];
        if o == 1 {
            let first = base + 2 * b[2] + 1;
            clear_every_other(grid.bits_mut().as_mut_slice(), first, b[3] - b[2]);
            grid.set_path(base + 2 * door[1] + 1, true);
        } else {
            for y in b[2 * o]..b[2 * o + 1] {
                if y != door[o] {
                    grid.set_path(base + (2 * y + 1) * cs[o], false);
                }
            }
        }
        let hi_k = b[2 * k + 1];
        b[2 * k + 1] = p;
        if cuts(&b) > 0 {
            stack.push(b);
        }
        b[2 * k + 1] = hi_k;
        b[2 * k] = p;
        if cuts(&b) > 0 {
            stack.push(b);
        }
    }
}

/// Clears `count` bits of `words` from bit `first`, every other bit (`first`, `first + 2`, …),
/// a word at a time.
fn clear_every_other(words: &mut [usize], first: usize, count: usize) {
    const B: usize = usize::BITS as usize;
    if count == 0 {
        return;
    }
    let last = first + 2 * (count - 1);
    // Words hold an even number of bits: one pattern for every word.
    let pattern = if first.is_multiple_of(2) {
        usize::MAX / 3 // 0b…0101
    } else {
        (usize::MAX / 3) << 1 // 0b…1010
    };
    for k in first / B..=last / B {
        let lo = if k == first / B { first % B } else { 0 };
        let hi = if k == last / B { last % B } else { B - 1 };
        let range = (usize::MAX >> (B - 1 - hi)) & (usize::MAX << lo);
        if let Some(w) = words.get_mut(k) {
            *w &= !(pattern & range);
        }
    }
}

/// The lattice's box with every wall between rooms open: every room, and every cell between
/// two rooms. Row by row in 2-D; through the lattice's neighbours otherwise.
fn open_box(lattice: &Lattice) -> Grid {
    let mut grid = lattice.walls();
    let cells = lattice.cells().dims().to_vec();
    if let [h, w] = cells[..] {
        // Odd rows: rooms and the cells between them (1..w-1); even inner rows: below rooms.
        for r in 1..h.saturating_sub(1) {
            let row = r * w;
            if r % 2 == 1 {
                (1..w - 1).for_each(|c| grid.set_path(row + c, true));
            } else {
                (1..w - 1)
                    .step_by(2)
                    .for_each(|c| grid.set_path(row + c, true));
            }
        }
        return grid;
    }
    for c in lattice.allowed().ones() {
        crate::stop::check();
        grid.set_path(c, true);
        lattice.for_each_neighbour(c, |d, w, _| {
            if d % 2 == 1 {
                grid.set_path(w, true);
            }
        });
    }
    grid
}

#[cfg(test)]
mod tests {
    use super::super::{testing, Algorithm};

    #[test]
    fn perfect_in_1d_to_4d() {
        testing::check_perfect(
            Algorithm::Division,
            &[&[1], &[7], &[6, 9], &[3, 4, 5], &[2, 3, 2, 3]],
        );
    }
}
