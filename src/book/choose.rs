//! Choosing a book's mazes: one seed per candidate derived from the book's seed (so that a book
//! is made again from its seed), and, when difficulties are asked for, a [`Grader`] made from a
//! sample of mazes of the same kind, then the candidates kept whose maze has the grade.
//!
//! Candidate `k` of a book of seed `S` is generated from [`maze_seed`]`(S, k)`; the sample that
//! makes the grader from seeds of its own stream ([`sample_seed`]), so that it does not depend
//! on how many mazes the book has. Without difficulties maze `i` is candidate `i`. With them,
//! maze `i` asks for a grade; the candidates are generated in order, each kept for the first
//! maze still waiting for its grade (set aside for a later maze of that grade otherwise), until
//! every maze has one or [`MAX_TRIES`] candidates per maze were spent.
//!
//! ```
//! use mazegraph::book::choose::{choose, Kind};
//! use mazegraph::generate::{Algorithm, Lattice, Options};
//! use mazegraph::stats::difficulty::Difficulty;
//! let kind = Kind::Square { lattice: Lattice::new(&[6, 6], &Default::default()).unwrap(), options: Options::new(Algorithm::Kruskal) };
//! let want = [Some(Difficulty::Easy), Some(Difficulty::Hard)];
//! let chosen = choose(&kind, 7, &want, &mut |_| {}).unwrap();
//! assert_eq!(chosen.len(), 2);
//! assert_eq!(chosen[0].grade, Some(Difficulty::Easy));
//! let again = choose(&kind, 7, &want, &mut |_| {}).unwrap();
//! assert_eq!(chosen[1].seed, again[1].seed); // the same book from the same seed
//! ```

use super::BookMaze;
use crate::error::{Error, Result};
use crate::generate::{generate, rng_from_seed, Lattice, Options};
use crate::stats::difficulty::{Difficulty, Grader};
use crate::tiling::{TiledMaze, Tiling};

/// Mazes in the sample a [`Grader`] is made from.
pub const SAMPLE: usize = 60;

/// The most candidates tried per maze asked for, before a grade is said not to be found.
pub const MAX_TRIES: usize = 200;

/// What kind of maze a book holds: a square-grid lattice or a tiling, and the generator's
/// options.
#[derive(Clone, Debug)]
pub enum Kind {
    /// 2-D mazes of the cell grid.
    Square {
        /// The rooms to carve.
        lattice: Lattice,
        /// The generator.
        options: Options,
    },
    /// Mazes of a tiling.
    Tiled {
        /// The tiling.
        tiling: Tiling,
        /// The generator.
        options: Options,
    },
}

impl Kind {
    /// The maze of `seed`.
    ///
    /// Complexity: the generator's.
    pub fn make(&self, seed: u64) -> Result<BookMaze> {
        let rng = &mut rng_from_seed(seed);
        Ok(match self {
            Kind::Square { lattice, options } => BookMaze::Square(generate(lattice, options, rng)?),
            Kind::Tiled { tiling, options } => {
                BookMaze::Tiled(TiledMaze::generate(tiling.clone(), options, rng)?)
            }
        })
    }
}

/// The seed of candidate `k` of a book of seed `book` (SplitMix64 of their combination: close
/// seeds give unrelated mazes).
///
/// ```
/// use mazegraph::book::choose::maze_seed;
/// assert_ne!(maze_seed(1, 0), maze_seed(1, 1));
/// assert_eq!(maze_seed(5, 3), maze_seed(5, 3));
/// ```
pub fn maze_seed(book: u64, k: u64) -> u64 {
    splitmix(splitmix(book) ^ k)
}

/// The seed of the grader's sample maze `k` (a stream apart from the book's mazes).
pub fn sample_seed(book: u64, k: u64) -> u64 {
    splitmix(splitmix(book ^ 0x5a4d_5041_4d50_4c45) ^ k)
}

fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A maze chosen for a book.
#[derive(Clone, Debug)]
pub struct Chosen {
    /// The maze.
    pub maze: BookMaze,
    /// The seed it was generated from.
    pub seed: u64,
    /// Its grade, when grades were asked for.
    pub grade: Option<Difficulty>,
}

