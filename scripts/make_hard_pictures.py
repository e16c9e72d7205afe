#!/usr/bin/env python3
"""Writes a corpus of "hard" maze pictures, made by tools the project's own fixtures
(tests/pictures/, scripts/make_picture_corpus.py) do not use, to measure how well `mazegraph`
reads real-world maze pictures. Score it with scripts/score_pictures.py. Nothing here is a test
fixture: the corpus goes under --out (default target/hard-pictures/, git-ignored) and is not
committed.

Classes (177 pictures; every one NAME.png or NAME.jpg with its ground truth NAME.txt beside it,
except the refusal class):

  web     34  an HTML page (h1 heading, intro and caption paragraphs, the maze as inline SVG of
              1-3 px lines with round or square caps in black or dark colours, START/FINISH labels
              and small arrows just outside the openings), screenshot by headless Chromium; some
              downscaled by 0.6-0.9 with Pillow (bilinear or Lanczos)
  book    27  an A4 PDF page written with reportlab (running header, title, centred line maze
              of 0.9-2 pt lines with square ends, Start/Finish words on some, caption, page
              number), rasterised by poppler's pdftoppm at 100, 150 and 300 dpi (colour or -gray
              PNG, a few -jpeg); 9 pages, each at the three resolutions
  photo   28  a simulated phone photo (numpy + OpenCV) of a printed maze: white sheet with margin
              and title on a wooden, dark or grey table, rotated 0.5-4 degrees, perspective
              (corners moved up to 3 %), light falling off by 20-45 %, Gaussian blur (sigma
              0.5-1.5), sensor noise, JPEG quality 55-80
  pen     28  a pen-drawn maze: every wall run a separate wobbly stroke (low-frequency wobble of
              1.5-3 % of the pitch, thickness 1.5-5 px along the stroke), gaps of 1-3 px where a
              stroke stops short of a junction, overshoots of up to 2.5 px past a junction, long
              runs drawn in overlapping pieces; black or blue ink; some on graph paper (light blue
              or grey grid not aligned with the maze), some with handwritten start/end labels,
              half scanned clean (PNG), half with blur, uneven light, noise and JPEG 70-90
  tiles   28  block mazes (every cell a square tile) with textured tiles (2-px inner border of a
              darker or lighter shade, speckles) upscaled 3-12x nearest-neighbour (some
              bilinear); arcade blue on black, hedge on sand, magenta on dark, stone on light,
              brown on grass; with or without a floor-coloured margin
  shapes  20  mazegraph's own masked mazes (diamond, ellipse, spiral, double-spiral, some with
              --loops 5), made by `mazegraph generate` and drawn by `mazegraph render --scale K`
  refuse  12  pictures that are not rectangular grid mazes (theta mazes drawn with OpenCV, hex
              mazes drawn with Pillow, some with a heading): no .txt, expected to be refused

Ground truth (NAME.txt) is the format of tests/pictures/*.txt (see the docstring of
scripts/make_picture_corpus.py): the maze's cell grid, one line per row, '#' wall and '.' path;
R x C rooms make (2R+1) x (2C+1) cells, rooms at (odd, odd), posts at (even, even), openings are
'.' on the border next to a border room. Mazes are made here by a seeded recursive backtracker
(a quarter of them with extra walls removed to make loops), 5x5 to 60x80 rooms, openings on
top/bottom or left/right (a few closed). Before a picture of the web, book, photo, pen or tiles
class is written, its clean (undistorted) rendering is checked against the truth: the pixel at the
centre of every cell (rooms, posts, walls, passages, openings) must be ink exactly where the grid
says '#' (for pen drawings: the centre point lies inside a stroke of the 4x supersampled
drawing); the run stops with an error otherwise. The shapes class's truth is mazegraph's own
generated text. In the tiles class the walls are the tiles of the frame's colour even where they
are lighter than the floor (arcade, magenta), and a floor-coloured margin is outside the maze.

MANIFEST.tsv (in the out dir) has columns: class, name, file, truth (file or '-'), expect
(exact or refuse), rooms (RxC, '-' for refuse), notes (pitch, stroke, dpi, scale, rotation,
JPEG quality...).

Set-up on a fresh Debian 12 machine with only Python 3.11 (as root):

    apt-get update
    apt-get install -y chromium poppler-utils fonts-dejavu-core
    python3 -m venv /tmp/hpvenv
    /tmp/hpvenv/bin/pip install numpy==2.4.6 opencv-python-headless==5.0.0.93 \\
        Pillow==13.0.0 reportlab==5.1.0
    cargo build --release            # the shapes class runs target/release/mazegraph

Run (from the repository root):

    /tmp/hpvenv/bin/python scripts/make_hard_pictures.py            # -> target/hard-pictures/
    /tmp/hpvenv/bin/python scripts/make_hard_pictures.py --out DIR --jobs 2 --only web,pen
    python3 scripts/score_pictures.py                               # score it (no venv needed)

Options: --out DIR (default target/hard-pictures; the directory is emptied of the classes made),
--jobs N (parallel workers, default 2), --only CLASS[,CLASS] (make only these classes),
--bin PATH (mazegraph, default target/release/mazegraph).

Takes about 70 seconds on 2 cores (mostly Chromium and pdftoppm) and 35 MB. Deterministic: every
picture has a fixed seed and no dates are written (two runs gave byte-identical files). Made with
Python 3.11.7, numpy 2.4.6, opencv-python-headless 5.0.0.93, Pillow 13.0.0, reportlab 5.1.0
(with its dependency charset-normalizer 3.5.3), Debian's chromium 156.0.8078.108 and
poppler-utils 22.12.0; other versions give equivalent pictures with the same truth (the built-in
check says whether they still match it), not byte-identical files.
"""
import argparse
import math
import random
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import maze_grids  # noqa: E402
from maze_grids import add_loops, backtracker, check_grid, empty_grid, spanning_tree  # noqa: E402

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parent.parent
CLASSES = ["web", "book", "photo", "pen", "tiles", "shapes", "refuse"]
COUNTS = dict(web=34, book=9, photo=28, pen=28, tiles=28, shapes=20, refuse=12)  # book: x3 dpi

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")


def font(size, bold=False):
    p = FONT_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    if p.exists():
        return ImageFont.truetype(str(p), size)
    return ImageFont.load_default(size=size)


# ----------------------------------------------------------------------------------------------
# Mazes as cell grids ('#' wall, '.' path)




