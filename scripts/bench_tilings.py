#!/usr/bin/env python3
"""Tiled mazes (hexagons, triangles, rings, octagons, weaves) against the Python libraries that
make them, side by side in one run (issue 34). BENCHMARKS.md, "Tilings against Python
libraries", has the figures.

For each tiling and size, every maker that can: mazegraph's CLI (`generate --tiling T -o m.json`,
then `solve m.json --json`, two processes, file writing and reading included), mazegraph's
Python package (`mazegraph.generate(..., tiling=T)` and `.solve()`, in one process), and each
Python library found installed, in one fresh process per run (generate, then solve where the
library can solve). Best of --runs wall times; peak resident memory of the process (for Python,
after generating and after solving, with what the interpreter and the library's imports hold
before any maze, "import", given apart).

Needs no network: it only uses what is installed. The libraries are looked for in the Python
running this script and in each --venv; a library found in none is skipped with a note.

    python3 -m venv /tmp/peers && /tmp/peers/bin/pip install the-maze-py==0.3.0 pymaze==1.2.3 polymaze==0.7.0
    cargo build --release
    nice python3 scripts/bench_tilings.py --venv /tmp/peers --venv VENV_WITH_MAZEGRAPH

--quick runs the smaller sizes only; --list says which libraries were found and stops.
"""

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Sizes per tiling: ROWSxCOLS, or rings for theta.
SIZES = {
    "sigma": ["100x100", "300x300", "1000x1000"],
    "delta": ["100x100", "300x300", "1000x1000"],
    "theta": ["50", "200"],
    "upsilon": ["100x100", "300x300", "1000x1000"],
    "weave": ["100x100", "300x300", "1000x1000"],
}
QUICK = {"sigma": ["100x100", "300x300"], "delta": ["100x100"], "theta": ["50"],
         "upsilon": ["100x100"], "weave": ["100x100"]}
ALGORITHMS = ["backtracker", "prim", "kruskal", "wilson"]

# Python libraries: import name, distribution name, what it makes (tiling -> algorithms).
# The algorithm names are mazegraph's; the worker below maps them to each library's own.
LIBRARIES = {
    "mazegraph (Python)": {
        "module": "mazegraph", "dist": None, "solves": True,
        "makes": {"sigma": ALGORITHMS, "delta": ALGORITHMS, "theta": ALGORITHMS,
                  "upsilon": ALGORITHMS, "weave": ["kruskal"]},
    },
    "the-maze-py": {  # a 'Mazes for Programmers' port; imports as mazepy
        "module": "mazepy", "dist": "the-maze-py", "solves": True,
        "makes": {"sigma": ["backtracker", "prim", "wilson"],
                  "delta": ["backtracker", "prim", "kruskal", "wilson"],
                  "theta": ["backtracker", "prim", "wilson"],
                  "weave": ["backtracker", "kruskal"]},
    },
    "pymaze": {  # imports as maze
        "module": "maze.hex", "dist": "pymaze", "solves": True,
        "makes": {"sigma": ["prim"], "delta": ["prim"]},
    },
    "polymaze": {
        "module": "polymaze", "dist": "polymaze", "solves": False,
        "makes": {"sigma": ["backtracker"], "delta": ["backtracker"], "upsilon": ["backtracker"]},
    },
}
# Packages on PyPI that were looked at and cannot take part, and why (printed with --list).
NOT_HERE = {
    "hex-maze 0.0.2": "installs, but `import hex_maze` fails on Python 3.11 (it seeds random "
                      "with a datetime at import); its generator also recurses once per step",
    "pydaedalus 0.1.5": "Daedalus wrapped for Python: does not build on Python 3.11 (its "
                        "generated C++ needs longintrepr.h), and wraps square mazes only",
    "mazelib 0.9.16": "square grids only",
    "mazesforprogrammers-lib 0.1.2": "square grids only (binary tree, sidewinder)",
}

PROBE = """
import importlib, json, sys
from importlib import metadata
out = {"python": sys.version.split()[0], "found": {}}
for name, (module, dist) in json.loads(sys.argv[1]).items():
    try:
        importlib.import_module(module)
    except Exception as e:
        out["found"][name] = {"error": type(e).__name__ + ": " + str(e).splitlines()[0][:120]}
        continue
    try:
        version = metadata.version(dist or module)
    except Exception:
        version = "?"
    out["found"][name] = {"version": version}
print(json.dumps(out))
"""


