#!/usr/bin/env python3
"""Writes the maze-picture corpus: tests/pictures/ (good pictures, each NAME.EXT with its ground
truth NAME.txt), tests/pictures/bad/ (pictures that are not grid mazes, no .txt) and
tests/pictures/MANIFEST.tsv. Deterministic: fixed seeds, no dates or tool versions written into
the files. Run by hand to regenerate the committed fixtures; the tests only read them.

How to run (from the repository root):

    apt-get install -y imagemagick                       # ImageMagick 6 (convert) or 7 (magick)
    python3 -m venv /tmp/corpusvenv
    /tmp/corpusvenv/bin/pip install pillow numpy matplotlib
    /tmp/corpusvenv/bin/python scripts/make_picture_corpus.py

Options: --out DIR (default tests/pictures), --check-only (re-check the files already there).
Needs Pillow, numpy, matplotlib and ImageMagick's convert (found as `magick`, else
/usr/bin/convert, else a `convert` on PATH that says it is ImageMagick: a `convert` earlier on
PATH, e.g. /usr/local/bin/convert, may be a stand-in). Byte-identical output needs the same
versions (made with Python 3.11, Pillow 13.0.0, numpy 2.4.6, matplotlib 3.11.2, ImageMagick
6.9.11-60 Q16); other versions give equivalent pictures with the same ground truth, and the
built-in check below tells whether they still match it. Takes about 2 seconds.

Ground truth (NAME.txt): the maze's cell grid, one line per row, '#' wall and '.' path. R x C rooms
make (2R+1) x (2C+1) cells: rooms at (odd, odd) are always path, posts at (even, even) always
wall, the cells between two rooms are wall or passage, the border is wall except openings (a '.'
on the border next to a border room). No post is ever left without a wall touching it.

MANIFEST.tsv columns: name, file (relative to tests/pictures), program, style, rooms (RxC),
pitch_px, wall_px, margin_px, notes. Coordinates are continuous with the picture's left/top edge
at 0 (pixel i spans [i, i+1)). pitch_px = distance between the centres of consecutive wall lines
(in x; the notes give the y pitch where it differs); wall_px = the wall lines' thickness;
margin_px = distance from the picture's left edge to the outer edge of the maze's left border
wall (the notes give the top margin where it differs). So the centre of cell column c is at
x = margin_px + wall_px/2 + c*pitch_px/2. For pictures that were resized after drawing, the
numbers are the drawn ones times the actual scale factor (output size / input size). '-' where
not meaningful (bad pictures).

After writing, every good picture is checked against its ground truth: the pixel at the centre
of every cell (rooms, posts, walls, passages, openings) is classified as the nearest of the
picture's known colours (wall, background, marks), and must be wall exactly where the grid says
'#'.
"""
import argparse
import random
import shutil
import subprocess
import sys
import tempfile
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import maze_grids  # noqa: E402
from maze_grids import check_grid, empty_grid  # noqa: E402

import numpy as np
from PIL import Image, ImageDraw, ImageFont

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.collections import LineCollection  # noqa: E402
from matplotlib.patches import Circle  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# ----------------------------------------------------------------------------------------------
# Mazes as cell grids


def backtracker(rows, cols, seed):
    """Recursive backtracker (iterative, depth first): long corridors, few junctions."""
    return maze_grids.backtracker(rows, cols, random.Random(seed))


def kruskal(rows, cols, seed):
    """Randomised Kruskal: many short dead ends."""
    rng = random.Random(seed)
    g = empty_grid(rows, cols)
    parent = list(range(rows * cols))

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    walls = [(i, j, 0) for i in range(rows) for j in range(cols - 1)]
    walls += [(i, j, 1) for i in range(rows - 1) for j in range(cols)]
    rng.shuffle(walls)
    for i, j, down in walls:
        a, b = i * cols + j, (i + down) * cols + (j + 1 - down)
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
            g[2 * i + 1 + down][2 * j + 2 - down] = "."
    return g


def add_loops(g, count, seed):
    """Removes `count` interior walls (so the maze has loops), never leaving a post bare."""
    done = maze_grids.add_loops(g, count, random.Random(seed))
    assert done == count, "not enough removable walls"
    return g


def opening(g, side, k):
    """Opens the border next to border room k of `side` (top/bottom: column k, left/right: row
    k). Returns the opened cell and the room it leads to (as room coordinates)."""
    rows, cols = (len(g) - 1) // 2, (len(g[0]) - 1) // 2
    if side == "top":
        cell, room = (0, 2 * k + 1), (0, k)
    elif side == "bottom":
        cell, room = (2 * rows, 2 * k + 1), (rows - 1, k)
    elif side == "left":
        cell, room = (2 * k + 1, 0), (k, 0)
    else:
        cell, room = (2 * k + 1, 2 * cols), (k, cols - 1)
    g[cell[0]][cell[1]] = "."
    return cell, room


def grid_text(g):
    return "".join("".join(row) + "\n" for row in g)


def solution_cells(g, room_a, room_b):
    """Shortest path of cells from room_a to room_b (room coordinates), BFS."""
    h, w = len(g), len(g[0])
    a = (2 * room_a[0] + 1, 2 * room_a[1] + 1)
    b = (2 * room_b[0] + 1, 2 * room_b[1] + 1)
    prev = {a: None}
    q = deque([a])
    while q:
        cur = q.popleft()
        if cur == b:
            break
        r, c = cur
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            nr, nc = r + dr, c + dc
            if 1 <= nr < h - 1 and 1 <= nc < w - 1 and g[nr][nc] == "." and (nr, nc) not in prev:
                prev[(nr, nc)] = cur
                q.append((nr, nc))
    path, cur = [], b
    while cur is not None:
        path.append(cur)
        cur = prev[cur]
    return path[::-1]


