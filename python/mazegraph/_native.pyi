"""Type stubs of mazegraph's extension module (re-exported by the ``mazegraph`` package)."""

from os import PathLike
from typing import Any, ClassVar, Iterable, Iterator, Literal, Self, Sequence, final, overload

import numpy
import numpy.typing

_Coords = tuple[int, ...]
"""A cell's coordinates: (row, column) in 2-D."""
_Terminal = Sequence[int] | str
"""A start or goal: coordinates, "room:R,C" (the cell (2R+1, 2C+1)), or a graph vertex's name."""
_Path = str | PathLike[str]
_Node = str | int | tuple[int, ...]
"""A graph vertex, as a networkx node: a name, an id or coordinates."""

ALGORITHMS: list[str]
"""The generators' names, for :func:`generate`."""
METHODS: list[str]
"""The solvers' names, for :meth:`Maze.solve`."""
TILINGS: list[str]
"""The tilings' names, for :func:`generate`'s ``tiling``."""
_Colour = tuple[int, int, int]
"""An RGB colour, 0 to 255 each."""
__all__ = [
    "MazeError",
    "MazeTypeError",
    "MazeWarning",
    "DEFAULT_MAX_CELLS",
    "default_max_memory",
    "Maze",
    "Solution",
    "Game",
    "Attractor",
    "GameSolution",
    "read",
    "parse",
    "generate",
    "dataset",
    "read_game",
    "pursuit",
    "Pursuit",
    "_panic",
    "Graph",
    "GraphSolution",
    "read_graph",
    "read_tiled",
    "parse_graph",
    "_pythonic",
    "ALGORITHMS",
    "METHODS",
    "TILINGS",
    "TiledMaze",
]
DEFAULT_MAX_CELLS: int
"""The default ``max_cells`` (2**32), as ``--max-cells``."""

class MazeError(ValueError):
    """Bad input or an impossible request; the message is the CLI's error line. An int out
    of range names its keyword and the range: "seed: -1 is out of range (0 to 2**64-1)"."""

class MazeTypeError(MazeError, TypeError):
    """An argument of the wrong type: a MazeError that is also a TypeError."""

class MazeWarning(UserWarning):
    """A note about how what was read differs from the file (directed, parallel edges)."""

def _panic(message: str) -> None:
    """Panics in Rust under the guard of every long call (for the test suite)."""

def _pythonic(message: str) -> str:
    """The library's message with the CLI's flags named as the package's keywords."""

def default_max_memory() -> int:
    """The default ``max_memory`` in bytes: three quarters of the memory this process may use."""

def read(
    path: _Path,
    *,
    format: str | None = None,
    cells: str = "auto",
    doubtful: str = "refuse",
    region: tuple[int, int, int, int] | str | None = None,
    marks: bool = False,
    start: _Terminal | None = None,
    goal: _Terminal | None = None,
    max_cells: int | None = None,
    max_memory: int | None = None,
) -> Maze:
    """Reads a maze file (png, jpeg, bmp, gif, webp, txt, json, or a graph format drawn as a maze)."""

def parse(
    data: str | bytes,
    format: str,
    *,
    cells: str = "auto",
    doubtful: str = "refuse",
    region: tuple[int, int, int, int] | str | None = None,
    marks: bool = False,
    start: _Terminal | None = None,
    goal: _Terminal | None = None,
    max_cells: int | None = None,
    max_memory: int | None = None,
) -> Maze:
    """Reads a maze from a file's contents in ``format``."""

@overload
def generate(
    algorithm: str | None = None,
    size: Sequence[int] | str | None = None,
    seed: int | None = None,
    *,
    loops: int = 0,
    braid: bool = False,
    pick: str | None = None,
    shape: str | None = None,
    turns: float | None = None,
    tiling: None = None,
    max_cells: int | None = None,
    max_memory: int | None = None,
) -> Maze:
    """Generates a maze of ``size`` rooms per axis; the same ``seed`` gives the same maze."""
@overload
def generate(
    algorithm: str | None = None,
    size: Sequence[int] | str | int | None = None,
    seed: int | None = None,
    *,
    loops: int = 0,
    braid: bool = False,
    pick: None = None,
    shape: None = None,
    turns: None = None,
    tiling: str,
    max_cells: int | None = None,
    max_memory: int | None = None,
) -> TiledMaze:
    """Generates a maze on a tiling (see TILINGS): hexagons, triangles, rings, octagons, a weave."""

