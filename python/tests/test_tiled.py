"""Tiled mazes: mazegraph.generate(..., tiling=...) and mazegraph.TiledMaze."""

import pytest

import mazegraph
from conftest import cli_error

SIZES = {"sigma": (4, 5), "sigma-flat": 4, "delta": 5, "theta": 4, "upsilon": (4, 4), "weave": (5, 5)}


def test_every_tiling_is_listed_and_generates():
    assert sorted(mazegraph.TILINGS) == sorted(SIZES)
    for name, size in SIZES.items():
        m = mazegraph.generate(size=size, seed=3, tiling=name)
        assert isinstance(m, mazegraph.TiledMaze)
        assert m.tiling == name
        assert m.seed == 3
        assert len(m) == len(m.labels) > 1
        assert m.start in m.labels and m.goal in m.labels
        assert m.perfect
        assert repr(m).startswith(f"TiledMaze(tiling='{name}'")


def test_the_same_seed_makes_the_same_maze():
    a = mazegraph.generate("wilson", (6, 6), 9, tiling="sigma")
    b = mazegraph.generate("wilson", (6, 6), 9, tiling="sigma")
    c = mazegraph.generate("wilson", (6, 6), 10, tiling="sigma")
    assert a.neighbours() == b.neighbours()
    assert a.neighbours() != c.neighbours()
    assert a.to_graph() == b.to_graph()


def test_neighbours_are_the_graph_s_edges():
    for name, size in SIZES.items():
        m = mazegraph.generate(size=size, seed=1, tiling=name)
        labels = m.labels
        rows = m.neighbours()
        assert len(rows) == len(labels)
        opened = set()
        for v, row in enumerate(rows):
            for u, is_open in row:
                assert -1 <= u < len(labels)
                assert not (u < 0 and is_open)
                if is_open:
                    opened.add(frozenset((labels[v], labels[u])))
                    # Open both ways.
                    assert (v, True) in rows[u]
        g = m.to_graph()
        assert g.vertex_count == len(labels)
        assert {frozenset((u, v)) for u, v, _ in g.edges} == opened
        assert (g.start, g.goal) == (m.start, m.goal)
        # A perfect maze: a tree.
        assert g.edge_count == len(labels) - 1


def test_the_solution_walks_through_open_walls_from_start_to_goal():
    m = mazegraph.generate("kruskal", (6, 7), 2, tiling="upsilon")
    s = m.solve()
    assert s.solved
    assert s.path[0] == m.start and s.path[-1] == m.goal
    assert s.length == len(s.path) - 1
    index = {label: i for i, label in enumerate(m.labels)}
    rows = m.neighbours()
    for a, b in zip(s.path, s.path[1:]):
        assert (index[b], True) in rows[index[a]]


def test_pictures():
    m = mazegraph.generate(size=(4, 5), seed=1, tiling="sigma")
    png = m.png(scale=20)
    assert png.startswith(b"\x89PNG")
    svg = m.svg(m.solve(), scale=20)
    assert svg.startswith("<svg") and "<polyline" in svg
    assert m._repr_svg_().startswith("<svg")


def test_rgb_with_marks():
    np = pytest.importorskip("numpy")
    m = mazegraph.generate(size=(4, 5), seed=1, tiling="sigma")
    plain = m.rgb(scale=20)
    assert plain.dtype == np.uint8 and plain.ndim == 3 and plain.shape[2] == 3
    room = m.labels[7]
    marked = m.rgb(scale=20, marks=[(room, (1, 2, 3))])
    assert marked.shape == plain.shape
    changed = np.argwhere((marked != plain).any(axis=2))
    assert len(changed) > 20
    assert (marked[tuple(changed.mean(axis=0).astype(int))] == (1, 2, 3)).all()
    with_path = m.rgb(m.solve(), scale=20)
    assert (with_path != plain).any()
    with pytest.raises(mazegraph.MazeError, match="no room"):
        m.rgb(marks=[((99, 99), (0, 0, 0))])
    with pytest.raises(mazegraph.MazeTypeError, match="marks"):
        m.rgb(marks=[("a", "red")])


