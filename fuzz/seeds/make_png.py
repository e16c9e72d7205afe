#!/usr/bin/env python3
"""Writes small PNG seeds of every colour type and bit depth (and one interlaced image) to
fuzz/seeds/read_png/, so the PNG fuzz target starts from inputs that reach every pixel
decoder. Standard library only. Run from anywhere: python3 fuzz/seeds/make_png.py"""
import os
import struct
import zlib

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "read_png")
# A 7x9 maze: 1 = path.
MAZE = [
    "#.#######",
    "#.....#.#",
    "#.###.#.#",
    "#...#...#",
    "###.###.#",
    "#.......#",
    "#######.#",
]
H, W = len(MAZE), len(MAZE[0])


def chunk(kind, data):
    c = struct.pack(">I", len(data)) + kind + data
    return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(color, depth, rows, plte=None, trns=None, interlace=0):
    out = b"\x89PNG\r\n\x1a\n"
    out += chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, depth, color, 0, 0, interlace))
    if plte is not None:
        out += chunk(b"PLTE", plte)
    if trns is not None:
        out += chunk(b"tRNS", trns)
    raw = b"".join(b"\x00" + r for r in rows)
    out += chunk(b"IDAT", zlib.compress(raw))
    return out + chunk(b"IEND", b"")


def pack(samples, depth):
    """Packs sub-byte samples MSB first."""
    if depth >= 8:
        return bytes(samples)
    out, acc, n = bytearray(), 0, 0
    for s in samples:
        acc = (acc << depth) | s
        n += depth
        if n == 8:
            out.append(acc)
            acc, n = 0, 0
    if n:
        out.append(acc << (8 - n))
    return bytes(out)


def rows_of(sample):
    """Rows of bytes, `sample(is_path)` giving each pixel's bytes (or sub-byte value)."""
    return [[sample(ch != "#") for ch in row] for row in MAZE]


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def main():
    os.makedirs(OUT, exist_ok=True)
    for depth in (1, 2, 4, 8):
        m = (1 << depth) - 1
        rows = [pack(r, depth) for r in rows_of(lambda p: m if p else 0)]
        write(f"gray{depth}.png", png(0, depth, rows))
        plte = bytes([0, 0, 0, 255, 255, 255, 200, 10, 10])
        rows = [pack(r, depth) for r in rows_of(lambda p: 1 if p else 0)]
        write(f"palette{depth}.png", png(3, depth, rows, plte=plte, trns=b"\xff\x80"))
    rows = [b"".join(r) for r in rows_of(lambda p: b"\xff\xff" if p else b"\x00\x00")]
    write("gray16.png", png(0, 16, rows, trns=b"\x00\x00"))
    for depth, one in ((8, 1), (16, 2)):
        px = lambda p: (b"\xff" if p else b"\x00") * one
        rows = [b"".join(r) for r in rows_of(lambda p: px(p) * 3)]
        write(f"rgb{depth}.png", png(2, depth, rows, trns=b"\x00\x00" * 3))
        rows = [b"".join(r) for r in rows_of(lambda p: px(p) + b"\xff" * one)]
        write(f"gray_alpha{depth}.png", png(4, depth, rows))
        rows = [b"".join(r) for r in rows_of(lambda p: px(p) * 3 + (b"\x80" * one))]
        write(f"rgba{depth}.png", png(6, depth, rows))
    # Adam7-interlaced 8-bit gray: the seven passes' scanlines, each with a filter byte.
    passes = [(0, 8, 0, 8), (4, 8, 0, 8), (0, 4, 4, 8), (2, 4, 0, 4), (0, 2, 2, 4), (1, 2, 0, 2), (0, 1, 1, 2)]
    raw = b""
    for xo, xs, yo, ys in passes:
        for y in range(yo, H, ys):
            line = bytes(255 if MAZE[y][x] != "#" else 0 for x in range(xo, W, xs))
            if line:
                raw += b"\x00" + line
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 0, 0, 0, 1))
    out += chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    write("interlaced_gray8.png", out)


if __name__ == "__main__":
    main()
