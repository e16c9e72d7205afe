#!/usr/bin/env python3
"""Parity game solvers side by side, one markdown table per game family: `mazegraph
solve-game` with its default method and with each method (pp, tangle, rtl, fpj, zielonka), against
the best of several of Oink's solvers, on Oink's lower-bound families (counter_*, tc, tc+), Oink's
steady games, Friedmann's recursive ladder, Jurdziński's games, random games and the shared
SYNTCOMP games.

Each figure is the median whole-process wall time, in seconds, of --runs interleaved runs
(round by round, every solver once per round in an order shuffled for each round, game by
game): reading, solving and writing the
solution (mazegraph also verifies it with its checker, as `solve-game` always does; Oink writes
its solution). A run past --cap seconds is stopped and shown as "> cap"; that solver is then not
run on the larger games of the family. A solver whose first run takes more than --once-above
seconds is not run again on that game (its figure is that one run, marked ¹).

"oink best" is the fastest of Oink's solvers (tl, rtl, npp, pp, zlk, psi, fpj: --oink-solvers)
on that game, with its name; "default / oink" is the ratio of mazegraph's default to it, and "default / tangle" the ratio of
the default to mazegraph's own tangle learning (an upper bound "< x" when tangle learning was
stopped at the cap).

Winners are compared vertex by vertex between every solver that finished (mazegraph's methods
and Oink's solvers), and every Oink solution (winners and strategies) is verified by `mazegraph
solve-game --check`. Any disagreement or refused solution is printed loudly and the script
exits with status 1.

Oink (github.com/trolando/oink; Apache-2.0) is not part of this repository: build it yourself
from its own sources. The script needs, in one folder (--oink-dir), Oink's `oink` binary and its
generators (Oink's extra tools) stgame, counter_rr, counter_dp, counter_m, counter_core,
counter_rob, counter_symsi, counter_ortl, counter_qpt, tc and tc+. (BENCHMARKS.md's figures were
taken with Oink at commit 0a4a37f9c1c1a2d9109bd3af9705d6baac547a31 and Lace v1.4.1.) At that
commit the `oink` tool reads games through a map of their priorities that is quadratic in the
number of distinct priorities: on random games (about one priority a vertex) its reading is
most of its time from 10^5 vertices on (BENCHMARKS.md, "the 10⁷-vertex game beside Oink").

Usage (from the repository's root; `cargo build --release` first):

  scripts/bench_parity.py --oink-dir OINK_DIR               # the benchmark (~25 min)
  scripts/bench_parity.py --oink-dir OINK_DIR --quick       # a smoke run (~1-2 min)
  scripts/bench_parity.py --only counter_rr,tc              # some families

--oink-dir defaults to $OINK_DIR: the folder of the `oink` binary and the generators. Without
it, or without the `oink` binary there, the Oink columns are left out; without a family's
generator, that family is measured on its committed instances (tests/games/oink-families/,
made by Oink's generators) instead, with a note. --shared is the shared folder's games/
directory, whose syntcomp/*.pg are measured as one family when present: default
$MAZEGRAPH_SHARED/games, else ../shared/games beside the repository. --mazegraph defaults to
$CARGO_TARGET_DIR/release/mazegraph, else target/release/mazegraph. Generated games are kept in
--work (default: a temporary directory). Oink's steady games (stgame) are random and Oink's
generator takes no seed: each run of the script makes new ones unless --work keeps them.
"""
import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FAMILIES_PY = ROOT / "scripts" / "parity_families.py"
COMMITTED = ROOT / "tests" / "games" / "oink-families"
METHODS = [("default", []), ("pp", ["--method", "pp"]), ("tangle", ["--method", "tangle"]),
           ("rtl", ["--method", "rtl"]), ("fpj", ["--method", "fpj"]),
           ("zielonka", ["--method", "zielonka"])]
OINK_SOLVERS = "tl,rtl,npp,pp,zlk,psi,fpj"

