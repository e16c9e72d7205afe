//! The seeds' experiment (seed 002): generate many random mazes of one size with every
//! generator and compare their solutions and dead ends.
//!
//! For each algorithm of the [`Config`], `runs` mazes of `dims` rooms are generated with
//! [`crate::generate::generate`] and measured with [`crate::stats`]. Run `i` of
//! every generator uses the seed [`run_seed`]`(seed, i)`, so a run can be regenerated alone
//! (`mazegraph generate -a ALGO --seed S`) and results do not depend on how many threads ran
//! them (mazes are generated in parallel on rayon's current pool). Per generator the
//! [`Report`] summarises (mean, median, sample standard deviation, min, max):
//!
//! - the solution length (steps from entrance to exit on a shortest path);
//! - the dead-end share (dead ends / path cells);
//! - the mean dead-end branch length of each maze (steps from a dead end to its junction);
//! - the junction count.
//!
//! The report is written as Markdown, CSV or JSON, and charted (SVG or PNG, [`chart`]).
//!
//! ```
//! use mazegraph::experiment::{run, Config};
//! use mazegraph::generate::Algorithm;
//! let mut config = Config::new(vec![8, 8], 5);
//! config.algorithms = vec![Algorithm::Backtracker, Algorithm::Kruskal];
//! let report = run(&config).unwrap();
//! assert_eq!(report.rows.len(), 2);
//! assert!(report.to_markdown().contains("| backtracker |"));
//! ```

#[cfg(feature = "chart")]
pub mod chart;

use crate::error::{Error, Result};
use crate::generate::{generate, rng_from_seed, Algorithm, Lattice, Options, Pick};
use crate::grid::Limits;
use crate::par::*;
use crate::stats::maze_stats;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// What to run: room counts per axis, mazes per generator, base seed, generators.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Rooms along each axis (`[50, 50]` for the seeds' 50×50 mazes).
    pub dims: Vec<usize>,
    /// Mazes per generator.
    pub runs: usize,
    /// Base seed; run `i` uses [`run_seed`]`(seed, i)`.
    pub seed: u64,
    /// The generators, in the report's order.
    pub algorithms: Vec<Algorithm>,
}

impl Config {
    /// `runs` mazes of `dims` rooms with every generator that supports that many axes
    /// ([`default_algorithms`]), seed 0.
    ///
    /// ```
    /// use mazegraph::experiment::Config;
    /// use mazegraph::generate::Algorithm;
    /// let c = Config::new(vec![50, 50], 100);
    /// assert_eq!((c.runs, c.seed), (100, 0));
    /// assert_eq!(c.algorithms, Algorithm::all());
    /// let cube = Config::new(vec![5, 5, 5], 1);
    /// assert!(!cube.algorithms.contains(&Algorithm::Eller));
    /// ```
    pub fn new(dims: Vec<usize>, runs: usize) -> Config {
        let algorithms = default_algorithms(dims.len());
        Config {
            dims,
            runs,
            seed: 0,
            algorithms,
        }
    }
}

/// Every generator of [`Algorithm::all`] that makes mazes with `ndim` axes: all of them in
/// 2-D; Eller and sidewinder are left out otherwise. Random wall removal is included (its
/// rows are flagged imperfect).
pub fn default_algorithms(ndim: usize) -> Vec<Algorithm> {
    Algorithm::all()
        .into_iter()
        .filter(|a| ndim == 2 || !matches!(a, Algorithm::Eller | Algorithm::Sidewinder))
        .collect()
}

/// The name of a generator in reports: its command-line name, with the pick policy for the
/// growing tree (`growing-tree`, `growing-tree:random`, `growing-tree:oldest`,
/// `growing-tree:mixed:0.5`).
pub fn algorithm_label(algorithm: Algorithm) -> String {
    match algorithm {
        Algorithm::GrowingTree(Pick::Newest) => "growing-tree".into(),
        Algorithm::GrowingTree(Pick::Random) => "growing-tree:random".into(),
        Algorithm::GrowingTree(Pick::Oldest) => "growing-tree:oldest".into(),
        Algorithm::GrowingTree(Pick::Mixed(p)) => format!("growing-tree:mixed:{p}"),
        other => other.name().into(),
    }
}

