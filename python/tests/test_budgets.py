"""Budgets before work (issue 25): shapes sized from their arguments before a mask is made,
and game solving held to the memory budget the game was read with. No clock is asserted on."""

import resource

import pytest
from conftest import DATA

import mazegraph


def peak_rss_mib():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


@pytest.mark.parametrize("shape", ["ellipse", "diamond", "spiral", "double-spiral"])
def test_a_shape_is_refused_by_its_size_before_it_is_made(shape):
    # 60000² rooms pass the cell limit as rooms; their 14.4 billion cells do not, and no
    # mask of 3.6 billion rooms (450 MB) is made before that is said.
    before = peak_rss_mib()
    with pytest.raises(mazegraph.MazeError, match=r"14400240001 cells"):
        mazegraph.generate("backtracker", (60000, 60000), shape=shape)
    assert peak_rss_mib() - before < 64


def test_a_shape_is_held_to_the_memory_budget():
    with pytest.raises(mazegraph.MazeError, match=r"a shape of 400000000 rooms"):
        mazegraph.generate("backtracker", (20000, 20000), shape="diamond", max_memory=64 << 20)


def test_spirals_and_their_turns():
    m = mazegraph.generate("backtracker", (21, 21), seed=1, shape="spiral", turns=2)
    assert m.solve().length > 20
    m = mazegraph.generate("backtracker", (21, 21), seed=1, shape="double-spiral")
    assert m.solve().length > 20
    with pytest.raises(mazegraph.MazeError, match=r"at most 10 turns, not 1e\+?300"):
        mazegraph.generate("backtracker", (21, 21), shape="spiral", turns=1e300)
    with pytest.raises(mazegraph.MazeError, match=r"turns"):
        mazegraph.generate("backtracker", (21, 21), shape="diamond", turns=2)


def test_solving_a_game_is_held_to_its_memory_budget():
    game = mazegraph.read_game(DATA / "game.pg", max_memory=630)  # reading (626 B) fits, solving not
    for method in ["pp", "tangle", "zielonka"]:
        with pytest.raises(mazegraph.MazeError, match=r"solving a game of 8 vertices"):
            game.solve(method=method)
    assert mazegraph.read_game(DATA / "game.pg").solve(method="zielonka").winners
