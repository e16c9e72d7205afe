"""Graphs that are not mazes: read and written in every graph format, from and to networkx,
solved on themselves and oriented for their attractor; messages name the package's keywords;
one Attractor type for mazes, graphs and games."""

import json
import random
import re

import pytest

import mazegraph
from conftest import DATA, ROOT, cli_error

LESMIS = ROOT / "tests" / "foreign" / "nx_lesmis.graph.json"
#: The graph formats mazegraph writes (and reads back).
WRITTEN = ["adj", "graph.json", "dot", "graphml", "gml", "edges"]


def nx_lesmis():
    nx = pytest.importorskip("networkx")
    return nx.node_link_graph(json.loads(LESMIS.read_text()))


def test_the_weighted_networkx_graph_is_solved_as_networkx_solves_it():
    nx = pytest.importorskip("networkx")
    graph = mazegraph.read_graph(LESMIS)
    assert graph.weighted and graph.vertex_count == 77 and graph.edge_count == 254
    solution = graph.solve("Napoleon", "Brujon")
    expected = nx.shortest_path_length(nx_lesmis(), "Napoleon", "Brujon", weight="weight")
    assert solution.solved and solution.weight == expected == 8
    assert solution.path[0] == "Napoleon" and solution.path[-1] == "Brujon"
    assert solution.length == len(solution.path) - 1
    assert sum(graph.weight(u, v) for u, v in zip(solution.path, solution.path[1:])) == expected
    assert (solution.start, solution.goal) == ("Napoleon", "Brujon")
    assert repr(solution).startswith("GraphSolution(lightest path: 4 edges, weight 8, ")


def test_read_refuses_the_graph_and_says_read_graph():
    with pytest.raises(mazegraph.MazeError, match=r"mazegraph\.read_graph\(path\) reads it as a Graph"):
        mazegraph.read(LESMIS)


def test_terminals_are_the_graphs_or_given():
    graph = mazegraph.read_graph(LESMIS, start="Napoleon", goal="Brujon")
    assert (graph.start, graph.goal) == ("Napoleon", "Brujon")
    assert graph.solve().weight == 8
    graph.goal = "Valjean"
    assert graph.solve().path == ["Napoleon", "Myriel", "Valjean"]
    graph.start = None
    with pytest.raises(mazegraph.MazeError, match=r"^the graph has no start and goal: give them with start= and goal="):
        graph.solve()
    with pytest.raises(mazegraph.MazeError, match=r'start "Nobody" is not a vertex'):
        graph.start = "Nobody"
    with pytest.raises(mazegraph.MazeError, match=r'target "Nobody" is not a vertex'):
        graph.attractor("Nobody", start="Napoleon")


def test_no_path_is_not_an_error():
    graph = mazegraph.parse_graph("{'a': ['b'], 'c': ['d']}", "adj")
    solution = graph.solve("a", "d")
    assert not solution.solved and solution.path is None and solution.weight is None
    assert "no solution" in repr(solution)


def graph_files():
    """Graphs of each kind: weighted names, a maze's cells, ints, fractional weights."""
    maze = mazegraph.generate("kruskal", (4, 5), seed=3, loops=2)
    yield "lesmis", mazegraph.read_graph(LESMIS)
    yield "cells", mazegraph.Graph.from_maze(maze)
    yield "junctions", mazegraph.Graph.from_maze(maze, junctions=True)
    yield "ints", mazegraph.parse_graph("1 2\n2 3\n3 1\n3 4\n", "edges")
    yield "fractions", mazegraph.parse_graph("a b 0.5\nb c 2.25\n", "edges")


@pytest.mark.parametrize("name,graph", list(graph_files()), ids=[n for n, _ in graph_files()])
@pytest.mark.parametrize("fmt", WRITTEN)
def test_round_trip_through_every_graph_format(tmp_path, name, graph, fmt):
    path = tmp_path / f"g.{fmt}"
    graph.write(path)
    back = mazegraph.read_graph(path)
    assert back == graph, back.difference(graph)
    assert back.nodes == graph.nodes and back.edges == graph.edges
    also = mazegraph.parse_graph(path.read_bytes(), fmt)
    assert also == graph


