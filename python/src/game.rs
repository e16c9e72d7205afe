//! `mazegraph.Game`, its attractors and solutions, and `read_game`.

use crate::attractor::{Attractor, Origin};
use crate::io::{located, read_bytes, Expect};
use crate::{detached, error, kw, limits, Arg, Int};
use mazegraph::format::ReadOptions;
use mazegraph::game::format::GameFormat;
use mazegraph::game::{check, solve_within, Objective, ParityAlgorithm, Player, NONE};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple, PyType};
use std::path::PathBuf;
use std::sync::Arc;

/// read_game(path, *, format=None, max_cells=None, max_memory=None) reads a game file: PGSolver
/// (.pg, .gm), game JSON (.game.json) or game DOT (.game.dot), the format from the extension
/// or `format` ("pg", "game.json", "game.dot").
#[pyfunction]
#[pyo3(signature = (path, *, format=None, max_cells=None, max_memory=None))]
pub fn read_game(
    py: Python<'_>,
    path: Arg<PathBuf>,
    format: Option<Arg<String>>,
    max_cells: Option<Int<u64, kw::MaxCells>>,
    max_memory: Option<Int<u64, kw::MaxMemory>>,
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
    Ok(Game {
        game: Arc::new(game),
        limits,
    })
}

/// A two-player game on a directed graph: vertices 0…n-1 owned by player 0 or 1, with a
/// priority and maybe a name. A player who cannot move loses; parity is max-parity (as
/// PGSolver).
#[pyclass(module = "mazegraph", name = "Game", frozen)]
pub struct Game {
    game: Arc<mazegraph::game::Game>,
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
        let int = p.is_instance_of::<pyo3::types::PyInt>();
        let list: Vec<u32> = match p.extract::<Int<u32, kw::Priority>>() {
            Ok(one) => vec![one.0],
            // "priority: -1 is out of range (0 to 2**32-1)"
            Err(e) if int => return Err(e),
            Err(_) => match p.extract::<Vec<Int<u32, kw::Priority>>>() {
                Ok(list) => list.into_iter().map(|q| q.0).collect(),
                Err(e) if crate::is_out_of_range(p.py(), &e) => return Err(e),
                Err(_) => {
                    return Err({
                        match p.is_instance_of::<pyo3::types::PyInt>()
                            || (p.try_iter().is_ok()
                                && !p.is_instance_of::<pyo3::types::PyString>())
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
                    })
                }
            },
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

/// The game as its game JSON (what `mazegraph convert-game --to game.json` writes: owners,
/// priorities, moves, names and the start, exactly): how a game is pickled, alone or inside
/// another object.
pub(crate) fn game_json(game: &mazegraph::game::Game) -> PyResult<Vec<u8>> {
    let mut text = Vec::new();
    GameFormat::Json.write(game, &mut text).map_err(error)?;
    Ok(text)
}

/// The game of game JSON `text` ([`game_json`]), within `limits`.
pub(crate) fn from_game_json(
    text: &[u8],
    limits: mazegraph::grid::Limits,
) -> Result<mazegraph::game::Game, String> {
    let opts = ReadOptions {
        limits,
        ..ReadOptions::default()
    };
    GameFormat::Json
        .read(text, &opts)
        .map_err(|e| e.to_string())
}

#[pymethods]
impl Game {
    /// `Game()` is refused with a MazeTypeError saying how one is made.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn __new__(
        py: Python<'_>,
        _args: &Bound<'_, PyTuple>,
        _kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Self> {
        Err(crate::type_error(
            py,
            "a Game is made by read_game, not by Game()",
        ))
    }

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
    fn owner(&self, v: Int<u32, kw::V>) -> PyResult<u8> {
        let v = v.0;
        self.game.check_vertex(v).map_err(error)?;
        Ok(self.game.owner(v).index())
    }

    /// The priority of vertex `v`.
    fn priority(&self, v: Int<u32, kw::V>) -> PyResult<u32> {
        let v = v.0;
        self.game.check_vertex(v).map_err(error)?;
        Ok(self.game.priority(v))
    }

    /// The name of vertex `v`, if it has one.
    fn name(&self, v: Int<u32, kw::V>) -> PyResult<Option<String>> {
        let v = v.0;
        self.game.check_vertex(v).map_err(error)?;
        Ok(self.game.name(v).map(str::to_string))
    }

    /// The successors of vertex `v`.
    fn successors(&self, v: Int<u32, kw::V>) -> PyResult<Vec<u32>> {
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
    #[pyo3(signature = (player=Int::new(0), target=None, priority=None), text_signature = "($self, player=0, target=None, priority=None)")]
    fn attractor(
        &self,
        py: Python<'_>,
        player: Int<u8, kw::Player>,
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
        let game = Arc::clone(&self.game);
        detached(py, || crate::attractor::compute(Origin::Game(game, p, set)))
    }

    /// solve(objective="parity", player=0, target=None, priority=None, method=None): both
    /// winning regions and memoryless strategies, verified by the checker, as `mazegraph
    /// solve-game` does. `objective` is "parity", "buchi", "safety" or "reach" (the last three
    /// are `player`'s, on `target` and `priority` vertices); `method` is a parity algorithm:
    /// "portfolio" (the default: priority promotion and recursive tangle learning raced), "pp",
    /// "fpj", "rtl", "tangle" or "zielonka".
    #[pyo3(signature = (objective=Arg("parity".to_string()), player=Int::new(0), target=None, priority=None, method=None), text_signature = "($self, objective='parity', player=0, target=None, priority=None, method=None)")]
    fn solve(
        &self,
        py: Python<'_>,
        objective: Arg<String>,
        player: Int<u8, kw::Player>,
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

    /// Pickling (and `copy.deepcopy`, Dask, Ray): the game as its game JSON ([`game_json`] (what `mazegraph
    /// convert-game --to game.json` writes: owners, priorities, moves, names and the start,
    /// exactly), with its limits.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.get();
        let text = game_json(&this.game)?;
        let state = (
            PyBytes::new(slf.py(), &text),
            this.limits.max_cells,
            this.limits.max_bytes,
        );
        crate::maze::reduce(slf.as_any(), state)
    }

    /// The game a pickle holds ([`Game::__reduce__`]).
    #[classmethod]
    fn _from_pickle(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        state: Arg<(Vec<u8>, u64, u64)>,
    ) -> PyResult<Game> {
        let (text, max_cells, max_bytes) = state.0;
        let limits = mazegraph::grid::Limits {
            max_cells,
            max_bytes,
        };
        let game = detached(py, || from_game_json(&text, limits))?;
        Ok(Game {
            game: Arc::new(game),
            limits,
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
    /// `GameSolution()` is refused with a MazeTypeError saying how one is made.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn __new__(
        py: Python<'_>,
        _args: &Bound<'_, PyTuple>,
        _kwargs: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Self> {
        Err(crate::type_error(
            py,
            "a GameSolution is made by Game.solve, not by GameSolution()",
        ))
    }

    /// The winner (0 or 1) from each vertex, indexed by vertex.
    #[getter]
    fn winners(&self) -> Vec<u32> {
        (0..self.solution.len() as u32)
            .map(|v| u32::from(self.solution.winner(v).index()))
            .collect()
    }

    /// The winner from vertex `v`.
    fn winner(&self, v: Int<u32, kw::V>) -> PyResult<u8> {
        let v = v.0;
        if (v as usize) >= self.solution.len() {
            return Err(error(format!("vertex {v} is not in the game")));
        }
        Ok(self.solution.winner(v).index())
    }

    /// The vertices `player` wins from, in increasing order.
    fn region(&self, player: Int<u8, kw::Player>) -> PyResult<Vec<u32>> {
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

    /// Pickling (and `copy.deepcopy`): the winner and the strategy's move (None where there
    /// is none) of each vertex, and the start.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.get();
        let n = this.solution.len() as u32;
        let winners: Vec<u8> = (0..n).map(|v| this.solution.winner(v).index()).collect();
        let moves: Vec<Option<u32>> = (0..n).map(|v| this.solution.strategy(v)).collect();
        let state = (winners, moves, this.start.clone());
        crate::maze::reduce(slf.as_any(), state)
    }

    /// The solution a pickle holds ([`GameSolution::__reduce__`]).
    #[classmethod]
    #[allow(clippy::type_complexity)]
    fn _from_pickle(
        _cls: &Bound<'_, PyType>,
        state: Arg<(Vec<u8>, Vec<Option<u32>>, Option<(u32, String)>)>,
    ) -> PyResult<GameSolution> {
        let (winners, moves, start) = state.0;
        let n = winners.len();
        if moves.len() != n || start.as_ref().is_some_and(|(s, _)| *s as usize >= n) {
            return Err(error(
                "a pickled game solution does not hold one winner and one move a vertex",
            ));
        }
        let winners = winners
            .into_iter()
            .map(player)
            .collect::<PyResult<Vec<Player>>>()?;
        let moves = moves.into_iter().map(|m| m.unwrap_or(NONE)).collect();
        Ok(GameSolution {
            solution: mazegraph::game::Solution::new(winners, moves),
            start,
        })
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
