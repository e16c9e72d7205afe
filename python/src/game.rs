//! `mazegraph.Game`, its attractors and solutions, and `read_game`.

use crate::attractor::{Attractor, Names};
use crate::io::{located, read_bytes, Expect};
use crate::{detached, error, limits, Arg};
use mazegraph::format::ReadOptions;
use mazegraph::game::format::GameFormat;
use mazegraph::game::{check, solve_within, Objective, ParityAlgorithm, Player};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::path::PathBuf;

/// read_game(path, *, format=None, max_cells=None, max_memory=None) reads a game file: PGSolver
/// (.pg, .gm), game JSON (.game.json) or game DOT (.game.dot), the format from the extension
/// or `format` ("pg", "game.json", "game.dot").
#[pyfunction]
#[pyo3(signature = (path, *, format=None, max_cells=None, max_memory=None))]
pub fn read_game(
    py: Python<'_>,
    path: Arg<PathBuf>,
    format: Option<Arg<String>>,
    max_cells: Option<Arg<u64>>,
    max_memory: Option<Arg<u64>>,
) -> PyResult<Game> {
    let (path, format) = (path.0, format.map(|a| a.0));
    let format = format.as_deref();
    let (max_cells, max_memory) = (max_cells.map(|a| a.0), max_memory.map(|a| a.0));
    let limits = limits::limits(max_cells, max_memory)?;
    let format = match format {
        Some(name) => GameFormat::from_name(name),
        None => GameFormat::from_path(&path),
    }
    .map_err(error)?;
    let opts = ReadOptions {
        limits,
        ..ReadOptions::default()
    };
    let game = detached(py, || {
        let (bytes, stopped) = read_bytes(&path, Expect::Text(format.name()), &limits)?;
        let game = format.read(&bytes, &opts).map_err(|e| located(&path, e))?;
        stopped.map_or(Ok(game), Err)
    })?;
    Ok(Game { game, limits })
}

/// A two-player game on a directed graph: vertices 0…n-1 owned by player 0 or 1, with a
/// priority and maybe a name. A player who cannot move loses; parity is max-parity (as
/// PGSolver).
#[pyclass(module = "mazegraph", name = "Game", frozen)]
pub struct Game {
    game: mazegraph::game::Game,
    /// The limits the game was read with: solving it is held to them.
    limits: mazegraph::grid::Limits,
}

fn player(p: u8) -> PyResult<Player> {
    Player::from_index(u64::from(p)).ok_or_else(|| error(format!("player {p}: a player is 0 or 1")))
}

impl Game {
    /// Vertices named by ids (ints), names (str) or comma-separated text ("3,7"), as
    /// `--target` takes them.
    fn vertices(&self, target: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<u32>> {
        let Some(t) = target else {
            return Ok(Vec::new());
        };
        if t.is_none() {
            return Ok(Vec::new());
        }
        let items: Vec<Bound<'_, PyAny>> =
            if t.extract::<String>().is_ok() || t.extract::<i64>().is_ok() {
                vec![t.clone()]
            } else {
                t.try_iter()
                    .map_err(|_| error("target: expected vertex ids or names"))?
                    .collect::<PyResult<_>>()?
            };
        let mut out = Vec::new();
        for item in items {
            let text = match item.extract::<String>() {
                Ok(s) => s,
                Err(_) => item
                    .extract::<i64>()
                    .map_err(|_| error("target: expected vertex ids or names"))?
                    .to_string(),
            };
            for part in text.split(',').filter(|p| !p.trim().is_empty()) {
                out.push(
                    self.game
                        .find(part)
                        .map_err(|e| error(format!("target: {e}")))?,
                );
            }
        }
        Ok(out)
    }

    /// The vertices of the priorities given (an int or a sequence of ints).
    fn priorities(
        &self,
        priority: Option<&Bound<'_, PyAny>>,
        required: bool,
    ) -> PyResult<Vec<u32>> {
        let Some(p) = priority else {
            return Ok(Vec::new());
        };
        let list: Vec<u32> = match p.extract::<u32>() {
            Ok(one) => vec![one],
            Err(_) => p.extract().map_err(|_| {
                match p.is_instance_of::<pyo3::types::PyInt>()
                    || (p.try_iter().is_ok() && !p.is_instance_of::<pyo3::types::PyString>())
                {
                    true => error("priority: expected a priority or a list of them"),
                    false => crate::type_error(
                        p.py(),
                        format!(
                            "priority: expected a priority or a list of them, not {}",
                            crate::maze::type_name(p)
                        ),
                    ),
                }
            })?,
        };
        let mut out = Vec::new();
        for q in list {
            let vs = self.game.with_priority(q);
            if required && vs.is_empty() {
                return Err(error(format!(
                    "priority {q}: no vertex of the game has priority {q}"
                )));
            }
            out.extend(vs);
        }
        Ok(out)
    }
}

#[pymethods]
impl Game {
    /// Number of vertices.
    #[getter]
    fn vertex_count(&self) -> usize {
        self.game.vertex_count()
    }