def test_maze_rgb_paints_marks():
    np = pytest.importorskip("numpy")
    maze = mazegraph.generate("kruskal", (3, 3), 1)
    plain = maze.rgb(scale=4)
    assert plain.shape == (7 * 4, 7 * 4, 3)
    marked = maze.rgb(scale=4, marks=[((1, 1), (1, 2, 3))])
    assert (marked[4:8, 4:8] == (1, 2, 3)).all()
    assert (marked[8:, :] == plain[8:, :]).all()
    with pytest.raises(mazegraph.MazeError, match="outside the grid"):
        maze.rgb(marks=[((9, 9), (0, 0, 0))])


def test_refusals():
    with pytest.raises(mazegraph.MazeError, match="unknown tiling"):
        mazegraph.generate(size=(3, 3), tiling="pentagon")
    with pytest.raises(mazegraph.MazeError, match="no loops= or braid=True"):
        mazegraph.generate(size=(3, 3), tiling="weave", loops=1)
    with pytest.raises(mazegraph.MazeError, match="tiling= takes no shape="):
        mazegraph.generate(size=(3, 3), tiling="sigma", shape="diamond")
    with pytest.raises(mazegraph.MazeError, match="say how many rooms"):
        mazegraph.generate(tiling="sigma")
    with pytest.raises(mazegraph.MazeTypeError, match="generate"):
        mazegraph.TiledMaze()
    with pytest.raises(mazegraph.MazeError, match="pixels"):
        mazegraph.generate(size=(4, 4), tiling="delta", max_cells=1000).png(scale=100)
    # The CLI's own refusal of a generator that cannot carve a tiling.
    with pytest.raises(mazegraph.MazeError) as e:
        mazegraph.generate("sidewinder", (3, 3), tiling="sigma")
    expected = cli_error("generate", "--tiling", "sigma", "--size", "3x3", "-a", "sidewinder")
    if expected is not None:
        assert str(e.value) == expected


def test_slots_are_the_neighbours_padded():
    for name, size in SIZES.items():
        m = mazegraph.generate(size=size, seed=4, tiling=name)
        rows = m.neighbours()
        width, to, opened = m._slots()
        assert width == max(map(len, rows))
        assert len(to) == 8 * width * len(rows) and len(opened) == width * len(rows)
        for v, row in enumerate(rows):
            for k in range(width):
                u, o = row[k] if k < len(row) else (-1, False)
                at = v * width + k
                assert int.from_bytes(to[8 * at : 8 * at + 8], "little", signed=True) == u
                assert opened[at] == o
        assert m._slots(width + 2)[0] == width + 2


def test_pickled_exactly():
    import copy
    import pickle

    for name, size in SIZES.items():
        loops = 0 if name == "weave" else 2  # weave mazes are perfect
        m = mazegraph.generate(size=size, seed=6, tiling=name, loops=loops, max_cells=10**6)
        back = pickle.loads(pickle.dumps(m))
        assert back == m and back is not m
        assert back.neighbours() == m.neighbours()
        assert (back.seed, back.start, back.goal, back.tiling) == (m.seed, m.start, m.goal, name)
        assert copy.deepcopy(m) == m
        assert m != mazegraph.generate(size=size, seed=7, tiling=name)
        assert m != "a maze"
    with pytest.raises(TypeError):
        hash(m)


def test_a_tiled_maze_is_read_back_from_its_json_and_its_png(tmp_path):
    for name, size in SIZES.items():
        m = mazegraph.generate(size=size, seed=5, tiling=name)
        js = tmp_path / f"{name}.json"
        js.write_text(m.json())
        back = mazegraph.read_tiled(js)
        assert back == m
        assert back.seed is None
        assert repr(back).endswith("seed=None)")
        # A weave's too: its tunnels are read from the bridges drawn over them.
        png = tmp_path / f"{name}.png"
        png.write_bytes(m.png())
        assert mazegraph.read_tiled(png) == m


def test_read_refuses_a_tiled_maze_and_read_tiled_a_square_one(tmp_path):
    m = mazegraph.generate(size=(4, 5), seed=1, tiling="sigma")
    js = tmp_path / "hex.json"
    js.write_text(m.json())
    with pytest.raises(mazegraph.MazeError, match="sigma tiling.*read_tiled"):
        mazegraph.read(js)
    with pytest.raises(mazegraph.MazeError, match="sigma tiling.*read_tiled"):
        mazegraph.parse(m.json(), "json")
    square = tmp_path / "square.json"
    mazegraph.generate(size=(3, 3), seed=1).write(square)
    with pytest.raises(mazegraph.MazeError, match="not a maze on a tiling"):
        mazegraph.read_tiled(square)