def dataset(
    path: _Path,
    count: int = 1000,
    size: Sequence[int] | str | int | None = (10, 10),
    algorithm: str | None = None,
    seed: int = 0,
    *,
    loops: int = 0,
    braid: bool = False,
    pick: str | None = None,
    difficulty: str | None = None,
    tiling: str | None = None,
    shard_rows: int | None = None,
    first_shard: int = 0,
    max_cells: int | None = None,
    max_memory: int | None = None,
) -> dict[str, Any]:
    """Writes ``count`` mazes (maze i from seed ``seed + i``) with their solutions and figures
    into the directory ``path`` as Parquet shards, as ``mazegraph dataset`` does (with
    ``tiling``, mazes on that tiling, as ``generate(..., tiling=...)`` makes them); returns
    ``rows``, ``seeds_tried``, ``shards``, ``bytes`` and ``grader``."""

def read_tiled(
    path: _Path,
    *,
    max_cells: int | None = None,
    max_memory: int | None = None,
) -> TiledMaze:
    """Reads a maze on a tiling: the JSON ``generate --tiling`` writes, or its rendered PNG."""

def read_game(
    path: _Path,
    *,
    format: str | None = None,
    max_cells: int | None = None,
    max_memory: int | None = None,
) -> Game:
    """Reads a game: PGSolver (.pg, .gm), .game.json or .game.dot."""

def pursuit(
    maze: Maze,
    wolf: _Terminal | None = None,
    sheep: _Terminal | None = None,
    *,
    first: str = "wolf",
    passes: str = "both",
    max_memory: int | None = None,
) -> Pursuit:
    """Solves the game of a wolf chasing a sheep in the maze (``mazegraph pursuit``)."""

@final
class Maze:
    """An n-dimensional maze: wall and path cells, a start, a goal, portals.

    Picklable (``pickle``, ``copy.deepcopy``, Dask, Ray) as its JSON text with its limits and
    seed; the picture it was read from is not kept. So are ``Solution``, ``Graph``,
    ``GraphSolution``, ``Game``, ``GameSolution``, ``Attractor`` and ``Pursuit`` (computed
    again from what they were computed on).
    """
    def __new__(cls, *_args: Any, **_kwargs: Any) -> Self:
        """Refused with a MazeTypeError saying which function makes one."""

    __hash__: ClassVar[None]  # type: ignore[assignment]
    @property
    def shape(self) -> _Coords: ...
    @property
    def start(self) -> _Coords | None:
        """The start: the explicit one, else the first opening. ``maze.start = None`` and
        ``del maze.start`` clear the explicit start (the first opening is the start again)."""
    @start.setter
    def start(self, value: _Terminal | None) -> None: ...
    @start.deleter
    def start(self) -> None: ...
    @property
    def goal(self) -> _Coords | None:
        """The goal: the explicit one, else the last opening; cleared as ``start`` is."""
    @goal.setter
    def goal(self, value: _Terminal | None) -> None: ...
    @goal.deleter
    def goal(self) -> None: ...
    @property
    def portals(self) -> list[tuple[_Coords, _Coords]]: ...
    @property
    def picture(self) -> str | None:
        """What lattice was found in a picture read at its own scale."""
    @property
    def seed(self) -> int | None:
        """The seed of a generated maze."""
    def to_numpy(self) -> numpy.typing.NDArray[numpy.bool_]:
        """The cells as a boolean array, True for path."""
    @classmethod
    def from_numpy(
        cls,
        array: numpy.typing.ArrayLike,
        *,
        start: _Terminal | None = None,
        goal: _Terminal | None = None,
        max_cells: int | None = None,
        max_memory: int | None = None,
    ) -> Maze:
        """A maze from an array: True or nonzero is path; NaN and infinities are refused."""
    def solve(self, method: str = "dead-end", *, max_memory: int | None = None) -> Solution:
        """Solves the maze (see METHODS)."""
    def stats(self, *, max_memory: int | None = None) -> dict[str, Any]:
        """The figures of ``mazegraph stats --json``."""
    def write(self, path: _Path, *, format: str | None = None) -> None:
        """Writes the maze (or its cell graph, for a graph format)."""
    def to_networkx(
        self, junctions: bool = False, *, max_memory: int | None = None
    ) -> Any:
        """A networkx.Graph: the cell graph (or the weighted junction graph), nodes as coordinate tuples."""
    @classmethod
    def from_networkx(
        cls,
        graph: Any,
        *,
        weight: str | None = "weight",
        start: _Terminal | None = None,
        goal: _Terminal | None = None,
        max_cells: int | None = None,
        max_memory: int | None = None,
    ) -> Maze:
        """A maze from a networkx graph (cells, rooms, or the seed's row)."""
    def svg(self, solution: Solution | None = None, *, scale: int | None = None) -> str:
        """The maze as SVG; ``scale`` is pixels per cell, 1 to 65535 as ``--scale``."""
    def png(self, solution: Solution | None = None, *, scale: int | None = None) -> bytes:
        """The maze as PNG bytes; ``scale`` as for ``svg``."""
    def rgb(
        self,
        solution: Solution | None = None,
        *,
        scale: int | None = None,
        marks: Iterable[tuple[Sequence[int], _Colour]] | None = None,
    ) -> numpy.typing.NDArray[numpy.uint8]:
        """The picture of ``png`` as an array (height, width, 3), ``marks`` painted over it."""
    def attractor(self, *, max_memory: int | None = None) -> Attractor:
        """Cells on shortest solutions, with their distance to the goal (a mapping)."""
    def difference(self, other: Maze) -> str | None:
        """The first difference between the two mazes' graphs."""
    def _repr_svg_(self) -> str | None: ...
    def _repr_png_(self) -> bytes | None: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class Solution:
    """What a solver found."""
    def __new__(cls, *_args: Any, **_kwargs: Any) -> Self:
        """Refused with a MazeTypeError saying which function makes one."""

    @property
    def method(self) -> str: ...
    @property
    def path(self) -> list[_Coords] | None: ...
    @property
    def length(self) -> int | None: ...
    @property
    def solved(self) -> bool: ...
    @property
    def start(self) -> _Coords: ...
    @property
    def goal(self) -> _Coords: ...
    @property
    def kept(self) -> list[_Coords]: ...
    @property
    def visited(self) -> int: ...
    @property
    def visited_unit(self) -> str: ...
    @property
    def maze(self) -> Maze: ...
    def write(
        self,
        path: _Path,
        *,
        format: str | None = None,
        scale: int | None = None,
        legend: bool = True,
    ) -> None:
        """Writes the solution as json, png (with a legend) or txt."""
    def _repr_svg_(self) -> str | None: ...
    def _repr_png_(self) -> bytes | None: ...

