"""Mazes as cell grids ('#' wall, '.' path; R x C rooms make (2R+1) x (2C+1) cells, rooms at
(odd, odd)), shared by the picture corpus scripts (make_picture_corpus.py, make_hard_pictures.py):
an empty grid, a seeded recursive backtracker, loops that leave no post bare, and the grid's
invariants."""


def empty_grid(rows, cols):
    g = [["#"] * (2 * cols + 1) for _ in range(2 * rows + 1)]
    for i in range(rows):
        for j in range(cols):
            g[2 * i + 1][2 * j + 1] = "."
    return g


def backtracker(rows, cols, rng):
    """Recursive backtracker (iterative, depth first) drawing from `rng` (a random.Random):
    long corridors, few junctions."""
    g = empty_grid(rows, cols)
    seen = [[False] * cols for _ in range(rows)]
    start = (rng.randrange(rows), rng.randrange(cols))
    seen[start[0]][start[1]] = True
    stack = [start]
    while stack:
        i, j = stack[-1]
        nbrs = [
            (i + di, j + dj)
            for di, dj in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= i + di < rows and 0 <= j + dj < cols and not seen[i + di][j + dj]
        ]
        if not nbrs:
            stack.pop()
            continue
        ni, nj = rng.choice(nbrs)
        g[i + ni + 1][j + nj + 1] = "."
        seen[ni][nj] = True
        stack.append((ni, nj))
    return g


def add_loops(g, count, rng):
    """Removes up to `count` interior walls (loops), never leaving a post without a wall; returns
    how many it removed."""
    h, w = len(g), len(g[0])
    cands = [(r, c) for r in range(1, h - 1) for c in range(1, w - 1)
             if (r + c) % 2 == 1 and g[r][c] == "#"]
    rng.shuffle(cands)

    def post_walls(r, c):
        return sum(1 for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                   if 0 <= r + dr < h and 0 <= c + dc < w and g[r + dr][c + dc] == "#")

    done = 0
    for r, c in cands:
        if done == count:
            break
        posts = [(r - 1, c), (r + 1, c)] if r % 2 == 1 else [(r, c - 1), (r, c + 1)]
        if all(post_walls(pr, pc) >= 2 for pr, pc in posts):
            g[r][c] = "."
            done += 1
    return done


def check_grid(g):
    h, w = len(g), len(g[0])
    assert h % 2 == 1 and w % 2 == 1
    for r in range(h):
        for c in range(w):
            if r % 2 == 1 and c % 2 == 1:
                assert g[r][c] == "."
            if r % 2 == 0 and c % 2 == 0:
                assert g[r][c] == "#"
            on_border = r in (0, h - 1) or c in (0, w - 1)
            if on_border and g[r][c] == ".":
                assert (r + c) % 2 == 1
            if r % 2 == 0 and c % 2 == 0:  # no bare post
                assert any(
                    0 <= r + dr < h and 0 <= c + dc < w and g[r + dr][c + dc] == "#"
                    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                ), (r, c)


def spanning_tree(start, neighbours, rng):
    """A random depth-first spanning tree from `start` over any graph: `neighbours(v)` lists
    v's neighbours in a fixed order, `rng` (a random.Random) picks among the unseen ones. Returns
    the tree's edges as frozensets of two vertices (for theta and hex mazes)."""
    carved = set()
    seen = {start}
    stack = [start]
    while stack:
        cur = stack[-1]
        cand = [v for v in neighbours(cur) if v not in seen]
        if not cand:
            stack.pop()
            continue
        v = rng.choice(cand)
        carved.add(frozenset((cur, v)))
        seen.add(v)
        stack.append(v)
    return carved


def wall_runs(g):
    """Maximal runs of '#' along the even rows, then the even columns, that hold at least one
    wall (not a post alone), as ((r0, c0), (r1, c1)) cell coordinates, in reading order."""
    h, w = len(g), len(g[0])
    out = []
    for r in range(0, h, 2):
        c = 0
        while c < w:
            if g[r][c] == "#":
                c0 = c
                while c + 1 < w and g[r][c + 1] == "#":
                    c += 1
                if c > c0:
                    out.append(((r, c0), (r, c)))
            c += 1
    for c in range(0, w, 2):
        r = 0
        while r < h:
            if g[r][c] == "#":
                r0 = r
                while r + 1 < h and g[r + 1][c] == "#":
                    r += 1
                if r > r0:
                    out.append(((r0, c), (r, c)))
            r += 1
    return out