    /// Number of edges.
    #[getter]
    fn edge_count(&self) -> usize {
        self.game.edge_count()
    }

    /// The start vertex, when the game names one.
    #[getter]
    fn start(&self) -> Option<u32> {
        self.game.start()
    }

    fn __len__(&self) -> usize {
        self.game.vertex_count()
    }

    /// The owner (0 or 1) of vertex `v`.
    fn owner(&self, v: Arg<u32>) -> PyResult<u8> {
        let v = v.0;
        self.game.check_vertex(v).map_err(error)?;
        Ok(self.game.owner(v).index())
    }

    /// The priority of vertex `v`.
    fn priority(&self, v: Arg<u32>) -> PyResult<u32> {
        let v = v.0;
        self.game.check_vertex(v).map_err(error)?;
        Ok(self.game.priority(v))
    }

    /// The name of vertex `v`, if it has one.
    fn name(&self, v: Arg<u32>) -> PyResult<Option<String>> {
        let v = v.0;
        self.game.check_vertex(v).map_err(error)?;
        Ok(self.game.name(v).map(str::to_string))
    }

    /// The successors of vertex `v`.
    fn successors(&self, v: Arg<u32>) -> PyResult<Vec<u32>> {
        let v = v.0;
        self.game.check_vertex(v).map_err(error)?;
        Ok(self.game.successors(v).to_vec())
    }

    /// The vertex with this id or name.
    fn find(&self, vertex: Arg<String>) -> PyResult<u32> {
        let vertex = vertex.0.as_str();
        self.game.find(vertex).map_err(error)
    }

