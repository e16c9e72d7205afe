"""The wolf and the sheep as a PettingZoo environment (AEC: the pieces move in turn).

It needs ``pip install pettingzoo`` (the rest of the package does not)::

    from mazegraph.pettingzoo import env as wolf_and_sheep

    env = wolf_and_sheep(size=(4, 4), loops=3)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        env.step(None if terminated or truncated else env.unwrapped.optimal_action(agent))

Agents ``"wolf"`` and ``"sheep"`` move in turn (``first`` moves first, the wolf by default) in a
square maze of any number of axes, generated at each reset (``size``, ``algorithm``, ``loops``,
``braid`` as :func:`mazegraph.generate`) or given (``maze=``). They start on ``wolf`` and
``sheep`` (coordinates; by default the maze's start and goal), or on random path cells
(``start="random"``). The game is
``mazegraph pursuit``'s: a move is to a neighbouring path cell, or a pass (the last action)
when ``passes`` ("both", "wolf", "sheep", "none") lets the piece pass; the wolf wins, +1 (the
sheep -1), when both stand on one cell. The episode is truncated after ``max_moves`` moves of
both pieces (default: 4 × path cells), rewards 0.

Actions are ``Discrete(2·d + 1)``: axis 0 backwards, forwards, axis 1 backwards, … (up, down,
left, right in 2-D), then the pass. ``info["action_mask"]`` says which are legal; an illegal one
(into a wall, a pass the rules forbid, outside the space) raises ``ValueError``. Observations:
``"grid"`` (default) the maze as an int8 array of its shape, 0 wall, 1 path, 2 the wolf, 3 the
sheep (the wolf over the sheep when caught); ``"position"`` the two cells' indices,
``[wolf, sheep]`` (row-major).

The arena is solved at each reset (:func:`mazegraph.pursuit`, 2·P² positions for P path
cells): ``env.unwrapped.optimal_action(agent)`` is the agent's move by the solved strategy
(the wolf hurrying to the capture, the sheep delaying it or escaping), the oracle an agent is
measured against; ``env.unwrapped.pursuit`` is the solved game (its ``moves`` the predicted
length of the optimal play, ``winner`` who wins).
"""

from __future__ import annotations

import operator
from typing import Any

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
except ImportError:  # pragma: no cover - the message is the point
    raise ImportError("mazegraph.pettingzoo needs pettingzoo: pip install pettingzoo") from None

import numpy as np

from . import _native
from ._board import SHEEP, WOLF, Board

__all__ = ["WolfAndSheepEnv", "env", "raw_env"]

_AGENTS = ("wolf", "sheep")


