"""numpy and networkx: round trips, and shortest paths that agree with networkx's."""

import networkx as nx
import numpy as np
import pytest

import mazegraph
from conftest import DATA, MAZES

GENERATED = [("kruskal", (9, 11)), ("wall-removal", (8, 8)), ("wilson", (3, 4, 3)), ("prim", (15, 2))]


def mazes():
    for name in MAZES:
        yield name, mazegraph.read(DATA / name)
    for algorithm, size in GENERATED:
        yield f"{algorithm}{size}", mazegraph.generate(algorithm, size, seed=11, loops=4)


@pytest.mark.parametrize("name,maze", list(mazes()))
def test_numpy_round_trip(name, maze):
    a = maze.to_numpy()
    assert a.dtype == np.bool_ and a.shape == maze.shape
    assert int(a.sum()) == maze.stats()["path_cells"]
    a[0, ...] = a[0, ...]  # writable
    back = mazegraph.Maze.from_numpy(a)
    assert (back.to_numpy() == a).all()
    if not maze.portals:
        assert back == maze


def test_from_numpy_takes_numbers_and_terminals():
    a = np.array([[0, 1, 0], [0, 2, 0], [0, 1, 0]])
    maze = mazegraph.from_numpy(a)
    assert maze.shape == (3, 3) and (maze.start, maze.goal) == ((0, 1), (2, 1))
    assert mazegraph.from_numpy(a, start=(1, 1)).solve().length == 1
    assert mazegraph.from_numpy([[True, False]]).shape == (1, 2)


@pytest.mark.parametrize(
    "array,message",
    [
        (np.array(True), "a grid needs at least one axis"),
        (np.zeros((0, 3), dtype=bool), "axis 0 of the grid has length 0"),
        (np.array([["a", "b"]]), "from_numpy takes an array of booleans or numbers"),
        (np.zeros((5, 5), dtype=bool), None),
    ],
)
def test_from_numpy_refuses_what_is_not_a_maze(array, message):
    if message is None:  # all walls: a maze without terminals, which cannot be solved
        with pytest.raises(mazegraph.MazeError, match="start"):
            mazegraph.from_numpy(array).solve()
        return
    with pytest.raises(mazegraph.MazeError, match=message):
        mazegraph.from_numpy(array)


def test_from_numpy_holds_the_limits():
    with pytest.raises(mazegraph.MazeError, match=r"more than the limit of 10 \(raise it with max_cells=\)"):
        mazegraph.from_numpy(np.ones((4, 4), dtype=bool), max_cells=10)


@pytest.mark.parametrize("name,maze", list(mazes()))
def test_shortest_paths_agree_with_networkx(name, maze):
    g = maze.to_networkx()
    assert g.number_of_nodes() == maze.stats()["path_cells"]
    assert g.graph["start"] == maze.start and g.graph["goal"] == maze.goal
    assert all(isinstance(v, tuple) for v in g.nodes)
    expected = nx.shortest_path_length(g, maze.start, maze.goal)
    for method in ("dead-end", "bfs", "astar", "dijkstra", "shortest-set"):
        assert maze.solve(method).length == expected, method
    j = maze.to_networkx(junctions=True)
    assert j.number_of_nodes() <= g.number_of_nodes()
    assert nx.shortest_path_length(j, maze.start, maze.goal, weight="weight") == expected
    assert all("weight" in d for _, _, d in j.edges(data=True))


@pytest.mark.parametrize("name,maze", list(mazes()))
def test_networkx_round_trip(name, maze):
    back = mazegraph.from_networkx(maze.to_networkx())
    assert back == maze
    assert (back.start, back.goal) == (maze.start, maze.goal)
    assert back.solve().length == maze.solve().length


def test_junction_graph_round_trip():
    maze = mazegraph.generate("kruskal", (6, 6), seed=8, loops=2)
    back = mazegraph.from_networkx(maze.to_networkx(junctions=True))
    assert back == maze


def test_from_networkx_draws_other_graphs():
    # Nodes that are coordinates are cells: networkx's grid graph is an open field.
    field = nx.grid_2d_graph(3, 4)
    maze = mazegraph.from_networkx(field, start=(0, 0), goal=(2, 3))
    assert maze.shape == (3, 4) and maze.solve().length == 5
    # Named vertices: the seed's row of cells joined by portals.
    path = nx.Graph([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")])
    maze = mazegraph.from_networkx(path, start="a", goal="d")
    assert maze.solve().length == 2


def test_from_networkx_notes_and_refusals():
    d = nx.DiGraph([((0, 1), (1, 1)), ((1, 1), (2, 1))])
    with pytest.warns(mazegraph.MazeWarning, match="directed"):
        maze = mazegraph.from_networkx(d)
    assert maze.solve().length == 2
    with pytest.raises(mazegraph.MazeError, match="self-loop on vertex"):
        mazegraph.from_networkx(nx.Graph([(1, 1)]))
    with pytest.raises(mazegraph.MazeError, match="is not a tuple of integers"):
        mazegraph.from_networkx(nx.Graph([(1.5, 2)]))
    with pytest.raises(mazegraph.MazeError, match="weights are positive numbers"):
        mazegraph.from_networkx(nx.Graph([(1, 2, {"weight": -1})]))
    with pytest.raises(mazegraph.MazeError, match="raise it with max_cells="):
        mazegraph.from_networkx(nx.path_graph(20), max_cells=5)
