"""The app icons, drawn in pure Python (zlib and struct), so the build needs no image library.

A board on the site's indigo: the grid, an X and an O, kept inside the
central 80% so the same picture works as a "maskable" icon, which launchers
crop to a circle or a rounded square.
"""

from __future__ import annotations

import math
import struct
import zlib

INDIGO = (63, 81, 181)
WHITE = (255, 255, 255)
PINK = (255, 128, 171)
AMBER = (255, 213, 79)


def _png(width: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, len(rows), 8, 2, 0, 0, 0)  # 8-bit RGB
    raw = b"".join(b"\x00" + row for row in rows)  # filter type 0 on every row
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def icon(size: int) -> bytes:
    """A square PNG icon ``size`` pixels a side."""
    s = size / 100  # draw on a 100-unit canvas
    line = 2.4 * s  # half the width of a stroke
    lo, hi = 22 * s, 78 * s  # the board inside the safe zone
    third = (hi - lo) / 3
    grid = [lo + third, lo + 2 * third]
    # X in the top-left cell, O in the centre cell
    x_cell = (lo + 0.5 * third, lo + 0.5 * third)
    o_cell = (lo + 1.5 * third, lo + 1.5 * third)
    arm = third * 0.28
    ring = third * 0.3
    rows = []
    for y in range(size):
        row = bytearray()
        for x in range(size):
            px, py = x + 0.5, y + 0.5
            colour = INDIGO
            inside = lo - line <= px <= hi + line and lo - line <= py <= hi + line
            if inside and (any(abs(px - g) <= line for g in grid) or any(abs(py - g) <= line for g in grid)):
                colour = WHITE
            dx, dy = px - x_cell[0], py - x_cell[1]
            if max(abs(dx), abs(dy)) <= arm + line and min(abs(dx - dy), abs(dx + dy)) / math.sqrt(2) <= line:
                colour = PINK
            if abs(math.hypot(px - o_cell[0], py - o_cell[1]) - ring) <= line:
                colour = AMBER
            row += bytes(colour)
        rows.append(bytes(row))
    return _png(size, rows)


def ico(png: bytes) -> bytes:
    """``png`` as a .ico file (one image, stored as the PNG itself, which every
    browser since 2007 reads): what a browser asks a site's root for when a
    page names no icon."""
    width, height = struct.unpack(">II", png[16:24])  # IHDR, right after the signature
    if not (png.startswith(b"\x89PNG\r\n\x1a\n") and 0 < width <= 256 and 0 < height <= 256):
        raise ValueError("an icon is a PNG of at most 256 pixels a side")
    header = struct.pack("<HHH", 0, 1, 1)  # reserved, type 1 (icon), one image
    entry = struct.pack("<BBBBHHII", width % 256, height % 256, 0, 0, 1, 32, len(png), 6 + 16)
    return header + entry + png