def test_write_refuses_maze_formats_and_read_only_ones(tmp_path):
    graph = mazegraph.read_graph(LESMIS)
    with pytest.raises(mazegraph.MazeError, match=r"^txt holds mazes, not graphs: write a graph format \(adj, "):
        graph.write(tmp_path / "g.txt")
    with pytest.raises(mazegraph.MazeError, match=r"^tokens \(maze-dataset's\) is read only here"):
        graph.write(tmp_path / "g.tokens")
    assert not list(tmp_path.iterdir())


def test_from_and_to_networkx_keep_weights_and_names():
    nx = pytest.importorskip("networkx")
    G = nx_lesmis()
    graph = mazegraph.Graph.from_networkx(G)
    assert graph == mazegraph.read_graph(LESMIS)
    assert sorted(graph.nodes) == sorted(G.nodes)
    back = graph.to_networkx()
    assert set(back.nodes) == set(G.nodes) and back.number_of_edges() == G.number_of_edges()
    assert all(back.edges[u, v]["weight"] == d["weight"] for u, v, d in G.edges(data=True))
    # Another weight attribute, or none.
    H = nx.Graph()
    H.add_edge("x", "y", cost=2.5, weight=7)
    H.add_edge("y", "z", cost=1, weight=7)
    assert mazegraph.Graph.from_networkx(H, "cost").solve("x", "z").weight == 3.5
    assert mazegraph.Graph.from_networkx(H).solve("x", "z").weight == 14
    plain = mazegraph.Graph.from_networkx(H, None)
    assert not plain.weighted and plain.solve("x", "z").weight == 2
    # Terminals as graph attributes, ints and tuples as nodes.
    H.graph.update(start="x", goal="z")
    assert mazegraph.Graph.from_networkx(H).solve().length == 2
    grid = mazegraph.Graph.from_networkx(nx.grid_2d_graph(3, 4), start=(0, 0), goal=(2, 3))
    assert grid.shape == (3, 4) and grid.solve().length == 5
    assert grid.to_networkx().graph["start"] == (0, 0)
    ints = mazegraph.Graph.from_networkx(nx.path_graph(5), start=0, goal=4)
    assert ints.solve().path == [0, 1, 2, 3, 4]


def test_attractor_of_a_graph():
    nx = pytest.importorskip("networkx")
    graph = mazegraph.read_graph(LESMIS)
    a = graph.attractor("Brujon", start="Napoleon")
    assert isinstance(a, mazegraph.Attractor)
    assert a["Brujon"] == 0 and "Napoleon" in a
    assert a["Napoleon"] == graph.solve("Napoleon", "Brujon").length == a.max_rank
    # Every vertex on a lightest path, ranked by the moves left to the target.
    G = nx_lesmis()
    to_goal = nx.single_source_dijkstra_path_length(G, "Brujon")
    from_start = nx.single_source_dijkstra_path_length(G, "Napoleon")
    assert set(a) == {v for v in G if from_start[v] + to_goal[v] == 8}
    assert a.targets == ["Brujon"] and a.strategy["Napoleon"] == "Myriel"
    assert repr(a).endswith("; start Napoleon at rank 4")
    fractions = mazegraph.parse_graph("a b 0.5\nb c 2.25\n", "edges")
    with pytest.raises(mazegraph.MazeError, match=r"whole-number edge weights"):
        fractions.attractor("c", start="a")


