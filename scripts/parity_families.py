#!/usr/bin/env python3
"""Parity game families in PGSolver's .pg format (standard library only), for tests and
benchmarks of `mazegraph solve-game`:

  recursiveladder  Friedmann's recursive ladder (PGSolver's `recursiveladder`): levels of five
                   vertices whose priorities grow with the level; built to make Zielonka's
                   recursive algorithm take exponential time. `--vertices V` gives about V
                   vertices (5·k for k = V / 5 levels).
  ladder           PGSolver's `laddergame`: 2k vertices in a ring, vertex i of priority i and
                   owner i mod 2, edges i → i+1 and i → i+2 (mod 2k).
  jurdzinski       PGSolver's `jurdzinskigame h w`: the games of Jurdziński's lower bound for small
                   progress measures (STACS 2000), h levels of width w: 2w+1 + (h-1)(3w+1)
                   vertices. `--vertices V` gives a square game (h = w, 3w² vertices) of
                   about V vertices; with `--height H`, the width that gives about V.
  random           PGSolver's `randomgame n p l h`: n vertices, priorities uniform in 0..=p
                   (default p = n), owners by coin flip, out-degree uniform in l..=h, distinct
                   uniform targets (self-loops allowed), from a seed.

Usage:
  scripts/parity_families.py recursiveladder --vertices 2000 -o ladder2000.pg
  scripts/parity_families.py ladder --vertices 1000 -o ring.pg
  scripts/parity_families.py random --vertices 10000 --degree 1 5 --seed 7 -o r.pg
  scripts/parity_families.py jurdzinski --vertices 29403 -o j.pg    # h = w = 99

Without -o the game goes to standard output.
"""
import argparse
import random
import sys


