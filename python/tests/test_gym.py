"""mazegraph.gym: the Gymnasium environment mazegraph/Maze-v0."""

import warnings

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

import mazegraph  # noqa: E402
import mazegraph.gym  # noqa: E402,F401  (registers mazegraph/Maze-v0)
from gymnasium.error import InvalidAction  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from mazegraph.gym import MazeEnv  # noqa: E402

CONFIGS = [
    dict(size=(4, 5)),
    dict(size=(4, 5), observation="position"),
    dict(size=(4, 5), observation="grid", loops=3),
    dict(size=(3, 3, 3), observation="grid"),
    dict(size=(4, 5), tiling="sigma"),
    dict(size=4, tiling="theta", observation="grid"),
    dict(size=5, tiling="delta", observation="position"),
    dict(size=(4, 4), tiling="upsilon"),
    dict(size=(5, 5), tiling="weave", observation="grid"),
    dict(size=(4, 5), start="random"),
]


def given():
    """Mazes of every kind given by the user."""
    maze = mazegraph.generate("kruskal", (4, 4), 5)
    yield maze
    yield mazegraph.generate("wilson", (4, 4), 5, tiling="sigma-flat")
    yield mazegraph.Graph.from_maze(maze)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(map(str, c.values())))
def test_check_env_passes(config):
    # Made by gymnasium.make, so that check_env can try the render modes (it needs the spec).
    env = gymnasium.make(
        "mazegraph/Maze-v0", render_mode="rgb_array", disable_env_checker=True, **config
    ).unwrapped
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # check_env's warnings are failures here
        check_env(env, skip_render_check=False)


def test_check_env_passes_on_given_mazes():
    for maze in given():
        env = MazeEnv(maze)
        check_env(env, skip_render_check=True)
        obs, info = env.reset(seed=1)
        assert env.maze is maze


def test_registered():
    env = gymnasium.make("mazegraph/Maze-v0", size=(3, 3), observation="position")
    obs, info = env.reset(seed=0)
    assert env.observation_space.contains(obs)
    assert isinstance(env.unwrapped, MazeEnv)


def test_seeds_reproduce_the_maze_and_the_episode():
    def episode(seed):
        env = MazeEnv(size=(5, 5), tiling="sigma", start="random", observation="grid")
        obs, _ = env.reset(seed=seed)
        env.action_space.seed(seed)
        seen = [obs]
        for _ in range(20):
            seen.append(env.step(env.action_space.sample())[0])
        return env.maze.neighbours(), seen

    a, b, c = episode(3), episode(3), episode(4)
    assert a[0] == b[0] and all((x == y).all() for x, y in zip(a[1], b[1]))
    assert a[0] != c[0]
    # A new maze at each reset, or only when seeded (regenerate=False).
    env = MazeEnv(size=(5, 5))
    env.reset(seed=1)
    first = env.maze.seed
    env.reset()
    assert env.maze.seed != first
    env = MazeEnv(size=(5, 5), regenerate=False)
    env.reset(seed=1)
    first = env.maze.seed
    env.reset()
    assert env.maze.seed == first
    env.reset(seed=1)
    assert env.maze.seed == first


@pytest.mark.parametrize("config", CONFIGS[:9], ids=lambda c: "-".join(map(str, c.values())))
def test_the_oracle_reaches_the_goal_by_a_shortest_path(config):
    env = MazeEnv(**config)
    for seed in range(3):
        env.reset(seed=seed)
        shortest = env.maze.solve().length
        assert env.distance() == shortest
        total, steps, terminated = 0.0, 0, False
        while not terminated:
            obs, reward, terminated, truncated, info = env.step(env.optimal_action())
            total += reward
            steps += 1
            assert not truncated
        assert steps == shortest
        assert env.optimal_action() is None
        assert total == pytest.approx(1.0 - 0.01 * shortest)


def test_the_oracle_on_a_graph():
    maze = mazegraph.generate("kruskal", (5, 5), 5, loops=4)
    env = MazeEnv(mazegraph.Graph.from_maze(maze))
    env.reset(seed=0)
    steps = 0
    while env.optimal_action() is not None:
        env.step(env.optimal_action())
        steps += 1
    assert steps == maze.solve("bfs").length


