"""Reading, generating, solving, measuring and writing mazes."""

import os
import pathlib
import subprocess

import pytest

import mazegraph
from conftest import DATA, MAZES


@pytest.mark.parametrize("name", MAZES)
def test_read_the_repository_mazes(name):
    maze = mazegraph.read(DATA / name)
    assert isinstance(maze.shape, tuple) and all(isinstance(d, int) for d in maze.shape)
    assert len(maze.start) == len(maze.shape) == len(maze.goal)
    assert repr(maze).startswith("Maze(shape=(")


def test_a_picture_says_what_it_found():
    maze = mazegraph.read(DATA / "perfect15x20.png")
    assert maze.shape == (31, 41)
    assert (maze.start, maze.goal) == ((0, 1), (30, 39))
    assert maze.picture is None  # one pixel per cell: nothing to say


def test_read_takes_the_clis_options():
    maze = mazegraph.read(DATA / "seed.adj", start=(1, 0), goal="0,4")
    assert (maze.start, maze.goal) == ((1, 0), (0, 4))
    maze = mazegraph.read(DATA / "perfect15x20.png", start="room:0,0", goal="room:14,19")
    assert (maze.start, maze.goal) == ((1, 1), (29, 39))
    text = (DATA / "seed.txt").read_text()
    assert mazegraph.read(DATA / "seed.txt") == mazegraph.parse(text, "txt")


def test_parse_names_its_input_data():
    with pytest.raises(mazegraph.MazeError, match=r"^<data>:2: unexpected character 'x'"):
        mazegraph.parse("#.#\n#x#\n", "txt")


@pytest.mark.parametrize("algorithm", mazegraph.ALGORITHMS)
def test_every_generator_makes_a_solvable_maze(algorithm):
    maze = mazegraph.generate(algorithm, (6, 7), seed=3)
    assert maze.shape == (13, 15)
    assert maze.seed == 3
    assert (maze.start, maze.goal) == ((0, 1), (12, 13))
    stats = maze.stats()
    assert stats["class"] == ("imperfect" if algorithm == "wall-removal" else "perfect")
    assert maze.solve().length == stats["solution_length"]
    assert mazegraph.generate(algorithm, "6x7", seed=3) == maze  # the same seed, the same maze


def test_generate_in_three_dimensions_and_shapes():
    cube = mazegraph.generate("kruskal", (3, 3, 3), seed=1)
    assert cube.shape == (7, 7, 7)
    assert cube.stats()["class"] == "perfect"
    round_maze = mazegraph.generate("wilson", (12, 12), seed=2, shape="ellipse", loops=3)
    assert round_maze.stats()["cyclomatic"] == 3
    braid = mazegraph.generate("backtracker", (8, 8), seed=4, braid=True)
    assert braid.stats()["dead_ends"] == 0
    tree = mazegraph.generate("growing-tree", (5, 5), seed=5, pick="oldest")
    assert tree.stats()["class"] == "perfect"
    assert mazegraph.generate("kruskal", (4, 4)).seed is not None  # a fresh seed, kept


def adjacent(maze, a, b):
    portals = {frozenset(p) for p in maze.portals}
    return sum(abs(x - y) for x, y in zip(a, b)) == 1 or frozenset((a, b)) in portals


@pytest.mark.parametrize("name", ["perfect15x20.png", "portals.txt", "cube.json", "seed.txt"])
@pytest.mark.parametrize("method", mazegraph.METHODS)
def test_every_method_walks_from_start_to_goal(name, method):
    maze = mazegraph.read(DATA / name)
    if method.startswith("wall-follower") and (len(maze.shape) != 2 or maze.portals):
        with pytest.raises(mazegraph.MazeError):
            maze.solve(method)
        return
    s = maze.solve(method)
    assert s.solved and s.method == method
    assert s.path[0] == maze.start == s.start and s.path[-1] == maze.goal == s.goal
    assert s.length == len(s.path) - 1
    assert all(adjacent(maze, a, b) for a, b in zip(s.path, s.path[1:]))
    if method in ("dead-end", "bfs", "astar", "dijkstra", "shortest-set"):
        assert s.length == maze.solve("bfs").length
    assert s.visited >= 0 and s.visited_unit
    assert set(s.path) <= set(s.kept) or method == "dijkstra"