@final
class Game:
    """A two-player game on a directed graph (max-parity; a player who cannot move loses)."""
    def __new__(cls, *_args: Any, **_kwargs: Any) -> Self:
        """Refused with a MazeTypeError saying which function makes one."""

    @property
    def vertex_count(self) -> int: ...
    @property
    def edge_count(self) -> int: ...
    @property
    def start(self) -> int | None: ...
    def __len__(self) -> int: ...
    def owner(self, v: int) -> int: ...
    def priority(self, v: int) -> int: ...
    def name(self, v: int) -> str | None: ...
    def successors(self, v: int) -> list[int]: ...
    def find(self, vertex: str) -> int: ...
    def attractor(
        self,
        player: int = 0,
        target: int | str | Iterable[int | str] | None = None,
        priority: int | Sequence[int] | None = None,
    ) -> Attractor: ...
    def solve(
        self,
        objective: str = "parity",
        player: int = 0,
        target: int | str | Iterable[int | str] | None = None,
        priority: int | Sequence[int] | None = None,
        method: str | None = None,
    ) -> GameSolution: ...

@final
class Attractor:
    """Attr_player(targets), with ranks and a strategy; a mapping from each vertex to its rank.

    Vertices are named as their owner names them: a maze's by coordinate tuples, a graph's by
    its nodes, a game's by ids.
    """
    def __new__(cls, *_args: Any, **_kwargs: Any) -> Self:
        """Refused with a MazeTypeError saying which function makes one."""

    __hash__: ClassVar[None]  # type: ignore[assignment]
    @property
    def player(self) -> int: ...
    @property
    def targets(self) -> list[Any]: ...
    @property
    def vertices(self) -> list[Any]: ...
    @property
    def rank(self) -> dict[Any, int]: ...
    @property
    def strategy(self) -> dict[Any, Any]: ...
    @property
    def max_rank(self) -> int: ...
    def __len__(self) -> int: ...
    def __contains__(self, v: object, /) -> bool: ...
    def __getitem__(self, v: object, /) -> int: ...
    def __iter__(self) -> Iterator[Any]: ...
    def keys(self) -> list[Any]: ...
    def values(self) -> list[int]: ...
    def items(self) -> list[tuple[Any, int]]: ...
    def get(self, v: object, default: Any = None) -> Any: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class GameSolution:
    """Winning regions and strategies, verified."""
    def __new__(cls, *_args: Any, **_kwargs: Any) -> Self:
        """Refused with a MazeTypeError saying which function makes one."""

    @property
    def winners(self) -> list[int]: ...
    def winner(self, v: int) -> int: ...
    def region(self, player: int) -> list[int]: ...
    @property
    def strategy(self) -> dict[int, int]: ...
    @property
    def regions(self) -> dict[int, list[int]]: ...