def test_invalid_actions_are_refused():
    env = MazeEnv(size=(4, 4), walls="refuse")
    env.reset(seed=0)
    # check_env's random actions would walk into walls: walls="refuse" is for masked agents.
    for bad in (4, -1, 1.5, "up", None):
        with pytest.raises(InvalidAction):
            env.step(bad)
    mask = env.action_masks()
    wall = int(np.flatnonzero(~mask)[0])
    with pytest.raises(InvalidAction, match="wall"):
        env.step(wall)
    env.step(np.int64(np.flatnonzero(mask)[0]))  # numpy ints are actions


def test_a_wall_keeps_the_agent_and_costs_the_penalty():
    env = MazeEnv(size=(4, 4), step_cost=0.5, wall_penalty=2.0, max_steps=3)
    obs, info = env.reset(seed=0)
    assert (info["action_mask"] == env.action_masks()).all()
    wall = int(np.flatnonzero(~env.action_masks())[0])
    place = env.place
    for k in range(3):
        obs, reward, terminated, truncated, info = env.step(wall)
        assert env.place == place and reward == -2.5 and not terminated
        assert truncated == (k == 2)


def test_observations():
    env = MazeEnv(size=(3, 3), observation="grid")
    obs, _ = env.reset(seed=2)
    assert obs.shape == (7, 7)
    assert (obs == 2).sum() == 1 and (obs == 3).sum() == 1
    assert np.argwhere(obs == 2)[0].tolist() == list(env.maze.start)
    assert ((obs > 0) == env.maze.to_numpy()).all()
    env = MazeEnv(size=(3, 3), observation="local")
    obs, info = env.reset(seed=2)
    assert obs.tolist() == info["action_mask"].tolist()
    assert env.action_space.n == 4
    assert MazeEnv(size=(2, 2, 2)).action_space.n == 6
    assert MazeEnv(size=(3, 3), tiling="sigma").action_space.n == 6
    assert MazeEnv(size=(3, 3), tiling="upsilon").action_space.n == 8


def test_render_marks_the_agent():
    env = MazeEnv(size=(4, 4), render_mode="rgb_array", scale=8)
    env.reset(seed=0)
    frame = env.render()
    assert frame.shape == (9 * 8, 9 * 8, 3) and frame.dtype == np.uint8
    r, c = env.board.label(env.place)
    assert (frame[r * 8 : r * 8 + 8, c * 8 : c * 8 + 8] == mazegraph.gym.AGENT).all()
    env = MazeEnv(size=(4, 4), tiling="sigma", render_mode="rgb_array")
    env.reset(seed=0)
    assert (env.render() == mazegraph.gym.AGENT).all(axis=2).sum() > 10
    with pytest.raises(ValueError, match="no picture"):
        MazeEnv(mazegraph.Graph.from_maze(mazegraph.generate(size=(2, 2), seed=1)), render_mode="rgb_array")


def test_options_are_checked():
    for bad in (dict(observation="pixels"), dict(walls="bounce"), dict(render_mode="human"), dict(start="x")):
        with pytest.raises(ValueError):
            MazeEnv(size=(3, 3), **bad)
    with pytest.raises(mazegraph.MazeError):
        MazeEnv(size=(3, 3), tiling="pentagon")


def test_vector_envs():
    envs = gymnasium.vector.SyncVectorEnv(
        [lambda: MazeEnv(size=(4, 4), tiling="sigma") for _ in range(4)]
    )
    obs, info = envs.reset(seed=0)
    assert obs.shape == (4, 6)
    for _ in range(10):
        obs, reward, terminated, truncated, info = envs.step(envs.action_space.sample())
    assert reward.shape == (4,)
    envs.close()


def test_the_readme_snippet_runs(capsys):
    import re

    from conftest import ROOT

    section = (ROOT / "README.md").read_text().split("\n### Learning environments", 1)[1]
    snippet = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    exec(compile(snippet, "README.md", "exec"), {})
    # It prints the last mask, then the oracle's steps and the shortest path's length: equal.
    steps, shortest = capsys.readouterr().out.rsplit("]", 1)[1].split()
    assert steps == shortest


def test_async_vector_envs_take_a_given_maze():
    # The maze goes to the worker processes pickled.
    maze = mazegraph.generate("wilson", (4, 4), 3, tiling="theta")
    envs = gymnasium.vector.AsyncVectorEnv(
        [lambda: MazeEnv(maze, observation="position") for _ in range(2)]
    )
    try:
        obs, info = envs.reset(seed=0)
        start = MazeEnv(maze, observation="position").board.start
        assert obs.tolist() == [start, start]
    finally:
        envs.close()
