"""A club's season standings: points and money per player over the season's nights, the
nights each played, and the running balance across them. One grouped query over the stored
night totals (`FactTotal`, written when a hand is saved): never a replay of the nights.

A season is a calendar year (the default) or dates the club sets (`Season`). Money is each
night's points × its stake, rounded per night as the night's own page rounds it (so the
season is the sum of its nights), added up per currency.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.db.models import QuerySet, Sum
from django.http import Http404
from django.utils import timezone

from scorebook.chart import polylines
from scorebook.models import Club, FactTotal, Night, Season
from scorebook.stats import money_of, points


@dataclass(frozen=True)
class Span:
    """The dates a season covers, its title, and what it is (a year or a Season)."""

    start: datetime.date
    end: datetime.date
    title: str
    year: int | None = None
    season: Season | None = None

    @property
    def query(self) -> str:
        """The standings' query string for this span (`season=…` or `year=…`)."""
        return f"season={self.season.pk}" if self.season else f"year={self.year}"


def year_span(year: int) -> Span:
    if not datetime.MINYEAR < year < datetime.MAXYEAR:
        raise Http404("no such year")
    return Span(datetime.date(year, 1, 1), datetime.date(year, 12, 31), str(year), year=year)


def season_span(season: Season) -> Span:
    return Span(season.start, season.end, season.name, season=season)


def spans_of(club: Club) -> list[Span]:
    """The club's seasons: each year it played (and this one), newest first, then its own."""
    years = {d.year for d in Night.objects.filter(club=club).dates("date", "year")}
    years.add(timezone.localdate().year)
    spans = [year_span(y) for y in sorted(years, reverse=True)]
    return spans + [season_span(s) for s in Season.objects.filter(club=club)]


@dataclass
class Standing:
    player_id: int
    name: str
    nights: int = 0
    hands: int = 0
    units: float = 0.0
    money: dict[str, Decimal] = field(default_factory=dict)
    place: int = 0

    @property
    def points(self) -> str:
        return points(self.units)

    @property
    def shown_points(self) -> str:
        """As the ledger shows points: a sign, and a real minus."""
        text = points(self.units)
        return f"+{text}" if self.units > 0 else text.replace("-", "−")


@dataclass
class Table:
    span: Span
    rows: list[Standing]
    nights: int  # the season's nights with at least one hand
    currency: str | None  # the chart's currency (the most used)
    chart: dict[str, Any] | None

    @property
    def one_currency(self) -> str | None:
        """The currency when every night of the season had the same (the usual case)."""
        found = {c for row in self.rows for c in row.money}
        return found.pop() if len(found) == 1 else None


def night_rows(club: Club, span: Span) -> list[dict[str, Any]]:
    """One row per player and night of the season: his hands and points in it."""
    return [dict(row) for row in season_query(club, span)]


def season_query(club: Club, span: Span) -> QuerySet[Any, Any]:
    """The table's one query: the night totals grouped by player and night."""
    return (
        FactTotal.objects.filter(
            night__club=club,
            night__deleted_at__isnull=True,
            night__date__gte=span.start,
            night__date__lte=span.end,
            kind="role",
        )
        .values(
            "player_id",
            "player__name",
            "night_id",
            "night__date",
            "night__created",
            "night__stake_per_point",
            "night__currency",
        )
        .annotate(hands=Sum("hands"), units=Sum("units"))
        .order_by()
    )


def standings(club: Club, span: Span) -> Table:
    """The season's table, best first (by money in the main currency, then points)."""
    rows = night_rows(club, span)
    found: dict[int, Standing] = {}
    for row in rows:
        mine = found.setdefault(row["player_id"], Standing(row["player_id"], row["player__name"]))
        mine.nights += 1 if row["hands"] else 0
        mine.hands += row["hands"] or 0
        mine.units += row["units"] or 0.0
        cash = money_of(row["units"] or 0.0, row["night__stake_per_point"])
        currency = row["night__currency"]
        mine.money[currency] = mine.money.get(currency, Decimal(0)) + cash
    currency = _main_currency(rows)
    table = sorted(
        found.values(),
        key=lambda s: (-s.money.get(currency or "", Decimal(0)), -s.units, s.name),
    )
    for place, standing in enumerate(table, start=1):
        standing.place = place
    played = len({r["night_id"] for r in rows if r["hands"]})
    chart = season_chart(rows, currency) if currency else None
    return Table(span, table, played, currency, chart)


def _main_currency(rows: list[dict[str, Any]]) -> str | None:
    count: dict[str, int] = defaultdict(int)
    for row in rows:
        count[row["night__currency"]] += 1
    return max(sorted(count), key=lambda c: count[c]) if count else None


def running_money(rows: list[dict[str, Any]], currency: str) -> dict[str, list[Decimal]]:
    """Each player's running money after each night of the season (0 before the first)."""
    order = sorted(
        {(r["night__date"], r["night__created"], r["night_id"]) for r in rows},
    )
    index = {night: i + 1 for i, (_d, _c, night) in enumerate(order)}
    step: dict[str, list[Decimal]] = {}
    for row in rows:
        if row["night__currency"] != currency:
            continue
        line = step.setdefault(row["player__name"], [Decimal(0)] * (len(order) + 1))
        line[index[row["night_id"]]] += money_of(row["units"] or 0.0, row["night__stake_per_point"])
    for line in step.values():
        for i in range(1, len(line)):
            line[i] += line[i - 1]
    return dict(sorted(step.items()))


def season_chart(
    rows: list[dict[str, Any]], currency: str, width: int = 600, height: int = 220
) -> dict[str, Any]:
    """Polylines of each player's running money, drawn like the night's balance chart."""
    return polylines(running_money(rows, currency), lambda money: money, width, height)


def choices_for(user: User) -> list[tuple[str, str]]:
    """The seasons a statistics page filters by: the years of the user's club nights (and
    this one), then each club's own seasons ("s<id>"), named with their club."""
    club_nights = Night.objects.filter(club__members__user=user, club__deleted_at__isnull=True)
    years = {d.year for d in club_nights.dates("date", "year")}
    years.add(timezone.localdate().year)
    choices = [(str(y), str(y)) for y in sorted(years, reverse=True)]
    own = Season.objects.filter(club__members__user=user, club__deleted_at__isnull=True)
    own = own.select_related("club")
    return choices + [(f"s{s.pk}", f"{s.club.name}: {s.name}") for s in own]


def span_for(user: User, value: str) -> Span | None:
    """The season a statistics filter names (a year, or "s<id>" of a club of the user's)."""
    if value.isdigit() and len(value) == 4:
        return year_span(int(value))
    if value.startswith("s") and value[1:].isdigit() and len(value) < 13:
        mine = Season.objects.filter(club__members__user=user, club__deleted_at__isnull=True)
        season = mine.filter(pk=int(value[1:])).first()
        return season_span(season) if season else None
    return None