def read_graph(
    path: _Path,
    *,
    format: str | None = None,
    start: _Node | None = None,
    goal: _Node | None = None,
    max_cells: int | None = None,
    max_memory: int | None = None,
) -> Graph:
    """Reads a graph file (adj, graph.json, dot, graphml, gml, edges, tokens; a maze's cell graph)."""

def parse_graph(
    data: str | bytes,
    format: str,
    *,
    start: _Node | None = None,
    goal: _Node | None = None,
    max_cells: int | None = None,
    max_memory: int | None = None,
) -> Graph:
    """Reads a graph from a file's contents in ``format``."""

@final
class Graph:
    """A graph: named vertices, weighted edges, maybe a start and a goal."""
    def __new__(cls, *_args: Any, **_kwargs: Any) -> Self:
        """Refused with a MazeTypeError saying which function makes one."""

    __hash__: ClassVar[None]  # type: ignore[assignment]
    @classmethod
    def from_networkx(
        cls,
        graph: Any,
        weight: str | None = "weight",
        *,
        start: _Node | None = None,
        goal: _Node | None = None,
        max_cells: int | None = None,
        max_memory: int | None = None,
    ) -> Graph:
        """A graph from a networkx graph, ``weight`` the edge attribute of the weights."""
    @classmethod
    def from_maze(
        cls, maze: Maze, junctions: bool = False, *, max_memory: int | None = None
    ) -> Graph:
        """A maze's cell graph (or its weighted junction graph)."""
    @property
    def vertex_count(self) -> int: ...
    @property
    def edge_count(self) -> int: ...
    @property
    def weighted(self) -> bool: ...
    @property
    def nodes(self) -> list[_Node]: ...
    @property
    def edges(self) -> list[tuple[_Node, _Node, int | float]]: ...
    def weight(self, u: _Node, v: _Node) -> int | float: ...
    def neighbors(self, v: _Node) -> list[_Node]: ...
    @property
    def shape(self) -> _Coords | None: ...
    @property
    def start(self) -> _Node | None:
        """The start vertex; ``graph.start = None`` and ``del graph.start`` clear it."""
    @start.setter
    def start(self, value: _Node | None) -> None: ...
    @start.deleter
    def start(self) -> None: ...
    @property
    def goal(self) -> _Node | None:
        """The goal vertex; cleared as ``start`` is."""
    @goal.setter
    def goal(self, value: _Node | None) -> None: ...
    @goal.deleter
    def goal(self) -> None: ...
    def __len__(self) -> int: ...
    def __contains__(self, v: object, /) -> bool: ...
    def solve(
        self,
        start: _Node | None = None,
        goal: _Node | None = None,
        *,
        max_memory: int | None = None,
    ) -> GraphSolution:
        """The lightest path (Dijkstra over the weights)."""
    def attractor(
        self,
        target: _Node | None = None,
        *,
        start: _Node | None = None,
        max_memory: int | None = None,
    ) -> Attractor:
        """Vertices on lightest paths to ``target`` (the goal), with their distance to it."""
    def to_maze(self, layout: str = "auto", *, max_memory: int | None = None) -> Maze:
        """The graph drawn as a maze (auto, coordinates, rooms or row)."""
    def to_networkx(self) -> Any:
        """A networkx.Graph with the weights, the nodes' names and the terminals."""
    def write(self, path: _Path, *, format: str | None = None) -> None:
        """Writes the graph (adj, graph.json, dot, graphml, gml, edges)."""
    def difference(self, other: Graph) -> str | None:
        """The first difference between the two graphs."""
    def __eq__(self, other: object, /) -> bool: ...