/// The mazes of a book of seed `book`: one per entry of `want`, of that grade when it is one
/// (see the [module docs](self)). `progress(mazes generated)` is called after each maze made,
/// sample and candidates alike.
///
/// Complexity: O(mazes generated × cells): `want.len()` without grades; with them [`SAMPLE`]
/// plus about 3 per maze (a grade holds a third of the mazes), at most [`MAX_TRIES`] per maze.
pub fn choose(
    kind: &Kind,
    book: u64,
    want: &[Option<Difficulty>],
    progress: &mut dyn FnMut(usize),
) -> Result<Vec<Chosen>> {
    let mut made = 0;
    let mut make = |seed: u64| -> Result<BookMaze> {
        crate::stop::check();
        let m = kind.make(seed)?;
        made += 1;
        progress(made);
        Ok(m)
    };
    if want.iter().all(Option::is_none) {
        return (0..want.len() as u64)
            .map(|k| {
                let seed = maze_seed(book, k);
                Ok(Chosen {
                    maze: make(seed)?,
                    seed,
                    grade: None,
                })
            })
            .collect();
    }
    let mut scores = Vec::with_capacity(SAMPLE);
    for k in 0..SAMPLE as u64 {
        scores.extend(make(sample_seed(book, k))?.score());
    }
    let grader = Grader::from_scores(&scores).ok_or_else(|| {
        Error::InvalidArgument(
            "no maze of this kind has a solution: none can be graded by difficulty".into(),
        )
    })?;
    let mut slots: Vec<Option<Chosen>> = vec![None; want.len()];
    let budget = want.len().saturating_mul(MAX_TRIES) as u64;
    let mut k = 0u64;
    while let Some(first) = slots.iter().position(Option::is_none) {
        if k >= budget {
            let grade = want[first].map_or("any", Difficulty::name);
            return Err(Error::InvalidArgument(format!(
                "no {grade} maze of this kind in {k} tries (maze {} of the book): its mazes \
                 may all score alike; try another size or algorithm, or another difficulty",
                first + 1
            )));
        }
        let seed = maze_seed(book, k);
        k += 1;
        let maze = make(seed)?;
        let Some(score) = maze.score() else { continue };
        let grade = grader.grade(score);
        let fits = |i: usize| want[i].is_none_or(|w| w == grade);
        if let Some(i) = (0..want.len()).find(|&i| slots[i].is_none() && fits(i)) {
            slots[i] = Some(Chosen {
                maze,
                seed,
                grade: Some(grade),
            });
        }
    }
    Ok(slots.into_iter().flatten().collect())
}

/// The grades of a book of `count` mazes over `grades` in order, in equal runs (the first
/// mazes of the first grade…); all `None` without grades.
///
/// ```
/// use mazegraph::book::choose::spread;
/// use mazegraph::stats::difficulty::Difficulty::{Easy, Hard};
/// assert_eq!(spread(4, &[Easy, Hard]), [Some(Easy), Some(Easy), Some(Hard), Some(Hard)]);
/// assert_eq!(spread(3, &[Easy, Hard]), [Some(Easy), Some(Easy), Some(Hard)]);
/// assert_eq!(spread(2, &[]), [None, None]);
/// ```
pub fn spread(count: usize, grades: &[Difficulty]) -> Vec<Option<Difficulty>> {
    if grades.is_empty() {
        return vec![None; count];
    }
    (0..count)
        .map(|i| Some(grades[i * grades.len() / count.max(1)]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Algorithm;

    fn kind() -> Kind {
        Kind::Square {
            lattice: Lattice::new(&[7, 7], &Default::default()).unwrap(),
            options: Options::new(Algorithm::Backtracker),
        }
    }

    #[test]
    fn graded_mazes_have_their_grade() {
        let want = spread(6, &[Difficulty::Easy, Difficulty::Medium, Difficulty::Hard]);
        let chosen = choose(&kind(), 11, &want, &mut |_| {}).unwrap();
        let grades: Vec<_> = chosen.iter().map(|c| c.grade).collect();
        assert_eq!(grades, want);
        // Easy ones score below the hard ones.
        let s = |i: usize| chosen[i].maze.score().unwrap();
        assert!(s(0).max(s(1)) < s(4).min(s(5)));
    }

    #[test]
    fn ungraded_books_are_the_first_seeds() {
        let mut made = 0;
        let chosen = choose(&kind(), 3, &[None, None], &mut |n| made = n).unwrap();
        assert_eq!(made, 2);
        assert_eq!(chosen[1].seed, maze_seed(3, 1));
    }

    #[test]
    fn a_grade_never_found_is_refused() {
        // A 1×1 maze: every maze scores the same, all hard, none easy.
        let k = Kind::Square {
            lattice: Lattice::new(&[1, 1], &Default::default()).unwrap(),
            options: Options::new(Algorithm::Kruskal),
        };
        let e = choose(&k, 1, &[Some(Difficulty::Easy)], &mut |_| {}).unwrap_err();
        assert!(e.to_string().contains("no easy maze"), "{e}");
        assert!(choose(&k, 1, &[Some(Difficulty::Hard)], &mut |_| {}).is_ok());
    }
}
