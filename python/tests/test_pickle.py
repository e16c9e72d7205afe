"""Pickling (issue 35): mazes, graphs, games and what is computed on them go through pickle
and copy.deepcopy (as Dask and Ray ship them) and come back equal: the same graph, the same
terminals, the same portals, the same weights and names."""

import copy
import pickle

import pytest

import mazegraph
from conftest import DATA

GAME_TEXT = "parity 3;\nstart 3;\n0 1 0 1,2 \"a\";\n1 2 1 2;\n2 0 0 0,1;\n3 3 1 3 \"d\";\n"


def round_trips(obj):
    """obj through pickle (every protocol) and copy.deepcopy."""
    out = [pickle.loads(pickle.dumps(obj, protocol=p)) for p in range(2, pickle.HIGHEST_PROTOCOL + 1)]
    return out + [copy.deepcopy(obj), copy.copy(obj)]


def same_maze(a, b):
    assert type(b) is mazegraph.Maze
    assert a == b and a.difference(b) is None
    assert (a.shape, a.start, a.goal, a.portals) == (b.shape, b.start, b.goal, b.portals)
    assert str(a) == str(b)
    assert (a.seed, a.picture) == (b.seed, b.picture)


@pytest.mark.parametrize("name", ["portals.txt", "cube.json", "seed.txt", "seed.adj", "perfect15x20.png"])
def test_a_maze_comes_back_equal(name):
    maze = mazegraph.read(DATA / name)
    for back in round_trips(maze):
        same_maze(maze, back)
        assert back.solve().path == maze.solve().path


def test_explicit_terminals_seed_and_limits_come_back(tmp_path):
    maze = mazegraph.generate("kruskal", (5, 6), seed=11, loops=3, max_cells=10_000)
    maze.start = (1, 1)
    maze.goal = "room:4,5"
    for back in round_trips(maze):
        same_maze(maze, back)
        assert back.seed == 11 and back.start == (1, 1) and back.goal == (9, 11)
        # The limits came along: the copy refuses the picture the maze refuses.
        with pytest.raises(mazegraph.MazeError, match=r"more than the limit of 10000 \(lower scale="):
            back.solve().write(tmp_path / "s.png", scale=100)
    # The default terminals (openings) stay defaults: clearing the start on the copy gives
    # the first opening, as on the maze.
    plain = mazegraph.generate("kruskal", (3, 3), seed=2)
    back = pickle.loads(pickle.dumps(plain))
    assert back.start == plain.start and back.goal == plain.goal


def test_a_copy_is_its_own_maze():
    maze = mazegraph.generate("kruskal", (4, 4), seed=3)
    back = copy.deepcopy(maze)
    back.start = (1, 1)
    assert maze.start != (1, 1)


def test_a_solution_comes_back_with_its_maze():
    maze = mazegraph.read(DATA / "portals.txt")
    plain = mazegraph.generate("kruskal", (6, 7), seed=5, loops=4)
    cases = [(maze, "dead-end"), (maze, "bfs"), (maze, "tremaux"), (plain, "wall-follower-left"), (plain, "astar")]
    for maze, method in cases:
        s = maze.solve(method)
        for back in round_trips(s):
            assert type(back) is mazegraph.Solution
            assert (back.method, back.path, back.length, back.kept, back.visited, back.start, back.goal) == (
                s.method, s.path, s.length, s.kept, s.visited, s.start, s.goal)
            same_maze(maze, back.maze)
            assert repr(back) == repr(s)
    # One maze pickled once with its solutions (pickle's memo keeps the sharing).
    s = maze.solve()
    a, b = pickle.loads(pickle.dumps([s, s.maze]))
    assert a.maze is b


