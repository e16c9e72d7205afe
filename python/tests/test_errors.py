"""Bad input gives MazeError with the command line's message, never a panic or a crash."""

import random

import pytest

import mazegraph
from conftest import DATA, MAZES, cli_error

PNG = DATA / "perfect15x20.png"


def bad_files(tmp):
    """(name, contents) of broken inputs."""
    png = PNG.read_bytes()
    return {
        "bad.txt": b"#.#\n#x#\n",
        "bad.adj": b"{(0, 1): [(1, 1)],\n (1, 1): [(0, 1)\n",
        "bad.json": b'{"shape": [3, 3], "cells": ["#.#", "#.#"]}',
        "truncated.png": png[: len(png) // 2],
        "bad.graph.json": b'{"nodes": [{"id": 1}], "links": [{"source": 1, "target": 2}]}',
        "bad.graphml": b"<graphml><graph><node id='a'/><edge source='a' target='b'/></graph></graphml>",
        "bad.gml": b"graph [ node [ id 1 ] edge [ source 1 target 9 ] ]",
        "bad.dot": b"graph { a -- }",
        "bad.edges": b"a b c d e\n",
    }


@pytest.mark.parametrize("name", list(bad_files(None)))
def test_bad_files_raise_the_clis_message(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(bad_files(tmp_path)[name])
    with pytest.raises(mazegraph.MazeError) as e:
        mazegraph.read(path)
    message = str(e.value)
    assert message.startswith(f"{path}:") and "\n" not in message
    expected = cli_error("solve", path)
    if expected is not None:
        assert message == expected


CASES = [
    ("a missing file", lambda d: mazegraph.read(d / "nope.txt"), ["solve", "{d}/nope.txt"],
     "cannot read {d}/nope.txt: No such file or directory (os error 2)"),
    ("an unknown extension", lambda d: mazegraph.read(d / "maze.xyz"), ["solve", "{d}/maze.xyz"],
     "cannot tell the format of {d}/maze.xyz from its extension"),
    ("too many cells", lambda d: mazegraph.read(PNG, max_cells=100), ["solve", PNG, "--max-cells", "100"],
     f"{PNG}: the input needs 1271 cells, vertices or edges, more than the limit of 100 (raise it with max_cells=)"),
    ("too little memory", lambda d: mazegraph.read(PNG, max_memory=1000), ["solve", PNG, "--max-memory", "1000"],
     f"{PNG}: solving a 31×41 maze needs about 1.2 KiB, more than the memory budget of 1000 B"),
    ("a start on a wall", lambda d: mazegraph.read(PNG, start=(0, 0)), ["solve", PNG, "--start", "0,0"],
     f"{PNG}: "),
    ("a start outside", lambda d: mazegraph.read(PNG, start=(99, 0)), ["solve", PNG, "--start", "99,0"],
     f"{PNG}: invalid maze: start (99, 0) is outside the grid of shape [31, 41]"),
    ("a bad pitch", lambda d: mazegraph.read(PNG, cells="1.5"), ["solve", PNG, "--cells", "1.5"], None),
]


@pytest.mark.parametrize("what,call,args,expected", CASES, ids=[c[0] for c in CASES])
def test_messages_are_the_clis(tmp_path, what, call, args, expected):
    with pytest.raises(mazegraph.MazeError) as e:
        call(tmp_path)
    message = str(e.value)
    if expected is not None:
        assert message.startswith(expected.format(d=tmp_path)), message
    line = cli_error(*[str(a).format(d=tmp_path) for a in args])
    if line is not None and what != "a bad pitch":  # clap words its own argument errors
        assert message == line


def test_unknown_names():
    with pytest.raises(mazegraph.MazeError, match=r'^unknown method "magic" \(known: dead-end, bfs'):
        mazegraph.generate("kruskal", (2, 2), seed=1).solve("magic")
    with pytest.raises(mazegraph.MazeError, match=r'^unknown algorithm "magic" \(known: backtracker'):
        mazegraph.generate("magic", (2, 2))
    with pytest.raises(mazegraph.MazeError, match=r'^unknown format "xyz"'):
        mazegraph.parse("", "xyz")
    with pytest.raises(mazegraph.MazeError, match=r'^"3y4" is not a size like 30x40'):
        mazegraph.generate("kruskal", "3y4")
    with pytest.raises(mazegraph.MazeError, match=r"^size: axis 1 has 0 rooms"):
        mazegraph.generate("kruskal", (3, 0))
    with pytest.raises(mazegraph.MazeError, match=r"^eller makes 2-D mazes only"):
        mazegraph.generate("eller", (3, 3, 3))
    with pytest.raises(mazegraph.MazeError, match=r"^pick applies to growing-tree only"):
        mazegraph.generate("kruskal", (3, 3), pick="newest")
    with pytest.raises(mazegraph.MazeError, match=r"^say how many rooms with size"):
        mazegraph.generate("kruskal")


def test_generate_holds_the_limits():
    with pytest.raises(mazegraph.MazeError, match=r"raise it with max_cells="):
        mazegraph.generate("kruskal", (1000, 1000), max_cells=1000)
    with pytest.raises(mazegraph.MazeError, match=r"raise it with max_memory="):
        mazegraph.generate("kruskal", (100000, 100000), max_cells=1 << 40, max_memory=1 << 20)
    with pytest.raises(mazegraph.MazeError, match=r"^max_memory is a number of bytes"):
        mazegraph.generate("kruskal", (3, 3), max_memory=0)


def test_work_holds_the_memory_budget():
    maze = mazegraph.generate("kruskal", (20, 20), seed=1)
    with pytest.raises(mazegraph.MazeError, match=r"^computing the statistics of a 41×41 maze needs about"):
        maze.stats(max_memory=100)
    with pytest.raises(mazegraph.MazeError, match=r"^solving a 41×41 maze needs about"):
        maze.solve(max_memory=100)
    assert maze.solve().solved  # the maze's own budget is untouched


def test_a_panic_in_rust_is_a_maze_error():
    """The guard around every long call: pyo3 would raise PanicException (a BaseException that
    pytest.raises(MazeError) does not catch)."""
    from mazegraph import _native

    with pytest.raises(mazegraph.MazeError, match=r"^internal error: boom \(a bug in mazegraph: please report it\)$"):
        _native._panic("boom")


@pytest.mark.parametrize(
    "call,args,expected",
    [
        (lambda: mazegraph.read("/dev/zero", format="txt"), ["solve", "/dev/zero", "--from", "txt"],
         "/dev/zero:1: unexpected character '\\0' at column 1"),
        (lambda: mazegraph.read("/dev/zero", format="png"), ["solve", "/dev/zero", "--from", "png"],
         "/dev/zero: png: not a PNG file (no PNG signature)"),
        (lambda: mazegraph.read_game("/dev/zero", format="pg"), ["solve-game", "/dev/zero", "--from", "pg"],
         "/dev/zero:1: expected a vertex id, found byte 0x00"),
    ],
)
def test_a_device_that_never_ends_is_refused(call, args, expected):
    """Read in chunks, stopped by the first: the reader says what is wrong, as in the CLI."""
    with pytest.raises(mazegraph.MazeError) as e:
        call()
    assert str(e.value).startswith(expected), str(e.value)
    line = cli_error(*args)
    if line is not None:
        assert str(e.value) == line


def mangled(data, rng):
    data = bytearray(data)
    for _ in range(rng.randrange(1, 8)):
        op = rng.randrange(3)
        i = rng.randrange(len(data) + 1)
        if op == 0 and data:
            data[min(i, len(data) - 1)] = rng.randrange(256)
        elif op == 1:
            del data[i : i + rng.randrange(1, 16)]
        else:
            data[i:i] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 8)))
    return bytes(data)


