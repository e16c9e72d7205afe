#!/usr/bin/env python3
"""Resets and steps a second of mazegraph's learning environments, vectorised (issue 36).

Usage: scripts/bench_gym.py [--envs N] [--seconds S]

For each configuration (a 10×10-room square maze, the same on hexagons, a 5×5×5 maze; local
observations), a gymnasium.vector.SyncVectorEnv of N environments (default 8): resets of the
whole vector (each a new maze: generated, its board built) and steps of random actions (the
vector's own resets at the ends of episodes included), counted for S seconds each (default
3); prints environment resets and steps per second of wall time and of CPU time (one vector
reset, seeded, is N environment resets, each a new maze). Then the wolf and the sheep (PettingZoo, 4×4 rooms): resets with the arena solved,
per second. Needs the package (`pip install .`), gymnasium and pettingzoo in this Python.
"""
import argparse
import time

import gymnasium

import mazegraph.gym  # noqa: F401  (registers mazegraph/Maze-v0)
from mazegraph.gym import MazeEnv

CONFIGS = [
    ("square 10x10", dict(size=(10, 10))),
    ("sigma 10x10", dict(size=(10, 10), tiling="sigma")),
    ("square 5x5x5", dict(size=(5, 5, 5))),
]


def rate(work, seconds):
    """Calls work() for about `seconds`; returns calls per second of wall time and of this
    process's CPU time (the steadier figure on a loaded machine)."""
    n, t0, c0 = 0, time.perf_counter(), time.process_time()
    while (dt := time.perf_counter() - t0) < seconds:
        work()
        n += 1
    return n / dt, n / max(time.process_time() - c0, 1e-9)


def fmt(pair, k=1):
    """'wall (CPU)' rates, times k."""
    return f"{pair[0] * k:,.0f} ({pair[1] * k:,.0f})"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--envs", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    n = args.envs
    print("Per second of wall time (of CPU time):\n")
    print(f"| environment | resets/s ({n} envs) | steps/s ({n} envs) | steps/s (1 env) |")
    print("|---|---:|---:|---:|")
    for name, config in CONFIGS:
        envs = gymnasium.vector.SyncVectorEnv([lambda c=config: MazeEnv(**c)] * n)
        seed = iter(range(10**9))
        resets = rate(lambda: envs.reset(seed=next(seed)), args.seconds)
        envs.reset(seed=0)
        envs.action_space.seed(0)
        actions = [envs.action_space.sample() for _ in range(1000)]
        k = iter(range(10**9))
        steps = rate(lambda: envs.step(actions[next(k) % 1000]), args.seconds)
        envs.close()
        one = MazeEnv(**config)
        one.reset(seed=0)
        one.action_space.seed(0)

        def step_one():
            if any(one.step(one.action_space.sample())[2:4]):
                one.reset()

        single = rate(step_one, args.seconds)
        print(f"| {name} | {fmt(resets, n)} | {fmt(steps, n)} | {fmt(single)} |")
    try:
        from mazegraph.pettingzoo import raw_env
    except ImportError:
        return
    e = raw_env(size=(4, 4))
    seed = iter(range(10**9))

    def reset_solved():
        e.reset(seed=next(seed))
        _ = e.pursuit.moves

    print(f"\nwolf and sheep 4x4, resets with the arena solved: {fmt(rate(reset_solved, args.seconds))}/s")


if __name__ == "__main__":
    main()
