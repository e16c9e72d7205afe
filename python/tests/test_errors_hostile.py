"""Hostile arguments: every entry point, every bad class of value. Each call raises a
MazeError (a ValueError), or a MazeTypeError (a MazeError and a TypeError) for a value of the
wrong type; never OverflowError, AttributeError, RuntimeError or PanicException."""

import math

import pytest

import mazegraph
from conftest import DATA

MAZE = mazegraph.generate("kruskal", (4, 5), seed=1)
SOLUTION = MAZE.solve()
GRAPH = mazegraph.parse_graph("{'a': {'b': 2}, 'b': {'c': 1}}", "adj")
GAME_TEXT = "parity 2;\n0 1 0 1;\n1 2 1 2;\n2 0 0 0;\n"


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    path = tmp_path_factory.mktemp("game") / "g.pg"
    path.write_text(GAME_TEXT)
    return mazegraph.read_game(path)


#: Bad values of each class: (name, value, whether the class is a wrong type).
HUGE = 10**30
INTS = [("negative", -1, False), ("huge", HUGE, False), ("minus huge", -HUGE, False),
        ("float", 1.5, True), ("nan", math.nan, True), ("inf", math.inf, True),
        ("str", "3", True), ("list", [1], True)]
STRS = [("int", 3, True), ("bytes", b"x", True), ("unknown", "no-such-name", False),
        ("empty", "", False), ("nul", "a\0b", False)]
BOOLS = [("str", "yes", True), ("list", [], True)]
PATHS = [("int", 3, True), ("list", [], True), ("missing", "/nonexistent/m.txt", False)]
TERMINALS = [("huge", (HUGE, 0), False), ("negative", (-1, -1), False), ("float", (1.5, 0), False),
             ("words", "nowhere", False), ("dict", {}, False)]
SIZES = [("negative", (-1, 3), False), ("huge", (HUGE, 3), False), ("zero", (0, 3), False),
         ("float", (1.5, 3), False), ("nan", math.nan, True), ("str", "3y4", False),
         ("giant", (10**6, 10**6), False), ("no axes", (), False)]
VERTICES = [("unknown", "nowhere", False), ("huge", HUGE, False), ("float", 1.5, True),
            ("list", [1], True), ("dict", {}, True), ("tuple", (99, 99), False)]