    /// attractor(player=0, target=None, priority=None): Attr_player(target), the vertices from
    /// which `player` can force the token into the target, as `mazegraph attractor` computes
    /// it. `target` holds vertex ids or names; `priority` adds the vertices of a priority (or
    /// of a list of them).
    #[pyo3(signature = (player=Arg(0), target=None, priority=None), text_signature = "($self, player=0, target=None, priority=None)")]
    fn attractor(
        &self,
        py: Python<'_>,
        player: Arg<u8>,
        target: Option<&Bound<'_, PyAny>>,
        priority: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Attractor> {
        let player = player.0;
        let p = self::player(player)?;
        let mut set = self.vertices(target)?;
        set.extend(self.priorities(priority, true)?);
        if target.is_none_or(|t| t.is_none()) && priority.is_none_or(|t| t.is_none()) {
            return Err(error(
                "say which vertices to attract to with target=[…] or priority=P",
            ));
        }
        let game = &self.game;
        let a = detached(py, || {
            mazegraph::game::attractor(game, p, &set).map_err(|e| e.to_string())
        })?;
        let label = game.start().map(|s| game.label(s));
        Ok(Attractor::new(
            a,
            game.vertex_count(),
            game.start(),
            label,
            Names::Game,
        ))
    }

    /// solve(objective="parity", player=0, target=None, priority=None, method=None): both
    /// winning regions and memoryless strategies, verified by the checker, as `mazegraph
    /// solve-game` does. `objective` is "parity", "buchi", "safety" or "reach" (the last three
    /// are `player`'s, on `target` and `priority` vertices); `method` is a parity algorithm:
    /// "portfolio" (the default: priority promotion and recursive tangle learning raced), "pp",
    /// "rtl", "tangle" or "zielonka".
    #[pyo3(signature = (objective=Arg("parity".to_string()), player=Arg(0), target=None, priority=None, method=None), text_signature = "($self, objective='parity', player=0, target=None, priority=None, method=None)")]
    fn solve(
        &self,
        py: Python<'_>,
        objective: Arg<String>,
        player: Arg<u8>,
        target: Option<&Bound<'_, PyAny>>,
        priority: Option<&Bound<'_, PyAny>>,
        method: Option<Arg<String>>,
    ) -> PyResult<GameSolution> {
        let (objective, player, method) = (objective.0, player.0, method.map(|a| a.0));
        let (objective, method) = (objective.as_str(), method.as_deref());
        let p = self::player(player)?;
        let mut set = self.vertices(target)?;
        set.extend(self.priorities(priority, false)?);
        let given = !target.is_none_or(|t| t.is_none()) || !priority.is_none_or(|t| t.is_none());
        let kind = objective.to_ascii_lowercase();
        let algorithm = method
            .map(ParityAlgorithm::from_name)
            .transpose()
            .map_err(error)?;
        if algorithm.is_some() && kind != "parity" {
            return Err(error(format!(
                "method is for parity games; the {kind} objective has its own algorithm"
            )));
        }
        let objective = match kind.as_str() {
            "parity" if given => {
                return Err(error(
                    "a parity game uses the priorities; target and priority are for buchi, safety and reach",
                ))
            }
            "parity" => Objective::Parity,
            "buchi" | "safety" | "reach" if !given => {
                return Err(error(format!(
                    "the {kind} objective needs its vertices: give target=[…] or priority=P"
                )))
            }
            "buchi" => Objective::Buchi {
                player: p,
                accepting: set,
            },
            "safety" => Objective::Safety {
                player: p,
                avoid: set,
            },
            "reach" => Objective::Reach {
                player: p,
                target: set,
            },
            _ => {
                return Err(error(format!(
                    "objective {objective:?}: expected parity, buchi, safety or reach"
                )))
            }
        };
        let (game, limits) = (&self.game, &self.limits);
        let solution = detached(py, || {
            let sol = solve_within(game, &objective, algorithm.unwrap_or_default(), limits)
                .map_err(|e| e.to_string())?;
            check(game, &objective, &sol).map_err(|v| {
                format!("internal error: the solver's solution fails the checker: {v}")
            })?;
            Ok(sol)
        })?;
        Ok(GameSolution {
            solution,
            start: game.start().map(|s| (s, game.label(s))),
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "Game({} vertices, {} edges, largest priority {})",
            self.game.vertex_count(),
            self.game.edge_count(),
            self.game.max_priority()
        )
    }
}

/// A solved game: who wins from each vertex, and memoryless winning strategies.
#[pyclass(module = "mazegraph", name = "GameSolution", frozen)]
pub struct GameSolution {
    solution: mazegraph::game::Solution,
    start: Option<(u32, String)>,
}

#[pymethods]
impl GameSolution {
    /// The winner (0 or 1) from each vertex, indexed by vertex.
    #[getter]
    fn winners(&self) -> Vec<u32> {
        (0..self.solution.len() as u32)
            .map(|v| u32::from(self.solution.winner(v).index()))
            .collect()
    }

    /// The winner from vertex `v`.
    fn winner(&self, v: Arg<u32>) -> PyResult<u8> {
        let v = v.0;
        if (v as usize) >= self.solution.len() {
            return Err(error(format!("vertex {v} is not in the game")));
        }
        Ok(self.solution.winner(v).index())
    }

    /// The vertices `player` wins from, in increasing order.
    fn region(&self, player: Arg<u8>) -> PyResult<Vec<u32>> {
        let player = player.0;
        Ok(self.solution.region(self::player(player)?))
    }

    /// The winner's move at each vertex where one is needed: a dict.
    #[getter]
    fn strategy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for v in 0..self.solution.len() as u32 {
            if let Some(m) = self.solution.strategy(v) {
                d.set_item(v, m)?;
            }
        }
        Ok(d)
    }

    /// Both regions, as `solve-game --to json` writes them: {0: […], 1: […]}.
    #[getter]
    fn regions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for p in [Player::Zero, Player::One] {
            d.set_item(p.index(), PyList::new(py, self.solution.region(p))?)?;
        }
        Ok(d)
    }

    /// The summary `mazegraph solve-game` prints.
    fn __repr__(&self) -> String {
        let n = self.solution.len();
        let w0 = self.solution.region(Player::Zero).len();
        let mut s = format!(
            "player 0 wins {w0} of {n} vertices, player 1 wins {}",
            n - w0
        );
        if let Some((v, name)) = &self.start {
            s.push_str(&format!(
                "; from the start {name}: player {}",
                self.solution.winner(*v)
            ));
        }
        s
    }
}