def recursive_ladder(vertices):
    """Friedmann's recursive ladder with k = max(2, vertices // 5) levels: 5k vertices.

    Level i has priority base p = 3(i + 1) + 2 and players swapped on odd levels. Its three
    "rung" vertices (priorities p, p-1, p-2) link to the rungs of the next level; its two
    "rail" vertices (the level's lowest priorities) link back to the previous level's rungs.
    The first level has no rails, the last no rungs. Returns (owner, priority, successors)."""
    k = max(2, vertices // 5)
    height = k + 1
    n = 5 * height - 5
    owner = [0] * n
    prio = [0] * n
    succ = [[] for _ in range(n)]
    for i in range(height):
        base = 5 * i - 2  # vertex of slot j is base + j
        p = 3 * (i + 1) + 2
        first, last, before_last = i == 0, i == height - 1, i == height - 2
        side = i % 2
        rail = 1 - side

        def put(j, pr, pl, targets):
            v = base + j
            prio[v] = pr
            owner[v] = (side + pl) % 2
            succ[v] = [base + t for t in targets]

        if not first:
            put(0, rail, 1, [3 - 5, 1])
            put(1, rail, 0, [0] if last else [0, 2])
        if not last:
            put(2, p, 1, [5 + 1, 3])
            put(3, p - 1, 0, ([] if first else [3 - 5]) + ([] if before_last else [5 + 3]) + [4])
            put(4, p - 2, 1, [3, 5 + 1])
    return owner, prio, succ


def ladder_ring(vertices):
    """PGSolver's laddergame with 2k = vertices (rounded up to even) vertices."""
    n = max(2, vertices + vertices % 2)
    owner = [i % 2 for i in range(n)]
    prio = list(range(n))
    succ = [[(i + 1) % n, (i + 2) % n] for i in range(n)]
    return owner, prio, succ


def jurdzinski(height, width):
    """Jurdziński's game of height h >= 1 and width w >= 1, as PGSolver's `jurdzinskigame h w`
    builds it: the vertices reachable from L(0,0).

    Level 0 alternates L(0,j) (player 0, priority 0), j = 0..w, and R(0,j) (player 1, priority
    1), j < w: L(0,j) moves to R(0,j-1) and R(0,j); R(0,j) to L(0,j), L(0,j+1) and to R(i,j) of
    every higher level i = 1..h-1. Level i >= 1 has L(i,j) (player 1, priority 2i), j = 0..w,
    R(i,j) (player 0, priority 2i) and A(i,j) (player 0, priority 2i+1), j < w: L(i,j) moves to
    R(i,j-1), A(i,j) and R(i,j) (L(i,w) only to R(i,w-1)); A(i,j) to R(i,j); R(i,j) to L(i,j),
    L(i,j+1) and back to R(0,j). Returns (owner, priority, successors), vertices numbered
    level by level."""
    h, w = max(1, height), max(1, width)
    ids = {}

    def vid(kind, i, j):
        return ids.setdefault((kind, i, j), len(ids))

    for i in range(h):
        for j in range(w + 1):
            vid("L", i, j)
            if j < w:
                if i > 0:
                    vid("A", i, j)
                vid("R", i, j)
    n = len(ids)
    owner, prio, succ = [0] * n, [0] * n, [[] for _ in range(n)]
    for (kind, i, j), v in ids.items():
        if i == 0:
            owner[v], prio[v] = (0, 0) if kind == "L" else (1, 1)
        else:
            owner[v] = {"L": 1, "R": 0, "A": 0}[kind]
            prio[v] = 2 * i + (kind == "A")
        if kind == "L":
            t = [("R", i, j - 1)] if j > 0 else []
            if j < w:
                t += ([("A", i, j)] if i > 0 else []) + [("R", i, j)]
        elif kind == "A":
            t = [("R", i, j)]
        elif i == 0:
            t = [("L", 0, j), ("L", 0, j + 1)] + [("R", k, j) for k in range(1, h)]
        else:
            t = [("L", i, j), ("L", i, j + 1), ("R", 0, j)]
        succ[v] = sorted(ids[x] for x in t)
    return owner, prio, succ


def jurdzinski_size(height, vertices):
    """(h, w) of a game of about `vertices` vertices: square (h = w, 3w² vertices) without
    `height`, else the width that gives `height` levels about that many."""
    if height is None:
        w = max(1, round((vertices / 3) ** 0.5))
        return w, w
    h = max(1, height)
    return h, max(1, round((vertices - 1 - (h - 1)) / (2 + 3 * (h - 1))))


def random_game(vertices, max_prio, lo, hi, seed):
    """Like PGSolver's randomgame: priorities in 0..=max_prio, owners by coin flip, out-degree
    uniform in lo..=hi (capped at n), distinct uniform targets."""
    r = random.Random(seed)
    n = max(1, vertices)
    owner = [r.randrange(2) for _ in range(n)]
    prio = [r.randint(0, max_prio) for _ in range(n)]
    succ = []
    for _ in range(n):
        d = min(n, r.randint(lo, hi))
        succ.append(sorted(r.sample(range(n), d)))
    return owner, prio, succ


def write_pg(out, owner, prio, succ):
    n = len(owner)
    lines = [f"parity {n - 1};\n"]
    for v in range(n):
        lines.append(f"{v} {prio[v]} {owner[v]} {','.join(map(str, succ[v]))};\n")
    out.write("".join(lines))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("family", choices=["recursiveladder", "ladder", "random", "jurdzinski"])
    ap.add_argument("--vertices", "-n", type=int, required=True, help="about this many vertices")
    ap.add_argument("--max-priority", type=int, help="random: largest priority (default: n)")
    ap.add_argument("--degree", type=int, nargs=2, default=[1, 5], metavar=("L", "H"),
                    help="random: out-degree range (default 1 5)")
    ap.add_argument("--seed", type=int, default=1, help="random: seed (default 1)")
    ap.add_argument("--height", type=int,
                    help="jurdzinski: number of levels h (default: as many as the width)")
    ap.add_argument("-o", "--output", help="the .pg file (default: standard output)")
    a = ap.parse_args()
    if a.vertices < 1:
        ap.error("--vertices must be at least 1")
    if a.family == "recursiveladder":
        game = recursive_ladder(a.vertices)
    elif a.family == "ladder":
        game = ladder_ring(a.vertices)
    elif a.family == "jurdzinski":
        if a.height is not None and a.height < 1:
            ap.error("--height must be at least 1")
        game = jurdzinski(*jurdzinski_size(a.height, a.vertices))
    else:
        lo, hi = a.degree
        if not 1 <= lo <= hi:
            ap.error("--degree needs 1 <= L <= H")
        mp = a.vertices if a.max_priority is None else a.max_priority
        game = random_game(a.vertices, mp, lo, hi, a.seed)
    if a.output:
        with open(a.output, "w") as f:
            write_pg(f, *game)
    else:
        write_pg(sys.stdout, *game)


if __name__ == "__main__":
    main()