class Maze:
    """A grid with its openings: list of (side, k, (r, c)), side in top/bottom/left/right."""

    def __init__(self, rows, cols, rng, loops_p=0.25, closed_p=0.1, lr_p=0.35):
        self.rows, self.cols = rows, cols
        self.g = backtracker(rows, cols, rng)
        self.loops = 0
        if rng.random() < loops_p:
            self.loops = add_loops(self.g, max(1, rows * cols // rng.choice([12, 25, 50])), rng)
        self.openings = []
        u = rng.random()
        if u < closed_p:
            pass
        elif u < closed_p + lr_p:
            a = 0 if rng.random() < 0.6 else rng.randrange(rows)
            b = rows - 1 if rng.random() < 0.6 else rng.randrange(rows)
            self._open("left", a)
            self._open("right", b)
        else:
            a = 0 if rng.random() < 0.6 else rng.randrange(cols)
            b = cols - 1 if rng.random() < 0.6 else rng.randrange(cols)
            self._open("top", a)
            self._open("bottom", b)
        check_grid(self.g)
        self.h, self.w = len(self.g), len(self.g[0])

    def _open(self, side, k):
        R, C = self.rows, self.cols
        cell = {"top": (0, 2 * k + 1), "bottom": (2 * R, 2 * k + 1),
                "left": (2 * k + 1, 0), "right": (2 * k + 1, 2 * C)}[side]
        self.g[cell[0]][cell[1]] = "."
        self.openings.append((side, k, cell))

    def text(self):
        return "".join("".join(row) + "\n" for row in self.g)

    def array(self):
        return np.array([[ch == "#" for ch in row] for row in self.g], dtype=bool)

    def rooms(self):
        return f"{self.rows}x{self.cols}"

    def desc(self):
        o = ",".join(s for s, _, _ in self.openings) or "closed"
        return f"openings={o}" + (f" loops={self.loops}" if self.loops else "")

    def runs(self):
        """Maximal wall runs between posts, as ((r0, c0), (r1, c1)) cell coordinates (even)."""
        return maze_grids.wall_runs(self.g)

    def free_end(self, r, c, horiz):
        """Whether a run along `horiz` ending at post (r, c) meets no perpendicular wall."""
        g = self.g
        if horiz:
            return not ((r > 0 and g[r - 1][c] == "#") or (r + 1 < self.h and g[r + 1][c] == "#"))
        return not ((c > 0 and g[r][c - 1] == "#") or (c + 1 < self.w and g[r][c + 1] == "#"))

    def units(self):
        """Every wall cell between two posts, as ((r0, c0), (r1, c1))."""
        out = []
        for r in range(self.h):
            for c in range(self.w):
                if (r + c) % 2 == 1 and self.g[r][c] == "#":
                    if r % 2 == 0:
                        out.append(((r, c - 1), (r, c + 1)))
                    else:
                        out.append(((r - 1, c), (r + 1, c)))
        return out


def check_truth(mz, is_ink, centre, what):
    """is_ink(x, y) -> bool for picture coordinates; centre(r, c) -> (x, y)."""
    bad = []
    for r in range(mz.h):
        for c in range(mz.w):
            x, y = centre(r, c)
            if is_ink(x, y) != (mz.g[r][c] == "#"):
                bad.append((r, c))
    if bad:
        raise RuntimeError(f"{what}: the clean picture disagrees with its truth at "
                           f"{len(bad)} cells, e.g. {bad[:5]}")


def ink_test(arr, ink_rgb, bg_rgb):
    """is_ink for an RGB (or grey) array: the pixel containing (x, y) is nearer the ink colour."""
    a = np.asarray(arr, dtype=np.float64)
    ink = np.array(ink_rgb, dtype=np.float64)
    bg = np.array(bg_rgb, dtype=np.float64)
    if a.ndim == 2:
        ink = ink.mean(keepdims=True)
        bg = bg.mean(keepdims=True)

    def f(x, y):
        p = a[int(math.floor(y)), int(math.floor(x))]
        return np.sum((p - ink) ** 2) < np.sum((p - bg) ** 2)

    return f


def pick_size(rng, i, n):
    """Sizes from 5x5 to 60x80 rooms, spread over the class; the last index is 60x80."""
    table = [(5, 5), (6, 8), (8, 8), (8, 12), (10, 10), (10, 15), (12, 12), (12, 18), (15, 15),
             (15, 20), (18, 24), (20, 20), (20, 30), (24, 24), (25, 35), (30, 30), (30, 40),
             (35, 45), (40, 40), (40, 55), (45, 60), (50, 50), (50, 70), (60, 80)]
    if i == n - 1:
        return 60, 80
    k = int(i * len(table) / n)
    r, c = table[min(k, len(table) - 1)]
    if rng.random() < 0.3:
        r, c = c, r
    return r, c


def hexcol(rgb):
    return "#%02x%02x%02x" % tuple(rgb)


def save_jpeg(path, arr_rgb, q):
    ok, buf = cv2.imencode(".jpg", cv2.cvtColor(arr_rgb, cv2.COLOR_RGB2BGR),
                           [cv2.IMWRITE_JPEG_QUALITY, int(q)])
    assert ok
    Path(path).write_bytes(buf.tobytes())


def save_png(path, arr):
    Image.fromarray(arr).save(path, optimize=False)


def lowfreq(rng, h, w, cells=6):
    """Smooth random field in [0, 1] of size h x w."""
    small = rng.random((cells, cells)).astype(np.float32)
    f = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    f -= f.min()
    return f / max(f.max(), 1e-6)


# ----------------------------------------------------------------------------------------------
# web: HTML page with an inline SVG maze, screenshot by headless Chromium

INKS = [(0, 0, 0), (34, 34, 34), (27, 42, 73), (59, 47, 47), (13, 59, 46), (51, 51, 102),
        (20, 20, 20), (60, 30, 90)]
HEADINGS = ["Maze #{n}", "Printable Maze — {lvl}", "Daily Maze Challenge", "Can you escape?",
            "Labyrinth of the Week", "Free Maze Puzzle {n}", "Maze Generator Output",
            "Kids' Maze: {lvl}"]
LEVELS = ["Easy", "Medium", "Hard", "Expert"]


def chromium_bin():
    for n in ("chromium", "chromium-browser", "google-chrome"):
        p = shutil.which(n)
        if p:
            return p
    sys.exit("make_hard_pictures: chromium not found (apt-get install -y chromium)")


def screenshot(html_path, png_path, w, h):
    with tempfile.TemporaryDirectory() as prof:
        cmd = [chromium_bin(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
               "--no-first-run", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", f"--user-data-dir={prof}",
               "--hide-scrollbars", "--force-device-scale-factor=1", f"--window-size={w},{h}",
               f"--screenshot={png_path}", f"file://{html_path}"]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=120)


def svg_arrow(x, y, dx, dy, length, colour, width):
    """An arrow ending at (x, y) pointing along (dx, dy)."""
    hx, hy = x - dx * length, y - dy * length
    head = max(5, length * 0.4)
    bx, by = x - dx * head, y - dy * head
    px, py = -dy * head * 0.55, dx * head * 0.55
    return (f'<path d="M{hx:.1f} {hy:.1f} L{bx:.1f} {by:.1f}" stroke="{colour}" '
            f'stroke-width="{width}" fill="none"/>'
            f'<polygon points="{x:.1f},{y:.1f} {bx + px:.1f},{by + py:.1f} '
            f'{bx - px:.1f},{by - py:.1f}" fill="{colour}"/>')


def make_web(i, out, tmp, args):
    rng = random.Random(1000 + i)
    R, C = pick_size(rng, i, COUNTS["web"])
    mz = Maze(R, C, rng)
    s = rng.choice([1, 1, 2, 2, 2, 3])
    f = 1.0 if rng.random() < 0.55 else round(rng.uniform(0.6, 0.9), 2)
    pmin = max(8, math.ceil(5 / f + s + 0.5))
    pmax = min(32, 1400 // C, 1000 // R)
    pmax = max(pmax, pmin)
    p = rng.randint(pmin, pmax)
    cap = rng.choice(["round", "square"])
    ink = rng.choice(INKS)
    off = 0.5 if s % 2 == 1 else 0.0
    tb = any(o[0] in ("top", "bottom") for o in mz.openings)
    lr = any(o[0] in ("left", "right") for o in mz.openings)
    padx = 95 if lr else (44 if tb else 12)
    pady = 58 if tb else 12
    mw, mh = C * p, R * p
    svg_w, svg_h = mw + 2 * padx + s, mh + 2 * pady + s
    x0, y0 = padx + off + s // 2, pady + off + s // 2  # line 0 centre in svg coordinates
    col = hexcol(ink)
    crisp = rng.random() < 0.25
    per_cell = rng.random() < 0.5
    parts = []
    segs = mz.units() if per_cell else mz.runs()
    if per_cell:
        for (r0, c0), (r1, c1) in segs:
            parts.append(f'<line x1="{x0 + c0 * p / 2:g}" y1="{y0 + r0 * p / 2:g}" '
                         f'x2="{x0 + c1 * p / 2:g}" y2="{y0 + r1 * p / 2:g}"/>')
    else:
        d = " ".join(f"M{x0 + c0 * p / 2:g} {y0 + r0 * p / 2:g}L{x0 + c1 * p / 2:g} "
                     f"{y0 + r1 * p / 2:g}" for (r0, c0), (r1, c1) in segs)
        parts.append(f'<path d="{d}" fill="none"/>')
    label_col = rng.choice([col, "#c62828", "#2e7d32", "#1565c0", "#444"])
    arrow_col = rng.choice([label_col, "#d32f2f", "#388e3c", col])
    fs = rng.choice([11, 12, 13, 14, 16])
    gap = rng.randint(4, 12)
    alen = rng.randint(14, 24)
    texts = []
    names = ["START", "FINISH"] if rng.random() < 0.7 else ["Start", "Finish"]
    for n, (side, k, (r, c)) in enumerate(mz.openings):
        x, y = x0 + c * p / 2, y0 + r * p / 2
        name = names[n]
        inward = n == 0
        if side == "top":
            ya = y - s / 2 - gap
            texts.append(svg_arrow(x, ya, 0, 1, alen, arrow_col, 2) if inward else
                         svg_arrow(x, ya - alen, 0, -1, alen, arrow_col, 2))
            texts.append(f'<text x="{x:.1f}" y="{ya - alen - 5:.1f}" text-anchor="middle" '
                         f'font-size="{fs}" fill="{label_col}">{name}</text>')
        elif side == "bottom":
            ya = y + s / 2 + gap
            texts.append(svg_arrow(x, ya + alen, 0, 1, alen, arrow_col, 2) if not inward else
                         svg_arrow(x, ya, 0, -1, alen, arrow_col, 2))
            texts.append(f'<text x="{x:.1f}" y="{ya + alen + fs + 3:.1f}" '
                         f'text-anchor="middle" font-size="{fs}" fill="{label_col}">{name}</text>')
        elif side == "left":
            xa = x - s / 2 - gap
            texts.append(svg_arrow(xa, y, 1, 0, alen, arrow_col, 2) if inward else
                         svg_arrow(xa - alen, y, -1, 0, alen, arrow_col, 2))
            texts.append(f'<text x="{xa - alen - 5:.1f}" y="{y + fs / 3:.1f}" '
                         f'text-anchor="end" font-size="{fs}" fill="{label_col}">{name}</text>')
        else:
            xa = x + s / 2 + gap
            texts.append(svg_arrow(xa + alen, y, 1, 0, alen, arrow_col, 2) if not inward else
                         svg_arrow(xa, y, -1, 0, alen, arrow_col, 2))
            texts.append(f'<text x="{xa + alen + 5:.1f}" y="{y + fs / 3:.1f}" '
                         f'text-anchor="start" font-size="{fs}" fill="{label_col}">{name}</text>')
    bg = rng.choice(["#ffffff", "#ffffff", "#fdfdf8", "#f7f9fc"])
    card = rng.random() < 0.3
    lx = rng.randint(24, 60)
    h1 = rng.choice(HEADINGS).format(n=rng.randint(1, 365), lvl=rng.choice(LEVELS))
    h1size = rng.choice([24, 28, 32])
    ty = 118
    cap_top = ty + svg_h + 14
    W = max(lx * 2 + svg_w, 640)
    H = cap_top + 56
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{svg_w}" height="{svg_h}" '
           f'style="position:absolute;left:{lx}px;top:{ty}px'
           + (';background:#fff;box-shadow:0 1px 4px rgba(0,0,0,.18)' if card else '') + '"'
           + (' shape-rendering="crispEdges"' if crisp else '') + '>'
           f'<g stroke="{col}" stroke-width="{s}" stroke-linecap="{cap}" '
           f'stroke-linejoin="{"round" if cap == "round" else "miter"}">'
           + "".join(parts) + '</g><g font-family="DejaVu Sans, Liberation Sans, sans-serif" '
           'font-weight="bold">' + "".join(texts) + "</g></svg>")
    intro = rng.choice([
        "Find your way from the entrance to the exit. No jumping over walls!",
        f"A {R} × {C} maze. Print it out or solve it on screen.",
        "Tip: start from the exit and work backwards if you get stuck.",
        "Generated with a recursive backtracker. Every maze has a solution."])
    caption = rng.choice([
        f"Figure {i + 1}: a {R}×{C} maze ({'with loops' if mz.loops else 'perfect'}).",
        "Solution on the next page. © Maze Club, all rights reserved.",
        f"Maze {i + 1} of 50 — difficulty: {rng.choice(LEVELS).lower()}.",
        "Share your time in the comments below!"])
    html = f"""<!DOCTYPE html><html><head><meta charset="utf-8"><title>{h1}</title>
<style>body{{margin:0;background:{bg};font-family:'DejaVu Sans','Liberation Sans',sans-serif;
color:#222}} h1{{position:absolute;left:{lx}px;top:14px;margin:0;font-size:{h1size}px}}
p{{position:absolute;left:{lx}px;margin:0;font-size:14px;color:#555;white-space:nowrap}}</style>
</head><body><h1>{h1}</h1><p style="top:{14 + h1size + 22}px">{intro}</p>
{svg}<p style="top:{cap_top}px;font-style:italic">{caption}</p></body></html>"""
    name = f"web_{i:02d}"
    hp = Path(tmp) / f"{name}.html"
    hp.write_text(html)
    shot = Path(tmp) / f"{name}.png"
    screenshot(hp, shot, W, H)
    img = np.array(Image.open(shot).convert("RGB"))
    bgrgb = tuple(int(bg[k:k + 2], 16) for k in (1, 3, 5))
    if card:
        bgrgb = (255, 255, 255)
    check_truth(mz, ink_test(img, ink, bgrgb),
                lambda r, c: (lx + x0 + c * p / 2, ty + y0 + r * p / 2), name)
    notes = f"pitch={p}px stroke={s}px cap={cap} ink={col} {'cells' if per_cell else 'runs'}"
    notes += " crisp" if crisp else ""
    notes += " card" if card else ""
    pic = Image.fromarray(img)
    if f != 1.0:
        flt = rng.choice([Image.Resampling.BILINEAR, Image.Resampling.LANCZOS])
        pic = pic.resize((round(W * f), round(H * f)), flt)
        notes += f" downscaled={f} {'bilinear' if flt == Image.Resampling.BILINEAR else 'lanczos'}"
    pic.save(out / f"{name}.png")
    (out / f"{name}.txt").write_text(mz.text())
    return dict(cls="web", name=name, file=f"{name}.png", truth=f"{name}.txt", expect="exact",
                rooms=mz.rooms(), notes=f"{notes} page={W}x{H} {mz.desc()}")


# ----------------------------------------------------------------------------------------------
# book: A4 PDF page by reportlab, rasterised by pdftoppm

BOOK_TITLES = ["The Lost Garden", "Maze {n}", "Through the Castle", "Puzzle {n}: Labyrinth",
               "Find the Treasure", "Level {n}", "Minotaur's Den", "Escape Route", "Maze {n}"]


def make_book(i, out, tmp, args):
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    rng = random.Random(2000 + i)
    R, C = pick_size(rng, i, COUNTS["book"])
    mz = Maze(R, C, rng)
    PW, PH = A4
    fn, fb = "Helvetica", "Helvetica-Bold"
    if (FONT_DIR / "DejaVuSans.ttf").exists():
        pdfmetrics.registerFont(TTFont("DV", str(FONT_DIR / "DejaVuSans.ttf")))
        pdfmetrics.registerFont(TTFont("DVB", str(FONT_DIR / "DejaVuSans-Bold.ttf")))
        fn, fb = "DV", "DVB"
    p = min(500 / C, 580 / R, 34.0)
    lw = min(rng.uniform(0.9, 2.0), max(0.9, p * 0.22))
    mw, mh = C * p, R * p
    mx = (PW - mw) / 2
    top = PH - 150  # y of the maze's top line
    ink = rng.choice([(0, 0, 0), (0, 0, 0), (30, 30, 30), (20, 30, 80)])
    name = f"book_{i:02d}"
    pdf = Path(tmp) / f"{name}.pdf"
    cv = canvas.Canvas(str(pdf), pagesize=A4, invariant=1)
    cv.setTitle(name)
    cv.setFont(fn, 8)
    cv.setFillColorRGB(0.45, 0.45, 0.45)
    cv.drawString(56, PH - 40, "MAZES FOR EVERY DAY")
    cv.drawRightString(PW - 56, PH - 40, f"Chapter {1 + i // 3}")
    if rng.random() < 0.5:
        cv.setStrokeColorRGB(0.6, 0.6, 0.6)
        cv.setLineWidth(0.5)
        cv.line(56, PH - 46, PW - 56, PH - 46)
    title = rng.choice(BOOK_TITLES).format(n=i + 1)
    cv.setFillColorRGB(0, 0, 0)
    cv.setFont(fb, rng.choice([20, 24, 28]))
    cv.drawCentredString(PW / 2, PH - 95, title)
    cv.setFont(fn, 11)
    cv.drawCentredString(PW / 2, PH - 118, rng.choice([
        "Enter at the arrow and find the way out.", "Difficulty: ★★★☆☆",
        "Use a pencil: you may need to go back.", "Time limit: 10 minutes."]))
    cv.setStrokeColorRGB(*(v / 255 for v in ink))
    cv.setLineWidth(lw)
    cv.setLineCap(0)
    cv.setLineJoin(0)
    path = cv.beginPath()
    for (r0, c0), (r1, c1) in mz.runs():
        # poppler draws thin lines without their caps: every run is lengthened by half the
        # line width (a square cap drawn by hand) so that the posts at its ends (corners,
        # dead-end tips) are covered whatever the renderer does (round caps and discs are not:
        # at 100 dpi they leave such posts half grey)
        e0 = e1 = lw / 2
        if r0 == r1:
            path.moveTo(mx + c0 * p / 2 - e0, top - r0 * p / 2)
            path.lineTo(mx + c1 * p / 2 + e1, top - r1 * p / 2)
        else:
            path.moveTo(mx + c0 * p / 2, top - r0 * p / 2 + e0)
            path.lineTo(mx + c1 * p / 2, top - r1 * p / 2 - e1)
    cv.drawPath(path, stroke=1, fill=0)
    labels = rng.random() < 0.5
    if labels:
        cv.setFont(fb, 9)
        cv.setFillColorRGB(*(v / 255 for v in ink))
        for n, (side, k, (r, c)) in enumerate(mz.openings):
            x, y = mx + c * p / 2, top - r * p / 2
            word = ["Start", "Finish"][n]
            if side == "top":
                cv.drawCentredString(x, y + 8, word)
            elif side == "bottom":
                cv.drawCentredString(x, y - 16, word)
            elif side == "left":
                cv.drawRightString(x - 8, y - 3, word)
            else:
                cv.drawString(x + 8, y - 3, word)
    cv.setFillColorRGB(0.2, 0.2, 0.2)
    cv.setFont(fn, 10)
    cv.drawCentredString(PW / 2, top - mh - 34, f"Puzzle {i + 1}. {R} × {C} rooms. "
                         "Solutions at the back of the book.")
    cv.setFont(fn, 10)
    cv.drawCentredString(PW / 2, 36, f"— {12 + 2 * i} —")
    cv.showPage()
    cv.save()
    rows = []
    for dpi in (100, 150, 300):
        sub = random.Random(2000 + i * 10 + dpi)
        kind = sub.choice(["png", "png", "gray", "gray", "png"])
        if (i + dpi // 50) % 7 == 0:
            kind = "jpeg"
        pname = f"{name}_{dpi}"
        chk = Path(tmp) / f"{pname}_chk"
        run = ["pdftoppm", "-r", str(dpi), "-singlefile"]
        subprocess.run(run + ["-png", str(pdf), str(chk)], check=True)
        img = np.array(Image.open(f"{chk}.png").convert("RGB"))
        sc = dpi / 72
        check_truth(mz, ink_test(img, ink, (255, 255, 255)),
                    lambda r, c: ((mx + c * p / 2) * sc, (PH - (top - r * p / 2)) * sc),
                    pname)
        if kind == "jpeg":
            q = sub.choice([75, 85, 92])
            subprocess.run(run + ["-jpeg", "-jpegopt", f"quality={q}", str(pdf),
                                  str(out / pname)], check=True)
            file, extra = f"{pname}.jpg", f"jpeg q={q}"
        elif kind == "gray":
            subprocess.run(run + ["-png", "-gray", str(pdf), str(out / pname)], check=True)
            file, extra = f"{pname}.png", "gray png"
        else:
            shutil.copy(f"{chk}.png", out / f"{pname}.png")
            file, extra = f"{pname}.png", "rgb png"
        (out / f"{pname}.txt").write_text(mz.text())
        rows.append(dict(cls="book", name=pname, file=file, truth=f"{pname}.txt",
                         expect="exact", rooms=mz.rooms(),
                         notes=f"dpi={dpi} {extra} pitch={p * sc:.2f}px line={lw * sc:.2f}px "
                               "cap=square"
                               f"{' labels' if labels else ''} {mz.desc()}"))
    return rows


# ----------------------------------------------------------------------------------------------
# photo: a printed maze on a table, photographed


def table_texture(rng, kind, h, w):
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "wood":
        # planks along x, fine streaks along the grain, wavy rings; then turned
        S = int(math.hypot(h, w)) + 4
        yy = np.mgrid[0:S, 0:S][0].astype(np.float32)
        streak = cv2.resize(rng.normal(0, 1, (S, max(2, S // 60))).astype(np.float32), (S, S),
                            interpolation=cv2.INTER_CUBIC)
        streak = np.clip(streak * 0.35, -1, 1)
        warp = lowfreq(rng, S, S, 4) * rng.uniform(30, 80)
        rings = np.sin((yy + warp) / rng.uniform(5, 12)) ** 2
        plank_h = rng.uniform(150, 320)
        plank = np.floor(yy / plank_h)
        offs = rng.uniform(-0.12, 0.12, int(plank.max()) + 2).astype(np.float32)
        t = 0.5 + 0.35 * streak + 0.25 * rings + offs[plank.astype(np.int64)]
        seam = (yy % plank_h) < 2
        t[seam] -= 0.5
        M = cv2.getRotationMatrix2D((S / 2, S / 2), rng.choice([0, 90]) + rng.uniform(-20, 20), 1)
        M[:, 2] += (w / 2 - S / 2, h / 2 - S / 2)
        t = cv2.warpAffine(t.astype(np.float32), M, (w, h), borderMode=cv2.BORDER_REFLECT)
        base = np.array(rng.choice([(150, 100, 60), (120, 80, 45), (175, 130, 85)]), np.float32)
        img = base[None, None, :] * (0.6 + 0.6 * t[..., None])
    elif kind == "dark":
        t = lowfreq(rng, h, w, 8) * 0.5 + rng.normal(0, 0.08, (h, w)).astype(np.float32)
        base = np.array(rng.choice([(40, 42, 48), (30, 30, 30), (45, 38, 35)]), np.float32)
        img = base[None, None, :] * (0.8 + 0.5 * t[..., None])
    else:
        t = lowfreq(rng, h, w, 6) * 0.3 + rng.normal(0, 0.05, (h, w)).astype(np.float32)
        base = np.array(rng.choice([(150, 150, 145), (120, 125, 130)]), np.float32)
        img = base[None, None, :] * (0.85 + 0.3 * t[..., None])
    return np.clip(img, 0, 255).astype(np.float32)


def wall_mask(mz, pitch, wall, ox, oy, H, W):
    """Integer rasterisation: wall line k spans [o + k*pitch, o + k*pitch + wall)."""
    a = mz.array()

    def index_map(ncells, size, o):
        n = (ncells - 1) // 2
        idx = np.full(size, -1, dtype=np.int64)
        for k in range(n + 1):
            x = o + k * pitch
            idx[x:x + wall] = 2 * k
            if k < n:
                idx[x + wall:x + pitch] = 2 * k + 1
        return idx

    ri, ci = index_map(a.shape[0], H, oy), index_map(a.shape[1], W, ox)
    m = a[np.clip(ri, 0, None)][:, np.clip(ci, 0, None)]
    m[ri < 0, :] = False
    m[:, ci < 0] = False
    return m


def make_photo(i, out, tmp, args):
    rng = random.Random(3000 + i)
    nrng = np.random.default_rng(3000 + i)
    R, C = pick_size(rng, i, COUNTS["photo"])
    mz = Maze(R, C, rng)
    pp = max(8.0, min(90.0, rng.uniform(650, 950) / max(C, R * 1.2)))  # target pitch in the photo
    S = 2  # paper pixels per photo pixel
    P2 = int(round(pp * S))
    w2 = max(3, min(int(round(rng.uniform(1.6, 3.2) * S)), P2 // 4))
    mw, mh = C * P2 + w2, R * P2 + w2
    landscape = mw > mh * 1.05
    margin = int(0.09 * max(mw, mh))
    title_h = int(0.12 * max(mw, mh)) if rng.random() < 0.7 else 0
    pw = mw + 2 * margin
    ph = mh + 2 * margin + title_h
    ratio = 1.414
    if landscape:
        pw = max(pw, int(ph * ratio))
        ph = max(ph, int(pw / ratio))
    else:
        ph = max(ph, int(pw * ratio))
        pw = max(pw, int(ph / ratio))
    ox = (pw - mw) // 2
    oy = title_h + (ph - title_h - mh) // 2
    mask = wall_mask(mz, P2, w2, ox, oy, ph, pw)
    ink = (int(rng.uniform(10, 40)),) * 3
    paper_rgb = tuple(int(rng.uniform(238, 252)) - d for d in (0, 2, rng.randint(3, 9)))
    paper = np.empty((ph, pw, 3), np.uint8)
    paper[...] = paper_rgb
    paper[mask] = ink
    check_truth(mz, ink_test(paper, ink, paper_rgb),
                lambda r, c: (ox + w2 / 2 + c * P2 / 2, oy + w2 / 2 + r * P2 / 2),
                f"photo_{i:02d}")
    if title_h:
        pim = Image.fromarray(paper)
        d = ImageDraw.Draw(pim)
        fs = int(title_h * 0.45)
        t = rng.choice(["MAZE", f"Maze #{i + 1}", "Labyrinth", "Puzzle Time!", "Amazing Maze"])
        d.text((pw / 2, oy - title_h * 0.45), t, fill=ink, font=font(fs, True), anchor="ms")
        if rng.random() < 0.5:
            d.text((margin, margin * 0.6), "Name: ____________", fill=ink,
                   font=font(max(10, fs // 3)), anchor="ls")
        paper = np.array(pim)
    # photo geometry
    frac = rng.uniform(0.72, 0.88)
    s = 1 / S
    ppw, pph = pw * s, ph * s
    if landscape:
        PW = int(ppw / frac) // 16 * 16
        PH = int(PW * 0.75) // 16 * 16
        PH = max(PH, int(pph / frac * 1.02) // 16 * 16 + 16)
    else:
        PH = int(pph / frac) // 16 * 16
        PW = int(PH * 0.75) // 16 * 16
        PW = max(PW, int(ppw / frac * 1.02) // 16 * 16 + 16)
    rot = rng.uniform(0.5, 4.0) * rng.choice([-1, 1])
    th = math.radians(rot)
    cx, cy = PW / 2 + rng.uniform(-0.03, 0.03) * PW, PH / 2 + rng.uniform(-0.03, 0.03) * PH
    persp = rng.uniform(0.01, 0.03)
    dst = []
    for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        x, y = sx * ppw / 2, sy * pph / 2
        X = cx + x * math.cos(th) - y * math.sin(th) + rng.uniform(-persp, persp) * PW
        Y = cy + x * math.sin(th) + y * math.cos(th) + rng.uniform(-persp, persp) * PH
        dst.append((X, Y))
    src = np.float32([(0, 0), (pw, 0), (pw, ph), (0, ph)])
    M = cv2.getPerspectiveTransform(src, np.float32(dst))
    soft = cv2.GaussianBlur(paper, (0, 0), 0.45 * S)
    warped = cv2.warpPerspective(soft, M, (PW, PH), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT).astype(np.float32)
    alpha = cv2.warpPerspective(np.full((ph, pw), 255, np.uint8), M, (PW, PH),
                                flags=cv2.INTER_LINEAR).astype(np.float32) / 255
    kind = rng.choice(["wood", "wood", "dark", "grey"])
    table = table_texture(nrng, kind, PH, PW)
    shadow = cv2.GaussianBlur(alpha, (0, 0), rng.uniform(6, 14))
    shadow = np.roll(shadow, (rng.randint(3, 10), rng.randint(2, 8)), axis=(0, 1))
    table *= (1 - 0.45 * shadow)[..., None]
    photo = table * (1 - alpha[..., None]) + warped * alpha[..., None]
    # light: a gradient or a darker corner
    y, x = np.mgrid[0:PH, 0:PW].astype(np.float32)
    dark = rng.uniform(0.2, 0.45)
    if rng.random() < 0.5:
        a = rng.uniform(0, 2 * math.pi)
        ramp = (x - PW / 2) * math.cos(a) + (y - PH / 2) * math.sin(a)
        ramp = (ramp - ramp.min()) / (ramp.max() - ramp.min())
        light, how = 1 - dark * ramp, f"gradient {dark:.2f}"
    else:
        kx, ky = rng.choice([(0, 0), (PW, 0), (0, PH), (PW, PH)])
        dist = np.sqrt((x - kx) ** 2 + (y - ky) ** 2) / math.hypot(PW, PH)
        light, how = 1 - dark * np.clip(1 - dist / 0.8, 0, 1) ** 1.5, f"corner {dark:.2f}"
    tint = np.array([1.0, rng.uniform(0.96, 0.99), rng.uniform(0.88, 0.96)], np.float32)
    photo = photo * light[..., None] * tint
    sigma = rng.uniform(0.5, 1.5 if pp >= 11 else 1.1)
    photo = cv2.GaussianBlur(photo, (0, 0), sigma)
    noise = rng.uniform(2, 6)
    photo = photo + nrng.normal(0, noise, photo.shape)
    photo = np.clip(photo, 0, 255).astype(np.uint8)
    q = rng.randint(55, 80)
    name = f"photo_{i:02d}"
    save_jpeg(out / f"{name}.jpg", photo, q)
    (out / f"{name}.txt").write_text(mz.text())
    return dict(cls="photo", name=name, file=f"{name}.jpg", truth=f"{name}.txt",
                expect="exact", rooms=mz.rooms(),
                notes=f"photo={PW}x{PH} pitch~{P2 * s:.1f}px wall~{w2 * s:.1f}px "
                      f"rot={rot:.1f}deg persp={persp:.3f} table={kind} light={how} "
                      f"blur={sigma:.2f} noise={noise:.1f} jpeg q={q} "
                      f"title={'yes' if title_h else 'no'} {mz.desc()}")


# ----------------------------------------------------------------------------------------------
# pen: hand-drawn strokes


def make_pen(i, out, tmp, args):
    rng = random.Random(4000 + i)
    nrng = np.random.default_rng(4000 + i)
    R, C = pick_size(rng, i, COUNTS["pen"])
    mz = Maze(R, C, rng)
    if max(R, C) <= 12:
        p = rng.uniform(20.0, 30.0)
    else:
        p = max(13.0, rng.uniform(15.0, 26.0) if max(R, C) <= 30 else 16.0)
        p = max(13.0, min(p, 1300 / C, 1000 / R))
    margin = rng.randint(30, 70)
    label = rng.random() < 0.35 and mz.openings
    words = rng.choice([["start", "end"], ["start", "finish"], ["IN", "OUT"]])
    LF = cv2.FONT_HERSHEY_SCRIPT_SIMPLEX
    tsize = [cv2.getTextSize(w, LF, 0.7, 2)[0] for w in words]
    lm = max(tw for tw, _ in tsize) + 24 if label else 0
    ox, oy = margin + lm, margin + lm
    W = int(ox * 2 + C * p) + 1
    H = int(oy * 2 + R * p) + 1
    SS = 4
    canvas = np.zeros((H * SS, W * SS), np.uint8)
    tmax = min(5.0, p / 4)
    tbase = rng.uniform(1.8, min(3.2, tmax))
    g = mz.g

    def P(r, c):
        return np.array([ox + c * p / 2, oy + r * p / 2])

    def kind_at(r, c, horiz):
        """How a run along `horiz` ending at post (r, c) meets the perpendicular walls."""
        if horiz:
            a = r - 1 >= 0 and g[r - 1][c] == "#"
            b = r + 1 < mz.h and g[r + 1][c] == "#"
        else:
            a = c - 1 >= 0 and g[r][c - 1] == "#"
            b = c + 1 < mz.w and g[r][c + 1] == "#"
        return "T" if a and b else ("L" if a or b else "free")

    owner = {}  # corner post -> True when the horizontal run owns it
    nstroke = 0
    stats = dict(gaps=0, overs=0)
    for (r0, c0), (r1, c1) in mz.runs():
        horiz = r0 == r1
        # split long runs into overlapping pieces
        n_units = (c1 - c0 if horiz else r1 - r0) // 2
        cuts = [0]
        while cuts[-1] < n_units:
            cuts.append(min(n_units, cuts[-1] + rng.randint(2, 7)))
        for a, b in zip(cuts, cuts[1:]):
            pa = (r0, c0 + 2 * a) if horiz else (r0 + 2 * a, c0)
            pb = (r0, c0 + 2 * b) if horiz else (r0 + 2 * b, c0)
            A, B = P(*pa), P(*pb)
            d = (B - A) / np.linalg.norm(B - A)
            t_here = tbase * rng.uniform(0.85, 1.15)
            amp = p * rng.uniform(0.015, 0.03)
            tlo = max(1.5, 2 * amp + 1.0)  # the centre line stays 0.5 px inside the stroke
            ends = []
            for end, post, sgn in ((A, pa, -1), (B, pb, 1)):
                inner = (post == pa and a > 0) or (post == pb and b < n_units)
                if inner:  # a join inside a run: overlap
                    e = end + sgn * d * rng.uniform(1, 3)
                else:
                    k = kind_at(*post, horiz)
                    if k == "T":
                        u = rng.random()
                        if u < 0.35:
                            e = end - sgn * d * (tbase / 2 + t_here / 2 + rng.uniform(1, 3))
                            stats["gaps"] += 1
                        elif u < 0.55:  # the tip pokes 0.5-2.5 px out of the far side
                            over = rng.uniform(0.5, min(2.5, 0.12 * p))
                            e = end + sgn * d * max(0.0, tbase / 2 - t_here / 2 + over)
                            stats["overs"] += 1
                        else:
                            e = end + sgn * d * rng.uniform(-0.5, 1)
                    elif k == "L":
                        if post not in owner:
                            owner[post] = rng.random() < 0.5
                        if owner[post] == horiz:
                            e = end + sgn * d * rng.uniform(0, 2.5)
                            stats["overs"] += 1
                        elif rng.random() < 0.4:
                            e = end - sgn * d * (tbase / 2 + t_here / 2 + rng.uniform(1, 2))
                            stats["gaps"] += 1
                        else:
                            e = end + sgn * d * rng.uniform(-0.5, 0.5)
                    else:
                        e = end + sgn * d * rng.uniform(0, 1.5)
                ends.append(e)
            A2, B2 = ends
            L = float(np.linalg.norm(B2 - A2))
            n = max(2, int(L / 1.5))
            ts = np.linspace(0, 1, n + 1)
            nrm = np.array([-d[1], d[0]])
            lam1, lam2 = rng.uniform(1.5, 4) * p, rng.uniform(0.6, 1.2) * p
            ph1, ph2 = rng.uniform(0, 6.3), rng.uniform(0, 6.3)
            sl = ts * L
            wob = amp * (0.75 * np.sin(2 * np.pi * sl / lam1 + ph1)
                         + 0.25 * np.sin(2 * np.pi * sl / lam2 + ph2))
            pts = A2[None, :] + (B2 - A2)[None, :] * ts[:, None] + wob[:, None] * nrm[None, :]
            tp = t_here * (1 + 0.3 * np.sin(2 * np.pi * sl / rng.uniform(1, 3) / p
                                            + rng.uniform(0, 6.3)))
            tp = np.clip(tp, tlo, tmax)
            q = np.round(pts * SS).astype(np.int32)
            for k in range(n):
                cv2.line(canvas, tuple(map(int, q[k])), tuple(map(int, q[k + 1])), 255,
                         thickness=max(1, int(round(tp[k] * SS))), lineType=cv2.LINE_8)
            nstroke += 1
    cov = cv2.resize(canvas, (W, H), interpolation=cv2.INTER_AREA).astype(np.float32) / 255
    name = f"pen_{i:02d}"
    # the check reads the supersampled canvas: is the cell's centre point inside a stroke?
    check_truth(mz, lambda x, y: canvas[int(y * SS), int(x * SS)] > 0,
                lambda r, c: (ox + c * p / 2, oy + r * p / 2), name)
    # paper
    paper_rgb = np.array([rng.uniform(246, 255), rng.uniform(245, 253), rng.uniform(238, 250)],
                         np.float32)
    paper = np.broadcast_to(paper_rgb, (H, W, 3)).copy()
    graph = rng.random() < 0.45
    notes = ""
    if graph:
        gs = p * rng.choice([rng.uniform(0.55, 0.8), rng.uniform(1.2, 1.45)])
        gcol = np.array(rng.choice([(170, 200, 235), (190, 210, 240), (200, 200, 200)]),
                        np.float32)
        gx0, gy0 = rng.uniform(0, gs), rng.uniform(0, gs)
        gridimg = np.zeros((H, W), np.float32)
        k = 0
        x = gx0
        while x < W:
            gridimg[:, int(x)] = 1.0
            x += gs
            k += 1
        y = gy0
        while y < H:
            gridimg[int(y), :] = 1.0
            y += gs
        gridimg *= rng.uniform(0.6, 1.0)
        paper = paper * (1 - gridimg[..., None]) + gcol * gridimg[..., None]
        notes += f" graph-paper={gs:.1f}px"
    blue = rng.random() < 0.4
    ink = np.array((25, 45, 150) if blue else (22, 22, 28), np.float32)
    inkvar = 0.85 + 0.3 * lowfreq(nrng, H, W, 5)
    inkc = np.clip(ink[None, None, :] * inkvar[..., None], 0, 255)
    img = paper * (1 - cov[..., None]) + inkc * cov[..., None]
    if label:
        pim = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
        for n, (side, k, (r, c)) in enumerate(mz.openings):
            x, y = ox + c * p / 2, oy + r * p / 2
            (tw, th), word = tsize[n], words[n]
            if side == "top":
                org = (x - tw / 2, y - 14)
            elif side == "bottom":
                org = (x - tw / 2, y + 14 + th)
            elif side == "left":
                org = (x - 14 - tw, y + th / 2)
            else:
                org = (x + 14, y + th / 2)
            im2 = np.array(pim)
            cv2.putText(im2, word, (int(org[0]), int(org[1])), LF, 0.7,
                        tuple(int(v) for v in ink), 2, cv2.LINE_AA)
            pim = Image.fromarray(im2)
        img = np.array(pim).astype(np.float32)
        notes += " labels"
    effects = rng.random() < 0.5
    if effects:
        sigma = rng.uniform(0.6, 1.0)
        img = cv2.GaussianBlur(img, (0, 0), sigma)
        light = 1 - rng.uniform(0.05, 0.2) * lowfreq(nrng, H, W, 3)
        img = img * light[..., None] + nrng.normal(0, rng.uniform(2, 4), img.shape)
        q = rng.randint(70, 90)
        img = np.clip(img, 0, 255).astype(np.uint8)
        save_jpeg(out / f"{name}.jpg", img, q)
        file = f"{name}.jpg"
        notes += f" blur={sigma:.2f} jpeg q={q}"
    else:
        img = img + nrng.normal(0, 1.0, img.shape)
        img = np.clip(img, 0, 255).astype(np.uint8)
        save_png(out / f"{name}.png", img)
        file = f"{name}.png"
        notes += " scan-clean png"
    (out / f"{name}.txt").write_text(mz.text())
    return dict(cls="pen", name=name, file=file, truth=f"{name}.txt", expect="exact",
                rooms=mz.rooms(),
                notes=f"pitch={p:.1f}px stroke~{tbase:.1f}px ink={'blue' if blue else 'black'} "
                      f"strokes={nstroke} gaps={stats['gaps']} overshoots={stats['overs']}"
                      f"{notes} {mz.desc()}")


# ----------------------------------------------------------------------------------------------
# tiles: textured block mazes

SCHEMES = {  # wall, wall border factor, floor, floor border factor
    "arcade": ((33, 33, 222), 1.35, (0, 0, 0), None),
    "hedge": ((40, 110, 40), 0.7, (222, 200, 150), 0.94),
    "magenta": ((200, 40, 180), 0.65, (30, 20, 40), None),
    "stone": ((128, 128, 128), 0.72, (230, 230, 225), None),
    "grass": ((120, 80, 40), 0.7, (90, 160, 60), 0.9),
}


def make_tiles(i, out, tmp, args):
    rng = random.Random(5000 + i)
    nrng = np.random.default_rng(5000 + i)
    R, C = pick_size(rng, i, COUNTS["tiles"])
    mz = Maze(R, C, rng)
    scheme = list(SCHEMES)[i % len(SCHEMES)]
    wall, wf, floor, ff = SCHEMES[scheme]
    B = rng.choice([6, 7, 8, 8, 10])
    k = rng.randint(3, 12)
    mcells = rng.choice([0, 0, 1, 2, 3])
    Hc, Wc = mz.h + 2 * mcells, mz.w + 2 * mcells
    while Wc * B * k > 3200 or Hc * B * k > 3200:
        if k > 3:
            k -= 1
        elif B > 5:
            B -= 1
        else:
            break
    base = np.zeros((Hc * B, Wc * B, 3), np.float32)
    a = mz.array()
    full = np.zeros((Hc, Wc), bool)
    full[mcells:mcells + mz.h, mcells:mcells + mz.w] = a
    inner = np.zeros((B, B), bool)
    inner[2:B - 2, 2:B - 2] = True
    wall_t = np.array(wall, np.float32)
    floor_t = np.array(floor, np.float32)
    for r in range(Hc):
        for c in range(Wc):
            is_wall = full[r, c]
            col, fac = (wall_t, wf) if is_wall else (floor_t, ff)
            tile = np.broadcast_to(col, (B, B, 3)).copy()
            if fac is not None:
                tile[~inner] = np.clip(col * fac, 0, 255)
            sp = nrng.random((B, B)) < (0.18 if is_wall else 0.12)
            amt = nrng.uniform(-28, 28, (B, B)) if is_wall else nrng.uniform(-18, 18, (B, B))
            if not is_wall and floor == (0, 0, 0):
                amt = np.abs(amt) * 0.6
            tile[sp] += amt[sp][:, None]
            base[r * B:(r + 1) * B, c * B:(c + 1) * B] = tile
    base = np.clip(base, 0, 255).astype(np.uint8)
    name = f"tiles_{i:02d}"
    off = mcells * B + B // 2
    check_truth(mz, ink_test(base, wall, floor), lambda r, c: (off + c * B, off + r * B), name)
    flt = Image.Resampling.NEAREST if rng.random() < 0.7 else Image.Resampling.BILINEAR
    pic = Image.fromarray(base).resize((base.shape[1] * k, base.shape[0] * k), flt)
    pic.save(out / f"{name}.png")
    (out / f"{name}.txt").write_text(mz.text())
    return dict(cls="tiles", name=name, file=f"{name}.png", truth=f"{name}.txt",
                expect="exact", rooms=mz.rooms(),
                notes=f"scheme={scheme} tile={B}px x{k} "
                      f"{'nearest' if flt == Image.Resampling.NEAREST else 'bilinear'} "
                      f"cell={B * k}px margin={mcells} cells {mz.desc()}")


# ----------------------------------------------------------------------------------------------
# shapes: mazegraph's own masked mazes


def make_shapes(i, out, tmp, args):
    rng = random.Random(6000 + i)
    shape = ["diamond", "ellipse", "spiral", "double-spiral"][i % 4]
    n = rng.choice([11, 15, 21, 25, 31, 41, 45])
    m = n if rng.random() < 0.6 else n + rng.choice([-4, 6, 10])
    loops = 5 if i % 3 == 2 else 0
    seed = 100 + i
    name = f"shapes_{i:02d}_{shape}"
    scale = [2, 3, 4, 5, 6, 8, 10, 12][i % 8]
    txt = out / f"{name}.txt"
    cmd = [args.bin, "--quiet", "generate", "-a", "backtracker", "--size", f"{n}x{m}",
           "--shape", shape, "--seed", str(seed), "-o", str(txt)]
    if loops:
        cmd += ["--loops", str(loops)]
    subprocess.run(cmd, check=True)
    subprocess.run([args.bin, "--quiet", "render", str(txt), "-o", str(out / f"{name}.png"),
                    "--scale", str(scale)], check=True)
    lines = txt.read_text().splitlines()
    rooms = f"{(len(lines) - 1) // 2}x{(len(lines[0]) - 1) // 2}"  # cropped to the shape
    return dict(cls="shapes", name=name, file=f"{name}.png", truth=f"{name}.txt",
                expect="exact", rooms=rooms,
                notes=f"shape={shape} --size {n}x{m} seed={seed} loops={loops} scale={scale}")


# ----------------------------------------------------------------------------------------------
# refuse: theta and hex mazes


def theta_maze(rng, rings):
    counts = [1, rng.choice([6, 8])]
    for k in range(2, rings + 1):
        prev = counts[-1]
        counts.append(prev * 2 if (2 * math.pi * k) / prev > 1.9 else prev)
    parent = {}
    for k in range(1, rings + 1):
        for j in range(counts[k]):
            parent[(k, j)] = (k - 1, j * counts[k - 1] // counts[k])
    nbrs = {(k, j): [] for k in range(rings + 1) for j in range(counts[k])}
    for (k, j), q in parent.items():
        nbrs[(k, j)].append(q)
        nbrs[q].append((k, j))
        if counts[k] > 1:
            o = (k, (j + 1) % counts[k])
            nbrs[(k, j)].append(o)
            nbrs[o].append((k, j))
    carved = spanning_tree((0, 0), lambda v: nbrs[v], rng)
    return counts, parent, carved


def make_refuse(i, out, tmp, args):
    rng = random.Random(7000 + i)
    name = f"refuse_{i:02d}"
    heading = i % 3 != 2
    if i % 2 == 0:
        rings = rng.randint(5, 14)
        rw = rng.randint(14, 26)
        th = rng.choice([1, 2, 2, 3])
        col = rng.choice([(0, 0, 0), (30, 30, 90), (60, 20, 20)])
        Rr = (rings + 1) * rw
        top = 70 if heading else 20
        W = 2 * Rr + 60
        H = 2 * Rr + top + 30
        img = np.full((H, W, 3), 255, np.uint8)
        cx, cy = W // 2, top + Rr + 5
        counts, parent, carved = theta_maze(rng, rings)
        for k in range(1, rings + 1):
            n = counts[k]
            for j in range(n):
                a0, a1 = 360 * j / n, 360 * (j + 1) / n
                if frozenset(((k, j), parent[(k, j)])) not in carved:
                    cv2.ellipse(img, (cx, cy), (k * rw, k * rw), -90, a0, a1, col, th, cv2.LINE_AA)
                if n > 1 and frozenset(((k, j), (k, (j + 1) % n))) not in carved:
                    ang = math.radians(a1 - 90)
                    p0 = (int(round(cx + k * rw * math.cos(ang))),
                          int(round(cy + k * rw * math.sin(ang))))
                    p1 = (int(round(cx + (k + 1) * rw * math.cos(ang))),
                          int(round(cy + (k + 1) * rw * math.sin(ang))))
                    cv2.line(img, p0, p1, col, th, cv2.LINE_AA)
        n = counts[rings]
        gap = rng.randrange(n)
        for j in range(n):
            if j != gap:
                cv2.ellipse(img, (cx, cy), (Rr, Rr), -90, 360 * j / n, 360 * (j + 1) / n, col,
                            th, cv2.LINE_AA)
        if heading:
            cv2.putText(img, rng.choice(["Circular Maze", "Theta Maze", "Round Labyrinth"]),
                        (30, 48), cv2.FONT_HERSHEY_DUPLEX, 1.1, (20, 20, 20), 2, cv2.LINE_AA)
        save_png(out / f"{name}.png", img)
        notes = f"theta maze rings={rings} ring={rw}px line={th}px opencv"
    else:
        rows, cols = rng.randint(6, 18), rng.randint(6, 22)
        size = rng.uniform(10, 22)
        th = rng.choice([2, 2, 3])
        top = 70 if heading else 20
        sq3 = math.sqrt(3)
        centres = {}
        for r in range(rows):
            for c in range(cols):
                centres[(r, c)] = (30 + size * sq3 * (c + 0.5 * (r % 2) + 0.5),
                                   top + size * (1.5 * r + 1))
        W = int(30 * 2 + size * sq3 * (cols + 1))
        H = int(top + size * (1.5 * rows + 1) + 30)
        def key(x, y):
            return round(2 * (x - 30) / (size * sq3)), round((y - top - size) / (1.5 * size))

        pos = {key(x, y): k for k, (x, y) in centres.items()}

        def nb(k, e):
            x, y = centres[k]
            a = math.radians(60 * e)
            return pos.get(key(x + sq3 * size * math.cos(a), y + sq3 * size * math.sin(a)))

        carved = spanning_tree(
            (0, 0), lambda cur: [v for e in range(6) if (v := nb(cur, e)) is not None], rng
        )
        pim = Image.new("RGB", (W, H), (255, 255, 255))
        d = ImageDraw.Draw(pim)
        col = rng.choice([(0, 0, 0), (20, 60, 20), (40, 40, 40)])
        exits = {(0, 0): 3, (rows - 1, cols - 1): 0}
        for k, (x, y) in centres.items():
            for e in range(6):
                v = nb(k, e)
                if v is not None and (frozenset((k, v)) in carved or v < k):
                    continue
                if v is None and exits.get(k) == e:
                    continue
                a0, a1 = math.radians(60 * e - 30), math.radians(60 * e + 30)
                d.line([(x + size * math.cos(a0), y + size * math.sin(a0)),
                        (x + size * math.cos(a1), y + size * math.sin(a1))], fill=col, width=th)
        if heading:
            d.text((30, 20), rng.choice(["Hexagon Maze", "Honeycomb Puzzle", "Hex Labyrinth"]),
                   fill=(20, 20, 20), font=font(30, True))
        pim.save(out / f"{name}.png")
        notes = f"hex maze {rows}x{cols} cells side={size:.1f}px line={th}px pillow"
    return dict(cls="refuse", name=name, file=f"{name}.png", truth="-", expect="refuse",
                rooms="-", notes=notes + (" heading" if heading else ""))


MAKERS = dict(web=make_web, book=make_book, photo=make_photo, pen=make_pen, tiles=make_tiles,
              shapes=make_shapes, refuse=make_refuse)


def run_one(job):
    cls, i, out, args = job
    with tempfile.TemporaryDirectory() as tmp:
        r = MAKERS[cls](i, Path(out), tmp, args)
    return r if isinstance(r, list) else [r]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(ROOT / "target" / "hard-pictures"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", default=",".join(CLASSES))
    ap.add_argument("--bin", default=str(ROOT / "target" / "release" / "mazegraph"))
    args = ap.parse_args()
    classes = [c for c in args.only.split(",") if c]
    for c in classes:
        if c not in MAKERS:
            sys.exit(f"make_hard_pictures: unknown class {c!r} (one of {', '.join(CLASSES)})")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for c in classes:
        for f in out.glob(f"{c}_*"):
            f.unlink()
    t0 = time.time()
    jobs = [(c, i, str(out), args) for c in classes for i in range(COUNTS[c])]
    # slow jobs first so the pool finishes together
    order = {"web": 0, "book": 1, "photo": 2, "pen": 3, "tiles": 4, "refuse": 5, "shapes": 6}
    jobs.sort(key=lambda j: (order[j[0]], j[1]))
    rows = []
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        for res in ex.map(run_one, jobs):
            rows.extend(res)
    man = out / "MANIFEST.tsv"
    old = []
    if man.exists():
        old = [ln for ln in man.read_text().splitlines()[1:]
               if ln and ln.split("\t")[0] not in classes]
    lines = ["class\tname\tfile\ttruth\texpect\trooms\tnotes"] + old
    lines += ["\t".join([r["cls"], r["name"], r["file"], r["truth"], r["expect"], r["rooms"],
                         r["notes"]]) for r in rows]
    rank = {c: k for k, c in enumerate(CLASSES)}
    lines[1:] = sorted(lines[1:], key=lambda ln: (rank.get(ln.split("\t")[0], 99),
                                                   ln.split("\t")[1]))
    man.write_text("\n".join(lines) + "\n")
    counts = {}
    for ln in lines[1:]:
        counts[ln.split("\t")[0]] = counts.get(ln.split("\t")[0], 0) + 1
    print(f"make_hard_pictures: {len(lines) - 1} pictures in {out} "
          f"({', '.join(f'{c} {n}' for c, n in counts.items())}) in {time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