def worker(spec):
    """Runs in the library's interpreter: one maze generated (and solved), figures as JSON."""
    import random
    import resource

    def rss():
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    class clock:
        """Times a phase: out[name] wall seconds, out[name + "_cpu"] CPU seconds."""

        def __init__(self, name):
            self.name = name

        def __enter__(self):
            self.t, self.c = time.perf_counter(), time.process_time()

        def __exit__(self, *exc):
            out[self.name] = time.perf_counter() - self.t
            out[self.name + "_cpu"] = time.process_time() - self.c

    lib, tiling, size, algo, seed = spec["lib"], spec["tiling"], spec["size"], spec["algo"], spec["seed"]
    dims = [int(x) for x in size.split("x")]
    random.seed(seed)
    out = {}
    if lib == "mazegraph (Python)":
        import mazegraph
        out["import_rss"] = rss()
        with clock("generate"):
            m = mazegraph.generate(algo, dims[0] if tiling == "theta" else size, seed, tiling=tiling)
        out["generate_rss"] = rss()
        with clock("solve"):
            s = m.solve()
        out["rooms"], out["length"] = len(m.labels), s.length
    elif lib == "the-maze-py":
        import warnings
        import mazepy as mp
        warnings.simplefilter("ignore")
        from mazepy.algorithms.kruskals import Kruskals, State
        out["import_rss"] = rss()
        gen = clock("generate")
        gen.__enter__()
        if tiling == "sigma":
            g = mp.grids.HexGrid(*dims)
        elif tiling == "delta":
            g = mp.grids.TriangleGrid(*dims)
        elif tiling == "theta":
            g = mp.grids.PolarGrid(dims[0])
        elif algo == "kruskal":  # weave: crossings placed first, as the book does
            from mazepy.grids.weave_grid import PreconfiguredWeaveGrid
            g = PreconfiguredWeaveGrid(*dims)
        else:
            g = mp.grids.WeaveGrid(*dims)
        if tiling == "weave" and algo == "kruskal":
            state = State(g)
            for _ in range(g.size):
                state.add_crossing(g[random.randint(1, g.rows - 2), random.randint(1, g.columns - 2)])
            Kruskals(g, state)
        else:
            {"backtracker": mp.algorithms.RecursiveBacktrack, "prim": mp.algorithms.Prims,
             "kruskal": mp.algorithms.Kruskals, "wilson": mp.algorithms.Wilsons}[algo](g)
        gen.__exit__()
        out["generate_rss"] = rss()
        cells = list(g.each_cell())  # a weave's under-crossings are cells here: not counted
        out["rooms"] = len(cells) if tiling == "theta" else dims[0] * dims[1]
        links = sum(len(c.links()) for c in cells) // 2
        assert links == len(cells) - 1, (links, len(cells))  # a spanning tree
        start = g[0, 0]
        goal = g[dims[0] - 1, 0] if tiling == "theta" else g[dims[0] - 1, dims[1] - 1]
        with clock("solve"):
            path = start.distances().path_to(goal)
        out["length"] = len(path.cells) - 1
    elif lib == "pymaze":
        import maze.randomized_prim as rp
        from maze.hex import HexMaze
        from maze.tri import TriMaze
        out["import_rss"] = rss()
        rng = random.Random(seed)
        with clock("generate"):
            m = (HexMaze if tiling == "sigma" else TriMaze)(dims[1], dims[0])
            rp.initialize(m, rng.randrange)
        out["generate_rss"] = rss()
        out["rooms"] = dims[0] * dims[1]
        with clock("solve"):
            path = list(m.walk_path((0, 0), (dims[1] - 1, dims[0] - 1)))
        out["length"] = len(path) - 1
    elif lib == "polymaze":
        from polymaze import maze, polygrid, shapes
        out["import_rss"] = rss()
        kind = {"sigma": "Hexagon", "delta": "Triangle", "upsilon": "OctaDiamond"}[tiling]
        with clock("generate"):
            g = polygrid.PolyGrid(supershape=shapes.supershapes_dict()[kind])
            for r in range(dims[0]):
                for c in range(dims[1]):
                    g.create((r, c))
            m = maze.Maze(g)  # a depth-first carve, entrance and exit on the border
        out["generate_rss"] = rss()
        out["rooms"] = sum(1 for _ in g.shapes())
        assert len(m.entrance_exit_pairs()) == 1
    else:
        raise SystemExit(f"unknown library {lib}")
    out["rss"] = rss()
    print(json.dumps(out))