@final
class GraphSolution:
    """A graph's lightest path."""
    def __new__(cls, *_args: Any, **_kwargs: Any) -> Self:
        """Refused with a MazeTypeError saying which function makes one."""

    @property
    def path(self) -> list[_Node] | None: ...
    @property
    def length(self) -> int | None: ...
    @property
    def weight(self) -> int | float | None: ...
    @property
    def solved(self) -> bool: ...
    @property
    def visited(self) -> int: ...
    @property
    def start(self) -> _Node | None: ...
    @property
    def goal(self) -> _Node | None: ...
@final
class Pursuit:
    """The wolf and the sheep in a maze, solved: winners, capture times, strategies."""
    def __new__(cls, *_args: Any, **_kwargs: Any) -> Self:
        """Refused with a MazeTypeError saying which function makes one."""

    @property
    def winner(self) -> str: ...
    @property
    def moves(self) -> int | None: ...
    @property
    def start(self) -> tuple[_Coords, _Coords, str]: ...
    @property
    def positions(self) -> int: ...
    @property
    def wolf_wins_count(self) -> int: ...
    def wolf_wins(self, wolf: _Terminal, sheep: _Terminal, first: str | None = None) -> bool: ...
    def capture_time(
        self, wolf: _Terminal, sheep: _Terminal, first: str | None = None
    ) -> int | None: ...
    def best_move(
        self, wolf: _Terminal, sheep: _Terminal, first: str | None = None
    ) -> tuple[_Coords, _Coords] | None: ...
    def play(self, max_moves: int = 400) -> list[tuple[_Coords, _Coords]]: ...
    def fate(
        self, wolf: _Terminal | None = None, first: str | None = None
    ) -> dict[_Coords, int | None]: ...
    def fate_png(
        self,
        wolf: _Terminal | None = None,
        *,
        first: str | None = None,
        scale: int | None = None,
        legend: bool = True,
    ) -> bytes: ...
    def play_png(self, *, scale: int | None = None, legend: bool = True) -> bytes: ...

@final
class TiledMaze:
    """A maze on a tiling (hexagons, triangles, rings, octagons, a weave), rooms named by labels.

    Picklable, as its JSON text (``generate --tiling … -o maze.json``) with its limits and seed.
    """
    def __new__(cls, *_args: Any, **_kwargs: Any) -> Self:
        """Refused with a MazeTypeError saying which function makes one."""

    __hash__: ClassVar[None]  # type: ignore[assignment]

    @property
    def tiling(self) -> str: ...
    @property
    def size(self) -> _Coords: ...
    @property
    def seed(self) -> int | None:
        """The seed it was generated from; None for a maze read from a file."""
    @property
    def labels(self) -> list[_Coords]:
        """Every room's label, room 0 first (room numbers index this list)."""
    @property
    def start(self) -> _Coords: ...
    @property
    def goal(self) -> _Coords: ...
    @property
    def perfect(self) -> bool: ...
    def __len__(self) -> int: ...
    def neighbours(self) -> list[list[tuple[int, bool]]]:
        """Each room's neighbours in order round it: (room, open), -1 for the boundary."""
    def _slots(self, width: int = 0) -> tuple[int, bytes, bytes]:
        """``neighbours()`` as padded int64 and bool tables' bytes, and their width."""
    def to_graph(self) -> Graph:
        """The maze's graph: a vertex a room, named by its label, an edge a passage."""
    def solve(self, *, max_memory: int | None = None) -> GraphSolution:
        """A shortest path from the start to the goal."""
    def svg(self, solution: GraphSolution | None = None, *, scale: int | None = None) -> str:
        """The maze as SVG; ``scale`` is pixels per room."""
    def json(self) -> str:
        """The maze as JSON text (tiling, terminals, open walls), read back by ``read_tiled``."""
    def png(self, solution: GraphSolution | None = None, *, scale: int | None = None) -> bytes:
        """The maze as PNG bytes."""
    def rgb(
        self,
        solution: GraphSolution | None = None,
        *,
        scale: int | None = None,
        marks: Iterable[tuple[Sequence[int], _Colour]] | None = None,
    ) -> numpy.typing.NDArray[numpy.uint8]:
        """The picture as an array (height, width, 3), ``marks`` drawn as discs over it."""
    def _repr_svg_(self) -> str | None: ...
    def __eq__(self, other: object, /) -> bool: ...