/// Parses a generator name as [`algorithm_label`] writes it (and every name
/// [`Algorithm::from_name`] takes).
///
/// ```
/// use mazegraph::experiment::{algorithm_label, parse_algorithm};
/// use mazegraph::generate::{Algorithm, Pick};
/// assert_eq!(parse_algorithm("growing-tree:random").unwrap(), Algorithm::GrowingTree(Pick::Random));
/// for a in Algorithm::all() {
///     assert_eq!(parse_algorithm(&algorithm_label(a)).unwrap(), a);
/// }
/// ```
pub fn parse_algorithm(name: &str) -> Result<Algorithm> {
    let lower = name.trim().to_ascii_lowercase();
    if let Some(pick) = lower.strip_prefix("growing-tree:") {
        return Pick::from_name(pick)
            .map(Algorithm::GrowingTree)
            .ok_or_else(|| {
                Error::Unsupported(format!(
                    "unknown growing-tree pick {pick:?} (newest, random, oldest, mixed or mixed:P)"
                ))
            });
    }
    Algorithm::from_name(&lower)
}

/// The seed of run `run` under base seed `seed` (SplitMix64 of both): well spread, the same
/// on every platform.
///
/// ```
/// use mazegraph::experiment::run_seed;
/// assert_ne!(run_seed(0, 0), run_seed(0, 1));
/// assert_eq!(run_seed(7, 3), run_seed(7, 3));
/// ```
pub fn run_seed(seed: u64, run: usize) -> u64 {
    splitmix(splitmix(seed) ^ (run as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Mean, median, sample standard deviation (n − 1; 0 for one value), min and max of some
/// figure over the runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Number of values (runs where the figure applies).
    pub n: usize,
    /// Mean.
    pub mean: f64,
    /// Median (mean of the two middle values for an even count).
    pub median: f64,
    /// Sample standard deviation.
    pub stdev: f64,
    /// Smallest value.
    pub min: f64,
    /// Largest value.
    pub max: f64,
}

impl Summary {
    /// The summary of `values` (reordered), or `None` when there is none.
    ///
    /// ```
    /// use mazegraph::experiment::Summary;
    /// let s = Summary::of(&mut [4.0, 1.0, 3.0, 2.0]).unwrap();
    /// assert_eq!((s.mean, s.median, s.min, s.max), (2.5, 2.5, 1.0, 4.0));
    /// assert!((s.stdev - 1.290_994).abs() < 1e-6);
    /// ```
    pub fn of(values: &mut [f64]) -> Option<Summary> {
        let n = values.len();
        if n == 0 {
            return None;
        }
        values.sort_by(f64::total_cmp);
        let mean = values.iter().sum::<f64>() / n as f64;
        let median = if n % 2 == 1 {
            values[n / 2]
        } else {
            (values[n / 2 - 1] + values[n / 2]) / 2.0
        };
        let var = if n > 1 {
            values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1) as f64
        } else {
            0.0
        };
        Some(Summary {
            n,
            mean,
            median,
            stdev: var.sqrt(),
            min: values[0],
            max: values[n - 1],
        })
    }
}

/// One generator's results. A figure is `None` when no run had it (no dead-end branch in a
/// one-room-wide maze, say).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The generator ([`algorithm_label`]).
    pub algorithm: String,
    /// False for generators that make mazes with cycles (random wall removal).
    pub perfect: bool,
    /// Steps of the shortest entrance → exit path.
    pub solution_length: Option<Summary>,
    /// Dead ends / path cells.
    pub dead_end_share: Option<Summary>,
    /// Each maze's mean dead-end branch length.
    pub dead_end_branch: Option<Summary>,
    /// Junctions (cells with three neighbours or more).
    pub junctions: Option<Summary>,
}

/// The experiment's results: its configuration and one [`Row`] per generator.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Rooms along each axis.
    pub dims: Vec<usize>,
    /// Mazes per generator.
    pub runs: usize,
    /// Base seed.
    pub seed: u64,
    /// One row per generator, in the configuration's order.
    pub rows: Vec<Row>,
}

/// What one maze gave.
struct Sample {
    solution_length: Option<f64>,
    dead_end_share: Option<f64>,
    dead_end_branch: Option<f64>,
    junctions: f64,
}

/// Runs the experiment (see the [module docs](self)).
///
/// Complexity: runs × generators mazes, each O(cells) to measure plus its generator's cost;
/// mazes are made in parallel, one at a time per thread.
pub fn run(config: &Config) -> Result<Report> {
    run_with_progress(config, &|| {})
}