def corners(cells):
    """Keeps a path's end points and turning points."""
    out = [cells[0]]
    for p, q, r in zip(cells, cells[1:], cells[2:]):
        if (q[0] - p[0], q[1] - p[1]) != (r[0] - q[0], r[1] - q[1]):
            out.append(q)
    out.append(cells[-1])
    return out


# ----------------------------------------------------------------------------------------------
# Geometry: (ox, oy, px, py, w) = margin x/y (picture edge to the border wall's outer edge),
# pitch x/y, wall thickness. The centre of cell (r, c) is at
# (ox + w/2 + c*px/2, oy + w/2 + r*py/2).


def cell_centre(geo, r, c):
    ox, oy, px, py, w = geo
    return ox + w / 2 + c * px / 2, oy + w / 2 + r * py / 2


def wall_mask(g, pitch, wall, margin):
    """Integer rasterisation: wall line k spans [margin + k*pitch, margin + k*pitch + wall), the
    room between lines k and k+1 spans the rest of the pitch. Returns a bool array (True = wall)
    of (2*margin + R*pitch + wall) rows and (2*margin + C*pitch + wall) columns."""
    a = np.array([[ch == "#" for ch in row] for row in g], dtype=bool)

    def index_map(ncells):
        n = (ncells - 1) // 2
        size = 2 * margin + n * pitch + wall
        idx = np.full(size, -1, dtype=np.int64)
        for k in range(n + 1):
            x = margin + k * pitch
            idx[x : x + wall] = 2 * k
            if k < n:
                idx[x + wall : x + pitch] = 2 * k + 1
        return idx

    ri, ci = index_map(a.shape[0]), index_map(a.shape[1])
    m = a[np.clip(ri, 0, None)][:, np.clip(ci, 0, None)]
    m[ri < 0, :] = False
    m[:, ci < 0] = False
    return m


def paint(mask, wall_rgb, bg_rgb):
    img = np.empty(mask.shape + (3,), dtype=np.uint8)
    img[...] = bg_rgb
    img[mask] = wall_rgb
    return img


def wall_runs(g):
    """Wall lines as segments in cell units (x = c/2, y = r/2 for cell (r, c)): maximal runs of
    '#' along even rows and even columns that contain at least one wall (not only posts)."""
    return [((c0 / 2, r0 / 2), (c1 / 2, r1 / 2)) for (r0, c0), (r1, c1) in maze_grids.wall_runs(g)]


def page_of(g):
    return (len(g) - 1) // 2, (len(g[0]) - 1) // 2


# ----------------------------------------------------------------------------------------------
# Tools


