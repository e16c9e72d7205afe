#!/usr/bin/env python3
"""Writes the binary members of the hostile-input corpus (PNG files and non-UTF-8 text) into
this folder. Standard library only; the text cases are plain files beside it.
Run: python3 tests/bad/make_binary.py"""
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
SIG = b"\x89PNG\r\n\x1a\n"


def chunk(kind, data, crc=None):
    if crc is None:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def ihdr(w, h, depth=1, color=0, interlace=0):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, color, 0, 0, interlace))


def gray1(w, h):
    """A valid w x h 1-bit image: a path down the middle column."""
    row = bytearray((w + 7) // 8)
    row[(w // 2) // 8] |= 0x80 >> ((w // 2) % 8)
    raw = b"".join(b"\x00" + bytes(row) for _ in range(h))
    return SIG + ihdr(w, h) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def bomb(n):
    """A 1-bit n x n picture of combs that deflates about 5000:1 (n = 20000: 78 KB for 400
    million cells): wall rows with one opening, between path rows."""
    rowlen = (n + 7) // 8
    path_row = b"\x00" + b"\x00" + b"\xff" * (rowlen - 2) + b"\x00"
    wall_row = b"\x00" + b"\x40" + b"\x00" * (rowlen - 1)
    z = zlib.compressobj(9)
    data = b"".join(z.compress(path_row if r % 2 else wall_row) for r in range(n)) + z.flush()
    return SIG + ihdr(n, n) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def main():
    good = gray1(9, 7)
    write("png_bomb_inflates_to_20000x20000.png", bomb(20000))
    write("png_empty_file.png", b"")
    write("png_not_a_png.png", b"GIF89a this is not a PNG at all\n")
    write("png_signature_only.png", SIG)
    write("png_truncated_header.png", SIG + ihdr(9, 7)[:10])
    idat_at = good.index(b"IDAT")
    write("png_truncated_in_image_data.png", good[: idat_at + 10])
    write("png_no_image_end.png", good[: good.index(b"IEND") - 4])
    write("png_bad_header_checksum.png", SIG + chunk(b"IHDR", struct.pack(">IIBBBBB", 9, 7, 1, 0, 0, 0, 0), crc=0x12345678) + good[33:])
    write("png_claims_1e6_by_1e6_pixels.png", SIG + ihdr(10**6, 10**6) + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))
    write("png_claims_2e9_by_2e9_pixels.png", SIG + ihdr(0x7FFFFFFF, 0x7FFFFFFF) + chunk(b"IEND", b""))
    write("png_zero_width.png", SIG + ihdr(0, 7) + good[33:])
    write("png_bit_depth_3.png", SIG + ihdr(9, 7, depth=3) + good[33:])
    write("png_palette_without_plte.png", SIG + ihdr(9, 7, depth=8, color=3) + chunk(b"IDAT", zlib.compress(b"\x00" + b"\x00" * 9) * 1) + chunk(b"IEND", b""))
    write("png_image_data_not_zlib.png", SIG + ihdr(9, 7) + chunk(b"IDAT", b"this is not deflate data") + chunk(b"IEND", b""))
    short = zlib.compress(b"\x00\x00\x00" * 3)  # 3 rows of a 7-row image
    write("png_too_few_rows.png", SIG + ihdr(9, 7) + chunk(b"IDAT", short) + chunk(b"IEND", b""))
    bad_filter = zlib.compress(b"\x09\x00\x00" * 7)  # filter type 9 does not exist
    write("png_unknown_row_filter.png", SIG + ihdr(9, 7) + chunk(b"IDAT", bad_filter) + chunk(b"IEND", b""))
    write("png_no_image_data.png", SIG + ihdr(9, 7) + chunk(b"IEND", b""))
    latin1 = "#.###\n#..é#\n###.#\n".encode("latin-1")
    write("txt_not_utf8.txt", latin1)
    write("json_not_utf8.json", b'{"shape": [1, 2], "cells": "\xff."}')
    write("adj_not_utf8.adj", b"{(0, 0): [(0, 1)],\n 'caf\xe9': []}")
    write("graph_json_not_utf8.graph.json", b'{"nodes": [{"id": "\xe9"}], "edges": []}')
    write("dot_not_utf8.dot", b"graph {\n  a -- \xff;\n}")
    write("txt_nul_bytes.txt", b"#.#\n\x00\x00\x00\n")


if __name__ == "__main__":
    main()
