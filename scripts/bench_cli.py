#!/usr/bin/env python3
"""Time mazegraph commands end to end (median wall time of N runs and peak RSS of each child,
via os.wait4), and print a Markdown table with each figure's ratio to a named floor.

Usage: scripts/bench_cli.py convert [--runs N] [--shared DIR]
The maze images come from shared/mazes/pound (default: ../shared next to the repo, or
$MAZEGRAPH_SHARED); results go to a temporary directory.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MG = ROOT / "target" / "release" / "mazegraph"


def run(cmd):
    """Runs cmd, returns (wall seconds, peak RSS in MiB, CPU seconds)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    dt = time.perf_counter() - t0
    err = p.stderr.read().decode()
    p.stderr.close()
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"failed: {' '.join(map(str, cmd))}\n{err}")
    return dt, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


def measure(cmd, runs):
    samples = [run(cmd) for _ in range(runs)]
    return (statistics.median(s[0] for s in samples), max(s[1] for s in samples),
            statistics.median(s[2] for s in samples))


def machine():
    cpu = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores"


def convert_suite(shared, tmp):
    pound = shared / "mazes" / "pound"
    rows = []
    for name in ["perfect2k.png", "perfect4k.png"]:
        src = pound / name
        if not src.exists():
            print(f"(skipping {src}: not found)", file=sys.stderr)
            continue
        floor = ("decode + re-encode PNG (floor)", [MG, "convert", src, "-o", tmp / "x.png", "-q"])
        cases = [
            ("--to adj", [MG, "convert", src, "-o", tmp / "x.adj", "-q"]),
            ("--junctions --to dot", [MG, "convert", src, "--junctions", "-o", tmp / "x.dot", "-q"]),
            ("--junctions --to adj", [MG, "convert", src, "--junctions", "-o", tmp / "j.adj", "-q"]),
            ("--to graph.json", [MG, "convert", src, "-o", tmp / "x.graph.json", "-q"]),
            ("--to json", [MG, "convert", src, "-o", tmp / "x.json", "-q"]),
        ]
        rows.append((name, floor, cases))
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("suite", choices=["convert"])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--shared", type=Path,
                    default=Path(os.environ.get("MAZEGRAPH_SHARED", ROOT.parent / "shared")))
    args = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    print(f"Machine: {machine()}; {args.runs} runs each, median wall time, peak RSS.\n")
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for name, floor, cases in convert_suite(args.shared, tmp):
            ft, frss, fcpu = measure(floor[1], args.runs)
            print(f"### {name}\n")
            print("| command | wall (s) | CPU (s) | × floor (wall) | peak RSS (MiB) |")
            print("|---|---:|---:|---:|---:|")
            print(f"| {floor[0]} | {ft:.3f} | {fcpu:.3f} | 1.00 | {frss:.0f} |")
            for label, cmd in cases:
                t, rss, cpu = measure(cmd, args.runs)
                size = Path(cmd[cmd.index("-o") + 1]).stat().st_size / 2**20
                print(f"| convert {label} ({size:.0f} MiB out) | {t:.3f} | {cpu:.3f} | {t / ft:.2f} | {rss:.0f} |")
            print()


if __name__ == "__main__":
    main()
