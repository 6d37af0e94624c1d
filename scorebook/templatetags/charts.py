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


@register.inclusion_tag("scorebook/includes/balance_chart.html")
def balance_chart(view: NightView) -> dict[str, Any]:
    """`{% balance_chart view %}`: the chart of the night `view` shows, each player's balance
    over the hands as SVG polylines."""
    return {"chart": polylines(balance_series(view), units, 600, 220)}