def test_one_attractor_type_for_mazes_graphs_and_games(tmp_path):
    maze = mazegraph.parse("#.###\n#...#\n#.#.#\n#...#\n###.#\n", "txt")
    a = maze.attractor()
    assert type(a) is mazegraph.Attractor
    # The mapping the dict offered: cells to ranks.
    assert a[maze.goal] == 0 and a[maze.start] == maze.solve().length == a.max_rank
    assert len(a) == 10 and set(a) == set(a.keys()) == set(a.rank)
    assert a == dict(a) == dict(a.items()) and sorted(a.values()) == sorted(a.rank.values())
    assert a.get((0, 0)) is None and a.get((0, 0), -1) == -1 and (0, 0) not in a
    with pytest.raises(KeyError):
        a[(0, 0)]
    assert a.vertices[0] == maze.goal and a.targets == [maze.goal]
    assert repr(a).startswith("attractor of player 0: 10 of 10 vertices")
    game_file = tmp_path / "g.pg"
    game_file.write_text("parity 2;\n0 1 0 1;\n1 2 1 2;\n2 0 0 0;\n")
    g = mazegraph.read_game(game_file).attractor(0, target=[0])
    assert type(g) is mazegraph.Attractor and g[0] == 0 and dict(g) == g.rank


def test_to_maze_where_a_grid_can_draw_the_graph():
    maze = mazegraph.generate("kruskal", (4, 5), seed=3)
    assert mazegraph.Graph.from_maze(maze).to_maze() == maze
    junctions = mazegraph.Graph.from_maze(maze, junctions=True)
    assert junctions.weighted and junctions.to_maze() == maze
    row = mazegraph.parse_graph("{'a': ['b'], 'b': ['c']}", "adj").to_maze("row")
    assert row.stats()["path_cells"] == 3 and len(row.portals) == 2
    with pytest.raises(mazegraph.MazeError, match=r"cannot keep its edge weights .*; the Graph keeps them"):
        mazegraph.read_graph(LESMIS).to_maze()
    with pytest.raises(mazegraph.MazeError, match=r'^layout "spiral": expected auto, coordinates, rooms or row$'):
        junctions.to_maze("spiral")


def test_read_graph_of_a_maze_file_is_its_cell_graph():
    maze = mazegraph.read(DATA / "seed.txt")
    graph = mazegraph.read_graph(DATA / "seed.txt")
    assert graph == mazegraph.Graph.from_maze(maze)
    assert (graph.start, graph.goal) == (maze.start, maze.goal)


def test_accessors_and_repr():
    graph = mazegraph.parse_graph("{'a': {'b': 2}, 'b': {'c': 1.5}}", "adj", start="a")
    assert graph.nodes == ["a", "b", "c"] and len(graph) == 3 and "b" in graph and "z" not in graph
    assert graph.edges == [("a", "b", 2), ("b", "c", 1.5)]
    assert graph.weight("b", "a") == 2 and graph.neighbors("b") == ["a", "c"]
    assert repr(graph) == "Graph(3 vertices, 2 edges, weighted, start='a', goal=None)"
    with pytest.raises(mazegraph.MazeError, match=r"^no edge between 'a' and 'c'$"):
        graph.weight("a", "c")
    with pytest.raises(mazegraph.MazeError, match=r"^'z' is not a vertex of the graph$"):
        graph.neighbors("z")


def test_a_graph_is_shared_between_threads():
    import threading

    graph = mazegraph.read_graph(LESMIS, start="Napoleon", goal="Brujon")
    weights, errors = [], []

    def work():
        try:
            for _ in range(20):
                weights.append(graph.solve().weight)
                graph.goal = "Brujon"
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not errors and weights == [8] * 80


def test_from_networkx_of_a_closed_maze_says_how_to_give_terminals():
    nx = pytest.importorskip("networkx")
    grid = nx.grid_2d_graph(4, 4)
    rng = random.Random(1)
    for u, v in grid.edges:
        grid.edges[u, v]["w"] = rng.random()
    tree = nx.minimum_spanning_tree(grid, weight="w")
    maze = mazegraph.from_networkx(tree)
    with pytest.raises(mazegraph.MazeError) as e:
        maze.solve()
    message = str(e.value)
    assert message.startswith("the maze needs a start and a goal: it has 0 openings on its border")
    assert "maze.start = " in message and 'G.graph["start"]' in message and 'G.graph["goal"]' in message
    tree.graph.update(start=(0, 0), goal=(3, 3))
    assert mazegraph.from_networkx(tree).solve().solved
    maze.start, maze.goal = "room:0,0", "room:3,3"
    assert maze.solve().solved
    # A maze read from a file is told the same, without networkx.
    closed = mazegraph.parse("###\n#.#\n###\n", "txt")
    with pytest.raises(mazegraph.MazeError, match=r"set them with maze\.start = ") as e:
        closed.attractor()
    assert "networkx" not in str(e.value)