SEEDS = {
    "txt": (DATA / "portals.txt").read_bytes(),
    "json": (DATA / "cube.json").read_bytes(),
    "adj": (DATA / "seed.adj").read_bytes(),
    "png": PNG.read_bytes(),
}


@pytest.mark.parametrize("format", list(SEEDS) + ["graph.json", "dot", "graphml", "gml", "edges", "tokens", "bmp", "gif", "jpeg", "webp"])
def test_mangled_input_never_panics(format):
    """Every outcome is a maze or a MazeError: a panic would be PanicException (a
    BaseException, which pytest.raises(MazeError) does not catch)."""
    rng = random.Random(format)
    maze = mazegraph.generate("kruskal", (4, 5), seed=1, loops=2)
    seed = SEEDS.get(format)
    if seed is None:
        import tempfile, pathlib

        with tempfile.TemporaryDirectory() as d:
            if format in ("graph.json", "dot", "graphml", "gml", "edges"):
                path = pathlib.Path(d) / f"m.{format}"
                maze.write(path)
                seed = path.read_bytes()
            else:
                seed = maze.png()
    for _ in range(150):
        data = mangled(seed, rng)
        try:
            got = mazegraph.parse(data, format)
        except mazegraph.MazeError as e:
            assert "internal error" not in str(e), str(e)
            continue
        try:
            got.solve()
            got.stats()
        except mazegraph.MazeError:
            pass


