"""Games: reading, attractors, solving."""

import pytest

import mazegraph
from conftest import DATA


@pytest.fixture
def game():
    return mazegraph.read_game(DATA / "game.pg")


def test_read_game(game):
    assert (len(game), game.vertex_count, game.edge_count, game.start) == (8, 8, 15, 0)
    assert game.name(0) == "home" and game.find("castle") == 6
    assert game.owner(1) == 1 and game.priority(6) == 6
    assert game.successors(0) == [1, 2]
    assert repr(game) == "Game(8 vertices, 15 edges, largest priority 6)"


@pytest.mark.parametrize("method", [None, "pp", "fpj", "tangle", "rtl", "zielonka"])
def test_parity_solvers_agree(game, method):
    s = game.solve(method=method)
    assert s.region(0) == [0, 1, 2, 6] or s.region(0) == game.solve().region(0)
    assert sorted(s.region(0) + s.region(1)) == list(range(8))
    assert s.winners == [s.winner(v) for v in range(8)]
    assert s.regions == {0: s.region(0), 1: s.region(1)}
    for v, m in s.strategy.items():
        assert m in game.successors(v) and game.owner(v) == s.winner(v)
    assert repr(s).startswith("player 0 wins ")


def test_other_objectives(game):
    reach = game.solve("reach", player=0, target=["castle"])
    attr = game.attractor(0, target="castle")
    assert reach.region(0) == sorted(attr.vertices)
    safety = game.solve("safety", player=1, target=[6])
    assert safety.region(1) == reach.region(1)
    buchi = game.solve("buchi", player=0, priority=6)
    assert set(buchi.region(0)) | set(buchi.region(1)) == set(range(8))


def test_attractor(game):
    a = game.attractor(0, target=[6])
    assert a.player == 0 and a.targets == [6] and 6 in a and a.rank[6] == 0
    assert len(a) == len(a.vertices) and a.max_rank == max(a.rank.values())
    for v, m in a.strategy.items():
        assert m in game.successors(v) and a.rank[m] < a.rank[v]
    assert repr(a).startswith("attractor of player 0: ")
    assert game.attractor(1, priority=[5]).targets == [5]
    assert -1 not in a and 99 not in a


@pytest.mark.parametrize(
    "call,message",
    [
        (lambda g: g.attractor(0), r"^say which vertices to attract to with target=\[…\] or priority=P$"),
        (lambda g: g.attractor(2, target=0), r"^player: 2 is out of range \(0 to 1\)"),
        (lambda g: g.attractor(0, target="nowhere"), r"^target: "),
        (lambda g: g.attractor(0, priority=9), r"^priority 9: no vertex of the game has priority 9$"),
        (lambda g: g.solve("parity", target=[1]), r"^a parity game uses the priorities"),
        (lambda g: g.solve("reach"), r"^the reach objective needs its vertices"),
        (lambda g: g.solve("reach", target=[1], method="pp"), r"^method is for parity games"),
        (lambda g: g.solve("mean-payoff"), r'^objective "mean-payoff": expected parity, buchi'),
        (lambda g: g.solve(method="magic"), r'^parity method "magic": expected one of portfolio, pp, fpj, tangle, rtl, zielonka$'),
        (lambda g: g.owner(8), r"8"),
    ],
)
def test_game_errors(game, call, message):
    with pytest.raises(mazegraph.MazeError, match=message):
        call(game)


def test_read_game_errors(tmp_path):
    bad = tmp_path / "bad.pg"
    bad.write_text("parity 2;\n0 0 0 1;\n1 1 1 7;\n")
    with pytest.raises(mazegraph.MazeError, match=rf"^{bad}:3: "):
        mazegraph.read_game(bad)
    with pytest.raises(mazegraph.MazeError, match=r"game.xyz is not named as a game \(known: .pg, .gm, .game.json, .game.dot\)$"):
        mazegraph.read_game(tmp_path / "game.xyz")
