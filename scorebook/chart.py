"""Running balances drawn as SVG polylines on the server: the night's balance over its
hands (the print page) and a club's money over a season's nights."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

CHART_COLOURS = ("#1f6feb", "#d1242f", "#1a7f37", "#9a6700", "#8250df", "#bf3989", "#0a7d8c")


def polylines(
    series: Mapping[str, Sequence[Any]],
    last: Callable[[Any], Any],
    width: int = 600,
    height: int = 220,
) -> dict[str, Any]:
    """Each player's line (a number per step, 0 first) scaled into `width` × `height`, the
    zero line's height, and each line's `last` value as the legend shows it."""
    values = [float(v) for s in series.values() for v in s] or [0.0]
    low, high = min(*values, 0.0), max(*values, 0.0)
    span = (high - low) or 1.0
    count = max(len(next(iter(series.values()), [0])) - 1, 1)
    pad = 8

    def x(i: int) -> float:
        return round(pad + i * (width - 2 * pad) / count, 1)

    def y(v: float) -> float:
        return round(pad + (high - v) * (height - 2 * pad) / span, 1)

    lines = [
        {
            "player": p,
            "colour": CHART_COLOURS[i % len(CHART_COLOURS)],
            "points": " ".join(f"{x(j)},{y(float(v))}" for j, v in enumerate(s)),
            "last": last(s[-1]),
        }
        for i, (p, s) in enumerate(series.items())
    ]
    return {"width": width, "height": height, "zero": y(0.0), "lines": lines}