def test_no_solution_is_not_an_error():
    maze = mazegraph.parse("#.###\n#.#.#\n###.#\n", "txt")
    s = maze.solve()
    assert not s.solved and s.path is None and s.length is None
    assert repr(s) == (
        "Solution(dead-end: no solution: the goal (2, 3) cannot be reached from the start (0, 1))"
    )


def test_terminals_can_be_set_and_cleared():
    maze = mazegraph.read(DATA / "seed.txt")
    assert (maze.start, maze.goal) == ((0, 4), (1, 9))
    maze.start = (1, 0)
    assert maze.start == (1, 0) and maze.solve().length == 9
    maze.start = None
    assert maze.start == (0, 4)
    with pytest.raises(mazegraph.MazeError, match="outside the grid"):
        maze.goal = (5, 5)
    with pytest.raises(mazegraph.MazeError, match="wall"):
        maze.goal = (0, 0)


def test_stats_are_the_clis_json():
    stats = mazegraph.read(DATA / "portals.txt").stats()
    assert stats["class"] == "imperfect"
    assert stats["portals"] == 1
    assert stats["start"] == [0, 1]
    assert stats["shape"] == [5, 11]


@pytest.mark.parametrize("ext", ["txt", "json", "png", "adj", "graph.json", "dot", "graphml", "gml"])
def test_write_then_read_gives_the_same_maze(tmp_path, ext):
    maze = mazegraph.generate("prim", (5, 6), seed=9)
    path = tmp_path / f"maze.{ext}"
    maze.write(path)
    back = mazegraph.read(path)
    assert back == maze and back.solve().length == maze.solve().length


def test_write_keeps_n_dimensions_in_json(tmp_path):
    cube = mazegraph.read(DATA / "cube.json")
    cube.write(tmp_path / "cube.json")
    assert mazegraph.read(tmp_path / "cube.json") == cube
    with pytest.raises(mazegraph.MazeError, match=r"^png holds 2-D mazes, and this one has 3 axes; write json$"):
        cube.write(tmp_path / "cube.png")
    assert not (tmp_path / "cube.png").exists()


def test_a_failed_write_leaves_nothing(tmp_path):
    maze = mazegraph.generate("prim", (3, 3), seed=1)
    with pytest.raises(mazegraph.MazeError, match="jpeg is read only here; write png"):
        maze.write(tmp_path / "m.jpg")
    # The CLI's words: the directory where the file cannot be made.
    with pytest.raises(mazegraph.MazeError, match="^cannot create a file in .*/no/such: "):
        maze.write(tmp_path / "no" / "such" / "dir.txt")
    with pytest.raises(mazegraph.MazeError, match="cannot tell the format of"):
        maze.write(tmp_path / "m.xyz")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("ext", ["json", "png", "txt"])
def test_solution_write(tmp_path, ext):
    maze = mazegraph.generate("kruskal", (4, 4), seed=2)
    s = maze.solve("bfs")
    # At 6 pixels a cell: a picture narrower than 48 pixels has no legend.
    s.write(tmp_path / f"s.{ext}", scale=6)
    data = (tmp_path / f"s.{ext}").read_bytes()
    if ext == "png":
        assert data.startswith(b"\x89PNG")
        s.write(tmp_path / "plain.png", scale=6, legend=False)
        height = lambda png: int.from_bytes(png[20:24], "big")
        assert height(data) > height((tmp_path / "plain.png").read_bytes()) == 9 * 6  # the legend
        binary = os.environ.get("MAZEGRAPH_CLI")
        if binary:  # the CLI's picture, byte for byte
            maze.write(tmp_path / "m.txt")
            cli = tmp_path / "cli.png"
            subprocess.run([binary, "solve", tmp_path / "m.txt", "--method", "bfs", "--scale", "6", "-o", cli, "-q"], check=True)
            assert cli.read_bytes() == data
    elif ext == "json":
        import json

        assert json.loads(data)["length"] == s.length
    else:
        assert data.count(b"o") == s.length - 1  # the path between S and G


