"""Draw the app's home-screen icons (static/scorebook/icons/): a score card with a tally
of five, in plain Python (no image library), so the PNGs can be made again from source.

    .venv/bin/python tools/make_icons.py
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

GREEN = (31, 92, 62)
CARD = (250, 248, 240)
INK = (28, 33, 40)
RED = (176, 36, 36)
OUT = Path(__file__).resolve().parent.parent / "static" / "scorebook" / "icons"


def _segment_distance(x: float, y: float, a: tuple[float, float], b: tuple[float, float]) -> float:
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(x - (ax + t * dx), y - (ay + t * dy))


def _pixel(x: float, y: float) -> tuple[int, int, int]:
    """The colour at (x, y) in a 1 × 1 square: the card, four strokes and the fifth across."""
    strokes = [((0.33 + 0.1 * i, 0.3), (0.33 + 0.1 * i, 0.7)) for i in range(4)]
    if _segment_distance(x, y, (0.25, 0.62), (0.75, 0.38)) < 0.028:
        return RED
    if any(_segment_distance(x, y, a, b) < 0.025 for a, b in strokes):
        return INK
    inside_card = 0.2 < x < 0.8 and 0.18 < y < 0.82
    return CARD if inside_card else GREEN


def png(size: int) -> bytes:
    rows = b"".join(
        b"\0" + bytes(c for x in range(size) for c in _pixel((x + 0.5) / size, (y + 0.5) / size))
        for y in range(size)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (OUT / f"icon-{size}.png").write_bytes(png(size))
    (OUT / "apple-touch-icon.png").write_bytes(png(180))
