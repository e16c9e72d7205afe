//! How hard a maze is to solve by eye: one score from the figures [`Stats`] computes, and a
//! grade (easy, medium, hard) relative to the mazes the same generator makes at the same size.
//!
//! The **score** is the number of junctions the shortest solution passes (each a chance of a
//! wrong turn, [`Stats::decisions`]) plus the solution's length measured in maze widths
//! (`solution_length / √path_cells`): a long winding solution with many branches scores high,
//! a short straight one low. A maze without a solution has no score.
//!
//! A score means little alone (a 40×40 maze scores more than any 10×10 one), so grades are
//! relative: a [`Grader`] is made from the scores of a sample of mazes of one kind (same
//! generator, size and tiling); the lowest third of that sample is *easy*, the highest third
//! *hard*. The puzzle book and the dataset writer draw such a sample, then keep the seeds whose
//! maze has the grade asked for.
//!
//! ```
//! use mazegraph::stats::difficulty::{Difficulty, Grader};
//! let grader = Grader::from_scores(&[3.0, 9.0, 1.0, 5.0, 7.0, 11.0]).unwrap();
//! assert_eq!(grader.grade(2.0), Difficulty::Easy);
//! assert_eq!(grader.grade(6.0), Difficulty::Medium);
//! assert_eq!(grader.grade(10.5), Difficulty::Hard);
//! assert_eq!("hard".parse::<Difficulty>(), Ok(Difficulty::Hard));
//! ```

use super::Stats;
use std::fmt;
use std::str::FromStr;

/// A maze's grade among mazes of its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// The lowest third of scores.
    Easy,
    /// The middle third.
    Medium,
    /// The highest third.
    Hard,
}

impl Difficulty {
    /// Every grade, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// The grade's name: `easy`, `medium` or `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a grade.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown difficulty `{0}`: easy, medium or hard")]
pub struct UnknownDifficulty(pub String);

impl FromStr for Difficulty {
    type Err = UnknownDifficulty;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownDifficulty(s.to_string()))
    }
}

/// The difficulty score of a maze's figures (see the [module docs](self)); `None` without a
/// solution.
///
/// Complexity: O(1).
///
/// ```
/// use mazegraph::stats::{difficulty::score, maze_stats};
/// use mazegraph::Maze;
/// // A straight corridor of 9 cells: no junction, a solution 8 steps long, 3 widths.
/// let m = Maze::from_text_rows(&["#.#"; 9]).unwrap();
/// assert_eq!(score(&maze_stats(&m)), Some(8.0 / 3.0));
/// ```
pub fn score(stats: &Stats) -> Option<f64> {
    let length = stats.solution_length?;
    let decisions = stats.decisions.unwrap_or(0);
    let width = (stats.path_cells.max(1) as f64).sqrt();
    Some(decisions as f64 + length as f64 / width)
}

/// Grades scores against a sample of mazes of one kind: below its first tercile is easy,
/// above its second hard.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grader {
    /// Scores up to this one are easy.
    pub easy_up_to: f64,
    /// Scores from this one on are hard.
    pub hard_from: f64,
}

impl Grader {
    /// The grader of a sample of scores (NaNs ignored); `None` for an empty sample.
    ///
    /// Complexity: O(n log n) for n scores.
    pub fn from_scores(scores: &[f64]) -> Option<Grader> {
        let mut sorted: Vec<f64> = scores.iter().copied().filter(|s| !s.is_nan()).collect();
        if sorted.is_empty() {
            return None;
        }
        sorted.sort_by(f64::total_cmp);
        let at = |q: usize| sorted[(sorted.len() * q / 3).min(sorted.len() - 1)];
        Some(Grader {
            easy_up_to: at(1),
            hard_from: at(2),
        })
    }

    /// The grade of `score`: a score at the second tercile is hard, one below the first easy
    /// (so a sample whose scores are all equal is all hard; a caller asking for another grade
    /// then finds none and must say so).
    pub fn grade(&self, score: f64) -> Difficulty {
        if score >= self.hard_from {
            Difficulty::Hard
        } else if score < self.easy_up_to {
            Difficulty::Easy
        } else {
            Difficulty::Medium
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::maze_stats;
    use crate::Maze;

    #[test]
    fn terciles_split_a_sample_in_thirds() {
        let scores: Vec<f64> = (0..30).map(f64::from).collect();
        let g = Grader::from_scores(&scores).unwrap();
        let count = |d| scores.iter().filter(|&&s| g.grade(s) == d).count();
        assert_eq!(
            (
                count(Difficulty::Easy),
                count(Difficulty::Medium),
                count(Difficulty::Hard)
            ),
            (10, 10, 10)
        );
    }

    #[test]
    fn empty_and_nan_samples_have_no_grader() {
        assert_eq!(Grader::from_scores(&[]), None);
        assert_eq!(Grader::from_scores(&[f64::NAN]), None);
        assert!(Grader::from_scores(&[f64::NAN, 1.0]).is_some());
    }

    #[test]
    fn junctions_on_the_path_raise_the_score() {
        // The same length of solution, one with a branch off it.
        let plain = Maze::from_text_rows(&["#.###", "#.###", "#.###", "#.###"]).unwrap();
        let branch = Maze::from_text_rows(&["#.###", "#...#", "#.###", "#.###"]).unwrap();
        let (a, b) = (
            score(&maze_stats(&plain)).unwrap(),
            score(&maze_stats(&branch)).unwrap(),
        );
        assert!(b > a, "{a} {b}");
    }

    #[test]
    fn names_round_trip() {
        for d in Difficulty::ALL {
            assert_eq!(d.name().parse::<Difficulty>(), Ok(d));
        }
        assert!("extreme".parse::<Difficulty>().is_err());
    }

    #[test]
    fn no_solution_no_score() {
        let m = Maze::from_text_rows(&["###", "#.#", "###"]).unwrap();
        assert_eq!(score(&maze_stats(&m)), None);
    }
}