#: Calls whose messages, in the library, name the command line's flags.
FLAGGED = [
    lambda d: mazegraph.generate("kruskal", (1000, 1000), max_cells=1000),
    lambda d: mazegraph.generate("kruskal", (100000, 100000), max_cells=1 << 40, max_memory=1 << 20),
    lambda d: mazegraph.read(d / "maze.xyz"),
    lambda d: mazegraph.read_graph(d / "maze.xyz"),
    lambda d: mazegraph.read(DATA / "perfect15x20.png", max_cells=100),
    lambda d: mazegraph.read(DATA / "seed.adj", max_memory=100),
    lambda d: mazegraph.read(DATA / "cube.json").solve("wall-follower"),
    lambda d: mazegraph.parse("###\n#.#\n###\n", "txt").solve(),
    lambda d: mazegraph.parse_graph("{'a': ['b']}", "adj").to_maze("coordinates"),
    lambda d: mazegraph.generate("kruskal", (3, 3), seed=1).solve().write(d / "s.xyz"),
    lambda d: mazegraph.generate("kruskal", (20, 20), seed=1, max_cells=10000).solve().write(d / "s.png", scale=16),
    lambda d: mazegraph.parse('{"vertices": []}', "json"),
]


@pytest.mark.parametrize("call", FLAGGED, ids=range(len(FLAGGED)))
def test_no_message_names_a_command_line_flag(tmp_path, call):
    with pytest.raises(mazegraph.MazeError) as e:
        call(tmp_path)
    message = str(e.value)
    assert not re.search(r"--[a-z]", message), message


def test_the_translation_of_flags():
    from mazegraph import _native

    line = _native._pythonic
    assert line("x (raise it with --max-cells)") == "x (raise it with max_cells=)"
    assert line("(raise it with --max-memory)") == "(raise it with max_memory=)"
    assert line("give --start and --goal: a cell") == "give start= and goal=: a cell"
    assert line("or name it with --from/--to)") == "or name it with format=)"
    assert line("(give --cells PITCH[,WALL], or --cells pixel)") == '(give cells="PITCH[,WALL]", or cells="pixel")'
    assert line("(try --method dead-end or bfs)") == '(try method="dead-end" or bfs)'
    assert line("without --junctions)") == "without junctions=True)"
    # Not flags of mazegraph's: a DOT edge, another program's flag.
    assert line("a -- b; Oink's --dot; --max-cellsx") == "a -- b; Oink's --dot; --max-cellsx"


def test_errors_match_the_clis_in_the_packages_words():
    message = None
    try:
        mazegraph.read(DATA / "perfect15x20.png", max_cells=100)
    except mazegraph.MazeError as e:
        message = str(e)
    assert message.endswith("(raise it with max_cells=)")
    line = cli_error("solve", DATA / "perfect15x20.png", "--max-cells", "100")
    if line is not None:
        assert message == line


def test_from_networkx_of_a_graphml_file_reads_its_tuple_names_as_cells(tmp_path):
    # networkx writes tuple nodes to GraphML as text ("(0, 1)") and reads them back as str:
    # from_networkx places them as the cells they name, as mazegraph.read does with the file.
    nx = pytest.importorskip("networkx")
    maze = mazegraph.read(DATA / "perfect15x20.png")
    path = tmp_path / "m.graphml"
    G = maze.to_networkx()
    G.graph.clear()  # GraphML holds no tuple attributes
    nx.write_graphml(G, path)
    loaded = nx.read_graphml(path)
    assert all(isinstance(n, str) for n in loaded.nodes)
    again = mazegraph.from_networkx(loaded)
    assert again.shape == mazegraph.read(path).shape
    assert again.to_networkx().number_of_edges() == maze.to_networkx().number_of_edges()