# Issue 35, item 5: the Python points.

RANGE64 = r"\(0 to 2\*\*64-1\)"


@pytest.mark.parametrize(
    "call,message",
    [
        (lambda: mazegraph.generate("kruskal", (3, 3), seed=-1), rf"^seed: -1 is out of range {RANGE64}"),
        (lambda: mazegraph.generate("kruskal", (3, 3), seed=2**64), rf"^seed: 18446744073709551616 is out of range {RANGE64}"),
        (lambda: mazegraph.generate("kruskal", (3, 3), loops=-2), rf"^loops: -2 is out of range {RANGE64}"),
        (lambda: mazegraph.generate("kruskal", (-1, 3)), rf"^size: -1 is out of range {RANGE64}"),
        (lambda: mazegraph.generate("kruskal", (3, 3), max_cells=-1), rf"^max_cells: -1 is out of range {RANGE64}"),
        (lambda: mazegraph.generate("kruskal", (3, 3), max_memory=-1), rf"^max_memory: -1 is out of range {RANGE64}"),
        (lambda: mazegraph.read(DATA / "seed.txt", max_cells=-5), rf"^max_cells: -5 is out of range {RANGE64}"),
        (lambda: mazegraph.read(PNG, region=(-1, 0, 5, 5)), rf"^region: -1 is out of range {RANGE64}"),
        (lambda: mazegraph.parse("#.#\n", "txt", max_memory=-1), rf"^max_memory: -1 is out of range {RANGE64}"),
        (lambda: mazegraph.read_graph(DATA / "seed.adj", max_cells=-1), rf"^max_cells: -1 is out of range {RANGE64}"),
        (lambda: mazegraph.read_game(DATA / "game.pg", max_memory=-1), rf"^max_memory: -1 is out of range {RANGE64}"),
        (lambda: mazegraph.generate("kruskal", (3, 3), seed=1).solve(max_memory=-1), rf"^max_memory: -1 is out of range {RANGE64}"),
        (lambda: mazegraph.generate("kruskal", (3, 3), seed=1).png(scale=0), r"^scale: 0 is out of range \(1 to 65535\)"),
        (lambda: mazegraph.generate("kruskal", (3, 3), seed=1).svg(scale=65536), r"^scale: 65536 is out of range \(1 to 65535\)"),
        (lambda: mazegraph.generate("kruskal", (3, 3), seed=1).solve().write("/nonexistent/s.png", scale=-1), r"^scale: -1 is out of range \(1 to 65535\)"),
        (lambda: mazegraph.read_game(DATA / "game.pg").owner(-1), r"^v: -1 is out of range \(0 to 2\*\*32-1\)"),
        (lambda: mazegraph.read_game(DATA / "game.pg").attractor(0, priority=-1), r"^priority: -1 is out of range \(0 to 2\*\*32-1\)"),
        (lambda: mazegraph.read_game(DATA / "game.pg").attractor(0, priority=[1, 2**40]), r"^priority: 1099511627776 is out of range \(0 to 2\*\*32-1\)"),
        (lambda: mazegraph.read_game(DATA / "game.pg").solve().region(7), r"^player: 7 is out of range \(0 to 1\)"),
        (lambda: mazegraph.pursuit(mazegraph.generate("kruskal", (2, 2), seed=1)).play(max_moves=-1), rf"^max_moves: -1 is out of range {RANGE64}"),
        (lambda: mazegraph.pursuit(mazegraph.generate("kruskal", (2, 2), seed=1)).fate_png(scale=0), r"^scale: 0 is out of range \(1 to 65535\)"),
    ],
)
def test_an_int_out_of_range_names_its_keyword_and_the_range(call, message):
    with pytest.raises(mazegraph.MazeError, match=message) as e:
        call()
    assert not isinstance(e.value, TypeError)
    # One line (Python notes "while processing 'seed'" apart, in __notes__).
    assert "\n" not in str(e.value), str(e.value)


