#!/usr/bin/env python3
"""Issue 14's figures, side by side in one run: solving a big maze picture against merely decoding
and re-encoding it, and the 100001² maze generated and solved. With --before BIN, an older build
runs the same commands in the same loop (alternating with this one), so both columns come from
the same machine at the same time. Median wall and CPU seconds of N runs, peak RSS (os.wait4)
and output size.

  small part (always): a 15001×15001 maze (generate --huge --size 7500x7500 --seed 1);
      floor = convert X.png -o Y.png, solve = solve X.png -o S.png
  --huge: a 100001×100001 maze (10 gigapixels): generate --huge --size 50000x50000 --seed 1,
      then solve it to a PNG; this build's summary line gives the read / solve / write split.
      About 3 minutes a run for both builds, 5 GB of disk.

Usage: scripts/bench_scale.py [--before BIN] [--runs 5] [--huge] [--huge-runs 1] [--dir DIR]
"""
import argparse
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MG = ROOT / "target" / "release" / "mazegraph"
# Both builds get the same limits: the older one needs them raised for the 10-gigapixel maze.
LIMITS = ["--max-cells", "20000000000", "--max-memory", "40G"]


def measure(cmd, output):
    """Wall, CPU, peak RSS (from wait4), stdout and the size of `output` after one run."""
    t0 = time.perf_counter()
    p = subprocess.Popen([str(c) for c in cmd], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # wait4 before communicate would deadlock on a full pipe: the outputs here are short lines.
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    out = p.stdout.read().decode()
    err = p.stderr.read().decode()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(map(str, cmd))}\n{err}")
    size = os.path.getsize(output) / 1e6
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out, size


def table(rows, runs):
    print("| build | command | wall (s) | CPU (s) | peak RSS (MiB) | output (MB) |")
    print("|---|---|---:|---:|---:|---:|")
    for (build, name), results in rows.items():
        wall = statistics.median(r[0] for r in results)
        cpu = statistics.median(r[1] for r in results)
        rss = max(r[2] for r in results)
        print(f"| {build} | {name} | {wall:.2f} | {cpu:.2f} | {rss:.0f} | {results[-1][4]:.0f} |")
    print(f"\n(medians of {runs} run(s); RSS: the largest)\n")


def side_by_side(builds, commands, runs):
    """Runs every (build, command) `runs` times, interleaved; returns the results by key."""
    rows = {}
    for _ in range(runs):
        for build, binary in builds:
            for name, args, output in commands:
                r = measure([binary, *args], output)
                rows.setdefault((build, name), []).append(r)
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--before", type=Path, help="an older mazegraph binary to compare with")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--huge", action="store_true", help="also the 100001² maze")
    ap.add_argument("--huge-runs", type=int, default=1)
    ap.add_argument("--dir", type=Path, help="where the mazes go (default: a temporary directory)")
    a = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    builds = [("after", MG)]
    if a.before:
        builds.insert(0, ("before", a.before.resolve()))
    with tempfile.TemporaryDirectory(dir=a.dir) as d:
        d = Path(d)
        print(f"machine: {os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f}\n")
        maze = d / "m15k.png"
        subprocess.run([MG, "generate", "--huge", "--size", "7500x7500", "--seed", "1", "-q",
                        "-o", maze], check=True)
        print(f"## 15001×15001 maze ({os.path.getsize(maze) / 1e6:.0f} MB 1-bit PNG)\n")
        commands = [
            ("decode + re-encode (floor)", ["convert", maze, "-o", d / "floor.png", "-q"],
             d / "floor.png"),
            ("solve → PNG", ["solve", maze, "-o", d / "solved.png"], d / "solved.png"),
        ]
        rows = side_by_side(builds, commands, a.runs)
        table(rows, a.runs)
        for build, _ in builds:
            floor = statistics.median(r[0] for r in rows[(build, commands[0][0])])
            solve = statistics.median(r[0] for r in rows[(build, commands[1][0])])
            line = rows[(build, commands[1][0])][-1][3].strip()
            print(f"- {build}: solve / floor = **{solve / floor:.2f}×** wall; last summary: `{line}`")
        print()
        if not a.huge:
            return
        print("## 100001×100001 maze (50000² rooms, 10 gigapixels)\n")
        # Each build generates its own copy, so that both are timed.
        rows = {}
        for _ in range(a.huge_runs):
            for build, binary in builds:
                huge = d / f"huge-{build}.png"
                solved = d / f"solved-{build}.png"
                g = measure([binary, "generate", "--huge", "--size", "50000x50000", "--seed", "1",
                             "-q", "-o", huge, *LIMITS], huge)
                rows.setdefault((build, "generate --huge"), []).append(g)
                s = measure([binary, "solve", huge, "-o", solved, *LIMITS], solved)
                rows.setdefault((build, "solve → PNG"), []).append(s)
                print(f"- {build}: generate {g[0]:.1f} s + solve {s[0]:.1f} s = "
                      f"**{g[0] + s[0]:.1f} s**; summary: `{s[3].strip()}`", flush=True)
                solved.unlink()
        print()
        table(rows, a.huge_runs)


if __name__ == "__main__":
    main()
