#!/usr/bin/env python3
"""Solving a maze from Python against the command line, side by side (issue 15).

Usage: scripts/bench_python.py MAZE [--runs N] [--method M] [--cli BIN]

Each run, in turn (interleaved, so that load on the machine falls on both alike):
  cli        `mazegraph solve MAZE --quiet` (the release binary), a process: wall time;
  python     `python -c "mazegraph.read(MAZE).solve()"`, a process: wall time (interpreter
             start and `import mazegraph` included);
  in-process `mazegraph.read(MAZE).solve()` timed inside this interpreter (no start-up).
Prints the medians of wall and CPU time (the CPU time is the steadier figure on a loaded
machine), their ratios to the CLI, and checks that every run finds the same path
length. Needs the package installed (`pip install .`) in the Python running this script, and
`cargo build --release` for the CLI.
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def wall(cmd):
    """Runs cmd; returns (wall seconds, CPU seconds, stdout)."""
    t0, c0 = time.perf_counter(), children_cpu()
    run = subprocess.run(cmd, capture_output=True, text=True)
    dt, cpu = time.perf_counter() - t0, children_cpu() - c0
    if run.returncode != 0:
        sys.exit(f"failed: {' '.join(map(str, cmd))}\n{run.stderr}")
    return dt, cpu, run.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("maze", type=Path, help="the maze, e.g. shared/mazes/pound/perfect4k.png")
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--method", default="dead-end")
    default_cli = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target")) / "release" / "mazegraph"
    ap.add_argument("--cli", type=Path, default=default_cli)
    args = ap.parse_args()
    import mazegraph

    if not args.cli.exists():
        sys.exit(f"{args.cli} not found: cargo build --release (or give --cli)")
    maze = str(args.maze)
    cli = [args.cli, "solve", maze, "--quiet", "--method", args.method]
    script = (
        "import sys, mazegraph; "
        f"print(mazegraph.read(sys.argv[1]).solve({args.method!r}).length)"
    )
    py = [sys.executable, "-c", script, maze]
    times = {"cli": [], "python": [], "in-process": []}
    cpus = {"cli": [], "python": [], "in-process": []}
    lengths = set()
    for _ in range(args.runs):
        dt, cpu, out = wall(cli)
        times["cli"].append(dt)
        cpus["cli"].append(cpu)
        lengths.add(int(out.split("path of ")[1].split()[0]))
        dt, cpu, out = wall(py)
        times["python"].append(dt)
        cpus["python"].append(cpu)
        lengths.add(int(out))
        t0, c0 = time.perf_counter(), time.process_time()
        length = mazegraph.read(maze).solve(args.method).length
        times["in-process"].append(time.perf_counter() - t0)
        cpus["in-process"].append(time.process_time() - c0)
        lengths.add(length)
    if len(lengths) != 1:
        sys.exit(f"the runs disagree on the path length: {sorted(lengths)}")
    base = statistics.median(times["cli"])
    base_cpu = statistics.median(cpus["cli"])
    print(f"{args.maze.name}, {args.method}, {args.runs} runs each (medians), path of {lengths.pop()} steps")
    print("| how | median wall | min wall | vs CLI | median CPU | vs CLI |")
    print("|---|---:|---:|---:|---:|---:|")
    for how, ts in times.items():
        m, c = statistics.median(ts), statistics.median(cpus[how])
        print(f"| {how} | {m:.3f} s | {min(ts):.3f} s | {m / base:.2f}× | {c:.3f} s | {c / base_cpu:.2f}× |")


if __name__ == "__main__":
    main()