/// [`run`], calling `progress` once after each maze (from any thread), for progress bars.
pub fn run_with_progress(config: &Config, progress: &(dyn Fn() + Sync)) -> Result<Report> {
    if config.runs == 0 {
        return Err(Error::Unsupported(
            "the experiment needs at least one run".into(),
        ));
    }
    if config.algorithms.is_empty() {
        return Err(Error::Unsupported(
            "the experiment needs at least one algorithm".into(),
        ));
    }
    let lattice = Lattice::new(&config.dims, &Limits::default())?;
    for &a in &config.algorithms {
        a.check(&lattice)?;
    }
    let runs = config.runs;
    let total = runs
        .checked_mul(config.algorithms.len())
        .ok_or_else(|| Error::Unsupported("too many runs".into()))?;
    let samples: Vec<Sample> = (0..total)
        .into_par_iter()
        .map(|k| {
            let algorithm = config.algorithms[k / runs];
            let mut rng = rng_from_seed(run_seed(config.seed, k % runs));
            let maze = generate(&lattice, &Options::new(algorithm), &mut rng)?;
            let s = maze_stats(&maze);
            progress();
            Ok(Sample {
                solution_length: s.solution_length.map(|l| l as f64),
                dead_end_share: s.dead_end_share,
                dead_end_branch: s.dead_end_branches.map(|b| b.mean),
                junctions: s.junctions as f64,
            })
        })
        .collect::<Result<_>>()?;
    let rows = config
        .algorithms
        .iter()
        .zip(samples.chunks(runs))
        .map(|(&a, chunk)| {
            let pick = |f: &dyn Fn(&Sample) -> Option<f64>| {
                Summary::of(&mut chunk.iter().filter_map(f).collect::<Vec<f64>>())
            };
            Row {
                algorithm: algorithm_label(a),
                perfect: a.is_perfect(),
                solution_length: pick(&|s| s.solution_length),
                dead_end_share: pick(&|s| s.dead_end_share),
                dead_end_branch: pick(&|s| s.dead_end_branch),
                junctions: pick(&|s| Some(s.junctions)),
            }
        })
        .collect();
    Ok(Report {
        dims: config.dims.clone(),
        runs,
        seed: config.seed,
        rows,
    })
}

impl Report {
    /// The room size as `50x50`.
    pub fn size(&self) -> String {
        let d: Vec<String> = self.dims.iter().map(|d| d.to_string()).collect();
        d.join("x")
    }