def cases():
    """(id, call taking a bad value and the game, values) for every argument."""
    out = []

    def add(name, call, values):
        for what, value, wrong in values:
            out.append(pytest.param(call, value, wrong, id=f"{name}-{what}"))

    path = DATA / "seed.txt"
    for kw in ["max_cells", "max_memory"]:
        add(f"read.{kw}", lambda v, g, kw=kw: mazegraph.read(path, **{kw: v}), INTS)
        add(f"parse.{kw}", lambda v, g, kw=kw: mazegraph.parse("#.#\n#.#\n", "txt", **{kw: v}), INTS)
        add(f"generate.{kw}", lambda v, g, kw=kw: mazegraph.generate("kruskal", (3, 3), **{kw: v}), INTS)
        add(f"read_game.{kw}", lambda v, g, kw=kw: mazegraph.read_game(DATA / "nope.pg", **{kw: v}), INTS)
        add(f"from_numpy.{kw}", lambda v, g, kw=kw: mazegraph.from_numpy([[0, 1], [1, 1]], **{kw: v}), INTS)
    add("read.path", lambda v, g: mazegraph.read(v), PATHS)
    add("read.format", lambda v, g: mazegraph.read(path, format=v), STRS)
    add("read.cells", lambda v, g: mazegraph.read(path, cells=v), STRS)
    add("read.doubtful", lambda v, g: mazegraph.read(path, doubtful=v), STRS)
    add("read.region", lambda v, g: mazegraph.read(path, region=v),
        [("int", 3, True), ("bytes", b"x", True), ("words", "left half", False), ("empty", "", False),
         ("three", (0, 0, 5), False), ("negative", (-1, 0, 5, 5), False), ("huge", (HUGE, 0, 5, 5), False),
         ("zero", (0, 0, 0, 5), False), ("float", (0.5, 0, 5, 5), False)])
    add("read.marks", lambda v, g: mazegraph.read(path, marks=v), BOOLS)
    add("read.start", lambda v, g: mazegraph.read(path, start=v), TERMINALS)
    add("parse.data", lambda v, g: mazegraph.parse(v, "txt"), [("int", 3, True), ("none", None, True)])
    add("parse.format", lambda v, g: mazegraph.parse("#.#\n", v), STRS)
    add("generate.algorithm", lambda v, g: mazegraph.generate(v, (3, 3)), STRS)
    add("generate.size", lambda v, g: mazegraph.generate("kruskal", v), SIZES)
    add("generate.seed", lambda v, g: mazegraph.generate("kruskal", (3, 3), seed=v), INTS)
    add("generate.loops", lambda v, g: mazegraph.generate("kruskal", (3, 3), loops=v), INTS)
    add("generate.braid", lambda v, g: mazegraph.generate("kruskal", (3, 3), braid=v), BOOLS)
    add("generate.pick", lambda v, g: mazegraph.generate("growing-tree", (3, 3), pick=v), STRS)
    add("generate.shape", lambda v, g: mazegraph.generate("kruskal", (3, 3), shape=v), STRS)
    add("read_game.path", lambda v, g: mazegraph.read_game(v), PATHS)
    add("read_game.format", lambda v, g: mazegraph.read_game("g.pg", format=v), STRS)
    add("Maze.start", lambda v, g: setattr(mazegraph.generate("kruskal", (3, 3), seed=1), "start", v), TERMINALS)
    add("Maze.goal", lambda v, g: setattr(mazegraph.generate("kruskal", (3, 3), seed=1), "goal", v), TERMINALS)
    add("Maze.solve.method", lambda v, g: MAZE.solve(v), STRS)
    add("Maze.solve.max_memory", lambda v, g: MAZE.solve(max_memory=v), INTS)
    add("Maze.stats.max_memory", lambda v, g: MAZE.stats(max_memory=v), INTS)
    add("Maze.attractor.max_memory", lambda v, g: MAZE.attractor(max_memory=v), INTS)
    add("Maze.to_networkx.max_memory", lambda v, g: MAZE.to_networkx(max_memory=v), INTS)
    add("Maze.to_networkx.junctions", lambda v, g: MAZE.to_networkx(junctions=v), BOOLS)
    add("Maze.write.path", lambda v, g: MAZE.write(v), PATHS)
    add("Maze.write.format", lambda v, g: MAZE.write("/nonexistent/m", format=v), STRS)
    add("Maze.svg.scale", lambda v, g: MAZE.svg(scale=v), INTS)
    add("Maze.png.scale", lambda v, g: MAZE.png(scale=v), INTS)
    add("Maze.png.solution", lambda v, g: MAZE.png(v), [("int", 3, True), ("maze", MAZE, True)])
    add("Maze.difference", lambda v, g: MAZE.difference(v), [("int", 3, True), ("none", None, True)])
    add("Maze.from_numpy.array", lambda v, g: mazegraph.from_numpy(v),
        [("str", "abc", False), ("object", object(), False), ("ragged", [[1], [1, 2]], False),
         ("0-d", 1, False), ("empty", [[]], False)])
    add("Maze.from_networkx.graph", lambda v, g: mazegraph.from_networkx(v),
        [("int", 3, True), ("list", [1, 2], True), ("none", None, True), ("dict", {}, True)])
    add("Solution.write.scale", lambda v, g: SOLUTION.write("/nonexistent/s.png", scale=v), INTS)
    add("Solution.write.legend", lambda v, g: SOLUTION.write("/nonexistent/s.png", legend=v), BOOLS)
    add("Solution.write.path", lambda v, g: SOLUTION.write(v), PATHS)
    for method in ["owner", "priority", "name", "successors"]:
        add(f"Game.{method}", lambda v, g, m=method: getattr(g, m)(v), INTS)
    add("Game.find", lambda v, g: g.find(v), STRS)
    add("Game.attractor.player", lambda v, g: g.attractor(v, target=[0]), INTS)
    add("Game.attractor.target", lambda v, g: g.attractor(0, target=v),
        [("huge", HUGE, False), ("negative", -1, False), ("float", 1.5, False), ("unknown", "zz", False)])
    add("Game.attractor.priority", lambda v, g: g.attractor(0, priority=v),
        [c for c in INTS if c[0] != "list"] + [("list", [HUGE], False), ("absent", 7, False)])
    add("Game.solve.objective", lambda v, g: g.solve(v), STRS)
    add("Game.solve.player", lambda v, g: g.solve("reach", v, target=[0]), INTS)
    add("Game.solve.method", lambda v, g: g.solve(method=v), STRS)
    add("GameSolution.winner", lambda v, g: g.solve().winner(v), INTS)
    add("GameSolution.region", lambda v, g: g.solve().region(v), INTS)
    for kw in ["max_cells", "max_memory"]:
        add(f"read_graph.{kw}", lambda v, g, kw=kw: mazegraph.read_graph(DATA / "seed.adj", **{kw: v}), INTS)
    add("read_graph.path", lambda v, g: mazegraph.read_graph(v), PATHS)
    add("read_graph.format", lambda v, g: mazegraph.read_graph(DATA / "seed.adj", format=v), STRS)
    add("read_graph.start", lambda v, g: mazegraph.read_graph(DATA / "seed.adj", start=v), VERTICES)
    add("parse_graph.data", lambda v, g: mazegraph.parse_graph(v, "adj"), [("int", 3, True), ("none", None, True)])
    add("parse_graph.format", lambda v, g: mazegraph.parse_graph("{}", v), STRS)
    add("Graph.from_networkx.graph", lambda v, g: mazegraph.Graph.from_networkx(v),
        [("int", 3, True), ("list", [1, 2], True), ("none", None, True), ("dict", {}, True)])
    add("Graph.from_maze", lambda v, g: mazegraph.Graph.from_maze(v), [("int", 3, True), ("graph", GRAPH, True)])
    add("Graph.solve.start", lambda v, g: GRAPH.solve(v, "c"), VERTICES)
    add("Graph.solve.goal", lambda v, g: GRAPH.solve("a", v), VERTICES)
    add("Graph.solve.max_memory", lambda v, g: GRAPH.solve("a", "c", max_memory=v), INTS)
    add("Graph.attractor.target", lambda v, g: GRAPH.attractor(v, start="a"), VERTICES)
    add("Graph.start", lambda v, g: setattr(GRAPH, "start", v), VERTICES)
    add("Graph.weight", lambda v, g: GRAPH.weight("a", v), VERTICES)
    add("Graph.neighbors", lambda v, g: GRAPH.neighbors(v), VERTICES)
    add("Graph.to_maze.layout", lambda v, g: GRAPH.to_maze(v), STRS)
    add("Graph.write.path", lambda v, g: GRAPH.write(v), PATHS)
    add("Graph.write.format", lambda v, g: GRAPH.write("/nonexistent/g", format=v), STRS)
    add("Graph.difference", lambda v, g: GRAPH.difference(v), [("int", 3, True), ("maze", MAZE, True)])
    return out


@pytest.mark.parametrize("call,value,wrong_type", cases())
def test_hostile_arguments_raise_maze_errors(game, call, value, wrong_type):
    try:
        call(value, game)
    except mazegraph.MazeError as e:
        assert "internal error" not in str(e), str(e)
        assert isinstance(e, ValueError)
        if wrong_type:
            assert isinstance(e, mazegraph.MazeTypeError) and isinstance(e, TypeError), repr(e)
    except BaseException as e:  # OverflowError, AttributeError, PanicException, …
        pytest.fail(f"{type(e).__name__}: {e}")
    else:
        # A few values are good after all (an empty path list is not; "3" is no int).
        pytest.fail(f"{value!r} was accepted")


def test_maze_type_error_is_both():
    assert issubclass(mazegraph.MazeTypeError, mazegraph.MazeError)
    assert issubclass(mazegraph.MazeTypeError, TypeError)
    assert issubclass(mazegraph.MazeError, ValueError)


def test_attractor_membership_of_any_value(game):
    a = game.attractor(0, target=[0])
    assert 0 in a
    assert HUGE not in a and -1 not in a and "x" not in a and 1.5 not in a
