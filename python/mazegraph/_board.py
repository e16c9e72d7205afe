"""Boards: any maze as rooms and the ways out of each, for the learning environments.

A :class:`Board` numbers a maze's places (a square maze's cells, a tiled maze's rooms, a
graph's vertices) and gives each the same number of *slots*, one action each: the place it
leads to (-1 for none) and whether it is open. A square maze of ``d`` axes has ``2·d`` slots
(axis 0 backwards, axis 0 forwards, axis 1 backwards, …: up, down, left, right in 2-D); a
tiled maze's slots are its rooms' sides in order round them (a weave's tunnels after them),
padded to the tiling's largest room; a graph's are each vertex's neighbours, sorted, padded to
its largest degree. numpy only: no gymnasium here.
"""

from __future__ import annotations

from collections import deque
from typing import Any

import numpy as np

from ._native import Graph, Maze, TiledMaze

#: The colour of the agent in the environments' pictures (orange: a colour no other mark has).
AGENT = (255, 140, 0)
#: The goal's colour in every mazegraph picture (palette::GOAL), painted on a square maze's
#: goal cell (a tiled maze's picture draws it already).
GOAL = (220, 30, 30)
#: The wolf's and the sheep's colours, as ``mazegraph pursuit`` draws them.
WOLF = (0x55, 0x37, 0x1E)
SHEEP = (0xF5, 0x8C, 0xD2)


class Board:
    """A maze's places and slots (see the module's text), its start and goal (None when a
    square maze has none), its picture."""

    kind: str
    maze: Any
    grid: Any
    dims: tuple[int, ...]
    labels: list[Any]
    to: Any
    open: Any
    start: Any
    goal: Any

    def __init__(self, maze: Maze | TiledMaze | Graph, degree: int | None = None) -> None:
        self.maze = maze
        if isinstance(maze, Maze):
            self.kind = "grid"
            grid = maze.to_numpy()
            self.grid = grid
            self.dims = grid.shape
            n = grid.size
            flat = grid.reshape(-1)
            cells = np.arange(n).reshape(grid.shape)
            slots: list[Any] = []
            for axis in range(grid.ndim):
                for step in (-1, 1):
                    near: Any = np.full(grid.shape, -1, dtype=np.int64)
                    src = [slice(None)] * grid.ndim
                    dst = [slice(None)] * grid.ndim
                    if step < 0:
                        src[axis], dst[axis] = slice(1, None), slice(None, -1)
                    else:
                        src[axis], dst[axis] = slice(None, -1), slice(1, None)
                    near[tuple(src)] = cells[tuple(dst)]
                    slots.append(near.reshape(-1))
            table = np.stack(slots, axis=1)
            self.to = table
            self.open = (table >= 0) & flat[:, None] & flat[np.maximum(table, 0)]
            self.start = self._cell(maze.start)
            self.goal = self._cell(maze.goal)
            if self.start is None or self.goal is None:
                self.start = self.goal = None
        elif isinstance(maze, TiledMaze):
            self.kind = "tiled"
            self.labels = maze.labels
            width, to, opened = maze._slots(degree or 0)
            self.to = np.frombuffer(to, dtype="<i8").reshape(-1, width)
            self.open = np.frombuffer(opened, dtype=bool).reshape(-1, width)
            self.start = self.labels.index(maze.start)
            self.goal = self.labels.index(maze.goal)
        elif isinstance(maze, Graph):
            self.kind = "graph"
            self.labels = list(maze.nodes)
            index = {label: i for i, label in enumerate(self.labels)}
            rows: list[list[tuple[int, bool]]] = [
                [(index[u], True) for u in sorted(maze.neighbors(v), key=index.__getitem__)]
                for v in self.labels
            ]
            self._tables(rows, degree)
            if maze.start is None or maze.goal is None:
                raise ValueError("the graph needs a start and a goal (graph.start = …)")
            self.start = index[maze.start]
            self.goal = index[maze.goal]
        else:
            raise TypeError(
                f"expected a Maze, TiledMaze or Graph, not {type(maze).__name__}"
            )
        if degree is not None and self.to.shape[1] != degree:
            raise ValueError(
                f"this maze has {self.to.shape[1]} moves a place, not {degree} as the first"
            )
        self.size = self.to.shape[0]
        self.degree = self.to.shape[1]
        #: Where each slot leads, -1 where it is closed: a step reads one entry.
        self.moves = np.where(self.open, self.to, -1)
        self._distance: Any = None

    def _tables(self, rows: list[list[tuple[int, bool]]], degree: int | None) -> None:
        width = max((len(r) for r in rows), default=0)
        if degree is not None:
            width = max(width, degree)
        pad = [(-1, False)] * width
        table = np.array([row + pad[len(row) :] for row in rows], dtype=np.int64)
        table = table.reshape(len(rows), width, 2)
        self.to = table[:, :, 0]
        self.open = table[:, :, 1].astype(bool)

    def _cell(self, coords: Any) -> Any:
        """A cell's index from its coordinates (None for None)."""
        if coords is None:
            return None
        try:
            return int(np.ravel_multi_index(tuple(coords), self.dims))
        except (TypeError, ValueError):
            raise ValueError(f"{coords!r} is not a cell of the maze's shape {self.dims}") from None

    def label(self, place: int) -> Any:
        """The place's name: a cell's coordinates, a room's label, a vertex's node."""
        if self.kind == "grid":
            return tuple(int(c) for c in np.unravel_index(place, self.dims))
        return self.labels[place]

    def places(self) -> list[int]:
        """The places a piece may stand on: a square maze's path cells, every room or vertex."""
        if self.kind == "grid":
            return [int(i) for i in np.flatnonzero(self.grid.reshape(-1))]
        return list(range(self.size))

    def mask(self, place: int) -> Any:
        """The slots open from ``place``, as int8 (1: the action moves)."""
        return self.open[place].astype(np.int8)

    def need_terminals(self) -> None:
        """Refuses a maze without a start and a goal."""
        if self.start is None or self.goal is None:
            raise ValueError("the maze needs a start and a goal (maze.start = …, maze.goal = …)")

    def distance(self) -> Any:
        """Moves from each place to the goal through open slots (-1 where it is unreachable),
        by breadth-first search from the goal: O(places × slots), computed once."""
        if self._distance is None:
            dist = np.full(self.size, -1, dtype=np.int64)
            dist[self.goal] = 0
            queue = deque([self.goal])
            back = self._backwards()
            while queue:
                v = queue.popleft()
                for u in back[v]:
                    if dist[u] < 0:
                        dist[u] = dist[v] + 1
                        queue.append(u)
            self._distance = dist
        return self._distance

    def _backwards(self) -> list[list[int]]:
        back: list[list[int]] = [[] for _ in range(self.size)]
        for v, row in enumerate(self.moves.tolist()):
            for u in row:
                if u >= 0:
                    back[u].append(v)
        return back

    def picture(self, marks: list[tuple[int, tuple[int, int, int]]], scale: int | None) -> Any:
        """The maze's picture (``Maze.rgb`` or ``TiledMaze.rgb``) with ``marks`` (place,
        colour) drawn over it."""
        named = [(self.label(p), c) for p, c in marks]
        if isinstance(self.maze, Graph):
            raise ValueError("a Graph has no picture: render a Maze or a TiledMaze")
        return self.maze.rgb(scale=scale, marks=named)
