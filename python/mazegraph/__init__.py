"""mazegraph: mazes as graphs and games, from Python.

Read, generate, solve, measure and draw n-dimensional mazes with the Rust library behind the
``mazegraph`` command line; convert them to and from numpy arrays and networkx graphs. A graph
that is not a maze (weighted, named vertices) is a :class:`Graph` (``read_graph``,
``Graph.from_networkx``): solved on itself, its attractor, written in every graph format.

    >>> import mazegraph
    >>> maze = mazegraph.generate("kruskal", (10, 10), seed=7)
    >>> maze.solve().length
    50

Errors are :class:`MazeError` (a ``ValueError``) with the command line's one-line messages
(naming this package's keywords, ``max_cells=``, where the command line names its flags);
an argument of the wrong type is a :class:`MazeTypeError` (a ``MazeError`` and a ``TypeError``).
``generate(..., tiling="sigma")`` makes a :class:`TiledMaze` (hexagons, triangles, rings,
octagons, a weave). ``mazegraph.gym`` (with gymnasium) and ``mazegraph.pettingzoo`` (with
pettingzoo) are learning environments on these mazes.
Long calls stop on Ctrl-C (``KeyboardInterrupt``), and one object may be used from several
threads at once.
"""

from ._native import (
    ALGORITHMS,
    DEFAULT_MAX_CELLS,
    METHODS,
    TILINGS,
    Attractor,
    Game,
    GameSolution,
    Graph,
    GraphSolution,
    Maze,
    MazeError,
    MazeTypeError,
    MazeWarning,
    Pursuit,
    Solution,
    TiledMaze,
    dataset,
    default_max_memory,
    generate,
    parse,
    parse_graph,
    pursuit,
    read,
    read_game,
    read_graph,
    read_tiled,
)

#: A maze from a networkx graph (the same as :meth:`Maze.from_networkx`).
from_networkx = Maze.from_networkx
#: A maze from a numpy array, True for path (the same as :meth:`Maze.from_numpy`).
from_numpy = Maze.from_numpy

__version__ = "0.1.0"

__all__ = [
    "ALGORITHMS",
    "DEFAULT_MAX_CELLS",
    "METHODS",
    "TILINGS",
    "Attractor",
    "Game",
    "GameSolution",
    "Graph",
    "GraphSolution",
    "Maze",
    "MazeError",
    "MazeTypeError",
    "MazeWarning",
    "Pursuit",
    "Solution",
    "TiledMaze",
    "dataset",
    "default_max_memory",
    "from_networkx",
    "from_numpy",
    "generate",
    "parse",
    "parse_graph",
    "pursuit",
    "read",
    "read_game",
    "read_graph",
    "read_tiled",
]