# family: (generator, what it is, quick sizes, benchmark sizes). A generator "oink:TOOL ARGS"
# runs Oink's TOOL with the size and ARGS; "ours:FAMILY ARGS" runs scripts/parity_families.py.
FAMILIES = {
    "counter_rr": ("oink:counter_rr", "Oink's counterexample to its RR solver (priority "
                   "promotion)", [4, 16], [32, 64, 4096]),
    "counter_dp": ("oink:counter_dp", "Oink's counterexample to its DP solver (priority "
                   "promotion)", [4, 16], [16, 32, 4096]),
    "counter_m": ("oink:counter_m", "Gazda's counterexample (PhD thesis, sec. 3.5)",
                  [4, 16], [32, 64, 4096]),
    "counter_core": ("oink:counter_core", "Benerecetti, Dell'Erba, Mogavero: robust "
                     "exponential worst cases for divide et impera (GandALF 2017)",
                     [4, 16], [128, 384, 1024]),
    "counter_rob": ("oink:counter_rob", "counter_core made of SCCs", [4, 8], [32, 64, 128]),
    "counter_symsi": ("oink:counter_symsi", "Maat's counterexample to symmetric strategy "
                      "improvement", [4, 16], [128, 384, 1024]),
    "counter_ortl": ("oink:counter_ortl", "Oink's counterexample to its ORTL solver (one-sided "
                     "recursive tangle learning)", [4, 16], [16, 32, 4096]),
    "counter_qpt": ("oink:counter_qpt", "Fearnley et al.'s counterexample to quasi-polynomial "
                    "progress measures (SPIN 2017)", [4, 16], [512, 4096, 32768]),
    "tc": ("oink:tc", "van Dijk's two binary counters (GandALF 2019): exponential for many "
           "algorithms, tangle learning included", [4, 8], [8, 12, 16]),
    "tc+": ("oink:tc+", "two counters modified to defeat recursive tangle learning (RTL)",
            [4, 8], [8, 16, 32]),
    "stgame": ("oink:stgame 1 5 1 5", "Oink's steady random games (`stgame N 1 5 1 5`: out- "
               "and in-degree 1..5; unseeded)", [100, 1000], [1000, 10000, 100000]),
    "recursive ladder": ("ours:recursiveladder", "Friedmann's recursive ladder "
                         "(scripts/parity_families.py recursiveladder --vertices N)",
                         [200, 2000], [2000, 20000, 200000]),
    "jurdzinski": ("ours:jurdzinski", "Jurdziński's small-progress-measures games, square "
                   "(PGSolver's jurdzinskigame w w, 3w² vertices; scripts/parity_families.py "
                   "jurdzinski --vertices N)", [1200, 4800], [29403, 88752, 238572]),
    "random": ("ours:random --degree 1 5 --seed 1", "PGSolver's randomgame N N 1 5 "
               "(scripts/parity_families.py random --vertices N --degree 1 5 --seed 1)",
               [1000], [1000, 10000, 100000]),
}


def default_mazegraph():
    target = os.environ.get("CARGO_TARGET_DIR")
    base = Path(target) if target else ROOT / "target"
    return base / "release" / "mazegraph"


