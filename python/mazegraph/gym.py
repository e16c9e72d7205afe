"""Gymnasium environments on mazegraph's mazes: ``mazegraph/Maze-v0``.

Importing this module registers the environment (it needs ``pip install gymnasium``; the rest
of the package does not)::

    import gymnasium as gym
    import mazegraph.gym

    env = gym.make("mazegraph/Maze-v0", size=(8, 8), tiling="sigma", observation="local")
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(env.unwrapped.optimal_action())

An agent walks from a maze's start to its goal. The maze is generated at each reset (``size``
rooms per axis, any number of axes, or on a ``tiling``; ``algorithm``, ``loops``, ``braid`` as
:func:`mazegraph.generate`), or given (``maze=``: a :class:`~mazegraph.Maze`, a
:class:`~mazegraph.TiledMaze` or a :class:`~mazegraph.Graph` with a start and a goal).
``reset(seed=s)`` makes the same maze and the same episode for the same ``s``.

Actions are the maze's slots (``Discrete(degree)``): in a square maze of ``d`` axes ``2·d``
moves (axis 0 backwards, forwards, axis 1 backwards, …: up, down, left, right in 2-D); on a
tiling the sides of a room in order round it (a weave's tunnels after them), padded to the
largest room; in a graph each vertex's neighbours, sorted. A move into a wall keeps the agent
where it is and costs ``wall_penalty`` (``walls="stay"``), or, with ``walls="refuse"``, is
refused with gymnasium's ``InvalidAction`` (mask the actions: ``env.unwrapped.action_masks()``
and ``info["action_mask"]``). An action outside the action space is always ``InvalidAction``.

Observations (``observation=``): ``"position"`` the agent's place (``Discrete``: a square
maze's cell index, row-major; a room's or vertex's number), ``"local"`` the slots open from it
(``MultiBinary(degree)``), ``"grid"`` the whole maze (a square maze: an int8 array of its shape,
0 wall, 1 path, 2 agent, 3 goal; a tiling or graph: int8 rows, one a place, its open slots then
1 for the agent and 1 for the goal).

Rewards: ``goal_reward`` on reaching the goal (the episode terminates), ``-step_cost`` each
step, ``-wall_penalty`` more for a move into a wall. Episodes are truncated after
``max_steps`` steps (default: 4 × places). ``render_mode="rgb_array"`` draws the maze as
``Maze.rgb`` / ``TiledMaze.rgb`` do, the agent an orange mark, the goal red. ``optimal_action()`` is the
move along a shortest path to the goal (the oracle an agent is measured against).
"""

from __future__ import annotations

import operator
from typing import Any

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.error import InvalidAction
except ImportError:  # pragma: no cover - the message is the point
    raise ImportError("mazegraph.gym needs gymnasium: pip install gymnasium") from None

import numpy as np

from . import _native
from ._board import AGENT, GOAL, Board

__all__ = ["MazeEnv", "ENV_ID"]

#: The id the environment is registered under.
ENV_ID = "mazegraph/Maze-v0"

_OBSERVATIONS = ("position", "local", "grid")
_WALLS = ("stay", "refuse")