GNU_TIME = "/usr/bin/time"


def spawn(cmd, timeout):
    """Runs cmd with its output in files; returns (seconds, peak RSS MiB, exit code, stdout,
    stderr, CPU seconds or None), or None past the timeout (the process killed).

    A process forked from this one starts with this one's peak RSS on Linux (the count survives
    exec), so the peak is taken from GNU time, a small process that forks the command, when
    it is there; else from the command's own high-water mark (VmHWM), read until it exits."""
    gnu = os.access(GNU_TIME, os.X_OK)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r") as peak:
        t0 = time.perf_counter()
        p = subprocess.Popen(([GNU_TIME, "-f", "%M %U %S", "-o", peak.name] if gnu else []) + cmd,
                             stdout=out, stderr=err)
        r = wait(p, t0, timeout)
        if r is None:
            return None
        cpu = None
        if gnu:
            words = peak.read().split()
            if len(words) >= 3:
                r = (r[0], int(words[-3]) / 1024, r[2])
                cpu = float(words[-2]) + float(words[-1])
        out.seek(0)
        err.seek(0)
        return r + (out.read().decode(), err.read().decode(), cpu)


def last_line(text, code):
    lines = text.strip().splitlines()
    return "error: " + (lines[-1][:100] if lines else f"exit {code}")


