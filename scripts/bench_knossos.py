#!/usr/bin/env python3
"""`mazegraph generate` against the knossos crate's CLI, same algorithm and size, both writing a
text grid with one-cell walls (knossos: `game-map --span 1`). Median wall time of N runs, CPU
time and peak RSS (os.wait4). Installs knossos into target/knossos when missing.

With --before BIN, an older mazegraph build runs each algorithm in the same loop, and the table
gains its time and speed-up: both builds measured side by side, one run after the other.

Usage: scripts/bench_knossos.py [--size 1000] [--runs 3] [--timeout 300] [--before BIN]
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
KN_ROOT = ROOT / "target" / "knossos"
KN = KN_ROOT / "bin" / "knossos"
PAIRS = [  # (mazegraph, knossos)
    ("backtracker", "recursive-backtracking"), ("kruskal", "kruskal"), ("prim", "prim"),
    ("eller", "eller"), ("hunt-and-kill", "hunt-and-kill"), ("growing-tree", "growing-tree"),
    ("binary-tree", "binary-tree"), ("sidewinder", "sidewinder"),
    ("aldous-broder", "aldous-broder"), ("division", "recursive-division"),
]


def run(cmd, timeout):
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = t0 + timeout
    while True:
        pid, status, usage = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() > deadline:
            p.kill()
            os.wait4(p.pid, 0)
            return None
        time.sleep(0.01)
    if os.waitstatus_to_exitcode(status) != 0:
        return "crashed"
    return time.perf_counter() - t0, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def measure(cmd, runs, timeout):
    out = []
    for _ in range(runs):
        r = run(cmd, timeout)
        if r is None or r == "crashed":
            return r
        out.append(r)
    return (statistics.median(x[0] for x in out), statistics.median(x[1] for x in out),
            max(x[2] for x in out))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--before", type=Path, help="an older mazegraph binary, measured alongside")
    ap.add_argument("--only", help="comma-separated mazegraph algorithm names")
    a = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    if not KN.exists():
        subprocess.run(["cargo", "install", "knossos", "--quiet", "--root", KN_ROOT], check=True)
    n = a.size
    print(f"{n}x{n} rooms, {a.runs} runs, median wall / CPU seconds, peak RSS MiB; "
          f"'>T' = over the {a.timeout:.0f} s limit\n")
    before = ("| before wall | speed-up before ", "|---:|---:") if a.before else ("", "")
    print(f"| algorithm {before[0]}| mazegraph wall | CPU | RSS | knossos wall | CPU | RSS | "
          "speed-up (wall) |")
    print(f"|---{before[1]}|---:|---:|---:|---:|---:|---:|---:|")
    pairs = [p for p in PAIRS if not a.only or p[0] in a.only.split(",")]
    with tempfile.TemporaryDirectory() as d:
        for ours, theirs in pairs:
            args = ["generate", "-a", ours, "--size", f"{n}x{n}", "--seed", "1", "-q", "-o"]
            b = measure([a.before, *args, f"{d}/b.txt"], a.runs, a.timeout) if a.before else None
            m = measure([MG, *args, f"{d}/m.txt"], a.runs, a.timeout)
            k = measure([KN, "generate", "-A", theirs, "-W", str(n), "-H", str(n), "--seed", "1",
                         "game-map", "--span", "1", "-O", f"{d}/k.txt"], a.runs, a.timeout)
            def cell(r):
                if r == "crashed":
                    return "crashed | | "
                return f"{r[0]:.2f} | {r[1]:.2f} | {r[2]:.0f}" if r else f">{a.timeout:.0f} | | "
            ok_m, ok_k = isinstance(m, tuple), isinstance(k, tuple)
            sp = (f"{k[0] / m[0]:.1f}×" if ok_m and ok_k
                  else f">{a.timeout / m[0]:.0f}×" if ok_m and k is None else "—")
            fm, fk = cell(m), cell(k)
            fb = ""
            if a.before:
                ok_b = isinstance(b, tuple)
                fb = (f"{b[0]:.2f} | " + (f"{k[0] / b[0]:.1f}× " if ok_b and ok_k else "— ")
                      if ok_b else "— | — ") + "| "
            print(f"| {ours} | {fb}{fm} | {fk} | {sp} |", flush=True)


if __name__ == "__main__":
    main()
