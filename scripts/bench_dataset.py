#!/usr/bin/env python3
"""Side by side: `mazegraph dataset` writing N 10×10 mazes (with solutions, figures and
maze-dataset tokens, as Parquet shards) and maze-dataset generating mazes of grid_n=10 with
its default generator (`LatticeMazeGenerators.gen_dfs`, solved, one process: its default),
timed on M mazes and extrapolated to N. BENCHMARKS.md, "Datasets", has the figures.

    python3 -m venv /tmp/md && /tmp/md/bin/pip install maze-dataset==1.4.2 muutils==0.8.12 numpy==2.4.6
    cargo build --release
    python3 scripts/bench_dataset.py --md-python /tmp/md/bin/python           # N = 1,000,000, M = 10,000

Prints a Markdown table; the shards go to a temporary directory, removed afterwards.
"""

import argparse
import os
import pathlib
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]

MAZE_DATASET = """
import sys, time
from maze_dataset import MazeDataset, MazeDatasetConfig
from maze_dataset.generation import LatticeMazeGenerators
n = int(sys.argv[1])
cfg = MazeDatasetConfig(name="bench", grid_n=10, n_mazes=n, maze_ctor=LatticeMazeGenerators.gen_dfs)
t, c = time.perf_counter(), time.process_time()
ds = MazeDataset.from_config(cfg, do_download=False, load_local=False, do_generate=True, save_local=False)
took, cpu = time.perf_counter() - t, time.process_time() - c
assert len(ds) == n, len(ds)
print(took, cpu)
"""


def du(path):
    return sum(p.stat().st_size for p in pathlib.Path(path).rglob("*") if p.is_file())


def mazegraph(binary, count, threads):
    out = tempfile.mkdtemp(prefix="mazegraph-dataset-")
    env = dict(os.environ)
    if threads:
        env["RAYON_NUM_THREADS"] = str(threads)
    t, before = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([binary, "dataset", "-q", "-o", out, "--count", str(count), "--size", "10x10"], check=True, env=env)
    took, after = time.perf_counter() - t, resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    size = du(out)
    shards = len(os.listdir(out))
    shutil.rmtree(out)
    return took, cpu, size, shards


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mazegraph", default=str(ROOT / "target" / "release" / "mazegraph"))
    ap.add_argument("--md-python", help="a Python with maze-dataset 1.4.2 (skipped without)")
    ap.add_argument("--count", type=int, default=1_000_000, help="N, the dataset's mazes")
    ap.add_argument("--md-count", type=int, default=10_000, help="M, maze-dataset's timed mazes")
    ap.add_argument("--one-thread", action="store_true", help="also time mazegraph on one thread")
    a = ap.parse_args()
    n, m = a.count, a.md_count
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    rows = []
    took, cpu, size, shards = mazegraph(a.mazegraph, n, None)
    rows.append((f"mazegraph dataset, all {os.cpu_count()} cores", f"{took:.1f} s", f"{cpu:.1f} s", f"{n / cpu:,.0f}", f"{size / 2**20:.0f} MiB in {shards} shards ({size / n:.0f} B a maze)"))
    if a.one_thread:
        took1, cpu1, _, _ = mazegraph(a.mazegraph, n, 1)
        rows.append(("mazegraph dataset, 1 thread", f"{took1:.1f} s", f"{cpu1:.1f} s", f"{n / cpu1:,.0f}", "the same files"))
    if a.md_python:
        run = subprocess.run([a.md_python, "-c", MAZE_DATASET, str(m)], capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(run.stderr)
        t, tc = map(float, run.stdout.strip().splitlines()[-1].split())
        rows.append((f"maze-dataset 1.4.2 gen_dfs, {m:,} mazes, 1 process", f"{t:.1f} s", f"{tc:.1f} s", f"{m / tc:,.0f}", "in memory (not saved)"))
        rows.append((f"maze-dataset, {n:,} mazes (extrapolated ×{n // m})", f"{t * n / m:,.0f} s", f"{tc * n / m:,.0f} s", f"{m / tc:,.0f}", ""))
        print(f"wall: mazegraph writes the {n:,} mazes {(t * n / m) / took:,.0f}× faster than maze-dataset generates them; CPU: {(tc * n / m) / cpu:,.0f}×")
    print()
    print(f"| {n:,} 10×10 mazes | wall | CPU | mazes per CPU second | on disk |")
    print("|---|---|---|---|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    main()