def test_pictures_for_jupyter():
    small = mazegraph.generate("kruskal", (5, 5), seed=1)
    svg = small._repr_svg_()
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    assert small._repr_png_() is None
    big = mazegraph.generate("kruskal", (40, 40), seed=1)
    assert big._repr_svg_() is None
    assert big._repr_png_().startswith(b"\x89PNG")
    s = small.solve()
    painted = s._repr_svg_().count("<rect") - small._repr_svg_().count("<rect")
    assert painted >= len(s.path)  # a square per path cell at least, over the maze
    assert small.png(s, scale=4).startswith(b"\x89PNG")
    assert big.solve()._repr_png_().startswith(b"\x89PNG")


def test_attractor_is_the_shortest_solutions():
    maze = mazegraph.parse("#.###\n#...#\n#.#.#\n#...#\n###.#\n", "txt")
    ranks = maze.attractor()
    assert len(ranks) == 10  # both ways around the pillar are shortest
    assert ranks[maze.goal] == 0 and ranks[maze.start] == maze.solve().length


def test_text_of_a_2d_maze():
    maze = mazegraph.read(DATA / "seed.txt")
    assert str(maze) == (DATA / "seed.txt").read_text()


def test_equality_is_the_graphs():
    a = mazegraph.parse("#.#\n#.#\n", "txt")
    b = mazegraph.parse("#.#\n#.#\n###\n", "txt")  # an extra wall row: the same graph
    c = mazegraph.parse("#.#\n#..\n", "txt")
    assert a == b and a != c
    assert c.difference(a) == "vertex (1, 2) is only in the first"
    assert a != "a maze"


def test_paths_are_accepted_as_str_and_pathlike():
    assert mazegraph.read(str(DATA / "seed.txt")) == mazegraph.read(pathlib.Path(DATA / "seed.txt"))


def test_a_picture_at_its_own_scale(tmp_path):
    """A maze drawn 9 pixels a cell is read back by lattice detection; its solution's PNG is
    drawn on the picture itself, byte for byte as `mazegraph solve -o` draws it."""
    import os
    import subprocess

    maze = mazegraph.generate("kruskal", (6, 8), seed=3)
    picture = tmp_path / "picture.png"
    picture.write_bytes(maze.png(scale=9))
    read = mazegraph.read(picture)
    assert read == maze
    assert read.picture == "6×8 rooms, pitch 18 px, walls 9 px, margin 0 px"
    solution = read.solve()
    solution.write(tmp_path / "solved.png")
    solved = (tmp_path / "solved.png").read_bytes()
    assert solved[16:24] == picture.read_bytes()[16:24]  # the picture's width and height
    assert mazegraph.read(picture, cells="pixel").picture is None
    # Walls in doubt are refused by default; the keyword reads them anyway, as --doubtful does.
    assert mazegraph.read(picture, doubtful="majority") == maze
    with pytest.raises(mazegraph.MazeError, match="refuse, majority, wall or open"):
        mazegraph.read(picture, doubtful="maybe")
    # A region of the picture: the whole of it, as a tuple or as the CLI writes it.
    width = int.from_bytes(picture.read_bytes()[16:20], "big")
    height = int.from_bytes(picture.read_bytes()[20:24], "big")
    assert mazegraph.read(picture, region=(0, 0, width, height)) == maze
    assert mazegraph.read(picture, region=f"0,0,{width},{height}") == maze
    with pytest.raises(mazegraph.MazeError, match="must lie inside it"):
        mazegraph.read(picture, region=(0, 0, width + 1, height))
    binary = os.environ.get("MAZEGRAPH_CLI")
    if binary:
        subprocess.run([binary, "solve", picture, "-o", tmp_path / "cli.png", "-q"], check=True)
        assert (tmp_path / "cli.png").read_bytes() == solved