class WolfAndSheepEnv(AECEnv):  # type: ignore[misc]
    """The wolf chasing the sheep in a maze (see the module's text for the options)."""

    metadata: dict[str, Any] = {
        "render_modes": ["rgb_array"],
        "name": "mazegraph_wolf_and_sheep_v0",
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(
        self,
        maze: Any = None,
        *,
        size: Any = (4, 4),
        algorithm: str | None = None,
        loops: int = 0,
        braid: bool = False,
        regenerate: bool = True,
        wolf: Any = None,
        sheep: Any = None,
        first: str = "wolf",
        passes: str = "both",
        start: str = "maze",
        observation: str = "grid",
        max_moves: int | None = None,
        render_mode: str | None = None,
        scale: int | None = None,
    ) -> None:
        super().__init__()
        if first not in _AGENTS:
            raise ValueError(f"first={first!r}: expected 'wolf' or 'sheep'")
        if passes not in ("both", "wolf", "sheep", "none"):
            raise ValueError(f"passes={passes!r}: expected 'both', 'wolf', 'sheep' or 'none'")
        if observation not in ("grid", "position"):
            raise ValueError(f"observation={observation!r}: expected 'grid' or 'position'")
        if start not in ("maze", "random"):
            raise ValueError(f"start={start!r}: expected 'maze' or 'random'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode={render_mode!r}: expected None or 'rgb_array'")
        if maze is not None and not isinstance(maze, _native.Maze):
            raise TypeError(f"maze: expected a Maze, not {type(maze).__name__}")
        self._given = maze
        self._made = dict(size=size, algorithm=algorithm, loops=loops, braid=braid)
        self.regenerate = regenerate and maze is None
        self.first = first
        self.passes = passes
        self.start_at = start
        self.observation = observation
        self.render_mode = render_mode
        self.scale = scale
        self.possible_agents = list(_AGENTS)
        self.agents: list[str] = []
        self._rng = np.random.default_rng()
        self._board(maze if maze is not None else self._generate(0))
        self._pieces = (wolf, sheep)
        if start == "maze":
            self._placed()
        self.max_moves = max_moves if max_moves is not None else 4 * len(self.board.places())
        self._degree = self.board.degree
        n = self.board.size
        obs: spaces.Space[Any]
        if observation == "grid":
            obs = spaces.Box(0, 3, shape=self.board.dims, dtype=np.int8)
        else:
            obs = spaces.MultiDiscrete([n, n])
        self._observation_spaces = {a: obs for a in _AGENTS}
        self._action_spaces = {a: spaces.Discrete(self._degree + 1) for a in _AGENTS}
        self.cells = self._placed() if start == "maze" else {}
        self._start = dict(self.cells)
        self.moves = 0

    # The maze and its solved arena -------------------------------------------------------

    def _generate(self, seed: int) -> Any:
        m = self._made
        return _native.generate(
            m["algorithm"], m["size"], seed, loops=m["loops"], braid=m["braid"]
        )

    def _board(self, maze: Any, degree: int | None = None) -> None:
        self.board = Board(maze, degree=degree)
        self._pursuit: Any = None

    @property
    def maze(self) -> Any:
        """The maze of the episode."""
        return self.board.maze

    @property
    def pursuit(self) -> Any:
        """The solved game from the episode's start (:class:`mazegraph.Pursuit`), solved when
        first asked for."""
        if self._pursuit is None:
            b = self.board
            self._pursuit = _native.pursuit(
                b.maze,
                b.label(self._start["wolf"]),
                b.label(self._start["sheep"]),
                first=self.first,
                passes=self.passes,
            )
        return self._pursuit

    # PettingZoo's API --------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space:
        """The agent's observation space (one object for each agent, every call)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The agent's action space (one object for each agent, every call)."""
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        if self._given is None and (self.regenerate or seed is not None):
            self._board(self._generate(int(self._rng.integers(0, 2**63))), self._degree)
        b = self.board
        if self.start_at == "random":
            places = b.places()
            wolf, sheep = self._rng.choice(len(places), size=2, replace=False)
            self.cells = {"wolf": places[int(wolf)], "sheep": places[int(sheep)]}
        else:
            self.cells = self._placed()
        self._start = dict(self.cells)
        self._pursuit = None
        self.moves = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.agent_selection = self.first
        self.infos = {a: {"action_mask": self._mask(a)} for a in self.agents}

    def _placed(self) -> dict[str, int]:
        """The pieces' cells when placed: ``wolf`` and ``sheep`` as given, else the maze's
        start and goal."""
        b = self.board
        wolf, sheep = (b._cell(c) for c in self._pieces)
        cells = {
            "wolf": wolf if wolf is not None else b.start,
            "sheep": sheep if sheep is not None else b.goal,
        }
        paths = b.grid.reshape(-1)
        for agent, cell in cells.items():
            if cell is None:
                raise ValueError(
                    f"say where the {agent} stands ({agent}=…): the maze has no start and goal"
                )
            if not paths[cell]:
                raise ValueError(f"the {agent} stands on a wall: {b.label(cell)}")
        return cells

    def _may_pass(self, agent: str) -> bool:
        return self.passes in ("both", agent)

    def _mask(self, agent: str) -> np.ndarray:
        mask = np.zeros(self._degree + 1, dtype=np.int8)
        mask[: self._degree] = self.board.mask(self.cells[agent])
        mask[self._degree] = self._may_pass(agent)
        return mask

    def observe(self, agent: str) -> np.ndarray:
        b = self.board
        if self.observation == "position":
            return np.array([self.cells["wolf"], self.cells["sheep"]], dtype=np.int64)
        grid = b.grid.astype(np.int8)
        flat = grid.reshape(-1)
        flat[self.cells["sheep"]] = 3
        flat[self.cells["wolf"]] = 2
        return grid

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        try:
            a = operator.index(action)
        except TypeError:
            raise ValueError(f"{agent}: action {action!r} is not an int") from None
        if not 0 <= a <= self._degree:
            raise ValueError(f"{agent}: action {a} is outside Discrete({self._degree + 1})")
        here = self.cells[agent]
        if a == self._degree:
            if not self._may_pass(agent):
                raise ValueError(f"{agent}: may not pass (passes={self.passes!r})")
        else:
            to = int(self.board.moves[here, a])
            if to < 0:
                raise ValueError(
                    f"{agent}: action {a} leads into a wall from {self.board.label(here)} "
                    "(info['action_mask'] says which are legal)"
                )
            self.cells[agent] = to
        self.moves += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if self.cells["wolf"] == self.cells["sheep"]:
            self.rewards = {"wolf": 1.0, "sheep": -1.0}
            self.terminations = {a: True for a in self.agents}
        elif self.moves >= self.max_moves:
            self.truncations = {a: True for a in self.agents}
        self.infos = {a: {"action_mask": self._mask(a)} for a in self.agents}
        self.agent_selection = "sheep" if agent == "wolf" else "wolf"
        self._accumulate_rewards()

    def render(self) -> np.ndarray | None:
        if self.render_mode != "rgb_array":
            return None
        marks = [(self.cells["sheep"], SHEEP), (self.cells["wolf"], WOLF)]
        return self.board.picture(marks, self.scale)

    def close(self) -> None:
        pass

    # The oracle --------------------------------------------------------------------------

    def optimal_action(self, agent: str | None = None) -> int | None:
        """The move of ``agent`` (default: the one to move) by the solved arena's strategy:
        the wolf's fastest capture, the sheep's longest delay or escape. None when the game
        is over."""
        agent = agent or self.agent_selection
        if agent not in self.agents or self.terminations[agent] or self.truncations[agent]:
            return None
        b = self.board
        wolf, sheep = self.cells["wolf"], self.cells["sheep"]
        best = self.pursuit.best_move(b.label(wolf), b.label(sheep), first=agent)
        if best is None:
            return None
        to = int(np.ravel_multi_index(best[0] if agent == "wolf" else best[1], b.dims))
        here = self.cells[agent]
        if to == here:
            return self._degree
        return int(b.moves[here].tolist().index(to))


def raw_env(**kwargs: Any) -> WolfAndSheepEnv:
    """The environment without PettingZoo's wrappers."""
    return WolfAndSheepEnv(**kwargs)


def env(**kwargs: Any) -> Any:
    """The environment in PettingZoo's order-enforcing wrapper (the usual ``env()``)."""
    return wrappers.OrderEnforcingWrapper(WolfAndSheepEnv(**kwargs))