def test_an_int_of_the_wrong_type_names_its_keyword():
    with pytest.raises(mazegraph.MazeTypeError, match=r"^seed: "):
        mazegraph.generate("kruskal", (3, 3), seed="7")
    with pytest.raises(mazegraph.MazeTypeError, match=r"^scale: "):
        mazegraph.generate("kruskal", (3, 3), seed=1).png(scale=2.5)


def test_scale_is_the_clis_range():
    """1 to 65535, as --scale: 1000 is drawn at 1000 (it was taken as 64), or refused by the
    picture's own limit, never changed."""
    maze = mazegraph.generate("kruskal", (1, 1), seed=1)  # 3×3 cells
    import struct

    def size(png):
        return struct.unpack(">II", png[16:24])

    assert size(maze.png(scale=1)) == (3, 3)
    assert size(maze.png(scale=1000)) == (3000, 3000)
    with pytest.raises(mazegraph.MazeError, match=r"too large"):
        maze.png(scale=65535)
    line = cli_error("render", DATA / "seed.txt", "--scale", "0", "-o", "/nonexistent/x.png")
    if line is not None:
        assert "1..=65535" in line


def test_deleting_a_terminal_is_setting_it_to_none():
    maze = mazegraph.generate("kruskal", (3, 3), seed=1)
    default = (maze.start, maze.goal)
    maze.start, maze.goal = (1, 1), (5, 5)
    del maze.start
    assert (maze.start, maze.goal) == (default[0], (5, 5))
    del maze.goal
    assert (maze.start, maze.goal) == default
    del maze.start  # nothing to clear: still no error
    graph = mazegraph.parse_graph("{'a': {'b': 1}, 'b': {'a': 1}}", "adj", start="a", goal="b")
    del graph.start
    del graph.goal
    assert (graph.start, graph.goal) == (None, None)


def test_a_start_without_a_goal_is_said():
    """A text maze with S and no goal (G or E) says so, not "no explicit terminals"; in the
    CLI's words, with the package's advice."""
    maze = mazegraph.parse("#####\n#S..#\n#####\n", "txt")
    with pytest.raises(mazegraph.MazeError) as e:
        maze.solve()
    assert str(e.value).startswith(
        "the maze needs a start and a goal: it has a start (S in a text maze), at (1, 1), but no goal "
        "(G or E in a text maze), and no opening on its border to take the goal from; set them with maze.start"
    ), str(e.value)


def test_a_start_without_a_goal_in_the_clis_words(tmp_path):
    path = tmp_path / "s.txt"
    path.write_text("#####\n#S..#\n#####\n")
    line = cli_error("solve", path)
    if line is not None:
        assert "it has a start (S in a text maze), at (1, 1), but no goal (G or E in a text maze)" in line
        assert "no explicit terminals" not in line