def wait(p, t0, timeout):
    """Waits for p started at t0; returns (seconds, peak RSS MiB, exit code) or None past the
    timeout. The peak is the process's VmHWM as last read before it ended."""
    hwm = 0
    while True:
        pid, status, _ = os.wait4(p.pid, os.WNOHANG)
        if pid:
            return time.perf_counter() - t0, hwm / 1024, os.waitstatus_to_exitcode(status)
        if time.perf_counter() - t0 > timeout:
            p.kill()
            os.wait4(p.pid, 0)
            return None
        try:
            with open(f"/proc/{p.pid}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        hwm = max(hwm, int(line.split()[1]))
        except OSError:
            pass
        time.sleep(0.002)


def run_cli(binary, tiling, size, algo, seed, timeout, d):
    """mazegraph's CLI: generate to JSON, then solve it; two processes."""
    path = os.path.join(d, f"{tiling}-{size}-{algo}.json")
    gen = [binary, "generate", "--tiling", tiling, "--size", size, "-a", algo, "--seed", str(seed),
           "-o", path, "--quiet"]
    g = spawn(gen, timeout)
    if g is None:
        return "timeout"
    if g[2] != 0:
        return last_line(g[4], g[2])
    s = spawn([binary, "solve", path, "--json"], timeout)
    if s is None:
        return "timeout"
    if s[2] != 0:
        return last_line(s[4], s[2])
    rooms = len(json.load(open(path))["open"]) + 1  # a perfect maze: a tree
    os.unlink(path)
    return {"generate": g[0], "solve": s[0], "generate_cpu": g[5], "solve_cpu": s[5],
            "generate_rss": g[1], "rss": max(g[1], s[1]),
            "rooms": rooms, "length": json.loads(s[3])["length"]}


def run_py(python, lib, tiling, size, algo, seed, timeout):
    spec = json.dumps({"lib": lib, "tiling": tiling, "size": size, "algo": algo, "seed": seed})
    r = spawn([python, __file__, "--worker", spec], timeout)
    if r is None:
        return "timeout"
    if r[2] != 0:
        return last_line(r[4], r[2])
    res = json.loads(r[3].strip().splitlines()[-1])
    res["peak"] = r[1]
    return res


def best(results):
    """Best of the runs' times, the highest peak memory."""
    agg = dict(results[0])
    for k in ("generate", "solve", "generate_cpu", "solve_cpu"):
        if agg.get(k) is not None:
            agg[k] = min(r[k] for r in results)
    for k in ("generate_rss", "rss", "import_rss"):
        if k in agg:
            agg[k] = max(r[k] for r in results)
    agg["runs"] = len(results)
    return agg


def probe(pythons):
    """Which library imports in which interpreter: {lib: (python, version)}, notes."""
    want = json.dumps({k: (v["module"], v["dist"]) for k, v in LIBRARIES.items()})
    where, notes, versions = {}, {}, {}
    for py in pythons:
        r = subprocess.run([py, "-c", PROBE, want], capture_output=True, text=True)
        if r.returncode != 0:
            notes[py] = "does not run: " + r.stderr.strip()[-200:]
            continue
        info = json.loads(r.stdout)
        versions[py] = info["python"]
        for lib, f in info["found"].items():
            if lib in where:
                continue
            if "error" in f:
                notes.setdefault(lib, f"{py}: {f['error']}")
            else:
                where[lib] = (py, f["version"])
    return where, notes, versions


def machine():
    model = "?"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    return f"{model}, {os.cpu_count()} cores, {mem:.0f} GiB, {platform.system()} {platform.release()}"


def parse(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default=str(ROOT / "target" / "release" / "mazegraph"),
                    help="the mazegraph binary (default: target/release/mazegraph)")
    ap.add_argument("--venv", action="append", default=[],
                    help="a virtual environment to look for the libraries in (repeatable)")
    ap.add_argument("--runs", type=int, default=3, help="best of N runs (default 3)")
    ap.add_argument("--repeat-under", type=float, default=20,
                    help="repeat a measurement only while one run takes under S seconds (default 20)")
    ap.add_argument("--timeout", type=float, default=120,
                    help="seconds per run; a maker that times out skips its larger sizes (default 120)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tilings", default=",".join(SIZES), help="comma-separated (default: all)")
    ap.add_argument("--algorithms", default=",".join(ALGORITHMS), help="comma-separated")
    ap.add_argument("--makers", help="comma-separated: cli, python (mazegraph's), or library "
                    "names (default: all found)")
    ap.add_argument("--quick", action="store_true", help="the smaller sizes only")
    ap.add_argument("--list", action="store_true", help="say which libraries are found, and stop")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    a.tilings = [t for t in a.tilings.split(",") if t]
    a.algorithms = [x for x in a.algorithms.split(",") if x]
    bad = [t for t in a.tilings if t not in SIZES] + [x for x in a.algorithms if x not in ALGORITHMS]
    if bad:
        ap.error(f"unknown tiling or algorithm: {', '.join(bad)} (tilings: {', '.join(SIZES)}; "
                 f"algorithms: {', '.join(ALGORITHMS)})")
    names = {"cli": "mazegraph (CLI)", "python": "mazegraph (Python)"}
    if a.makers is not None:
        a.makers = [names.get(m, m) for m in a.makers.split(",") if m]
        unknown = [m for m in a.makers if m not in LIBRARIES and m != names["cli"]]
        if unknown:
            ap.error(f"unknown maker: {', '.join(unknown)} (cli, python, {', '.join(list(LIBRARIES)[1:])})")
    if a.runs < 1:
        ap.error("--runs must be at least 1")
    return a


def pythons_of(a):
    out = [sys.executable]
    for v in a.venv:
        py = Path(v) / "bin" / "python"
        if not py.exists():
            raise SystemExit(f"bench_tilings: error: no {py}")
        out.append(str(py))
    return out


def timed(b, phase):
    """Wall seconds, with the CPU seconds when known."""
    if b.get(phase) is None:
        return "—"
    cpu = b.get(phase + "_cpu")
    return fmt(b[phase]) + ("" if cpu is None else f" ({fmt(cpu)})")


def fmt(x):
    if x is None:
        return "—"
    return "<0.01" if x < 0.005 else f"{x:.2f}" if x < 10 else f"{x:.1f}"


def main(argv=None):
    a = parse(argv)
    if a.worker:
        worker(json.loads(a.worker))
        return
    where, notes, versions = probe(pythons_of(a))
    have_cli = os.access(a.bin, os.X_OK)
    print(f"machine: {machine()}")
    print(f"date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; "
          f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if have_cli:
        v = subprocess.run([a.bin, "--version"], capture_output=True, text=True).stdout.strip()
        print(f"mazegraph CLI: {a.bin} ({v})")
    else:
        print(f"mazegraph CLI: skipped, no executable {a.bin} (cargo build --release)")
    for lib in LIBRARIES:
        if lib in where:
            py, ver = where[lib]
            print(f"found: {lib} {ver} (Python {versions[py]}, {py})")
        else:
            print(f"skipped: {lib}: not installed here" + (f" ({notes[lib]})" if lib in notes else ""))
    for name, why in NOT_HERE.items():
        print(f"not benchmarked: {name}: {why}")
    if a.list:
        return
    makers = (["mazegraph (CLI)"] if have_cli else []) + [lib for lib in LIBRARIES if lib in where]
    makers = [m for m in makers if a.makers is None or m in a.makers]
    sizes = QUICK if a.quick else SIZES
    rows, timed_out = [], set()
    issue = None
    with tempfile.TemporaryDirectory() as d:
        for tiling in a.tilings:
            for size in sizes[tiling]:
                for algo in a.algorithms:
                    for maker in makers:
                        spec = LIBRARIES.get(maker, LIBRARIES["mazegraph (Python)"])
                        if algo not in spec["makes"].get(tiling, []):
                            continue
                        key = (maker, tiling, algo)
                        if key in timed_out:
                            rows.append((tiling, size, algo, maker, f"skipped (over {a.timeout:.0f} s at a smaller size)"))
                            continue
                        results = []
                        while len(results) < a.runs:
                            if maker == "mazegraph (CLI)":
                                r = run_cli(a.bin, tiling, size, algo, a.seed + len(results), a.timeout, d)
                            else:
                                r = run_py(where[maker][0], maker, tiling, size, algo, a.seed + len(results), a.timeout)
                            if isinstance(r, str):
                                break
                            results.append(r)
                            if r["generate"] + r.get("solve", 0) > a.repeat_under:
                                break
                        if isinstance(r, str) and not results:
                            if r == "timeout":
                                timed_out.add(key)
                                r = f"over {a.timeout:.0f} s"
                            rows.append((tiling, size, algo, maker, r))
                            print(f"  {tiling} {size} {algo} {maker}: {r}", flush=True)
                            continue
                        b = best(results)
                        rows.append((tiling, size, algo, maker, b))
                        print(f"  {tiling} {size} {algo} {maker}: generate {fmt(b['generate'])} s, "
                              f"solve {fmt(b.get('solve'))} s, peak {b['rss']:.0f} MiB, "
                              f"{b['rooms']} rooms, best of {b['runs']}", flush=True)
                        if (maker, tiling, size, algo) == ("mazegraph (CLI)", "sigma", "1000x1000", "backtracker"):
                            issue = b
    print(f"\nload average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}\n")
    print("| tiling | size | algorithm | maker | rooms | generate s (CPU) | solve s (CPU) | "
          "peak MiB (import) | path |")
    print("|---|---|---|---|---:|---:|---:|---:|---:|")
    for tiling, size, algo, maker, b in rows:
        if isinstance(b, str):
            print(f"| {tiling} | {size} | {algo} | {maker} | | {b} | | | |")
            continue
        mem = f"{b['rss']:.0f}" + (f" ({b['import_rss']:.0f})" if "import_rss" in b else "")
        length = b.get("length", "—")
        print(f"| {tiling} | {size} | {algo} | {maker} | {b['rooms']:,} | "
              f"{timed(b, 'generate')} | {timed(b, 'solve')} | {mem} | {length} |")
    if issue:
        total = issue["generate"] + issue["solve"]
        print(f"\nissue 34's check: a 1000x1000 hex maze (10^6 rooms) by the CLI: generate "
              f"{issue['generate']:.2f} s + solve {issue['solve']:.2f} s = {total:.2f} s wall "
              f"({'under' if total < 2 else 'NOT under'} 2 s)")


if __name__ == "__main__":
    main()