class MazeEnv(gymnasium.Env):  # type: ignore[misc]
    """A maze to walk from its start to its goal (see the module's text for the options)."""

    metadata = {"render_modes": ["rgb_array"], "render_fps": 8}

    def __init__(
        self,
        maze: Any = None,
        *,
        size: Any = (5, 5),
        tiling: str | None = None,
        algorithm: str | None = None,
        loops: int = 0,
        braid: bool = False,
        regenerate: bool = True,
        observation: str = "local",
        walls: str = "stay",
        start: str = "maze",
        goal_reward: float = 1.0,
        step_cost: float = 0.01,
        wall_penalty: float = 0.05,
        max_steps: int | None = None,
        render_mode: str | None = None,
        scale: int | None = None,
    ) -> None:
        if observation not in _OBSERVATIONS:
            raise ValueError(f"observation={observation!r}: expected one of {_OBSERVATIONS}")
        if walls not in _WALLS:
            raise ValueError(f"walls={walls!r}: expected one of {_WALLS}")
        if start not in ("maze", "random"):
            raise ValueError(f"start={start!r}: expected 'maze' or 'random'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode={render_mode!r}: expected None or 'rgb_array'")
        self._given = maze
        self._made = dict(size=size, tiling=tiling, algorithm=algorithm, loops=loops, braid=braid)
        self.regenerate = regenerate and maze is None
        self.observation = observation
        self.walls = walls
        self.start_at = start
        self.goal_reward = float(goal_reward)
        self.step_cost = float(step_cost)
        self.wall_penalty = float(wall_penalty)
        self.render_mode = render_mode
        self.scale = scale
        # The first board (seed 0 when generated) fixes the spaces: every maze of these
        # options has the same places and slots.
        self.board = Board(maze) if maze is not None else Board(self._generate(0))
        self.board.need_terminals()
        if render_mode is not None and self.board.kind == "graph":
            raise ValueError("a Graph has no picture: render a Maze or a TiledMaze")
        self._degree = self.board.degree
        self.max_steps = max_steps if max_steps is not None else 4 * self.board.size
        self._fresh = maze is None
        self.action_space = spaces.Discrete(self._degree)
        self.observation_space = self._space()
        self.place = self.board.start
        self.steps = 0

    # The maze ----------------------------------------------------------------------------

    def _generate(self, seed: int) -> Any:
        m = self._made
        return _native.generate(
            m["algorithm"],
            m["size"],
            seed,
            loops=m["loops"],
            braid=m["braid"],
            tiling=m["tiling"],
        )

    def _space(self) -> spaces.Space:
        b = self.board
        if self.observation == "position":
            return spaces.Discrete(b.size)
        if self.observation == "local":
            return spaces.MultiBinary(b.degree)
        if b.kind == "grid":
            return spaces.Box(0, 3, shape=b.dims, dtype=np.int8)
        return spaces.Box(0, 1, shape=(b.size, b.degree + 2), dtype=np.int8)

    @property
    def maze(self) -> Any:
        """The maze of the episode (a Maze, TiledMaze or Graph)."""
        return self.board.maze

    # Gymnasium's API ---------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        if self._fresh and (self.regenerate or seed is not None):
            maze_seed = int(self.np_random.integers(0, 2**63))
            self.board = Board(self._generate(maze_seed), degree=self._degree)
        self.steps = 0
        if self.start_at == "random":
            places = [p for p in self.board.places() if p != self.board.goal]
            self.place = int(places[self.np_random.integers(len(places))])
        else:
            self.place = self.board.start
        return self._observe(), {"action_mask": self.board.mask(self.place)}

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        try:
            a = operator.index(action)
        except TypeError:
            raise InvalidAction(
                f"action {action!r}: expected an int from 0 to {self._degree - 1}"
            ) from None
        if not 0 <= a < self._degree:
            raise InvalidAction(f"action {a} is outside Discrete({self._degree})")
        to = int(self.board.moves[self.place, a])
        reward = -self.step_cost
        if to < 0:
            if self.walls == "refuse":
                raise InvalidAction(
                    f"action {a} leads into a wall from {self.board.label(self.place)} "
                    "(mask the actions: action_masks(), info['action_mask'])"
                )
            reward -= self.wall_penalty
        else:
            self.place = to
        self.steps += 1
        terminated = self.place == self.board.goal
        if terminated:
            reward += self.goal_reward
        truncated = not terminated and self.steps >= self.max_steps
        info = {"action_mask": self.board.mask(self.place)}
        return self._observe(), reward, terminated, truncated, info

    def render(self) -> np.ndarray | None:
        if self.render_mode != "rgb_array":
            return None
        marks = [(self.place, AGENT)]
        if self.board.kind == "grid":
            marks.insert(0, (self.board.goal, GOAL))
        return self.board.picture(marks, self.scale)

    # Masks and the oracle ----------------------------------------------------------------

    def action_masks(self) -> np.ndarray:
        """The actions that move the agent (True), as MaskablePPO (sb3-contrib) asks."""
        return self.board.open[self.place].copy()

    def optimal_action(self) -> int | None:
        """A move along a shortest path to the goal; None at the goal or where it cannot be
        reached."""
        dist = self.board.distance()
        here = dist[self.place]
        if here <= 0:
            return None
        for a, to in enumerate(self.board.moves[self.place].tolist()):
            if to >= 0 and dist[to] == here - 1:
                return a
        return None  # pragma: no cover - a breadth-first distance always has a step down

    def distance(self) -> int | None:
        """Moves from the agent to the goal by a shortest path (None when unreachable)."""
        d = int(self.board.distance()[self.place])
        return None if d < 0 else d

    # Observations ------------------------------------------------------------------------

    def _observe(self) -> Any:
        b = self.board
        if self.observation == "position":
            return np.int64(self.place)
        if self.observation == "local":
            return b.mask(self.place)
        if b.kind == "grid":
            grid = b.grid.astype(np.int8)
            flat = grid.reshape(-1)
            flat[b.goal] = 3
            flat[self.place] = 2
            return grid
        out = np.zeros((b.size, b.degree + 2), dtype=np.int8)
        out[:, : b.degree] = b.open
        out[self.place, b.degree] = 1
        out[b.goal, b.degree + 1] = 1
        return out


def _register() -> None:
    if ENV_ID not in gymnasium.envs.registry:
        gymnasium.register(id=ENV_ID, entry_point="mazegraph.gym:MazeEnv")


_register()