    /// The report as a Markdown table (a title line, then one row per generator).
    pub fn to_markdown(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Mazes of {} rooms, {} per generator, seed {}: mean ± standard deviation [min–max].\n",
            self.size(),
            self.runs,
            self.seed
        );
        out.push_str(
            "| generator | perfect | solution length | median | dead-end share | dead-end branch | junctions |\n",
        );
        out.push_str("|---|---|---:|---:|---:|---:|---:|\n");
        let cell = |s: &Option<Summary>, digits: usize, range: bool| match s {
            None => "–".to_string(),
            Some(s) if range => format!(
                "{:.d$} ± {:.d$} [{:.0}–{:.0}]",
                s.mean,
                s.stdev,
                s.min,
                s.max,
                d = digits
            ),
            Some(s) => format!("{:.d$} ± {:.d$}", s.mean, s.stdev, d = digits),
        };
        for r in &self.rows {
            let median = r
                .solution_length
                .as_ref()
                .map_or("–".to_string(), |s| format!("{}", s.median));
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} | {} |",
                r.algorithm,
                if r.perfect { "yes" } else { "no" },
                cell(&r.solution_length, 1, true),
                median,
                cell(&r.dead_end_share, 3, false),
                cell(&r.dead_end_branch, 2, false),
                cell(&r.junctions, 1, false),
            );
        }
        out
    }

    /// The report as CSV: a header, then one line per generator with n, mean, median, stdev,
    /// min and max of each figure (empty fields where a figure does not apply).
    ///
    /// ```
    /// use mazegraph::experiment::{run, Config};
    /// use mazegraph::generate::Algorithm;
    /// let mut c = Config::new(vec![4, 4], 2);
    /// c.algorithms = vec![Algorithm::Prim];
    /// let csv = run(&c).unwrap().to_csv();
    /// let lines: Vec<&str> = csv.lines().collect();
    /// assert_eq!(lines.len(), 2);
    /// assert_eq!(lines[0].split(',').count(), lines[1].split(',').count());
    /// ```
    pub fn to_csv(&self) -> String {
        const FIGURES: [&str; 4] = [
            "solution_length",
            "dead_end_share",
            "dead_end_branch",
            "junctions",
        ];
        const PARTS: [&str; 6] = ["n", "mean", "median", "stdev", "min", "max"];
        let mut out = String::from("algorithm,perfect,rooms,runs,seed");
        for f in FIGURES {
            for p in PARTS {
                let _ = write!(out, ",{f}_{p}");
            }
        }
        out.push('\n');
        for r in &self.rows {
            let _ = write!(
                out,
                "{},{},{},{},{}",
                r.algorithm,
                r.perfect,
                self.size(),
                self.runs,
                self.seed
            );
            for s in [
                &r.solution_length,
                &r.dead_end_share,
                &r.dead_end_branch,
                &r.junctions,
            ] {
                match s {
                    Some(s) => {
                        let _ = write!(
                            out,
                            ",{},{},{},{},{},{}",
                            s.n, s.mean, s.median, s.stdev, s.min, s.max
                        );
                    }
                    None => out.push_str(",0,,,,,"),
                }
            }
            out.push('\n');
        }
        out
    }

    /// The report as pretty-printed JSON (the serde form of [`Report`]).
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{e}"));
        s.push('\n');
        s
    }

    /// A bar chart of the mean solution length per generator (±1 standard deviation, min and
    /// max marked), as SVG text. See [`chart`].
    #[cfg(feature = "chart")]
    pub fn chart_svg(&self) -> Result<String> {
        chart::svg(self)
    }

    /// The same chart as a PNG image, written to `out`.
    #[cfg(feature = "chart")]
    pub fn write_chart_png(&self, out: &mut dyn std::io::Write) -> Result<()> {
        chart::write_png(self, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small(algorithms: Vec<Algorithm>, runs: usize) -> Config {
        let mut c = Config::new(vec![6, 7], runs);
        c.algorithms = algorithms;
        c.seed = 11;
        c
    }

    #[test]
    #[cfg(feature = "parallel")]
    fn same_seed_same_report_whatever_the_threads() {
        let c = small(vec![Algorithm::Backtracker, Algorithm::WallRemoval], 6);
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap()
            .install(|| run(&c).unwrap());
        let three = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap()
            .install(|| run(&c).unwrap());
        assert_eq!(one, three);
        assert_eq!(one.to_markdown(), three.to_markdown());
        let mut other = c.clone();
        other.seed = 12;
        assert_ne!(run(&other).unwrap(), one);
    }

    #[test]
    fn rows_follow_the_config_and_flag_imperfect() {
        let r = run(&small(vec![Algorithm::WallRemoval, Algorithm::Kruskal], 3)).unwrap();
        assert_eq!(r.rows[0].algorithm, "wall-removal");
        assert!(!r.rows[0].perfect && r.rows[1].perfect);
        for row in &r.rows {
            assert_eq!(row.solution_length.as_ref().unwrap().n, 3);
        }
    }

    #[test]
    fn a_run_is_the_maze_generate_makes_with_its_seed() {
        let c = small(vec![Algorithm::Prim], 1);
        let r = run(&c).unwrap();
        let lat = Lattice::new(&c.dims, &Limits::default()).unwrap();
        let m = generate(
            &lat,
            &Options::new(Algorithm::Prim),
            &mut rng_from_seed(run_seed(11, 0)),
        )
        .unwrap();
        let want = maze_stats(&m).solution_length.unwrap() as f64;
        assert_eq!(r.rows[0].solution_length.as_ref().unwrap().mean, want);
    }

    #[test]
    fn bad_configs_are_errors() {
        assert!(run(&small(vec![], 1)).is_err());
        assert!(run(&small(vec![Algorithm::Prim], 0)).is_err());
        let mut c = Config::new(vec![3, 3, 3], 1);
        c.algorithms = vec![Algorithm::Eller];
        assert!(run(&c).unwrap_err().to_string().contains("2-D"));
        assert!(run(&Config::new(vec![0, 3], 1)).is_err());
        assert!(parse_algorithm("growing-tree:sideways").is_err());
    }

    #[test]
    fn one_room_wide_mazes_have_no_branches() {
        let mut c = Config::new(vec![1, 6], 2);
        c.algorithms = vec![Algorithm::Kruskal];
        let r = run(&c).unwrap();
        assert_eq!(r.rows[0].dead_end_branch, None);
        assert!(r.to_markdown().contains("| – |"));
        assert!(r.to_csv().contains(",0,,,,,"));
        let back: Report = serde_json::from_str(&r.to_json()).unwrap();
        assert_eq!(back, r);
    }

    #[test]
    fn three_d_experiment() {
        let r = run(&Config::new(vec![3, 4, 3], 2)).unwrap();
        assert_eq!(r.rows.len(), 15);
        assert!(r.rows.iter().all(|row| row.solution_length.is_some()));
    }
}
