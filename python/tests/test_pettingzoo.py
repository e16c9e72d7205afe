"""mazegraph.pettingzoo: the wolf and the sheep as a PettingZoo AEC environment."""

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

import mazegraph  # noqa: E402
from mazegraph.pettingzoo import WolfAndSheepEnv, env, raw_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

# A loop around a pillar with a dead end below it (as in test_arena.py).
RING = "#####\n#...#\n#.#.#\n#...#\n##.##\n"


@pytest.mark.parametrize(
    "config",
    [dict(), dict(observation="position", loops=3), dict(size=(2, 2, 2), passes="none")],
    ids=["grid", "position-loops", "3d-no-passes"],
)
def test_api_test_passes(config):
    api_test(env(**config), num_cycles=200)


def test_seed_test_passes():
    seed_test(lambda: env(size=(3, 3), start="random", loops=2), num_cycles=50)


def play(e, max_moves=1000):
    """Both agents by the oracle: the moves played and the final rewards."""
    moves = 0
    for agent in e.agent_iter(max_moves):
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        action = e.unwrapped.optimal_action(agent)
        assert info["action_mask"][action] == 1
        e.step(action)
        moves += 1
    return moves


def test_the_oracle_catches_the_sheep_in_the_predicted_moves():
    caught = 0
    for seed in range(8):
        e = env(size=(4, 4), start="random")
        e.reset(seed=seed)
        p = e.unwrapped.pursuit
        rewards = {}
        moves = 0
        for agent in e.agent_iter(1000):
            obs, reward, terminated, truncated, info = e.last()
            rewards[agent] = reward
            if terminated or truncated:
                e.step(None)
                continue
            e.step(e.unwrapped.optimal_action(agent))
            moves += 1
        assert p.winner == "wolf"  # a perfect maze: the wolf always wins
        assert moves == p.moves
        assert rewards == {"wolf": 1.0, "sheep": -1.0}
        caught += 1
    assert caught == 8


@pytest.mark.parametrize("first", ["wolf", "sheep"])
@pytest.mark.parametrize("passes", ["both", "none", "sheep"])
def test_the_oracle_plays_the_arena_s_game_with_loops(first, passes):
    for seed in range(4):
        e = env(size=(4, 4), start="random", first=first, passes=passes, loops=3)
        e.reset(seed=seed)
        p = e.unwrapped.pursuit
        assert p.start[2] == first
        moves = play(e)
        # The capture in the predicted moves, or the sheep safe until the truncation.
        assert moves == (p.moves if p.winner == "wolf" else e.unwrapped.max_moves)


def test_the_sheep_escapes_round_a_loop():
    ring = mazegraph.parse(RING, "txt")
    p = mazegraph.pursuit(ring, wolf=(1, 1), sheep=(3, 3), first="wolf")
    assert p.winner == "sheep"
    e = env(maze=ring, wolf=(1, 1), sheep=(3, 3), max_moves=40)
    e.reset(seed=0)
    assert e.unwrapped.pursuit.winner == "sheep"
    assert play(e) == 40
    assert all(e.unwrapped.truncations.get(a, True) for a in ("wolf", "sheep"))


def test_invalid_actions_are_refused():
    e = raw_env(size=(3, 3), passes="wolf")
    e.reset(seed=0)
    mask = e.infos["wolf"]["action_mask"]
    wall = int(np.flatnonzero(mask == 0)[0])
    for bad in (wall, 5, -1, 1.5, "up"):
        with pytest.raises(ValueError):
            e.step(bad)
    e.step(4)  # the wolf may pass
    assert e.agent_selection == "sheep"
    assert e.infos["sheep"]["action_mask"][4] == 0
    with pytest.raises(ValueError, match="may not pass"):
        e.step(4)


def test_observations_and_render():
    e = raw_env(size=(3, 3), render_mode="rgb_array", scale=6)
    e.reset(seed=1)
    grid = e.observe("wolf")
    assert grid.shape == (7, 7) and (grid == 2).sum() == 1 and (grid == 3).sum() == 1
    assert np.argwhere(grid == 2)[0].tolist() == list(e.maze.start)
    frame = e.render()
    assert frame.shape == (42, 42, 3)
    r, c = e.maze.start
    assert (frame[r * 6 : r * 6 + 6, c * 6 : c * 6 + 6] == mazegraph.pettingzoo.WOLF).all()
    e = raw_env(size=(3, 3), observation="position")
    e.reset(seed=1)
    assert e.observation_space("sheep").contains(e.observe("sheep"))


def test_options_are_checked():
    for bad in (dict(first="fox"), dict(passes="all"), dict(observation="x"), dict(start="x")):
        with pytest.raises(ValueError):
            WolfAndSheepEnv(**bad)
    with pytest.raises(TypeError):
        WolfAndSheepEnv(maze=mazegraph.generate(size=(3, 3), seed=1, tiling="sigma"))
    ring = mazegraph.parse(RING, "txt")
    with pytest.raises(ValueError, match="say where the wolf stands"):
        WolfAndSheepEnv(maze=ring)
    with pytest.raises(ValueError, match="on a wall"):
        WolfAndSheepEnv(maze=ring, wolf=(0, 0), sheep=(1, 1))
    with pytest.raises(ValueError, match="not a cell"):
        WolfAndSheepEnv(maze=ring, wolf=(9, 9), sheep=(1, 1))