def shown(path):
    """A path as printed: relative to the current directory when that is shorter (so tables
    pasted into BENCHMARKS.md name no folder of the machine they were taken on)."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return str(path)
    return rel if len(rel) < len(str(path)) else str(path)


def default_shared_games():
    """$MAZEGRAPH_SHARED/games, else the shared folder beside the repository (../shared/games)."""
    shared = os.environ.get("MAZEGRAPH_SHARED")
    if shared:
        return str(Path(shared) / "games")
    return shown(ROOT.parent / "shared" / "games")


def run(cmd, cap):
    """Wall seconds, or None past the cap; raises on failure."""
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
    return wall


def winners(path):
    """Winner per vertex from a paritysol file."""
    w = {}
    for stmt in Path(path).read_text().split(";"):
        parts = stmt.split()
        if not parts or parts[0] == "paritysol":
            continue
        w[int(parts[0])] = int(parts[1])
    return w


def size_of(path):
    """(vertices, edges) of a .pg file (successor lists, duplicates included)."""
    n = m = 0
    for stmt in Path(path).read_text().split(";"):
        parts = stmt.split()
        if len(parts) >= 4 and parts[0] not in ("parity", "start"):
            n += 1
            m += len([t for t in parts[3].split(",") if t])
    return n, m


def dead_ends(path):
    """Whether a .pg file has a vertex without successors."""
    for stmt in Path(path).read_text().split(";"):
        parts = stmt.split()
        if len(parts) == 3 and parts[0] not in ("parity", "start"):
            return True
    return False


def family_games(name, spec, sizes, oink_dir, work, notes):
    """(label, path) of the family's games at `sizes`; committed instances when the
    generator is absent; [] with a note when there are none."""
    gen, _, _, _ = spec
    kind, _, rest = gen.partition(":")
    tool, *args = rest.split()
    out = []
    if kind == "oink":
        exe = oink_dir / tool if oink_dir else None
        if exe is None or not exe.is_file():
            files = sorted(COMMITTED.glob(f"{tool}-*.pg"),
                           key=lambda p: int(p.stem.rsplit("-", 1)[1]))
            if files:
                notes.append(f"{name}: generator `{tool}` not found; measured on the committed "
                             f"instances in {COMMITTED.relative_to(ROOT)}")
            else:
                notes.append(f"{name}: generator `{tool}` not found; skipped")
            return [(f"{name} {p.stem.rsplit('-', 1)[1]}", p) for p in files]
        for n in sizes:
            p = work / f"{tool}-{n}.pg"
            # stgame sometimes leaves a vertex without successors, which Oink's reader
            # refuses: such a game is drawn again.
            for _ in range(20):
                if p.exists() and not dead_ends(p):
                    break
                with open(p, "w") as f:
                    subprocess.run([exe, str(n), *args], stdout=f, check=True)
            out.append((f"{name} {n}", p))
    else:
        for n in sizes:
            p = work / f"{tool}-{n}.pg"
            if not p.exists():
                subprocess.run([sys.executable, FAMILIES_PY, tool, "--vertices", str(n),
                                *args, "-o", p], check=True)
            out.append((f"{name} {n}", p))
    return out


def solvers(mg, oink, oink_solvers, before=None):
    """(column, command maker: (game, solution) -> argv), mazegraph's first (with the default
    of another build, `before`, second when given)."""
    out = [(f"mg {m}", lambda g, s, a=a: [mg, "solve-game", g, *a, "-o", s]) for m, a in METHODS]
    if before:
        out.insert(1, ("mg before", lambda g, s: [before, "solve-game", g, "-o", s]))
    if oink:
        out += [(f"oink {o}", lambda g, s, o=o: [oink, g, s, f"--{o}"]) for o in oink_solvers]
    return out


def sol_path(sol_dir, col):
    return sol_dir / (col.replace(" ", "_").replace("+", "p") + ".sol")


def measure_game(path, cols, runs, cap, once_above, skip, sol_dir, errors):
    """Per column: "cap", "skip" (past the cap on a smaller game), "error", or
    (median wall, number of runs, solution path)."""
    walls = {c: [] for c, _ in cols}
    state = {c: "skip" if c in skip else "run" for c, _ in cols}
    # Each round in its own order: a program timed right after one that ran for seconds starts
    # on cold caches (and, on a virtual machine, may wait for an idle core to wake), and a fixed
    # order would always put the same one there.
    order = random.Random(path.name)
    for r in range(runs):
        for col, cmd in order.sample(cols, len(cols)):
            if state[col] != "run" or (r > 0 and walls[col][0] > once_above):
                continue
            try:
                w = run(cmd(path, sol_path(sol_dir, col)), cap)
            except RuntimeError as e:
                errors.append(f"{path.name}: {col}: {e}")
                state[col] = "error"
                continue
            if w is None:
                state[col] = "cap"
            else:
                walls[col].append(w)
    return {c: (statistics.median(walls[c]), len(walls[c]), sol_path(sol_dir, c))
            if state[c] == "run" else state[c] for c, _ in cols}


def done(cell):
    return isinstance(cell, tuple)


def fmt(cell, cap, runs):
    if cell == "error":
        return "error"
    if not done(cell):
        return f"> {cap:g}"
    t, n, _ = cell
    return f"{t:.3f}" + ("¹" if n < runs else "")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--oink-dir", default=os.environ.get("OINK_DIR"),
                    help="folder of Oink's `oink` binary and generators (default: $OINK_DIR)")
    ap.add_argument("--oink-solvers", default=OINK_SOLVERS)
    ap.add_argument("--mazegraph", default=str(default_mazegraph()))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cap", type=float, default=20.0)
    ap.add_argument("--once-above", type=float, default=2.0)
    ap.add_argument("--quick", action="store_true", help="small sizes only (a smoke run)")
    ap.add_argument("--only", help="comma-separated families (names as in the tables)")
    ap.add_argument("--shared", default=default_shared_games(),
                    help="the shared folder's games/ directory: its syntcomp/*.pg are measured "
                    "as one family when present (default: $MAZEGRAPH_SHARED/games, else "
                    "../shared/games beside the repository)")
    ap.add_argument("--work", help="where generated games are kept (default: a temporary dir)")
    ap.add_argument("--before", help="another mazegraph binary: its default method is measured "
                    "too, in the column \"mg before\"")
    ap.add_argument("--busy", type=int, default=0, metavar="N",
                    help="keep N processes spinning during the run, each in its own session "
                    "(as other users' work is): a busy machine")
    a = ap.parse_args()
    mg = Path(a.mazegraph)
    if not mg.exists():
        sys.exit(f"no mazegraph binary at {mg}: cargo build --release")
    oink_dir = Path(a.oink_dir) if a.oink_dir and Path(a.oink_dir).is_dir() else None
    oink = oink_dir / "oink" if oink_dir and (oink_dir / "oink").is_file() else None
    notes = []
    if oink is None:
        where = f"in {a.oink_dir}" if a.oink_dir else "(no --oink-dir or OINK_DIR given)"
        notes.append(f"Oink not found {where}: its solvers are left out "
                     "(--oink-dir DIR or OINK_DIR=DIR)")
    tmp = tempfile.TemporaryDirectory()
    work = Path(a.work) if a.work else Path(tmp.name)
    work.mkdir(parents=True, exist_ok=True)
    sol_dir = Path(tmp.name) / "sol"
    sol_dir.mkdir(exist_ok=True)
    oink_solvers = [s for s in a.oink_solvers.split(",") if s]
    before = Path(a.before) if a.before else None
    if before and not before.exists():
        sys.exit(f"no mazegraph binary at {before}")
    cols = solvers(mg, oink, oink_solvers, before)
    methods = [f"mg {m}" for m, _ in METHODS[1:]]
    only = set(a.only.split(",")) if a.only else None

    plan = []  # (family, description, [(label, path)])
    for name, spec in FAMILIES.items():
        if only and name not in only:
            continue
        sizes = spec[2] if a.quick else spec[3]
        games = family_games(name, spec, sizes, oink_dir, work, notes)
        if games:
            plan.append((name, spec[1], games))
    syntcomp = Path(a.shared) / "syntcomp"
    if (not only or "syntcomp" in only) and syntcomp.is_dir():
        files = sorted(syntcomp.glob("*.pg"))
        plan.append(("syntcomp", f"SYNTCOMP games ({syntcomp})",
                     [(p.stem, p) for p in (files[:3] if a.quick else files)]))

    started = time.perf_counter()
    print(f"Median of {a.runs} interleaved runs, whole-process wall seconds; cap {a.cap:g} s "
          f"per run (\"> {a.cap:g}\": stopped, and not run on the family's larger games); ¹: one "
          f"run (the first took over {a.once_above:g} s). mazegraph: {shown(mg)}"
          + (f"; before: {shown(before)}" if before else "")
          + (f"; Oink: {oink} (best of {', '.join(oink_solvers)})" if oink else "")
          + (f"; {a.busy} spinning processes beside" if a.busy else "") + ".\n")
    for note in notes:
        print(f"note: {note}")
    if notes:
        print()
    problems, errors = [], []
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"],
                                 start_new_session=True) for _ in range(a.busy)]
    try:
        measure_plan(plan, cols, oink, methods, a, sol_dir, mg, problems, errors)
    finally:
        for sp in spinners:
            sp.kill()
            sp.wait()
    for e in errors:
        print(f"note: failed: {e}")
    print(f"({time.perf_counter() - started:.0f} s in all)")
    if problems:
        print("\n!!! DISAGREEMENTS !!!", file=sys.stderr)
        for p in problems:
            print("  " + p, file=sys.stderr)
        sys.exit(1)


def measure_plan(plan, cols, oink, methods, a, sol_dir, mg, problems, errors):
    """Measures every game of `plan` and prints one table per family."""
    for family, description, games in plan:
        print(f"#### {family}\n\n{description}.\n")
        head = ["game", "vertices", "edges"] + [c for c, _ in cols if c.startswith("mg ")]
        head += ["default / tangle", "default / best method"]
        if oink:
            head += ["oink best", "default / oink"]
        print("| " + " | ".join(head) + " | winners |")
        print("|---|---:|---:|" + "---:|" * (len(head) - 3) + "---|")
        over = set()  # columns past the cap on a smaller game of this family
        for label, path in games:
            n, m = size_of(path)
            res = measure_game(path, cols, a.runs, a.cap, a.once_above, over, sol_dir, errors)
            over |= {c for c, r in res.items() if r in ("cap", "skip")}
            cells = [fmt(res[c], a.cap, a.runs) for c, _ in cols if c.startswith("mg ")]
            # The default against tangle learning alone (the other bound: within 2×).
            d, t = res["mg default"], res["mg tangle"]
            if done(d) and done(t):
                cells.append(f"{d[0] / t[0]:.2f}×" if t[0] > 0 else "—")
            elif done(d):
                cells.append(f"< {d[0] / a.cap:.2g}×")
            else:
                cells.append("—")
            # The portfolio's cost over the best single method that finished.
            best_mg = [res[c][0] for c in methods if done(res[c])]
            if done(d) and best_mg and min(best_mg) > 0:
                cells.append(f"{d[0] / min(best_mg):.2f}×")
            else:
                cells.append("—")
            verdict = []
            # Winners: every solver that finished against the first one that did.
            finished = [(c, winners(r[2])) for c, r in res.items() if done(r)]
            for c, w in finished[1:]:
                ref_col, ref = finished[0]
                if w != ref:
                    diff = [v for v in ref if w.get(v) != ref[v]]
                    problems.append(f"{label}: {c} and {ref_col} disagree on {len(diff)} "
                                    f"vertices, e.g. {diff[:5]}")
                    verdict.append(f"**{c} ≠ {ref_col}**")
            ours = [(c, r) for c, r in res.items() if c.startswith("oink ") and done(r)]
            for c, r in ours:
                chk = subprocess.run([mg, "solve-game", path, "--check", r[2]],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                if chk.returncode != 0:
                    problems.append(f"{label}: {c}'s solution fails our checker: "
                                    f"{(chk.stdout + chk.stderr).strip()[:200]}")
                    verdict.append(f"**{c} refused**")
            if oink:
                if ours:
                    best, who = min((r[0], c[5:]) for c, r in ours)
                    cells.append(f"{best:.3f} ({who})")
                    d = res["mg default"]
                    if done(d):
                        cells.append(f"{d[0] / best:.2f}×")
                    else:
                        cells.append(f"> {a.cap / best:.0f}×" if best > 0 else "—")
                elif all(r == "error" for c, r in res.items() if c.startswith("oink ")):
                    cells += ["error (all)", "—"]
                else:
                    cells += [f"> {a.cap:g} (all)", "—"]
            if not finished:
                verdict.append("no solver finished")
            elif len(finished) == 1 and not verdict:
                verdict.append(f"only {finished[0][0]} finished"
                               + (", verified by our checker" if ours else ""))
            elif not verdict:
                verdict.append(f"{len(finished)} agree" + (", Oink's verified" if ours else ""))
            print(f"| {label} | {n} | {m} | " + " | ".join(cells) + " | " + "; ".join(verdict)
                  + " |", flush=True)
        print()


if __name__ == "__main__":
    main()