@pytest.mark.parametrize(
    "where,value,shown",
    [((1, 2), float("nan"), "NaN"), ((2, 0), float("inf"), "inf"), ((0, 3), float("-inf"), "-inf")],
)
def test_from_numpy_refuses_nan_and_inf_by_position(where, value, shown):
    np = pytest.importorskip("numpy")
    a = np.ones((3, 4))
    a[where] = value
    with pytest.raises(mazegraph.MazeError, match=rf"^from_numpy: the array has {shown} at \({where[0]}, {where[1]}\): a cell is path"):
        mazegraph.from_numpy(a)


def test_from_numpy_finds_the_first_nan_of_a_large_array():
    np = pytest.importorskip("numpy")
    a = np.ones((1100, 1000), dtype=np.float32)  # read in chunks of 2**20 cells
    a[1050, 999] = np.nan
    a[1090, 3] = np.inf
    with pytest.raises(mazegraph.MazeError, match=r"^from_numpy: the array has NaN at \(1050, 999\)"):
        mazegraph.from_numpy(a)
    a[1050, 999] = 0
    assert mazegraph.from_numpy(a == 1).shape == (1100, 1000)


def test_pursuit_advises_only_its_keywords():
    """A maze too large for the arena: the message advises no max_cells= (pursuit takes
    max_memory= only, and the arena's size is the game's own limit, which no keyword raises)."""
    maze = mazegraph.generate("kruskal", (180, 180), seed=1, loops=0)
    with pytest.raises(mazegraph.MazeError) as e:
        mazegraph.pursuit(maze)
    assert "max_cells" not in str(e.value), str(e.value)
    assert str(e.value).startswith("the arena of a wolf and a sheep in a maze of "), str(e.value)
    with pytest.raises(mazegraph.MazeError, match=r"raise it with max_memory=\)$"):
        mazegraph.pursuit(mazegraph.generate("kruskal", (10, 10), seed=1), max_memory=1000)


@pytest.mark.parametrize(
    "cls", ["Maze", "Solution", "Graph", "GraphSolution", "Game", "GameSolution", "Attractor", "Pursuit"]
)
def test_a_class_called_says_how_its_objects_are_made(cls):
    """A MazeTypeError (still a TypeError), not Python's bare "cannot create instances"."""
    with pytest.raises(mazegraph.MazeTypeError, match=rf"is made by .*, not by {cls}\(\)$"):
        getattr(mazegraph, cls)()
    with pytest.raises(mazegraph.MazeTypeError):
        getattr(mazegraph, cls)(1, x=2)


def test_graph_to_maze_advises_where_max_cells_is_given():
    """to_maze takes no max_cells=: the graph's own limit is given where it is made."""
    text = "{" + ", ".join(f"'v{i}': ['v{i + 1}']" for i in range(40)) + "}"
    graph = mazegraph.parse_graph(text, "adj", max_cells=100)
    with pytest.raises(mazegraph.MazeError, match=r"more than the limit of 100 \(raise it with max_cells= where the graph is made: read_graph, parse_graph or Graph\.from_networkx\)$"):
        graph.to_maze()


def test_pictures_are_held_to_the_mazes_cell_limit(tmp_path):
    """As --max-cells holds the CLI's pictures: Solution.write and the pursuit's pictures,
    which take no max_cells=, say where the limit is given."""
    maze = mazegraph.generate("kruskal", (3, 3), seed=1, max_cells=10_000)
    advice = r"\(lower scale=, or raise max_cells= where the maze is made\)$"
    with pytest.raises(mazegraph.MazeError, match=r"^the picture would have 700×700 = 490000 pixels, more than the limit of 10000 " + advice):
        maze.solve().write(tmp_path / "s.png", scale=100)
    p = mazegraph.pursuit(maze)
    with pytest.raises(mazegraph.MazeError, match=advice):
        p.fate_png(scale=65535)
    with pytest.raises(mazegraph.MazeError, match=advice):
        p.play_png(scale=1000)
    assert p.fate_png(scale=10).startswith(b"\x89PNG")


def test_a_directory_is_refused_as_a_directory(tmp_path):
    with pytest.raises(mazegraph.MazeError, match="is a directory"):
        mazegraph.read(tmp_path)
