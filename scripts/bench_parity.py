#!/usr/bin/env python3
"""Parity game solvers side by side: `mazegraph solve-game` with tangle learning (the default)
and with Zielonka's algorithm, against Oink's solvers (built from source: see BENCHMARKS.md),
on the recursive ladder (Zielonka's exponential family), random games and every .pg file of the
shared games. In one run, game by game, the solvers take turns.

Each figure is the median whole-process wall time of --runs runs (reading, solving, and for
mazegraph verifying with its checker; Oink writes its solution with -o, mazegraph prints its
summary). In parentheses, the solving time the tool itself reports (mazegraph: "solved in", Oink:
"total solving time", which includes its preprocessing). A solver whose first run exceeds --cap
seconds is stopped and shown as "> cap"; on the next larger game of the same family it is not
run again.

Winners are compared: mazegraph's default solution (-o .sol) against its Zielonka solution and
against each Oink solution, vertex by vertex; and each Oink solution (winners and strategies) is
verified by `mazegraph solve-game --check`. Any disagreement is printed loudly and the script
exits with status 1.

Usage:
  scripts/bench_parity.py [--oink PATH] [--mazegraph PATH] [--runs 3] [--cap 120] [--quick]

--oink defaults to $OINK, else /work/oink-build/oink; when absent Oink is skipped. --mazegraph
defaults to $CARGO_TARGET_DIR/release/mazegraph, else target/release/mazegraph (build it with
`cargo build --release`). --quick: small sizes only (a smoke test of the script).
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FAMILIES = ROOT / "scripts" / "parity_families.py"
OURS = [("tangle", "mazegraph tl"), ("zielonka", "mazegraph zielonka")]
OINK_SOLVERS = ["tl", "npp", "zlk"]


def default_mazegraph():
    target = os.environ.get("CARGO_TARGET_DIR")
    base = Path(target) if target else ROOT / "target"
    return base / "release" / "mazegraph"


def run(cmd, cap):
    """(wall seconds, stdout) or None past the cap; raises on failure."""
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=cap,
                           text=True)
    except subprocess.TimeoutExpired:
        return None
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, cmd))} failed ({p.returncode}): "
                           f"{(p.stderr or p.stdout).strip()[-300:]}")
    return wall, p.stdout


def measure(cmd, runs, cap, inner):
    """Median wall time and median self-reported solving time, or None past the cap."""
    walls, solves = [], []
    for _ in range(runs):
        r = run(cmd, cap)
        if r is None:
            return None
        walls.append(r[0])
        m = inner.search(r[1])
        if m:
            solves.append(float(m.group(1)))
    return statistics.median(walls), (statistics.median(solves) if solves else None)


def winners(path):
    """Winner per vertex from a paritysol file."""
    w = {}
    for stmt in Path(path).read_text().split(";"):
        parts = stmt.split()
        if not parts or parts[0] == "paritysol":
            continue
        w[int(parts[0])] = int(parts[1])
    return w


def edge_count(path):
    """Number of edges of a .pg file (successor lists, duplicates included)."""
    m = 0
    for stmt in Path(path).read_text().split(";"):
        parts = stmt.split()
        if len(parts) >= 4 and parts[0] not in ("parity", "start"):
            m += len([t for t in parts[3].split(",") if t])
    return m


def games(work, quick, shared):
    """(family, label, path, vertices) in order; generated games are cached in `work`."""
    out = []
    ladders = [200, 2000] if quick else [2000, 20000, 200000]
    randoms = [(1000, 1, 5)] if quick else [(1000, 1, 5), (10000, 1, 5), (100000, 1, 5)]
    for n in ladders:
        p = work / f"recursiveladder_{n}.pg"
        if not p.exists():
            subprocess.run([sys.executable, FAMILIES, "recursiveladder", "-n", str(n), "-o", p],
                           check=True)
        out.append(("ladder", f"recursive ladder {n}", p, n))
    for n, lo, hi in randoms:
        p = work / f"random_{n}_{lo}_{hi}.pg"
        if not p.exists():
            subprocess.run([sys.executable, FAMILIES, "random", "-n", str(n), "--degree",
                            str(lo), str(hi), "--seed", "1", "-o", p], check=True)
        out.append(("random", f"random {n} (prio 0..{n}, out {lo}..{hi})", p, n))
    if shared.is_dir():
        for p in sorted(shared.rglob("*.pg")):
            out.append((f"shared:{p.name}", f"{p.parent.name}/{p.name}", p, None))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--oink", default=os.environ.get("OINK", "/work/oink-build/oink"))
    ap.add_argument("--mazegraph", default=str(default_mazegraph()))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cap", type=float, default=120.0)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--shared", default=str(ROOT.parent / "shared" / "games")
                    if (ROOT.parent / "shared" / "games").is_dir() else "/work/shared/games")
    ap.add_argument("--work", help="where generated games are kept (default: a temporary dir)")
    a = ap.parse_args()
    mg = Path(a.mazegraph)
    if not mg.exists():
        sys.exit(f"no mazegraph binary at {mg}: cargo build --release")
    oink = Path(a.oink) if a.oink and Path(a.oink).exists() else None
    if oink is None:
        print(f"(Oink not found at {a.oink}: skipped; give --oink PATH or OINK=PATH)\n")
    tmp = tempfile.TemporaryDirectory()
    work = Path(a.work) if a.work else Path(tmp.name)
    work.mkdir(parents=True, exist_ok=True)
    sol_dir = Path(tmp.name)
    ours_inner = re.compile(r"solved in ([0-9.]+) s")
    oink_inner = re.compile(r"total solving time: ([0-9.]+) sec")

    columns = [label for _, label in OURS] + ([f"oink {s}" for s in OINK_SOLVERS] if oink else [])
    print(f"median of {a.runs} runs, whole-process wall seconds (in parentheses: the tool's own "
          f"solving time); cap {a.cap:.0f} s\n")
    print("| game | vertices | edges | " + " | ".join(columns) + " | winners |")
    print("|---|---:|---:|" + "---:|" * len(columns) + "---|")
    over_cap = set()  # (family, column): too slow on a smaller game of the family
    problems = []
    for family, label, path, _ in games(work, a.quick, Path(a.shared)):
        n_edges = edge_count(path)
        cells = []
        for name, col in OURS:
            if (family, col) in over_cap:
                cells.append(f"> {a.cap:.0f}")
                continue
            r = measure([mg, "solve-game", path, "--method", name], a.runs, a.cap,
                        ours_inner)
            if r is None:
                over_cap.add((family, col))
                cells.append(f"> {a.cap:.0f}")
            else:
                cells.append(f"{r[0]:.3f} ({r[1]:.3f})" if r[1] is not None else f"{r[0]:.3f}")
        # Our solutions, for the comparison (the default one even past the cap, within 5 caps).
        ours_sol = sol_dir / "ours.sol"
        verdict = []
        if run([mg, "solve-game", path, "-o", ours_sol], 5 * a.cap) is None:
            problems.append(f"{label}: no mazegraph solution within {5 * a.cap:.0f} s")
            mine = {}
        else:
            mine = winners(ours_sol)
        if mine and not cells[1].startswith(">"):
            z_sol = sol_dir / "zielonka.sol"
            run([mg, "solve-game", path, "--method", "zielonka", "-o", z_sol], None)
            if winners(z_sol) != mine:
                problems.append(f"{label}: mazegraph tangle and zielonka disagree")
                verdict.append("**tl≠zlk**")
        if oink:
            for s in OINK_SOLVERS:
                col = f"oink {s}"
                if (family, col) in over_cap:
                    cells.append(f"> {a.cap:.0f}")
                    continue
                o_sol = sol_dir / f"oink_{s}.sol"
                r = measure([oink, path, o_sol, f"--{s}"], a.runs, a.cap, oink_inner)
                if r is None:
                    over_cap.add((family, col))
                    cells.append(f"> {a.cap:.0f}")
                    continue
                cells.append(f"{r[0]:.3f} ({r[1]:.3f})" if r[1] is not None else f"{r[0]:.3f}")
                theirs = winners(o_sol)
                if mine and theirs != mine:
                    diff = [v for v in mine if theirs.get(v) != mine[v]]
                    problems.append(f"{label}: oink {s} disagrees on {len(diff)} vertices, "
                                    f"e.g. {diff[:5]}")
                    verdict.append(f"**≠ oink {s}**")
                chk = subprocess.run([mg, "solve-game", path, "--check", o_sol],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                if chk.returncode != 0:
                    problems.append(f"{label}: oink {s}'s solution fails our checker: "
                                    f"{(chk.stdout + chk.stderr).strip()[:200]}")
                    verdict.append(f"**oink {s} refused**")
        if not verdict:
            verdict.append("agree" + (", Oink's verified" if oink else ""))
        print(f"| {label} | {len(mine) or '?'} | {n_edges} | " + " | ".join(cells) + " | "
              + "; ".join(verdict) + " |", flush=True)
    if problems:
        print("\n!!! DISAGREEMENTS !!!", file=sys.stderr)
        for p in problems:
            print("  " + p, file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
