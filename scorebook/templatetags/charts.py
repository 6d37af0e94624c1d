"""The night's balance chart: each player's running total over the hands, drawn as SVG
polylines on the server (the print page)."""

from __future__ import annotations

from typing import Any

from django import template

from scorebook.chart import polylines
from scorebook.ledger import balance_series
from scorebook.money import units
from scorebook.nightview import NightView

register = template.Library()


def chart_lines(view: NightView, width: int = 600, height: int = 220) -> dict[str, Any]:
    """Polylines (SVG coordinates) of each player's balance over the hands."""
    return polylines(balance_series(view), units, width, height)


@register.inclusion_tag("scorebook/includes/balance_chart.html")
def balance_chart(view: NightView) -> dict[str, Any]:
    """`{% balance_chart view %}`: the chart of the night `view` shows."""
    return {"chart": chart_lines(view)}
