"""The night's balance chart: each player's running total over the hands, drawn as SVG
polylines on the server (the print page)."""

from __future__ import annotations

from typing import Any

from django import template

from scorebook.ledger import balance_series
from scorebook.money import units
from scorebook.nightview import NightView

register = template.Library()


CHART_COLOURS = ("#1f6feb", "#d1242f", "#1a7f37", "#9a6700", "#8250df", "#bf3989", "#0a7d8c")


def chart_lines(view: NightView, width: int = 600, height: int = 220) -> dict[str, Any]:
    """Polylines (SVG coordinates) of each player's balance over the hands."""
    series = balance_series(view)
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
            "last": units(s[-1]),
        }
        for i, (p, s) in enumerate(series.items())
    ]
    return {"width": width, "height": height, "zero": y(0.0), "lines": lines}


@register.inclusion_tag("scorebook/includes/balance_chart.html")
def balance_chart(view: NightView) -> dict[str, Any]:
    """`{% balance_chart view %}`: the chart of the night `view` shows."""
    return {"chart": chart_lines(view)}