def find_imagemagick():
    # /usr/bin first: a `convert` earlier on PATH may be a wrapper or a stand-in
    cands = [shutil.which("magick"), "/usr/bin/convert", "/usr/bin/convert-im6.q16"]
    cands += [shutil.which(n) for n in ("convert", "convert-im6.q16")]
    cands = [p for p in cands if p]
    for p in cands:
        try:
            out = subprocess.run([p, "-version"], capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if out.returncode == 0 and "ImageMagick" in out.stdout:
            return p
    sys.exit("make_picture_corpus: ImageMagick not found (apt-get install -y imagemagick)")


IM = None
PNG_NODATE = ["-define", "png:exclude-chunks=date,time"]


def im(*args):
    cmd = [IM] + [str(a) for a in args]
    subprocess.run(cmd, check=True)


def write_pbm(g, path):
    """The cell grid at one pixel per cell, 1 = black (wall)."""
    h, w = len(g), len(g[0])
    lines = ["P1", f"{w} {h}"] + [" ".join("1" if ch == "#" else "0" for ch in row) for row in g]
    Path(path).write_text("\n".join(lines) + "\n")


def save_mpl(fig, path, dpi, **kw):
    if str(path).endswith(".png"):
        kw["metadata"] = {"Software": None}  # no version string: byte-stable output
    fig.savefig(path, dpi=dpi, **kw)
    plt.close(fig)


# ----------------------------------------------------------------------------------------------
# Fixtures. Each returns a dict: file, program, style, grid, geo, colours (for the check), notes.

FIXTURES = []


def fixture(fn):
    FIXTURES.append(fn)
    return fn


def openings_note(cells):
    if not cells:
        return "closed border (no opening)"
    return "openings at cells " + " ".join(f"({r},{c})" for r, c in cells)


def line_maze(g, pitch, wall, margin, wall_rgb, bg_rgb):
    mask = wall_mask(g, pitch, wall, margin)
    return paint(mask, wall_rgb, bg_rgb)


@fixture
def pil_line_closed_gray(out, tmp):
    g = backtracker(8, 10, 101)
    img = line_maze(g, 12, 1, 0, (0, 0, 0), (255, 255, 255))
    Image.fromarray(img).convert("L").save(out / "pil_line_closed_gray.png")
    return dict(file="pil_line_closed_gray.png", program="pillow",
                style="line maze, 1 px black lines, no margin, grayscale PNG",
                grid=g, geo=(0, 0, 12, 12, 1), wall=(0, 0, 0), bg=(255, 255, 255),
                notes="closed border (no opening); maze touches the picture edge")


@fixture
def pil_line_open_rgb(out, tmp):
    g = backtracker(12, 16, 102)
    o = [opening(g, "top", 0)[0], opening(g, "bottom", 15)[0]]
    img = line_maze(g, 16, 2, 10, (0, 0, 0), (255, 255, 255))
    Image.fromarray(img).save(out / "pil_line_open_rgb.png")
    return dict(file="pil_line_open_rgb.png", program="pillow",
                style="line maze, 2 px black lines, RGB PNG",
                grid=g, geo=(10, 10, 16, 16, 2), wall=(0, 0, 0), bg=(255, 255, 255),
                notes=openings_note(o))


@fixture
def pil_line_maroon_palette(out, tmp):
    g = backtracker(9, 13, 103)
    o = [opening(g, "left", 0)[0], opening(g, "right", 8)[0]]
    wall, bg = (128, 24, 32), (255, 255, 255)
    img = line_maze(g, 20, 3, 40, wall, bg)
    pal = Image.fromarray(img).quantize(colors=2, method=Image.Quantize.MEDIANCUT,
                                        dither=Image.Dither.NONE)
    pal.save(out / "pil_line_maroon_palette.png")
    return dict(file="pil_line_maroon_palette.png", program="pillow",
                style="line maze, 3 px maroon lines, 40 px margin, palette PNG (2 colours)",
                grid=g, geo=(40, 40, 20, 20, 3), wall=wall, bg=bg, notes=openings_note(o))


@fixture
def pil_line_tiny_1bit(out, tmp):
    g = backtracker(30, 40, 104)
    o = [opening(g, "top", 20)[0], opening(g, "bottom", 19)[0]]
    img = line_maze(g, 8, 1, 5, (0, 0, 0), (255, 255, 255))
    Image.fromarray(img).convert("L").convert("1", dither=Image.Dither.NONE).save(
        out / "pil_line_tiny_1bit.png")
    return dict(file="pil_line_tiny_1bit.png", program="pillow",
                style="line maze, 30x40 rooms, 1 px lines, pitch 8, 1-bit PNG",
                grid=g, geo=(5, 5, 8, 8, 1), wall=(0, 0, 0), bg=(255, 255, 255),
                notes=openings_note(o))


@fixture
def pil_line_big_rooms(out, tmp):
    g = backtracker(4, 5, 105)
    o = [opening(g, "top", 0)[0], opening(g, "bottom", 4)[0]]
    img = line_maze(g, 30, 2, 25, (0, 0, 0), (255, 255, 255))
    Image.fromarray(img).save(out / "pil_line_big_rooms.png")
    return dict(file="pil_line_big_rooms.png", program="pillow",
                style="line maze, 4x5 rooms, pitch 30, RGB PNG",
                grid=g, geo=(25, 25, 30, 30, 2), wall=(0, 0, 0), bg=(255, 255, 255),
                notes=openings_note(o))


@fixture
def pil_line_loops_kruskal(out, tmp):
    g = add_loops(kruskal(15, 15, 106), 12, 1106)
    o = [opening(g, "left", 0)[0], opening(g, "right", 14)[0]]
    img = line_maze(g, 14, 2, 12, (0, 0, 0), (255, 255, 255))
    Image.fromarray(img).convert("L").save(out / "pil_line_loops_kruskal.png")
    return dict(file="pil_line_loops_kruskal.png", program="pillow",
                style="line maze, Kruskal with 12 walls removed (loops), grayscale PNG",
                grid=g, geo=(12, 12, 14, 14, 2), wall=(0, 0, 0), bg=(255, 255, 255),
                notes="imperfect (loops); " + openings_note(o))


@fixture
def pil_cream_navy(out, tmp):
    g = backtracker(10, 14, 107)
    o = [opening(g, "top", 0)[0], opening(g, "bottom", 13)[0]]
    wall, bg = (20, 30, 100), (250, 243, 224)
    img = line_maze(g, 18, 3, 20, wall, bg)
    Image.fromarray(img).save(out / "pil_cream_navy.png")
    return dict(file="pil_cream_navy.png", program="pillow",
                style="line maze, dark-blue lines on cream, RGB PNG",
                grid=g, geo=(20, 20, 18, 18, 3), wall=wall, bg=bg, notes=openings_note(o))


@fixture
def pil_grey_page(out, tmp):
    g = backtracker(12, 12, 108)
    o = [opening(g, "left", 0)[0], opening(g, "right", 11)[0]]
    img = line_maze(g, 15, 2, 8, (0, 0, 0), (255, 255, 255))
    grey = (176, 176, 176)
    page = np.empty((img.shape[0] + 80, img.shape[1] + 80, 3), dtype=np.uint8)
    page[...] = grey
    page[40:-40, 40:-40] = img
    Image.fromarray(page).save(out / "pil_grey_page.png")
    return dict(file="pil_grey_page.png", program="pillow",
                style="black-on-white line maze on a grey page, RGB PNG",
                grid=g, geo=(48, 48, 15, 15, 2), wall=(0, 0, 0), bg=(255, 255, 255),
                extra=[grey],
                notes="40 px grey (176) page around an 8 px white margin; " + openings_note(o))


@fixture
def pil_rgba_transparent(out, tmp):
    g = backtracker(10, 10, 109)
    o = [opening(g, "top", 0)[0], opening(g, "bottom", 9)[0]]
    img = line_maze(g, 16, 2, 0, (0, 0, 0), (255, 255, 255))
    m = 24
    rgba = np.zeros((img.shape[0] + 2 * m, img.shape[1] + 2 * m, 4), dtype=np.uint8)
    rgba[m:-m, m:-m, :3] = img
    rgba[m:-m, m:-m, 3] = 255
    Image.fromarray(rgba, "RGBA").save(out / "pil_rgba_transparent.png")
    return dict(file="pil_rgba_transparent.png", program="pillow",
                style="line maze, RGBA PNG with a fully transparent margin",
                grid=g, geo=(m, m, 16, 16, 2), wall=(0, 0, 0), bg=(255, 255, 255),
                notes="margin pixels are (0,0,0,0): transparent BLACK, so alpha must be "
                      "composited (over white) or the margin reads as wall; " + openings_note(o))


@fixture
def pil_inverted(out, tmp):
    g = backtracker(14, 18, 110)
    o = [opening(g, "left", 0)[0], opening(g, "right", 13)[0]]
    img = line_maze(g, 14, 3, 15, (255, 255, 255), (0, 0, 0))
    Image.fromarray(img).convert("L").save(out / "pil_inverted.png")
    return dict(file="pil_inverted.png", program="pillow",
                style="inverted line maze: white lines on black, grayscale PNG",
                grid=g, geo=(15, 15, 14, 14, 3), wall=(255, 255, 255), bg=(0, 0, 0),
                notes="walls are the BRIGHT colour; " + openings_note(o))


@fixture
def pil_solved_red(out, tmp):
    g = backtracker(12, 15, 111)
    o1, start = opening(g, "top", 0)
    o2, goal = opening(g, "bottom", 14)
    p, w, m = 20, 2, 16
    img = Image.fromarray(line_maze(g, p, w, m, (0, 0, 0), (255, 255, 255)))
    geo = (m, m, p, p, w)
    d = ImageDraw.Draw(img)
    pts = [cell_centre(geo, r, c) for r, c in corners(solution_cells(g, start, goal))]
    # pixel coordinates for ImageDraw: the pixel whose centre is the cell centre
    pts = [(round(x - 0.5), round(y - 0.5)) for x, y in pts]
    red, green, blue = (230, 20, 20), (20, 170, 40), (30, 60, 230)
    d.line(pts, fill=red, width=3, joint="curve")
    for (x, y), col in ((pts[0], green), (pts[-1], blue)):
        d.ellipse([x - 5, y - 5, x + 5, y + 5], fill=col)
    img.save(out / "pil_solved_red.png")
    return dict(file="pil_solved_red.png", program="pillow",
                style="solved line maze: red 3 px solution polyline, green start and blue "
                      "goal dots",
                grid=g, geo=geo, wall=(0, 0, 0), bg=(255, 255, 255), extra=[red, green, blue],
                notes="marks (solution, dots) only over path; ground truth is the maze without "
                      "marks; " + openings_note([o1, o2]))


@fixture
def pil_thick_web(out, tmp):
    g = backtracker(15, 20, 112)
    wall, passage, m = 12, 10, 20
    img = paint(wall_mask(g, wall + passage, wall, m), (0, 0, 0), (255, 255, 255))
    Image.fromarray(img).save(out / "pil_thick_web.png")
    return dict(file="pil_thick_web.png", program="pillow",
                style="thick walls (12 px) thicker than passages (10 px), margin, RGB PNG",
                grid=g, geo=(m, m, wall + passage, wall + passage, wall),
                wall=(0, 0, 0), bg=(255, 255, 255), notes="closed border (no opening)")


@fixture
def pil_thick_bmp(out, tmp):
    g = kruskal(6, 8, 113)
    wall, passage, m = 16, 8, 12
    col_w, col_b = (10, 90, 40), (255, 255, 255)
    img = Image.fromarray(paint(wall_mask(g, wall + passage, wall, m), col_w, col_b))
    img = img.quantize(colors=2, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    img.save(out / "pil_thick_bmp.bmp")
    return dict(file="pil_thick_bmp.bmp", program="pillow",
                style="thick dark-green walls (16 px) twice the passages (8 px), 8-bit palette BMP",
                grid=g, geo=(m, m, wall + passage, wall + passage, wall),
                wall=col_w, bg=col_b, notes="closed border (no opening)")


@fixture
def pil_block_x3_minimal(out, tmp):
    g = backtracker(20, 25, 114)
    o = [opening(g, "left", 0)[0], opening(g, "right", 19)[0]]
    img = paint(wall_mask(g, 6, 3, 0), (0, 0, 0), (255, 255, 255))
    Image.fromarray(img).quantize(colors=2, dither=Image.Dither.NONE).save(
        out / "pil_block_x3_minimal.png")
    return dict(file="pil_block_x3_minimal.png", program="pillow",
                style="block maze, 3 px per cell (the smallest passage), no margin, palette PNG",
                grid=g, geo=(0, 0, 6, 6, 3), wall=(0, 0, 0), bg=(255, 255, 255),
                notes=openings_note(o))


# matplotlib -----------------------------------------------------------------------------------


def mpl_layout(rows, cols, width_px, pad):
    """Pitch (px) and the y pad (cell units) for a picture width_px wide with `pad` pitches of
    margin left and right; the height is rounded, the y pad absorbs the rounding."""
    pitch = width_px / (cols + 2 * pad)
    height_px = round((rows + 2 * pad) * pitch)
    pady = (height_px / pitch - rows) / 2
    return pitch, height_px, pady


def mpl_maze(g, width_px, pad, dpi, wall_px, colour, snap, bg="white"):
    rows, cols = page_of(g)
    pitch, height_px, pady = mpl_layout(rows, cols, width_px, pad)
    fig = plt.figure(figsize=(width_px / dpi, height_px / dpi), dpi=dpi, facecolor=bg)
    ax = fig.add_axes([0, 0, 1, 1])
    ax.set_axis_off()
    ax.set_xlim(-pad, cols + pad)
    ax.set_ylim(rows + pady, -pady)
    lc = LineCollection(wall_runs(g), colors=[colour], linewidths=wall_px * 72 / dpi,
                        capstyle="projecting", joinstyle="miter", antialiased=True)
    lc.set_snap(snap)
    ax.add_collection(lc)
    geo = (pad * pitch - wall_px / 2, pady * pitch - wall_px / 2, pitch, pitch, wall_px)
    return fig, ax, geo, height_px


@fixture
def mpl_lines_aa(out, tmp):
    g = backtracker(10, 12, 201)
    o = [opening(g, "top", 0)[0], opening(g, "bottom", 11)[0]]
    fig, ax, geo, h = mpl_maze(g, 211, 0.8, 100, 2.2, "black", snap=None)
    save_mpl(fig, out / "mpl_lines_aa.png", 100)
    return dict(file="mpl_lines_aa.png", program="matplotlib",
                style="LineCollection, anti-aliased 2.2 px lines, default pixel snapping, RGBA PNG",
                grid=g, geo=geo, wall=(0, 0, 0), bg=(255, 255, 255), tol=(0.35, 0.55),
                notes="fractional pitch; matplotlib snaps each straight line to the pixel grid "
                      "(positions jitter up to 0.5 px around the nominal lattice); "
                      + openings_note(o))


@fixture
def mpl_teal_jpeg(out, tmp):
    g = backtracker(20, 25, 202)
    o = [opening(g, "left", 0)[0], opening(g, "right", 19)[0]]
    teal = (0, 110, 120)
    fig, ax, geo, h = mpl_maze(g, 317, 1.1, 150, 2.1, np.array(teal) / 255, snap=False)
    save_mpl(fig, out / "mpl_teal_jpeg.jpg", 150, pil_kwargs={"quality": 90})
    return dict(file="mpl_teal_jpeg.jpg", program="matplotlib",
                style="teal anti-aliased 2.1 px lines at fractional positions (no snapping), "
                      "JPEG q90",
                grid=g, geo=geo, wall=teal, bg=(255, 255, 255), notes=openings_note(o))


@fixture
def mpl_solved_orange(out, tmp):
    g = add_loops(kruskal(8, 11, 203), 6, 1203)
    o1, start = opening(g, "left", 0)
    o2, goal = opening(g, "right", 7)
    dpi = 96
    fig, ax, geo, h = mpl_maze(g, 281, 0.6, dpi, 2.5, "black", snap=False)
    cells = corners(solution_cells(g, start, goal))
    xs = [c / 2 for r, c in cells]
    ys = [r / 2 for r, c in cells]
    orange, green, red = (255, 140, 0), (0, 160, 60), (220, 0, 0)
    ax.plot(xs, ys, color=np.array(orange) / 255, linewidth=3.5 * 72 / dpi,
            solid_capstyle="round", solid_joinstyle="round")
    ax.add_patch(Circle((xs[0], ys[0]), 0.2, color=np.array(green) / 255))
    ax.add_patch(Circle((xs[-1], ys[-1]), 0.2, color=np.array(red) / 255))
    save_mpl(fig, out / "mpl_solved_orange.png", dpi)
    return dict(file="mpl_solved_orange.png", program="matplotlib",
                style="solved, anti-aliased: orange 3.5 px solution, green start dot, red goal dot",
                grid=g, geo=geo, wall=(0, 0, 0), bg=(255, 255, 255),
                extra=[orange, green, red],
                notes="imperfect (loops); marks only over path; ground truth without marks; "
                      + openings_note([o1, o2]))


@fixture
def mpl_cream_thick(out, tmp):
    g = backtracker(7, 9, 204)
    fig, ax, geo, h = mpl_maze(g, 301, 0.5, 120, 7.5, (0.35, 0.2, 0.1), snap=False,
                               bg=(1.0, 0.97, 0.88))
    save_mpl(fig, out / "mpl_cream_thick.png", 120)
    return dict(file="mpl_cream_thick.png", program="matplotlib",
                style="thick brown anti-aliased lines (7.5 px) on cream, RGBA PNG",
                grid=g, geo=geo, wall=(89, 51, 26), bg=(255, 247, 224),
                notes="closed border (no opening)")


# ImageMagick ----------------------------------------------------------------------------------


def scaled_geo(geo, sx, sy, border=0):
    ox, oy, px, py, w = geo
    return (ox * sx + border, oy * sy + border, px * sx, py * sy, w * sx)


@fixture
def im_block_point_x7(out, tmp):
    g = backtracker(10, 12, 301)
    o = [opening(g, "top", 0)[0], opening(g, "bottom", 11)[0]]
    write_pbm(g, tmp / "b7.pbm")
    im(tmp / "b7.pbm", "-filter", "point", "-resize", "700%", "-bordercolor", "white",
       "-border", 14, "-strip", *PNG_NODATE, out / "im_block_point_x7.png")
    return dict(file="im_block_point_x7.png", program="imagemagick",
                style="block maze: 1 px per cell scaled x7 with -filter point, 14 px white border",
                grid=g, geo=(14, 14, 14, 14, 7), wall=(0, 0, 0), bg=(255, 255, 255),
                notes=openings_note(o))


@fixture
def im_block_triangle_713(out, tmp):
    g = backtracker(9, 11, 302)
    o = [opening(g, "left", 0)[0], opening(g, "right", 8)[0]]
    write_pbm(g, tmp / "bt.pbm")
    im(tmp / "bt.pbm", "-filter", "Triangle", "-resize", "713%", "-bordercolor", "white",
       "-border", 20, "-strip", *PNG_NODATE, out / "im_block_triangle_713.png")
    W, H = Image.open(out / "im_block_triangle_713.png").size
    sx, sy = (W - 40) / len(g[0]), (H - 40) / len(g)
    return dict(file="im_block_triangle_713.png", program="imagemagick",
                style="block maze scaled 713% with -filter Triangle (bilinear), 20 px white border",
                grid=g, geo=scaled_geo((0, 0, 2, 2, 1), sx, sy, 20),
                wall=(0, 0, 0), bg=(255, 255, 255), notes=openings_note(o))


@fixture
def im_line_resize_odd(out, tmp):
    g = backtracker(16, 20, 303)
    o = [opening(g, "top", 0)[0], opening(g, "bottom", 19)[0]]
    geo0 = (6, 6, 10, 10, 2)
    img = line_maze(g, 10, 2, 6, (0, 0, 0), (255, 255, 255))
    Image.fromarray(img).save(tmp / "lro.png")
    im(tmp / "lro.png", "-filter", "Triangle", "-resize", "307x", "-strip", *PNG_NODATE,
       out / "im_line_resize_odd.png")
    W, H = Image.open(out / "im_line_resize_odd.png").size
    sx, sy = W / img.shape[1], H / img.shape[0]
    geo = scaled_geo(geo0, sx, sy)
    return dict(file="im_line_resize_odd.png", program="pillow+imagemagick",
                style=f"line maze (pitch 10, 2 px) resized {img.shape[1]}->{W} px wide, "
                      "-filter Triangle",
                grid=g, geo=geo, wall=(0, 0, 0), bg=(255, 255, 255),
                notes=openings_note(o))


@fixture
def im_line_jpeg_q75(out, tmp):
    g = backtracker(14, 18, 304)
    o = [opening(g, "left", 0)[0], opening(g, "right", 13)[0]]
    img = line_maze(g, 16, 2, 12, (0, 0, 0), (255, 255, 255))
    Image.fromarray(img).save(tmp / "lj.png")
    im(tmp / "lj.png", "-type", "TrueColor", "-quality", 75, "-strip", out / "im_line_jpeg_q75.jpg")
    return dict(file="im_line_jpeg_q75.jpg", program="pillow+imagemagick",
                style="line maze (2 px black lines) as an RGB JPEG at quality 75",
                grid=g, geo=(12, 12, 16, 16, 2), wall=(0, 0, 0), bg=(255, 255, 255),
                notes="JPEG ringing around the lines; " + openings_note(o))


@fixture
def im_screenshot_63(out, tmp):
    g = backtracker(12, 16, 305)
    o = [opening(g, "top", 0)[0], opening(g, "bottom", 15)[0]]
    wall, bg = (30, 30, 30), (240, 240, 240)
    img = line_maze(g, 40, 6, 30, wall, bg)
    Image.fromarray(img).save(tmp / "ss.png")
    im(tmp / "ss.png", "-resize", "63%", "-strip", *PNG_NODATE, out / "im_screenshot_63.png")
    W, H = Image.open(out / "im_screenshot_63.png").size
    sx, sy = W / img.shape[1], H / img.shape[0]
    geo = scaled_geo((30, 30, 40, 40, 6), sx, sy)
    return dict(file="im_screenshot_63.png", program="pillow+imagemagick",
                style="'screenshot': drawn at pitch 40 / 6 px, downscaled to 63% (default filter)",
                grid=g, geo=geo, wall=wall, bg=bg,
                notes="dark grey on light grey; " + openings_note(o))


@fixture
def im_block_gif(out, tmp):
    g = add_loops(backtracker(30, 40, 306), 25, 1306)
    write_pbm(g, tmp / "bg.pbm")
    purple, cream = (58, 31, 93), (253, 246, 227)
    im(tmp / "bg.pbm", "-filter", "point", "-resize", "400%", "-bordercolor", "white",
       "-border", 8, "-type", "TrueColor", "+level-colors", "#3a1f5d,#fdf6e3", "-strip",
       out / "im_block_gif.gif")
    return dict(file="im_block_gif.gif", program="imagemagick",
                style="block maze 30x40 rooms, 4 px per cell, purple on cream, GIF",
                grid=g, geo=(8, 8, 8, 8, 4), wall=purple, bg=cream,
                notes="imperfect (loops); closed border (no opening)")


@fixture
def im_draw_lines(out, tmp):
    """A line maze drawn by ImageMagick itself (-draw line, anti-aliased, fractional pitch)."""
    g = backtracker(11, 14, 307)
    o = [opening(g, "top", 0)[0], opening(g, "bottom", 13)[0]]
    # pad: picture edge to the first line's centre. Lines fall on whole and half pixels, where
    # ImageMagick 6 draws them centred; -strokewidth 2 comes out about 2.1 px wide.
    pitch, stroke, wall, pad = 17.5, 2, 2.1, 15.0
    rows, cols = page_of(g)
    W, H = round(2 * pad + cols * pitch), round(2 * pad + rows * pitch)
    mvg = ["stroke-linecap square", "stroke #202840", f"stroke-width {stroke}", "fill none"]
    for (x0, y0), (x1, y1) in wall_runs(g):
        # -draw puts integer coordinates at pixel centres: edge coordinate X is X - 0.5 there
        mvg.append("line %.3f,%.3f %.3f,%.3f" % (
            pad + x0 * pitch - 0.5, pad + y0 * pitch - 0.5,
            pad + x1 * pitch - 0.5, pad + y1 * pitch - 0.5))
    # inline: Debian's ImageMagick policy refuses -draw @file
    im("-size", f"{W}x{H}", "xc:white", "-draw", "\n".join(mvg), "-strip",
       *PNG_NODATE, out / "im_draw_lines.png")
    geo = (pad - wall / 2, pad - wall / 2, pitch, pitch, wall)
    return dict(file="im_draw_lines.png", program="imagemagick",
                style="line maze drawn with -draw line: anti-aliased ~2.1 px lines, pitch 17.5",
                grid=g, geo=geo, wall=(32, 40, 64), bg=(255, 255, 255),
                notes="-strokewidth 2 (renders ~2.1 px); " + openings_note(o))


# ----------------------------------------------------------------------------------------------
# Bad pictures: not grid mazes.

BAD = []


def bad(fn):
    BAD.append(fn)
    return fn


@bad
def bad_noise(out):
    rng = np.random.default_rng(901)
    Image.fromarray(rng.integers(0, 256, (200, 200, 3), dtype=np.uint8)).save(out / "noise.png")
    return "noise.png", "numpy+pillow", "uniform RGB noise"


@bad
def bad_photo_of_nothing(out):
    rng = np.random.default_rng(902)
    y, x = np.mgrid[0:200, 0:200].astype(np.float64)
    img = np.stack([90 + 0.5 * x, 120 + 0.3 * y, 160 - 0.2 * (x + y) / 2], axis=-1)
    for _ in range(7):
        cx, cy, s = rng.uniform(0, 200), rng.uniform(0, 200), rng.uniform(12, 45)
        col = rng.uniform(-90, 90, 3)
        img += np.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (2 * s * s))[..., None] * col
    img += rng.normal(0, 3, img.shape)
    Image.fromarray(np.clip(img, 0, 255).astype(np.uint8)).save(
        out / "photo_of_nothing.jpg", quality=85)
    return "photo_of_nothing.jpg", "numpy+pillow", "smooth gradient plus soft blobs, JPEG"


@bad
def bad_single_colour(out):
    Image.new("RGB", (200, 200), (120, 160, 200)).save(out / "single_colour.png")
    return "single_colour.png", "pillow", "one colour"


@bad
def bad_theta_maze(out):
    """A circular (theta) maze: rings of 16 sectors, a spanning tree, arcs and radial walls."""
    rng = random.Random(904)
    rings, sectors = 6, 16
    open_ = set()
    seen = {(0, 0)}
    stack = [(0, 0)]
    while stack:
        r, s = stack[-1]
        nb = [(r, (s + 1) % sectors), (r, (s - 1) % sectors)]
        if r > 0:
            nb.append((r - 1, s))
        if r < rings - 1:
            nb.append((r + 1, s))
        nb = [n for n in nb if n not in seen]
        if not nb:
            stack.pop()
            continue
        n = rng.choice(nb)
        open_.add(frozenset(((r, s), n)))
        seen.add(n)
        stack.append(n)
    S = 800  # drawn at 4x, downsampled for smooth arcs
    img = Image.new("L", (S, S), 255)
    d = ImageDraw.Draw(img)
    c, r0, dr, lw = S / 2, 80, 50, 8
    step = 360 / sectors
    d.ellipse([c - r0, c - r0, c + r0, c + r0], outline=0, width=lw)
    for r in range(rings):
        rad = r0 + (r + 1) * dr
        for s in range(sectors):
            outward = (r == rings - 1 and s == 3) or (
                r < rings - 1 and frozenset(((r, s), (r + 1, s))) in open_)
            if not outward:
                d.arc([c - rad, c - rad, c + rad, c + rad], s * step, (s + 1) * step, fill=0,
                      width=lw)
            if frozenset(((r, s), (r, (s - 1) % sectors))) not in open_:
                a = np.radians(s * step)
                ri, ro = rad - dr, rad
                d.line([c + ri * np.cos(a), c + ri * np.sin(a), c + ro * np.cos(a),
                        c + ro * np.sin(a)], fill=0, width=lw)
    img.resize((200, 200), Image.Resampling.LANCZOS).save(out / "theta_maze.png")
    return "theta_maze.png", "pillow", "circular (theta) maze: arcs and radial walls"


@bad
def bad_text_like(out):
    img = Image.new("RGB", (200, 200), (255, 255, 255))
    d = ImageDraw.Draw(img)
    font = ImageFont.load_default(size=72)  # Pillow's bundled font: same on every machine
    d.text((14, 10), "Mz", fill=(0, 0, 0), font=font)
    d.text((30, 100), "Q7", fill=(0, 0, 0), font=font)
    img.save(out / "text_like.png")
    return "text_like.png", "pillow", "a few large glyphs"


@bad
def bad_rectangles(out):
    rng = random.Random(906)
    img = Image.new("RGB", (200, 200), (255, 255, 255))
    d = ImageDraw.Draw(img)
    for _ in range(14):
        x, y = rng.randrange(0, 180), rng.randrange(0, 180)
        w, h = rng.randrange(8, 70), rng.randrange(5, 40)
        col = tuple(rng.randrange(0, 200) for _ in range(3))
        d.rectangle([x, y, x + w, y + h], fill=col)
    img.save(out / "rectangles.png")
    return "rectangles.png", "pillow", "random overlapping filled rectangles"


# ----------------------------------------------------------------------------------------------
# Check


def load_rgb(path):
    img = Image.open(path)
    img.load()
    if img.mode in ("RGBA", "LA") or (img.mode == "P" and "transparency" in img.info):
        img = img.convert("RGBA")
        white = Image.new("RGBA", img.size, (255, 255, 255, 255))
        img = Image.alpha_composite(white, img)
    return np.asarray(img.convert("RGB"), dtype=np.float64)


def check_fixture(out, name, info, grid):
    a = load_rgb(out / info["file"])
    H, W = a.shape[:2]
    palette = [info["wall"], info["bg"]] + list(info.get("extra", []))
    palette = np.array(palette, dtype=np.float64)
    errors = []
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            x, y = cell_centre(info["geo"], r, c)
            xi, yi = int(np.floor(x)), int(np.floor(y))
            if not (0 <= xi < W and 0 <= yi < H):
                errors.append(f"cell ({r},{c}) centre ({x:.2f},{y:.2f}) outside {W}x{H}")
                continue
            k = int(np.argmin(((palette - a[yi, xi]) ** 2).sum(axis=1)))
            if (k == 0) != (ch == "#"):
                errors.append(f"cell ({r},{c}) '{ch}' at ({x:.2f},{y:.2f}) reads {a[yi, xi]}")
    # the maze lies inside the picture
    ox, oy, px, py, w = info["geo"]
    rows, cols = page_of(grid)
    if ox < -0.01 or oy < -0.01 or ox + cols * px + w > W + 0.01 or oy + rows * py + w > H + 0.01:
        errors.append(f"maze box exceeds the {W}x{H} picture")
    if errors:
        print(f"CHECK FAILED {name}: {len(errors)} cells, e.g. " + "; ".join(errors[:4]))
        return False
    return check_lines(name, info, grid, a, palette)


def check_lines(name, info, grid, a, palette):
    """Measures every wall segment where it crosses a room row's (column's) middle: the centroid
    and the integral of 'wallness' (0 = background, 1 = wall colour, marks count 0) across the
    line, within half a pitch of where the manifest puts it. Mean and worst centre error and the
    mean thickness must agree with the manifest's geometry."""
    wall, bg = palette[0], palette[1]
    axis = wall - bg
    t = np.clip(((a - bg) @ axis) / (axis @ axis), 0, 1)
    if len(palette) > 2:
        nearest = np.argmin(((a[..., None, :] - palette) ** 2).sum(axis=-1), axis=-1)
        t[nearest >= 2] = 0
    ox, oy, px, py, w = info["geo"]
    H, W = t.shape
    errs, thick = [], []
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch != "#" or (r + c) % 2 == 0:
                continue
            x, y = cell_centre(info["geo"], r, c)
            vertical = c % 2 == 0  # a wall between two rooms of one row: a vertical line
            pitch = px if vertical else py
            along = (py if vertical else px) - w  # the room's extent along the line
            lo, hi = (x, y)[not vertical] - 0.45 * pitch, (x, y)[not vertical] + 0.45 * pitch
            across, mid = ((W, y) if vertical else (H, x))
            i0, i1 = max(0, int(np.ceil(lo - 0.5))), min(across - 1, int(np.floor(hi - 0.5)))
            j = np.arange(i0, i1 + 1)
            k0, k1 = int(mid - along / 4), int(mid + along / 4)
            if vertical:
                prof = t[k0 : k1 + 1, i0 : i1 + 1].mean(axis=0)
            else:
                prof = t[i0 : i1 + 1, k0 : k1 + 1].mean(axis=1)
            if prof.sum() <= 0:
                errs.append(99.0)
                continue
            centre = ((j + 0.5) * prof).sum() / prof.sum()
            errs.append(centre - (x if vertical else y))
            thick.append(prof.sum())
    errs, thick = np.abs(np.array(errs)), np.array(thick)
    mean_err, max_err, th = errs.mean(), errs.max(), thick.mean()
    info["measured"] = (mean_err, max_err, th)
    tol_mean, tol_max = info.get("tol", (0.2, 0.8))
    ok = mean_err < tol_mean and max_err < tol_max and abs(th - w) < max(0.45, 0.15 * w)
    if not ok:
        print(f"CHECK FAILED {name}: wall lines off the manifest's lattice: mean centre error "
              f"{mean_err:.3f}, worst {max_err:.3f} px; thickness {th:.2f} px, manifest {w:.2f}")
    return ok


def fmt(v):
    if isinstance(v, str):
        return v
    if abs(v - round(v)) < 1e-9:
        return str(int(round(v)))
    return f"{v:.4f}".rstrip("0")


def main():
    global IM
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=str(ROOT / "tests" / "pictures"))
    ap.add_argument("--check-only", action="store_true")
    args = ap.parse_args()
    out = Path(args.out)
    (out / "bad").mkdir(parents=True, exist_ok=True)
    IM = find_imagemagick()
    written = {"MANIFEST.tsv"}
    rows = []
    ok = True
    with tempfile.TemporaryDirectory() as tmpd:
        tmp = Path(tmpd)
        for fn in FIXTURES:
            name = fn.__name__
            if args.check_only:
                # rebuild the fixture's metadata into a scratch dir, but check the files in out
                info = fn(tmp, tmp)
            else:
                info = fn(out, tmp)
            g = info["grid"]
            check_grid(g)
            if not args.check_only:
                (out / f"{name}.txt").write_text(grid_text(g))
            truth = [list(line) for line in (out / f"{name}.txt").read_text().splitlines()]
            if truth != g:
                print(f"CHECK FAILED {name}: {name}.txt differs from the generated grid")
                ok = False
            ok &= check_fixture(out, name, info, truth)
            if "measured" in info:
                e, emax, th = info["measured"]
                print(f"  {name:26s} wall lines vs manifest: centre error mean {e:.3f} "
                      f"worst {emax:.3f} px, thickness {th:.2f} px (manifest {info['geo'][4]:.2f})")
            written |= {info["file"], f"{name}.txt"}
            ox, oy, px, py, w = info["geo"]
            R, C = page_of(g)
            notes = info["notes"]
            if abs(py - px) > 5e-5:
                notes = f"y pitch {fmt(py)}; " + notes
            if abs(oy - ox) > 5e-5:
                notes = f"top margin {fmt(oy)}; " + notes
            rows.append([name, info["file"], info["program"], info["style"], f"{R}x{C}",
                         fmt(px), fmt(w), fmt(ox), notes])
        for fn in BAD:
            f, prog, style = fn(tmp if args.check_only else out / "bad")
            written.add(f"bad/{f}")
            rows.append([fn.__name__, f"bad/{f}", prog, "NOT A MAZE: " + style, "-", "-", "-",
                         "-", "no ground truth"])
    header = ["name", "file", "program", "style", "rooms(RxC)", "pitch_px", "wall_px",
              "margin_px", "notes"]
    manifest = "".join("\t".join(r) + "\n" for r in [header] + rows)
    if args.check_only:
        if (out / "MANIFEST.tsv").read_text() != manifest:
            print("CHECK FAILED MANIFEST.tsv differs from the generated one")
            ok = False
    else:
        (out / "MANIFEST.tsv").write_text(manifest)
    stray = sorted(
        str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()
        and str(p.relative_to(out)) not in written
    )
    if stray:
        print("note: files in the corpus directory that this script does not write: "
              + ", ".join(stray))
    total = sum((out / f).stat().st_size for f in written)
    n_good, n_bad = len(FIXTURES), len(BAD)
    print(f"{n_good} good pictures, {n_bad} bad pictures, {total} bytes in {out}")
    if not ok:
        sys.exit("make_picture_corpus: check failed")
    print("check: every cell centre of every good picture reads as its ground truth")


if __name__ == "__main__":
    main()