def test_a_graph_comes_back_equal():
    graphs = [
        mazegraph.parse_graph("{'a': {'b': 2.5}, 'b': {'c': 1}, 7: {'a': 3}, (0, 1): {7: 1e-3}}", "adj"),
        mazegraph.read_graph(DATA / "seed.adj"),
        mazegraph.read_graph(DATA / "cube.json"),
        mazegraph.parse_graph("{'a': {'b': 1}, 'b': {'a': 1}, '(0, 0)': {'a': 1}, '3': {'a': 1}}", "adj"),
    ]
    graphs[0].start, graphs[0].goal = "a", (0, 1)
    for g in graphs:
        for back in round_trips(g):
            assert type(back) is mazegraph.Graph
            assert back == g and g.difference(back) is None
            assert (back.nodes, back.edges, back.start, back.goal, back.weighted, back.shape) == (
                g.nodes, g.edges, g.start, g.goal, g.weighted, g.shape)


def test_a_graph_solution_comes_back():
    g = mazegraph.parse_graph("{'a': {'b': 2.5}, 'b': {'c': 1}, 7: {'a': 3}, (0, 1): {7: 1e-3}}", "adj")
    for s in [g.solve("a", (0, 1)), g.solve("c", 7)]:
        for back in round_trips(s):
            assert type(back) is mazegraph.GraphSolution
            assert (back.path, back.weight, back.length, back.visited, back.start, back.goal) == (
                s.path, s.weight, s.length, s.visited, s.start, s.goal)
            assert repr(back) == repr(s)


def test_a_game_and_its_solution_come_back(tmp_path):
    path = tmp_path / "g.pg"
    path.write_text(GAME_TEXT)
    for game in [mazegraph.read_game(path), mazegraph.read_game(DATA / "game.pg")]:
        n = len(game)
        for back in round_trips(game):
            assert type(back) is mazegraph.Game
            assert (back.vertex_count, back.edge_count, back.start, repr(back)) == (
                game.vertex_count, game.edge_count, game.start, repr(game))
            for v in range(n):
                assert (back.owner(v), back.priority(v), back.name(v), back.successors(v)) == (
                    game.owner(v), game.priority(v), game.name(v), game.successors(v))
            assert back.solve().winners == game.solve().winners
        s = game.solve()
        for back in round_trips(s):
            assert type(back) is mazegraph.GameSolution
            assert (back.winners, back.strategy, back.regions, repr(back)) == (
                s.winners, s.strategy, s.regions, repr(s))


def test_an_attractor_comes_back(tmp_path):
    """Computed again from what it was computed on (a maze, a graph, a game): the same ranks,
    strategy and summary."""
    path = tmp_path / "g.pg"
    path.write_text(GAME_TEXT)
    game = mazegraph.read_game(DATA / "game.pg")
    graph = mazegraph.parse_graph("{'a': {'b': 2}, 'b': {'c': 1}, 'c': {'d': 1}, 'a2': {'c': 3}}", "adj")
    attractors = [
        mazegraph.read(DATA / "portals.txt").attractor(),
        mazegraph.generate("kruskal", (5, 5), seed=4, loops=3).attractor(),
        graph.attractor("d", start="a"),
        game.attractor(1, target=[0, 3]),
        game.attractor(0, priority=[5, 6]),
        mazegraph.read_game(path).attractor(0, target="d"),
    ]
    for a in attractors:
        for back in round_trips(a):
            assert type(back) is mazegraph.Attractor
            assert back == a
            assert (back.player, back.targets, back.vertices, back.rank, back.strategy, back.max_rank, repr(back)) == (
                a.player, a.targets, a.vertices, a.rank, a.strategy, a.max_rank, repr(a))


def test_a_pursuit_comes_back():
    """Solved again from its maze, rules and start: the same winner, moves and play."""
    ring = mazegraph.parse("#####\n#...#\n#.#.#\n#...#\n##.##\n", "txt")
    for p in [mazegraph.pursuit(ring, wolf=(3, 3), sheep=(4, 2)),
              mazegraph.pursuit(ring, wolf=(1, 1), sheep=(3, 3), first="sheep", passes="none")]:
        for back in round_trips(p):
            assert type(back) is mazegraph.Pursuit
            assert (back.winner, back.moves, back.start, back.positions, back.wolf_wins_count, repr(back)) == (
                p.winner, p.moves, p.start, p.positions, p.wolf_wins_count, repr(p))
            assert back.play() == p.play() and back.fate() == p.fate()
